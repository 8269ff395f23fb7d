//! # tourney-bots
//!
//! Bots for every Tourney game, generic over [`tourney_core::Game`]:
//!
//! - [`RandomBot`] (`random`): a uniformly random legal action.
//! - [`GreedyBot`] (`greedy`): one-ply lookahead scored by the game's own
//!   [`Evaluate::evaluate`](tourney_core::Evaluate::evaluate), averaged over chance outcomes and over a few
//!   determinizations of what the bot cannot see.
//! - [`Ismcts`] (`ismcts`, `ismcts:2000`, `ismcts:200ms`): single-observer
//!   information-set Monte Carlo tree search (Cowling, Powley & Whitehouse
//!   2012). Every iteration starts from [`Game::determinize`] of the bot's
//!   own view, so it never reads hidden cards or uncommitted choices.
//!
//! Bots are built from a spec string with [`BotSpec::parse`] and
//! [`BotSpec::build`], and a whole game between bots is played by
//! [`play_game`]. Every bot is reproducible: the same seed and the same game
//! state (reached by the same earlier calls) give the same action. Only an
//! ISMCTS time budget (`ismcts:200ms`) depends on the clock.
//!
//! ```
//! use tourney_bots::{Bot, BotSpec, play_game};
//! use tourney_core::{GameRng, Seat};
//! use tourney_ritter::{Config, Ritter};
//!
//! let specs = ["ismcts:50", "greedy", "random"];
//! let mut bots: Vec<Box<dyn Bot<Ritter>>> = specs
//!     .iter()
//!     .enumerate()
//!     .map(|(seat, s)| BotSpec::parse(s).unwrap().build::<Ritter>(seat as u64))
//!     .collect();
//! let report = play_game(&Config::default(), &mut bots, &mut GameRng::seed_from_u64(1), 10_000)?;
//! let outcome = report.outcome.expect("the game finished");
//! println!("seat 1 scored {}", outcome.share(Seat(0)));
//! # Ok::<(), tourney_core::SetupError>(())
//! ```
//!
//! Bots are fair by construction: the only things they read from the real
//! state are their own legal actions (which the seat knows) and
//! [`Game::determinize`] for their own seat, which re-deals everything the
//! seat cannot see. See `docs/bots-design.md`.

mod greedy;
mod ismcts;
mod play;
mod random;
mod spec;

pub use greedy::{GREEDY_DETERMINIZATIONS, GreedyBot};
pub use ismcts::{Budget, Ismcts, IsmctsConfig, Leaf, Observers, SearchStats};
pub use play::{play_from, play_game, play_session};
pub use random::RandomBot;
pub use spec::{BotSpec, MOST_DEPTH, MOST_DETERMINIZATIONS, MOST_ITERATIONS, MOST_TIME, SpecError};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tourney_core::{Game, Seat};

/// A request, from another thread, that a bot stop thinking and answer at
/// once with the best action it has found so far: a server whose bot ran
/// out of time stops it rather than leave it computing.
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A request not yet made.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the bot to stop; it answers after the step it is in.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the bot has been asked to stop.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A player that decides for one seat at a time.
pub trait Bot<G: Game>: Send {
    /// The action `seat` takes in `game`, or `None` if it has no legal action
    /// (it is not on move, or the game is over).
    ///
    /// A bot may keep state between calls (its random stream, reusable
    /// buffers), so "same seed, same state, same action" holds for bots that
    /// were built with the same seed and asked the same questions before.
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action>;

    /// As [`Bot::choose`], but answering early, with the best action found
    /// by then, once `stop` is set. Bots that decide at once ignore it.
    fn choose_until(&mut self, game: &G, seat: Seat, stop: &Stop) -> Option<G::Action> {
        let _ = stop;
        self.choose(game, seat)
    }
}

impl<G: Game> Bot<G> for Box<dyn Bot<G>> {
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        (**self).choose(game, seat)
    }

    fn choose_until(&mut self, game: &G, seat: Seat, stop: &Stop) -> Option<G::Action> {
        (**self).choose_until(game, seat, stop)
    }
}
