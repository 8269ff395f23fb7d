//! The board: what stands where, capacities, points and the dice a player's
//! knights need.

mod supply;

use crate::content::{CellInfo, CellKind, TileInfo, tile};
use crate::ids::Cell;
use crate::state::{DICE, PER_DIE, Stage, State};
use tourney_core::Seat;

/// The cells of a mask (a bit per cell), lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        // A `u64` has 64 bits, so the index fits a byte.
        let i = mask.trailing_zeros() as u8;
        // Clears the lowest bit (the mask is not 0, so nothing wraps).
        mask &= mask.wrapping_sub(1);
        Some(Cell(i))
    })
}

/// A mask of the one cell, or of none for a castle the seat does not have.
pub(crate) fn bit(cell: Option<Cell>) -> u64 {
    cell.map_or(0, Cell::bit)
}

impl State {
    pub fn cell_info(&self, cell: Cell) -> Option<&'static CellInfo> {
        self.map().cells.get(cell.index())
    }

    pub fn is_territory(&self, cell: Cell) -> bool {
        self.map().territories & cell.bit() != 0
    }

    /// The cell of `seat`'s castle (none for a seat not at the table).
    pub fn castle_cell(&self, seat: Seat) -> Option<Cell> {
        self.map().castles.get(seat.index()).copied().flatten()
    }

    /// The seat whose castle is at `cell`, if any.
    pub fn castle_owner(&self, cell: Cell) -> Option<Seat> {
        self.cell_info(cell)
            .filter(|c| c.kind == CellKind::Castle)
            .and_then(|c| c.seat)
            .filter(|s| s.index() < self.seat_count())
    }

    pub fn tile_at(&self, cell: Cell) -> Option<&'static TileInfo> {
        tile(self.place(cell).tile)
    }

    /// Most knights one player may have in a cell.
    pub fn capacity(&self, cell: Cell) -> u8 {
        self.tile_at(cell).map_or(PER_DIE, |t| t.capacity)
    }

    /// Territories `seat` controls.
    pub fn owned(&self, seat: Seat) -> u64 {
        let cells = self.map().cells.len();
        self.places
            .iter()
            .take(cells)
            .enumerate()
            .filter(|(_, p)| p.is_held_by(seat))
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// Victory points a territory gives its controller.
    pub fn worth(&self, cell: Cell) -> u16 {
        match self.tile_at(cell) {
            Some(t) if t.homeland && self.config.skirmish => 0,
            Some(t) => u16::from(t.value),
            None => 0,
        }
    }

    /// Victory points of `seat`: every territory it controls, supplied or not.
    pub fn points(&self, seat: Seat) -> u16 {
        bits(self.owned(seat)).map(|c| self.worth(c)).sum()
    }

    /// Dice a seat has on the map besides its castle: one per territory
    /// (none holds more than six) and one for knights attacking in a combat.
    fn field_dice(&self, seat: Seat) -> u8 {
        let attacking = match self.turn().map(|t| &t.stage) {
            Some(Stage::Combat(c)) if c.attacker == seat && c.att_knights > 0 => 1,
            _ => 0,
        };
        (self.owned(seat).count_ones() as u8).saturating_add(attacking)
    }

    /// Whether `castle` knights in the castle can be shown with the dice left.
    pub fn castle_fits(&self, seat: Seat, castle: u8, field_change: i8) -> bool {
        let field = i16::from(self.field_dice(seat)).saturating_add(i16::from(field_change));
        let castle_dice = i16::from(castle.div_ceil(PER_DIE));
        field.saturating_add(castle_dice) <= i16::from(DICE)
    }

    /// Knights that can still be added to the castle before the dice run out.
    pub fn castle_room(&self, seat: Seat) -> u8 {
        let free = DICE.saturating_sub(self.field_dice(seat));
        (free.saturating_mul(PER_DIE)).saturating_sub(self.player(seat).castle)
    }

    /// Places up to `n` knights in the castle; those the dice cannot show are
    /// lost. Returns how many were placed.
    pub fn add_to_castle(&mut self, seat: Seat, n: u8) -> u8 {
        let placed = n.min(self.castle_room(seat));
        let p = self.player_mut(seat);
        p.castle = p.castle.saturating_add(placed);
        placed
    }
}
