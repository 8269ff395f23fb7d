//! One live table: an actor that owns the game and takes commands from a
//! channel. Every step is checked by the rules, made durable, and only then
//! acknowledged and pushed to the table's watchers. No lock guards the game:
//! only this task ever touches it, so a slow table or bot stalls nobody else.
//!
//! One file per concern: `actor` (the loop and what it owes), `load`
//! (rows replayed into a table), `joining`, `acting` (a person's move and
//! its idempotency key), `steps` (a step recorded in memory, and the steps
//! nobody chooses), `pipeline` (durable before told), `views` (what each
//! viewer is shown) and `bots`.

mod acting;
mod actor;
mod bots;
mod clocks;
mod joining;
mod load;
mod pipeline;
mod steps;
mod sync;
mod views;

use crate::error::ApiResult;
use crate::metrics::Metrics;
use crate::protocol::{Act, Acted, Join, SeatToken, TableState, TableSummary};
use crate::seats::{SeatPlan, Seating};
use crate::settings::{Bucket, Settings};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};
use tourney_core::{DiceSeed, DynGame, GameRecord, Seat};
use tourney_store::{Committing, Status, Store};
use tourney_table::{DynBot, GameKit, LogLine};

/// How many stream messages may wait for a slow watcher before it is cut
/// off (it reconnects and resumes from its last sequence number).
const STREAM_BACKLOG: usize = 1024;
/// Idempotency keys remembered per table.
const IDEMPOTENCY_KEYS: usize = 4096;

pub type Reply<T> = oneshot::Sender<ApiResult<T>>;

/// What a table is asked to do.
pub enum Command {
    State {
        token: Option<String>,
        reply: Reply<TableState>,
    },
    Summary {
        reply: Reply<(TableSummary, SeatPlan)>,
    },
    Join {
        join: Join,
        reply: Reply<SeatToken>,
    },
    Act {
        token: Option<String>,
        act: Act,
        arrived: Instant,
        reply: Reply<Acted>,
    },
    Subscribe {
        token: Option<String>,
        after: Option<u64>,
        reply: Reply<Subscription>,
    },
    Record {
        reply: Reply<GameRecord>,
    },
    /// A rematch of this table was made: remember it and tell every watcher.
    RematchMade {
        id: String,
        reply: Reply<()>,
    },
    /// Another node changed the table: bring this copy up to date from the
    /// log. `steps`: the table has that many steps now, and that stamp
    /// (nothing to do if this copy has them); `None`: look at everything
    /// (seats, status, steps, rematch). `done` is told once the copy is
    /// current.
    CatchUp {
        steps: Option<(u64, i64)>,
        done: Option<oneshot::Sender<()>>,
    },
    /// Set a bot thinking if one is on move (its lease lapsed elsewhere).
    Kick,
    /// A person leaves their seat to a stand-in bot (`away`), or takes it
    /// back.
    Away {
        token: Option<String>,
        away: bool,
        reply: Reply<TableState>,
    },
}

/// A watcher's end of the stream: messages already due, then live ones.
pub struct Subscription {
    /// The seat the messages are built for; `None`: a spectator.
    #[expect(
        dead_code,
        reason = "no stream reads it yet: each takes the seat from its token"
    )]
    pub viewer: Option<Seat>,
    /// Messages owed at once: the table's state, or what a resuming
    /// watcher missed.
    pub backlog: Vec<Arc<str>>,
    /// Every later message, as the table sends it.
    pub live: mpsc::Receiver<Arc<str>>,
}

/// The sending end of a table.
#[derive(Clone)]
pub struct TableHandle {
    tx: mpsc::Sender<Command>,
}

impl TableHandle {
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Sends a command; `None` if the table has left memory meanwhile.
    pub async fn send(&self, command: Command) -> Option<()> {
        self.tx.send(command).await.ok()
    }

    /// Sends a command nobody waits on without waiting for room: when
    /// the table's queue is full, a task delivers it.
    pub fn nudge(&self, command: Command) {
        if let Err(mpsc::error::TrySendError::Full(command)) = self.tx.try_send(command) {
            let tx = self.tx.clone();
            tokio::spawn(async move { tx.send(command).await });
        }
    }
}

/// A bot's answer, coming back from the blocking pool.
enum BotNews {
    Done {
        seat: Seat,
        seq: u64,
        bot: Box<dyn DynBot>,
        choice: Result<Value, String>,
        /// How long it thought, spent from the table's budget.
        thought: std::time::Duration,
    },
    TimeUp {
        seat: Seat,
        seq: u64,
    },
}

struct Watcher {
    viewer: Option<Seat>,
    tx: mpsc::Sender<Arc<str>>,
}

/// What woke a table's actor.
enum Wake {
    Landed(Result<(), tourney_store::StoreError>),
    Command(Option<Command>),
    Bot(BotNews),
    /// A person's time ran out.
    Clock(Seat),
    Idle,
}

/// Steps handed to the writer, not yet known to be durable.
struct Ticket {
    committing: Committing,
    messages: Vec<(Option<Seat>, Arc<str>)>,
    count: u64,
    finished: bool,
    now: i64,
}

/// What the table owes once everything submitted before it is durable:
/// the watchers' step messages, and the mover's ack. The table goes on
/// taking moves meanwhile, so a table whose two seats move at once gets
/// both moves into one group commit instead of waiting one commit each.
struct InFlight {
    /// `None`: nothing of its own to write (a repeated idempotent move),
    /// answered once the writes queued before it have landed.
    ticket: Option<Ticket>,
    ack: Option<(Reply<Acted>, Acted, Instant)>,
    /// A person's move as it was sent, kept until its write lands: if
    /// another node wrote first, it is tried again on the table as the
    /// log has it.
    sent: Option<(Option<String>, Act)>,
}

impl InFlight {
    /// The move to take again, with whom to answer, after its write lost
    /// a race; `None` for a bot's move (the bot is asked again) or a
    /// repeated one.
    fn into_redo(self) -> Option<Redo> {
        let ((token, act), (reply, _, arrived)) = self.sent.zip(self.ack)?;
        Some(Redo {
            token,
            act,
            reply,
            arrived,
        })
    }
}

/// A person's move to take again, on the table as the log has it.
struct Redo {
    token: Option<String>,
    act: Act,
    reply: Reply<Acted>,
    arrived: Instant,
}

impl InFlight {
    /// Resolves when this entry's own write has committed.
    async fn landed(&mut self) -> Result<(), tourney_store::StoreError> {
        match &mut self.ticket {
            Some(ticket) => (&mut ticket.committing).await,
            None => Ok(()),
        }
    }
}

/// One live table: the game, its seats and log, and who is watching. Only
/// its own task touches it.
pub struct Table {
    id: String,
    kit: GameKit,
    config: Value,
    seating: Seating,
    /// Each seat's name as people read it, made once every seat is taken
    /// (at the start, or when a started table loads), so a step's log
    /// lines and labels are named without building the list again.
    names: Vec<String>,
    status: Status,
    game: Box<dyn DynGame>,
    dice: DiceSeed,
    commitment: String,
    /// Each step's lines, by sequence number − 1.
    log: Vec<Told>,
    /// For each seat on move: the sequence number its current choice was
    /// first offered at, and the choices then. An action answering any
    /// number from there on is not stale: at a simultaneous choice another
    /// seat's commitment does not change what this seat may do.
    prompts: Vec<Option<(u64, Vec<Value>)>>,
    idempotency: HashMap<String, Acted>,
    idempotency_order: std::collections::VecDeque<String>,
    bots: Vec<Option<Box<dyn DynBot>>>,
    thinking: Option<(Seat, u64)>,
    /// Stops the bot thinking now, when its time is up or the table goes.
    thinker: Option<tourney_bots::Stop>,
    /// The thinking time this table's bots have left (`bot_budget`).
    bot_budget: Bucket,
    bot_pool: Arc<tokio::sync::Semaphore>,
    buckets: Vec<Bucket>,
    watchers: Vec<Watcher>,
    created_at: i64,
    updated_at: i64,
    store: Store,
    metrics: Arc<Metrics>,
    settings: Arc<Settings>,
    bot_tx: mpsc::UnboundedSender<BotNews>,
    /// A status to store with the next Append (the start of the game).
    store_status: Option<Status>,
    /// The idempotency slot of the last chosen move, while the steps it
    /// made happen (dice, forced moves) are still being recorded: a repeat
    /// of that move is answered with the step they ended at.
    answering: Option<String>,
    /// This table's rematch, once one is made.
    rematch: Option<String>,
    /// The stamp of the last append made or loaded: the next append must
    /// find it stored (see `tourney_store::TableRow::head`).
    head: i64,
    /// Makes this copy's stamps unlike any other node's.
    nonce: u64,
    leases: Arc<crate::leases::Leases>,
    /// A bot is on move (or a clock runs) but this node does not hold the
    /// table's lease: ask for it before the next wake.
    wants_lease: bool,
    /// Each seat's turn clock, at a table that has one.
    clocks: Option<crate::clock::Clocks>,
    /// The seat that forfeited when its time ran out, ending the game.
    forfeit: Option<Seat>,
    /// Seats whose time just ran out: the stand-in's next move for each
    /// is recorded as made because of the clock.
    ran_out: tourney_core::SeatSet,
}

impl Drop for Table {
    /// A table leaving memory stops its bot's search: nobody will hear
    /// its answer, and its thinker is wanted elsewhere.
    fn drop(&mut self) {
        if let Some(thinker) = &self.thinker {
            thinker.stop();
        }
    }
}

/// What one step added to the log, and who took it (`None`: chance).
struct Told {
    by: Option<Seat>,
    lines: Vec<LogLine>,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// What [`Table::spawn`] needs besides the rows.
pub struct Context {
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub settings: Arc<Settings>,
    /// Where the actor's task is tracked, so a shutdown can wait for it.
    pub tasks: tokio_util::task::TaskTracker,
    /// Which tables' bots this node moves.
    pub leases: Arc<crate::leases::Leases>,
    /// The bots' thinkers, shared by every table of this node.
    pub bot_pool: Arc<tokio::sync::Semaphore>,
}

pub fn encode<T: serde::Serialize>(message: &T) -> Arc<str> {
    serde_json::to_string(message)
        .unwrap_or_else(|e| {
            // Built as a value so the error text is escaped: the fallback
            // must stay valid JSON whatever serde said.
            serde_json::json!({
                "type": "error",
                "status": 500,
                "error": "encode",
                "message": e.to_string(),
            })
            .to_string()
        })
        .into()
}
