//! `tourney attack` as an operator runs it: the small series of attacks on
//! a server it starts itself must find every promise kept; told to expect a
//! shorter header timeout than the server has, it must find the promise
//! broken and say so; and its arguments are checked.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

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

fn report(o: &Output) -> Value {
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "one JSON line expected: {out}\nstderr: {}",
        stderr(o)
    );
    serde_json::from_str(lines[0]).expect("the line is JSON")
}

fn scenario<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["scenarios"]
        .as_array()
        .and_then(|all| all.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("no scenario {name} in {report}"))
}

fn count(s: &Value, key: &str) -> u64 {
    s["counts"][key].as_u64().unwrap_or(0)
}

#[test]
fn the_small_attack_finds_every_promise_kept() {
    // The latency bound is loose here: CI shares two cores with the build.
    // docs/reliability.md has the figures of a full run on a quiet machine.
    let started = std::time::Instant::now();
    let o = tourney(&["attack", "--scale", "small", "--max-p99-ms", "1500"]);
    let r = report(&o);
    assert!(
        o.status.success(),
        "broken: {}\nstderr: {}",
        r["broken"],
        stderr(&o)
    );
    assert_eq!(r["broken"], serde_json::json!([]));
    let names: Vec<&str> = r["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "quiet", "idle", "slow", "frames", "floods", "tokens", "races", "bots"
        ]
    );
    for s in r["scenarios"].as_array().unwrap() {
        assert!(s["honest"]["moves"].as_u64().unwrap() > 0, "{s}");
        assert!(s["honest"]["new_connections"].as_u64().unwrap() > 0, "{s}");
        assert_eq!(s["honest"]["new_connections_failed"], 0, "{s}");
        assert!(s["server"]["rss_kb"]["peak"].as_u64().unwrap() > 0, "{s}");
        assert!(s["server"]["threads"]["peak"].as_u64().unwrap() > 0, "{s}");
    }
    let idle = scenario(&r, "idle");
    // Thousands at once: 1,000 WebSockets and 1,000 streams.
    assert_eq!(count(idle, "websockets_held"), 1000, "{idle}");
    assert_eq!(count(idle, "streams_held"), 1000, "{idle}");
    assert_eq!(idle["held_connections"], 2000, "{idle}");
    let slow = scenario(&r, "slow");
    for kind in ["silent", "trickling", "cut_off", "half_closed"] {
        assert_eq!(count(slow, &format!("{kind}_closed")), 25, "{kind}: {slow}");
    }
    let frames = scenario(&r, "frames");
    for (kind, code) in [
        ("oversized", 1009),
        ("not_utf8", 1007),
        ("unmasked", 1002),
        ("reserved_opcode", 1002),
    ] {
        assert_eq!(
            count(frames, &format!("{kind}_closed_{code}")),
            10,
            "{frames}"
        );
    }
    let floods = scenario(&r, "floods");
    assert_eq!(count(floods, "illegal_move_accepted"), 0, "{floods}");
    assert!(count(floods, "illegal_move_illegal_action") > 0, "{floods}");
    assert!(count(floods, "illegal_move_stale") > 0, "{floods}");
    assert!(count(floods, "bad_token_401") > 0, "{floods}");
    assert!(count(floods, "create_201") >= 20, "{floods}");
    assert!(count(floods, "illegal_move_rate_limited") > 0, "{floods}");
    assert!(count(floods, "create_429") > 0, "{floods}");
    let tokens = scenario(&r, "tokens");
    for route in ["state", "act", "leave", "back", "stream"] {
        let key = format!("other_tables_token_{route}_401");
        assert_eq!(count(tokens, &key), 4, "{tokens}");
    }
    assert_eq!(
        count(tokens, "other_tables_token_ws_refused"),
        4,
        "{tokens}"
    );
    assert_eq!(
        count(tokens, "token_naming_another_seat_403"),
        4,
        "{tokens}"
    );
    let races = scenario(&r, "races");
    assert_eq!(count(races, "keyed_move_200"), 4 * 20, "{races}");
    assert_eq!(count(races, "unkeyed_move_200"), 4, "{races}");
    assert_eq!(count(races, "join_200"), 4, "{races}");
    assert_eq!(count(races, "rejoin_old_token_refused"), 4, "{races}");
    let bots = scenario(&r, "bots");
    assert_eq!(count(bots, "costly_bot_table_201"), 4, "{bots}");
    // Bounded in time: eight attacks of a few seconds, and settling.
    assert!(started.elapsed().as_secs() < 240, "{:?}", started.elapsed());
}

/// A server started by the test, so the attack can be told the wrong
/// header timeout.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_server_slower_than_promised_is_reported_broken() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--header-timeout",
            "30",
            "--db",
        ])
        .arg(dir.path().join("slow.db"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tourney serve starts");
    let stdout = child.stdout.take().expect("its stdout");
    let server = Server(child);
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("its first line");
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("the address")
        .trim()
        .to_string();
    let pid = server.0.id().to_string();
    let url = format!("http://{addr}");
    // The server reaps slow sockets after 30 s; told 1 s, the attack must
    // find them open at 4 s.
    let o = tourney(&[
        "attack",
        "--url",
        &url,
        "--server-pid",
        &pid,
        "--only",
        "slow",
        "--seconds",
        "1",
        "--header-timeout",
        "1",
        "--max-p99-ms",
        "1500",
    ]);
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    let r = report(&o);
    let broken = r["broken"].to_string();
    assert!(broken.contains("still open after 4 s"), "{broken}");
    assert!(stderr(&o).contains("BROKEN"), "{}", stderr(&o));
    let slow = scenario(&r, "slow");
    assert_eq!(count(slow, "silent_still_open"), 25, "{slow}");
    drop(server);
}

#[test]
fn bad_arguments_are_refused_with_exit_code_2() {
    for args in [
        &["attack", "--only", "everything"][..],
        &["attack", "--seconds", "0"],
        &["attack", "--seconds", "121"],
        &["attack", "--server-pid", "1"],
        &["attack", "--url", "http://10.0.0.1:80"],
        &["attack", "--scale", "huge"],
        &[
            "attack",
            "--header-timeout",
            "0",
            "--url",
            "http://127.0.0.1:9",
        ],
    ] {
        let o = tourney(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(
            stderr(&o).trim_end().lines().count(),
            1,
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}
