//! `Evaluate::evaluate` on every state of random games: no heap allocation
//! (bots call it in their inner loops), a value in 0..=1, values that add
//! up to about one, and the seat's share of the win once the game is over.
//! A test binary of its own, so that nothing else allocates while the
//! allocations are counted.

use tourney_core::testkit::{CountingAllocator, EvaluateCheck, check_evaluate};
use tourney_mastery::{Config, Mastery as TheGame};

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

#[test]
fn evaluate_is_in_range_adds_up_and_allocates_nothing() {
    check_evaluate::<TheGame>(&EvaluateCheck {
        config: &Config::default(),
        seat_counts: &[2, 3, 4, 6],
        games: 6,
        sum: 0.5..=1.5,
        secret: |_| false,
    });
}
