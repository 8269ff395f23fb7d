//! A tournament day: challenges in seat order, the end of the day and the
//! day winner.

use crate::actions::{Action, KnightSet};
use crate::events::{Event, LadyShare, Sink};
use crate::knight::NONE;
use crate::state::{Phase, Ritter, ids};
use tourney_core::{RuleError, Seat, SeatSet};

impl Ritter {
    /// The day is over when at most one ready knight is left, or all ready
    /// knights belong to one player (who may not joust against himself).
    pub(crate) fn day_over(&self) -> bool {
        let owners: SeatSet = self
            .ready_knights()
            .map(|id| tourney_core::Seat(self.owner_of(id)))
            .collect();
        owners.len() <= 1
    }

    fn can_challenge(&self, seat: u8) -> bool {
        let mine = self.ready_knights().any(|id| self.owner_of(id) == seat);
        let theirs = self.ready_knights().any(|id| self.owner_of(id) != seat);
        mine && theirs
    }

    pub(crate) fn begin_challenges(&mut self, events: &mut Sink) {
        events.everyone(|| Event::JoustingBegins {
            day: self.day,
            first: if self.day_over() {
                None
            } else {
                self.next_seat(self.day_starter(), Ritter::can_challenge)
                    .map(Seat)
            },
        });
        self.challenge_from(self.day_starter(), events);
    }

    /// Seats with no legal challenge are passed over.
    fn challenge_from(&mut self, from: u8, events: &mut Sink) {
        if self.day_over() {
            self.end_day(events);
            return;
        }
        match self.next_seat(from, Ritter::can_challenge) {
            Some(turn) => self.phase = Phase::Challenge { turn },
            None => self.end_day(events),
        }
    }

    pub(crate) fn after_joust(&mut self, challenger: u8, events: &mut Sink) {
        self.challenge_from(challenger.wrapping_add(1) % self.n(), events);
    }

    pub(crate) fn challenge_candidates(&self, seat: u8, out: &mut Vec<Action>) {
        for attacker in self.ready_knights().filter(|&id| self.owner_of(id) == seat) {
            for defender in self.ready_knights().filter(|&id| self.owner_of(id) != seat) {
                out.push(Action::Challenge { attacker, defender });
            }
        }
    }

    pub(crate) fn check_challenge(
        &self,
        seat: u8,
        attacker: u8,
        defender: u8,
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
        ids()
            .filter(|&id| {
                self.knight(id)
                    .is_some_and(|k| k.dealt() && k.day_prizes == best)
            })
            .collect()
    }

    pub(crate) fn end_day(&mut self, events: &mut Sink) {
        let leaders = self.day_leaders();
        let owners: SeatSet = leaders
            .iter()
            .map(|id| tourney_core::Seat(self.owner_of(id)))
            .collect();
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
                    owner: owner.0,
                    candidates: leaders,
                };
            }
            // No prizes, or a tie between different players: no day winner.
            _ => self.finish_day(events),
        }
    }

    pub(crate) fn check_day_winner(&self, knight: u8) -> Result<(), RuleError> {
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

    pub(crate) fn name_day_winner(&mut self, knight: u8, events: &mut Sink) {
        self.crown_day_winner(knight, events);
        self.finish_day(events);
    }

    /// Day N's winner and the lady he wears gain N extra prizes.
    fn crown_day_winner(&mut self, knight: u8, events: &mut Sink) {
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
            seat: Seat(self.owner_of(knight)),
            bonus,
            prizes: self.knight(knight).map_or(0, |k| k.prizes),
            lady: self.lady_share(lady),
        });
    }

    /// What `lady` (if she is one) holds after sharing her knight's gain.
    pub(crate) fn lady_share(&self, lady: u8) -> Option<LadyShare> {
        self.lady(lady).map(|l| LadyShare {
            lady,
            seat: Seat(l.owner),
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
    pub(crate) fn day_winner_of(&self, day: u8) -> Option<u8> {
        self.day_winners
            .get(usize::from(day.wrapping_sub(1)))
            .copied()
            .filter(|&k| k != NONE)
    }
}
