//! Game records: the save format, the replay format, and what a server stores.
//!
//! A record holds every seat's action and every chance outcome in order, so
//! replaying it needs no random generator at all: the log is the truth and
//! the state is derived from it.

use crate::{DiceSeal, Outcome, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

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
    pub steps: Vec<RecordStep>,
    /// How the game ended, if it did. Checked on replay.
    #[serde(default)]
    pub outcome: Option<Outcome>,
}

/// One step of a game: a seat's action or a chance outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RecordStep {
    Action { seat: Seat, action: Value },
    Chance { outcome: Value },
}

/// Why a record does not replay, naming the step (numbered from 1).
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayError {
    /// `None`: the record's header (game, seats, config) is at fault.
    pub step: Option<usize>,
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
