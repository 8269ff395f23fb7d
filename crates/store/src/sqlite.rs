//! SQLite: one file, nothing to install.
//!
//! Writes go through a pool of exactly one connection, so there is a single
//! writer in this process and no `SQLITE_BUSY` between our own writers.
//! Reads use a small separate pool; in WAL mode they run alongside the
//! writer and see the last committed state. `synchronous=FULL` makes every
//! commit fsync the WAL: a committed step survives a power cut, which is what
//! "durable before anyone is told" requires.

use crate::StoreError;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, SqlitePool};
use std::str::FromStr;
use std::time::Duration;

pub(crate) type Db = sqlx::Sqlite;

// The shared SQL, compiled for this backend (see queries.rs); loading
// the file twice is the point, hence the allow.
#[allow(clippy::duplicate_mod)]
#[path = "queries.rs"]
pub(crate) mod queries;

/// Whether several nodes may write this database: changes are then
/// announced to the other nodes (see `changes`), and a batch locks its
/// tables' rows in one order.
pub(crate) const SHARED: bool = false;

/// How long a connection waits on a lock held by another process before it
/// gives up with `SQLITE_BUSY`.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Read connections; reads are short, and the machine is small.
const READ_CONNECTIONS: u32 = 4;

pub(crate) struct Pools {
    pub(crate) read: SqlitePool,
    pub(crate) write: SqlitePool,
}

/// Opens (creating if missing) the database `db`: a `sqlite:` URL or a plain
/// file path. Returns the pools and the store's description.
pub(crate) async fn open(db: &str) -> Result<(Pools, String), StoreError> {
    let fail = |reason: String| StoreError::Open {
        db: db.to_string(),
        reason,
    };
    let memory =
        db.starts_with("sqlite:") && (db.contains(":memory:") || db.contains("mode=memory"));
    let mut opts = if db.starts_with("sqlite:") {
        let opts = SqliteConnectOptions::from_str(db).map_err(|e| fail(e.to_string()))?;
        // A URL that says how to open the file (mode=ro, rw, rwc) is obeyed;
        // otherwise the file is created like a plain path.
        if db.contains("mode=") {
            opts
        } else {
            opts.create_if_missing(true)
        }
    } else if db.is_empty() {
        return Err(fail("empty path".to_string()));
    } else {
        SqliteConnectOptions::new()
            .filename(db)
            .create_if_missing(true)
    };
    let describe = if memory {
        "SQLite in memory".to_string()
    } else {
        let path = std::path::absolute(opts.get_filename())
            .map_err(|e| fail(format!("cannot resolve the path: {e}")))?;
        // Create the parent folders, then name the file through the
        // canonical parent so the description has no `..` or symlinks.
        let path = match (path.parent(), path.file_name()) {
            (Some(parent), Some(file)) => {
                std::fs::create_dir_all(parent)
                    .map_err(|e| fail(format!("cannot create folder {}: {e}", parent.display())))?;
                let parent = parent.canonicalize().map_err(|e| {
                    fail(format!("cannot resolve folder {}: {e}", parent.display()))
                })?;
                parent.join(file)
            }
            _ => return Err(fail("the path names no file".to_string())),
        };
        let described = format!("SQLite file {}", path.display());
        opts = opts.filename(path);
        described
    };
    let base = opts
        .foreign_keys(true)
        .busy_timeout(BUSY_TIMEOUT)
        .synchronous(SqliteSynchronous::Full);
    let write_opts = base.clone().journal_mode(SqliteJournalMode::Wal);

    // One plain connection first: a pool would report a failure to connect
    // as a timeout, this reports why.
    let probe = write_opts
        .connect()
        .await
        .map_err(|e| fail(e.to_string()))?;
    probe.close().await.map_err(|e| fail(e.to_string()))?;

    // One connection: SQLite writes one transaction at a time anyway, and
    // the pool's queue is fairer than SQLite's busy-wait between two
    // writers. No ping before each use: the group-commit writer takes it for
    // every burst of batches, and a ping is one more round trip to sqlx's
    // worker thread while the batch waits. A broken connection fails the
    // batch's BEGIN instead, and the writer's per-Append retry reconnects.
    let mut write = SqlitePoolOptions::new()
        .max_connections(1)
        .test_before_acquire(false);
    if memory {
        // An in-memory database lives as long as a connection to it.
        write = write
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None);
    }
    let write = write
        .connect_with(write_opts)
        .await
        .map_err(|e| fail(e.to_string()))?;
    sqlx::migrate!("migrations/sqlite")
        .run(&write)
        .await
        .map_err(|e| fail(format!("migrations failed: {e}")))?;
    let read = if memory {
        write.clone()
    } else {
        SqlitePoolOptions::new()
            .max_connections(READ_CONNECTIONS)
            .connect_with(base.pragma("query_only", "ON"))
            .await
            .map_err(|e| fail(e.to_string()))?
    };
    Ok((Pools { read, write }, describe))
}

#[cfg(test)]
mod tests {
    use super::open;

    /// The durability settings are what the design relies on; check that
    /// the connections really run with them.
    #[tokio::test]
    async fn connections_run_with_the_durability_settings() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("p.db").display().to_string();
        let (pools, _) = open(&db).await.unwrap();
        let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode")
            .fetch_one(&pools.write)
            .await
            .unwrap();
        assert_eq!(mode, "wal");
        for pool in [&pools.write, &pools.read] {
            let (sync,): (i64,) = sqlx::query_as("PRAGMA synchronous")
                .fetch_one(pool)
                .await
                .unwrap();
            assert_eq!(sync, 2, "synchronous=FULL");
            let (fk,): (i64,) = sqlx::query_as("PRAGMA foreign_keys")
                .fetch_one(pool)
                .await
                .unwrap();
            assert_eq!(fk, 1);
            let (busy,): (i64,) = sqlx::query_as("PRAGMA busy_timeout")
                .fetch_one(pool)
                .await
                .unwrap();
            assert_eq!(busy, 5000);
        }
        let (query_only,): (i64,) = sqlx::query_as("PRAGMA query_only")
            .fetch_one(&pools.read)
            .await
            .unwrap();
        assert_eq!(query_only, 1, "reads cannot write");
        pools.read.close().await;
        pools.write.close().await;
    }
}
