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
        rules_version: "3",
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

    /// A seat's glory.
    fn score(&self, seat: Seat) -> Option<i64> {
        let player = self.players.get(seat.index())?;
        (seat.index() < self.seat_count()).then(|| i64::from(player.glory))
    }

    /// The events that tell the step which made them. Each is emitted only
    /// while applying that very step, or is split below by a field so that
    /// the cases emitted by themselves (Otto's moves, a tournament's duels,
    /// rewards paid after a duel) are not marked.
    fn event_retells_step(event: &Event) -> bool {
        use crate::duel::DuelCtx;
        match event {
            // The card, tile or seat a chance step drew (`chance.rs`, the
            // automa deck), to everyone or to the drawer alone.
            Event::PublicTitle { .. }
            | Event::CharacterDealt { .. }
            | Event::InitiativeDrawn { .. }
            | Event::JourneyDrawn { .. }
            | Event::CardRevealed { .. }
            | Event::TitleDrawn { .. }
            | Event::SupportDrawn { .. }
            | Event::EventSupport { .. }
            | Event::EventRevealed { .. }
            | Event::TournamentCard { .. }
            | Event::KnightPlaced { .. }
            | Event::TrophyDrawn { .. }
            | Event::Automa { .. } => true,
            // A player's choice told with what it did: the character taken
            // (its one automatic case, a level-I-only setup, falls in the
            // step of the last public title, whose own event already
            // retells that step), a Journey card exchanged, the tournament
            // type chosen, a support or relic used in a duel.
            Event::CharacterChosen { .. }
            | Event::Exchanged { .. }
            | Event::TournamentChosen { .. }
            | Event::Used { .. } => true,
            // A support or relic the loser chose to flip back; the only
            // one that can come back, and the tokens, come back by rule.
            Event::Recovered { chosen, .. } => *chosen,
            // A title kept: a player's action, or the chance step in which
            // Otto drew the title he keeps ("Otto draws a title and keeps
            // it").
            Event::TitleKept { .. } => true,
            // A registration (Herald or the Registration phase): a
            // player's action; Otto's are made by rule.
            Event::Registered { who, .. } => who != OTTO,
            // Otto discards a title only in the chance step that drew it
            // ("Otto draws a title and discards it"); a player's unkept
            // titles go to the pile after the title they kept.
            Event::TitleDiscarded { who, .. } => who == OTTO,
            // A duel a player starts: a Challenge card played, the Brave
            // title attempted; a tournament's duels start by themselves.
            Event::DuelBegins { ctx, .. } => {
                matches!(ctx, DuelCtx::Journey { .. } | DuelCtx::Title { .. })
            }
            // What an action space, the event space or a Romance or Market
            // card played paid and gave; not a trophy's, Otto's, or a
            // Challenge card's reward, paid after the duel it won, unless
            // the player chose it (Rescue: the Sister or 3 Faith).
            Event::Resources {
                who,
                source,
                chosen,
                ..
            } => who != OTTO && (*chosen || told_by_action(source)),
            _ => false,
        }
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
}

/// The automa's name in events (`who`).
const OTTO: &str = "Otto";

/// Whether a `Resources` event's `source` is a player's action: an action
/// space, the round's event card (its space), or a Romance or Market card
/// played (or its reward chosen). Trophies, automa cards and Challenge
/// cards, whose rewards are paid by rule, have names of their own.
fn told_by_action(source: &str) -> bool {
    use crate::content::{EVENTS, JOURNEY, JourneyType};
    crate::actions::Space::ALL
        .iter()
        .any(|s| s.name() == source)
        || EVENTS.iter().any(|e| e.name == source)
        || JOURNEY
            .iter()
            .any(|c| c.kind != JourneyType::Challenge && c.name == source)
}

#[cfg(test)]
mod tests {
    use super::told_by_action;
    use crate::content::{AUTOMA, JOURNEY, JourneyType, TROPHIES};

    /// The rewards paid by rule never read as a player's action: a
    /// trophy's (the standard one or a tile), an automa card's, a
    /// Challenge card's after its duel.
    #[test]
    fn rewards_paid_by_rule_are_not_told_as_an_action() {
        let by_rule = TROPHIES
            .iter()
            .map(|t| t.name)
            .chain(["Tournament trophy", "an automa card"])
            .chain(AUTOMA.iter().map(|a| a.name))
            .chain(
                JOURNEY
                    .iter()
                    .filter(|c| c.kind == JourneyType::Challenge)
                    .map(|c| c.name),
            );
        for source in by_rule {
            assert!(!told_by_action(source), "{source}");
        }
        assert!(told_by_action("Warm-Up"));
        assert!(told_by_action("Crusade"));
        assert!(told_by_action("Troubadour"));
    }
}
