//! The cost of `evaluate` for Ritter: both seats' values at states every
//! seven steps into 200 random two-seat games (seed 3), each once.
//! `cargo run --release -p tourney-ritter --example evaluate_speed`

use std::time::Instant;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng, Seat, ToMove};
use tourney_ritter::Ritter;

fn main() {
    let mut states = Vec::new();
    let mut buf = Buffers::default();
    for g in 0..200u64 {
        for steps in (0..200).step_by(7) {
            let mut s = Ritter::new(&Default::default(), 2).unwrap();
            let mut rng = GameRng::for_game(3, g);
            random_playout(&mut s, &mut rng, &mut buf, steps);
            if !matches!(s.to_move(), ToMove::Over(_)) {
                states.push(s);
            }
        }
    }
    let t = Instant::now();
    let mut sum = 0.0;
    for s in &states {
        sum += s.evaluate(Seat::new(0)) + s.evaluate(Seat::new(1));
    }
    let n = states.len() * 2;
    let each = t.elapsed().as_secs_f64() * 1e6 / n as f64;
    // The sum changes if any value does: a check that a faster evaluation
    // still gives the same numbers.
    println!("{n} calls, {each:.2} µs per call, sum of the values {sum:.12}");
}
