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

    /// A seat's prizes, its knights' and its ladies' together.
    fn score(&self, seat: Seat) -> Option<i64> {
        // The inherent `Ritter::score` (scoring.rs), not this method.
        (seat.index() < self.seat_count()).then(|| i64::from(Ritter::score(self, seat)))
    }

    /// Training, the choice of who rides and the choice of duellist are made
    /// in secret; everything else happens in the open.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(
            action,
            Action::Train { .. } | Action::Send { .. } | Action::Champion { .. }
        )
    }

    /// The events that tell the step which made them, each emitted only
    /// while applying that very step (see `prep.rs`, `favours.rs`,
    /// `flow.rs`, `combat.rs` and `scoring.rs`).
    fn event_retells_step(event: &Event) -> bool {
        use crate::combat::Ending;
        match event {
            // The winning start roll, when the winner made it last: the
            // line says the roll and what it decided.
            Event::StartingPlayer { last_roll, .. } => *last_roll,
            // A secret Train, Send or Champion choice, told to its seat alone.
            Event::TrainingPlanned { .. }
            | Event::RidersChosen { .. }
            | Event::ChampionChosen { .. } => true,
            // The Send that finished a seat's preparation ("Seat 1 is ready")
            // and, after the last seat's, the reveal of who rides.
            Event::Prepared { .. } | Event::Rides { .. } => true,
            // Where the offered favour landed, and the favour a tied knight kept.
            Event::FavourGiven { .. }
            | Event::FavourDisplaced { .. }
            | Event::FavourKept { .. } => true,
            // A day's challenge; a decisive duel starts by itself once both
            // champions are named, so its beginning retells no step.
            Event::JoustBegins { duel, .. } => !duel,
            // A Yield; every other ending follows dice or a rule.
            Event::JoustEnds { ending, .. } => *ending == Ending::Yielded,
            // A round's summary follows the last combat die of the round,
            // which keeps its own line ("(4 of 4): 1") so the log tells
            // every die; the summary starts "Mounted round:", "Furious
            // mounted round:" or "Foot round:", never as a die's line does.
            _ => false,
        }
    }

    fn chance_step_series(&self) -> Option<Series> {
        self.chance_series()
    }
}
