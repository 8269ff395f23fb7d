//! Bots never read hidden information: a state that differs from the real
//! one only in what the deciding seat cannot see (re-dealt by
//! `determinize` with another stream, with an identical view) gets the same
//! decision from a bot with the same seed.

mod common;

use common::{decision_points, view_json};
use tourney_bots::BotSpec;
use tourney_core::{Evaluate, Game, GameRng, Seat, ToMove};
use tourney_joust::{CardJoust, Phase};
use tourney_ritter::Ritter;

const SPECS: [&str; 7] = [
    "ismcts:300",
    "ismcts:300:habits=off",
    "ismcts:300:leaf=playout",
    "ismcts:300:observers=multiple",
    "ismcts:200:prior=20",
    "greedy",
    "random",
];

/// Checks the bots at `state` for `seat` against `tries` twins of it that
/// differ only in hidden information. Returns how many twins really differed.
fn blind_to_hidden<G: Evaluate>(state: &G, seat: Seat, tries: u64, label: &str) -> usize {
    let mut differing = 0;
    for t in 0..tries {
        let twin = state.determinize(seat, &mut GameRng::seed_from_u64(500 + t));
        assert_eq!(
            view_json(state, seat),
            view_json(&twin, seat),
            "{label}: the twin must look the same to {seat}"
        );
        if twin == *state {
            continue;
        }
        differing += 1;
        for text in SPECS {
            let spec = BotSpec::parse(text).expect("valid");
            for seed in [3, 4] {
                let real = spec.build::<G>(seed).choose(state, seat);
                let other = spec.build::<G>(seed).choose(&twin, seat);
                assert!(real.is_some(), "{label}: {text} found no action");
                assert_eq!(
                    real, other,
                    "{label}: {text} (seed {seed}) decided differently on a state that differs only in hidden information"
                );
            }
        }
    }
    differing
}

/// Card Joust: the opponent has laid five cards face down and aimed in
/// secret; the deciding seat still has to aim. Also the gear choice after
/// both aims, and the card placement with the opponent's hand hidden.
#[test]
fn joust_bots_ignore_the_opponents_hidden_cards_and_aim() {
    let (mut aim, mut gear, mut place) = (0, 0, 0);
    for seed in 0..40 {
        for (state, seat) in decision_points::<CardJoust>(2, seed) {
            let ToMove::Seats(on_move) = state.to_move() else {
                continue;
            };
            let alone = on_move.len() == 1;
            let slot = match state.phase() {
                // The opponent has aimed already (only `seat` is on move).
                Phase::Aim if alone && aim < 4 => &mut aim,
                Phase::Gear if alone && gear < 3 => &mut gear,
                Phase::Place if place < 3 => &mut place,
                _ => continue,
            };
            let label = format!("joust seed {seed} {:?}", state.phase());
            if blind_to_hidden(&state, seat, 3, &label) > 0 {
                *slot += 1;
            }
        }
    }
    assert!(
        aim >= 4 && gear >= 3 && place >= 3,
        "too few hidden-information points found: aim {aim}, gear {gear}, place {place}"
    );
}

/// Ritter: another seat has already prepared in secret (its training and
/// who rides are hidden) while the deciding seat prepares.
#[test]
fn ritter_bots_ignore_secret_preparations() {
    let mut found = 0;
    for seed in 0..20 {
        for (state, seat) in decision_points::<Ritter>(3, seed) {
            if found >= 4 {
                break;
            }
            let label = format!("ritter seed {seed}");
            if blind_to_hidden(&state, seat, 2, &label) > 0 {
                found += 1;
            }
        }
    }
    assert!(
        found >= 4,
        "only {found} Ritter states with hidden choices found"
    );
}

/// The check above can fail: the cheating search (`sees-all`, which reads
/// the true state) decides differently on some twin, at Card Joust's aim
/// where the opponent's face-down cards say where a hit is easy.
#[test]
fn the_check_catches_a_search_that_reads_hidden_cards() {
    let cheat = BotSpec::parse("ismcts:300:sees-all").expect("valid");
    let mut caught = 0;
    for seed in 0..40 {
        for (state, seat) in decision_points::<CardJoust>(2, seed) {
            let ToMove::Seats(on_move) = state.to_move() else {
                continue;
            };
            if state.phase() != Phase::Aim || on_move.len() != 1 {
                continue;
            }
            for t in 0..3 {
                let twin = state.determinize(seat, &mut GameRng::seed_from_u64(500 + t));
                let real = cheat.build::<CardJoust>(3).choose(&state, seat);
                let other = cheat.build::<CardJoust>(3).choose(&twin, seat);
                if real != other {
                    caught += 1;
                }
            }
        }
    }
    assert!(
        caught > 0,
        "the cheat was never caught deciding differently"
    );
}
