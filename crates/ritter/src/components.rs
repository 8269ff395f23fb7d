//! The components a client draws, read at run time from `data/ritter.toml`
//! (or a designer's copy of it): every knight card, lady card and trait
//! with the names, numbers and words printed on it. A view names a knight,
//! a lady or a trait by id; a client finds the id here, so it keeps no copy
//! of the cards. Served as `GET /api/games/ritter/components`; the shape is
//! in `docs/protocol/ritter.md`.
//!
//! The rules themselves use the cards `build.rs` compiled in from the same
//! file (`content.rs`); this reading only checks what a board relies on:
//! one entry per id the views use, one word per trait, every lady with one
//! trait of each kind.

use crate::config::OPTIONS;
use crate::content::{KnightId, LadyId};
use crate::files::{File, KnightEntry, LadyEntry, TraitEntry};
use crate::knight::{FIELD_COPIES, MAX_DICE};
use crate::rules_text::{self, RULES_FILE};
use crate::vocab::{CARDS, Trait, TraitKind};
use serde::Serialize;
use std::collections::BTreeSet;
use tourney_core::{DataError, DataFile, RulesText};
use tourney_provenance::Field;

/// The one data file, by the name a designer's copy uses.
const FILE: &str = "ritter.toml";

/// The data files built into the crate: the cards, and the "How to play"
/// with its glossary.
pub const DATA_FILES: &[DataFile<'static>] = &[
    DataFile {
        name: FILE,
        text: include_str!("../data/ritter.toml"),
    },
    DataFile {
        name: RULES_FILE,
        text: include_str!("../data/rules.toml"),
    },
];

/// Ritter's components: the knight and lady cards and the lady traits, as
/// the data file states them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Components {
    /// Every knight card, in card order. A view, action or event names a
    /// knight by `id`; look that id up here.
    pub knights: Vec<KnightComponent>,
    /// Every lady card, in card order, looked up by `id` like the knights.
    pub ladies: Vec<LadyComponent>,
    /// Every lady trait, hair first, then build, temperament and height:
    /// what a trait id in `prefers` or on a lady card is called.
    pub traits: Vec<TraitComponent>,
    /// "How to play" and the glossary, from `data/rules.toml`: what a
    /// newcomer reads beside the board or in `tourney rules ritter`. A
    /// `{key}` in a text stands for the table's option `key`
    /// (`RulesText::fill`).
    pub rules: RulesText,
}

/// A knight card as printed: what he starts the tournament with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct KnightComponent {
    /// The id views, actions and events name him by.
    pub id: KnightId,
    /// His full name, unique among all cards.
    pub name: String,
    /// Combat dice printed on the card, before any training.
    pub dice: u8,
    /// Hit fields the card covers from the start, per number 1 to 6 (0 to
    /// 2 each); 1–3 ward off mounted hits, 4–6 hits on foot.
    pub covered: [u8; 6],
    /// The three lady traits he prefers, the most important first.
    pub prefers: [Trait; 3],
}

/// A lady card as printed: her name and her four traits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LadyComponent {
    /// The id views, actions and events name her by.
    pub id: LadyId,
    /// Her full name, unique among all cards.
    pub name: String,
    /// Her hair colour: a trait of kind `hair`.
    pub hair: Trait,
    /// Her build: a trait of kind `build`.
    pub build: Trait,
    /// Her temperament: a trait of kind `temperament`.
    pub temperament: Trait,
    /// Her height: a trait of kind `height`.
    pub height: Trait,
}

/// A lady trait: what it describes and what the texts call it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct TraitComponent {
    /// The id preferences and lady cards name it by.
    pub id: Trait,
    /// What it describes: hair, build, temperament or height.
    pub kind: TraitKind,
    /// The word the texts use for it ("red-haired").
    pub word: String,
}

/// Reads the components from `files`, taking `ritter.toml` from the
/// built-in files when `files` has none. A TOML error, an entry too many or
/// too few for the card ids the views use, a trait without its word or a
/// lady without one trait of each kind is an error naming the file.
pub fn components_from(files: &[DataFile<'_>]) -> Result<Components, DataError> {
    let text = DataFile::text_of(files, DATA_FILES, FILE)
        .ok_or_else(|| DataError::new(FILE, "the file is missing"))?;
    let entries: File = toml::from_str(text).map_err(|e| DataError::new(FILE, e))?;
    let mut components = check(entries).map_err(|problem| DataError::new(FILE, problem))?;
    let rules = DataFile::text_of(files, DATA_FILES, RULES_FILE)
        .ok_or_else(|| DataError::new(RULES_FILE, "the file is missing"))?;
    components.rules =
        rules_text::read(rules, OPTIONS).map_err(|m| DataError::new(RULES_FILE, m))?;
    Ok(components)
}

fn check(entries: File) -> Result<Components, String> {
    let count = |what: &str, found: usize| {
        if found == CARDS {
            Ok(())
        } else {
            Err(format!(
                "{found} {what} entries, but the game has {CARDS}: the views name them by \
                 ids 0 to {}, one entry each",
                CARDS.saturating_sub(1)
            ))
        }
    };
    count("[[knight]]", entries.knight.len())?;
    count("[[lady]]", entries.lady.len())?;
    let traits = traits(entries.traits)?;
    let knights = (0..)
        .zip(entries.knight)
        .map(|(id, entry)| knight(KnightId(id), entry))
        .collect::<Result<Vec<_>, _>>()?;
    let ladies = (0..)
        .zip(entries.lady)
        .map(|(id, entry)| lady(LadyId(id), entry))
        .collect::<Result<Vec<_>, _>>()?;
    let mut names = BTreeSet::new();
    for name in knights
        .iter()
        .map(|k| &k.name)
        .chain(ladies.iter().map(|l| &l.name))
    {
        if name.trim().is_empty() || !names.insert(name.as_str()) {
            return Err(format!("the name {name:?} is empty or used twice"));
        }
    }
    Ok(Components {
        knights,
        ladies,
        traits,
        rules: RulesText::default(),
    })
}

/// One component per trait, in the order of [`Trait::ALL`].
fn traits(entries: Vec<TraitEntry>) -> Result<Vec<TraitComponent>, String> {
    let mut words: Vec<(Trait, String)> = Vec::new();
    for entry in entries {
        let (word, _) = entry.word.resolve(entry.source);
        if word.trim().is_empty() {
            return Err(format!("trait {:?}: the word is empty", entry.id));
        }
        if words.iter().any(|(id, _)| *id == entry.id) {
            return Err(format!("trait {:?} is listed twice", entry.id));
        }
        words.push((entry.id, word));
    }
    Trait::ALL
        .iter()
        .map(|&id| {
            let at = words
                .iter()
                .position(|(t, _)| *t == id)
                .ok_or_else(|| format!("trait {id:?} has no [[trait]] entry"))?;
            let (_, word) = words.swap_remove(at);
            Ok(TraitComponent {
                id,
                kind: id.kind(),
                word,
            })
        })
        .collect()
}

fn knight(id: KnightId, entry: KnightEntry) -> Result<KnightComponent, String> {
    let name = entry.name;
    let (dice, _) = entry.dice.resolve(entry.source);
    if !(1..=MAX_DICE).contains(&dice) {
        return Err(format!(
            "{name}: {dice} combat dice is not in 1..={MAX_DICE}"
        ));
    }
    let mut covered = [0u8; 6];
    for field in entry.covered.iter().flat_map(|group| &group.fields) {
        let slot = usize::from(*field)
            .checked_sub(1)
            .and_then(|i| covered.get_mut(i))
            .ok_or_else(|| format!("{name}: there is no hit field {field} (1 to 6)"))?;
        *slot = slot.saturating_add(1);
        if *slot > FIELD_COPIES {
            return Err(format!(
                "{name}: hit field {field} exists only {FIELD_COPIES} times"
            ));
        }
    }
    let (prefers, _) = entry.prefers.resolve(entry.source);
    let prefers: [Trait; 3] = prefers
        .try_into()
        .map_err(|p: Vec<Trait>| format!("{name}: prefers needs 3 traits, not {}", p.len()))?;
    let [first, second, third] = prefers;
    if first == second || first == third || second == third {
        return Err(format!("{name}: prefers a trait twice"));
    }
    Ok(KnightComponent {
        id,
        name,
        dice,
        covered,
        prefers,
    })
}

fn lady(id: LadyId, entry: LadyEntry) -> Result<LadyComponent, String> {
    let name = entry.name;
    let source = entry.source;
    let of_kind = |field: Field<Trait>, kind: TraitKind| {
        let (value, _) = field.resolve(source);
        if value.kind() == kind {
            Ok(value)
        } else {
            let what = kind.key();
            Err(format!("{name}: {what} {value:?} is no {what} trait"))
        }
    };
    let hair = of_kind(entry.hair, TraitKind::Hair)?;
    let build = of_kind(entry.build, TraitKind::Build)?;
    let temperament = of_kind(entry.temperament, TraitKind::Temperament)?;
    let height = of_kind(entry.height, TraitKind::Height)?;
    Ok(LadyComponent {
        id,
        name,
        hair,
        build,
        temperament,
        height,
    })
}
