//! `tourney_core::Game` for Glory: every method forwards to the module that
//! holds the rule (`flow`, `chance`, `view`, `determinize`, `evaluate`,
//! `describe`).

use crate::actions::{Action, Chance};
use crate::config::{Config, OPTIONS};
use crate::events::Event;
use crate::state::{Glory, MAX_PLAYERS, Task};
use crate::view::View;
use tourney_core::{Events, Game, GameInfo, GameRng, RuleError, Seat, SetupError, ToMove, Weight};

impl Game for Glory {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const INFO: GameInfo = GameInfo {
        name: "glory",
        title: "Glory: A Game of Knights",
        rules_version: "1",
        min_seats: 1,
        max_seats: MAX_PLAYERS,
        options: OPTIONS,
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        Glory::setup(config, seats)
    }

    fn seats(&self) -> usize {
        usize::from(self.seat_count())
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
        let text = self.action_text(seat.0, action);
        self.with_otto_registration(text, |g| g.apply(seat, action).is_ok())
    }

    /// Keeping a title and exchanging a Journey card at setup are done
    /// face down; everything else happens in the open.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(action, Action::KeepTitle(_) | Action::Exchange(_))
    }

    /// A card drawn blind into a hand (Journey cards, titles, the title
    /// Otto keeps) is seen by its drawer only; dice, tiles, face-up cards,
    /// events, automa cards and the titles Otto discards are open.
    fn chance_is_open(&self) -> bool {
        !matches!(
            self.task,
            Task::Journey { .. } | Task::Titles { .. } | Task::OttoObjective { left: 0..=1 }
        )
    }

    fn describe_chance_step(&self) -> String {
        self.chance_step_text()
    }

    fn describe_chance(&self, outcome: &Chance) -> String {
        let text = self.chance_text(outcome);
        if matches!(outcome, Chance::Automa(_)) {
            // An automa card's text already says where a Herald takes him.
            return text;
        }
        self.with_otto_registration(text, |g| g.apply_chance(outcome).is_ok())
    }
}

impl Glory {
    /// `text`, followed by where Otto registers as a consequence of the
    /// step `step` takes (Rivalry mode only; the step is tried on a copy).
    fn with_otto_registration(
        &self,
        text: String,
        step: impl FnOnce(&mut Glory) -> bool,
    ) -> String {
        if !self.rivalry() {
            return text;
        }
        let mut after = self.clone();
        match step(&mut after)
            .then(|| self.otto_registered_text(&after))
            .flatten()
        {
            Some(otto) => format!("{text}; then {otto}"),
            None => text,
        }
    }
}
