//! A person's move: checked as fresh, applied, remembered under its
//! idempotency key.

use super::pipeline::Failed;
use super::steps::Step;
use super::{IDEMPOTENCY_KEYS, Table, Ticket};
use crate::error::{ApiError, ApiResult};
use crate::protocol::{Act, Acted};
use tourney_core::{DynError, Seat};
use tourney_store::Status;
use tourney_table::log;

impl Table {
    /// Checks and applies a move and hands its steps to the writer. The ack
    /// it returns is owed once the ticket's write has landed; no ticket
    /// means a repeated move, answered as the first time.
    pub(super) async fn act(
        &mut self,
        token: Option<&str>,
        act: &Act,
    ) -> Result<(Acted, Option<Ticket>), Failed> {
        let Some(token) = token else {
            return Err(ApiError::unauthorized(
                "acting needs the seat's token: send `Authorization: Bearer <token>`",
            )
            .into());
        };
        let Some(own) = self.viewer(Some(token))? else {
            return Err(ApiError::unauthorized("this token holds no seat at this table").into());
        };
        let seat = match act.seat {
            None => own,
            Some(s) if s == own.0 => own,
            Some(s) => {
                return Err(ApiError::forbidden(format!(
                    "your token is for seat {} (from 0), not seat {s}",
                    own.0
                ))
                .into());
            }
        };
        // Keys are the seat's own: another seat's key neither replays its
        // answer (which may name a hidden card) nor blocks this move.
        let key = match &act.idempotency_key {
            Some(key) if key.is_empty() || key.chars().count() > 100 => {
                return Err(
                    ApiError::bad_request("an idempotency key is 1 to 100 characters").into(),
                );
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
                )
                .into());
            }
            Status::Finished => {
                return Err(ApiError::conflict("game_over", "the game is over").into());
            }
            Status::Playing => {}
        }
        self.check_fresh(seat, act.seq)?;
        if self.seating.is_away(seat) {
            // The person is back: their seat is theirs again.
            self.set_away(seat, false).await?;
        }
        if !self.buckets[seat.index()].take(self.settings.move_rate) {
            return Err(ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many moves at once; slow down",
            )
            .into());
        }
        let applied = match (&act.action, act.index) {
            (Some(action), None) => self.game.apply_json(seat, action),
            (None, Some(index)) => self.game.apply_index(seat, index),
            _ => {
                return Err(ApiError::unprocessable(
                    "bad_action",
                    "give the action as exactly one of `action` (the game's JSON) and `index` (into the listed actions)",
                )
                .into());
            }
        }
        .map_err(illegal)?;
        // From here the game has changed: a failure leaves it ahead of
        // what is durable.
        let seq = self.seq();
        let step = Step::Action {
            seat,
            applied: &applied,
            idem_key: act.idempotency_key.as_deref(),
            made_by: None,
        };
        let mut pending = vec![self.record(step, super::now_ms())];
        self.play_due_steps(&mut pending)?;
        let ticket = self.submit(pending, None).await?;
        // A keyed move's answer is the one `record` kept for its repeats.
        let acted = key
            .and_then(|key| self.idempotency.get(&key).cloned())
            .unwrap_or_else(|| Acted {
                seq,
                now: self.seq(),
                label: log::name_seats(&applied.label, &self.names),
            });
        Ok((acted, ticket))
    }

    /// Whether an action answering step `seq` still answers the choice
    /// `seat` faces now.
    pub(super) fn check_fresh(&self, seat: Seat, seq: u64) -> ApiResult<()> {
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

    pub(super) fn remember(&mut self, key: String, acted: Acted) {
        if self.idempotency.len() >= IDEMPOTENCY_KEYS
            && let Some(old) = self.idempotency_order.pop_front()
        {
            self.idempotency.remove(&old);
        }
        self.idempotency_order.push_back(key.clone());
        self.idempotency.insert(key, acted);
    }
}

/// Where a seat's idempotency key is kept.
pub(super) fn idempotency_slot(seat: Seat, key: &str) -> String {
    format!("{}:{key}", seat.0)
}

pub(super) fn illegal(error: DynError) -> ApiError {
    ApiError::unprocessable("illegal_action", error.to_string())
}
