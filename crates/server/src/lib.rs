//! # tourney-server
//!
//! `tourney serve`: tables of every Tourney game on the net. The server adds
//! nothing to the rules. Each live table is an actor owning its game; every
//! step is made durable in the store before anyone hears of it; each viewer
//! is told only what `view(Some(seat))` or `view(None)` shows, with the log
//! filtered the same way.
//!
//! A program runs a server with [`start`], tuned by [`Settings`], and stops
//! it with [`Running::shutdown`]; everything else is inside:
//!
//! - `listen`: accepting connections within bounds (how many, how many
//!   from one address, how long a request's head may take);
//! - `api`: the HTTP routes, the WebSocket and NDJSON streams;
//! - `hub`: the live tables by id, loaded on demand by replay;
//! - `feed`: other nodes' changes (PostgreSQL), handed to the tables;
//! - `leases`: which node moves a table's bots (PostgreSQL);
//! - `table`: one table's actor;
//! - `seats`, `auth`: who sits where, tokens and invites;
//! - `protocol`: the JSON shapes, described at `/api/openapi.json`;
//! - [`web_types`]: the browser's TypeScript types, made from the games' schemas;
//! - [`metrics`]: the counters behind `/metrics`.

mod api;
mod auth;
mod clock;
pub mod component_data;
mod error;
mod feed;
mod hub;
mod leases;
mod listen;
pub mod metrics;
mod protocol;
mod seats;
mod settings;
mod table;
pub mod web_types;

pub use listen::raise_file_limit;
pub use settings::{FixedDice, Rate, Settings};

use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;
use tourney_store::Store;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened or migrated.
    #[error("{0}")]
    Store(#[from] tourney_store::StoreError),
    /// The address could not be bound (taken, not this machine's, no
    /// permission).
    #[error("cannot listen on {addr}: {reason}")]
    Listen {
        /// The address as it was given.
        addr: String,
        /// The operating system's words.
        reason: String,
    },
}

/// A server that is running: where it listens, and how to stop it.
pub struct Running {
    /// The address actually bound: with port 0 asked for, the port the
    /// system picked.
    pub addr: SocketAddr,
    /// Where the data lives, in words ("SQLite file /srv/tourney.db").
    pub storage: String,
    /// How many unfinished tables were resumed at start.
    pub resumed: usize,
    hub: Arc<hub::Hub>,
    /// Following the other nodes' changes, and keeping this node's bot
    /// leases; PostgreSQL only.
    feed: Option<(tokio::task::JoinHandle<()>, tokio::task::JoinHandle<()>)>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

/// Opens the store (running its migrations), resumes every unfinished
/// table, and starts serving on `addr` (`127.0.0.1:0` picks a free port).
pub async fn start(addr: &str, db: &str, settings: Settings) -> Result<Running, StartError> {
    let store = Store::open(db).await?;
    let storage = store.describe();
    let listener = listen::bind(addr).await.map_err(|e| StartError::Listen {
        addr: addr.to_string(),
        reason: e.to_string(),
    })?;
    let local = listener.local_addr().map_err(|e| StartError::Listen {
        addr: addr.to_string(),
        reason: e.to_string(),
    })?;
    let components = Arc::new(component_data::served(&settings.component_data));
    // Listening before any table loads: a change made meanwhile by another
    // node is then either in the log the table loads or announced after.
    let changes = store.change_feed().await?;
    let hub = hub::Hub::new(store, settings);
    let resumed = hub.resume_all().await.unwrap_or_else(|e| {
        tracing::error!("resuming tables: {e}");
        0
    });
    let feed = changes.map(|changes| {
        (
            tokio::spawn(feed::follow(hub.clone(), changes)),
            tokio::spawn(leases::keep(hub.clone())),
        )
    });
    let (stop, stopped) = watch::channel(false);
    let state = api::AppState {
        hub: hub.clone(),
        shutdown: stopped.clone(),
        create_buckets: Default::default(),
        rematches: Default::default(),
        components,
    };
    let app = api::router(state);
    let file_limit = listen::raise_file_limit();
    let bounds = listen::Bounds {
        total: hub
            .settings
            .max_connections
            .unwrap_or_else(|| listen::default_total(file_limit)),
        per_address: hub.settings.connections_per_address,
        header_timeout: hub.settings.header_timeout,
    };
    let task = tokio::spawn(listen::serve(
        listener,
        app,
        bounds,
        hub.metrics.clone(),
        stopped,
        SHUTDOWN_GRACE,
    ));
    Ok(Running {
        addr: local,
        storage,
        resumed,
        hub,
        feed,
        stop,
        task,
    })
}

/// How long a shutdown waits for table actors and WebSocket tasks. An actor
/// answers in microseconds once its writes land; this bounds a failing disk.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

/// What a shutdown left behind; both are 0 unless [`SHUTDOWN_GRACE`] ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// Table actors and WebSocket tasks still running when the store closed.
    pub tasks_left: usize,
    /// Tables still in memory then.
    pub tables_live: u64,
}

impl Running {
    /// Stops taking moves, closes every stream with a "reconnect" notice,
    /// waits for requests in flight, then for every table actor and
    /// WebSocket task (at most [`SHUTDOWN_GRACE`]), and only then lets the
    /// store finish its writes and close. Bots still thinking are
    /// abandoned: their table stops without waiting for them, and their
    /// seat is asked again when the table next loads.
    pub async fn shutdown(self) -> Stopped {
        self.hub
            .closing
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let _ = self.stop.send(true);
        let _ = self.task.await;
        self.hub.release_tables();
        let tasks = &self.hub.tasks;
        tasks.close();
        if tokio::time::timeout(SHUTDOWN_GRACE, tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!(
                "{} tasks still running after {SHUTDOWN_GRACE:?}; closing the store anyway",
                tasks.len()
            );
        }
        let stopped = Stopped {
            tasks_left: tasks.len(),
            tables_live: self
                .hub
                .metrics
                .tables_live
                .load(std::sync::atomic::Ordering::Relaxed),
        };
        if let Some((feed, leases)) = self.feed {
            feed.abort();
            leases.abort();
        }
        self.hub.store.close().await;
        stopped
    }

    /// The server's live counters, the same ones `/metrics` reports.
    pub fn metrics(&self) -> &metrics::Metrics {
        &self.hub.metrics
    }
}
