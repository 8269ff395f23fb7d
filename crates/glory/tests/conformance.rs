//! The core conformance suite for 2, 3 and 4 seats, the options, and the
//! solo game against Otto in every mode and automa deck.

use tourney_core::testkit::{Plan, check};
use tourney_glory::{
    AutomaDeck, Characters, Config, Difficulty, Glory, Solo, SoloMode, TournamentKind, Trophies,
};

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
        ..Config::default()
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

fn solo(mode: SoloMode, difficulty: Difficulty, deck: AutomaDeck) -> Config {
    Config {
        solo: Some(Solo {
            mode,
            difficulty,
            deck,
        }),
        ..Config::default()
    }
}

#[test]
fn solo_rivalry() {
    let hard = solo(SoloMode::Rivalry, Difficulty::Hard, AutomaDeck::Warrior);
    check::<Glory>(&hard, 1, plan(200, 5));
    let jousts = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        ..solo(SoloMode::Rivalry, Difficulty::Easy, AutomaDeck::Pious)
    };
    check::<Glory>(&jousts, 1, plan(150, 4));
}

#[test]
fn solo_score_and_champion() {
    let score = solo(SoloMode::Score, Difficulty::Medium, AutomaDeck::Solo);
    check::<Glory>(&score, 1, plan(150, 4));
    let champion = solo(SoloMode::Champion, Difficulty::Hard, AutomaDeck::Pious);
    check::<Glory>(&champion, 1, plan(150, 4));
}
