//! `tourney_core::Game` for Ritter. The methods that only hand a call to the
//! rules (`flow`, `chance`, `view`, `describe`) come from
//! `tourney_core::forward_rules!`; what is written out here is what Ritter
//! shapes itself: setup, the seat count, determinizing, the descriptions,
//! and which steps are done in the open.

use crate::actions::{Action, Chance};
use crate::config::{self, Config};
use crate::events::Event;
use crate::state::{MAX_PLAYERS, Ritter};
use crate::view::View;
use tourney_core::{Game, GameInfo, GameRng, Seat, Series, SetupError};

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

    tourney_core::forward_rules!();

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

    fn chance_step_series(&self) -> Option<Series> {
        self.chance_series()
    }

    fn describe_chance(&self, outcome: &Chance) -> String {
        self.chance_text(outcome)
    }
}
