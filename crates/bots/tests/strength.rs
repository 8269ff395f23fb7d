//! Strength smoke tests sized for CI: small budgets, 40 games, seats
//! rotated, fixed seeds (so each run plays the same games). The thresholds
//! sit far below the measured rates (see each test), so a change that only
//! reshuffles the random streams cannot make them fail by luck; a broken
//! search (one that plays like `random`, scoring about 50%) fails them.

use tourney_bots::{Bot, BotSpec, play_game};
use tourney_core::{Evaluate, GameRng, Seat};
use tourney_joust::CardJoust;
use tourney_mastery::Mastery;
use tourney_ritter::Ritter;

/// Plays `games` games of `seats` seats with `hero` in one seat (rotating
/// through all seats) and `other` in the rest, and returns the hero's total
/// share of the wins (a two-way draw counts half).
fn hero_score<G: Evaluate>(hero: &str, other: &str, seats: usize, games: u64) -> f64 {
    let (hero, other) = (
        BotSpec::parse(hero).unwrap(),
        BotSpec::parse(other).unwrap(),
    );
    let mut score = 0.0;
    for game in 0..games {
        let hero_seat = (game % seats as u64) as usize;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|s| {
                let spec = if s == hero_seat { hero } else { other };
                spec.build::<G>(game * 16 + s as u64)
            })
            .collect();
        let mut rng = GameRng::for_game(77, game);
        let report = play_game::<G, _>(&G::Config::default(), &mut bots, &mut rng, 100_000)
            .expect("a valid table");
        let outcome = report.outcome.expect("bot games finish");
        score += outcome.share(Seat::new(hero_seat));
    }
    score
}

/// `ismcts:200` scored 89% (Card Joust) and 88% (Ritter) against `random`
/// over 400 release-mode games (`examples/arena.rs`) with random playouts
/// (today `ismcts:200:leaf=playout:c=0.7`); the default search, with
/// evaluated leaves, plays at least as well as `greedy` (93–94% against
/// `random`), so these thresholds are looser still for it. At 40 games a bot
/// winning 84% of the time falls below 26 wins with probability 8e-4, and
/// one playing no better than `random` (50%) reaches 26 with probability 0.04.
const ISMCTS_VS_RANDOM_GAMES: u64 = 40;
const ISMCTS_VS_RANDOM_WINS: f64 = 26.0;

#[test]
fn ismcts_beats_random_at_card_joust() {
    let score = hero_score::<CardJoust>("ismcts:200", "random", 2, ISMCTS_VS_RANDOM_GAMES);
    println!("joust: ismcts:200 scored {score} of {ISMCTS_VS_RANDOM_GAMES} against random");
    assert!(
        score >= ISMCTS_VS_RANDOM_WINS,
        "ismcts:200 scored only {score} of {ISMCTS_VS_RANDOM_GAMES} against random"
    );
}

#[test]
fn ismcts_beats_random_at_ritter() {
    let score = hero_score::<Ritter>("ismcts:200", "random", 2, ISMCTS_VS_RANDOM_GAMES);
    println!("ritter: ismcts:200 scored {score} of {ISMCTS_VS_RANDOM_GAMES} against random");
    assert!(
        score >= ISMCTS_VS_RANDOM_WINS,
        "ismcts:200 scored only {score} of {ISMCTS_VS_RANDOM_GAMES} against random"
    );
}

/// Several seats, each with its own value: `ismcts:100` against two
/// `random` seats scored 72% in Card Joust and 73% in Ritter over 300
/// release-mode games each, where a random bot would win a third. Over the
/// 60 games here, a 68% bot falls below 30 wins with probability 1.2e-3 and
/// a random one reaches 30 with probability 5.6e-3.
#[test]
fn ismcts_beats_two_random_seats() {
    let joust = hero_score::<CardJoust>("ismcts:100", "random", 3, 30);
    let ritter = hero_score::<Ritter>("ismcts:100", "random", 3, 30);
    println!("3 seats: ismcts:100 scored {joust} (joust) and {ritter} (ritter) of 30 each");
    assert!(
        joust + ritter >= 30.0,
        "ismcts:100 scored only {joust} (joust) + {ritter} (ritter) of 60 against two random seats"
    );
}

/// Greedy looks one step ahead with `Evaluate::evaluate`, so these measure the
/// games' evaluations as much as the bot. Over 40 two-seat games a bot
/// winning 88% of the time (below every measured rate) falls below 29 wins
/// with probability 1.9e-3, and one playing like `random` (50%) reaches 29
/// with probability 3.2e-3.
const GREEDY_VS_RANDOM_GAMES: u64 = 40;
const GREEDY_VS_RANDOM_WINS: f64 = 29.0;

/// `greedy` scored 93.1% against `random` over 400 release-mode games
/// (`examples/arena.rs`, seed 1).
#[test]
fn greedy_beats_random_at_card_joust() {
    let score = hero_score::<CardJoust>("greedy", "random", 2, GREEDY_VS_RANDOM_GAMES);
    println!("joust: greedy scored {score} of {GREEDY_VS_RANDOM_GAMES} against random");
    assert!(
        score >= GREEDY_VS_RANDOM_WINS,
        "greedy scored only {score} of {GREEDY_VS_RANDOM_GAMES} against random"
    );
}

/// `greedy` scored 94.0% against `random` over 400 release-mode games
/// (`examples/arena.rs`, seed 1).
#[test]
fn greedy_beats_random_at_ritter() {
    let score = hero_score::<Ritter>("greedy", "random", 2, GREEDY_VS_RANDOM_GAMES);
    println!("ritter: greedy scored {score} of {GREEDY_VS_RANDOM_GAMES} against random");
    assert!(
        score >= GREEDY_VS_RANDOM_WINS,
        "greedy scored only {score} of {GREEDY_VS_RANDOM_GAMES} against random"
    );
}

/// `greedy` won 998 of 1,000 games against `random` in release mode
/// (`tourney sim mastery --seats greedy,random`, players rotated). Over 30
/// games a bot winning 95% of the time falls below 24 wins with probability
/// 5.7e-4, and one playing like `random` reaches 24 with probability 7.2e-4.
#[test]
fn greedy_beats_random_at_mastery() {
    let score = hero_score::<Mastery>("greedy", "random", 2, 30);
    println!("mastery: greedy scored {score} of 30 against random");
    assert!(
        score >= 24.0,
        "greedy scored only {score} of 30 against random"
    );
}
