//! Winning: 13 points (11 in a Skirmish) at once, a team's total under
//! Loyalty, a castle under Siege, or the most points when the round limit
//! is reached.

use crate::config::Loyalty;
use crate::events::{EndReason, Ev, Event};
use crate::state::{Phase, State};
use tourney_core::{Outcome, Seat, SeatSet};

impl State {
    /// Points of `seat` and its teammates together.
    pub fn team_points(&self, seat: Seat) -> u16 {
        self.table_seats()
            .filter(|&s| s == seat || self.teammates(s, seat))
            .map(|s| self.points(s))
            .sum()
    }

    fn team_of(&self, seat: Seat) -> SeatSet {
        self.table_seats()
            .filter(|&s| s == seat || self.teammates(s, seat))
            .collect()
    }

    /// Ends the game if a player (or a team) has reached the goal; called
    /// whenever a territory changes hands.
    pub fn check_goal(&mut self, ev: &mut Ev) {
        let mut winners = SeatSet::EMPTY;
        for seat in self.table_seats() {
            let reached = if self.config.loyalty == Loyalty::Off {
                self.points(seat) >= self.config.goal()
            } else {
                self.team_points(seat) >= self.config.team_goal()
            };
            if reached {
                winners.insert(seat);
            }
        }
        if !winners.is_empty() {
            self.end(Outcome { winners }, EndReason::Goal, ev);
        }
    }

    /// The round limit: the most points win, ties share the win.
    pub fn end_by_points(&mut self, ev: &mut Ev) {
        let score = |s: Seat| {
            if self.config.loyalty == Loyalty::Off {
                self.points(s)
            } else {
                self.team_points(s)
            }
        };
        let best = self.table_seats().map(score).max().unwrap_or(0);
        let winners = self.table_seats().filter(|&s| score(s) == best).collect();
        self.end(Outcome { winners }, EndReason::RoundLimit, ev);
    }

    /// Siege: conquering a castle wins for the conqueror (and their team).
    pub fn win_by_castle(&mut self, seat: Seat, ev: &mut Ev) {
        let winners = self.team_of(seat);
        self.end(Outcome { winners }, EndReason::Castle, ev);
    }

    pub fn end(&mut self, outcome: Outcome, reason: EndReason, ev: &mut Ev) {
        self.phase = Phase::Over(outcome);
        self.draw = None;
        self.peek = None;
        ev.everyone(|| Event::GameOver {
            winners: outcome.winners.iter().collect(),
            points: self.table_seats().map(|s| self.points(s)).collect(),
            reason,
        });
    }
}
