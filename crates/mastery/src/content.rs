//! The components, compiled in from `data/*.toml` by `build.rs`.

use serde::{Deserialize, Serialize};

/// What a territory tile does when it is conquered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conquest {
    None,
    /// The conqueror places one more knight in their castle.
    ExtraKnight,
    /// The conqueror loses one knight in the territory (never the last).
    LoseKnight,
}

/// One kind of territory tile (several identical tiles share a kind).
#[derive(Debug, Clone, Copy)]
pub struct TileInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub value: u8,
    pub count: u8,
    pub homeland: bool,
    /// Added to the attacker's combat value in a combat here.
    pub attack: i8,
    /// Added to the defender's combat value in a combat here.
    pub defence: i8,
    /// Most knights the territory holds.
    pub capacity: u8,
    /// No Support cards may be played in a combat here.
    pub no_support: bool,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RelicKind {
    Crown,
    Sceptre,
    Orb,
}

impl RelicKind {
    pub const ALL: [RelicKind; 3] = [RelicKind::Crown, RelicKind::Sceptre, RelicKind::Orb];

    pub fn index(self) -> usize {
        self as usize
    }

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
    Vitality,
    Insight,
    Corruption,
    Prosperity,
    Decay,
    Command,
    Rage,
    Defiance,
    Oath,
    Influence,
    Wisdom,
    Valor,
    Savagery,
    Resolve,
    Greed,
    Purification,
    SelfSacrifice,
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

#[derive(Debug, Clone, Copy)]
pub struct RelicInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub kind: RelicKind,
    pub effect: RelicEffect,
    pub text: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    Castle,
    Lake,
    Territory,
    Homeland,
}

/// One hex of a map.
#[derive(Debug, Clone, Copy)]
pub struct CellInfo {
    /// Doubled hex coordinates: neighbours differ by (±2, 0) or (±1, ±1).
    pub x: u8,
    pub y: u8,
    pub kind: CellKind,
    /// The seat of a castle or of the castle a homeland belongs to (255 otherwise).
    pub seat: u8,
    /// Victory points of a territory position (homelands: the homeland tile's).
    pub value: u8,
    /// Neighbouring cells as a bit mask.
    pub adj: u64,
}

/// The layout for one player count.
#[derive(Debug, Clone, Copy)]
pub struct MapInfo {
    pub players: u8,
    pub cells: &'static [CellInfo],
    /// Territory positions (not homelands) in the order their tiles are dealt.
    pub deal_order: &'static [u8],
    /// The castle cell of each seat (255 for seats not in this game).
    pub castles: [u8; 6],
    pub lakes: u64,
    /// Territories including homelands.
    pub territories: u64,
    pub homelands: u64,
    pub castle_cells: u64,
    pub width: u8,
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
