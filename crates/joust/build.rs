//! Turns `data/card-joust.toml` into Rust constants in `OUT_DIR/content.rs`.
//!
//! The rules code relies on a few facts about the components (a 1 on a d12
//! never hits because the lowest card is 2; a knight has exactly five slots in
//! a fixed order), so those are checked here and a wrong data file stops the
//! build with a message instead of producing a subtly different game.

use serde::Deserialize;
use tourney_provenance::Source;
use tourney_provenance::build::{self, DataError};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Content {
    deck: Deck,
    hand: Vec<HandCard>,
    knights_option: KnightsOption,
    slot: Vec<Slot>,
    dice: Dice,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Deck {
    lowest_rank: u8,
    highest_rank: u8,
    copies_per_rank: u8,
    source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HandCard {
    card: String,
    count: u8,
    role: Role,
    source: Source,
}

#[derive(Deserialize, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Role {
    Knight,
    Mount,
    Lance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnightsOption {
    most: u8,
    source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Slot {
    name: String,
    points: u8,
    source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Dice {
    jousting: Jousting,
    injury: Injury,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Jousting {
    sides: u8,
    count: u8,
    raven: u8,
    feather: u8,
    source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Injury {
    sides: u8,
    snake: u8,
    heal: u8,
    most_minor: u8,
    source: Source,
}

/// The slot order the rules code's `Slot` enum is written for.
const SLOT_ORDER: [&str; 5] = ["head", "body", "left_arm", "right_arm", "shield"];

fn main() {
    build::finish(run());
}

fn run() -> Result<(), DataError> {
    let path = "data/card-joust.toml";
    let content: Content = build::read_toml(path)?;
    check(&content).map_err(|problem| DataError::new(path, problem))?;
    build::write_out("content.rs", &generate(&content))
}

fn count_role(c: &Content, role: Role) -> u32 {
    c.hand
        .iter()
        .filter(|h| h.role == role)
        .map(|h| u32::from(h.count))
        .sum()
}

fn check(c: &Content) -> Result<(), String> {
    let d = &c.deck;
    if d.lowest_rank < 2 {
        return Err(
            "the lowest number card must be at least 2, so a d12 showing 1 never hits".into(),
        );
    }
    if d.highest_rank < d.lowest_rank {
        return Err("highest_rank is below lowest_rank".into());
    }
    let j = &c.dice.jousting;
    if d.highest_rank >= j.feather {
        return Err(
            "every number card must be below the feather, so feathers and ravens always hit".into(),
        );
    }
    if j.raven != j.sides || j.feather + 1 != j.sides || j.count == 0 {
        return Err(
            "the raven is the top face of the jousting die and the feather the one below it".into(),
        );
    }
    let ranks = u32::from(d.highest_rank - d.lowest_rank) + 1;
    if d.copies_per_rank == 0 || ranks * u32::from(d.copies_per_rank) < SLOT_ORDER.len() as u32 {
        return Err("the pile must hold at least one pass's worth of cards".into());
    }
    let knights = count_role(c, Role::Knight);
    if knights == 0 || knights > u32::from(c.knights_option.most) {
        return Err(
            "the hand needs at least one knight, and no more than the option allows".into(),
        );
    }
    if count_role(c, Role::Mount) != 2 || count_role(c, Role::Lance) != 2 {
        return Err(
            "the hand holds two mounts (ground, flying) and two lances (war, peace)".into(),
        );
    }
    let names: Vec<&str> = c.slot.iter().map(|s| s.name.as_str()).collect();
    if names != SLOT_ORDER {
        return Err(format!(
            "the slots must be {SLOT_ORDER:?} in that order, found {names:?}"
        ));
    }
    if c.slot[2].points != c.slot[3].points {
        return Err("both arms score the same (the scoring option has one `arm` value)".into());
    }
    let i = &c.dice.injury;
    if i.snake != 1 || i.heal != i.sides || i.sides < 2 || i.most_minor == 0 {
        return Err("the injury die's snake is 1 and its heal is the top face".into());
    }
    for card in &c.hand {
        if card.card.trim().is_empty() || card.count == 0 {
            return Err("every hand entry names a card and holds at least one".into());
        }
    }
    Ok(())
}

fn generate(c: &Content) -> String {
    let d = &c.deck;
    let j = &c.dice.jousting;
    let i = &c.dice.injury;
    let points: Vec<String> = c.slot.iter().map(|s| s.points.to_string()).collect();
    let mut sources: Vec<String> = vec![
        format!("deck: {}", d.source.word()),
        format!("knights option: {}", c.knights_option.source.word()),
        format!("jousting dice: {}", j.source.word()),
        format!("injury dice: {}", i.source.word()),
    ];
    sources.extend(
        c.hand
            .iter()
            .map(|h| format!("{}: {}", h.card, h.source.word())),
    );
    sources.extend(
        c.slot
            .iter()
            .map(|s| format!("{} slot: {}", s.name, s.source.word())),
    );
    format!(
        "// Generated by build.rs from data/card-joust.toml. Do not edit.\n\
         // Sources: {sources}\n\
         /// Lowest number card in a player's pile.\n\
         pub const LOWEST_RANK: u8 = {low};\n\
         /// Highest number card in a player's pile.\n\
         pub const HIGHEST_RANK: u8 = {high};\n\
         /// Distinct number ranks, the kinds of a [`tourney_core::Pile`].\n\
         pub const RANKS: usize = {ranks};\n\
         /// Copies of each rank in one player's pile (one per suit).\n\
         pub const COPIES_PER_RANK: u8 = {copies};\n\
         /// Knights (Kings) in a player's hand by default.\n\
         pub const KNIGHTS_IN_HAND: u8 = {knights};\n\
         /// The most knights the knights-per-player option allows.\n\
         pub const MOST_KNIGHTS: u8 = {most};\n\
         /// Default points for a hit on head, body, left arm, right arm, shield.\n\
         pub const SLOT_POINTS: [u8; 5] = [{points}];\n\
         /// Faces of a jousting die.\n\
         pub const D12_SIDES: u8 = {d12};\n\
         /// Jousting dice rolled in a pass, before the ground mount's gift.\n\
         pub const JOUSTING_DICE: u8 = {count};\n\
         /// The raven face: two successes.\n\
         pub const RAVEN: u8 = {raven};\n\
         /// The feather face: one success, two with a flying mount.\n\
         pub const FEATHER: u8 = {feather};\n\
         /// Faces of an injury die.\n\
         pub const D6_SIDES: u8 = {d6};\n\
         /// The snake face of an injury die.\n\
         pub const SNAKE: u8 = {snake};\n\
         /// The heal face of a minor-injury die.\n\
         pub const HEAL: u8 = {heal};\n\
         /// Minor-injury dice a knight can hold.\n\
         pub const MOST_MINOR: u8 = {most_minor};\n",
        sources = sources.join(", "),
        low = d.lowest_rank,
        high = d.highest_rank,
        ranks = d.highest_rank - d.lowest_rank + 1,
        copies = d.copies_per_rank,
        knights = count_role(c, Role::Knight),
        most = c.knights_option.most,
        points = points.join(", "),
        d12 = j.sides,
        count = j.count,
        raven = j.raven,
        feather = j.feather,
        d6 = i.sides,
        snake = i.snake,
        heal = i.heal,
        most_minor = i.most_minor,
    )
}
