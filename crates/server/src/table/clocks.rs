//! Turn clocks and leavers at a live table: when a seat's time runs out,
//! what then happens (a stand-in bot plays for the absent player, or the
//! seat forfeits), and a person leaving or coming back on purpose.
//!
//! The clocks themselves come from the step log (see [`crate::clock`]), so
//! a reloaded table has the same deadlines. Only the node holding the
//! table's lease acts on one, so a deadline is acted on once however many
//! nodes hold the table in memory.

use super::actor::Next;
use super::{Table, now_ms};
use crate::clock::{Clocks, OnTimeout};
use crate::error::{ApiError, ApiResult};
use crate::protocol::{ClockView, SeatClock};
use tourney_core::{Outcome, Seat, ToMove};
use tourney_store::{Status, TableRow};
use tourney_table::LogLine;

/// What `tables.outcome` holds for a game ended by a forfeit.
#[derive(serde::Serialize, serde::Deserialize)]
struct Forfeited {
    winners: Vec<u8>,
    forfeit: u8,
}

/// The seat that forfeited a finished table, as its row tells.
pub(super) fn forfeit_of(row: &TableRow) -> Option<Seat> {
    let outcome = row.outcome.as_deref()?;
    let forfeited: Forfeited = serde_json::from_str(outcome).ok()?;
    Some(Seat(forfeited.forfeit))
}

impl Table {
    /// Sets the clocks going as the game begins, or as a table replays
    /// from its start: the seats first on move are offered their choice
    /// when the last seat was taken.
    pub(super) fn start_clocks(&mut self) {
        let Some(plan) = self.seating.clock() else {
            return;
        };
        let start = self
            .seating
            .last_joined()
            .unwrap_or(self.created_at)
            .max(self.created_at);
        let mut clocks = Clocks::new(plan, self.seating.count(), start);
        clocks.offer(start, |seat| self.is_prompted(seat).then_some(true));
        self.clocks = Some(clocks);
    }

    fn is_prompted(&self, seat: Seat) -> bool {
        self.prompts.get(seat.index()).is_some_and(Option::is_some)
    }

    /// The clocks' side of a step taken at `at`, called by `record`
    /// before the prompts change (`Charge`) and after (`Offer`).
    pub(super) fn charge_clocks(&mut self, at: i64, mover: Option<Seat>) {
        if let Some(mut clocks) = self.clocks.take() {
            clocks.charge(at, |seat| self.is_prompted(seat), mover);
            self.clocks = Some(clocks);
        }
    }

    pub(super) fn offer_clocks(&mut self, at: i64) {
        let seq = self.seq();
        if let Some(clocks) = &mut self.clocks {
            let prompts = &self.prompts;
            clocks.offer(at, |seat| {
                let (since, _) = prompts.get(seat.index())?.as_ref()?;
                Some(*since == seq)
            });
        }
    }

    /// The earliest deadline a person on move faces, if this node is the
    /// one to act on it.
    pub(super) fn next_deadline(&self) -> Option<(i64, Seat)> {
        // The lease is asked last: a table without a clock (most) answers
        // at once, without the lease set's lock.
        self.pending_deadline()
            .filter(|_| self.leases.holds(&self.id))
    }

    /// The earliest deadline a person on move faces, whichever node acts.
    pub(super) fn pending_deadline(&self) -> Option<(i64, Seat)> {
        let clocks = self.clocks.as_ref()?;
        if self.status != Status::Playing {
            return None;
        }
        let ToMove::Seats(on_move) = self.game.to_move() else {
            return None;
        };
        on_move
            .iter()
            .filter(|&seat| !self.seating.is_played_by_bot(seat))
            .filter_map(|seat| Some((clocks.deadline(seat)?, seat)))
            .min()
    }

    /// `seat`'s time has run out (if it still has: a move may have come
    /// since): a stand-in bot moves for it, or it forfeits.
    pub(super) async fn run_out(&mut self, seat: Seat) -> Next {
        match self.pending_deadline() {
            Some((deadline, due)) if due == seat && deadline <= now_ms() => {}
            _ => return Next::Carry,
        }
        let on_timeout = self.clocks.as_ref().map(|c| c.plan().on_timeout);
        let result = match on_timeout {
            Some(OnTimeout::Forfeit) => self.forfeit(seat).await,
            // A stand-in plays for the seat from now on; its first move
            // is recorded as made because the time ran out.
            _ => self.set_away(seat, true).await.map(|()| {
                self.ran_out.insert(seat);
            }),
        };
        match result {
            Ok(()) => {
                self.kick();
                Next::Carry
            }
            Err(e) => {
                // The write may have landed or not: reload from the log.
                tracing::warn!("table {}: {seat}'s clock ran out: {e}", self.id);
                Next::Stop
            }
        }
    }

    /// Stores and applies whether `seat`'s person is away (a stand-in bot
    /// plays for them), and tells the watchers.
    pub(super) async fn set_away(&mut self, seat: Seat, away: bool) -> ApiResult<()> {
        if self.seating.is_away(seat) == away {
            return Ok(());
        }
        let stored = self
            .store
            .set_away(&self.id, u32::from(seat.0), away)
            .await?;
        if !stored {
            return Err(ApiError::unavailable(format!(
                "{seat} has no person's row to mark"
            )));
        }
        self.seating.set_away(seat, away);
        if !away && self.thinking.is_some_and(|(s, _)| s == seat) {
            // The stand-in's answer, when it comes, is for a seat its
            // person has taken back.
            self.thinking = None;
        }
        self.push_seats();
        Ok(())
    }

    /// The game ends with `seat` forfeiting: every other seat wins.
    async fn forfeit(&mut self, seat: Seat) -> ApiResult<()> {
        let outcome = Outcome::forfeit(seat, self.seating.count());
        let stored = Forfeited {
            winners: outcome.winners.iter().map(|s| s.0).collect(),
            forfeit: seat.0,
        };
        let json = serde_json::to_string(&stored)
            .map_err(|e| ApiError::unavailable(format!("outcome: {e}")))?;
        // This copy's stamp for "after the last step": no step has it.
        let head = (self.head, self.stamp(-1));
        let now = now_ms();
        if !self.store.forfeit(&self.id, &json, head, now).await? {
            return Err(ApiError::conflict(
                "stale",
                "another node changed the table first",
            ));
        }
        self.head = head.1;
        self.updated_at = now;
        self.status = Status::Finished;
        self.forfeit = Some(seat);
        self.tell_forfeit(seat);
        self.push_states();
        Ok(())
    }

    /// The log's line for a forfeit (this node's, or another's it learnt).
    pub(super) fn tell_forfeit(&mut self, seat: Seat) {
        let who = self.seating.who(seat);
        let text = format!("{who} ran out of time and forfeits: the others win.");
        // Appended to the last step's lines: a forfeit is not a step.
        match self.log.last_mut() {
            Some(told) => told.lines.push(LogLine::everyone(text)),
            None => self.tell(None, std::iter::once(LogLine::everyone(text))),
        }
    }

    /// A person leaves (a stand-in bot finishes their game) or comes back.
    pub(super) async fn leave_or_return(
        &mut self,
        token: Option<&str>,
        away: bool,
    ) -> ApiResult<()> {
        let Some(seat) = self.viewer(token)? else {
            return Err(ApiError::unauthorized(
                "leaving or coming back needs the seat's token",
            ));
        };
        if self.status != Status::Playing {
            return Err(ApiError::conflict(
                "not_playing",
                "a seat is left or taken back while the game is being played",
            ));
        }
        self.set_away(seat, away).await?;
        self.kick();
        Ok(())
    }

    /// Each seat's clock now, for a view.
    pub(super) fn clock_view(&self) -> Option<ClockView> {
        let clocks = self.clocks.as_ref()?;
        let now = now_ms();
        let playing = self.status == Status::Playing;
        let seats = (0..self.seating.count())
            .map(Seat::new)
            .map(|seat| {
                let running = playing && clocks.is_running(seat) && !self.seating.is_away(seat);
                SeatClock {
                    seat: seat.0,
                    remaining_ms: clocks.remaining(seat, now),
                    running: running && !self.seating.is_bot(seat),
                }
            })
            .collect();
        Some(ClockView {
            plan: clocks.plan(),
            as_of: now,
            seats,
        })
    }

    /// The clocks as the terminal's text shows them, one line.
    pub(super) fn clock_text(&self) -> Option<String> {
        let view = self.clock_view()?;
        let names = &self.names;
        let parts: Vec<String> = view
            .seats
            .iter()
            .filter(|s| !self.seating.is_bot(Seat(s.seat)))
            .map(|s| {
                let name = names.get(usize::from(s.seat)).cloned().unwrap_or_default();
                let away = if self.seating.is_away(Seat(s.seat)) {
                    " (away: a bot plays)"
                } else {
                    ""
                };
                let running = if s.running { " ◀" } else { "" };
                format!("{name} {}{running}{away}", mm_ss(s.remaining_ms))
            })
            .collect();
        Some(format!("Clock: {}", parts.join(" · ")))
    }

    /// Who the game waits for, with a forfeit ending it early.
    pub(super) fn to_move(&self) -> ToMove {
        match self.forfeit {
            Some(seat) => ToMove::Over(Outcome::forfeit(seat, self.seating.count())),
            None => self.game.to_move(),
        }
    }

    /// The line told before a stand-in's first move for a seat whose
    /// time ran out.
    pub(super) fn ran_out_line(&self, seat: Seat) -> LogLine {
        let who = self.seating.who(seat);
        LogLine::everyone(format!(
            "{who}'s time ran out: a bot plays for {who} until they come back."
        ))
    }
}

/// Milliseconds as a person reads a clock: `4:05`, `1:02:03`.
fn mm_ss(ms: i64) -> String {
    let seconds = (ms.max(0) + 999) / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match h {
        0 => format!("{m}:{s:02}"),
        _ => format!("{h}:{m:02}:{s:02}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clocks_read_as_minutes_and_seconds() {
        assert_eq!(super::mm_ss(0), "0:00");
        assert_eq!(super::mm_ss(4_001), "0:05");
        assert_eq!(super::mm_ss(245_000), "4:05");
        assert_eq!(super::mm_ss(3_723_000), "1:02:03");
    }
}
