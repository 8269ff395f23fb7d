//! Random playouts through the core API: applied steps (actions and chance
//! outcomes) per second. Run with `cargo bench -p tourney-glory`.

use divan::counter::ItemsCount;
use tourney_core::Game;
use tourney_core::playout::{Buffers, play_seeded_games};
use tourney_glory::{Config, Glory as TheGame};

fn main() {
    divan::main();
}

/// Games per measured iteration: enough that per-game set-up is noise.
const GAMES: u64 = 200;

/// One seat is the solo game against Otto (Rivalry, medium).
#[divan::bench(args = [1, 2, 3, 4])]
fn random_playouts(bencher: divan::Bencher, seats: usize) {
    let start = TheGame::new(&Config::default(), seats).expect("default setup");
    let mut buf = Buffers::default();
    // The same seeds every iteration, so the step count is fixed.
    let steps = play_seeded_games(&start, 1, GAMES, &mut buf);
    bencher
        .counter(ItemsCount::new(steps))
        .bench_local(|| divan::black_box(play_seeded_games(&start, 1, GAMES, &mut buf)));
}
