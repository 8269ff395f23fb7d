//! How well a seat stands, for bots: a game's judgement, kept apart from
//! its rules (as OpenSpiel keeps evaluators outside the state). The rules
//! never call it; greedy bots, searches and the testkit do.

use crate::{Game, Seat, ToMove, Weight};

/// A game's evaluation of a position, for bots. Every method reads only
/// what the seat may see, since bots call them on determinized states.
pub trait Evaluate: Game {
    /// What an evaluation may remember between calls (odds it worked out
    /// before), owned by the caller: one per bot or thread of search, so
    /// the rules keep no global state. `()` for a game that remembers
    /// nothing. A remembered answer must be the very number working it out
    /// again would give.
    type Scratch: Default + Send;

    /// How well `seat` stands, from 0 (lost) to 1 (won), as the game itself
    /// judges it: the evaluation behind greedy bots and cut-off playouts.
    /// A finished game returns the seat's share of the win; the default for
    /// a running game knows nothing and says "even" (1 / seats). Games
    /// override it with what their players would count: points, knights
    /// left, prizes. It must read only what `seat` may see, since bots call
    /// it on determinized states.
    fn evaluate(&self, seat: Seat, scratch: &mut Self::Scratch) -> f64 {
        let _ = scratch;
        match self.to_move() {
            ToMove::Over(outcome) => outcome.share(seat),
            _ => 1.0 / self.seats().max(1) as f64,
        }
    }

    /// How strongly `seat`'s open record of play points to `action` at the
    /// secret choice it faces now, if the game keeps such a record: a
    /// player's habits, as an attentive rival would remember them (Card
    /// Joust counts the aims each player has turned up). A search may draw a
    /// rival's choice by these weights instead of assuming the rival
    /// answers what it cannot see. `None`: no record for this choice. Must
    /// read only what every seat sees.
    fn habit(&self, seat: Seat, action: &Self::Action) -> Option<Weight> {
        let _ = (seat, action);
        None
    }

    /// [`Evaluate::evaluate`] for a player who expects its rivals to follow
    /// their habits ([`Evaluate::habit`]) in the choices it cannot see yet: what
    /// a search that models its rivals scores its leaves with. The default
    /// is the plain evaluation.
    fn evaluate_with_habits(&self, seat: Seat, scratch: &mut Self::Scratch) -> f64 {
        self.evaluate(seat, scratch)
    }

    /// The evaluation of what `seat` holds now, with no estimate of what
    /// it will earn later: where a game's [`Evaluate::evaluate`] looks
    /// ahead (Glory's plan), this is the older, short-sighted judgement,
    /// kept so a search can be measured against it (`ismcts:2000:eval=plain`).
    /// The default is [`Evaluate::evaluate`] itself.
    fn evaluate_plain(&self, seat: Seat, scratch: &mut Self::Scratch) -> f64 {
        self.evaluate(seat, scratch)
    }
}
