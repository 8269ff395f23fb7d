//! Garbage and broken frames over seats' WebSockets: every garbage message
//! is answered with an error and the connection kept, and every protocol
//! violation closes the connection with its code.

use super::Ctx;
use super::net::{self, attacker, raw_frame, ws_from};
use super::report::Findings;
use crate::failure::Result;
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

/// Garbage text messages each connection sends before breaking the rules.
const GARBAGE: usize = 5;
/// How long the server may take to answer or close.
const ANSWER: Duration = Duration::from_secs(5);

/// A way to break the WebSocket protocol, and the close code it earns.
#[derive(Clone, Copy)]
enum Violation {
    /// A message over the server's 16 KiB: 1009.
    Oversized,
    /// A text frame that is not UTF-8: 1007.
    NotUtf8,
    /// A frame the client did not mask: 1002.
    Unmasked,
    /// A frame with a reserved opcode: 1002.
    ReservedOpcode,
}

impl Violation {
    const ALL: [Violation; 4] = [
        Violation::Oversized,
        Violation::NotUtf8,
        Violation::Unmasked,
        Violation::ReservedOpcode,
    ];

    fn code(self) -> u16 {
        match self {
            Violation::Oversized => 1009,
            Violation::NotUtf8 => 1007,
            Violation::Unmasked | Violation::ReservedOpcode => 1002,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Violation::Oversized => "oversized",
            Violation::NotUtf8 => "not_utf8",
            Violation::Unmasked => "unmasked",
            Violation::ReservedOpcode => "reserved_opcode",
        }
    }
}

pub async fn frames(ctx: &Ctx) -> Result<Findings> {
    let deadline = ctx.deadline();
    let mut found = Findings::default();
    let mut tables = Vec::new();
    // A table per 20 connections, each from an address of its own.
    for t in 0..ctx.scale.frames.div_ceil(20) {
        let http = net::client(attacker(t))?;
        tables.push(net::joust(&http, &ctx.base).await?);
    }
    let mut tasks = JoinSet::new();
    for i in 0..ctx.scale.frames {
        let table = &tables[i / 20];
        let path = format!("/api/tables/{}/ws?token={}", table.id, table.tokens[i % 2]);
        let from = attacker(i / 20);
        let to = ctx.addr;
        let violation = Violation::ALL[i % Violation::ALL.len()];
        tasks.spawn(async move { (violation, one(from, to, &path, violation).await) });
    }
    found.held = ctx.scale.frames as u64;
    while let Some(joined) = tasks.join_next().await {
        let Ok((violation, outcome)) = joined else {
            continue;
        };
        match outcome {
            Ok(()) => found.add(
                format!("{}_closed_{}", violation.name(), violation.code()),
                1,
            ),
            Err(why) => {
                found.add(format!("{}_wrong", violation.name()), 1);
                found.broken.push(why);
            }
        }
    }
    found.broken.sort();
    found.broken.dedup();
    // The connections are gone by now; the honest client plays on until the
    // attack's time is up, so every attack is measured over as long.
    tokio::time::sleep_until(deadline.into()).await;
    Ok(found)
}

/// One connection: garbage, a binary frame, then the violation.
async fn one(
    from: std::net::IpAddr,
    to: std::net::SocketAddr,
    path: &str,
    violation: Violation,
) -> std::result::Result<(), String> {
    let mut ws = ws_from(from, to, path).await?;
    for n in 0..GARBAGE {
        let garbage = match n % 3 {
            0 => "{\"type\":\"act\",\"seq\":".to_string(),
            1 => "\u{0}\u{7f}<script>alert(1)</script>".to_string(),
            _ => format!("[{}]", "[".repeat(200)),
        };
        ws.send(Message::text(garbage))
            .await
            .map_err(|e| e.to_string())?;
        expect_error(&mut ws).await?;
    }
    ws.send(Message::binary(vec![1u8, 2, 3]))
        .await
        .map_err(|e| e.to_string())?;
    expect_error(&mut ws).await?;
    match violation {
        Violation::Oversized => {
            let big = "x".repeat(20 * 1024);
            ws.send(Message::text(big))
                .await
                .map_err(|e| e.to_string())?;
        }
        Violation::NotUtf8 => raw(&mut ws, &raw_frame(0x1, &[0xff, 0xfe, 0xfd], true)).await?,
        Violation::Unmasked => raw(&mut ws, &raw_frame(0x1, b"{}", false)).await?,
        Violation::ReservedOpcode => raw(&mut ws, &raw_frame(0x3, b"??", true)).await?,
    }
    let code = close_code(&mut ws).await;
    if code == Some(violation.code()) {
        Ok(())
    } else {
        Err(format!(
            "a WebSocket sent a {} frame and was closed with {code:?}, not {}",
            violation.name(),
            violation.code()
        ))
    }
}

/// Writes bytes under the WebSocket's feet.
async fn raw(ws: &mut net::Ws, bytes: &[u8]) -> std::result::Result<(), String> {
    let tcp = ws.get_mut();
    tcp.write_all(bytes).await.map_err(|e| e.to_string())?;
    tcp.flush().await.map_err(|e| e.to_string())
}

/// Reads until an `error` message comes (state and steps may come first).
async fn expect_error(ws: &mut net::Ws) -> std::result::Result<(), String> {
    let wait = async {
        while let Some(message) = ws.next().await {
            match message {
                Ok(Message::Text(text)) if text.as_str().contains("\"type\":\"error\"") => {
                    return Ok(());
                }
                Ok(Message::Close(frame)) => {
                    return Err(format!(
                        "a WebSocket was closed ({frame:?}) over garbage it should have refused"
                    ));
                }
                Ok(_) => {}
                Err(e) => return Err(format!("a WebSocket failed over garbage: {e}")),
            }
        }
        Err("a WebSocket ended over garbage it should have refused".to_string())
    };
    tokio::time::timeout(ANSWER, wait)
        .await
        .map_err(|_| "garbage over a WebSocket got no answer".to_string())?
}

/// The code of the close frame that ends the connection, if one comes.
async fn close_code(ws: &mut net::Ws) -> Option<u16> {
    let wait = async {
        while let Some(message) = ws.next().await {
            match message {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    };
    tokio::time::timeout(ANSWER, wait).await.ok().flatten()
}
