//! What a player owns and how it changes hands: resources, supports, relics,
//! prestige and the rewards of cards, trophies and events.

use crate::content::{JourneyType, Prestige, Relic, Reward, SCROLL, Support, Timing};
use crate::state::{Glory, Player, Task};
use tourney_core::Seat;

impl Player {
    /// Copies of support `s` the player has, active or flipped.
    pub fn owned(&self, s: Support) -> u8 {
        self.supports.get(s.index()).copied().unwrap_or(0)
    }

    /// Copies of `s` still on their active side.
    pub fn active(&self, s: Support) -> u8 {
        let i = s.index();
        let owned = self.supports.get(i).copied().unwrap_or(0);
        owned.saturating_sub(self.used.get(i).copied().unwrap_or(0))
    }

    /// Copies of relic `r` the player has, active or flipped.
    pub fn owned_relic(&self, r: Relic) -> u8 {
        self.relics.get(r.index()).copied().unwrap_or(0)
    }

    /// Copies of relic `r` still on their active side.
    pub fn active_relic(&self, r: Relic) -> u8 {
        let i = r.index();
        let owned = self.relics.get(i).copied().unwrap_or(0);
        owned.saturating_sub(self.used_relics.get(i).copied().unwrap_or(0))
    }

    /// Prestige tokens owned, active or not (the end-game tiebreak and the
    /// Prestigious title count these).
    pub fn prestige_tokens(&self) -> u8 {
        self.prestige.count_ones() as u8
    }

    /// Prestige tokens not flipped: the prestige a duel counts.
    pub fn active_prestige(&self) -> u8 {
        (self.prestige & !self.flipped).count_ones() as u8
    }

    /// Support tiles owned in all, for the titles that count supports.
    pub fn support_tiles(&self) -> u32 {
        self.supports.iter().map(|&c| u32::from(c)).sum()
    }

    /// Relic tiles owned in all, for the titles that count relics.
    pub fn relic_tiles(&self) -> u32 {
        self.relics.iter().map(|&c| u32::from(c)).sum()
    }

    /// Adds `n` glory points (the track cannot overflow).
    pub fn gain_glory(&mut self, n: u16) {
        self.glory = self.glory.saturating_add(n);
    }

    /// Takes `n` glory points away, never below zero.
    pub fn lose_glory(&mut self, n: u16) {
        self.glory = self.glory.saturating_sub(n);
    }

    /// Flips one active prestige token (the lowest type); returns its bit.
    pub fn flip_prestige(&mut self) -> u8 {
        let active = self.prestige & !self.flipped;
        let bit = active & active.wrapping_neg();
        self.flipped |= bit;
        bit
    }

    /// Flips one inactive prestige token of `among` back; returns its bit.
    pub fn unflip_prestige(&mut self, among: u8) -> u8 {
        let down = self.flipped & among;
        let bit = down & down.wrapping_neg();
        self.flipped &= !bit;
        bit
    }

    /// Counts a Journey card of `kind` laid on the personal discard pile.
    pub fn discard_played(&mut self, kind: JourneyType) {
        if let Some(c) = self.played.get_mut(kind.index()) {
            *c = c.saturating_add(1);
        }
    }

    /// Flips one copy of `s` to its inactive side (used in a duel).
    pub fn use_support(&mut self, s: Support) {
        if let Some(u) = self.used.get_mut(s.index()) {
            *u = u.saturating_add(1);
        }
    }

    /// Flips one used copy of `s` back to its active side.
    pub fn reactivate_support(&mut self, s: Support) {
        if let Some(u) = self.used.get_mut(s.index()) {
            *u = u.saturating_sub(1);
        }
    }

    /// Flips one copy of relic `r` to its inactive side.
    pub fn use_relic(&mut self, r: Relic) {
        if let Some(u) = self.used_relics.get_mut(r.index()) {
            *u = u.saturating_add(1);
        }
    }

    /// Flips one used copy of relic `r` back to its active side.
    pub fn reactivate_relic(&mut self, r: Relic) {
        if let Some(u) = self.used_relics.get_mut(r.index()) {
            *u = u.saturating_sub(1);
        }
    }

    /// Supports that are flipped and could be flipped back (tent and lance
    /// supports are the only ones ever flipped).
    pub fn inactive_supports(&self) -> impl Iterator<Item = Support> + '_ {
        Support::ALL
            .into_iter()
            .filter(|&s| self.owned(s) > self.active(s))
    }

    /// Everything flips back to its active side (maintenance).
    pub fn refresh(&mut self) {
        self.used = [0; 22];
        self.used_relics = [0; 4];
        self.flipped = 0;
    }

    /// Diplomats owned: each takes a coin off every Market and support
    /// price.
    pub fn diplomats(&self) -> u8 {
        self.owned(Support::Diplomat)
    }
}

impl Glory {
    /// A new support tile for `p`; one-time supports pay out at once.
    pub(crate) fn gain_support(&mut self, p: Seat, s: Support) {
        let Some(pl) = self.player_mut(p) else {
            return;
        };
        if let Some(c) = pl.supports.get_mut(s.index()) {
            *c = c.saturating_add(1);
        }
        if s.timing() != Timing::OneTime {
            return;
        }
        match s {
            Support::Minstrel => pl.gain_glory(4),
            Support::Lady => pl.gain_glory(5),
            Support::Moneylender => {
                pl.coins = pl.coins.saturating_add(6);
                pl.lose_glory(2);
            }
            Support::King => self.gain_prestige(p, Prestige::Royal),
            Support::Vassal => self.gain_prestige(p, Prestige::Overlord),
            _ => {}
        }
    }

    /// A Prestige token from the supply, unless the player has that type
    /// already or the supply has none left.
    pub(crate) fn gain_prestige(&mut self, p: Seat, t: Prestige) {
        if !self.can_gain_prestige(p, t) {
            return;
        }
        if let Some(left) = self.board.prestige.get_mut(t as usize) {
            *left = left.saturating_sub(1);
        }
        if let Some(pl) = self.player_mut(p) {
            pl.prestige |= t.bit();
        }
    }

    pub(crate) fn can_gain_prestige(&self, p: Seat, t: Prestige) -> bool {
        let supply = self.board.prestige.get(t as usize).copied().unwrap_or(0);
        self.player(p).is_some_and(|pl| pl.prestige & t.bit() == 0) && supply > 0
    }

    pub(crate) fn gain_relic(&mut self, p: Seat, r: Relic) {
        let Some(left) = self.board.relics.get_mut(r.index()) else {
            return;
        };
        if *left == 0 {
            return;
        }
        *left = left.saturating_sub(1);
        if let Some(c) = self
            .player_mut(p)
            .and_then(|pl| pl.relics.get_mut(r.index()))
        {
            *c = c.saturating_add(1);
        }
    }

    /// Whether `p` would receive anything from `r`: a reward a player can
    /// take nothing of cannot be chosen (prestige already held, an upgrade
    /// that would skip a level, an empty supply).
    pub(crate) fn reward_viable(&self, p: Seat, r: &Reward) -> bool {
        let Some(pl) = self.player(p) else {
            return false;
        };
        r.coins > 0
            || r.glory > 0
            || r.faith > 0
            || r.strength > 0
            || r.prestige.is_some_and(|t| self.can_gain_prestige(p, t))
            || r.relic
                .is_some_and(|k| self.board.relics.get(k.index()).is_some_and(|&c| c > 0))
            || r.support
                .is_some_and(|s| self.board.stacks[SCROLL].count(s.index()) > 0)
            || (r.mount > 0 && pl.mount.saturating_add(1) == r.mount)
            || (r.armor > 0 && pl.armor.saturating_add(1) == r.armor)
            || (r.titles > 0 && self.titles_to_draw() > 0)
    }

    /// Pays out `r` to `p`: whatever of it can be taken. A title draw
    /// becomes the pending task.
    pub(crate) fn apply_reward(&mut self, p: Seat, r: &Reward) {
        if let Some(pl) = self.player_mut(p) {
            pl.coins = pl.coins.saturating_add(r.coins);
            pl.gain_glory(u16::from(r.glory));
            pl.faith = pl.faith.saturating_add(r.faith);
            pl.strength = pl.strength.saturating_add(r.strength);
            if r.mount > 0 && pl.mount.saturating_add(1) == r.mount {
                pl.mount = r.mount;
            }
            if r.armor > 0 && pl.armor.saturating_add(1) == r.armor {
                pl.armor = r.armor;
            }
        }
        if let Some(t) = r.prestige {
            self.gain_prestige(p, t);
        }
        if let Some(k) = r.relic {
            self.gain_relic(p, k);
        }
        if let Some(s) = r.support
            && self.board.stacks[SCROLL].take(s.index()).is_ok()
        {
            self.gain_support(p, s);
        }
        if r.titles > 0 && self.titles_to_draw() > 0 {
            self.task = Task::Titles {
                player: p,
                count: r.titles,
                keep: 1,
            };
        }
    }
}
