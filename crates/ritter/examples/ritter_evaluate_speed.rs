//! The cost of `evaluate` for Ritter: both seats' values at states every
//! seven steps into 200 random two-seat games (seed 3), each once.
//! `cargo run --release -p tourney-ritter --example ritter_evaluate_speed`

use tourney_core::testkit::evaluate_sample;
use tourney_ritter::Ritter;

fn main() {
    let s = evaluate_sample::<Ritter>();
    // The sum changes if any value does: a check that a faster evaluation
    // still gives the same numbers.
    println!(
        "{} calls, {:.2} µs per call, sum of the values {:.12}",
        s.calls, s.micros_each, s.sum
    );
}
