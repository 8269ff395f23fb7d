//! Errors a player or a configuration can cause. None of them is a bug.

use crate::Seat;
use std::borrow::Cow;

/// Why an action or a chance outcome was refused. The state is unchanged
/// whenever one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not {0}'s turn to act")]
    NotOnMove(Seat),
    #[error("the dice or cards must be resolved before anyone acts")]
    AwaitingChance,
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
    pub fn illegal(reason: impl Into<Cow<'static, str>>) -> RuleError {
        RuleError::Illegal(reason.into())
    }

    pub fn impossible(reason: impl Into<Cow<'static, str>>) -> RuleError {
        RuleError::ImpossibleOutcome(reason.into())
    }
}

/// Why a game could not be set up from a configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{game} is played by {min} to {max} players, not {got}")]
    SeatCount {
        game: &'static str,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("config field `{field}`: {reason}")]
    Config { field: &'static str, reason: String },
}
