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

#[test]
fn another_threads_allocations_are_not_counted() {
    // What spawning a scoped thread costs this thread, once warmed up.
    let spawn = |work: usize| {
        let before = allocations_so_far();
        std::thread::scope(|s| {
            s.spawn(|| {
                let v: Vec<Vec<u64>> =
                    std::hint::black_box((0..work as u64).map(|i| vec![i; 10]).collect());
                assert!(work == 0 || allocations_so_far() > work, "counted there");
                drop(v);
            });
        });
        allocations_so_far() - before
    };
    spawn(0);
    let idle = spawn(0);
    // A thousand allocations on the other thread leave this count alone.
    assert_eq!(spawn(1000), idle);
}
