//! Chance steps: the cards dealt and the dice rolled, what each may show and
//! what happens when it comes up.

use crate::actions::Chance;
use crate::content::{KnightId, LadyId};
use crate::events::Sink;
use crate::setup::Card;
use crate::state::{Phase, Ritter};
use tourney_core::{RuleError, Weight};

/// The faces of a d6.
const D6: std::ops::RangeInclusive<u8> = 1..=6;

impl Ritter {
    /// The outcomes the chance step due may have, after `out`'s entries.
    pub(crate) fn list_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        match self.phase {
            Phase::Deal => match self.next_deal() {
                Some((_, Card::Knight)) => out.extend(
                    KnightId::all()
                        .filter(|&id| self.knight_in_pile(id))
                        .map(|id| (Chance::Knight(id), 1)),
                ),
                Some((_, Card::Lady)) => out.extend(
                    LadyId::all()
                        .filter(|&id| self.lady_in_pile(id))
                        .map(|id| (Chance::Lady(id), 1)),
                ),
                None => {}
            },
            Phase::StartRoll { contenders, rolls }
                if Ritter::next_roller(contenders, &rolls).is_some() =>
            {
                out.extend(D6.map(|f| (Chance::Die(f), 1)))
            }
            Phase::Joust(j) if j.roller().is_some() => out.extend(D6.map(|f| (Chance::Die(f), 1))),
            _ => {}
        }
    }

    /// Lets `outcome` come up, or refuses it and changes nothing.
    pub(crate) fn chance(&mut self, outcome: &Chance, events: &mut Sink) -> Result<(), RuleError> {
        let die = |face: u8| {
            if D6.contains(&face) {
                Ok(face)
            } else {
                Err(RuleError::impossible("a die shows 1 to 6"))
            }
        };
        match (self.phase, *outcome) {
            (Phase::Over { .. }, _) => Err(RuleError::GameOver),
            (Phase::Deal, Chance::Knight(id)) => {
                let seat = self.check_deal(Card::Knight, self.knight_in_pile(id))?;
                self.deal_knight(seat, id);
                Ok(())
            }
            (Phase::Deal, Chance::Lady(id)) => {
                let seat = self.check_deal(Card::Lady, self.lady_in_pile(id))?;
                self.deal_lady(seat, id);
                Ok(())
            }
            (Phase::Deal, Chance::Die(_)) => Err(RuleError::impossible(
                "a card is being dealt, not a die rolled",
            )),
            (Phase::StartRoll { contenders, rolls }, Chance::Die(face))
                if Ritter::next_roller(contenders, &rolls).is_some() =>
            {
                self.roll_for_start(die(face)?, events);
                Ok(())
            }
            (Phase::Joust(j), Chance::Die(face)) if j.roller().is_some() => {
                self.roll_combat_die(j, die(face)?, events);
                Ok(())
            }
            (Phase::StartRoll { .. } | Phase::Joust(_), Chance::Knight(_) | Chance::Lady(_)) => {
                Err(RuleError::impossible(
                    "a die is being rolled, not a card dealt",
                ))
            }
            _ => Err(RuleError::NoChancePending),
        }
    }
}
