//! The knight and lady cards, compiled in from `data/ritter.toml` by
//! `build.rs` (which also checks them), so nothing is parsed at run time.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A lady's trait, as knights name them in their preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trait {
    Blond,
    Brown,
    Black,
    Red,
    Slim,
    Plump,
    Lively,
    Reserved,
    Small,
    Tall,
}

impl Trait {
    pub const fn word(self) -> &'static str {
        match self {
            Trait::Blond => "blond",
            Trait::Brown => "brown-haired",
            Trait::Black => "black-haired",
            Trait::Red => "red-haired",
            Trait::Slim => "slim",
            Trait::Plump => "plump",
            Trait::Lively => "lively",
            Trait::Reserved => "reserved",
            Trait::Small => "small",
            Trait::Tall => "tall",
        }
    }
}

impl fmt::Display for Trait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A printed knight card: what every copy of the game starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnightCard {
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
    pub name: &'static str,
    pub traits: [Trait; 4],
}

include!(concat!(env!("OUT_DIR"), "/content_data.rs"));

/// The card name of a knight id, or a placeholder for an id that is no card.
pub fn knight_name(id: u8) -> &'static str {
    KNIGHTS
        .get(usize::from(id))
        .map_or("an unknown knight", |k| k.name)
}

/// The first word of a knight's name, as players call him across the table.
pub fn knight_short(id: u8) -> &'static str {
    let name = knight_name(id);
    name.split(' ').next().unwrap_or(name)
}

pub fn lady_name(id: u8) -> &'static str {
    LADIES
        .get(usize::from(id))
        .map_or("an unknown lady", |l| l.name)
}

/// Which of `knight`'s preferences `lady` meets (see [`MATCHES`]); 0 for ids
/// that are no card.
pub fn match_mask(knight: u8, lady: u8) -> u8 {
    MATCHES
        .get(usize::from(knight))
        .and_then(|row| row.get(usize::from(lady)))
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
        assert_eq!(match_mask(0, 0), 0b111);
        assert_eq!(match_mask(0, 1), 0b011);
    }

    #[test]
    fn every_knight_is_equally_strong_and_has_one_perfect_lady() {
        for (k, card) in KNIGHTS.iter().enumerate() {
            let covered: u8 = card.covered.iter().sum();
            assert_eq!(card.dice + covered, 9, "{}", card.name);
            let perfect = (0..CARDS as u8)
                .filter(|&l| match_mask(k as u8, l) == 0b111)
                .count();
            assert_eq!(perfect, 1, "{}", card.name);
        }
        assert_eq!(match_mask(200, 0), 0);
    }
}
