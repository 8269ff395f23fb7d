//! What one pass did, kept for the table to read afterwards.

use crate::actions::{DiceMask, MOST_D12};
use crate::dice::Faces;
use crate::gear::Gear;
use crate::knight::Injury;
use crate::slot::Slot;
use serde::{Deserialize, Serialize};
use tourney_core::Seat;

/// One duelist's pass, start to end. Fixed-size, so the state stays `Copy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SideReport {
    /// Whose pass this is.
    pub seat: Seat,
    /// The number of the knight that rode.
    pub knight: u8,
    /// The slot it aimed at; `None` until it aimed.
    pub aim: Option<Slot>,
    /// The opponent's card on the aimed slot.
    pub target: u8,
    /// Its mount and lance; `None` until chosen.
    pub gear: Option<Gear>,
    /// Jousting dice after any push (0: not rolled).
    pub d12: [u8; MOST_D12],
    /// 2, or 3 with the ground mount's gift.
    pub d12_count: u8,
    /// The dice that counted.
    pub kept: DiceMask,
    /// The dice it pushed and rolled again (empty: it kept the roll).
    pub pushed: DiceMask,
    /// The lance of war's shield bonus die (0: not rolled).
    pub bonus: u8,
    /// Injury dice of the roll, counted by face (index 0 is face 1).
    pub minor_dice: Faces,
    /// Major-injury dice of the roll, counted by face the same way.
    pub major_dice: Faces,
    /// Successes of the kept dice and the bonus die, before the snakes.
    pub successes: u8,
    /// Snakes on the injury dice of the roll.
    pub snakes: u8,
    /// Net successes, the bonus die included.
    pub net: u8,
    /// Kept jousting dice showing 1, and the bonus die if it did.
    pub ones: u8,
    /// More ones than net successes.
    pub fumble: bool,
    /// Points gained (negative: lost).
    pub points: i16,
    /// What this duelist's lance did to the opponent's knight.
    pub dealt: Injury,
    /// What pushing cost this duelist's own knight.
    pub push_injury: Injury,
    /// The knight fell from its horse and left the event.
    pub dismounted: bool,
    /// Major-injury rolls of the pass, counted by face.
    pub injury_rolls: Faces,
    /// A major-injury roll showed a snake: the knight left the event.
    pub left_by_injury: bool,
    /// The ground mount's gift was earned for the next pass.
    pub gift: bool,
}
