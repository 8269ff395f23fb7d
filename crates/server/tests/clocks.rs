//! Turn clocks and leavers, against a real server: a seat whose time runs
//! out is played by a stand-in bot until its person comes back, or
//! forfeits, as the table's creator chose; the clocks and the away seats
//! come back the same after a restart (they are worked out from the log);
//! a person may leave on purpose and come back; with two nodes on one
//! PostgreSQL database, one node acts on a deadline.

mod common;

use common::{Db, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;
use tourney_server::{FixedDice, Settings};

/// Long enough for a one-second clock and a bot on a loaded machine.
const WITHIN: Duration = Duration::from_secs(30);

fn settings(secret: &str) -> Settings {
    Settings {
        fixed_dice: Some(FixedDice::new(secret)),
        ..Settings::unlimited()
    }
}

/// A Card Joust table for Ann (seat 0) and Bob (seat 1) with `clock`;
/// returns its id and their tokens.
async fn joust(server: &TestServer, clock: Value) -> (String, [String; 2]) {
    let created = server
        .create(json!({
            "game": "joust",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
            "clock": clock,
        }))
        .await;
    let id = created["id"].as_str().expect("an id").to_string();
    let token = |seat: usize| {
        created["tokens"][seat]["token"]
            .as_str()
            .unwrap()
            .to_string()
    };
    (id, [token(0), token(1)])
}

/// Asks for the table until `done` holds of it.
async fn until(server: &TestServer, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        let state = server.state(id, None).await;
        if done(&state) {
            return state;
        }
        assert!(start.elapsed() < WITHIN, "never {what}: {state:#}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn on_move(state: &Value) -> Vec<u64> {
    state["turn"]["seats"]
        .as_array()
        .map(|s| s.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

fn away(state: &Value, seat: u64) -> bool {
    state["seats"][seat as usize]["away"] == true
}

fn log_texts(state: &Value) -> Vec<String> {
    state["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

const NAMES: [&str; 2] = ["Ann", "Bob"];

/// How many times the log says `seat`'s time ran out.
fn ran_out_lines(state: &Value, seat: u64) -> usize {
    let line = format!("{}'s time ran out", NAMES[seat as usize]);
    log_texts(state)
        .iter()
        .filter(|t| t.starts_with(&line))
        .count()
}

/// Moves for every person on move who is not away, with the first listed
/// action; returns how many moved.
async fn move_people(server: &TestServer, id: &str, tokens: &[String]) -> usize {
    let mut moved = 0;
    for token in tokens {
        let state = server.state(id, Some(token)).await;
        let you = state["you"].as_u64().unwrap();
        if state["actions"].as_array().is_none_or(Vec::is_empty) || away(&state, you) {
            continue;
        }
        let (status, _) = server
            .act(id, token, json!({"seq": state["seq"], "index": 0}))
            .await;
        moved += usize::from(status == StatusCode::OK);
    }
    moved
}

async fn stand_in_plays_for_a_seat_out_of_time(db: Db) {
    let server = TestServer::start(db, settings("stand-in")).await;
    let clock = json!({"mode": "move", "seconds": 3, "on_timeout": "stand_in"});
    let (id, tokens) = joust(&server, clock).await;
    let first = server.state(&id, None).await;
    assert_eq!(first["clock"]["mode"], "move");
    assert_eq!(first["clock"]["seconds"], 3);
    let seat = *on_move(&first).first().expect("a seat on move");
    let clock = &first["clock"]["seats"][seat as usize];
    assert_eq!(clock["running"], true, "{first:#}");
    assert!(clock["remaining_ms"].as_i64().unwrap() <= 3000);
    assert!(first["text"].as_str().unwrap().contains("Clock: "));
    // The other seat's person keeps moving, so the game waits on nobody
    // but the seat that runs out.
    let other = std::slice::from_ref(&tokens[1 - seat as usize]);

    // The seat on move does not move: it runs out, and a stand-in moves
    // for it.
    let start = std::time::Instant::now();
    let timed_out = loop {
        let state = server.state(&id, None).await;
        if ran_out_lines(&state, seat) > 0 {
            break state;
        }
        assert!(start.elapsed() < WITHIN, "never ran out: {state:#}");
        if move_people(&server, &id, other).await == 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    assert!(away(&timed_out, seat));
    assert_eq!(
        ran_out_lines(&timed_out, seat),
        1,
        "{:#?}",
        log_texts(&timed_out)
    );
    // The seat's own log tells the move the stand-in made for it (a
    // hidden one reads to the others only as a choice made in secret).
    let own = server.state(&id, Some(&tokens[seat as usize])).await;
    assert!(
        log_texts(&own)
            .iter()
            .any(|t| t.contains("(a bot, for the absent player)")),
        "{:#?}",
        log_texts(&own)
    );
    assert_eq!(own["clock"]["seats"][seat as usize]["running"], false);

    // A restart finds the same log, the same away seat.
    let before = server.state(&id, None).await;
    let server = server.restart(settings("stand-in")).await;
    let after = server.state(&id, None).await;
    // The stand-ins may have moved on meanwhile: the steps both saw read
    // the same.
    let upto = before["seq"].as_u64().unwrap();
    let replayed: Vec<Value> = after["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["seq"].as_u64().unwrap() <= upto)
        .cloned()
        .collect();
    assert_eq!(replayed, before["log"].as_array().unwrap()[..]);
    assert!(away(&after, seat));

    // The person takes the seat back; a move of theirs then counts as
    // theirs, with no stand-in note.
    let token = &tokens[seat as usize];
    let (status, back) = server
        .post(&format!("/api/tables/{id}/back"), Some(token), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert!(!away(&back, seat));
    let start = std::time::Instant::now();
    let acted = loop {
        let state = server.state(&id, Some(token)).await;
        assert_ne!(state["turn"]["kind"], "over", "the game ended first");
        if !state["actions"].as_array().unwrap().is_empty() && !away(&state, seat) {
            let (status, acted) = server
                .act(&id, token, json!({"seq": state["seq"], "index": 0}))
                .await;
            if status == StatusCode::OK {
                break acted;
            }
        } else if away(&state, seat) {
            // The clock ran out again on a slow machine: back.
            let path = format!("/api/tables/{id}/back");
            server.post(&path, Some(token), &json!({})).await;
        } else {
            move_people(&server, &id, other).await;
        }
        assert!(start.elapsed() < WITHIN, "the person never moved again");
    };
    // The seat's own lines of that step tell its move without the note.
    let state = server.state(&id, Some(token)).await;
    let lines: Vec<&Value> = state["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["seq"] == acted["seq"])
        .collect();
    assert!(!lines.is_empty(), "no line for step {}", acted["seq"]);
    for line in lines {
        assert!(
            !line["text"].as_str().unwrap().contains("absent player"),
            "{line}"
        );
    }
    server.stop().await;
}

async fn a_seat_out_of_time_forfeits_when_the_table_says_so(db: Db) {
    let server = TestServer::start(db, settings("forfeit")).await;
    let clock = json!({"mode": "total", "seconds": 1, "increment": 0, "on_timeout": "forfeit"});
    let (id, _tokens) = joust(&server, clock).await;
    let first = server.state(&id, None).await;
    let seat = *on_move(&first).first().expect("a seat on move");
    let over = until(&server, &id, "forfeited", |s| s["status"] == "finished").await;
    assert_eq!(over["forfeit"], seat);
    assert_eq!(over["turn"], json!({"kind": "over", "winners": [1 - seat]}));
    assert_eq!(over["seq"], first["seq"], "a forfeit is not a step");
    assert!(
        log_texts(&over)
            .last()
            .unwrap()
            .contains("ran out of time and forfeits"),
        "{:#?}",
        log_texts(&over)
    );
    // The record says so, and checks out.
    let (status, record) = server.get(&format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["forfeit"], seat);
    // Winners as a set of seats: bit n for seat n.
    assert_eq!(record["outcome"]["winners"], json!(1 << (1 - seat)));
    let (status, check) = server.get(&format!("/api/tables/{id}/verify"), None).await;
    assert_eq!(status, StatusCode::OK, "{check}");
    // And a restart reads the same ending from the database.
    let server = server.restart(settings("forfeit")).await;
    let again = server.state(&id, None).await;
    assert_eq!(again["forfeit"], seat);
    assert_eq!(again["turn"], over["turn"]);
    assert_eq!(log_texts(&again), log_texts(&over));
    server.stop().await;
}

async fn a_person_leaves_and_comes_back(db: Db) {
    let server = TestServer::start(db, settings("leave")).await;
    let (id, tokens) = joust(&server, Value::Null).await;
    let first = server.state(&id, None).await;
    assert!(first.get("clock").is_none(), "no clock asked for");
    let (status, refused) = server
        .post(
            &format!("/api/tables/{id}/leave"),
            Some("not-a-token"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    let (status, left) = server
        .post(
            &format!("/api/tables/{id}/leave"),
            Some(&tokens[0]),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert!(away(&left, 0));
    // Bob plays; Ann's stand-in answers every time she is on move.
    let mut stand_in_moves = 0;
    for _ in 0..400 {
        let state = server.state(&id, None).await;
        if state["turn"]["kind"] == "over" || stand_in_moves >= 3 {
            break;
        }
        stand_in_moves = log_texts(&state)
            .iter()
            .filter(|t| t.starts_with("Ann ") && t.contains("absent player"))
            .count();
        if move_people(&server, &id, &tokens[1..]).await == 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    assert!(stand_in_moves >= 1, "the stand-in never moved for Ann");
    let (status, back) = server
        .post(
            &format!("/api/tables/{id}/back"),
            Some(&tokens[0]),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert!(!away(&back, 0));
    server.stop().await;
}

/// Two nodes hold the table; the deadline is acted on by one of them: a
/// second node acting too would lose the write race and reload.
async fn one_node_acts_on_a_deadline() {
    let a = TestServer::start(Db::postgres().await, settings("two nodes")).await;
    let b = TestServer::start(Db::Shared(a.db.url().to_string()), settings("two nodes")).await;
    let clock = json!({"mode": "move", "seconds": 1});
    let (id, _tokens) = joust(&a, clock).await;
    let first = b.state(&id, None).await;
    let seat = *on_move(&first).first().expect("a seat on move");
    let on_a = until(&a, &id, "ran out on A", |s| ran_out_lines(s, seat) > 0).await;
    // B may see the table only further on: the stand-in and the other
    // seat's clock carry the game on. What both saw up to A's step must
    // be the same, the deadline acted on once.
    let seq_a = on_a["seq"].as_u64().unwrap();
    let on_b = until(&b, &id, "ran out on B", |s| {
        away(s, seat) && s["seq"].as_u64() >= Some(seq_a)
    })
    .await;
    let upto = |state: &Value| -> Vec<String> {
        state["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["seq"].as_u64() <= Some(seq_a))
            .map(|l| l["text"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ran_out_lines(&on_a, seat), 1);
    assert_eq!(upto(&on_a), upto(&on_b));
    let line = format!("{}'s time ran out", NAMES[seat as usize]);
    assert_eq!(
        upto(&on_b).iter().filter(|t| t.starts_with(&line)).count(),
        1
    );
    let reloads = a.metric("tourney_table_reloads_total").await
        + b.metric("tourney_table_reloads_total").await;
    assert_eq!(reloads, 0.0, "both nodes acted on the deadline");
    b.stop().await;
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stand_in_on_sqlite() {
    stand_in_plays_for_a_seat_out_of_time(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stand_in_on_postgres() {
    stand_in_plays_for_a_seat_out_of_time(Db::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forfeit_on_sqlite() {
    a_seat_out_of_time_forfeits_when_the_table_says_so(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forfeit_on_postgres() {
    a_seat_out_of_time_forfeits_when_the_table_says_so(Db::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leave_and_back_on_sqlite() {
    a_person_leaves_and_comes_back(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_node_acts_on_a_deadline_on_postgres() {
    one_node_acts_on_a_deadline().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_out_of_bounds_are_refused() {
    let server = TestServer::start(Db::sqlite(), settings("bounds")).await;
    for clock in [
        json!({"mode": "move", "seconds": 0}),
        json!({"mode": "total", "seconds": 60, "increment": 4000}),
        json!({"mode": "move", "seconds": 30, "increment": 5}),
        json!({"mode": "hourglass", "seconds": 30}),
    ] {
        let (status, body) = server
            .post(
                "/api/tables",
                None,
                &json!({"game": "joust", "seats": [{"kind": "person"}, {"kind": "person"}], "clock": clock}),
            )
            .await;
        assert!(
            status == StatusCode::UNPROCESSABLE_ENTITY || status == StatusCode::BAD_REQUEST,
            "{clock}: {status} {body}"
        );
        assert!(body["message"].as_str().is_some(), "{body}");
    }
    server.stop().await;
}
