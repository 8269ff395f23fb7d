//! Random playout speed: `cargo run --release --example glory_speed -p tourney-glory [seats] [games]`.

use std::time::Instant;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng};
use tourney_glory::{Config, Glory};

fn main() {
    let mut args = std::env::args().skip(1);
    let seats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let start_state = match Glory::new(&Config::default(), seats) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let mut buf = Buffers::<Glory>::default();
    let mut steps = 0usize;
    let mut unfinished = 0;
    let start = Instant::now();
    for i in 0..games {
        let mut rng = GameRng::for_game(1, i);
        let mut state = start_state.clone();
        let report = random_playout(&mut state, &mut rng, &mut buf, 1_000_000);
        steps += report.steps;
        unfinished += usize::from(report.outcome.is_none());
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{seats} seats: {games} games, {steps} steps in {secs:.2} s: {:.2} million steps/s, {:.0} steps per game, {unfinished} unfinished",
        steps as f64 / secs / 1e6,
        steps as f64 / games as f64
    );
}
