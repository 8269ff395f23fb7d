//! Attacks with connections: many held open and idle (WebSockets and
//! NDJSON streams, each a spectator of a quiet table), and slow ones that
//! never finish a request (silent, trickling, cut off, half-closed).

use super::Ctx;
use super::net::{self, attacker, connect_from, ws_from};
use super::report::Findings;
use crate::failure::Result;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinSet;

/// Connections opened at once while an attack builds up.
const OPENING: usize = 64;
/// How much later than the header timeout a slow socket may be closed.
const CLOSE_MARGIN: Duration = Duration::from_secs(3);

/// Held open until the deadline, then dropped.
enum Held {
    Ws(Box<net::Ws>),
    Stream(TcpStream),
}

/// Thousands of idle spectators: a WebSocket and an NDJSON stream each, on
/// a quiet table per source address, held until the deadline. All stay
/// within the per-address share, so all must be let in.
pub async fn idle(ctx: &Ctx) -> Result<Findings> {
    let deadline = ctx.deadline();
    let mut found = Findings::default();
    let addresses = usize::from(ctx.scale.addresses.max(1));
    let mut tables = Vec::new();
    for a in 0..addresses {
        let http = net::client(attacker(a))?;
        tables.push(net::joust(&http, &ctx.base).await?.id);
    }
    let mut opening = JoinSet::new();
    let mut held = Vec::new();
    for i in 0..ctx.scale.idle * 2 {
        let from = attacker(i % addresses);
        let table = tables[i % addresses].clone();
        let to = ctx.addr;
        if opening.len() >= OPENING
            && let Some(Ok(one)) = opening.join_next().await
        {
            keep(&mut found, &mut held, one);
        }
        opening.spawn(async move {
            if i % 2 == 0 {
                ws_from(from, to, &format!("/api/tables/{table}/ws"))
                    .await
                    .map(|ws| Held::Ws(Box::new(ws)))
            } else {
                stream_from(from, to, &table).await.map(Held::Stream)
            }
        });
    }
    while let Some(joined) = opening.join_next().await {
        if let Ok(one) = joined {
            keep(&mut found, &mut held, one);
        }
    }
    found.held = held.len() as u64;
    let wanted = (ctx.scale.idle * 2) as u64;
    let held_n = found.held;
    found.expect(held_n == wanted, || {
        format!(
            "{} of {wanted} idle connections within the per-address share were refused",
            wanted - held_n
        )
    });
    tokio::time::sleep_until(deadline.into()).await;
    release(held);
    Ok(found)
}

/// Lets every held connection go at once (the server sees them closed).
fn release(held: Vec<Held>) {
    for h in held {
        match h {
            Held::Ws(ws) => drop(ws),
            Held::Stream(tcp) => drop(tcp),
        }
    }
}

fn keep(found: &mut Findings, held: &mut Vec<Held>, one: std::result::Result<Held, String>) {
    match one {
        Ok(h) => {
            found.add(
                match h {
                    Held::Ws(_) => "websockets_held",
                    Held::Stream(_) => "streams_held",
                },
                1,
            );
            held.push(h);
        }
        Err(_) => found.add("refused", 1),
    }
}

/// An NDJSON stream read as far as its head: the server said 200.
async fn stream_from(
    from: IpAddr,
    to: SocketAddr,
    table: &str,
) -> std::result::Result<TcpStream, String> {
    let mut tcp = connect_from(from, to).await.map_err(|e| e.to_string())?;
    let head = format!("GET /api/tables/{table}/stream HTTP/1.1\r\nHost: {to}\r\n\r\n");
    tcp.write_all(head.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    let read_head = async {
        while !got.windows(4).any(|w| w == b"\r\n\r\n") {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => return Err("closed before its head".to_string()),
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
        Ok(())
    };
    tokio::time::timeout(net::REQUEST, read_head)
        .await
        .map_err(|_| "no head".to_string())??;
    if !got.starts_with(b"HTTP/1.1 200") {
        return Err(String::from_utf8_lossy(&got)
            .lines()
            .next()
            .unwrap_or("")
            .to_string());
    }
    Ok(tcp)
}

/// The kinds of slow connection.
#[derive(Clone, Copy)]
enum Slow {
    /// Connects and sends nothing.
    Silent,
    /// Sends a request head one byte every half second, for ever.
    Trickle,
    /// Sends most of a head and then nothing.
    CutOff,
    /// Sends a whole request, then closes its sending side. The server
    /// takes the end of input for a client that left (so that readers of
    /// a stream who go away are let go at once) and closes it, answered or
    /// not.
    HalfClosed,
}

impl Slow {
    const ALL: [Slow; 4] = [Slow::Silent, Slow::Trickle, Slow::CutOff, Slow::HalfClosed];

    fn name(self) -> &'static str {
        match self {
            Slow::Silent => "silent",
            Slow::Trickle => "trickling",
            Slow::CutOff => "cut_off",
            Slow::HalfClosed => "half_closed",
        }
    }
}

/// Slow connections of every kind, from several addresses at once: each
/// must be closed by the server within its header timeout (and a margin).
pub async fn slow(ctx: &Ctx) -> Result<Findings> {
    let deadline = ctx.deadline();
    let mut found = Findings::default();
    let give_up = ctx.header_timeout + CLOSE_MARGIN;
    let mut tasks = JoinSet::new();
    let total = ctx.scale.slow * Slow::ALL.len();
    // 200 to an address, inside the default share of 256.
    for i in 0..total {
        let kind = Slow::ALL[i % Slow::ALL.len()];
        let from = attacker(100 + i / 200);
        let to = ctx.addr;
        tasks.spawn(async move { (kind, one_slow(kind, from, to, give_up).await) });
    }
    found.held = total as u64;
    let mut slowest = [Duration::ZERO; 4];
    while let Some(joined) = tasks.join_next().await {
        let Ok((kind, outcome)) = joined else {
            continue;
        };
        match outcome {
            SlowEnd::Closed(after) => {
                found.add(format!("{}_closed", kind.name()), 1);
                let k = kind as usize;
                slowest[k] = slowest[k].max(after);
            }
            SlowEnd::Open => {
                found.add(format!("{}_still_open", kind.name()), 1);
                found.broken.push(format!(
                    "a {} connection was still open after {} s",
                    kind.name(),
                    give_up.as_secs()
                ));
            }
            SlowEnd::NotConnected => found.add(format!("{}_refused", kind.name()), 1),
        }
    }
    for kind in Slow::ALL {
        found.add(
            format!("{}_closed_within_ms", kind.name()),
            slowest[kind as usize].as_millis() as u64,
        );
    }
    // One broken promise of a kind is enough to read.
    found.broken.dedup();
    tokio::time::sleep_until(deadline.into()).await;
    Ok(found)
}

enum SlowEnd {
    Closed(Duration),
    Open,
    NotConnected,
}

async fn one_slow(kind: Slow, from: IpAddr, to: SocketAddr, give_up: Duration) -> SlowEnd {
    let Ok(mut tcp) = connect_from(from, to).await else {
        return SlowEnd::NotConnected;
    };
    let opened = Instant::now();
    let end = opened + give_up;
    let head = format!("GET /healthz HTTP/1.1\r\nHost: {to}\r\n");
    match kind {
        Slow::Silent | Slow::Trickle => {}
        Slow::CutOff => {
            let _ = tcp.write_all(head.as_bytes()).await;
        }
        Slow::HalfClosed => {
            let _ = tcp.write_all(format!("{head}\r\n").as_bytes()).await;
            let _ = tcp.shutdown().await;
        }
    }
    let trickle: Vec<u8> = head
        .bytes()
        .chain(b"X-Slow: yes\r\n".iter().copied().cycle().take(4096))
        .collect();
    let mut next_byte = 0;
    let mut buf = [0u8; 512];
    loop {
        let now = Instant::now();
        if now >= end {
            return SlowEnd::Open;
        }
        let wait = (end - now).min(Duration::from_millis(500));
        tokio::select! {
            read = tcp.read(&mut buf) => match read {
                Ok(0) | Err(_) => return SlowEnd::Closed(opened.elapsed()),
                Ok(_) => {}
            },
            () = tokio::time::sleep(wait) => {
                if matches!(kind, Slow::Trickle) && next_byte < trickle.len() {
                    let _ = tcp.write_all(&trickle[next_byte..=next_byte]).await;
                    next_byte += 1;
                }
            }
        }
    }
}
