//! The shapes of the data files in `data/`, as serde reads them.
//!
//! `build.rs` includes this file too (`#[path]`): the build-time check that
//! compiles the components in and the run-time reading that serves them
//! (`crate::components`) read one format, not two copies of it. Ids are
//! read straight into the [`crate::vocab`] types, so an id the rules code
//! does not know is a serde error with its line.

use crate::vocab::{Card, CardKind, Conquest, RelicEffect, RelicKind};
use serde::Deserialize;
use tourney_provenance::{Field, Source};

/// `maps.toml`: one layout per player count.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Maps {
    /// The layouts.
    pub map: Vec<MapData>,
}

/// One map layout, drawn in text (see the file's header).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapData {
    /// The player count the layout is for.
    pub players: usize,
    /// The drawing of the hexes.
    pub layout: String,
    /// Where the layout comes from.
    pub source: Source,
}

/// `territories.toml`: the territory tile kinds.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tiles {
    /// The tile kinds, in the order of the generated table.
    pub tile: Vec<TileData>,
}

/// One kind of territory tile.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileData {
    /// The id views and saved games name the kind by.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Victory points.
    pub value: u8,
    /// Tiles of this kind in the box.
    pub count: u8,
    /// The homeland tile, placed next to a castle instead of dealt.
    #[serde(default)]
    pub homeland: bool,
    /// Added to the attacker's combat value.
    #[serde(default)]
    pub attack: i8,
    /// Added to the defender's combat value.
    #[serde(default)]
    pub defence: i8,
    /// Most knights the territory holds.
    #[serde(default = "six")]
    pub capacity: u8,
    /// No Support cards in a combat here.
    #[serde(default)]
    pub no_support: bool,
    /// What the conqueror gains or loses.
    #[serde(default)]
    pub conquest: Conquest,
    /// Where the entry comes from.
    pub source: Source,
}

fn six() -> u8 {
    6
}

/// `relics.toml`: the Relic kinds and the 18 Relic cards.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Relics {
    /// Crown, Sceptre and Orb.
    pub kind: Vec<KindData<RelicKind>>,
    /// The cards.
    pub relic: Vec<RelicData>,
}

/// A kind of card (Relic kind or deck card kind): its name and when it applies.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindData<K> {
    /// The kind's id.
    pub id: K,
    /// The name players read.
    pub name: String,
    /// When cards of the kind are played or apply, in one sentence.
    pub text: String,
    /// Where the entry comes from.
    pub source: Source,
}

/// One Relic card.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelicData {
    /// The id views name the card by.
    pub id: String,
    /// The card's name.
    pub name: String,
    /// Crown, Sceptre or Orb.
    pub kind: RelicKind,
    /// The rule the code applies.
    pub effect: RelicEffect,
    /// What the card does, in one sentence: menus and the log show it.
    pub text: String,
    /// Advice on playing the card, for help only (never in the log).
    #[serde(default)]
    pub tip: Option<Field<String>>,
    /// Where the entry comes from.
    pub source: Source,
}

/// `deck.toml`: the card kinds and the cards of a player's deck.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    /// Conflict, Support and Aid.
    pub kind: Vec<KindData<CardKind>>,
    /// The cards, one entry per card kind.
    pub card: Vec<CardData>,
}

/// One kind of card in the deck.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardData {
    /// The card.
    pub id: Card,
    /// The name menus, the log and the board show.
    pub name: Field<String>,
    /// Conflict, Support or Aid.
    pub kind: CardKind,
    /// A Conflict card's printed value, or what a Support card adds.
    #[serde(default)]
    pub value: Option<u8>,
    /// The card's value is a die roll (Ambush).
    #[serde(default)]
    pub die: bool,
    /// Copies in a deck.
    pub count: u8,
    /// What the card does, in one sentence.
    pub text: String,
    /// Where the entry comes from.
    pub source: Source,
}

/// Whether `text` is one sentence: a card's text states its effect, and
/// advice ("best used ...") would be a sentence of its own.
pub fn one_sentence(text: &str) -> bool {
    let body = text.trim_end();
    body.strip_suffix('.')
        .is_some_and(|rest| !rest.contains(['.', '!', '?']))
}
