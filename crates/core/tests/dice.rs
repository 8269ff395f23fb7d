//! Auditable dice on the toy game: a game whose chance steps are drawn from
//! a seed with `DynGame::sample_chance`, step n from stream n, verifies; any
//! change to an outcome, the seed or the seal is caught and named.

mod toy;

use serde_json::json;
use tourney_core::{
    DiceError, DiceSeal, DiceSeed, GameEntry, GameRecord, GameRng, RecordStep, Seat, ToMove,
    verify_dice,
};
use toy::Guess;

fn entry() -> GameEntry {
    GameEntry::of::<Guess>()
}

fn dice_seed(fill: u8) -> DiceSeed {
    DiceSeed::from_bytes([fill; 32])
}

/// Plays a game with random guesses; chance step n is sampled from the
/// seed's stream n, as a server does. Returns the revealed record.
fn sealed_game(dice: &DiceSeed, actions_seed: u64) -> GameRecord {
    let entry = entry();
    let config = json!({"rounds": 30});
    let mut game = (entry.create)(&config, vec!["a".into(), "b".into()], None).unwrap();
    let mut rng = GameRng::seed_from_u64(actions_seed);
    loop {
        match game.to_move() {
            ToMove::Over(_) => break,
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
    let mut record = game.record();
    record.dice = Some(DiceSeal::revealed(dice));
    record
}

fn chance_step_numbers(record: &GameRecord) -> Vec<usize> {
    (1..=record.steps.len())
        .filter(|&n| matches!(record.steps[n - 1], RecordStep::Chance { .. }))
        .collect()
}

#[test]
fn a_game_drawn_from_its_seed_verifies() {
    for fill in 0..20 {
        let record = sealed_game(&dice_seed(fill), u64::from(fill));
        let audit = verify_dice(&entry(), &record).unwrap();
        assert_eq!(audit.steps, record.steps.len());
        assert_eq!(audit.chance_steps, chance_step_numbers(&record).len());
        assert!(audit.chance_steps >= 1);
        // Two guesses, then the roll, every round.
        assert_eq!(audit.steps, 3 * audit.chance_steps);
    }
}

#[test]
fn a_changed_roll_is_named_by_its_step() {
    let mut tried = 0;
    for fill in 0..20 {
        let mut record = sealed_game(&dice_seed(fill), 100 + u64::from(fill));
        for n in chance_step_numbers(&record) {
            let mut bad = record.clone();
            let RecordStep::Chance { outcome } = &record.steps[n - 1] else {
                unreachable!()
            };
            let face = outcome.as_u64().unwrap();
            let other = face % 3 + 1;
            bad.steps[n - 1] = RecordStep::Chance {
                outcome: json!(other),
            };
            assert_eq!(
                verify_dice(&entry(), &bad),
                Err(DiceError::Mismatch {
                    step: n,
                    what: "a chance step".into(),
                    recorded: other.to_string(),
                    drawn: face.to_string(),
                })
            );
            tried += 1;
        }
        // The message a user reads.
        let n = chance_step_numbers(&record)[0];
        record.steps[n - 1] = RecordStep::Chance { outcome: json!(9) };
        let err = verify_dice(&entry(), &record).unwrap_err();
        assert!(
            err.to_string().starts_with(&format!(
                "step {n}: a chance step: the record says 9 but the seed gives "
            )),
            "{err}"
        );
    }
    assert!(tried >= 20);
}

#[test]
fn a_seed_that_is_not_the_committed_one_is_refused() {
    let dice = dice_seed(1);
    let mut record = sealed_game(&dice, 1);
    let other = dice_seed(2);
    record.dice.as_mut().unwrap().seed = Some(other.to_hex());
    assert_eq!(
        verify_dice(&entry(), &record),
        Err(DiceError::CommitmentMismatch {
            commitment: dice.commitment(),
            actual: other.commitment(),
        })
    );
    // Re-sealing with the other seed passes the commitment check, but then
    // the rolls are not the other seed's (unless they happen to agree at
    // every step, which these do not).
    record.dice = Some(DiceSeal::revealed(&other));
    assert!(matches!(
        verify_dice(&entry(), &record),
        Err(DiceError::Mismatch { .. })
    ));
}

#[test]
fn seals_that_cannot_be_checked_say_why() {
    let dice = dice_seed(3);
    let mut record = sealed_game(&dice, 3);

    let mut unsealed = record.clone();
    unsealed.dice = None;
    assert_eq!(verify_dice(&entry(), &unsealed), Err(DiceError::NoSeal));

    let mut unrevealed = record.clone();
    unrevealed.dice = Some(DiceSeal::committed(&dice));
    let err = verify_dice(&entry(), &unrevealed).unwrap_err();
    assert_eq!(err, DiceError::NotRevealed(dice.commitment()));
    assert!(
        err.to_string().contains("has not been revealed yet"),
        "{err}"
    );

    let mut other_scheme = record.clone();
    other_scheme.dice.as_mut().unwrap().scheme = "dice-v0".into();
    assert_eq!(
        verify_dice(&entry(), &other_scheme)
            .unwrap_err()
            .to_string(),
        "the record's dice use the scheme `dice-v0`; this build verifies only `chacha8-step-v1`"
    );

    record.dice.as_mut().unwrap().seed = Some("12ab".into());
    assert_eq!(
        verify_dice(&entry(), &record).unwrap_err().to_string(),
        "the revealed dice seed is unreadable: a dice seed is 64 hex digits (32 bytes), \
         this one has 4 characters"
    );
}

#[test]
fn a_step_the_rules_refuse_is_named() {
    let record = sealed_game(&dice_seed(4), 4);
    // Step 1 is seat 1's guess; make it a guess the rules refuse.
    let mut bad = record.clone();
    bad.steps[0] = RecordStep::Action {
        seat: Seat::new(0),
        action: json!(7),
    };
    let err = verify_dice(&entry(), &bad).unwrap_err();
    assert!(matches!(err, DiceError::Replay { step: 1, .. }), "{err:?}");
    assert!(
        err.to_string().starts_with("step 1 does not replay: "),
        "{err}"
    );
    // A seat that is not at the table.
    bad.steps[0] = RecordStep::Action {
        seat: Seat::new(5),
        action: json!(1),
    };
    assert_eq!(
        verify_dice(&entry(), &bad).unwrap_err().to_string(),
        "step 1 does not replay: seat 6 is not at this table"
    );
    // A roll where none is due: the first chance step moved to the front.
    let mut early = record.clone();
    let roll = early.steps.remove(2);
    early.steps.insert(0, roll);
    assert_eq!(
        verify_dice(&entry(), &early),
        Err(DiceError::Replay {
            step: 1,
            reason: "the record has a chance outcome here, but no die or card is due".into()
        })
    );
}

/// A game cut short by a forfeit replays: the seat that forfeited lost,
/// every other seat won. A forfeit claimed of a game already over, or an
/// outcome that does not follow from it, is refused.
#[test]
fn a_forfeited_game_replays_with_the_others_winning() {
    let full = sealed_game(&dice_seed(3), 3);
    let mut record = full.clone();
    record.steps.truncate(4);
    record.dice = None;
    record.forfeit = Some(Seat(1));
    record.outcome = Some(tourney_core::Outcome::win(Seat(0)));
    assert!((entry().replay)(&record).is_ok());
    let text = serde_json::to_string(&record).unwrap();
    assert!(text.contains(r#""forfeit":1"#), "{text}");

    let mut wrong = record.clone();
    wrong.outcome = Some(tourney_core::Outcome::win(Seat(1)));
    let error = (entry().replay)(&wrong).err().expect("a wrong winner");
    assert!(error.to_string().contains("ended"), "{error}");

    let mut over = full;
    over.dice = None;
    over.forfeit = Some(Seat(1));
    over.outcome = None;
    let error = (entry().replay)(&over).err().expect("already over");
    assert!(error.to_string().contains("already over"), "{error}");
}
