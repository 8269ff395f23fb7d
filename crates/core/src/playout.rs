//! Random playouts through the core API: the engine of `tourney sim`, the
//! conformance testkit and the benchmarks.

use crate::{Game, GameRng, Outcome, Session, ToMove, Weight};

/// Reusable buffers, so a playout allocates nothing per step.
pub struct Buffers<G: Game> {
    pub actions: Vec<G::Action>,
    pub outcomes: Vec<(G::Chance, Weight)>,
}

impl<G: Game> Default for Buffers<G> {
    fn default() -> Self {
        Buffers {
            actions: Vec::with_capacity(64),
            outcomes: Vec::with_capacity(64),
        }
    }
}

/// How a playout went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutReport {
    /// `None` if the step bound was reached first, or a rule refused its own
    /// listed move (a bug the testkit reports).
    pub outcome: Option<Outcome>,
    /// Applied actions and chance outcomes.
    pub steps: usize,
}

/// Plays `state` to the end with uniformly random actions and chance sampled
/// by weight. Stops after `max_steps`.
pub fn random_playout<G: Game>(
    state: &mut G,
    rng: &mut GameRng,
    buf: &mut Buffers<G>,
    max_steps: usize,
) -> PlayoutReport {
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
                buf.outcomes.clear();
                state.chance_outcomes(&mut buf.outcomes);
                match rng.pick_weighted(&buf.outcomes) {
                    Some(i) => state.apply_chance(&buf.outcomes[i].0).is_ok(),
                    None => false,
                }
            }
            ToMove::Seats(seats) => match seats.first_seat() {
                Some(seat) => {
                    buf.actions.clear();
                    state.legal_actions(seat, &mut buf.actions);
                    if buf.actions.is_empty() {
                        false
                    } else {
                        let i = rng.below(buf.actions.len() as u32) as usize;
                        state.apply(seat, &buf.actions[i]).is_ok()
                    }
                }
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

/// Like [`random_playout`], keeping every step in the session's record.
pub fn random_session<G: Game>(
    session: &mut Session<G>,
    rng: &mut GameRng,
    max_steps: usize,
) -> PlayoutReport {
    let mut buf = Buffers::<G>::default();
    let mut steps = 0;
    while steps < max_steps {
        let applied = match session.state().to_move() {
            ToMove::Over(outcome) => {
                return PlayoutReport {
                    outcome: Some(outcome),
                    steps,
                };
            }
            ToMove::Chance => session.sample_chance(rng, &mut buf.outcomes).is_ok(),
            ToMove::Seats(seats) => match seats.first_seat() {
                Some(seat) => {
                    buf.actions.clear();
                    session.state().legal_actions(seat, &mut buf.actions);
                    if buf.actions.is_empty() {
                        false
                    } else {
                        let i = rng.below(buf.actions.len() as u32) as usize;
                        session.apply(seat, buf.actions[i].clone()).is_ok()
                    }
                }
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
