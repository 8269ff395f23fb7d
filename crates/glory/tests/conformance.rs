//! The core conformance suite for 2, 3 and 4 seats and the options.

use tourney_core::testkit::{Plan, check};
use tourney_glory::{Characters, Config, Glory, TournamentKind, Trophies};

fn plan(games: usize, deep_games: usize) -> Plan {
    Plan {
        games,
        deep_games,
        max_steps: 20_000,
        ..Plan::default()
    }
}

#[test]
fn two_players() {
    check::<Glory>(&Config::default(), 2, plan(300, 8));
}

#[test]
fn three_players() {
    check::<Glory>(&Config::default(), 3, plan(200, 5));
}

#[test]
fn four_players() {
    check::<Glory>(&Config::default(), 4, plan(150, 4));
}

#[test]
fn jousts_with_trophy_tiles_and_open_objectives() {
    let config = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        trophies: Trophies::Tiles,
        characters: Characters::LevelOne,
        open_objectives: true,
    };
    check::<Glory>(&config, 3, plan(200, 5));
}

#[test]
fn two_players_meet_in_jousts() {
    let config = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        ..Config::default()
    };
    check::<Glory>(&config, 2, plan(150, 4));
}
