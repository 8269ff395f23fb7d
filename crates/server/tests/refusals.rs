//! Bad input over the network: each request is refused with the right
//! status and a JSON `{error, message}`, and the table is exactly as it was.

mod common;

use common::{TestServer, table_with};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tourney_server::{Rate, Settings};

/// A Card Joust table against a bot where seat 0 (a person) alone is on
/// move, so nothing changes until it acts.
async fn joust_table(server: &TestServer) -> (String, String, Value) {
    let (id, tokens) = table_with(server, "joust", 2, &[0], "random", json!({})).await;
    let token = tokens[0].clone().unwrap();
    for _ in 0..500 {
        let state = server.state(&id, Some(&token)).await;
        if state["turn"] == json!({"kind": "seats", "seats": [0]}) {
            return (id, token, state);
        }
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    panic!("seat 0 never came on move");
}

fn assert_error(answer: &(StatusCode, Value), status: StatusCode, code: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error"], code, "{}", answer.1);
    let message = answer.1["message"].as_str().expect("a message");
    assert!(message.len() > 10, "a sentence, not a code: {message}");
}

#[tokio::test]
async fn refused_moves_change_nothing() {
    let server = TestServer::sqlite().await;
    let (id, token, before) = joust_table(&server).await;
    let public_before = server.state(&id, None).await;
    let actions = format!("/api/tables/{id}/actions");
    let seq = before["seq"].as_u64().unwrap();

    let cases: Vec<(&str, (StatusCode, Value), StatusCode, &str)> = vec![
        (
            "malformed JSON",
            server
                .post_raw(&actions, Some(&token), "{\"seq\": 1,", "application/json")
                .await,
            StatusCode::BAD_REQUEST,
            "bad_json",
        ),
        (
            "an unknown field",
            server
                .act(
                    &id,
                    &token,
                    json!({"seq": seq, "index": 0, "colour": "red"}),
                )
                .await,
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "no content type",
            server
                .post_raw(&actions, Some(&token), "{}", "text/plain")
                .await,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_request",
        ),
        (
            "an action for another seat",
            server
                .act(&id, &token, json!({"seq": seq, "index": 0, "seat": 1}))
                .await,
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            "no token",
            server
                .post(&actions, None, &json!({"seq": seq, "index": 0}))
                .await,
            StatusCode::UNAUTHORIZED,
            "unauthorized",
        ),
        (
            "a token of no seat",
            server
                .act(&id, &"ab".repeat(32), json!({"seq": seq, "index": 0}))
                .await,
            StatusCode::UNAUTHORIZED,
            "unauthorized",
        ),
        (
            "a malformed Authorization header",
            {
                let response = server
                    .http
                    .post(format!("{}{actions}", server.base))
                    .header("authorization", "Basic xyz")
                    .json(&json!({"seq": seq, "index": 0}))
                    .send()
                    .await
                    .unwrap();
                let status = response.status();
                (status, response.json().await.unwrap())
            },
            StatusCode::UNAUTHORIZED,
            "unauthorized",
        ),
        (
            "the token in the URL of an action",
            server
                .post(
                    &format!("{actions}?token={token}"),
                    None,
                    &json!({"seq": seq, "index": 0}),
                )
                .await,
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "an index past the list",
            server
                .act(&id, &token, json!({"seq": seq, "index": 999}))
                .await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_action",
        ),
        (
            "an action the game does not know",
            server
                .act(&id, &token, json!({"seq": seq, "action": {"Fly": 3}}))
                .await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_action",
        ),
        (
            "both action and index",
            server
                .act(
                    &id,
                    &token,
                    json!({"seq": seq, "index": 0, "action": before["actions"][0]["action"]}),
                )
                .await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_action",
        ),
        (
            "a sequence number from the future",
            server
                .act(&id, &token, json!({"seq": seq + 5, "index": 0}))
                .await,
            StatusCode::CONFLICT,
            "stale",
        ),
        (
            "a stale sequence number",
            server.act(&id, &token, json!({"seq": 0, "index": 0})).await,
            StatusCode::CONFLICT,
            "stale",
        ),
        (
            "a body over the limit",
            server
                .post_raw(
                    &actions,
                    Some(&token),
                    &format!("{{\"seq\": 1, \"action\": \"{}\"}}", "x".repeat(100_000)),
                    "application/json",
                )
                .await,
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        ),
        (
            "an unknown table",
            server
                .act("00000000deadbeef", &token, json!({"seq": 0, "index": 0}))
                .await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            "a table id of the wrong shape",
            server.get("/api/tables/..%2F..%2Fetc", None).await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
    ];
    for (what, answer, status, code) in &cases {
        assert_eq!(answer.0, *status, "{what}: {}", answer.1);
        assert_error(answer, *status, code);
        assert_eq!(
            server.state(&id, Some(&token)).await,
            before,
            "{what} changed the seat's table"
        );
        assert_eq!(
            server.state(&id, None).await,
            public_before,
            "{what} changed the table"
        );
    }
    let illegal = &cases
        .iter()
        .find(|c| c.0 == "an action the game does not know")
        .unwrap()
        .1;
    assert!(
        illegal.1["message"].as_str().unwrap().contains("Fly"),
        "{}",
        illegal.1
    );

    // The move then goes through once; the same move again is stale.
    let first = server
        .act(&id, &token, json!({"seq": seq, "index": 0}))
        .await;
    assert_eq!(first.0, StatusCode::OK, "{}", first.1);
    assert_eq!(first.1["seq"], seq + 1);
    let again = server
        .act(&id, &token, json!({"seq": seq, "index": 0}))
        .await;
    assert_error(&again, StatusCode::CONFLICT, "stale");
    let after = server.state(&id, None).await;
    assert_eq!(
        after["seq"].as_u64().unwrap(),
        first.1["now"].as_u64().unwrap(),
        "applied once"
    );
    server.stop().await;
}

#[tokio::test]
async fn refused_tables_and_routes() {
    let server = TestServer::sqlite().await;
    let cases = [
        (
            json!({"game": "chess", "seats": [{"kind": "person"}, {"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_game",
            "unknown game `chess`",
        ),
        (
            json!({"game": "joust", "seats": [{"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_seats",
            "2 to 6 players, 1 seats given",
        ),
        (
            json!({"game": "joust", "seats": [{"kind": "bot", "bot": "robot"}, {"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_seats",
            "unknown bot `robot`",
        ),
        (
            json!({"game": "joust", "seats": [{"kind": "bot", "bot": "ismcts:2000:sees-all"}, {"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_seats",
            "reads hidden cards",
        ),
        (
            json!({"game": "joust", "seats": [{"kind": "bot", "bot": "ismcts:9000000"}, {"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_seats",
            "at most 20000 iterations",
        ),
        (
            json!({"game": "joust", "config": {"target_points": 0}, "seats": [{"kind": "person"}, {"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_config",
            "target_points",
        ),
        (
            json!({"game": "joust", "config": {"colour": "red"}, "seats": [{"kind": "person"}, {"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_config",
            "colour",
        ),
        (
            json!({"game": "joust", "seats": [{"kind": "person", "name": ""}, {"kind": "person"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_name",
            "1 to 40 characters",
        ),
        (
            json!({"game": "joust", "seats": [{"kind": "human"}, {"kind": "person"}]}),
            StatusCode::BAD_REQUEST,
            "bad_request",
            "human",
        ),
    ];
    for (body, status, code, words) in cases {
        let answer = server.post("/api/tables", None, &body).await;
        assert_error(&answer, status, code);
        let message = answer.1["message"].as_str().unwrap();
        assert!(message.contains(words), "{body}: {message}");
    }
    let (_, lobby) = server.get("/api/tables?status=open", None).await;
    assert_eq!(lobby["total"], 0, "no refused table was made");
    assert_error(
        &server.get("/api/tables?status=lost", None).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &server.get("/api/nothing", None).await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    let wrong = server
        .http
        .delete(format!("{}/api/tables", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: Value = wrong.json().await.unwrap();
    assert!(
        body["message"].as_str().unwrap().contains("method"),
        "{body}"
    );
    server.stop().await;
}

/// Two requests for the same turn: exactly one is applied.
#[tokio::test]
async fn racing_clients_one_wins_the_other_is_stale() {
    let server = TestServer::sqlite().await;
    let (id, token, _) = joust_table(&server).await;
    let mut races = 0;
    while races < 12 {
        let state = server.state(&id, Some(&token)).await;
        if state["status"] == "finished" {
            break;
        }
        let n = state["actions"].as_array().unwrap().len();
        if n == 0 {
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            continue;
        }
        let seq = state["seq"].clone();
        let (a, b) = tokio::join!(
            server.act(&id, &token, json!({"seq": seq, "index": 0})),
            server.act(&id, &token, json!({"seq": seq, "index": n - 1})),
        );
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{} / {}",
            a.1,
            b.1
        );
        let loser = if a.0 == StatusCode::CONFLICT { &a } else { &b };
        assert_eq!(loser.1["error"], "stale");
        let winner = if a.0 == StatusCode::OK { &a } else { &b };
        assert!(winner.1["seq"].as_u64() > seq.as_u64(), "{}", winner.1);
        races += 1;
    }
    assert!(races >= 5, "only {races} races were run");
    server.stop().await;
}

/// A retried request with the same idempotency key gets the first answer;
/// another seat's key is its own.
#[tokio::test]
async fn idempotency_keys_make_retries_safe() {
    let server = TestServer::sqlite().await;
    let (id, tokens) = table_with(&server, "joust", 2, &[0, 1], "random", json!({})).await;
    let mut on_move = None;
    for (seat, token) in tokens.iter().enumerate() {
        let state = server.state(&id, token.as_deref()).await;
        if !state["actions"].as_array().unwrap().is_empty() {
            on_move = Some((seat, state));
            break;
        }
    }
    let (seat, state) = on_move.expect("someone is on move");
    let token = tokens[seat].as_deref().unwrap();
    let other = tokens[1 - seat].as_deref().unwrap();
    let body = json!({"seq": state["seq"], "index": 0, "idempotency_key": "move-1"});
    let first = server.act(&id, token, body.clone()).await;
    assert_eq!(first.0, StatusCode::OK, "{}", first.1);
    let after_first = server.state(&id, None).await;
    let retry = server.act(&id, token, body.clone()).await;
    assert_eq!(retry, first, "the retry is answered as the first was");
    assert_eq!(
        server.state(&id, None).await,
        after_first,
        "and changes nothing"
    );
    // The same key from the other seat is not this answer (it may name a
    // face-down card), and without its token nothing at all.
    let theirs = server.act(&id, other, body.clone()).await;
    assert_ne!(theirs.1, first.1, "{}", theirs.1);
    let anonymous = server
        .post(&format!("/api/tables/{id}/actions"), None, &body)
        .await;
    assert_error(&anonymous, StatusCode::UNAUTHORIZED, "unauthorized");
    server.stop().await;
}

#[tokio::test]
async fn moves_past_the_rate_limit_are_refused() {
    let settings = Settings {
        move_rate: Rate {
            per_second: 0.001,
            burst: 2.0,
        },
        ..Settings::unlimited()
    };
    let server = TestServer::start(common::Db::sqlite(), settings).await;
    let (id, token, _) = joust_table(&server).await;
    let mut answers = Vec::new();
    for _ in 0..3 {
        let state = server.state(&id, Some(&token)).await;
        answers.push(
            server
                .act(&id, &token, json!({"seq": state["seq"], "index": 0}))
                .await,
        );
    }
    assert_eq!(answers[0].0, StatusCode::OK, "{}", answers[0].1);
    assert_eq!(answers[1].0, StatusCode::OK, "{}", answers[1].1);
    assert_error(&answers[2], StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    server.stop().await;
}

/// A bot on move when the last person joins starts thinking at once.
#[tokio::test]
async fn a_bot_moves_when_the_last_seat_is_taken() {
    let server = TestServer::sqlite().await;
    for game in ["glory", "mastery"] {
        let created = server
            .create(json!({"game": game, "seats": [{"kind": "bot", "bot": "random"}, {"kind": "person"}]}))
            .await;
        let id = created["id"].as_str().unwrap();
        let invite = created["invites"][0]["invite"].as_str().unwrap();
        let (status, joined) = server
            .post(
                &format!("/api/tables/{id}/join"),
                None,
                &json!({"name": "Ann", "invite": invite}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        let token = joined["token"].as_str().unwrap();
        let mut moved = false;
        for _ in 0..1000 {
            let state = server.state(id, Some(token)).await;
            if !state["actions"].as_array().unwrap().is_empty() || state["status"] == "finished" {
                moved = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert!(moved, "{game}: the bot never moved");
    }
    server.stop().await;
}

/// A client that starts a request and never finishes its body is answered
/// with a JSON timeout, and the server goes on serving others.
#[tokio::test]
async fn a_trickled_request_times_out_with_json() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let settings = Settings {
        request_timeout: std::time::Duration::from_millis(300),
        ..Settings::unlimited()
    };
    let server = TestServer::start(common::Db::sqlite(), settings).await;
    let mut slow = tokio::net::TcpStream::connect(server.addr()).await.unwrap();
    slow.write_all(
        b"POST /api/tables HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/json\r\n\
          content-length: 100\r\n\r\n{\"game\":",
    )
    .await
    .unwrap();
    let mut reply = Vec::new();
    // The server answers and closes; the read ends well before this bound.
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        slow.read_to_end(&mut reply),
    )
    .await
    .expect("the server answers a stalled request")
    .unwrap();
    let reply = String::from_utf8_lossy(&reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    let body = &reply[reply.find("\r\n\r\n").expect("a head") + 4..];
    let body: Value = serde_json::from_str(body).expect("a JSON body");
    assert_eq!(body["error"], "timeout", "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("0.3 s"),
        "{body}"
    );
    let (status, _) = server.get("/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    server.stop().await;
}
