//! The knight and lady cards and the traits' words, compiled in from
//! `data/ritter.toml` by `build.rs` (which also checks them), so the rules
//! never parse their cards at run time. (The served components are read
//! from the same file by `components.rs`.)

pub use crate::vocab::{CARDS, Trait, TraitKind};
use serde::{Deserialize, Serialize};
use std::fmt;

impl fmt::Display for Trait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A printed knight card: what every copy of the game starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnightCard {
    /// His full name as printed, unique among all cards.
    pub name: &'static str,
    /// Starting combat dice.
    pub dice: u8,
    /// How many of each hit field (index 0 = field 1 … index 5 = field 6)
    /// the card covers from the start; at most 2 each.
    pub covered: [u8; 6],
    /// The three lady traits he prefers, the most important first.
    pub prefers: [Trait; 3],
}

/// A printed lady card: hair, build, temperament, height.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LadyCard {
    /// Her full name as printed, unique among all cards.
    pub name: &'static str,
    /// One trait of each kind, in that order: what the knights' preferences
    /// are matched against.
    pub traits: [Trait; 4],
}

include!(concat!(env!("OUT_DIR"), "/content_data.rs"));

// Card ids are single bytes, and `u8::MAX` is kept for "none".
const _: () = assert!(CARDS < u8::MAX as usize);

/// A knight card, by its place in [`KNIGHTS`]: how actions, events and
/// views name a knight. Written in JSON as that bare number; the served
/// components' `knights` hold the card with this `id`.
///
/// Any number deserializes, so that a state read back from a damaged file
/// can be refused by the rules rather than by the parser; an id that is no
/// card simply finds no knight.
///
/// ```
/// use tourney_ritter::{KNIGHTS, KnightId};
/// let harald = KnightId(1);
/// assert_eq!(serde_json::to_string(&harald).unwrap(), "1");
/// assert_eq!(harald.card().map(|c| c.name), Some(KNIGHTS[1].name));
/// assert!(KnightId(200).card().is_none());
/// ```
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct KnightId(pub u8);

/// A lady card, by her place in [`LADIES`]: how actions, events and views
/// name a lady. Written in JSON as that bare number; the served
/// components' `ladies` hold the card with this `id`. Like [`KnightId`],
/// any number deserializes and one that is no card finds no lady.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct LadyId(pub u8);

/// The methods both card ids share: `NONE`, `index`, `all`, `card` and
/// `some`, written once for a card type and its table.
macro_rules! card_id {
    ($id:ident, $card:ty, $table:ident, $what:literal) => {
        impl $id {
            #[doc = concat!("Stands for \"no ", $what, "\" in the saved state, where the JSON keeps a plain number.")]
            pub(crate) const NONE: $id = $id(u8::MAX);

            #[doc = concat!("The place in [`", stringify!($table), "`] and in every per-", $what, " array.")]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            #[doc = concat!("Every ", $what, " card, in card order.")]
            pub fn all() -> impl Iterator<Item = $id> {
                (0..CARDS as u8).map($id)
            }

            #[doc = concat!("This ", $what, "'s card, if the id is one.")]
            pub fn card(self) -> Option<&'static $card> {
                $table.get(self.index())
            }

            #[doc = concat!("The id, or `None` for [`", stringify!($id), "::NONE`].")]
            pub(crate) fn some(self) -> Option<$id> {
                (self != $id::NONE).then_some(self)
            }
        }
    };
}

card_id!(KnightId, KnightCard, KNIGHTS, "knight");
card_id!(LadyId, LadyCard, LADIES, "lady");

impl KnightId {
    /// His bit in a 16-bit mask of knights (see `KnightSet`); none for an
    /// id past the mask, so a corrupt id never overflows a shift.
    pub(crate) fn bit(self) -> u16 {
        1u16.checked_shl(u32::from(self.0)).unwrap_or(0)
    }
}

/// The card name of a knight id, or a placeholder for an id that is no card.
pub fn knight_name(id: KnightId) -> &'static str {
    id.card().map_or("an unknown knight", |k| k.name)
}

/// The first word of a knight's name, as players call him across the table.
pub fn knight_short(id: KnightId) -> &'static str {
    let name = knight_name(id);
    name.split(' ').next().unwrap_or(name)
}

/// The card name of a lady id, or a placeholder for an id that is no card.
pub fn lady_name(id: LadyId) -> &'static str {
    id.card().map_or("an unknown lady", |l| l.name)
}

/// Which of `knight`'s preferences `lady` meets (see [`MATCHES`]); 0 for ids
/// that are no card.
pub fn match_mask(knight: KnightId, lady: LadyId) -> u8 {
    MATCHES
        .get(knight.index())
        .and_then(|row| row.get(lady.index()))
        .copied()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_cards_are_kept() {
        let apollonius = KNIGHTS[0];
        assert_eq!(apollonius.name, "Apollonius von der Wolkenburg");
        assert_eq!(apollonius.dice, 3);
        assert_eq!(apollonius.covered, [1, 1, 1, 1, 1, 1]);
        assert_eq!(
            apollonius.prefers,
            [Trait::Brown, Trait::Plump, Trait::Reserved]
        );
        let harald = KNIGHTS[1];
        assert_eq!((harald.name, harald.dice), ("Harald Kampfzahn", 5));
        assert!(harald.covered[0] >= 1 && harald.covered[2] == 0);
        assert_eq!(LADIES[0].name, "Ilsa von Tannen");
        assert_eq!(LADIES[1].name, "Podica von Schwarzfub");
        // The favour example: Ilsa meets all three, Podica two.
        assert_eq!(match_mask(KnightId(0), LadyId(0)), 0b111);
        assert_eq!(match_mask(KnightId(0), LadyId(1)), 0b011);
    }

    #[test]
    fn every_knight_is_equally_strong_and_has_one_perfect_lady() {
        for (k, card) in KnightId::all().zip(KNIGHTS.iter()) {
            let covered: u8 = card.covered.iter().sum();
            assert_eq!(card.dice + covered, 9, "{}", card.name);
            let perfect = LadyId::all().filter(|&l| match_mask(k, l) == 0b111).count();
            assert_eq!(perfect, 1, "{}", card.name);
        }
        assert_eq!(match_mask(KnightId(200), LadyId(0)), 0);
    }
}
