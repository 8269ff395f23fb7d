//! A player's knights and the injury pool of the one in the lists.

use crate::content::{COPIES_PER_RANK, MOST_MINOR, RANKS};
use crate::slot::{SLOTS, Slot};
use serde::{Deserialize, Serialize};
use tourney_core::Pile;

/// What a lance or a push did to a knight.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Injury {
    /// No injury: a lance that did not wound, or a fourth minor injury the
    /// option ignores.
    #[default]
    None,
    /// An injury die joins the pool: its snakes cancel successes, and it
    /// leaves the pool when it shows the heal face.
    Minor,
    /// A permanent injury die, and after the pass a roll of the whole pool in
    /// which a snake ends the knight's event.
    Major,
}

/// The knight a player has in the lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Knight {
    /// Which of the player's knights this is, counting from 1 in the order sent.
    pub number: u8,
    /// Minor-injury dice: they can heal.
    pub minor: u8,
    /// Major-injury dice: permanent.
    pub major: u8,
}

impl Knight {
    /// The `number`th knight sent, unhurt.
    pub const fn fresh(number: u8) -> Knight {
        Knight {
            number,
            minor: 0,
            major: 0,
        }
    }

    /// Injury dice the knight rolls.
    pub const fn pool(&self) -> u8 {
        self.minor.saturating_add(self.major)
    }

    /// Adds a minor injury. A knight already holding the most minor dice takes
    /// a major one instead, or (option off) nothing. Returns what it took.
    pub fn take_minor(&mut self, fourth_becomes_major: bool) -> Injury {
        if self.minor < MOST_MINOR {
            self.minor = self.minor.saturating_add(1);
            Injury::Minor
        } else if fourth_becomes_major {
            self.take_major();
            Injury::Major
        } else {
            Injury::None
        }
    }

    /// Adds a permanent major-injury die. The roll of the pool it calls for
    /// is counted by the pass in progress, not here.
    pub fn take_major(&mut self) {
        self.major = self.major.saturating_add(1);
    }

    /// Adds the injury a lance of war dealt, a minor one through
    /// [`Knight::take_minor`]; returns what the knight actually took.
    pub fn take(&mut self, injury: Injury, fourth_becomes_major: bool) -> Injury {
        match injury {
            Injury::None => Injury::None,
            Injury::Minor => self.take_minor(fourth_becomes_major),
            Injury::Major => {
                self.take_major();
                Injury::Major
            }
        }
    }

    /// Minor dice that showed the heal face leave the pool.
    pub fn heal(&mut self, heals: u8) {
        self.minor = self.minor.saturating_sub(heals);
    }
}

/// One seat's side of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Player {
    /// Event points; a fumble can take them below zero.
    pub points: i16,
    /// Knights sent into the lists so far, fallen and withdrawn ones included.
    pub sent: u8,
    /// The knight in the lists, if one stands there.
    pub knight: Option<Knight>,
    /// Earned with a ground mount: an extra jousting die on the next pass.
    pub gift: bool,
    /// The face-down number cards, by rank index
    /// ([`rank_index`](crate::content::rank_index)); the discards are shuffled
    /// back in when it runs out.
    pub pile: Pile<RANKS>,
    /// Open: slot cards are discarded face up.
    pub discard: Pile<RANKS>,
    /// Aims turned up in the passes fought so far, by slot in table order:
    /// open to all, like the discards.
    pub aims: [u8; SLOTS],
}

impl Player {
    /// A player before the event: no points, no knight sent, every number card
    /// in the face-down pile.
    pub fn new() -> Player {
        Player {
            points: 0,
            sent: 0,
            knight: None,
            gift: false,
            pile: Pile::uniform(COPIES_PER_RANK),
            discard: Pile::default(),
            aims: [0; SLOTS],
        }
    }

    /// Times this player has aimed at `slot` in the passes fought so far.
    pub fn aimed(&self, slot: Slot) -> u8 {
        *slot.of(&self.aims)
    }

    /// How strongly this player's record points to an aim at `slot`: the
    /// times it aimed there, plus one so that no slot is ruled out (the
    /// weight of `Evaluate::habit` and of the habit-weighted evaluation).
    pub fn aim_weight(&self, slot: Slot) -> u32 {
        u32::from(self.aimed(slot)) + 1
    }

    /// Counts an aim that was turned up.
    pub fn record_aim(&mut self, slot: Slot) {
        let n = slot.of_mut(&mut self.aims);
        *n = n.saturating_add(1);
    }

    /// Knights not yet sent.
    pub const fn fresh(&self, knights: u8) -> u8 {
        knights.saturating_sub(self.sent)
    }

    /// Knights still in the event: waiting or in the lists.
    pub const fn knights_left(&self, knights: u8) -> u8 {
        self.fresh(knights)
            .saturating_add(self.knight.is_some() as u8)
    }

    /// Sends the next fresh knight (withdrawing any in the lists for good).
    pub fn send_fresh(&mut self) {
        self.sent = self.sent.saturating_add(1);
        self.knight = Some(Knight::fresh(self.sent));
    }
}

impl Default for Player {
    fn default() -> Self {
        Player::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fourth_minor_injury_is_major_or_ignored() {
        let mut k = Knight::fresh(1);
        for _ in 0..3 {
            assert_eq!(k.take_minor(true), Injury::Minor);
        }
        assert_eq!(k.take_minor(false), Injury::None);
        assert_eq!((k.minor, k.major), (3, 0));
        assert_eq!(k.take_minor(true), Injury::Major);
        assert_eq!((k.minor, k.major), (3, 1));
        k.heal(2);
        assert_eq!((k.minor, k.major, k.pool()), (1, 1, 2));
    }
}
