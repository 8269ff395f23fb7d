//! Counts in every text a player reads agree with their nouns, and no
//! label or log line carries a card's tip: bots play seeded games with
//! random legal actions, and every log line (events, menu texts of the
//! legal actions, chance steps and their outcomes) and every line of the
//! drawn views is checked with [`tourney_core::text::miscounted`]: no
//! "knight(s)", no "1 cards".

use tourney_core::testkit::{Reading, TextKind, read_every_text};
use tourney_core::text::miscounted;
use tourney_core::{Game, GameRng};
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
/// text on the way (the drawings now and then: the spectator's, and every
/// seat's, which shows its own hand and the top of its deck); returns how
/// many texts it checked.
fn play_and_check(config: &Config, seats: usize, rng: &mut GameRng, game: &str) -> usize {
    let mut state = Mastery::new(config, seats).expect("setup");
    let reading = Reading {
        spectator_every: 5,
        seats_every: 25,
        max_steps: 200_000,
    };
    read_every_text(&mut state, seats, rng, reading, |text, kind, step| {
        let what = if kind == TextKind::View {
            "view"
        } else {
            "text"
        };
        check(text, what, game, step)
    })
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
