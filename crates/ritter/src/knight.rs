//! The knights and ladies as they stand during the tournament.

use crate::content::{KnightId, LadyId};
use serde::{Deserialize, Serialize};
use tourney_core::Seat;

/// "Nobody" as the owner of a card not dealt. The saved state keeps the
/// plain number, so this stays a `Seat` rather than becoming `None`.
pub const NOBODY: Seat = Seat(u8::MAX);
/// The combat-dice column of a knight card ends here (assumed: with the
/// furious extra die two knights then use 22 of the box's 24 dice).
pub const MAX_DICE: u8 = 10;
/// Dice one knight can roll in one round: a full card plus the furious die.
pub const MAX_ROLL: usize = MAX_DICE as usize + 1;
/// Wounds that put a knight out of the whole tournament.
pub const KNOCKOUT: u8 = 10;
/// Each hit field number is printed twice on a card.
pub const FIELD_COPIES: u8 = 2;

/// Training spent in the current preparation, hidden from the other seats
/// until every seat has prepared.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Plan {
    pub dice: u8,
    pub covered: [u8; 6],
    pub send: bool,
}

impl Plan {
    pub fn points(&self) -> u8 {
        self.covered
            .iter()
            .fold(self.dice, |sum, &c| sum.saturating_add(c))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Knight {
    /// The seat holding the card, or [`NOBODY`] if it was not dealt.
    pub owner: Seat,
    pub dice: u8,
    /// Covered hit fields per number (index 0 = field 1).
    pub covered: [u8; 6],
    pub wounds: u8,
    pub prizes: u16,
    /// Prizes won in jousts today (the day winner is decided by these).
    pub day_prizes: u8,
    /// Training points to spend in the coming preparation.
    pub training: u8,
    /// Dice lost today to the wound-penalty option.
    pub penalty: u8,
    /// Ten wounds: out of the whole tournament.
    pub out: bool,
    /// Taking part today.
    pub sent: bool,
    /// Lost a joust today.
    pub beaten: bool,
    /// The lady whose favour he wears, or [`LadyId::NONE`].
    pub favour: LadyId,
    pub plan: Plan,
}

impl Knight {
    pub fn undealt(id: KnightId) -> Knight {
        let card = id.card();
        Knight {
            owner: NOBODY,
            dice: card.map_or(1, |c| c.dice),
            covered: card.map_or([0; 6], |c| c.covered),
            wounds: 0,
            prizes: 0,
            day_prizes: 0,
            training: 0,
            penalty: 0,
            out: false,
            sent: false,
            beaten: false,
            favour: LadyId::NONE,
            plan: Plan::default(),
        }
    }

    pub fn dealt(&self) -> bool {
        self.owner != NOBODY
    }

    /// Still in the tournament (dealt and fewer than ten wounds).
    pub fn in_tournament(&self) -> bool {
        self.dealt() && !self.out
    }

    /// May challenge and be challenged today.
    pub fn ready(&self) -> bool {
        self.in_tournament() && self.sent && !self.beaten
    }

    /// Dice for a round: the card's dice less today's penalty, never below
    /// one, plus the furious die.
    pub fn round_dice(&self, furious: bool) -> u8 {
        self.dice
            .saturating_sub(self.penalty)
            .max(1)
            .saturating_add(u8::from(furious))
            .min(MAX_ROLL as u8)
    }

    /// Training points not yet spent in this preparation.
    pub fn points_left(&self) -> u8 {
        self.training.saturating_sub(self.plan.points())
    }

    /// Whether one more training point could go to `gain` (counting what is
    /// already planned).
    pub fn can_gain_die(&self) -> bool {
        self.dice.saturating_add(self.plan.dice) < MAX_DICE
    }

    pub fn can_cover(&self, field: u8) -> bool {
        let i = usize::from(field.wrapping_sub(1));
        match (self.covered.get(i), self.plan.covered.get(i)) {
            (Some(&c), Some(&p)) => c.saturating_add(p) < FIELD_COPIES,
            _ => false,
        }
    }

    pub fn can_train(&self) -> bool {
        self.in_tournament()
            && self.points_left() > 0
            && (self.can_gain_die() || (1..=6).any(|f| self.can_cover(f)))
    }
}

/// The wound penalty of the extension rule, as printed.
pub fn wound_penalty(wounds: u8) -> u8 {
    match wounds {
        4..=6 => 1,
        7..=9 => 3,
        _ => 0,
    }
}

/// Training points a knight gets at night, by his wounds after healing.
pub fn night_training(wounds: u8) -> u8 {
    match wounds {
        0 => 2,
        1..=3 => 1,
        _ => 0,
    }
}

/// Wounds that the dice `faces` deal to a knight with `covered` fields, where
/// only `hitting` faces (1–3 mounted, 4–6 foot) count. Each covered field
/// wards off one die of its number.
pub fn wounds_from(faces: &[u8], covered: &[u8; 6], hitting: std::ops::RangeInclusive<u8>) -> u8 {
    let mut counts = [0u8; 6];
    for &f in faces {
        if !hitting.contains(&f) {
            continue;
        }
        if let Some(c) = counts.get_mut(usize::from(f.wrapping_sub(1))) {
            *c = c.saturating_add(1);
        }
    }
    counts
        .iter()
        .zip(covered)
        .fold(0u8, |sum, (&rolled, &cover)| {
            sum.saturating_add(rolled.saturating_sub(cover))
        })
}

/// Whether `dice` dice can possibly wound a knight with `covered` fields on
/// the `hitting` faces: some number must have fewer covers than dice.
pub fn can_wound(dice: u8, covered: &[u8; 6], hitting: std::ops::RangeInclusive<u8>) -> bool {
    hitting.into_iter().any(|f| {
        covered
            .get(usize::from(f.wrapping_sub(1)))
            .is_some_and(|&c| c < dice)
    })
}

/// Lady cards in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Lady {
    /// The seat holding the card, or [`NOBODY`].
    pub owner: Seat,
    pub prizes: u16,
    /// The knight wearing her favour today, or [`KnightId::NONE`].
    pub knight: KnightId,
    /// Knights who turned her favour away today (bit per knight id): she may
    /// not be offered to them again until tomorrow.
    pub refused_by: u16,
    /// Turned away and waiting for her owner's next turn, when she must be
    /// offered first.
    pub returned: bool,
}

impl Lady {
    pub const UNDEALT: Lady = Lady {
        owner: NOBODY,
        prizes: 0,
        knight: KnightId::NONE,
        refused_by: 0,
        returned: false,
    };

    pub fn dealt(&self) -> bool {
        self.owner != NOBODY
    }

    pub fn refused_by(&self, knight: KnightId) -> bool {
        self.refused_by & knight.bit() != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covered_fields_ward_one_die_each() {
        // Harald covers one 1: of Apollonius's 1, 3, 3, 6 the 3s hit.
        let harald = [1, 1, 0, 1, 1, 0];
        assert_eq!(wounds_from(&[1, 3, 3, 6], &harald, 1..=3), 2);
        // Three 1s against both 1s covered: the third hits.
        assert_eq!(wounds_from(&[1, 1, 1], &[2, 0, 0, 0, 0, 0], 1..=3), 1);
        assert_eq!(wounds_from(&[4, 5, 6, 6], &[0, 0, 0, 1, 1, 1], 4..=6), 1);
        assert!(can_wound(3, &[2; 6], 1..=3));
        assert!(!can_wound(2, &[2; 6], 4..=6));
        assert!(can_wound(1, &[2, 2, 0, 2, 2, 2], 1..=3));
        assert!(!can_wound(1, &[2, 2, 1, 0, 0, 0], 1..=3));
        assert!(can_wound(2, &[2, 2, 1, 0, 0, 0], 1..=3));
    }

    #[test]
    fn thresholds() {
        assert_eq!(
            (0..=10).map(night_training).collect::<Vec<_>>(),
            [2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(
            (0..=10).map(wound_penalty).collect::<Vec<_>>(),
            [0, 0, 0, 0, 1, 1, 1, 3, 3, 3, 0]
        );
    }
}
