//! Rules code must never panic, not even on a state read back from a
//! corrupt file. This test scrambles numbers and flags in serialized states
//! taken from random games and drives every entry point on what still
//! deserializes.

use serde_json::Value;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng, Seat, ToMove};
use tourney_ritter::{Action, Chance, Config, Gain, KnightSet, Ritter};

const ODD_NUMBERS: [u64; 14] = [0, 1, 2, 3, 6, 7, 9, 10, 11, 15, 16, 254, 255, 65535];

fn scramble(value: &mut Value, rng: &mut GameRng) {
    match value {
        Value::Number(_) if rng.below(12) == 0 => {
            *value = Value::from(ODD_NUMBERS[rng.below(ODD_NUMBERS.len() as u32) as usize]);
        }
        Value::Bool(b) if rng.below(12) == 0 => *b = !*b,
        Value::Array(items) => items.iter_mut().for_each(|v| scramble(v, rng)),
        Value::Object(map) => map.values_mut().for_each(|v| scramble(v, rng)),
        _ => {}
    }
}

fn poke(state: &Ritter, rng: &mut GameRng) {
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let _ = state.to_move();
    state.chance_outcomes(&mut outcomes);
    let _ = state.describe_chance_step();
    for (c, _) in &outcomes {
        let _ = state.describe_chance(c);
        let _ = state.clone().apply_chance(c);
    }
    for c in [
        Chance::Die(0),
        Chance::Die(4),
        Chance::Die(200),
        Chance::Knight(12),
        Chance::Lady(3),
    ] {
        let _ = state.clone().apply_chance(&c);
    }
    for seat in (0..12).map(Seat) {
        actions.clear();
        state.legal_actions(seat, &mut actions);
        for a in &actions {
            let _ = state.describe_action(seat, a);
            let _ = state.clone().apply(seat, a);
        }
        for a in [
            Action::Yield,
            Action::FightOn,
            Action::Train {
                knight: 14,
                gain: Gain::Cover(0),
            },
            Action::Send {
                knights: KnightSet(0xffff),
            },
            Action::Offer {
                lady: 200,
                knight: 3,
            },
            Action::KeepFavour { lady: 255 },
            Action::Challenge {
                attacker: 1,
                defender: 255,
            },
            Action::DayWinner { knight: 15 },
            Action::Champion { knight: 0 },
        ] {
            let _ = state.describe_action(seat, &a);
            let _ = state.clone().apply(seat, &a);
        }
        let _ = state.view(Some(seat)).to_string();
        let _ = state.determinize(seat, rng);
    }
    let _ = state.view(None).to_string();
    let mut copy = state.clone();
    let mut buf = Buffers::<Ritter>::default();
    let _ = random_playout(&mut copy, rng, &mut buf, 5_000);
}

#[test]
fn scrambled_states_never_panic() {
    let mut tried = 0;
    for game in 0..200u64 {
        let mut rng = GameRng::for_game(77, game);
        let seats = 2 + (game % 9) as usize;
        let config = Config {
            days: 1 + (game % 3) as u8,
            wound_penalty: game % 2 == 0,
            ladies: game % 5 != 0,
        };
        let mut state = Ritter::new(&config, seats).unwrap();
        let mut buf = Buffers::<Ritter>::default();
        loop {
            let stop = 1 + rng.below(40) as usize;
            let report = random_playout(&mut state, &mut rng, &mut buf, stop);
            let json = serde_json::to_value(&state).unwrap();
            for _ in 0..4 {
                let mut bad = json.clone();
                scramble(&mut bad, &mut rng);
                if let Ok(garbage) = serde_json::from_value::<Ritter>(bad) {
                    tried += 1;
                    poke(&garbage, &mut rng);
                }
            }
            if report.outcome.is_some() || matches!(state.to_move(), ToMove::Over(_)) {
                break;
            }
        }
    }
    assert!(tried > 1_000, "only {tried} scrambled states deserialized");
}
