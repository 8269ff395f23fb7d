//! The allocation counter really counts: a playout of the toy game, whose
//! state is heap-free, allocates nothing, and a deliberate allocation shows.

mod toy;

use tourney_core::testkit::{CountingAllocator, allocations_during_playouts, allocations_so_far};

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

#[test]
fn heap_free_playouts_count_zero_and_allocations_are_seen() {
    let (allocations, steps) =
        allocations_during_playouts::<toy::Guess>(&toy::Config::default(), 2, 200);
    assert!(steps > 200);
    assert_eq!(allocations, 0);
    let before = allocations_so_far();
    let boxed = std::hint::black_box(Box::new(5u64));
    assert_eq!(allocations_so_far(), before + 1);
    drop(boxed);
}
