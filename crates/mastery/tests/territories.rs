//! Every territory effect.

mod common;

use common::*;
use tourney_mastery::{Action, Config};

#[test]
fn grassland_gives_the_attacker_one() {
    let mut s = Script::standard(2);
    s.skirmish_at(5, "grassland_1", 3, 2);
    assert_eq!(s.values(), [4, 2]);
}

#[test]
fn fortress_and_city_give_the_defender_one() {
    for tile in ["fortress_2", "fortress_3", "city_3"] {
        let mut s = Script::standard(2);
        s.skirmish_at(5, tile, 3, 2);
        assert_eq!(s.values(), [3, 3], "{tile}");
    }
}

#[test]
fn plain_territories_change_nothing() {
    for tile in [
        "forest_1",
        "village_1",
        "cave_1",
        "battlefield_2",
        "homeland",
    ] {
        let mut s = Script::standard(2);
        s.skirmish_at(5, tile, 2, 2);
        assert_eq!(s.values(), [2, 2], "{tile}");
    }
}

#[test]
fn mountains_allow_no_support_cards() {
    let mut s = Script::standard(2);
    s.tile(5, "mountains_2")
        .knights(5, Some(1), 2)
        .castle(0, 3)
        .quiet(&[0, 1]);
    s.cards(
        0,
        &[
            Conflict5,
            HeroicEffort2,
            HeroicEffort2,
            HeroicEffort1,
            HeroicEffort1,
        ],
        &[Destroy],
    );
    s.cards(
        1,
        &[
            Conflict2,
            HeroicEffort2,
            HeroicEffort2,
            HeroicEffort1,
            HeroicEffort1,
        ],
        &[Destroy],
    );
    s.march(0, 5, 3);
    assert!(s.view().combat.unwrap().no_support);
    s.act(0, Action::Continue);
    s.act(0, Action::Conflict(Conflict5))
        .act(1, Action::Conflict(Conflict2));
    // Straight to the result: 8 against 4, and the conquest.
    assert!(s.view().combat.is_none());
    assert_eq!(s.at(5), (Some(0), 3));
    assert_eq!(s.hand(0).len(), 4);
}

#[test]
fn cave_and_battlefield_hold_fewer_knights() {
    for (tile, most) in [("cave_1", 3), ("battlefield_2", 4), ("forest_1", 6)] {
        let mut s = Script::standard(2);
        s.tile(5, tile).castle(0, 8);
        s.act(0, Action::MarchTo(cell(5)));
        let sends = s
            .legal(0)
            .iter()
            .filter(|a| matches!(a, Action::Send(_)))
            .count();
        assert_eq!(sends, most, "{tile}");
        assert_eq!(s.view().cells[4].capacity, most as u8);
    }
}

#[test]
fn village_city_and_cathedral_give_the_conqueror_a_knight() {
    for tile in ["village_1", "village_2", "city_3", "cathedral_3"] {
        let mut s = Script::standard(2);
        s.tile(5, tile).castle(0, 5);
        s.march(0, 5, 2);
        assert_eq!(s.castle_of(0), 3 + 1, "{tile}");
    }
    // Also when the territory is won in combat.
    let mut s = Script::standard(2);
    s.skirmish_at(5, "village_1", 4, 1);
    s.fight(Conflict4, Conflict2);
    assert_eq!(s.at(5), (Some(0), 4));
    assert_eq!(s.castle_of(0), 1);
}

#[test]
fn marshland_swallows_a_knight_of_the_conqueror_but_never_the_last() {
    let mut s = Script::standard(2);
    s.tile(5, "marshland_1").tile(4, "marshland_1");
    s.march(0, 5, 3);
    assert_eq!(s.at(5), (Some(0), 2));
    s.end_turn(0).end_turn(1);
    s.march(0, 4, 1);
    assert_eq!(s.at(4), (Some(0), 1));
}

#[test]
fn homelands_are_worth_one_point_and_nothing_in_a_skirmish() {
    let s = Script::standard(2);
    assert_eq!(s.points(0), 2);
    let s = Script::with(
        Config {
            skirmish: true,
            ..Config::default()
        },
        2,
    );
    assert_eq!(s.points(0), 0);
    assert_eq!(s.view().goal, 11);
}
