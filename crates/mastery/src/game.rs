//! `tourney_core::Game` for Medieval Mastery: its facts (types, `INFO`) and what it
//! decides itself (setup, which steps are done in the open). Every other
//! method only hands the call on to the module that holds the rule, and
//! `tourney_core::forward_rules!` writes those.

use crate::actions::Action;
use crate::chance::Chance;
use crate::config::{Config, OPTIONS};
use crate::events::Event;
use crate::flow::{ChanceKind, Need};
use crate::state::State;
use crate::view::View;
use serde::{Deserialize, Serialize};
use tourney_core::{DataError, DataFile, Game, GameInfo, Seat, SetupError};

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
    type Components = crate::components::Components;

    const INFO: GameInfo = GameInfo {
        name: "mastery",
        title: "Medieval Mastery",
        // 2 (2026-11-30): a march target taken back is not offered again that round.
        rules_version: "2",
        min_seats: 2,
        max_seats: 6,
        options: OPTIONS,
    };

    const DATA_FILES: &'static [DataFile<'static>] = crate::components::DATA_FILES;

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        State::new(config, seats).map(Mastery)
    }

    /// The deck, the Relics and the territory tiles as `data/` states them
    /// (see [`crate::components`]).
    fn components_from(files: &[DataFile<'_>]) -> Result<crate::components::Components, DataError> {
        crate::components::components_from(files)
    }

    tourney_core::forward_rules!(.0);

    /// A seat's own points (a team wins by its members' points together).
    fn score(&self, seat: Seat) -> Option<i64> {
        (seat.index() < self.0.seat_count()).then(|| i64::from(self.0.points(seat)))
    }

    /// Everything is done in the open except a Conflict card put face down
    /// and the order the Crown of Insight puts cards back in.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(action, Action::Conflict(_) | Action::Top(_))
    }

    /// The events that tell the step which made them. Each is emitted only
    /// while applying that very step, or is split below by a field so that
    /// the cases emitted by themselves (a known top card drawn, a Crown
    /// applied after the others could answer it, a combat's end) are not
    /// marked.
    fn event_retells_step(event: &Event) -> bool {
        use crate::cards::Card;
        match event {
            // The card a draw or a Crown of Insight's look turned up, told to
            // its owner alone; a known top card is drawn, or looked at
            // again, without a step.
            Event::CardDrawn { known, .. } | Event::CardSeen { known, .. } => !known,
            // The die a chance step rolled, told with what it did.
            Event::AmbushRolled { .. } | Event::SurvivalDie { .. } => true,
            // A march into a held territory (or a castle) starts the combat;
            // one into an empty territory conquers it (a combat won ends in
            // a step of its own).
            Event::CombatBegins { .. } => true,
            Event::Conquered { by_march, .. } => *by_march,
            // An Influential Person drawn from the deck and played at once
            // (an extra card, or the card that filled the hand): the draw
            // itself. One drawn earlier and played once the hand is full
            // follows from the draw; from a known top, no step drew it.
            Event::InfluentialPerson { drawn, .. } => *drawn,
            // The Conflict cards turned up once both chose: the reveal
            // retells the last face-down choice. With no card on either side
            // nobody chose, and it comes up by itself.
            Event::ConflictRevealed { cards, .. } => cards.iter().any(Option::is_some),
            // A Support card played, a redistribution finished.
            Event::SupportPlayed { .. } | Event::Redistributed { .. } => true,
            // Aid cards played: Summon, Tactical March, Destroy; and a
            // Crown's effect in the step that used it. The same events
            // told for an Orb or a territory, or for a Crown that waited
            // for Destroy answers, come by rule.
            Event::KnightsAdded { by, at_once, .. } => *at_once || by == Card::Summon.name(),
            Event::RoundGranted { by, at_once, .. } => *at_once || by == Card::TacticalMarch.name(),
            Event::RelicTurnedDown { with, at_once, .. } => {
                *at_once || with == Card::Destroy.name()
            }
            Event::KnightLost { at_once, .. } | Event::DrawsUpTo { at_once, .. } => *at_once,
            _ => false,
        }
    }

    /// Cards drawn or looked at are seen only by their owner; tiles, Relics,
    /// dice and the starting player are seen by everyone.
    fn chance_is_open(&self) -> bool {
        !matches!(
            self.0.need(),
            Need::Chance(ChanceKind::Draw(_) | ChanceKind::Peek(_))
        )
    }
}
