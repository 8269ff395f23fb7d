//! Rules code must never panic, not even on a state read back from a
//! corrupt file. This test scrambles numbers and flags in serialized states
//! taken from random games and drives every entry point on what still
//! deserializes.

use serde_json::Value;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng, Seat, ToMove};
use tourney_glory::{
    Action, Chance, Colour, Config, Gear, Glory, JourneyType, Relic, Space, Support,
    TournamentKind, Trophies,
};

const ODD_NUMBERS: [u64; 14] = [0, 1, 2, 3, 6, 7, 9, 10, 11, 15, 16, 254, 255, 65535];

fn scramble(value: &mut Value, rng: &mut GameRng) {
    match value {
        Value::Number(_) if rng.below(80) == 0 => {
            *value = Value::from(ODD_NUMBERS[rng.below(ODD_NUMBERS.len() as u32) as usize]);
        }
        Value::Bool(b) if rng.below(12) == 0 => *b = !*b,
        Value::Array(items) => items.iter_mut().for_each(|v| scramble(v, rng)),
        Value::Object(map) => map.values_mut().for_each(|v| scramble(v, rng)),
        _ => {}
    }
}

const ODD_ACTIONS: [Action; 24] = [
    Action::Character(200),
    Action::KeepTitle(99),
    Action::Exchange(200),
    Action::Place(Space::Event),
    Action::Place(Space::Initiative),
    Action::Market(Gear::Mount),
    Action::Support(50),
    Action::Herald(200),
    Action::Loot(Gear::Armor),
    Action::Take(250),
    Action::Draw(JourneyType::Challenge),
    Action::Play(99),
    Action::Choose(7),
    Action::Register(77),
    Action::Attempt,
    Action::Use(Support::Hermit),
    Action::Strength(9),
    Action::Faith,
    Action::Reroll {
        colour: Colour::Armor,
        face: 9,
    },
    Action::Roll,
    Action::Relic(Relic::Ring),
    Action::ReactivateSupport(Support::Bishop),
    Action::ReactivateRelic(Relic::Amulet),
    Action::Pass,
];

const ODD_OUTCOMES: [Chance; 11] = [
    Chance::Seat(9),
    Chance::Character(99),
    Chance::Title(20),
    Chance::Journey(200),
    Chance::Support(Support::King),
    Chance::Event(40),
    Chance::Tournament(30),
    Chance::Knight(60),
    Chance::Trophy(9),
    Chance::Die(7),
    Chance::Die(5),
];

fn poke(state: &Glory, rng: &mut GameRng) {
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let _ = state.to_move();
    state.chance_outcomes(&mut outcomes);
    let _ = state.describe_chance_step();
    for (c, _) in &outcomes {
        let _ = state.describe_chance(c);
        let _ = state.clone().apply_chance(c);
    }
    for c in &ODD_OUTCOMES {
        let _ = state.describe_chance(c);
        let _ = state.clone().apply_chance(c);
    }
    for seat in (0..6).map(Seat) {
        actions.clear();
        state.legal_actions(seat, &mut actions);
        for a in &actions {
            let _ = state.describe_action(seat, a);
            let _ = state.clone().apply(seat, a);
        }
        for a in &ODD_ACTIONS {
            let _ = state.describe_action(seat, a);
            let _ = state.clone().apply(seat, a);
        }
        let _ = state.view(Some(seat)).to_string();
        let _ = state.determinize(seat, rng);
        let _ = state.evaluate(seat);
    }
    let _ = state.view(None).to_string();
    let mut copy = state.clone();
    let mut buf = Buffers::<Glory>::default();
    let _ = random_playout(&mut copy, rng, &mut buf, 3_000);
}

#[test]
fn scrambled_states_never_panic() {
    let mut tried = 0;
    for game in 0..150u64 {
        let mut rng = GameRng::for_game(77, game);
        let seats = 2 + (game % 3) as usize;
        let config = Config {
            tournaments: if game % 2 == 0 {
                [TournamentKind::JoustAPlaisance; 3]
            } else {
                Config::default().tournaments
            },
            trophies: if game % 3 == 0 {
                Trophies::Tiles
            } else {
                Trophies::Standard
            },
            ..Config::default()
        };
        let mut state = Glory::new(&config, seats).unwrap();
        let mut buf = Buffers::<Glory>::default();
        loop {
            let stop = 1 + rng.below(120) as usize;
            let report = random_playout(&mut state, &mut rng, &mut buf, stop);
            let json = serde_json::to_value(&state).unwrap();
            for _ in 0..4 {
                let mut bad = json.clone();
                scramble(&mut bad, &mut rng);
                if let Ok(garbage) = serde_json::from_value::<Glory>(bad) {
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
