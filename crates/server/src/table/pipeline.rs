//! Durable before told: steps handed to the writer, and told to the
//! watchers only once their transaction has committed.

use super::{Table, Ticket, encode, now_ms};
use crate::error::ApiResult;
use crate::protocol::StreamMessage;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use tourney_core::ToMove;
use tourney_store::{Append, Status, StepRow};

impl Table {
    /// Makes the steps durable, then tells the watchers. Nobody hears of a
    /// step before its transaction has committed. Only for a table with
    /// nothing in flight (starting, joining, loading).
    pub(super) async fn commit(
        &mut self,
        pending: Vec<StepRow>,
        herald: Option<Arc<str>>,
    ) -> ApiResult<()> {
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
    pub(super) async fn submit(
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
    pub(super) fn land(
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
}
