//! `tourney loadtest` as a user runs it: a short bounded run against its
//! own in-process server, and the refusal to load other machines.

use serde_json::Value;
use std::process::{Command, Output, Stdio};

fn tourney(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_short_run_reports_moves_and_latency_as_one_json_line() {
    let o = tourney(&["loadtest", "--tables", "4", "--seconds", "2"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "one JSON line expected: {out}");
    let report: Value = serde_json::from_str(lines[0]).expect("the line is JSON");
    assert_eq!(report["tables"], 4);
    assert_eq!(report["seconds"], 2);
    let moves = report["moves"].as_u64().expect("moves");
    assert!(moves > 0, "{report}");
    assert!(report["games_done"].as_u64().is_some(), "{report}");
    assert!(report["moves_per_s"].as_f64().unwrap() > 0.0, "{report}");
    let p50 = report["p50_ms"].as_f64().expect("p50_ms");
    let p99 = report["p99_ms"].as_f64().expect("p99_ms");
    assert!(p50 > 0.0 && p99 >= p50, "{report}");
    // Bounded in time: the run stops at its deadline, not seconds later.
    let elapsed = report["elapsed_s"].as_f64().expect("elapsed_s");
    assert!((2.0..4.0).contains(&elapsed), "{report}");
    assert!(report["server_rss_kb"].as_u64().unwrap() > 0, "{report}");
}

#[test]
fn other_machines_are_refused() {
    for url in [
        "http://10.0.0.1:1",
        "http://example.com:80",
        "https://[::1]:1",
    ] {
        let o = tourney(&["loadtest", "--url", url, "--seconds", "1"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{url}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("--url"), "{err}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn bounds_and_flag_combinations_are_checked() {
    for args in [
        &["loadtest", "--tables", "0"][..],
        &["loadtest", "--tables", "2001"],
        &["loadtest", "--seconds", "0"],
        &["loadtest", "--seconds", "601"],
        &["loadtest", "--server-pid", "1"],
    ] {
        let o = tourney(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{}", stderr(&o));
    }
}

#[test]
fn no_server_at_the_url_is_a_failed_run() {
    // A free port: bind, note it, let it go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let url = format!("http://127.0.0.1:{port}");
    let o = tourney(&["loadtest", "--url", &url, "--seconds", "1"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{}", stderr(&o));
}
