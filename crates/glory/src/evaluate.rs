//! How well a seat stands, for bots: `Evaluate::evaluate` for Glory. Kept apart
//! from the rules; nothing here changes a state.
//!
//! Glory in hand is only part of a player's standing: coins, tokens, gear,
//! supports, relics, cards and the titles their holdings already meet all
//! turn into glory later. The evaluation therefore estimates each player's
//! *final* glory: the glory they have plus what their holdings are expected
//! to earn in the rest of the game, by weights fitted on whole games
//! (`plan.rs`, made by `cargo run --release -p tourney-bots --example
//! fit_glory`). A search that reads that estimate at its leaves plans past
//! its own horizon: it buys gear for the tournament two rounds away, keeps
//! the coins a title asks for and no more.

use crate::config::SoloMode;
use crate::plan::{OTTO_FUTURE, SOLO_SPREAD, SOLO_WEIGHTS, TABLE_WEIGHTS};
use crate::solo::{OTTO, PLAYER};
use crate::state::{Glory, JourneyPhase, Stage};
use tourney_core::{Evaluate, Game, Seat, ToMove};

/// How many numbers describe a player's holdings for the plan.
pub const PLAN_FEATURES: usize = 14;

/// The names of the plan's features, in order (for the fitting tool and
/// `docs/bots-design.md`).
pub const PLAN_FEATURE_NAMES: [&str; PLAN_FEATURES] = [
    "base",
    "coins",
    "strength",
    "faith",
    "mount",
    "armor",
    "supports",
    "relics",
    "prestige",
    "cards",
    "titles-met",
    "objectives",
    "titles-near",
    "tournament-odds",
];

/// The moments of a game the plan tells apart: seven steps of each of the
/// three rounds.
pub const PLAN_PHASES: usize = 21;

/// The spread the fitting tool writes for a moment it had no games for.
const UNFITTED_SPREAD: f64 = 10.0;

/// The plan's row for `phase`. No player decides during Maintenance, so
/// the fit has no games there (nor at the Title phase of rounds 1 and 2,
/// which do not exist): such a moment borrows the next fitted moment's row,
/// which is what it leads to without a decision in between.
fn fitted<T>(rows: &[T], phase: usize, is_fitted: impl Fn(&T) -> bool) -> Option<&T> {
    rows.get(phase..)?.iter().find(|row| is_fitted(row))
}

fn any_weight(row: &[f64; PLAN_FEATURES]) -> bool {
    row.iter().any(|&w| w != 0.0)
}

/// Glory's evaluation remembers nothing between calls.
impl Evaluate for Glory {
    type Scratch = ();

    /// The seat's chance of winning, from everyone's expected final glory.
    fn evaluate(&self, seat: Seat, _: &mut ()) -> f64 {
        self.evaluation(seat)
    }

    /// The same, from the glory each player holds now (the evaluation
    /// before the plan, kept to measure the plan against).
    fn evaluate_plain(&self, seat: Seat, _: &mut ()) -> f64 {
        self.plain_evaluation(seat)
    }
}

impl Glory {
    /// A seat's chance of winning, estimated from the final glory each
    /// player is expected to reach: a soft share of the lead (ten points
    /// of lead ≈ e times the odds), or in a solo game the chance of
    /// meeting the mode's goal.
    pub(crate) fn evaluation(&self, seat: Seat) -> f64 {
        if let ToMove::Over(outcome) = self.to_move() {
            return outcome.share(seat);
        }
        if self.solo.is_some() {
            return self.solo_evaluate();
        }
        let Some(me) = self.seat_of(seat) else {
            return 0.0;
        };
        let mine = self.expected_glory(me, true);
        let total: f64 = self
            .ids()
            .map(|p| ((self.expected_glory(p, p == me) - mine) / 10.0).exp())
            .sum();
        if total > 0.0 {
            (1.0 / total).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// The evaluation before the plan: everyone's glory in hand as their
    /// final glory; in a solo game, glory against the part of the target
    /// due by now or against Otto's, and trophies won so far.
    fn plain_evaluation(&self, seat: Seat) -> f64 {
        if let ToMove::Over(outcome) = self.to_move() {
            return outcome.share(seat);
        }
        let glory = |p: Seat| self.player(p).map_or(0.0, |pl| f64::from(pl.glory));
        let logistic = |x: f64| 1.0 / (1.0 + (-x).exp());
        match &self.solo {
            Some(o) => match o.settings.mode {
                SoloMode::Rivalry => logistic((glory(PLAYER) - glory(OTTO)) / 10.0),
                SoloMode::Score => {
                    let progress = (f64::from(self.round.clamp(1, 3)) - 0.5) / 3.0;
                    logistic((glory(PLAYER) - f64::from(o.target()) * progress) / 10.0)
                }
                SoloMode::Champion => {
                    let played = self.round.saturating_sub(1).min(3);
                    if o.trophies < played {
                        0.0
                    } else {
                        0.25 + 0.25 * f64::from(o.trophies.min(3))
                    }
                }
            },
            None => {
                let Some(me) = self.seat_of(seat) else {
                    return 0.0;
                };
                let mine = glory(me);
                let total: f64 = self.ids().map(|p| ((glory(p) - mine) / 10.0).exp()).sum();
                (1.0 / total).clamp(0.0, 1.0)
            }
        }
    }

    /// The chance a solo player meets the goal of the mode played.
    pub(crate) fn solo_evaluate(&self) -> f64 {
        let Some(o) = &self.solo else {
            return 0.0;
        };
        let logistic = |x: f64| 1.0 / (1.0 + (-x).exp());
        // How far the estimate may still move: its spread in fitted games,
        // never less than a couple of points.
        let spread = self
            .plan_phase()
            .and_then(|ph| fitted(&SOLO_SPREAD, ph, |&x| x != UNFITTED_SPREAD).copied())
            .unwrap_or(0.0)
            .max(2.0);
        let mine = self.expected_glory(PLAYER, true);
        match o.settings.mode {
            SoloMode::Rivalry => {
                let otto = self.player(OTTO).map_or(0.0, |pl| f64::from(pl.glory))
                    + self
                        .plan_phase()
                        .and_then(|ph| fitted(&OTTO_FUTURE, ph, |&x| x != 0.0).copied())
                        .unwrap_or(0.0);
                logistic((mine - otto) / spread)
            }
            // The goal is a number: the chance of reaching it, and as much
            // again for the share of it expected, so that a goal out of
            // reach still leaves a search differences worth playing for.
            SoloMode::Score => {
                let target = f64::from(o.target());
                0.5 * logistic((mine - target) / spread) + 0.5 * (mine / target).min(1.0)
            }
            SoloMode::Champion => self.champion_value(),
        }
        .clamp(0.0, 1.0)
    }

    /// The final glory player `p` is expected to reach: what they have,
    /// plus what the plan expects their holdings to earn.
    /// A rival's secret objectives are not counted (`own` unset): the seat
    /// asking cannot see them.
    pub(crate) fn expected_glory(&self, p: Seat, own: bool) -> f64 {
        let Some(pl) = self.player(p) else {
            return 0.0;
        };
        let now = f64::from(pl.glory);
        let Some(phase) = self.plan_phase() else {
            return now;
        };
        if self.is_otto(p) {
            return now
                + fitted(&OTTO_FUTURE, phase, |&x| x != 0.0)
                    .copied()
                    .unwrap_or(0.0);
        }
        // A solo game against Otto pays differently from a table of rivals.
        let plan = if self.solo.is_some() {
            &SOLO_WEIGHTS
        } else {
            &TABLE_WEIGHTS
        };
        let (Some(weights), Some(features)) =
            (fitted(plan, phase, any_weight), self.features_seen(p, own))
        else {
            return now;
        };
        let future: f64 = weights.iter().zip(features).map(|(w, x)| w * x).sum();
        now + future.max(0.0)
    }

    /// Which of the plan's moments the game is at: `None` once it is over.
    pub fn plan_phase(&self) -> Option<usize> {
        let round = usize::from(self.round.clamp(1, 3).saturating_sub(1));
        let step = match self.stage {
            Stage::Setup(_) | Stage::Prepare { .. } | Stage::Actions => 0,
            Stage::Journey(JourneyPhase::Normal) => 1,
            Stage::Maintenance => 2,
            Stage::Registration => 3,
            Stage::Tournament | Stage::Journey(JourneyPhase::Extra) => 4,
            Stage::Journey(JourneyPhase::Final) => 5,
            Stage::Titles => 6,
            Stage::Over { .. } => return None,
        };
        Some(round.saturating_mul(7).saturating_add(step))
    }

    /// What player `p` holds that will turn into glory, as the plan counts
    /// it (`PLAN_FEATURE_NAMES`); `None` for a player the table lacks.
    pub fn plan_features(&self, p: Seat) -> Option<[f64; PLAN_FEATURES]> {
        self.features_seen(p, true)
    }

    /// [`Glory::plan_features`] as a seat sees them: with `own` unset, the
    /// titles met are the public ones alone and the objectives held count
    /// as none, since another player's objectives are secret.
    fn features_seen(&self, p: Seat, own: bool) -> Option<[f64; PLAN_FEATURES]> {
        let pl = self.player(p)?;
        let (titles_met, met) = self.best_titles_among(p, own);
        let objectives = if own { pl.titles.len() as f64 } else { 0.0 };
        Some([
            1.0,
            f64::from(pl.coins),
            f64::from(pl.strength),
            f64::from(pl.faith),
            f64::from(pl.mount),
            f64::from(pl.armor),
            f64::from(pl.support_tiles()),
            f64::from(pl.relic_tiles()),
            f64::from(pl.prestige_tokens()),
            pl.hand.len() as f64,
            f64::from(titles_met),
            objectives,
            self.titles_near(p, own, met),
            self.tournament_glory(p),
        ])
    }
}
