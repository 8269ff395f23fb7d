//! What seats decide (`Action`) and what dice and piles produce (`Chance`),
//! shaped so their JSON reads like the table talk: `{"aim":"head"}`,
//! `{"d12":7}`.

use crate::gear::Gear;
use crate::slot::{Placement, Slot};
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
use tourney_core::Seat;

/// A seat's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Three or more players: the seat whose turn it is names its opponent.
    Challenge(Seat),
    /// A duelist whose knight still stands: keep it, or send a fresh one.
    Knight(KnightChoice),
    /// Lay one drawn card face down on the next slot (head, body, left arm,
    /// right arm in turn; the last card goes on the shield by itself).
    Place(Placement),
    /// Where to aim on the opponent's knight.
    Aim(Slot),
    /// Mount and lance for this pass.
    Gear(Gear),
    /// Re-roll these jousting dice once and take a minor injury.
    Push(DiceMask),
    /// Decline to push.
    KeepRoll,
}

/// The choice of a duelist whose knight is still in the lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KnightChoice {
    /// Ride again with the same knight and its injuries.
    Keep,
    /// Withdraw the knight for good and send a fresh one.
    Replace,
}

/// A set of jousting dice of one roll, written in JSON as their numbers in
/// rolling order from 1: `[1, 3]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DiceMask(pub u8);

/// The most jousting dice one roll can have (two, plus the gift).
pub const MOST_D12: usize = 3;

impl DiceMask {
    /// Whether die `die` (from 0, in rolling order) is in the set; there is
    /// never a die past the third.
    pub const fn contains(self, die: usize) -> bool {
        die < MOST_D12 && self.0 & (1 << die) != 0
    }

    /// Dice in the set: how many a push rolls again.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set names no die.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Die numbers from 1, lowest first.
    pub fn numbers(self) -> impl Iterator<Item = u8> {
        (0..MOST_D12 as u8)
            .zip(1..)
            .filter(move |&(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, number)| number)
    }
}

// Written as the die numbers it holds.
tourney_core::schema_as!(DiceMask, Vec<u8>);

impl Serialize for DiceMask {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.numbers())
    }
}

impl<'de> Deserialize<'de> for DiceMask {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let numbers = Vec::<u8>::deserialize(d)?;
        let mut mask = 0u8;
        for n in numbers {
            let bit = match n.checked_sub(1) {
                Some(i) if usize::from(i) < MOST_D12 => 1 << i,
                _ => {
                    return Err(D::Error::custom(format!(
                        "there is no jousting die number {n} (1 to {MOST_D12})"
                    )));
                }
            };
            if mask & bit != 0 {
                return Err(D::Error::custom(format!("die {n} is named twice")));
            }
            mask |= bit;
        }
        Ok(DiceMask(mask))
    }
}

/// The result of a chance step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// The starting player (seats count from 0 in JSON).
    Seat(Seat),
    /// A number card drawn from the drawing player's pile.
    Card(u8),
    /// A jousting die.
    D12(u8),
    /// An injury die.
    D6(u8),
}
