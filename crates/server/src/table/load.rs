//! Loading a table: its rows read back and every stored step replayed
//! through the rules, building the same log and bookkeeping the live steps
//! built.

use super::steps::Step;
use super::{BotNews, Context, Table, TableHandle};
use crate::error::{ApiError, ApiResult};
use crate::seats::Seating;
use crate::settings::Bucket;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use tokio::sync::mpsc;
use tourney_core::{DiceSeed, Seat};
use tourney_store::{Status, StepKind, StepRow, TableRow};

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
        let tasks = ctx.tasks.clone();
        let mut table = Table::from_rows(row, seat_rows, ctx, bot_tx)?;
        table.rematch = rematch;
        table.replay_steps(&steps)?;
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
        // Tracked: a shutdown waits for the actor to answer what it owes
        // and land its writes before the store closes.
        tasks.spawn(async move {
            table.kick();
            table.run(rx, bot_rx).await;
            // Another node may move the bots now.
            let finished = table.status == Status::Finished;
            table
                .leases
                .give_up(&table.store, &table.id, finished)
                .await;
            table.metrics.tables_live.fetch_sub(1, Relaxed);
            on_exit();
        });
        Ok(Some(TableHandle { tx }))
    }

    pub(super) fn from_rows(
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
        let mut nonce = [0u8; 8];
        getrandom::fill(&mut nonce).map_err(|e| broken(format!("no randomness: {e}")))?;
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
        let forfeit = super::clocks::forfeit_of(&row);
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
            thinker: None,
            bot_budget: Bucket::new(ctx.settings.bot_budget),
            bot_pool: ctx.bot_pool,
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
            answering: None,
            rematch: None,
            head: row.head,
            nonce: u64::from_le_bytes(nonce),
            leases: ctx.leases,
            wants_lease: false,
            clocks: None,
            forfeit,
            ran_out: Default::default(),
        })
    }

    /// Replays the stored steps of a table loaded from its rows.
    pub(super) fn replay_steps(&mut self, steps: &[StepRow]) -> ApiResult<()> {
        if self.status != Status::Open {
            // What each seat was offered before the first step, as the
            // live start had it: a replayed step reads it to tell whether
            // it was a person's only move; the clocks start from it.
            self.refresh_prompts(None);
            self.start_clocks();
        }
        for step in steps {
            self.replay_step(step)?;
        }
        if let Some(seat) = self.forfeit {
            self.tell_forfeit(seat);
        }
        Ok(())
    }

    /// Applies one stored step while loading, building the same log lines
    /// and bookkeeping the live step built.
    pub(super) fn replay_step(&mut self, step: &StepRow) -> ApiResult<()> {
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
        // The replayed step goes through the same bookkeeping as the live
        // one; its row is the one being read, so the new one is dropped.
        match (step.kind, step.seat) {
            (StepKind::Action, Some(seat)) => {
                let seat = Seat(u8::try_from(seat).map_err(|e| broken(e.to_string()))?);
                let applied = self
                    .game
                    .apply_json(seat, &payload)
                    .map_err(|e| broken(e.to_string()))?;
                let replayed = Step::Action {
                    seat,
                    applied: &applied,
                    idem_key: step.idem_key.as_deref(),
                    made_by: step.made_by,
                };
                self.record(replayed, step.at);
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
                self.record(Step::Chance { what, label, open }, step.at);
            }
            (StepKind::Action, None) => return Err(broken("an action without a seat".into())),
        }
        Ok(())
    }
}
