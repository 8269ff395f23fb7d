//! The JSON the API speaks: request bodies, answers and stream messages.
//! Requests refuse unknown fields, so a misspelt option is an error and not
//! a silent default.

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
        #[serde(default)]
        name: Option<String>,
    },
    /// A bot: `random`, `greedy`, `ismcts:2000`, … or a level: `easy`,
    /// `medium`, `hard`.
    Bot { bot: String },
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
    pub seats: Vec<SeatSpec>,
    /// A private table is not listed in the lobby's open tables, and its
    /// open seats can be joined only with their invites.
    #[serde(default)]
    pub private: bool,
}

/// A seat as everyone sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatInfo {
    /// Numbered from 0, as in records.
    pub seat: u8,
    /// `person` or `bot`.
    pub kind: &'static str,
    /// The person's display name once joined, or the bot's spec.
    pub name: Option<String>,
    /// Whether the seat is taken (bots always are).
    pub taken: bool,
}

/// A table in the lobby.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TableSummary {
    pub id: String,
    pub game: String,
    pub title: String,
    /// `open` (waiting for players), `playing` or `finished`.
    pub status: String,
    pub seats: Vec<SeatInfo>,
    pub steps: u64,
    /// Unix milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

/// A page of the lobby.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LobbyPage {
    pub status: String,
    pub tables: Vec<TableSummary>,
    pub total: u64,
    pub offset: u32,
    pub limit: u32,
}

/// What creating a table gives back.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Created {
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

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatToken {
    pub seat: u8,
    /// The bearer token for this seat: send it as `Authorization: Bearer …`
    /// (or `?token=` on a WebSocket). Shown once; only its hash is kept.
    pub token: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Invite {
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
    pub seat: Option<u8>,
    /// The seat's invite; needed at a private table.
    #[serde(default)]
    pub invite: Option<String>,
}

/// `POST /api/tables/{id}/actions`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Act {
    /// The sequence number of the state this action answers (the `seq` of
    /// the view it was chosen from).
    pub seq: u64,
    /// The action as the game's JSON (one of the listed `actions[].action`)…
    #[serde(default)]
    #[schema(value_type = Object)]
    pub action: Option<Value>,
    /// …or the index into the listed actions.
    #[serde(default)]
    pub index: Option<usize>,
    /// The seat acting; the token's seat if left out.
    #[serde(default)]
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
    pub index: usize,
    pub label: String,
    #[schema(value_type = Object)]
    pub action: Value,
}

/// Who the game is waiting for.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Turn {
    /// These seats each owe an action.
    Seats { seats: Vec<u8> },
    /// A die or card: the server draws it at once.
    Chance,
    /// Waiting for people to join.
    Waiting,
    /// The game is over.
    Over { winners: Vec<u8> },
}

/// A log line with the step it belongs to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LogEntry {
    pub seq: u64,
    pub text: String,
    /// For a line that tells a game event: the event as the game's JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub event: Option<Value>,
}

impl LogEntry {
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
    #[serde(flatten)]
    pub summary: TableSummary,
    /// The viewer's seat, or `null` for a spectator.
    pub you: Option<u8>,
    /// How many steps have been taken: the number an action answers.
    pub seq: u64,
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
    pub dice_commitment: String,
    /// The dice seed, once the game is over.
    pub dice_seed: Option<String>,
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
        seq: u64,
        seats: Vec<SeatInfo>,
        status: String,
    },
    /// The answer to an action sent over the WebSocket.
    Ack {
        id: Option<String>,
        #[serde(flatten)]
        acted: Acted,
    },
    /// A refused WebSocket message.
    Error {
        id: Option<String>,
        status: u16,
        error: String,
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
    pub turn: Turn,
    pub status: String,
    /// The viewer's view after the last step, written out by the game itself.
    #[schema(value_type = Object)]
    pub view: Box<serde_json::value::RawValue>,
    pub actions: Vec<ActionChoice>,
}

/// One step as a viewer may be told it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StepTold {
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
    #[serde(rename = "type")]
    pub kind: ClientKind,
    #[serde(default)]
    pub id: Option<String>,
    pub seq: u64,
    #[serde(default)]
    #[schema(value_type = Object)]
    pub action: Option<Value>,
    #[serde(default)]
    pub index: Option<usize>,
    #[serde(default)]
    pub seat: Option<u8>,
    #[serde(default)]
    pub idempotency_key: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClientKind {
    Act,
}

impl ClientMessage {
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
    pub error: String,
    pub message: String,
}
