//! Keeping a table current with the log when other nodes write to it: the
//! steps, seats and status another node stored, and the move that lost a
//! race for its step. The log is the truth; this copy follows it.

use super::actor::Next;
use super::{Command, Context, Redo, Table};
use crate::error::{ApiError, ApiResult};
use crate::protocol::StreamMessage;
use crate::seats::Seating;
use std::sync::atomic::Ordering::Relaxed;
use tourney_store::Status;

impl Table {
    /// Brings this copy up to what the log holds: seats taken elsewhere, a
    /// game started elsewhere, steps written elsewhere, a rematch made
    /// elsewhere. Only called with nothing in flight. `known`: the step
    /// count and stamp another node announced, when steps are all that
    /// changed.
    pub(super) async fn catch_up(&mut self, known: Option<(u64, i64)>) -> Next {
        let followed = match known {
            Some((steps, _)) if steps <= self.seq() => return Next::Carry,
            // The common case, a step of a game under way: one query.
            Some((steps, head)) if self.status == Status::Playing => {
                self.follow_steps(steps, head).await
            }
            _ => self.follow_log().await,
        };
        match followed {
            Ok(()) => {
                self.metrics.catch_ups.fetch_add(1, Relaxed);
                self.kick();
                Next::Carry
            }
            Err(e) => {
                // This copy may now be neither what it was nor what the
                // log holds: the next request loads the table afresh.
                tracing::warn!("table {}: catching up failed: {e}", self.id);
                Next::Stop
            }
        }
    }

    /// Reads and replays the steps up to `steps`, after which the table's
    /// stamp is `head`; anything else (a gap, a status change) is left to
    /// [`Table::follow_log`].
    async fn follow_steps(&mut self, steps: u64, head: i64) -> ApiResult<()> {
        let first = self.seq() + 1;
        let mut rows = self.store.steps(&self.id, self.seq() as i64).await?;
        rows.retain(|row| row.seq as u64 <= steps);
        if rows.last().map(|row| row.seq as u64) != Some(steps) {
            return self.follow_log().await;
        }
        for row in &rows {
            self.replay_step(row)?;
        }
        self.head = head;
        self.updated_at = rows.last().map_or(self.updated_at, |row| row.at);
        let finished = matches!(self.game.to_move(), tourney_core::ToMove::Over(_));
        if finished {
            self.status = Status::Finished;
        }
        let messages: Vec<_> = self
            .distinct_viewers()
            .into_iter()
            .map(|viewer| (viewer, self.steps_message(viewer, first)))
            .collect();
        self.announce(&messages, finished);
        Ok(())
    }

    pub(super) async fn follow_log(&mut self) -> ApiResult<()> {
        let Some(row) = self.store.table(&self.id).await? else {
            return Err(ApiError::no_table(&self.id));
        };
        let seat_rows = self.store.seats(&self.id).await?;
        let seating = Seating::from_stored(&row.seats_json, seat_rows)
            .map_err(|what| ApiError::unavailable(format!("table {}: {what}", self.id)))?;
        let seats_changed = seating != self.seating;
        self.seating = seating;
        if self.status == Status::Open && row.status != Status::Open {
            // The last seat was taken on another node, which started the
            // game: begin it here the same way, then follow its steps.
            self.begin()?;
        }
        let first = self.seq() + 1;
        let mut steps = self.store.steps(&self.id, self.seq() as i64).await?;
        // Steps committed after the row was read belong with a status the
        // row does not show yet: they come with their own notification.
        steps.retain(|step| step.seq <= row.steps);
        for step in &steps {
            self.replay_step(step)?;
        }
        self.head = row.head;
        self.updated_at = row.updated_at;
        let finished = row.status == Status::Finished && self.status != Status::Finished;
        self.status = row.status;
        if self.forfeit.is_none()
            && let Some(seat) = super::clocks::forfeit_of(&row)
        {
            // Another node ended the game on a clock.
            self.forfeit = Some(seat);
            self.tell_forfeit(seat);
            self.push_states();
        }
        if seats_changed || first == 1 && !steps.is_empty() {
            self.push_seats();
        }
        if !steps.is_empty() {
            let messages: Vec<_> = self
                .distinct_viewers()
                .into_iter()
                .map(|viewer| (viewer, self.steps_message(viewer, first)))
                .collect();
            self.announce(&messages, finished);
        }
        if self.status == Status::Finished && self.rematch.is_none() {
            let rematch = self.store.rematch_of(&self.id).await?;
            if let Some(id) = rematch {
                self.tell_rematch(id);
            }
        }
        Ok(())
    }

    /// Rebuilds this copy from the log, keeping its watchers (who are sent
    /// the whole table again) and its rate limits. For a write that lost a
    /// race: the steps this copy applied were never stored.
    pub(super) async fn reload(&mut self) -> ApiResult<()> {
        let Some(row) = self.store.table(&self.id).await? else {
            return Err(ApiError::no_table(&self.id));
        };
        let seat_rows = self.store.seats(&self.id).await?;
        let steps = self.store.steps(&self.id, 0).await?;
        let context = Context {
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            settings: self.settings.clone(),
            tasks: tokio_util::task::TaskTracker::new(),
            leases: self.leases.clone(),
            bot_pool: self.bot_pool.clone(),
        };
        let mut fresh = Table::from_rows(row, seat_rows, context, self.bot_tx.clone())?;
        fresh.replay_steps(&steps)?;
        fresh.watchers = std::mem::take(&mut self.watchers);
        fresh.buckets = std::mem::take(&mut self.buckets);
        fresh.rematch = self.rematch.take();
        // A bot still thinking answers for a step that is gone; it is
        // asked again by `kick`.
        fresh.thinking = self.thinking.take();
        fresh.thinker = self.thinker.take();
        fresh.bot_budget = self.bot_budget.clone();
        *self = fresh;
        self.metrics.reloads.fetch_add(1, Relaxed);
        self.push_states();
        Ok(())
    }

    /// A move whose write lost the race to another node's: the table is
    /// rebuilt from the log, then each such move is taken again as if the
    /// other node's steps had been there when it came (so it is `stale`
    /// only if it really is).
    pub(super) async fn redo_after_reload(&mut self, redos: Vec<Redo>) -> Vec<Next> {
        if let Err(e) = self.reload().await {
            for redo in redos {
                let _ = redo.reply.send(Err(e.clone()));
            }
            return vec![Next::Stop];
        }
        let mut next = Vec::with_capacity(redos.len());
        for redo in redos {
            let command = Command::Act {
                token: redo.token,
                act: redo.act,
                arrived: redo.arrived,
                reply: redo.reply,
            };
            next.push(self.handle(command).await);
        }
        self.kick();
        next
    }

    pub(super) fn tell_rematch(&mut self, id: String) {
        let message = super::encode(&StreamMessage::Rematch { id: id.clone() });
        self.rematch = Some(id);
        self.watchers
            .retain(|w| w.tx.try_send(message.clone()).is_ok());
    }
}
