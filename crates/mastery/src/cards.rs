//! The cards of a player's deck.

use crate::content::{CARDS, CardInfo, CardKind};
pub use crate::vocab::{CARD_KINDS, Card};
use tourney_core::Pile;

/// A multiset of cards: a deck, a hand, a discard pile, the cards on the table.
pub type Cards = Pile<CARD_KINDS>;

impl Card {
    /// The card at a pile index, if there is one.
    pub fn from_index(i: usize) -> Option<Card> {
        Card::ALL.get(i).copied()
    }

    /// What `data/deck.toml` says about the card.
    fn info(self) -> Option<&'static CardInfo> {
        CARDS.get(self.index())
    }

    fn kind(self) -> Option<CardKind> {
        self.info().map(|i| i.kind)
    }

    /// Whether the card can be put face down in combat step 4 (the four
    /// valued Conflict cards and Ambush).
    pub fn is_conflict(self) -> bool {
        self.kind() == Some(CardKind::Conflict)
    }

    /// Whether the card can be played in combat step 5 (Heroic Effort).
    pub fn is_support(self) -> bool {
        self.kind() == Some(CardKind::Support)
    }

    /// The printed value of a Conflict card (Ambush has none: it rolls a die).
    pub fn conflict_value(self) -> i16 {
        match self.info() {
            Some(i) if i.kind == CardKind::Conflict => i16::from(i.value),
            _ => 0,
        }
    }

    /// What a Support card adds to a combat value (0 for any other card).
    pub fn support_value(self) -> i16 {
        match self.info() {
            Some(i) if i.kind == CardKind::Support => i16::from(i.value),
            _ => 0,
        }
    }

    /// Copies of the card in a full deck.
    pub fn in_deck(self) -> u8 {
        self.info().map_or(0, |i| i.count)
    }

    /// The card's name as players read it ("Heroic Effort +1").
    pub fn name(self) -> &'static str {
        self.info().map_or("", |i| i.name)
    }
}

/// A full deck as printed.
pub fn full_deck() -> Cards {
    Cards::from_counts(CARDS.map(|c| c.count))
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
