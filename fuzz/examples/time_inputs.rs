//! Times each target on files, uninstrumented: which inputs are slow.
//!
//! ```text
//! cargo run --release --example time_inputs -- choices corpus/choices/*
//! ```

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let target = args.next().expect("a target name");
    let run: fn(&[u8]) = match target.as_str() {
        "choices" => tourney_fuzz::choices::run,
        "json" => tourney_fuzz::json::run,
        "records" => tourney_fuzz::records::run,
        other => panic!("no target {other}"),
    };
    for path in args {
        let data = std::fs::read(&path).expect("read the input");
        let start = Instant::now();
        run(&data);
        println!(
            "{:>10.3} ms  {} bytes  {path}",
            start.elapsed().as_secs_f64() * 1e3,
            data.len()
        );
    }
}
