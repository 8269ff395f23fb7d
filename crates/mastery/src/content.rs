//! The components, compiled in from `data/*.toml` by `build.rs`.

use crate::ids::Cell;
use serde::{Deserialize, Serialize};
use tourney_core::Seat;

/// What a territory tile does when it is conquered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conquest {
    /// Nothing happens beyond taking the territory.
    None,
    /// The conqueror places one more knight in their castle.
    ExtraKnight,
    /// The conqueror loses one knight in the territory (never the last).
    LoseKnight,
}

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
        let mut parts = Vec::new();
        if self.attack != 0 {
            parts.push(format!("attacker +{}", self.attack));
        }
        if self.defence != 0 {
            parts.push(format!("defender +{}", self.defence));
        }
        if self.capacity != 6 {
            parts.push(format!("holds {}", self.capacity));
        }
        if self.no_support {
            parts.push("no Support cards".to_string());
        }
        match self.conquest {
            Conquest::ExtraKnight => parts.push("conqueror +1 knight".to_string()),
            Conquest::LoseKnight => parts.push("conqueror loses 1 knight".to_string()),
            Conquest::None => {}
        }
        parts.join(", ")
    }
}

/// The three kinds of Relic; every player holds one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RelicKind {
    /// Used once a turn by its owner, on their own turn.
    Crown,
    /// Applies in a combat before the Conflict cards.
    Sceptre,
    /// Applies in a combat once its result is known.
    Orb,
}

impl RelicKind {
    /// The three kinds, in the order a player's Relics are stored and dealt.
    pub const ALL: [RelicKind; 3] = [RelicKind::Crown, RelicKind::Sceptre, RelicKind::Orb];

    /// The kind's place in [`RelicKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

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

    /// The kind's name as players read it ("Sceptre").
    pub fn name(self) -> &'static str {
        match self {
            RelicKind::Crown => "Crown",
            RelicKind::Sceptre => "Sceptre",
            RelicKind::Orb => "Orb",
        }
    }
}

/// The rule a Relic applies; see `data/relics.toml` for the texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelicEffect {
    /// Crown: its owner draws up to six cards.
    Vitality,
    /// Crown: its owner looks at the top four cards of their deck and puts
    /// them back in an order they choose.
    Insight,
    /// Crown: an opponent's face-up Sceptre or Orb is turned face down.
    Corruption,
    /// Crown: a chosen player gets a knight in their castle.
    Prosperity,
    /// Crown: a territory with two or more knights, not the one fought
    /// over, loses a knight.
    Decay,
    /// Crown: one more redistribution and march this turn.
    Command,
    /// Sceptre: +1 to its owner's combat value, attacking or defending.
    Rage,
    /// Sceptre: -1 to the attacker's value when its owner defends.
    Defiance,
    /// Sceptre: +1 to its owner's value when defending.
    Oath,
    /// Sceptre: -1 to the defender's value when its owner attacks.
    Influence,
    /// Sceptre: its owner draws up to six cards before the Conflict cards.
    Wisdom,
    /// Sceptre: +1 to its owner's value when attacking.
    Valor,
    /// Orb, for the winner: the rival loses a knight where they fought.
    Savagery,
    /// Orb, for the winner: a knight from the castle joins the fight, if
    /// there is room.
    Resolve,
    /// Orb, for the winner: draws up to six cards.
    Greed,
    /// Orb, for the loser: every face-down Relic of its owner turns face up.
    Purification,
    /// Orb, for the loser: a knight is placed in the castle.
    SelfSacrifice,
    /// Orb, for the loser: one knight fewer is lost.
    Revival,
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

/// What a hex of the map is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    /// A player's castle: where knights arrive and marches start.
    Castle,
    /// Water: nobody stands on it, but supply lines and marches cross it.
    Lake,
    /// A position dealt a territory tile.
    Territory,
    /// A territory next to a castle, held by that castle's player from the
    /// start.
    Homeland,
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
