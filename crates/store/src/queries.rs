//! The store's SQL, written once for both backends.
//!
//! This file is compiled twice, as `sqlite::queries` and
//! `postgres::queries`, each time with its parent's `Db` (`sqlx::Sqlite` or
//! `sqlx::Postgres`). Both backends take `$1`-style parameters, and the two
//! schemas have the same shape, so the statements are the same text; the
//! copies differ only in the driver they are compiled against. That keeps
//! one place to read and change the SQL without a tangle of generic bounds.
//!
//! Integer columns: 64-bit columns bind as `i64`; seat numbers are `INTEGER`
//! (32-bit on PostgreSQL) and bind as `i32`.

use super::Db;
use crate::changes::Change;
use crate::error::is_unique_violation;
use crate::rows::{
    SeatTuple, StepTuple, TableTuple, seat_from_db_row, seat_to_db, step_from_db, table_from_db,
};
use crate::{Append, Claim, MadeBy, NewTable, SeatRow, Status, StepRow, StoreError, TableRow};

type Pool = sqlx::Pool<Db>;

// Column lists in the order of the row tuples in `rows`. Macros rather than
// constants because sqlx takes only literal (audited) SQL, built with concat!.
macro_rules! table_columns {
    () => {
        "id, game, config, seats, dice_seed, dice_commitment, status, outcome, rematch_of, steps, created_at, updated_at, rules_version, head"
    };
}
macro_rules! seat_columns {
    () => {
        "seat, name, token_hash, invite_hash, joined_at, join_key_hash, away"
    };
}
/// The lobby's tables in status `$1`: a private table is in no list at
/// all, open, playing or finished; whoever it is for holds its link.
macro_rules! listed {
    () => {
        "status = $1 AND unlisted = 0"
    };
}
macro_rules! step_columns {
    () => {
        "seq, kind, seat, payload, idem_key, at, made_by"
    };
}
type Conn = <Db as sqlx::Database>::Connection;

/// Tells every node listening (PostgreSQL) which tables this transaction
/// changed, as lines of [`crate::changes`]. Sent inside the transaction,
/// so the news goes out exactly when the change commits, and never for a
/// change rolled back. Nothing to do on SQLite, where one process is the
/// only writer.
async fn notify(
    conn: &mut Conn,
    lines: impl IntoIterator<Item = String>,
) -> Result<(), sqlx::Error> {
    if !super::SHARED {
        return Ok(());
    }
    let mut payload = String::new();
    for line in lines {
        if !payload.is_empty() && payload.len() + 1 + line.len() > crate::changes::MOST_PAYLOAD {
            send_notification(conn, &payload).await?;
            payload.clear();
        }
        if !payload.is_empty() {
            payload.push('\n');
        }
        payload.push_str(&line);
    }
    if !payload.is_empty() {
        send_notification(conn, &payload).await?;
    }
    Ok(())
}

async fn send_notification(conn: &mut Conn, payload: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(crate::changes::CHANNEL)
        .bind(payload)
        .execute(&mut *conn)
        .await
        .map(drop)
}

/// The change line an Append makes.
fn append_line(a: &Append) -> String {
    crate::changes::Change::of_append(a).line()
}

/// Inserts the table row and all its seat rows in one transaction.
pub(crate) async fn create_table(pool: &Pool, t: &NewTable) -> Result<(), StoreError> {
    if t.invite_hashes.len() != t.seat_count {
        return Err(StoreError::Invalid(format!(
            "table {}: {} invite hashes for {} seats",
            t.id,
            t.invite_hashes.len(),
            t.seat_count
        )));
    }
    let seat_count = u32::try_from(t.seat_count)
        .map_err(|_| StoreError::Invalid(format!("table {}: too many seats", t.id)))?;
    let mut tx = pool.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO tables (id, game, config, seats, dice_seed, dice_commitment, status, outcome, rematch_of, steps, created_at, updated_at, unlisted, rules_version) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8, 0, $9, $9, $10, $11)",
    )
    .bind(&t.id)
    .bind(&t.game)
    .bind(&t.config)
    .bind(&t.seats_json)
    .bind(&t.dice_seed)
    .bind(&t.dice_commitment)
    .bind(t.status.as_str())
    .bind(&t.rematch_of)
    .bind(t.now_ms)
    .bind(i64::from(t.unlisted))
    .bind(&t.rules_version)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => return Err(StoreError::Exists(t.id.clone())),
        Err(e) => return Err(e.into()),
    }
    for (seat, invite) in (0..seat_count).zip(&t.invite_hashes) {
        sqlx::query("INSERT INTO seats (table_id, seat, invite_hash) VALUES ($1, $2, $3)")
            .bind(&t.id)
            .bind(seat_to_db(seat)?)
            .bind(invite)
            .execute(&mut *tx)
            .await?;
    }
    // One transaction for the table and the seats named at creation: each
    // commit is an fsync, and a busy server creates tables by the dozen.
    for (seat, name, token_hash) in &t.claimed {
        let done = sqlx::query(
            "UPDATE seats SET name = $3, token_hash = $4, joined_at = $5 \
             WHERE table_id = $1 AND seat = $2",
        )
        .bind(&t.id)
        .bind(seat_to_db(*seat)?)
        .bind(name)
        .bind(token_hash)
        .bind(t.now_ms)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if done != 1 {
            return Err(StoreError::Invalid(format!(
                "table {}: seat {seat} is not one of its {} seats",
                t.id, t.seat_count
            )));
        }
    }
    // A rematch is news to whoever watches the table it follows.
    if let Some(old) = &t.rematch_of {
        notify(&mut tx, [Change::Rematch(old.clone()).line()]).await?;
    }
    tx.commit().await?;
    Ok(())
}

pub(crate) async fn table(pool: &Pool, id: &str) -> Result<Option<TableRow>, StoreError> {
    let sql = concat!("SELECT ", table_columns!(), " FROM tables WHERE id = $1");
    let row: Option<TableTuple> = sqlx::query_as(sql).bind(id).fetch_optional(pool).await?;
    row.map(table_from_db).transpose()
}

pub(crate) async fn rematch_of(pool: &Pool, id: &str) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT id FROM tables WHERE rematch_of = $1 ORDER BY created_at, id LIMIT 1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(id,)| id))
}

pub(crate) async fn seats(pool: &Pool, id: &str) -> Result<Vec<SeatRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        seat_columns!(),
        " FROM seats WHERE table_id = $1 ORDER BY seat"
    );
    let rows: Vec<SeatTuple> = sqlx::query_as(sql).bind(id).fetch_all(pool).await?;
    rows.into_iter().map(seat_from_db_row).collect()
}

pub(crate) async fn steps(
    pool: &Pool,
    id: &str,
    after_seq: i64,
) -> Result<Vec<StepRow>, StoreError> {
    let sql = concat!(
        "SELECT ",
        step_columns!(),
        " FROM steps WHERE table_id = $1 AND seq > $2 ORDER BY seq"
    );
    let rows: Vec<StepTuple> = sqlx::query_as(sql)
        .bind(id)
        .bind(after_seq)
        .fetch_all(pool)
        .await?;
    rows.into_iter().map(|r| step_from_db(id, r)).collect()
}

/// The conditional UPDATE is the atomic part: of any number of concurrent
/// claims, the database lets exactly one see `token_hash IS NULL`.
pub(crate) async fn claim_seat(
    pool: &Pool,
    id: &str,
    claim: &Claim<'_>,
) -> Result<bool, StoreError> {
    let Claim {
        seat,
        name,
        token_hash,
        join_key_hash,
        now_ms,
    } = *claim;
    let seat_db = seat_to_db(seat)?;
    let mut tx = pool.begin().await?;
    let claimed = sqlx::query(
        "UPDATE seats SET name = $3, token_hash = $4, joined_at = $5, join_key_hash = $6 \
         WHERE table_id = $1 AND seat = $2 AND token_hash IS NULL",
    )
    .bind(id)
    .bind(seat_db)
    .bind(name)
    .bind(token_hash)
    .bind(now_ms)
    .bind(join_key_hash)
    .execute(&mut *tx)
    .await;
    let claimed = match claimed {
        Ok(done) => done.rows_affected(),
        // The key already took another seat of this table.
        Err(e) if is_unique_violation(&e) => return Ok(false),
        Err(e) => return Err(e.into()),
    };
    if claimed == 1 {
        // A join changes what the lobby shows, so it counts as an update.
        sqlx::query("UPDATE tables SET updated_at = $2 WHERE id = $1")
            .bind(id)
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
        notify(&mut tx, [Change::Seats(id.to_string()).line()]).await?;
        tx.commit().await?;
        return Ok(true);
    }
    let exists: Option<(i32,)> =
        sqlx::query_as("SELECT seat FROM seats WHERE table_id = $1 AND seat = $2")
            .bind(id)
            .bind(seat_db)
            .fetch_optional(&mut *tx)
            .await?;
    tx.rollback().await?;
    match exists {
        Some(_) => Ok(false),
        None => Err(StoreError::NotFound(format!("table {id} seat {seat}"))),
    }
}

/// Hands the seat joined with `join_key_hash` a new token, in place of one
/// whose answer was lost. `false` if no seat of the table was joined with
/// that key.
pub(crate) async fn reissue_token(
    pool: &Pool,
    id: &str,
    seat: u32,
    join_key_hash: &str,
    token_hash: &str,
) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query(
        "UPDATE seats SET token_hash = $4 \
         WHERE table_id = $1 AND seat = $2 AND join_key_hash = $3",
    )
    .bind(id)
    .bind(seat_to_db(seat)?)
    .bind(join_key_hash)
    .bind(token_hash)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    // The old token stops working on every node.
    commit_one(tx, done, Change::Seats(id.to_string())).await
}

/// Commits a change that had to touch exactly one row (`rows`), telling
/// the other nodes of it; rolls it back otherwise: `Ok(false)`.
async fn commit_one(
    mut tx: sqlx::Transaction<'static, Db>,
    rows: u64,
    change: Change,
) -> Result<bool, StoreError> {
    if rows != 1 {
        tx.rollback().await?;
        return Ok(false);
    }
    notify(&mut tx, [change.line()]).await?;
    tx.commit().await?;
    Ok(true)
}

/// Takes table `id`'s bot lease for `node` until `until`, if nobody holds
/// it, `node` already does, or its holder let it lapse before `now`.
pub(crate) async fn take_lease(
    pool: &Pool,
    id: &str,
    node: &str,
    now: i64,
    until: i64,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "INSERT INTO bot_leases (table_id, node, expires_at) VALUES ($1, $2, $4) \
         ON CONFLICT (table_id) DO UPDATE SET node = excluded.node, expires_at = excluded.expires_at \
         WHERE bot_leases.node = excluded.node OR bot_leases.expires_at < $3",
    )
    .bind(id)
    .bind(node)
    .bind(now)
    .bind(until)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(done == 1)
}

/// Renews every lease `node` still holds until `until`; returns their
/// tables (a lease another node took over is no longer among them).
pub(crate) async fn renew_leases(
    pool: &Pool,
    node: &str,
    until: i64,
) -> Result<Vec<String>, StoreError> {
    let rows: Vec<(String,)> =
        sqlx::query_as("UPDATE bot_leases SET expires_at = $2 WHERE node = $1 RETURNING table_id")
            .bind(node)
            .bind(until)
            .fetch_all(pool)
            .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Gives table `id`'s lease up, if `node` holds it or it lapsed before `now`.
pub(crate) async fn drop_lease(
    pool: &Pool,
    id: &str,
    node: &str,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM bot_leases WHERE table_id = $1 AND (node = $2 OR expires_at < $3)")
        .bind(id)
        .bind(node)
        .bind(now)
        .execute(pool)
        .await?;
    Ok(())
}

/// Lets table `id`'s lease lapse at once, if `node` holds it: another node
/// takes it over on its next look.
pub(crate) async fn release_lease(pool: &Pool, id: &str, node: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE bot_leases SET expires_at = 0 WHERE table_id = $1 AND node = $2")
        .bind(id)
        .bind(node)
        .execute(pool)
        .await?;
    Ok(())
}

/// Tables whose lease lapsed before `now`, oldest first, at most `limit`.
pub(crate) async fn lapsed_leases(
    pool: &Pool,
    now: i64,
    limit: u32,
) -> Result<Vec<String>, StoreError> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT table_id FROM bot_leases WHERE expires_at < $1 ORDER BY expires_at LIMIT $2",
    )
    .bind(now)
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

pub(crate) async fn set_away(
    pool: &Pool,
    id: &str,
    seat: u32,
    away: bool,
) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query("UPDATE seats SET away = $3 WHERE table_id = $1 AND seat = $2")
        .bind(id)
        .bind(seat_to_db(seat)?)
        .bind(i64::from(away))
        .execute(&mut *tx)
        .await?
        .rows_affected();
    commit_one(tx, done, Change::Seats(id.to_string())).await
}

pub(crate) async fn forfeit(
    pool: &Pool,
    id: &str,
    outcome: &str,
    head: (i64, i64),
    now_ms: i64,
) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query(
        "UPDATE tables SET status = 'finished', outcome = $2, updated_at = $3, head = $5 \
         WHERE id = $1 AND status = 'playing' AND head = $4",
    )
    .bind(id)
    .bind(outcome)
    .bind(now_ms)
    .bind(head.0)
    .bind(head.1)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    commit_one(tx, done, Change::Status(id.to_string())).await
}

pub(crate) async fn set_status(
    pool: &Pool,
    id: &str,
    status: Status,
    now_ms: i64,
) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query("UPDATE tables SET status = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(status.as_str())
        .bind(now_ms)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if done == 0 {
        tx.rollback().await?;
        return Err(StoreError::NotFound(format!("table {id}")));
    }
    notify(&mut tx, [Change::Status(id.to_string()).line()]).await?;
    tx.commit().await?;
    Ok(())
}

pub(crate) async fn lobby(
    pool: &Pool,
    status: Status,
    limit: u32,
    offset: u32,
) -> Result<(Vec<TableRow>, u64), StoreError> {
    let sql = concat!(
        "SELECT ",
        table_columns!(),
        " FROM tables WHERE ",
        listed!(),
        " ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3"
    );
    let rows: Vec<TableTuple> = sqlx::query_as(sql)
        .bind(status.as_str())
        .bind(i64::from(limit))
        .bind(i64::from(offset))
        .fetch_all(pool)
        .await?;
    let page = rows
        .into_iter()
        .map(table_from_db)
        .collect::<Result<Vec<_>, _>>()?;
    let (total,): (i64,) = sqlx::query_as(concat!("SELECT COUNT(*) FROM tables WHERE ", listed!()))
        .bind(status.as_str())
        .fetch_one(pool)
        .await?;
    let total = u64::try_from(total)
        .map_err(|_| StoreError::Database(format!("negative table count {total}")))?;
    Ok((page, total))
}

pub(crate) async fn unfinished(pool: &Pool) -> Result<Vec<String>, StoreError> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT id FROM tables WHERE status IN ('open', 'playing') ORDER BY created_at, id",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Why an Append was not written, and whether the transaction it ran in
/// is still clean.
enum Refusal {
    /// Refused before anything was changed (unknown table, stale sequence):
    /// the transaction can go on with the other Appends of the batch.
    Untouched(StoreError),
    /// A statement failed: part of the Append may be written, and on
    /// PostgreSQL the transaction is aborted. Only a rollback helps.
    Failed(StoreError),
}

impl Refusal {
    fn into_error(self) -> StoreError {
        match self {
            Refusal::Untouched(e) | Refusal::Failed(e) => e,
        }
    }
}

impl From<sqlx::Error> for Refusal {
    fn from(e: sqlx::Error) -> Self {
        Refusal::Failed(e.into())
    }
}

/// Writes one Append on `conn`, inside a transaction the caller owns.
///
/// The conditional UPDATE of `tables.steps` comes first: it checks that the
/// Append continues the stored sequence and, on PostgreSQL, row-locks the
/// table so that a second node appending to it waits and then fails the same
/// check. When it matches no row nothing has changed, so the refusal leaves
/// the transaction clean. The primary key on (table_id, seq) backs this up:
/// a duplicate that gets past the check fails its INSERT.
/// Moves the table's step count on if the Append continues it (the
/// conditional UPDATE that also makes two nodes race safely), returning the
/// step rows to insert.
async fn advance<'a>(
    conn: &mut Conn,
    a: &'a Append,
) -> Result<Vec<(&'a str, &'a StepRow, Option<i32>)>, Refusal> {
    let status = a.status.map(Status::as_str);
    let seats = a
        .steps
        .iter()
        .map(|s| s.seat.map(seat_to_db).transpose())
        .collect::<Result<Vec<_>, _>>()
        .map_err(Refusal::Untouched)?;
    let (Some(first), Some(last)) = (a.steps.first(), a.steps.last()) else {
        let done = sqlx::query(
            "UPDATE tables SET updated_at = $2, status = COALESCE($3, status), \
             outcome = COALESCE($4, outcome) WHERE id = $1",
        )
        .bind(&a.table_id)
        .bind(a.now_ms)
        .bind(status)
        .bind(&a.outcome)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if done == 0 {
            return Err(Refusal::Untouched(StoreError::NotFound(format!(
                "table {}",
                a.table_id
            ))));
        }
        return Ok(Vec::new());
    };
    let done = sqlx::query(
        "UPDATE tables SET steps = $2, updated_at = $3, status = COALESCE($4, status), \
         outcome = COALESCE($5, outcome), head = $8 WHERE id = $1 AND steps = $6 AND head = $7",
    )
    .bind(&a.table_id)
    .bind(last.seq)
    .bind(a.now_ms)
    .bind(status)
    .bind(&a.outcome)
    .bind(first.seq.saturating_sub(1))
    .bind(a.head.0)
    .bind(a.head.1)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if done == 0 {
        let exists: Option<(i64,)> = sqlx::query_as("SELECT steps FROM tables WHERE id = $1")
            .bind(&a.table_id)
            .fetch_optional(&mut *conn)
            .await?;
        return Err(Refusal::Untouched(match exists {
            None => StoreError::NotFound(format!("table {}", a.table_id)),
            Some(_) => StoreError::Conflict {
                table: a.table_id.clone(),
                seq: first.seq,
            },
        }));
    }
    let rows: Vec<_> = a
        .steps
        .iter()
        .zip(seats)
        .map(|(s, seat)| (a.table_id.as_str(), s, seat))
        .collect();
    Ok(rows)
}

/// Steps for one multi-row INSERT: 8 parameters a row, so 64 rows stay far
/// below SQLite's limit on parameters per statement.
const ROWS_PER_INSERT: usize = 64;

/// Inserts step rows, many to a statement: a batch's statements, not its
/// rows, are what a transaction waits on.
async fn insert_steps(
    conn: &mut Conn,
    rows: &[(&str, &StepRow, Option<i32>)],
) -> Result<(), Refusal> {
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut insert = sqlx::QueryBuilder::<Db>::new(
            "INSERT INTO steps (table_id, seq, kind, seat, payload, idem_key, at, made_by) ",
        );
        insert.push_values(chunk, |mut row, (table, s, seat)| {
            row.push_bind(*table)
                .push_bind(s.seq)
                .push_bind(s.kind.as_str())
                .push_bind(*seat)
                .push_bind(&s.payload)
                .push_bind(&s.idem_key)
                .push_bind(s.at)
                .push_bind(s.made_by.map(MadeBy::as_str));
        });
        match insert.build().execute(&mut *conn).await {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => {
                let (table, s, _) = chunk[0];
                return Err(Refusal::Failed(StoreError::Conflict {
                    table: table.to_string(),
                    seq: s.seq,
                }));
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// One Append: its table's step count moved on, then its steps.
async fn apply(conn: &mut Conn, a: &Append) -> Result<(), Refusal> {
    let rows = advance(conn, a).await?;
    insert_steps(conn, &rows).await
}

/// Locks the rows of a batch's tables in the order of their ids, before
/// anything is written (PostgreSQL; SQLite has one writer and no row
/// locks). Two nodes' batches that share tables then wait for each other
/// instead of locking them in opposite orders and deadlocking, which
/// PostgreSQL would only notice after a second (`deadlock_timeout`).
async fn lock_in_order<'a>(
    conn: &mut Conn,
    ids: impl Iterator<Item = &'a str>,
) -> Result<(), sqlx::Error> {
    if !super::SHARED {
        return Ok(());
    }
    let mut ids: Vec<&str> = ids.collect();
    ids.sort_unstable();
    ids.dedup();
    for chunk in ids.chunks(TABLES_PER_LOCK) {
        let mut lock = sqlx::QueryBuilder::<Db>::new("SELECT id FROM tables WHERE id IN (");
        let mut list = lock.separated(", ");
        for id in chunk {
            list.push_bind(*id);
        }
        lock.push(") ORDER BY id FOR UPDATE");
        lock.build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// Tables locked per statement, far below either backend's parameter limit.
const TABLES_PER_LOCK: usize = 512;

/// One Append in a transaction of its own.
async fn write_one(conn: &mut Conn, a: &Append) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    apply(&mut tx, a).await.map_err(Refusal::into_error)?;
    notify(&mut tx, [append_line(a)]).await?;
    tx.commit().await?;
    Ok(())
}

/// All of `batch` in one transaction. Appends refused before they changed
/// anything get their error and the rest go on. `Err` means the batch as a
/// whole failed (begin, commit, or a statement of some Append): it is
/// rolled back and nothing of it committed.
///
/// No savepoints: they would cost two more statements per Append for a
/// case (a statement failing mid-Append) that the fallback in
/// [`write_batch`] covers.
async fn write_together(
    conn: &mut Conn,
    batch: &[Append],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut results = Vec::with_capacity(batch.len());
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    lock_in_order(&mut tx, batch.iter().map(|a| a.table_id.as_str())).await?;
    let mut rows = Vec::new();
    for a in batch {
        match advance(&mut tx, a).await {
            Ok(own) => {
                rows.extend(own);
                results.push(Ok(()));
            }
            Err(Refusal::Untouched(e)) => results.push(Err(e)),
            Err(Refusal::Failed(e)) => return Err(e),
        }
    }
    insert_steps(&mut tx, &rows)
        .await
        .map_err(Refusal::into_error)?;
    // Collected first: an iterator of closures held across the await
    // would keep the writer's future from being `Send`.
    let mut written = Vec::with_capacity(batch.len());
    for (a, result) in batch.iter().zip(&results) {
        if result.is_ok() {
            written.push(append_line(a));
        }
    }
    notify(&mut tx, written).await?;
    tx.commit().await?;
    Ok(results)
}

/// Tables moved on per UPDATE: 8 parameters a table, like the INSERT's
/// chunks far below SQLite's limit on parameters per statement.
const TABLES_PER_UPDATE: usize = 64;

/// One table's step count moving from `before` to `last` in a batch.
struct TableMove<'a> {
    id: &'a str,
    before: i64,
    last: i64,
    /// The stamp expected before, and the one left after.
    head: (i64, i64),
    now_ms: i64,
    status: Option<&'a str>,
    outcome: Option<&'a str>,
}

/// The common case of a batch, in a handful of statements whatever its
/// size: every Append has steps and continues its table, so one
/// `UPDATE … FROM (VALUES …)` per 64 tables moves their step counts on
/// and one multi-row INSERT per 64 steps writes the steps.
///
/// Each statement is a round trip to the database (on SQLite, to sqlx's
/// worker thread and back through the busy runtime), so a transaction of
/// one statement per Append took several times as long as its fsync.
/// `Ok(false)` means some Append did not match (a conflict, an unknown
/// table, no steps, a seat out of range): the transaction is rolled back
/// untouched and the caller writes the batch the careful way, which finds
/// out which Append it was.
async fn write_at_once(conn: &mut Conn, batch: &[Append]) -> Result<bool, StoreError> {
    let mut rows = Vec::new();
    let mut moves: Vec<TableMove> = Vec::with_capacity(batch.len());
    for a in batch {
        let (Some(first), Some(last)) = (a.steps.first(), a.steps.last()) else {
            return Ok(false);
        };
        for s in &a.steps {
            let Ok(seat) = s.seat.map(seat_to_db).transpose() else {
                return Ok(false);
            };
            rows.push((a.table_id.as_str(), s, seat));
        }
        // A table that submits its next steps before the last committed
        // has two Appends here: they become one move of its step count.
        match moves.iter_mut().find(|m| m.id == a.table_id) {
            Some(m) if m.last + 1 == first.seq && m.head.1 == a.head.0 => {
                m.last = last.seq;
                m.head.1 = a.head.1;
                m.now_ms = a.now_ms;
                m.status = a.status.map(Status::as_str).or(m.status);
                m.outcome = a.outcome.as_deref().or(m.outcome);
            }
            Some(_) => return Ok(false),
            None => moves.push(TableMove {
                id: &a.table_id,
                before: first.seq.saturating_sub(1),
                last: last.seq,
                head: a.head,
                now_ms: a.now_ms,
                status: a.status.map(Status::as_str),
                outcome: a.outcome.as_deref(),
            }),
        }
    }
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    lock_in_order(&mut tx, moves.iter().map(|m| m.id)).await?;
    for chunk in moves.chunks(TABLES_PER_UPDATE) {
        let mut update = sqlx::QueryBuilder::<Db>::new(
            "UPDATE tables SET steps = v.column2, updated_at = v.column3, \
             status = COALESCE(v.column4, tables.status), \
             outcome = COALESCE(v.column5, tables.outcome), head = v.column8 FROM (",
        );
        update.push_values(chunk, |mut row, m| {
            row.push_bind(m.id)
                .push_bind(m.last)
                .push_bind(m.now_ms)
                .push_bind(m.status)
                .push_bind(m.outcome)
                .push_bind(m.before)
                .push_bind(m.head.0)
                .push_bind(m.head.1);
        });
        update.push(
            ") AS v WHERE tables.id = v.column1 AND tables.steps = v.column6 \
             AND tables.head = v.column7",
        );
        let done = update.build().execute(&mut *tx).await?.rows_affected();
        if done != chunk.len() as u64 {
            tx.rollback().await?;
            return Ok(false);
        }
    }
    if insert_steps(&mut tx, &rows).await.is_err() {
        tx.rollback().await?;
        return Ok(false);
    }
    let lines: Vec<String> = batch.iter().map(append_line).collect();
    notify(&mut tx, lines).await?;
    tx.commit().await?;
    Ok(true)
}

/// Writes a batch for the group-commit writer: one result per Append, in
/// order, and how many transactions committed.
///
/// When the batch transaction fails, each of its Appends is retried in a
/// transaction of its own, so a failure that belongs to one Append does
/// not fail the others.
pub(crate) async fn write_batch(
    conn: &mut Conn,
    batch: &[Append],
) -> (Vec<Result<(), StoreError>>, u64) {
    if let [a] = batch {
        let r = write_one(conn, a).await;
        let committed = u64::from(r.is_ok());
        return (vec![r], committed);
    }
    if let Ok(true) = write_at_once(conn, batch).await {
        return (batch.iter().map(|_| Ok(())).collect(), 1);
    }
    match write_together(conn, batch).await {
        Ok(results) => (results, 1),
        Err(_) => {
            let mut results = Vec::with_capacity(batch.len());
            let mut committed = 0;
            for a in batch {
                let r = write_one(conn, a).await;
                committed += u64::from(r.is_ok());
                results.push(r);
            }
            (results, committed)
        }
    }
}
