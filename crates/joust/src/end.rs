//! The end of a pass: heals, discards, the report, and whether someone has
//! won; otherwise the next turn.

use crate::dice;
use crate::events::{EndReason, Event, Told};
use crate::slot::SLOTS;
use crate::state::{CardJoust, Phase, put, seat_set};
use tourney_core::{Seat, SeatSet};

impl CardJoust {
    pub(crate) fn finish_pass(&mut self, ev: &mut Told) {
        let report = [0, 1].map(|k| self.duel.at(k).report(self.target(k)));
        for side in self.duel.sides {
            let Some(p) = self.player_mut(side.seat) else {
                continue;
            };
            if side.dismounted || side.left_by_injury {
                p.knight = None;
            } else if let Some(knight) = p.knight.as_mut() {
                let before = knight.minor;
                knight.heal(dice::heals(&side.minor_faces));
                let kn = *knight;
                if kn.minor < before {
                    ev.everyone(|| Event::Healed {
                        seat: side.seat,
                        knight: kn.number,
                        healed: before.saturating_sub(kn.minor),
                        minor: kn.minor,
                    });
                }
            }
            if let Some(aim) = side.aim {
                p.record_aim(aim);
            }
            // Slot cards are discarded face up: the discard pile is open.
            for &c in side
                .slots
                .iter()
                .chain(side.hand.iter().take(usize::from(side.hand_len)))
            {
                put(&mut p.discard, c);
            }
        }
        for side in &mut self.duel.sides {
            side.slots = [0; SLOTS];
            side.hand_len = 0;
        }
        self.last_pass = Some(report);
        self.passes = self.passes.saturating_add(1);
        for side in self.duel.sides {
            if !self.in_event(side.seat) {
                ev.everyone(|| Event::OutOfEvent { seat: side.seat });
            }
        }
        match self.decide() {
            Some((winners, reason)) => {
                self.winners = winners;
                self.phase = Phase::Over;
                ev.everyone(|| Event::EventOver {
                    winners: winners.iter().collect(),
                    points: winners.first_seat().map_or(0, |s| self.points(s)),
                    reason,
                });
            }
            None => self.next_turn(ev),
        }
    }

    /// Whether the pass just fought ended the event, who won, and why.
    pub(crate) fn decide(&self) -> Option<(SeatSet, EndReason)> {
        let duelists = self.duel.sides.map(|s| s.seat);
        let target = i32::from(self.config.target_points);
        let points = |s: Seat| i32::from(self.points(s));
        // Reaching the target counts only with a knight still standing.
        let mut at_target = duelists
            .into_iter()
            .filter(|&s| self.knight(s).is_some() && points(s) >= target);
        match (at_target.next(), at_target.next()) {
            (Some(a), None) => return Some((SeatSet::single(a), EndReason::Target)),
            (Some(a), Some(b)) if points(a) != points(b) => {
                let winner = if points(a) > points(b) { a } else { b };
                return Some((SeatSet::single(winner), EndReason::Target));
            }
            _ => {}
        }
        let alive = seat_set(
            (0..self.seat_count())
                .map(Seat::new)
                .filter(|&s| self.in_event(s)),
        );
        match alive.len() {
            1 => return Some((alive, EndReason::LastInEvent)),
            // The last knights fell together: more points wins, equal is a draw.
            0 => {
                return Some((best(seat_set(duelists), points), EndReason::FellTogether));
            }
            _ => {}
        }
        if let Some(threshold) = self.config.points_threshold {
            let total: i32 = (0..self.seat_count()).map(|i| points(Seat::new(i))).sum();
            if total >= i32::from(threshold) {
                return Some((best(alive, points), EndReason::Threshold));
            }
        }
        None
    }
    fn next_turn(&mut self, ev: &mut Told) {
        let n = self.seat_count();
        let from = self.turn.index();
        // The seats after this turn's, then round the table back to it.
        let after = (0..n).filter(|&i| i > from);
        let before = (0..n).filter(|&i| i <= from);
        let next = after
            .chain(before)
            .map(Seat::new)
            .find(|&s| self.in_event(s));
        self.turn = next.unwrap_or(self.turn);
        self.start_turn(ev);
    }
}

/// The seats with the most points among `seats` (several on a tie).
fn best(seats: SeatSet, points: impl Fn(Seat) -> i32) -> SeatSet {
    let top = seats.iter().map(&points).max().unwrap_or(0);
    seat_set(seats.iter().filter(|&s| points(s) == top))
}
