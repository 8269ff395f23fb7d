//! The step loop both game targets share: read an op, hand it to the
//! target's own step for seats or for chance, play randomly for a while on
//! the target's random-play op, stop at the step bound or when the game
//! ends, and run the deep checks on thorough inputs.

use crate::check::{self, Probe};
use crate::{DEEP_EVERY, MAX_STEPS, Reader};
use tourney_core::{DynGame, GameEntry, GameRng, ToMove};

/// What one target does with an op. The op is `byte % 16`.
pub trait Steps {
    /// The op that asks for random play `[op, steps, seed (2 bytes LE)]`.
    const RANDOM_PLAY: u8;

    /// A step while seats are on move; returns whether one was applied.
    fn seats(
        &mut self,
        game: &mut dyn DynGame,
        op: u8,
        r: &mut Reader<'_>,
        rng: &mut GameRng,
        ctx: &str,
    ) -> bool;

    /// A step while a chance step is due; returns whether one was applied.
    fn chance(
        &mut self,
        game: &mut dyn DynGame,
        op: u8,
        r: &mut Reader<'_>,
        rng: &mut GameRng,
        ctx: &str,
    ) -> bool;

    /// What is tried once the game is over (everything must be refused).
    fn over(&mut self, game: &mut dyn DynGame, r: &mut Reader<'_>, ctx: &str);
}

/// A game being fuzzed: where it came from and how to name it.
pub struct Table<'a> {
    /// The game's catalog entry, to check the record's replay.
    pub entry: &'a GameEntry,
    /// The typed checks of the game.
    pub probe: &'a Probe,
    /// Seats at the table, for messages.
    pub seats: usize,
    /// Seeds the checks' own generator.
    pub seed: u64,
    /// Whether the input gets the thorough checks ([`crate::thorough`]).
    pub thorough: bool,
}

/// Plays the rest of the input's steps on `game`.
pub fn run<S: Steps>(table: &Table<'_>, game: &mut dyn DynGame, r: &mut Reader<'_>, steps: &mut S) {
    let Table {
        entry,
        probe,
        seats,
        thorough,
        ..
    } = *table;
    let name = entry.info.name;
    let mut rng = GameRng::seed_from_u64(table.seed);
    let mut applied = 0usize;
    let mut next_deep = DEEP_EVERY;
    let mut tried = 0;
    let mut deep_when_due = |applied: usize, rng: &mut GameRng, game: &dyn DynGame, ctx: &str| {
        if thorough && applied >= next_deep {
            check::deep(probe, game, rng, ctx);
            next_deep = applied + DEEP_EVERY;
        }
    };
    while tried < MAX_STEPS && !r.is_empty() {
        let ctx = format!("{name} ({seats} seats), try {tried}");
        let op = r.u8() % 16;
        let stepped = match game.to_move() {
            ToMove::Over(_) => {
                steps.over(game, r, &ctx);
                break;
            }
            // Random play for a while (its steps count against the bound).
            _ if op == S::RANDOM_PLAY => {
                let (count, seed) = (usize::from(r.u8()), u64::from(r.u16()));
                let count = count.min(MAX_STEPS - tried);
                applied += crate::autoplay(game, seed, count, &ctx);
                tried += count.max(1);
                deep_when_due(applied, &mut rng, game, &ctx);
                continue;
            }
            ToMove::Seats(_) => steps.seats(game, op, r, &mut rng, &ctx),
            ToMove::Chance => steps.chance(game, op, r, &mut rng, &ctx),
        };
        tried += 1;
        if stepped {
            applied += 1;
            check::events_in_range(game, &ctx);
            deep_when_due(applied, &mut rng, game, &ctx);
        }
    }
    if thorough {
        let ctx = format!("{name} ({seats} seats), at the end");
        check::deep(probe, game, &mut rng, &ctx);
        check::record_replays(entry, probe, game, &ctx);
    }
}
