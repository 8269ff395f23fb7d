//! How well a seat stands, for bots: `Evaluate::evaluate` for Glory. Kept apart
//! from the rules; nothing here changes a state.

use crate::state::Glory;
use tourney_core::{Evaluate, Game, Seat, ToMove};

/// Glory's evaluation remembers nothing between calls.
impl Evaluate for Glory {
    type Scratch = ();

    /// A soft share of the lead in glory.
    fn evaluate(&self, seat: Seat, _: &mut ()) -> f64 {
        self.evaluation(seat)
    }
}

impl Glory {
    /// Glory points are public: a soft share of the lead, from the softmax
    /// of everyone's glory (ten points of lead ≈ e times the odds).
    pub(crate) fn evaluation(&self, seat: Seat) -> f64 {
        if let ToMove::Over(outcome) = self.to_move() {
            return outcome.share(seat);
        }
        if self.solo.is_some() {
            return self.solo_evaluate();
        }
        let Some(me) = self.seat_of(seat).and_then(|p| self.player(p)) else {
            return 0.0;
        };
        let mine = f64::from(me.glory);
        let total: f64 = self
            .ids()
            .filter_map(|p| self.player(p))
            .map(|pl| ((f64::from(pl.glory) - mine) / 10.0).exp())
            .sum();
        if total > 0.0 {
            (1.0 / total).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}
