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

    /// The cells that may give a knight and the cells that may take one,
    /// as masks. `sources` and `targets` are the cells that already gave or
    /// took in this redistribution: a cell gives or receives in one
    /// redistribution, never both, so any end position can be reached and
    /// knights cannot go round in circles. Whether a cell can give or take
    /// does not depend on the other end of the move, so a move is legal
    /// exactly when its `from` gives and its `to` takes; working the masks
    /// out once keeps the pairs loop free of lookups.
    fn movers(&self, seat: Seat, sources: u64, targets: u64) -> (u64, u64) {
        let castle = self.castle_cell(seat);
        let castle_knights = self.player(seat).castle;
        let (mut givers, mut takers) = (0, 0);
        for cell in bits(self.movable(seat)) {
            let (gives, takes) = if Some(cell) == castle {
                let fits = self.castle_fits(seat, castle_knights.saturating_add(1), 0);
                (castle_knights >= 1, fits)
            } else {
                let knights = self.place(cell).knights;
                (knights >= 2, knights < self.capacity(cell))
            };
            if gives && targets & cell.bit() == 0 {
                givers |= cell.bit();
            }
            if takes && sources & cell.bit() == 0 {
                takers |= cell.bit();
            }
        }
        (givers, takers)
    }

    pub(crate) fn any_move(&self, seat: Seat) -> bool {
        let (givers, takers) = self.movers(seat, 0, 0);
        // A move needs two different cells.
        givers != 0 && takers != 0 && !(givers == takers && givers.count_ones() == 1)
    }

    pub(crate) fn move_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        let Some(Stage::Redistribute { sources, targets }) = self.turn().map(|t| &t.stage) else {
            return;
        };
        let (givers, takers) = self.movers(seat, *sources, *targets);
        for from in bits(givers) {
            for to in bits(takers).filter(|&to| to != from) {
                f(Action::Move { from, to });
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
