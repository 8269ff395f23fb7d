//! The random bot: a uniformly random legal action.

use crate::Bot;
use tourney_core::{Game, GameRng, Seat};

/// Picks uniformly among the seat's legal actions with its own seeded stream.
pub struct RandomBot<G: Game> {
    rng: GameRng,
    actions: Vec<G::Action>,
}

impl<G: Game> RandomBot<G> {
    /// A random bot whose choices are fixed by `seed`: two bots built with
    /// the same seed and asked the same questions pick the same actions.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seed_from_u64(seed),
            actions: Vec::new(),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        self.actions.clear();
        game.legal_actions(seat, &mut self.actions);
        if self.actions.is_empty() {
            return None;
        }
        let i = self.rng.below(self.actions.len() as u32) as usize;
        Some(self.actions.swap_remove(i))
    }
}
