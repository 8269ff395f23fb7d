//! Redistribution: moving knights between the castle and the territories a
//! player controls, one knight per action.
//!
//! Totals stay equal because every action moves one knight. Every controlled
//! territory keeps at least one knight and no more than it holds; territories
//! without a supply line take no part; the castle holds what the dice show.

use crate::actions::Action;
use crate::events::{Ev, Event, Stationed};
use crate::ids::Cell;
use crate::map::{bit, bits};
use crate::state::{Stage, State};
use tourney_core::Seat;

impl State {
    /// Cells taking part: the castle and the supplied territories.
    fn movable(&self, seat: Seat) -> u64 {
        bit(self.castle_cell(seat)) | self.supplied(seat)
    }

    /// `cells` is `movable(seat)`, computed once by the caller.
    fn can_move(
        &self,
        seat: Seat,
        cells: u64,
        from: Cell,
        to: Cell,
        sources: u64,
        targets: u64,
    ) -> bool {
        if from == to || cells & from.bit() == 0 || cells & to.bit() == 0 {
            return false;
        }
        // A cell gives or receives in one redistribution, never both: any
        // end position can be reached that way, and it cannot go round in circles.
        if targets & from.bit() != 0 || sources & to.bit() != 0 {
            return false;
        }
        let castle = self.castle_cell(seat);
        let castle_knights = self.player(seat).castle;
        let gives = if Some(from) == castle {
            castle_knights >= 1
        } else {
            self.place(from).knights >= 2
        };
        let takes = if Some(to) == castle {
            self.castle_fits(seat, castle_knights.saturating_add(1), 0)
        } else {
            self.place(to).knights < self.capacity(to)
        };
        gives && takes
    }

    pub(crate) fn any_move(&self, seat: Seat) -> bool {
        let cells = self.movable(seat);
        bits(cells).any(|from| bits(cells).any(|to| self.can_move(seat, cells, from, to, 0, 0)))
    }

    pub(crate) fn move_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        let Some(Stage::Redistribute { sources, targets }) = self.turn().map(|t| &t.stage) else {
            return;
        };
        let cells = self.movable(seat);
        for from in bits(cells) {
            for to in bits(cells) {
                if self.can_move(seat, cells, from, to, *sources, *targets) {
                    f(Action::Move { from, to });
                }
            }
        }
        f(Action::Done);
    }

    pub(crate) fn do_move(&mut self, seat: Seat, action: Action, ev: &mut Ev) {
        match action {
            Action::Move { from, to } => {
                let castle = self.castle_cell(seat);
                for (cell, delta) in [(from, -1i8), (to, 1)] {
                    let count = if Some(cell) == castle {
                        &mut self.player_mut(seat).castle
                    } else {
                        &mut self.place_mut(cell).knights
                    };
                    *count = count.saturating_add_signed(delta);
                }
                if let Some(t) = self.turn_mut()
                    && let Stage::Redistribute { sources, targets } = &mut t.stage
                {
                    *sources |= from.bit();
                    *targets |= to.bit();
                }
            }
            Action::Done => {
                let Some(t) = self.turn_mut() else {
                    return;
                };
                let changed = match t.stage {
                    Stage::Redistribute { sources, targets } => sources | targets,
                    _ => 0,
                };
                t.redistributed = true;
                t.stage = Stage::Free;
                let castle = self.castle_cell(seat);
                ev.everyone(|| Event::Redistributed {
                    seat,
                    castle: (changed & bit(castle) != 0).then(|| self.player(seat).castle),
                    territories: bits(changed & !bit(castle))
                        .map(|cell| Stationed {
                            cell,
                            knights: self.place(cell).knights,
                        })
                        .collect(),
                });
            }
            _ => {}
        }
    }

    pub(crate) fn why_not_move(&self, seat: Seat, from: Cell, to: Cell) -> Option<String> {
        let cells = self.movable(seat);
        if cells & from.bit() == 0 {
            return Some(format!(
                "{from} is not your castle or one of your territories with a supply line"
            ));
        }
        if cells & to.bit() == 0 {
            return Some(format!(
                "{to} is not your castle or one of your territories with a supply line"
            ));
        }
        let castle = self.castle_cell(seat);
        if Some(from) != castle && self.place(from).knights < 2 {
            return Some(format!("{from} must keep at least one knight"));
        }
        if Some(to) != castle && self.place(to).knights >= self.capacity(to) {
            return Some(format!("{to} holds no more knights"));
        }
        None
    }
}
