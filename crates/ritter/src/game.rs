//! `tourney_core::Game` for Ritter: its facts (types, `INFO`) and what it
//! decides itself (setup, which steps are done in the open). Every other
//! method only hands the call on to the module that holds the rule, and
//! `tourney_core::forward_rules!` writes those.

use crate::actions::{Action, Chance};
use crate::config::{self, Config};
use crate::events::Event;
use crate::state::{MAX_PLAYERS, Ritter};
use crate::view::View;
use tourney_core::{DataError, DataFile, Game, GameInfo, Seat, Series, SetupError};

impl Game for Ritter {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;
    type Components = crate::components::Components;

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

    const DATA_FILES: &'static [DataFile<'static>] = crate::components::DATA_FILES;

    fn components_from(files: &[DataFile<'_>]) -> Result<Self::Components, DataError> {
        crate::components::components_from(files)
    }

    tourney_core::forward_rules!();

    /// Training, the choice of who rides and the choice of duellist are made
    /// in secret; everything else happens in the open.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(
            action,
            Action::Train { .. } | Action::Send { .. } | Action::Champion { .. }
        )
    }

    fn chance_step_series(&self) -> Option<Series> {
        self.chance_series()
    }
}
