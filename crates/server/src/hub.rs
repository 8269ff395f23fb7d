//! The tables in memory, by id. The map holds only channel ends: the games
//! live in their actors. A table missing from the map is loaded from the
//! store on demand, by replaying its steps.

use crate::error::{ApiError, ApiResult};
use crate::leases::Leases;
use crate::metrics::Metrics;
use crate::settings::Settings;
use crate::table::{Command, Context, Reply, Table, TableHandle};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio_util::task::TaskTracker;
use tourney_store::{Change, Store};

/// How long a request waits for its table to answer. Tables answer in
/// microseconds; this only bounds a table stuck behind a failing disk.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// Every live table's handle, with what all tables share: the store, the
/// counters and the settings.
pub struct Hub {
    tables: Mutex<HashMap<String, TableHandle>>,
    /// Loads are serialised so a table is never loaded twice at once; a
    /// load takes milliseconds.
    loading: tokio::sync::Mutex<()>,
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub settings: Arc<Settings>,
    /// Set when shutdown begins: no new moves are taken.
    pub closing: AtomicBool,
    /// Whether every table in memory is known to be current: always on
    /// SQLite; on PostgreSQL, off from the moment the feed of the other
    /// nodes' changes breaks until every table has caught up again.
    in_sync: AtomicBool,
    /// Every table actor and WebSocket task, so a shutdown can wait for
    /// them before the store closes.
    pub tasks: TaskTracker,
    /// Which tables' bots this node moves.
    pub leases: Arc<Leases>,
    /// The bots' thinkers: a bot thinks only while it holds one.
    pub bot_pool: Arc<tokio::sync::Semaphore>,
    me: Weak<Hub>,
}

impl Hub {
    pub fn new(store: Store, settings: Settings) -> Arc<Hub> {
        let leases = Arc::new(Leases::new(store.is_shared()));
        let bot_pool = Arc::new(tokio::sync::Semaphore::new(bot_workers(&settings)));
        Arc::new_cyclic(|me| Hub {
            tables: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            store,
            metrics: Arc::new(Metrics::default()),
            settings: Arc::new(settings),
            closing: AtomicBool::new(false),
            in_sync: AtomicBool::new(true),
            tasks: TaskTracker::new(),
            leases,
            bot_pool,
            me: me.clone(),
        })
    }

    pub fn is_closing(&self) -> bool {
        self.closing.load(Ordering::Relaxed)
    }

    pub(crate) fn set_in_sync(&self, in_sync: bool) {
        self.in_sync.store(in_sync, Ordering::SeqCst);
    }

    /// Refuses while this node cannot prove its tables current.
    fn check_in_sync(&self) -> ApiResult<()> {
        if self.in_sync.load(Ordering::SeqCst) {
            return Ok(());
        }
        Err(ApiError::unavailable(
            "this server lost touch with the database and is catching up; try again in a moment",
        ))
    }

    /// Another node changed a table: if it is in memory here, it catches
    /// up from the log.
    pub(crate) fn changed(&self, change: &Change) {
        let Some(handle) = self.cached(change.table()) else {
            return;
        };
        let steps = match change {
            Change::Steps { steps, head, .. } => Some((*steps, *head)),
            _ => None,
        };
        handle.nudge(Command::CatchUp { steps, done: None });
    }

    /// Loads table `id` if it is not in memory, and sets its bots
    /// thinking if one is on move (a lease lapsed elsewhere).
    pub(crate) async fn wake(&self, id: &str) {
        match self.table(id).await {
            Ok(handle) => handle.nudge(Command::Kick),
            Err(e) => tracing::warn!("table {id}: taking over its bots: {e}"),
        }
    }

    /// Every table in memory catches up with the log, for when changes
    /// may have been missed. Returns once each has (or has stopped).
    pub(crate) async fn catch_up_all(&self) {
        let handles: Vec<TableHandle> = match self.tables.lock() {
            Ok(tables) => tables.values().cloned().collect(),
            Err(_) => return,
        };
        let mut waits = Vec::with_capacity(handles.len());
        for handle in handles {
            let (done, caught_up) = oneshot::channel();
            let command = Command::CatchUp {
                steps: None,
                done: Some(done),
            };
            if handle.send(command).await.is_some() {
                waits.push(caught_up);
            }
        }
        for wait in waits {
            // A table that stopped instead drops `done`: it reloads from
            // the log on its next request, which is current too.
            let _ = tokio::time::timeout(ANSWER_WITHIN, wait).await;
        }
    }

    fn cached(&self, id: &str) -> Option<TableHandle> {
        let tables = self.tables.lock().ok()?;
        tables.get(id).filter(|h| !h.is_closed()).cloned()
    }

    /// The table's handle, loading the table if it is not in memory.
    pub async fn table(&self, id: &str) -> ApiResult<TableHandle> {
        self.check_in_sync()?;
        if let Some(handle) = self.cached(id) {
            return Ok(handle);
        }
        if !valid_id(id) {
            return Err(ApiError::no_table(id));
        }
        let _guard = self.loading.lock().await;
        if let Some(handle) = self.cached(id) {
            return Ok(handle);
        }
        let hub = self.me.clone();
        let key = id.to_string();
        let context = Context {
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            settings: self.settings.clone(),
            tasks: self.tasks.clone(),
            leases: self.leases.clone(),
            bot_pool: self.bot_pool.clone(),
        };
        let handle = Table::spawn(id, context, move || {
            if let Some(hub) = hub.upgrade() {
                hub.forget(&key);
            }
        })
        .await?
        .ok_or_else(|| ApiError::no_table(id))?;
        if let Ok(mut tables) = self.tables.lock() {
            tables.insert(id.to_string(), handle.clone());
        }
        Ok(handle)
    }

    /// Lets go of every table's handle. Once the requests and streams that
    /// still hold one are gone, each actor's channel closes: it answers
    /// what it owes, lands its writes and stops.
    pub fn release_tables(&self) {
        if let Ok(mut tables) = self.tables.lock() {
            tables.clear();
        }
    }

    fn forget(&self, id: &str) {
        if let Ok(mut tables) = self.tables.lock()
            && tables.get(id).is_some_and(TableHandle::is_closed)
        {
            tables.remove(id);
        }
    }

    /// Asks a table something and waits for the answer. A table that left
    /// memory between lookup and send is loaded again once.
    pub async fn ask<T>(&self, id: &str, command: impl Fn(Reply<T>) -> Command) -> ApiResult<T> {
        for _ in 0..2 {
            let handle = self.table(id).await?;
            let (reply, answer) = oneshot::channel();
            if handle.send(command(reply)).await.is_none() {
                self.forget(id);
                continue;
            }
            return match tokio::time::timeout(ANSWER_WITHIN, answer).await {
                Ok(Ok(answer)) => answer,
                Ok(Err(_)) => Err(ApiError::unavailable(
                    "the table stopped while answering; try again",
                )),
                Err(_) => Err(ApiError::unavailable("the table did not answer in time")),
            };
        }
        Err(ApiError::unavailable("the table is reloading; try again"))
    }

    /// Loads every unfinished table, so bots on move carry on by themselves
    /// after a restart.
    pub async fn resume_all(&self) -> ApiResult<usize> {
        let ids = self.store.unfinished().await?;
        for id in &ids {
            if let Err(e) = self.table(id).await {
                tracing::error!("table {id} could not be resumed: {e}");
            }
        }
        Ok(ids.len())
    }

    pub fn live(&self) -> usize {
        self.tables.lock().map(|t| t.len()).unwrap_or(0)
    }
}

/// How many bots may think at once: as set, else one fewer than the
/// cores (at least one), so that however costly the bots people ask for,
/// a core is left for answering requests.
fn bot_workers(settings: &Settings) -> usize {
    settings.bot_workers.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get().saturating_sub(1))
            .unwrap_or(1)
            .max(1)
    })
}

/// Table ids are 16 hex digits; anything else cannot name a table, and is
/// refused before it reaches the database.
fn valid_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}
