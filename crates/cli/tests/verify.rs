//! Auditable dice in every game: games whose chance step n is sampled with
//! `DynGame::sample_chance` on the seed's stream n (what a server does)
//! verify with `verify_dice` and with `tourney replay --verify`; a changed
//! card or die, an unsealed record and an unrevealed seed are refused with
//! one line naming the file and the step.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use tourney_core::{
    DiceError, DiceSeal, DiceSeed, DynGame, Game, GameEntry, GameRecord, GameRng, RecordStep,
    ToMove, verify_dice,
};

fn tourney(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-verify-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Every game, with a seat count to play it at (Glory alone is its solo
/// mode against Otto, whose cards are chance steps too).
fn tables() -> Vec<(GameEntry, usize)> {
    vec![
        (GameEntry::of::<tourney_joust::CardJoust>(), 2),
        (GameEntry::of::<tourney_ritter::Ritter>(), 3),
        (GameEntry::of::<tourney_glory::Glory>(), 2),
        (GameEntry::of::<tourney_glory::Glory>(), 1),
        (GameEntry::of::<tourney_mastery::Mastery>(), 2),
    ]
}

fn dice_seed(game: u8, n: u8) -> DiceSeed {
    let mut bytes = [n; 32];
    bytes[0] = game;
    DiceSeed::from_bytes(bytes)
}

/// A whole game with random actions, chance step n sampled from the seed's
/// stream n; its record carries the revealed seal.
fn sealed_game(entry: &GameEntry, seats: usize, dice: &DiceSeed, actions: u64) -> GameRecord {
    let names = vec!["random".to_string(); seats];
    let mut game = (entry.create)(&(entry.default_config)(), names, None).unwrap();
    let mut rng = GameRng::seed_from_u64(actions);
    for _ in 0..200_000 {
        match game.to_move() {
            ToMove::Over(_) => {
                let mut record = game.record();
                record.dice = Some(DiceSeal::revealed(dice));
                return record;
            }
            ToMove::Chance => {
                let n = game.steps_taken() as u64 + 1;
                game.sample_chance(&mut dice.rng(n)).unwrap();
            }
            ToMove::Seats(seats) => {
                let seat = seats.first_seat().unwrap();
                game.random_action(seat, &mut rng).unwrap();
            }
        }
    }
    panic!("{}: a random game did not end", entry.info.name);
}

fn chance_steps(record: &GameRecord) -> Vec<usize> {
    (1..=record.steps.len())
        .filter(|&n| matches!(record.steps[n - 1], RecordStep::Chance { .. }))
        .collect()
}

/// The game as it stood just before step `n`.
fn before_step(entry: &GameEntry, record: &GameRecord, n: usize) -> Box<dyn DynGame> {
    let mut game = (entry.create)(&record.config, record.seats.clone(), record.seed).unwrap();
    for step in &record.steps[..n - 1] {
        match step {
            RecordStep::Action { seat, action } => {
                game.apply_json(*seat, action).unwrap();
            }
            RecordStep::Chance { outcome } => game.apply_chance_json(outcome).unwrap(),
        }
    }
    game
}

/// Replaces chance step `n` by another outcome that could have come up
/// there; returns the tampered record, what was rolled or drawn, and the
/// labels of the new and the true outcome; `None` when step `n` had only one
/// possible outcome.
fn tamper(entry: &GameEntry, record: &GameRecord, n: usize) -> Option<Tampered> {
    let RecordStep::Chance { outcome } = &record.steps[n - 1] else {
        panic!("step {n} is no chance step");
    };
    let game = before_step(entry, record, n);
    let other = game
        .chance_outcomes()
        .into_iter()
        .map(|(o, _)| o)
        .find(|o| o != outcome)?;
    let says = game.describe_chance_json(&other).unwrap();
    let gives = game.describe_chance_json(outcome).unwrap();
    let mut record = record.clone();
    record.steps[n - 1] = RecordStep::Chance { outcome: other };
    Some(Tampered {
        record,
        what: game.chance_step_label(),
        says,
        gives,
    })
}

struct Tampered {
    record: GameRecord,
    what: String,
    says: String,
    gives: String,
}

fn write(dir: &Path, name: &str, record: &GameRecord) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(record).unwrap()).unwrap();
    path.to_str().unwrap().to_string()
}

fn assert_one_line_failure(o: &Output, expected: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert_eq!(stderr(o), format!("tourney: {expected}\n"));
    assert!(
        o.stdout.is_empty(),
        "nothing printed on failure: {}",
        stdout(o)
    );
}

#[test]
fn every_game_sampled_from_its_seed_verifies_and_a_changed_outcome_is_named() {
    let dir = scratch("every-game");
    for (t, (entry, seats)) in tables().iter().enumerate() {
        let name = entry.info.name;
        for round in 0..2u8 {
            let dice = dice_seed(t as u8, round);
            let record = sealed_game(entry, *seats, &dice, u64::from(round) + 10 * t as u64);
            let chances = chance_steps(&record);
            assert!(chances.len() >= 2, "{name}: {} chance steps", chances.len());

            let audit = verify_dice(entry, &record).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(audit.chance_steps, chances.len(), "{name}");
            assert_eq!(audit.steps, record.steps.len(), "{name}");

            let file = write(&dir, &format!("{name}-{seats}-{round}.json"), &record);
            let o = tourney(&["replay", "--verify", &file]);
            assert!(o.status.success(), "{name}: {}", stderr(&o));
            let text = stdout(&o);
            let commitment = dice.commitment();
            let header = text.lines().next().unwrap();
            assert!(
                header.ends_with(&format!(", dice commitment {commitment} (seed revealed)")),
                "{header}"
            );
            assert!(text.contains("The record replays exactly"), "{text}");
            assert_eq!(
                text.lines().last().unwrap(),
                format!(
                    "Dice verified: all {} dice and cards came from the revealed seed \
                     (commitment {}…{})",
                    chances.len(),
                    &commitment[..8],
                    &commitment[60..]
                )
            );
            let o = tourney(&["replay", "--verify", "--json", &file]);
            assert!(o.status.success(), "{name}: {}", stderr(&o));
            let report: Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(report["dice_verified"], chances.len(), "{name}");
            assert_eq!(report["steps"], record.steps.len(), "{name}");
            // Without --verify the JSON report is as before.
            let o = tourney(&["replay", "--json", &file]);
            let report: Value = serde_json::from_slice(&o.stdout).unwrap();
            assert!(report.get("dice_verified").is_none(), "{report}");

            // Change the first chance step that had a choice, and one near
            // the end: each is named by its own number.
            let first = chances
                .iter()
                .copied()
                .find(|&n| tamper(entry, &record, n).is_some())
                .unwrap_or_else(|| panic!("{name}: no chance step with a choice"));
            let late = chances
                .iter()
                .rev()
                .copied()
                .find(|&n| tamper(entry, &record, n).is_some())
                .unwrap();
            for n in [first, late] {
                let Tampered {
                    record: bad,
                    what: rolled,
                    says,
                    gives,
                } = tamper(entry, &record, n).unwrap();
                match verify_dice(entry, &bad) {
                    Err(DiceError::Mismatch {
                        step,
                        what,
                        recorded,
                        drawn,
                    }) => {
                        assert_eq!(step, n, "{name}");
                        assert_eq!(what, rolled, "{name}");
                        // Labels that read alike get their JSON appended.
                        assert!(recorded.starts_with(&says), "{name}: {recorded} / {says}");
                        assert!(drawn.starts_with(&gives), "{name}: {drawn} / {gives}");
                    }
                    other => panic!("{name}: step {n} changed, verify said {other:?}"),
                }
                let file = write(&dir, &format!("{name}-{seats}-{round}-bad-{n}.json"), &bad);
                let o = tourney(&["replay", "--verify", &file]);
                let err = verify_dice(entry, &bad).unwrap_err();
                assert_one_line_failure(&o, &format!("{file}: {err}"));
                assert!(
                    stderr(&o).contains(&format!(": step {n}: {rolled}: the record says ")),
                    "{}",
                    stderr(&o)
                );
            }
        }
    }
}

#[test]
fn a_record_without_a_seal_is_refused_in_one_line() {
    // Records the CLI writes itself carry no seal, and no `dice` field.
    let dir = scratch("unsealed");
    let o = tourney(&[
        "sim",
        "joust",
        "--games",
        "1",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains("\"dice\""), "{text}");
    let file = file.to_str().unwrap();
    let o = tourney(&["replay", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stdout(&o).contains("Dice verified"));
    let o = tourney(&["replay", "--verify", file]);
    assert_one_line_failure(
        &o,
        &format!(
            "{file}: the record has no dice seal: its dice and cards were not drawn \
             from a committed seed, so there is nothing to verify"
        ),
    );
}

#[test]
fn an_unrevealed_seed_replays_but_does_not_verify() {
    let dir = scratch("unrevealed");
    let entry = GameEntry::of::<tourney_ritter::Ritter>();
    let dice = dice_seed(9, 9);
    let mut record = sealed_game(&entry, 2, &dice, 9);
    record.dice = Some(DiceSeal::committed(&dice));
    let file = write(&dir, "unrevealed.json", &record);
    let commitment = dice.commitment();

    let o = tourney(&["replay", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let header = stdout(&o).lines().next().unwrap().to_string();
    assert_eq!(
        header,
        format!(
            "{} — 2 seats: random, random, dice commitment {commitment}",
            tourney_ritter::Ritter::INFO.title
        )
    );

    let o = tourney(&["replay", "--verify", &file]);
    assert_one_line_failure(
        &o,
        &format!(
            "{file}: the dice seed has not been revealed yet (the record holds only the \
             commitment {commitment}); it is revealed when the game ends"
        ),
    );
}

#[test]
fn a_seed_that_does_not_match_its_commitment_is_refused() {
    let dir = scratch("wrong-seed");
    let entry = GameEntry::of::<tourney_joust::CardJoust>();
    let dice = dice_seed(1, 2);
    let mut record = sealed_game(&entry, 2, &dice, 3);
    let other = dice_seed(1, 3);
    record.dice.as_mut().unwrap().seed = Some(other.to_hex());
    let file = write(&dir, "wrong-seed.json", &record);
    let o = tourney(&["replay", "--verify", &file]);
    assert_one_line_failure(
        &o,
        &format!(
            "{file}: the revealed seed does not match the commitment: the commitment is \
             {}, but the seed's SHA-256 is {}",
            dice.commitment(),
            other.commitment()
        ),
    );
    // A hand-edited seal with a typo in a field name is not a record.
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"commitment\"", "\"comitment\"");
    std::fs::write(&file, text).unwrap();
    let o = tourney(&["replay", "--verify", &file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a game record"), "{}", stderr(&o));
}

/// A game a server ended by a forfeit (a seat's clock ran out at a table
/// that says so) has no ending in its steps: the record's `forfeit` gives
/// it, and `tourney replay --verify` accepts it as the library does, with
/// the dice still checked. A winner other than the forfeit's is refused.
#[test]
fn a_forfeited_game_replays_and_verifies() {
    let dir = scratch("forfeit");
    let entry = GameEntry::of::<tourney_joust::CardJoust>();
    let mut record = sealed_game(&entry, 2, &dice_seed(9, 4), 7);
    record.steps.truncate(6);
    record.forfeit = Some(tourney_core::Seat(1));
    record.outcome = Some(tourney_core::Outcome::win(tourney_core::Seat(0)));
    let file = write(&dir, "forfeit.json", &record);
    let o = tourney(&["replay", &file, "--verify"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("forfeited (out of time)"), "{out}");
    assert!(out.contains("Dice verified"), "{out}");

    record.outcome = Some(tourney_core::Outcome::win(tourney_core::Seat(1)));
    let file = write(&dir, "wrong-winner.json", &record);
    let o = tourney(&["replay", &file, "--verify"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("replaying it gives"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
