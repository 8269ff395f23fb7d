//! The optional rules' hooks that are not part of a single step: Loyalty's
//! teams and Cut-Throat's lost supply lines. (Siege lives in marching and
//! combat, Skirmish in points, Chaos in setup and combat.)

use crate::config::Loyalty;
use crate::events::{Ev, Event};
use crate::map::bits;
use crate::state::State;
use tourney_core::Seat;

impl State {
    /// A seat's team number (under Loyalty); every seat is its own team otherwise.
    pub fn team(&self, seat: Seat) -> u8 {
        match self.config.loyalty {
            Loyalty::Off => seat.0,
            // Partners sit opposite each other.
            Loyalty::Pairs => seat.0.checked_rem(self.players / 2).unwrap_or(0),
            // Teams alternate round the table.
            Loyalty::Triples => seat.0 % 2,
        }
    }

    pub fn teammates(&self, a: Seat, b: Seat) -> bool {
        a != b && self.config.loyalty != Loyalty::Off && self.team(a) == self.team(b)
    }

    /// Whether `a` may act against `b` (Destroy their Relics, for instance).
    pub fn opponents(&self, a: Seat, b: Seat) -> bool {
        a != b && !self.teammates(a, b)
    }

    /// Cut-Throat: knights in territories without a supply line are removed
    /// from the map at once (they do not retreat). Returns whether any were.
    pub fn cut_supply_lines(&mut self, ev: &mut Ev) -> bool {
        if !self.config.cut_throat {
            return false;
        }
        let mut any = false;
        for seat in self.table_seats() {
            let stranded = self.owned(seat) & !self.supplied(seat);
            for cell in bits(stranded) {
                let p = self.place_mut(cell);
                let knights = p.knights;
                p.set_owner(None);
                p.knights = 0;
                any = true;
                ev.everyone(|| Event::SupplyCut {
                    seat,
                    cell,
                    knights,
                    points: self.points(seat),
                });
            }
        }
        any
    }
}
