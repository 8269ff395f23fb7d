//! Counting a roll: pure functions of the faces, so each counting rule can be
//! tested on its own.

use crate::actions::MOST_D12;
use crate::content::{FEATHER, HEAL, RAVEN, SNAKE};

/// Successes one jousting die scores against a target number.
pub const fn successes(face: u8, target: u8, flying: bool) -> u8 {
    if face == RAVEN {
        2
    } else if face == FEATHER {
        if flying { 2 } else { 1 }
    } else if face > 1 && face >= target {
        1
    } else {
        0
    }
}

/// Which dice of a roll count: all of them, or with the gift's third die,
/// the two highest. Among equal lowest faces the later die is dropped.
pub fn kept(faces: &[u8; MOST_D12], count: u8) -> u8 {
    if usize::from(count) < MOST_D12 {
        // 1 << count is at least 1, so this never saturates.
        return (1u8 << count).saturating_sub(1);
    }
    // The last of the lowest faces: `min_by_key` keeps the first it meets.
    let low = faces
        .iter()
        .enumerate()
        .rev()
        .min_by_key(|&(_, &f)| f)
        .map_or(0, |(i, _)| i);
    0b111 & !(1 << low)
}

/// What the kept jousting dice of a roll add up to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Successes of the kept dice against the target, ravens and feathers at
    /// their worth; the snakes are not yet taken off.
    pub successes: u8,
    /// Kept dice showing 1.
    pub ones: u8,
}

/// Counts a roll of `count` jousting dice (2, or 3 with the gift): the
/// successes and the ones of the dice [`kept`] only.
pub fn tally(faces: &[u8; MOST_D12], count: u8, target: u8, flying: bool) -> Tally {
    let keep = kept(faces, count);
    let mut t = Tally::default();
    for (i, &f) in faces.iter().enumerate() {
        if keep & (1 << i) != 0 {
            t.successes = t.successes.saturating_add(successes(f, target, flying));
            t.ones = t.ones.saturating_add(u8::from(f == 1));
        }
    }
    t
}

/// Successes left after the injury dice's snakes, never below zero.
pub const fn net(successes: u8, snakes: u8) -> u8 {
    successes.saturating_sub(snakes)
}

/// More ones than net successes: the roll fumbles.
pub const fn fumbles(ones: u8, net: u8) -> bool {
    ones > net
}

/// Injury dice rolled in a pass, counted by face (index 0 is face 1).
pub type Faces = [u8; 6];

/// Snakes shown by a roll's injury dice, minor and major alike: each one
/// cancels a success.
pub fn snakes(minor: &Faces, major: &Faces) -> u8 {
    showing(minor, SNAKE).saturating_add(showing(major, SNAKE))
}

/// Minor-injury dice that showed the heal face (major dice never heal).
pub fn heals(minor: &Faces) -> u8 {
    showing(minor, HEAL)
}

/// Dice of a roll counted by face that show `face`.
fn showing(faces: &Faces, face: u8) -> u8 {
    usize::from(face)
        .checked_sub(1)
        .and_then(|i| faces.get(i))
        .copied()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_at_or_above_the_target_is_one_success() {
        assert_eq!(successes(7, 7, false), 1);
        assert_eq!(successes(6, 7, false), 0);
        assert_eq!(successes(10, 2, false), 1);
        assert_eq!(successes(1, 2, false), 0);
    }

    #[test]
    fn raven_is_two_and_feather_depends_on_the_mount() {
        assert_eq!(successes(12, 10, false), 2);
        assert_eq!(successes(12, 10, true), 2);
        assert_eq!(successes(11, 10, false), 1);
        assert_eq!(successes(11, 10, true), 2);
    }

    #[test]
    fn gift_keeps_the_two_highest() {
        assert_eq!(kept(&[3, 9, 5], 3), 0b110);
        assert_eq!(kept(&[1, 1, 8], 3), 0b101);
        assert_eq!(kept(&[4, 2, 0], 2), 0b011);
        // the dropped die's 1 does not count as a one
        let t = tally(&[1, 9, 12], 3, 8, false);
        assert_eq!(
            t,
            Tally {
                successes: 3,
                ones: 0
            }
        );
        let t = tally(&[1, 1, 12], 3, 8, false);
        assert_eq!(
            t,
            Tally {
                successes: 2,
                ones: 1
            }
        );
    }

    #[test]
    fn snakes_cancel_successes_but_not_below_zero() {
        assert_eq!(net(3, 1), 2);
        assert_eq!(net(1, 2), 0);
        let mut minor = [0; 6];
        let mut major = [0; 6];
        minor[0] = 1;
        major[0] = 2;
        minor[5] = 1;
        assert_eq!(snakes(&minor, &major), 3);
        assert_eq!(heals(&minor), 1);
        major[5] = 1;
        assert_eq!(heals(&minor), 1, "major dice never heal");
        assert_eq!(snakes(&minor, &major), 3);
    }

    #[test]
    fn fumble_is_more_ones_than_net_successes() {
        assert!(fumbles(1, 0));
        assert!(!fumbles(1, 1));
        assert!(fumbles(2, 1));
        assert!(!fumbles(0, 0));
        let t = tally(&[1, 5, 0], 2, 6, false);
        assert_eq!(
            t,
            Tally {
                successes: 0,
                ones: 1
            }
        );
    }
}
