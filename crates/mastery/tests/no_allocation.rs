//! Random playouts allocate nothing per step once the caller's buffers are
//! sized: the hot path of simulations and tree search stays off the heap.

use tourney_core::testkit::{CountingAllocator, allocations_during_playouts};
use tourney_mastery::{Config, Mastery as TheGame};

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

#[test]
fn playouts_do_not_allocate() {
    for seats in [2, 3, 6] {
        let (allocations, steps) =
            allocations_during_playouts::<TheGame>(&Config::default(), seats, 300);
        assert!(steps > 10_000, "{seats} seats: only {steps} steps played");
        assert_eq!(
            allocations, 0,
            "{seats} seats: {allocations} allocations in {steps} steps"
        );
    }
}
