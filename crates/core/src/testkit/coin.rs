//! [`CallTheCoin`]: the smallest whole game, for the documentation's
//! examples and the core's own tests. It has a decision, a chance step and
//! an end, and nothing hidden.

use crate::{
    Evaluate, Events, Game, GameInfo, GameRng, NoEvent, Outcome, RuleError, Seat, SeatSet,
    SetupError, ToMove, Weight,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Seat 1 calls heads (`true`) or tails (`false`), then a coin is tossed
/// (a chance step, `true` for heads): a right call wins for seat 1, a wrong
/// one for seat 2.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CallTheCoin {
    call: Option<bool>,
    toss: Option<bool>,
}

/// What everyone sees: the call and the toss so far.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CoinView {
    /// Seat 1's call, `true` for heads; `None` until it is made.
    pub call: Option<bool>,
    /// How the coin fell, `true` for heads; `None` until it is tossed.
    pub toss: Option<bool>,
}

fn side(heads: Option<bool>) -> &'static str {
    match heads {
        None => "-",
        Some(true) => "heads",
        Some(false) => "tails",
    }
}

impl fmt::Display for CoinView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "called {}, tossed {}", side(self.call), side(self.toss))
    }
}

impl Game for CallTheCoin {
    type Config = ();
    type Action = bool;
    type Chance = bool;
    type View = CoinView;
    type Event = NoEvent;
    type Components = ();

    const INFO: GameInfo = GameInfo {
        name: "coin",
        title: "Call the coin",
        rules_version: "1",
        min_seats: 2,
        max_seats: 2,
        options: &[],
    };

    fn new(_: &(), seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        Ok(CallTheCoin::default())
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> ToMove {
        match (self.call, self.toss) {
            (None, _) => ToMove::Seats(SeatSet::single(Seat(0))),
            (Some(_), None) => ToMove::Chance,
            (Some(call), Some(toss)) => ToMove::Over(Outcome::win(Seat(u8::from(call != toss)))),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<bool>) {
        if self.to_move().check_action(seat).is_ok() {
            out.extend([true, false]);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(bool, Weight)>) {
        if self.to_move().check_chance().is_ok() {
            out.extend([(true, 1), (false, 1)]);
        }
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        call: &bool,
        _: &mut Events<NoEvent>,
    ) -> Result<(), RuleError> {
        self.to_move().check_action(seat)?;
        self.call = Some(*call);
        Ok(())
    }

    fn apply_chance_with_events(
        &mut self,
        toss: &bool,
        _: &mut Events<NoEvent>,
    ) -> Result<(), RuleError> {
        self.to_move().check_chance()?;
        self.toss = Some(*toss);
        Ok(())
    }

    fn view(&self, _: Option<Seat>) -> CoinView {
        CoinView {
            call: self.call,
            toss: self.toss,
        }
    }

    /// Nothing is hidden, so there is nothing to deal afresh.
    fn determinize(&self, _: Seat, _: &mut GameRng) -> Self {
        self.clone()
    }
}

/// Nothing to judge but the end: the default evaluation.
impl Evaluate for CallTheCoin {
    type Scratch = ();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{Plan, check};

    #[test]
    fn the_coin_game_passes_the_conformance_suite() {
        let plan = Plan {
            games: 200,
            deep_games: 50,
            ..Plan::default()
        };
        check::<CallTheCoin>(&(), 2, plan);
    }
}
