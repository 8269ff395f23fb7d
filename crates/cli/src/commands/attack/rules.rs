//! Attacks on the API's rules rather than its capacity: tokens used where
//! they hold no seat, requests replayed, and identical requests racing.

use super::Ctx;
use super::net::{self, attacker, send, ws_from};
use super::report::Findings;
use crate::failure::{Failure, Result};
use serde_json::{Value, json};
use tokio::task::JoinSet;

/// Each table's tokens tried on the next table, on every route that reads
/// a token: refused with 401 everywhere, the WebSocket not upgraded; and a
/// seat's token naming another seat is 403.
pub async fn tokens(ctx: &Ctx) -> Result<Findings> {
    let deadline = ctx.deadline();
    let mut found = Findings::default();
    let base = &ctx.base;
    let count = ctx.scale.token_tables.max(2);
    let mut tables = Vec::new();
    for t in 0..count {
        let http = net::client(attacker(120 + t / 10))?;
        tables.push((net::joust(&http, base).await?, http));
    }
    for t in 0..count {
        let (mine, http) = &tables[t];
        let (other, _) = &tables[(t + 1) % count];
        let token = &mine.tokens[0];
        let id = &other.id;
        let tries = [
            (
                "state",
                http.get(format!("{base}/api/tables/{id}"))
                    .bearer_auth(token),
            ),
            (
                "act",
                http.post(format!("{base}/api/tables/{id}/actions"))
                    .bearer_auth(token)
                    .json(&json!({"seq": 0, "index": 0})),
            ),
            (
                "leave",
                http.post(format!("{base}/api/tables/{id}/leave"))
                    .bearer_auth(token),
            ),
            (
                "back",
                http.post(format!("{base}/api/tables/{id}/back"))
                    .bearer_auth(token),
            ),
            (
                "stream",
                http.get(format!("{base}/api/tables/{id}/stream?token={token}")),
            ),
        ];
        for (route, request) in tries {
            let what = format!("another table's token, {route}");
            let key = format!("other_tables_token_{route}");
            answer_is(
                &mut found,
                &key,
                &what,
                send(request).await,
                401,
                "unauthorized",
            );
        }
        let ws = ws_from(
            attacker(120 + t / 10),
            ctx.addr,
            &format!("/api/tables/{id}/ws?token={token}"),
        )
        .await;
        found.add("other_tables_token_ws_refused", u64::from(ws.is_err()));
        found.expect(ws.is_err(), || {
            "a WebSocket was opened with another table's token".into()
        });
        // Seat 0's token acting as seat 1 at its own table.
        let own = &mine.id;
        let seq = seat_view(http, base, own, token).await?["seq"].clone();
        let request = http
            .post(format!("{base}/api/tables/{own}/actions"))
            .bearer_auth(token)
            .json(&json!({"seq": seq, "index": 0, "seat": 1}));
        let what = "a seat's token naming another seat";
        answer_is(
            &mut found,
            "token_naming_another_seat",
            what,
            send(request).await,
            403,
            "forbidden",
        );
    }
    found.broken.sort();
    found.broken.dedup();
    tokio::time::sleep_until(deadline.into()).await;
    Ok(found)
}

/// Counts an answer under `key` and notes it broken, as `what`, unless it
/// is `status` `error`.
fn answer_is(
    found: &mut Findings,
    key: &str,
    what: &str,
    answer: Option<(u16, Value)>,
    status: u16,
    error: &str,
) {
    match answer {
        Some((got, body)) => {
            found.status(key, got);
            found.expect(got == status && body["error"] == error, || {
                format!("{what}: answered {got} {body}, not {status} {error}")
            });
        }
        None => {
            found.add("no_answer", 1);
            found.broken.push(format!("{what}: no answer"));
        }
    }
}

/// The table as `token`'s seat sees it.
async fn seat_view(http: &reqwest::Client, base: &str, id: &str, token: &str) -> Result<Value> {
    match send(
        http.get(format!("{base}/api/tables/{id}"))
            .bearer_auth(token),
    )
    .await
    {
        Some((200, view)) => Ok(view),
        Some((status, body)) => Err(Failure::io(format!("GET table {id}: {status} {body}"))),
        None => Err(Failure::io(format!("GET table {id}: no answer"))),
    }
}

/// Rounds of races, each on a new table: the same keyed move sent by many
/// at once (one applied, every answer the same, and the same again when
/// replayed later), the same unkeyed move (one accepted), many joins of
/// one seat (one seated), and a keyed join repeated (the seat handed a new
/// token, the old one refused).
pub async fn races(ctx: &Ctx) -> Result<Findings> {
    let deadline = ctx.deadline();
    let mut found = Findings::default();
    for round in 0..ctx.scale.race_rounds {
        let http = net::client(attacker(140 + round / 5))?;
        found.merge(race_moves(ctx, &http, round).await?);
        found.merge(race_joins(ctx, &http, round).await?);
    }
    found.broken.sort();
    found.broken.dedup();
    tokio::time::sleep_until(deadline.into()).await;
    Ok(found)
}

async fn race_moves(ctx: &Ctx, http: &reqwest::Client, round: usize) -> Result<Findings> {
    let mut found = Findings::default();
    let base = &ctx.base;
    let table = net::joust(http, base).await?;
    let id = &table.id;
    // Seat 0's move, keyed, by many at once.
    let token = table.tokens[0].clone();
    let seq = seat_view(http, base, id, &token).await?["seq"].clone();
    let key = format!("race-{round}-{}", table.id);
    let keyed = json!({"seq": seq, "index": 0, "idempotency_key": key});
    let answers = all_at_once(ctx.scale.racers, || {
        http.post(format!("{base}/api/tables/{id}/actions"))
            .bearer_auth(&token)
            .json(&keyed)
    })
    .await;
    let ok: Vec<&Value> = answers
        .iter()
        .filter(|(s, _)| *s == 200)
        .map(|(_, b)| b)
        .collect();
    for (status, _) in &answers {
        found.status("keyed_move", *status);
    }
    found.expect(
        ok.len() == answers.len() && ok.windows(2).all(|w| w[0] == w[1]),
        || {
            format!(
                "{} identical keyed moves raced: not every answer was the same 200",
                answers.len()
            )
        },
    );
    let now = ok.first().map(|a| a["now"].clone()).unwrap_or(Value::Null);
    let after = seat_view(http, base, id, &token).await?["seq"].clone();
    found.expect(now == after, || {
        format!("after a raced keyed move answered now={now}, the table is at {after}: applied more than once")
    });
    // Replayed later: the first answer again, nothing applied.
    let again = send(
        http.post(format!("{base}/api/tables/{id}/actions"))
            .bearer_auth(&token)
            .json(&keyed),
    )
    .await;
    found.status("keyed_move_replayed", again.as_ref().map_or(0, |a| a.0));
    found.expect(again.as_ref().map(|a| &a.1) == ok.first().copied(), || {
        format!("a replayed keyed move was answered {again:?}, not as the first time")
    });
    // Seat 1's move, unkeyed, by many at once: one is applied.
    let token = table.tokens[1].clone();
    let seq = seat_view(http, base, id, &token).await?["seq"].clone();
    let plain = json!({"seq": seq, "index": 0});
    let answers = all_at_once(ctx.scale.racers, || {
        http.post(format!("{base}/api/tables/{id}/actions"))
            .bearer_auth(&token)
            .json(&plain)
    })
    .await;
    let accepted = answers.iter().filter(|(s, _)| *s == 200).count();
    for (status, _) in &answers {
        found.status("unkeyed_move", *status);
    }
    found.expect(accepted == 1, || {
        format!(
            "{} identical unkeyed moves raced: {accepted} accepted, not 1",
            answers.len()
        )
    });
    Ok(found)
}

async fn race_joins(ctx: &Ctx, http: &reqwest::Client, round: usize) -> Result<Findings> {
    let mut found = Findings::default();
    let base = &ctx.base;
    let open = json!([{"kind": "person", "name": "Host"}, {"kind": "person"}]);
    // Many joins of one open seat.
    let table = net::create(http, base, "joust", open.clone()).await?;
    let id = &table.id;
    let answers = all_at_once(ctx.scale.racers, || {
        http.post(format!("{base}/api/tables/{id}/join"))
            .json(&json!({"name": "Racer", "seat": 1}))
    })
    .await;
    let seated = answers.iter().filter(|(s, _)| *s == 200).count();
    let taken = answers
        .iter()
        .filter(|(s, b)| *s == 409 && b["error"] == "seat_taken")
        .count();
    for (status, _) in &answers {
        found.status("join", *status);
    }
    found.expect(seated == 1 && seated + taken == answers.len(), || {
        format!(
            "{} joins of one seat raced: {seated} seated and {taken} told it was taken",
            answers.len()
        )
    });
    // A keyed join repeated, as after a lost answer.
    let table = net::create(http, base, "joust", open).await?;
    let id = &table.id;
    let key = format!("join-key-{round:04}-{}", table.id);
    let join = json!({"name": "Retry", "idempotency_key": key});
    let first = send(
        http.post(format!("{base}/api/tables/{id}/join"))
            .json(&join),
    )
    .await;
    let second = send(
        http.post(format!("{base}/api/tables/{id}/join"))
            .json(&join),
    )
    .await;
    let token = |a: &Option<(u16, Value)>| {
        a.as_ref()
            .and_then(|a| a.1["token"].as_str().map(str::to_string))
    };
    let (old, new) = (token(&first), token(&second));
    found.expect(
        matches!((&first, &second), (Some((200, a)), Some((200, b))) if a["seat"] == b["seat"]) && old != new,
        || format!("a repeated keyed join was answered {second:?} after {first:?}: not the same seat with a new token"),
    );
    if let (Some(old), Some(new)) = (old, new) {
        let state = |t: String| http.get(format!("{base}/api/tables/{id}")).bearer_auth(t);
        let old_status = send(state(old)).await.map(|a| a.0);
        let new_status = send(state(new)).await.map(|a| a.0);
        found.add(
            "rejoin_old_token_refused",
            u64::from(old_status == Some(401)),
        );
        found.expect(old_status == Some(401) && new_status == Some(200), || {
            format!("after a repeated keyed join the old token got {old_status:?} (401 expected), the new one {new_status:?}")
        });
    }
    Ok(found)
}

/// Sends `n` requests made by `request` at the same moment; the answers
/// that came (a request that failed to complete is left out).
async fn all_at_once(n: usize, request: impl Fn() -> reqwest::RequestBuilder) -> Vec<(u16, Value)> {
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(n));
    let mut tasks = JoinSet::new();
    for _ in 0..n {
        let (barrier, request) = (barrier.clone(), request());
        tasks.spawn(async move {
            barrier.wait().await;
            send(request).await
        });
    }
    tasks.join_all().await.into_iter().flatten().collect()
}
