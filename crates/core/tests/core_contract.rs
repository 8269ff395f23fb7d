//! The core machinery on a toy game: sessions, records, replay, the
//! type-erased layer, and a testkit that really catches broken games.

mod toy;

use serde_json::json;
use tourney_core::testkit::{Plan, check};
use tourney_core::{
    Game, GameEntry, GameRng, Outcome, RecordStep, RuleError, Seat, SeatSet, Session, ToMove,
};
use toy::{Bug, Config, Guess};

fn small_plan() -> Plan {
    Plan {
        games: 300,
        deep_games: 50,
        max_steps: 1_000,
        seed: 5,
    }
}

#[test]
fn a_correct_game_passes_the_testkit() {
    check::<Guess>(&Config::default(), 2, small_plan());
}

#[test]
#[should_panic(expected = "changed what seat")]
fn testkit_catches_a_view_that_leaks() {
    // Re-dealing the opponent's secret guess changes what the leaky view
    // shows the deciding seat.
    let config = Config {
        bug: Bug::LeakyView,
        ..Config::default()
    };
    check::<Guess>(&config, 2, small_plan());
}

#[test]
#[should_panic(expected = "was refused but changed the state")]
fn testkit_catches_a_refusal_that_changes_the_state() {
    let config = Config {
        bug: Bug::DirtyError,
        ..Config::default()
    };
    check::<Guess>(&config, 2, small_plan());
}

#[test]
#[should_panic(expected = "did not end within")]
fn testkit_catches_a_game_that_never_ends() {
    let config = Config {
        bug: Bug::Endless,
        ..Config::default()
    };
    check::<Guess>(&config, 2, small_plan());
}

#[test]
#[should_panic(expected = "was told events that depend on what it cannot see")]
fn testkit_catches_an_event_that_tells_a_secret() {
    // Re-dealing the first guesser's secret changes what the second is
    // told, while its view stays the same.
    let config = Config {
        bug: Bug::LeakyEvent,
        ..Config::default()
    };
    check::<Guess>(&config, 2, small_plan());
}

#[test]
fn simultaneous_choices_are_both_on_move_until_committed() {
    let mut s =
        Session::<Guess>::new(Config::default(), vec!["a".into(), "b".into()], None).unwrap();
    assert_eq!(s.state().to_move(), ToMove::Seats(SeatSet::first(2)));
    s.apply(Seat(1), 2).unwrap();
    assert_eq!(s.state().to_move(), ToMove::Seats(SeatSet::single(Seat(0))));
    let before = s.state().clone();
    assert!(s.apply(Seat(1), 3).is_err(), "a seat commits once");
    assert_eq!(s.state(), &before);
    s.apply(Seat(0), 1).unwrap();
    assert_eq!(s.state().to_move(), ToMove::Chance);
    s.apply_chance(2).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::win(Seat(1))));
}

#[test]
fn a_record_replays_to_the_same_state_and_names_a_bad_step() {
    let mut s =
        Session::<Guess>::new(Config::default(), vec!["a".into(), "b".into()], Some(9)).unwrap();
    let mut rng = GameRng::seed_from_u64(9);
    tourney_core::playout::random_session(&mut s, &mut rng, 100);
    let record = s.record();
    assert_eq!(record.game, "guess");
    let replayed = Session::<Guess>::replay(&record).unwrap();
    assert_eq!(replayed.state(), s.state());

    let mut broken = record.clone();
    broken.steps[2] = RecordStep::Chance { outcome: json!(7) };
    let err = Session::<Guess>::replay(&broken).unwrap_err();
    assert_eq!(err.step, Some(3));
    assert!(err.to_string().starts_with("step 3:"), "{err}");

    let mut wrong_end = record.clone();
    wrong_end.outcome = Some(Outcome {
        winners: SeatSet::first(2),
    });
    if s.outcome() != wrong_end.outcome {
        assert!(Session::<Guess>::replay(&wrong_end).is_err());
    }
}

#[test]
fn the_dyn_layer_speaks_json_and_refuses_bad_input() {
    let entry = GameEntry::of::<Guess>();
    let mut game = (entry.create)(&json!({}), vec!["a".into(), "b".into()], None).unwrap();
    assert_eq!(
        game.legal_actions(Seat(0)),
        vec![json!(1), json!(2), json!(3)]
    );
    assert!(game.apply_json(Seat(0), &json!("three")).is_err());
    assert!(game.apply_json(Seat(0), &json!(4)).is_err());
    game.apply_json(Seat(0), &json!(3)).unwrap();
    let applied = game.apply_index(Seat(1), 0).unwrap();
    assert!(!applied.open, "a simultaneous choice is secret");
    assert_eq!(game.chance_outcomes().len(), 3);
    let mut rng = GameRng::for_game(1, 0);
    let refused = game.random_action(Seat(0), &mut rng).unwrap_err();
    assert_eq!(refused.to_string(), RuleError::AwaitingChance.to_string());
    assert!(game.apply_chance_json(&json!(0)).is_err());
    game.apply_chance_json(&json!(3)).unwrap();
    assert_eq!(game.to_move(), ToMove::Over(Outcome::win(Seat(0))));
    let refused = game.random_action(Seat(1), &mut rng).unwrap_err();
    assert_eq!(refused.to_string(), RuleError::GameOver.to_string());
    assert_eq!(game.view_json(Some(Seat(0)))["mine"], json!(null));
    assert!((entry.create)(&json!({"nonsense": 1}), vec!["a".into(), "b".into()], None).is_err());
    assert!((entry.create)(&json!({}), vec!["a".into()], None).is_err());
}

#[test]
fn events_are_told_in_order_to_their_audience_and_refusals_leave_none() {
    let mut game = (GameEntry::of::<Guess>().create)(
        &json!({"rounds": 3}),
        vec!["Ann".into(), "Bo".into()],
        None,
    )
    .unwrap();
    // Off by default: a session nobody listens to keeps nothing.
    game.apply_json(Seat(0), &json!(2)).unwrap();
    assert!(game.take_events().is_empty());

    game.tell_events(true);
    // A refused guess (out of range) reports an event inside the rules, and
    // the session drops it with the refusal.
    assert!(game.apply_json(Seat(1), &json!(7)).is_err());
    assert!(game.take_events().is_empty());

    game.apply_json(Seat(1), &json!(3)).unwrap();
    game.apply_chance_json(&json!(3)).unwrap();
    let told = game.take_events();
    let texts: Vec<&str> = told.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(
        texts,
        ["seat 2 guesses 3", "the d3 shows 3: seat 2 guessed it"]
    );
    assert!(told[0].audience.reaches(Some(Seat(1))));
    assert!(!told[0].audience.reaches(Some(Seat(0))));
    assert!(!told[0].audience.reaches(None));
    assert!(told[1].audience.reaches(None));
    assert_eq!(
        told[1].data,
        json!({"kind": "rolled", "face": 3, "right": SeatSet::single(Seat(1))})
    );
    assert!(game.take_events().is_empty(), "taken events are gone");
}
