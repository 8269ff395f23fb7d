//! Random playouts through the core API: the engine of `tourney sim`, the
//! conformance testkit and the benchmarks.

use crate::{Game, GameRng, Outcome, Seat, Session, ToMove, Weight};

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
    drive(state, rng, buf, max_steps)
}

/// Like [`random_playout`], keeping every step in the session's record.
pub fn random_session<G: Game>(
    session: &mut Session<G>,
    rng: &mut GameRng,
    max_steps: usize,
) -> PlayoutReport {
    drive(session, rng, &mut Buffers::default(), max_steps)
}

/// Plays `games` seeded games from `start` (game `i` with
/// `GameRng::for_game(seed, i)`) and returns the steps played: the unit of
/// work of the playout benchmarks.
pub fn play_seeded_games<G: Game>(start: &G, seed: u64, games: u64, buf: &mut Buffers<G>) -> usize {
    (0..games)
        .map(|i| {
            let mut state = start.clone();
            random_playout(&mut state, &mut GameRng::for_game(seed, i), buf, 1_000_000).steps
        })
        .sum()
}

/// What a random playout can drive: a bare state, or a session that also
/// records each step.
trait Driven<G: Game> {
    fn state(&self) -> &G;
    fn act(&mut self, seat: Seat, action: &G::Action) -> bool;
    fn chance(&mut self, outcome: &G::Chance) -> bool;
}

impl<G: Game> Driven<G> for G {
    fn state(&self) -> &G {
        self
    }

    fn act(&mut self, seat: Seat, action: &G::Action) -> bool {
        self.apply(seat, action).is_ok()
    }

    fn chance(&mut self, outcome: &G::Chance) -> bool {
        self.apply_chance(outcome).is_ok()
    }
}

impl<G: Game> Driven<G> for Session<G> {
    fn state(&self) -> &G {
        Session::state(self)
    }

    fn act(&mut self, seat: Seat, action: &G::Action) -> bool {
        self.apply(seat, action.clone()).is_ok()
    }

    fn chance(&mut self, outcome: &G::Chance) -> bool {
        self.apply_chance(outcome.clone()).is_ok()
    }
}

fn drive<G: Game>(
    target: &mut impl Driven<G>,
    rng: &mut GameRng,
    buf: &mut Buffers<G>,
    max_steps: usize,
) -> PlayoutReport {
    let mut steps = 0;
    while steps < max_steps {
        let applied = match target.state().to_move() {
            ToMove::Over(outcome) => {
                return PlayoutReport {
                    outcome: Some(outcome),
                    steps,
                };
            }
            ToMove::Chance => {
                buf.outcomes.clear();
                target.state().chance_outcomes(&mut buf.outcomes);
                match rng.pick_weighted(&buf.outcomes) {
                    Some(i) => target.chance(&buf.outcomes[i].0),
                    None => false,
                }
            }
            ToMove::Seats(seats) => match seats.first_seat() {
                Some(seat) => {
                    buf.actions.clear();
                    target.state().legal_actions(seat, &mut buf.actions);
                    if buf.actions.is_empty() {
                        false
                    } else {
                        let i = rng.below(buf.actions.len() as u32) as usize;
                        target.act(seat, &buf.actions[i])
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
