//! The five target slots of a knight and a placement of cards on them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Slots per knight; a pass draws one card for each.
pub const SLOTS: usize = 5;

/// Where a card lies on a knight, and where a lance is aimed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Head,
    Body,
    LeftArm,
    RightArm,
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

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

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

/// Five number cards laid face down on the five slots, one each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub head: u8,
    pub body: u8,
    pub left_arm: u8,
    pub right_arm: u8,
    pub shield: u8,
}

impl Placement {
    /// Cards in table order (head, body, left arm, right arm, shield).
    pub const fn from_cards(c: [u8; SLOTS]) -> Placement {
        let [head, body, left_arm, right_arm, shield] = c;
        Placement {
            head,
            body,
            left_arm,
            right_arm,
            shield,
        }
    }

    pub const fn cards(&self) -> [u8; SLOTS] {
        [
            self.head,
            self.body,
            self.left_arm,
            self.right_arm,
            self.shield,
        ]
    }
}

/// Every ordering of five cards, as indices into the hand.
const PERMUTATIONS: [[u8; SLOTS]; 120] = permutations();

/// For each pattern of equal neighbours in a sorted hand (bit i: card i equals
/// card i+1), the permutations that give distinct placements: among equal
/// cards only the ordering that keeps their hand order, so each distinct
/// placement is listed exactly once. Built at compile time.
const DISTINCT: [([u8; 120], u8); 16] = distinct_tables();

const fn permutations() -> [[u8; SLOTS]; 120] {
    let mut out = [[0u8; SLOTS]; 120];
    let mut n = 0;
    let mut code = 0;
    // Walk all 5^5 index tuples and keep those using each index once, which
    // yields the permutations in lexicographic order.
    while code < 3125 {
        let mut p = [0u8; SLOTS];
        let mut seen = 0u8;
        let mut c = code;
        let mut i = SLOTS;
        while i > 0 {
            i -= 1;
            p[i] = (c % 5) as u8;
            seen |= 1 << (c % 5);
            c /= 5;
        }
        if seen == 0b11111 {
            out[n] = p;
            n += 1;
        }
        code += 1;
    }
    out
}

const fn distinct_tables() -> [([u8; 120], u8); 16] {
    let mut tables = [([0u8; 120], 0u8); 16];
    let mut pattern = 0;
    while pattern < 16 {
        let mut k = 0;
        let mut len = 0;
        while k < 120 {
            let p = PERMUTATIONS[k];
            // position of each hand index within the placement
            let mut pos = [0u8; SLOTS];
            let mut s = 0;
            while s < SLOTS {
                pos[p[s] as usize] = s as u8;
                s += 1;
            }
            let mut ok = true;
            let mut i = 0;
            while i < SLOTS - 1 {
                if pattern & (1 << i) != 0 && pos[i] > pos[i + 1] {
                    ok = false;
                }
                i += 1;
            }
            if ok {
                tables[pattern].0[len] = k as u8;
                len += 1;
            }
            k += 1;
        }
        tables[pattern].1 = len as u8;
        pattern += 1;
    }
    tables
}

/// Calls `each` once for every distinct way to lay `hand` on the slots.
pub fn for_each_placement(hand: [u8; SLOTS], mut each: impl FnMut(Placement)) {
    let mut sorted = hand;
    sorted.sort_unstable();
    let mut pattern = 0usize;
    for i in 0..SLOTS - 1 {
        if sorted.get(i) == sorted.get(i + 1) {
            pattern |= 1 << i;
        }
    }
    let Some((list, len)) = DISTINCT.get(pattern) else {
        return;
    };
    for &k in list.iter().take(usize::from(*len)) {
        if let Some(p) = PERMUTATIONS.get(usize::from(k)) {
            let card = |i: u8| sorted.get(usize::from(i)).copied().unwrap_or(0);
            each(Placement::from_cards([
                card(p[0]),
                card(p[1]),
                card(p[2]),
                card(p[3]),
                card(p[4]),
            ]));
        }
    }
}

/// Whether `placement` uses exactly the cards of `hand`.
pub fn same_cards(hand: [u8; SLOTS], placement: &Placement) -> bool {
    let mut a = hand;
    let mut b = placement.cards();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(hand: [u8; 5]) -> usize {
        let mut all = Vec::new();
        for_each_placement(hand, |p| all.push(p));
        let n = all.len();
        all.sort_by_key(|p| p.cards());
        all.dedup();
        assert_eq!(all.len(), n, "a placement was listed twice");
        assert!(all.iter().all(|p| same_cards(hand, p)));
        n
    }

    #[test]
    fn lists_each_distinct_placement_once() {
        assert_eq!(count([2, 3, 4, 5, 6]), 120);
        assert_eq!(count([7, 3, 7, 5, 6]), 60);
        assert_eq!(count([7, 7, 7, 5, 5]), 10);
        assert_eq!(count([9, 9, 9, 9, 2]), 5);
        assert_eq!(count([4, 4, 2, 2, 8]), 30);
    }
}
