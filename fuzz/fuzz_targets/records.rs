//! Fuzz target `records`: see `tourney_fuzz::records` (fuzz/src/records.rs) and fuzz/README.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tourney_fuzz::records::run(data));

// Three mutations in four edit the record itself (steps, seats, outcome,
// dice seal) and write it back as JSON, so most inputs stay records and
// reach the replay; the rest, and every input that is no record, get
// libFuzzer's own byte mutations.
libfuzzer_sys::fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    tourney_fuzz::records::mutate_input(data, size, max_size, seed)
        .unwrap_or_else(|| libfuzzer_sys::fuzzer_mutate(data, size, max_size))
});
