//! A player's turn: three knights placed, then Aid cards, the Crown, Destroy,
//! redistribution and marching in any order the rules allow, then the
//! repair of Relics as the turn ends.

use crate::actions::Action;
use crate::cards::{self, Card};
use crate::content::{RelicKind, relic};
use crate::events::{Ev, Event};
use crate::ids::RelicRef;
use crate::map::bits;
use crate::state::{CombatStep, Phase, Stage, State, Target, Turn};
use tourney_core::Seat;

/// Knights placed in the castle at the start of every turn.
const TURN_KNIGHTS: u8 = 3;
/// Knights Summon adds to the castle.
const SUMMON_KNIGHTS: u8 = 2;

impl State {
    pub(crate) fn first_turn(&mut self, seat: Seat, ev: &mut Ev) {
        self.starter = seat.0;
        self.start_turn(seat, ev);
    }

    fn start_turn(&mut self, seat: Seat, ev: &mut Ev) {
        self.turn_no = self.turn_no.saturating_add(1);
        self.phase = Phase::Turn(Turn {
            seat,
            crown_used: false,
            extra_rounds: 0,
            redistributed: false,
            marched: false,
            withdrawn: 0,
            stage: Stage::Free,
            crown: None,
        });
        let placed = self.add_to_castle(seat, TURN_KNIGHTS);
        ev.everyone(|| Event::TurnBegins {
            seat,
            turn: self.turn_no,
            placed,
            lost: TURN_KNIGHTS.saturating_sub(placed),
            castle: self.player(seat).castle,
        });
    }

    /// Places knights in `seat`'s castle because of `by` (a card, a tile,
    /// a Relic) and tells the table how many the dice could show.
    /// `at_once`: a Crown used in this very step.
    pub(crate) fn gain_knights(
        &mut self,
        seat: Seat,
        n: u8,
        by: &'static str,
        at_once: bool,
        ev: &mut Ev,
    ) {
        let placed = self.add_to_castle(seat, n);
        ev.everyone(|| Event::KnightsAdded {
            seat,
            by: by.to_string(),
            placed,
            lost: n.saturating_sub(placed),
            castle: self.player(seat).castle,
            at_once,
        });
    }

    fn end_turn(&mut self, ev: &mut Ev) {
        let Some(seat) = self.turn().map(|t| t.seat) else {
            return;
        };
        // Relics destroyed before this turn began come back face up; one
        // destroyed during it stays down until the end of the next one.
        let now = self.turn_no;
        let mut repaired = [false; 3];
        let p = self.player_mut(seat);
        for ((down, by), fixed) in p.down.iter_mut().zip(&mut p.down_by).zip(&mut repaired) {
            if down.is_some_and(|t| t < now) {
                *down = None;
                *by = None;
                *fixed = true;
            }
        }
        if repaired.contains(&true) {
            ev.everyone(|| Event::RelicsRepaired {
                seat,
                relics: self.relic_names(seat, repaired),
                by: None,
            });
        }
        let next = crate::flow::seat_after(seat, 1, self.players);
        if Some(next) == self.starter() {
            self.rounds = self.rounds.saturating_add(1);
            ev.everyone(|| Event::RoundOver { round: self.rounds });
            if self.config.round_limit > 0 && self.rounds >= self.config.round_limit {
                self.end_by_points(ev);
                return;
            }
        }
        self.start_turn(next, ev);
    }

    /// The names of `seat`'s Relics of the kinds marked in `which`.
    pub(crate) fn relic_names(&self, seat: Seat, which: [bool; 3]) -> Vec<String> {
        RelicKind::ALL
            .iter()
            .zip(which)
            .filter(|(_, wanted)| *wanted)
            .map(|(k, _)| {
                relic(*k.of(&self.player(seat).relics))
                    .map_or(k.name(), |r| r.name)
                    .to_string()
            })
            .collect()
    }

    /// Another redistribution and march this turn. If this round's march is
    /// already made, the new round begins at once; otherwise it waits.
    /// `at_once`: a Crown used in this very step.
    pub(crate) fn grant_round(&mut self, seat: Seat, by: &'static str, at_once: bool, ev: &mut Ev) {
        ev.everyone(|| Event::RoundGranted {
            seat,
            by: by.to_string(),
            at_once,
        });
        if let Some(t) = self.turn_mut() {
            if t.marched {
                t.marched = false;
                t.redistributed = false;
                t.withdrawn = 0;
            } else {
                t.extra_rounds = t.extra_rounds.saturating_add(1);
            }
        }
    }

    /// A march was made: the round is over, and a granted one begins.
    pub(crate) fn round_marched(&mut self) {
        if let Some(t) = self.turn_mut() {
            if let Some(left) = t.extra_rounds.checked_sub(1) {
                t.extra_rounds = left;
                t.redistributed = false;
                t.marched = false;
                t.withdrawn = 0;
            } else {
                t.marched = true;
            }
        }
    }

    pub(crate) fn free_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        let Some(t) = self.turn() else {
            return;
        };
        if !t.redistributed && !t.marched && self.any_move(seat) {
            f(Action::Redistribute);
        }
        if !t.marched {
            for cell in bits(self.march_targets(seat) & !t.withdrawn) {
                if self.largest_march(seat, cell) > 0 {
                    f(Action::MarchTo(cell));
                }
            }
        }
        self.aid_actions(seat, f);
        f(Action::EndTurn);
    }

    /// The attacker's moment in combat, after both have drawn: the Crown,
    /// Summon, Tactical March and Destroy may be used "in combat".
    pub(crate) fn window_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        f(Action::Continue);
        self.aid_actions(seat, f);
    }

    /// Aid cards, Destroy and the Crown, which the active player may use
    /// outside redistribution and marching.
    fn aid_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        let hand = &self.player(seat).hand;
        if cards::has(hand, Card::Summon) {
            f(Action::Summon);
        }
        if cards::has(hand, Card::TacticalMarch) {
            f(Action::TacticalMarch);
        }
        if cards::has(hand, Card::Destroy) {
            for other in self.table_seats().filter(|&o| self.opponents(seat, o)) {
                for relic in RelicKind::ALL {
                    let r = RelicRef { seat: other, relic };
                    if self.face_up(r) {
                        f(Action::Destroy(r));
                    }
                }
            }
        }
        self.crown_actions(seat, f);
    }

    pub(crate) fn do_free(&mut self, seat: Seat, action: Action, ev: &mut Ev) {
        match action {
            Action::Redistribute => self.set_stage(Stage::Redistribute {
                sources: 0,
                targets: 0,
            }),
            Action::MarchTo(cell) => self.set_stage(Stage::MarchSize { target: cell }),
            Action::EndTurn => self.end_turn(ev),
            Action::Continue => {
                if let Some(c) = self.combat_mut() {
                    c.step = CombatStep::Sceptres;
                    c.responder = 0;
                }
            }
            Action::Summon => {
                self.play_aid(seat, Card::Summon);
                self.gain_knights(seat, SUMMON_KNIGHTS, Card::Summon.name(), false, ev);
            }
            Action::TacticalMarch => {
                self.play_aid(seat, Card::TacticalMarch);
                self.grant_round(seat, Card::TacticalMarch.name(), false, ev);
            }
            Action::Destroy(r) => self.destroy(seat, r, ev),
            Action::UseCrown => self.announce_crown(seat, Target::Owner),
            Action::CrownOnSeat(s) => self.announce_crown(seat, Target::Seat(s)),
            Action::CrownOnRelic(r) => self.announce_crown(seat, Target::Relic(r)),
            Action::CrownOnCell(c) => self.announce_crown(seat, Target::Cell(c)),
            _ => {}
        }
    }

    pub(crate) fn set_stage(&mut self, stage: Stage) {
        if let Some(t) = self.turn_mut() {
            t.stage = stage;
        }
    }

    /// An Aid card is shown, applied and put face up on the discard pile.
    pub(crate) fn play_aid(&mut self, seat: Seat, card: Card) {
        let p = self.player_mut(seat);
        if p.hand.take(card.index()).is_ok() {
            p.discard.put(card.index());
        }
    }
}
