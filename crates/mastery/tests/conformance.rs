//! The core conformance suite for every player count and every optional rule.

use tourney_core::testkit::{Plan, check};
use tourney_mastery::{Config, Loyalty, Mastery, StartingKnights};

fn plan(games: usize, deep_games: usize, seed: u64) -> Plan {
    Plan {
        games,
        deep_games,
        max_steps: 50_000,
        seed,
    }
}

#[test]
fn two_players() {
    check::<Mastery>(&Config::default(), 2, plan(60, 3, 2));
}

#[test]
fn three_players() {
    check::<Mastery>(&Config::default(), 3, plan(40, 2, 3));
}

#[test]
fn four_players() {
    check::<Mastery>(&Config::default(), 4, plan(30, 2, 4));
}

#[test]
fn five_players() {
    check::<Mastery>(&Config::default(), 5, plan(20, 1, 5));
}

#[test]
fn six_players() {
    check::<Mastery>(&Config::default(), 6, plan(20, 1, 6));
}

fn with(edit: impl FnOnce(&mut Config)) -> Config {
    let mut config = Config::default();
    edit(&mut config);
    config
}

#[test]
fn loyalty_pairs_four_and_six() {
    let config = with(|c| c.loyalty = Loyalty::Pairs);
    check::<Mastery>(&config, 4, plan(15, 1, 41));
    check::<Mastery>(&config, 6, plan(10, 1, 61));
}

#[test]
fn loyalty_triples() {
    check::<Mastery>(&with(|c| c.loyalty = Loyalty::Triples), 6, plan(10, 1, 62));
}

#[test]
fn siege() {
    let config = with(|c| c.siege = true);
    check::<Mastery>(&config, 2, plan(20, 1, 21));
    check::<Mastery>(&config, 5, plan(10, 1, 51));
}

#[test]
fn cut_throat() {
    let config = with(|c| c.cut_throat = true);
    check::<Mastery>(&config, 3, plan(20, 1, 31));
    check::<Mastery>(&config, 6, plan(10, 1, 63));
}

#[test]
fn skirmish() {
    check::<Mastery>(&with(|c| c.skirmish = true), 4, plan(20, 1, 42));
}

#[test]
fn chaos() {
    let config = with(|c| c.chaos = true);
    check::<Mastery>(&config, 2, plan(20, 1, 22));
    check::<Mastery>(&config, 4, plan(10, 1, 43));
}

#[test]
fn chosen_starting_knights() {
    check::<Mastery>(
        &with(|c| c.starting_knights = StartingKnights::Choice),
        3,
        plan(20, 1, 32),
    );
}

#[test]
fn everything_at_once() {
    let config = with(|c| {
        c.siege = true;
        c.cut_throat = true;
        c.skirmish = true;
        c.chaos = true;
        c.starting_knights = StartingKnights::Choice;
    });
    check::<Mastery>(&config, 4, plan(10, 1, 44));
}

#[test]
fn no_round_limit_still_ends() {
    check::<Mastery>(&with(|c| c.round_limit = 0), 6, plan(10, 0, 64));
}

#[test]
fn a_short_round_limit_ends_by_points() {
    check::<Mastery>(&with(|c| c.round_limit = 2), 5, plan(10, 2, 52));
}
