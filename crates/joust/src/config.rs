//! The options of a Card Joust event.

use crate::content::{KNIGHTS_IN_HAND, MOST_KNIGHTS, SLOT_POINTS};
use crate::slot::{SLOTS, Slot};
use serde::{Deserialize, Serialize};
use tourney_core::{OptionInfo, SetupError};

/// Event options. Every field has a default, so `{}` (or an empty TOML file)
/// is the standard game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Knights each player brings (the three Kings of the hand by default).
    pub knights_per_player: u8,
    /// Points that win when the player's knight is still standing at the end of a pass.
    pub target_points: u16,
    /// If set, the event stops once all players' points together reach this.
    pub points_threshold: Option<u16>,
    /// Points for a hit, by slot.
    pub scoring: Scoring,
    /// A minor injury to a knight that already holds three minor-injury dice
    /// becomes a major injury; when false it is ignored.
    pub fourth_minor_becomes_major: bool,
}

/// Points a hit scores, by the slot aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Scoring {
    /// Points for a hit on the head.
    pub head: u8,
    /// Points for a hit on the body.
    pub body: u8,
    /// Either arm.
    pub arm: u8,
    /// Points for a hit on the shield.
    pub shield: u8,
}

impl Default for Scoring {
    fn default() -> Self {
        let [head, body, arm, _, shield] = SLOT_POINTS;
        Scoring {
            head,
            body,
            arm,
            shield,
        }
    }
}

impl Scoring {
    /// Points a hit on `slot` scores; both arms score [`Scoring::arm`].
    pub const fn points(&self, slot: Slot) -> u8 {
        match slot {
            Slot::Head => self.head,
            Slot::Body => self.body,
            Slot::LeftArm | Slot::RightArm => self.arm,
            Slot::Shield => self.shield,
        }
    }

    /// Every slot's points in table order (the arm's twice), to look up by
    /// [`Slot::index`].
    pub const fn table(&self) -> [u8; SLOTS] {
        [self.head, self.body, self.arm, self.arm, self.shield]
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            knights_per_player: KNIGHTS_IN_HAND,
            target_points: 21,
            points_threshold: None,
            scoring: Scoring::default(),
            fourth_minor_becomes_major: true,
        }
    }
}

/// Largest target or threshold accepted: points are kept in 16 bits, and no
/// event lasts long enough to come near this.
pub const MOST_POINTS: u16 = 10_000;
/// Largest points for one slot.
pub const MOST_SLOT_POINTS: u8 = 50;

impl Config {
    /// Refuses an option out of range, naming it; setting up a game runs it,
    /// so a state never holds a config it cannot play.
    pub fn validate(&self) -> Result<(), SetupError> {
        let bad = |field: &'static str, reason: String| Err(SetupError::Config { field, reason });
        if !(1..=MOST_KNIGHTS).contains(&self.knights_per_player) {
            return bad(
                "knights_per_player",
                format!(
                    "must be 1 to {MOST_KNIGHTS} (a deck has four Kings), not {}",
                    self.knights_per_player
                ),
            );
        }
        if !(1..=MOST_POINTS).contains(&self.target_points) {
            return bad(
                "target_points",
                format!("must be 1 to {MOST_POINTS}, not {}", self.target_points),
            );
        }
        if let Some(t) = self.points_threshold
            && !(1..=MOST_POINTS).contains(&t)
        {
            return bad(
                "points_threshold",
                format!("must be 1 to {MOST_POINTS}, not {t}"),
            );
        }
        let s = &self.scoring;
        for (field, value) in [
            ("scoring.head", s.head),
            ("scoring.body", s.body),
            ("scoring.arm", s.arm),
            ("scoring.shield", s.shield),
        ] {
            if value > MOST_SLOT_POINTS {
                return bad(
                    field,
                    format!("must be 0 to {MOST_SLOT_POINTS}, not {value}"),
                );
            }
        }
        Ok(())
    }
}

/// The options as `tourney games` lists them.
pub(crate) const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "knights_per_player",
        default: "3",
        help: "Knights each player brings to the event (1 to 4).",
    },
    OptionInfo {
        key: "target_points",
        default: "21",
        help: "Points that win, counted at the end of a pass in which the player's knight stayed on its horse.",
    },
    OptionInfo {
        key: "points_threshold",
        default: "none",
        help: "When all players' points together reach this, the event stops and the highest-scoring player still in it wins.",
    },
    OptionInfo {
        key: "scoring",
        default: "{ head = 4, body = 3, arm = 2, shield = 1 }",
        help: "Points a hit scores, by the slot aimed at.",
    },
    OptionInfo {
        key: "fourth_minor_becomes_major",
        default: "true",
        help: "A minor injury to a knight with three minor-injury dice counts as a major one; false ignores it.",
    },
];
