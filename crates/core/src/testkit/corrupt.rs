//! Rules code must never panic, not even on a state read back from a
//! corrupt file. [`check_corrupt_states`] takes snapshots of random games,
//! scrambles numbers and flags in their JSON, and drives every entry point of
//! the [`Game`] trait on whatever still deserializes.

use crate::playout::{Buffers, random_playout};
use crate::{Evaluate, GameRng, Seat, ToMove};
use serde_json::Value;

/// Numbers a scrambled field may become: small ones that index tables, the
/// edges of `u8` and `u16`, and values just past common table sizes.
const ODD_NUMBERS: [u64; 14] = [0, 1, 2, 3, 6, 7, 9, 10, 11, 15, 16, 254, 255, 65535];

/// What to scramble and what to try on each corrupt state.
pub struct Corruption<'a, G: Evaluate> {
    /// Tables and seat counts to play random games with, one after another.
    pub setups: &'a [(G::Config, usize)],
    /// Random games in all (their setups taken in turn).
    pub games: u64,
    /// At most this many random steps between two snapshots.
    pub stride: u32,
    /// One number in this many is replaced by an odd value (a state with
    /// many numbers needs a rarer change, or nothing deserializes).
    pub number_rate: u32,
    /// Actions no legal menu offers (ids out of range and the like), tried
    /// for every seat on every corrupt state.
    pub odd_actions: &'a [G::Action],
    /// Chance outcomes no pending step lists, tried on every corrupt state.
    pub odd_outcomes: &'a [G::Chance],
}

/// Plays the games, corrupts four copies of each snapshot and pokes every
/// copy that deserializes; returns how many did. Panics (failing the test)
/// only if rules code does.
pub fn check_corrupt_states<G: Evaluate>(c: &Corruption<'_, G>) -> usize {
    let mut tried = 0;
    let mut buf = Buffers::<G>::default();
    for game in 0..c.games {
        let Some((config, seats)) = c.setups.get(game as usize % c.setups.len().max(1)) else {
            return tried;
        };
        let mut rng = GameRng::for_game(77, game);
        let mut state = G::new(config, *seats).unwrap_or_else(|e| panic!("setup failed: {e}"));
        loop {
            let stop = 1 + rng.below(c.stride.max(1)) as usize;
            let report = random_playout(&mut state, &mut rng, &mut buf, stop);
            let json = serde_json::to_value(&state).expect("a state serializes");
            for _ in 0..4 {
                let mut bad = json.clone();
                scramble(&mut bad, &mut rng, c.number_rate.max(1));
                if let Ok(garbage) = serde_json::from_value::<G>(bad) {
                    tried += 1;
                    poke(&garbage, c, &mut rng);
                }
            }
            if report.outcome.is_some() || matches!(state.to_move(), ToMove::Over(_)) {
                break;
            }
        }
    }
    tried
}

/// Moves or outcomes like the listed ones with a number or flag changed
/// (a few of them): what a hand-edited record might hold.
fn scrambled_copies<T: serde::Serialize + serde::de::DeserializeOwned>(
    listed: &[T],
    rng: &mut GameRng,
) -> Vec<T> {
    listed
        .iter()
        .take(8)
        .filter_map(|x| {
            let mut v = serde_json::to_value(x).ok()?;
            scramble(&mut v, rng, 2);
            serde_json::from_value(v).ok()
        })
        .collect()
}

fn scramble(value: &mut Value, rng: &mut GameRng, number_rate: u32) {
    match value {
        Value::Number(_) if rng.below(number_rate) == 0 => {
            *value = Value::from(ODD_NUMBERS[rng.below(ODD_NUMBERS.len() as u32) as usize]);
        }
        Value::Bool(b) if rng.below(12) == 0 => *b = !*b,
        Value::Array(items) => items.iter_mut().for_each(|v| scramble(v, rng, number_rate)),
        Value::Object(map) => map.values_mut().for_each(|v| scramble(v, rng, number_rate)),
        _ => {}
    }
}

/// Every entry point, on copies: the results do not matter, only that none
/// panics. Seats past the table are asked too, as a corrupt file may name them.
fn poke<G: Evaluate>(state: &G, c: &Corruption<'_, G>, rng: &mut GameRng) {
    let mut outcomes = Vec::new();
    let _ = state.to_move();
    state.chance_outcomes(&mut outcomes);
    let _ = state.describe_chance_step();
    let _ = state.chance_is_open();
    let listed: Vec<G::Chance> = outcomes.iter().map(|(c, _)| c.clone()).collect();
    let odd = scrambled_copies(&listed, rng);
    for outcome in listed.iter().chain(c.odd_outcomes).chain(&odd) {
        let _ = state.describe_chance(outcome);
        let _ = state.clone().apply_chance(outcome);
    }
    let mut actions = Vec::new();
    for seat in (0..state.seats().saturating_add(4).min(12) as u8).map(Seat) {
        actions.clear();
        state.legal_actions(seat, &mut actions);
        let odd = scrambled_copies(&actions, rng);
        for a in actions.iter().chain(c.odd_actions).chain(&odd) {
            let _ = state.describe_action(seat, a);
            let _ = state.action_is_open(seat, a);
            let _ = state.clone().apply(seat, a);
        }
        let _ = state.view(Some(seat)).to_string();
        let _ = state.determinize(seat, rng);
        let _ = state.evaluate(seat, &mut Default::default());
    }
    let _ = state.view(None).to_string();
    let mut copy = state.clone();
    let mut buf = Buffers::<G>::default();
    let _ = random_playout(&mut copy, rng, &mut buf, 5_000);
}
