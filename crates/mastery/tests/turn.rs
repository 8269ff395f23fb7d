//! The turn: knights placed, Aid cards in their timing windows, the Crown,
//! Destroy, repairs, turn order, winning and the round limit.

mod common;

use common::*;
use tourney_core::{Game, RuleError, Seat};
use tourney_mastery::{Action, Config, RelicKind};

#[test]
fn each_turn_begins_with_three_knights_in_the_castle() {
    let mut s = Script::standard(2);
    assert_eq!(s.castle_of(1), 2);
    s.end_turn(0);
    assert_eq!(s.castle_of(1), 5);
    assert_eq!(s.on_move(), vec![1]);
}

#[test]
fn the_table_counts_castle_knights_in_words() {
    let mut s = Script::standard(2);
    s.castle(0, 1).castle(1, 5);
    let text = s.view().to_string();
    assert!(text.contains("castle 1 knight (room for"), "{text}");
    assert!(text.contains("castle 5 knights (room for"), "{text}");
}

#[test]
fn turns_go_clockwise_from_the_starter_and_rounds_are_counted() {
    let mut s = Script::ready(Config::default(), 3, &DEFAULT_RELICS[..3], 1);
    let mut order = Vec::new();
    for _ in 0..4 {
        let seat = s.on_move()[0];
        order.push(seat);
        s.end_turn(seat);
    }
    assert_eq!(order, [1, 2, 0, 1]);
    assert_eq!(s.view().rounds_played, 1);
}

#[test]
fn summon_on_ones_own_turn_outside_redistribution_and_in_combat() {
    let mut s = Script::standard(2);
    s.cards(0, &[Summon, Conflict2], &[])
        .cards(1, &[Summon, Conflict2], &[]);
    // Seat 2 is not on move at all during seat 1's turn.
    assert!(s.legal(1).is_empty());
    assert!(matches!(
        s.game.apply(Seat(1), &Action::Summon),
        Err(RuleError::NotOnMove(_))
    ));
    s.act(0, Action::Summon);
    assert_eq!(s.castle_of(0), 5 + 2);
    assert_eq!(s.view().seats[0].discard, vec![Summon]);
    let err = s.refuse(0, Action::Summon);
    assert!(err.to_string().contains("do not hold"), "{err}");
    // While choosing how many knights march: no Aid cards.
    s.cards(
        0,
        &[Summon, Conflict2, Conflict3, Conflict4, Conflict5],
        &[Destroy],
    );
    s.cards(
        1,
        &[Summon, Conflict2, Conflict3, Conflict4, Conflict5],
        &[Destroy],
    );
    s.quiet(&[0, 1]).knights(5, Some(1), 1);
    s.act(0, Action::MarchTo(cell(5)));
    s.refuse(0, Action::Summon);
    s.act(0, Action::Send(3));
    // In combat, after the draw, the attacker may.
    assert!(s.can(0, Action::Summon));
    s.act(0, Action::Summon);
    assert_eq!(s.castle_of(0), 4 + 2);
    s.act(0, Action::Continue);
    // The defender never may: only Conflict cards now.
    assert!(!s.can(1, Action::Summon));
    assert!(s.legal(1).iter().all(|a| matches!(a, Action::Conflict(_))));
}

#[test]
fn tactical_march_after_marching_opens_another_round() {
    let mut s = Script::standard(2);
    s.cards(0, &[TacticalMarch], &[]);
    s.march(0, 4, 1);
    assert!(!s.can(0, Action::Redistribute) && !s.can(0, Action::MarchTo(cell(5))));
    s.act(0, Action::TacticalMarch);
    s.redistribute(0, &[(1, 4)]).redistribute_refused();
    s.march(0, 6, 2);
    assert!(!s.can(0, Action::MarchTo(cell(5))));
}

trait Refused {
    fn redistribute_refused(&mut self) -> &mut Self;
}

impl Refused for Script {
    fn redistribute_refused(&mut self) -> &mut Self {
        self.refuse(0, Action::Redistribute);
        self
    }
}

#[test]
fn tactical_march_before_marching_waits_for_the_march() {
    let mut s = Script::standard(2);
    s.cards(0, &[TacticalMarch], &[]);
    s.act(0, Action::TacticalMarch);
    s.redistribute(0, &[(1, 2)]);
    // The second redistribution comes after this round's march.
    assert!(!s.can(0, Action::Redistribute));
    s.march(0, 4, 1);
    assert!(s.can(0, Action::Redistribute));
    s.march(0, 5, 1);
    assert!(!s.can(0, Action::Redistribute));
    assert!(!s.can(0, Action::MarchTo(cell(6))));
}

#[test]
fn influential_person_drawn_in_combat_is_played_after_the_draw() {
    let mut s = Script::standard(2);
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &[Destroy])
        .plain(&[1])
        .quiet(&[0, 1]);
    s.knights(5, Some(1), 1);
    s.march(0, 5, 3);
    // Filling the hand to five: the Influential Person counts, then is
    // played for two more cards.
    s.draw(&[InfluentialPerson, Conflict5]);
    assert!(s.is_chance());
    s.draw(&[HeroicEffort1, HeroicEffort2]);
    assert_eq!(
        s.hand(0),
        vec![
            Conflict2,
            Conflict3,
            Conflict4,
            Conflict5,
            HeroicEffort1,
            HeroicEffort2
        ]
    );
    assert_eq!(s.view().seats[0].discard, vec![InfluentialPerson, Destroy]);
    assert_eq!(s.on_move(), vec![0]);
}

#[test]
fn destroy_on_ones_own_turn_but_not_while_redistributing_or_marching() {
    let mut s = Script::standard(2);
    s.cards(0, &[Destroy], &[]);
    let targets: Vec<_> = s
        .legal(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Destroy(_)))
        .collect();
    assert_eq!(
        targets,
        [RelicKind::Crown, RelicKind::Sceptre, RelicKind::Orb]
            .map(|k| Action::Destroy(relic(1, k)))
    );
    let err = s.refuse(0, Action::Destroy(relic(0, RelicKind::Orb)));
    assert!(err.to_string().contains("opponent"), "{err}");
    s.act(0, Action::Redistribute);
    s.refuse(0, Action::Destroy(relic(1, RelicKind::Orb)));
    s.act(0, Action::Done);
    s.act(0, Action::MarchTo(cell(4)));
    s.refuse(0, Action::Destroy(relic(1, RelicKind::Orb)));
    s.act(0, Action::Back);
    s.act(0, Action::Destroy(relic(1, RelicKind::Orb)));
    assert!(!s.face_up(1, RelicKind::Orb));
    // Destroyed before seat 2's turn began: repaired when that turn ends.
    s.end_turn(0);
    assert!(!s.face_up(1, RelicKind::Orb));
    s.end_turn(1);
    assert!(s.face_up(1, RelicKind::Orb));
}

#[test]
fn the_crown_is_not_used_while_redistributing_but_may_be_in_combat() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]).knights(5, Some(1), 1);
    s.act(0, Action::Redistribute);
    assert!(!s.can(0, Action::UseCrown));
    s.refuse(0, Action::UseCrown);
    s.act(0, Action::Done);
    s.march(0, 5, 3);
    assert!(s.can(0, Action::UseCrown));
    s.act(0, Action::UseCrown);
    s.draw(&[HeroicEffort2]);
    assert_eq!(s.hand(0).len(), 6);
    assert_eq!(s.combat_step(), Some("crown_and_aid"));
}

#[test]
fn thirteen_points_win_at_once_supplied_or_not() {
    let mut s = Script::standard(2);
    s.tile(5, "city_3")
        .tile(6, "cathedral_3")
        .tile(16, "fortress_3")
        .tile(11, "forest_1")
        .tile(4, "forest_1");
    // 16 is far from seat 1's castle: no supply line, but it scores.
    s.knights(5, Some(0), 1)
        .knights(6, Some(0), 1)
        .knights(16, Some(0), 1)
        .knights(11, Some(0), 1);
    assert!(!s.supplied(16));
    assert_eq!(s.points(0), 12);
    s.march(0, 4, 1);
    assert_eq!(s.winners(), vec![0]);
    assert!(matches!(
        s.game.apply(Seat(0), &Action::EndTurn),
        Err(RuleError::GameOver)
    ));
    assert_eq!(s.view().outcome.unwrap().winners.len(), 1);
}

#[test]
fn the_round_limit_ends_the_game_with_the_most_points() {
    let config = Config {
        round_limit: 1,
        ..Config::default()
    };
    let mut s = Script::with(config.clone(), 2);
    s.knights(5, Some(1), 1);
    s.end_turn(0).end_turn(1);
    assert_eq!(s.winners(), vec![1]);
    // Level on points: both share the win.
    let mut s = Script::with(config, 2);
    s.end_turn(0).end_turn(1);
    assert_eq!(s.winners(), vec![0, 1]);
}
