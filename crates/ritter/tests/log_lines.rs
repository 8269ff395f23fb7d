//! One happening, one line: which events retell the step that made them
//! (`Game::event_retells_step`), read as a table reads them, through
//! `DynGame::take_events`. Steps are played from a new game with fixed dice
//! and the first choice everywhere else.

use tourney_core::testkit::retelling::{ev, first_step, step_events, step_telling};
use tourney_core::{Audience, Game, Seat, Session};
use tourney_ritter::{Chance, Config, Ritter as G};

/// A new three-seat game, telling events, at its roll for the starting
/// player.
fn at_the_starting_roll() -> Session<G> {
    let seats = vec!["A".into(), "B".into(), "C".into()];
    let mut s = Session::<G>::new(Config::default(), seats, None).unwrap();
    s.tell_events(true);
    while !s.state().describe_chance_step().contains("starting player") {
        first_step(&mut s);
    }
    step_events(&mut s);
    s
}

#[test]
fn the_start_rolls_winner_is_told_without_hiding_the_last_roll() {
    // Seat 1 rolls 6, seat 2 a 2, seat 3 a 3: seat 3's step ("Seat 3 rolls
    // for the starting player: 3") names seat 1 the winner, which is not
    // that step retold, so the step's line stays.
    let mut s = at_the_starting_roll();
    s.apply_chance(Chance::Die(6)).unwrap();
    s.apply_chance(Chance::Die(2)).unwrap();
    step_events(&mut s);
    s.apply_chance(Chance::Die(3)).unwrap();
    let all = Audience::Everyone;
    assert_eq!(
        step_events(&mut s),
        [
            ev("starting_player", all, false),
            ev("day_begins", all, false)
        ]
    );
}

#[test]
fn a_start_roll_won_by_its_last_roller_is_told_once() {
    // Seat 1 rolls 2, seat 2 a 3, seat 3 a 6: seat 3's own roll wins, and
    // "Seat 3 rolls highest (6) and starts the first day" says that roll,
    // so the step's line goes.
    let mut s = at_the_starting_roll();
    s.apply_chance(Chance::Die(2)).unwrap();
    s.apply_chance(Chance::Die(3)).unwrap();
    step_events(&mut s);
    s.apply_chance(Chance::Die(6)).unwrap();
    let all = Audience::Everyone;
    assert_eq!(
        step_events(&mut s),
        [
            ev("starting_player", all, true),
            ev("day_begins", all, false)
        ]
    );
}

#[test]
fn a_seat_ready_reads_whom_it_sends_and_the_others_that_it_is_ready() {
    let mut s = at_the_starting_roll();
    for face in [6, 2, 3] {
        s.apply_chance(Chance::Die(face)).unwrap();
    }
    // The first seat to send its knights: it reads whom it sends, everyone
    // else (spectators too) that it is ready; both retell the face-down
    // Send, so each reader gets one line.
    let told = step_telling(&mut s, "prepared");
    let Audience::Seat(seat) = told[0].1 else {
        panic!("whom a seat sends is told to it alone: {told:?}");
    };
    assert_eq!(
        told,
        [
            ev("riders_chosen", Audience::Seat(seat), true),
            ev("prepared", Audience::Others(seat), true),
        ]
    );
}

#[test]
fn the_last_seat_ready_retells_its_choice_and_the_reveal_follows() {
    let mut s = at_the_starting_roll();
    for face in [6, 2, 3] {
        s.apply_chance(Chance::Die(face)).unwrap();
    }
    // Seat 3 sends its knights last: its own secret choice and its being
    // ready retell the step, as does the reveal of who rides; the training
    // revealed with it is each seat's earlier choice, not this step's.
    let all = Audience::Everyone;
    let trained = ev("trained", all, false);
    let rides = ev("rides", all, true);
    assert_eq!(
        step_telling(&mut s, "rides"),
        [
            ev("riders_chosen", Audience::Seat(Seat(2)), true),
            ev("prepared", Audience::Others(Seat(2)), true),
            trained.clone(),
            trained.clone(),
            rides.clone(),
            trained.clone(),
            trained.clone(),
            rides.clone(),
            trained.clone(),
            trained,
            rides,
        ]
    );
    // A favour offered is told where it lands.
    assert_eq!(
        step_telling(&mut s, "favour_given"),
        [ev("favour_given", all, true)]
    );
    // A challenge starts its joust; the round's summary follows its last
    // die, whose own line stays (the log tells every die), and what
    // follows from it (the knights dismount) retells nothing either.
    assert_eq!(
        step_telling(&mut s, "joust_begins"),
        [ev("joust_begins", all, true)]
    );
    assert_eq!(
        step_telling(&mut s, "round"),
        [ev("round", all, false), ev("on_foot", all, false)]
    );
    // A Yield ends the joust; the prize is its consequence.
    assert_eq!(
        step_telling(&mut s, "joust_ends"),
        [ev("joust_ends", all, true), ev("prize", all, false)]
    );
}
