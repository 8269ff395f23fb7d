//! Whole games between bots: the engine of bot-vs-bot simulations.

use crate::Bot;
use tourney_core::playout::PlayoutReport;
use tourney_core::{Game, GameRng, Seat, Session, SetupError, ToMove, Weight};

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
    let mut outcomes: Vec<(G::Chance, Weight)> = Vec::new();
    let mut steps = 0;
    while steps < max_steps {
        let applied = match state.to_move() {
            ToMove::Over(outcome) => {
                return PlayoutReport {
                    outcome: Some(outcome),
                    steps,
                };
            }
            ToMove::Chance => {
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                match chance_rng.pick_weighted(&outcomes) {
                    Some(i) => state.apply_chance(&outcomes[i].0).is_ok(),
                    None => false,
                }
            }
            ToMove::Seats(seats) => match next_action(state, seats.first_seat(), bots) {
                Some((seat, action)) => state.apply(seat, &action).is_ok(),
                None => false,
            },
        };
        if !applied {
            break;
        }
        steps += 1;
    }
    PlayoutReport {
        outcome: None,
        steps,
    }
}

/// Like [`play_from`], recording every step in the session (for saving the
/// game or showing it). Chance is sampled as [`Session::sample_chance`] does.
pub fn play_session<G: Game, B: Bot<G>>(
    session: &mut Session<G>,
    bots: &mut [B],
    chance_rng: &mut GameRng,
    max_steps: usize,
) -> PlayoutReport {
    let mut outcomes: Vec<(G::Chance, Weight)> = Vec::new();
    let mut steps = 0;
    while steps < max_steps {
        let applied = match session.state().to_move() {
            ToMove::Over(outcome) => {
                return PlayoutReport {
                    outcome: Some(outcome),
                    steps,
                };
            }
            ToMove::Chance => session.sample_chance(chance_rng, &mut outcomes).is_ok(),
            ToMove::Seats(seats) => match next_action(session.state(), seats.first_seat(), bots) {
                Some((seat, action)) => session.apply(seat, action).is_ok(),
                None => false,
            },
        };
        if !applied {
            break;
        }
        steps += 1;
    }
    PlayoutReport {
        outcome: None,
        steps,
    }
}

/// The action of the seat on move, asked of its bot.
fn next_action<G: Game, B: Bot<G>>(
    state: &G,
    seat: Option<Seat>,
    bots: &mut [B],
) -> Option<(Seat, G::Action)> {
    let seat = seat?;
    let bot = bots.get_mut(seat.index())?;
    let action = bot.choose(state, seat)?;
    Some((seat, action))
}
