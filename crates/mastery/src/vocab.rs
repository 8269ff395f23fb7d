//! The vocabulary the rules code and the data files share: card kinds,
//! Relic kinds and effects, territory conquest effects and hex kinds, each
//! with the id the data files spell it by.
//!
//! `build.rs` includes this file too (`#[path]`), so the build-time check of
//! `data/*.toml` and the library read one list instead of two copies: an id
//! in a data file that names nothing here is refused by serde, with the file
//! and line.

use serde::{Deserialize, Serialize};

/// Number of card kinds.
pub const CARD_KINDS: usize = 11;

/// The card kinds. Decks, hands and discard piles are multisets of these.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Card {
    /// A Conflict card worth 2.
    #[serde(rename = "conflict_2")]
    Conflict2,
    /// A Conflict card worth 3.
    #[serde(rename = "conflict_3")]
    Conflict3,
    /// A Conflict card worth 4.
    #[serde(rename = "conflict_4")]
    Conflict4,
    /// A Conflict card worth 5.
    #[serde(rename = "conflict_5")]
    Conflict5,
    /// A Conflict card with no printed value: its owner rolls a die instead.
    #[serde(rename = "ambush")]
    Ambush,
    /// A Support card: +1 to the combat value of the side it is played for.
    #[serde(rename = "heroic_effort_1")]
    HeroicEffort1,
    /// A Support card: +2 to the combat value of the side it is played for.
    #[serde(rename = "heroic_effort_2")]
    HeroicEffort2,
    /// An Aid card: two more knights in the castle.
    #[serde(rename = "summon")]
    Summon,
    /// An Aid card played the moment it is drawn, for two more cards.
    #[serde(rename = "influential_person")]
    InfluentialPerson,
    /// An Aid card: one more redistribution and march this turn.
    #[serde(rename = "tactical_march")]
    TacticalMarch,
    /// An Aid card that turns an opponent's Relic face down.
    #[serde(rename = "destroy")]
    Destroy,
}

impl Card {
    /// Every card kind, in the order of `Pile` indices (and of the
    /// generated card table).
    pub const ALL: [Card; CARD_KINDS] = [
        Card::Conflict2,
        Card::Conflict3,
        Card::Conflict4,
        Card::Conflict5,
        Card::Ambush,
        Card::HeroicEffort1,
        Card::HeroicEffort2,
        Card::Summon,
        Card::InfluentialPerson,
        Card::TacticalMarch,
        Card::Destroy,
    ];

    /// The card's place in [`Card::ALL`], which is its index in a pile of cards.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a card is for: when it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// Put face down in combat step 4; its value (or a die roll) is added.
    Conflict,
    /// Played in turn in combat step 5, for either side.
    Support,
    /// Played on its owner's turn, or as it says.
    Aid,
}

impl CardKind {
    /// The three kinds, in the order the data file lists them.
    pub const ALL: [CardKind; 3] = [CardKind::Conflict, CardKind::Support, CardKind::Aid];
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
}

/// The rule a Relic applies; see `data/relics.toml` for the texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
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
    /// The kind of Relic the effect is printed on.
    pub fn kind(self) -> RelicKind {
        use RelicEffect::*;
        match self {
            Vitality | Insight | Corruption | Prosperity | Decay | Command => RelicKind::Crown,
            Rage | Defiance | Oath | Influence | Wisdom | Valor => RelicKind::Sceptre,
            Savagery | Resolve | Greed | Purification | SelfSacrifice | Revival => RelicKind::Orb,
        }
    }
}

/// What a territory tile does when it is conquered.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Conquest {
    /// Nothing happens beyond taking the territory.
    #[default]
    None,
    /// The conqueror places one more knight in their castle.
    ExtraKnight,
    /// The conqueror loses one knight in the territory (never the last).
    LoseKnight,
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
