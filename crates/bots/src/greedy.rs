//! The greedy bot: one-ply lookahead on the game's own evaluation.

use crate::Bot;
use tourney_core::{Evaluate, GameRng, Seat, ToMove, Weight};

/// Scores must differ by more than this to count as different (sums of
/// floating-point averages are not exact).
const TIE: f64 = 1e-9;

/// For each legal action: apply it to a determinization of the bot's view
/// and score the result with [`Evaluate::evaluate`]; if a chance step comes
/// next, average the scores after each outcome, weighted (one level only).
/// The scores are averaged over `determinizations` re-deals of what the
/// seat cannot see, and the best action wins, ties broken at random.
pub struct GreedyBot<G: Evaluate> {
    rng: GameRng,
    determinizations: u32,
    actions: Vec<G::Action>,
    outcomes: Vec<(G::Chance, Weight)>,
    scores: Vec<f64>,
    best: Vec<usize>,
    scratch: G::Scratch,
}

/// The determinizations a plain `greedy` spec averages per decision.
pub const GREEDY_DETERMINIZATIONS: u32 = 8;

impl<G: Evaluate> GreedyBot<G> {
    /// A greedy bot that averages each action's score over
    /// `determinizations` re-deals per decision (0 is taken as 1; more
    /// re-deals judge hidden information more steadily but cost time), with
    /// re-deals and tie-breaks drawn from a stream fixed by `seed`.
    pub fn new(seed: u64, determinizations: u32) -> Self {
        GreedyBot {
            rng: GameRng::seed_from_u64(seed),
            determinizations: determinizations.max(1),
            actions: Vec::new(),
            outcomes: Vec::new(),
            scores: Vec::new(),
            best: Vec::new(),
            scratch: G::Scratch::default(),
        }
    }

    /// How `seat` stands after `action` in `state` (one determinization).
    fn score(&mut self, state: &G, seat: Seat, action: &G::Action) -> f64 {
        one_ply(state, seat, action, &mut self.outcomes, &mut self.scratch)
    }
}

/// How `seat` stands after `action` in `state`: the evaluation after it,
/// averaged over the outcomes of a chance step that follows at once (one
/// level). `outcomes` and `scratch` are scratch space.
pub(crate) fn one_ply<G: Evaluate>(
    state: &G,
    seat: Seat,
    action: &G::Action,
    outcomes: &mut Vec<(G::Chance, Weight)>,
    scratch: &mut G::Scratch,
) -> f64 {
    let mut next = state.clone();
    if next.apply(seat, action).is_err() {
        // Legal in the real game means legal in every determinization
        // of the seat's view; a refusal is a rules bug. Score it as lost.
        return 0.0;
    }
    if next.to_move() != ToMove::Chance {
        return next.evaluate(seat, scratch);
    }
    outcomes.clear();
    next.chance_outcomes(outcomes);
    let (mut sum, mut total) = (0.0, 0.0);
    for (outcome, weight) in outcomes.iter() {
        let mut after = next.clone();
        if after.apply_chance(outcome).is_ok() {
            let w = f64::from(*weight);
            sum += w * after.evaluate(seat, scratch);
            total += w;
        }
    }
    if total > 0.0 {
        sum / total
    } else {
        next.evaluate(seat, scratch)
    }
}

impl<G: Evaluate> Bot<G> for GreedyBot<G> {
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        self.choose_within(game, seat, None)
    }

    fn choose_until(&mut self, game: &G, seat: Seat, stop: &crate::Stop) -> Option<G::Action> {
        self.choose_within(game, seat, Some(stop))
    }
}

impl<G: Evaluate> GreedyBot<G> {
    /// Scores every action over the re-deals, stopping after the re-deal
    /// in hand once `stop` is set.
    fn choose_within(
        &mut self,
        game: &G,
        seat: Seat,
        stop: Option<&crate::Stop>,
    ) -> Option<G::Action> {
        self.actions.clear();
        game.legal_actions(seat, &mut self.actions);
        match self.actions.len() {
            0 => return None,
            1 => return self.actions.pop(),
            _ => {}
        }
        let mut scores = std::mem::take(&mut self.scores);
        scores.clear();
        scores.resize(self.actions.len(), 0.0);
        let actions = std::mem::take(&mut self.actions);
        for _ in 0..self.determinizations {
            let state = game.determinize(seat, &mut self.rng);
            for (score, action) in scores.iter_mut().zip(&actions) {
                *score += self.score(&state, seat, action);
            }
            if stop.is_some_and(crate::Stop::is_stopped) {
                break;
            }
        }
        self.actions = actions;
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        self.best.clear();
        self.best
            .extend((0..scores.len()).filter(|&i| scores[i] >= top - TIE));
        self.scores = scores;
        let pick = self.rng.below(self.best.len().max(1) as u32) as usize;
        let i = self.best.get(pick).copied().unwrap_or(0);
        Some(self.actions.swap_remove(i))
    }
}
