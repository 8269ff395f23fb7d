//! The ladies' favours at the start of each day.
//!
//! In seat order from the day's starting player, each seat places one of
//! its ladies' favours on a ready knight. A knight wears one favour; a lady
//! who matches more of his preferences (then: whose best match ranks higher)
//! displaces the one he wears, an equal match is his owner's choice, and the
//! lady turned away is offered again on her owner's next turn.

use crate::actions::Action;
use crate::content::{KnightId, LadyId, match_mask};
use crate::events::{Event, Sink};
use crate::state::{Phase, Ritter};
use std::cmp::Ordering;
use tourney_core::{RuleError, Seat};

/// What an offer would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Landing {
    /// The knight wears no favour yet.
    Free,
    /// The lady he wears is displaced.
    Displaces(LadyId),
    /// As well matched as the lady he wears: his owner chooses.
    Tie(LadyId),
}

/// How well `lady` suits `knight`: more matches first, then the better-ranked
/// match. The match mask weighs the first preference 4, the second 2, the
/// third 1, so among equal counts the larger mask ranks higher.
fn suitability(knight: KnightId, lady: LadyId) -> (u32, u8) {
    let mask = match_mask(knight, lady);
    (mask.count_ones(), mask)
}

impl Ritter {
    pub(crate) fn begin_favours(&mut self, events: &mut Sink) {
        let start = self.day_starter();
        if !self.config.ladies {
            self.begin_challenges(events);
            return;
        }
        self.continue_favours(start, events);
    }

    /// Hands the turn to the first seat from `from` that can still place a
    /// favour; the day's jousts begin when every ready knight wears one or
    /// no lady can be placed.
    pub(crate) fn continue_favours(&mut self, from: Seat, events: &mut Sink) {
        let all_favoured = self
            .ready_knights()
            .all(|id| self.knight(id).is_some_and(|k| k.favour != LadyId::NONE));
        let next = self.next_seat(from, |g, seat| g.can_offer(seat));
        match next {
            Some(turn) if !all_favoured => self.phase = Phase::Favours { turn },
            _ => self.begin_challenges(events),
        }
    }

    fn can_offer(&self, seat: Seat) -> bool {
        self.ladies_of(seat)
            .any(|lady| self.ready_knights().any(|k| self.landing(lady, k).is_ok()))
    }

    /// Whether `lady` may be offered to `knight` now, and what would happen.
    pub(crate) fn landing(&self, lady: LadyId, knight: KnightId) -> Result<Landing, RuleError> {
        let l = self
            .lady(lady)
            .ok_or(RuleError::illegal("there is no such lady"))?;
        if l.knight != KnightId::NONE {
            return Err(RuleError::illegal(
                "that lady's favour is already given today",
            ));
        }
        let k = self
            .knight(knight)
            .ok_or(RuleError::illegal("there is no such knight"))?;
        if !k.ready() {
            return Err(RuleError::illegal("that knight does not ride today"));
        }
        if l.refused_by(knight) {
            return Err(RuleError::illegal(
                "that knight already turned her favour away today",
            ));
        }
        if k.favour == LadyId::NONE {
            return Ok(Landing::Free);
        }
        match suitability(knight, lady).cmp(&suitability(knight, k.favour)) {
            Ordering::Greater => Ok(Landing::Displaces(k.favour)),
            Ordering::Equal => Ok(Landing::Tie(k.favour)),
            Ordering::Less => Err(RuleError::illegal(
                "he would turn her away: the lady he wears suits him better",
            )),
        }
    }

    pub(crate) fn favour_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        for lady in self.ladies_of(seat) {
            for knight in self.ready_knights() {
                out.push(Action::Offer { lady, knight });
            }
        }
    }

    pub(crate) fn check_offer(
        &self,
        seat: Seat,
        lady: LadyId,
        knight: KnightId,
    ) -> Result<Landing, RuleError> {
        let l = self
            .lady(lady)
            .filter(|l| l.owner == seat)
            .ok_or(RuleError::illegal(
                "you can only offer your own ladies' favours",
            ))?;
        let landing = self.landing(lady, knight)?;
        // A lady who was turned away goes first on her owner's next turn.
        let must_first = self.ladies_of(seat).any(|other| {
            self.lady(other).is_some_and(|o| o.returned)
                && self.ready_knights().any(|k| self.landing(other, k).is_ok())
        });
        if must_first && !l.returned {
            return Err(RuleError::illegal(
                "a lady who was turned away must be offered again first",
            ));
        }
        Ok(landing)
    }

    /// Puts `lady` on `knight` (whose previous lady, if any, is already off).
    fn place(&mut self, lady: LadyId, knight: KnightId) {
        if let Some(l) = self.lady_mut(lady) {
            l.knight = knight;
            l.returned = false;
        }
        if let Some(k) = self.knight_mut(knight) {
            k.favour = lady;
        }
    }

    fn turn_away(&mut self, lady: LadyId, knight: KnightId) {
        if let Some(l) = self.lady_mut(lady) {
            l.knight = KnightId::NONE;
            l.returned = true;
            l.refused_by |= knight.bit();
        }
    }

    pub(crate) fn offer(
        &mut self,
        seat: Seat,
        lady: LadyId,
        knight: KnightId,
        landing: Landing,
        events: &mut Sink,
    ) {
        let matches = |lady: LadyId| suitability(knight, lady).0 as u8;
        match landing {
            Landing::Free => {
                events.everyone(|| Event::FavourGiven {
                    seat,
                    lady,
                    knight,
                    matches: matches(lady),
                });
                self.place(lady, knight);
            }
            Landing::Displaces(old) => {
                events.everyone(|| Event::FavourDisplaced {
                    seat,
                    lady,
                    knight,
                    matches: matches(lady),
                    displaced: old,
                    displaced_matches: matches(old),
                });
                self.turn_away(old, knight);
                self.place(lady, knight);
            }
            Landing::Tie(old) => {
                events.everyone(|| Event::FavourTie {
                    owner: self.owner_or_nobody(knight),
                    knight,
                    wearing: old,
                    newcomer: lady,
                    matches: matches(lady),
                });
                self.phase = Phase::FavourTie {
                    knight,
                    newcomer: lady,
                    offerer: seat,
                };
                return;
            }
        }
        self.continue_favours(self.seat_after(seat), events);
    }

    pub(crate) fn check_keep(&self, lady: LadyId) -> Result<(), RuleError> {
        let Phase::FavourTie {
            knight, newcomer, ..
        } = self.phase
        else {
            return Err(RuleError::illegal(
                "no knight is choosing between two ladies",
            ));
        };
        let worn = self.knight(knight).map_or(LadyId::NONE, |k| k.favour);
        if lady == worn || lady == newcomer {
            Ok(())
        } else {
            Err(RuleError::illegal(
                "he can only choose one of the two ladies offering",
            ))
        }
    }

    pub(crate) fn keep(&mut self, lady: LadyId, events: &mut Sink) {
        let Phase::FavourTie {
            knight,
            newcomer,
            offerer,
        } = self.phase
        else {
            return;
        };
        let worn = self.knight(knight).map_or(LadyId::NONE, |k| k.favour);
        events.everyone(|| Event::FavourKept {
            knight,
            kept: lady,
            turned_away: if lady == newcomer { worn } else { newcomer },
        });
        if lady == newcomer {
            self.turn_away(worn, knight);
            self.place(newcomer, knight);
        } else {
            self.turn_away(newcomer, knight);
        }
        self.continue_favours(self.seat_after(offerer), events);
    }

    /// After the day every favour goes back to its lady.
    pub(crate) fn return_favours(&mut self) {
        for l in self.ladies.iter_mut() {
            l.knight = KnightId::NONE;
            l.refused_by = 0;
            l.returned = false;
        }
        for k in self.knights.iter_mut() {
            k.favour = LadyId::NONE;
        }
    }
}
