//! The core conformance suite, for every seat count and a non-default config.
//! Sized to run in seconds in the dev profile.

use tourney_core::testkit::{Plan, check};
use tourney_joust::{CardJoust, Config};

fn plan(games: usize, deep_games: usize) -> Plan {
    Plan {
        games,
        deep_games,
        max_steps: 20_000,
        ..Plan::default()
    }
}

#[test]
fn two_seats() {
    check::<CardJoust>(&Config::default(), 2, plan(2000, 60));
}

#[test]
fn three_seats() {
    check::<CardJoust>(&Config::default(), 3, plan(600, 20));
}

#[test]
fn four_seats() {
    check::<CardJoust>(&Config::default(), 4, plan(400, 12));
}

#[test]
fn five_seats() {
    check::<CardJoust>(&Config::default(), 5, plan(300, 8));
}

#[test]
fn six_seats() {
    check::<CardJoust>(&Config::default(), 6, plan(300, 8));
}

#[test]
fn one_knight_target_ten_with_threshold() {
    let config = Config {
        knights_per_player: 1,
        target_points: 10,
        points_threshold: Some(15),
        fourth_minor_becomes_major: false,
        ..Config::default()
    };
    check::<CardJoust>(&config, 2, plan(1000, 40));
    check::<CardJoust>(&config, 4, plan(300, 10));
}
