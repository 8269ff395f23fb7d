//! The components, compiled in from `data/*.toml` by `build.rs`.

use crate::ids::Cell;
pub use crate::vocab::{CardKind, CellKind, Conquest, RelicEffect, RelicKind};
use tourney_core::Seat;

/// One kind of territory tile (several identical tiles share a kind).
#[derive(Debug, Clone, Copy)]
pub struct TileInfo {
    /// The id that names the kind in JSON and data files (`"city_3"`).
    pub id: &'static str,
    /// The name printed on the tile ("City").
    pub name: &'static str,
    /// Victory points the territory gives whoever controls it.
    pub value: u8,
    /// Identical tiles of this kind in the box.
    pub count: u8,
    /// The homeland tile, which lies next to a castle from the start
    /// instead of being dealt.
    pub homeland: bool,
    /// Added to the attacker's combat value in a combat here.
    pub attack: i8,
    /// Added to the defender's combat value in a combat here.
    pub defence: i8,
    /// Most knights the territory holds.
    pub capacity: u8,
    /// No Support cards may be played in a combat here.
    pub no_support: bool,
    /// What happens to the conqueror when the territory is taken.
    pub conquest: Conquest,
}

impl TileInfo {
    /// The printed effects in a player's words ("defender +1, conqueror +1 knight").
    pub fn effects(&self) -> String {
        tile_effects(
            self.attack,
            self.defence,
            self.capacity,
            self.no_support,
            self.conquest,
        )
    }
}

/// A tile's printed effects in a player's words ("defender +1, conqueror
/// +1 knight"); empty for a tile without any.
pub fn tile_effects(
    attack: i8,
    defence: i8,
    capacity: u8,
    no_support: bool,
    conquest: Conquest,
) -> String {
    let mut parts = Vec::new();
    if attack != 0 {
        parts.push(format!("attacker +{attack}"));
    }
    if defence != 0 {
        parts.push(format!("defender +{defence}"));
    }
    if capacity != 6 {
        parts.push(format!("holds {capacity}"));
    }
    if no_support {
        parts.push("no Support cards".to_string());
    }
    match conquest {
        Conquest::ExtraKnight => parts.push("conqueror +1 knight".to_string()),
        Conquest::LoseKnight => parts.push("conqueror loses 1 knight".to_string()),
        Conquest::None => {}
    }
    parts.join(", ")
}

impl RelicKind {
    /// This kind's entry in an array kept by kind, in [`RelicKind::ALL`]'s
    /// order (a player's `relics` and `down`).
    pub(crate) fn of<T>(self, by_kind: &[T; 3]) -> &T {
        let [crown, sceptre, orb] = by_kind;
        match self {
            RelicKind::Crown => crown,
            RelicKind::Sceptre => sceptre,
            RelicKind::Orb => orb,
        }
    }

    pub(crate) fn of_mut<T>(self, by_kind: &mut [T; 3]) -> &mut T {
        let [crown, sceptre, orb] = by_kind;
        match self {
            RelicKind::Crown => crown,
            RelicKind::Sceptre => sceptre,
            RelicKind::Orb => orb,
        }
    }

    /// The kind's name as players read it ("Sceptre"), from `data/relics.toml`.
    pub fn name(self) -> &'static str {
        RELIC_KIND_NAMES
            .get(self.index())
            .copied()
            .unwrap_or_default()
    }
}

impl RelicEffect {
    /// Orbs that apply only to the combat's winner (the trophy icon); the
    /// other Orbs apply only to its loser (the skull icon).
    pub fn for_winner(self) -> bool {
        matches!(
            self,
            RelicEffect::Savagery | RelicEffect::Resolve | RelicEffect::Greed
        )
    }
}

/// One of the 18 Relic cards.
#[derive(Debug, Clone, Copy)]
pub struct RelicInfo {
    /// The id that names the card in JSON and data files (`"orb_of_greed"`).
    pub id: &'static str,
    /// The card's name ("Orb of Greed").
    pub name: &'static str,
    /// Crown, Sceptre or Orb.
    pub kind: RelicKind,
    /// The rule the card applies.
    pub effect: RelicEffect,
    /// What the card does, in one sentence of a player's words: menus,
    /// action labels, the log and views show it.
    pub text: &'static str,
    /// Advice on when to use the card, if it has any: help only (a view's
    /// Relic carries it), never in a label or the log.
    pub tip: Option<&'static str>,
}

/// One card kind of the deck, as `data/deck.toml` states it.
#[derive(Debug, Clone, Copy)]
pub struct CardInfo {
    /// The card's name ("Heroic Effort +1").
    pub name: &'static str,
    /// Conflict, Support or Aid.
    pub kind: CardKind,
    /// A Conflict card's printed value or what a Support card adds (0 for
    /// the others, and for Ambush, whose value is a die roll).
    pub value: u8,
    /// Whether the card's value is a die roll (Ambush).
    pub die: bool,
    /// Copies in a full deck.
    pub count: u8,
}

/// One hex of a map.
#[derive(Debug, Clone, Copy)]
pub struct CellInfo {
    /// Doubled hex coordinates: neighbours differ by (±2, 0) or (±1, ±1).
    pub x: u8,
    /// The row, counted from the top.
    pub y: u8,
    /// Castle, lake, territory or homeland.
    pub kind: CellKind,
    /// The seat of a castle, or of the castle a homeland belongs to.
    pub seat: Option<Seat>,
    /// Victory points of a territory position (homelands: the homeland tile's).
    pub value: u8,
    /// Neighbouring cells as a bit mask.
    pub adj: u64,
}

/// The layout for one player count.
#[derive(Debug, Clone, Copy)]
pub struct MapInfo {
    /// The player count the layout is for.
    pub players: u8,
    /// Every hex, in the order of the cell numbers (a [`Cell`] indexes it).
    pub cells: &'static [CellInfo],
    /// Territory positions (not homelands) in the order their tiles are dealt.
    pub deal_order: &'static [Cell],
    /// The castle cell of each seat (none for seats not in this game).
    pub castles: [Option<Cell>; 6],
    /// The lakes, as a bit mask of cells.
    pub lakes: u64,
    /// Territories including homelands.
    pub territories: u64,
    /// The homelands, as a bit mask of cells.
    pub homelands: u64,
    /// The castles, as a bit mask of cells.
    pub castle_cells: u64,
    /// Columns the drawing spans, in doubled hex coordinates.
    pub width: u8,
    /// Rows the drawing spans.
    pub height: u8,
}

include!(concat!(env!("OUT_DIR"), "/content.rs"));

/// The map for a player count, if there is one.
pub fn map_for(players: usize) -> Option<&'static MapInfo> {
    MAPS.iter().find(|m| usize::from(m.players) == players)
}

pub fn tile(kind: u8) -> Option<&'static TileInfo> {
    TILES.get(usize::from(kind))
}

pub fn relic(id: u8) -> Option<&'static RelicInfo> {
    RELICS.get(usize::from(id))
}
