//! A tournament day: challenges in seat order, the end of the day and the
//! day winner.

use crate::actions::{Action, KnightSet};
use crate::content::{KnightId, LadyId};
use crate::events::{Event, LadyShare, Sink};
use crate::state::{Phase, Ritter};
use tourney_core::{RuleError, Seat, SeatSet};

impl Ritter {
    /// The day is over when at most one ready knight is left, or all ready
    /// knights belong to one player (who may not joust against himself).
    pub(crate) fn day_over(&self) -> bool {
        let owners: SeatSet = self
            .ready_knights()
            .filter_map(|id| self.owner_of(id))
            .collect();
        owners.len() <= 1
    }

    fn can_challenge(&self, seat: Seat) -> bool {
        let mine = self
            .ready_knights()
            .any(|id| self.owner_of(id) == Some(seat));
        let theirs = self
            .ready_knights()
            .any(|id| self.owner_of(id) != Some(seat));
        mine && theirs
    }

    pub(crate) fn begin_challenges(&mut self, events: &mut Sink) {
        events.everyone(|| Event::JoustingBegins {
            day: self.day,
            first: if self.day_over() {
                None
            } else {
                self.next_seat(self.day_starter(), Ritter::can_challenge)
            },
        });
        self.challenge_from(self.day_starter(), events);
    }

    /// Seats with no legal challenge are passed over.
    fn challenge_from(&mut self, from: Seat, events: &mut Sink) {
        if self.day_over() {
            self.end_day(events);
            return;
        }
        match self.next_seat(from, Ritter::can_challenge) {
            Some(turn) => self.phase = Phase::Challenge { turn },
            None => self.end_day(events),
        }
    }

    pub(crate) fn after_joust(&mut self, challenger: Seat, events: &mut Sink) {
        self.challenge_from(self.seat_after(challenger), events);
    }

    pub(crate) fn challenge_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        for attacker in self
            .ready_knights()
            .filter(|&id| self.owner_of(id) == Some(seat))
        {
            for defender in self
                .ready_knights()
                .filter(|&id| self.owner_of(id) != Some(seat))
            {
                out.push(Action::Challenge { attacker, defender });
            }
        }
    }

    pub(crate) fn check_challenge(
        &self,
        seat: Seat,
        attacker: KnightId,
        defender: KnightId,
    ) -> Result<(), RuleError> {
        let a = self
            .knight(attacker)
            .filter(|k| k.owner == seat)
            .ok_or(RuleError::illegal(
                "you can only challenge with one of your own knights",
            ))?;
        if !a.ready() {
            return Err(RuleError::illegal(
                "that knight of yours does not ride (any more) today",
            ));
        }
        let d = self
            .knight(defender)
            .filter(|k| k.dealt())
            .ok_or(RuleError::illegal(
                "there is no such knight in this tournament",
            ))?;
        if d.owner == seat {
            return Err(RuleError::illegal(
                "your own knights never fight each other",
            ));
        }
        if !d.ready() {
            return Err(RuleError::illegal(
                "that knight does not ride (any more) today",
            ));
        }
        Ok(())
    }

    /// The knights with the most prizes today (none if nobody won a joust).
    fn day_leaders(&self) -> KnightSet {
        let best = self.knights.iter().map(|k| k.day_prizes).max().unwrap_or(0);
        if best == 0 {
            return KnightSet::EMPTY;
        }
        KnightId::all()
            .filter(|&id| {
                self.knight(id)
                    .is_some_and(|k| k.dealt() && k.day_prizes == best)
            })
            .collect()
    }

    pub(crate) fn end_day(&mut self, events: &mut Sink) {
        let leaders = self.day_leaders();
        let owners: SeatSet = leaders.iter().filter_map(|id| self.owner_of(id)).collect();
        events.everyone(|| Event::DayEnds {
            day: self.day,
            leaders: leaders.iter().collect(),
            prizes: leaders
                .iter()
                .next()
                .and_then(|id| self.knight(id))
                .map_or(0, |k| k.day_prizes),
            chooser: owners
                .first_seat()
                .filter(|_| leaders.len() >= 2 && owners.len() == 1),
        });
        match (leaders.len(), owners.first_seat()) {
            (1, _) => {
                if let Some(id) = leaders.iter().next() {
                    self.crown_day_winner(id, events);
                }
                self.finish_day(events);
            }
            // A tie among one player's knights: that player names the winner.
            (2.., Some(owner)) if owners.len() == 1 => {
                self.phase = Phase::DayWinner {
                    owner,
                    candidates: leaders,
                };
            }
            // No prizes, or a tie between different players: no day winner.
            _ => self.finish_day(events),
        }
    }

    pub(crate) fn check_day_winner(&self, knight: KnightId) -> Result<(), RuleError> {
        match self.phase {
            Phase::DayWinner { candidates, .. } if candidates.contains(knight) => Ok(()),
            Phase::DayWinner { .. } => Err(RuleError::illegal(
                "only a knight tied for the most prizes today can be day winner",
            )),
            _ => Err(RuleError::illegal("no day winner is being named now")),
        }
    }

    pub(crate) fn day_winner_candidates(&self, out: &mut Vec<Action>) {
        if let Phase::DayWinner { candidates, .. } = self.phase {
            out.extend(candidates.iter().map(|knight| Action::DayWinner { knight }));
        }
    }

    pub(crate) fn name_day_winner(&mut self, knight: KnightId, events: &mut Sink) {
        self.crown_day_winner(knight, events);
        self.finish_day(events);
    }

    /// Day N's winner and the lady he wears gain N extra prizes.
    fn crown_day_winner(&mut self, knight: KnightId, events: &mut Sink) {
        let bonus = u16::from(self.day);
        if let Some(slot) = self
            .day_winners
            .get_mut(usize::from(self.day.wrapping_sub(1)))
        {
            *slot = knight;
        }
        let Some(k) = self.knight_mut(knight) else {
            return;
        };
        k.prizes = k.prizes.saturating_add(bonus);
        let lady = k.favour;
        if let Some(l) = self.lady_mut(lady) {
            l.prizes = l.prizes.saturating_add(bonus);
        }
        events.everyone(|| Event::DayWinner {
            day: self.day,
            knight,
            seat: self.owner_or_nobody(knight),
            bonus,
            prizes: self.knight(knight).map_or(0, |k| k.prizes),
            lady: self.lady_share(lady),
        });
    }

    /// What `lady` (if she is one) holds after sharing her knight's gain.
    pub(crate) fn lady_share(&self, lady: LadyId) -> Option<LadyShare> {
        self.lady(lady).map(|l| LadyShare {
            lady,
            seat: l.owner,
            prizes: l.prizes,
        })
    }

    fn finish_day(&mut self, events: &mut Sink) {
        self.return_favours();
        for k in self.knights.iter_mut() {
            k.sent = false;
            k.beaten = false;
            k.day_prizes = 0;
        }
        if self.day >= self.config.days {
            self.final_scoring(events);
        } else {
            self.night(events);
            self.day = self.day.saturating_add(1);
            self.begin_day(events);
        }
    }

    /// The day winner named for `day` (from 1), if any.
    pub(crate) fn day_winner_of(&self, day: u8) -> Option<KnightId> {
        self.day_winners
            .get(usize::from(day.wrapping_sub(1)))
            .and_then(|k| k.some())
    }
}
