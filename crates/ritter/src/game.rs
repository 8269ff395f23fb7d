//! `tourney_core::Game` for Ritter: every method forwards to the module
//! that holds the rule (`flow`, `chance`, `view`, `determinize`,
//! `evaluate`, `describe`).

use crate::actions::{Action, Chance};
use crate::config::{self, Config};
use crate::events::Event;
use crate::state::{MAX_PLAYERS, Ritter};
use crate::view::View;
use tourney_core::{
    Events, Game, GameInfo, GameRng, RuleError, Seat, Series, SetupError, ToMove, Weight,
};

impl Game for Ritter {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const INFO: GameInfo = GameInfo {
        name: "ritter",
        title: "Ritter ohne Furcht und Tadel",
        rules_version: "1",
        min_seats: 2,
        max_seats: MAX_PLAYERS,
        options: config::OPTIONS,
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Ritter::setup(config, seats)
    }

    fn seats(&self) -> usize {
        usize::from(self.n())
    }

    fn to_move(&self) -> ToMove {
        self.on_move()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.list_actions(seat, out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        self.list_outcomes(out);
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.act(seat, action, events)
    }

    fn apply_chance_with_events(
        &mut self,
        outcome: &Chance,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.chance(outcome, events)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.make_view(seat)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        self.determinized(seat, rng)
    }

    fn describe_action(&self, _seat: Seat, action: &Action) -> String {
        self.action_text(action)
    }

    /// Training, the choice of who rides and the choice of duellist are made
    /// in secret; everything else happens in the open.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(
            action,
            Action::Train { .. } | Action::Send { .. } | Action::Champion { .. }
        )
    }

    fn describe_chance_step(&self) -> String {
        self.chance_step_text()
    }

    fn chance_step_series(&self) -> Option<Series> {
        self.chance_series()
    }

    fn describe_chance(&self, outcome: &Chance) -> String {
        self.chance_text(outcome)
    }
}
