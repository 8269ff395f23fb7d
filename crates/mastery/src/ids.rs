//! Small identifiers that appear in actions, chance outcomes and views, with
//! the JSON spelling players read: cells by the number on the map, tiles and
//! relics by name.

use crate::content::{RELICS, RelicKind, TILES};
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
use std::fmt;
use tourney_core::Seat;

/// A cell of the map: a castle, a lake or a territory. Written as the number
/// the map drawing shows, which counts from 1 in reading order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell's index from 0, for the map's and the state's arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The cell's bit in a `u64` mask of cells (none past the 64th cell,
    /// which no map has).
    pub fn bit(self) -> u64 {
        1u64.checked_shl(u32::from(self.0)).unwrap_or(0)
    }

    /// The number shown on the map.
    pub fn number(self) -> u16 {
        u16::from(self.0) + 1
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, so that widths and alignment in format strings apply.
        f.pad(&self.number().to_string())
    }
}

// Written as the number on the map.
tourney_core::schema_as!(Cell, u16);

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.number())
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u16::deserialize(d)?;
        match n.checked_sub(1).and_then(|i| u8::try_from(i).ok()) {
            Some(i) if i < 64 => Ok(Cell(i)),
            _ => Err(D::Error::custom(format!(
                "there is no cell {n} (cells are numbered from 1)"
            ))),
        }
    }
}

/// A [`Cell`] in a saved state: written as its index from 0, a plain
/// number, the way saved states have always held cells. (Actions, views and
/// events write the number on the map instead.)
pub(crate) mod cell_index {
    use super::Cell;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(cell: &Cell, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(cell.0)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        u8::deserialize(d).map(Cell)
    }
}

/// One player's Relic of one kind (every player holds one of each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelicRef {
    /// The player holding the Relic.
    pub seat: Seat,
    /// Which of their three Relics.
    pub relic: RelicKind,
}

/// A territory tile kind, written by its id (`"city_3"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileId(pub u8);

// Written as the tile's id.
tourney_core::schema_as!(TileId, String);

impl Serialize for TileId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match TILES.get(usize::from(self.0)) {
            Some(t) => s.serialize_str(t.id),
            None => Err(serde::ser::Error::custom("unknown tile")),
        }
    }
}

impl<'de> Deserialize<'de> for TileId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        TILES
            .iter()
            .position(|t| t.id == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(TileId)
            .ok_or_else(|| D::Error::custom(format!("there is no territory tile `{name}`")))
    }
}

/// A Relic card, written by its id (`"sceptre_of_rage"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RelicId(pub u8);

// Written as the relic's id.
tourney_core::schema_as!(RelicId, String);

impl Serialize for RelicId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match RELICS.get(usize::from(self.0)) {
            Some(r) => s.serialize_str(r.id),
            None => Err(serde::ser::Error::custom("unknown relic")),
        }
    }
}

impl<'de> Deserialize<'de> for RelicId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        RELICS
            .iter()
            .position(|r| r.id == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(RelicId)
            .ok_or_else(|| D::Error::custom(format!("there is no relic `{name}`")))
    }
}

/// serde derives arrays only up to 32 long; these are written as plain lists.
pub(crate) mod array {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    pub fn serialize<S: Serializer, T: Serialize, const N: usize>(
        a: &[T; N],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(a.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
        d: D,
    ) -> Result<[T; N], D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        let len = v.len();
        v.try_into()
            .map_err(|_| D::Error::custom(format!("expected {N} entries, found {len}")))
    }
}
