//! Whole games between bots: the engine of bot-vs-bot simulations.

use crate::Bot;
use tourney_core::playout::{Buffers, Chooser, PlayoutReport, play, sample_chance};
use tourney_core::{Game, GameRng, Seat, SeatSet, Session, SetupError, Weight};

/// Plays one game of `bots.len()` seats from the start: bot `i` plays seat
/// `i`, chance steps are sampled by weight with `chance_rng`. Stops after
/// `max_steps` applied steps (actions and chance outcomes).
///
/// The report's outcome is `None` if the step bound was reached, a bot had
/// no action for a seat on move, or the rules refused a bot's action.
pub fn play_game<G: Game, B: Bot<G>>(
    config: &G::Config,
    bots: &mut [B],
    chance_rng: &mut GameRng,
    max_steps: usize,
) -> Result<PlayoutReport, SetupError> {
    let mut state = G::new(config, bots.len())?;
    Ok(play_from(&mut state, bots, chance_rng, max_steps))
}

/// Like [`play_game`], from a given state (which is left where play stopped).
/// Seats on move together (a simultaneous choice) commit one after the other
/// in seat order; each bot sees only what its own seat may see.
pub fn play_from<G: Game, B: Bot<G>>(
    state: &mut G,
    bots: &mut [B],
    chance_rng: &mut GameRng,
    max_steps: usize,
) -> PlayoutReport {
    let mut table = BotTable { bots, chance_rng };
    play(state, &mut table, &mut Buffers::default(), max_steps)
}

/// Like [`play_from`], recording every step in the session (for saving the
/// game or showing it). Chance is sampled as [`Session::sample_chance`] does.
pub fn play_session<G: Game, B: Bot<G>>(
    session: &mut Session<G>,
    bots: &mut [B],
    chance_rng: &mut GameRng,
    max_steps: usize,
) -> PlayoutReport {
    let mut table = BotTable { bots, chance_rng };
    play(session, &mut table, &mut Buffers::default(), max_steps)
}

/// Bots in their seats: the first seat on move asks its bot; chance falls
/// by weight from a generator of its own, so the bots' thinking does not
/// change the dice.
struct BotTable<'a, B> {
    bots: &'a mut [B],
    chance_rng: &'a mut GameRng,
}

impl<G: Game, B: Bot<G>> Chooser<G> for BotTable<'_, B> {
    fn act(
        &mut self,
        state: &G,
        on_move: SeatSet,
        actions: &mut Vec<G::Action>,
    ) -> Option<(Seat, usize)> {
        let seat = on_move.first_seat()?;
        let action = self.bots.get_mut(seat.index())?.choose(state, seat)?;
        actions.clear();
        actions.push(action);
        Some((seat, 0))
    }

    fn chance(&mut self, state: &G, outcomes: &mut Vec<(G::Chance, Weight)>) -> Option<usize> {
        sample_chance(state, outcomes, self.chance_rng)
    }
}
