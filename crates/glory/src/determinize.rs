//! Re-dealing what a seat cannot see: the other players' hidden Journey
//! cards (keeping how many of each type they hold and the cards everyone
//! has seen) and their personal objectives and title draws, from the cards
//! that seat has not seen. Decks are never ordered, so they need no
//! shuffling: they simply hold what is left.

use crate::content::{JOURNEY, JOURNEY_KINDS};
use crate::state::Glory;
use tourney_core::{GameRng, Seat, Weight};

impl Glory {
    pub(crate) fn determinized(&self, seat: Seat, rng: &mut GameRng) -> Glory {
        let mut g = self.clone();
        let others: Vec<Seat> = self.ids().filter(|&p| p != seat).collect();
        // Journey cards: per type, the deck plus the others' unseen cards.
        let mut hidden = [[0u8; 3]; 4];
        for &p in &others {
            let pl = &mut g.players[p.index()];
            for k in 0..JOURNEY_KINDS {
                let unseen = pl.hand.count(k).saturating_sub(pl.known.count(k));
                for _ in 0..unseen {
                    let _ = pl.hand.take(k);
                    g.board.deck.put(k);
                    let h = &mut hidden[p.index()][JOURNEY[k].kind.index()];
                    *h = h.saturating_add(1);
                }
            }
        }
        let mut items = [(0u8, 0 as Weight); JOURNEY_KINDS];
        for &p in &others {
            for (t, &count) in hidden[p.index()].iter().enumerate() {
                for _ in 0..count {
                    for (k, item) in items.iter_mut().enumerate() {
                        let same = JOURNEY[k].kind.index() == t;
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
                        g.players[p.index()].hand.put(i);
                    }
                }
            }
        }
        // Titles: the deck plus the others' objectives and draws.
        let open = self.config.open_objectives;
        let mut counts = [[0u8; 2]; 4];
        for &p in &others {
            let pl = &mut g.players[p.index()];
            let mut offer = std::mem::take(&mut pl.offer);
            counts[p.index()][1] = offer.len() as u8;
            g.board.title_deck.absorb(&mut offer);
            if !open {
                let mut titles = std::mem::take(&mut pl.titles);
                counts[p.index()][0] = titles.len() as u8;
                g.board.title_deck.absorb(&mut titles);
            }
        }
        let mut titles = [(0u8, 0 as Weight); 14];
        for &p in &others {
            for (zone, &count) in counts[p.index()].iter().enumerate() {
                for _ in 0..count {
                    for (t, item) in titles.iter_mut().enumerate() {
                        *item = (t as u8, Weight::from(g.board.title_deck.count(t)));
                    }
                    if let Some(t) = rng.pick_weighted(&titles)
                        && g.board.title_deck.take(t).is_ok()
                    {
                        let pl = &mut g.players[p.index()];
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
