//! Two bots play each other over many two-seat games, seats rotated.
//!
//! `cargo run --release -p tourney-bots --example arena -- GAME A B [GAMES] [SEED] [SEATS]`
//! with GAME `joust` or `ritter` and A, B bot specs (`ismcts:2000`,
//! `greedy`, `random`). A sits in one seat (rotating through them all from
//! game to game), B in every other (two seats by default). Prints A's
//! results: wins, draws, losses, its share of the wins (a draw counts
//! half) with a 95% interval, and the time.
//!
//! GAME `joust-open` or `ritter-open` plays the same game with nothing
//! hidden: `determinize` returns the true state, so the bots see every card
//! and committed choice (a cheating baseline showing what hidden information
//! is worth; `random` is unaffected).

use serde::{Deserialize, Serialize};
use std::time::Instant;
use tourney_bots::{Bot, BotSpec, play_game};
use tourney_core::{
    Evaluate, Events, Game, GameInfo, GameRng, RuleError, Seat, SetupError, ToMove, Weight,
};
use tourney_joust::CardJoust;
use tourney_ritter::Ritter;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: arena GAME A B [GAMES] [SEED] [SEATS]");
        std::process::exit(2);
    }
    let spec = |s: &str| {
        BotSpec::parse(s).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        })
    };
    let (a, b) = (spec(&args[1]), spec(&args[2]));
    let games: u64 = args.get(3).and_then(|g| g.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let seats: usize = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(2);
    match args[0].as_str() {
        "joust" => run::<CardJoust>(a, b, games, seed, seats),
        "ritter" => run::<Ritter>(a, b, games, seed, seats),
        "joust-open" => run::<Open<CardJoust>>(a, b, games, seed, seats),
        "ritter-open" => run::<Open<Ritter>>(a, b, games, seed, seats),
        other => eprintln!("unknown game {other}: joust, ritter, joust-open or ritter-open"),
    }
}

fn run<G: Evaluate>(a: BotSpec, b: BotSpec, games: u64, seed: u64, seats: usize) {
    let start = Instant::now();
    let (mut wins, mut draws, mut losses, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    let mut score = 0.0;
    for game in 0..games {
        let a_seat = (game % seats as u64) as usize;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|s| {
                let spec = if s == a_seat { a } else { b };
                spec.build::<G>(seed.wrapping_mul(1_000_003) ^ (game << 8) ^ s as u64)
            })
            .collect();
        let mut rng = GameRng::for_game(seed, game);
        let report = play_game::<G, _>(&G::Config::default(), &mut bots, &mut rng, 100_000)
            .expect("a valid table");
        match report.outcome {
            None => unfinished += 1,
            Some(o) => {
                let share = o.share(Seat::new(a_seat));
                score += share;
                if share == 1.0 {
                    wins += 1;
                } else if share > 0.0 {
                    draws += 1;
                } else {
                    losses += 1;
                }
            }
        }
    }
    let n = games.max(1) as f64;
    let p = score / n;
    let half = 1.96 * (p * (1.0 - p) / n).sqrt();
    println!(
        "{} {seats} seats, {a} vs {b}: {games} games, {wins} won, {draws} drawn, {losses} lost, {unfinished} unfinished; score {:.1}% ± {:.1}% ({:.1} s)",
        G::INFO.name,
        100.0 * p,
        100.0 * half,
        start.elapsed().as_secs_f64()
    );
}

/// A game with its hidden information laid open to the bots.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
struct Open<G>(G);

impl<G: Evaluate> Game for Open<G> {
    type Config = G::Config;
    type Action = G::Action;
    type Chance = G::Chance;
    type View = G::View;
    type Event = G::Event;
    type Components = G::Components;

    const INFO: GameInfo = G::INFO;
    const DATA_FILES: &'static [tourney_core::DataFile<'static>] = G::DATA_FILES;

    fn components_from(
        files: &[tourney_core::DataFile<'_>],
    ) -> Result<G::Components, tourney_core::DataError> {
        G::components_from(files)
    }

    fn new(config: &G::Config, seats: usize) -> Result<Self, SetupError> {
        G::new(config, seats).map(Open)
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn to_move(&self) -> ToMove {
        self.0.to_move()
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<G::Action>) {
        self.0.legal_actions(seat, out)
    }
    fn chance_outcomes(&self, out: &mut Vec<(G::Chance, Weight)>) {
        self.0.chance_outcomes(out)
    }
    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &G::Action,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.0.apply_with_events(seat, action, events)
    }
    fn apply_chance_with_events(
        &mut self,
        outcome: &G::Chance,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.0.apply_chance_with_events(outcome, events)
    }
    fn view(&self, seat: Option<Seat>) -> G::View {
        self.0.view(seat)
    }
    /// The cheat: nothing is re-dealt.
    fn determinize(&self, _seat: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }
}

impl<G: Evaluate> Evaluate for Open<G> {
    type Scratch = G::Scratch;

    fn evaluate(&self, seat: Seat, scratch: &mut G::Scratch) -> f64 {
        self.0.evaluate(seat, scratch)
    }
}
