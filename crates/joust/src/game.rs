//! `tourney_core::Game` for Card Joust: its facts (types, `INFO`) and what it
//! decides itself (setup, which steps are done in the open). Every other
//! method only hands the call on to the module that holds the rule, and
//! `tourney_core::forward_rules!` writes those.

use crate::actions::{Action, Chance};
use crate::chance::Pending;
use crate::config::{Config, OPTIONS};
use crate::events::Event;
use crate::state::{CardJoust, MAX_PLAYERS};
use crate::view::View;
use tourney_core::{DataError, DataFile, Game, GameInfo, Seat, Series, SetupError};

impl Game for CardJoust {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;
    type Components = crate::components::Components;

    const INFO: GameInfo = GameInfo {
        name: "joust",
        title: "Card Joust",
        rules_version: "2",
        min_seats: 2,
        max_seats: MAX_PLAYERS,
        options: OPTIONS,
    };

    const DATA_FILES: &'static [DataFile<'static>] = crate::components::DATA_FILES;

    fn components_from(files: &[DataFile<'_>]) -> Result<Self::Components, DataError> {
        crate::components::components_from(files)
    }

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        config.validate()?;
        Ok(CardJoust::setup(*config, seats))
    }

    tourney_core::forward_rules!();

    /// A seat's points.
    fn score(&self, seat: Seat) -> Option<i64> {
        (seat.index() < self.seat_count()).then(|| i64::from(self.points(seat)))
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

    /// The events that tell the step which made them, each emitted only
    /// while applying that very step (see `chance.rs` and `flow.rs`).
    fn event_retells_step(event: &Event) -> bool {
        match event {
            // The number card the draw step drew (told to its drawer only).
            Event::CardDrawn { .. } => true,
            // The reveal once both duelists chose: it retells the last hidden
            // keep-or-replace, aim or gear choice, the step that made it.
            Event::KnightKept { .. } | Event::Aim { .. } | Event::Gear { .. } => true,
            // A replacement chosen at the reveal; a knight sent by itself as
            // a pass begins (`withdrawn: None`) retells no step.
            Event::KnightSent { withdrawn, .. } => withdrawn.is_some(),
            // A major-injury roll's outcome follows its last die, which keeps
            // its own line ("injury die 2 of 2 ...: a 5: not a snake"), so
            // the log tells every die; the outcome's line begins "The major
            // injury ...", never as a die's line does, and names no face.
            _ => false,
        }
    }

    /// Dice are rolled in the open; a drawn card is seen only by its drawer.
    fn chance_is_open(&self) -> bool {
        !matches!(self.pending(), Pending::Card(_))
    }

    fn chance_step_series(&self) -> Option<Series> {
        self.chance_series()
    }
}
