//! Re-dealing what one seat cannot see, for bots that reason over the
//! hidden cards and choices instead of peeking at them.

use crate::actions::KnightChoice;
use crate::content::{RANKS, rank_of};
use crate::gear::Gear;
use crate::slot::Slot;
use crate::state::{CardJoust, Phase};
use tourney_core::{GameRng, Pile, Seat};

impl CardJoust {
    pub(crate) fn determinized(&self, seat: Seat, rng: &mut GameRng) -> CardJoust {
        let mut g = *self;
        if !g.in_pass() {
            // Between passes nobody holds hidden cards, and a pile's make-up
            // follows from the open discards and the table.
            return g;
        }
        for k in 0..2 {
            let owner = g.duel.at(k).seat;
            if owner == seat {
                continue;
            }
            // Everything of the opponent's that `seat` has not seen goes back
            // into one unseen pool, and the same number of cards comes out.
            let mut unseen = g.unseen_cards(owner);
            let phase = g.phase;
            let side = g.duel.at_mut(k);
            let held = usize::from(side.hand_len);
            for card in side.hand.iter_mut().take(held) {
                *card = deal(&mut unseen, rng);
            }
            for slot in Slot::ALL {
                if !side.face_up(slot) && side.card(slot) != 0 {
                    *slot.of_mut(&mut side.slots) = deal(&mut unseen, rng);
                }
            }
            // Committed choices are hidden until both have chosen.
            if side.done {
                match phase {
                    Phase::Knights if side.choice.is_some() => {
                        side.choice = pick(rng, &[KnightChoice::Keep, KnightChoice::Replace]);
                    }
                    Phase::Aim => side.aim = pick(rng, &Slot::ALL),
                    Phase::Gear => side.gear = pick(rng, &Gear::ALL),
                    _ => {}
                }
            }
            if let Some(p) = g.player_mut(owner) {
                p.pile = unseen;
            }
        }
        g
    }
}

/// Takes a card from `pile` at random, weighted by copies left (0: empty).
fn deal(pile: &mut Pile<RANKS>, rng: &mut GameRng) -> u8 {
    pile.take_random(rng).map_or(0, rank_of)
}

fn pick<T: Copy>(rng: &mut GameRng, from: &[T]) -> Option<T> {
    let i = rng.below(from.len().max(1) as u32) as usize;
    from.get(i).copied()
}
