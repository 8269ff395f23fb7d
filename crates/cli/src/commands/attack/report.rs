//! One attack measured: the honest client beside it, the server's memory
//! and threads at their peak, the connections let go afterwards, and the
//! promises checked.

use super::server::{self, Sample, Server};
use super::{Ctx, honest};
use crate::cli::AttackScale;
use crate::commands::loadtest::{percentile_ms, round3};
use crate::failure::Result;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::future::Future;
use std::time::{Duration, Instant};

/// Memory an attack may add to the server beyond what it holds open.
const RSS_SLACK_KB: u64 = 64 * 1024;
/// Memory each connection the attack holds may cost the server.
const RSS_PER_CONNECTION_KB: u64 = 96;
/// Threads an attack may add to the server: tokio's blocking pool grows a
/// little under database load; connections and bots must not add any.
const THREAD_SLACK: u64 = 24;
/// How long the server has, after an attack ends, to let its connections
/// go (the attacker closes its own; the server reaps the rest).
const SETTLE: Duration = Duration::from_secs(10);
/// An attack must be over this long after its deadline.
const OVERRUN: Duration = Duration::from_secs(30);

/// The bounds the honest client's figures are held to.
pub struct Limits {
    pub p99_ms: f64,
}

/// What an attack counted and which of its promises broke.
#[derive(Default)]
pub struct Findings {
    pub counts: BTreeMap<String, u64>,
    pub broken: Vec<String>,
    /// Connections the attack held open at once, at the most.
    pub held: u64,
}

impl Findings {
    pub fn add(&mut self, what: impl Into<String>, n: u64) {
        *self.counts.entry(what.into()).or_default() += n;
    }

    /// Notes a broken promise unless `ok`.
    pub fn expect(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.broken.push(what());
        }
    }

    pub fn merge(&mut self, other: Findings) {
        for (k, v) in other.counts {
            self.add(k, v);
        }
        self.broken.extend(other.broken);
        self.held += other.held;
    }

    /// An answer's status counted under `what`, and a 5xx noted as broken.
    pub fn status(&mut self, what: &str, status: u16) {
        self.add(format!("{what}_{status}"), 1);
        self.expect(status < 500, || {
            format!("{what}: the server answered {status}")
        });
    }
}

pub struct ScenarioReport {
    pub name: &'static str,
    pub seconds: f64,
    pub findings: Findings,
    pub honest: honest::Stats,
    pub before: Sample,
    pub peak: Sample,
    pub after: Sample,
    pub open_before: Option<u64>,
    pub open_after: Option<u64>,
    pub refused: Option<u64>,
    pub bots_stopped: Option<u64>,
    pub broken: Vec<String>,
}

/// Runs `attack` with the honest client beside it, then checks the server.
pub async fn measure(
    ctx: &Ctx,
    server: &Server,
    name: &'static str,
    limits: &Limits,
    attack: impl Future<Output = Result<Findings>>,
) -> Result<ScenarioReport> {
    let before = server.sample();
    let counters_before = server::counters(&ctx.base).await;
    let started = Instant::now();
    // Tells the honest client and the sampler that the attack is over.
    let stop = tokio::sync::watch::channel(false);
    let honest = tokio::spawn(honest::run(ctx.addr, ctx.deadline(), stop.1.clone()));
    let sampler = {
        let mut stop = stop.1.clone();
        let pid = server.pid();
        tokio::spawn(async move {
            let mut peak = Sample::default();
            loop {
                let now = Server::sample_pid(pid);
                peak.rss_kb = peak.rss_kb.max(now.rss_kb);
                peak.threads = peak.threads.max(now.threads);
                tokio::select! {
                    _ = stop.changed() => return peak,
                    () = tokio::time::sleep(Duration::from_millis(50)) => {}
                }
            }
        })
    };
    let limit = Duration::from_secs(ctx.scale.seconds).max(ctx.header_timeout) + OVERRUN;
    let mut findings = match tokio::time::timeout(limit, attack).await {
        Ok(found) => found?,
        Err(_) => {
            let mut f = Findings::default();
            f.broken.push(format!(
                "the attack did not end within {} s: a request hung",
                limit.as_secs()
            ));
            f
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let _ = stop.0.send(true);
    let honest = match honest.await {
        Ok(Ok(stats)) => stats,
        Ok(Err(e)) => {
            findings
                .broken
                .push(format!("the honest client was not served: {e}"));
            honest::Stats::default()
        }
        Err(e) => {
            findings
                .broken
                .push(format!("the honest client failed: {e}"));
            honest::Stats::default()
        }
    };
    let peak = sampler.await.unwrap_or_default();
    let open_before = counters_before.map(|c| c.connections_open);
    let counters_after = settle(ctx, open_before).await;
    let after = server.sample();
    let mut report = ScenarioReport {
        name,
        seconds,
        findings,
        honest,
        before,
        peak,
        after,
        open_before,
        open_after: counters_after.map(|c| c.connections_open),
        refused: delta(counters_before, counters_after, |c| c.connections_refused),
        bots_stopped: delta(counters_before, counters_after, |c| c.bots_stopped),
        broken: Vec::new(),
    };
    report.check(limits);
    Ok(report)
}

fn delta(
    before: Option<server::Counters>,
    after: Option<server::Counters>,
    field: impl Fn(&server::Counters) -> u64,
) -> Option<u64> {
    Some(field(&after?).saturating_sub(field(&before?)))
}

/// Waits until the server holds no more connections than before the
/// attack (a few of its own come and go), or [`SETTLE`] has passed.
async fn settle(ctx: &Ctx, open_before: Option<u64>) -> Option<server::Counters> {
    let started = Instant::now();
    loop {
        let now = server::counters(&ctx.base).await;
        let settled = match (now, open_before) {
            (Some(now), Some(before)) => now.connections_open <= before + 2,
            _ => true,
        };
        if settled || started.elapsed() >= SETTLE {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

impl ScenarioReport {
    /// The promises every attack keeps: the honest client's latency, the
    /// server's memory and threads, the connections let go.
    fn check(&mut self, limits: &Limits) {
        let mut broken = std::mem::take(&mut self.findings.broken);
        let h = &self.honest;
        if h.moves == 0 {
            broken.push("the honest client made no move".into());
        }
        let p99 = percentile_ms(&h.act_ack, 0.99);
        if p99 > limits.p99_ms {
            broken.push(format!(
                "the honest client's moves: p99 {p99} ms, over {} ms",
                limits.p99_ms
            ));
        }
        let fresh = percentile_ms(&h.fresh, 0.99);
        if fresh > limits.p99_ms {
            broken.push(format!(
                "the honest client's new connections: p99 {fresh} ms, over {} ms",
                limits.p99_ms
            ));
        }
        if h.fresh_failed > 0 {
            broken.push(format!(
                "{} of the honest client's new connections failed",
                h.fresh_failed
            ));
        }
        if let (Some(before), Some(peak)) = (self.before.rss_kb, self.peak.rss_kb) {
            let allowed = RSS_SLACK_KB + self.findings.held * RSS_PER_CONNECTION_KB;
            if peak.saturating_sub(before) > allowed {
                broken.push(format!(
                    "the server's memory grew from {before} to {peak} KiB, more than {allowed} KiB for {} connections",
                    self.findings.held
                ));
            }
        }
        if let (Some(before), Some(peak)) = (self.before.threads, self.peak.threads)
            && peak > before + THREAD_SLACK
        {
            broken.push(format!("the server's threads grew from {before} to {peak}"));
        }
        if let (Some(before), Some(after)) = (self.open_before, self.open_after)
            && after > before + 2
        {
            broken.push(format!(
                "{after} connections still open {} s after the attack, {before} before it",
                SETTLE.as_secs()
            ));
        }
        self.broken = broken;
    }

    fn json(&self) -> Value {
        let h = &self.honest;
        json!({
            "name": self.name,
            "seconds": round3(self.seconds),
            "counts": self.findings.counts,
            "held_connections": self.findings.held,
            "honest": {
                "moves": h.moves,
                "move_p50_ms": percentile_ms(&h.act_ack, 0.5),
                "move_p99_ms": percentile_ms(&h.act_ack, 0.99),
                "new_connections": h.fresh.len(),
                "new_connection_p50_ms": percentile_ms(&h.fresh, 0.5),
                "new_connection_p99_ms": percentile_ms(&h.fresh, 0.99),
                "new_connections_failed": h.fresh_failed,
            },
            "server": {
                "rss_kb": {"before": self.before.rss_kb, "peak": self.peak.rss_kb, "after": self.after.rss_kb},
                "threads": {"before": self.before.threads, "peak": self.peak.threads, "after": self.after.threads},
                "connections_open": {"before": self.open_before, "after": self.open_after},
                "connections_refused": self.refused,
                "bots_stopped": self.bots_stopped,
            },
            "broken": self.broken,
        })
    }

    /// One line for the terminal.
    pub fn line(&self) -> String {
        let h = &self.honest;
        let mib = |kb: Option<u64>| kb.map_or("?".to_string(), |kb| format!("{}", kb / 1024));
        format!(
            "attack: {:<7} {:>5.1} s  honest moves {:>4} p99 {:>7.2} ms, new connections p99 {:>7.2} ms; \
             held {:>5}; server {}→{} MiB, {}→{} threads{}",
            self.name,
            self.seconds,
            h.moves,
            percentile_ms(&h.act_ack, 0.99),
            percentile_ms(&h.fresh, 0.99),
            self.findings.held,
            mib(self.before.rss_kb),
            mib(self.peak.rss_kb),
            self.before.threads.map_or("?".into(), |t| t.to_string()),
            self.peak.threads.map_or("?".into(), |t| t.to_string()),
            if self.broken.is_empty() {
                String::new()
            } else {
                format!("; BROKEN: {}", self.broken.join("; "))
            }
        )
    }
}

/// The broken promises, one per line, on stderr.
pub fn print(reports: &[ScenarioReport]) {
    for r in reports {
        for b in &r.broken {
            eprintln!("attack: {}: BROKEN: {b}", r.name);
        }
    }
}

/// The whole run as one JSON value.
pub fn summary(
    ctx: &Ctx,
    limits: &Limits,
    scale: AttackScale,
    reports: &[ScenarioReport],
) -> Value {
    let broken: Vec<String> = reports
        .iter()
        .flat_map(|r| r.broken.iter().map(move |b| format!("{}: {b}", r.name)))
        .collect();
    json!({
        "server": ctx.base,
        "started_here": ctx.default_limits,
        "scale": format!("{scale:?}").to_lowercase(),
        "seconds_per_attack": ctx.scale.seconds,
        "header_timeout_s": ctx.header_timeout.as_secs_f64(),
        "max_p99_ms": limits.p99_ms,
        "scenarios": reports.iter().map(ScenarioReport::json).collect::<Vec<_>>(),
        "broken": broken,
    })
}
