//! Turn clocks, worked out from the step log alone: every step row holds
//! the wall-clock time it was taken (`at`), and a seat's clock runs between
//! the steps during which it is on move. A table that reloads (a restart,
//! another node taking over) replays its steps and finds the same clocks
//! and the same deadlines; no timer has to survive anything.
//!
//! Pure: the times come in as arguments, nothing here reads a clock.

use serde::{Deserialize, Serialize};
use tourney_core::Seat;
use utoipa::ToSchema;

/// The longest clock a table may have: a week per move or per game, for
/// correspondence play.
pub const MOST_SECONDS: u32 = 7 * 24 * 3600;
/// The longest increment: an hour per move.
pub const MOST_INCREMENT: u32 = 3600;
/// A player whose whole-game time ran out and who came back plays each
/// move within this long (or the increment, if that is longer).
pub const OVERTIME_MS: i64 = 30_000;

/// A table's turn clock, chosen by its creator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockPlan {
    /// `move`: each choice must be made within `seconds`; `total`: each
    /// player has `seconds` for the whole game, plus `increment` after
    /// each of their moves (chess style).
    pub mode: ClockMode,
    /// Seconds per move, or per player for the game: 1 to 604800 (a week).
    pub seconds: u32,
    /// Seconds added to a player's time after each of their moves
    /// (`total` only): 0 to 3600.
    #[serde(default)]
    pub increment: u32,
    /// What happens to a seat whose time runs out.
    #[serde(default)]
    pub on_timeout: OnTimeout,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClockMode {
    Move,
    Total,
}

/// What a seat's running out of time does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OnTimeout {
    /// A bot plays for the absent player until they come back (they take
    /// the seat back by acting, or with `POST …/back`).
    #[default]
    StandIn,
    /// The seat forfeits: the game ends there, and every other seat wins.
    Forfeit,
}

impl ClockPlan {
    /// Checks the bounds a creator may choose within.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MOST_SECONDS).contains(&self.seconds) {
            return Err(format!(
                "a clock's `seconds` is 1 to {MOST_SECONDS} (a week)"
            ));
        }
        if self.increment > MOST_INCREMENT {
            return Err(format!(
                "a clock's `increment` is 0 to {MOST_INCREMENT} seconds"
            ));
        }
        if self.mode == ClockMode::Move && self.increment != 0 {
            return Err(
                "an increment is for a `total` clock; a `move` clock starts afresh at every move"
                    .into(),
            );
        }
        Ok(())
    }

    fn allowance_ms(&self) -> i64 {
        i64::from(self.seconds) * 1000
    }

    fn increment_ms(&self) -> i64 {
        i64::from(self.increment) * 1000
    }
}

/// Every seat's clock at one table.
#[derive(Debug, Clone, PartialEq)]
pub struct Clocks {
    plan: ClockPlan,
    /// `total`: each seat's time left as of `as_of` (below zero once it
    /// ran out).
    left: Vec<i64>,
    /// When each seat on move was offered its current choice.
    since: Vec<Option<i64>>,
    /// `total`: whether the seat's time had run out when it was offered
    /// its current choice; it then has [`OVERTIME_MS`] for it.
    overtime: Vec<bool>,
    /// The time of the last step (or the start).
    as_of: i64,
}

impl Clocks {
    /// The clocks at the start of a game of `seats` seats, at `start_ms`.
    pub fn new(plan: ClockPlan, seats: usize, start_ms: i64) -> Clocks {
        Clocks {
            plan,
            left: vec![plan.allowance_ms(); seats],
            since: vec![None; seats],
            overtime: vec![false; seats],
            as_of: start_ms,
        }
    }

    pub fn plan(&self) -> ClockPlan {
        self.plan
    }

    /// A step was taken at `at`: every seat that was on move (`on_move`
    /// before the step) used the time since the last one; the seat whose
    /// own move it was (`mover`) gains the increment.
    pub fn charge(&mut self, at: i64, on_move: impl Fn(Seat) -> bool, mover: Option<Seat>) {
        let used = (at - self.as_of).max(0);
        for (index, left) in self.left.iter_mut().enumerate() {
            if on_move(Seat::new(index)) {
                *left -= used;
            }
        }
        if let Some(left) = mover.and_then(|seat| self.left.get_mut(seat.index())) {
            *left += self.plan.increment_ms();
        }
        self.as_of = self.as_of.max(at);
    }

    /// After a step at `at`: `offered(seat)` is `Some(true)` for a seat
    /// given a new choice, `Some(false)` for one still on the choice it
    /// had, `None` for a seat not on move.
    pub fn offer(&mut self, at: i64, offered: impl Fn(Seat) -> Option<bool>) {
        for index in 0..self.since.len() {
            match offered(Seat::new(index)) {
                Some(true) => {
                    self.since[index] = Some(at);
                    self.overtime[index] = self.left[index] <= 0;
                }
                Some(false) => {}
                None => self.since[index] = None,
            }
        }
    }

    /// When `seat`'s time runs out (Unix ms), if it is on move.
    pub fn deadline(&self, seat: Seat) -> Option<i64> {
        let since = (*self.since.get(seat.index())?)?;
        Some(match self.plan.mode {
            ClockMode::Move => since + self.plan.allowance_ms(),
            ClockMode::Total if self.overtime[seat.index()] => {
                since + OVERTIME_MS.max(self.plan.increment_ms())
            }
            ClockMode::Total => self.as_of + self.left[seat.index()],
        })
    }

    /// `seat`'s time left at `now` (Unix ms), never below zero.
    pub fn remaining(&self, seat: Seat, now: i64) -> i64 {
        let running = self.deadline(seat).map(|deadline| deadline - now);
        let left = match self.plan.mode {
            ClockMode::Move => self.plan.allowance_ms(),
            ClockMode::Total => self.left.get(seat.index()).copied().unwrap_or(0),
        };
        running.unwrap_or(left).max(0)
    }

    /// Whether `seat`'s clock is running (it is on move).
    pub fn is_running(&self, seat: Seat) -> bool {
        self.since.get(seat.index()).is_some_and(Option::is_some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(seconds: u32, increment: u32) -> ClockPlan {
        ClockPlan {
            mode: ClockMode::Total,
            seconds,
            increment,
            on_timeout: OnTimeout::StandIn,
        }
    }

    const A: Seat = Seat(0);
    const B: Seat = Seat(1);

    #[test]
    fn a_move_clock_starts_afresh_at_each_choice() {
        let plan = ClockPlan {
            mode: ClockMode::Move,
            seconds: 10,
            increment: 0,
            on_timeout: OnTimeout::Forfeit,
        };
        let mut clocks = Clocks::new(plan, 2, 1_000);
        clocks.offer(1_000, |s| (s == A).then_some(true));
        assert_eq!(clocks.deadline(A), Some(11_000));
        assert_eq!(clocks.deadline(B), None);
        assert_eq!(clocks.remaining(A, 4_000), 7_000);
        assert_eq!(clocks.remaining(B, 4_000), 10_000);
        // A moves at 4 s; B is on move from then.
        clocks.charge(4_000, |s| s == A, Some(A));
        clocks.offer(4_000, |s| (s == B).then_some(true));
        assert_eq!(clocks.deadline(A), None);
        assert_eq!(clocks.deadline(B), Some(14_000));
        assert_eq!(clocks.remaining(B, 20_000), 0);
    }

    #[test]
    fn a_total_clock_runs_only_on_move_and_adds_the_increment() {
        let mut clocks = Clocks::new(total(60, 5), 2, 0);
        clocks.offer(0, |s| (s == A).then_some(true));
        assert_eq!(clocks.deadline(A), Some(60_000));
        // A thinks 20 s: 40 s left, plus 5.
        clocks.charge(20_000, |s| s == A, Some(A));
        clocks.offer(20_000, |s| (s == B).then_some(true));
        assert_eq!(clocks.remaining(A, 30_000), 45_000);
        assert!(!clocks.is_running(A));
        assert_eq!(clocks.deadline(B), Some(80_000));
        // A die rolled at 21 s charges B one second, and B's choice stays.
        clocks.charge(21_000, |s| s == B, None);
        clocks.offer(21_000, |s| (s == B).then_some(false));
        assert_eq!(clocks.deadline(B), Some(80_000));
        assert_eq!(clocks.remaining(B, 21_000), 59_000);
    }

    #[test]
    fn a_player_out_of_time_plays_on_in_overtime() {
        let mut clocks = Clocks::new(total(10, 0), 2, 0);
        clocks.offer(0, |s| (s == A).then_some(true));
        // A's time ran out; a stand-in moved for A at 10.2 s.
        clocks.charge(10_200, |s| s == A, Some(A));
        clocks.offer(10_200, |s| (s == B).then_some(true));
        clocks.charge(11_000, |s| s == B, Some(B));
        clocks.offer(11_000, |s| (s == A).then_some(true));
        assert_eq!(clocks.remaining(A, 11_000), OVERTIME_MS);
        assert_eq!(clocks.deadline(A), Some(11_000 + OVERTIME_MS));
    }

    #[test]
    fn plans_out_of_bounds_are_refused() {
        assert!(total(0, 0).check().is_err());
        assert!(total(MOST_SECONDS + 1, 0).check().is_err());
        assert!(total(60, MOST_INCREMENT + 1).check().is_err());
        let per_move = ClockPlan {
            mode: ClockMode::Move,
            seconds: 30,
            increment: 5,
            on_timeout: OnTimeout::StandIn,
        };
        assert!(per_move.check().is_err());
        assert!(total(300, 5).check().is_ok());
    }
}
