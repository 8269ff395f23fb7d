//! Counts in every text a player reads agree with their nouns: bots play
//! seeded games with random legal actions, and every log line (events,
//! menu texts of the legal actions, chance steps and their outcomes) and
//! every line of the drawn views is checked with
//! [`tourney_core::text::miscounted`]: no "wound(s)", no "1 dice".

use tourney_core::testkit::{Reading, read_every_text};
use tourney_core::text::miscounted;
use tourney_core::{Game, GameRng};
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
/// text on the way (the spectator's drawing every step, every seat's now
/// and then: a seat sees its own plan while it prepares); returns how many
/// texts it checked.
fn play_and_check(config: Config, seats: usize, rng: &mut GameRng, game: &str) -> usize {
    let mut state = Ritter::new(&config, seats).expect("setup");
    let reading = Reading {
        spectator_every: 1,
        seats_every: 7,
        max_steps: 100_000,
    };
    read_every_text(&mut state, seats, rng, reading, |text, kind, step| {
        check(text, &format!("{kind:?}"), game, step)
    })
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
