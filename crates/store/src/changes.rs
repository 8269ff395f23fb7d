//! News of changes between server nodes sharing one PostgreSQL database.
//!
//! Every transaction that changes a table also sends a PostgreSQL
//! notification on [`CHANNEL`], inside the transaction, so it goes out
//! exactly when the change commits. The payload only says *which* table
//! changed and how far; the log stays the truth, and a node that hears of
//! a change reads it from there. A notification missed while a node's
//! connection was down is not sent again, which is why losing the feed
//! ([`ChangeFeed::next`] failing) means "every table may be stale".
//!
//! One line per table: `<id> steps <n> <head>` (the table now has `n`
//! steps, and that stamp),
//! `<id> seats`, `<id> status`, `<id> rematch`. Lines are joined with `\n`
//! up to [`MOST_PAYLOAD`] bytes per notification.

use crate::{Append, StoreError};

/// The PostgreSQL notification channel.
pub(crate) const CHANNEL: &str = "tourney_tables";
/// PostgreSQL refuses payloads from 8000 bytes on; a margin below that.
pub(crate) const MOST_PAYLOAD: usize = 7900;

/// One table changed, on some node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The table has `steps` steps now (and perhaps a new status with them).
    Steps {
        /// The table's id.
        table: String,
        /// How many steps it has now.
        steps: u64,
        /// Its stamp after them (see `TableRow::head`): a node that catches
        /// up to exactly these steps appends after this stamp.
        head: i64,
    },
    /// A seat was taken, or a seat's token replaced.
    Seats(String),
    /// The table's status changed without a step.
    Status(String),
    /// A rematch of the table was made.
    Rematch(String),
}

impl Change {
    pub(crate) fn of_append(a: &Append) -> Change {
        match a.steps.last() {
            Some(last) => Change::Steps {
                table: a.table_id.clone(),
                steps: u64::try_from(last.seq).unwrap_or(0),
                head: a.head.1,
            },
            None => Change::Status(a.table_id.clone()),
        }
    }

    /// The table that changed.
    pub fn table(&self) -> &str {
        match self {
            Change::Steps { table, .. }
            | Change::Seats(table)
            | Change::Status(table)
            | Change::Rematch(table) => table,
        }
    }

    pub(crate) fn line(&self) -> String {
        match self {
            Change::Steps { table, steps, head } => format!("{table} steps {steps} {head}"),
            Change::Seats(table) => format!("{table} seats"),
            Change::Status(table) => format!("{table} status"),
            Change::Rematch(table) => format!("{table} rematch"),
        }
    }

    /// Reads one line; `None` for one this version does not know, which
    /// a newer node may send.
    fn parse(line: &str) -> Option<Change> {
        let mut words = line.split(' ');
        let table = words.next()?.to_string();
        let change = match (words.next()?, words.next()) {
            ("steps", Some(n)) => Change::Steps {
                table,
                steps: n.parse().ok()?,
                head: words.next()?.parse().ok()?,
            },
            ("seats", None) => Change::Seats(table),
            ("status", None) => Change::Status(table),
            ("rematch", None) => Change::Rematch(table),
            _ => return None,
        };
        Some(change)
    }
}

/// This node's end of the other nodes' news. Only PostgreSQL has one.
pub struct ChangeFeed {
    listener: sqlx::postgres::PgListener,
}

impl ChangeFeed {
    pub(crate) async fn listen(pool: &sqlx::PgPool) -> Result<ChangeFeed, StoreError> {
        let mut listener = sqlx::postgres::PgListener::connect_with(pool).await?;
        // A lost connection is reported, not mended behind our back: what
        // was sent meanwhile is gone, and the caller must know.
        listener.eager_reconnect(false);
        listener.listen(CHANNEL).await?;
        Ok(ChangeFeed { listener })
    }

    /// The next changes, as one notification told them. An error means
    /// the connection was lost and notifications may have been missed:
    /// drop this feed, and treat every table in memory as stale until a
    /// new feed is listening.
    pub async fn next(&mut self) -> Result<Vec<Change>, StoreError> {
        match self.listener.try_recv().await {
            Ok(Some(notification)) => Ok(notification
                .payload()
                .lines()
                .filter_map(Change::parse)
                .collect()),
            Ok(None) => Err(StoreError::Database(
                "the connection that listens for other nodes' changes was lost".to_string(),
            )),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_unknown_ones_are_skipped() {
        let changes = [
            Change::Steps {
                table: "00ff".into(),
                steps: 42,
                head: -7,
            },
            Change::Seats("00ff".into()),
            Change::Status("00ff".into()),
            Change::Rematch("00ff".into()),
        ];
        for change in changes {
            assert_eq!(Change::parse(&change.line()), Some(change));
        }
        assert_eq!(Change::parse("00ff clocks 3"), None);
        assert_eq!(Change::parse("00ff steps many 1"), None);
        assert_eq!(Change::parse("00ff steps 3"), None);
        assert_eq!(Change::parse(""), None);
    }
}
