//! Durable before told: steps handed to the writer, and told to the
//! watchers only once their transaction has committed.

use super::{Table, Ticket, encode, now_ms};
use crate::error::{ApiError, ApiResult};
use crate::protocol::StreamMessage;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use tourney_core::{Seat, ToMove};
use tourney_store::{Append, Status, StepRow};

impl Table {
    /// Makes the steps durable, then tells the watchers. Nobody hears of a
    /// step before its transaction has committed. Only for a table with
    /// nothing in flight (starting, joining, loading).
    pub(super) async fn commit(
        &mut self,
        pending: Vec<StepRow>,
        herald: Option<Arc<str>>,
    ) -> Result<(), Failed> {
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
    ) -> Result<Option<Ticket>, Failed> {
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
        let last = rows.last().map_or(0, |row| row.seq);
        let head = (self.head, self.stamp(last));
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
                head,
            })
            .await;
        let committing = committing.map_err(|e| Failed::Diverged(e.into()))?;
        self.head = head.1;
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

    /// The stamp after step `seq` of this copy: another node's stamp for
    /// the same step differs, so an append built on it is refused here.
    pub(super) fn stamp(&self, seq: i64) -> i64 {
        let mixed = (self.nonce ^ seq as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        mixed as i64
    }

    /// A submitted write has committed: now the watchers may hear of it.
    pub(super) fn land(
        &mut self,
        ticket: Ticket,
        result: Result<(), tourney_store::StoreError>,
    ) -> Result<(), Failed> {
        result.map_err(|e| Failed::Diverged(e.into()))?;
        self.metrics.steps.fetch_add(ticket.count, Relaxed);
        self.updated_at = ticket.now;
        self.announce(&ticket.messages, ticket.finished);
        Ok(())
    }

    /// Tells the watchers of durable steps; at the end of the game, the
    /// whole table once more, now with the dice seed and the full log, so
    /// a watcher can check the dice and close.
    pub(super) fn announce(&mut self, messages: &[(Option<Seat>, Arc<str>)], finished: bool) {
        self.push(messages);
        if finished {
            self.push_states();
        }
    }

    /// The whole table, to every watcher as they may see it.
    pub(super) fn push_states(&mut self) {
        let states: Vec<_> = self
            .distinct_viewers()
            .into_iter()
            .map(|v| (v, encode(&StreamMessage::State(Box::new(self.state(v))))))
            .collect();
        self.push(&states);
    }
}

/// Why a command that changes the game did not go through. The HTTP status
/// cannot tell the two apart (a refused write and a refused move can both
/// be a 409), so the actor is told in the type what happens next.
#[derive(Debug)]
pub(super) enum Failed {
    /// Refused before anything changed: answer it; the table goes on.
    Refused(ApiError),
    /// The game changed in memory but its steps are not durable: answer
    /// it, and stop the table, so the next request reloads it from what
    /// is durable instead of answering from a copy that is ahead.
    Diverged(ApiError),
}

impl Failed {
    /// The refusal the client is given, whichever kind it is.
    pub(super) fn into_error(self) -> ApiError {
        match self {
            Failed::Refused(e) | Failed::Diverged(e) => e,
        }
    }
}

/// A plain refusal, from a check made before the game changed.
impl From<ApiError> for Failed {
    fn from(error: ApiError) -> Failed {
        Failed::Refused(error)
    }
}

/// Where only the answer matters (loading a table, whose copy is dropped
/// on any failure anyway).
impl From<Failed> for ApiError {
    fn from(failed: Failed) -> ApiError {
        failed.into_error()
    }
}

/// Marks everything that can fail after the game changed in memory.
pub(super) trait AfterChange<T> {
    fn diverged(self) -> Result<T, Failed>;
}

impl<T> AfterChange<T> for ApiResult<T> {
    fn diverged(self) -> Result<T, Failed> {
        self.map_err(Failed::Diverged)
    }
}
