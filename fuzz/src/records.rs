//! Target `records`: a game record through the path of
//! `tourney replay FILE --verify`.
//!
//! Input: the file's text; if it holds a NUL byte, the text is what comes
//! before it and the bytes after it edit the parsed record (a step's JSON
//! mutated, steps dropped, doubled, swapped or turned into the other kind,
//! seats, outcome, forfeit, config and dice seal changed), so mutations of
//! a real record reach deep into its replay and not only its JSON syntax.
//!
//! The CLI's own code (`crates/cli/src/commands/replay.rs`) is a binary's
//! and cannot be called; this target calls what it calls, in its order:
//! `serde_json` into a `GameRecord`, `tourney_table::catalog::find`, the
//! rules-version check, `tourney_core::verify_dice`, `GameEntry::create`
//! and, per step, `describe_*_json` and `apply_*_json` with the events and
//! the seat names of the log, then the outcome check and the rendering. It
//! also replays through `GameEntry::replay` (`Session::replay`, what the
//! server and the conformance suite use) and checks the two agree.

use crate::check::{self, Probe, Snapshot};
use crate::json::{Pool, mutate};
use crate::setup::games;
use crate::{MAX_STEPS, Reader};
use serde_json::{Value, json};
use tourney_core::{
    DiceError, GameRecord, GameRng, Outcome, RecordStep, Seat, ToMove, verify_dice,
};
use tourney_table::log;
use tourney_table::replay::{apply_step, seat_names};

/// Records longer than this are skipped: the replay is linear in the
/// steps, so the bound keeps every input quick.
const MAX_RECORD_STEPS: usize = 4 * MAX_STEPS;

/// Replays one input; panics on a broken invariant.
pub fn run(data: &[u8]) {
    let (text, edits) = match data.iter().position(|&b| b == 0) {
        Some(nul) => (&data[..nul], Some(&data[nul + 1..])),
        None => (data, None),
    };
    // `tourney replay` reads the file as UTF-8 and parses it as a record.
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(mut record) = serde_json::from_str::<GameRecord>(text) else {
        return;
    };
    if let Some(edits) = edits {
        edit(&mut record, &mut Reader::new(edits));
    }
    if record.steps.len() > MAX_RECORD_STEPS {
        return;
    }
    replay(&record, crate::thorough(data));
}

/// The replay of `tourney replay --verify`, held to the invariants;
/// `thorough` adds the deep checks at the end and the round trip of the
/// replayed record (see [`crate::thorough`]).
pub fn replay(record: &GameRecord, thorough: bool) {
    let Ok(kit) = tourney_table::catalog::find(&record.game) else {
        return;
    };
    let entry = kit.entry;
    let name = entry.info.name;
    let all = games();
    let probe = all
        .iter()
        .find(|g| g.kit.name() == name)
        .map(|g| g.probe)
        .expect("every catalog game is fuzzed");
    let exact_header = record.game == name && record.rules_version == entry.info.rules_version;

    // The verification, as `--verify` runs it before the replay. It applies
    // every step through the rules, so it must agree with the replay below.
    let verified = verify_dice(&entry, record);
    // The library replay (server, conformance suite).
    let session = (entry.replay)(record);

    if record.rules_version != entry.info.rules_version {
        // The CLI stops here; the library replay must refuse it too.
        let e = session
            .err()
            .expect("a record of another rules version replays");
        assert_eq!(
            e.step, None,
            "{name}: a wrong rules version is the header's fault"
        );
        return;
    }

    // The CLI's replay, step by step.
    let created = (entry.create)(&record.config, record.seats.clone(), record.seed);
    let mut game = match created {
        Ok(game) => game,
        Err(e) => {
            assert!(
                verified.is_err(),
                "{name}: dice verified on a record whose header does not set up: {e}"
            );
            if exact_header {
                let err = session
                    .err()
                    .unwrap_or_else(|| panic!("{name}: create refused ({e}) but replay set up"));
                assert_eq!(err.step, None, "{name}: create refused: {e}; replay: {err}");
            }
            return;
        }
    };
    game.tell_events(true);
    let names = seat_names(&record.seats);
    let mut rng = GameRng::seed_from_u64(record.seed.unwrap_or(3));
    let mut failed_at = None;
    for (i, step) in record.steps.iter().enumerate() {
        let ctx = format!("{name}: record step {}", i + 1);
        match apply_step(game.as_mut(), step) {
            Ok(line) => {
                let _ = log::name_seats(&line, &names);
                let seats = game.seats();
                for event in game.take_events() {
                    let _ = log::name_seats(&event.text, &names);
                    if let tourney_core::Audience::Seat(s) | tourney_core::Audience::Others(s) =
                        event.audience
                    {
                        assert!(
                            s.index() < seats,
                            "{ctx}: an event for {s}, not at the table"
                        );
                    }
                }
                if (i + 1) % crate::DEEP_EVERY == 0 {
                    check::deep(&probe, game.as_ref(), &mut rng, &ctx);
                }
            }
            Err(_) => {
                // The state before the step, rebuilt by replaying the steps
                // up to it (cheaper than a copy before every step).
                let mut before = (entry.create)(&record.config, record.seats.clone(), record.seed)
                    .expect("it set up once");
                before.tell_events(true);
                for earlier in &record.steps[..i] {
                    apply_step(before.as_mut(), earlier).expect("it applied once");
                }
                before.take_events();
                Snapshot::take(&probe, before.as_ref()).unchanged(&probe, game.as_mut(), &ctx);
                failed_at = Some(i + 1);
                break;
            }
        }
    }
    let ctx = format!("{name}: the record's end");
    if thorough {
        check::deep(&probe, game.as_ref(), &mut rng, &ctx);
    }
    let _ = game.render(None);
    let _ = game.view_json(None);

    if let Some(n) = failed_at {
        match &verified {
            // The verification stops at a changed die before it applies
            // the step; a step it applied must apply here too.
            Err(DiceError::Mismatch { step, .. }) | Err(DiceError::Replay { step, .. }) => {
                assert!(
                    *step <= n,
                    "{name}: verify_dice applied step {n}, which the replay refuses"
                )
            }
            Err(_) => {}
            Ok(_) => panic!("{name}: dice verified, but step {n} does not replay"),
        }
        if exact_header {
            let err = session
                .err()
                .unwrap_or_else(|| panic!("{name}: step {n} refused, but replay accepts it"));
            assert_eq!(
                err.step,
                Some(n),
                "{name}: step {n} refused, but replay says: {err}"
            );
        }
        return;
    }

    let reached = match game.to_move() {
        ToMove::Over(outcome) => Some(outcome),
        _ => None,
    };
    // The ending check of `tourney replay`, forfeits included: the one the
    // library's replay makes too.
    let ending = record.ending(reached);
    if let Ok(Some(outcome)) = ending {
        assert!(
            outcome
                .winners
                .iter()
                .all(|s| s.index() < record.seats.len()),
            "{name}: the record's ending names a seat not at the table"
        );
    }
    if !exact_header {
        return;
    }
    match session {
        Ok(session) => {
            assert!(
                (probe.same_states)(game.as_ref(), session.as_ref()),
                "{name}: the CLI's replay and the library's reached different states"
            );
            if let Err(reason) = &ending {
                panic!(
                    "{name}: the library's replay accepts the ending, the CLI's refuses: {reason}"
                );
            }
            if !thorough {
                return;
            }
            check::record_replays(&entry, &probe, session.as_ref(), &ctx);
            if verified.is_ok() {
                // The replayed record, sealed again, still verifies.
                let mut again = session.record();
                again.dice = record.dice.clone();
                if let Err(e) = verify_dice(&entry, &again) {
                    panic!("{name}: the replayed record no longer verifies: {e}");
                }
            }
        }
        Err(e) => {
            assert_eq!(
                e.step, None,
                "{name}: every step applies, but replay says {e}"
            );
            assert!(
                ending.is_err(),
                "{name}: the CLI's replay accepts the ending, the library's refuses: {e}"
            );
        }
    }
}

/// The structure-aware half of the target's custom mutator
/// (`fuzz_targets/records.rs`): when the input's text (before any NUL)
/// reads as a record, edits it with bytes drawn from `seed` (the edits of
/// [`run`]'s NUL suffix) and writes it back into `data` as JSON, keeping
/// any suffix. Returns the new size, or `None` when the input is no record
/// or the edited one would not fit: libFuzzer's own byte mutations then
/// take over, as they do for one call in four anyway.
pub fn mutate_input(data: &mut [u8], size: usize, max_size: usize, seed: u32) -> Option<usize> {
    let mut rng = GameRng::seed_from_u64(u64::from(seed));
    if rng.below(4) == 0 {
        return None;
    }
    let input = data.get(..size)?;
    let (text, suffix) = match input.iter().position(|&b| b == 0) {
        Some(nul) => (&input[..nul], &input[nul..]),
        None => (input, &[][..]),
    };
    let mut record: GameRecord = serde_json::from_slice(text).ok()?;
    let edits: Vec<u8> = (0..1 + rng.below(12))
        .map(|_| rng.next_u32() as u8)
        .collect();
    edit(&mut record, &mut Reader::new(&edits));
    let mut out = serde_json::to_vec(&record).ok()?;
    out.extend_from_slice(suffix);
    if out.len() > max_size.min(data.len()) {
        return None;
    }
    data[..out.len()].copy_from_slice(&out);
    Some(out.len())
}

/// Edits the parsed record as the bytes say, keeping it a record.
fn edit(record: &mut GameRecord, r: &mut Reader<'_>) {
    let mut pool = Pool::default();
    for step in &record.steps {
        match step {
            RecordStep::Action { action, .. } => {
                pool.learn_strings(action);
                Pool::learn(&mut pool.actions, action);
            }
            RecordStep::Chance { outcome } => {
                pool.learn_strings(outcome);
                Pool::learn(&mut pool.outcomes, outcome);
            }
        }
    }
    pool.learn_strings(&record.config);
    let seats = record.seats.len();
    for _ in 0..64 {
        if r.is_empty() {
            break;
        }
        let n = record.steps.len();
        match r.u8() % 12 {
            0 if n > 0 => {
                let i = r.below16(n);
                match &mut record.steps[i] {
                    RecordStep::Action { action, .. } => mutate(action, r, &pool, 0),
                    RecordStep::Chance { outcome } => mutate(outcome, r, &pool, 0),
                }
            }
            1 if n > 0 => {
                record.steps.remove(r.below16(n));
            }
            2 if n > 0 => {
                let i = r.below16(n);
                let step = record.steps[i].clone();
                record.steps.insert(i, step);
            }
            3 if n > 1 => {
                let (i, j) = (r.below16(n), r.below16(n));
                record.steps.swap(i, j);
            }
            4 if n > 0 => {
                let i = r.below16(n);
                let new = Seat::new(r.below(seats + 2));
                if let RecordStep::Action { seat, .. } = &mut record.steps[i] {
                    *seat = new;
                }
            }
            5 if n > 0 => {
                let i = r.below16(n);
                let step = &mut record.steps[i];
                *step = match step {
                    RecordStep::Action { action, .. } => RecordStep::Chance {
                        outcome: action.take(),
                    },
                    RecordStep::Chance { outcome } => RecordStep::Action {
                        seat: Seat::new(r.below(seats + 1)),
                        action: outcome.take(),
                    },
                };
            }
            6 => {
                record.outcome = if r.bool() {
                    None
                } else {
                    serde_json::from_value::<Outcome>(json!({ "winners": r.u16() })).ok()
                };
            }
            7 => {
                record.forfeit = if r.bool() {
                    None
                } else {
                    Some(Seat::new(r.below(seats + 2)))
                };
            }
            8 if n > 0 => record.steps.truncate(r.below16(n)),
            9 => mutate(&mut record.config, r, &pool, 0),
            10 => match r.below(4) {
                0 => {
                    record.seats.pop();
                }
                1 => record.seats.push(format!("p{}", seats + 1)),
                _ => {
                    let names = ["you", "random", "greedy", "ismcts:200", "easy", "x:y:z", ""];
                    let name = names[r.below(names.len())].to_string();
                    let i = r.below(seats.max(1));
                    if let Some(s) = record.seats.get_mut(i) {
                        *s = name;
                    }
                }
            },
            _ => edit_dice(record, r),
        }
    }
}

/// Changes the record's seed or its dice seal.
fn edit_dice(record: &mut GameRecord, r: &mut Reader<'_>) {
    match (r.below(5), record.dice.as_mut()) {
        (0, _) => record.dice = None,
        (1, Some(seal)) => seal.seed = None,
        (2, Some(seal)) => seal.scheme.push('x'),
        (3, Some(seal)) => {
            if let Some(seed) = &mut seal.seed {
                let mut chars: Vec<char> = seed.chars().collect();
                if !chars.is_empty() {
                    let i = r.below(chars.len());
                    chars[i] = ['0', 'f', 'F', 'g', ' '][r.below(5)];
                }
                *seed = chars.into_iter().collect();
            }
        }
        _ => record.seed = if r.bool() { None } else { Some(r.u64()) },
    }
}

/// The record a real game writes, sealed as a server seals it: for the
/// corpus generator and for checking the target by hand.
pub fn record_text(record: &GameRecord) -> String {
    let value: Value = serde_json::to_value(record).expect("records serialize");
    serde_json::to_string_pretty(&value).expect("records serialize")
}

/// The probe of a game by name, for tests.
pub fn probe_of(name: &str) -> Option<Probe> {
    games()
        .iter()
        .find(|g| g.kit.name() == name)
        .map(|g| g.probe)
}
