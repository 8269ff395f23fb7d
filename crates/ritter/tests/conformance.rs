//! The core conformance suite, for every table size class and the options.

use tourney_core::testkit::{Plan, check};
use tourney_ritter::{Config, Ritter};

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
    check::<Ritter>(&Config::default(), 2, plan(300, 12));
}

#[test]
fn three_players() {
    check::<Ritter>(&Config::default(), 3, plan(200, 8));
}

#[test]
fn five_players() {
    check::<Ritter>(&Config::default(), 5, plan(150, 4));
}

#[test]
fn six_players() {
    check::<Ritter>(&Config::default(), 6, plan(150, 4));
}

#[test]
fn ten_players() {
    check::<Ritter>(&Config::default(), 10, plan(100, 3));
}

#[test]
fn short_tournament_with_wound_penalty_and_no_ladies() {
    let config = Config {
        days: 2,
        wound_penalty: true,
        ladies: false,
    };
    check::<Ritter>(&config, 4, plan(300, 12));
}
