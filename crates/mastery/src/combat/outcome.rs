//! Combat steps 6 to 9: the result, Chaos survival dice, losses, retreat
//! and conquest. (The Orbs of step 7 are in `relics.rs`.)

use crate::events::{Ev, Event};
use crate::ids::Cell;
use crate::state::{CombatStep, LastCombat, Stage, State, rival};
use tourney_core::Seat;

impl State {
    /// Step 6: the larger value wins by the difference; a tie goes to the
    /// defender by 1.
    pub(crate) fn decide_result(&mut self, ev: &mut Ev) {
        let chaos = self.config.chaos;
        let Some(c) = self.combat_mut() else {
            return;
        };
        let [att, def] = c.value;
        if att > def {
            c.winner = 0;
            c.margin = att.saturating_sub(def);
        } else {
            c.winner = 1;
            c.margin = def.saturating_sub(att).max(1);
        }
        let (cell, attacker, defender, values, margin) =
            (c.cell, c.attacker, c.defender, c.value, c.margin);
        let winner = c.seat_of(usize::from(c.winner));
        ev.everyone(|| Event::CombatResult {
            cell,
            attacker,
            defender,
            winner,
            values,
            margin,
        });
        if chaos {
            if let Some(c) = self.combat_mut() {
                c.step = CombatStep::Survival;
            }
            let winner = self.combat().map_or(0, |c| usize::from(c.winner));
            let knights = self.knights_of(winner);
            if let Some(c) = self.combat_mut() {
                c.dice_left = knights;
            }
        } else {
            self.begin_orbs();
        }
    }

    pub(crate) fn begin_orbs(&mut self) {
        if let Some(c) = self.combat_mut() {
            c.step = CombatStep::Orbs;
            c.responder = 0;
        }
    }

    /// Chaos: each survival die showing 1 costs the winner a knight; losing
    /// the last one loses the combat, and the other side neither loses
    /// knights nor retreats.
    pub(crate) fn survival_rolled(&mut self, face: u8, ev: &mut Ev) {
        let Some(c) = self.combat() else {
            return;
        };
        let winner = usize::from(c.winner);
        let (seat, loser, cell) = (c.seat_of(winner), c.seat_of(rival(winner)), c.cell);
        let left = c.dice_left.saturating_sub(1);
        if let Some(c) = self.combat_mut() {
            c.dice_left = left;
            if face == 1 {
                c.survival_ones = c.survival_ones.saturating_add(1);
            }
        }
        if face == 1 {
            self.lose_in_conflict(winner, 1);
        }
        ev.everyone(|| Event::SurvivalDie {
            seat,
            cell,
            face,
            left: self.knights_of(winner),
        });
        if face != 1 {
            return;
        }
        if self.knights_of(winner) == 0
            && let Some(c) = self.combat_mut()
        {
            c.winner = u8::from(c.winner == 0);
            c.margin = 0;
            c.flipped = true;
            c.dice_left = 0;
            ev.everyone(|| Event::ResultReversed {
                cell,
                winner: loser,
                loser: seat,
            });
        }
    }

    /// Steps 8 and 9: the loser loses the difference in knights (never more
    /// than it has there) and the rest retreat to its castle; a winning
    /// attacker conquers the territory and applies its effect.
    pub(crate) fn finish_combat(&mut self, ev: &mut Ev) {
        let Some(c) = self.combat().cloned() else {
            return;
        };
        self.discard_table();
        let castle = self.castle_owner(c.cell).is_some();
        let loss = if c.flipped {
            0
        } else {
            u8::try_from(c.margin.max(0))
                .unwrap_or(u8::MAX)
                .saturating_sub(c.spared)
        };
        let defenders = self.knights_of(1);
        // The report is kept before anything moves on from the combat, so
        // a game ended by a taken castle has it too; losses are filled in
        // below as they are taken.
        let number = self
            .last_combat
            .as_ref()
            .map_or(0, |l| l.number)
            .saturating_add(1);
        self.last_combat = Some(LastCombat {
            number,
            combat: c.clone(),
            defenders,
            castle,
            lost: 0,
            retreated: 0,
            retreat_lost: 0,
        });
        // The attacking knights leave the combat (and its die) here.
        self.set_stage(Stage::Free);
        if c.winner == 0 {
            if castle {
                ev.everyone(|| Event::CastleTaken {
                    seat: c.attacker,
                    castle_of: c.defender,
                });
                self.win_by_castle(c.attacker, ev);
                return;
            }
            let retreat = defenders.saturating_sub(loss);
            let p = self.place_mut(c.cell);
            p.set_owner(None);
            p.knights = 0;
            let placed = self.add_to_castle(c.defender, retreat);
            let lost = defenders.saturating_sub(retreat);
            self.note_losses(lost, retreat, placed);
            self.tell_losses(c.defender, c.cell, lost, retreat, placed, ev);
            if c.att_knights > 0 {
                self.conquer(c.attacker, c.cell, c.att_knights, false, ev);
            }
        } else {
            let retreat = c.att_knights.saturating_sub(loss);
            let placed = self.add_to_castle(c.attacker, retreat);
            let lost = c.att_knights.saturating_sub(retreat);
            self.note_losses(lost, retreat, placed);
            self.tell_losses(c.attacker, c.cell, lost, retreat, placed, ev);
            let knights = self.place(c.cell).knights;
            if !castle {
                if knights == 0 {
                    self.place_mut(c.cell).set_owner(None);
                }
                ev.everyone(|| Event::Defended {
                    seat: c.defender,
                    cell: c.cell,
                    knights,
                });
            }
        }
        self.territory_changed(ev);
    }

    /// The loser's losses, in the report of the combat just finished.
    fn note_losses(&mut self, lost: u8, retreat: u8, placed: u8) {
        if let Some(l) = self.last_combat.as_mut() {
            l.lost = lost;
            l.retreated = placed;
            l.retreat_lost = retreat.saturating_sub(placed);
        }
    }

    fn tell_losses(&self, seat: Seat, cell: Cell, lost: u8, retreat: u8, placed: u8, ev: &mut Ev) {
        ev.everyone(|| Event::CombatLosses {
            seat,
            cell,
            lost,
            retreated: placed,
            retreat_lost: retreat.saturating_sub(placed),
            castle: self.player(seat).castle,
        });
    }
}
