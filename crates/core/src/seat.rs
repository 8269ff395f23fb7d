//! Seats at the table and small sets of them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats any Tourney game supports (Ritter plays with up to ten).
pub const MAX_SEATS: usize = 16;

/// One place at the table, numbered from 0. Shown to people from 1 ("seat 1").
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat at `index` (from 0), for loops over a table's seats. Only the
    /// low 8 bits are kept, so keep `index` below [`MAX_SEATS`].
    pub const fn new(index: usize) -> Seat {
        Seat(index as u8)
    }

    /// The seat's number from 0, to index per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", u16::from(self.0) + 1)
    }
}

/// A set of seats as a bit mask: several seats can be on move at once
/// (simultaneous choices) and several can share a result, without allocating.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct SeatSet(u16);

/// The bit of a seat; seats beyond the mask have none, so a corrupt seat
/// number from a file can never overflow a shift.
const fn bit(seat: Seat) -> u16 {
    match 1u16.checked_shl(seat.0 as u32) {
        Some(b) => b,
        None => 0,
    }
}

impl SeatSet {
    /// No seats: nobody on move, or nobody won.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Just `seat`: one seat on move, or a sole winner.
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(bit(seat))
    }

    /// The first `n` seats.
    pub const fn first(n: usize) -> SeatSet {
        if n >= 16 {
            SeatSet(u16::MAX)
        } else {
            // 1 << n is at least 1, so taking 1 away never wraps.
            SeatSet((1u16 << n).wrapping_sub(1))
        }
    }

    /// Whether `seat` is in the set (never, for a seat beyond the mask).
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & bit(seat) != 0
    }

    /// Adds `seat`; a seat beyond the mask is ignored.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= bit(seat);
    }

    /// Takes `seat` out, if it is in.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !bit(seat);
    }

    /// The set with `seat` added, for building sets in `const` code.
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | bit(seat))
    }

    /// Seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no seat.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered seat in the set.
    pub fn first_seat(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let seat = bits.trailing_zeros() as u8;
            // Clears the lowest bit; `bits` is not zero, so this never wraps.
            bits &= bits.wrapping_sub(1);
            Some(Seat(seat))
        })
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Display for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|s| s.to_string()).collect();
        f.write_str(&names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_seat_order() {
        let set: SeatSet = [Seat(3), Seat(0), Seat(9)].into_iter().collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            vec![Seat(0), Seat(3), Seat(9)]
        );
        assert_eq!(set.len(), 3);
        assert_eq!(set.first_seat(), Some(Seat(0)));
        assert!(!set.contains(Seat(1)));
        assert_eq!(SeatSet::first(3).to_string(), "seat 1, seat 2, seat 3");
        // A corrupt seat number is simply not in any set.
        assert!(SeatSet::single(Seat(200)).is_empty());
        assert!(!SeatSet::first(16).contains(Seat(40)));
    }
}
