//! The title deck and its face-up discard pile.
//!
//! Titles leave a player's hand three ways. At setup the unkept ones go
//! back into the deck (setup step 7). In play, New Objective and The Quest
//! discard the unkept ones face up onto one discard pile, and so does
//! Otto's New Objective. When a title is to be drawn and the deck is empty,
//! the pile is shuffled to form the new deck (Points to Remember 11). The
//! deck is an unordered pile, so the shuffle is a move of the whole pile;
//! each title drawn from it afterwards is the chance step.

use crate::content::title_name;
use crate::events::{Event, Sink};
use crate::state::{Glory, Stage, Task};
use tourney_core::Seat;

impl Glory {
    /// Titles that can still be drawn: the deck, and the discard pile that
    /// becomes the deck when the deck runs out.
    pub(crate) fn titles_to_draw(&self) -> usize {
        (self.board.title_deck.len()).saturating_add(self.board.title_discards.len())
    }

    /// The titles `p` drew and did not keep leave their hand: into the
    /// deck during setup, onto the discard pile in play.
    pub(crate) fn put_back_offer(&mut self, p: Seat, ev: &mut Sink) {
        if matches!(self.stage, Stage::Setup(_)) {
            self.return_offer(p, ev);
        } else {
            self.discard_offer(p, ev);
        }
    }

    /// Setup step 7: unkept titles go back into the deck, which is
    /// shuffled.
    fn return_offer(&mut self, p: Seat, ev: &mut Sink) {
        if let Some(pl) = self.players.get_mut(p.index()) {
            let mut offer = std::mem::take(&mut pl.offer);
            let count = offer.len().min(255) as u8;
            self.board.title_deck.absorb(&mut offer);
            if count > 0 {
                ev.everyone(|| Event::TitlesReturned { player: p, count });
            }
        }
    }

    /// New Objective and The Quest: every unkept title goes face up onto
    /// the discard pile, for everyone to see.
    fn discard_offer(&mut self, p: Seat, ev: &mut Sink) {
        let Some(pl) = self.players.get_mut(p.index()) else {
            return;
        };
        let offer = std::mem::take(&mut pl.offer);
        for t in 0..offer.counts().len() {
            for _ in 0..offer.count(t) {
                self.discard_title(p, t as u8, ev);
            }
        }
    }

    /// One title face up onto the discard pile.
    pub(crate) fn discard_title(&mut self, p: Seat, t: u8, ev: &mut Sink) {
        self.board.title_discards.put(usize::from(t));
        ev.everyone(|| Event::TitleDiscarded {
            player: p,
            who: self.player_name(p),
            title: t,
            name: title_name(t).to_string(),
        });
    }

    /// A title is about to be drawn: if the deck is empty, the discard
    /// pile is shuffled to form the new deck.
    pub(crate) fn refill_title_deck(&mut self, ev: &mut Sink) {
        let drawing = matches!(
            self.task,
            Task::Titles { count: 1.., .. } | Task::OttoObjective { left: 1.. }
        );
        if !drawing || !self.board.title_deck.is_empty() || self.board.title_discards.is_empty() {
            return;
        }
        let count = self.board.title_discards.len().min(255) as u8;
        let mut pile = std::mem::take(&mut self.board.title_discards);
        self.board.title_deck.absorb(&mut pile);
        ev.everyone(|| Event::TitleDeckReshuffled { count });
    }
}
