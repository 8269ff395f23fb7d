//! Relics: the Crown once a turn, Sceptres and Orbs in combat, Destroy and
//! the response windows in which other players may play it.

use crate::actions::Action;
use crate::cards::{self, Card};
use crate::data::{DECK, RelicEffect, RelicKind};
use crate::ids::{Cell, RelicRef};
use crate::map::bits;
use crate::state::{CombatStep, CrownUse, State, Target};
use tourney_core::Seat;

/// Hand size the six-cards icon draws up to.
const SIX: u8 = 6;

fn relic_ref(seat: u8, relic: RelicKind) -> RelicRef {
    RelicRef {
        seat: Seat(seat),
        relic,
    }
}

impl State {
    /// Whether the other players must reckon with `seat` holding Destroy:
    /// it has cards in hand and its Destroy is not face up in its discard
    /// pile. Asking only such players keeps hands secret (everyone who might
    /// hold one is asked) without asking players who certainly cannot.
    pub fn may_hold_destroy(&self, seat: u8) -> bool {
        let p = self.player(seat);
        !p.hand.is_empty() && p.discard.count(Card::Destroy.index()) < DECK[Card::Destroy.index()]
    }

    /// Destroy: the card is discarded and the Relic turned face down.
    pub(crate) fn destroy(&mut self, seat: u8, target: RelicRef) {
        self.play_aid(seat, Card::Destroy);
        let now = self.turn_no;
        self.player_mut(target.seat.0).down[target.relic.index()] = Some(now);
    }

    // ----- the Crown -----

    pub(crate) fn crown_actions(&self, seat: u8, f: &mut dyn FnMut(Action)) {
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
            RelicEffect::Prosperity => {
                (0..self.players).for_each(|s| f(Action::CrownOnSeat(Seat(s))))
            }
            RelicEffect::Corruption => {
                for other in (0..self.players).filter(|&o| self.opponents(seat, o)) {
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
                        f(Action::CrownOnCell(Cell(cell)));
                    }
                }
            }
            _ => {}
        }
    }

    /// The Crown is announced; from its user clockwise, every other player
    /// may answer with Destroy before it takes effect.
    pub(crate) fn announce_crown(&mut self, seat: u8, target: Target) {
        if let Some(t) = self.turn_mut() {
            t.crown_used = true;
            t.crown = Some(CrownUse {
                user: seat,
                target,
                next: 1,
            });
        }
    }

    /// Asks the next player who may hold Destroy, or resolves the Crown.
    pub(crate) fn settle_crown(&mut self) -> bool {
        let Some(mut use_) = self.turn().and_then(|t| t.crown) else {
            return false;
        };
        let crown = relic_ref(use_.user, RelicKind::Crown);
        let n = self.players.max(1);
        while use_.next < n {
            let seat = crate::flow::seat_after(use_.user, use_.next, n);
            if self.face_up(crown) && self.opponents(seat, use_.user) && self.may_hold_destroy(seat)
            {
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
            self.apply_crown(use_.user, use_.target);
        }
        true
    }

    pub(crate) fn respond_actions(&self, seat: u8, f: &mut dyn FnMut(Action)) {
        f(Action::Pass);
        if let Some(use_) = self.turn().and_then(|t| t.crown)
            && cards::has(&self.player(seat).hand, Card::Destroy)
        {
            f(Action::Destroy(relic_ref(use_.user, RelicKind::Crown)));
        }
    }

    pub(crate) fn do_respond(&mut self, seat: u8, action: Action) {
        if let Action::Destroy(r) = action {
            self.destroy(seat, r);
        }
        if let Some(use_) = self.turn_mut().and_then(|t| t.crown.as_mut()) {
            use_.next = use_.next.saturating_add(1);
        }
    }

    fn apply_crown(&mut self, user: u8, target: Target) {
        let Some(effect) = self.effect(user, RelicKind::Crown) else {
            return;
        };
        match (effect, target) {
            (RelicEffect::Vitality, _) => self.start_draw(user, SIX, 0),
            (RelicEffect::Insight, _) => self.start_peek(user),
            (RelicEffect::Command, _) => self.grant_round(),
            (RelicEffect::Prosperity, Target::Seat(seat)) => {
                self.add_to_castle(seat, 1);
            }
            (RelicEffect::Corruption, Target::Relic(r)) if self.face_up(r) => {
                let now = self.turn_no;
                self.player_mut(r.seat.0).down[r.relic.index()] = Some(now);
            }
            (RelicEffect::Decay, Target::Cell(cell)) => {
                let p = self.place_mut(cell);
                if p.knights >= 2 {
                    p.knights -= 1;
                }
            }
            _ => {}
        }
    }

    // ----- Sceptres and Orbs in combat -----

    /// Whether a combatant's Relic of `kind` takes effect in this combat (if
    /// face up): Sceptres by role, Orbs by the result.
    fn applies(&self, kind: RelicKind, side: usize) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        let Some(effect) = self.effect(c.seat_of(side), kind) else {
            return false;
        };
        match effect {
            RelicEffect::Rage | RelicEffect::Wisdom => true,
            RelicEffect::Valor | RelicEffect::Influence => side == 0,
            RelicEffect::Oath | RelicEffect::Defiance => side == 1,
            e if kind == RelicKind::Orb => e.for_winner() == (usize::from(c.winner) == side),
            _ => false,
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

    fn may_respond(&self, seat: u8, targets: &[Option<RelicRef>; 2]) -> bool {
        self.may_hold_destroy(seat)
            && targets
                .iter()
                .flatten()
                .any(|r| self.opponents(seat, r.seat.0) && self.face_up(*r))
    }

    /// Combat steps 3 and 7: from the attacker clockwise, each player who
    /// may hold Destroy gets the chance to use it on a Relic about to
    /// apply; then the Relics apply.
    pub(crate) fn settle_relic_window(&mut self) -> bool {
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
            RelicKind::Orb => self.apply_orbs(),
            _ => self.apply_sceptres(),
        }
        true
    }

    pub(crate) fn relic_window_actions(&self, seat: u8, f: &mut dyn FnMut(Action)) {
        f(Action::Pass);
        if !cards::has(&self.player(seat).hand, Card::Destroy) {
            return;
        }
        for r in self
            .window_targets(self.window_kind())
            .into_iter()
            .flatten()
        {
            if self.opponents(seat, r.seat.0) && self.face_up(r) {
                f(Action::Destroy(r));
            }
        }
    }

    pub(crate) fn do_relic_window(&mut self, seat: u8, action: Action) {
        if let Action::Destroy(r) = action {
            self.destroy(seat, r);
        }
        if let Some(c) = self.combat_mut() {
            c.responder = c.responder.saturating_add(1);
        }
    }

    fn apply_sceptres(&mut self) {
        for side in 0..2 {
            let Some(c) = self.combat() else {
                return;
            };
            let seat = c.seat_of(side);
            if !self.applies(RelicKind::Sceptre, side) {
                continue;
            }
            let effect = self.effect(seat, RelicKind::Sceptre);
            let Some(c) = self.combat_mut() else {
                return;
            };
            match effect {
                Some(RelicEffect::Rage | RelicEffect::Valor | RelicEffect::Oath) => {
                    c.value[side] = c.value[side].saturating_add(1)
                }
                Some(RelicEffect::Defiance | RelicEffect::Influence) => {
                    c.value[1 - side] = c.value[1 - side].saturating_sub(1)
                }
                Some(RelicEffect::Wisdom) => {
                    c.draws_due |= 1 << side;
                    c.draw_to = SIX;
                }
                _ => {}
            }
        }
        if let Some(c) = self.combat_mut() {
            c.step = CombatStep::Conflict;
        }
    }

    fn apply_orbs(&mut self) {
        for side in 0..2 {
            if !self.applies(RelicKind::Orb, side) {
                continue;
            }
            let Some(c) = self.combat().cloned() else {
                return;
            };
            let seat = c.seat_of(side);
            match self.effect(seat, RelicKind::Orb) {
                Some(RelicEffect::Savagery) => self.lose_in_conflict(1 - side, 1),
                Some(RelicEffect::Resolve) => self.reinforce_conflict(side),
                Some(RelicEffect::Greed) => {
                    if let Some(c) = self.combat_mut() {
                        c.draws_due |= 1 << side;
                        c.draw_to = SIX;
                    }
                }
                Some(RelicEffect::Purification) => self.player_mut(seat).down = [None; 3],
                Some(RelicEffect::SelfSacrifice) => {
                    self.add_to_castle(seat, 1);
                }
                Some(RelicEffect::Revival) => {
                    if let Some(c) = self.combat_mut() {
                        c.spared = c.spared.saturating_add(1);
                    }
                }
                _ => {}
            }
        }
        if let Some(c) = self.combat_mut() {
            c.step = CombatStep::Finish;
        }
    }
}
