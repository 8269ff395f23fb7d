//! Illegal moves are refused with a reason and change nothing; hidden cards
//! stay hidden; damaged saved games are refused; the JSON shapes the
//! protocol documents.

mod common;

use common::*;
use tourney_core::{Game, GameRng, RuleError, Seat, ToMove};
use tourney_mastery::{
    Action, Card, Cell, Chance, Config, Mastery, RelicKind, RelicRef, TILES, TileId,
};

#[test]
fn moves_out_of_turn_or_out_of_place_are_refused_unchanged() {
    let mut s = Script::standard(2);
    assert!(matches!(
        s.refuse(1, Action::EndTurn),
        RuleError::NotOnMove(_)
    ));
    s.refuse(0, Action::Send(2));
    s.refuse(0, Action::Continue);
    s.refuse(0, Action::Conflict(Card::Conflict2));
    s.refuse(0, Action::Support(Card::HeroicEffort1));
    s.refuse(0, Action::Top(Card::Ambush));
    s.refuse(0, Action::Split([3, 3]));
    s.refuse(
        0,
        Action::Move {
            from: cell(1),
            to: cell(2),
        },
    );
    s.refuse(0, Action::CrownOnSeat(Seat(1)));
    s.refuse(0, Action::MarchTo(Cell(60)));
    s.refuse(
        0,
        Action::Destroy(RelicRef {
            seat: Seat(9),
            relic: RelicKind::Orb,
        }),
    );
    let before = s.game.clone();
    assert!(matches!(
        s.game.apply_chance(&Chance::Die(3)),
        Err(RuleError::NoChancePending)
    ));
    assert_eq!(s.game, before);
}

#[test]
fn impossible_cards_and_dice_are_refused_unchanged() {
    let mut s = Script::standard(2);
    s.cards(0, &[Conflict2, Conflict2, Ambush], &[Destroy])
        .plain(&[1])
        .quiet(&[0, 1])
        .tile(5, "forest_1");
    s.knights(5, Some(1), 1);
    s.march(0, 5, 2);
    // Drawing: only cards left in the deck can come up.
    let before = s.game.clone();
    assert!(matches!(
        s.game.apply_chance(&Chance::Card(Conflict2)),
        Err(RuleError::ImpossibleOutcome(_))
    ));
    assert!(s.game.apply_chance(&Chance::Card(Destroy)).is_err());
    assert!(matches!(
        s.game.apply(Seat(0), &Action::Continue),
        Err(RuleError::AwaitingChance)
    ));
    assert_eq!(s.game, before);
    s.draw(&[Conflict3, Conflict4]);
    s.act(0, Action::Continue);
    // Conflict cards: only one's own, only Conflict cards, only once.
    s.refuse(0, Action::Conflict(Conflict5));
    s.refuse(0, Action::Support(HeroicEffort1));
    s.act(0, Action::Conflict(Ambush));
    s.refuse(0, Action::Conflict(Conflict2));
    s.act(1, Action::Conflict(Conflict3));
    // The Ambush die shows 1 to 6.
    let before = s.game.clone();
    assert!(s.game.apply_chance(&Chance::Die(7)).is_err());
    assert!(s.game.apply_chance(&Chance::Die(0)).is_err());
    assert!(s.game.apply_chance(&Chance::Starter(Seat(0))).is_err());
    assert_eq!(s.game, before);
    s.roll(&[6]);
    assert_eq!(s.values(), [2 + 6, 1 + 3]);
}

fn card(s: &Script, viewer: Option<u8>) -> tourney_mastery::ConflictView {
    s.game.view(viewer.map(Seat)).combat.unwrap().conflict[1].clone()
}

#[test]
fn views_hide_hands_decks_and_face_down_cards() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]).knights(5, Some(1), 1);
    let spectator = s.view();
    assert!(
        spectator
            .seats
            .iter()
            .all(|v| v.hand.is_none() && v.known_top.is_none())
    );
    assert_eq!(spectator.seats[0].hand_size, 5);
    assert_eq!(spectator.seats[0].deck_size, 12);
    assert_eq!(spectator.seats[0].discard, vec![Destroy]);
    assert!(s.view_of(0).seats[0].hand.is_some());
    assert!(s.view_of(0).seats[1].hand.is_none());
    s.march(0, 5, 3);
    s.act(0, Action::Continue);
    s.act(1, Action::Conflict(Conflict4));
    // Face down: its owner sees it, nobody else does.
    assert_eq!(
        (card(&s, Some(1)).state, card(&s, Some(1)).card),
        ("face_down", Some(Conflict4))
    );
    assert_eq!(card(&s, Some(0)).card, None);
    assert_eq!(card(&s, None).card, None);
    assert!(!s.game.action_is_open(Seat(1), &Action::Conflict(Conflict4)));
    assert!(s.game.action_is_open(Seat(0), &Action::EndTurn));
    // Determinizing for seat 1 may re-deal seat 2's face-down card, but
    // never what seat 1 or a spectator sees.
    let mut rng = GameRng::seed_from_u64(5);
    let mut changed = false;
    for _ in 0..20 {
        let other = s.game.determinize(Seat(0), &mut rng);
        assert_eq!(
            serde_json::to_value(other.view(Some(Seat(0)))).unwrap(),
            serde_json::to_value(s.game.view(Some(Seat(0)))).unwrap()
        );
        assert_eq!(
            serde_json::to_value(other.view(None)).unwrap(),
            serde_json::to_value(s.game.view(None)).unwrap()
        );
        changed |= other != s.game;
    }
    assert!(changed, "hidden cards were never re-dealt");
    s.act(0, Action::Conflict(Conflict2));
    // Revealed together.
    assert_eq!(
        (card(&s, Some(0)).state, card(&s, Some(0)).card),
        ("revealed", Some(Conflict4))
    );
}

#[test]
fn a_damaged_saved_game_is_refused() {
    let s = Script::standard(2);
    let text = serde_json::to_string(&s.game).unwrap();
    let back: Mastery = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s.game);
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["players"] = 9.into();
    assert!(serde_json::from_value::<Mastery>(value.clone()).is_err());
    value["players"] = 2.into();
    value["places"][4]["owner"] = 5.into();
    let err = serde_json::from_value::<Mastery>(value.clone()).unwrap_err();
    assert!(err.to_string().contains("not at the table"), "{err}");
    value["places"][4]["owner"] = 255.into();
    value["seats"][0]["relics"][1] = 40.into();
    assert!(serde_json::from_value::<Mastery>(value).is_err());
}

#[test]
fn the_finished_game_refuses_everything() {
    let mut s = Script::with(
        Config {
            round_limit: 1,
            ..Config::default()
        },
        2,
    );
    s.end_turn(0).end_turn(1);
    assert!(matches!(s.to_move(), ToMove::Over(_)));
    assert!(s.legal(0).is_empty() && s.outcomes().is_empty());
    assert!(matches!(s.refuse(0, Action::EndTurn), RuleError::GameOver));
    assert!(matches!(
        s.game.apply_chance(&Chance::Die(1)),
        Err(RuleError::GameOver)
    ));
}

#[test]
fn json_shapes_of_actions_and_chance_outcomes() {
    let json = |a: &Action| serde_json::to_string(a).unwrap();
    assert_eq!(json(&Action::EndTurn), r#""end_turn""#);
    assert_eq!(json(&Action::MarchTo(cell(5))), r#"{"march_to":5}"#);
    assert_eq!(json(&Action::Send(3)), r#"{"send":3}"#);
    assert_eq!(
        json(&Action::Move {
            from: cell(1),
            to: cell(5)
        }),
        r#"{"move":{"from":1,"to":5}}"#
    );
    assert_eq!(
        json(&Action::Destroy(relic(1, RelicKind::Sceptre))),
        r#"{"destroy":{"seat":1,"relic":"sceptre"}}"#
    );
    assert_eq!(
        json(&Action::CrownOnSeat(Seat(2))),
        r#"{"crown_on_seat":2}"#
    );
    assert_eq!(
        json(&Action::Conflict(Card::Conflict4)),
        r#"{"conflict":"conflict_4"}"#
    );
    assert_eq!(
        json(&Action::Support(Card::HeroicEffort2)),
        r#"{"support":"heroic_effort_2"}"#
    );
    assert_eq!(json(&Action::Split([2, 3])), r#"{"split":[2,3]}"#);
    let chance = |c: &Chance| serde_json::to_string(c).unwrap();
    let city = TileId(TILES.iter().position(|t| t.id == "city_3").unwrap() as u8);
    assert_eq!(chance(&Chance::Tile(city)), r#"{"tile":"city_3"}"#);
    assert_eq!(
        chance(&Chance::Relic(relic_id("orb_of_greed"))),
        r#"{"relic":"orb_of_greed"}"#
    );
    assert_eq!(
        chance(&Chance::Card(Card::InfluentialPerson)),
        r#"{"card":"influential_person"}"#
    );
    assert_eq!(chance(&Chance::Die(6)), r#"{"die":6}"#);
    assert_eq!(chance(&Chance::Starter(Seat(1))), r#"{"starter":1}"#);
    // Cells count from 1; there is no cell 0.
    assert!(serde_json::from_str::<Action>(r#"{"march_to":0}"#).is_err());
    assert!(serde_json::from_str::<Chance>(r#"{"tile":"castle"}"#).is_err());
}

#[test]
fn descriptions_read_like_a_table_talk() {
    let mut s = Script::standard(2);
    s.tile(5, "city_3").knights(5, Some(1), 3);
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::MarchTo(cell(5))),
        "March into hex 5 (City, seat 2's, 3 knights)"
    );
    assert_eq!(
        s.game.describe_action(
            Seat(0),
            &Action::Move {
                from: cell(1),
                to: cell(2)
            }
        ),
        "Move a knight from your castle to hex 2 (Homeland, yours, 2 knights)"
    );
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::EndTurn),
        "End your turn"
    );
    // The log's words name places for every reader: no "your", no "yours".
    assert_eq!(
        s.game.describe_done(
            Seat(0),
            &Action::Move {
                from: cell(1),
                to: cell(2)
            }
        ),
        "moves a knight from seat 1's castle to hex 2 (Homeland, seat 1's, 2 knights)"
    );
    assert_eq!(
        s.game.describe_done(Seat(0), &Action::MarchTo(cell(5))),
        "chooses hex 5 (City, seat 2's, 3 knights) as the march target"
    );
    assert_eq!(
        s.game.describe_done(Seat(0), &Action::EndTurn),
        "ends the turn"
    );
    let drawing = s.game.to_string_view();
    assert!(
        drawing.contains("C1") && drawing.contains("City"),
        "{drawing}"
    );
}

trait Drawing {
    fn to_string_view(&self) -> String;
}

impl Drawing for Mastery {
    fn to_string_view(&self) -> String {
        self.view(Some(Seat(0))).to_string()
    }
}
