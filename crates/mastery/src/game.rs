//! `tourney_core::Game` for Medieval Mastery: every method forwards to the
//! module that holds the rule (`flow`, `actions`, `chance`, `view`,
//! `determinize`, `evaluate`, `describe`).

use crate::actions::Action;
use crate::chance::Chance;
use crate::config::{Config, OPTIONS};
use crate::events::Event;
use crate::flow::{ChanceKind, Need};
use crate::state::State;
use crate::view::View;
use serde::{Deserialize, Serialize};
use tourney_core::{Events, Game, GameInfo, GameRng, RuleError, Seat, SetupError, ToMove, Weight};

/// A game of Medieval Mastery.
///
/// Its JSON form is the full state; reading one back checks that every seat,
/// cell, tile and Relic in it exists, so a damaged file is refused instead of
/// producing a game that does not make sense.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "State", into = "State")]
pub struct Mastery(pub(crate) State);

impl TryFrom<State> for Mastery {
    type Error = String;

    fn try_from(state: State) -> Result<Self, String> {
        state.validate()?;
        Ok(Mastery(state))
    }
}

impl From<Mastery> for State {
    fn from(game: Mastery) -> State {
        game.0
    }
}

impl Game for Mastery {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const INFO: GameInfo = GameInfo {
        name: "mastery",
        title: "Medieval Mastery",
        // 2 (2026-11-30): a march target taken back is not offered again that round.
        rules_version: "2",
        min_seats: 2,
        max_seats: 6,
        options: OPTIONS,
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        State::new(config, seats).map(Mastery)
    }

    fn seats(&self) -> usize {
        self.0.n()
    }

    fn to_move(&self) -> ToMove {
        self.0.on_move()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.0.list_actions(seat.0, &mut |a| out.push(a));
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        self.0.list_outcomes(&mut |c, w| out.push((c, w)));
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Event>,
    ) -> Result<(), RuleError> {
        self.0.act(seat.0, *action, events)
    }

    fn apply_chance_with_events(
        &mut self,
        outcome: &Chance,
        events: &mut Events<Event>,
    ) -> Result<(), RuleError> {
        self.0.chance(*outcome, events)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.0.make_view(seat.map(|s| s.0))
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        Mastery(self.0.determinized(seat.0, rng))
    }

    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        self.0.action_text(seat.0, *action)
    }

    /// Everything is done in the open except a Conflict card put face down
    /// and the order the Crown of Insight puts cards back in.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(action, Action::Conflict(_) | Action::Top(_))
    }

    /// Cards drawn or looked at are seen only by their owner; tiles, Relics,
    /// dice and the starting player are seen by everyone.
    fn chance_is_open(&self) -> bool {
        !matches!(
            self.0.need(),
            Need::Chance(ChanceKind::Draw(_) | ChanceKind::Peek(_))
        )
    }

    fn describe_chance_step(&self) -> String {
        self.0.chance_step_text()
    }

    fn describe_chance(&self, outcome: &Chance) -> String {
        self.0.chance_text(*outcome)
    }
}
