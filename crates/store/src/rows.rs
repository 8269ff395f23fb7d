//! The plain values that go into and come out of the store. They mirror the
//! schema's rows; the JSON columns (config, seats, payloads, outcome) are kept
//! as strings because their meaning belongs to the games and the server, not
//! to the store.

use crate::StoreError;

/// Where a table is in its life. Stored as its lower-case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Waiting for seats to be claimed.
    Open,
    /// Steps are being played.
    Playing,
    /// The game is over; `outcome` holds the result.
    Finished,
}

impl Status {
    /// The name stored in the `status` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }

    /// The status named `s`, or `None` for an unknown name.
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "open" => Some(Status::Open),
            "playing" => Some(Status::Playing),
            "finished" => Some(Status::Finished),
            _ => None,
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a step is: a seat's action or the outcome of a chance event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// A seat's action; the step's `seat` says whose.
    Action,
    /// The outcome of a chance event (a roll, a shuffle); no seat acts.
    Chance,
}

impl StepKind {
    /// The name stored in the `kind` column.
    pub fn as_str(self) -> &'static str {
        match self {
            StepKind::Action => "action",
            StepKind::Chance => "chance",
        }
    }

    /// The kind named `s`, or `None` for an unknown name.
    pub fn parse(s: &str) -> Option<StepKind> {
        match s {
            "action" => Some(StepKind::Action),
            "chance" => Some(StepKind::Chance),
            _ => None,
        }
    }
}

impl std::fmt::Display for StepKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A table to create, with its seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTable {
    /// A random id the server makes.
    pub id: String,
    /// The game's catalog name (`joust`, `ritter`, …), which says how to
    /// read `config` and the steps' payloads.
    pub game: String,
    /// JSON.
    pub config: String,
    /// JSON array of seat specs; opaque to the store.
    pub seats_json: String,
    /// How many seat rows to create (seats 0..seat_count).
    pub seat_count: usize,
    /// Hex; secret until the game is over.
    pub dice_seed: String,
    /// The hash of `dice_seed` published when the table is made, so that
    /// players can check afterwards that the dice were not changed.
    pub dice_commitment: String,
    /// The status the table starts in.
    pub status: Status,
    /// The id of the finished table this one is a rematch of, if any.
    pub rematch_of: Option<String>,
    /// Left out of every list of the lobby (a private table).
    pub unlisted: bool,
    /// The game's rules version the table is played under.
    pub rules_version: String,
    /// One per seat: the hex sha256 of that seat's invite, if it has one.
    pub invite_hashes: Vec<Option<String>>,
    /// Seats taken at creation, written in the same transaction: (seat,
    /// name, hex sha256 of its token).
    pub claimed: Vec<(u32, String, String)>,
    /// Unix milliseconds; becomes `created_at` and `updated_at`.
    pub now_ms: i64,
}

/// A row of `tables`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    /// The table's id, as in [`NewTable::id`].
    pub id: String,
    /// The game's catalog name, as in [`NewTable::game`].
    pub game: String,
    /// The game's configuration as JSON, as created.
    pub config: String,
    /// The seat specs as JSON, as created; opaque to the store.
    pub seats_json: String,
    /// The dice seed in hex; secret until the game is over (the server shows
    /// it only then).
    pub dice_seed: String,
    /// The published hash of `dice_seed`.
    pub dice_commitment: String,
    /// Where the table is in its life.
    pub status: Status,
    /// The result as JSON once the game is over; `None` before.
    pub outcome: Option<String>,
    /// The id of the table this one is a rematch of, if any.
    pub rematch_of: Option<String>,
    /// Number of steps stored so far (the last seq).
    pub steps: i64,
    /// Unix milliseconds when the table was created.
    pub created_at: i64,
    /// Unix milliseconds of the last change (a step, a status change or a
    /// seat claimed); the lobby lists the newest first.
    pub updated_at: i64,
    /// The game's rules version the table is played under ("1" for every
    /// table made before versions were stored).
    pub rules_version: String,
    /// The stamp of the last Append: the next Append must expect it, so a
    /// node that lost a race for step n cannot write n + 1 on top of the
    /// winner's n.
    pub head: i64,
}

/// A row of `seats`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    /// 0-based.
    pub seat: u32,
    /// Display name once joined.
    pub name: Option<String>,
    /// Hex sha256 of the seat holder's bearer token.
    pub token_hash: Option<String>,
    /// Hex sha256 of the invite made for this seat at creation, if it has
    /// one; a joiner's invite is checked against it.
    pub invite_hash: Option<String>,
    /// Unix milliseconds when the seat was claimed; `None` while it is free.
    pub joined_at: Option<i64>,
    /// Hex sha256 of the idempotency key the seat was joined with, if any.
    pub join_key_hash: Option<String>,
    /// The seat's person is away (timed out or left): a stand-in bot plays
    /// for them until they come back.
    pub away: bool,
}

/// A seat claimed by a person: what is stored with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim<'a> {
    /// 0-based.
    pub seat: u32,
    /// The holder's display name.
    pub name: &'a str,
    /// Hex sha256 of the holder's bearer token.
    pub token_hash: &'a str,
    /// Hex sha256 of the join's idempotency key, if it came with one.
    pub join_key_hash: Option<&'a str>,
    /// Unix milliseconds.
    pub now_ms: i64,
}

/// A row of `steps`: one action or chance outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepRow {
    /// 1-based, consecutive per table.
    pub seq: i64,
    /// Whether a seat acted or chance did.
    pub kind: StepKind,
    /// The acting seat, for actions.
    pub seat: Option<u32>,
    /// JSON of the action or outcome.
    pub payload: String,
    /// The idempotency key the client sent with the move, if any.
    pub idem_key: Option<String>,
    /// Unix milliseconds.
    pub at: i64,
    /// Who made an action the seat's own player did not; `None`: they did.
    pub made_by: Option<MadeBy>,
}

/// Who made an action in place of its seat's player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MadeBy {
    /// The seat's time ran out: a stand-in bot moved, and the seat is away
    /// from then on.
    Clock,
    /// The seat's person was away: the stand-in bot moved again.
    StandIn,
}

impl MadeBy {
    /// The name stored in the `made_by` column.
    pub fn as_str(self) -> &'static str {
        match self {
            MadeBy::Clock => "clock",
            MadeBy::StandIn => "stand_in",
        }
    }

    /// The maker named `s`, or `None` for an unknown name.
    pub fn parse(s: &str) -> Option<MadeBy> {
        match s {
            "clock" => Some(MadeBy::Clock),
            "stand_in" => Some(MadeBy::StandIn),
            _ => None,
        }
    }
}

/// Steps to append to one table, with an optional status/outcome change
/// that commits together with them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Append {
    /// The id of the table the steps belong to.
    pub table_id: String,
    /// Consecutive seqs continuing the table's sequence; may be empty when
    /// only the status or outcome changes.
    pub steps: Vec<StepRow>,
    /// `None` leaves the status as it is.
    pub status: Option<Status>,
    /// `None` leaves the outcome as it is.
    pub outcome: Option<String>,
    /// Unix milliseconds; becomes the table's `updated_at`.
    pub now_ms: i64,
    /// The table's stamp before and after these steps: the Append is
    /// written only if the stored stamp is `head.0` (see
    /// [`TableRow::head`]). Ignored when there are no steps.
    pub head: (i64, i64),
}

/// Counters of the group-commit writer, for metrics. `appends / transactions`
/// is the mean batch size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriterStats {
    /// Committed writer transactions.
    pub transactions: u64,
    /// Appends that committed.
    pub appends: u64,
    /// Steps that committed.
    pub steps: u64,
}

/// A stored seat number as the `u32` the API speaks.
pub(crate) fn seat_from_db(v: i32) -> Result<u32, StoreError> {
    u32::try_from(v)
        .map_err(|_| StoreError::Database(format!("stored seat number {v} is negative")))
}

/// A seat number as the `INTEGER` the schema stores.
pub(crate) fn seat_to_db(v: u32) -> Result<i32, StoreError> {
    i32::try_from(v).map_err(|_| StoreError::Invalid(format!("seat number {v} is too large")))
}

/// A `tables` row as the database returns it, in the column order of
/// `table_columns!` in queries.rs.
pub(crate) type TableTuple = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    i64,
    i64,
    i64,
    String,
    i64,
);

pub(crate) fn table_from_db(t: TableTuple) -> Result<TableRow, StoreError> {
    let (
        id,
        game,
        config,
        seats_json,
        dice_seed,
        dice_commitment,
        status,
        outcome,
        rematch_of,
        steps,
        created_at,
        updated_at,
        rules_version,
        head,
    ) = t;
    let status = Status::parse(&status).ok_or_else(|| {
        StoreError::Database(format!("table {id} has an unknown status {status:?}"))
    })?;
    Ok(TableRow {
        id,
        game,
        config,
        seats_json,
        dice_seed,
        dice_commitment,
        status,
        outcome,
        rematch_of,
        steps,
        created_at,
        updated_at,
        rules_version,
        head,
    })
}

/// A `seats` row, in the column order of `seat_columns!` in queries.rs.
pub(crate) type SeatTuple = (
    i32,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<String>,
    i64,
);

pub(crate) fn seat_from_db_row(t: SeatTuple) -> Result<SeatRow, StoreError> {
    let (seat, name, token_hash, invite_hash, joined_at, join_key_hash, away) = t;
    Ok(SeatRow {
        seat: seat_from_db(seat)?,
        name,
        token_hash,
        invite_hash,
        joined_at,
        join_key_hash,
        away: away != 0,
    })
}

/// A `steps` row, in the column order of `step_columns!` in queries.rs.
pub(crate) type StepTuple = (
    i64,
    String,
    Option<i32>,
    String,
    Option<String>,
    i64,
    Option<String>,
);

pub(crate) fn step_from_db(table: &str, t: StepTuple) -> Result<StepRow, StoreError> {
    let (seq, kind, seat, payload, idem_key, at, made_by) = t;
    let made_by = made_by
        .map(|m| {
            MadeBy::parse(&m).ok_or_else(|| {
                StoreError::Database(format!("table {table} step {seq} was made by {m:?}"))
            })
        })
        .transpose()?;
    let kind = StepKind::parse(&kind).ok_or_else(|| {
        StoreError::Database(format!(
            "table {table} step {seq} has an unknown kind {kind:?}"
        ))
    })?;
    Ok(StepRow {
        seq,
        kind,
        seat: seat.map(seat_from_db).transpose()?,
        payload,
        idem_key,
        at,
        made_by,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in [Status::Open, Status::Playing, Status::Finished] {
            assert_eq!(Status::parse(s.as_str()), Some(s));
        }
        for k in [StepKind::Action, StepKind::Chance] {
            assert_eq!(StepKind::parse(k.as_str()), Some(k));
        }
        assert_eq!(Status::parse("Open"), None);
        assert_eq!(StepKind::parse(""), None);
    }
}
