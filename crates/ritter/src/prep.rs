//! The preparation before each day: training, then choosing who rides.
//!
//! At a real table players train and pick their knights at the same time,
//! each behind their own cards, so here every seat prepares in secret and
//! nothing is revealed until the last seat is done: no seat profits from
//! seeing another's choices first.

use crate::actions::{Action, Gain, KnightSet};
use crate::content::{CARDS, KnightId};
use crate::events::{Event, Sink};
use crate::knight::{Plan, wound_penalty};
use crate::state::{Phase, Ritter};
use tourney_core::{GameRng, RuleError, Seat, SeatSet};

impl Ritter {
    /// Seats with a knight still in the tournament: only they prepare.
    pub(crate) fn preparing_seats(&self) -> SeatSet {
        self.seat_set()
            .iter()
            .filter(|s| {
                self.knights_of(*s)
                    .any(|id| self.knight(id).is_some_and(|k| k.in_tournament()))
            })
            .collect()
    }

    pub(crate) fn begin_day(&mut self, events: &mut Sink) {
        events.everyone(|| Event::DayBegins {
            day: self.day,
            days: self.config.days,
            starter: self.day_starter(),
        });
        self.phase = Phase::Prepare;
        let all = self.seat_set();
        let preparing = self.preparing_seats();
        self.prepared = all.iter().filter(|s| !preparing.contains(*s)).collect();
        if self.prepared.len() >= all.len() {
            self.reveal_preparation(events);
        }
    }

    fn still_training(&self, seat: Seat) -> bool {
        self.knights_of(seat)
            .any(|id| self.knight(id).is_some_and(|k| k.can_train()))
    }

    pub(crate) fn prep_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        for id in self.knights_of(seat) {
            out.push(Action::Train {
                knight: id,
                gain: Gain::Die,
            });
            out.extend((1..=6).map(|f| Action::Train {
                knight: id,
                gain: Gain::Cover(f),
            }));
        }
        // Every subset of the seat's knights (at most two, so four subsets).
        let mine: KnightSet = self.knights_of(seat).collect();
        let mut subset = mine.0;
        loop {
            out.push(Action::Send {
                knights: KnightSet(subset),
            });
            if subset == 0 {
                break;
            }
            // Not zero here, so taking one never wraps.
            subset = subset.wrapping_sub(1) & mine.0;
        }
    }

    pub(crate) fn check_train(
        &self,
        seat: Seat,
        knight: KnightId,
        gain: Gain,
    ) -> Result<(), RuleError> {
        let k = self
            .knight(knight)
            .filter(|k| k.owner == seat)
            .ok_or(RuleError::illegal("you can only train your own knights"))?;
        if !k.in_tournament() {
            return Err(RuleError::illegal("that knight is out of the tournament"));
        }
        if k.points_left() == 0 {
            return Err(RuleError::illegal(
                "that knight has no training points left",
            ));
        }
        let possible = match gain {
            Gain::Die => k.can_gain_die(),
            Gain::Cover(field) => k.can_cover(field),
        };
        if !possible {
            return Err(RuleError::illegal(match gain {
                Gain::Die => "that knight already has the most combat dice a card shows",
                Gain::Cover(1..=6) => "both hit fields with that number are already covered",
                Gain::Cover(_) => "hit fields are numbered 1 to 6",
            }));
        }
        Ok(())
    }

    pub(crate) fn train(&mut self, knight: KnightId, gain: Gain, events: &mut Sink) {
        if let Some(k) = self.knight_mut(knight) {
            match gain {
                Gain::Die => k.plan.dice = k.plan.dice.saturating_add(1),
                Gain::Cover(field) => {
                    if let Some(c) = k.plan.covered.get_mut(usize::from(field.wrapping_sub(1))) {
                        *c = c.saturating_add(1);
                    }
                }
            }
            let owner = k.owner;
            events.only(owner, || Event::TrainingPlanned {
                seat: owner,
                knight,
                gain,
                points_left: k.points_left(),
            });
        }
    }

    pub(crate) fn check_send(&self, seat: Seat, knights: KnightSet) -> Result<(), RuleError> {
        if self.still_training(seat) {
            return Err(RuleError::illegal(
                "spend your knights' training points before choosing who rides",
            ));
        }
        for id in knights.iter() {
            match self.knight(id) {
                Some(k) if k.owner == seat && k.in_tournament() => {}
                Some(k) if k.owner == seat => {
                    return Err(RuleError::illegal(
                        "a knight out of the tournament cannot ride",
                    ));
                }
                _ => return Err(RuleError::illegal("you can only send your own knights")),
            }
        }
        Ok(())
    }

    pub(crate) fn send(&mut self, seat: Seat, knights: KnightSet, events: &mut Sink) {
        for id in self.knights_of(seat).collect::<KnightSet>().iter() {
            if let Some(k) = self.knight_mut(id) {
                k.plan.send = knights.contains(id);
            }
        }
        // The seat reads whom it sends; the others only that it is ready.
        events.only(seat, || Event::RidersChosen {
            seat,
            knights: knights.iter().collect(),
        });
        events.others(seat, || Event::Prepared { seat });
        self.prepared.insert(seat);
        if self.prepared.len() >= self.seat_set().len() {
            self.reveal_preparation(events);
        }
    }

    /// Everyone is done: the training shows on the cards, the chosen
    /// knights ride out, and the wound penalty is fixed for the day.
    fn reveal_preparation(&mut self, events: &mut Sink) {
        let penalty = self.config.wound_penalty;
        // The plans are wiped below; the reveal tells what they were.
        let plans = events.is_on().then(|| self.knights.map(|k| k.plan));
        for k in self.knights.iter_mut() {
            let plan = k.plan;
            k.dice = k.dice.saturating_add(plan.dice);
            for (c, p) in k.covered.iter_mut().zip(plan.covered) {
                *c = c.saturating_add(p);
            }
            k.training = 0;
            k.sent = plan.send && k.in_tournament();
            k.beaten = false;
            k.day_prizes = 0;
            k.penalty = if penalty { wound_penalty(k.wounds) } else { 0 };
            k.plan = Plan::default();
        }
        if let Some(plans) = plans {
            self.tell_preparation(&plans, events);
        }
        self.begin_favours(events);
    }

    /// Seat by seat: what each knight trained, who rides, whose wounds cost
    /// him dice today.
    fn tell_preparation(&self, plans: &[Plan; CARDS], events: &mut Sink) {
        let preparing = self.preparing_seats();
        for seat in preparing.iter() {
            for id in self.knights_of(seat) {
                let (Some(k), Some(plan)) = (self.knight(id), plans.get(id.index())) else {
                    continue;
                };
                if plan.points() > 0 {
                    events.everyone(|| Event::Trained {
                        seat,
                        knight: id,
                        extra_dice: plan.dice,
                        extra_covered: plan.covered,
                        dice: k.dice,
                        covered: k.covered,
                    });
                }
            }
            let riding = |sent: bool| {
                self.knights_of(seat)
                    .filter(|&id| {
                        self.knight(id)
                            .is_some_and(|k| k.in_tournament() && k.sent == sent)
                    })
                    .collect::<Vec<KnightId>>()
            };
            events.everyone(|| Event::Rides {
                seat,
                knights: riding(true),
                resting: riding(false),
            });
            for id in self.knights_of(seat) {
                if self.knight(id).is_some_and(|k| k.sent) {
                    self.tell_wound_penalty(id, events);
                }
            }
        }
    }

    /// The dice a knight's wounds cost him (the wound-penalty option), if any.
    pub(crate) fn tell_wound_penalty(&self, knight: KnightId, events: &mut Sink) {
        let Some(k) = self.knight(knight).filter(|_| events.is_on()) else {
            return;
        };
        let dice = k.round_dice(false);
        let lost = k.dice.saturating_sub(dice);
        if lost > 0 {
            events.everyone(|| Event::WoundPenalty {
                knight,
                wounds: k.wounds,
                dice_lost: lost,
                dice,
            });
        }
    }

    /// Re-deals the secret preparation of every seat but `viewer`: a seat
    /// that is done gets random training and a random choice of knights, one
    /// still busy starts over.
    pub(crate) fn redeal_preparation(&mut self, viewer: Seat, rng: &mut GameRng) {
        for seat in self.seat_set().iter().filter(|&s| s != viewer) {
            let done = self.prepared.contains(seat);
            let mine: KnightSet = self.knights_of(seat).collect();
            for id in mine.iter() {
                let Some(k) = self.knight_mut(id) else {
                    continue;
                };
                k.plan = Plan::default();
                if !done {
                    continue;
                }
                while k.can_train() {
                    let options: [Option<Gain>; 7] = [
                        k.can_gain_die().then_some(Gain::Die),
                        k.can_cover(1).then_some(Gain::Cover(1)),
                        k.can_cover(2).then_some(Gain::Cover(2)),
                        k.can_cover(3).then_some(Gain::Cover(3)),
                        k.can_cover(4).then_some(Gain::Cover(4)),
                        k.can_cover(5).then_some(Gain::Cover(5)),
                        k.can_cover(6).then_some(Gain::Cover(6)),
                    ];
                    let count = options.iter().flatten().count() as u32;
                    let pick = rng.below(count.max(1)) as usize;
                    match options.iter().flatten().nth(pick) {
                        Some(Gain::Die) => k.plan.dice = k.plan.dice.saturating_add(1),
                        Some(Gain::Cover(f)) => {
                            if let Some(c) = k.plan.covered.get_mut(usize::from(f.wrapping_sub(1)))
                            {
                                *c = c.saturating_add(1);
                            }
                        }
                        None => break,
                    }
                }
                k.plan.send = k.in_tournament() && rng.below(2) == 1;
            }
        }
    }
}
