//! Supply lines and where a player may march.
//!
//! Both come from one search: starting at the player's castle, spread through
//! the player's own territories and through lakes (which every player may
//! use). A territory the search reaches has a supply line; the cells next to
//! anything it reaches are where the player may march.

use super::{bit, bits};
use crate::ids::Cell;
use crate::state::State;
use tourney_core::Seat;

impl State {
    /// The castle, the supplied territories of `seat` and the lakes they reach.
    pub fn reach(&self, seat: Seat) -> u64 {
        let map = self.map();
        let start = bit(self.castle_cell(seat));
        if start == 0 {
            return 0;
        }
        let passable = self.owned(seat) | map.lakes;
        let mut reach = start;
        loop {
            let next = reach | (self.around(reach) & passable);
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// Cells next to any cell of `mask`.
    pub fn around(&self, mask: u64) -> u64 {
        let cells = self.map().cells;
        bits(mask).fold(0, |m, c| m | cells.get(c.index()).map_or(0, |c| c.adj))
    }

    /// The cells linked to `cell` across a lake it borders (spreading
    /// through lakes that touch that one), leaving out `cell` itself, the
    /// lakes and the cells it already borders: for marching and supply
    /// lines they count as next to it. None for a lake.
    pub fn across_lake(&self, cell: Cell) -> u64 {
        let lakes = self.map().lakes;
        if lakes & cell.bit() != 0 {
            return 0;
        }
        let next = self.around(cell.bit());
        let mut water = next & lakes;
        loop {
            let more = water | (self.around(water) & lakes);
            if more == water {
                break;
            }
            water = more;
        }
        self.around(water) & !lakes & !next & !cell.bit()
    }

    /// The territories of `seat` that have a supply line.
    pub fn supplied(&self, seat: Seat) -> u64 {
        self.reach(seat) & self.owned(seat)
    }

    /// Cells `seat` may march into: territories it does not control next to
    /// its castle, its supplied territories or a lake they border; under
    /// Siege also other players' castles there. Teammates' territories are
    /// never targets.
    pub fn march_targets(&self, seat: Seat) -> u64 {
        let map = self.map();
        let near = self.around(self.reach(seat));
        let mut friends = self.owned(seat);
        for other in self.table_seats() {
            if self.teammates(seat, other) {
                friends |= self.owned(other);
            }
        }
        let mut targets = near & map.territories & !friends;
        if self.config.siege {
            let own_castle = bit(self.castle_cell(seat));
            let mut castles = 0;
            for other in self.table_seats() {
                castles |= bit(self.castle_cell(other));
            }
            targets |= near & castles & !own_castle;
        }
        targets
    }
}
