//! Drawing cards, Influential Person, and the known top of a deck.
//!
//! A deck is an unordered multiset plus, after the Crown of Insight, a few
//! known cards on top. Drawing takes a known top card if there is one (no
//! chance step: its owner already knows it) and otherwise asks for a chance
//! step over the cards left. An empty deck takes the shuffled discard pile.

use crate::actions::Action;
use crate::cards::{self, Card};
use crate::events::{Ev, Event};
use crate::state::{DrawJob, PEEK, Peek, State};
use tourney_core::Seat;

/// Cards Influential Person draws.
const INFLUENCE_DRAWS: u8 = 2;

impl State {
    /// `seat` draws until its hand holds `until` cards, then `extra` more.
    pub fn start_draw(&mut self, seat: Seat, until: u8, extra: u8) {
        self.draw = Some(DrawJob { seat, until, extra });
    }

    /// Moves the draw job on by one card, or finishes it. Returns false only
    /// when the next card must come from a chance step.
    pub(crate) fn step_draw(&mut self, ev: &mut Ev) -> bool {
        let Some(job) = self.draw else {
            return false;
        };
        let p = self.player_mut(job.seat);
        if job.until > 0 && p.hand.len() >= usize::from(job.until) {
            self.hand_filled(false, ev);
            return true;
        }
        if job.until == 0 && job.extra == 0 {
            self.draw = None;
            return true;
        }
        if let Some(card) = p.top[0] {
            p.top.rotate_left(1);
            p.top[PEEK - 1] = None;
            // No chance step shows this draw, so the table hears of it here.
            let seat = job.seat;
            ev.everyone(|| Event::KnownCardDrawn { seat });
            self.drawn(card, true, ev);
            return true;
        }
        if !p.deck.is_empty() {
            return false;
        }
        let persons = p.discard.count(Card::InfluentialPerson.index());
        if p.discard.len() == usize::from(persons) {
            // Nothing left to draw. (A lone Influential Person in the
            // discard pile would only draw itself again and again.)
            if job.until > 0 {
                self.hand_filled(false, ev);
            } else {
                self.draw = None;
            }
            return true;
        }
        self.reshuffle(job.seat, ev);
        true
    }

    /// The discard pile, shuffled, becomes the deck (under any known top).
    fn reshuffle(&mut self, seat: Seat, ev: &mut Ev) {
        let p = self.player_mut(seat);
        let cards = p.discard.len() as u8;
        let mut discard = p.discard;
        p.deck.absorb(&mut discard);
        p.discard = discard;
        ev.everyone(|| Event::DeckReshuffled { seat, cards });
    }

    /// The hand is full (or nothing is left to draw): Influential Persons
    /// drawn while filling it counted towards it, and now each is played
    /// for two more cards ("immediately after finishing the draw").
    /// `just_drawn`: the card that filled the hand, drawn from the deck in
    /// this step, is one of them, and is told as drawn and played.
    fn hand_filled(&mut self, just_drawn: bool, ev: &mut Ev) {
        let Some(mut job) = self.draw else {
            return;
        };
        let p = self.player_mut(job.seat);
        let persons = p.hand.count(Card::InfluentialPerson.index());
        for n in 0..persons {
            let _ = p.hand.take(Card::InfluentialPerson.index());
            p.discard.put(Card::InfluentialPerson.index());
            ev.everyone(|| Event::InfluentialPerson {
                seat: job.seat,
                draws: INFLUENCE_DRAWS,
                drawn: just_drawn && n.saturating_add(1) == persons,
            });
        }
        job.until = 0;
        job.extra = job
            .extra
            .saturating_add(persons.saturating_mul(INFLUENCE_DRAWS));
        self.draw = Some(job);
    }

    /// A card came off the deck into the drawer's hand (from a chance step
    /// or a known top card).
    pub(crate) fn drawn(&mut self, card: Card, known: bool, ev: &mut Ev) {
        let Some(mut job) = self.draw else {
            return;
        };
        let seat = job.seat;
        let p = self.player_mut(seat);
        let fills = job.until > 0 && p.hand.len().saturating_add(1) >= usize::from(job.until);
        // An Influential Person is played the moment it is drawn as an extra
        // card, or as the card that fills the hand. Drawn from the deck, the
        // chance step that drew it is told by its play alone, to everyone,
        // the drawer too; a known top card is told drawn as any other.
        let person = card == Card::InfluentialPerson;
        let told_played = person && !known && (job.until == 0 || fills);
        if !told_played {
            ev.only(seat, || Event::CardDrawn { seat, card, known });
        }
        if job.until > 0 {
            p.hand.put(card.index());
            self.draw = Some(job);
            if told_played {
                self.hand_filled(true, ev);
            }
            return;
        }
        job.extra = job.extra.saturating_sub(1);
        if person {
            p.discard.put(card.index());
            job.extra = job.extra.saturating_add(INFLUENCE_DRAWS);
            ev.everyone(|| Event::InfluentialPerson {
                seat,
                draws: INFLUENCE_DRAWS,
                drawn: told_played,
            });
        } else {
            p.hand.put(card.index());
        }
        self.draw = Some(job);
    }

    /// The chance step of a draw: the card leaves the unordered deck.
    pub(crate) fn drawn_from_deck(&mut self, card: Card, ev: &mut Ev) {
        let Some(job) = self.draw else {
            return;
        };
        if self.player_mut(job.seat).deck.take(card.index()).is_ok() {
            self.drawn(card, false, ev);
        }
    }

    /// The Crown of Insight: look at the top four cards of one's own deck.
    /// Known top cards are looked at again, with no chance step, so each is
    /// told to the owner here; the rest come from the deck.
    pub(crate) fn start_peek(&mut self, seat: Seat, ev: &mut Ev) {
        let p = self.player_mut(seat);
        let mut seen = cards::Cards::default();
        let mut known = 0u8;
        for card in p.top.iter_mut() {
            if let Some(c) = card.take() {
                seen.put(c.index());
                known = known.saturating_add(1);
                ev.only(seat, || Event::CardSeen {
                    seat,
                    card: c,
                    known: true,
                });
            }
        }
        self.peek = Some(Peek {
            seat,
            left: (PEEK as u8).saturating_sub(known),
            seen,
            order: [None; PEEK],
        });
    }

    pub(crate) fn step_peek(&mut self, ev: &mut Ev) -> bool {
        let Some(mut peek) = self.peek else {
            return false;
        };
        let p = self.player_mut(peek.seat);
        if peek.left > 0 {
            if !p.deck.is_empty() {
                return false;
            }
            if p.discard.is_empty() {
                peek.left = 0;
            } else {
                // Fewer than four cards: the shuffled discard pile goes
                // under the deck before looking.
                self.reshuffle(peek.seat, ev);
            }
            self.peek = Some(peek);
            return true;
        }
        // Nothing to choose when every card left is alike.
        if cards::kinds(&peek.seen).count() <= 1 {
            for card in Card::ALL {
                while peek.seen.take(card.index()).is_ok() {
                    push(&mut peek.order, card);
                }
            }
            let order = peek.order;
            let p = self.player_mut(peek.seat);
            // Looked-at cards go back above the rest of the deck.
            let mut top = [None; PEEK];
            for (slot, card) in top.iter_mut().zip(order.iter().flatten()) {
                *slot = Some(*card);
            }
            p.top = top;
            self.peek = None;
            let seat = peek.seat;
            let cards = order.iter().flatten().count() as u8;
            if cards > 0 {
                ev.only(seat, || Event::DeckTopSet {
                    seat,
                    cards: order.iter().flatten().copied().collect(),
                });
                ev.others(seat, || Event::DeckTopPutBack { seat, cards });
            }
            return true;
        }
        false
    }

    pub(crate) fn peeked(&mut self, card: Card, ev: &mut Ev) {
        let Some(mut peek) = self.peek else {
            return;
        };
        if self.player_mut(peek.seat).deck.take(card.index()).is_ok() {
            let seat = peek.seat;
            ev.only(seat, || Event::CardSeen {
                seat,
                card,
                known: false,
            });
            peek.seen.put(card.index());
            peek.left = peek.left.saturating_sub(1);
            self.peek = Some(peek);
        }
    }

    pub(crate) fn order_actions(&self, _seat: Seat, f: &mut dyn FnMut(Action)) {
        if let Some(peek) = &self.peek {
            cards::kinds(&peek.seen).for_each(|c| f(Action::Top(c)));
        }
    }

    pub(crate) fn do_order(&mut self, _seat: Seat, action: Action) {
        if let (Some(mut peek), Action::Top(card)) = (self.peek, action)
            && peek.seen.take(card.index()).is_ok()
        {
            push(&mut peek.order, card);
            self.peek = Some(peek);
        }
    }
}

fn push(order: &mut [Option<Card>; PEEK], card: Card) {
    if let Some(slot) = order.iter_mut().find(|c| c.is_none()) {
        *slot = Some(card);
    }
}
