//! The game's options: the rulebook's optional rules and two house switches.

use serde::{Deserialize, Serialize};
use tourney_core::{OptionInfo, SetupError};

/// The Loyalty optional rule: teams.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Loyalty {
    /// Everyone plays for themselves.
    #[default]
    Off,
    /// Teams of two sitting opposite each other (4 or 6 players); a team wins with 20 points.
    Pairs,
    /// Two teams of three in alternate seats (6 players); a team wins with 30 points.
    Triples,
}

/// How the six starting knights are placed.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum StartingKnights {
    /// Evenly between the castle and its homelands, as the rulebook says.
    #[default]
    Even,
    /// Each player chooses how many go to each homeland (at least one each).
    Choice,
}

/// The options a table is set up with. Every field has a default, so a
/// config file names only what it changes; unknown keys are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Whether players form teams, and how.
    pub loyalty: Loyalty,
    /// Castles may be attacked; they defend as 8 knights; taking one wins.
    pub siege: bool,
    /// Knights in a territory that loses its supply line are removed.
    pub cut_throat: bool,
    /// 11 points win; homelands are worth nothing.
    pub skirmish: bool,
    /// 6 more starting knights; winners roll to keep their knights.
    pub chaos: bool,
    /// Who decides how the starting knights are spread over castle and
    /// homelands.
    pub starting_knights: StartingKnights,
    /// After this many rounds the player (or team) with the most points
    /// wins; 0 plays on until someone reaches the goal.
    pub round_limit: u16,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            loyalty: Loyalty::Off,
            siege: false,
            cut_throat: false,
            skirmish: false,
            chaos: false,
            starting_knights: StartingKnights::Even,
            round_limit: 60,
        }
    }
}

pub const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "loyalty",
        default: "off",
        help: "teams: \"pairs\" (4 or 6 players, partners opposite, 20 points win) or \"triples\" (6 players, alternate seats, 30 points win); not with siege",
    },
    OptionInfo {
        key: "siege",
        default: "false",
        help: "castles can be attacked (they defend as 8 knights, at most 6 attackers); conquering a castle wins",
    },
    OptionInfo {
        key: "cut_throat",
        default: "false",
        help: "a territory that loses its supply line loses all its knights at once",
    },
    OptionInfo {
        key: "skirmish",
        default: "false",
        help: "11 points win instead of 13, and homelands are worth 0",
    },
    OptionInfo {
        key: "chaos",
        default: "false",
        help: "6 more starting knights; the winner of a combat rolls a die per knight there and loses those showing 1",
    },
    OptionInfo {
        key: "starting_knights",
        default: "even",
        help: "\"even\": the 6 starting knights are split evenly between castle and homelands; \"choice\": each player chooses the split",
    },
    OptionInfo {
        key: "round_limit",
        default: "60",
        help: "after this many rounds the most points win (ties share); 0 for no limit",
    },
];

impl Config {
    /// Refuses option combinations that cannot be played at a table of
    /// `seats`: Loyalty with Siege, or teams the player count cannot form.
    pub fn validate(&self, seats: usize) -> Result<(), SetupError> {
        let bad = |field, reason: &str| {
            Err(SetupError::Config {
                field,
                reason: reason.to_string(),
            })
        };
        match self.loyalty {
            Loyalty::Off => {}
            _ if self.siege => {
                return bad("loyalty", "Loyalty cannot be played together with Siege");
            }
            Loyalty::Pairs if seats != 4 && seats != 6 => {
                return bad("loyalty", "teams of two need 4 or 6 players");
            }
            Loyalty::Triples if seats != 6 => {
                return bad("loyalty", "teams of three need 6 players");
            }
            _ => {}
        }
        Ok(())
    }

    /// Points a single player needs to win.
    pub fn goal(&self) -> u16 {
        if self.skirmish { 11 } else { 13 }
    }

    /// Points a team needs to win under Loyalty.
    pub fn team_goal(&self) -> u16 {
        match self.loyalty {
            Loyalty::Triples => 30,
            _ => 20,
        }
    }
}
