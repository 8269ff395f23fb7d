//! Mounts and lances: the gear chosen for each pass.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The Joker beside the knight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mount {
    /// May earn the princesses' gift: an extra jousting die next pass.
    Ground,
    /// Feathers count double, but a fumble unhorses the rider.
    Flying,
}

/// The Ace beside the mount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Lance {
    /// Red Ace: injures the opponent, or a bonus die when aimed at the shield.
    War,
    /// Black Ace: breaking it scores extra points.
    Peace,
}

/// The mount and lance a duelist rides with in one pass, chosen hidden
/// and turned up once both duelists chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Gear {
    /// The Joker: ground or flying.
    pub mount: Mount,
    /// The Ace: war or peace.
    pub lance: Lance,
}

impl Gear {
    /// Every pairing, in the order a duelist is offered them.
    pub const ALL: [Gear; 4] = [
        Gear::new(Mount::Ground, Lance::War),
        Gear::new(Mount::Ground, Lance::Peace),
        Gear::new(Mount::Flying, Lance::War),
        Gear::new(Mount::Flying, Lance::Peace),
    ];

    /// A pairing, usable in `const` code.
    pub const fn new(mount: Mount, lance: Lance) -> Gear {
        Gear { mount, lance }
    }

    /// Whether the mount is flying: feathers count two, and a fumble unhorses.
    pub const fn flying(self) -> bool {
        matches!(self.mount, Mount::Flying)
    }
}

impl fmt::Display for Mount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mount::Ground => "ground mount",
            Mount::Flying => "flying mount",
        })
    }
}

impl fmt::Display for Lance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lance::War => "lance of war",
            Lance::Peace => "lance of peace",
        })
    }
}

impl fmt::Display for Gear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", self.mount, self.lance)
    }
}
