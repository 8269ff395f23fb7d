//! Fuzz target `choices`: see `tourney_fuzz::choices` (fuzz/src/choices.rs) and fuzz/README.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tourney_fuzz::choices::run(data));
