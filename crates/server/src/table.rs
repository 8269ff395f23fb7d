//! One live table: an actor that owns the game and takes commands from a
//! channel. Every step is checked by the rules, made durable, and only then
//! acknowledged and pushed to the table's watchers. No lock guards the game:
//! only this task ever touches it, so a slow table or bot stalls nobody else.

use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::metrics::Metrics;
use crate::protocol::{
    Act, Acted, ActionChoice, LogEntry, SeatToken, StepTold, StepsMessage, StreamMessage,
    TableState, TableSummary, Turn,
};
use crate::seats::{SeatPlan, Seating};
use crate::settings::{Bucket, Settings};
use serde_json::Value;
use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};
use tourney_core::{DiceSeed, DynError, DynGame, GameRecord, GameRng, Seat, ToMove};
use tourney_store::{Append, Committing, Status, StepKind, StepRow, Store, TableRow};
use tourney_table::{DynBot, GameKit, LogLine, log};

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
        name: String,
        seat: Option<u8>,
        invite: Option<String>,
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
}

/// A bot's answer, coming back from the blocking pool.
enum BotNews {
    Done {
        seat: Seat,
        seq: u64,
        bot: Box<dyn DynBot>,
        choice: Result<Value, String>,
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
    Idle,
}

/// Resolves when the oldest write in flight has landed.
async fn head_landed(in_flight: &mut VecDeque<InFlight>) -> Result<(), tourney_store::StoreError> {
    match in_flight.front_mut() {
        Some(owed) => owed.landed().await,
        None => Ok(()),
    }
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
    /// A write failed after its steps were applied in memory: this copy of
    /// the game is ahead of what is durable and must not answer again.
    broken: bool,
    /// This table's rematch, once one is made.
    rematch: Option<String>,
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

/// What [`Table::load`] needs besides the rows.
pub struct Context {
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub settings: Arc<Settings>,
}

impl Table {
    /// Rebuilds a table from its rows by replaying every step through the
    /// rules, then starts its actor. `on_exit` runs when the actor stops.
    pub async fn spawn(
        id: &str,
        ctx: Context,
        on_exit: impl FnOnce() + Send + 'static,
    ) -> ApiResult<Option<TableHandle>> {
        let Some(row) = ctx.store.table(id).await? else {
            return Ok(None);
        };
        let seat_rows = ctx.store.seats(id).await?;
        let steps = ctx.store.steps(id, 0).await?;
        let rematch = ctx.store.rematch_of(id).await?;
        let (bot_tx, bot_rx) = mpsc::unbounded_channel();
        let mut table = Table::from_rows(row, seat_rows, ctx, bot_tx)?;
        table.rematch = rematch;
        if table.status != Status::Open {
            // What each seat was offered before the first step, as the
            // live start had it: a replayed step reads it to tell whether
            // it was a person's only move.
            table.refresh_prompts(None);
        }
        for step in &steps {
            table.replay_step(step)?;
        }
        // Every seat was taken at creation (people named there, bots), or
        // the server stopped between the last join and the start.
        if table.status == Status::Open && table.seating.is_full() {
            table.start().await?;
        } else if table.status == Status::Playing {
            // The server stopped between a start and its first dice.
            let mut pending = Vec::new();
            table.play_due_steps(&mut pending)?;
            table.commit(pending, None).await?;
        }
        let (tx, rx) = mpsc::channel(256);
        table.metrics.tables_live.fetch_add(1, Relaxed);
        tokio::spawn(async move {
            table.kick();
            table.run(rx, bot_rx).await;
            table.metrics.tables_live.fetch_sub(1, Relaxed);
            on_exit();
        });
        Ok(Some(TableHandle { tx }))
    }

    fn from_rows(
        row: TableRow,
        seat_rows: Vec<tourney_store::SeatRow>,
        ctx: Context,
        bot_tx: mpsc::UnboundedSender<BotNews>,
    ) -> ApiResult<Table> {
        let broken = |what: String| {
            tracing::error!("table {}: {what}", row.id);
            ApiError::unavailable(format!("table {} cannot be loaded: {what}", row.id))
        };
        let kit = tourney_table::catalog::find(&row.game).map_err(|e| broken(e.to_string()))?;
        // Steps recorded under other rules would replay into another game
        // (or fail half-way): refuse the table and say why.
        let plays = kit.entry.info.rules_version;
        if row.rules_version != plays {
            return Err(ApiError::conflict(
                "rules_version",
                format!(
                    "table {} was played under {} rules version {}, and this server plays version {plays}: it cannot be continued here",
                    row.id, kit.entry.info.title, row.rules_version
                ),
            ));
        }
        let config: Value =
            serde_json::from_str(&row.config).map_err(|e| broken(format!("config: {e}")))?;
        let seating = Seating::from_stored(&row.seats_json, seat_rows).map_err(broken)?;
        let dice = DiceSeed::from_hex(&row.dice_seed).map_err(|e| broken(e.to_string()))?;
        let mut game = (kit.entry.create)(&config, seating.names(), None)
            .map_err(|e| broken(e.to_string()))?;
        game.tell_events(true);
        let seats = seating.count();
        let bots = seating.build_bots(&kit, &dice);
        Ok(Table {
            id: row.id,
            kit,
            config,
            status: row.status,
            game,
            commitment: row.dice_commitment,
            dice,
            log: Vec::new(),
            prompts: vec![None; seats],
            idempotency: HashMap::new(),
            idempotency_order: Default::default(),
            bots,
            thinking: None,
            buckets: vec![Bucket::new(ctx.settings.move_rate); seats],
            watchers: Vec::new(),
            created_at: row.created_at,
            updated_at: row.updated_at,
            names: seating.display_names(),
            seating,
            store: ctx.store,
            metrics: ctx.metrics,
            settings: ctx.settings,
            bot_tx,
            store_status: None,
            broken: false,
            rematch: None,
        })
    }

    async fn run(
        &mut self,
        mut rx: mpsc::Receiver<Command>,
        mut bots: mpsc::UnboundedReceiver<BotNews>,
    ) {
        // Oldest first; the writer commits them in this order too.
        let mut in_flight: VecDeque<InFlight> = VecDeque::new();
        loop {
            let idle = tokio::time::sleep(self.unload_after());
            let busy = !in_flight.is_empty();
            let wake = tokio::select! {
                result = head_landed(&mut in_flight), if busy => Wake::Landed(result),
                command = rx.recv() => Wake::Command(command),
                Some(news) = bots.recv() => Wake::Bot(news),
                () = idle, if !busy => Wake::Idle,
            };
            let owed = match wake {
                Wake::Landed(result) => {
                    let Some(done) = in_flight.pop_front() else {
                        continue;
                    };
                    if self.settle(done, result).is_err() {
                        return;
                    }
                    continue;
                }
                Wake::Command(None) => {
                    let _ = self.drain(&mut in_flight).await;
                    return;
                }
                Wake::Command(Some(command)) => {
                    // Only moves overtake a write in flight: anything
                    // that reads the table must see durable steps only.
                    if !matches!(command, Command::Act { .. })
                        && self.drain(&mut in_flight).await.is_err()
                    {
                        return;
                    }
                    self.handle(command).await
                }
                Wake::Bot(news) => self.bot_news(news).await,
                Wake::Idle => {
                    self.watchers.retain(|w| !w.tx.is_closed());
                    if self.watchers.is_empty() && self.thinking.is_none() {
                        return;
                    }
                    continue;
                }
            };
            match owed {
                Ok(Some(owed)) => in_flight.push_back(owed),
                Ok(None) => {}
                Err(()) => return,
            }
            if self.broken {
                return;
            }
        }
    }

    /// How long the table stays in memory with nothing happening at it.
    fn unload_after(&self) -> std::time::Duration {
        match self.status {
            Status::Finished => self.settings.finished_unload.min(self.settings.idle_unload),
            _ => self.settings.idle_unload,
        }
    }

    /// Waits for everything in flight to land, answering as it does.
    async fn drain(&mut self, in_flight: &mut VecDeque<InFlight>) -> Result<(), ()> {
        while let Some(mut owed) = in_flight.pop_front() {
            let result = owed.landed().await;
            self.settle(owed, result)?;
        }
        Ok(())
    }

    /// An entry's write has landed (or failed): tell the watchers, answer
    /// the mover. `Err` means the write failed and the table must stop.
    fn settle(
        &mut self,
        owed: InFlight,
        result: Result<(), tourney_store::StoreError>,
    ) -> Result<(), ()> {
        // Only a repeated move has no write of its own.
        let is_move = owed.ticket.is_some();
        let landed = match owed.ticket {
            Some(ticket) => self.land(ticket, result),
            None => Ok(()),
        };
        match (landed, owed.ack) {
            (Ok(()), ack) => {
                if is_move {
                    self.metrics.moves.fetch_add(1, Relaxed);
                }
                if let Some((reply, acted, arrived)) = ack {
                    self.metrics.move_latency(arrived.elapsed());
                    let _ = reply.send(Ok(acted));
                }
                Ok(())
            }
            (Err(e), ack) => {
                if let Some((reply, ..)) = ack {
                    self.metrics.refused(e.code);
                    let _ = reply.send(Err(e));
                }
                Err(())
            }
        }
    }

    /// Handles one command. `Err` means the table's memory can no longer be
    /// trusted (a write failed after the step was applied): the actor stops
    /// and the next request reloads the table from what is durable.
    async fn handle(&mut self, command: Command) -> Result<Option<InFlight>, ()> {
        match command {
            Command::State { token, reply } => {
                let state = self.viewer(token.as_deref()).map(|v| self.state(v));
                let _ = reply.send(state);
            }
            Command::Summary { reply } => {
                let _ = reply.send(Ok((self.summary(), self.seating.plan())));
            }
            Command::Join {
                name,
                seat,
                invite,
                reply,
            } => {
                let answer = self.join(&name, seat, invite.as_deref()).await;
                let failed = matches!(&answer, Err(e) if e.status.is_server_error());
                let _ = reply.send(answer);
                if failed {
                    return Err(());
                }
                self.kick();
            }
            Command::Act {
                token,
                act,
                arrived,
                reply,
            } => match self.act(token.as_deref(), act).await {
                Ok((acted, ticket)) => {
                    self.kick();
                    return Ok(Some(InFlight {
                        ticket,
                        ack: Some((reply, acted, arrived)),
                    }));
                }
                Err(e) => {
                    self.metrics.refused(e.code);
                    let failed = e.status.is_server_error();
                    let _ = reply.send(Err(e));
                    if failed {
                        return Err(());
                    }
                    self.kick();
                }
            },
            Command::Subscribe {
                token,
                after,
                reply,
            } => {
                let _ = reply.send(self.subscribe(token.as_deref(), after));
            }
            Command::Record { reply } => {
                let _ = reply.send(self.finished_record());
            }
            Command::RematchMade { id, reply } => {
                let message = encode(&StreamMessage::Rematch { id: id.clone() });
                self.rematch = Some(id);
                self.watchers
                    .retain(|w| w.tx.try_send(message.clone()).is_ok());
                let _ = reply.send(Ok(()));
            }
        }
        Ok(None)
    }

    // ----- who is asking -------------------------------------------------

    /// The seat a token belongs to; no token is a spectator.
    fn viewer(&self, token: Option<&str>) -> ApiResult<Option<Seat>> {
        let Some(token) = token else {
            return Ok(None);
        };
        self.seating
            .seat_of_token(&auth::hash(token))
            .map(Some)
            .ok_or_else(|| ApiError::unauthorized("this token holds no seat at this table"))
    }

    // ----- what a viewer sees ------------------------------------------------

    fn seq(&self) -> u64 {
        self.game.steps_taken() as u64
    }

    fn summary(&self) -> TableSummary {
        TableSummary {
            id: self.id.clone(),
            game: self.kit.name().to_string(),
            title: self.kit.entry.info.title.to_string(),
            status: self.status.as_str().to_string(),
            seats: self.seating.infos(),
            steps: self.seq(),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }

    fn turn(&self) -> Turn {
        if self.status == Status::Open {
            return Turn::Waiting;
        }
        Turn::of(self.game.to_move())
    }

    /// What `viewer` may do now: nothing for a spectator, or before or
    /// after the game.
    fn actions_for(&self, viewer: Option<Seat>) -> Vec<ActionChoice> {
        let Some(seat) = viewer.filter(|_| self.status == Status::Playing) else {
            return Vec::new();
        };
        // Labels name seats as the log does ("March into 5 (Village, Bob
        // x6)"), not by the number the game writes.
        let names = &self.names;
        self.game
            .legal_actions(seat)
            .into_iter()
            .zip(self.game.action_labels(seat))
            .enumerate()
            .map(|(index, (action, label))| ActionChoice {
                index,
                label: log::name_seats(&label, names),
                action,
            })
            .collect()
    }

    fn state(&self, viewer: Option<Seat>) -> TableState {
        let log = self
            .log
            .iter()
            .enumerate()
            .flat_map(|(i, told)| {
                told.lines
                    .iter()
                    .filter(move |l| l.visibility.admits(viewer))
                    .map(move |l| LogEntry::new(i as u64 + 1, l))
            })
            .collect();
        TableState {
            summary: self.summary(),
            you: viewer.map(|s| s.0),
            config: self.config.clone(),
            seq: self.seq(),
            turn: self.turn(),
            view: self.game.view_json(viewer),
            text: self.game.render(viewer),
            actions: self.actions_for(viewer),
            log,
            dice_commitment: self.commitment.clone(),
            dice_seed: (self.status == Status::Finished).then(|| self.dice.to_hex()),
            rematch: self.rematch.clone(),
        }
    }

    /// The stream message for steps `first..=seq()` as `viewer` sees
    /// them, with the table as it stands now.
    fn steps_message(&self, viewer: Option<Seat>, first: u64) -> Arc<str> {
        let steps = (first..=self.seq())
            .map(|seq| self.step_told(seq, viewer))
            .collect();
        encode(&StreamMessage::Steps(Box::new(StepsMessage {
            seq: self.seq(),
            steps,
            turn: self.turn(),
            status: self.status.as_str().to_string(),
            view: self.game.view_raw(viewer),
            actions: self.actions_for(viewer),
        })))
    }

    /// Step `seq` (from 1) as `viewer` may be told it.
    fn step_told(&self, seq: u64, viewer: Option<Seat>) -> StepTold {
        let told = self.log.get(seq.saturating_sub(1) as usize);
        let lines = told.map(|t| t.lines.as_slice()).unwrap_or_default();
        let (log, events) = told_to(lines, viewer);
        let seat = told.and_then(|t| t.by);
        StepTold {
            seq,
            kind: if seat.is_some() { "action" } else { "chance" },
            seat: seat.map(|s| s.0),
            log,
            events,
        }
    }

    fn subscribe(&mut self, token: Option<&str>, after: Option<u64>) -> ApiResult<Subscription> {
        let viewer = self.viewer(token)?;
        let seq = self.seq();
        let backlog = match after {
            None => vec![encode(&StreamMessage::State(Box::new(self.state(viewer))))],
            Some(after) if after > seq => {
                return Err(ApiError::bad_request(format!(
                    "`after` is {after}, but the table has only reached step {seq}"
                )));
            }
            Some(after) => self.messages_since(after, viewer),
        };
        let (tx, live) = mpsc::channel(STREAM_BACKLOG);
        self.watchers.retain(|w| !w.tx.is_closed());
        self.watchers.push(Watcher { viewer, tx });
        Ok(Subscription {
            viewer,
            backlog,
            live,
        })
    }

    /// What a watcher resuming after step `after` missed: every later
    /// step once, in one message, then the table as it stands.
    fn messages_since(&self, after: u64, viewer: Option<Seat>) -> Vec<Arc<str>> {
        if after == self.seq() {
            return Vec::new();
        }
        vec![self.steps_message(viewer, after + 1)]
    }

    fn push(&mut self, messages: &[(Option<Seat>, Arc<str>)]) {
        self.watchers.retain(|w| {
            for (viewer, message) in messages {
                if *viewer == w.viewer && w.tx.try_send(message.clone()).is_err() {
                    // Full or gone: the watcher resumes from its last seq.
                    return false;
                }
            }
            true
        });
    }

    fn seats_message(&self) -> Arc<str> {
        encode(&StreamMessage::Seats {
            seq: self.seq(),
            seats: self.seating.infos(),
            status: self.status.as_str().to_string(),
        })
    }

    fn push_seats(&mut self) {
        let message = self.seats_message();
        self.watchers
            .retain(|w| w.tx.try_send(message.clone()).is_ok());
    }

    fn distinct_viewers(&self) -> Vec<Option<Seat>> {
        let mut viewers: Vec<Option<Seat>> = Vec::new();
        for w in &self.watchers {
            if !viewers.contains(&w.viewer) {
                viewers.push(w.viewer);
            }
        }
        viewers
    }

    // ----- joining -------------------------------------------------------

    async fn join(
        &mut self,
        name: &str,
        seat: Option<u8>,
        invite: Option<&str>,
    ) -> ApiResult<SeatToken> {
        let name = crate::seats::check_name(name)?;
        let seat = self.seating.choose_seat(seat, invite)?;
        let token =
            auth::new_token().map_err(|e| ApiError::unavailable(format!("no randomness: {e}")))?;
        let hash = auth::hash(&token);
        let now = now_ms();
        if !self
            .store
            .claim_seat(&self.id, u32::from(seat.0), &name, &hash, now)
            .await?
        {
            return Err(ApiError::conflict(
                "seat_taken",
                format!("{seat} was taken a moment ago"),
            ));
        }
        self.seating.claim(seat, name, hash);
        self.updated_at = now;
        if self.status == Status::Open && self.seating.is_full() {
            self.start().await?;
        } else {
            self.push_seats();
        }
        Ok(SeatToken {
            seat: seat.0,
            token,
        })
    }

    /// Every seat is taken: the game begins with its players' names, and
    /// the dice it starts with are rolled.
    async fn start(&mut self) -> ApiResult<()> {
        self.game = (self.kit.entry.create)(&self.config, self.seating.names(), None)
            .map_err(|e| ApiError::unavailable(e.to_string()))?;
        self.game.tell_events(true);
        self.status = Status::Playing;
        // Every seat is taken now: the names the log and the labels use.
        self.names = self.seating.display_names();
        self.refresh_prompts(None);
        // Watchers hear that the game began before its first dice.
        let began = self.seats_message();
        let mut pending = Vec::new();
        self.play_due_steps(&mut pending)?;
        if pending.is_empty() {
            self.store
                .set_status(&self.id, Status::Playing, now_ms())
                .await?;
            self.push_seats();
            return Ok(());
        }
        // The switch to playing rides with the first dice: one commit
        // instead of two. Until it lands the stored table is open with
        // every seat taken, which a reload starts again the same way.
        self.store_status = Some(Status::Playing);
        self.commit(pending, Some(began)).await
    }

    // ----- acting --------------------------------------------------------

    /// Checks and applies a move and hands its steps to the writer. The ack
    /// it returns is owed once the ticket's write has landed; no ticket
    /// means a repeated move, answered as the first time.
    async fn act(&mut self, token: Option<&str>, act: Act) -> ApiResult<(Acted, Option<Ticket>)> {
        let Some(token) = token else {
            return Err(ApiError::unauthorized(
                "acting needs the seat's token: send `Authorization: Bearer <token>`",
            ));
        };
        let Some(own) = self.viewer(Some(token))? else {
            return Err(ApiError::unauthorized(
                "this token holds no seat at this table",
            ));
        };
        let seat = match act.seat {
            None => own,
            Some(s) if s == own.0 => own,
            Some(s) => {
                return Err(ApiError::forbidden(format!(
                    "your token is for seat {} (from 0), not seat {s}",
                    own.0
                )));
            }
        };
        // Keys are the seat's own: another seat's key neither replays its
        // answer (which may name a hidden card) nor blocks this move.
        let key = match &act.idempotency_key {
            Some(key) if key.is_empty() || key.len() > 100 => {
                return Err(ApiError::bad_request(
                    "an idempotency key is 1 to 100 characters",
                ));
            }
            Some(key) => Some(idempotency_slot(seat, key)),
            None => None,
        };
        if let Some(first) = key.as_ref().and_then(|k| self.idempotency.get(k)) {
            return Ok((first.clone(), None));
        }
        match self.status {
            Status::Open => {
                return Err(ApiError::conflict(
                    "not_started",
                    "the game starts when every seat is taken",
                ));
            }
            Status::Finished => {
                return Err(ApiError::conflict("game_over", "the game is over"));
            }
            Status::Playing => {}
        }
        self.check_fresh(seat, act.seq)?;
        if !self.buckets[seat.index()].take(self.settings.move_rate) {
            return Err(ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many moves at once; slow down",
            ));
        }
        let applied = match (&act.action, act.index) {
            (Some(action), None) => self.game.apply_json(seat, action),
            (None, Some(index)) => self.game.apply_index(seat, index),
            _ => {
                return Err(ApiError::unprocessable(
                    "bad_action",
                    "give the action as exactly one of `action` (the game's JSON) and `index` (into the listed actions)",
                ));
            }
        }
        .map_err(illegal)?;
        let seq = self.seq();
        let mut pending = Vec::new();
        self.after_action(seat, &applied, act.idempotency_key.clone(), &mut pending);
        self.play_due_steps(&mut pending)?;
        let ticket = self.submit(pending, None).await?;
        let acted = Acted {
            seq,
            now: self.seq(),
            label: log::name_seats(&applied.label, &self.names),
        };
        if let Some(key) = key {
            self.remember(key, acted.clone());
        }
        Ok((acted, ticket))
    }

    /// Whether an action answering step `seq` still answers the choice
    /// `seat` faces now.
    fn check_fresh(&self, seat: Seat, seq: u64) -> ApiResult<()> {
        let now = self.seq();
        let offered = self.prompts.get(seat.index()).and_then(|p| p.as_ref());
        match offered {
            Some((since, _)) if (*since..=now).contains(&seq) => Ok(()),
            _ if seq == now => Ok(()),
            _ => Err(ApiError::conflict(
                "stale",
                format!(
                    "this action answers step {seq}, but the table is at step {now} and {seat}'s choice has changed; fetch the table and choose again"
                ),
            )),
        }
    }

    fn remember(&mut self, key: String, acted: Acted) {
        if self.idempotency.len() >= IDEMPOTENCY_KEYS
            && let Some(old) = self.idempotency_order.pop_front()
        {
            self.idempotency.remove(&old);
        }
        self.idempotency_order.push_back(key.clone());
        self.idempotency.insert(key, acted);
    }

    /// Bookkeeping after an action was applied in memory.
    fn after_action(
        &mut self,
        seat: Seat,
        applied: &tourney_core::Applied,
        idem_key: Option<String>,
        pending: &mut Vec<StepRow>,
    ) {
        let forced = self.is_forced(seat);
        self.log_action(seat, applied, forced);
        self.refresh_prompts(Some(seat));
        let action = self
            .game
            .step(self.game.steps_taken().saturating_sub(1))
            .map(|s| match s {
                tourney_core::RecordStep::Action { action, .. } => action.to_string(),
                tourney_core::RecordStep::Chance { outcome } => outcome.to_string(),
            })
            .unwrap_or_default();
        let row = StepRow {
            seq: self.seq() as i64,
            kind: StepKind::Action,
            seat: Some(u32::from(seat.0)),
            payload: action,
            idem_key,
            at: now_ms(),
        };
        pending.push(row);
    }

    /// The log of the action just applied: its own lines, then the events
    /// it made happen.
    /// A `forced` move was the seat's only one, made for a person.
    fn log_action(&mut self, seat: Seat, applied: &tourney_core::Applied, forced: bool) {
        let who = self.seating.who(seat);
        let lines = if forced {
            log::forced(&who, seat, applied)
        } else {
            log::action(&who, seat, applied, "")
        };
        let lines = lines.into_iter().flatten();
        let events = log::events(self.game.take_events());
        self.tell(Some(seat), lines.chain(events));
    }

    fn log_chance(&mut self, line: LogLine) {
        let events = log::events(self.game.take_events());
        self.tell(None, std::iter::once(line).chain(events));
    }

    /// Adds a step's lines to the log: one line per happening (a step's
    /// own line gives way to an event that retells it), each seat named as
    /// people read it (the games write "Seat 2", the log says "Bob").
    fn tell(&mut self, by: Option<Seat>, lines: impl Iterator<Item = LogLine>) {
        let names = &self.names;
        let lines = log::fold(lines.collect())
            .into_iter()
            .map(|line| LogLine {
                text: log::name_seats(&line.text, names),
                ..line
            })
            .collect();
        self.log.push(Told { by, lines });
    }

    /// Plays every step now due that nobody has to choose: each die and
    /// card, and a person's only legal move, made for them as the terminal
    /// does, so nobody is asked a question with one answer (a response
    /// window with nothing to respond with closes by itself).
    fn play_due_steps(&mut self, pending: &mut Vec<StepRow>) -> ApiResult<()> {
        loop {
            match self.game.to_move() {
                ToMove::Chance => self.roll_die(pending)?,
                ToMove::Seats(on_move) => {
                    let Some(seat) = on_move.iter().find(|&s| self.is_forced(s)) else {
                        return Ok(());
                    };
                    let applied = self.game.apply_index(seat, 0).map_err(illegal)?;
                    self.after_action(seat, &applied, None, pending);
                }
                ToMove::Over(_) => return Ok(()),
            }
        }
    }

    /// Whether `seat` is a person's with exactly one legal move now. Reads
    /// the prompts, which every step refreshes, so checking costs nothing.
    fn is_forced(&self, seat: Seat) -> bool {
        !self.seating.is_bot(seat)
            && self
                .prompts
                .get(seat.index())
                .and_then(Option::as_ref)
                .is_some_and(|(_, actions)| actions.len() == 1)
    }

    /// Draws the chance step now due from the table's seed and its own
    /// sequence number.
    fn roll_die(&mut self, pending: &mut Vec<StepRow>) -> ApiResult<()> {
        let seq = self.seq() + 1;
        let step = self.game.chance_step_label();
        let open = self.game.chance_is_open();
        let outcomes = self.game.chance_outcomes();
        let mut rng: GameRng = self.dice.rng(seq);
        let Some(index) = rng.pick_weighted(&outcomes) else {
            return Err(ApiError::unavailable(
                "the game has a chance step with no outcome",
            ));
        };
        let outcome = outcomes[index].0.to_string();
        let label = self.game.apply_chance_index(index).map_err(illegal)?;
        self.log_chance(log::chance(&step, &label, open));
        self.refresh_prompts(None);
        let row = StepRow {
            seq: seq as i64,
            kind: StepKind::Chance,
            seat: None,
            payload: outcome,
            idem_key: None,
            at: now_ms(),
        };
        pending.push(row);
        Ok(())
    }

    /// Makes the steps durable, then tells the watchers. Nobody hears of a
    /// step before its transaction has committed. Only for a table with
    /// nothing in flight (starting, joining, loading).
    async fn commit(&mut self, pending: Vec<StepRow>, herald: Option<Arc<str>>) -> ApiResult<()> {
        match self.submit(pending, herald).await? {
            Some(mut ticket) => {
                let result = (&mut ticket.committing).await;
                self.land(ticket, result)
            }
            None => Ok(()),
        }
    }

    /// Hands the steps to the writer, behind everything submitted before,
    /// with the one message per viewer that tells them (after `herald`, if
    /// any). A game that ends here is over in memory at once, so no move is
    /// taken after its last one.
    async fn submit(
        &mut self,
        rows: Vec<StepRow>,
        herald: Option<Arc<str>>,
    ) -> ApiResult<Option<Ticket>> {
        let Some(first) = rows.first().map(|row| row.seq as u64) else {
            return Ok(None);
        };
        let finished = matches!(self.game.to_move(), ToMove::Over(_));
        let outcome = match self.game.to_move() {
            ToMove::Over(outcome) => serde_json::to_string(&outcome).ok(),
            _ => None,
        };
        let now = now_ms();
        let count = rows.len() as u64;
        let committing = self
            .store
            .submit(Append {
                table_id: self.id.clone(),
                steps: rows,
                status: if finished {
                    Some(Status::Finished)
                } else {
                    self.store_status.take()
                },
                outcome,
                now_ms: now,
            })
            .await;
        let committing = match committing {
            Ok(committing) => committing,
            Err(e) => {
                self.broken = true;
                return Err(e.into());
            }
        };
        if finished {
            self.status = Status::Finished;
        }
        let mut messages = Vec::new();
        for viewer in self.distinct_viewers() {
            if let Some(herald) = &herald {
                messages.push((viewer, herald.clone()));
            }
            messages.push((viewer, self.steps_message(viewer, first)));
        }
        Ok(Some(Ticket {
            committing,
            messages,
            count,
            finished,
            now,
        }))
    }

    /// A submitted write has committed: now the watchers may hear of it.
    fn land(
        &mut self,
        ticket: Ticket,
        result: Result<(), tourney_store::StoreError>,
    ) -> ApiResult<()> {
        if let Err(e) = result {
            self.broken = true;
            return Err(e.into());
        }
        self.metrics.steps.fetch_add(ticket.count, Relaxed);
        self.updated_at = ticket.now;
        self.push(&ticket.messages);
        if ticket.finished {
            // The whole table once more, now with the dice seed and the
            // full log, so a watcher can check the dice and close.
            let state_messages: Vec<_> = self
                .distinct_viewers()
                .into_iter()
                .map(|v| (v, encode(&StreamMessage::State(Box::new(self.state(v))))))
                .collect();
            self.push(&state_messages);
        }
        Ok(())
    }

    fn refresh_prompts(&mut self, mover: Option<Seat>) {
        let seq = self.seq();
        let on_move = match self.game.to_move() {
            ToMove::Seats(set) => set,
            _ => Default::default(),
        };
        for index in 0..self.prompts.len() {
            let seat = Seat::new(index);
            if !on_move.contains(seat) {
                self.prompts[index] = None;
                continue;
            }
            let actions = self.game.legal_actions(seat);
            let keep = mover != Some(seat)
                && self.prompts[index]
                    .as_ref()
                    .is_some_and(|(_, before)| *before == actions);
            if !keep {
                self.prompts[index] = Some((seq, actions));
            }
        }
    }

    // ----- loading -----------------------------------------------------------

    /// Applies one stored step while loading, building the same log lines
    /// and bookkeeping the live step built.
    fn replay_step(&mut self, step: &StepRow) -> ApiResult<()> {
        let broken = |what: String| {
            tracing::error!("table {} step {}: {what}", self.id, step.seq);
            ApiError::unavailable(format!(
                "table {} cannot be loaded: step {}: {what}",
                self.id, step.seq
            ))
        };
        if step.seq != self.seq() as i64 + 1 {
            return Err(broken(format!("expected step {}", self.seq() + 1)));
        }
        let payload: Value =
            serde_json::from_str(&step.payload).map_err(|e| broken(e.to_string()))?;
        match (step.kind, step.seat) {
            (StepKind::Action, Some(seat)) => {
                let seat = Seat(u8::try_from(seat).map_err(|e| broken(e.to_string()))?);
                // Told as it was live: a person's only move is one the
                // server made for them.
                let forced = self.is_forced(seat);
                let applied = self
                    .game
                    .apply_json(seat, &payload)
                    .map_err(|e| broken(e.to_string()))?;
                self.log_action(seat, &applied, forced);
                self.refresh_prompts(Some(seat));
                if let Some(key) = &step.idem_key {
                    let key = idempotency_slot(seat, key);
                    let acted = Acted {
                        seq: step.seq as u64,
                        now: step.seq as u64,
                        label: log::name_seats(&applied.label, &self.names),
                    };
                    self.remember(key, acted);
                }
            }
            (StepKind::Chance, _) => {
                let what = self.game.chance_step_label();
                let open = self.game.chance_is_open();
                let label = self
                    .game
                    .describe_chance_json(&payload)
                    .map_err(|e| broken(e.to_string()))?;
                self.game
                    .apply_chance_json(&payload)
                    .map_err(|e| broken(e.to_string()))?;
                self.log_chance(log::chance(&what, &label, open));
                self.refresh_prompts(None);
            }
            (StepKind::Action, None) => return Err(broken("an action without a seat".into())),
        }
        Ok(())
    }

    // ----- bots --------------------------------------------------------------

    /// Sets a bot thinking if one is on move and none is yet.
    fn kick(&mut self) {
        if self.status != Status::Playing || self.thinking.is_some() {
            return;
        }
        let ToMove::Seats(on_move) = self.game.to_move() else {
            return;
        };
        let Some(seat) = on_move.iter().find(|s| self.seating.is_bot(*s)) else {
            return;
        };
        let seq = self.seq();
        self.thinking = Some((seat, seq));
        let Some(mut bot) = self.bots.get_mut(seat.index()).and_then(Option::take) else {
            // Its brain is still out on an answer that came too late: this
            // move is made at random.
            self.time_up(seat, seq);
            return;
        };
        let game = self.game.clone_box();
        let news = self.bot_tx.clone();
        tokio::task::spawn_blocking(move || {
            let choice = bot.choose(game.as_ref(), seat);
            let _ = news.send(BotNews::Done {
                seat,
                seq,
                bot,
                choice,
            });
        });
        let news = self.bot_tx.clone();
        let limit = self.settings.bot_time_limit;
        tokio::spawn(async move {
            tokio::time::sleep(limit).await;
            let _ = news.send(BotNews::TimeUp { seat, seq });
        });
    }

    fn time_up(&mut self, seat: Seat, seq: u64) {
        let _ = self.bot_tx.send(BotNews::TimeUp { seat, seq });
    }

    async fn bot_news(&mut self, news: BotNews) -> Result<Option<InFlight>, ()> {
        let (seat, seq, choice) = match news {
            BotNews::Done {
                seat,
                seq,
                bot,
                choice,
            } => {
                if let Some(slot) = self.bots.get_mut(seat.index()) {
                    *slot = Some(bot);
                }
                (seat, seq, Some(choice))
            }
            BotNews::TimeUp { seat, seq } => (seat, seq, None),
        };
        if self.thinking != Some((seat, seq)) {
            return Ok(None);
        }
        self.thinking = None;
        if self.seq() != seq || self.status != Status::Playing {
            self.kick();
            return Ok(None);
        }
        let applied = match choice {
            Some(Ok(action)) => self.game.apply_json(seat, &action),
            Some(Err(reason)) => Err(DynError::BadJson(reason)),
            None => Err(DynError::BadJson("out of time".into())),
        };
        let applied = match applied {
            Ok(applied) => applied,
            Err(reason) => {
                tracing::warn!(
                    "table {}: the bot at {seat}: {reason}; moving at random",
                    self.id
                );
                self.metrics.bot_timeouts.fetch_add(1, Relaxed);
                let mut rng = GameRng::for_game(seq, u64::from(seat.0));
                match self.game.random_action(seat, &mut rng) {
                    Ok(applied) => applied,
                    Err(e) => {
                        tracing::error!("table {}: {seat} has no move: {e}", self.id);
                        return Ok(None);
                    }
                }
            }
        };
        let mut pending = Vec::new();
        self.after_action(seat, &applied, None, &mut pending);
        let ticket = match self.play_due_steps(&mut pending) {
            Ok(()) => self.submit(pending, None).await,
            Err(e) => Err(e),
        };
        let Ok(ticket) = ticket else {
            return Err(());
        };
        self.kick();
        Ok(Some(InFlight { ticket, ack: None }))
    }

    // ----- the record --------------------------------------------------------

    fn finished_record(&self) -> ApiResult<GameRecord> {
        if self.status != Status::Finished {
            return Err(ApiError::conflict(
                "not_finished",
                "the record is given out when the game is over (it holds the dice seed)",
            ));
        }
        let mut record = self.game.record();
        record.dice = Some(tourney_core::DiceSeal {
            scheme: tourney_core::DICE_SCHEME.to_string(),
            commitment: self.commitment.clone(),
            seed: Some(self.dice.to_hex()),
        });
        Ok(record)
    }
}

/// Where a seat's idempotency key is kept.
fn idempotency_slot(seat: Seat, key: &str) -> String {
    format!("{}:{key}", seat.0)
}

fn illegal(error: DynError) -> ApiError {
    ApiError::unprocessable("illegal_action", error.to_string())
}

/// A step's log lines as `viewer` may read them, and the data of the events
/// among them, both in order.
fn told_to(lines: &[LogLine], viewer: Option<Seat>) -> (Vec<String>, Vec<Value>) {
    let visible = lines.iter().filter(|l| l.visibility.admits(viewer));
    let log = visible.clone().map(|l| l.text.clone()).collect();
    let events = visible.filter_map(|l| l.event.clone()).collect();
    (log, events)
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
