//! No payload tells a viewer more than its own view. Random games of every
//! game are played through the API while each seat and a spectator watch
//! over a WebSocket or the NDJSON stream and fetch the table over HTTP; at
//! the end the record is replayed and every payload is compared with
//! `view(Some(seat))` / `view(None)` and the legal actions of the same
//! state, and every log (game events included) with the lines that viewer
//! may read.

mod common;

use common::{Pick, TestServer};
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::Duration;
use tokio::task::JoinHandle;
use tourney_core::{DynGame, GameRecord, RecordStep, Seat};
use tourney_table::log;

/// Who a payload was for: a seat, or `None` for a spectator.
type Viewer = Option<u8>;

/// A payload as received: its viewer, where it came from, the JSON.
struct Seen {
    viewer: Viewer,
    via: &'static str,
    body: Value,
}

fn finished(message: &Value) -> bool {
    message["type"] == "state" && message["status"] == "finished"
}

fn watch_ws(
    server: &TestServer,
    id: &str,
    token: Option<&str>,
    viewer: Viewer,
) -> JoinHandle<Vec<Seen>> {
    let mut url = format!("ws://{}/api/tables/{id}/ws", server.addr());
    if let Some(token) = token {
        url += &format!("?token={token}");
    }
    tokio::spawn(async move {
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.expect("ws");
        let mut seen = Vec::new();
        while let Some(Ok(frame)) = socket.next().await {
            if let tokio_tungstenite::tungstenite::Message::Text(text) = frame {
                let body: Value = serde_json::from_str(&text).expect("JSON frames");
                let done = finished(&body);
                seen.push(Seen {
                    viewer,
                    via: "ws",
                    body,
                });
                if done {
                    break;
                }
            }
        }
        seen
    })
}

fn watch_ndjson(
    server: &TestServer,
    id: &str,
    token: &str,
    viewer: Viewer,
) -> JoinHandle<Vec<Seen>> {
    let url = format!("{}/api/tables/{id}/stream", server.base);
    let request = server.http.get(url).bearer_auth(token);
    tokio::spawn(async move {
        let response = request.send().await.expect("stream");
        assert_eq!(response.status(), StatusCode::OK);
        let mut body = response.bytes_stream();
        let mut buffer = Vec::new();
        let mut seen = Vec::new();
        while let Some(Ok(chunk)) = body.next().await {
            buffer.extend_from_slice(&chunk);
            while let Some(end) = buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                let line = String::from_utf8(line).expect("UTF-8");
                if line.trim().is_empty() {
                    continue;
                }
                let message: Value = serde_json::from_str(&line).expect("JSON lines");
                let done = finished(&message);
                seen.push(Seen {
                    viewer,
                    via: "ndjson",
                    body: message,
                });
                if done {
                    return seen;
                }
            }
        }
        seen
    })
}

/// The first message of the NDJSON stream resumed after step `after`.
async fn resumed(server: &TestServer, id: &str, token: Option<&str>, after: u64) -> Value {
    let url = format!("{}/api/tables/{id}/stream?after={after}", server.base);
    let mut request = server.http.get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("stream");
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.bytes_stream();
    let mut buffer = Vec::new();
    while let Some(Ok(chunk)) = body.next().await {
        buffer.extend_from_slice(&chunk);
        if let Some(end) = buffer.iter().position(|b| *b == b'\n') {
            return serde_json::from_slice(&buffer[..end]).expect("a JSON line");
        }
    }
    panic!("the resumed stream ended before its first line");
}

/// A step's log lines for one viewer, and the data of its events.
type Told = (Vec<String>, Vec<Value>);

/// What each viewer should be told after each step of the record.
struct Truth {
    /// By seq, then viewer: the view.
    views: Vec<HashMap<Viewer, Value>>,
    /// By seq, then seat: the legal actions.
    actions: Vec<Vec<Vec<Value>>>,
    /// By viewer: every log line it may read, in order.
    logs: HashMap<Viewer, Vec<String>>,
    /// By seq, then viewer: the lines of that step it may read, and the
    /// data of the events among them.
    steps: Vec<HashMap<Viewer, Told>>,
}

/// `shown`: each seat's name as the table shows it to people (a bot by its
/// level, where the record keeps its spec); `bots`: which seats are bots
/// (a person's only move is one the server made for them, and says so).
fn truth(record: &GameRecord, shown: &[String], bots: &[bool]) -> Truth {
    let entry = tourney_table::catalog::find(&record.game).unwrap().entry;
    let mut game = (entry.create)(&record.config, record.seats.clone(), None).unwrap();
    game.tell_events(true);
    let seats = record.seats.len();
    let viewers: Vec<Viewer> = std::iter::once(None)
        .chain((0..seats).map(|s| Some(s as u8)))
        .collect();
    let snapshot = |game: &dyn DynGame| -> (HashMap<Viewer, Value>, Vec<Vec<Value>>) {
        let views = viewers
            .iter()
            .map(|v| (*v, game.view_json(v.map(Seat))))
            .collect();
        let actions = (0..seats)
            .map(|s| game.legal_actions(Seat::new(s)))
            .collect();
        (views, actions)
    };
    let (v, a) = snapshot(game.as_ref());
    let mut truth = Truth {
        views: vec![v],
        actions: vec![a],
        logs: viewers.iter().map(|v| (*v, Vec::new())).collect(),
        steps: vec![HashMap::new()],
    };
    for step in &record.steps {
        let mut lines: Vec<tourney_table::LogLine> = match step {
            RecordStep::Action { seat, action } => {
                let forced = !bots[seat.index()] && game.legal_actions(*seat).len() == 1;
                let applied = game.apply_json(*seat, action).unwrap();
                let who = &shown[seat.index()];
                let lines = if forced {
                    log::forced(who, *seat, &applied)
                } else {
                    log::action(who, *seat, &applied, "")
                };
                lines.into_iter().flatten().collect()
            }
            RecordStep::Chance { outcome } => {
                let what = game.chance_step_label();
                let open = game.chance_is_open();
                let label = game.describe_chance_json(outcome).unwrap();
                game.apply_chance_json(outcome).unwrap();
                vec![log::chance(&what, &label, open)]
            }
        };
        // The events each step made happen follow its line, each to its
        // own audience: a seat's secret must reach that seat alone.
        // One line per happening, and each seat named as people read it.
        lines.extend(log::events(game.take_events()));
        let lines: Vec<_> = log::fold(lines)
            .into_iter()
            .map(|l| tourney_table::LogLine {
                text: log::name_seats(&l.text, shown),
                ..l
            })
            .collect();
        let mut told = HashMap::new();
        for viewer in &viewers {
            let visible = lines
                .iter()
                .filter(|l| l.visibility.admits(viewer.map(Seat)));
            let texts = visible.clone().map(|l| l.text.clone()).collect();
            let events = visible.filter_map(|l| l.event.clone()).collect();
            told.insert(*viewer, (texts, events));
        }
        truth.steps.push(told);
        for viewer in &viewers {
            let log = truth.logs.get_mut(viewer).unwrap();
            log.extend(
                lines
                    .iter()
                    .filter(|l| l.visibility.admits(viewer.map(Seat)))
                    .map(|l| l.text.clone()),
            );
        }
        let (v, a) = snapshot(game.as_ref());
        truth.views.push(v);
        truth.actions.push(a);
    }
    truth
}

fn listed_actions(payload: &Value) -> Vec<Value> {
    payload["actions"]
        .as_array()
        .map(|a| a.iter().map(|c| c["action"].clone()).collect())
        .unwrap_or_default()
}

fn check(seen: &Seen, truth: &Truth, game: &str) {
    let body = &seen.body;
    let kind = body["type"].as_str().unwrap_or("http");
    if kind == "seats" {
        return;
    }
    let seq = body["seq"].as_u64().expect("a seq") as usize;
    let expected = &truth.views[seq][&seen.viewer];
    assert_eq!(
        &body["view"], expected,
        "{game}: {} payload ({kind}) at step {seq} for {:?} differs from that viewer's view",
        seen.via, seen.viewer
    );
    let playing = body["status"] == "playing";
    let expected_actions = match seen.viewer {
        Some(seat) if playing => truth.actions[seq][usize::from(seat)].clone(),
        _ => Vec::new(),
    };
    assert_eq!(
        listed_actions(body),
        expected_actions,
        "{game}: {} payload ({kind}) at step {seq} for {:?} lists other actions",
        seen.via,
        seen.viewer
    );
    if kind == "steps" {
        let steps = body["steps"]
            .as_array()
            .expect("a steps message lists steps");
        assert!(!steps.is_empty(), "{game}: a steps message with no step");
        assert_eq!(steps.last().unwrap()["seq"], body["seq"], "{game}: {body}");
        for step in steps {
            let at = step["seq"].as_u64().unwrap() as usize;
            let (texts, events) = &truth.steps[at][&seen.viewer];
            assert_eq!(
                (&step["log"], &step["events"]),
                (&json!(texts), &json!(events)),
                "{game}: step {at} in the {} message for {:?} tells other lines or events",
                seen.via,
                seen.viewer
            );
        }
    } else {
        let log: Vec<String> = body["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["text"].as_str().unwrap().to_string())
            .collect();
        let all = &truth.logs[&seen.viewer];
        assert!(
            all.starts_with(&log),
            "{game}: the log {:?} was shown at step {seq} is not a prefix of what it may read",
            seen.viewer
        );
    }
}

async fn hidden_information(game: &str, seats: usize, people: &[usize], seed: u64) {
    let server = TestServer::sqlite().await;
    // Every person seat is named but one, which a friend joins, so the
    // watchers see the game start.
    let specs: Vec<Value> = (0..seats)
        .map(|s| match people.iter().position(|p| *p == s) {
            Some(0) => json!({"kind": "person"}),
            Some(_) => json!({"kind": "person", "name": format!("P{}", s + 1)}),
            None => json!({"kind": "bot", "bot": "random"}),
        })
        .collect();
    let created = server.create(json!({"game": game, "seats": specs})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut tokens = vec![None; seats];
    for t in created["tokens"].as_array().unwrap() {
        tokens[t["seat"].as_u64().unwrap() as usize] =
            Some(t["token"].as_str().unwrap().to_string());
    }
    let (status, created) = server.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(created["status"], "open");
    let spectator = watch_ws(&server, &id, None, None);
    let (status, joined) = server
        .post(
            &format!("/api/tables/{id}/join"),
            None,
            &json!({"name": "Late", "seat": people[0]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    tokens[people[0]] = Some(joined["token"].as_str().unwrap().to_string());
    let mut watchers = vec![spectator];
    for (i, seat) in people.iter().enumerate() {
        let token = tokens[*seat].as_deref().unwrap();
        let viewer = Some(*seat as u8);
        watchers.push(if i % 2 == 0 {
            watch_ws(&server, &id, Some(token), viewer)
        } else {
            watch_ndjson(&server, &id, token, viewer)
        });
    }

    let mut seen = Vec::new();
    let mut pick = Pick::new(seed);
    loop {
        let (_, public) = server.get(&format!("/api/tables/{id}"), None).await;
        seen.push(Seen {
            viewer: None,
            via: "http",
            body: public.clone(),
        });
        if public["status"] == "finished" {
            break;
        }
        let mut acted = false;
        for seat in people {
            let token = tokens[*seat].as_deref().unwrap();
            let state = server.state(&id, Some(token)).await;
            let actions = state["actions"].as_array().cloned().unwrap_or_default();
            seen.push(Seen {
                viewer: Some(*seat as u8),
                via: "http",
                body: state.clone(),
            });
            if actions.is_empty() {
                continue;
            }
            let index = pick.below(actions.len());
            let (status, body) = server
                .act(&id, token, json!({"seq": state["seq"], "index": index}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            acted = true;
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    for watcher in watchers {
        let streamed = tokio::time::timeout(Duration::from_secs(20), watcher)
            .await
            .expect("every stream reaches the end of the game")
            .expect("the watcher ran");
        assert!(streamed.len() > 2, "{game}: a stream told almost nothing");
        seen.extend(streamed);
    }

    let (_, record) = server.get(&format!("/api/tables/{id}/record"), None).await;
    let record: GameRecord = serde_json::from_value(record).unwrap();
    let (_, table) = server.get(&format!("/api/tables/{id}"), None).await;
    let shown: Vec<String> = table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    let bots: Vec<bool> = table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"] == "bot")
        .collect();
    let truth = truth(&record, &shown, &bots);
    // A viewer resuming halfway gets every later step in one message,
    // with the view as it stands at the end.
    let total = record.steps.len() as u64;
    let viewers = std::iter::once(None).chain(people.iter().map(|s| Some(*s as u8)));
    for viewer in viewers {
        let token = viewer.and_then(|s| tokens[usize::from(s)].as_deref());
        let body = resumed(&server, &id, token, total / 2).await;
        assert_eq!(body["type"], "steps", "{game}: {body}");
        let told: Vec<u64> = body["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["seq"].as_u64().unwrap())
            .collect();
        assert_eq!(told, (total / 2 + 1..=total).collect::<Vec<_>>());
        assert_eq!(body["status"], "finished", "{game}: the resumed end");
        seen.push(Seen {
            viewer,
            via: "resumed",
            body,
        });
    }
    for payload in &seen {
        check(payload, &truth, game);
    }
    // Each stream told every step exactly once, in order.
    let streams: Vec<_> = seen
        .iter()
        .filter(|s| s.via == "ws" || s.via == "ndjson")
        .collect();
    for viewer in std::iter::once(None).chain(people.iter().map(|s| Some(*s as u8))) {
        let steps: Vec<u64> = streams
            .iter()
            .filter(|s| s.viewer == viewer && s.body["type"] == "steps")
            .flat_map(|s| s.body["steps"].as_array().unwrap().iter())
            .map(|step| step["seq"].as_u64().unwrap())
            .collect();
        let first = *steps.first().expect("steps were streamed");
        let expected: Vec<u64> = (first..=record.steps.len() as u64).collect();
        assert_eq!(
            steps, expected,
            "{game}: the stream for {viewer:?} missed or doubled a step"
        );
    }
    // The final logs are exactly what each viewer may read.
    for payload in seen
        .iter()
        .filter(|s| s.body["status"] == "finished" && s.body["type"] != "steps")
    {
        let log: Vec<String> = payload.body["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["text"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            log, truth.logs[&payload.viewer],
            "{game}: {:?}'s final log",
            payload.viewer
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn card_joust_tells_each_seat_only_its_own() {
    hidden_information("joust", 3, &[0, 2], 1).await;
}

#[tokio::test]
async fn ritter_tells_each_seat_only_its_own() {
    hidden_information("ritter", 3, &[1, 2], 2).await;
}

#[tokio::test]
async fn glory_tells_each_seat_only_its_own() {
    hidden_information("glory", 2, &[0, 1], 3).await;
}

#[tokio::test]
async fn mastery_tells_each_seat_only_its_own() {
    hidden_information("mastery", 2, &[0, 1], 4).await;
}
