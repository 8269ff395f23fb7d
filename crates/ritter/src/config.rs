//! The options a table agrees on before the tournament.

use serde::{Deserialize, Serialize};
use tourney_core::{OptionInfo, SetupError};

/// The longest tournament the engine plays. The rulebook allows "more than
/// four days"; ten keeps the day bonuses (1 + 2 + … + N) in proportion.
pub const MAX_DAYS: u8 = 10;

/// Ritter's options. Every field has a default, unknown fields are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Config {
    /// Tournament days (1 to 10). Day N's winner gains N extra prizes.
    pub days: u8,
    /// The extension rule: a knight starting a day with 4–6 wounds rolls one
    /// combat die fewer, with 7–9 wounds three fewer.
    pub wound_penalty: bool,
    /// `false` plays without lady cards (the simplified game).
    pub ladies: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            days: 4,
            wound_penalty: false,
            ladies: true,
        }
    }
}

impl Config {
    pub(crate) fn validate(&self) -> Result<(), SetupError> {
        if !(1..=MAX_DAYS).contains(&self.days) {
            return Err(SetupError::Config {
                field: "days",
                reason: format!("a tournament lasts 1 to {MAX_DAYS} days, not {}", self.days),
            });
        }
        Ok(())
    }
}

pub(crate) const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "days",
        default: "4",
        help: "How many tournament days are fought (1 to 10); the winner of day N earns N bonus prizes.",
    },
    OptionInfo {
        key: "wound_penalty",
        default: "false",
        help: "Extension rule: a knight who starts a day with 4-6 wounds rolls one combat die fewer, with 7-9 wounds three fewer (never fewer than one).",
    },
    OptionInfo {
        key: "ladies",
        default: "true",
        help: "Set to false for the simpler game without lady cards: no favours, only knights earn prizes.",
    },
];
