//! Game records: the save format, the replay format, and what a server stores.
//!
//! A record holds every seat's action and every chance outcome in order, so
//! replaying it needs no random generator at all: the log is the truth and
//! the state is derived from it.

use crate::{DiceSeal, Outcome, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A game as saved: the header to set it up again and every step in
/// order. [`crate::Session::replay`] plays it back through the rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Short game name, as on the command line (`joust`).
    pub game: String,
    /// The rules version the record was made with.
    pub rules_version: String,
    /// The game's configuration, every option spelled out.
    pub config: Value,
    /// Who sat where (`you`, `random`, …); the length is the seat count.
    pub seats: Vec<String>,
    /// The seed the chance outcomes were sampled with, if they were sampled.
    #[serde(default)]
    pub seed: Option<u64>,
    /// How the dice and cards were drawn from a committed secret seed, when
    /// they were (a server's tables); absent otherwise, and then not written,
    /// so records without it read and write exactly as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceSeal>,
    /// Every action and chance outcome, in the order applied.
    pub steps: Vec<RecordStep>,
    /// How the game ended, if it did. Checked on replay.
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// The seat that forfeited, if the game ended so before its rules
    /// ended it (a server table whose turn clock ran out): every other
    /// seat won. Absent otherwise, and then not written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Seat>,
}

/// One step of a game: a seat's action or a chance outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RecordStep {
    /// A choice a seat made; the replay puts it through the rules again, so
    /// an edited record cannot sneak in an illegal one.
    Action {
        /// The seat that chose it.
        seat: Seat,
        /// The action as the game's JSON.
        action: Value,
    },
    /// What a die showed or which card came off a pile.
    Chance {
        /// The outcome as the game's JSON.
        outcome: Value,
    },
}

/// Why a record does not replay, naming the step (numbered from 1).
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayError {
    /// `None`: the record's header (game, seats, config) is at fault.
    pub step: Option<usize>,
    /// What is wrong, in words for whoever brought the record.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(step) => write!(f, "step {step}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for ReplayError {}

impl GameRecord {
    /// How the recorded game ended, given where its steps lead (`reached`):
    /// that, or, when a seat forfeited (its clock ran out at a table that
    /// says so), every other seat winning. Refused when the forfeit names
    /// no seat or comes after the game was over, or when the outcome the
    /// record states is another one. Every replay (the library's, the
    /// command line's, the server's) checks the ending through here.
    pub fn ending(&self, reached: Option<Outcome>) -> Result<Option<Outcome>, String> {
        let ending = match self.forfeit {
            None => reached,
            Some(seat) if seat.index() >= self.seats.len() => {
                return Err(format!("{seat} forfeited, but the game has no such seat"));
            }
            Some(seat) if reached.is_some() => {
                return Err(format!(
                    "the record says {seat} forfeited, but the game was already over"
                ));
            }
            Some(seat) => Some(Outcome::forfeit(seat, self.seats.len())),
        };
        if self.outcome.is_some() && self.outcome != ending {
            return Err(format!(
                "the record says the game ended {}, but replaying it gives {}",
                describe(self.outcome.as_ref()),
                describe(ending.as_ref())
            ));
        }
        Ok(ending)
    }
}

fn describe(outcome: Option<&Outcome>) -> String {
    match outcome {
        None => "no ending".to_string(),
        Some(o) => format!("with winners {}", o.winners),
    }
}
