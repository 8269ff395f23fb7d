//! `tourney attack`: a hostile client of our own. It runs a series of
//! attacks on a server on this machine, each bounded in count and time,
//! while an honest client plays a table and opens fresh connections beside
//! it, and checks after each one what the server promises: honest players
//! keep their latency, memory and threads stay bounded, every refusal is
//! the documented one, nothing is applied twice, and every connection the
//! attack held is let go. It prints one JSON line and exits 1 when a
//! promise broke.
//!
//! Without `--url` it starts `tourney serve` as a child process on a
//! temporary SQLite file, with the server's default limits, so the server's
//! memory and threads are its own and not the attacker's. Attacks are only
//! ever sent to loopback addresses; an attacker's sockets come from
//! 127.0.0.2 and up (all of 127/8 is this machine), the honest client's
//! from 127.0.0.1, as strangers on the net and a player would.

mod frames;
mod honest;
mod net;
mod report;
mod rules;
mod scenarios;
mod server;
mod slow;

use crate::cli::{AttackArgs, AttackScale};
use crate::commands::emit;
use crate::commands::loadtest::{init_logging, parse_loopback_url};
use crate::failure::{Failure, Result};
use report::{Findings, ScenarioReport};
use server::Server;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// The scenarios, in the order they run. `quiet` (no attack) always runs
/// first: it is the honest client's baseline. `bots` runs last, since the
/// tables it starts keep thinking for the rest of the server's life.
pub const SCENARIOS: [&str; 7] = [
    "idle", "slow", "frames", "floods", "tokens", "races", "bots",
];

/// How big each attack is.
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    /// Idle WebSockets, and as many idle NDJSON streams.
    pub idle: usize,
    /// Source addresses the idle connections are spread over.
    pub addresses: u8,
    /// Connections of each slow kind (silent, trickling, cut-off head,
    /// half-closed).
    pub slow: usize,
    /// WebSockets that send garbage and then break the protocol.
    pub frames: usize,
    /// Clients flooding at once, per kind of flood.
    pub flooders: usize,
    /// Tables whose tokens are misused.
    pub token_tables: usize,
    /// Rounds of races, and requests racing in each.
    pub race_rounds: usize,
    pub racers: usize,
    /// Tables of costly bots.
    pub bot_tables: usize,
    /// How long each attack lasts (the slow one at least the header
    /// timeout and a margin).
    pub seconds: u64,
}

impl Scale {
    fn of(scale: AttackScale) -> Scale {
        match scale {
            AttackScale::Small => Scale {
                idle: 1000,
                addresses: 10,
                slow: 25,
                frames: 40,
                flooders: 4,
                token_tables: 4,
                race_rounds: 4,
                racers: 20,
                bot_tables: 4,
                seconds: 4,
            },
            AttackScale::Full => Scale {
                idle: 2000,
                addresses: 20,
                slow: 250,
                frames: 400,
                flooders: 16,
                token_tables: 40,
                race_rounds: 20,
                racers: 100,
                bot_tables: 16,
                seconds: 15,
            },
        }
    }
}

/// What every attack is given.
pub struct Ctx {
    pub addr: SocketAddr,
    pub base: String,
    pub scale: Scale,
    /// How long a request head may take on this server: the slow attack
    /// expects its sockets closed by then.
    pub header_timeout: Duration,
    /// Whether the server runs with the default limits (the one this
    /// command starts), so the limits' own figures can be checked.
    pub default_limits: bool,
}

impl Ctx {
    /// The end of an attack that starts now.
    pub fn deadline(&self) -> Instant {
        Instant::now() + Duration::from_secs(self.scale.seconds)
    }
}

pub fn run(args: AttackArgs) -> Result<()> {
    let only = chosen(args.only.as_deref())?;
    let mut scale = Scale::of(args.scale);
    if let Some(seconds) = args.seconds {
        scale.seconds = seconds.into();
    }
    if !(args.header_timeout > 0.0 && args.header_timeout <= 120.0) {
        return Err(Failure::bad(
            "--header-timeout: give the server's header timeout in seconds, above 0 and at most 120",
        ));
    }
    if !(args.max_p99_ms > 0.0 && args.max_p99_ms.is_finite()) {
        return Err(Failure::bad(
            "--max-p99-ms: give a number of milliseconds above 0",
        ));
    }
    let header_timeout = Duration::from_secs_f64(args.header_timeout);
    if args.server_pid.is_some() && args.url.is_none() {
        return Err(Failure::bad(
            "--server-pid: only with --url (without it the server is started, and known)",
        ));
    }
    let target = args.url.as_deref().map(parse_loopback_url).transpose()?;
    init_logging();
    // Thousands of sockets are files: the attacker needs the room too.
    tourney_server::raise_file_limit();
    let (server, header_timeout) = match target {
        Some(addr) => (Server::at(addr, args.server_pid)?, header_timeout),
        None => (
            Server::spawn(server::SPAWNED_HEADER_TIMEOUT)?,
            server::SPAWNED_HEADER_TIMEOUT,
        ),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::io(format!("cannot start the runtime: {e}")))?;
    let ctx = Ctx {
        addr: server.addr,
        base: format!("http://{}", server.addr),
        scale,
        header_timeout,
        default_limits: server.spawned(),
    };
    let limits = report::Limits {
        p99_ms: args.max_p99_ms,
    };
    let outcome = runtime.block_on(run_all(&ctx, &server, &only, &limits));
    runtime.shutdown_timeout(Duration::from_secs(1));
    drop(server);
    let reports = outcome?;
    let summary = report::summary(&ctx, &limits, args.scale, &reports);
    report::print(&reports);
    emit(&format!("{summary}\n"))?;
    let broken: usize = reports.iter().map(|r| r.broken.len()).sum();
    if broken > 0 {
        return Err(Failure::io(format!(
            "attack: {broken} promise(s) broken; see `broken` in the report"
        )));
    }
    Ok(())
}

/// The scenarios `--only` names, in their running order.
fn chosen(only: Option<&str>) -> Result<Vec<&'static str>> {
    let Some(only) = only else {
        return Ok(SCENARIOS.to_vec());
    };
    let mut picked = Vec::new();
    for name in only.split(',').map(str::trim) {
        let Some(known) = SCENARIOS.iter().find(|s| s.eq_ignore_ascii_case(name)) else {
            return Err(Failure::bad(format!(
                "--only: no scenario `{name}`; the scenarios are {}",
                SCENARIOS.join(", ")
            )));
        };
        picked.push(*known);
    }
    Ok(SCENARIOS
        .into_iter()
        .filter(|s| picked.contains(s))
        .collect())
}

async fn run_all(
    ctx: &Ctx,
    server: &Server,
    only: &[&'static str],
    limits: &report::Limits,
) -> Result<Vec<ScenarioReport>> {
    server.wait_until_up(&ctx.base).await?;
    let mut reports = Vec::new();
    let quiet = report::measure(ctx, server, "quiet", limits, async {
        tokio::time::sleep_until(ctx.deadline().into()).await;
        Ok(Findings::default())
    })
    .await?;
    eprintln!("{}", quiet.line());
    reports.push(quiet);
    for &name in only {
        let attack = async {
            match name {
                "idle" => slow::idle(ctx).await,
                "slow" => slow::slow(ctx).await,
                "frames" => frames::frames(ctx).await,
                "floods" => scenarios::floods(ctx).await,
                "tokens" => rules::tokens(ctx).await,
                "races" => rules::races(ctx).await,
                "bots" => scenarios::bots(ctx).await,
                other => Err(Failure::bad(format!("no scenario `{other}`"))),
            }
        };
        let report = report::measure(ctx, server, name, limits, attack).await?;
        eprintln!("{}", report.line());
        reports.push(report);
    }
    Ok(reports)
}
