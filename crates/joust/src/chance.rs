//! Chance steps: what the pending die or card can show, and what each
//! outcome does. Every card drawn and every die rolled is its own step, so a
//! record replays exactly and a test can feed the very dice it needs.

use crate::actions::Chance;
use crate::content::{D6_SIDES, D12_SIDES, RANKS, SNAKE, rank_index, rank_of};
use crate::events::{Event, Told, roll_faces};
use crate::slot::SLOTS;
use crate::state::{CardJoust, Phase};
use tourney_core::{RuleError, Seat, Weight};

/// What the pending chance step draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    StartingSeat,
    /// A card from this seat's pile.
    Card(Seat),
    D12,
    D6,
    Nothing,
}

impl CardJoust {
    pub(crate) fn pending(&self) -> Pending {
        match self.phase {
            Phase::StartingPlayer => Pending::StartingSeat,
            Phase::Draw => match self.side(usize::from(self.duel.cursor)) {
                Some(s) => Pending::Card(s.seat),
                None => Pending::Nothing,
            },
            Phase::Roll => match self.side(usize::from(self.duel.cursor)) {
                Some(s) if s.d12_rolled < s.d12_count => Pending::D12,
                Some(_) => Pending::D6,
                None => Pending::Nothing,
            },
            Phase::Reroll | Phase::Bonus => Pending::D12,
            Phase::InjuryRoll => Pending::D6,
            _ => Pending::Nothing,
        }
    }

    /// The pile a card is drawn from: an empty pile takes the discards back first.
    fn draw_pile(&self, seat: Seat) -> tourney_core::Pile<RANKS> {
        let p = self.player(seat).copied().unwrap_or_default();
        if p.pile.is_empty() { p.discard } else { p.pile }
    }
    pub(crate) fn list_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        match self.pending() {
            Pending::StartingSeat => {
                out.extend((0..self.seat_count()).map(|i| (Chance::Seat(Seat::new(i)), 1)));
            }
            Pending::Card(seat) => {
                let pile = self.draw_pile(seat);
                for (i, &c) in pile.counts().iter().enumerate() {
                    if c > 0 {
                        out.push((Chance::Card(rank_of(i)), Weight::from(c)));
                    }
                }
            }
            Pending::D12 => out.extend((1..=D12_SIDES).map(|f| (Chance::D12(f), 1))),
            Pending::D6 => out.extend((1..=D6_SIDES).map(|f| (Chance::D6(f), 1))),
            Pending::Nothing => {}
        }
    }
    pub(crate) fn chance(&mut self, outcome: &Chance, ev: &mut Told) -> Result<(), RuleError> {
        self.on_move().check_chance()?;
        match (self.pending(), *outcome) {
            (Pending::StartingSeat, Chance::Seat(seat)) => {
                if !self.seat_ok(seat) {
                    return Err(RuleError::impossible(format!(
                        "there is no {seat} at this table"
                    )));
                }
                self.turn = seat;
                self.start_turn(ev);
            }
            (Pending::Card(seat), Chance::Card(rank)) => {
                let index = rank_index(rank).ok_or_else(|| {
                    RuleError::impossible(format!("there is no number card {rank} in the pile"))
                })?;
                if self.draw_pile(seat).count(index) == 0 {
                    return Err(RuleError::impossible(format!(
                        "{seat} has no card {rank} left to draw"
                    )));
                }
                self.draw(seat, index, rank, ev);
            }
            (Pending::D12, Chance::D12(face)) => {
                if !(1..=D12_SIDES).contains(&face) {
                    return Err(RuleError::impossible(format!("a d12 cannot show {face}")));
                }
                self.roll_d12(face, ev);
            }
            (Pending::D6, Chance::D6(face)) => {
                if !(1..=D6_SIDES).contains(&face) {
                    return Err(RuleError::impossible(format!("a d6 cannot show {face}")));
                }
                self.roll_d6(face, ev);
            }
            (Pending::Nothing, _) => return Err(RuleError::NoChancePending),
            (pending, _) => {
                return Err(RuleError::impossible(match pending {
                    Pending::StartingSeat => "the starting player is being chosen: give a seat",
                    Pending::Card(_) => "a number card is being drawn: give a card",
                    Pending::D12 => "a jousting d12 is being rolled: give a d12 face",
                    _ => "an injury d6 is being rolled: give a d6 face",
                }));
            }
        }
        Ok(())
    }
    fn draw(&mut self, seat: Seat, index: usize, rank: u8, ev: &mut Told) {
        if let Some(p) = self.player_mut(seat) {
            if p.pile.is_empty() {
                let cards = p.discard.len().min(255) as u8;
                ev.everyone(|| Event::DiscardsShuffled { seat, cards });
                let mut discard = p.discard;
                p.pile.absorb(&mut discard);
                p.discard = discard;
            }
            // Checked by the caller: the card is there.
            let _ = p.pile.take(index);
            ev.only(seat, || Event::CardDrawn { seat, card: rank });
        }
        let k = usize::from(self.duel.cursor);
        let Some(side) = self.duel.sides.get_mut(k) else {
            return;
        };
        if let Some(slot) = side.hand.get_mut(usize::from(side.hand_len)) {
            *slot = rank;
            side.hand_len = side.hand_len.saturating_add(1);
        }
        if usize::from(side.hand_len) >= SLOTS {
            self.duel.cursor = self.duel.cursor.saturating_add(1);
            if self.duel.cursor >= 2 {
                self.enter(Phase::Place);
            }
        }
    }
    fn roll_d12(&mut self, face: u8, ev: &mut Told) {
        let k = usize::from(self.duel.cursor);
        match self.phase {
            Phase::Roll => {
                if let Some(side) = self.duel.sides.get_mut(k)
                    && let Some(die) = side.d12.get_mut(usize::from(side.d12_rolled))
                {
                    *die = face;
                    side.d12_rolled = side.d12_rolled.saturating_add(1);
                }
                self.roll_advance();
            }
            Phase::Reroll => {
                let die = self.duel.reroll.trailing_zeros() as usize;
                if let Some(d) = self.duel.sides.get_mut(k).and_then(|s| s.d12.get_mut(die)) {
                    *d = face;
                }
                self.duel.reroll &= self.duel.reroll.wrapping_sub(1);
                if self.duel.reroll == 0 {
                    self.next_pusher(ev);
                }
            }
            _ => {
                if let Some(side) = self.duel.sides.get_mut(k) {
                    side.bonus = face;
                }
                self.next_bonus(ev);
            }
        }
    }
    fn roll_d6(&mut self, face: u8, ev: &mut Told) {
        let k = usize::from(self.duel.cursor);
        // Faces count from 1; a face 0 (never an outcome) names no count.
        let f = usize::from(face).wrapping_sub(1);
        if self.phase == Phase::Roll {
            if let Some(side) = self.duel.sides.get_mut(k) {
                let faces = if side.injury_rolled < side.minor_dice {
                    &mut side.minor_faces
                } else {
                    &mut side.major_faces
                };
                if let Some(c) = faces.get_mut(f) {
                    *c = c.saturating_add(1);
                }
                side.injury_rolled = side.injury_rolled.saturating_add(1);
            }
            self.roll_advance();
            return;
        }
        let pool = self.pool(k);
        let Some(side) = self.duel.sides.get_mut(k) else {
            return;
        };
        for counts in [&mut side.injury_roll_faces, &mut side.injury_roll_now] {
            if let Some(c) = counts.get_mut(f) {
                *c = c.saturating_add(1);
            }
        }
        side.injury_roll_die = side.injury_roll_die.saturating_add(1);
        let (seat, knight, now) = (side.seat, side.knight, side.injury_roll_now);
        if face == SNAKE {
            side.left_by_injury = true;
            side.injury_rolls_left = 0;
            ev.everyone(|| Event::LeftByInjury {
                seat,
                knight,
                faces: roll_faces(&now),
            });
        } else if side.injury_roll_die >= pool {
            side.begin_injury_roll();
            side.injury_rolls_left = side.injury_rolls_left.saturating_sub(1);
            ev.everyone(|| Event::InjuryRollSurvived {
                seat,
                knight,
                faces: roll_faces(&now),
            });
            if side.injury_rolls_left > 0 {
                self.tell_injury_roll(k, ev);
            }
        }
        if self
            .duel
            .sides
            .get(k)
            .is_none_or(|s| s.injury_rolls_left == 0)
        {
            self.next_injury_roll(ev);
        }
    }

    /// Moves past duelists whose roll is complete; after both, the pushes.
    fn roll_advance(&mut self) {
        while let Some(side) = self.side(usize::from(self.duel.cursor)) {
            let complete =
                side.d12_rolled >= side.d12_count && side.injury_rolled >= side.injury_dice();
            if !complete {
                return;
            }
            self.duel.cursor = self.duel.cursor.saturating_add(1);
        }
        self.enter_push();
    }
}
