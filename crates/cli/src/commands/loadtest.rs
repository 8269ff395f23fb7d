//! `tourney loadtest`: what pgbench is to PostgreSQL. Drives many Card
//! Joust tables at once over the WebSocket API, two seats per table, each
//! sending its next move as soon as the last one is acknowledged, and
//! reports the moves per second, the latency from `act` to `ack`, and the
//! server's memory.
//!
//! Without `--url` it starts its own server in this process on a temporary
//! SQLite file; with `--url` it drives a server on this machine. Load is
//! only ever sent to loopback addresses.

use crate::cli::LoadtestArgs;
use crate::commands::emit;
use crate::failure::{Failure, Result};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// What to do when a server's rate limits stop a load run.
const UNLIMITED: &str =
    "for a load run, start it with `tourney serve --move-rate 0 --create-rate 0`";
/// A client that hears nothing from its table for this long gives up: the
/// run fails instead of hanging.
const SILENCE: Duration = Duration::from_secs(10);
/// Any one HTTP request may take this long.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// After the deadline, how long a client waits for the ack of the move it
/// still has in flight.
const DRAIN: Duration = Duration::from_secs(5);
/// Idle tables are created this many at a time.
const IDLE_CONCURRENCY: usize = 16;

pub fn run(args: LoadtestArgs) -> Result<()> {
    let target = match &args.url {
        Some(url) => Some(parse_loopback_url(url)?),
        None => None,
    };
    let second = match &args.second_url {
        Some(url) => Some(parse_loopback_url(url)?),
        None => None,
    };
    if args.server_pid.is_some() && target.is_none() {
        return Err(Failure::bad(
            "--server-pid: only with --url (without it the server runs in this process)",
        ));
    }
    if let Some(pid) = args.server_pid
        && rss_kb_of(&format!("/proc/{pid}/status")).is_none()
    {
        return Err(Failure::bad(format!(
            "--server-pid {pid}: no such process, or its memory cannot be read"
        )));
    }
    init_logging();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::io(format!("cannot start the runtime: {e}")))?;
    let report = runtime.block_on(async {
        match target {
            Some(addr) => {
                let rss = args.server_pid.map(|pid| format!("/proc/{pid}/status"));
                drive(addr, second, rss, &args).await
            }
            None => in_process(&args).await,
        }
    })?;
    // Leave the clients' tasks no time to linger past the report.
    runtime.shutdown_timeout(Duration::from_secs(1));
    summarise(&report);
    emit(&format!("{}\n", report.json()))
}

/// Warnings and errors from the in-process server, on stderr.
pub(crate) fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

async fn in_process(args: &LoadtestArgs) -> Result<Report> {
    let dir = tempfile::Builder::new()
        .prefix("tourney-loadtest-")
        .tempdir()
        .map_err(|e| Failure::io(format!("cannot make a temporary folder: {e}")))?;
    let db = dir.path().join("load.db");
    let db = db
        .to_str()
        .ok_or_else(|| Failure::io("the temporary folder's path is not UTF-8"))?
        .to_string();
    let running = tourney_server::start("127.0.0.1:0", &db, tourney_server::Settings::unlimited())
        .await
        .map_err(|e| Failure::io(format!("cannot start the server: {e}")))?;
    eprintln!(
        "loadtest: server in this process on http://{} ({})",
        running.addr, running.storage
    );
    let result = drive(
        running.addr,
        None,
        Some("/proc/self/status".to_string()),
        args,
    )
    .await;
    running.shutdown().await;
    dir.close()
        .map_err(|e| Failure::io(format!("cannot remove the temporary database: {e}")))?;
    result
}

/// `http://127.0.0.1:8080`, `http://localhost:8080/`, `http://[::1]:8080`:
/// the address to drive. Anything off this machine is refused.
pub(crate) fn parse_loopback_url(url: &str) -> Result<SocketAddr> {
    let bad = |why: &str| Failure::bad(format!("--url {url}: {why}"));
    let Some(rest) = url.strip_prefix("http://") else {
        return Err(bad("give http://HOST:PORT (plain HTTP on this machine)"));
    };
    let authority = rest.strip_suffix('/').unwrap_or(rest);
    if authority.contains(['/', '?', '#', '@']) {
        return Err(bad("give only http://HOST:PORT, without a path"));
    }
    let (host, port) = if let Some(inner) = authority.strip_prefix('[') {
        let Some((host, after)) = inner.split_once(']') else {
            return Err(bad("an IPv6 address needs its closing `]`"));
        };
        (host, after.strip_prefix(':'))
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    let port: u16 = match port {
        None => 80,
        Some(p) => p
            .parse()
            .ok()
            .filter(|p| *p != 0)
            .ok_or_else(|| bad("the port is a number from 1 to 65535"))?,
    };
    let ip: IpAddr = if host.eq_ignore_ascii_case("localhost") {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    } else {
        host.parse()
            .map_err(|_| bad("the host must be localhost, 127.x.x.x or [::1]"))?
    };
    if !ip.is_loopback() {
        return Err(bad(
            "load is only sent to this machine: the host must be localhost, 127.x.x.x or [::1]",
        ));
    }
    Ok(SocketAddr::new(ip, port))
}

/// `VmRSS` of a process, in KiB, from its `/proc/…/status`.
pub(crate) fn rss_kb_of(status: &str) -> Option<u64> {
    let text = std::fs::read_to_string(status).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// What a run measured.
struct Report {
    tables: u32,
    seconds: u32,
    elapsed: Duration,
    moves: u64,
    stale: u64,
    games_done: u64,
    /// Act-to-ack times, in microseconds, sorted.
    latencies: Vec<u32>,
    /// Ack-to-step times (the step an ack names, arriving after it), sorted.
    step_gaps: Vec<u32>,
    /// From a move's ack to the other seat hearing of its step (through
    /// the other node with `--second-url`), sorted.
    told_other: Vec<u32>,
    server_rss_kb: Option<u64>,
    idle_tables: u32,
    idle_rss_kb: Option<(Option<u64>, Option<u64>)>,
    server: Option<ServerCounters>,
}

impl Report {
    fn percentile_ms(&self, p: f64) -> f64 {
        percentile_ms(&self.latencies, p)
    }

    fn moves_per_s(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.moves as f64 / secs).round()
        } else {
            0.0
        }
    }

    fn json(&self) -> Value {
        let mut out = json!({
            "tables": self.tables,
            "seconds": self.seconds,
            "moves": self.moves,
            "moves_per_s": self.moves_per_s(),
            "p50_ms": self.percentile_ms(0.50),
            "p99_ms": self.percentile_ms(0.99),
            "games_done": self.games_done,
            "server_rss_kb": self.server_rss_kb,
            "elapsed_s": round3(self.elapsed.as_secs_f64()),
            "p90_ms": self.percentile_ms(0.90),
            "p999_ms": self.percentile_ms(0.999),
            "max_ms": self.percentile_ms(1.0),
            "stale": self.stale,
            "ack_to_step_p50_ms": percentile_ms(&self.step_gaps, 0.5),
            "ack_to_step_p99_ms": percentile_ms(&self.step_gaps, 0.99),
            "ack_to_other_seat_p50_ms": percentile_ms(&self.told_other, 0.5),
            "ack_to_other_seat_p99_ms": percentile_ms(&self.told_other, 0.99),
        });
        if let Some((before, after)) = self.idle_rss_kb {
            out["idle_tables"] = json!(self.idle_tables);
            out["idle_rss_kb"] = json!({ "before": before, "after": after });
        }
        if let Some(server) = &self.server {
            out["server"] = server.json();
        }
        out
    }
}

/// The nearest-rank percentile of sorted microseconds, in milliseconds.
pub(crate) fn percentile_ms(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((sorted.len() as f64) * p).ceil() as usize;
    let index = rank.clamp(1, sorted.len()) - 1;
    round3(f64::from(sorted[index]) / 1000.0)
}

pub(crate) fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn summarise(r: &Report) {
    eprintln!(
        "loadtest: {} tables for {:.1} s: {} moves ({}/s), {} games finished; \
         act→ack p50 {} ms, p99 {} ms; {} stale answers; server RSS {}",
        r.tables,
        r.elapsed.as_secs_f64(),
        r.moves,
        r.moves_per_s(),
        r.games_done,
        r.percentile_ms(0.5),
        r.percentile_ms(0.99),
        r.stale,
        r.server_rss_kb
            .map_or("unknown".to_string(), |kb| format!("{} MiB", kb / 1024)),
    );
    if let Some(s) = &r.server {
        eprintln!(
            "loadtest: server: {} steps in {} transactions ({:.1} appends each); \
             mean time at the table {:.3} ms",
            s.steps,
            s.transactions,
            s.appends as f64 / (s.transactions.max(1) as f64),
            s.move_seconds_sum / (s.move_count.max(1) as f64) * 1000.0,
        );
    }
}

/// Counters from the server's `/metrics`, as differences over the run.
#[derive(Default, Clone)]
struct ServerCounters {
    moves: u64,
    steps: u64,
    transactions: u64,
    appends: u64,
    move_count: u64,
    move_seconds_sum: f64,
}

impl ServerCounters {
    fn parse(text: &str) -> ServerCounters {
        let mut c = ServerCounters::default();
        for (name, v) in metric_values(text) {
            match name {
                "tourney_moves_total" => c.moves = v as u64,
                "tourney_steps_total" => c.steps = v as u64,
                "tourney_store_transactions_total" => c.transactions = v as u64,
                "tourney_store_appends_total" => c.appends = v as u64,
                "tourney_move_seconds_count" => c.move_count = v as u64,
                "tourney_move_seconds_sum" => c.move_seconds_sum = v,
                _ => {}
            }
        }
        c
    }

    fn since(&self, before: &ServerCounters) -> ServerCounters {
        ServerCounters {
            moves: self.moves.saturating_sub(before.moves),
            steps: self.steps.saturating_sub(before.steps),
            transactions: self.transactions.saturating_sub(before.transactions),
            appends: self.appends.saturating_sub(before.appends),
            move_count: self.move_count.saturating_sub(before.move_count),
            move_seconds_sum: (self.move_seconds_sum - before.move_seconds_sum).max(0.0),
        }
    }

    fn json(&self) -> Value {
        json!({
            "moves": self.moves,
            "steps": self.steps,
            "transactions": self.transactions,
            "appends": self.appends,
            "mean_table_ms": round3(self.move_seconds_sum / (self.move_count.max(1) as f64) * 1000.0),
        })
    }
}

/// The samples of a Prometheus text page without labels: `name value`
/// lines, comments and anything else skipped.
pub(crate) fn metric_values(text: &str) -> impl Iterator<Item = (&str, f64)> {
    text.lines().filter_map(|line| {
        let (name, value) = line.split_once(' ')?;
        Some((name, value.trim().parse().ok()?))
    })
}

/// The HTTP side: creating tables, reading `/metrics`.
#[derive(Clone)]
pub(crate) struct Api {
    http: reqwest::Client,
    base: String,
    ws_base: String,
    /// Where each table's second seat plays: a second node, or the same.
    ws_second: String,
}

impl Api {
    pub(crate) fn new(addr: SocketAddr) -> Result<Api> {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .no_proxy()
            .tcp_nodelay(true)
            .build()
            .map_err(|e| Failure::io(format!("cannot make an HTTP client: {e}")))?;
        Ok(Api {
            http,
            base: format!("http://{addr}"),
            ws_base: format!("ws://{addr}"),
            ws_second: format!("ws://{addr}"),
        })
    }

    /// A new Card Joust table with both seats taken: its id and tokens.
    pub(crate) async fn create(&self, names: [&str; 2]) -> Result<(String, [String; 2])> {
        let body = json!({
            "game": "joust",
            "seats": [
                {"kind": "person", "name": names[0]},
                {"kind": "person", "name": names[1]},
            ],
        });
        let url = format!("{}/api/tables", self.base);
        let answer = self
            .http
            .post(&url)
            .json(&body)
            .send()
            .await
            .map_err(|e| Failure::io(format!("POST {url}: {e}")))?;
        let status = answer.status();
        let text = answer
            .text()
            .await
            .map_err(|e| Failure::io(format!("POST {url}: {e}")))?;
        if status.as_u16() == 429 {
            return Err(Failure::io(format!(
                "POST {url}: the server limits how fast tables are made; {UNLIMITED}"
            )));
        }
        if status.as_u16() != 201 {
            return Err(Failure::io(format!(
                "POST {url}: {status}: {}",
                text.chars().take(300).collect::<String>()
            )));
        }
        let created: Value = serde_json::from_str(&text)
            .map_err(|e| Failure::io(format!("POST {url}: not JSON: {e}")))?;
        let id = created["id"]
            .as_str()
            .ok_or_else(|| Failure::io(format!("POST {url}: no `id` in {text}")))?
            .to_string();
        let mut tokens = [String::new(), String::new()];
        for t in created["tokens"].as_array().into_iter().flatten() {
            if let (Some(seat), Some(token)) = (t["seat"].as_u64(), t["token"].as_str())
                && let Some(slot) = tokens.get_mut(seat as usize)
            {
                *slot = token.to_string();
            }
        }
        if tokens.iter().any(String::is_empty) {
            return Err(Failure::io(format!(
                "POST {url}: expected a token for seats 0 and 1 in {text}"
            )));
        }
        Ok((id, tokens))
    }

    /// Asks for a table as a seat sees it, which loads it into memory.
    async fn look(&self, id: &str, token: &str) -> Result<()> {
        let url = format!("{}/api/tables/{id}", self.base);
        let answer = self
            .http
            .get(&url)
            .bearer_auth(token)
            .send()
            .await
            .map_err(|e| Failure::io(format!("GET {url}: {e}")))?;
        if !answer.status().is_success() {
            return Err(Failure::io(format!("GET {url}: {}", answer.status())));
        }
        let _ = answer.bytes().await;
        Ok(())
    }

    /// The server's counters, if it publishes them.
    async fn counters(&self) -> Option<ServerCounters> {
        let answer = self
            .http
            .get(format!("{}/metrics", self.base))
            .send()
            .await
            .ok()?;
        if !answer.status().is_success() {
            return None;
        }
        Some(ServerCounters::parse(&answer.text().await.ok()?))
    }
}

async fn drive(
    addr: SocketAddr,
    second: Option<SocketAddr>,
    rss: Option<String>,
    args: &LoadtestArgs,
) -> Result<Report> {
    let mut api = Api::new(addr)?;
    if let Some(second) = second {
        api.ws_second = format!("ws://{second}");
    }
    let rss_now = || rss.as_deref().and_then(rss_kb_of);
    // Is anyone there? A clear error beats a thousand failed connections.
    api.http
        .get(format!("{}/healthz", api.base))
        .send()
        .await
        .map_err(|e| Failure::io(format!("no server at http://{addr}: {e}")))?;

    let idle_rss_kb = if args.idle_tables > 0 {
        let before = rss_now();
        create_idle(&api, args.idle_tables).await?;
        let after = rss_now();
        eprintln!(
            "loadtest: {} idle tables loaded; server RSS {} → {} KiB",
            args.idle_tables,
            before.map_or("?".into(), |v| v.to_string()),
            after.map_or("?".into(), |v| v.to_string()),
        );
        Some((before, after))
    } else {
        None
    };

    let counters_before = api.counters().await;
    let started = Instant::now();
    let deadline = started + Duration::from_secs(u64::from(args.seconds));
    let mut tasks = tokio::task::JoinSet::new();
    for slot in 0..args.tables {
        let api = api.clone();
        tasks.spawn(run_slot(api, slot, deadline, Duration::ZERO));
    }
    let mut total = SlotStats::default();
    let mut failure = None;
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(Ok(stats)) => total.merge(stats),
            Ok(Err(e)) => {
                if failure.is_none() {
                    failure = Some(e);
                    // One failed table fails the run: stop the others.
                    tasks.abort_all();
                }
            }
            Err(e) if e.is_cancelled() => {}
            Err(e) => {
                failure.get_or_insert_with(|| Failure::io(format!("a table's client failed: {e}")));
            }
        }
    }
    if let Some(e) = failure {
        return Err(e);
    }
    let elapsed = started.elapsed();
    let server_rss_kb = rss_now();
    let server = match (counters_before, api.counters().await) {
        (Some(before), Some(after)) => Some(after.since(&before)),
        _ => None,
    };
    if total.moves == 0 {
        return Err(Failure::io(format!(
            "no move was acknowledged in {} s",
            args.seconds
        )));
    }
    total.latencies.sort_unstable();
    total.step_gaps.sort_unstable();
    total.told_other.sort_unstable();
    Ok(Report {
        tables: args.tables,
        seconds: args.seconds,
        elapsed,
        moves: total.moves,
        stale: total.stale,
        games_done: total.games_done,
        latencies: total.latencies,
        step_gaps: total.step_gaps,
        told_other: total.told_other,
        server_rss_kb,
        idle_tables: args.idle_tables,
        idle_rss_kb,
        server,
    })
}

/// Creates `count` tables with both seats taken and nobody playing, and
/// makes sure each is loaded.
async fn create_idle(api: &Api, count: u32) -> Result<()> {
    let mut tasks = tokio::task::JoinSet::new();
    let mut next = 0;
    let spawn = |tasks: &mut tokio::task::JoinSet<Result<()>>| {
        let api = api.clone();
        tasks.spawn(async move {
            let (id, tokens) = api.create(["idle-a", "idle-b"]).await?;
            api.look(&id, &tokens[0]).await
        });
    };
    while next < count && tasks.len() < IDLE_CONCURRENCY {
        spawn(&mut tasks);
        next += 1;
    }
    while let Some(joined) = tasks.join_next().await {
        joined.map_err(|e| Failure::io(format!("creating an idle table: {e}")))??;
        if next < count {
            spawn(&mut tasks);
            next += 1;
        }
    }
    Ok(())
}

#[derive(Default)]
pub(crate) struct SlotStats {
    pub(crate) moves: u64,
    stale: u64,
    games_done: u64,
    /// Act-to-ack times, in microseconds.
    pub(crate) latencies: Vec<u32>,
    step_gaps: Vec<u32>,
    told_other: Vec<u32>,
}

impl SlotStats {
    fn merge(&mut self, other: SlotStats) {
        self.moves += other.moves;
        self.stale += other.stale;
        self.games_done += other.games_done;
        self.latencies.extend(other.latencies);
        self.step_gaps.extend(other.step_gaps);
        self.told_other.extend(other.told_other);
    }
}

/// One table at a time in this slot: play it to the end, then the next,
/// until the deadline. Each seat waits `pace` before each of its moves
/// (zero: at once).
pub(crate) async fn run_slot(
    api: Api,
    slot: u32,
    deadline: Instant,
    pace: Duration,
) -> Result<SlotStats> {
    let mut stats = SlotStats::default();
    let mut rng = Rng::new(slot);
    while Instant::now() < deadline {
        let (id, tokens) = api.create(["load-a", "load-b"]).await?;
        let url = |base: &str, token: &str| format!("{base}/api/tables/{id}/ws?token={token}");
        let (url_a, url_b) = (
            url(&api.ws_base, &tokens[0]),
            url(&api.ws_second, &tokens[1]),
        );
        let (a, b) = tokio::try_join!(connect(&url_a), connect(&url_b))?;
        let mut rng_b = Rng::new(rng.next() as u32);
        let acks: [Acks; 2] = Default::default();
        let (a, b) = tokio::join!(
            play_seat(a, &id, deadline, pace, &mut rng, [&acks[0], &acks[1]]),
            play_seat(b, &id, deadline, pace, &mut rng_b, [&acks[1], &acks[0]])
        );
        let (a, b) = (a?, b?);
        if a.over && b.over {
            stats.games_done += 1;
        }
        for seat in [a, b] {
            stats.moves += seat.moves;
            stats.stale += seat.stale;
            stats.latencies.extend(seat.latencies);
            stats.step_gaps.extend(seat.step_gaps);
            stats.told_other.extend(seat.told_other);
        }
    }
    Ok(stats)
}

/// A seat's acks, by the step they made the table reach, for the other
/// seat to time its hearing of them.
type Acks = std::sync::Mutex<Vec<(u64, Instant)>>;

pub(crate) type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn connect(url: &str) -> Result<Socket> {
    // tungstenite zeroes its whole read buffer (128 KiB by default) as it
    // reads; messages here are a few KiB, so a small one saves that work.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024);
    let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| Failure::io(format!("WebSocket {}: {e}", redact(url))))?;
    Ok(socket)
}

/// A URL without its token, for error messages.
fn redact(url: &str) -> &str {
    url.split_once('?').map_or(url, |(path, _)| path)
}

struct SeatResult {
    over: bool,
    moves: u64,
    stale: u64,
    latencies: Vec<u32>,
    /// From an ack to the step message it names, when that came later.
    step_gaps: Vec<u32>,
    /// From the other seat's ack to this seat hearing of its step.
    told_other: Vec<u32>,
}

/// One seat's client: follows the table's messages and, whenever it is on
/// move with nothing in flight, sends a random listed action (after `pace`).
///
/// The rules it keeps: at most one action in flight; the latest `seq` and
/// actions come from the newest `state` or `steps` message; after an `ack`
/// it waits for the step the ack names (`now`) before acting again, since
/// the actions it holds were offered before its own move; a `stale`
/// refusal means "wait for the next step".
async fn play_seat(
    mut socket: Socket,
    table: &str,
    deadline: Instant,
    pace: Duration,
    rng: &mut Rng,
    [mine, theirs]: [&Acks; 2],
) -> Result<SeatResult> {
    let fail = |what: String| Failure::io(format!("table {table}: {what}"));
    let mut result = SeatResult {
        over: false,
        moves: 0,
        stale: 0,
        latencies: Vec::new(),
        step_gaps: Vec::new(),
        told_other: Vec::new(),
    };
    let mut acked_at: Option<Instant> = None;
    let mut seq: Option<u64> = None;
    let mut actions = 0usize;
    // Acting waits until the table has reached this step.
    let mut wait_for = 0u64;
    let mut in_flight: Option<(u64, u64, Instant)> = None;
    let mut next_id = 0u64;
    loop {
        let now = Instant::now();
        let past_deadline = now >= deadline;
        if past_deadline && in_flight.is_none() {
            break;
        }
        // Before the deadline, wake at it (a seat waiting for the other
        // seat's move would otherwise wait for a move that never comes);
        // after it, wait only for the ack in flight.
        let limit = if past_deadline {
            (deadline + DRAIN).saturating_duration_since(now)
        } else {
            SILENCE.min(deadline.saturating_duration_since(now))
        };
        let message = tokio::select! {
            message = socket.next() => message,
            () = tokio::time::sleep(limit) => {
                if Instant::now() >= deadline {
                    if past_deadline {
                        return Err(fail(format!("no answer to a move within {} s", DRAIN.as_secs())));
                    }
                    continue;
                }
                return Err(fail(format!("nothing heard for {} s", SILENCE.as_secs())));
            }
        };
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(frame))) => {
                return Err(fail(format!(
                    "the server closed the stream: {}",
                    frame.map_or("no reason".to_string(), |f| f.reason.to_string())
                )));
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(fail(format!("stream: {e}"))),
            None => return Err(fail("the stream ended".into())),
        };
        let message: Incoming = serde_json::from_str(text.as_str())
            .map_err(|e| fail(format!("not a message from the server: {e}")))?;
        match message.kind.as_ref() {
            "state" | "steps" => {
                let Some(s) = message.seq else {
                    return Err(fail(format!("a message without `seq`: {text}")));
                };
                // A message older than what we hold changes nothing.
                if seq.is_none_or(|held| s >= held) {
                    seq = Some(s);
                    actions = message.actions.map_or(0, |a| a.len());
                }
                if s >= wait_for
                    && let Some(at) = acked_at.take()
                {
                    result.step_gaps.push(micros(at.elapsed()));
                }
                if let Ok(mut theirs) = theirs.lock() {
                    theirs.retain(|&(reached, at)| {
                        let heard = reached <= s;
                        if heard {
                            result.told_other.push(micros(at.elapsed()));
                        }
                        !heard
                    });
                }
                let over = message.turn.is_some_and(|t| t.kind == "over");
                if over || message.status.as_deref() == Some("finished") {
                    result.over = true;
                }
            }
            "ack" => {
                let (id, _, sent) = in_flight
                    .ok_or_else(|| fail(format!("an ack with no action in flight: {text}")))?;
                if message.id.as_deref() != Some(id.to_string().as_str()) {
                    return Err(fail(format!("an ack for another action: {text}")));
                }
                result.latencies.push(micros(sent.elapsed()));
                result.moves += 1;
                in_flight = None;
                wait_for = wait_for.max(message.now.unwrap_or(0));
                if let Ok(mut mine) = mine.lock() {
                    mine.push((message.now.unwrap_or(0), Instant::now()));
                }
                if seq.is_none_or(|held| held < wait_for) {
                    acked_at = Some(Instant::now());
                }
            }
            "error" => {
                let Some((id, sent_seq, _)) = in_flight else {
                    return Err(fail(format!("the server refused something: {text}")));
                };
                if message.id.as_deref() != Some(id.to_string().as_str()) {
                    return Err(fail(format!("an error for another action: {text}")));
                }
                in_flight = None;
                if message.error.as_deref() == Some("stale") {
                    result.stale += 1;
                    wait_for = wait_for.max(sent_seq + 1);
                } else if message.error.as_deref() == Some("game_over") {
                    result.over = true;
                } else if message.error.as_deref() == Some("rate_limited") {
                    return Err(fail(format!(
                        "the server limits moves per seat; {UNLIMITED}"
                    )));
                } else {
                    return Err(fail(format!("the server refused a move: {text}")));
                }
            }
            // `seats` and anything newer: nothing to do.
            _ => {}
        }
        if result.over {
            break;
        }
        if let Some(s) = seq
            && in_flight.is_none()
            && actions > 0
            && s >= wait_for
            && Instant::now() < deadline
        {
            // A paced seat thinks a while, as a person does; the messages
            // that arrive meanwhile wait in the socket.
            if !pace.is_zero() {
                tokio::time::sleep(pace).await;
            }
            next_id += 1;
            let index = rng.below(actions);
            let act = json!({"type": "act", "id": next_id.to_string(), "seq": s, "index": index});
            in_flight = Some((next_id, s, Instant::now()));
            socket
                .send(Message::text(act.to_string()))
                .await
                .map_err(|e| fail(format!("sending a move: {e}")))?;
        }
    }
    let _ = socket.close(None).await;
    Ok(result)
}

/// The few fields of a server message a client needs. Read into this
/// rather than a `Value`, the view and the log are skipped without being
/// built: the generator shares the machine with the server it measures.
#[derive(serde::Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type", borrow)]
    kind: std::borrow::Cow<'a, str>,
    seq: Option<u64>,
    actions: Option<Vec<serde::de::IgnoredAny>>,
    #[serde(borrow)]
    turn: Option<IncomingTurn<'a>>,
    #[serde(borrow)]
    status: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow)]
    id: Option<std::borrow::Cow<'a, str>>,
    now: Option<u64>,
    #[serde(borrow)]
    error: Option<std::borrow::Cow<'a, str>>,
}

#[derive(serde::Deserialize)]
struct IncomingTurn<'a> {
    #[serde(borrow)]
    kind: std::borrow::Cow<'a, str>,
}

pub(crate) fn micros(d: Duration) -> u32 {
    d.as_micros().min(u128::from(u32::MAX)) as u32
}

/// A small, fast random source for picking moves (splitmix64); the moves
/// need no quality beyond "not always the first".
struct Rng(u64);

impl Rng {
    fn new(seed: u32) -> Rng {
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Rng(clock ^ (u64::from(seed) << 32 | u64::from(seed)))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_urls_are_accepted() {
        for ok in [
            "http://127.0.0.1:8080",
            "http://127.3.4.5:1/",
            "http://localhost:9000",
            "http://LOCALHOST:9000",
            "http://[::1]:8080",
        ] {
            assert!(parse_loopback_url(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://10.0.0.1:1",
            "http://0.0.0.0:8080",
            "http://192.168.1.1:80",
            "http://example.com:80",
            "https://127.0.0.1:443",
            "127.0.0.1:8080",
            "http://[::2]:80",
            "http://[::1:80",
            "http://127.0.0.1:0",
            "http://127.0.0.1:99999",
            "http://127.0.0.1:80/api",
            "http://user@127.0.0.1:80",
            "http://[::ffff:10.0.0.1]:80",
        ] {
            let e = parse_loopback_url(bad).expect_err(bad);
            assert_eq!(e.exit_code(), 2, "{bad}");
        }
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let report = Report {
            tables: 1,
            seconds: 1,
            elapsed: Duration::from_secs(1),
            moves: 100,
            stale: 0,
            games_done: 0,
            latencies: (1..=100).map(|i| i * 1000).collect(),
            step_gaps: Vec::new(),
            told_other: Vec::new(),
            server_rss_kb: None,
            idle_tables: 0,
            idle_rss_kb: None,
            server: None,
        };
        assert_eq!(report.percentile_ms(0.5), 50.0);
        assert_eq!(report.percentile_ms(0.99), 99.0);
        assert_eq!(report.percentile_ms(1.0), 100.0);
    }
}
