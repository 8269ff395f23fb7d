//! Counts in every text a player reads agree with their nouns: bots play
//! seeded games with random legal actions, and every log line (events,
//! menu texts of the legal actions, chance steps and their outcomes) and
//! every line of the drawn views is checked with
//! [`tourney_core::text::miscounted`]: no "wound(s)", no "1 dice".

use tourney_core::text::miscounted;
use tourney_core::{Events, Game, GameRng, Seat, ToMove};
use tourney_ritter::{Config, Ritter};

/// Words after a "1" that end in "s" and are no plural: the verbs of
/// "seat 1 rolls". (Names such as Apollonius are capitalized, which the
/// check leaves alone.)
const SINGULAR_S: &[&str] = &[
    "challenges",
    "chooses",
    "gives",
    "has",
    "is",
    "names",
    "offers",
    "places",
    "rolls",
    "sends",
    "starts",
    "trains",
    "wins",
];

/// Panics naming the game, the step and the text if `text` miscounts.
fn check(text: &str, what: &str, game: &str, step: usize) {
    for line in text.lines() {
        if let Some(bad) = miscounted(line, SINGULAR_S) {
            panic!("{game}, step {step}, {what}: {bad:?} in {line:?}");
        }
    }
}

/// Plays one game with random legal actions to its end, checking every
/// text on the way; returns how many texts it checked.
fn play_and_check(config: Config, seats: usize, rng: &mut GameRng, game: &str) -> usize {
    let mut state = Ritter::new(&config, seats).expect("setup");
    let mut events = Events::off();
    events.set_on(true);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for step in 0..100_000 {
        // The drawings: the spectator's, and every seat's now and then
        // (a seat sees its own plan while it prepares).
        check(&state.view(None).to_string(), "spectator view", game, step);
        checked += 1;
        if step % 7 == 0 {
            for seat in 0..seats {
                let view = state.view(Some(Seat(seat as u8))).to_string();
                check(&view, "seat view", game, step);
                checked += 1;
            }
        }
        match state.to_move() {
            ToMove::Over(_) => return checked,
            ToMove::Chance => {
                check(&state.describe_chance_step(), "chance step", game, step);
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                let i = rng.pick_weighted(&outcomes).expect("outcomes");
                let outcome = outcomes[i].0;
                check(&state.describe_chance(&outcome), "outcome", game, step);
                checked += 2;
                state
                    .apply_chance_with_events(&outcome, &mut events)
                    .expect("a listed outcome");
            }
            ToMove::Seats(on_move) => {
                let k = rng.below(on_move.len() as u32) as usize;
                let seat = on_move.iter().nth(k).expect("someone is on move");
                actions.clear();
                state.legal_actions(seat, &mut actions);
                // The whole menu, as the seat reads it.
                for action in &actions {
                    check(&state.describe_action(seat, action), "menu", game, step);
                }
                checked += actions.len();
                let i = rng.below(actions.len() as u32) as usize;
                state
                    .apply_with_events(seat, &actions[i], &mut events)
                    .expect("a legal action");
            }
        }
        for told in events.take() {
            check(&told.event.to_string(), "event", game, step);
            checked += 1;
        }
    }
    panic!("{game} did not end");
}

#[test]
fn bots_games_write_every_count_in_the_right_number() {
    let setups = [
        (Config::default(), 2, 100),
        (Config::default(), 3, 50),
        (Config::default(), 5, 25),
        (Config::default(), 10, 8),
        (
            Config {
                days: 2,
                wound_penalty: true,
                ladies: false,
            },
            4,
            50,
        ),
        (
            Config {
                days: 4,
                wound_penalty: true,
                ladies: true,
            },
            2,
            50,
        ),
    ];
    let mut checked = 0;
    for (c, &(config, seats, games)) in setups.iter().enumerate() {
        for i in 0..games {
            let name = format!("setup {c}, game {i}");
            let mut rng = GameRng::for_game(0x00c0_ffee, (c as u64) << 32 | i);
            checked += play_and_check(config, seats, &mut rng, &name);
        }
    }
    assert!(checked > 100_000, "only {checked} texts checked");
}
