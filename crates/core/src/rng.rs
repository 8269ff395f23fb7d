//! Seeded randomness that gives the same numbers on every machine.
//!
//! Only the raw ChaCha8 stream comes from `rand_chacha`; the sampling on top
//! (uniform integers, weighted choice, shuffling) is our own, so a change in a
//! dependency's sampling algorithms can never change which games a seed gives.
//! The golden vectors in the tests pin this down.

use crate::Weight;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The one random generator of Tourney: a seeded ChaCha8 stream.
///
/// The same seed gives the same numbers on every machine, and game *i* of a
/// run has a stream of its own:
///
/// ```
/// use tourney_core::GameRng;
///
/// let mut a = GameRng::seed_from_u64(42);
/// let mut b = GameRng::seed_from_u64(42);
/// let die: Vec<u32> = (0..5).map(|_| a.below(6) + 1).collect();
/// assert_eq!(die, (0..5).map(|_| b.below(6) + 1).collect::<Vec<_>>());
/// assert!(die.iter().all(|face| (1..=6).contains(face)));
///
/// // Weighted choice: an entry of weight 0 never comes up.
/// let mut rng = GameRng::for_game(42, 3);
/// for _ in 0..100 {
///     assert_ne!(rng.pick_weighted(&[("never", 0), ("always", 5)]), Some(0));
/// }
/// ```
#[derive(Debug, Clone)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// A generator for a short seed, such as one typed on the command line.
    pub fn seed_from_u64(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// An independent stream for game number `index` of a run seeded with `seed`,
    /// so parallel simulations give the same games whatever the thread count.
    pub fn for_game(seed: u64, index: u64) -> GameRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(&index.to_le_bytes());
        key[16..24].copy_from_slice(b"tourney!");
        GameRng(ChaCha8Rng::from_seed(key))
    }

    /// The stream for step number `step` (numbered from 1, as in records) of
    /// a table whose dice come from the secret 32-byte `seed`: ChaCha8 keyed
    /// by the seed, on stream `step`. Each step's draw is independent of how
    /// many numbers earlier steps used, so anyone holding the seed can check
    /// any one step on its own (see `DiceSeed`).
    pub fn for_step(seed: &[u8; 32], step: u64) -> GameRng {
        let mut rng = ChaCha8Rng::from_seed(*seed);
        rng.set_stream(step);
        GameRng(rng)
    }

    /// The next 32 raw bits of the stream.
    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// The next 64 raw bits of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (`n` > 0), by Lemire's multiply-and-reject
    /// method: exact, and one 32-bit draw almost always.
    #[allow(clippy::arithmetic_side_effects)] // n is at least 1, and u32 × u32 fits in u64
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "below(0) has no outcome");
        let n = n.max(1);
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u64::from(self.next_u32()) * u64::from(n);
            if (product as u32) >= threshold {
                return (product >> 32) as u32;
            }
        }
    }

    /// Index of an entry chosen with probability proportional to its weight.
    /// Returns `None` for an empty list or one whose weights are all zero.
    pub fn pick_weighted<T>(&mut self, items: &[(T, Weight)]) -> Option<usize> {
        let total: u64 = items.iter().map(|(_, w)| u64::from(*w)).sum();
        if total == 0 || total > u64::from(u32::MAX) {
            return None;
        }
        let mut ticket = u64::from(self.below(total as u32));
        for (i, (_, w)) in items.iter().enumerate() {
            match ticket.checked_sub(u64::from(*w)) {
                Some(rest) => ticket = rest,
                None => return Some(i),
            }
        }
        None
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below((i as u32).saturating_add(1)) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Golden vectors: if one of these changes, every recorded seed in the
    // world gives different games. Never update them casually.
    #[test]
    fn seed_42_gives_the_same_d12_rolls_everywhere() {
        let mut rng = GameRng::seed_from_u64(42);
        let rolls: Vec<u32> = (0..12).map(|_| rng.below(12) + 1).collect();
        assert_eq!(rolls, GOLDEN_D12_SEED_42);
    }

    #[test]
    fn per_game_streams_are_fixed() {
        let mut rng = GameRng::for_game(7, 3);
        let raw: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(raw, GOLDEN_RAW_GAME_7_3);
    }

    // GOLDEN_RAW_STEP_17 was also computed by a from-scratch ChaCha8 (8
    // rounds; state words 4-11 the seed, 12-13 the block counter from 0,
    // 14-15 the step as a little-endian u64; each u64 is two output words,
    // the low one first), so another language can reproduce the dice.
    #[test]
    fn per_step_streams_are_fixed() {
        let mut seed = [0u8; 32];
        for (i, b) in seed.iter_mut().enumerate() {
            *b = i as u8;
        }
        let mut rng = GameRng::for_step(&seed, 17);
        let raw: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(raw, GOLDEN_RAW_STEP_17);
        // Another step, or the same step of another seed, is another stream.
        let mut next = GameRng::for_step(&seed, 18);
        assert_ne!(next.next_u64(), GOLDEN_RAW_STEP_17[0]);
        seed[31] ^= 1;
        let mut other = GameRng::for_step(&seed, 17);
        assert_ne!(other.next_u64(), GOLDEN_RAW_STEP_17[0]);
        // The same seed and step always start the same stream afresh.
        let mut again = GameRng::for_step(&[7; 32], 3);
        let first = again.next_u64();
        assert_eq!(GameRng::for_step(&[7; 32], 3).next_u64(), first);
    }

    #[test]
    fn weighted_pick_and_shuffle_are_fixed() {
        let mut rng = GameRng::seed_from_u64(1);
        let items = [('a', 1), ('b', 0), ('c', 3)];
        let picks: Vec<usize> = (0..8).map(|_| rng.pick_weighted(&items).unwrap()).collect();
        assert!(!picks.contains(&1), "a zero weight is never picked");
        assert_eq!(picks, GOLDEN_PICKS_SEED_1);
        let mut deck: Vec<u8> = (0..10).collect();
        rng.shuffle(&mut deck);
        assert_eq!(deck, GOLDEN_SHUFFLE_SEED_1);
    }

    #[test]
    fn below_is_uniform_enough() {
        let mut rng = GameRng::seed_from_u64(9);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_400..=10_600).contains(&c), "counts {counts:?}");
        }
    }

    #[test]
    fn pick_weighted_refuses_nothing_to_pick() {
        let mut rng = GameRng::seed_from_u64(1);
        assert_eq!(rng.pick_weighted::<u8>(&[]), None);
        assert_eq!(rng.pick_weighted(&[(1u8, 0)]), None);
    }

    const GOLDEN_D12_SEED_42: [u32; 12] = [3, 9, 2, 12, 10, 6, 5, 8, 9, 4, 8, 2];
    const GOLDEN_RAW_GAME_7_3: [u64; 3] = [
        12185623898265585559,
        18368459937915510531,
        6238799256212588100,
    ];
    const GOLDEN_RAW_STEP_17: [u64; 3] = [
        4218382183513761066,
        606194655752979006,
        10131196811349673964,
    ];
    const GOLDEN_PICKS_SEED_1: [usize; 8] = [2, 2, 2, 0, 0, 2, 2, 0];
    const GOLDEN_SHUFFLE_SEED_1: [u8; 10] = [1, 3, 0, 6, 5, 9, 4, 7, 2, 8];
}
