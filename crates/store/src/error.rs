//! Errors are values with messages a person can act on. None of them carries a
//! secret: database URLs are shown with their password masked, and the store
//! never sees bearer tokens, only their hashes.

use thiserror::Error;

/// Everything the store can fail with.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// The Append does not continue the table's stored sequence: step `seq`
    /// already exists (another writer got there first) or would leave a gap.
    /// The caller's view of the table is stale; reload it from the store.
    #[error(
        "table {table}: step {seq} does not continue the stored sequence (it exists already or leaves a gap)"
    )]
    Conflict {
        /// The id of the table the Append was for.
        table: String,
        /// The first seq of the steps the database refused (normally the
        /// Append's first step).
        seq: i64,
    },
    /// No table (or no such seat at the table) with that id.
    #[error("not found: {0}")]
    NotFound(String),
    /// A table with that id already exists.
    #[error("a table with id {0} already exists")]
    Exists(String),
    /// The caller handed the store something inconsistent (a bug on the
    /// caller's side, not a database failure), e.g. seat numbers that do not
    /// fit or steps that are not consecutive.
    #[error("invalid request: {0}")]
    Invalid(String),
    /// The store was closed; it takes no more work.
    #[error("the store is closed")]
    Closed,
    /// The database refused or failed an operation.
    #[error("database error: {0}")]
    Database(String),
    /// The database could not be opened or migrated.
    #[error("cannot open database {db}: {reason}")]
    Open {
        /// The database as it was given, with any password masked.
        db: String,
        /// Why it failed: the driver's or a migration's message, or the
        /// store's own (no tokio runtime, an empty path).
        reason: String,
    },
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        match e {
            sqlx::Error::PoolClosed => StoreError::Closed,
            other => StoreError::Database(other.to_string()),
        }
    }
}

/// True when `e` is the database refusing a duplicate key.
pub(crate) fn is_unique_violation(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.is_unique_violation())
}

/// `db` with the password of a `scheme://user:password@host` URL replaced by
/// `***`, so that an error message can name the database it failed on.
pub(crate) fn redact(db: &str) -> String {
    let Some(scheme_end) = db.find("://") else {
        return db.to_string();
    };
    let rest = &db[scheme_end + 3..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let Some(at) = authority.rfind('@') else {
        return db.to_string();
    };
    let userinfo = &authority[..at];
    match userinfo.find(':') {
        Some(colon) => format!(
            "{}{}:***{}",
            &db[..scheme_end + 3],
            &userinfo[..colon],
            &rest[at..]
        ),
        None => db.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn redact_hides_only_the_password() {
        assert_eq!(
            redact("postgres://bob:s3cret@db:5432/x?sslmode=require"),
            "postgres://bob:***@db:5432/x?sslmode=require"
        );
        assert_eq!(redact("postgres://bob@db/x"), "postgres://bob@db/x");
        assert_eq!(redact("postgresql://db/x"), "postgresql://db/x");
        assert_eq!(redact("/var/lib/tourney.db"), "/var/lib/tourney.db");
        assert_eq!(redact("postgres://a:b:c@h/d"), "postgres://a:***@h/d");
    }
}
