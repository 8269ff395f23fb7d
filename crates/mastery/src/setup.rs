//! Setting up: the map dealt from the value piles, Relics dealt, starting
//! knights placed, opening hands drawn, the starting player drawn.

use crate::actions::Action;
use crate::cards::full_deck;
use crate::config::{Config, StartingKnights};
use crate::content::{HOMELAND, MAX_CELLS, RelicKind, TILE_KINDS, TILES};
use crate::events::{Ev, Event, Stationed};
use crate::ids::Cell;
use crate::map::bits;
use crate::state::{NONE, Phase, Place, Player, State};
use tourney_core::{Events, Game, Pile, Seat, SetupError};

/// Knights every player starts with; Chaos adds as many again to the castle.
const STARTING_KNIGHTS: u8 = 6;
/// Cards in an opening hand and the hand a combatant draws up to.
pub(crate) const HAND: u8 = 5;

impl State {
    pub fn new(config: &Config, seats: usize) -> Result<State, SetupError> {
        <crate::Mastery as Game>::INFO.check_seats(seats)?;
        config.validate(seats)?;
        let mut counts = [0u8; TILE_KINDS];
        for (c, t) in counts.iter_mut().zip(TILES.iter()) {
            *c = t.count;
        }
        let player = Player {
            deck: full_deck(),
            relics: [NONE; 3],
            ..Player::default()
        };
        let mut state = State {
            config: config.clone(),
            players: seats as u8,
            places: [Place::default(); MAX_CELLS],
            tiles: Pile::from_counts(counts),
            relics_left: (1 << 18) - 1,
            seats: std::array::from_fn(|i| {
                if i < seats {
                    player.clone()
                } else {
                    Player::default()
                }
            }),
            starter: NONE,
            turn_no: 0,
            rounds: 0,
            phase: Phase::DealTiles { next: 0 },
            draw: None,
            peek: None,
            last_combat: None,
        };
        // Nobody listens before the game exists; the first steps are chance.
        state.advance(&mut Events::off());
        Ok(state)
    }

    /// A seat's homelands, in map order.
    pub fn homelands(&self, seat: Seat) -> impl Iterator<Item = Cell> + '_ {
        let map = self.map();
        bits(map.homelands)
            .filter(move |&c| self.cell_info(c).is_some_and(|i| i.seat == Some(seat)))
    }

    pub(crate) fn settle_setup(&mut self, ev: &mut Ev) -> bool {
        let n = self.players;
        match self.phase {
            Phase::DealTiles { next } if usize::from(next) >= self.map().deal_order.len() => {
                // Homelands are not dealt: they are all alike and lie next to the castles.
                for cell in bits(self.map().homelands) {
                    self.place_mut(cell).tile = HOMELAND;
                    let _ = self.tiles.take(usize::from(HOMELAND));
                }
                self.phase = Phase::DealRelics { next: 0 };
                true
            }
            Phase::DealRelics { next } if next >= n.saturating_mul(3) => {
                self.phase = match self.config.starting_knights {
                    StartingKnights::Choice => Phase::Split { seat: Seat(0) },
                    StartingKnights::Even => {
                        for seat in self.table_seats() {
                            self.place_evenly(seat, ev);
                        }
                        Phase::Opening { seat: Seat(0) }
                    }
                };
                true
            }
            Phase::Split { seat } if seat.0 >= n => {
                self.phase = Phase::Opening { seat: Seat(0) };
                true
            }
            Phase::Split { seat } if self.homelands(seat).next().is_none() => {
                self.place_start(seat, [0, 0], ev);
                self.phase = Phase::Split { seat: next(seat) };
                true
            }
            Phase::Opening { seat } if seat.0 < n => {
                self.start_draw(seat, HAND, 0);
                self.phase = Phase::Opening { seat: next(seat) };
                true
            }
            Phase::Opening { .. } => {
                self.phase = Phase::Starter;
                true
            }
            _ => false,
        }
    }

    /// The rulebook's even split: 3 and 3 with one homeland, 2, 2 and 2 with
    /// two, all 6 in the castle with none.
    fn place_evenly(&mut self, seat: Seat, ev: &mut Ev) {
        let homes = self.homelands(seat).count() as u8;
        let each = STARTING_KNIGHTS
            .checked_div(homes.saturating_add(1))
            .unwrap_or(0);
        self.place_start(seat, [each, if homes > 1 { each } else { 0 }], ev);
    }

    fn place_start(&mut self, seat: Seat, homes: [u8; 2], ev: &mut Ev) {
        let mut cells = [None; 2];
        for (slot, cell) in cells.iter_mut().zip(self.homelands(seat)) {
            *slot = Some(cell);
        }
        let mut used = 0u8;
        for (cell, knights) in cells.into_iter().zip(homes) {
            let Some(cell) = cell else {
                continue;
            };
            let p = self.place_mut(cell);
            p.set_owner(Some(seat));
            p.knights = knights;
            used = used.saturating_add(knights);
        }
        let chaos = if self.config.chaos {
            STARTING_KNIGHTS
        } else {
            0
        };
        self.player_mut(seat).castle = STARTING_KNIGHTS.saturating_sub(used).saturating_add(chaos);
        ev.everyone(|| Event::StartingKnights {
            seat,
            castle: self.player(seat).castle,
            homelands: self
                .homelands(seat)
                .map(|cell| Stationed {
                    cell,
                    knights: self.place(cell).knights,
                })
                .collect(),
        });
    }

    pub(crate) fn split_actions(&self, seat: Seat, f: &mut dyn FnMut(Action)) {
        match self.homelands(seat).count() {
            1 => (1..=STARTING_KNIGHTS).for_each(|a| f(Action::Split([a, 0]))),
            2 => {
                for a in 1..STARTING_KNIGHTS {
                    for b in 1..=STARTING_KNIGHTS.saturating_sub(a) {
                        f(Action::Split([a, b]));
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn do_split(&mut self, seat: Seat, action: Action, ev: &mut Ev) {
        if let Action::Split(homes) = action {
            self.place_start(seat, homes, ev);
            self.phase = Phase::Split { seat: next(seat) };
        }
    }

    pub(crate) fn deal_tile(&mut self, cell: Cell, tile: u8) {
        if self.tiles.take(usize::from(tile)).is_ok() {
            self.place_mut(cell).tile = tile;
        }
        if let Phase::DealTiles { next } = &mut self.phase {
            *next = next.saturating_add(1);
        }
    }

    pub(crate) fn deal_relic(&mut self, seat: Seat, kind: RelicKind, relic: u8) {
        self.relics_left &= !(1u32.checked_shl(u32::from(relic)).unwrap_or(0));
        *kind.of_mut(&mut self.player_mut(seat).relics) = relic;
        if let Phase::DealRelics { next } = &mut self.phase {
            *next = next.saturating_add(1);
        }
    }
}

/// The seat after `seat` in setup's rounds, which end one past the last
/// seat; a corrupt seat number stays where it is rather than overflow.
fn next(seat: Seat) -> Seat {
    Seat(seat.0.saturating_add(1))
}
