//! The harness behind the fuzz targets in `fuzz_targets/`.
//!
//! Each target is a thin `fuzz_target!` around one function here, so the
//! same code runs under libFuzzer, in the corpus generator
//! (`examples/make_corpus.rs`) and when a crash input is replayed by hand.
//!
//! - [`choices::run`]: bytes → a game, seat count and valid options → a
//!   sequence of legal-action and chance-outcome indices, some out of range,
//!   applied through `DynGame::apply_index` / `apply_chance_index`.
//! - [`json::run`]: the same, but every step is JSON: legal actions and
//!   outcomes as listed, mutated, or made up, through `apply_json` /
//!   `apply_chance_json`; configs too may be mutated or made up.
//! - [`records::run`]: a game record (JSON text, optionally followed by a
//!   NUL and edit bytes) through the path of `tourney replay --verify`.
//!
//! Every input is held to the invariants in [`check`]: nothing panics, a
//! refused step leaves the state as it was, a listed step is accepted, an
//! accepted step was listed, and no view shows a seat what the rules hide
//! from it.

pub mod check;
pub mod choices;
pub mod drive;
pub mod json;
pub mod records;
pub mod setup;

/// Steps tried (applied or refused) on one input at most: no input can make
/// a target run for long, whatever the game and its options.
pub const MAX_STEPS: usize = 2_000;

/// The heavier checks (hidden information, state round trip, every label
/// and rendering) run every this many applied steps, and at the end.
pub const DEEP_EVERY: usize = 128;

/// Whether an input gets the thorough treatment: events told and checked
/// at every step, the deep checks every [`DEEP_EVERY`] steps and at its
/// end, and the record's round trip. One input in eight, picked by a hash
/// of its bytes, so the choice is the same every time the input runs (a
/// crash reproduces) while most executions stay cheap: those checks cost
/// several times the play itself. Every input gets the cheap checks: no
/// panic, the step bound, listed steps accepted, refused ones changing
/// nothing (by the state's `PartialEq`; thorough inputs also compare its
/// serialised form).
pub fn thorough(data: &[u8]) -> bool {
    // FNV-1a.
    let hash = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let thorough = hash % 8 == 0;
    THOROUGH.with(|t| t.set(thorough));
    thorough
}

thread_local! {
    static THOROUGH: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// What [`thorough`] said of the input being run (true outside a target).
pub fn is_thorough() -> bool {
    THOROUGH.with(|t| t.get())
}

/// Plays up to `steps` random steps (uniform legal actions by a random
/// seat on move, chance sampled by its weights) from a generator seeded by
/// `seed`: a short input reaches late positions this way. Returns the steps
/// applied; every one must be accepted, and its events name seats at the
/// table.
pub fn autoplay(game: &mut dyn tourney_core::DynGame, seed: u64, steps: usize, ctx: &str) -> usize {
    use tourney_core::{GameRng, ToMove};
    let mut rng = GameRng::seed_from_u64(seed);
    for done in 0..steps {
        match game.to_move() {
            ToMove::Over(_) => return done,
            ToMove::Seats(on) => {
                let k = rng.below(on.len() as u32) as usize;
                let seat = on.iter().nth(k).expect("a seat on move");
                check::must_accept(game.random_action(seat, &mut rng), || {
                    format!("{ctx}: autoplay, a random action for {seat}")
                });
            }
            ToMove::Chance => {
                check::must_accept(game.sample_chance(&mut rng), || {
                    format!("{ctx}: autoplay, sampling chance")
                });
            }
        }
        check::events_in_range(game, ctx);
    }
    steps
}

/// Reads fuzz bytes front to back; past the end every read gives 0, so a
/// short input is as good as a long one padded with zeros.
pub struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    /// Reads `data` from its first byte.
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// How many bytes are left to read.
    pub fn remaining(&self) -> usize {
        self.data.len()
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// The next eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.u8();
        }
        u64::from_le_bytes(b)
    }

    /// A number below `n` (0 when `n` is 0) from one byte.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            self.u8();
            return 0;
        }
        usize::from(self.u8()) % n
    }

    /// A number below `n` from two bytes.
    pub fn below16(&mut self, n: usize) -> usize {
        if n == 0 {
            self.u16();
            return 0;
        }
        usize::from(self.u16()) % n
    }

    /// One bit of the next byte.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// Up to `max` of the next bytes, as many as are left.
    pub fn bytes(&mut self, max: usize) -> &'a [u8] {
        let n = max.min(self.data.len());
        let (head, rest) = self.data.split_at(n);
        self.data = rest;
        head
    }

    /// Every byte not yet read.
    pub fn rest(&mut self) -> &'a [u8] {
        let rest = self.data;
        self.data = &[];
        rest
    }
}

/// The ops of the step streams of [`choices`] and [`json`]. Both read a
/// step as an op byte and its arguments; op 0 (and every op below
/// [`OP_PLAIN_END`]) is "the listed step", so a real game written as
/// `[0, seat-position, index-lo, index-hi]` per action and
/// `[0, index-lo, index-hi]` per chance step plays the same in both.
pub const OP_PLAIN_END: u8 = 8;
