//! Counts in every text a player reads agree with their nouns, and no
//! label or log line carries a card's tip: bots play seeded games with
//! random legal actions, and every log line (events, menu texts of the
//! legal actions, chance steps and their outcomes) and every line of the
//! drawn views is checked with [`tourney_core::text::miscounted`]: no
//! "knight(s)", no "1 cards".

use tourney_core::text::miscounted;
use tourney_core::{Events, Game, GameRng, Seat, ToMove};
use tourney_mastery::{Config, Loyalty, Mastery, RELICS, StartingKnights};

/// Words after a "1" that end in "s" and are no plural: the verbs of
/// "seat 1 draws" and "1 retreats".
const SINGULAR_S: &[&str] = &[
    "attacks",
    "conquers",
    "defends",
    "draws",
    "has",
    "holds",
    "is",
    "loses",
    "looks",
    "may",
    "places",
    "plays",
    "puts",
    "redistributes",
    "repairs",
    "retreats",
    "rolls",
    "shuffles",
    "starts",
    "uses",
    "wins",
];

/// What a text must not hold: a miscount, or a card's tip (help only).
fn check(text: &str, what: &str, game: &str, step: usize) {
    for line in text.lines() {
        if let Some(bad) = miscounted(line, SINGULAR_S) {
            panic!("{game}, step {step}, {what}: {bad:?} in {line:?}");
        }
    }
    if what != "view" {
        for tip in RELICS.iter().filter_map(|r| r.tip) {
            assert!(!text.contains(tip), "{game}, step {step}, {what}: {text}");
        }
    }
}

/// Plays one game with random legal actions to its end, checking every
/// text on the way; returns how many texts it checked.
fn play_and_check(config: &Config, seats: usize, rng: &mut GameRng, game: &str) -> usize {
    let mut state = Mastery::new(config, seats).expect("setup");
    let mut events = Events::off();
    events.set_on(true);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for step in 0..200_000 {
        // The drawings, now and then: the spectator's and every seat's
        // (a seat sees its own hand and the top of its deck).
        if step % 5 == 0 {
            check(&state.view(None).to_string(), "view", game, step);
            checked += 1;
        }
        if step % 25 == 0 {
            for seat in 0..seats {
                let view = state.view(Some(Seat(seat as u8))).to_string();
                check(&view, "view", game, step);
                checked += 1;
            }
        }
        match state.to_move() {
            ToMove::Over(_) => {
                check(&state.view(None).to_string(), "view", game, step);
                return checked + 1;
            }
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
                // The whole menu, as the seat reads it; a bot's move is
                // echoed with the same label.
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
fn bots_games_write_every_count_in_the_right_number_and_no_tip() {
    let setups = [
        (Config::default(), 2, 120),
        (Config::default(), 3, 50),
        (Config::default(), 4, 20),
        (Config::default(), 6, 10),
        (
            Config {
                loyalty: Loyalty::Pairs,
                ..Config::default()
            },
            4,
            20,
        ),
        (
            Config {
                loyalty: Loyalty::Triples,
                ..Config::default()
            },
            6,
            10,
        ),
        (
            Config {
                siege: true,
                cut_throat: true,
                chaos: true,
                starting_knights: StartingKnights::Choice,
                ..Config::default()
            },
            3,
            50,
        ),
        (
            Config {
                skirmish: true,
                round_limit: 3,
                ..Config::default()
            },
            2,
            30,
        ),
    ];
    let mut checked = 0;
    for (c, (config, seats, games)) in setups.iter().enumerate() {
        for i in 0..*games {
            let name = format!("setup {c}, game {i}");
            let mut rng = GameRng::for_game(0x00c0_ffee, (c as u64) << 32 | i);
            checked += play_and_check(config, *seats, &mut rng, &name);
        }
    }
    assert!(checked > 100_000, "only {checked} texts checked");
}
