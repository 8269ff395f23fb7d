//! The components as a player reads them: every name, number and effect
//! text of `data/card-joust.toml`, which the server hands to the browser
//! board (`GET /api/games/joust/components`).
//!
//! The file is read at run time with the shape and checks the build script
//! uses (`src/data_file.rs`), so a designer's copy that renames a card or
//! rewords an effect is shown without a rebuild. Its numbers are compiled
//! into the rules code ([`crate::content`]), so a copy whose numbers differ
//! from those is refused rather than served: the board would show a game
//! the rules do not play.
//!
//! Ids stay opaque to a client: a view names a slot, mount, lance or injury
//! by its id, and the lists here carry that id next to the name and effect
//! for the board to look up.

use crate::config::OPTIONS;
use crate::content::{
    COPIES_PER_RANK, D6_SIDES, D12_SIDES, FEATHER, HEAL, HIGHEST_RANK, JOUSTING_DICE,
    KNIGHTS_IN_HAND, LOWEST_RANK, MOST_KNIGHTS, MOST_MINOR, RAVEN, SLOT_POINTS, SNAKE,
};
use crate::data_file::{self, Content};
use crate::gear::{Lance, Mount};
use crate::knight::Injury;
use crate::rules_text::{self, RULES_FILE};
use crate::slot::Slot;
use serde::Serialize;
use tourney_core::{DataError, DataFile, RulesText};

/// The name of the one data file.
pub const FILE: &str = "card-joust.toml";

/// The data files as built into the game: the components, and the "How to
/// play" with its glossary.
pub const DATA_FILES: &[DataFile<'static>] = &[
    DataFile {
        name: FILE,
        text: include_str!("../data/card-joust.toml"),
    },
    DataFile {
        name: RULES_FILE,
        text: include_str!("../data/rules.toml"),
    },
];

/// The mounts in the order of their entries (and of
/// [`MOUNT_IDS`](crate::vocabulary::MOUNT_IDS)).
const MOUNTS: [Mount; 2] = [Mount::Ground, Mount::Flying];
/// The lances in the order of their entries.
const LANCES: [Lance; 2] = [Lance::War, Lance::Peace];
/// The injuries in the order of their entries.
const INJURIES: [Injury; 2] = [Injury::Minor, Injury::Major];

/// Every component of Card Joust a player reads: names, numbers and the
/// text of effects. The lists are in table order; a view's ids are looked
/// up in them by `id`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct Components {
    /// The number cards of a player's face-down pile.
    pub number_cards: NumberCards,
    /// The suits of the number cards; each rank comes once in every suit.
    /// They play no part in the rules.
    pub suits: Vec<Suit>,
    /// The knights in a player's hand.
    pub knight: KnightCard,
    /// The two mounts, looked up by a view's `gear.mount`.
    pub mounts: Vec<MountCard>,
    /// The two lances, looked up by a view's `gear.lance`.
    pub lances: Vec<LanceCard>,
    /// The five target slots of a knight in table order (the order cards
    /// are laid), looked up by a view's slot ids (`slots[].slot`, `aim`).
    pub slots: Vec<SlotInfo>,
    /// The injuries a lance or a push deals, looked up by a view's `dealt`
    /// and `push_injury` (`none` has no entry: nothing was dealt).
    pub injuries: Vec<InjuryInfo>,
    /// The twelve-sided dice rolled against the target card.
    pub jousting_die: JoustingDie,
    /// The six-sided dice of a knight's injury pool.
    pub injury_die: InjuryDie,
    /// "How to play" and the glossary, from `data/rules.toml`: what a
    /// newcomer reads beside the board or in `tourney rules joust`. A
    /// `{key}` in a text stands for the table's option `key`
    /// (`RulesText::fill`).
    pub rules: RulesText,
}

/// The number cards, 2 to 10 by default.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct NumberCards {
    /// What a player calls one of them, such as "Number card".
    pub name: String,
    /// The lowest rank in the pile.
    pub lowest_rank: u8,
    /// The highest rank in the pile.
    pub highest_rank: u8,
    /// Copies of each rank in one player's pile: one per suit.
    pub copies_per_rank: u8,
    /// What a number card does, in a player's words.
    pub effect: String,
}

/// One suit of the number cards.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct Suit {
    /// The suit's name, such as "Hearts".
    pub name: String,
    /// `red` or `black`.
    pub colour: String,
}

/// The knights: the Kings in hand.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct KnightCard {
    /// What a player calls one, such as "Knight"; a view gives each knight a
    /// number (its `knight`), counting from 1 in the order sent.
    pub name: String,
    /// The playing card that stands for a knight.
    pub card: String,
    /// Knights in hand: what the knights-per-player option brings by default.
    pub count: u8,
    /// The most knights the knights-per-player option allows.
    pub most: u8,
    /// What a knight does, in a player's words.
    pub effect: String,
}

/// One mount: a Joker beside the knight.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct MountCard {
    /// The id a view's `gear.mount` gives.
    pub id: Mount,
    /// What a player calls it, such as "Ground mount".
    pub name: String,
    /// The playing card that stands for it.
    pub card: String,
    /// What riding it does, in a player's words.
    pub effect: String,
}

/// One lance: an Ace beside the mount.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LanceCard {
    /// The id a view's `gear.lance` gives.
    pub id: Lance,
    /// What a player calls it, such as "Lance of war".
    pub name: String,
    /// The playing card that stands for it.
    pub card: String,
    /// What it does, in a player's words.
    pub effect: String,
}

/// One target slot of a knight.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SlotInfo {
    /// The id the views and actions give.
    pub id: Slot,
    /// What a player calls it, such as "Left arm".
    pub name: String,
    /// Points a hit on it scores by default; a table's own points are in
    /// its view (`slot_points`).
    pub points: u8,
    /// What the slot is for, in a player's words.
    pub effect: String,
}

/// One kind of injury.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct InjuryInfo {
    /// The id the views give (`minor` or `major`).
    pub id: Injury,
    /// What a player calls it, such as "Minor injury".
    pub name: String,
    /// What it does to a knight, in a player's words.
    pub effect: String,
}

/// The jousting die, a d12.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct JoustingDie {
    /// What a player calls one, such as "Jousting die".
    pub name: String,
    /// Its faces, numbered from 1.
    pub sides: u8,
    /// Dice rolled in a pass (one more with the ground mount's gift).
    pub count: u8,
    /// How a roll is read, in a player's words.
    pub effect: String,
    /// The top face: two successes.
    pub raven: DieFace,
    /// The face below it: one success, two on a flying mount.
    pub feather: DieFace,
}

/// The injury die, a d6.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct InjuryDie {
    /// What a player calls one, such as "Injury die".
    pub name: String,
    /// Its faces, numbered from 1.
    pub sides: u8,
    /// Minor-injury dice a knight can hold.
    pub most_minor: u8,
    /// What the dice are, in a player's words.
    pub effect: String,
    /// The face that cancels a success (and, in a roll for a major injury,
    /// ends the knight's event).
    pub snake: DieFace,
    /// The face on which a minor-injury die heals.
    pub heal: DieFace,
}

/// A die face with a name of its own.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct DieFace {
    /// The number the face shows.
    pub face: u8,
    /// What a player calls it, such as "Raven".
    pub name: String,
    /// What rolling it does, in a player's words.
    pub effect: String,
}

/// Reads the components from data files: the built-in ones, or a designer's
/// copy (a file missing from `files` is read from [`DATA_FILES`]). Refuses,
/// naming the file, a text that is not TOML of the expected shape, one that
/// fails the build script's checks (an id missing, one too many, a blank
/// name), and one whose numbers differ from those the rules were built with.
pub fn components_from(files: &[DataFile<'_>]) -> Result<Components, DataError> {
    let text = DataFile::text_of(files, DATA_FILES, FILE)
        .ok_or_else(|| DataError::new(FILE, "the file is missing"))?;
    let content: Content = toml::from_str(text).map_err(|e| DataError::new(FILE, e))?;
    content.check().map_err(|m| DataError::new(FILE, m))?;
    built_with(&content).map_err(|m| DataError::new(FILE, m))?;
    let rules = DataFile::text_of(files, DATA_FILES, RULES_FILE)
        .ok_or_else(|| DataError::new(RULES_FILE, "the file is missing"))?;
    let rules = rules_text::read(rules, OPTIONS).map_err(|m| DataError::new(RULES_FILE, m))?;
    Ok(components(content, rules))
}

/// Whether the file's numbers are the ones compiled into the rules code.
fn built_with(c: &Content) -> Result<(), String> {
    let j = &c.dice.jousting;
    let i = &c.dice.injury;
    let rebuild = "a change of numbers needs a rebuild";
    let numbers: [(&str, usize, usize); 13] = [
        (
            "deck.lowest_rank",
            c.deck.lowest_rank.into(),
            LOWEST_RANK.into(),
        ),
        (
            "deck.highest_rank",
            c.deck.highest_rank.into(),
            HIGHEST_RANK.into(),
        ),
        ("the number of suits", c.suit.len(), COPIES_PER_RANK.into()),
        (
            "knight.count",
            c.knight.count.into(),
            KNIGHTS_IN_HAND.into(),
        ),
        (
            "knights_option.most",
            c.knights_option.most.into(),
            MOST_KNIGHTS.into(),
        ),
        ("dice.jousting.sides", j.sides.into(), D12_SIDES.into()),
        ("dice.jousting.count", j.count.into(), JOUSTING_DICE.into()),
        (
            "dice.jousting.raven.face",
            j.raven.face.into(),
            RAVEN.into(),
        ),
        (
            "dice.jousting.feather.face",
            j.feather.face.into(),
            FEATHER.into(),
        ),
        ("dice.injury.sides", i.sides.into(), D6_SIDES.into()),
        (
            "dice.injury.most_minor",
            i.most_minor.into(),
            MOST_MINOR.into(),
        ),
        ("dice.injury.snake.face", i.snake.face.into(), SNAKE.into()),
        ("dice.injury.heal.face", i.heal.face.into(), HEAL.into()),
    ];
    if let Some((what, file, built)) = numbers.iter().find(|(_, file, built)| file != built) {
        return Err(format!(
            "{what} is {file}, but the rules were built with {built}: {rebuild}"
        ));
    }
    let points: Vec<u8> = c.slot.iter().map(|s| s.points).collect();
    if points != SLOT_POINTS {
        return Err(format!(
            "the slots' points are {points:?}, but the rules were built with {SLOT_POINTS:?}: {rebuild}"
        ));
    }
    Ok(())
}

/// The components of a file that passed its checks (so every list holds
/// its ids in order).
fn components(c: Content, rules: RulesText) -> Components {
    let j = c.dice.jousting;
    let i = c.dice.injury;
    let face = |f: data_file::Face| DieFace {
        face: f.face,
        name: f.name,
        effect: f.effect,
    };
    Components {
        number_cards: NumberCards {
            name: c.deck.name,
            lowest_rank: c.deck.lowest_rank,
            highest_rank: c.deck.highest_rank,
            copies_per_rank: COPIES_PER_RANK,
            effect: c.deck.effect,
        },
        suits: c
            .suit
            .into_iter()
            .map(|s| Suit {
                name: s.name,
                colour: s.colour,
            })
            .collect(),
        knight: KnightCard {
            name: c.knight.name,
            card: c.knight.card,
            count: c.knight.count,
            most: c.knights_option.most,
            effect: c.knight.effect,
        },
        mounts: MOUNTS
            .into_iter()
            .zip(c.mount)
            .map(|(id, m)| MountCard {
                id,
                name: m.name,
                card: m.card,
                effect: m.effect,
            })
            .collect(),
        lances: LANCES
            .into_iter()
            .zip(c.lance)
            .map(|(id, l)| LanceCard {
                id,
                name: l.name,
                card: l.card,
                effect: l.effect,
            })
            .collect(),
        slots: Slot::ALL
            .into_iter()
            .zip(c.slot)
            .map(|(id, s)| SlotInfo {
                id,
                name: s.name,
                points: s.points,
                effect: s.effect,
            })
            .collect(),
        injuries: INJURIES
            .into_iter()
            .zip(c.injury)
            .map(|(id, s)| InjuryInfo {
                id,
                name: s.name,
                effect: s.effect,
            })
            .collect(),
        jousting_die: JoustingDie {
            name: j.name,
            sides: j.sides,
            count: j.count,
            effect: j.effect,
            raven: face(j.raven),
            feather: face(j.feather),
        },
        injury_die: InjuryDie {
            name: i.name,
            sides: i.sides,
            most_minor: i.most_minor,
            effect: i.effect,
            snake: face(i.snake),
            heal: face(i.heal),
        },
        rules,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::{INJURY_IDS, LANCE_IDS, MOUNT_IDS, SLOT_IDS};

    fn ids<T: Serialize>(items: &[T]) -> Vec<String> {
        items
            .iter()
            .map(|x| {
                serde_json::to_value(x)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect()
    }

    /// The vocabulary the build script checks the file against is the
    /// serde names of the library's own types, in the same order.
    #[test]
    fn the_vocabulary_is_the_ids_of_the_views() {
        assert_eq!(ids(&Slot::ALL), SLOT_IDS);
        assert_eq!(ids(&MOUNTS), MOUNT_IDS);
        assert_eq!(ids(&LANCES), LANCE_IDS);
        assert_eq!(ids(&INJURIES), INJURY_IDS);
    }
}
