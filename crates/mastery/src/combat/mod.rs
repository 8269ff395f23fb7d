//! Combat, step by step as the rulebook orders it:
//!
//! 1. Territory effects (when the combat starts).
//! 2. Both draw up to five; then the attacker's window for the Crown and
//!    Aid cards.
//! 3. Sceptres, after their Destroy window.
//! 4. Conflict cards face down, revealed together; Ambush dice.
//! 5. Support cards in turns, from the lower value.
//! 6. The result (then the Chaos survival dice).
//! 7. Orbs, after their Destroy window.
//! 8. Losses and retreat.
//! 9. Conquest and its territory effect.

mod cards;
mod outcome;

use crate::events::{Ev, Event};
use crate::ids::Cell;
use crate::setup::HAND;
use crate::state::{Combat, CombatStep, Commit, MAX_PLAYERS, State};
use tourney_core::Seat;

/// Under Siege a castle defends as if it held this many knights.
const CASTLE_DEFENCE: i16 = 8;

impl State {
    pub(crate) fn start_combat(
        &mut self,
        attacker: Seat,
        cell: Cell,
        defender: Seat,
        knights: u8,
        ev: &mut Ev,
    ) {
        let castle = self.castle_owner(cell).is_some();
        let tile = self.tile_at(cell).filter(|_| !castle);
        let defence = if castle {
            CASTLE_DEFENCE
        } else {
            i16::from(self.place(cell).knights)
        };
        let territory = tile.map_or([0, 0], |t| [i16::from(t.attack), i16::from(t.defence)]);
        let combat = Combat {
            cell,
            attacker,
            defender,
            att_knights: knights,
            value: [
                i16::from(knights).saturating_add(territory[0]),
                defence.saturating_add(territory[1]),
            ],
            step: CombatStep::Window,
            commit: [Commit::Pending; 2],
            ambush: [false; 2],
            played: Default::default(),
            passed: 0,
            support_turn: attacker,
            draws_due: 0b11,
            draw_to: HAND,
            responder: 0,
            winner: 0,
            margin: 0,
            dice_left: 0,
            spared: 0,
            flipped: false,
            ambush_faces: [0; 2],
            survival_ones: 0,
            territory,
            sceptres: [0; 2],
            relics_out: [[None; 2]; 2],
            relics_in: [[None; 3]; 2],
        };
        let values = combat.value;
        self.set_stage(crate::state::Stage::Combat(combat));
        ev.everyone(|| Event::CombatBegins {
            attacker,
            defender,
            cell,
            tile: tile.map(|t| t.name.to_string()),
            knights: [knights, self.knights_of(1)],
            bonus: territory,
            values,
        });
    }

    pub(crate) fn settle_combat(&mut self, ev: &mut Ev) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        if c.draws_due != 0 {
            let side = if c.draws_due & 1 != 0 { 0 } else { 1 };
            let (seat, to) = (c.seat_of(side), c.draw_to);
            if let Some(c) = self.combat_mut() {
                c.draws_due &= !(1 << side);
            }
            self.start_draw(seat, to, 0);
            return true;
        }
        match c.step {
            CombatStep::Window => false,
            CombatStep::Sceptres | CombatStep::Orbs => self.settle_relic_window(ev),
            CombatStep::Conflict => self.settle_conflict(ev),
            CombatStep::Ambush => {
                if c.ambush == [false; 2] {
                    self.begin_support(ev);
                    true
                } else {
                    false
                }
            }
            CombatStep::Support => self.settle_support(ev),
            CombatStep::Survival => {
                if c.dice_left == 0 {
                    self.begin_orbs();
                    true
                } else {
                    false
                }
            }
            CombatStep::Finish => {
                self.finish_combat(ev);
                true
            }
        }
    }

    /// The combat side (0 attacker, 1 defender) a seat fights or helps for.
    pub(crate) fn side_of(&self, seat: Seat) -> Option<usize> {
        let c = self.combat()?;
        if seat == c.attacker || self.teammates(seat, c.attacker) {
            Some(0)
        } else if seat == c.defender || self.teammates(seat, c.defender) {
            Some(1)
        } else {
            None
        }
    }

    /// Whether the conflict cell is a castle (Siege).
    fn castle_fight(&self) -> bool {
        self.combat()
            .is_some_and(|c| self.castle_owner(c.cell).is_some())
    }

    /// A side's knights in the conflict territory.
    pub(crate) fn knights_of(&self, side: usize) -> u8 {
        let Some(c) = self.combat() else {
            return 0;
        };
        match side {
            0 => c.att_knights,
            _ if self.castle_fight() => self.player(c.defender).castle,
            _ => self.place(c.cell).knights,
        }
    }

    fn set_knights(&mut self, side: usize, knights: u8) {
        let castle = self.castle_fight();
        let Some(c) = self.combat_mut() else {
            return;
        };
        let (cell, defender) = (c.cell, c.defender);
        match side {
            0 => c.att_knights = knights,
            _ if castle => self.player_mut(defender).castle = knights,
            _ => self.place_mut(cell).knights = knights,
        }
    }

    /// A side loses knights in the conflict territory (Savagery).
    pub(crate) fn lose_in_conflict(&mut self, side: usize, n: u8) {
        let k = self.knights_of(side);
        self.set_knights(side, k.saturating_sub(n));
    }

    /// Orb of Resolve: one knight from the castle joins the fight, if the
    /// territory has room. (A defending castle is its own reserve.)
    pub(crate) fn reinforce_conflict(&mut self, side: usize) {
        let Some(c) = self.combat() else {
            return;
        };
        let (seat, cell) = (c.seat_of(side), c.cell);
        if self.castle_fight() && side == 1 {
            return;
        }
        let k = self.knights_of(side);
        let castle = self.player(seat).castle;
        if let Some(left) = castle.checked_sub(1)
            && k < self.capacity(cell)
        {
            self.player_mut(seat).castle = left;
            self.set_knights(side, k.saturating_add(1));
        }
    }

    /// Every card put on the table in this combat goes to its owner's discard pile.
    pub(crate) fn discard_table(&mut self) {
        let Some(c) = self.combat().cloned() else {
            return;
        };
        for seat in self.table_seats().take(MAX_PLAYERS) {
            let mut played = c.played_by(seat);
            self.player_mut(seat).discard.absorb(&mut played);
        }
    }
}

/// `seat`'s bit in a combat's mask of seats that passed on Support cards;
/// none for a seat past the eighth, which only a corrupt state names.
///
/// The mask stays a byte rather than a `SeatSet` because saved states hold
/// it as one: a `SeatSet` is sixteen bits wide and would read back numbers a
/// byte refuses.
pub(crate) fn seat_bit(seat: Seat) -> u8 {
    1u8.checked_shl(u32::from(seat.0)).unwrap_or(0)
}
