//! The one interface every game implements.

use crate::{DataError, DataFile, Events, GameRng, RuleError, Seat, SeatSet, SetupError};
use schemars::JsonSchema;
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::{Debug, Display};

/// Relative likelihood of a chance outcome (a d12 face has weight 1; a card
/// kind weighs as many as are left in the pile).
pub type Weight = u32;

/// Who the game is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToMove {
    /// These seats each owe one action. Several at once means a simultaneous
    /// choice: each commits in turn, hidden from the others, and the reveal
    /// happens when the last has committed.
    Seats(SeatSet),
    /// A die must be rolled or a card drawn: see [`Game::chance_outcomes`].
    Chance,
    /// The game has ended.
    Over(Outcome),
}

impl ToMove {
    /// Whether `seat` may act now, or the refusal to give it: the turn
    /// guard every game's `apply_action` starts with.
    pub fn check_action(&self, seat: Seat) -> Result<(), RuleError> {
        match self {
            ToMove::Over(_) => Err(RuleError::GameOver),
            ToMove::Chance => Err(RuleError::AwaitingChance),
            ToMove::Seats(on_move) if !on_move.contains(seat) => Err(RuleError::NotOnMove(seat)),
            ToMove::Seats(_) => Ok(()),
        }
    }

    /// Whether a die or card is due now, or the refusal to give a chance
    /// outcome: the guard every game's `apply_chance` starts with.
    pub fn check_chance(&self) -> Result<(), RuleError> {
        match self {
            ToMove::Over(_) => Err(RuleError::GameOver),
            ToMove::Seats(_) => Err(RuleError::NoChancePending),
            ToMove::Chance => Ok(()),
        }
    }
}

/// A chance step's place in a run of like steps: the `index`th (from 1)
/// of `of`, all described by `stem` ("Seat 2 draws a number card").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Series {
    /// The words every step of the run shares, without a count.
    pub stem: String,
    /// This step's place in the run, from 1.
    pub index: u16,
    /// Steps in the whole run.
    pub of: u16,
}

/// How a finished game came out.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Outcome {
    /// One seat: it won. Several: they share the win (a draw between them).
    /// None: nobody won.
    pub winners: SeatSet,
}

impl Outcome {
    /// `seat` forfeited a game of `seats` seats: every other seat wins.
    pub fn forfeit(seat: Seat, seats: usize) -> Outcome {
        let mut winners = SeatSet::first(seats);
        winners.remove(seat);
        Outcome { winners }
    }

    /// A sole win for `seat`.
    pub fn win(seat: Seat) -> Outcome {
        Outcome {
            winners: SeatSet::single(seat),
        }
    }

    /// Whether there is no sole winner: the win is shared, or nobody won.
    pub fn is_draw(&self) -> bool {
        self.winners.len() != 1
    }

    /// The seat's share of the win: 1 for a sole winner, 1/k in a k-way draw.
    pub fn share(&self, seat: Seat) -> f64 {
        if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

/// A configuration option, as listed by `tourney games`.
#[derive(Debug, Clone, Copy)]
pub struct OptionInfo {
    /// The option's name in a config, JSON or TOML.
    pub key: &'static str,
    /// The value it takes when left out, as the listing prints it.
    pub default: &'static str,
    /// One line on what the option does.
    pub help: &'static str,
}

/// What a game is, for menus and records.
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// Short name used on the command line and in records (`joust`).
    pub name: &'static str,
    /// The name people read, in menus and messages (`Card Joust`).
    pub title: &'static str,
    /// Bumped whenever a rules change makes old records replay differently.
    pub rules_version: &'static str,
    /// Fewest players the game is played by.
    pub min_seats: usize,
    /// Most players the game is played by.
    pub max_seats: usize,
    /// What a config may set, for `tourney games`; empty for a game with no
    /// options.
    pub options: &'static [OptionInfo],
}

impl GameInfo {
    /// Refuses a table of `seats` players when the game is not played by
    /// that many; every game's `new` starts with it.
    pub fn check_seats(&self, seats: usize) -> Result<(), SetupError> {
        if (self.min_seats..=self.max_seats).contains(&seats) {
            return Ok(());
        }
        Err(SetupError::SeatCount {
            game: self.title,
            min: self.min_seats,
            max: self.max_seats,
            got: seats,
        })
    }
}

/// A game's rules: a pure state machine driven by seats' actions and chance
/// outcomes. No IO, clocks or threads; nothing here may panic on any input.
///
/// A game implements the required methods below (the state machine, the
/// views, `determinize`) and gets the rest provided. Callers then drive it
/// only through the trait: who is on move, what they may do, the chance
/// step due. `testkit::coin` (feature `testkit`) is a whole game in a hundred lines.
///
/// ```
/// use tourney_core::testkit::coin::CallTheCoin;
/// use tourney_core::{Game, Outcome, RuleError, Seat, SeatSet, ToMove};
///
/// let mut game = CallTheCoin::new(&(), 2)?;
/// assert_eq!(game.to_move(), ToMove::Seats(SeatSet::single(Seat(0))));
/// let mut calls = Vec::new();
/// game.legal_actions(Seat(0), &mut calls);
/// assert_eq!(calls, [true, false]);
///
/// game.apply(Seat(0), &true)?; // seat 1 calls heads
/// assert_eq!(game.to_move(), ToMove::Chance);
/// // A refused step names why and leaves the state as it was.
/// let before = game.clone();
/// assert_eq!(game.apply(Seat(1), &false), Err(RuleError::AwaitingChance));
/// assert_eq!(game, before);
///
/// game.apply_chance(&false)?; // the coin shows tails
/// assert_eq!(game.to_move(), ToMove::Over(Outcome::win(Seat(1))));
/// assert_eq!(game.view(None).to_string(), "called heads, tossed tails");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game:
    Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// The game's options; `Default` is the standard game.
    type Config: Serialize + DeserializeOwned + JsonSchema + Default + Clone + Debug + Send + Sync;
    /// A decision a seat makes at the table.
    type Action: Serialize + DeserializeOwned + JsonSchema + Clone + Eq + Debug + Send + Sync;
    /// What a die showed or which card came off a pile.
    type Chance: Serialize + DeserializeOwned + Clone + Eq + Debug + Send + Sync;
    /// What one seat, or a spectator, may see. `Display` draws it for the terminal.
    type View: Serialize + JsonSchema + Display;
    /// Something the rules made happen, for the log: a reveal, a result, a
    /// score. `Display` says it in a player's words; the JSON is for clients
    /// that draw it. [`crate::NoEvent`] for a game that reports none.
    type Event: Serialize + JsonSchema + Display + Clone + Debug + Send + Sync;
    /// The game's components — cards, tiles, knights, spaces, with their
    /// names, numbers and the text of their effects — as its data files
    /// state them. A client draws names and texts from here, so it keeps no
    /// copy of its own; `()` for a game without any.
    type Components: Serialize + JsonSchema + Default;

    /// What the game is, for menus, records and the seat check: name,
    /// title, seat limits, options.
    const INFO: GameInfo;

    /// The opening state for `seats` players, or why this table cannot play:
    /// the seat count, or an option out of range.
    fn new(config: &Self::Config, seats: usize) -> Result<Self, SetupError>;

    /// The data files the components are read from, as built into the
    /// crate: each file's name and text.
    const DATA_FILES: &'static [DataFile<'static>] = &[];

    /// Reads the components from data files: the built-in ones, or a
    /// designer's copy with a component renamed or reworded (`tourney serve
    /// --component-data`). A file missing from `files` is read from
    /// [`Game::DATA_FILES`]. Pure: the caller does the reading.
    fn components_from(files: &[DataFile<'_>]) -> Result<Self::Components, DataError> {
        let _ = files;
        Ok(Self::Components::default())
    }

    /// The components of the game, the same for every table of this rules
    /// version (see [`Game::Components`]). Each game's tests check that its
    /// built-in files read; the default only keeps this from panicking.
    fn components() -> Self::Components {
        Self::components_from(Self::DATA_FILES).unwrap_or_default()
    }

    /// Seats at this table.
    fn seats(&self) -> usize;

    /// Who the game waits for now: the seats that owe an action, a chance
    /// step, or nobody once it is over.
    fn to_move(&self) -> ToMove;

    /// Appends the actions `seat` may take now (nothing if it is not on move).
    /// The caller owns and clears the buffer, so playouts reuse one allocation.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Appends the possible outcomes of the pending chance step with positive
    /// weights (nothing if no chance step is pending).
    fn chance_outcomes(&self, out: &mut Vec<(Self::Chance, Weight)>);

    /// Applies one seat's action, reporting what it made happen into
    /// `events`, or refuses it and leaves the state unchanged. A refusal may
    /// leave events behind; [`crate::Session`] drops them.
    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError>;

    /// Applies a chance outcome, reporting what it made happen into
    /// `events`, or refuses an impossible one and leaves the state unchanged.
    fn apply_chance_with_events(
        &mut self,
        outcome: &Self::Chance,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError>;

    /// [`Game::apply_with_events`] with nobody listening: what playouts and
    /// searches call, at no cost for the events.
    #[inline]
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<(), RuleError> {
        self.apply_with_events(seat, action, &mut Events::off())
    }

    /// [`Game::apply_chance_with_events`] with nobody listening.
    #[inline]
    fn apply_chance(&mut self, outcome: &Self::Chance) -> Result<(), RuleError> {
        self.apply_chance_with_events(outcome, &mut Events::off())
    }

    /// What `seat` may see (`None`: a spectator). Never contains another seat's
    /// hidden cards or uncommitted choices.
    fn view(&self, seat: Option<Seat>) -> Self::View;

    /// `seat`'s score as the game counts it (Card Joust's points, Glory's
    /// glory…), for reports over many games: at the end of a game it is
    /// the final score. `None` for a game that keeps no score. No rule and
    /// no bot reads it; it may show what a seat's view hides.
    fn score(&self, seat: Seat) -> Option<i64> {
        let _ = seat;
        None
    }

    /// A state `seat` cannot tell apart from this one, with everything it
    /// cannot see re-dealt at random: what a fair bot reasons about.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// Menu text for an action, in a player's words.
    fn describe_action(&self, seat: Seat, action: &Self::Action) -> String {
        let _ = seat;
        serde_json::to_string(action).unwrap_or_else(|_| format!("{action:?}"))
    }

    /// How a log tells that `seat` took `action`: a verb phrase in the
    /// third person that follows the person's name ("ends the turn",
    /// "marches 3 knights into 12 (City)"). Unlike the menu text it never
    /// says "you": every reader of the log reads the same words. The
    /// default quotes the menu text, for games that do not write one.
    fn describe_done(&self, seat: Seat, action: &Self::Action) -> String {
        format!(
            "chooses \u{201c}{}\u{201d}",
            self.describe_action(seat, action)
        )
    }

    /// Whether the other seats learn this action as it is taken. Face-down
    /// choices are not open: their effect shows in the views once revealed.
    /// The default keeps every action secret, so a game that forgets to say
    /// which of its moves are open under-informs the log rather than leaking
    /// a hidden card; games override it for their open moves.
    fn action_is_open(&self, seat: Seat, action: &Self::Action) -> bool {
        let _ = (seat, action);
        false
    }

    /// Whether `event` tells the step that made it happen, better than the
    /// step's own line does: "Seat 1 draws a 5" after "Seat 1 draws a
    /// number card". A log then drops the step's line for whoever reads the
    /// event, so one happening is one line. Most events tell a consequence
    /// (a score, a result), which the step's line does not: the default.
    fn event_retells_step(event: &Self::Event) -> bool {
        let _ = event;
        false
    }

    /// Whether everyone sees the outcome of the pending chance step. Dice are
    /// rolled in the open; a card drawn into a hand is seen only by its
    /// drawer (whose view shows it).
    fn chance_is_open(&self) -> bool {
        true
    }

    /// What the pending chance step is ("Seat 1 rolls a jousting d12").
    fn describe_chance_step(&self) -> String {
        "a chance step".to_string()
    }

    /// Where the pending chance step stands in a run of like steps (the
    /// second of five cards a seat draws), so a log can show the run on one
    /// line without reading numbers out of the step's text. `None`, the
    /// default, for a step that stands alone.
    fn chance_step_series(&self) -> Option<Series> {
        None
    }

    /// Text for one outcome of the pending chance step ("7").
    fn describe_chance(&self, outcome: &Self::Chance) -> String {
        serde_json::to_string(outcome).unwrap_or_else(|_| format!("{outcome:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_guards_name_what_is_due() {
        let seat_1_on_move = ToMove::Seats(SeatSet::single(Seat(1)));
        assert_eq!(seat_1_on_move.check_action(Seat(1)), Ok(()));
        assert_eq!(
            seat_1_on_move.check_action(Seat(0)),
            Err(RuleError::NotOnMove(Seat(0)))
        );
        assert_eq!(
            seat_1_on_move.check_chance(),
            Err(RuleError::NoChancePending)
        );
        assert_eq!(
            ToMove::Chance.check_action(Seat(1)),
            Err(RuleError::AwaitingChance)
        );
        assert_eq!(ToMove::Chance.check_chance(), Ok(()));
        let over = ToMove::Over(Outcome::win(Seat(0)));
        assert_eq!(over.check_action(Seat(0)), Err(RuleError::GameOver));
        assert_eq!(over.check_chance(), Err(RuleError::GameOver));
    }
}
