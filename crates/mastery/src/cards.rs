//! The cards of a player's deck.

use serde::{Deserialize, Serialize};
use tourney_core::Pile;

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

/// Number of card kinds.
pub const CARD_KINDS: usize = 11;

/// A multiset of cards: a deck, a hand, a discard pile, the cards on the table.
pub type Cards = Pile<CARD_KINDS>;

impl Card {
    /// In the order of `Pile` indices and of `data/deck.toml`'s check.
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

    /// The card at a pile index, if there is one.
    pub fn from_index(i: usize) -> Option<Card> {
        Card::ALL.get(i).copied()
    }

    /// Whether the card can be put face down in combat step 4 (the four
    /// valued Conflict cards and Ambush).
    pub fn is_conflict(self) -> bool {
        matches!(
            self,
            Card::Conflict2 | Card::Conflict3 | Card::Conflict4 | Card::Conflict5 | Card::Ambush
        )
    }

    /// Whether the card can be played in combat step 5 (Heroic Effort).
    pub fn is_support(self) -> bool {
        matches!(self, Card::HeroicEffort1 | Card::HeroicEffort2)
    }

    /// The printed value of a Conflict card (Ambush has none: it rolls a die).
    pub fn conflict_value(self) -> i16 {
        match self {
            Card::Conflict2 => 2,
            Card::Conflict3 => 3,
            Card::Conflict4 => 4,
            Card::Conflict5 => 5,
            _ => 0,
        }
    }

    /// What a Support card adds to a combat value (0 for any other card).
    pub fn support_value(self) -> i16 {
        match self {
            Card::HeroicEffort1 => 1,
            Card::HeroicEffort2 => 2,
            _ => 0,
        }
    }

    /// Copies of the card in a full deck.
    pub fn in_deck(self) -> u8 {
        full_deck().count(self.index())
    }

    /// The card's name as players read it ("Heroic Effort +1").
    pub fn name(self) -> &'static str {
        match self {
            Card::Conflict2 => "Conflict 2",
            Card::Conflict3 => "Conflict 3",
            Card::Conflict4 => "Conflict 4",
            Card::Conflict5 => "Conflict 5",
            Card::Ambush => "Ambush",
            Card::HeroicEffort1 => "Heroic Effort +1",
            Card::HeroicEffort2 => "Heroic Effort +2",
            Card::Summon => "Summon",
            Card::InfluentialPerson => "Influential Person",
            Card::TacticalMarch => "Tactical March",
            Card::Destroy => "Destroy",
        }
    }
}

/// A full deck as printed.
pub fn full_deck() -> Cards {
    Cards::from_counts(crate::content::DECK)
}

pub fn has(cards: &Cards, card: Card) -> bool {
    cards.count(card.index()) > 0
}

/// Whether any card in `cards` satisfies `pred`.
pub fn any(cards: &Cards, pred: impl Fn(Card) -> bool) -> bool {
    Card::ALL.iter().any(|&c| pred(c) && has(cards, c))
}

/// The cards of `cards`, one entry per kind present, in `Card` order.
pub fn kinds(cards: &Cards) -> impl Iterator<Item = Card> + '_ {
    Card::ALL.into_iter().filter(|&c| has(cards, c))
}

/// Lists every card (with repeats), for views.
pub fn list(cards: &Cards) -> Vec<Card> {
    Card::ALL
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, usize::from(cards.count(c.index()))))
        .collect()
}
