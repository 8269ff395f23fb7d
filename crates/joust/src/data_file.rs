//! The shape of `data/card-joust.toml` and the checks it must pass. The
//! build script includes this file (`#[path]`) to turn the numbers into
//! constants; the library includes it to read the names and effect texts
//! at run time ([`crate::components`]). One shape, one set of checks.
//!
//! The rules code relies on a few facts about the components (a 1 on a d12
//! never hits because the lowest card is 2; a knight has exactly five slots
//! in a fixed order), so those are checked, and a wrong file is refused with
//! a message instead of producing a subtly different game.

use crate::vocabulary::{COLOURS, INJURY_IDS, LANCE_IDS, MOUNT_IDS, SLOT_IDS};
use serde::Deserialize;
use tourney_provenance::Source;

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Content {
    /// The number cards of the pile.
    pub deck: Deck,
    /// The suits, each holding every rank once.
    pub suit: Vec<Suit>,
    /// The Kings in hand.
    pub knight: KnightCard,
    /// The Jokers, in the order of [`MOUNT_IDS`].
    pub mount: Vec<GearCard>,
    /// The Aces, in the order of [`LANCE_IDS`].
    pub lance: Vec<GearCard>,
    /// The bounds of the knights-per-player option.
    pub knights_option: KnightsOption,
    /// The target slots, in the order of [`SLOT_IDS`].
    pub slot: Vec<SlotEntry>,
    /// The injuries, in the order of [`INJURY_IDS`].
    pub injury: Vec<InjuryEntry>,
    /// The jousting and injury dice.
    pub dice: Dice,
}

/// `[deck]`: the number cards.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    /// What a player calls one of them.
    pub name: String,
    /// The lowest rank.
    pub lowest_rank: u8,
    /// The highest rank.
    pub highest_rank: u8,
    /// What a number card does, in a player's words.
    pub effect: String,
    /// Where the facts come from.
    pub source: Source,
}

/// `[[suit]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suit {
    /// The suit's name.
    pub name: String,
    /// `red` or `black`.
    pub colour: String,
    /// Where the fact comes from.
    pub source: Source,
}

/// `[knight]`: the Kings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnightCard {
    /// The playing card that stands for a knight.
    pub card: String,
    /// Knights in hand.
    pub count: u8,
    /// What a player calls one.
    pub name: String,
    /// What a knight does.
    pub effect: String,
    /// Where the facts come from.
    pub source: Source,
}

/// `[[mount]]` or `[[lance]]`: one card of gear.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearCard {
    /// The id the views and actions use.
    pub id: String,
    /// The playing card that stands for it.
    pub card: String,
    /// What a player calls it.
    pub name: String,
    /// What it does.
    pub effect: String,
    /// Where the facts come from.
    pub source: Source,
}

/// `[knights_option]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnightsOption {
    /// The most knights a player may bring.
    pub most: u8,
    /// Where the fact comes from.
    pub source: Source,
}

/// `[[slot]]`: one target slot.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotEntry {
    /// The id the views and actions use.
    pub id: String,
    /// What a player calls it.
    pub name: String,
    /// Points a hit on it scores by default.
    pub points: u8,
    /// What it is for.
    pub effect: String,
    /// Where the facts come from.
    pub source: Source,
}

/// `[[injury]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuryEntry {
    /// The id the views and events use.
    pub id: String,
    /// What a player calls it.
    pub name: String,
    /// What it does to a knight.
    pub effect: String,
    /// Where the facts come from.
    pub source: Source,
}

/// `[dice]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// The d12s.
    pub jousting: JoustingDie,
    /// The d6s.
    pub injury: InjuryDie,
}

/// `[dice.jousting]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoustingDie {
    /// What a player calls one.
    pub name: String,
    /// Its faces.
    pub sides: u8,
    /// Dice rolled in a pass.
    pub count: u8,
    /// How it is read.
    pub effect: String,
    /// The top face.
    pub raven: Face,
    /// The face below it.
    pub feather: Face,
    /// Where the facts come from.
    pub source: Source,
}

/// `[dice.injury]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuryDie {
    /// What a player calls one.
    pub name: String,
    /// Its faces.
    pub sides: u8,
    /// Minor-injury dice a knight can hold.
    pub most_minor: u8,
    /// How it is read.
    pub effect: String,
    /// The face that cancels a success.
    pub snake: Face,
    /// The face that heals a minor injury.
    pub heal: Face,
    /// Where the facts come from.
    pub source: Source,
}

/// A die face with a name of its own.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// The number it shows.
    pub face: u8,
    /// What a player calls it.
    pub name: String,
    /// What it does.
    pub effect: String,
    /// Where the facts come from.
    pub source: Source,
}

/// `ids` unless they are exactly `want`, in that order: `what` names the
/// list in the message.
fn ids_are<'a>(
    what: &str,
    ids: impl Iterator<Item = &'a str>,
    want: &[&str],
) -> Result<(), String> {
    let found: Vec<&str> = ids.collect();
    if found == want {
        Ok(())
    } else {
        Err(format!(
            "the {what} must be {} in that order, found {}",
            want.join(", "),
            if found.is_empty() {
                "none".to_string()
            } else {
                found.join(", ")
            }
        ))
    }
}

/// Number ranks in the pile (at least one when the deck passed its checks).
pub fn ranks(deck: &Deck) -> u8 {
    deck.highest_rank
        .saturating_sub(deck.lowest_rank)
        .saturating_add(1)
}

impl Content {
    /// Every entry's name and effect text, with where it is, to check that
    /// none is blank.
    fn texts(&self) -> Vec<(String, &str)> {
        let j = &self.dice.jousting;
        let i = &self.dice.injury;
        let mut texts = vec![
            ("deck.name".to_string(), self.deck.name.as_str()),
            ("deck.effect".to_string(), self.deck.effect.as_str()),
            ("knight.card".to_string(), self.knight.card.as_str()),
            ("knight.name".to_string(), self.knight.name.as_str()),
            ("knight.effect".to_string(), self.knight.effect.as_str()),
            ("dice.jousting.name".to_string(), j.name.as_str()),
            ("dice.jousting.effect".to_string(), j.effect.as_str()),
            ("dice.injury.name".to_string(), i.name.as_str()),
            ("dice.injury.effect".to_string(), i.effect.as_str()),
        ];
        for (at, face) in [
            ("dice.jousting.raven", &j.raven),
            ("dice.jousting.feather", &j.feather),
            ("dice.injury.snake", &i.snake),
            ("dice.injury.heal", &i.heal),
        ] {
            texts.push((format!("{at}.name"), face.name.as_str()));
            texts.push((format!("{at}.effect"), face.effect.as_str()));
        }
        for s in &self.suit {
            texts.push(("a suit's name".to_string(), s.name.as_str()));
        }
        for (list, cards) in [("mount", &self.mount), ("lance", &self.lance)] {
            for c in cards {
                texts.push((format!("{list} `{}`'s card", c.id), c.card.as_str()));
                texts.push((format!("{list} `{}`'s name", c.id), c.name.as_str()));
                texts.push((format!("{list} `{}`'s effect", c.id), c.effect.as_str()));
            }
        }
        for s in &self.slot {
            texts.push((format!("slot `{}`'s name", s.id), s.name.as_str()));
            texts.push((format!("slot `{}`'s effect", s.id), s.effect.as_str()));
        }
        for s in &self.injury {
            texts.push((format!("injury `{}`'s name", s.id), s.name.as_str()));
            texts.push((format!("injury `{}`'s effect", s.id), s.effect.as_str()));
        }
        texts
    }

    /// Whether the file describes components the rules code can play with
    /// and the views can name: every id once, in order; no blank name.
    pub fn check(&self) -> Result<(), String> {
        let d = &self.deck;
        if d.lowest_rank < 2 {
            return Err(
                "the lowest number card must be at least 2, so a d12 showing 1 never hits".into(),
            );
        }
        if d.highest_rank < d.lowest_rank {
            return Err("highest_rank is below lowest_rank".into());
        }
        let j = &self.dice.jousting;
        if d.highest_rank >= j.feather.face {
            return Err(
                "every number card must be below the feather, so feathers and ravens always hit"
                    .into(),
            );
        }
        if j.raven.face != j.sides || j.feather.face.checked_add(1) != Some(j.sides) || j.count == 0
        {
            return Err(
                "the raven is the top face of the jousting die and the feather the one below it"
                    .into(),
            );
        }
        if let Some(s) = self
            .suit
            .iter()
            .find(|s| !COLOURS.contains(&s.colour.as_str()))
        {
            return Err(format!(
                "suit {}'s colour is {:?}: it must be {}",
                s.name,
                s.colour,
                COLOURS.join(" or ")
            ));
        }
        let cards = usize::from(ranks(d)).saturating_mul(self.suit.len());
        if cards < SLOT_IDS.len() {
            return Err("the pile must hold at least one pass's worth of cards".into());
        }
        let knights = self.knight.count;
        if knights == 0 || knights > self.knights_option.most {
            return Err(
                "the hand needs at least one knight, and no more than the option allows".into(),
            );
        }
        ids_are("slots", self.slot.iter().map(|s| s.id.as_str()), &SLOT_IDS)?;
        ids_are(
            "mounts",
            self.mount.iter().map(|s| s.id.as_str()),
            &MOUNT_IDS,
        )?;
        ids_are(
            "lances",
            self.lance.iter().map(|s| s.id.as_str()),
            &LANCE_IDS,
        )?;
        ids_are(
            "injuries",
            self.injury.iter().map(|s| s.id.as_str()),
            &INJURY_IDS,
        )?;
        let points = |id: &str| self.slot.iter().find(|s| s.id == id).map(|s| s.points);
        let [_, _, left_arm, right_arm, _] = SLOT_IDS;
        if points(left_arm) != points(right_arm) {
            return Err("both arms score the same (the scoring option has one `arm` value)".into());
        }
        let i = &self.dice.injury;
        if i.snake.face != 1 || i.heal.face != i.sides || i.sides < 2 || i.most_minor == 0 {
            return Err("the injury die's snake is 1 and its heal is the top face".into());
        }
        if let Some((at, _)) = self.texts().into_iter().find(|(_, t)| t.trim().is_empty()) {
            return Err(format!("{at} is blank"));
        }
        Ok(())
    }
}
