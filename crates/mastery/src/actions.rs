//! What players decide, and the one place that routes a decision to the rule
//! that lists and performs it.
//!
//! Every rule lists its legal actions through a callback (`each_action`).
//! `list_actions` collects them into the caller's buffer; `act` runs the same
//! listing to check that an action is among them, so the list and the check
//! can never disagree, and nothing is allocated.

use crate::cards::Card;
use crate::events::Ev;
use crate::flow::Decision;
use crate::ids::{Cell, RelicRef};
use crate::state::State;
use serde::{Deserialize, Serialize};
use tourney_core::{RuleError, Seat};

/// A decision a player makes at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Starting knights (option `starting_knights = "choice"`): knights for
    /// each of the player's homelands in map order; the rest go to the castle.
    Split([u8; 2]),
    /// Begin the redistribution before the turn's next march.
    Redistribute,
    /// Redistribution: move one knight.
    Move {
        /// The cell the knight leaves: the castle or a supplied territory.
        from: Cell,
        /// The cell the knight joins.
        to: Cell,
    },
    /// End the redistribution.
    Done,
    /// Begin a march into this cell.
    MarchTo(Cell),
    /// March with this many knights from the castle.
    Send(u8),
    /// Choose another march target (or none).
    Back,
    /// Play Summon: two more knights in the castle.
    Summon,
    /// Play Tactical March: redistribute and march once more this turn.
    TacticalMarch,
    /// Play Destroy against an opponent's Relic.
    Destroy(RelicRef),
    /// Use a Crown that needs no target.
    UseCrown,
    /// Use a Crown on a player.
    CrownOnSeat(Seat),
    /// Use a Crown on a Relic.
    CrownOnRelic(RelicRef),
    /// Use a Crown on a territory.
    CrownOnCell(Cell),
    /// End the turn; the next player clockwise begins theirs.
    EndTurn,
    /// In combat: go on to the Sceptres.
    Continue,
    /// Decline: no Destroy in a response window, or no more Support cards.
    Pass,
    /// Put this Conflict card face down.
    Conflict(Card),
    /// Play this Support card.
    Support(Card),
    /// Crown of Insight: put this card back next (the first one goes on top).
    Top(Card),
}

impl State {
    /// Appends every action `seat` may take now to `out`.
    pub fn list_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.each_action(seat, &mut |a| out.push(a));
    }

    /// Calls `f` with every action `seat` may take now.
    pub fn each_action(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        let Ok(decision) = self.need().decision_for(seat) else {
            return;
        };
        match decision {
            Decision::Split(s) => self.split_actions(s, f),
            Decision::Order(s) => self.order_actions(s, f),
            Decision::Respond(s) => self.respond_actions(s, f),
            Decision::Free(s) => self.free_actions(s, f),
            Decision::Redistribute(s) => self.move_actions(s, f),
            Decision::MarchSize(s) => self.send_actions(s, f),
            Decision::Window(s) => self.window_actions(s, f),
            Decision::Relics(s) => self.relic_window_actions(s, f),
            Decision::Conflict(_) => self.conflict_actions(seat, f),
            Decision::Support(s) => self.support_actions(s, f),
        }
    }

    /// Takes `seat`'s action if it is among those listed, then carries out
    /// the automatic steps that follow.
    pub fn act(&mut self, seat: Seat, action: &Action, ev: &mut Ev) -> Result<(), RuleError> {
        let action = *action;
        let decision = self.need().decision_for(seat)?;
        let mut legal = false;
        self.each_action(seat, &mut |a| legal |= a == action);
        if !legal {
            return Err(RuleError::illegal(self.why_not(seat, action, decision)));
        }
        match decision {
            Decision::Split(s) => self.do_split(s, action, ev),
            Decision::Order(s) => self.do_order(s, action),
            Decision::Respond(s) => self.do_respond(s, action, ev),
            Decision::Free(s) | Decision::Window(s) => self.do_free(s, action, ev),
            Decision::Redistribute(s) => self.do_move(s, action, ev),
            Decision::MarchSize(s) => self.do_send(s, action, ev),
            Decision::Relics(s) => self.do_relic_window(s, action, ev),
            Decision::Conflict(_) => self.do_conflict(seat, action),
            Decision::Support(s) => self.do_support(s, action, ev),
        }
        self.advance(ev);
        Ok(())
    }

    /// Why an action is not allowed now, in a player's words.
    fn why_not(&self, seat: Seat, action: Action, decision: Decision) -> String {
        let expected = match decision {
            Decision::Split(_) => "choose how to split your starting knights",
            Decision::Order(_) => "put the looked-at cards back on your deck, one at a time",
            Decision::Respond(_) => "answer the Crown: play Destroy against it, or pass",
            Decision::Free(_) => {
                "redistribute, march, play an Aid card, use your Crown, play Destroy or end your turn"
            }
            Decision::Redistribute(_) => "move a knight or finish redistributing",
            Decision::MarchSize(_) => "choose how many knights march, or go back",
            Decision::Window(_) => {
                "use your Crown, play an Aid card or Destroy, or continue the combat"
            }
            Decision::Relics(_) => "play Destroy against a Relic about to apply, or pass",
            Decision::Conflict(_) => "put one of your Conflict cards face down",
            Decision::Support(_) => "play a Support card or pass",
        };
        let specific = match action {
            Action::Move { from, to } if matches!(decision, Decision::Redistribute(_)) => {
                self.why_not_move(seat, from, to)
            }
            Action::MarchTo(cell) if matches!(decision, Decision::Free(_)) => {
                self.why_not_march(seat, cell)
            }
            Action::Send(n) if matches!(decision, Decision::MarchSize(_)) => Some(format!(
                "{} cannot march there (your castle, the territory's capacity or your dice do not allow it)",
                crate::events::knight_count(n)
            )),
            Action::Summon
            | Action::TacticalMarch
            | Action::Destroy(_)
            | Action::Conflict(_)
            | Action::Support(_)
                if !self.holds(seat, action) =>
            {
                Some("you do not hold that card".to_string())
            }
            Action::Destroy(r) if !self.opponents(seat, r.seat) => {
                Some("Destroy works only against an opponent's Relic".to_string())
            }
            Action::Destroy(r) if !self.face_up(r) => {
                Some("that Relic is already face down".to_string())
            }
            Action::UseCrown
            | Action::CrownOnSeat(_)
            | Action::CrownOnRelic(_)
            | Action::CrownOnCell(_)
                if self.turn().is_some_and(|t| t.crown_used) =>
            {
                Some("you have already used your Crown this turn".to_string())
            }
            Action::Redistribute if self.turn().is_some_and(|t| t.redistributed || t.marched) => {
                Some(
                    "you redistribute once before each march of your turn, and you have already redistributed or marched"
                        .to_string(),
                )
            }
            _ => None,
        };
        match specific {
            Some(reason) => format!("{reason}; now you may {expected}"),
            None => format!("that is not possible now; you may {expected}"),
        }
    }

    fn holds(&self, seat: Seat, action: Action) -> bool {
        let card = match action {
            Action::Summon => Card::Summon,
            Action::TacticalMarch => Card::TacticalMarch,
            Action::Destroy(_) => Card::Destroy,
            Action::Conflict(c) | Action::Support(c) => c,
            _ => return true,
        };
        crate::cards::has(&self.player(seat).hand, card)
    }
}
