//! The JSON the API speaks: request bodies, answers and stream messages.
//! Requests refuse unknown fields, so a misspelt option is an error and not
//! a silent default.

pub use crate::clock::{ClockMode, ClockPlan, OnTimeout};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tourney_table::LogLine;
use utoipa::ToSchema;

/// One seat of a new table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatSpec {
    /// A person. With `name`, the seat is taken at once by whoever creates
    /// the table, and its token comes back in the answer; without, it waits
    /// for someone to join (from the lobby, or with its invite).
    Person {
        /// The creator's display name for this seat, 1 to 40 characters.
        #[serde(default)]
        name: Option<String>,
    },
    /// A bot: `random`, `greedy`, `ismcts:2000`, … or a level: `easy`,
    /// `medium`, `hard`.
    Bot {
        /// The bot's spec or level name; the table shows the seat under the
        /// canonical spec (`easy` shows as `greedy`).
        bot: String,
    },
}

/// `POST /api/tables`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// The game's short name (`joust`, `ritter`, `glory`, `mastery`).
    pub game: String,
    /// Options that differ from the game's defaults (as `tourney games` lists them).
    #[serde(default)]
    #[schema(value_type = Object)]
    pub config: Option<Value>,
    /// One entry per seat, in seat order, as many as the game is played by.
    pub seats: Vec<SeatSpec>,
    /// A private table is not listed in the lobby's open tables, and its
    /// open seats can be joined only with their invites.
    #[serde(default)]
    pub private: bool,
    /// A turn clock: a time per move, or per player for the game with an
    /// increment, and what a seat's running out of time does (a stand-in
    /// bot plays for the absent player, or the seat forfeits). None if left
    /// out: the table waits for its players as long as they take.
    #[serde(default)]
    pub clock: Option<ClockPlan>,
}

/// A seat as everyone sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatInfo {
    /// Numbered from 0, as in records.
    pub seat: u8,
    /// `person` or `bot`.
    pub kind: &'static str,
    /// The person's display name once joined, or how a person reads a bot
    /// ("Bot (medium)").
    pub name: Option<String>,
    /// A bot's canonical spec (`ismcts:300`), for programs and a tooltip;
    /// `null` for a person.
    pub bot: Option<String>,
    /// Whether the seat is taken (bots always are).
    pub taken: bool,
    /// The seat's person is away (their time ran out, or they left): a
    /// stand-in bot plays for them until they come back.
    pub away: bool,
}

/// Each seat's clock, at a table that has one.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClockView {
    /// The clock the table was created with.
    #[serde(flatten)]
    pub plan: ClockPlan,
    /// The server's time the figures are as of (Unix ms).
    pub as_of: i64,
    /// Every seat's clock, in seat order.
    pub seats: Vec<SeatClock>,
}

/// One seat's clock.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatClock {
    pub seat: u8,
    /// Milliseconds left at `as_of`: for this move (`move`), or for the
    /// rest of the game (`total`).
    pub remaining_ms: i64,
    /// Whether it is running: the seat is on move (and its person is not
    /// away).
    pub running: bool,
}

/// A table in the lobby.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TableSummary {
    /// The table's id: 16 hex digits, used in every `/api/tables/{id}` path.
    pub id: String,
    /// The game's short name (`joust`, `ritter`, `glory`, `mastery`).
    pub game: String,
    /// The game's full title, for people (`Card Joust`).
    pub title: String,
    /// `open` (waiting for players), `playing` or `finished`.
    pub status: String,
    /// Every seat, in seat order.
    pub seats: Vec<SeatInfo>,
    /// How many steps (actions and chance) the table has taken.
    pub steps: u64,
    /// Unix milliseconds.
    pub created_at: i64,
    /// When the table last changed (a step, a join, the start), in Unix
    /// milliseconds; the lobby lists the most recent first.
    pub updated_at: i64,
}

/// A page of the lobby.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LobbyPage {
    /// The status listed: `open`, `playing` or `finished`.
    pub status: String,
    /// This page's tables, most recently changed first.
    pub tables: Vec<TableSummary>,
    /// How many tables have this status in all, over every page (private
    /// open tables not counted).
    pub total: u64,
    /// How many tables were skipped before this page.
    pub offset: u32,
    /// The most tables a page holds, as asked (20 unless given).
    pub limit: u32,
}

/// What creating a table gives back.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Created {
    /// The new table's id, for `/api/tables/{id}`.
    pub id: String,
    /// Where the table is, for people (`/t/<id>`).
    pub url: String,
    /// SHA-256 of the table's secret dice seed, published before any die
    /// is rolled; the seed comes out with the record when the game ends.
    pub dice_commitment: String,
    /// For each seat taken at creation (`name` given): its token.
    pub tokens: Vec<SeatToken>,
    /// For each open person seat: an invite link a friend can open.
    pub invites: Vec<Invite>,
}

/// The token of a seat just taken, by creating a table or joining one.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatToken {
    /// The seat, numbered from 0.
    pub seat: u8,
    /// The bearer token for this seat: send it as `Authorization: Bearer …`
    /// (or `?token=` on a WebSocket). Shown once; only its hash is kept.
    pub token: String,
}

/// An open person seat's invite, shown once at creation.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Invite {
    /// The seat it lets a friend take, numbered from 0.
    pub seat: u8,
    /// The invite's secret, for `POST /api/tables/{id}/join`.
    pub invite: String,
    /// `/t/<id>?seat=<n>&invite=<secret>`.
    pub url: String,
}

/// `POST /api/tables/{id}/join`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The display name, 1 to 40 characters.
    pub name: String,
    /// Which seat (from 0); the first open one if left out.
    #[serde(default)]
    #[schema(maximum = 255)]
    pub seat: Option<u8>,
    /// The seat's invite; needed at a private table.
    #[serde(default)]
    pub invite: Option<String>,
    /// A secret the client makes for this join (16 to 100 characters; a
    /// random UUID will do). Repeating the join with the same key, after
    /// its answer was lost, gives back the same seat with a new token,
    /// instead of taking a second seat.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// `POST /api/tables/{id}/actions`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Act {
    /// The sequence number of the state this action answers (the `seq` of
    /// the view it was chosen from).
    pub seq: u64,
    /// The action as the game's JSON (one of the listed `actions[].action`)…
    /// An object or, for an action without data, a string (`"keep_roll"`):
    /// the game's `<Game>Action` schema.
    #[serde(default)]
    #[schema(value_type = Value)]
    pub action: Option<Value>,
    /// …or the index into the listed actions.
    #[serde(default)]
    pub index: Option<usize>,
    /// The seat acting; the token's seat if left out.
    #[serde(default)]
    #[schema(maximum = 255)]
    pub seat: Option<u8>,
    /// Any string up to 100 characters: a retried request with the same key
    /// gets the first answer again instead of a refusal.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// What an accepted action gives back.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Acted {
    /// The sequence number of the action's step.
    pub seq: u64,
    /// The sequence number after the action and the dice it set rolling.
    pub now: u64,
    /// The action in words.
    pub label: String,
}

/// One action a viewer may take now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActionChoice {
    /// Its place in the list, from 0: what `index` of an action names.
    pub index: usize,
    /// The action in words, as the log would tell it.
    pub label: String,
    /// The action as the game's JSON, to send back as `action`: an object
    /// or, for an action without data, a string (`"keep_roll"`), as the
    /// game's `<Game>Action` schema has it.
    #[schema(value_type = Value)]
    pub action: Value,
}

/// Who the game is waiting for.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Turn {
    /// These seats each owe an action.
    Seats {
        /// The seats on move, from 0; several at a simultaneous choice.
        seats: Vec<u8>,
    },
    /// A die or card: the server draws it at once.
    Chance,
    /// Waiting for people to join.
    Waiting,
    /// The game is over.
    Over {
        /// The seats that won: one, several sharing the win, or none.
        winners: Vec<u8>,
    },
}

impl Turn {
    /// Who the rules wait for, once every seat is taken.
    pub fn of(to_move: tourney_core::ToMove) -> Turn {
        use tourney_core::ToMove;
        match to_move {
            ToMove::Seats(set) => Turn::Seats {
                seats: set.iter().map(|s| s.0).collect(),
            },
            ToMove::Chance => Turn::Chance,
            ToMove::Over(outcome) => Turn::Over {
                winners: outcome.winners.iter().map(|s| s.0).collect(),
            },
        }
    }
}

/// A log line with the step it belongs to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LogEntry {
    /// The step that added the line, from 1.
    pub seq: u64,
    /// The line as a person reads it.
    pub text: String,
    /// For a line that tells a game event: the event as the game's JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub event: Option<Value>,
}

impl LogEntry {
    /// The entry for `line`, added by step `seq`.
    pub fn new(seq: u64, line: &LogLine) -> LogEntry {
        LogEntry {
            seq,
            text: line.text.clone(),
            event: line.event.clone(),
        }
    }
}

/// A table as one viewer sees it: `GET /api/tables/{id}`, and the first
/// message of every stream.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TableState {
    /// The table as the lobby lists it, its fields inline.
    #[serde(flatten)]
    pub summary: TableSummary,
    /// The viewer's seat, or `null` for a spectator.
    pub you: Option<u8>,
    /// The table's options, every one spelled out (the game's defaults
    /// merged with what the table was created with): what its "How to
    /// play" fills in.
    #[schema(value_type = Object)]
    pub config: Value,
    /// How many steps have been taken: the number an action answers.
    pub seq: u64,
    /// Who the game is waiting for.
    pub turn: Turn,
    /// The game's view for this viewer (its own hidden cards, nobody else's).
    #[schema(value_type = Object)]
    pub view: Value,
    /// The view drawn as text, as the terminal shows it.
    pub text: String,
    /// What the viewer may do now (empty unless on move).
    pub actions: Vec<ActionChoice>,
    /// The log as this viewer may read it.
    pub log: Vec<LogEntry>,
    /// SHA-256 of the table's secret dice seed, as given at creation.
    pub dice_commitment: String,
    /// The dice seed, once the game is over.
    pub dice_seed: Option<String>,
    /// The id of this table's rematch, once a player has asked for one:
    /// the others follow with `POST /api/tables/{id}/rematch`.
    pub rematch: Option<String>,
    /// Each seat's time, at a table with a turn clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// The seat whose time ran out at a table where that forfeits: the
    /// game ended there, every other seat winning.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<u8>,
}

/// One message of a table's stream (WebSocket text frame or NDJSON line).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StreamMessage {
    /// First message: the whole table as this viewer sees it.
    State(Box<TableState>),
    /// One or more steps were taken (durably): what they told this viewer,
    /// then the table as it stands after the last of them.
    Steps(Box<StepsMessage>),
    /// A seat was taken or the game started.
    Seats {
        /// The table's step count when it happened.
        seq: u64,
        /// Every seat, as it is now.
        seats: Vec<SeatInfo>,
        /// The table's status now: `playing` once the last seat is taken.
        status: String,
    },
    /// A player asked for a rematch: the new table, where every person of
    /// this one has their seat waiting (`POST /api/tables/{id}/rematch`
    /// with their token seats them).
    Rematch {
        /// The new table's id.
        id: String,
    },
    /// The answer to an action sent over the WebSocket.
    Ack {
        /// The `id` of the message answered, if it had one.
        id: Option<String>,
        /// What `POST /api/tables/{id}/actions` would have answered, inline.
        #[serde(flatten)]
        acted: Acted,
    },
    /// A refused WebSocket message.
    Error {
        /// The `id` of the message refused, or `null` if it had none or
        /// could not be read.
        id: Option<String>,
        /// The HTTP status the same refusal gets over HTTP.
        status: u16,
        /// The short code a program can match, as in every error body.
        error: String,
        /// A sentence for people.
        message: String,
    },
}

/// The steps one move set going (the action and the dice after it), or
/// everything a reconnecting viewer missed, in one message: each step's own
/// lines, then the view once. Views are most of a message's size, and a
/// view between two steps of one move is never one anybody could act on.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StepsMessage {
    /// The sequence number after the last step: the number an action answers.
    pub seq: u64,
    /// The new steps, oldest first, each told to this viewer exactly once.
    pub steps: Vec<StepTold>,
    /// Who the game is waiting for after the last step.
    pub turn: Turn,
    /// The table's status after the last step: `finished` once the game
    /// is over.
    pub status: String,
    /// The viewer's view after the last step, written out by the game itself.
    #[schema(value_type = Object)]
    pub view: Box<serde_json::value::RawValue>,
    /// What the viewer may do now (empty unless on move).
    pub actions: Vec<ActionChoice>,
    /// Each seat's time after the last step, at a table with a turn clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

/// One step as a viewer may be told it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StepTold {
    /// The step's number, from 1.
    pub seq: u64,
    /// `action` or `chance`.
    pub kind: &'static str,
    /// The seat that acted (actions only).
    pub seat: Option<u8>,
    /// The lines this step adds to this viewer's log: the step's own line,
    /// then one per game event the viewer may be told.
    pub log: Vec<String>,
    /// The game events among those lines, as the game's JSON (shapes per
    /// game in docs/protocol.md), for a client that draws them.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Value>,
}

/// A WebSocket message from a seat: `{"type": "act", …}` with the fields
/// of [`Act`] and an `id` the answer echoes.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClientMessage {
    /// What the message asks: only `act` so far.
    #[serde(rename = "type")]
    #[expect(
        dead_code,
        reason = "read only by serde, which refuses a message whose `type` is not `act`"
    )]
    pub kind: ClientKind,
    /// Any string, echoed in the `ack` or `error` that answers.
    #[serde(default)]
    pub id: Option<String>,
    /// The `seq` of the state this action answers, as for `POST …/actions`.
    pub seq: u64,
    /// The action as the game's JSON, as for `POST …/actions`: an object or
    /// a string.
    #[serde(default)]
    #[schema(value_type = Value)]
    pub action: Option<Value>,
    /// Or the index into the listed actions, as for `POST …/actions`.
    #[serde(default)]
    pub index: Option<usize>,
    /// The seat acting; the connection's seat if left out.
    #[serde(default)]
    #[schema(maximum = 255)]
    pub seat: Option<u8>,
    /// A retry key, as for `POST …/actions`.
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

/// The `type` of a message from a client.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClientKind {
    /// An action for the sender's seat, answered by `ack` or `error`.
    Act,
}

impl ClientMessage {
    /// The answer's `id`, and the action as the HTTP endpoint takes it.
    pub fn into_act(self) -> (Option<String>, Act) {
        (
            self.id,
            Act {
                seq: self.seq,
                action: self.action,
                index: self.index,
                seat: self.seat,
                idempotency_key: self.idempotency_key,
            },
        )
    }
}

/// Every error: a short code and a sentence for people.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// A short code a program can match (`stale`, `seat_taken`); the same
    /// code always means the same refusal.
    pub error: String,
    /// A sentence for people saying what is wrong; it may change.
    pub message: String,
}
