//! Relics: the Crown once a turn, Sceptres and Orbs in combat, Destroy and
//! the response windows in which other players may play it.

use crate::actions::Action;
use crate::cards::{self, Card};
use crate::content::{RelicEffect, RelicKind, relic};
use crate::events::{Ev, Event};
use crate::ids::RelicRef;
use crate::map::bits;
use crate::state::{
    Combat, CombatStep, CrownUse, DownBy, Idle, NONE, State, Target, Took, of_side_mut, rival,
};
use tourney_core::Seat;

/// Hand size the six-cards icon draws up to.
const SIX: u8 = 6;

fn relic_ref(seat: Seat, relic: RelicKind) -> RelicRef {
    RelicRef { seat, relic }
}

impl State {
    /// Whether the other players must reckon with `seat` holding Destroy:
    /// it has cards in hand and its Destroy is not face up in its discard
    /// pile. Asking only such players keeps hands secret (everyone who might
    /// hold one is asked) without asking players who certainly cannot.
    pub fn may_hold_destroy(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        !p.hand.is_empty() && p.discard.count(Card::Destroy.index()) < Card::Destroy.in_deck()
    }

    /// Destroy: the card is discarded and the Relic turned face down.
    pub(crate) fn destroy(&mut self, seat: Seat, target: RelicRef, ev: &mut Ev) {
        self.play_aid(seat, Card::Destroy);
        self.turn_down(
            DownBy::Destroy(seat),
            Card::Destroy.name(),
            target,
            false,
            ev,
        );
    }

    /// A Relic is turned face down by `cause` (Destroy, or the Crown of
    /// Corruption), named `with`; it stays down until the end of its
    /// owner's next turn. `at_once`: a Crown used in this very step.
    fn turn_down(
        &mut self,
        cause: DownBy,
        with: &'static str,
        target: RelicRef,
        at_once: bool,
        ev: &mut Ev,
    ) {
        let now = self.turn_no;
        let by = cause.seat();
        let p = self.player_mut(target.seat);
        *target.relic.of_mut(&mut p.down) = Some(now);
        *target.relic.of_mut(&mut p.down_by) = Some(cause);
        ev.everyone(|| Event::RelicTurnedDown {
            by,
            with: with.to_string(),
            seat: target.seat,
            relic: target.relic,
            name: self.relic_name(target),
            at_once,
        });
    }

    /// The name of a player's Relic ("Sceptre of Rage"), for events.
    pub(crate) fn relic_name(&self, r: RelicRef) -> String {
        self.relic_static_name(r.seat, r.relic).to_string()
    }

    fn relic_static_name(&self, seat: Seat, kind: RelicKind) -> &'static str {
        relic(*kind.of(&self.player(seat).relics)).map_or(kind.name(), |info| info.name)
    }

    // ----- the Crown -----

    pub(crate) fn crown_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        let Some(t) = self.turn() else {
            return;
        };
        if t.crown_used || t.seat != seat {
            return;
        }
        let Some(effect) = self.effect(seat, RelicKind::Crown) else {
            return;
        };
        match effect {
            RelicEffect::Vitality | RelicEffect::Insight | RelicEffect::Command => {
                f(Action::UseCrown)
            }
            RelicEffect::Prosperity => self.table_seats().for_each(|s| f(Action::CrownOnSeat(s))),
            RelicEffect::Corruption => {
                for other in self.table_seats().filter(|&o| self.opponents(seat, o)) {
                    for kind in [RelicKind::Sceptre, RelicKind::Orb] {
                        if self.face_up(relic_ref(other, kind)) {
                            f(Action::CrownOnRelic(relic_ref(other, kind)));
                        }
                    }
                }
            }
            RelicEffect::Decay => {
                let conflict = self.combat().map(|c| c.cell);
                for cell in bits(self.map().territories) {
                    if self.place(cell).knights >= 2 && Some(cell) != conflict {
                        f(Action::CrownOnCell(cell));
                    }
                }
            }
            _ => {}
        }
    }

    /// The Crown is announced; from its user clockwise, every other player
    /// may answer with Destroy before it takes effect.
    pub(crate) fn announce_crown(&mut self, seat: Seat, target: Target) {
        if let Some(t) = self.turn_mut() {
            t.crown_used = true;
            t.crown = Some(CrownUse {
                user: seat,
                target,
                next: 1,
                asked: false,
            });
        }
    }

    /// Asks the next player who may hold Destroy, or resolves the Crown.
    pub(crate) fn settle_crown(&mut self, ev: &mut Ev) -> bool {
        let Some(mut use_) = self.turn().and_then(|t| t.crown) else {
            return false;
        };
        let crown = relic_ref(use_.user, RelicKind::Crown);
        let n = self.players.max(1);
        while use_.next < n {
            let seat = crate::flow::seat_after(use_.user, use_.next, n);
            if self.face_up(crown) && self.opponents(seat, use_.user) && self.may_hold_destroy(seat)
            {
                use_.asked = true;
                if let Some(t) = self.turn_mut() {
                    t.crown = Some(use_);
                }
                return false;
            }
            use_.next = use_.next.saturating_add(1);
        }
        if let Some(t) = self.turn_mut() {
            t.crown = None;
        }
        if self.face_up(crown) {
            // Nobody asked: the Crown takes effect in the step that used it.
            self.apply_crown(use_.user, use_.target, !use_.asked, ev);
        } else {
            ev.everyone(|| Event::CrownCancelled {
                seat: use_.user,
                crown: self.relic_name(crown),
            });
        }
        true
    }

    pub(crate) fn respond_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        f(Action::Pass);
        if let Some(use_) = self.turn().and_then(|t| t.crown)
            && cards::has(&self.player(seat).hand, Card::Destroy)
        {
            f(Action::Destroy(relic_ref(use_.user, RelicKind::Crown)));
        }
    }

    pub(crate) fn do_respond(&mut self, seat: Seat, action: Action, ev: &mut Ev) {
        if let Action::Destroy(r) = action {
            self.destroy(seat, r, ev);
        }
        if let Some(use_) = self.turn_mut().and_then(|t| t.crown.as_mut()) {
            use_.next = use_.next.saturating_add(1);
        }
    }

    /// `at_once`: in the step that used the Crown, whose line the effect's
    /// line then retells.
    fn apply_crown(&mut self, user: Seat, target: Target, at_once: bool, ev: &mut Ev) {
        let Some(effect) = self.effect(user, RelicKind::Crown) else {
            return;
        };
        let name = self.relic_static_name(user, RelicKind::Crown);
        // A Crown the attacker uses in its combat is one of that combat's
        // Relics, for the report.
        let acts = match (effect, target) {
            (RelicEffect::Vitality | RelicEffect::Insight | RelicEffect::Command, _)
            | (RelicEffect::Prosperity, Target::Seat(_)) => true,
            (RelicEffect::Corruption, Target::Relic(r)) => self.face_up(r),
            (RelicEffect::Decay, Target::Cell(cell)) => self.place(cell).knights >= 2,
            _ => false,
        };
        if acts && self.combat().is_some_and(|c| c.attacker == user) {
            self.note_took(0, RelicKind::Crown, Took::Effect(target));
        }
        match (effect, target) {
            (RelicEffect::Vitality, _) => {
                self.draw_up_to(user, SIX, name, at_once, ev);
            }
            (RelicEffect::Insight, _) => self.start_peek(user, ev),
            (RelicEffect::Command, _) => self.grant_round(user, name, at_once, ev),
            (RelicEffect::Prosperity, Target::Seat(seat)) => {
                self.gain_knights(seat, 1, name, at_once, ev);
            }
            (RelicEffect::Corruption, Target::Relic(r)) if self.face_up(r) => {
                self.turn_down(DownBy::Crown(user), name, r, at_once, ev);
            }
            (RelicEffect::Decay, Target::Cell(cell)) => {
                let p = self.place_mut(cell);
                if p.knights >= 2 {
                    p.knights = p.knights.saturating_sub(1);
                    // Knights stand only where somebody's do; a corrupt
                    // state's stray ones are told as seat `NONE`'s, as
                    // they always were.
                    let (owner, left) = (p.owner().unwrap_or(Seat(NONE)), p.knights);
                    ev.everyone(|| Event::KnightLost {
                        seat: owner,
                        cell,
                        by: name.to_string(),
                        by_seat: Some(user),
                        left,
                        at_once,
                    });
                }
            }
            _ => {}
        }
    }

    /// A Relic's six-cards icon: its owner draws until holding `cards`.
    fn draw_up_to(&mut self, seat: Seat, cards: u8, by: &'static str, at_once: bool, ev: &mut Ev) {
        ev.everyone(|| Event::DrawsUpTo {
            seat,
            by: by.to_string(),
            cards,
            at_once,
        });
        self.start_draw(seat, cards, 0);
    }

    // ----- Sceptres and Orbs in combat -----

    /// Whether a combatant's Relic of `kind` takes effect in this combat (if
    /// face up): Sceptres by role, Orbs by the result.
    fn applies(&self, kind: RelicKind, side: usize) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        self.effect(c.seat_of(side), kind)
            .is_some_and(|effect| applies_in(c, kind, side, effect))
    }

    /// Whether a combatant's Relic of `kind` would take effect in this
    /// combat were it face up.
    fn would_apply(&self, kind: RelicKind, side: usize) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        let r = relic_ref(c.seat_of(side), kind);
        relic(self.relic_id(r)).is_some_and(|info| applies_in(c, kind, side, info.effect))
    }

    /// Keeps, for the report, the combatants' Relics of `kind` that would
    /// take effect now but lie face down, with what turned them down.
    fn note_relics_out(&mut self, kind: RelicKind) {
        let Some(c) = self.combat() else {
            return;
        };
        let out = [0, 1].map(|side| {
            let r = relic_ref(c.seat_of(side), kind);
            if self.face_up(r) || !self.would_apply(kind, side) {
                None
            } else {
                *kind.of(&self.player(r.seat).down_by)
            }
        });
        let at = usize::from(kind == RelicKind::Orb);
        if let Some(c) = self.combat_mut() {
            for (side, by) in out.into_iter().enumerate() {
                if let Some(slot) = of_side_mut(&mut c.relics_out, side).get_mut(at) {
                    *slot = by;
                }
            }
        }
    }

    /// Keeps, for the report, what came of side `side`'s Relic of `kind`
    /// that took effect in this combat.
    fn note_took(&mut self, side: usize, kind: RelicKind, took: Took) {
        if let Some(c) = self.combat_mut() {
            *kind.of_mut(of_side_mut(&mut c.relics_in, side)) = Some(took);
        }
    }

    /// The combatants' Relics about to apply: the targets of this window.
    fn window_targets(&self, kind: RelicKind) -> [Option<RelicRef>; 2] {
        let Some(c) = self.combat() else {
            return [None, None];
        };
        [0, 1].map(|side| {
            self.applies(kind, side)
                .then(|| relic_ref(c.seat_of(side), kind))
        })
    }

    fn window_kind(&self) -> RelicKind {
        match self.combat().map(|c| c.step) {
            Some(CombatStep::Orbs) => RelicKind::Orb,
            _ => RelicKind::Sceptre,
        }
    }

    fn may_respond(&self, seat: Seat, targets: &[Option<RelicRef>; 2]) -> bool {
        self.may_hold_destroy(seat)
            && targets
                .iter()
                .flatten()
                .any(|r| self.opponents(seat, r.seat) && self.face_up(*r))
    }

    /// Combat steps 3 and 7: from the attacker clockwise, each player who
    /// may hold Destroy gets the chance to use it on a Relic about to
    /// apply; then the Relics apply.
    pub(crate) fn settle_relic_window(&mut self, ev: &mut Ev) -> bool {
        let kind = self.window_kind();
        let targets = self.window_targets(kind);
        let Some(c) = self.combat() else {
            return false;
        };
        let (attacker, mut responder) = (c.attacker, c.responder);
        let n = self.players.max(1);
        while responder < n {
            let seat = crate::flow::seat_after(attacker, responder, n);
            if self.may_respond(seat, &targets) {
                if let Some(c) = self.combat_mut() {
                    c.responder = responder;
                }
                return false;
            }
            responder = responder.saturating_add(1);
        }
        match kind {
            RelicKind::Orb => self.apply_orbs(ev),
            _ => self.apply_sceptres(ev),
        }
        true
    }

    pub(crate) fn relic_window_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        f(Action::Pass);
        if !cards::has(&self.player(seat).hand, Card::Destroy) {
            return;
        }
        for r in self
            .window_targets(self.window_kind())
            .into_iter()
            .flatten()
        {
            if self.opponents(seat, r.seat) && self.face_up(r) {
                f(Action::Destroy(r));
            }
        }
    }

    pub(crate) fn do_relic_window(&mut self, seat: Seat, action: Action, ev: &mut Ev) {
        if let Action::Destroy(r) = action {
            self.destroy(seat, r, ev);
        }
        if let Some(c) = self.combat_mut() {
            c.responder = c.responder.saturating_add(1);
        }
    }

    fn apply_sceptres(&mut self, ev: &mut Ev) {
        self.note_relics_out(RelicKind::Sceptre);
        for side in 0..2 {
            let Some(c) = self.combat() else {
                return;
            };
            let seat = c.seat_of(side);
            if !self.applies(RelicKind::Sceptre, side) {
                continue;
            }
            let effect = self.effect(seat, RelicKind::Sceptre);
            let name = self.relic_static_name(seat, RelicKind::Sceptre);
            self.note_took(side, RelicKind::Sceptre, Took::Effect(Target::Owner));
            let Some(c) = self.combat_mut() else {
                return;
            };
            let (changed, change) = match effect {
                Some(RelicEffect::Rage | RelicEffect::Valor | RelicEffect::Oath) => {
                    let value = of_side_mut(&mut c.value, side);
                    *value = value.saturating_add(1);
                    (side, 1)
                }
                Some(RelicEffect::Defiance | RelicEffect::Influence) => {
                    let value = of_side_mut(&mut c.value, rival(side));
                    *value = value.saturating_sub(1);
                    (rival(side), -1)
                }
                Some(RelicEffect::Wisdom) => {
                    c.draws_due |= 1 << side;
                    c.draw_to = SIX;
                    ev.everyone(|| Event::DrawsUpTo {
                        seat,
                        by: name.to_string(),
                        cards: SIX,
                        at_once: false,
                    });
                    continue;
                }
                _ => continue,
            };
            let by_sceptres = of_side_mut(&mut c.sceptres, changed);
            *by_sceptres = by_sceptres.saturating_add(change);
            let (target, values) = (c.seat_of(changed), c.value);
            ev.everyone(|| Event::SceptreApplied {
                seat,
                sceptre: name.to_string(),
                target,
                change,
                values,
            });
        }
        if let Some(c) = self.combat_mut() {
            c.step = CombatStep::Conflict;
        }
    }

    fn apply_orbs(&mut self, ev: &mut Ev) {
        self.note_relics_out(RelicKind::Orb);
        for side in 0..2 {
            if !self.applies(RelicKind::Orb, side) {
                continue;
            }
            let Some(c) = self.combat().cloned() else {
                return;
            };
            let seat = c.seat_of(side);
            let name = self.relic_static_name(seat, RelicKind::Orb);
            let no_effect = |ev: &mut Ev, idle: Idle| {
                ev.everyone(|| Event::NoEffect {
                    seat,
                    source: name.to_string(),
                    why: idle.why().to_string(),
                });
                Took::Idle(idle)
            };
            let done = Took::Effect(Target::Owner);
            let took = match self.effect(seat, RelicKind::Orb) {
                Some(RelicEffect::Savagery) => {
                    let rival = rival(side);
                    if self.knights_of(rival) == 0 {
                        no_effect(ev, Idle::RivalHasNone)
                    } else {
                        self.lose_in_conflict(rival, 1);
                        let left = self.knights_of(rival);
                        ev.everyone(|| Event::KnightLost {
                            seat: c.seat_of(rival),
                            cell: c.cell,
                            by: name.to_string(),
                            by_seat: Some(seat),
                            left,
                            at_once: false,
                        });
                        done
                    }
                }
                Some(RelicEffect::Resolve) => {
                    let before = self.knights_of(side);
                    self.reinforce_conflict(side);
                    let knights = self.knights_of(side);
                    if knights > before {
                        ev.everyone(|| Event::KnightJoins {
                            seat,
                            cell: c.cell,
                            by: name.to_string(),
                            knights,
                        });
                        done
                    } else if side == 1 && self.castle_owner(c.cell).is_some() {
                        no_effect(ev, Idle::CastleDefends)
                    } else if self.player(seat).castle == 0 {
                        no_effect(ev, Idle::CastleEmpty)
                    } else {
                        no_effect(ev, Idle::NoRoom)
                    }
                }
                Some(RelicEffect::Greed) => {
                    if let Some(c) = self.combat_mut() {
                        c.draws_due |= 1 << side;
                        c.draw_to = SIX;
                    }
                    ev.everyone(|| Event::DrawsUpTo {
                        seat,
                        by: name.to_string(),
                        cards: SIX,
                        at_once: false,
                    });
                    done
                }
                Some(RelicEffect::Purification) => {
                    let down = self.player(seat).down.map(|d| d.is_some());
                    let p = self.player_mut(seat);
                    p.down = [None; 3];
                    p.down_by = [None; 3];
                    if down.contains(&true) {
                        ev.everyone(|| Event::RelicsRepaired {
                            seat,
                            relics: self.relic_names(seat, down),
                            by: Some(name.to_string()),
                        });
                        done
                    } else {
                        no_effect(ev, Idle::NoneDown)
                    }
                }
                Some(RelicEffect::SelfSacrifice) => {
                    self.gain_knights(seat, 1, name, false, ev);
                    done
                }
                Some(RelicEffect::Revival) => {
                    if let Some(c) = self.combat_mut() {
                        c.spared = c.spared.saturating_add(1);
                    }
                    ev.everyone(|| Event::LossesSpared {
                        seat,
                        by: name.to_string(),
                        spared: 1,
                    });
                    done
                }
                _ => continue,
            };
            self.note_took(side, RelicKind::Orb, took);
        }
        if let Some(c) = self.combat_mut() {
            c.step = CombatStep::Finish;
        }
    }
}

/// Whether a Relic of `kind` with `effect`, held by `side`, takes effect in
/// combat `c` when face up: Sceptres by role, Orbs by the result.
fn applies_in(c: &Combat, kind: RelicKind, side: usize, effect: RelicEffect) -> bool {
    match effect {
        RelicEffect::Rage | RelicEffect::Wisdom => true,
        RelicEffect::Valor | RelicEffect::Influence => side == 0,
        RelicEffect::Oath | RelicEffect::Defiance => side == 1,
        e if kind == RelicKind::Orb => e.for_winner() == (usize::from(c.winner) == side),
        _ => false,
    }
}
