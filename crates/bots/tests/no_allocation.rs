//! An ISMCTS search allocates nothing per iteration once its arena and
//! buffers have grown: a second search of the same decision with the same
//! budget (at most one new node per iteration, so the arena the first grew
//! has room) allocates nothing at all.

mod common;

use common::some_points;
use tourney_bots::{Budget, Ismcts, IsmctsConfig, Leaf, Observers};
use tourney_core::Evaluate;
use tourney_core::testkit::{CountingAllocator, allocations_so_far};
use tourney_joust::CardJoust;
use tourney_ritter::Ritter;

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

fn searches_do_not_allocate<G: Evaluate>(seats: usize) {
    let points = some_points::<G>(seats, 3, 9);
    assert!(points.len() >= 3);
    let evaluated = IsmctsConfig::with_budget(Budget::Iterations(500));
    let played_out = IsmctsConfig {
        leaf: Leaf::Playout,
        ..evaluated
    };
    let observed = IsmctsConfig {
        observers: Observers::Multiple,
        prior: 20,
        ..evaluated
    };
    for (i, (state, seat)) in points.iter().enumerate() {
        // Both ways of scoring a leaf, and a tree per seat with a prior, in
        // turn.
        let config = [evaluated, played_out, observed][i % 3];
        let mut bot = Ismcts::<G>::new(config, 8);
        // Warm-up: grows the arena and the buffers.
        let _ = bot.search(state, *seat);
        let before = allocations_so_far();
        let action = bot.search(state, *seat);
        let allocations = allocations_so_far() - before;
        assert!(action.is_some());
        assert_eq!(
            allocations,
            0,
            "{} point {i}: {allocations} allocations in a 500-iteration search",
            G::INFO.name
        );
    }
}

// One test, so no other test thread allocates while counting.
#[test]
fn ismcts_searches_do_not_allocate() {
    searches_do_not_allocate::<CardJoust>(2);
    searches_do_not_allocate::<CardJoust>(4);
    searches_do_not_allocate::<Ritter>(2);
    searches_do_not_allocate::<Ritter>(6);
}
