//! The group-commit writer.
//!
//! A commit costs one fsync, and a disk does only so many of those a second.
//! One writer task owns the writing: it waits for the next Append, then
//! takes every Append already queued behind it (up to [`MAX_BATCH`]),
//! writes them all in one transaction and commits once, and only then
//! answers each caller. While it is committing, new Appends queue up and
//! form the next batch, so the batch size grows with the load by itself.
//! There is no timer: a lone Append is written at once, and under load no
//! Append waits longer than the batch in front of it.

use crate::rows::WriterStats;
use crate::{Append, StoreError, postgres, sqlite};
use sqlx::pool::PoolConnection;
use sqlx::{PgPool, SqlitePool};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// Most Appends in one transaction: bounds the time one commit holds the
/// write lock and the memory a batch holds.
const MAX_BATCH: usize = 512;
/// Appends that may wait for the writer; beyond this `append` waits for
/// room, which pushes back on the callers instead of growing memory.
const QUEUE: usize = 4096;

/// Longest the writer keeps the write connection across back-to-back
/// batches before it lets the store's other writes have it.
const HOLD: Duration = Duration::from_millis(50);

/// The connection the writer keeps while batches come back to back.
/// Taking it from the pool for each batch cost more than the batch's own
/// statements under load: sqlx hands a connection back through a task of
/// its own, which waits its turn on the busy runtime before the next
/// batch may begin.
enum Held {
    Sqlite(PoolConnection<sqlx::Sqlite>),
    Postgres(PoolConnection<sqlx::Postgres>),
}

impl Held {
    async fn acquire(pool: &WritePool) -> Result<Held, sqlx::Error> {
        Ok(match pool {
            WritePool::Sqlite(p) => Held::Sqlite(p.acquire().await?),
            WritePool::Postgres(p) => Held::Postgres(p.acquire().await?),
        })
    }
}

/// Where the writer writes.
#[derive(Clone)]
pub(crate) enum WritePool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

type Reply = oneshot::Sender<Result<(), StoreError>>;

#[derive(Default)]
struct Counters {
    transactions: AtomicU64,
    appends: AtomicU64,
    steps: AtomicU64,
}

/// An Append on its way to the disk: resolves once its transaction has
/// committed (or failed). Dropping it does not stop the write.
pub struct Committing(oneshot::Receiver<Result<(), StoreError>>);

impl std::future::Future for Committing {
    type Output = Result<(), StoreError>;

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Self::Output> {
        std::pin::Pin::new(&mut self.0).poll(cx).map(|answer| {
            answer.unwrap_or_else(|_| {
                Err(StoreError::Database(
                    "the writer stopped before it answered".to_string(),
                ))
            })
        })
    }
}

/// The handle the store keeps: the queue's sending end and the task.
pub(crate) struct Writer {
    queue: std::sync::Mutex<Option<mpsc::Sender<(Append, Reply)>>>,
    /// Held across the wait in `close`, so that a second `close` waits for
    /// the first to finish instead of closing the pool under it.
    task: tokio::sync::Mutex<Option<JoinHandle<()>>>,
    counters: Arc<Counters>,
}

impl Writer {
    /// Starts the writer task on the current tokio runtime.
    pub(crate) fn start(pool: WritePool) -> Writer {
        let (tx, rx) = mpsc::channel(QUEUE);
        let counters = Arc::new(Counters::default());
        let task = tokio::spawn(run(pool, rx, Arc::clone(&counters)));
        Writer {
            queue: std::sync::Mutex::new(Some(tx)),
            task: tokio::sync::Mutex::new(Some(task)),
            counters,
        }
    }

    /// Queues `a` and waits until its transaction has committed.
    ///
    /// If the caller stops waiting (its future is dropped) after `a` was
    /// queued, `a` is still written.
    pub(crate) async fn append(&self, a: Append) -> Result<(), StoreError> {
        self.submit(a).await?.await
    }

    /// Queues `a` behind every Append queued before it and returns at once;
    /// the returned future resolves when `a`'s transaction has committed.
    /// Appends are written in the order they were submitted, so a caller
    /// may submit its next Append before the previous one has committed.
    pub(crate) async fn submit(&self, a: Append) -> Result<Committing, StoreError> {
        let queue = match self.queue.lock() {
            Ok(q) => q.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        let Some(queue) = queue else {
            return Err(StoreError::Closed);
        };
        let (reply, answer) = oneshot::channel();
        queue
            .send((a, reply))
            .await
            .map_err(|_| StoreError::Closed)?;
        Ok(Committing(answer))
    }

    /// Stops taking Appends and waits until those already queued are
    /// written and answered.
    pub(crate) async fn close(&self) {
        let mut task = self.task.lock().await;
        match self.queue.lock() {
            Ok(mut q) => drop(q.take()),
            Err(poisoned) => drop(poisoned.into_inner().take()),
        }
        if let Some(handle) = task.take() {
            // The task ends once every sender is gone and the queue is
            // drained. A join error means it panicked; there is nothing
            // left to finish then.
            let _ = handle.await;
        }
    }

    pub(crate) fn stats(&self) -> WriterStats {
        WriterStats {
            transactions: self.counters.transactions.load(Ordering::Relaxed),
            appends: self.counters.appends.load(Ordering::Relaxed),
            steps: self.counters.steps.load(Ordering::Relaxed),
        }
    }
}

async fn run(pool: WritePool, mut rx: mpsc::Receiver<(Append, Reply)>, counters: Arc<Counters>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    let mut held: Option<(Held, Instant)> = None;
    // recv_many waits for at least one Append, then takes all that are
    // already queued, up to the limit; it returns 0 once the queue is closed
    // and empty.
    while rx.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        let (batch, replies): (Vec<Append>, Vec<Reply>) = jobs.drain(..).unzip();
        if held
            .as_ref()
            .is_some_and(|(_, since)| since.elapsed() > HOLD)
        {
            held = None;
        }
        if held.is_none() {
            match Held::acquire(&pool).await {
                Ok(conn) => held = Some((conn, Instant::now())),
                Err(e) => {
                    for reply in replies {
                        let _ = reply.send(Err(StoreError::Database(e.to_string())));
                    }
                    continue;
                }
            }
        }
        let Some((conn, _)) = held.as_mut() else {
            continue;
        };
        let (results, committed) = match conn {
            Held::Sqlite(c) => sqlite::queries::write_batch(c, &batch).await,
            Held::Postgres(c) => postgres::queries::write_batch(c, &batch).await,
        };
        if rx.is_empty() || results.iter().any(Result::is_err) {
            // A lull: let the store's other writes (new tables, joins) in.
            // A failure may have been the connection's: take a fresh one.
            held = None;
        }
        let mut appends = 0;
        let mut steps = 0;
        for (a, r) in batch.iter().zip(&results) {
            if r.is_ok() {
                appends += 1;
                steps += a.steps.len() as u64;
            }
        }
        counters
            .transactions
            .fetch_add(committed, Ordering::Relaxed);
        counters.appends.fetch_add(appends, Ordering::Relaxed);
        counters.steps.fetch_add(steps, Ordering::Relaxed);
        for (reply, r) in replies.into_iter().zip(results) {
            // A caller that stopped waiting has dropped its receiver.
            let _ = reply.send(r);
        }
    }
}
