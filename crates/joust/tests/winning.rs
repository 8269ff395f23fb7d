//! Scenario tests for the end of the event and the options that shape it.

mod common;

use common::*;
use tourney_core::Seat;
use tourney_joust::{Config, Phase, Slot};

fn quiet() -> Duelist {
    Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 2])
}

/// Two successes on the head with the lance of peace: 6 points, and no gift.
fn six() -> Duelist {
    Duelist::new(Slot::Head, FLYING_PEACE, &[12, 2])
}

/// One success on the head with the lance of peace: 5 points.
fn five() -> Duelist {
    Duelist::new(Slot::Head, FLYING_PEACE, &[10, 2])
}

#[test]
fn reaching_21_with_a_standing_knight_wins() {
    let mut s = Script::two(0);
    for pass in 1..=3 {
        s.pass_by_seat(six(), quiet());
        assert_eq!(s.points(0), 6 * pass);
        assert_eq!(s.winners(), None);
    }
    s.pass_by_seat(six(), quiet());
    assert_eq!(s.points(0), 24);
    assert_eq!(s.winners(), Some(vec![Seat(0)]));
    assert_eq!(s.game.phase(), Phase::Over);
}

#[test]
fn reaching_21_in_a_pass_the_knight_does_not_survive_does_not_win() {
    let mut s = Script::two(0);
    s.set_points(0, 19);
    // Seat 1 hits for 5; seat 2's lance of war hits its body twice: a major
    // injury, and the pool roll shows a snake.
    s.joust(five(), Duelist::new(Slot::Body, FLYING_WAR, &[12, 2]))
        .keep_rolls()
        .d6(&[1]);
    assert_eq!(s.points(0), 24);
    assert!(s.report(0).left_by_injury);
    assert_eq!(
        s.winners(),
        None,
        "the knight did not stand at the end of the pass"
    );
    // Next pass: a fresh knight finishes it standing, and the points are still there.
    s.pass_by_seat(quiet(), quiet());
    assert_eq!(s.points(0), 24);
    assert_eq!(s.winners(), Some(vec![Seat(0)]));
}

#[test]
fn an_unhorsed_knight_scores_nothing_and_does_not_win() {
    let mut s = Script::two(0);
    s.set_points(0, 19);
    s.pass_by_seat(six(), Duelist::new(Slot::Head, FLYING_PEACE, &[12, 12]));
    assert!(s.report(0).dismounted);
    assert_eq!(s.points(0), 19);
    assert_eq!(s.winners(), None);
}

#[test]
fn both_at_the_target_more_points_wins() {
    let mut s = Script::two(0);
    s.set_points(0, 20).set_points(1, 19);
    s.pass_by_seat(five(), five());
    assert_eq!((s.points(0), s.points(1)), (25, 24));
    assert_eq!(s.winners(), Some(vec![Seat(0)]));
}

#[test]
fn both_at_the_target_with_equal_points_play_on() {
    let mut s = Script::two(0);
    s.set_points(0, 20).set_points(1, 20);
    s.pass_by_seat(five(), five());
    assert_eq!((s.points(0), s.points(1)), (25, 25));
    assert_eq!(s.winners(), None);
    // Both still stand with 25: the next pass decides.
    s.pass_by_seat(quiet(), five());
    assert_eq!(s.winners(), Some(vec![Seat(1)]));
}

#[test]
fn the_last_player_with_knights_wins_whatever_the_points() {
    let config = Config {
        knights_per_player: 1,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.set_points(1, 15);
    s.pass_by_seat(Duelist::new(Slot::Shield, GROUND_PEACE, &[12, 11]), quiet());
    assert_eq!((s.points(0), s.points(1)), (1 + 2 + 3, 15));
    assert_eq!(s.winners(), Some(vec![Seat(0)]));
}

#[test]
fn last_knights_falling_together_more_points_wins() {
    let config = Config {
        knights_per_player: 1,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.set_points(0, 5).set_points(1, 3);
    let unhorse = || Duelist::new(Slot::Head, GROUND_PEACE, &[12, 12]);
    s.pass_by_seat(unhorse(), unhorse());
    assert!(s.report(0).dismounted && s.report(1).dismounted);
    assert_eq!(s.winners(), Some(vec![Seat(0)]));
}

#[test]
fn last_knights_falling_together_with_equal_points_is_a_draw() {
    let config = Config {
        knights_per_player: 1,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.set_points(1, 6);
    // Seat 1 unhorses seat 2 (+6); seat 2's lance of war still lands: a
    // major injury, and seat 1's pool roll shows a snake. Both are out of
    // knights, with 6 points each.
    s.joust(
        Duelist::new(Slot::Shield, GROUND_PEACE, &[12, 11]),
        Duelist::new(Slot::Body, GROUND_WAR, &[12, 2]),
    )
    .keep_rolls();
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    s.d6(&[1]);
    assert!(s.report(1).dismounted && s.report(0).left_by_injury);
    assert_eq!((s.points(0), s.points(1)), (6, 6));
    assert_eq!(s.winners(), Some(vec![Seat(0), Seat(1)]));

    let mut s = Script::starting(config, 2, 0);
    let unhorse = || Duelist::new(Slot::Shield, GROUND_PEACE, &[12, 12]);
    s.set_points(0, 4).set_points(1, 4);
    s.pass_by_seat(unhorse(), unhorse());
    assert_eq!(s.winners(), Some(vec![Seat(0), Seat(1)]));
    assert!(
        tourney_core::Outcome {
            winners: tourney_core::SeatSet::first(2)
        }
        .is_draw()
    );
}

#[test]
fn points_threshold_stops_the_event_and_the_leader_wins() {
    let config = Config {
        points_threshold: Some(10),
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.pass_by_seat(six(), five());
    assert_eq!((s.points(0), s.points(1)), (6, 5));
    assert_eq!(s.winners(), Some(vec![Seat(0)]));

    let mut s = Script::starting(config, 2, 0);
    s.pass_by_seat(five(), five());
    assert_eq!(
        s.winners(),
        Some(vec![Seat(0), Seat(1)]),
        "equal leaders share the win"
    );

    let mut s = Script::starting(config, 2, 0);
    s.pass_by_seat(five(), quiet());
    assert_eq!(s.winners(), None, "5 of 10");
}

#[test]
fn at_the_threshold_only_players_still_in_the_event_can_win() {
    let config = Config {
        knights_per_player: 1,
        points_threshold: Some(12),
        ..Config::default()
    };
    let mut s = Script::starting(config, 3, 0);
    s.set_points(0, 20);
    s.challenge(1);
    // Seat 2 unhorses seat 1, the leader, whose only knight is gone.
    s.plain_pass(quiet(), Duelist::new(Slot::Head, FLYING_PEACE, &[12, 12]));
    assert_eq!((s.points(0), s.points(1), s.points(2)), (20, 9, 0));
    assert_eq!(s.winners(), Some(vec![Seat(1)]));
}

#[test]
fn target_points_option() {
    let config = Config {
        target_points: 10,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.pass_by_seat(six(), quiet());
    assert_eq!(s.winners(), None);
    s.pass_by_seat(six(), quiet());
    assert_eq!(s.points(0), 12);
    assert_eq!(s.winners(), Some(vec![Seat(0)]));
}

#[test]
fn knights_per_player_option() {
    for knights in 1..=4 {
        let config = Config {
            knights_per_player: knights,
            ..Config::default()
        };
        let mut s = Script::starting(config, 2, 0);
        assert_eq!(s.game.knights_left(Seat(0)), knights);
        assert_eq!(s.game.knight(Seat(0)).map(|k| k.number), Some(1));
        s.pass_by_seat(quiet(), Duelist::new(Slot::Head, GROUND_PEACE, &[12, 12]));
        assert_eq!(s.game.knights_left(Seat(0)), knights - 1);
        assert_eq!(s.winners().is_some(), knights == 1);
    }
}
