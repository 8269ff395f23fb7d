//! Counters for `/metrics`, in the Prometheus text format. Plain atomics:
//! a move through the server bumps two of them and takes no lock.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Upper bounds of the move-latency histogram, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

/// The refusal codes counted one by one; anything else counts as `other`.
const REFUSALS: [&str; 11] = [
    "bad_request",
    "unauthorized",
    "forbidden",
    "not_found",
    "stale",
    "illegal_action",
    "bad_config",
    "rate_limited",
    "seat_taken",
    "too_large",
    "other",
];

/// The server's counters since it started. Each field is read with a plain
/// atomic load; `/metrics` prints them all.
#[derive(Default)]
pub struct Metrics {
    /// Actions accepted, from people's seats and from bots.
    pub moves: AtomicU64,
    /// Steps made durable: actions and chance steps alike.
    pub steps: AtomicU64,
    /// Tables created, rematches included.
    pub tables_created: AtomicU64,
    /// Tables in memory now (a gauge: it goes down as tables unload).
    pub tables_live: AtomicU64,
    /// Open WebSocket and NDJSON streams now (a gauge).
    pub subscribers: AtomicU64,
    /// Bot moves replaced by a random legal move: the bot ran past the time
    /// limit, failed, or chose a move the rules refused.
    pub bot_timeouts: AtomicU64,
    /// Tables rebuilt from the log because another node wrote a step
    /// first.
    pub reloads: AtomicU64,
    /// Tables brought up to date with steps, seats or status another node
    /// wrote.
    pub catch_ups: AtomicU64,
    /// Client connections open now, WebSockets included (a gauge).
    pub connections_open: AtomicU64,
    /// Connections closed on arrival: the server's bound, or the
    /// address's share of it, was full.
    pub connections_refused: AtomicU64,
    /// Bot searches stopped because their table's time ran out.
    pub bots_stopped: AtomicU64,
    refusals: [AtomicU64; REFUSALS.len()],
    latency_buckets: [AtomicU64; BUCKETS.len()],
    latency_count: AtomicU64,
    latency_micros: AtomicU64,
}

impl Metrics {
    /// Counts one refusal under its error code.
    pub(crate) fn refused(&self, code: &str) {
        let i = REFUSALS
            .iter()
            .position(|c| *c == code)
            .unwrap_or(REFUSALS.len() - 1);
        self.refusals[i].fetch_add(1, Relaxed);
    }

    /// Time from a move's arrival at its table to its acknowledgement.
    pub(crate) fn move_latency(&self, took: Duration) {
        let secs = took.as_secs_f64();
        for (bucket, bound) in self.latency_buckets.iter().zip(BUCKETS) {
            if secs <= bound {
                bucket.fetch_add(1, Relaxed);
            }
        }
        self.latency_count.fetch_add(1, Relaxed);
        self.latency_micros
            .fetch_add(took.as_micros().min(u128::from(u64::MAX)) as u64, Relaxed);
    }

    /// Every counter, with the store writer's, as the Prometheus text
    /// format `/metrics` answers.
    pub(crate) fn render(&self, store: tourney_store::WriterStats) -> String {
        let mut out = String::new();
        let mut counter = |name: &str, help: &str, kind: &str, value: u64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        counter(
            "tourney_tables_live",
            "Tables loaded in memory.",
            "gauge",
            self.tables_live.load(Relaxed),
        );
        counter(
            "tourney_tables_created_total",
            "Tables created.",
            "counter",
            self.tables_created.load(Relaxed),
        );
        counter(
            "tourney_moves_total",
            "Actions accepted from seats and bots.",
            "counter",
            self.moves.load(Relaxed),
        );
        counter(
            "tourney_steps_total",
            "Steps made durable (actions and chance).",
            "counter",
            self.steps.load(Relaxed),
        );
        counter(
            "tourney_subscribers",
            "Open streams.",
            "gauge",
            self.subscribers.load(Relaxed),
        );
        counter(
            "tourney_bot_timeouts_total",
            "Bot moves that ran out of time.",
            "counter",
            self.bot_timeouts.load(Relaxed),
        );
        counter(
            "tourney_table_reloads_total",
            "Tables rebuilt from the log after another node wrote a step first.",
            "counter",
            self.reloads.load(Relaxed),
        );
        counter(
            "tourney_table_catch_ups_total",
            "Tables brought up to date with another node's changes.",
            "counter",
            self.catch_ups.load(Relaxed),
        );
        counter(
            "tourney_connections_open",
            "Client connections open, WebSockets included.",
            "gauge",
            self.connections_open.load(Relaxed),
        );
        counter(
            "tourney_connections_refused_total",
            "Connections closed on arrival because the bound or the address's share was full.",
            "counter",
            self.connections_refused.load(Relaxed),
        );
        counter(
            "tourney_bots_stopped_total",
            "Bot searches stopped when their time ran out.",
            "counter",
            self.bots_stopped.load(Relaxed),
        );
        counter(
            "tourney_store_transactions_total",
            "Transactions committed by the writer.",
            "counter",
            store.transactions,
        );
        counter(
            "tourney_store_appends_total",
            "Appends the writer committed.",
            "counter",
            store.appends,
        );
        let _ = writeln!(
            out,
            "# HELP tourney_refusals_total Requests refused, by error code."
        );
        let _ = writeln!(out, "# TYPE tourney_refusals_total counter");
        for (code, n) in REFUSALS.iter().zip(&self.refusals) {
            let _ = writeln!(
                out,
                "tourney_refusals_total{{error=\"{code}\"}} {}",
                n.load(Relaxed)
            );
        }
        let _ = writeln!(
            out,
            "# HELP tourney_move_seconds From a move's arrival to its acknowledgement."
        );
        let _ = writeln!(out, "# TYPE tourney_move_seconds histogram");
        for (bound, n) in BUCKETS.iter().zip(&self.latency_buckets) {
            let _ = writeln!(
                out,
                "tourney_move_seconds_bucket{{le=\"{bound}\"}} {}",
                n.load(Relaxed)
            );
        }
        let count = self.latency_count.load(Relaxed);
        let _ = writeln!(out, "tourney_move_seconds_bucket{{le=\"+Inf\"}} {count}");
        let sum = self.latency_micros.load(Relaxed) as f64 / 1e6;
        let _ = writeln!(
            out,
            "tourney_move_seconds_sum {sum}\ntourney_move_seconds_count {count}"
        );
        out
    }
}
