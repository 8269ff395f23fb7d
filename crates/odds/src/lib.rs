//! # tourney-odds: exact odds for the Tourney games
//!
//! "What are my chances?", answered exactly — by enumerating every equally
//! likely roll or by solving the Markov chain of a fight — and from the same
//! counting code the engine plays with, so the answers cannot drift away
//! from the rules:
//!
//! - [`glory`]: one Glory clash against a knight, with the best Faith
//!   re-roll (the dice of `tourney_glory::content`: `DICE`, `die_value`);
//! - [`joust`]: one player's roll in a Card Joust pass (the d12 counting of
//!   `tourney_joust::dice`, the resolution of `tourney_joust::pass`);
//! - [`ritter`]: a whole Ritter joust from the first mounted round (the
//!   wound counting of `tourney_ritter::wounds_from` and `can_wound`).
//!
//! Nothing here samples. Card Joust results are exact fractions (integer
//! weights over a common denominator) turned into `f64` at the end; Ritter
//! results are computed in `f64` by exact recurrences (geometric series for
//! the repeating furious rounds, backward induction over wound states on
//! foot), so they are exact up to floating-point rounding. Glory results
//! are exact fractions too. `docs/odds.md` explains every calculator and
//! its method.

pub mod glory;
pub mod joust;
pub mod ritter;

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// A calculator input the rules do not allow. `flag` is the command-line
/// flag it came from (without the dashes), so a message can name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadInput {
    /// The flag without its dashes (`vs-attack`), so the message can point
    /// at the value to change.
    pub flag: &'static str,
    /// What is wrong with the value and what the rules allow instead; shown
    /// after `--flag: `.
    pub message: String,
}

impl BadInput {
    pub(crate) fn new(flag: &'static str, message: impl Into<String>) -> BadInput {
        BadInput {
            flag,
            message: message.into(),
        }
    }
}

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--{}: {}", self.flag, self.message)
    }
}

impl std::error::Error for BadInput {}

/// A distribution as a JSON object: keys are the outcomes written as
/// strings, values the probabilities. Outcomes that cannot happen are left out.
pub(crate) fn json_distribution<K: fmt::Display>(d: &BTreeMap<K, f64>) -> Value {
    let mut map = Map::new();
    for (k, &p) in d {
        if p > 0.0 {
            map.insert(k.to_string(), Value::from(p.min(1.0)));
        }
    }
    Value::Object(map)
}
