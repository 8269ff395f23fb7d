//! The Maintenance phase: initiative, pawns, reactivation, income, and
//! fresh supports, Journey cards and events for the next round.

use crate::events::{Event, Phase, Sink};
use crate::state::{Glory, MAX_PLAYERS, NONE, SeatSlot, Stage, Task};
use tourney_core::Seat;

impl Glory {
    pub(crate) fn begin_maintenance(&mut self, ev: &mut Sink) {
        self.stage = Stage::Maintenance;
        self.cursor = 0;
        self.tell_phase(Phase::Maintenance, ev);
    }

    pub(crate) fn maintenance_step(&mut self, ev: &mut Sink) {
        let step = self.cursor;
        self.cursor = self.cursor.saturating_add(1);
        match step {
            0 => {
                self.reorder_initiative();
                ev.everyone(|| {
                    let order: Vec<Seat> = self.in_order().collect();
                    Event::Initiative {
                        names: order.iter().map(|&p| self.player_name(p)).collect(),
                        order,
                    }
                });
                self.board.pawns = [[0; MAX_PLAYERS]; 12];
                self.board.initiative = [SeatSlot::EMPTY; MAX_PLAYERS];
                for p in self.ids() {
                    if let Some(c) = self.character_of(p)
                        && let Some(pl) = self.player_mut(p)
                    {
                        pl.refresh();
                        pl.coins = pl.coins.saturating_add(c.income[0]);
                        pl.strength = pl.strength.saturating_add(c.income[1]);
                        pl.faith = pl.faith.saturating_add(c.income[2]);
                        ev.everyone(|| Event::Income {
                            player: p,
                            coins: c.income[0],
                            strength: c.income[1],
                            faith: c.income[2],
                        });
                    }
                }
            }
            // The track, the rows and the events only matter for a round to
            // come: after round 3 only the tournament and the Final Journey
            // are left, so nothing is drawn.
            1 if self.round < 3 => {
                self.board.track = [NONE; 9];
                self.task = Task::Track;
            }
            2 if self.round < 3 => {
                self.board.rows = [[NONE; 4]; 3];
                self.task = Task::Rows;
            }
            3 if self.round == 1 => self.task = Task::Events { upto: 3 },
            1..=3 => {}
            _ => self.begin_registration(ev),
        }
    }

    /// Players who took the Initiative action move to the front in the
    /// order of their pawns; the others keep their order behind them.
    pub(crate) fn reorder_initiative(&mut self) {
        let n = usize::from(self.n());
        let mut next = [SeatSlot::EMPTY; MAX_PLAYERS];
        let front = self.board.initiative.iter().take(n);
        for &p in front.chain(self.order.iter().take(n)) {
            if p.is_empty() || next.contains(&p) {
                continue;
            }
            if let Some(place) = next.iter_mut().take(n).find(|q| q.is_empty()) {
                *place = p;
            }
        }
        self.order = next;
    }
}
