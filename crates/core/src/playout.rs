//! Driving a game through the core API: [`play`], the one loop every
//! playout, simulation and test game runs on, with a [`Chooser`] for who
//! moves — [`Uniform`] for random playouts (the engine of `tourney sim`,
//! the conformance testkit and the benchmarks), bots in `tourney-bots`.

use crate::{Game, GameRng, Outcome, Seat, SeatSet, Session, ToMove, Weight};

/// Reusable buffers, so a playout allocates nothing per step.
pub struct Buffers<G: Game> {
    /// The legal actions of the seat on move, refilled every step.
    pub actions: Vec<G::Action>,
    /// The outcomes of the chance step due, refilled every step.
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

/// A whole game played for a report (`tourney sim`): how it ended, how
/// long it took, and each seat's score at the end.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSummary {
    /// How the game ended and how many steps it took.
    pub report: PlayoutReport,
    /// Each seat's score where play stopped ([`Game::score`]); `None` for
    /// a game that keeps no score.
    pub scores: Option<Vec<i64>>,
}

impl GameSummary {
    /// The summary of a game that stopped in `state`.
    pub fn of<G: Game>(report: PlayoutReport, state: &G) -> GameSummary {
        let scores = (0..state.seats())
            .map(|s| state.score(Seat::new(s)))
            .collect();
        GameSummary { report, scores }
    }
}

/// Plays `state` to the end with uniformly random actions and chance sampled
/// by weight. Stops after `max_steps`.
pub fn random_playout<G: Game>(
    state: &mut G,
    rng: &mut GameRng,
    buf: &mut Buffers<G>,
    max_steps: usize,
) -> PlayoutReport {
    play(state, &mut Uniform { rng }, buf, max_steps)
}

/// Like [`random_playout`], keeping every step in the session's record.
pub fn random_session<G: Game>(
    session: &mut Session<G>,
    rng: &mut GameRng,
    max_steps: usize,
) -> PlayoutReport {
    play(
        session,
        &mut Uniform { rng },
        &mut Buffers::default(),
        max_steps,
    )
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

/// What [`play`] can drive: a bare state, or a session that also records
/// each step.
pub trait Driven<G: Game> {
    /// The game as it stands, to ask who is on move and what they may do.
    fn state(&self) -> &G;
    /// Whether the rules took the action.
    fn act(&mut self, seat: Seat, action: &G::Action) -> bool;
    /// Whether the rules took the outcome.
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

/// Who moves in [`play`]: which seat of those on move acts and with what,
/// and how chance falls. Each answer is an index into a buffer the chooser
/// fills, so a random chooser picks from the legal list without copying it
/// and a bot leaves its one choice there.
pub trait Chooser<G: Game> {
    /// The seat to act, of `on_move`, and the index of its action in
    /// `actions`; `None` stops play.
    fn act(
        &mut self,
        state: &G,
        on_move: SeatSet,
        actions: &mut Vec<G::Action>,
    ) -> Option<(Seat, usize)>;
    /// The index of the outcome that comes up in `outcomes`; `None` stops
    /// play.
    fn chance(&mut self, state: &G, outcomes: &mut Vec<(G::Chance, Weight)>) -> Option<usize>;
}

/// Lists the outcomes of the chance step due into `outcomes` and draws one
/// by weight: how every chooser here lets chance fall, and how
/// [`Session::sample_chance`] does.
pub fn sample_chance<G: Game>(
    state: &G,
    outcomes: &mut Vec<(G::Chance, Weight)>,
    rng: &mut GameRng,
) -> Option<usize> {
    outcomes.clear();
    state.chance_outcomes(outcomes);
    rng.pick_weighted(outcomes)
}

/// The random player: the first seat on move takes a uniformly random legal
/// action; chance falls by weight. Both draw from one generator.
pub struct Uniform<'r> {
    /// The generator both the actions and chance draw from.
    pub rng: &'r mut GameRng,
}

impl<G: Game> Chooser<G> for Uniform<'_> {
    fn act(
        &mut self,
        state: &G,
        on_move: SeatSet,
        actions: &mut Vec<G::Action>,
    ) -> Option<(Seat, usize)> {
        let seat = on_move.first_seat()?;
        actions.clear();
        state.legal_actions(seat, actions);
        if actions.is_empty() {
            return None;
        }
        Some((seat, self.rng.below(actions.len() as u32) as usize))
    }

    fn chance(&mut self, state: &G, outcomes: &mut Vec<(G::Chance, Weight)>) -> Option<usize> {
        sample_chance(state, outcomes, self.rng)
    }
}

/// The one loop that drives a game: asks `chooser` for every step until the
/// game ends, the chooser stops, the rules refuse a step (a bug the testkit
/// reports) or `max_steps` steps were applied.
pub fn play<G: Game>(
    target: &mut impl Driven<G>,
    chooser: &mut impl Chooser<G>,
    buf: &mut Buffers<G>,
    max_steps: usize,
) -> PlayoutReport {
    for steps in 0..max_steps {
        let applied = match target.state().to_move() {
            ToMove::Over(outcome) => {
                return PlayoutReport {
                    outcome: Some(outcome),
                    steps,
                };
            }
            ToMove::Chance => chooser
                .chance(target.state(), &mut buf.outcomes)
                .and_then(|i| buf.outcomes.get(i))
                .is_some_and(|(outcome, _)| target.chance(outcome)),
            ToMove::Seats(on_move) => chooser
                .act(target.state(), on_move, &mut buf.actions)
                .and_then(|(seat, i)| Some((seat, buf.actions.get(i)?)))
                .is_some_and(|(seat, action)| target.act(seat, action)),
        };
        if !applied {
            return PlayoutReport {
                outcome: None,
                steps,
            };
        }
    }
    PlayoutReport {
        outcome: None,
        steps: max_steps,
    }
}
