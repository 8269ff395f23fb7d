//! Setting up: the map dealt centre outwards from the value piles, Relics,
//! starting knights, opening hands and the starting player.

mod common;

use common::*;
use tourney_core::{Game, RuleError, Seat, SetupError, ToMove};
use tourney_mastery::{
    Action, Chance, Config, Loyalty, Mastery, StartingKnights, TILES, TileId, map_for,
};

fn tile(id: &str) -> TileId {
    TileId(TILES.iter().position(|t| t.id == id).unwrap() as u8)
}

#[test]
fn tiles_are_dealt_from_the_centre_outwards_by_value() {
    let map = map_for(2).unwrap();
    let order: Vec<u8> = map.deal_order.iter().map(|c| c.0 + 1).collect();
    assert_eq!(order, [10, 7, 9, 11, 13, 5, 15, 4, 6, 14, 16]);
    let mut s = Script::new(Config::default(), 2);
    // The centre position is worth 3: only the 3-point pile can turn up,
    // each kind weighted by its copies.
    assert!(s.game.describe_chance_step().contains("hex 10 (worth 3)"));
    let mut out = Vec::new();
    s.game.chance_outcomes(&mut out);
    assert_eq!(
        out,
        vec![
            (Chance::Tile(tile("city_3")), 2),
            (Chance::Tile(tile("cathedral_3")), 1),
            (Chance::Tile(tile("fortress_3")), 1),
            (Chance::Tile(tile("mountains_3")), 1),
        ]
    );
    s.chance(Chance::Tile(tile("city_3")));
    s.chance(Chance::Tile(tile("city_3")));
    // Both Cities are gone from the pile.
    assert!(!s.outcomes().contains(&Chance::Tile(tile("city_3"))));
    assert!(s.game.describe_chance_step().contains("hex 9 (worth 2)"));
    s.deal_tiles();
    let v = s.view();
    assert_eq!(v.cells[9].tile, Some("City"));
    assert_eq!(v.cells[6].tile, Some("City"));
    // Homelands are not dealt: they lie next to the castles from the start.
    for homeland in [2, 3, 17, 18] {
        assert_eq!(v.cells[homeland - 1].tile, Some("Homeland"));
    }
    assert!(
        v.cells
            .iter()
            .filter(|c| c.kind == "territory")
            .all(|c| c.tile.is_some())
    );
}

#[test]
fn a_tile_of_the_wrong_value_or_gone_from_the_pile_is_refused() {
    let mut s = Script::new(Config::default(), 2);
    let before = s.game.clone();
    let err = s
        .game
        .apply_chance(&Chance::Tile(tile("forest_1")))
        .unwrap_err();
    assert!(matches!(err, RuleError::ImpossibleOutcome(_)));
    assert_eq!(s.game, before);
    s.chance(Chance::Tile(tile("cathedral_3")));
    assert!(
        s.game
            .apply_chance(&Chance::Tile(tile("cathedral_3")))
            .is_err()
    );
    assert!(s.game.apply(Seat(0), &Action::EndTurn).is_err());
}

#[test]
fn every_map_has_enough_tiles_and_each_position_gets_one_of_its_value() {
    for seats in 2..=6 {
        let mut s = Script::new(Config::default(), seats);
        s.deal_tiles();
        let v = s.view();
        let map = map_for(seats).unwrap();
        for (info, cell) in map.cells.iter().zip(&v.cells) {
            if cell.kind == "territory" {
                assert_eq!(
                    cell.points,
                    u16::from(info.value),
                    "{seats} players, cell {}",
                    cell.cell
                );
            }
        }
    }
}

#[test]
fn relics_are_dealt_crowns_then_sceptres_then_orbs() {
    let mut s = Script::new(Config::default(), 3);
    s.deal_tiles();
    assert!(
        s.game
            .describe_chance_step()
            .contains("Seat 1 is dealt a Crown")
    );
    assert_eq!(s.outcomes().len(), 6);
    s.chance(Chance::Relic(relic_id("crown_of_decay")));
    assert!(
        s.game
            .describe_chance_step()
            .contains("Seat 2 is dealt a Crown")
    );
    assert_eq!(s.outcomes().len(), 5);
    assert!(
        !s.outcomes()
            .contains(&Chance::Relic(relic_id("crown_of_decay")))
    );
    // A Sceptre cannot come from the Crown pile.
    assert!(
        s.game
            .apply_chance(&Chance::Relic(relic_id("sceptre_of_rage")))
            .is_err()
    );
    s.chance(Chance::Relic(relic_id("crown_of_vitality")));
    s.chance(Chance::Relic(relic_id("crown_of_command")));
    assert!(
        s.game
            .describe_chance_step()
            .contains("Seat 1 is dealt a Sceptre")
    );
    for r in [
        "sceptre_of_rage",
        "sceptre_of_oath",
        "sceptre_of_wisdom",
        "orb_of_greed",
        "orb_of_revival",
        "orb_of_resolve",
    ] {
        s.chance(Chance::Relic(relic_id(r)));
    }
    let v = s.view();
    let names: Vec<_> = v.seats[1].relics.iter().map(|r| r.name.unwrap()).collect();
    assert_eq!(
        names,
        ["Crown of Vitality", "Sceptre of Oath", "Orb of Revival"]
    );
    assert!(v.seats[1].relics.iter().all(|r| r.face_up));
}

#[test]
fn starting_knights_are_split_evenly_between_castle_and_homelands() {
    // Two homelands: 2, 2 and 2. (Seat 1's castle then gets its 3 for the turn.)
    let s = Script::standard(2);
    assert_eq!(s.at(2), (Some(0), 2));
    assert_eq!(s.at(3), (Some(0), 2));
    assert_eq!(s.castle_of(0), 2 + 3);
    assert_eq!(s.at(17), (Some(1), 2));
    assert_eq!(s.castle_of(1), 2);
    // One homeland: 3 and 3.
    let s = Script::standard(3);
    assert_eq!(s.at(9), (Some(0), 3));
    assert_eq!(s.castle_of(1), 3);
    assert_eq!(s.at(22), (Some(1), 3));
}

#[test]
fn the_starting_split_can_be_a_choice() {
    let config = Config {
        starting_knights: StartingKnights::Choice,
        ..Config::default()
    };
    let mut s = Script::new(config, 2);
    s.deal_tiles();
    s.deal_relics(&DEFAULT_RELICS[..2]);
    assert_eq!(s.on_move(), vec![0]);
    // Two homelands of at least one knight each, six in all: 15 choices.
    assert_eq!(s.legal(0).len(), 15);
    s.refuse(0, Action::Split([5, 2]));
    s.refuse(0, Action::Split([0, 3]));
    s.act(0, Action::Split([1, 4]));
    s.act(1, Action::Split([3, 3]));
    s.opening_hands();
    s.chance(Chance::Starter(Seat(1)));
    assert_eq!(
        (s.at(2), s.at(3), s.castle_of(0)),
        ((Some(0), 1), (Some(0), 4), 1)
    );
    assert_eq!(
        (s.at(17), s.at(18), s.castle_of(1)),
        ((Some(1), 3), (Some(1), 3), 3)
    );
}

#[test]
fn opening_hands_play_influential_person_after_the_draw() {
    let mut s = Script::new(Config::default(), 2);
    s.deal_tiles();
    s.deal_relics(&DEFAULT_RELICS[..2]);
    // Seat 1 fills its hand to five with the Influential Person among them,
    // then plays it and draws two more.
    s.draw(&[
        Conflict2,
        InfluentialPerson,
        Conflict3,
        Conflict4,
        Conflict5,
    ]);
    assert!(s.game.describe_chance_step().contains("Seat 1 draws"));
    s.draw(&[HeroicEffort1, HeroicEffort2]);
    assert!(s.game.describe_chance_step().contains("Seat 2 draws"));
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
    assert_eq!(s.view().seats[0].discard, vec![InfluentialPerson]);
    // Drawing is secret; the played Influential Person is not.
    assert!(!s.game.chance_is_open());
    assert_eq!(s.view_of(1).seats[0].hand, None);
    assert_eq!(s.view_of(1).seats[0].hand_size, 6);
}

#[test]
fn the_starting_player_is_drawn_and_begins_by_placing_three_knights() {
    let mut s = Script::new(Config::default(), 4);
    s.deal_tiles();
    s.deal_relics(&DEFAULT_RELICS[..4]);
    s.opening_hands();
    assert_eq!(s.outcomes().len(), 4);
    assert!(s.game.chance_is_open());
    s.chance(Chance::Starter(Seat(2)));
    assert_eq!(s.on_move(), vec![2]);
    assert_eq!(s.castle_of(2), 3 + 3);
    assert_eq!(s.castle_of(0), 3);
    assert_eq!(s.view().turn.unwrap().number, 1);
}

#[test]
fn chaos_adds_six_knights_to_every_castle() {
    let s = Script::with(
        Config {
            chaos: true,
            ..Config::default()
        },
        2,
    );
    assert_eq!(s.castle_of(1), 2 + 6);
    assert_eq!(s.at(17), (Some(1), 2));
}

#[test]
fn seat_counts_and_configs_are_checked() {
    let default = Config::default();
    assert!(matches!(
        Mastery::new(&default, 1),
        Err(SetupError::SeatCount { .. })
    ));
    assert!(matches!(
        Mastery::new(&default, 7),
        Err(SetupError::SeatCount { .. })
    ));
    // Every count the game admits has a map to play on.
    for seats in Mastery::INFO.min_seats..=Mastery::INFO.max_seats {
        assert_eq!(Mastery::new(&default, seats).map(|g| g.seats()), Ok(seats));
    }
    let pairs = Config {
        loyalty: Loyalty::Pairs,
        ..Config::default()
    };
    assert!(Mastery::new(&pairs, 4).is_ok());
    assert!(Mastery::new(&pairs, 6).is_ok());
    assert!(matches!(
        Mastery::new(&pairs, 5),
        Err(SetupError::Config {
            field: "loyalty",
            ..
        })
    ));
    let triples = Config {
        loyalty: Loyalty::Triples,
        ..Config::default()
    };
    assert!(Mastery::new(&triples, 6).is_ok());
    assert!(Mastery::new(&triples, 4).is_err());
    let both = Config {
        loyalty: Loyalty::Pairs,
        siege: true,
        ..Config::default()
    };
    assert!(Mastery::new(&both, 4).is_err());
    // Configs are read strictly, with defaults for what is left out.
    assert!(serde_json::from_str::<Config>(r#"{"sieg": true}"#).is_err());
    let c: Config = serde_json::from_str(r#"{"siege": true, "loyalty": "off"}"#).unwrap();
    assert!(c.siege && c.round_limit == 60);
    assert!(matches!(
        Mastery::new(&default, 2).unwrap().to_move(),
        ToMove::Chance
    ));
}
