//! Floods (illegal moves, made-up tokens, table creation) and costly bots.

use super::Ctx;
use super::net::{self, attacker, made_up_token, send, ws_from};
use super::report::Findings;
use crate::failure::Result;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

/// The default table-creation limit of one address: a burst of 20, then
/// 30 a minute (`tourney serve --create-rate`).
const CREATE_BURST: f64 = 20.0;
const CREATE_PER_SECOND: f64 = 0.5;

/// The costly bot the hostile client found: within the iteration cap, but
/// every iteration a whole playout.
const COSTLY_BOT: &str = "ismcts:20000:leaf=playout";

pub async fn floods(ctx: &Ctx) -> Result<Findings> {
    let deadline = ctx.deadline();
    let mut tasks: JoinSet<Result<Findings>> = JoinSet::new();
    for f in 0..ctx.scale.flooders {
        let (addr, base) = (ctx.addr, ctx.base.clone());
        tasks.spawn(async move { illegal_moves(addr, &base, f, deadline).await });
        let base = ctx.base.clone();
        tasks.spawn(async move { bad_tokens(&base, f, deadline).await });
    }
    {
        let base = ctx.base.clone();
        let limited = ctx.default_limits;
        tasks.spawn(async move { creations(&base, limited, deadline).await });
    }
    let mut found = Findings::default();
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(Ok(f)) => found.merge(f),
            Ok(Err(e)) => found.broken.push(format!("a flood could not run: {e}")),
            Err(e) => found.broken.push(format!("a flood failed: {e}")),
        }
    }
    found.broken.sort();
    found.broken.dedup();
    Ok(found)
}

/// A seat's WebSocket sending moves the rules refuse (no such index, a
/// stale step, an action that is no action) as fast as they are answered:
/// all refused, and the table unmoved.
async fn illegal_moves(
    addr: std::net::SocketAddr,
    base: &str,
    f: usize,
    deadline: Instant,
) -> Result<Findings> {
    let mut found = Findings {
        held: 1,
        ..Findings::default()
    };
    let from = attacker(20 + f);
    let http = net::client(from)?;
    let table = net::joust(&http, base).await?;
    let token = &table.tokens[0];
    let path = format!("/api/tables/{}/ws?token={token}", table.id);
    let mut ws = match ws_from(from, addr, &path).await {
        Ok(ws) => ws,
        Err(e) => {
            found
                .broken
                .push(format!("a seat's WebSocket was refused: {e}"));
            return Ok(found);
        }
    };
    let seq_before = table_seq(&http, base, &table.id, token).await;
    let mut n = 0u64;
    while Instant::now() < deadline {
        n += 1;
        let act = match n % 3 {
            0 => json!({"type": "act", "id": n.to_string(), "seq": seq_before, "index": 9999}),
            1 => json!({"type": "act", "id": n.to_string(), "seq": 0, "index": 0}),
            _ => {
                json!({"type": "act", "id": n.to_string(), "seq": seq_before, "action": {"joust": "win"}})
            }
        };
        if ws.send(Message::text(act.to_string())).await.is_err() {
            found
                .broken
                .push("a seat's WebSocket was closed during a flood of illegal moves".into());
            break;
        }
        match answer_to(&mut ws, &n.to_string()).await {
            Some(answer) if answer["type"] == "error" => {
                let code = answer["error"].as_str().unwrap_or("?");
                found.add(format!("illegal_move_{code}"), 1);
            }
            Some(answer) => {
                found.add("illegal_move_accepted", 1);
                found
                    .broken
                    .push(format!("an illegal move was accepted: {answer}"));
                break;
            }
            None => {
                found.broken.push("an illegal move got no answer".into());
                break;
            }
        }
    }
    let seq_after = table_seq(&http, base, &table.id, token).await;
    found.expect(seq_after == seq_before, || {
        format!("a table moved from step {seq_before:?} to {seq_after:?} under illegal moves")
    });
    Ok(found)
}

/// The `ack` or `error` that answers message `id`.
async fn answer_to(ws: &mut net::Ws, id: &str) -> Option<Value> {
    let wait = async {
        while let Some(Ok(message)) = ws.next().await {
            if let Message::Text(text) = message
                && let Ok(v) = serde_json::from_str::<Value>(text.as_str())
                && (v["type"] == "ack" || v["type"] == "error")
                && v["id"] == id
            {
                return Some(v);
            }
        }
        None
    };
    tokio::time::timeout(net::REQUEST, wait)
        .await
        .ok()
        .flatten()
}

/// The table's step count as its seat sees it.
async fn table_seq(http: &reqwest::Client, base: &str, id: &str, token: &str) -> Option<u64> {
    let (status, table) = send(
        http.get(format!("{base}/api/tables/{id}"))
            .bearer_auth(token),
    )
    .await?;
    (status == 200).then(|| table["seq"].as_u64()).flatten()
}

/// Requests with tokens that are no one's, on every route that reads one:
/// each is 401, whatever the route.
async fn bad_tokens(base: &str, f: usize, deadline: Instant) -> Result<Findings> {
    let mut found = Findings {
        held: 1,
        ..Findings::default()
    };
    let http = net::client(attacker(40 + f))?;
    let table = net::joust(&http, base).await?;
    let id = &table.id;
    let mut n = f as u64 * 1_000_000;
    while Instant::now() < deadline {
        n += 1;
        let token = made_up_token(n);
        let request = match n % 5 {
            0 => http
                .get(format!("{base}/api/tables/{id}"))
                .bearer_auth(&token),
            1 => http
                .post(format!("{base}/api/tables/{id}/actions"))
                .bearer_auth(&token)
                .json(&json!({"seq": 0, "index": 0})),
            2 => http.get(format!("{base}/api/tables/{id}/stream?token={token}")),
            3 => http
                .post(format!("{base}/api/tables/{id}/leave"))
                .header("authorization", format!("Basic {token}")),
            _ => http
                .post(format!("{base}/api/tables/{id}/rematch"))
                .bearer_auth(&token),
        };
        match send(request).await {
            Some((status, body)) => {
                found.status("bad_token", status);
                found.expect(status == 401 && body["error"] == "unauthorized", || {
                    format!("a made-up token was answered {status} {body}, not 401 unauthorized")
                });
            }
            None => found.add("bad_token_no_answer", 1),
        }
    }
    found.broken.dedup();
    Ok(found)
}

/// One address creating tables as fast as it is answered: the burst, then
/// the rate, then 429.
async fn creations(base: &str, default_limits: bool, deadline: Instant) -> Result<Findings> {
    let mut found = Findings {
        held: 1,
        ..Findings::default()
    };
    let http = net::client(attacker(60))?;
    let started = Instant::now();
    let body =
        json!({"game": "joust", "seats": [{"kind": "person", "name": "Eve"}, {"kind": "person"}]});
    let mut created = 0u64;
    let mut tries = 0u64;
    while Instant::now() < deadline {
        tries += 1;
        match send(http.post(format!("{base}/api/tables")).json(&body)).await {
            Some((status, _)) => {
                found.status("create", status);
                created += u64::from(status == 201);
            }
            None => found.add("create_no_answer", 1),
        }
    }
    if default_limits {
        let allowed = CREATE_BURST + CREATE_PER_SECOND * started.elapsed().as_secs_f64() + 1.0;
        found.expect(created as f64 <= allowed, || {
            format!("one address created {created} tables in {tries} tries, more than the limit's {allowed:.0}")
        });
    }
    Ok(found)
}

/// Tables of four costly bots each, from several addresses: they think on
/// the bounded pool, within their budget, and the honest client plays on.
pub async fn bots(ctx: &Ctx) -> Result<Findings> {
    let deadline = ctx.deadline();
    let mut found = Findings::default();
    let bot = json!({"kind": "bot", "bot": COSTLY_BOT});
    for t in 0..ctx.scale.bot_tables {
        // Ten tables to an address, inside its creation burst.
        let http = net::client(attacker(80 + t / 10))?;
        let body = json!({"game": "glory", "seats": [bot, bot, bot, bot]});
        match send(http.post(format!("{}/api/tables", ctx.base)).json(&body)).await {
            Some((status, answer)) => {
                found.status("costly_bot_table", status);
                found.expect(status == 201, || {
                    format!("a table of bots the server accepts was refused: {status} {answer}")
                });
            }
            None => found.add("costly_bot_table_no_answer", 1),
        }
    }
    tokio::time::sleep_until(deadline.into()).await;
    // Give the stop a moment to show in the counters.
    tokio::time::sleep(Duration::from_millis(100)).await;
    Ok(found)
}
