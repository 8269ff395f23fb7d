//! Random playouts allocate nothing per step once the caller's buffers are
//! sized: the state is fixed-size, and legality, chance and effects work
//! without the heap.

use tourney_core::testkit::{CountingAllocator, allocations_during_playouts};
use tourney_glory::{Config, Glory, Solo, SoloMode, TournamentKind};

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

#[test]
fn playouts_do_not_allocate() {
    let jousts = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        ..Config::default()
    };
    // One seat: the solo game, with Otto's automa cards and registrations.
    let rivalry_jousts = Config {
        solo: Some(Solo {
            mode: SoloMode::Rivalry,
            ..Solo::default()
        }),
        ..jousts
    };
    for (config, seats) in [
        (Config::default(), 2),
        (Config::default(), 4),
        (jousts, 3),
        (Config::default(), 1),
        (rivalry_jousts, 1),
    ] {
        let (allocations, steps) = allocations_during_playouts::<Glory>(&config, seats, 100);
        assert!(steps > 30_000, "{seats} seats: only {steps} steps played");
        assert_eq!(
            allocations, 0,
            "{seats} seats: {allocations} allocations in {steps} steps"
        );
    }
}
