//! The end of the tournament: the final bonuses, the players' totals and
//! the decisive duels that settle a tie for the lead.

use crate::actions::Action;
use crate::combat::{Ending, Joust};
use crate::content::{KnightId, LadyId};
use crate::events::{Event, Sink};
use crate::knight::{NOBODY, wound_penalty};
use crate::state::{Phase, Ritter};
use tourney_core::{RuleError, Seat, SeatSet};

/// The extra prizes for the top knight and the top lady of the tournament.
pub const FINAL_BONUS: u16 = 4;

impl Ritter {
    /// A player's total: his knights' and his ladies' prizes.
    pub(crate) fn score(&self, seat: Seat) -> u32 {
        let knights: u32 = self
            .knights
            .iter()
            .filter(|k| k.owner == seat)
            .map(|k| u32::from(k.prizes))
            .sum();
        let ladies: u32 = self
            .ladies
            .iter()
            .filter(|l| l.owner == seat)
            .map(|l| u32::from(l.prizes))
            .sum();
        knights.saturating_add(ladies)
    }

    pub(crate) fn final_scoring(&mut self, events: &mut Sink) {
        // All knights (and ladies) tied for the most prizes gain the bonus;
        // with nobody holding a prize there is no top knight to honour.
        let top_knight = self
            .knights
            .iter()
            .filter(|k| k.dealt())
            .map(|k| k.prizes)
            .max()
            .unwrap_or(0);
        let top_lady = self
            .ladies
            .iter()
            .filter(|l| l.dealt())
            .map(|l| l.prizes)
            .max()
            .unwrap_or(0);
        // Told before the bonuses, while the leaders still hold `top_*`.
        events.everyone(|| Event::TournamentBest {
            knights: KnightId::all()
                .zip(&self.knights)
                .filter(|(_, k)| top_knight > 0 && k.dealt() && k.prizes == top_knight)
                .map(|(id, _)| id)
                .collect(),
            knight_prizes: top_knight,
            ladies: LadyId::all()
                .zip(&self.ladies)
                .filter(|(_, l)| top_lady > 0 && l.dealt() && l.prizes == top_lady)
                .map(|(id, _)| id)
                .collect(),
            lady_prizes: top_lady,
            bonus: FINAL_BONUS,
        });
        if top_knight > 0 {
            for k in self
                .knights
                .iter_mut()
                .filter(|k| k.dealt() && k.prizes == top_knight)
            {
                k.prizes = k.prizes.saturating_add(FINAL_BONUS);
            }
        }
        if top_lady > 0 {
            for l in self
                .ladies
                .iter_mut()
                .filter(|l| l.dealt() && l.prizes == top_lady)
            {
                l.prizes = l.prizes.saturating_add(FINAL_BONUS);
            }
        }
        let best = self
            .seat_set()
            .iter()
            .map(|s| self.score(s))
            .max()
            .unwrap_or(0);
        self.duel_pool = self
            .seat_set()
            .iter()
            .filter(|&s| self.score(s) == best)
            .collect();
        events.everyone(|| Event::Totals {
            scores: self.seat_set().iter().map(|s| self.score(s)).collect(),
            leaders: self.duel_pool.iter().collect(),
        });
        self.next_duel(events);
    }

    fn game_over(&mut self, winners: SeatSet, events: &mut Sink) {
        self.phase = Phase::Over { winners };
        events.everyone(|| Event::GameOver {
            winners: winners.iter().collect(),
            scores: self.seat_set().iter().map(|s| self.score(s)).collect(),
        });
    }

    fn can_duel(&self, seat: Seat) -> bool {
        self.knights_of(seat)
            .any(|id| self.knight(id).is_some_and(|k| k.in_tournament()))
    }

    /// Pairs the first two tied seats (in seat order) that still have a
    /// knight, or ends the game: a tied seat without a knight cannot defend
    /// its place and drops out; if none of them has a knight they share the win.
    pub(crate) fn next_duel(&mut self, events: &mut Sink) {
        let armed: SeatSet = self
            .duel_pool
            .iter()
            .filter(|&s| self.can_duel(s))
            .collect();
        if self.duel_pool.len() >= 2 && armed.len() < self.duel_pool.len() {
            events.everyone(|| Event::NoChampion {
                seats: self
                    .duel_pool
                    .iter()
                    .filter(|s| !armed.contains(*s))
                    .collect(),
            });
        }
        if armed.len() <= 1 {
            let winners = if armed.is_empty() {
                self.duel_pool
            } else {
                armed
            };
            self.game_over(winners, events);
            return;
        }
        self.duel_pool = armed;
        let mut pair = [NOBODY; 2];
        for (slot, seat) in pair.iter_mut().zip(armed.iter()) {
            *slot = seat;
        }
        let chosen = pair.map(|seat| {
            let mut eligible = self
                .knights_of(seat)
                .filter(|&id| self.knight(id).is_some_and(|k| k.in_tournament()));
            match (eligible.next(), eligible.next()) {
                (Some(only), None) => only,
                _ => KnightId::NONE,
            }
        });
        events.everyone(|| Event::DuelCalled {
            seats: pair.to_vec(),
        });
        self.phase = Phase::DuelChoice { pair, chosen };
        self.maybe_start_duel(events);
    }

    fn maybe_start_duel(&mut self, events: &mut Sink) {
        let Phase::DuelChoice { pair, chosen } = self.phase else {
            return;
        };
        if chosen.contains(&KnightId::NONE) {
            return;
        }
        // The wound penalty counts the wounds the knights bring to the duel.
        let penalty = self.config.wound_penalty;
        for id in chosen {
            if let Some(k) = self.knight_mut(id) {
                k.penalty = if penalty { wound_penalty(k.wounds) } else { 0 };
            }
        }
        self.start_joust(chosen[0], chosen[1], pair[0], true, events);
    }

    pub(crate) fn duel_seats_to_move(&self) -> SeatSet {
        match self.phase {
            Phase::DuelChoice { pair, chosen } => pair
                .iter()
                .zip(chosen)
                .filter(|(_, c)| *c == KnightId::NONE)
                .map(|(s, _)| *s)
                .collect(),
            _ => SeatSet::EMPTY,
        }
    }

    pub(crate) fn champion_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        out.extend(
            self.knights_of(seat)
                .map(|knight| Action::Champion { knight }),
        );
    }

    pub(crate) fn check_champion(&self, seat: Seat, knight: KnightId) -> Result<(), RuleError> {
        let k = self
            .knight(knight)
            .filter(|k| k.owner == seat)
            .ok_or(RuleError::illegal(
                "choose one of your own knights for the duel",
            ))?;
        if !k.in_tournament() {
            return Err(RuleError::illegal("that knight is out of the tournament"));
        }
        Ok(())
    }

    pub(crate) fn choose_champion(&mut self, seat: Seat, knight: KnightId, events: &mut Sink) {
        if let Phase::DuelChoice { pair, mut chosen } = self.phase {
            events.only(seat, || Event::ChampionChosen { seat, knight });
            for (s, c) in pair.iter().zip(chosen.iter_mut()) {
                if *s == seat && *c == KnightId::NONE {
                    *c = knight;
                }
            }
            self.phase = Phase::DuelChoice { pair, chosen };
            self.maybe_start_duel(events);
        }
    }

    /// The loser's seat leaves the contest; after a double knock-out both
    /// stay and choose again; a duel that can never be decided ends the game
    /// with the seats still tied sharing the win.
    pub(crate) fn duel_over(
        &mut self,
        j: Joust,
        winner: Option<KnightId>,
        ending: Ending,
        events: &mut Sink,
    ) {
        if ending == Ending::Stalemate {
            self.game_over(self.duel_pool, events);
            return;
        }
        if let Some(winner) = winner {
            for id in j.knights {
                if id != winner
                    && let Some(loser) = self.owner_of(id)
                {
                    self.duel_pool.remove(loser);
                }
            }
        }
        self.next_duel(events);
    }

    /// Re-deals the secret duel choice of the seat other than `viewer`.
    pub(crate) fn redeal_champion(&mut self, viewer: Seat, rng: &mut tourney_core::GameRng) {
        let Phase::DuelChoice { pair, mut chosen } = self.phase else {
            return;
        };
        for (seat, c) in pair.iter().zip(chosen.iter_mut()) {
            if *seat == viewer || *c == KnightId::NONE {
                continue;
            }
            let count = self
                .knights_of(*seat)
                .filter(|&id| self.knight(id).is_some_and(|k| k.in_tournament()))
                .count() as u32;
            let pick = rng.below(count.max(1)) as usize;
            if let Some(id) = self
                .knights_of(*seat)
                .filter(|&id| self.knight(id).is_some_and(|k| k.in_tournament()))
                .nth(pick)
            {
                *c = id;
            }
        }
        self.phase = Phase::DuelChoice { pair, chosen };
    }
}
