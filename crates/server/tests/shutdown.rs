//! A shutdown waits for what is running: every table actor answers what it
//! owes and stops, every WebSocket gets its "reconnect" close frame, and
//! only then does the store close. A server started again on the same file
//! has every acknowledged move.

mod common;

use common::{Db, TestServer, table_with};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tourney_server::Settings;

fn fixed_dice() -> Settings {
    Settings {
        fixed_dice: Some(tourney_server::FixedDice::new("shutdown")),
        ..Settings::unlimited()
    }
}

/// Reads frames until the close frame, returning its reason, or panics
/// after 15 s.
async fn close_reason<S>(socket: &mut S) -> String
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let read = async {
        while let Some(frame) = socket.next().await {
            match frame {
                Ok(Message::Close(Some(close))) => return close.reason.to_string(),
                Ok(Message::Close(None)) => return String::new(),
                Ok(_) => {}
                Err(e) => panic!("the socket failed before its close frame: {e}"),
            }
        }
        panic!("the socket ended without a close frame");
    };
    tokio::time::timeout(Duration::from_secs(15), read)
        .await
        .expect("a close frame within 15 s")
}

#[tokio::test]
async fn a_shutdown_waits_for_tables_and_streams_then_keeps_every_move() {
    let db = Db::sqlite();
    let url = db.url().to_string();
    let mut server = TestServer::start(db, fixed_dice()).await;
    // Two live tables of two people (no bot, so nothing moves after the
    // ack), one move made at each; a WebSocket open on the first.
    let mut tables = Vec::new();
    for _ in 0..2 {
        let (id, tokens) = table_with(&server, "joust", 2, &[0, 1], "random", json!({})).await;
        let token = tokens[0].clone().expect("the person's token");
        let state = server.state(&id, Some(&token)).await;
        let first = &state["actions"][0];
        let (status, acted) = server
            .act(
                &id,
                &token,
                json!({"seq": state["seq"], "index": first["index"]}),
            )
            .await;
        assert!(status.is_success(), "{acted}");
        let seq = server.state(&id, Some(&token)).await["seq"].clone();
        tables.push((id, token, seq));
    }
    let (id, token, _) = &tables[0];
    let ws = format!("ws://{}/api/tables/{id}/ws?token={token}", server.addr());
    let (mut socket, _) = tokio_tungstenite::connect_async(ws).await.expect("ws");
    let running = server.running.take().expect("running");
    assert_eq!(
        running
            .metrics()
            .tables_live
            .load(std::sync::atomic::Ordering::Relaxed),
        2
    );

    let stopped = running.shutdown().await;
    assert_eq!(
        stopped,
        tourney_server::Stopped {
            tasks_left: 0,
            tables_live: 0
        },
        "every actor and stream ended before the store closed"
    );
    let reason = close_reason(&mut socket).await;
    assert!(reason.contains("restarting"), "{reason}");

    // The same file, a new server: both tables stand where they were.
    let again = tourney_server::start("127.0.0.1:0", &url, fixed_dice())
        .await
        .expect("the server starts again");
    let http = reqwest::Client::new();
    for (id, token, seq) in &tables {
        let state: Value = http
            .get(format!("http://{}/api/tables/{id}", again.addr))
            .bearer_auth(token)
            .send()
            .await
            .expect("the table answers")
            .json()
            .await
            .expect("JSON");
        assert_eq!(&state["seq"], seq, "table {id}");
        assert_eq!(state["status"], "playing", "table {id}");
    }
    again.shutdown().await;
    server.stop().await;
}
