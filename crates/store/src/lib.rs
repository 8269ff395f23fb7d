//! The Tourney server's persistence: a table's store is its record.
//!
//! "The log is the truth": every step of a table (an action or a chance
//! outcome) is a row with its sequence number, and it is committed durably
//! *before* anyone is told the move happened. Loading a table means reading
//! its row and replaying its steps.
//!
//! Appends go through one group-commit writer task (see `writer.rs`), which
//! batches the steps of many tables into one transaction, so durable
//! throughput is not capped at one move per fsync.
//!
//! Two backends, one schema: SQLite (the default; one file, WAL,
//! `synchronous=FULL`) and PostgreSQL (for several server nodes). Their SQL
//! is written once in `queries.rs` and compiled for each.

mod changes;
mod error;
mod postgres;
mod rows;
mod sqlite;
mod writer;

pub use changes::{Change, ChangeFeed};
pub use error::StoreError;
pub use rows::{
    Append, Claim, MadeBy, NewTable, SeatRow, Status, StepKind, StepRow, TableRow, WriterStats,
};
pub use writer::Committing;

use std::sync::Arc;
use writer::{WritePool, Writer};

/// A handle on an open store. Cloning it is cheap; every clone shares the
/// pools and the writer.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    backend: Backend,
    describe: String,
    writer: Writer,
}

enum Backend {
    Sqlite(sqlite::Pools),
    Postgres(sqlx::PgPool),
}

/// Runs `$body` with `$q` bound to the backend's queries module and `$pool`
/// to its pool for reads (`read`) or writes (`write`).
macro_rules! on_backend {
    ($store:expr, $which:ident, |$q:ident, $pool:ident| $body:expr) => {
        match &$store.inner.backend {
            Backend::Sqlite(pools) => {
                use sqlite::queries as $q;
                let $pool = &pools.$which;
                $body
            }
            Backend::Postgres(pool) => {
                use postgres::queries as $q;
                let $pool = pool;
                $body
            }
        }
    };
}

impl Store {
    /// Opens the store at `db` and runs its migrations.
    ///
    /// `db` is a PostgreSQL URL (`postgres://` or `postgresql://`), a
    /// `sqlite:` URL, or a plain file path, which is created if missing,
    /// with its parent folders. Must be called inside a tokio runtime: it
    /// starts the writer task there.
    pub async fn open(db: &str) -> Result<Store, StoreError> {
        // The writer is a tokio task; without a runtime, spawning it would
        // panic, so say so instead.
        if tokio::runtime::Handle::try_current().is_err() {
            return Err(StoreError::Open {
                db: error::redact(db),
                reason: "Store::open must run inside a tokio runtime".to_string(),
            });
        }
        let (backend, describe, pool) =
            if db.starts_with("postgres://") || db.starts_with("postgresql://") {
                let (pool, describe) = postgres::open(db).await?;
                let write = WritePool::Postgres(pool.clone());
                (Backend::Postgres(pool), describe, write)
            } else {
                let (pools, describe) = sqlite::open(db).await?;
                let write = WritePool::Sqlite(pools.write.clone());
                (Backend::Sqlite(pools), describe, write)
            };
        Ok(Store {
            inner: Arc::new(Inner {
                backend,
                describe,
                writer: Writer::start(pool),
            }),
        })
    }

    /// What the store is, for logs: `SQLite file /abs/path/tourney.db` or
    /// `PostgreSQL at host:port/dbname`. Never contains a password.
    pub fn describe(&self) -> String {
        self.inner.describe.clone()
    }

    /// Creates the table row and all its seat rows in one durable
    /// transaction. `t.invite_hashes` must have one entry per seat.
    pub async fn create_table(&self, t: &NewTable) -> Result<(), StoreError> {
        on_backend!(self, write, |q, pool| q::create_table(pool, t).await)
    }

    /// The table `id`, if there is one.
    pub async fn table(&self, id: &str) -> Result<Option<TableRow>, StoreError> {
        on_backend!(self, read, |q, pool| q::table(pool, id).await)
    }

    /// The seats of table `id`, by seat number; empty for an unknown table.
    /// The table made as the rematch of table `id`, if there is one (the
    /// first, should a race have made two).
    pub async fn rematch_of(&self, id: &str) -> Result<Option<String>, StoreError> {
        on_backend!(self, read, |q, pool| q::rematch_of(pool, id).await)
    }

    /// News of the changes every node makes (this one's too), or `None`
    /// on SQLite, where this process is the only writer. See
    /// [`ChangeFeed`] for what a lost feed means.
    pub async fn change_feed(&self) -> Result<Option<ChangeFeed>, StoreError> {
        match &self.inner.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(pool) => ChangeFeed::listen(pool).await.map(Some),
        }
    }

    /// Whether several nodes may share this store (PostgreSQL).
    pub fn is_shared(&self) -> bool {
        matches!(self.inner.backend, Backend::Postgres(_))
    }

    /// The seat rows of table `id`, in seat order.
    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, StoreError> {
        on_backend!(self, read, |q, pool| q::seats(pool, id).await)
    }

    /// The steps of table `id` with `seq > after_seq`, ascending; pass 0
    /// for all of them.
    pub async fn steps(&self, id: &str, after_seq: i64) -> Result<Vec<StepRow>, StoreError> {
        on_backend!(self, read, |q, pool| q::steps(pool, id, after_seq).await)
    }

    /// Claims a seat only if nobody holds it yet (one atomic conditional
    /// UPDATE). `Ok(false)` if it is taken; `NotFound` if there is no such
    /// seat. Stores only the hash of the holder's token.
    pub async fn claim_seat(&self, id: &str, claim: &Claim<'_>) -> Result<bool, StoreError> {
        on_backend!(self, write, |q, pool| q::claim_seat(pool, id, claim).await)
    }

    /// Replaces the token of the seat of table `id` joined with the key
    /// whose hash is `join_key_hash`; `Ok(false)` if no seat was joined
    /// with it. For a join repeated after its answer was lost.
    pub async fn reissue_token(
        &self,
        id: &str,
        seat: u32,
        join_key_hash: &str,
        token_hash: &str,
    ) -> Result<bool, StoreError> {
        on_backend!(self, write, |q, pool| q::reissue_token(
            pool,
            id,
            seat,
            join_key_hash,
            token_hash
        )
        .await)
    }

    /// Takes table `id`'s bot lease for `node` until `until` (Unix ms):
    /// `true` if nobody held it, `node` already did, or the holder let it
    /// lapse before `now`. See the `bot_leases` migration.
    pub async fn take_lease(
        &self,
        id: &str,
        node: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        on_backend!(self, write, |q, pool| q::take_lease(
            pool, id, node, now, until
        )
        .await)
    }

    /// Renews every lease `node` holds until `until`, returning their tables.
    pub async fn renew_leases(&self, node: &str, until: i64) -> Result<Vec<String>, StoreError> {
        on_backend!(self, write, |q, pool| q::renew_leases(pool, node, until)
            .await)
    }

    /// Gives table `id`'s lease up, if `node` holds it or it lapsed before
    /// `now` (a finished table's lease left by a node that died).
    pub async fn drop_lease(&self, id: &str, node: &str, now: i64) -> Result<(), StoreError> {
        on_backend!(self, write, |q, pool| q::drop_lease(pool, id, node, now)
            .await)
    }

    /// Lets table `id`'s lease lapse at once, if `node` holds it, so that
    /// another node takes the bots over on its next look.
    pub async fn release_lease(&self, id: &str, node: &str) -> Result<(), StoreError> {
        on_backend!(self, write, |q, pool| q::release_lease(pool, id, node)
            .await)
    }

    /// Tables whose bot lease lapsed before `now` (Unix ms), at most `limit`.
    pub async fn lapsed_leases(&self, now: i64, limit: u32) -> Result<Vec<String>, StoreError> {
        on_backend!(self, read, |q, pool| q::lapsed_leases(pool, now, limit)
            .await)
    }

    /// Marks seat `seat` of table `id` away (a stand-in bot plays for its
    /// person) or back; `false` if the seat has no person's row.
    pub async fn set_away(&self, id: &str, seat: u32, away: bool) -> Result<bool, StoreError> {
        on_backend!(self, write, |q, pool| q::set_away(pool, id, seat, away)
            .await)
    }

    /// Ends table `id` by a forfeit: finished, with `outcome`, if it is
    /// still playing and its stamp is `head.0` (no other node wrote since
    /// this copy's last step); `false` otherwise.
    pub async fn forfeit(
        &self,
        id: &str,
        outcome: &str,
        head: (i64, i64),
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        on_backend!(self, write, |q, pool| q::forfeit(
            pool, id, outcome, head, now_ms
        )
        .await)
    }

    /// Sets the status of table `id`; `NotFound` if there is no such table.
    pub async fn set_status(
        &self,
        id: &str,
        status: Status,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        on_backend!(self, write, |q, pool| q::set_status(
            pool, id, status, now_ms
        )
        .await)
    }

    /// Appends steps (and an optional status/outcome change) through the
    /// group-commit writer; returns once the transaction has committed.
    ///
    /// The steps must have consecutive seqs continuing the table's stored
    /// sequence. If they do not (step n exists already, or there would be a
    /// gap), the result is [`StoreError::Conflict`] and nothing of this
    /// Append is written; other Appends batched with it are not affected.
    pub async fn append(&self, a: Append) -> Result<(), StoreError> {
        check_append(&a)?;
        self.inner.writer.append(a).await
    }

    /// [`Store::append`] in two halves: queues `a` now, behind every Append
    /// submitted before it, and returns a future that resolves when it has
    /// committed. A table can so submit its next steps while the last are
    /// still on their way to the disk, and they still commit in order.
    pub async fn submit(&self, a: Append) -> Result<Committing, StoreError> {
        check_append(&a)?;
        self.inner.writer.submit(a).await
    }

    /// Listed tables in `status` (private ones never are), newest
    /// `updated_at` first, `limit` from `offset`; with how many there are.
    pub async fn lobby(
        &self,
        status: Status,
        limit: u32,
        offset: u32,
    ) -> Result<(Vec<TableRow>, u64), StoreError> {
        on_backend!(self, read, |q, pool| q::lobby(pool, status, limit, offset)
            .await)
    }

    /// Ids of the tables that are open or playing, oldest first: what a
    /// restarting server loads.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        on_backend!(self, read, |q, pool| q::unfinished(pool).await)
    }

    /// The writer's counters so far.
    pub fn writer_stats(&self) -> WriterStats {
        self.inner.writer.stats()
    }

    /// Stops taking Appends, finishes those already queued, then closes
    /// the pools. Afterwards every call fails with [`StoreError::Closed`].
    /// Closing twice is harmless.
    pub async fn close(&self) {
        self.inner.writer.close().await;
        match &self.inner.backend {
            Backend::Sqlite(pools) => {
                pools.read.close().await;
                pools.write.close().await;
            }
            Backend::Postgres(pool) => pool.close().await,
        }
    }
}

/// Checks what can be checked without the database, so the writer only
/// sees Appends that are well formed.
fn check_append(a: &Append) -> Result<(), StoreError> {
    let mut expected: Option<i64> = None;
    for s in &a.steps {
        if s.seq < 1 {
            return Err(StoreError::Invalid(format!(
                "table {}: step seq {} is not positive",
                a.table_id, s.seq
            )));
        }
        if let Some(e) = expected
            && s.seq != e
        {
            return Err(StoreError::Invalid(format!(
                "table {}: step seq {} follows {} (seqs in an Append must be consecutive)",
                a.table_id,
                s.seq,
                e - 1
            )));
        }
        if let Some(seat) = s.seat {
            rows::seat_to_db(seat)?;
        }
        expected = s.seq.checked_add(1);
    }
    Ok(())
}
