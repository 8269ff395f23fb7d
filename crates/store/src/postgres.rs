//! PostgreSQL, for several server nodes sharing one database. The schema
//! and migrations have the same shape as SQLite's; a step is inserted under
//! the primary key (table_id, seq), so two nodes can never both write step n.

use crate::StoreError;
use crate::error::redact;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, PgPool};
use std::str::FromStr;
use std::time::Duration;

pub(crate) type Db = sqlx::Postgres;

// The shared SQL, compiled for this backend (see queries.rs); loading
// the file twice is the point, hence the allow.
#[allow(clippy::duplicate_mod)]
#[path = "queries.rs"]
pub(crate) mod queries;

/// Whether several nodes may write this database: changes are then
/// announced to the other nodes (see `changes`), and a batch locks its
/// tables' rows in one order.
pub(crate) const SHARED: bool = true;

/// Connections per node: the writer holds one per batch, the rest serve
/// reads and the small writes (create, claim, status).
const CONNECTIONS: u32 = 8;
/// How long a request waits for a free connection before it fails.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// Connects to the PostgreSQL URL `db` and migrates it. Returns the pool
/// and the store's description (host, port and database; no credentials).
pub(crate) async fn open(db: &str) -> Result<(PgPool, String), StoreError> {
    let fail = |reason: String| StoreError::Open {
        db: redact(db),
        reason,
    };
    let opts = PgConnectOptions::from_str(db).map_err(|e| fail(e.to_string()))?;
    let database = opts
        .get_database()
        .unwrap_or(opts.get_username())
        .to_string();
    let describe = format!(
        "PostgreSQL at {}:{}/{}",
        opts.get_host(),
        opts.get_port(),
        database
    );
    // One plain connection first: a pool would report a refused connection
    // as a timeout, this reports why.
    let probe = opts.connect().await.map_err(|e| fail(e.to_string()))?;
    probe.close().await.map_err(|e| fail(e.to_string()))?;
    let pool = PgPoolOptions::new()
        .max_connections(CONNECTIONS)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_with(opts)
        .await
        .map_err(|e| fail(e.to_string()))?;
    sqlx::migrate!("migrations/postgres")
        .run(&pool)
        .await
        .map_err(|e| fail(format!("migrations failed: {e}")))?;
    Ok((pool, describe))
}
