//! Random playout speed: `cargo run --release -p tourney-mastery --example mastery_speed [games] [seats]`.

use std::time::Instant;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng};
use tourney_mastery::{Config, Mastery};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let seats: Vec<usize> = match args.next().and_then(|a| a.parse().ok()) {
        Some(s) => vec![s],
        None => (2..=6).collect(),
    };
    let config = Config::default();
    for seats in seats {
        let mut buf = Buffers::<Mastery>::default();
        let (mut steps, mut unfinished, mut limit_reached) = (0usize, 0, 0);
        let start = Instant::now();
        for i in 0..games {
            let mut rng = GameRng::for_game(7, i);
            let Ok(mut game) = Mastery::new(&config, seats) else {
                return;
            };
            let report = random_playout(&mut game, &mut rng, &mut buf, 1_000_000);
            steps += report.steps;
            if report.outcome.is_none() {
                unfinished += 1;
            }
            if game.view(None).rounds_played >= config.round_limit {
                limit_reached += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{seats} seats: {games} games, {:.0} steps/game, {:.0} steps/s, {:.0} games/s, {unfinished} unfinished, {limit_reached} reached the round limit",
            steps as f64 / games as f64,
            steps as f64 / secs,
            games as f64 / secs
        );
    }
}
