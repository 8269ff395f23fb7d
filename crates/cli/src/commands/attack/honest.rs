//! The honest client beside every attack: a person playing a Card Joust
//! table at a person's pace over the WebSocket (both seats, as two friends
//! at one table), and a visitor opening a new connection to read the lobby
//! every tenth of a second. Both come from 127.0.0.1; the attackers never
//! do.

use crate::commands::loadtest::{Api, micros, run_slot};
use crate::failure::{Failure, Result};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How long each honest seat thinks before a move: 10 moves a second per
/// seat, inside the server's default move rate (20 a second).
const PACE: Duration = Duration::from_millis(100);
/// How often the visitor opens a new connection.
const VISIT_EVERY: Duration = Duration::from_millis(100);
/// Slot numbers of the honest table's moves (any will do).
const SLOT: u32 = 7;

#[derive(Default)]
pub struct Stats {
    /// Moves acknowledged.
    pub moves: u64,
    /// Act-to-ack times, microseconds, sorted.
    pub act_ack: Vec<u32>,
    /// New-connection request times, microseconds, sorted.
    pub fresh: Vec<u32>,
    /// New connections that failed or were refused.
    pub fresh_failed: u64,
}

/// Plays until `deadline` (the attack's end), and visits until `stop`
/// turns true.
pub async fn run(
    addr: SocketAddr,
    deadline: Instant,
    stop: watch::Receiver<bool>,
) -> Result<Stats> {
    let api = Api::new(addr)?;
    let visitor = tokio::spawn(visit(addr, stop));
    // A table's game ends by itself; the next is started until the
    // deadline, and the move in flight then is waited for.
    let played = run_slot(api, SLOT, deadline, PACE).await;
    let (fresh, failed) = visitor
        .await
        .map_err(|e| Failure::io(format!("the honest visitor failed: {e}")))?;
    let played = played?;
    let mut stats = Stats {
        moves: played.moves,
        act_ack: played.latencies,
        fresh,
        fresh_failed: failed,
    };
    stats.act_ack.sort_unstable();
    stats.fresh.sort_unstable();
    Ok(stats)
}

/// Opens a new connection every [`VISIT_EVERY`] and reads the lobby.
async fn visit(addr: SocketAddr, mut stop: watch::Receiver<bool>) -> (Vec<u32>, u64) {
    let mut times = Vec::new();
    let mut failed = 0;
    let Ok(http) = reqwest::Client::builder()
        .no_proxy()
        // No connection is kept: each visit opens its own.
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(10))
        .build()
    else {
        return (times, 1);
    };
    let url = format!("http://{addr}/api/tables?limit=5");
    while !*stop.borrow() {
        let started = Instant::now();
        let answer = http.get(&url).send().await;
        let served = match answer {
            Ok(a) => a.status().is_success() && a.bytes().await.is_ok(),
            Err(_) => false,
        };
        if served {
            times.push(micros(started.elapsed()));
        } else {
            failed += 1;
        }
        tokio::select! {
            _ = stop.changed() => {}
            () = tokio::time::sleep(VISIT_EVERY) => {}
        }
    }
    (times, failed)
}
