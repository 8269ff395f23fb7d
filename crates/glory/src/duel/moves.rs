//! What a player may do at each step of a duel, and what it does.

use super::{COLOURS, Duel, DuelStep, on_side_mut, other_side};
use crate::actions::{Action, Colour};
use crate::content::{BLACK, RED, Relic, Support, Timing, WHITE};
use crate::events::{Event, Sink, Tool};
use crate::state::{Glory, NONE};
use tourney_core::Seat;

impl Glory {
    /// Whether side `s` has anything to decide at the current step; a side
    /// with nothing to use is skipped without asking.
    pub(crate) fn can_act(&self, d: &Duel, s: u8) -> bool {
        let mut any = false;
        self.duel_choices(d, s, &mut |a| any |= a != Action::Pass);
        any
    }

    /// A tent or lance support `s` could use now.
    fn support_usable(&self, d: &Duel, side: u8, k: Support) -> bool {
        let Some(x) = d.side(side) else {
            return false;
        };
        let Some(pl) = x.fighter.player().and_then(|p| self.player(p)) else {
            return false;
        };
        if pl.active(k) == 0 {
            return false;
        }
        match k {
            Support::Hermit => pl.used_relics.iter().any(|&u| u > 0),
            Support::LadyInWaiting => pl.inactive_supports().next().is_some(),
            Support::Herald => pl.flipped != 0,
            Support::Rogue | Support::Witch => pl.glory > 0,
            Support::Squire => x.has_die(BLACK),
            Support::WeaponsMaster => x.has_die(RED),
            Support::Armorer => x.has_die(WHITE),
            _ => true,
        }
    }

    fn relic_usable(&self, d: &Duel, side: u8, r: Relic) -> bool {
        let Some(x) = d.side(side) else {
            return false;
        };
        let Some(pl) = x.fighter.player().and_then(|p| self.player(p)) else {
            return false;
        };
        pl.active_relic(r) > 0
            && match r {
                Relic::Ring => x.dice_in_play() > 0,
                Relic::Rosary => x.has_die(WHITE),
                _ => true,
            }
    }

    /// Every action side `s` may take at the current step (with `Pass`
    /// where declining is allowed).
    pub(crate) fn duel_choices(&self, d: &Duel, s: u8, out: &mut dyn FnMut(Action)) {
        let Some(x) = d.side(s) else {
            return;
        };
        let Some(p) = x.fighter.player() else {
            return;
        };
        let Some(pl) = self.player(p) else {
            return;
        };
        match d.step {
            DuelStep::Tent | DuelStep::Lance { .. } => {
                let timing = if d.step == DuelStep::Tent {
                    Timing::Tent
                } else {
                    Timing::Lance
                };
                for k in Support::ALL {
                    if k.timing() == timing && self.support_usable(d, s, k) {
                        out(Action::Use(k));
                    }
                }
                out(Action::Pass);
            }
            DuelStep::Wake { relic: true } => {
                for r in Relic::ALL {
                    if pl.active_relic(r) < pl.owned_relic(r) {
                        out(Action::ReactivateRelic(r));
                    }
                }
            }
            DuelStep::Wake { relic: false } => {
                for k in pl.inactive_supports() {
                    // The Lady-in-Waiting just used cannot wake herself.
                    let just_used = u8::from(k == Support::LadyInWaiting);
                    if pl.owned(k).saturating_sub(pl.active(k)) > just_used {
                        out(Action::ReactivateSupport(k));
                    }
                }
            }
            DuelStep::Strength => {
                let most = 4u8.saturating_sub(x.tokens).min(pl.strength);
                if most > 0 {
                    for n in 0..=most {
                        out(Action::Strength(n));
                    }
                }
            }
            DuelStep::Faith => {
                if !x.faith_used && pl.faith > 0 && x.dice_in_play() > 0 {
                    out(Action::Faith);
                    out(Action::Pass);
                }
            }
            DuelStep::Pick { .. } => {
                let picked = d.picked.count_ones() as u8;
                if picked < d.limit {
                    for c in Colour::ALL {
                        let mut seen = 0u8;
                        for i in x.slots(c.index()) {
                            let face = x.dice.get(i).copied().unwrap_or(NONE);
                            if d.picked & (1 << i) == 0 && face < 6 && seen & (1 << face) == 0 {
                                seen |= 1 << face;
                                out(Action::Reroll { colour: c, face });
                            }
                        }
                    }
                }
                if picked > 0 {
                    out(Action::Roll);
                }
            }
            DuelStep::Relic => {
                if !x.relic_used {
                    for r in Relic::ALL {
                        if self.relic_usable(d, s, r) {
                            out(Action::Relic(r));
                        }
                    }
                    out(Action::Pass);
                }
            }
            DuelStep::Recover { relic: false } => {
                for k in self.recoverable_supports(d, p) {
                    out(Action::ReactivateSupport(k));
                }
            }
            DuelStep::Recover { relic: true } => {
                for r in self.recoverable_relics(d, p) {
                    out(Action::ReactivateRelic(r));
                }
            }
            DuelStep::Roll | DuelStep::Reroll { .. } | DuelStep::Resolve | DuelStep::Done => {}
        }
    }

    /// Carries out a duel action already known to be legal.
    pub(crate) fn duel_action(&mut self, action: Action, ev: &mut Sink) {
        let Some(mut d) = self.duel else {
            return;
        };
        let Some(s) = d.acting() else {
            return;
        };
        let Some(p) = d.side(s).and_then(|x| x.fighter.player()) else {
            return;
        };
        let me = s.min(1);
        let them = other_side(me);
        match (d.step, action) {
            (DuelStep::Recover { relic }, Action::ReactivateSupport(k)) if !relic => {
                if let Some(pl) = self.player_mut(p) {
                    pl.reactivate_support(k);
                }
                ev.everyone(|| Event::recovered_item(p, Some(k), None, true));
                d.step = self.recovery_step(&mut d, true, ev);
            }
            (DuelStep::Recover { .. }, Action::ReactivateRelic(r)) => {
                if let Some(pl) = self.player_mut(p) {
                    pl.reactivate_relic(r);
                }
                ev.everyone(|| Event::recovered_item(p, None, Some(r), true));
                d.step = DuelStep::Done;
            }
            (DuelStep::Wake { .. }, Action::ReactivateSupport(k)) => {
                if let Some(pl) = self.player_mut(p) {
                    pl.reactivate_support(k);
                }
                d.step = DuelStep::Tent;
                d.pos = d.pos.saturating_add(1);
            }
            (DuelStep::Wake { .. }, Action::ReactivateRelic(r)) => {
                if let Some(pl) = self.player_mut(p) {
                    pl.reactivate_relic(r);
                }
                d.step = DuelStep::Tent;
                d.pos = d.pos.saturating_add(1);
            }
            (_, Action::Pass) => d.pos = d.pos.saturating_add(1),
            (DuelStep::Tent, Action::Use(k)) => {
                self.spend_support(&mut d, me, p, k);
                let costs_glory = k == Support::Rogue;
                match k {
                    Support::Hermit => d.step = DuelStep::Wake { relic: true },
                    Support::LadyInWaiting => d.step = DuelStep::Wake { relic: false },
                    _ => {
                        match k {
                            Support::Herald => {
                                if let Some(pl) = self.player_mut(p) {
                                    pl.unflip_prestige(u8::MAX);
                                }
                            }
                            Support::Rogue => {
                                if let Some(pl) = self.player_mut(p) {
                                    pl.lose_glory(1);
                                    pl.rogue_used = true;
                                }
                                let foe = d.at_mut(them);
                                foe.attack_mod = foe.attack_mod.saturating_sub(1);
                            }
                            Support::Jester => {
                                let foe = d.at_mut(them);
                                foe.prestige_mod = foe.prestige_mod.saturating_sub(2);
                            }
                            Support::Cook => {
                                let side = d.at_mut(me);
                                side.attack_mod = side.attack_mod.saturating_add(1);
                            }
                            _ => {}
                        }
                        d.pos = d.pos.saturating_add(1);
                    }
                }
                self.tell_used(&d, s, Tool::Support(k), costs_glory, ev);
            }
            (DuelStep::Lance { .. }, Action::Use(k)) => {
                self.spend_support(&mut d, me, p, k);
                match k {
                    Support::Veteran => {
                        let side = d.at_mut(me);
                        side.attack_mod = side.attack_mod.saturating_add(1);
                    }
                    Support::Squire => d.at_mut(me).turn_die(BLACK),
                    Support::WeaponsMaster => d.at_mut(me).turn_die(RED),
                    Support::Armorer => d.at_mut(me).turn_die(WHITE),
                    Support::Witch => {
                        if let Some(pl) = self.player_mut(p) {
                            pl.lose_glory(1);
                        }
                        let foe = d.at_mut(them);
                        foe.attack_mod = foe.attack_mod.saturating_sub(1);
                    }
                    _ => {}
                }
                d.pos = d.pos.saturating_add(1);
                self.tell_used(&d, s, Tool::Support(k), k == Support::Witch, ev);
            }
            (DuelStep::Strength, Action::Strength(n)) => {
                if let Some(pl) = self.player_mut(p) {
                    pl.strength = pl.strength.saturating_sub(n);
                }
                let side = d.at_mut(me);
                side.tokens = side.tokens.saturating_add(n);
                d.pos = d.pos.saturating_add(1);
            }
            (DuelStep::Faith, Action::Faith) => {
                let limit = self.player_mut(p).map_or(2, |pl| {
                    pl.faith = pl.faith.saturating_sub(1);
                    2u8.saturating_add(pl.owned(Support::Sister))
                        .saturating_add(pl.owned(Support::Bishop).saturating_mul(2))
                });
                let side = d.at_mut(me);
                side.faith_used = true;
                side.faith_spent = side.faith_spent.saturating_add(1);
                d.picked = 0;
                d.limit = limit;
                d.step = DuelStep::Pick { ring: false };
            }
            (DuelStep::Pick { .. }, Action::Reroll { colour, face }) => {
                let side = d.at(me);
                let slot = side
                    .slots(colour.index())
                    .find(|&i| d.picked & (1 << i) == 0 && side.dice.get(i).copied() == Some(face));
                if let Some(i) = slot {
                    d.picked |= 1 << i;
                }
            }
            (DuelStep::Pick { ring }, Action::Roll) => {
                let picked = d.picked;
                for (i, die) in d.at_mut(me).dice.iter_mut().enumerate() {
                    if picked & (1 << i) != 0 {
                        *die = NONE;
                    }
                }
                *on_side_mut(&mut d.to_roll, me) = d.picked;
                d.picked = 0;
                d.step = DuelStep::Reroll { ring };
            }
            (DuelStep::Relic, Action::Relic(r)) => {
                if let Some(pl) = self.player_mut(p) {
                    pl.use_relic(r);
                }
                let side = d.at_mut(me);
                side.relic_used = true;
                if let Some(c) = side.spent_relics.get_mut(r.index()) {
                    *c = c.saturating_add(1);
                }
                match r {
                    Relic::Medallion => side.attack_mod = side.attack_mod.saturating_add(1),
                    Relic::Amulet => side.attack_mod = side.attack_mod.saturating_add(2),
                    Relic::Rosary => side.turn_die(WHITE),
                    Relic::Ring => {
                        d.picked = 0;
                        d.limit = 4;
                        d.step = DuelStep::Pick { ring: true };
                    }
                }
                if d.step == DuelStep::Relic {
                    d.pos = d.pos.saturating_add(1);
                }
                self.tell_used(&d, s, Tool::Relic(r), false, ev);
            }
            _ => {}
        }
        self.duel = Some(d);
        self.run_duel(ev);
    }

    fn spend_support(&mut self, d: &mut Duel, side: u8, p: Seat, k: Support) {
        if let Some(pl) = self.player_mut(p) {
            pl.use_support(k);
        }
        if let Some(c) = d.at_mut(side).spent.get_mut(k.index()) {
            *c = c.saturating_add(1);
        }
    }

    /// A die came up `face`.
    pub(crate) fn duel_die(&mut self, face: u8, ev: &mut Sink) {
        let Some(mut d) = self.duel else {
            return;
        };
        let Some((s, slot)) = d.next_die() else {
            return;
        };
        let side = d.at_mut(s);
        if slot == 9 {
            side.knight_die = face;
        } else if let Some(f) = side.dice.get_mut(usize::from(slot)) {
            *f = face;
        }
        let to_roll = on_side_mut(&mut d.to_roll, s);
        *to_roll &= !(1u16 << slot);
        if *to_roll == 0 {
            ev.everyone(|| self.rolled(&d, s));
        }
        self.duel = Some(d);
        self.run_duel(ev);
    }
}

/// The colour index of a die slot (9: a knight's white die).
pub(crate) fn slot_colour(slot: u8) -> usize {
    if slot >= 9 {
        WHITE
    } else {
        COLOURS.get(usize::from(slot / 3)).copied().unwrap_or(WHITE)
    }
}
