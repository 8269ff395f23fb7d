//! The components as clients read them: every name, number and effect text
//! of the deck, the Relics and the territory tiles, read from the data files
//! in `data/` (the built-in ones, or a designer's copy).
//!
//! A view names a component by its id (a `Card`, a Relic's `id`, a cell's
//! `tile_id`); the lists here hold one entry per id, which a client looks
//! the id up in. Reading checks that a copy has exactly the ids the rules
//! code uses, so no view ever names a component the list lacks.

use crate::content::{HOMELAND, RELICS, TILES, tile_effects};
use crate::files::{CardData, Deck, KindData, RelicData, Relics, TileData, Tiles};
use crate::vocab::{Card, CardKind, Conquest, RelicKind};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tourney_core::{DataError, DataFile, OptionInfo};
use tourney_provenance::Field;

/// Everything a player may read about Medieval Mastery's components.
#[derive(Debug, Clone, Default, Serialize, schemars::JsonSchema)]
pub struct Components {
    /// Conflict, Support and Aid: the kinds of deck card and when each is played.
    pub card_kinds: Vec<CardKindFacts>,
    /// One entry per card kind of a player's deck (every `Card` id once).
    pub cards: Vec<CardFacts>,
    /// Crown, Sceptre and Orb: the kinds of Relic and when each applies.
    pub relic_kinds: Vec<RelicKindFacts>,
    /// The 18 Relic cards (every Relic id a view names, once).
    pub relics: Vec<RelicFacts>,
    /// The territory tile kinds (every `tile_id` a view names, once).
    pub tiles: Vec<TileFacts>,
    /// How to play, for a newcomer, and a glossary of every word the board
    /// and the terminal show (`rules.toml`); `{key}` in a text stands for
    /// the table's option `key` (see `RulesText::fill`).
    pub rules: tourney_core::RulesText,
}

/// A kind of deck card.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CardKindFacts {
    /// The kind, as a card's `kind` names it.
    pub id: CardKind,
    /// Its name ("Support").
    pub name: String,
    /// When cards of this kind are played, in one sentence.
    pub text: String,
}

/// One card kind of a player's deck.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CardFacts {
    /// The card, as views and actions name it.
    pub id: Card,
    /// Its name ("Heroic Effort +1").
    pub name: String,
    /// Conflict, Support or Aid.
    pub kind: CardKind,
    /// A Conflict card's printed value, or what a Support card adds (none
    /// for Aid cards and for a card whose value is a die roll).
    pub value: Option<u8>,
    /// Whether the card's value is one die roll instead (Ambush).
    pub die: bool,
    /// Copies in a player's 18-card deck.
    pub count: u8,
    /// What the card does, in one sentence.
    pub text: String,
}

/// A kind of Relic.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct RelicKindFacts {
    /// The kind, as a Relic's `kind` names it.
    pub id: RelicKind,
    /// Its name ("Sceptre").
    pub name: String,
    /// When Relics of this kind apply, in one sentence.
    pub text: String,
}

/// One Relic card.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct RelicFacts {
    /// The card's id, as a view's Relic names it (`"orb_of_greed"`).
    pub id: String,
    /// Its name ("Orb of Greed").
    pub name: String,
    /// Crown, Sceptre or Orb.
    pub kind: RelicKind,
    /// What it does, in one sentence.
    pub text: String,
    /// Advice on when to use it, for help (most cards have none).
    pub tip: Option<String>,
}

/// One kind of territory tile (several identical tiles share a kind).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct TileFacts {
    /// The kind's id, as a view's cell names it in `tile_id` (`"city_3"`).
    pub id: String,
    /// The name printed on the tile ("City").
    pub name: String,
    /// Victory points the territory gives whoever controls it.
    pub value: u8,
    /// Identical tiles of this kind in the box.
    pub count: u8,
    /// The homeland tile: it lies next to a castle from the start instead
    /// of being dealt.
    pub homeland: bool,
    /// Added to the attacker's combat value in a combat here.
    pub attack: i8,
    /// Added to the defender's combat value in a combat here.
    pub defence: i8,
    /// Most knights one player may have here.
    pub capacity: u8,
    /// No Support cards may be played in a combat here.
    pub no_support: bool,
    /// What happens to the conqueror when the territory is taken.
    pub conquest: Conquest,
    /// The effects above in a player's words ("defender +1, conqueror +1
    /// knight"); empty for a tile without any.
    pub effects: String,
}

const DECK_FILE: &str = "deck.toml";
const RELICS_FILE: &str = "relics.toml";
const TILES_FILE: &str = "territories.toml";
const RULES_FILE: &str = "rules.toml";

/// The data files the components are read from, as built in.
pub const DATA_FILES: &[DataFile<'static>] = &[
    DataFile {
        name: DECK_FILE,
        text: include_str!("../data/deck.toml"),
    },
    DataFile {
        name: RELICS_FILE,
        text: include_str!("../data/relics.toml"),
    },
    DataFile {
        name: TILES_FILE,
        text: include_str!("../data/territories.toml"),
    },
    DataFile {
        name: RULES_FILE,
        text: include_str!("../data/rules.toml"),
    },
];

/// Reads the components from `files` (a file missing there is read from
/// [`DATA_FILES`]). Refused, naming the file: a TOML error, or a copy whose
/// cards, card kinds, Relics, Relic kinds or tiles are not exactly the ids
/// the rules code and its views use, or rules text that breaks a rule of
/// `rules_from` (an empty text, two entries with one id, a `{key}` that is
/// not an option).
pub fn components_from(files: &[DataFile<'_>]) -> Result<Components, DataError> {
    let deck: Deck = read(files, DECK_FILE)?;
    let relics: Relics = read(files, RELICS_FILE)?;
    let tiles: Tiles = read(files, TILES_FILE)?;
    let rules = rules_from(files, crate::config::OPTIONS)?;
    let in_deck = |e: String| DataError::new(DECK_FILE, e);
    let in_relics = |e: String| DataError::new(RELICS_FILE, e);
    let in_tiles = |e: String| DataError::new(TILES_FILE, e);

    exactly_once(&deck.kind, |k| k.id, &CardKind::ALL, "card kind").map_err(in_deck)?;
    exactly_once(&deck.card, |c| c.id, &Card::ALL, "card").map_err(in_deck)?;
    exactly_once(&relics.kind, |k| k.id, &RelicKind::ALL, "Relic kind").map_err(in_relics)?;
    let relic_ids: Vec<&str> = RELICS.iter().map(|r| r.id).collect();
    exactly_once(&relics.relic, |r| r.id.as_str(), &relic_ids, "Relic").map_err(in_relics)?;
    let tile_ids: Vec<&str> = TILES.iter().map(|t| t.id).collect();
    exactly_once(&tiles.tile, |t| t.id.as_str(), &tile_ids, "tile").map_err(in_tiles)?;
    let homeland = TILES.get(usize::from(HOMELAND)).map(|t| t.id);
    let marked: Vec<&str> = tiles
        .tile
        .iter()
        .filter(|t| t.homeland)
        .map(|t| t.id.as_str())
        .collect();
    if marked.as_slice() != homeland.as_slice() {
        return Err(in_tiles(format!(
            "the homeland tile must be `{}` alone, not {marked:?}",
            homeland.unwrap_or_default()
        )));
    }

    Ok(Components {
        card_kinds: deck.kind.into_iter().map(kind_facts).collect(),
        cards: deck.card.into_iter().map(card_facts).collect(),
        relic_kinds: relics.kind.into_iter().map(relic_kind_facts).collect(),
        relics: relics.relic.into_iter().map(relic_facts).collect(),
        tiles: tiles.tile.into_iter().map(tile_facts).collect(),
        rules,
    })
}

/// One file of `files` (or the built-in one), parsed.
fn read<T: DeserializeOwned>(files: &[DataFile<'_>], name: &str) -> Result<T, DataError> {
    let text = DataFile::text_of(files, DATA_FILES, name)
        .ok_or_else(|| DataError::new(name, "the file is missing"))?;
    toml::from_str(text).map_err(|e| DataError::new(name, e))
}

/// Every id of `wanted` is the id of exactly one of `entries`, and no entry
/// has another id.
fn exactly_once<'a, E, I: PartialEq + Serialize>(
    entries: &'a [E],
    id: impl Fn(&'a E) -> I,
    wanted: &[I],
    what: &str,
) -> Result<(), String> {
    for want in wanted {
        match entries.iter().filter(|e| id(e) == *want).count() {
            1 => {}
            0 => return Err(format!("the {what} `{}` is missing", spelled(want))),
            _ => return Err(format!("the {what} `{}` is listed twice", spelled(want))),
        }
    }
    match entries.iter().map(&id).find(|i| !wanted.contains(i)) {
        Some(extra) => Err(format!(
            "there is no {what} `{}` in the game",
            spelled(&extra)
        )),
        None => Ok(()),
    }
}

/// An id as the data files spell it.
fn spelled(id: &impl Serialize) -> String {
    match serde_json::to_value(id) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(e) => e.to_string(),
    }
}

fn value_of(field: Field<String>) -> String {
    match field {
        Field::Tagged(t) => t.value,
        Field::Bare(v) => v,
    }
}

fn kind_facts(k: KindData<CardKind>) -> CardKindFacts {
    CardKindFacts {
        id: k.id,
        name: k.name,
        text: k.text,
    }
}

fn relic_kind_facts(k: KindData<RelicKind>) -> RelicKindFacts {
    RelicKindFacts {
        id: k.id,
        name: k.name,
        text: k.text,
    }
}

fn card_facts(c: CardData) -> CardFacts {
    CardFacts {
        id: c.id,
        name: value_of(c.name),
        kind: c.kind,
        value: c.value,
        die: c.die,
        count: c.count,
        text: c.text,
    }
}

fn relic_facts(r: RelicData) -> RelicFacts {
    RelicFacts {
        id: r.id,
        name: r.name,
        kind: r.kind,
        text: r.text,
        tip: r.tip.map(value_of),
    }
}

fn tile_facts(t: TileData) -> TileFacts {
    TileFacts {
        effects: tile_effects(t.attack, t.defence, t.capacity, t.no_support, t.conquest),
        id: t.id,
        name: t.name,
        value: t.value,
        count: t.count,
        homeland: t.homeland,
        attack: t.attack,
        defence: t.defence,
        capacity: t.capacity,
        no_support: t.no_support,
        conquest: t.conquest,
    }
}

/// Reads `rules.toml` (How to play and the glossary), refused, naming the
/// file, on a TOML error or what `RulesText::check` refuses for the
/// game's `options`.
fn rules_from(
    files: &[DataFile<'_>],
    options: &[OptionInfo],
) -> Result<tourney_core::RulesText, DataError> {
    let rules: tourney_core::RulesText = read(files, RULES_FILE)?;
    rules
        .check(options)
        .map_err(|e| DataError::new(RULES_FILE, e))?;
    Ok(rules)
}
