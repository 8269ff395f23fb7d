//! Re-dealing what a seat cannot see: the other players' hidden Journey
//! cards (keeping how many of each type they hold and the cards everyone
//! has seen) and their personal objectives and title draws, from the cards
//! that seat has not seen. Decks are never ordered, so they need no
//! shuffling: they simply hold what is left.

use crate::content::{JOURNEY, JOURNEY_KINDS};
use crate::state::{Glory, MAX_PLAYERS, Stage};
use tourney_core::{GameRng, Seat, Weight};

impl Glory {
    pub(crate) fn determinized(&self, seat: Seat, rng: &mut GameRng) -> Glory {
        let mut g = self.clone();
        let n = usize::from(self.n());
        let hidden_from_seat = |p: usize| p < n && p != seat.index();
        // Journey cards: per type, the deck plus the others' unseen cards.
        let mut hidden = [[0u8; 3]; MAX_PLAYERS];
        for (p, (pl, hidden)) in g.players.iter_mut().zip(&mut hidden).enumerate() {
            if !hidden_from_seat(p) {
                continue;
            }
            for (k, card) in JOURNEY.iter().enumerate() {
                let unseen = pl.hand.count(k).saturating_sub(pl.known.count(k));
                for _ in 0..unseen {
                    let _ = pl.hand.take(k);
                    g.board.deck.put(k);
                    if let Some(h) = hidden.get_mut(card.kind.index()) {
                        *h = h.saturating_add(1);
                    }
                }
            }
        }
        let mut items = [(0u8, 0 as Weight); JOURNEY_KINDS];
        for (p, (pl, hidden)) in g.players.iter_mut().zip(&hidden).enumerate() {
            if !hidden_from_seat(p) {
                continue;
            }
            for (t, &count) in hidden.iter().enumerate() {
                for _ in 0..count {
                    for ((k, item), card) in items.iter_mut().enumerate().zip(&JOURNEY) {
                        let same = card.kind.index() == t;
                        *item = (
                            k as u8,
                            if same {
                                Weight::from(g.board.deck.count(k))
                            } else {
                                0
                            },
                        );
                    }
                    if let Some(i) = rng.pick_weighted(&items)
                        && g.board.deck.take(i).is_ok()
                    {
                        pl.hand.put(i);
                    }
                }
            }
        }
        // Titles: the deck plus the others' objectives and draws. Open
        // objectives stay, and so does everyone's once the game is over:
        // the final scoring shows them all (see the view).
        let open = self.config.open_objectives || matches!(self.stage, Stage::Over { .. });
        let mut counts = [[0u8; 2]; MAX_PLAYERS];
        for (p, (pl, [objectives, drawn])) in g.players.iter_mut().zip(&mut counts).enumerate() {
            if !hidden_from_seat(p) {
                continue;
            }
            let mut offer = std::mem::take(&mut pl.offer);
            *drawn = offer.len() as u8;
            g.board.title_deck.absorb(&mut offer);
            if !open {
                let mut titles = std::mem::take(&mut pl.titles);
                *objectives = titles.len() as u8;
                g.board.title_deck.absorb(&mut titles);
            }
        }
        let mut titles = [(0u8, 0 as Weight); 14];
        for (p, (pl, counts)) in g.players.iter_mut().zip(&counts).enumerate() {
            if !hidden_from_seat(p) {
                continue;
            }
            for (zone, &count) in counts.iter().enumerate() {
                for _ in 0..count {
                    for (t, item) in titles.iter_mut().enumerate() {
                        *item = (t as u8, Weight::from(g.board.title_deck.count(t)));
                    }
                    if let Some(t) = rng.pick_weighted(&titles)
                        && g.board.title_deck.take(t).is_ok()
                    {
                        if zone == 0 {
                            pl.titles.put(t);
                        } else {
                            pl.offer.put(t);
                        }
                    }
                }
            }
        }
        g
    }
}
