//! Who the game waits for, and the automatic steps between decisions.
//!
//! After every action or chance outcome, `advance` carries out everything
//! that needs nobody (placing knights, applying effects, skipping players who
//! cannot respond) until a player must decide or a card or die must come up.
//! The state therefore always rests at a decision, a chance step or the end,
//! and `need` can read which from the state alone.

use crate::content::RelicKind;
use crate::events::Ev;
use crate::ids::Cell;
use crate::state::{CombatStep, Commit, Phase, Stage, State};
use tourney_core::{Outcome, RuleError, Seat, SeatSet, ToMove};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    Over(Outcome),
    Chance(ChanceKind),
    Decide(Decision),
}

/// A pending chance step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChanceKind {
    /// The territory tile for a position.
    Tile(Cell),
    Relic {
        seat: Seat,
        kind: RelicKind,
    },
    /// A card into a hand.
    Draw(Seat),
    /// A card looked at with the Crown of Insight.
    Peek(Seat),
    Ambush(Seat),
    /// A Chaos survival die.
    Survival(Seat),
    Starter,
}

/// A pending decision and whose it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decision {
    Split(Seat),
    Order(Seat),
    Respond(Seat),
    Free(Seat),
    Redistribute(Seat),
    MarchSize(Seat),
    Window(Seat),
    Relics(Seat),
    /// The combatants still to put a Conflict card down.
    Conflict(SeatSet),
    Support(Seat),
}

impl State {
    /// Who the game waits for, read from the state alone.
    pub fn on_move(&self) -> ToMove {
        self.need().to_move()
    }
}

impl Need {
    pub(crate) fn to_move(self) -> ToMove {
        match self {
            Need::Over(o) => ToMove::Over(o),
            Need::Chance(_) => ToMove::Chance,
            Need::Decide(d) => ToMove::Seats(d.seats()),
        }
    }

    /// The decision `seat` is to make now, or the core turn guard's refusal.
    pub(crate) fn decision_for(self, seat: Seat) -> Result<Decision, RuleError> {
        self.to_move().check_action(seat)?;
        match self {
            Need::Decide(d) => Ok(d),
            // The guard above has refused every other need already.
            _ => Err(RuleError::AwaitingChance),
        }
    }

    /// The chance step due now, or the core turn guard's refusal.
    pub(crate) fn chance_due(self) -> Result<ChanceKind, RuleError> {
        self.to_move().check_chance()?;
        match self {
            Need::Chance(kind) => Ok(kind),
            // The guard above has refused every other need already.
            _ => Err(RuleError::NoChancePending),
        }
    }
}

impl Decision {
    pub fn seats(self) -> SeatSet {
        match self {
            Decision::Conflict(seats) => seats,
            Decision::Split(s)
            | Decision::Order(s)
            | Decision::Respond(s)
            | Decision::Free(s)
            | Decision::Redistribute(s)
            | Decision::MarchSize(s)
            | Decision::Window(s)
            | Decision::Relics(s)
            | Decision::Support(s) => SeatSet::single(s),
        }
    }
}

impl State {
    pub fn need(&self) -> Need {
        if let Phase::Over(o) = &self.phase {
            return Need::Over(*o);
        }
        if let Some(d) = &self.draw {
            return Need::Chance(ChanceKind::Draw(d.seat));
        }
        if let Some(p) = &self.peek {
            return if p.left > 0 {
                Need::Chance(ChanceKind::Peek(p.seat))
            } else {
                Need::Decide(Decision::Order(p.seat))
            };
        }
        let n = self.players.max(1);
        match &self.phase {
            Phase::DealTiles { next } => {
                let cell = self
                    .map()
                    .deal_order
                    .get(usize::from(*next))
                    .copied()
                    .unwrap_or(Cell(0));
                Need::Chance(ChanceKind::Tile(cell))
            }
            // All Crowns round the table, then Sceptres, then Orbs (`n` is
            // at least 1).
            Phase::DealRelics { next } => Need::Chance(ChanceKind::Relic {
                seat: Seat(next.checked_rem(n).unwrap_or(0)),
                kind: RelicKind::ALL
                    .get(usize::from(next.checked_div(n).unwrap_or(0)))
                    .copied()
                    .unwrap_or(RelicKind::Orb),
            }),
            Phase::Split { seat } => Need::Decide(Decision::Split(*seat)),
            Phase::Opening { seat } => Need::Chance(ChanceKind::Draw(*seat)),
            Phase::Starter => Need::Chance(ChanceKind::Starter),
            Phase::Over(o) => Need::Over(*o),
            Phase::Turn(t) => {
                if let Some(c) = &t.crown {
                    return Need::Decide(Decision::Respond(seat_after(c.user, c.next, n)));
                }
                match &t.stage {
                    Stage::Free => Need::Decide(Decision::Free(t.seat)),
                    Stage::Redistribute { .. } => Need::Decide(Decision::Redistribute(t.seat)),
                    Stage::MarchSize { .. } => Need::Decide(Decision::MarchSize(t.seat)),
                    Stage::Combat(c) => match c.step {
                        CombatStep::Window => Need::Decide(Decision::Window(c.attacker)),
                        CombatStep::Sceptres | CombatStep::Orbs => {
                            Need::Decide(Decision::Relics(seat_after(c.attacker, c.responder, n)))
                        }
                        CombatStep::Conflict => {
                            let mut seats = SeatSet::EMPTY;
                            for (side, commit) in c.commit.iter().enumerate() {
                                if *commit == Commit::Pending {
                                    seats.insert(c.seat_of(side));
                                }
                            }
                            Need::Decide(Decision::Conflict(seats))
                        }
                        CombatStep::Ambush => {
                            let seat = if c.ambush[0] { c.attacker } else { c.defender };
                            Need::Chance(ChanceKind::Ambush(seat))
                        }
                        CombatStep::Survival => {
                            Need::Chance(ChanceKind::Survival(c.seat_of(usize::from(c.winner))))
                        }
                        CombatStep::Support | CombatStep::Finish => {
                            Need::Decide(Decision::Support(c.support_turn))
                        }
                    },
                }
            }
        }
    }

    /// Carries out automatic steps until a decision or a chance step is due.
    /// Each pass either changes the state towards the next decision or stops,
    /// and the bound only guards against a bug turning into a hang.
    pub fn advance(&mut self, ev: &mut Ev) {
        for _ in 0..10_000 {
            if !self.settle_once(ev) {
                return;
            }
        }
    }

    /// One automatic step; false when the state rests.
    fn settle_once(&mut self, ev: &mut Ev) -> bool {
        if matches!(self.phase, Phase::Over(_)) {
            return false;
        }
        if self.draw.is_some() {
            return self.step_draw(ev);
        }
        if self.peek.is_some() {
            return self.step_peek(ev);
        }
        match self.phase {
            Phase::DealTiles { .. }
            | Phase::DealRelics { .. }
            | Phase::Split { .. }
            | Phase::Opening { .. } => self.settle_setup(ev),
            Phase::Starter | Phase::Over(_) => false,
            Phase::Turn(_) => self.settle_turn(ev),
        }
    }

    fn settle_turn(&mut self, ev: &mut Ev) -> bool {
        if self.turn().is_some_and(|t| t.crown.is_some()) {
            return self.settle_crown(ev);
        }
        if self.combat().is_some() {
            return self.settle_combat(ev);
        }
        false
    }
}

/// The seat `steps` places clockwise from `from` at a table of `players`,
/// counted in `u16` so that no value read from a corrupt file overflows.
pub(crate) fn seat_after(from: Seat, steps: u8, players: u8) -> Seat {
    let seat = u16::from(from.0)
        .saturating_add(u16::from(steps))
        .checked_rem(u16::from(players))
        .unwrap_or(0);
    // Below `players`, so a byte holds it.
    Seat(u8::try_from(seat).unwrap_or(0))
}
