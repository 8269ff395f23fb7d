//! Random playout speed: `cargo run --release -p tourney-ritter --example ritter_speed [seats] [games]`.

use std::time::Instant;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng};
use tourney_ritter::{Config, Ritter};

fn main() {
    let mut args = std::env::args().skip(1);
    let seats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let config = Config::default();
    let mut buf = Buffers::<Ritter>::default();
    let (mut steps, mut finished) = (0usize, 0u64);
    let start = Instant::now();
    for game in 0..games {
        let mut rng = GameRng::for_game(1, game);
        let Ok(mut state) = Ritter::new(&config, seats) else {
            eprintln!("{seats} seats cannot play");
            return;
        };
        let report = random_playout(&mut state, &mut rng, &mut buf, 1_000_000);
        steps += report.steps;
        finished += u64::from(report.outcome.is_some());
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{seats} seats: {games} games ({finished} finished), {steps} steps, {:.1} steps/game, {:.2} s, {:.2} M steps/s",
        steps as f64 / games as f64,
        secs,
        steps as f64 / secs / 1e6
    );
}
