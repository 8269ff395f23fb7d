//! Dealing the cards and rolling for the starting player.

use crate::config::{Config, MAX_DAYS};
use crate::content::CARDS;
use crate::events::{Event, Sink};
use crate::knight::{Knight, Lady, NONE};
use crate::state::{MAX_PLAYERS, Phase, Ritter, ids};
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
        let mut knights = [Knight::undealt(0); CARDS];
        for (id, k) in ids().zip(knights.iter_mut()) {
            *k = Knight::undealt(id);
        }
        Ok(Ritter {
            seats: seats as u8,
            config: *config,
            knights,
            ladies: [Lady::UNDEALT; CARDS],
            phase: Phase::Deal,
            day: 1,
            first_starter: 0,
            dealt: 0,
            prepared: SeatSet::EMPTY,
            duel_pool: SeatSet::EMPTY,
            day_winners: [NONE; MAX_DAYS as usize],
            last_round: None,
            last_joust: None,
        })
    }

    /// The seat and kind of card the next deal goes to: knights go round the
    /// table first (twice with up to five players), then ladies.
    pub(crate) fn next_deal(&self) -> Option<(u8, Card)> {
        let n = self.n();
        let knight_deals = n.saturating_mul(self.per_seat());
        let lady_deals = if self.config.ladies { knight_deals } else { 0 };
        if self.dealt < knight_deals {
            Some((self.dealt % n, Card::Knight))
        } else if self.dealt < knight_deals.saturating_add(lady_deals) {
            Some(((self.dealt - knight_deals) % n, Card::Lady))
        } else {
            None
        }
    }

    pub(crate) fn undealt(&self, card: Card, id: u8) -> bool {
        match card {
            Card::Knight => self.knight(id).is_some_and(|k| !k.dealt()),
            Card::Lady => self.lady(id).is_some_and(|l| !l.dealt()),
        }
    }

    pub(crate) fn check_deal(&self, card: Card, id: u8) -> Result<u8, RuleError> {
        match self.next_deal() {
            Some((seat, kind)) if kind == card && self.undealt(card, id) => Ok(seat),
            Some((_, Card::Knight)) => Err(RuleError::impossible(
                "a knight card still in the pile is dealt now",
            )),
            Some((_, Card::Lady)) => Err(RuleError::impossible(
                "a lady card still in the pile is dealt now",
            )),
            None => Err(RuleError::impossible("every card has been dealt")),
        }
    }

    pub(crate) fn deal(&mut self, seat: u8, card: Card, id: u8) {
        match card {
            Card::Knight => {
                if let Some(k) = self.knight_mut(id) {
                    k.owner = seat;
                    // Before the first day every knight trains two points.
                    k.training = 2;
                }
            }
            Card::Lady => {
                if let Some(l) = self.lady_mut(id) {
                    l.owner = seat;
                }
            }
        }
        self.dealt = self.dealt.saturating_add(1);
        if self.next_deal().is_none() {
            self.phase = Phase::StartRoll {
                contenders: self.seat_set(),
                rolls: [0; MAX_PLAYERS],
            };
        }
    }

    /// The contender who rolls next for the starting player, in seat order.
    pub(crate) fn next_roller(contenders: SeatSet, rolls: &[u8; MAX_PLAYERS]) -> Option<u8> {
        contenders
            .iter()
            .map(|s| s.0)
            .find(|&s| rolls.get(usize::from(s)) == Some(&0))
    }

    pub(crate) fn roll_for_start(&mut self, face: u8, events: &mut Sink) {
        let Phase::StartRoll {
            contenders,
            mut rolls,
        } = self.phase
        else {
            return;
        };
        let Some(slot) =
            Self::next_roller(contenders, &rolls).and_then(|s| rolls.get_mut(usize::from(s)))
        else {
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
                });
                self.first_starter = winner.0;
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
