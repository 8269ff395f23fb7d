//! Fuzz target `json`: see `tourney_fuzz::json` (fuzz/src/json.rs) and fuzz/README.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tourney_fuzz::json::run(data));
