//! Marching: knights leave the castle for one territory the player does not
//! control. An empty territory is conquered at once; a held one is fought over.

use crate::actions::Action;
use crate::content::Conquest;
use crate::events::{Ev, Event};
use crate::ids::Cell;
use crate::state::{PER_DIE, Stage, State};
use tourney_core::Seat;

impl State {
    /// Most knights a march into `cell` can take (0: none can go).
    pub(crate) fn largest_march(&self, seat: Seat, cell: Cell) -> u8 {
        let castle = self.player(seat).castle;
        let most = castle.min(self.march_capacity(cell));
        // Knights on the march need a die of their own.
        if most > 0 && self.castle_fits(seat, castle.saturating_sub(most), 1) {
            most
        } else {
            0
        }
    }

    fn march_capacity(&self, cell: Cell) -> u8 {
        if self.castle_owner(cell).is_some() {
            PER_DIE
        } else {
            self.capacity(cell)
        }
    }

    pub(crate) fn send_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        let Some(Stage::MarchSize { target }) = self.turn().map(|t| &t.stage) else {
            return;
        };
        let castle = self.player(seat).castle;
        for n in 1..=self.largest_march(seat, *target) {
            if self.castle_fits(seat, castle.saturating_sub(n), 1) {
                f(Action::Send(n));
            }
        }
        f(Action::Back);
    }

    pub(crate) fn do_send(&mut self, seat: Seat, action: Action, ev: &mut Ev) {
        let Some(Stage::MarchSize { target }) = self.turn().map(|t| t.stage.clone()) else {
            return;
        };
        match action {
            Action::Back => {
                if let Some(t) = self.turn_mut() {
                    t.withdrawn |= target.bit();
                }
                self.set_stage(Stage::Free);
            }
            Action::Send(n) => self.march(seat, target, n, ev),
            _ => {}
        }
    }

    pub(crate) fn march(&mut self, seat: Seat, cell: Cell, knights: u8, ev: &mut Ev) {
        let p = self.player_mut(seat);
        p.castle = p.castle.saturating_sub(knights);
        self.round_marched();
        self.set_stage(Stage::Free);
        if let Some(defender) = self.castle_owner(cell) {
            self.start_combat(seat, cell, defender, knights, ev);
            return;
        }
        match self
            .place(cell)
            .owner()
            .filter(|o| o.index() < self.seat_count())
        {
            Some(owner) => self.start_combat(seat, cell, owner, knights, ev),
            None => {
                self.conquer(seat, cell, knights, true, ev);
                self.territory_changed(ev);
            }
        }
    }

    /// `seat` takes `cell` with `knights` and applies its effect;
    /// `by_march`: by the march into it, not by a combat won.
    pub(crate) fn conquer(
        &mut self,
        seat: Seat,
        cell: Cell,
        knights: u8,
        by_march: bool,
        ev: &mut Ev,
    ) {
        let p = self.place_mut(cell);
        p.set_owner(Some(seat));
        p.knights = knights;
        let tile = self.tile_at(cell);
        ev.everyone(|| Event::Conquered {
            seat,
            cell,
            tile: tile.map_or("Territory", |t| t.name).to_string(),
            worth: self.worth(cell),
            knights,
            points: self.points(seat),
            by_march,
        });
        let Some(tile) = tile else {
            return;
        };
        match tile.conquest {
            Conquest::ExtraKnight => {
                self.gain_knights(seat, 1, tile.name, false, ev);
            }
            Conquest::LoseKnight => {
                let p = self.place_mut(cell);
                if p.knights >= 2 {
                    p.knights = p.knights.saturating_sub(1);
                    let left = p.knights;
                    ev.everyone(|| Event::KnightLost {
                        seat,
                        cell,
                        by: tile.name.to_string(),
                        by_seat: None,
                        left,
                        at_once: false,
                    });
                } else {
                    ev.everyone(|| Event::NoEffect {
                        seat,
                        source: tile.name.to_string(),
                        why: "a territory keeps its last knight".to_string(),
                    });
                }
            }
            Conquest::None => {}
        }
    }

    /// After territories change hands: Cut-Throat, then the goal.
    pub(crate) fn territory_changed(&mut self, ev: &mut Ev) {
        self.cut_supply_lines(ev);
        self.check_goal(ev);
    }

    pub(crate) fn why_not_march(&self, seat: Seat, cell: Cell) -> Option<String> {
        if self.turn().is_some_and(|t| t.marched) {
            return Some(
                "you have already marched; you march once a turn, and once more for each Tactical March or Crown of Command"
                    .into(),
            );
        }
        if self.turn().is_some_and(|t| t.withdrawn & cell.bit() != 0) {
            return Some(format!(
                "you took back the march into {cell}; it is not offered again before your next march, so choose another target"
            ));
        }
        if self.player(seat).castle == 0 {
            return Some("there are no knights in your castle to march".into());
        }
        if self.owned(seat) & cell.bit() != 0 {
            return Some(format!("you already control {cell}"));
        }
        if self.march_targets(seat) & cell.bit() == 0 {
            return Some(format!(
                "{cell} is not next to your castle, your territories with a supply line, or a lake they border"
            ));
        }
        None
    }
}
