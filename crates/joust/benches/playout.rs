//! Random playouts through the core API: applied steps (actions and chance
//! outcomes) per second. Run with `cargo bench -p tourney-joust`.

use divan::counter::ItemsCount;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng};
use tourney_joust::{CardJoust as TheGame, Config};

fn main() {
    divan::main();
}

/// Games per measured iteration: enough that per-game set-up is noise.
const GAMES: u64 = 200;

/// Generic, so the same code measures every game.
fn play_all<G: Game>(start: &G, buf: &mut Buffers<G>) -> usize {
    (0..GAMES)
        .map(|i| {
            let mut state = start.clone();
            random_playout(&mut state, &mut GameRng::for_game(1, i), buf, 1_000_000).steps
        })
        .sum()
}

#[divan::bench(args = [2, 3, 6])]
fn random_playouts(bencher: divan::Bencher, seats: usize) {
    let start = TheGame::new(&Config::default(), seats).expect("default setup");
    let mut buf = Buffers::default();
    // The same seeds every iteration, so the step count is fixed.
    let steps = play_all(&start, &mut buf);
    bencher
        .counter(ItemsCount::new(steps))
        .bench_local(|| divan::black_box(play_all(&start, &mut buf)));
}
