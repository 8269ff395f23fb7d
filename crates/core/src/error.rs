//! Errors a player or a configuration can cause. None of them is a bug.

use crate::Seat;
use std::borrow::Cow;

/// Why an action or a chance outcome was refused. The state is unchanged
/// whenever one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has ended: nothing more can be applied.
    #[error("the game is over")]
    GameOver,
    /// This seat owes no action now: another is on move, or it has already
    /// committed its simultaneous choice.
    #[error("it is not {0}'s turn to act")]
    NotOnMove(Seat),
    /// A die or card is due: nobody acts until its outcome is applied.
    #[error("the dice or cards must be resolved before anyone acts")]
    AwaitingChance,
    /// A chance outcome was given while the game waits for seats.
    #[error("nothing is being rolled or drawn right now")]
    NoChancePending,
    /// A move the rules forbid here; the text says why.
    #[error("{0}")]
    Illegal(Cow<'static, str>),
    /// A die face or card that cannot come up now (not on the die, none left in the pile).
    #[error("{0}")]
    ImpossibleOutcome(Cow<'static, str>),
}

impl RuleError {
    /// A [`RuleError::Illegal`] from a fixed or a formatted reason.
    pub fn illegal(reason: impl Into<Cow<'static, str>>) -> RuleError {
        RuleError::Illegal(reason.into())
    }

    /// A [`RuleError::ImpossibleOutcome`] from a fixed or a formatted reason.
    pub fn impossible(reason: impl Into<Cow<'static, str>>) -> RuleError {
        RuleError::ImpossibleOutcome(reason.into())
    }
}

/// Why a game could not be set up from a configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game is not played by this many.
    #[error("{game} is played by {min} to {max} players, not {got}")]
    SeatCount {
        /// The game's title, for the message.
        game: &'static str,
        /// Fewest players it takes.
        min: usize,
        /// Most players it takes.
        max: usize,
        /// The seats asked for.
        got: usize,
    },
    /// An option is out of range or cannot go with the others.
    #[error("config field `{field}`: {reason}")]
    Config {
        /// The option's key, dotted for a nested one (`scoring.head`).
        field: &'static str,
        /// What is wrong, and what would do.
        reason: String,
    },
}
