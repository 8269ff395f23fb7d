//! `Evaluate::evaluate` on every state of random games: no heap allocation
//! (bots call it in their inner loops), a value in 0..=1, values that add
//! up to about one, and the seat's share of the win once the game is over.
//! Glory is public, but each seat's plan counts the titles its own secret
//! objectives will pay and not the others' (it cannot see them), so every
//! seat may think itself a little ahead: the values may add up to more than
//! one, and to less when a seat's objectives are out of reach while a
//! rival's public titles are not. A test binary of its own, so that nothing
//! else allocates while the allocations are counted.

use tourney_core::testkit::{CountingAllocator, EvaluateCheck, check_evaluate};
use tourney_glory::{Config, Glory as TheGame};

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

#[test]
fn evaluate_is_in_range_adds_up_and_allocates_nothing() {
    check_evaluate::<TheGame>(&EvaluateCheck {
        config: &Config::default(),
        seat_counts: &[2, 3, 4],
        games: 6,
        sum: 0.5..=1.5,
        secret: |_| false,
    });
}
