//! The board: what stands where, capacities, points and the dice a player's
//! knights need.

mod supply;

use crate::content::{CellInfo, CellKind, TileInfo, tile};
use crate::state::{DICE, NONE, PER_DIE, Stage, State};

/// Iterates the set bits of a mask, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(i)
    })
}

pub(crate) fn bit(cell: u8) -> u64 {
    1u64.checked_shl(u32::from(cell)).unwrap_or(0)
}

impl State {
    pub fn cell_info(&self, cell: u8) -> Option<&'static CellInfo> {
        self.map().cells.get(usize::from(cell))
    }

    pub fn cell_count(&self) -> u8 {
        self.map().cells.len() as u8
    }

    pub fn is_territory(&self, cell: u8) -> bool {
        self.map().territories & bit(cell) != 0
    }

    pub fn castle_cell(&self, seat: u8) -> u8 {
        self.map()
            .castles
            .get(usize::from(seat))
            .copied()
            .unwrap_or(NONE)
    }

    /// The seat whose castle is at `cell`, if any.
    pub fn castle_owner(&self, cell: u8) -> Option<u8> {
        self.cell_info(cell)
            .filter(|c| c.kind == CellKind::Castle && usize::from(c.seat) < self.n())
            .map(|c| c.seat)
    }

    pub fn tile_at(&self, cell: u8) -> Option<&'static TileInfo> {
        tile(self.place(cell).tile)
    }

    /// Most knights one player may have in a cell.
    pub fn capacity(&self, cell: u8) -> u8 {
        self.tile_at(cell).map_or(PER_DIE, |t| t.capacity)
    }

    /// Territories `seat` controls.
    pub fn owned(&self, seat: u8) -> u64 {
        let cells = usize::from(self.cell_count());
        self.places
            .iter()
            .take(cells)
            .enumerate()
            .filter(|(_, p)| p.owner == seat)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// Victory points a territory gives its controller.
    pub fn worth(&self, cell: u8) -> u16 {
        match self.tile_at(cell) {
            Some(t) if t.homeland && self.config.skirmish => 0,
            Some(t) => u16::from(t.value),
            None => 0,
        }
    }

    /// Victory points of `seat`: every territory it controls, supplied or not.
    pub fn points(&self, seat: u8) -> u16 {
        bits(self.owned(seat)).map(|c| self.worth(c)).sum()
    }

    /// Dice a seat has on the map besides its castle: one per territory
    /// (none holds more than six) and one for knights attacking in a combat.
    fn field_dice(&self, seat: u8) -> u8 {
        let attacking = match self.turn().map(|t| &t.stage) {
            Some(Stage::Combat(c)) if c.attacker == seat && c.att_knights > 0 => 1,
            _ => 0,
        };
        (self.owned(seat).count_ones() as u8).saturating_add(attacking)
    }

    /// Whether `castle` knights in the castle can be shown with the dice left.
    pub fn castle_fits(&self, seat: u8, castle: u8, field_change: i8) -> bool {
        let field = i16::from(self.field_dice(seat)) + i16::from(field_change);
        let castle_dice = i16::from(castle.div_ceil(PER_DIE));
        field + castle_dice <= i16::from(DICE)
    }

    /// Knights that can still be added to the castle before the dice run out.
    pub fn castle_room(&self, seat: u8) -> u8 {
        let free = DICE.saturating_sub(self.field_dice(seat));
        (free.saturating_mul(PER_DIE)).saturating_sub(self.player(seat).castle)
    }

    /// Places up to `n` knights in the castle; those the dice cannot show are
    /// lost. Returns how many were placed.
    pub fn add_to_castle(&mut self, seat: u8, n: u8) -> u8 {
        let placed = n.min(self.castle_room(seat));
        let p = self.player_mut(seat);
        p.castle = p.castle.saturating_add(placed);
        placed
    }
}
