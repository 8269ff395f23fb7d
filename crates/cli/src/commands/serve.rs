//! `tourney serve`: the game server, until Ctrl-C or SIGTERM.

use crate::cli::ServeArgs;
use crate::commands::emit;
use crate::failure::{Failure, Result};
use std::time::Duration;
use tourney_server::{Rate, Settings};

pub fn run(args: ServeArgs) -> Result<()> {
    let settings = settings(&args)?;
    init_logging();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::io(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(serve(args, settings))
}

fn settings(args: &ServeArgs) -> Result<Settings> {
    let seconds = args.bot_time_limit;
    if !(seconds > 0.0 && seconds <= 600.0) {
        return Err(Failure::bad(
            "--bot-time-limit: give a number of seconds above 0 and at most 600",
        ));
    }
    let timeout = args.request_timeout;
    if !(timeout > 0.0 && timeout <= 3600.0) {
        return Err(Failure::bad(
            "--request-timeout: give a number of seconds above 0 and at most 3600",
        ));
    }
    let header = args.header_timeout;
    if !(header > 0.0 && header <= 3600.0) {
        return Err(Failure::bad(
            "--header-timeout: give a number of seconds above 0 and at most 3600",
        ));
    }
    if args.bot_workers == Some(0) {
        return Err(Failure::bad("--bot-workers: give 1 or more"));
    }
    if args.max_connections == Some(0) {
        return Err(Failure::bad("--max-connections: give 1 or more"));
    }
    let rate = |flag: &str, per_second: f64, burst: f64| -> Result<Rate> {
        if !(per_second >= 0.0 && per_second.is_finite()) {
            return Err(Failure::bad(format!("{flag}: give a number, 0 or more")));
        }
        Ok(if per_second == 0.0 {
            Rate::UNLIMITED
        } else {
            Rate { per_second, burst }
        })
    };
    let component_data = match &args.component_data {
        Some(dir) => tourney_server::component_data::read(dir)
            .map_err(|e| Failure::bad(format!("--component-data: {e}")))?,
        None => Default::default(),
    };
    if args.fixed_dice.as_deref() == Some("") {
        return Err(Failure::bad("--fixed-dice: give a non-empty secret"));
    }
    Ok(Settings {
        component_data,
        fixed_dice: args
            .fixed_dice
            .as_deref()
            .map(tourney_server::FixedDice::new),
        bot_time_limit: Duration::from_secs_f64(seconds),
        // A bucket needs room for one whole move, however slow the rate.
        move_rate: rate(
            "--move-rate",
            args.move_rate,
            (args.move_rate * 2.0).max(1.0),
        )?,
        create_rate: rate("--create-rate", args.create_rate / 60.0, 20.0)?,
        request_timeout: Duration::from_secs_f64(timeout),
        header_timeout: Duration::from_secs_f64(header),
        bot_workers: args.bot_workers,
        max_connections: args.max_connections,
        connections_per_address: args.connections_per_address,
        ..Settings::default()
    })
}

/// Warnings and errors on stderr; `RUST_LOG=info` (or `debug`) for more.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

async fn serve(args: ServeArgs, settings: Settings) -> Result<()> {
    let running = tourney_server::start(&args.addr, &args.db, settings)
        .await
        .map_err(|e| Failure::bad(format!("--db {} / --addr {}: {e}", args.db, args.addr)))?;
    emit(&format!(
        "Tourney is serving on http://{addr}/ — data in {storage}{resumed}.\n\
         Open http://{addr}/ in a browser to play; the API is at /api/openapi.json. Stop with Ctrl-C.\n",
        addr = running.addr,
        storage = running.storage,
        resumed = match running.resumed {
            0 => String::new(),
            1 => "; 1 unfinished table resumed".to_string(),
            n => format!("; {n} unfinished tables resumed"),
        }
    ))?;
    stop_signal().await;
    emit("Shutting down: finishing the moves in flight…\n")?;
    let stopped = running.shutdown().await;
    if stopped.tasks_left > 0 {
        emit(&format!(
            "{} tables or streams were still busy after {} s; the store was closed anyway.\n",
            stopped.tasks_left,
            tourney_server::SHUTDOWN_GRACE.as_secs()
        ))?;
    }
    emit("Stopped; every acknowledged move is saved.\n")
}

async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    () = ctrl_c => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => ctrl_c.await,
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}
