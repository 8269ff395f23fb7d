//! `tourney_core::Game` for Card Joust: every method forwards to the module
//! that holds the rule (`flow`, `chance`, `view`, `determinize`, `evaluate`,
//! `describe`).

use crate::actions::{Action, Chance};
use crate::chance::Pending;
use crate::config::{Config, OPTIONS};
use crate::events::Event;
use crate::state::{CardJoust, MAX_PLAYERS};
use crate::view::View;
use tourney_core::{
    Events, Game, GameInfo, GameRng, RuleError, Seat, Series, SetupError, ToMove, Weight,
};

impl Game for CardJoust {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const INFO: GameInfo = GameInfo {
        name: "joust",
        title: "Card Joust",
        rules_version: "2",
        min_seats: 2,
        max_seats: MAX_PLAYERS,
        options: OPTIONS,
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        config.validate()?;
        Ok(CardJoust::setup(*config, seats))
    }

    fn seats(&self) -> usize {
        self.seat_count()
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

    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        self.action_text(seat, action)
    }

    /// Challenges and push decisions are made in the open; keep-or-replace,
    /// aims and gear are face-down until both duelists chose, and then the
    /// views show them. Each card placed stays face down (the views show only
    /// that a slot is taken) until an aim turns it up.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        matches!(
            action,
            Action::Challenge(_) | Action::Push(_) | Action::KeepRoll
        )
    }

    /// Dice are rolled in the open; a drawn card is seen only by its drawer.
    fn chance_is_open(&self) -> bool {
        !matches!(self.pending(), Pending::Card(_))
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
