//! Face-down piles as unordered multisets.
//!
//! Nobody at the table knows the order of a shuffled pile, so Tourney does not
//! store one: a pile is a count per card kind, and a draw is a chance step whose
//! outcomes are the kinds still in it, weighted by how many are left. Hidden
//! information then lives only where the table hides it.

use crate::{GameRng, RuleError, Weight};
use serde::{Deserialize, Serialize};

/// Counts of `N` card kinds, indexed `0..N`.
///
/// ```
/// use tourney_core::Pile;
///
/// // Three kinds of card: two of kind 0, none of kind 1, one of kind 2.
/// let mut pile = Pile::from_counts([2, 0, 1]);
/// let mut outcomes = Vec::new();
/// pile.draw_outcomes(&mut outcomes);
/// assert_eq!(outcomes, [(0, 2), (2, 1)]); // kind and weight
///
/// pile.take(2)?; // the chance step came up kind 2
/// assert_eq!(pile.len(), 2);
/// assert!(pile.take(2).is_err()); // none is left
/// # Ok::<(), tourney_core::RuleError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Pile<const N: usize> {
    #[serde(with = "counts")]
    #[schemars(with = "Vec<u8>")]
    counts: [u8; N],
}

impl<const N: usize> Default for Pile<N> {
    fn default() -> Self {
        Pile { counts: [0; N] }
    }
}

impl<const N: usize> Pile<N> {
    /// A pile holding `counts[k]` cards of kind `k`.
    pub fn from_counts(counts: [u8; N]) -> Self {
        Pile { counts }
    }

    /// `copies` of every kind.
    pub fn uniform(copies: u8) -> Self {
        Pile {
            counts: [copies; N],
        }
    }

    /// Cards of `kind` left (0 for a kind past the end).
    pub fn count(&self, kind: usize) -> u8 {
        self.counts.get(kind).copied().unwrap_or(0)
    }

    /// Every kind's count, in kind order: what views and re-deals read.
    pub fn counts(&self) -> &[u8; N] {
        &self.counts
    }

    /// Cards in the pile, all kinds together.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    /// Whether no card is left, so no draw from it can come up.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// The kinds that can be drawn, weighted by how many of each are left.
    pub fn draw_outcomes(&self, out: &mut Vec<(usize, Weight)>) {
        out.extend(
            self.counts
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .map(|(kind, &c)| (kind, Weight::from(c))),
        );
    }

    /// Take one card of `kind` out; refused when none is left.
    pub fn take(&mut self, kind: usize) -> Result<(), RuleError> {
        if let Some(c) = self.counts.get_mut(kind)
            && let Some(left) = c.checked_sub(1)
        {
            *c = left;
            return Ok(());
        }
        Err(RuleError::impossible("no such card is left in the pile"))
    }

    /// Takes one card out at random, each kind weighted by the copies left,
    /// and says which kind it was (`None`: the pile is empty). For re-dealing
    /// hidden cards in `Game::determinize`, never for a draw the rules make:
    /// those are chance steps.
    pub fn take_random(&mut self, rng: &mut GameRng) -> Option<usize> {
        let total = self.len() as u32;
        if total == 0 {
            return None;
        }
        let mut ticket = rng.below(total);
        for (kind, count) in self.counts.iter_mut().enumerate() {
            match ticket.checked_sub(u32::from(*count)) {
                Some(rest) => ticket = rest,
                None => {
                    // The ticket fell among this kind's copies, so there is one.
                    *count = count.saturating_sub(1);
                    return Some(kind);
                }
            }
        }
        None
    }

    /// Puts one card of `kind` in (a discard, a card re-dealt); a kind past
    /// the end is ignored, and a count stops at 255.
    pub fn put(&mut self, kind: usize) {
        if let Some(c) = self.counts.get_mut(kind) {
            *c = c.saturating_add(1);
        }
    }

    /// Move every card of `other` into this pile (a discard pile shuffled back in).
    pub fn absorb(&mut self, other: &mut Pile<N>) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts.iter_mut()) {
            *mine = mine.saturating_add(*theirs);
            *theirs = 0;
        }
    }
}

/// serde only derives arrays up to 32 long; piles are written as plain lists.
mod counts {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer, const N: usize>(c: &[u8; N], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(c.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(
        d: D,
    ) -> Result<[u8; N], D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        v.as_slice()
            .try_into()
            .map_err(|_| D::Error::custom(format!("expected {N} counts, found {}", v.len())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_weighted_by_copies_left() {
        let mut pile = Pile::<3>::from_counts([2, 0, 1]);
        let mut out = Vec::new();
        pile.draw_outcomes(&mut out);
        assert_eq!(out, vec![(0, 2), (2, 1)]);
        pile.take(2).unwrap();
        assert!(pile.take(2).is_err());
        assert!(pile.take(7).is_err());
        assert_eq!(pile.len(), 2);
        let mut discard = Pile::<3>::from_counts([0, 1, 1]);
        pile.absorb(&mut discard);
        assert_eq!(pile.counts(), &[2, 1, 1]);
        assert!(discard.is_empty());
    }

    #[test]
    fn a_random_take_empties_the_pile_by_copies_left() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut pile = Pile::<4>::from_counts([0, 2, 0, 1]);
        let mut taken: Vec<usize> = (0..3).filter_map(|_| pile.take_random(&mut rng)).collect();
        taken.sort_unstable();
        assert_eq!(taken, [1, 1, 3]);
        assert!(pile.is_empty());
        assert_eq!(pile.take_random(&mut rng), None);
        // Two copies against one: the first take is kind 1 about two times in three.
        let ones = (0..3000)
            .filter(|_| Pile::<4>::from_counts([0, 2, 0, 1]).take_random(&mut rng) == Some(1))
            .count();
        assert!((1850..2150).contains(&ones), "{ones} of 3000");
    }
}
