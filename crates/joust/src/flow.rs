//! The state machine: who is on move, what they may do, and how each action
//! moves the pass along (chance steps are in `chance.rs`, the end of a pass
//! in `end.rs`).
//!
//! Every entry point validates completely before it changes anything, so a
//! refused step leaves the state as it was.

use crate::actions::{Action, DiceMask, KnightChoice};
use crate::content::SLOT_POINTS;
use crate::dice;
use crate::events::{Event, GiftDice, Told};
use crate::gear::{Gear, Lance};
use crate::knight::Injury;
use crate::pass::{self, Count, STRONG};
use crate::slot::{Placement, SLOTS, Slot};
use crate::state::{CardJoust, Phase, Side, other, pick, seat_set};
use tourney_core::text::plural;
use tourney_core::{Outcome, RuleError, Seat, ToMove};

const _: () = assert!(SLOT_POINTS.len() == SLOTS);

impl CardJoust {
    pub(crate) fn on_move(&self) -> ToMove {
        let seats = match self.phase {
            Phase::Over => {
                return ToMove::Over(Outcome {
                    winners: self.winners,
                });
            }
            Phase::StartingPlayer
            | Phase::Draw
            | Phase::Roll
            | Phase::Reroll
            | Phase::Bonus
            | Phase::InjuryRoll => {
                return ToMove::Chance;
            }
            Phase::Challenge => seat_set([self.turn].into_iter().filter(|&s| self.seat_ok(s))),
            Phase::Knights | Phase::Place | Phase::Aim | Phase::Gear => {
                seat_set(self.duel.sides.iter().filter(|s| !s.done).map(|s| s.seat))
            }
            Phase::Push => seat_set(self.side(usize::from(self.duel.cursor)).map(|s| s.seat)),
        };
        ToMove::Seats(seats)
    }

    fn on_move_side(&self, seat: Seat) -> Option<usize> {
        match self.on_move() {
            ToMove::Seats(set) if set.contains(seat) => self.side_of(seat),
            _ => None,
        }
    }

    pub(crate) fn list_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.phase == Phase::Challenge {
            if matches!(self.on_move(), ToMove::Seats(set) if set.contains(seat)) {
                out.extend(self.challengeable(seat).map(Action::Challenge));
            }
            return;
        }
        let Some(side) = self.on_move_side(seat).and_then(|k| self.side(k)) else {
            return;
        };
        match self.phase {
            Phase::Knights => {
                out.extend([
                    Action::Knight(KnightChoice::Keep),
                    Action::Knight(KnightChoice::Replace),
                ]);
            }
            Phase::Place => {
                if let Some(slot) = side.next_slot() {
                    // Each rank once, lowest first.
                    let mut cards = [0u8; SLOTS];
                    let held = side.held();
                    if let Some(sorted) = cards.get_mut(..held.len()) {
                        sorted.copy_from_slice(held);
                        sorted.sort_unstable();
                        let mut last = None;
                        for &card in sorted.iter() {
                            if last != Some(card) {
                                out.push(Action::Place(Placement::new(slot, card)));
                                last = Some(card);
                            }
                        }
                    }
                }
            }
            Phase::Aim => out.extend(Slot::ALL.map(Action::Aim)),
            Phase::Gear => out.extend(Gear::ALL.map(Action::Gear)),
            Phase::Push => {
                let all = rolled_mask(side.d12_count);
                out.extend((1..=all).map(|m| Action::Push(DiceMask(m))));
                out.push(Action::KeepRoll);
            }
            _ => {}
        }
    }

    /// Seats `challenger` may challenge: every other seat still in the event.
    fn challengeable(&self, challenger: Seat) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seat_count())
            .map(Seat::new)
            .filter(move |&s| s != challenger && self.in_event(s))
    }

    pub(crate) fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Told,
    ) -> Result<(), RuleError> {
        self.on_move().check_action(seat)?;
        if self.phase == Phase::Challenge {
            return match *action {
                Action::Challenge(target) if target == seat => {
                    Err(RuleError::illegal("you cannot challenge yourself"))
                }
                Action::Challenge(target) if !self.seat_ok(target) => Err(RuleError::illegal(
                    format!("there is no {target} at this table"),
                )),
                Action::Challenge(target) if !self.in_event(target) => Err(RuleError::illegal(
                    format!("{target} has no knights left and is out of the event"),
                )),
                Action::Challenge(target) => {
                    self.begin_pass(seat, target, ev);
                    Ok(())
                }
                _ => Err(self.wrong_action()),
            };
        }
        let k = self.side_of(seat).ok_or(RuleError::NotOnMove(seat))?;
        let side = *self.side(k).ok_or(RuleError::NotOnMove(seat))?;
        match (self.phase, *action) {
            (Phase::Knights, Action::Knight(choice)) => {
                self.commit(k, |s| s.choice = Some(choice), ev);
            }
            (Phase::Place, Action::Place(Placement { slot, card })) => {
                let Some(next) = side.next_slot() else {
                    return Err(RuleError::illegal("you have no cards left to place"));
                };
                if slot != next {
                    return Err(RuleError::illegal(format!(
                        "the {next} comes next: cards go on the head, body, left arm and \
                         right arm in that order, and the last one on the shield"
                    )));
                }
                if !side.held().contains(&card) {
                    return Err(RuleError::illegal(format!(
                        "you hold no {card}: your cards are {}",
                        list_cards(side.held())
                    )));
                }
                let Some(s) = self.duel.sides.get_mut(k) else {
                    return Err(RuleError::NotOnMove(seat));
                };
                s.place(card);
                if s.hand_len == 0 {
                    let shield = s.card(Slot::Shield);
                    ev.only(seat, || Event::ShieldCard { seat, card: shield });
                    self.commit(k, |_| {}, ev);
                }
            }
            (Phase::Aim, Action::Aim(slot)) => self.commit(k, |s| s.aim = Some(slot), ev),
            (Phase::Gear, Action::Gear(gear)) => self.commit(k, |s| s.gear = Some(gear), ev),
            (Phase::Push, Action::Push(mask)) => {
                let rolled = rolled_mask(side.d12_count);
                if mask.is_empty() {
                    return Err(RuleError::illegal(
                        "name at least one jousting die to push, or keep the roll",
                    ));
                }
                if mask.0 & !rolled != 0 {
                    return Err(RuleError::illegal(format!(
                        "you rolled only {} this pass",
                        plural(side.d12_count, "jousting die", "jousting dice")
                    )));
                }
                self.push(k, mask, ev);
            }
            (Phase::Push, Action::KeepRoll) => {
                if let Some(s) = self.duel.sides.get_mut(k) {
                    s.push = Some(DiceMask(0));
                }
                self.next_pusher(ev);
            }
            _ => return Err(self.wrong_action()),
        }
        Ok(())
    }

    fn wrong_action(&self) -> RuleError {
        RuleError::illegal(match self.phase {
            Phase::Challenge => "choose a seat to challenge",
            Phase::Knights => "choose whether to keep your knight or send a fresh one",
            Phase::Place => "place your cards on the slots, one at a time",
            Phase::Aim => "choose where to aim",
            Phase::Gear => "choose your mount and lance",
            Phase::Push => "push some jousting dice or keep the roll",
            _ => "nothing is to be decided now",
        })
    }

    /// Records a simultaneous choice; the last one to commit triggers the reveal.
    fn commit(&mut self, k: usize, choose: impl FnOnce(&mut Side), ev: &mut Told) {
        if let Some(side) = self.duel.sides.get_mut(k) {
            choose(side);
            side.done = true;
        }
        if self.duel.sides.iter().all(|s| s.done) {
            match self.phase {
                Phase::Knights => self.reveal_knights(ev),
                Phase::Place => self.enter(Phase::Aim),
                Phase::Aim => self.reveal_aims(ev),
                Phase::Gear => {
                    for side in self.duel.sides {
                        if let Some(gear) = side.gear {
                            ev.everyone(|| Event::Gear {
                                seat: side.seat,
                                gear,
                            });
                        }
                    }
                    self.enter_roll();
                }
                _ => {}
            }
        }
    }

    /// Starts a simultaneous phase with both duelists owing a choice.
    pub(crate) fn enter(&mut self, phase: Phase) {
        self.phase = phase;
        for s in &mut self.duel.sides {
            s.done = false;
        }
    }

    pub(crate) fn start_turn(&mut self, ev: &mut Told) {
        if self.seat_count() >= 3 {
            self.phase = Phase::Challenge;
        } else {
            let opponent = Seat::new(other(self.turn.index()));
            self.begin_pass(self.turn, opponent, ev);
        }
    }

    fn begin_pass(&mut self, challenger: Seat, challenged: Seat, ev: &mut Told) {
        let pass = self.passes.saturating_add(1);
        ev.everyone(|| Event::PassBegins {
            pass,
            challenger,
            challenged,
        });
        self.duel.sides = [Side::new(challenger), Side::new(challenged)];
        self.duel.cursor = 0;
        self.duel.reroll = 0;
        let knights = self.config.knights_per_player;
        for k in 0..2 {
            let seat = self.duel.at(k).seat;
            let Some(p) = self.player_mut(seat) else {
                continue;
            };
            // Only a standing knight with a fresh one behind it leaves a choice.
            let choose = p.knight.is_some() && p.fresh(knights) > 0;
            if p.knight.is_none() && p.fresh(knights) > 0 {
                p.send_fresh();
                let knight = p.sent;
                ev.everyone(|| Event::KnightSent {
                    seat,
                    knight,
                    withdrawn: None,
                });
            }
            let number = p.knight.map_or(0, |n| n.number);
            let side = self.duel.at_mut(k);
            side.done = !choose;
            side.knight = number;
        }
        if self.duel.sides.iter().all(|s| s.done) {
            self.phase = Phase::Draw;
        } else {
            self.phase = Phase::Knights;
        }
    }

    fn reveal_knights(&mut self, ev: &mut Told) {
        for k in 0..2 {
            let side = *self.duel.at(k);
            let seat = side.seat;
            let Some(p) = self.player_mut(seat) else {
                continue;
            };
            match side.choice {
                Some(KnightChoice::Replace) => {
                    let withdrawn = p.knight.map(|n| n.number);
                    p.send_fresh();
                    let number = p.knight.map_or(0, |n| n.number);
                    self.duel.at_mut(k).knight = number;
                    ev.everyone(|| Event::KnightSent {
                        seat,
                        knight: number,
                        withdrawn,
                    });
                }
                Some(KnightChoice::Keep) => {
                    if let Some(n) = p.knight {
                        ev.everyone(|| Event::KnightKept {
                            seat,
                            knight: n.number,
                            minor: n.minor,
                            major: n.major,
                        });
                    }
                }
                None => {}
            }
        }
        self.phase = Phase::Draw;
        self.duel.cursor = 0;
    }

    fn reveal_aims(&mut self, ev: &mut Told) {
        let [a, b] = self.duel.sides;
        let [challenger, challenged] = &mut self.duel.sides;
        if let Some(slot) = a.aim {
            challenged.face_up |= slot.bit();
        }
        if let Some(slot) = b.aim {
            challenger.face_up |= slot.bit();
        }
        for (me, them) in [(a, b), (b, a)] {
            if let Some(slot) = me.aim {
                ev.everyone(|| Event::Aim {
                    seat: me.seat,
                    opponent: them.seat,
                    slot,
                    target: them.card(slot),
                });
            }
        }
        self.enter(Phase::Gear);
    }

    fn enter_roll(&mut self) {
        for k in 0..2 {
            let seat = self.duel.at(k).seat;
            let (gift, knight) = match self.player_mut(seat) {
                Some(p) => (std::mem::take(&mut p.gift), p.knight),
                None => (false, None),
            };
            let side = self.duel.at_mut(k);
            side.d12_count = crate::content::JOUSTING_DICE.saturating_add(u8::from(gift));
            if let Some(kn) = knight {
                side.minor_dice = kn.minor;
                side.major_dice = kn.major;
            }
        }
        self.phase = Phase::Roll;
        self.duel.cursor = 0;
    }

    /// Net successes of side `k` so far (pushes included, bonus die not).
    fn net_so_far(&self, k: usize) -> u8 {
        let Some(side) = self.side(k) else { return 0 };
        let t = side.tally(self.target(k));
        dice::net(
            t.successes,
            dice::snakes(&side.minor_faces, &side.major_faces),
        )
    }

    pub(crate) fn enter_push(&mut self) {
        // Fewer net successes decides first; on a tie, the challenger.
        let first = u8::from(self.net_so_far(1) < self.net_so_far(0));
        self.duel.cursor = first;
        self.phase = Phase::Push;
    }

    fn push(&mut self, k: usize, mask: DiceMask, ev: &mut Told) {
        let fourth = self.config.fourth_minor_becomes_major;
        let seat = self.duel.at(k).seat;
        let took = match self.player_mut(seat).and_then(|p| p.knight.as_mut()) {
            Some(knight) => {
                let took = knight.take_minor(fourth);
                let number = knight.number;
                ev.everyone(|| Event::PushInjury {
                    seat,
                    knight: number,
                    injury: took,
                });
                took
            }
            None => Injury::None,
        };
        if let Some(side) = self.duel.sides.get_mut(k) {
            side.push = Some(mask);
            side.push_injury = took;
            if took == Injury::Major {
                side.injury_rolls_left = side.injury_rolls_left.saturating_add(1);
            }
        }
        self.duel.reroll = mask.0;
        self.phase = Phase::Reroll;
    }

    pub(crate) fn next_pusher(&mut self, ev: &mut Told) {
        let next = other(usize::from(self.duel.cursor));
        if self.duel.at(next).push.is_none() {
            self.duel.cursor = next as u8;
            self.phase = Phase::Push;
        } else {
            self.next_bonus(ev);
        }
    }

    fn needs_bonus(&self, k: usize) -> bool {
        self.side(k).is_some_and(|s| {
            s.bonus == 0
                && s.aim == Some(Slot::Shield)
                && s.gear.is_some_and(|g| g.lance == Lance::War)
                && self.net_so_far(k) >= STRONG
        })
    }

    pub(crate) fn next_bonus(&mut self, ev: &mut Told) {
        match (0..2).find(|&k| self.needs_bonus(k)) {
            Some(k) => {
                self.duel.cursor = k as u8;
                self.phase = Phase::Bonus;
            }
            None => self.resolve_pass(ev),
        }
    }

    fn resolve_pass(&mut self, ev: &mut Told) {
        let mut counts = [Count {
            net: 0,
            ones: 0,
            aim: Slot::Shield,
            gear: Gear::ALL[0],
        }; 2];
        for (k, count) in counts.iter_mut().enumerate() {
            let target = self.target(k);
            let side = self.duel.at_mut(k);
            let t = side.tally(target);
            let bonus = dice::successes(side.bonus, target, side.flying());
            side.successes = t.successes.saturating_add(bonus);
            side.snakes = dice::snakes(&side.minor_faces, &side.major_faces);
            side.net = dice::net(t.successes, side.snakes).saturating_add(bonus);
            side.ones = t.ones.saturating_add(u8::from(side.bonus == 1));
            *count = Count {
                net: side.net,
                ones: side.ones,
                aim: side.aim.unwrap_or(Slot::Shield),
                gear: side.gear.unwrap_or(Gear::ALL[0]),
            };
        }
        let scoring = self.config.scoring;
        let effects = pass::resolve(counts, &scoring);
        let fourth = self.config.fourth_minor_becomes_major;
        for (k, e) in effects.into_iter().enumerate() {
            let seat = self.duel.at(k).seat;
            if let Some(p) = self.player_mut(seat) {
                p.points = p.points.saturating_add(e.points);
                p.gift = e.gift;
            }
            let side = self.duel.at_mut(k);
            side.fumble = e.fumble;
            side.points = e.points;
            side.dismounted = e.dismounted;
            side.gift = e.gift;
            side.dealt = e.deals;
        }
        if ev.is_on() {
            self.tell_scores(counts, ev);
        }
        // Injuries land on knights still on their horses; a fallen knight is
        // out anyway.
        for (k, e) in effects.into_iter().enumerate() {
            let victim = *self.duel.at(other(k));
            if victim.dismounted {
                self.duel.at_mut(other(k)).injury_rolls_left = 0;
                self.duel.at_mut(k).dealt = Injury::None;
                continue;
            }
            let by = self.duel.at(k).seat;
            let took = match self.player_mut(victim.seat).and_then(|p| p.knight.as_mut()) {
                Some(knight) => {
                    let took = knight.take(e.deals, fourth);
                    if e.deals != Injury::None {
                        let kn = *knight;
                        ev.everyone(|| Event::InjuryDealt {
                            by,
                            seat: victim.seat,
                            knight: kn.number,
                            dealt: e.deals,
                            took,
                            minor: kn.minor,
                            major: kn.major,
                        });
                    }
                    took
                }
                None => Injury::None,
            };
            self.duel.at_mut(k).dealt = took;
            if took == Injury::Major {
                let v = self.duel.at_mut(other(k));
                v.injury_rolls_left = v.injury_rolls_left.saturating_add(1);
            }
        }
        for side in self.duel.sides {
            if side.gift {
                ev.everyone(|| Event::GiftEarned { seat: side.seat });
            }
        }
        self.next_injury_roll(ev);
    }

    /// The counts, points and falls of the pass just resolved, for the log.
    fn tell_scores(&self, counts: [Count; 2], ev: &mut Told) {
        let scoring = self.config.scoring;
        for (k, count) in counts.into_iter().enumerate() {
            let (me, them) = (self.duel.at(k), self.duel.at(other(k)));
            let gains = pass::gains(count, &scoring);
            let total = self.points(me.seat);
            ev.everyone(|| Event::Scored {
                seat: me.seat,
                opponent: them.seat,
                aim: count.aim,
                target: self.target(k),
                successes: me.successes,
                snakes: me.snakes,
                net: me.net,
                ones: me.ones,
                gift_dice: GiftDice::of(&me.d12, me.d12_count),
                fumble: me.fumble,
                hit: gains.hit,
                lance: gains.lance,
                unhorse: gains.unhorse,
                fell: me.dismounted,
                points: me.points,
                total,
            });
        }
        for k in 0..2 {
            let me = self.duel.at(k);
            let by_net = pick(&counts, other(k)).net;
            if let Some(cause) = pass::fall(*pick(&counts, k), by_net) {
                ev.everyone(|| Event::Unhorsed {
                    seat: me.seat,
                    knight: me.knight,
                    cause,
                    by_net,
                });
            }
        }
    }

    pub(crate) fn next_injury_roll(&mut self, ev: &mut Told) {
        match self.duel.sides.iter().position(|s| s.injury_rolls_left > 0) {
            Some(k) => {
                self.duel.cursor = k as u8;
                self.duel.at_mut(k).begin_injury_roll();
                self.phase = Phase::InjuryRoll;
                self.tell_injury_roll(k, ev);
            }
            None => self.finish_pass(ev),
        }
    }

    /// A roll of side `k`'s whole injury pool is about to begin.
    pub(crate) fn tell_injury_roll(&self, k: usize, ev: &mut Told) {
        let Some(side) = self.side(k) else { return };
        let pool = self.pool(k);
        // Every roll finished so far rolled the whole pool.
        let rolled: u8 = side
            .injury_roll_faces
            .iter()
            .fold(0, |a, &n| a.saturating_add(n));
        let done = rolled.checked_div(pool).unwrap_or(0);
        ev.everyone(|| Event::InjuryRollDue {
            seat: side.seat,
            knight: side.knight,
            dice: pool,
            roll: done.saturating_add(1),
            of: done.saturating_add(side.injury_rolls_left),
        });
    }

    /// Dice in the pool of side `k`'s knight.
    pub(crate) fn pool(&self, k: usize) -> u8 {
        self.side(k)
            .and_then(|s| self.knight(s.seat))
            .map_or(0, |kn| kn.pool())
    }
}

/// The jousting dice a roll of `count` showed, a bit each (at most three).
fn rolled_mask(count: u8) -> u8 {
    // 1 << count is at least 1, so this never saturates.
    (1u8 << count.min(3)).saturating_sub(1)
}

fn list_cards(cards: &[u8]) -> String {
    let shown: Vec<String> = cards
        .iter()
        .filter(|&&c| c != 0)
        .map(|c| c.to_string())
        .collect();
    shown.join(", ")
}
