//! Dealing the cards and rolling for the starting player.

use crate::config::{Config, MAX_DAYS};
use crate::content::{CARDS, KnightId, LadyId};
use crate::events::{Event, Sink};
use crate::knight::{Knight, Lady};
use crate::state::{MAX_PLAYERS, Phase, Ritter};
use tourney_core::{Game, RuleError, Seat, SeatSet, SetupError};

/// Which kind of card the next deal hands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Card {
    Knight,
    Lady,
}

impl Ritter {
    pub(crate) fn setup(config: &Config, seats: usize) -> Result<Ritter, SetupError> {
        config.validate()?;
        <Ritter as Game>::INFO.check_seats(seats)?;
        let mut knights = [Knight::undealt(KnightId(0)); CARDS];
        for (id, k) in KnightId::all().zip(knights.iter_mut()) {
            *k = Knight::undealt(id);
        }
        Ok(Ritter {
            seats: seats as u8,
            config: *config,
            knights,
            ladies: [Lady::UNDEALT; CARDS],
            phase: Phase::Deal,
            day: 1,
            first_starter: Seat(0),
            dealt: 0,
            prepared: SeatSet::EMPTY,
            duel_pool: SeatSet::EMPTY,
            day_winners: [KnightId::NONE; MAX_DAYS as usize],
            last_round: None,
            last_joust: None,
        })
    }

    /// The seat and kind of card the next deal goes to: knights go round the
    /// table first (twice with up to five players), then ladies.
    pub(crate) fn next_deal(&self) -> Option<(Seat, Card)> {
        let n = self.n();
        let knight_deals = n.saturating_mul(self.per_seat());
        let lady_deals = if self.config.ladies { knight_deals } else { 0 };
        if self.dealt < knight_deals {
            self.dealt.checked_rem(n).map(|s| (Seat(s), Card::Knight))
        } else if self.dealt < knight_deals.saturating_add(lady_deals) {
            let lady_deal = self.dealt.saturating_sub(knight_deals);
            lady_deal.checked_rem(n).map(|s| (Seat(s), Card::Lady))
        } else {
            None
        }
    }

    /// Whether knight card `id` is still in the pile.
    pub(crate) fn knight_in_pile(&self, id: KnightId) -> bool {
        self.knight(id).is_some_and(|k| !k.dealt())
    }

    /// Whether lady card `id` is still in the pile.
    pub(crate) fn lady_in_pile(&self, id: LadyId) -> bool {
        self.lady(id).is_some_and(|l| !l.dealt())
    }

    /// The seat a `card` comes to, if that kind is dealt now and the card
    /// (`in_pile`) can be.
    pub(crate) fn check_deal(&self, card: Card, in_pile: bool) -> Result<Seat, RuleError> {
        match self.next_deal() {
            Some((seat, kind)) if kind == card && in_pile => Ok(seat),
            Some((_, Card::Knight)) => Err(RuleError::impossible(
                "a knight card still in the pile is dealt now",
            )),
            Some((_, Card::Lady)) => Err(RuleError::impossible(
                "a lady card still in the pile is dealt now",
            )),
            None => Err(RuleError::impossible("every card has been dealt")),
        }
    }

    pub(crate) fn deal_knight(&mut self, seat: Seat, id: KnightId) {
        if let Some(k) = self.knight_mut(id) {
            k.owner = seat;
            // Before the first day every knight trains two points.
            k.training = 2;
        }
        self.card_dealt();
    }

    pub(crate) fn deal_lady(&mut self, seat: Seat, id: LadyId) {
        if let Some(l) = self.lady_mut(id) {
            l.owner = seat;
        }
        self.card_dealt();
    }

    /// Counts a card dealt; after the last one the starting roll begins.
    fn card_dealt(&mut self) {
        self.dealt = self.dealt.saturating_add(1);
        if self.next_deal().is_none() {
            self.phase = Phase::StartRoll {
                contenders: self.seat_set(),
                rolls: [0; MAX_PLAYERS],
            };
        }
    }

    /// The contender who rolls next for the starting player, in seat order.
    pub(crate) fn next_roller(contenders: SeatSet, rolls: &[u8; MAX_PLAYERS]) -> Option<Seat> {
        contenders.iter().find(|s| rolls.get(s.index()) == Some(&0))
    }

    pub(crate) fn roll_for_start(&mut self, face: u8, events: &mut Sink) {
        let Phase::StartRoll {
            contenders,
            mut rolls,
        } = self.phase
        else {
            return;
        };
        let Some(roller) = Self::next_roller(contenders, &rolls) else {
            return;
        };
        let Some(slot) = rolls.get_mut(roller.index()) else {
            return;
        };
        *slot = face;
        if Self::next_roller(contenders, &rolls).is_some() {
            self.phase = Phase::StartRoll { contenders, rolls };
            return;
        }
        let roll = |s: Seat| rolls.get(s.index()).copied().unwrap_or(0);
        let best = contenders.iter().map(roll).max().unwrap_or(0);
        let top: SeatSet = contenders.iter().filter(|&s| roll(s) == best).collect();
        match (top.len(), top.first_seat()) {
            (1, Some(winner)) => {
                events.everyone(|| Event::StartingPlayer {
                    seat: winner,
                    roll: best,
                    last_roll: winner == roller,
                });
                self.first_starter = winner;
                self.begin_day(events);
            }
            _ => {
                events.everyone(|| Event::StartRollTied {
                    seats: top.iter().collect(),
                    roll: best,
                });
                self.phase = Phase::StartRoll {
                    contenders: top,
                    rolls: [0; MAX_PLAYERS],
                }
            }
        }
    }
}
