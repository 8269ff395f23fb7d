//! `Game::evaluate` on every state of random games: no heap allocation
//! (bots call it in their inner loops), a value in 0..=1, and the seat's
//! share of the win once the game is over. A test binary of its own, so that
//! nothing else allocates while the allocations are counted.

use tourney_core::testkit::{CountingAllocator, check_evaluate};
use tourney_mastery::{Config, Mastery as TheGame};

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

#[test]
fn evaluate_allocates_nothing_and_stays_in_range() {
    check_evaluate::<TheGame>(&Config::default(), &[2, 3, 6], 6);
}
