//! Retries that must not do a thing twice: a move repeated with its
//! idempotency key, and a join repeated with its key after its answer was
//! lost, answered alike before and after a restart, on both backends.

mod common;

use common::{Db, TestServer, table_with};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tourney_server::Settings;

/// A join key: 16 to 100 characters.
const KEY_A: &str = "join-key-for-ann-0001";
const KEY_B: &str = "join-key-for-bob-0002";

async fn join(server: &TestServer, id: &str, body: Value) -> (StatusCode, Value) {
    server
        .post(&format!("/api/tables/{id}/join"), None, &body)
        .await
}

/// An open table of Card Joust with two person seats nobody holds yet.
async fn open_table(server: &TestServer, private: bool) -> Value {
    server
        .create(json!({"game": "joust", "private": private, "seats": [
            {"kind": "person"}, {"kind": "person"}]}))
        .await
}

async fn seat_of(server: &TestServer, id: &str, token: &str) -> (StatusCode, Value) {
    server.get(&format!("/api/tables/{id}"), Some(token)).await
}

async fn a_join_repeated_with_its_key_gets_its_seat_back(server: TestServer) {
    let created = open_table(&server, false).await;
    let id = created["id"].as_str().unwrap().to_string();
    let first = join(
        &server,
        &id,
        json!({"name": "Ann", "idempotency_key": KEY_A}),
    )
    .await;
    assert_eq!(first.0, StatusCode::OK, "{}", first.1);
    assert_eq!(first.1["seat"], 0);
    // The answer was lost; the client asks again with the same key.
    let again = join(
        &server,
        &id,
        json!({"name": "Ann", "idempotency_key": KEY_A}),
    )
    .await;
    assert_eq!(again.0, StatusCode::OK, "{}", again.1);
    assert_eq!(again.1["seat"], 0, "the same seat, not the next one");
    let token = again.1["token"].as_str().unwrap();
    assert_ne!(token, first.1["token"].as_str().unwrap());
    let (status, state) = seat_of(&server, &id, token).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["you"], 0);
    let stale = seat_of(&server, &id, first.1["token"].as_str().unwrap()).await;
    assert_eq!(
        stale.0,
        StatusCode::UNAUTHORIZED,
        "the replaced token: {}",
        stale.1
    );
    // Seat 1 is still open to anyone else.
    let lobby = server.state(&id, None).await;
    assert_eq!(lobby["status"], "open", "{lobby}");

    // A restart keeps the key with the seat.
    let server = server.restart(Settings::unlimited()).await;
    let after = join(
        &server,
        &id,
        json!({"name": "Ann", "idempotency_key": KEY_A}),
    )
    .await;
    assert_eq!(after.0, StatusCode::OK, "{}", after.1);
    assert_eq!(after.1["seat"], 0);
    let (status, state) = seat_of(&server, &id, after.1["token"].as_str().unwrap()).await;
    assert_eq!(
        (status, &state["you"]),
        (StatusCode::OK, &json!(0)),
        "{state}"
    );

    // Another key is another person; a key too short to be a secret is
    // refused before anything happens.
    let short = join(
        &server,
        &id,
        json!({"name": "Eve", "idempotency_key": "abc"}),
    )
    .await;
    assert_eq!(short.0, StatusCode::BAD_REQUEST, "{}", short.1);
    assert!(
        short.1["message"].as_str().unwrap().contains("16 to 100"),
        "{}",
        short.1
    );
    let bob = join(
        &server,
        &id,
        json!({"name": "Bob", "idempotency_key": KEY_B}),
    )
    .await;
    assert_eq!(
        (bob.0, &bob.1["seat"]),
        (StatusCode::OK, &json!(1)),
        "{}",
        bob.1
    );
    let started = server.state(&id, None).await;
    assert_eq!(started["status"], "playing", "{started}");
    // Once the table is full, a repeat still finds its seat.
    let bob_again = join(
        &server,
        &id,
        json!({"name": "Bob", "idempotency_key": KEY_B}),
    )
    .await;
    assert_eq!(
        (bob_again.0, &bob_again.1["seat"]),
        (StatusCode::OK, &json!(1)),
        "{}",
        bob_again.1
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_repeated_with_its_key_gets_its_seat_back_on_sqlite() {
    a_join_repeated_with_its_key_gets_its_seat_back(TestServer::sqlite().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_repeated_with_its_key_gets_its_seat_back_on_postgres() {
    a_join_repeated_with_its_key_gets_its_seat_back(TestServer::postgres().await).await;
}

/// At a private table the key alone does not give the seat back: the
/// repeat must bring the seat's invite, as the first join did.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_join_at_a_private_table_needs_the_invite_too() {
    let server = TestServer::start(Db::sqlite(), Settings::unlimited()).await;
    let created = open_table(&server, true).await;
    let id = created["id"].as_str().unwrap().to_string();
    let invite = created["invites"][0]["invite"]
        .as_str()
        .unwrap()
        .to_string();
    let body = json!({"name": "Ann", "seat": 0, "invite": invite, "idempotency_key": KEY_A});
    let first = join(&server, &id, body.clone()).await;
    assert_eq!(first.0, StatusCode::OK, "{}", first.1);
    let without = join(
        &server,
        &id,
        json!({"name": "Ann", "idempotency_key": KEY_A}),
    )
    .await;
    assert_eq!(without.0, StatusCode::FORBIDDEN, "{}", without.1);
    assert!(
        without.1["message"].as_str().unwrap().contains("invite"),
        "{}",
        without.1
    );
    let with = join(&server, &id, body).await;
    assert_eq!(
        (with.0, &with.1["seat"]),
        (StatusCode::OK, &json!(0)),
        "{}",
        with.1
    );
    server.stop().await;
}

/// A repeated move gets exactly its first answer, also after a restart,
/// when the table is rebuilt from its log: `now` counts the dice and
/// forced moves the move made happen, there as here.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_move_is_answered_alike_after_a_restart() {
    let server = TestServer::sqlite().await;
    let (id, tokens) = table_with(&server, "joust", 2, &[0, 1], "random", json!({})).await;
    let mut answers = Vec::new();
    let mut dice_followed = false;
    for n in 0..12 {
        let mut moved = false;
        for token in tokens.iter().flatten() {
            let state = server.state(&id, Some(token)).await;
            if state["actions"].as_array().is_none_or(Vec::is_empty) {
                continue;
            }
            let body =
                json!({"seq": state["seq"], "index": 0, "idempotency_key": format!("move-{n}")});
            let answer = server.act(&id, token, body.clone()).await;
            assert_eq!(answer.0, StatusCode::OK, "{}", answer.1);
            dice_followed |= answer.1["now"] != answer.1["seq"];
            answers.push((token.clone(), body, answer));
            moved = true;
            break;
        }
        assert!(moved, "someone is on move at step {n}");
    }
    assert!(dice_followed, "some move made dice roll: {answers:?}");
    let server = server.restart(Settings::unlimited()).await;
    for (token, body, first) in &answers {
        let repeat = server.act(&id, token, body.clone()).await;
        assert_eq!(&repeat, first, "{body}");
    }
    server.stop().await;
}
