//! Combat steps 4 and 5: Conflict cards face down, revealed together (with
//! Ambush dice), then Support cards in turns.

use super::seat_bit;
use crate::actions::Action;
use crate::cards::{self, Card};
use crate::events::{Ev, Event};
use crate::state::{CombatStep, Commit, State, of_side_mut};
use tourney_core::Seat;

impl State {
    /// Combatants without a Conflict card put nothing down (it counts as
    /// 0); once both have chosen, the cards are turned up together.
    pub(crate) fn settle_conflict(&mut self, ev: &mut Ev) -> bool {
        let Some(c) = self.combat().cloned() else {
            return false;
        };
        let mut commit = c.commit;
        for (side, choice) in commit.iter_mut().enumerate() {
            if *choice == Commit::Pending
                && !cards::any(&self.player(c.seat_of(side)).hand, Card::is_conflict)
            {
                *choice = Commit::Nothing;
                ev.everyone(|| Event::NoConflictCard {
                    seat: c.seat_of(side),
                });
            }
        }
        if commit.contains(&Commit::Pending) {
            if commit != c.commit
                && let Some(c) = self.combat_mut()
            {
                c.commit = commit;
            }
            return false;
        }
        let Some(c) = self.combat_mut() else {
            return false;
        };
        c.commit = commit;
        for (side, commit) in commit.into_iter().enumerate() {
            if let Commit::Card(card) = commit {
                if let Some(played) = c.played_mut(c.seat_of(side)) {
                    played.put(card.index());
                }
                if card == Card::Ambush {
                    *of_side_mut(&mut c.ambush, side) = true;
                } else {
                    let value = of_side_mut(&mut c.value, side);
                    *value = value.saturating_add(card.conflict_value());
                }
            }
        }
        c.step = CombatStep::Ambush;
        let (attacker, defender, values) = (c.attacker, c.defender, c.value);
        let card = |commit: Commit| match commit {
            Commit::Card(card) => Some(card),
            _ => None,
        };
        ev.everyone(|| Event::ConflictRevealed {
            attacker,
            defender,
            cards: commit.map(card),
            values,
        });
        true
    }

    pub(crate) fn conflict_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        cards::kinds(&self.player(seat).hand)
            .filter(|c| c.is_conflict())
            .for_each(|c| f(Action::Conflict(c)));
    }

    pub(crate) fn do_conflict(&mut self, seat: Seat, action: Action) {
        let Action::Conflict(card) = action else {
            return;
        };
        let Some(side) = self
            .combat()
            .map(|c| usize::from(c.defender == seat && c.attacker != seat))
        else {
            return;
        };
        if self.player_mut(seat).hand.take(card.index()).is_ok()
            && let Some(c) = self.combat_mut()
        {
            *of_side_mut(&mut c.commit, side) = Commit::Card(card);
        }
    }

    pub(crate) fn ambush_rolled(&mut self, face: u8, ev: &mut Ev) {
        if let Some(c) = self.combat_mut() {
            let side = if c.ambush[0] { 0 } else { 1 };
            *of_side_mut(&mut c.ambush, side) = false;
            *of_side_mut(&mut c.ambush_faces, side) = face;
            let value = of_side_mut(&mut c.value, side);
            *value = value.saturating_add(i16::from(face));
            let (seat, values) = (c.seat_of(side), c.value);
            ev.everyone(|| Event::AmbushRolled { seat, face, values });
        }
    }

    /// Step 5 begins with the combatant whose value is lower (the attacker
    /// on a tie). Under Loyalty their teammates take part too, in seat order.
    pub(crate) fn begin_support(&mut self, ev: &mut Ev) {
        let no_support = self
            .combat()
            .and_then(|c| {
                self.tile_at(c.cell)
                    .filter(|_| self.castle_owner(c.cell).is_none())
                    .map(|t| (c.cell, t))
            })
            .filter(|(_, t)| t.no_support);
        if let Some((cell, tile)) = no_support {
            ev.everyone(|| Event::NoSupport {
                cell,
                tile: tile.name.to_string(),
            });
            self.decide_result(ev);
            return;
        }
        if let Some(c) = self.combat_mut() {
            c.step = CombatStep::Support;
            c.passed = 0;
            c.support_turn = if c.value[1] < c.value[0] {
                c.defender
            } else {
                c.attacker
            };
        }
    }

    fn supporter(&self, seat: Seat) -> bool {
        self.side_of(seat).is_some()
    }

    /// The next seat clockwise after `from` still playing Support cards
    /// (`from` itself if it is the only one left).
    fn next_supporter(&self, from: Seat, passed: u8) -> Option<Seat> {
        let n = self.players.max(1);
        (1..=n)
            .map(|off| crate::flow::seat_after(from, off, n))
            .find(|&s| self.supporter(s) && passed & seat_bit(s) == 0)
    }

    pub(crate) fn settle_support(&mut self, ev: &mut Ev) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        let (seat, passed) = (c.support_turn, c.passed);
        let done = passed & seat_bit(seat) != 0 || !self.supporter(seat);
        if done || self.player(seat).hand.is_empty() {
            let passed = passed | seat_bit(seat);
            let next = self.next_supporter(seat, passed);
            match next {
                Some(next) => {
                    if let Some(c) = self.combat_mut() {
                        c.passed = passed;
                        c.support_turn = next;
                    }
                }
                None => self.decide_result(ev),
            }
            return true;
        }
        false
    }

    pub(crate) fn support_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        cards::kinds(&self.player(seat).hand)
            .filter(|c| c.is_support())
            .for_each(|c| f(Action::Support(c)));
        f(Action::Pass);
    }

    pub(crate) fn do_support(&mut self, seat: Seat, action: Action, ev: &mut Ev) {
        let Some(side) = self.side_of(seat) else {
            return;
        };
        let mut passed = self.combat().map_or(0, |c| c.passed);
        match action {
            Action::Support(card) => {
                if self.player_mut(seat).hand.take(card.index()).is_err() {
                    return;
                }
                if let Some(c) = self.combat_mut() {
                    if let Some(played) = c.played_mut(seat) {
                        played.put(card.index());
                    }
                    let value = of_side_mut(&mut c.value, side);
                    *value = value.saturating_add(card.support_value());
                    let (for_seat, values) = (c.seat_of(side), c.value);
                    ev.everyone(|| Event::SupportPlayed {
                        seat,
                        card,
                        for_seat,
                        values,
                    });
                }
            }
            Action::Pass => passed |= seat_bit(seat),
            _ => return,
        }
        let next = self.next_supporter(seat, passed);
        match next {
            Some(next) => {
                if let Some(c) = self.combat_mut() {
                    c.passed = passed;
                    c.support_turn = next;
                }
            }
            None => {
                if let Some(c) = self.combat_mut() {
                    c.passed = passed;
                }
                self.decide_result(ev);
            }
        }
    }
}
