//! The options a table agrees on before the game.

use crate::content::TournamentKind;
use serde::{Deserialize, Serialize};
use tourney_core::{OptionInfo, Seat, SetupError};

/// Which trophy the winner of a Joust à Plaisance receives.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Trophies {
    /// 1 glory point and 1 coin, as printed on the board.
    #[default]
    Standard,
    /// A random trophy tile each Joust à Plaisance (house tiles).
    Tiles,
}

/// How characters are handed out.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Characters {
    /// One card of each level dealt to each player, who keeps one.
    #[default]
    Deal,
    /// Everyone plays the level I card (the recommended first game).
    LevelOne,
}

/// How the players take their Journey cards.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum JourneyOrder {
    /// One card at a time round the table in initiative order, as printed.
    #[default]
    InTurns,
    /// The rulebook's time-saver, "play this phase simultaneously": each
    /// player plays all its cards in one go, the players one after another
    /// in initiative order, so that nobody at one screen waits between cards.
    Simultaneous,
}

/// How the tournament type of each round is settled.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TournamentChoice {
    /// All three are agreed before the game (`tournaments`).
    #[default]
    Fixed,
    /// Round 1's is agreed before the game; the types of rounds 2 and 3
    /// are chosen at the table when their tournaments are set up, by the
    /// player last on the initiative track (the rulebook lets the type
    /// change between rounds; who chooses is our ruling).
    BetweenRounds,
}

/// What a solo player plays for against Otto.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
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

/// How hard the solo game is: in each mode it picks one of three settings
/// (Champion's starting gear, Score's target, Otto's knight tile in Rivalry).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// The gentlest setting of each mode.
    Easy,
    /// The middle setting, and the default.
    #[default]
    Medium,
    /// The harshest setting of each mode.
    Hard,
}

impl Difficulty {
    /// Easy 0, medium 1, hard 2: the index into the per-difficulty tables
    /// (`SCORE_TARGETS`, `RIVALRY_KNIGHTS`).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This difficulty's entry of a table printed per difficulty (easy,
    /// medium, hard).
    pub const fn pick<T: Copy>(self, per_difficulty: [T; 3]) -> T {
        let [easy, medium, hard] = per_difficulty;
        match self {
            Difficulty::Easy => easy,
            Difficulty::Medium => medium,
            Difficulty::Hard => hard,
        }
    }
}

pub use crate::vocab::AutomaDeck;

/// The solo game's settings; used only when the table has one seat.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Solo {
    /// What the solo player plays for.
    pub mode: SoloMode,
    /// How hard the chosen mode is.
    pub difficulty: Difficulty,
    /// Which cards Otto's automa deck holds: they decide where he goes.
    pub deck: AutomaDeck,
}

/// A seat's gear handicap: start with level I of these instead of the
/// character's mount and armor ("for fairness towards beginners").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Handicap {
    /// The character's gear as printed.
    #[default]
    None,
    /// A level I mount.
    Mount,
    /// Level I armor.
    Armor,
    /// A level I mount and level I armor.
    Both,
}

impl Handicap {
    /// Whether the seat starts with a level I mount.
    pub const fn mount(self) -> bool {
        matches!(self, Handicap::Mount | Handicap::Both)
    }

    /// Whether the seat starts with level I armor.
    pub const fn armor(self) -> bool {
        matches!(self, Handicap::Armor | Handicap::Both)
    }

    /// Both handicaps at once.
    pub const fn union(self, other: Handicap) -> Handicap {
        match (self.mount() || other.mount(), self.armor() || other.armor()) {
            (true, true) => Handicap::Both,
            (true, false) => Handicap::Mount,
            (false, true) => Handicap::Armor,
            (false, false) => Handicap::None,
        }
    }
}

/// Each seat's handicap, seat 1 first. A config lists as many seats as it
/// needs (`handicap = ["both"]` handicaps seat 1 only); the rest have none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Handicaps(pub [Handicap; 4]);

impl Handicaps {
    /// The handicap of `seat`; a seat the list does not name has none.
    pub fn seat(&self, seat: Seat) -> Handicap {
        self.0.get(seat.index()).copied().unwrap_or_default()
    }

    /// How many seats the list names (the last one not `none`).
    pub fn named(&self) -> usize {
        self.0
            .iter()
            .rposition(|&h| h != Handicap::None)
            .map_or(0, |i| i.saturating_add(1))
    }
}

// Written as the list of the seats it names.
tourney_core::schema_as!(Handicaps, Vec<Handicap>);

impl Serialize for Handicaps {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.get(..self.named()).unwrap_or_default().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Handicaps {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<Handicap>::deserialize(d)?;
        if list.len() > 4 {
            return Err(serde::de::Error::custom(format!(
                "a handicap for at most 4 seats, got {}",
                list.len()
            )));
        }
        let mut h = [Handicap::None; 4];
        for (slot, handicap) in h.iter_mut().zip(list) {
            *slot = handicap;
        }
        Ok(Handicaps(h))
    }
}

/// Glory's options. Every field has a default; unknown fields are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Config {
    /// The tournament type of rounds 1, 2 and 3.
    pub tournaments: [TournamentKind; 3],
    /// Whether rounds 2 and 3 keep their `tournaments` type or have it
    /// chosen at the table between rounds.
    pub tournament_choice: TournamentChoice,
    /// What the winner of a Joust à Plaisance receives.
    pub trophies: Trophies,
    /// Characters dealt to choose from, or the level I card for everyone.
    pub characters: Characters,
    /// Personal objectives are shown to everyone (the introductory game).
    pub open_objectives: bool,
    /// Solo mode against Otto: one seat only (with one seat and no `solo`
    /// settings, Rivalry at medium with the 9 Solo cards).
    pub solo: Option<Solo>,
    /// Level I mount and/or armor for experienced players, by seat.
    pub handicap: Handicaps,
    /// Journey cards one at a time round the table, or each player's in one go.
    pub journey: JourneyOrder,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            tournaments: [
                TournamentKind::PasDArmes,
                TournamentKind::JoustAPlaisance,
                TournamentKind::PasDArmes,
            ],
            tournament_choice: TournamentChoice::Fixed,
            trophies: Trophies::Standard,
            characters: Characters::Deal,
            open_objectives: false,
            solo: None,
            handicap: Handicaps::default(),
            journey: JourneyOrder::InTurns,
        }
    }
}

impl Config {
    /// Every value serde accepts is valid, except solo settings at a table
    /// of several and a handicap for a seat the table does not have.
    pub(crate) fn validate(&self, seats: usize) -> Result<(), SetupError> {
        if self.solo.is_some() && seats != 1 {
            return Err(SetupError::Config {
                field: "solo",
                reason: format!(
                    "the solo game against Otto is for one seat, but the table has {seats}"
                ),
            });
        }
        let named = self.handicap.named();
        if named > seats {
            return Err(SetupError::Config {
                field: "handicap",
                reason: format!(
                    "it names seat {named}, but the table has {}",
                    tourney_core::text::plural(seats as i64, "seat", "seats")
                ),
            });
        }
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
        key: "tournament_choice",
        default: "fixed",
        help: "fixed: every round's tournament is the one `tournaments` names; between_rounds: round 1's is, and the player last on the initiative track chooses the type of rounds 2 and 3 when their tournament is set up (solo: the player; Champion mode stays Joust à Plaisance).",
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
        key: "handicap",
        default: "[]",
        help: "Per seat, seat 1 first: none, mount, armor or both. That seat starts with a level I mount and/or armor instead of its character's, to even a game between veterans and beginners.",
    },
    OptionInfo {
        key: "journey",
        default: "in_turns",
        help: "in_turns: Journey cards are played one at a time round the table in initiative order; simultaneous: the rulebook's time-saver, each player plays all of its Journey cards in one go (in initiative order, one player after another).",
    },
    OptionInfo {
        key: "solo",
        default: "none",
        help: "The solo game against Otto the automa, one seat only. In the file: [solo] mode = champion (win all three Joust à Plaisance; harder: level I gear), score (reach 65/75/85 glory) or rivalry (more glory than Otto; harder: a stronger knight tile); difficulty = easy, medium or hard; deck = solo (9 automa cards), warrior or pious (plus 2 character cards). One seat without [solo]: rivalry, medium, solo. Ready-made files: configs/glory/.",
    },
];
