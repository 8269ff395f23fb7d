//! The five target slots of a knight and the placing of a card on one.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Slots per knight; a pass draws one card for each.
pub const SLOTS: usize = 5;

/// Where a card lies on a knight, and where a lance is aimed.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// Worth the most points by default.
    Head,
    /// Worth the most after the head by default.
    Body,
    /// One of the two arms, which score alike ([`Scoring::arm`](crate::Scoring::arm)).
    LeftArm,
    /// The other arm, filled after the left.
    RightArm,
    /// Where the last card goes by itself; aimed at with the lance of war,
    /// a strong hit earns a bonus die instead of an injury.
    Shield,
}

impl Slot {
    /// Table order: the order of `SLOT_POINTS` in the data file.
    pub const ALL: [Slot; SLOTS] = [
        Slot::Head,
        Slot::Body,
        Slot::LeftArm,
        Slot::RightArm,
        Slot::Shield,
    ];

    /// Position in table order, to index per-slot arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This slot's entry in a per-slot table (table order).
    pub(crate) fn of<T>(self, table: &[T; SLOTS]) -> &T {
        let [head, body, left, right, shield] = table;
        match self {
            Slot::Head => head,
            Slot::Body => body,
            Slot::LeftArm => left,
            Slot::RightArm => right,
            Slot::Shield => shield,
        }
    }

    /// This slot's entry in a per-slot table, to change.
    pub(crate) fn of_mut<T>(self, table: &mut [T; SLOTS]) -> &mut T {
        let [head, body, left, right, shield] = table;
        match self {
            Slot::Head => head,
            Slot::Body => body,
            Slot::LeftArm => left,
            Slot::RightArm => right,
            Slot::Shield => shield,
        }
    }

    /// The slot's bit in a per-slot mask, such as which cards are face up.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The slot in a player's words (`left arm`), for the log and the terminal.
    pub const fn name(self) -> &'static str {
        match self {
            Slot::Head => "head",
            Slot::Body => "body",
            Slot::LeftArm => "left arm",
            Slot::RightArm => "right arm",
            Slot::Shield => "shield",
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One number card laid face down on one slot. A duelist places its five
/// cards one at a time in table order (head, body, left arm, right arm); the
/// last card goes on the shield by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// The slot it goes on, which must be the next in table order; naming it
    /// keeps a record readable.
    pub slot: Slot,
    /// The rank of the card, one the duelist holds.
    pub card: u8,
}

impl Placement {
    /// A placement, usable in `const` code.
    pub const fn new(slot: Slot, card: u8) -> Placement {
        Placement { slot, card }
    }
}
