//! Arranging a position by hand, for scenario tests, tutorials and puzzles.
//!
//! These methods bypass the rules' history (a real game reaches a position
//! only through actions and chance steps) but keep the state whole: card
//! counts stay at eighteen per player, every seat, cell, tile and Relic
//! exists, and they are only accepted between steps of a turn (not during a
//! combat, a Crown answer or a draw), so the game carries on from them
//! under the normal rules.

use crate::cards::{Card, Cards};
use crate::content::{RELICS, TILES};
use crate::game::Mastery;
use crate::ids::Cell;
use crate::state::{NONE, Phase, Stage};
use tourney_core::Seat;

impl Mastery {
    fn arrangeable(&self) -> Result<(), String> {
        let s = &self.0;
        match &s.phase {
            Phase::Turn(t)
                if s.draw.is_none()
                    && s.peek.is_none()
                    && t.crown.is_none()
                    && t.stage == Stage::Free =>
            {
                Ok(())
            }
            _ => Err("positions can be arranged only between the steps of a turn".into()),
        }
    }

    fn check_seat(&self, seat: Seat) -> Result<Seat, String> {
        if seat.index() < self.0.seat_count() {
            Ok(seat)
        } else {
            Err(format!("{seat} is not at the table"))
        }
    }

    /// Puts `knights` knights of `owner` on a territory (no owner: empty).
    pub fn set_knights(
        &mut self,
        cell: Cell,
        owner: Option<Seat>,
        knights: u8,
    ) -> Result<(), String> {
        self.arrangeable()?;
        if !self.0.is_territory(cell) {
            return Err(format!("{cell} is not a territory"));
        }
        let owner = match owner {
            Some(s) => Some(self.check_seat(s)?),
            None => None,
        };
        if owner.is_none() != (knights == 0) || knights > self.0.capacity(cell) {
            return Err(
                "a held territory has 1 knight up to its capacity, an empty one none".into(),
            );
        }
        let p = self.0.place_mut(cell);
        p.set_owner(owner);
        p.knights = knights;
        Ok(())
    }

    /// Puts `knights` knights in a seat's castle.
    pub fn set_castle(&mut self, seat: Seat, knights: u8) -> Result<(), String> {
        self.arrangeable()?;
        let s = self.check_seat(seat)?;
        self.0.player_mut(s).castle = knights;
        Ok(())
    }

    /// Lays the tile with this id (`"city_3"`) on a territory.
    pub fn set_tile(&mut self, cell: Cell, tile: &str) -> Result<(), String> {
        self.arrangeable()?;
        if !self.0.is_territory(cell) {
            return Err(format!("{cell} is not a territory"));
        }
        let id = TILES
            .iter()
            .position(|t| t.id == tile)
            .ok_or_else(|| format!("no tile `{tile}`"))?;
        self.0.place_mut(cell).tile = id as u8;
        Ok(())
    }

    /// Gives `seat` this Relic (by id), swapping it with whoever held it.
    pub fn set_relic(&mut self, seat: Seat, relic: &str) -> Result<(), String> {
        self.arrangeable()?;
        let s = self.check_seat(seat)?;
        let (id, kind) = RELICS
            .iter()
            .enumerate()
            .find(|(_, r)| r.id == relic)
            .map(|(id, r)| (id as u8, r.kind))
            .ok_or_else(|| format!("no relic `{relic}`"))?;
        let old = *kind.of(&self.0.player(s).relics);
        for other in self.0.table_seats() {
            let held = kind.of_mut(&mut self.0.player_mut(other).relics);
            if *held == id {
                *held = old;
            }
        }
        if self.0.relics_left >> id & 1 == 1 {
            self.0.relics_left &= !(1 << id);
            if old != NONE {
                self.0.relics_left |= 1 << old;
            }
        }
        let p = self.0.player_mut(s);
        *kind.of_mut(&mut p.relics) = id;
        *kind.of_mut(&mut p.down) = None;
        *kind.of_mut(&mut p.down_by) = None;
        Ok(())
    }

    /// Turns a seat's Relic face down as if destroyed on the current turn.
    pub fn set_face_down(
        &mut self,
        seat: Seat,
        kind: crate::content::RelicKind,
    ) -> Result<(), String> {
        self.arrangeable()?;
        let s = self.check_seat(seat)?;
        let now = self.0.turn_no;
        let p = self.0.player_mut(s);
        *kind.of_mut(&mut p.down) = Some(now);
        // Turned down by nobody in the game: no report names a cause.
        *kind.of_mut(&mut p.down_by) = None;
        Ok(())
    }

    /// Sets a seat's hand and discard pile; every other card of its deck
    /// goes to the (unordered) deck.
    pub fn set_cards(&mut self, seat: Seat, hand: &[Card], discard: &[Card]) -> Result<(), String> {
        self.arrangeable()?;
        let s = self.check_seat(seat)?;
        let mut deck = crate::cards::full_deck();
        let mut take = |cards: &[Card]| -> Result<Cards, String> {
            let mut pile = Cards::default();
            for c in cards {
                deck.take(c.index())
                    .map_err(|_| format!("a deck has no more {}", c.name()))?;
                pile.put(c.index());
            }
            Ok(pile)
        };
        let hand = take(hand)?;
        let discard = take(discard)?;
        let p = self.0.player_mut(s);
        p.hand = hand;
        p.discard = discard;
        p.deck = deck;
        p.top = [None; crate::state::PEEK];
        Ok(())
    }
}
