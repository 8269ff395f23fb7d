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
    fn movable(&self, seat: u8) -> u64 {
        bit(self.castle_cell(seat)) | self.supplied(seat)
    }

    /// `cells` is `movable(seat)`, computed once by the caller.
    fn can_move(&self, seat: u8, cells: u64, from: u8, to: u8, sources: u64, targets: u64) -> bool {
        if from == to || cells & bit(from) == 0 || cells & bit(to) == 0 {
            return false;
        }
        // A cell gives or receives in one redistribution, never both: any
        // end position can be reached that way, and it cannot go round in circles.
        if targets & bit(from) != 0 || sources & bit(to) != 0 {
            return false;
        }
        let castle = self.castle_cell(seat);
        let castle_knights = self.player(seat).castle;
        let gives = if from == castle {
            castle_knights >= 1
        } else {
            self.place(from).knights >= 2
        };
        let takes = if to == castle {
            self.castle_fits(seat, castle_knights.saturating_add(1), 0)
        } else {
            self.place(to).knights < self.capacity(to)
        };
        gives && takes
    }

    pub(crate) fn any_move(&self, seat: u8) -> bool {
        let cells = self.movable(seat);
        bits(cells).any(|from| bits(cells).any(|to| self.can_move(seat, cells, from, to, 0, 0)))
    }

    pub(crate) fn move_actions(&self, seat: u8, f: &mut dyn FnMut(Action)) {
        let Some(Stage::Redistribute { sources, targets }) = self.turn().map(|t| &t.stage) else {
            return;
        };
        let cells = self.movable(seat);
        for from in bits(cells) {
            for to in bits(cells) {
                if self.can_move(seat, cells, from, to, *sources, *targets) {
                    f(Action::Move {
                        from: Cell(from),
                        to: Cell(to),
                    });
                }
            }
        }
        f(Action::Done);
    }

    pub(crate) fn do_move(&mut self, seat: u8, action: Action, ev: &mut Ev) {
        match action {
            Action::Move { from, to } => {
                let castle = self.castle_cell(seat);
                for (cell, delta) in [(from.0, -1i8), (to.0, 1)] {
                    let count = if cell == castle {
                        &mut self.player_mut(seat).castle
                    } else {
                        &mut self.place_mut(cell).knights
                    };
                    *count = count.saturating_add_signed(delta);
                }
                if let Some(t) = self.turn_mut()
                    && let Stage::Redistribute { sources, targets } = &mut t.stage
                {
                    *sources |= bit(from.0);
                    *targets |= bit(to.0);
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
                    seat: Seat(seat),
                    castle: (changed & bit(castle) != 0).then(|| self.player(seat).castle),
                    territories: bits(changed & !bit(castle))
                        .map(|cell| Stationed {
                            cell: Cell(cell),
                            knights: self.place(cell).knights,
                        })
                        .collect(),
                });
            }
            _ => {}
        }
    }

    pub(crate) fn why_not_move(&self, seat: u8, from: u8, to: u8) -> Option<String> {
        let cells = self.movable(seat);
        let name = |c: u8| Cell(c).to_string();
        if cells & bit(from) == 0 {
            return Some(format!(
                "{} is not your castle or one of your territories with a supply line",
                name(from)
            ));
        }
        if cells & bit(to) == 0 {
            return Some(format!(
                "{} is not your castle or one of your territories with a supply line",
                name(to)
            ));
        }
        if from != self.castle_cell(seat) && self.place(from).knights < 2 {
            return Some(format!("{} must keep at least one knight", name(from)));
        }
        if to != self.castle_cell(seat) && self.place(to).knights >= self.capacity(to) {
            return Some(format!("{} holds no more knights", name(to)));
        }
        None
    }
}
