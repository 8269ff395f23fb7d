//! Target `choices`: a game played by indices into the listed actions and
//! chance outcomes, some deliberately out of range or out of turn.
//!
//! Input: a [`Setup`] (game, seats, seed, options), then steps. Each step
//! is an op byte; `op % 16` says what to try (see [`run`]). Ops below
//! [`crate::OP_PLAIN_END`] take the listed step: for seats on move
//! `[op, seat position among those on move, index (2 bytes LE)]`, for a
//! chance step `[op, index (2 bytes LE)]`, the index taken modulo the
//! list's length. A listed step must be accepted.
//!
//! The other ops, while seats are on move: 8 a raw index (refused past the
//! end), 9 any seat (even one not at the table) with an index, 10 a chance
//! outcome and 11 sampling chance (both refused), 12 `random_action` for a
//! seat on move, 13 for one not on move (refused), 14 random play for up to
//! 255 steps `[14, steps, seed (2 bytes LE)]`, 15 the listed step. While a
//! chance step is due: 8 a raw index, 9 an action (refused), 10 sampling,
//! 11 `random_action` (refused), 14 random play, the rest the listed
//! outcome. Once the game is over every step is refused.

use crate::check::{self, Snapshot, must_accept, must_refuse, nth_on_move};
use crate::drive;
use crate::setup::{Setup, games};
use crate::{OP_PLAIN_END, Reader};
use tourney_core::{DynError, DynGame, GameRng, Seat, ToMove};

/// Plays one input; panics on a broken invariant.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    let setup = Setup::read(&mut r);
    let all = games();
    let fuzzed = &all[setup.game];
    let entry = &fuzzed.kit.entry;
    let probe = &fuzzed.probe;
    let name = entry.info.name;
    // The generated options are valid for the seat count: the game must
    // agree, through both doors a front end uses.
    let checked = (entry.check_config)(&setup.config, setup.seats).unwrap_or_else(|e| {
        panic!(
            "{name}: valid options {} for {} seats refused: {e}",
            setup.config, setup.seats
        )
    });
    let mut game = (entry.create)(&setup.config, setup.names(), setup.seed).unwrap_or_else(|e| {
        panic!(
            "{name}: valid options {} for {} seats refused: {e}",
            setup.config, setup.seats
        )
    });
    assert_eq!(
        game.record().config,
        checked,
        "{name}: the record's config is not the checked one"
    );
    let thorough = crate::thorough(data);
    game.tell_events(thorough);
    let table = drive::Table {
        entry,
        probe,
        seats: setup.seats,
        seed: setup.seed.unwrap_or(7),
        thorough,
    };
    drive::run(&table, game.as_mut(), &mut r, &mut ByIndex { probe });
}

/// The steps of this target: indices into the listed steps.
struct ByIndex<'a> {
    probe: &'a check::Probe,
}

impl drive::Steps for ByIndex<'_> {
    const RANDOM_PLAY: u8 = 14;

    fn seats(
        &mut self,
        game: &mut dyn DynGame,
        op: u8,
        r: &mut Reader<'_>,
        rng: &mut GameRng,
        ctx: &str,
    ) -> bool {
        seats_step(self.probe, game, op, r, rng, ctx)
    }

    fn chance(
        &mut self,
        game: &mut dyn DynGame,
        op: u8,
        r: &mut Reader<'_>,
        rng: &mut GameRng,
        ctx: &str,
    ) -> bool {
        chance_step(self.probe, game, op, r, rng, ctx)
    }

    fn over(&mut self, game: &mut dyn DynGame, r: &mut Reader<'_>, ctx: &str) {
        over(self.probe, game, r, ctx);
    }
}

/// A step while seats are on move; returns whether one was applied.
fn seats_step(
    probe: &check::Probe,
    game: &mut dyn DynGame,
    op: u8,
    r: &mut Reader<'_>,
    rng: &mut GameRng,
    ctx: &str,
) -> bool {
    let to_move = game.to_move();
    let seats = game.seats();
    match op {
        // The listed action (op 14 is autoplay, in `run`).
        _ if !(OP_PLAIN_END..14).contains(&op) => {
            let seat = nth_on_move(to_move, r.u8().into()).expect("seats are on move");
            let n = (probe.actions)(game, seat);
            assert!(n > 0, "{ctx}: {seat} is on move with no legal action");
            let i = r.below16(n);
            must_accept(game.apply_index(seat, i), || {
                format!("{ctx}: {seat}'s listed action {i} of {n}")
            });
            true
        }
        // A raw index for a seat on move: past the end it is refused.
        8 => {
            let seat = nth_on_move(to_move, r.u8().into()).expect("seats are on move");
            let n = (probe.actions)(game, seat);
            let i = usize::from(r.u16());
            try_index(probe, game, seat, i, n, ctx)
        }
        // Any seat, on move or not, even one not at the table.
        9 => {
            let seat = Seat::new(r.below(seats + 2));
            let n = (probe.actions)(game, seat);
            let i = r.below(n + 2);
            let on = matches!(to_move, ToMove::Seats(s) if s.contains(seat));
            assert!(
                on || n == 0,
                "{ctx}: {seat} is not on move but lists {n} actions"
            );
            try_index(probe, game, seat, i, n, ctx)
        }
        // A chance outcome while seats are on move.
        10 => {
            let i = usize::from(r.u8());
            must_refuse(
                probe,
                game,
                &format!("{ctx}: chance outcome {i} while seats are on move"),
                |g| g.apply_chance_index(i),
            );
            false
        }
        // Sampling chance while seats are on move.
        11 => {
            let mut dice = GameRng::seed_from_u64(r.u16().into());
            must_refuse(
                probe,
                game,
                &format!("{ctx}: chance sampling while seats are on move"),
                |g| g.sample_chance(&mut dice),
            );
            false
        }
        // A random legal action, as a forced move or a random bot plays it.
        12 => {
            let seat = nth_on_move(to_move, r.u8().into()).expect("seats are on move");
            must_accept(game.random_action(seat, rng), || {
                format!("{ctx}: a random action for {seat}")
            });
            true
        }
        // A random action for a seat not on move.
        _ => {
            let seat = Seat::new(r.below(seats + 2));
            if matches!(to_move, ToMove::Seats(s) if s.contains(seat)) {
                return false;
            }
            must_refuse(
                probe,
                game,
                &format!("{ctx}: a random action for {seat}, not on move"),
                |g| g.random_action(seat, rng),
            );
            false
        }
    }
}

/// A step while a chance step is due; returns whether one was applied.
fn chance_step(
    probe: &check::Probe,
    game: &mut dyn DynGame,
    op: u8,
    r: &mut Reader<'_>,
    rng: &mut GameRng,
    ctx: &str,
) -> bool {
    let seats = game.seats();
    let n = (probe.outcomes)(game);
    match op {
        // The listed outcome (op 14 is autoplay, in `run`).
        _ if !(OP_PLAIN_END..12).contains(&op) => {
            assert!(n > 0, "{ctx}: a chance step lists no outcome");
            let i = r.below16(n);
            must_accept(game.apply_chance_index(i), || {
                format!("{ctx}: listed chance outcome {i} of {n}")
            });
            true
        }
        8 => {
            let i = usize::from(r.u16());
            let before = Snapshot::take(probe, game);
            match game.apply_chance_index(i) {
                Ok(_) => {
                    assert!(i < n, "{ctx}: chance outcome {i} of {n} accepted");
                    true
                }
                Err(e) => {
                    assert!(
                        i >= n,
                        "{ctx}: listed chance outcome {i} of {n} refused: {e}"
                    );
                    assert_eq!(e, DynError::NoSuchChoice(i), "{ctx}");
                    before.unchanged(probe, game, &format!("{ctx}: chance outcome {i} of {n}"));
                    false
                }
            }
        }
        // An action while a chance step is due.
        9 => {
            let seat = Seat::new(r.below(seats + 2));
            let i = r.below(4);
            must_refuse(
                probe,
                game,
                &format!("{ctx}: {seat}'s action {i} while a chance step is due"),
                |g| g.apply_index(seat, i),
            );
            false
        }
        // Sampling, as a table draws its dice.
        10 => {
            let mut dice = GameRng::seed_from_u64(r.u16().into());
            must_accept(game.sample_chance(&mut dice), || {
                format!("{ctx}: sampling a chance step")
            });
            true
        }
        // A random action while a chance step is due.
        _ => {
            let seat = Seat::new(r.below(seats + 2));
            must_refuse(
                probe,
                game,
                &format!("{ctx}: a random action while a chance step is due"),
                |g| g.random_action(seat, rng),
            );
            false
        }
    }
}

/// Index `i` of the `n` actions `seat` lists: accepted exactly when it is
/// listed; a refusal changes nothing.
fn try_index(
    probe: &check::Probe,
    game: &mut dyn DynGame,
    seat: Seat,
    i: usize,
    n: usize,
    ctx: &str,
) -> bool {
    let before = Snapshot::take(probe, game);
    match game.apply_index(seat, i) {
        Ok(_) => {
            assert!(i < n, "{ctx}: {seat}'s action {i} of {n} accepted");
            true
        }
        Err(e) => {
            assert!(
                i >= n,
                "{ctx}: {seat}'s listed action {i} of {n} refused: {e}"
            );
            before.unchanged(probe, game, &format!("{ctx}: {seat}'s action {i} of {n}"));
            false
        }
    }
}

/// Once the game is over every step is refused and changes nothing.
fn over(probe: &check::Probe, game: &mut dyn DynGame, r: &mut Reader<'_>, ctx: &str) {
    let seat = Seat::new(r.below(game.seats() + 1));
    let before = Snapshot::take(probe, game);
    assert!(
        game.apply_index(seat, 0).is_err(),
        "{ctx}: an action accepted after the game ended"
    );
    assert!(
        game.apply_chance_index(0).is_err(),
        "{ctx}: a chance outcome accepted after the game ended"
    );
    assert!(
        game.sample_chance(&mut GameRng::seed_from_u64(1)).is_err(),
        "{ctx}: chance sampled after the game ended"
    );
    before.unchanged(probe, game, &format!("{ctx}: steps after the end"));
}
