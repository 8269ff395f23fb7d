//! The options a table agrees on before the game.

use crate::content::TournamentKind;
use serde::{Deserialize, Serialize};
use tourney_core::{OptionInfo, SetupError};

/// Which trophy the winner of a Joust à Plaisance receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Trophies {
    /// 1 glory point and 1 coin, as printed on the board.
    #[default]
    Standard,
    /// A random trophy tile each Joust à Plaisance (house tiles).
    Tiles,
}

/// How characters are handed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Characters {
    /// One card of each level dealt to each player, who keeps one.
    #[default]
    Deal,
    /// Everyone plays the level I card (the recommended first game).
    LevelOne,
}

/// What a solo player plays for against Otto.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SoloMode {
    /// Joust à Plaisance only: win all three tournaments.
    Champion,
    /// Reach a glory target (65, 75 or 85).
    Score,
    /// Finish with more glory than Otto.
    #[default]
    Rivalry,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    Easy,
    #[default]
    Medium,
    Hard,
}

impl Difficulty {
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Which cards make up Otto's automa deck: the 9 Solo cards alone, or with
/// the two Warrior or the two Pious character cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum AutomaDeck {
    #[default]
    Solo,
    Warrior,
    Pious,
}

/// The solo game's settings; used only when the table has one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Solo {
    pub mode: SoloMode,
    pub difficulty: Difficulty,
    pub deck: AutomaDeck,
}

/// Glory's options. Every field has a default; unknown fields are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Config {
    /// The tournament type of rounds 1, 2 and 3.
    pub tournaments: [TournamentKind; 3],
    pub trophies: Trophies,
    pub characters: Characters,
    /// Personal objectives are shown to everyone (the introductory game).
    pub open_objectives: bool,
    /// Solo mode against Otto (one seat only).
    pub solo: Solo,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            tournaments: [
                TournamentKind::PasDArmes,
                TournamentKind::JoustAPlaisance,
                TournamentKind::PasDArmes,
            ],
            trophies: Trophies::Standard,
            characters: Characters::Deal,
            open_objectives: false,
            solo: Solo::default(),
        }
    }
}

impl Config {
    /// Every value serde accepts is a valid game; nothing is left to refuse.
    /// Kept so the shape of `new` matches the other games.
    pub(crate) fn validate(&self) -> Result<(), SetupError> {
        Ok(())
    }
}

pub(crate) const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "tournaments",
        default: "[\"pas_d_armes\", \"joust_a_plaisance\", \"pas_d_armes\"]",
        help: "The tournament of rounds 1, 2 and 3: pas_d_armes (duels against knights in Florence, Paris and Munich) or joust_a_plaisance (an elimination ladder of eight, players may meet).",
    },
    OptionInfo {
        key: "trophies",
        default: "standard",
        help: "The Joust à Plaisance trophy: standard (1 glory and 1 coin) or tiles (a random trophy tile each tournament).",
    },
    OptionInfo {
        key: "characters",
        default: "deal",
        help: "deal: each player is dealt a character of each level and keeps one; level_one: everyone plays the level I character (first game).",
    },
    OptionInfo {
        key: "open_objectives",
        default: "false",
        help: "Show every player's personal objectives (title cards) to everyone, as in the introductory game.",
    },
    OptionInfo {
        key: "solo",
        default: "{ mode = \"rivalry\", difficulty = \"medium\", deck = \"solo\" }",
        help: "One seat only, against Otto the automa. mode: champion (win all three Joust à Plaisance; harder: start with level I gear), score (reach 65/75/85 glory) or rivalry (beat Otto's glory; harder: a stronger knight tile). difficulty: easy, medium, hard. deck: solo (9 cards), warrior or pious (plus 2 character cards).",
    },
];
