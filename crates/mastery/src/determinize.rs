//! Re-dealing what one seat cannot see, for bots that must not peek.
//!
//! For every other player, the cards nobody but they could know about — hand,
//! deck, known deck top, cards being looked at, a face-down Conflict card —
//! form one pool. It is dealt again at random into the same places with the
//! same sizes, keeping what the table knows: a face-down Conflict card is a
//! Conflict card; a hand never holds an Influential Person (it is played the
//! moment it is drawn) unless its owner is still filling the hand; a player
//! who put no Conflict card down holds none while that combat lasts.

use crate::cards::{Card, Cards};
use crate::game::Mastery;
use crate::state::{CombatStep, Commit, PEEK, State, of_side, of_side_mut};
use tourney_core::{GameRng, Seat};

/// Takes one card at random (weighted by copies) among those `allow` accepts.
fn take_random(pool: &mut Cards, rng: &mut GameRng, allow: impl Fn(Card) -> bool) -> Option<Card> {
    let weight = |c: Card| {
        if allow(c) {
            u32::from(pool.count(c.index()))
        } else {
            0
        }
    };
    let total: u32 = Card::ALL.iter().map(|&c| weight(c)).sum();
    let card = if total == 0 {
        // Should not happen for states the rules reach; stay total anyway.
        Card::ALL.into_iter().find(|c| pool.count(c.index()) > 0)?
    } else {
        let mut ticket = rng.below(total);
        let mut chosen = None;
        for c in Card::ALL {
            let w = weight(c);
            if ticket < w {
                chosen = Some(c);
                break;
            }
            ticket = ticket.saturating_sub(w);
        }
        chosen?
    };
    pool.take(card.index()).ok()?;
    Some(card)
}

impl State {
    /// A copy of the state with everything `seat` cannot see re-dealt,
    /// as a game again (a re-deal keeps every count, so it stays valid).
    pub fn determinized(&self, seat: Seat, rng: &mut GameRng) -> Mastery {
        let mut state = self.clone();
        for other in self.table_seats().filter(|&o| o != seat) {
            state.redeal(other, rng);
        }
        Mastery(state)
    }

    fn redeal(&mut self, seat: Seat, rng: &mut GameRng) {
        let p = self.player(seat).clone();
        let mut pool = p.hand;
        pool.absorb(&mut p.deck.clone());
        for card in p.top.iter().flatten() {
            pool.put(card.index());
        }
        let mut peek = self.peek.filter(|k| k.seat == seat);
        if let Some(k) = &peek {
            pool.absorb(&mut k.seen.clone());
            for card in k.order.iter().flatten() {
                pool.put(card.index());
            }
        }
        // This seat's face-down Conflict card, if it has one not yet revealed.
        let combat = self.combat().cloned();
        let hidden_side = combat.as_ref().and_then(|c| {
            let side = [0, 1].into_iter().find(|&s| c.seat_of(s) == seat)?;
            let face_down = matches!(
                c.step,
                CombatStep::Window | CombatStep::Sceptres | CombatStep::Conflict
            );
            match *of_side(&c.commit, side) {
                Commit::Card(card) if face_down => {
                    pool.put(card.index());
                    Some(side)
                }
                _ => None,
            }
        });
        let no_conflict = combat.as_ref().is_some_and(|c| {
            let before_orbs = matches!(
                c.step,
                CombatStep::Conflict | CombatStep::Ambush | CombatStep::Support
            );
            let nothing =
                |(s, commit): (usize, &Commit)| c.seat_of(s) == seat && *commit == Commit::Nothing;
            before_orbs && c.commit.iter().enumerate().any(nothing)
        });
        let filling = self.draw.is_some_and(|d| d.seat == seat && d.until > 0);

        let commit = hidden_side.and_then(|_| take_random(&mut pool, rng, Card::is_conflict));
        let mut hand = Cards::default();
        for _ in 0..p.hand.len() {
            let allow = |c: Card| {
                (filling || c != Card::InfluentialPerson) && !(no_conflict && c.is_conflict())
            };
            if let Some(card) = take_random(&mut pool, rng, allow) {
                hand.put(card.index());
            }
        }
        if let Some(k) = &mut peek {
            let mut seen = Cards::default();
            for _ in 0..k.seen.len() {
                if let Some(card) = take_random(&mut pool, rng, |_| true) {
                    seen.put(card.index());
                }
            }
            k.seen = seen;
            for slot in k.order.iter_mut().filter(|c| c.is_some()) {
                *slot = take_random(&mut pool, rng, |_| true);
            }
        }
        let mut top = [None; PEEK];
        for (slot, old) in top.iter_mut().zip(p.top.iter()) {
            if old.is_some() {
                *slot = take_random(&mut pool, rng, |_| true);
            }
        }
        let player = self.player_mut(seat);
        player.hand = hand;
        player.top = top;
        player.deck = pool;
        if peek.is_some() {
            self.peek = peek;
        }
        if let (Some(side), Some(card)) = (hidden_side, commit)
            && let Some(c) = self.combat_mut()
        {
            *of_side_mut(&mut c.commit, side) = Commit::Card(card);
        }
    }
}
