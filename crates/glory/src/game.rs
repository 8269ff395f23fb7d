//! `tourney_core::Game` for Glory: its facts (types, `INFO`) and what it
//! decides itself (setup, which steps are done in the open). Every other
//! method only hands the call on to the module that holds the rule, and
//! `tourney_core::forward_rules!` writes those.

use crate::actions::{Action, Chance};
use crate::config::{Config, OPTIONS};
use crate::events::Event;
use crate::state::{Glory, MAX_PLAYERS, Task};
use crate::view::View;
use tourney_core::{DataError, DataFile, Game, GameInfo, Seat, SetupError};

impl Game for Glory {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;
    type Components = crate::components::Components;

    const INFO: GameInfo = GameInfo {
        name: "glory",
        title: "Glory: A Game of Knights",
        rules_version: "2",
        min_seats: 1,
        max_seats: MAX_PLAYERS,
        options: OPTIONS,
    };

    const DATA_FILES: &'static [DataFile<'static>] = crate::components::DATA_FILES;

    fn components_from(files: &[DataFile<'_>]) -> Result<Self::Components, DataError> {
        crate::components::components_from(files)
    }

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        Glory::setup(config, seats)
    }

    tourney_core::forward_rules!();

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
}
