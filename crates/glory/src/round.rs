//! The Action phase: the round's event, then pawns placed one at a time in
//! initiative order on the action spaces.

use crate::actions::{Action, Gear, Space};
use crate::content::{CIRCLES, EventKind, JourneyType, MARKET, PAWNS, Support, TRACK};
use crate::events::{Event, Sink};
use crate::state::{Glory, NONE, SeatSlot, Stage, Task, round_index};
use tourney_core::Seat;

/// Coins, Strength and Faith the plain action spaces give.
fn plain_gain(space: Space) -> Option<[u8; 3]> {
    match space {
        Space::Training => Some([0, 3, 0]),
        Space::Prayer => Some([0, 0, 3]),
        Space::Service => Some([3, 0, 0]),
        Space::Patrol => Some([2, 0, 0]),
        Space::WarmUp => Some([0, 2, 0]),
        _ => None,
    }
}

impl Glory {
    pub(crate) fn event_kind(&self) -> Option<EventKind> {
        let id = self.board.events.get(round_index(self.round))?;
        crate::content::event(*id).map(|e| e.kind)
    }

    /// Round `round` begins: the event's effects, then the Action phase.
    pub(crate) fn begin_round(&mut self, round: u8, ev: &mut Sink) {
        self.round = round.clamp(1, 3);
        let kind = self.event_kind();
        for p in self.ids() {
            if let Some(pl) = self.player_mut(p) {
                pl.pawns = PAWNS;
                pl.placed = 0;
                pl.initiative = false;
                match kind {
                    Some(EventKind::BountifulHarvest) => pl.coins = pl.coins.saturating_add(2),
                    Some(EventKind::RoyalWedding) => pl.strength = pl.strength.saturating_add(2),
                    Some(EventKind::War) => pl.coins = pl.coins.saturating_sub(2),
                    Some(EventKind::ToArms) => pl.pawns = PAWNS.saturating_sub(1),
                    _ => {}
                }
            }
        }
        self.board.event_support = NONE;
        if matches!(kind, Some(EventKind::Recruitment | EventKind::Volunteer)) {
            self.task = Task::EventSupport;
        }
        self.stage = Stage::Actions;
        self.cursor = 0;
        self.shuffle_automa();
        ev.everyone(|| {
            let card = self
                .board
                .events
                .get(round_index(self.round))
                .copied()
                .and_then(|id| crate::content::event(id).map(|e| (id, e)));
            Event::RoundBegins {
                round: self.round,
                event: card.map(|(id, _)| id),
                name: card.map(|(_, e)| e.name.to_string()),
                effect: card.map(|(_, e)| crate::events::event_effect(e.kind)),
            }
        });
    }

    /// The next player in initiative order with a pawn left places one.
    pub(crate) fn actions_step(&mut self, ev: &mut Sink) {
        let n = self.n();
        for i in 0..n {
            let idx = self.place_after(self.cursor, i);
            if let Some(p) = self.at_place(idx)
                && self.player(p).is_some_and(|pl| pl.placed < pl.pawns)
            {
                self.cursor = self.place_after(idx, 1);
                if self.is_otto(p) {
                    self.otto_turn(ev);
                } else {
                    self.task = Task::Place { player: p };
                }
                return;
            }
        }
        self.begin_journey(crate::state::JourneyPhase::Normal, ev);
    }

    /// Whether a circle of `space` is still free.
    pub(crate) fn space_free(&self, space: Space) -> bool {
        let used: u32 = self.pawns_on(space).iter().map(|&c| u32::from(c)).sum();
        let cap = match space {
            Space::Initiative => u32::from(self.n()),
            Space::Event => 1,
            s => match CIRCLES.get(s.index()).copied().flatten() {
                Some(c) => u32::from(self.for_table_size(c)),
                None => u32::MAX,
            },
        };
        used < cap
    }

    pub(crate) fn market_price(&self, p: Seat, gear: Gear) -> Option<u8> {
        let pl = self.player(p)?;
        let level = match gear {
            Gear::Mount => pl.mount,
            Gear::Armor => pl.armor,
        };
        let prices = MARKET.get(gear as usize)?;
        let price = prices.get(usize::from(level).saturating_add(1)).copied()?;
        Some(price.saturating_sub(pl.diplomats()))
    }

    fn support_price(&self, p: Seat, space: usize) -> Option<u8> {
        let cost = TRACK.get(space)?.cost;
        Some(cost.saturating_sub(self.player(p)?.diplomats()))
    }

    pub(crate) fn place_choices(&self, p: Seat, out: &mut dyn FnMut(Action)) {
        let Some(pl) = self.player(p) else {
            return;
        };
        for space in [
            Space::Training,
            Space::Prayer,
            Space::Service,
            Space::Patrol,
            Space::WarmUp,
        ] {
            if self.space_free(space) {
                out(Action::Place(space));
            }
        }
        if self.space_free(Space::TravelPlans) && self.journey_available() {
            out(Action::Place(Space::TravelPlans));
        }
        if self.space_free(Space::NewObjective) && self.titles_to_draw() > 0 {
            out(Action::Place(Space::NewObjective));
        }
        if !pl.initiative && self.space_free(Space::Initiative) {
            out(Action::Place(Space::Initiative));
        }
        if self.space_free(Space::Market) {
            for gear in [Gear::Mount, Gear::Armor] {
                if self.market_price(p, gear).is_some_and(|c| c <= pl.coins) {
                    out(Action::Market(gear));
                }
            }
        }
        for (i, &tile) in self.board.track.iter().enumerate() {
            if tile != NONE && self.support_price(p, i).is_some_and(|c| c <= pl.coins) {
                out(Action::Support(i as u8));
            }
        }
        if self.space_free(Space::Herald) {
            self.registration_choices(p, &mut |a| {
                if let Action::Register(slot) = a {
                    out(Action::Herald(slot));
                }
            });
        }
        if self.space_free(Space::Event) {
            let has_support = self.board.event_support != NONE;
            match self.event_kind() {
                Some(EventKind::Crusade | EventKind::WanderingKnight) if pl.coins >= 1 => {
                    out(Action::Place(Space::Event))
                }
                Some(EventKind::Recruitment) if pl.coins >= 1 && has_support => {
                    out(Action::Place(Space::Event))
                }
                Some(EventKind::Volunteer) if has_support => out(Action::Place(Space::Event)),
                Some(EventKind::Journey) if pl.coins >= 1 && self.journey_available() => {
                    out(Action::Place(Space::Event))
                }
                Some(EventKind::Siege) if pl.strength >= 2 => out(Action::Place(Space::Event)),
                Some(EventKind::Loot) if pl.strength >= 2 => {
                    if pl.mount == 3 {
                        out(Action::Loot(Gear::Mount));
                    }
                    if pl.armor == 3 {
                        out(Action::Loot(Gear::Armor));
                    }
                }
                _ => {}
            }
        }
    }

    /// A pawn goes on a space (already known to be legal) and its action
    /// is carried out; the table is told what it paid and gave.
    pub(crate) fn place(&mut self, p: Seat, a: Action, ev: &mut Sink) {
        let before = self.purse(p, ev);
        self.place_pawn(p, a, ev);
        if before.is_some() {
            let source = match a {
                Action::Place(Space::Event) | Action::Loot(_) => self
                    .board
                    .events
                    .get(round_index(self.round))
                    .and_then(|&id| crate::content::event(id))
                    .map_or("the event", |e| e.name),
                Action::Place(s) => s.name(),
                Action::Market(_) => Space::Market.name(),
                Action::Support(_) => Space::Support.name(),
                _ => Space::Herald.name(),
            };
            self.tell_resources(p, before, source, ev);
        }
    }

    fn place_pawn(&mut self, p: Seat, a: Action, ev: &mut Sink) {
        let space = match a {
            Action::Place(s) => s,
            Action::Market(_) => Space::Market,
            Action::Support(_) => Space::Support,
            Action::Herald(_) => Space::Herald,
            Action::Loot(_) => Space::Event,
            _ => return,
        };
        if let Some(c) = self
            .board
            .pawns
            .get_mut(space.index())
            .and_then(|on| on.get_mut(p.index()))
        {
            *c = c.saturating_add(1);
        }
        let queens = self.player(p).map_or(0, |pl| pl.owned(Support::Queen));
        let event = self.event_kind();
        let Some(pl) = self.player_mut(p) else {
            return;
        };
        pl.placed = pl.placed.saturating_add(1);
        if let Some([coins, strength, faith]) = plain_gain(space) {
            pl.coins = pl.coins.saturating_add(coins);
            pl.strength = pl.strength.saturating_add(strength);
            pl.faith = pl.faith.saturating_add(faith);
            return;
        }
        match a {
            Action::Place(Space::Initiative) => {
                pl.coins = pl.coins.saturating_add(1);
                pl.initiative = true;
                if let Some(slot) = self.board.initiative.iter_mut().find(|s| s.is_empty()) {
                    *slot = SeatSlot::of(p);
                }
            }
            Action::Place(Space::TravelPlans) => {
                self.task = Task::Pick {
                    player: p,
                    left: 2u8.saturating_add(queens),
                };
            }
            Action::Place(Space::NewObjective) => {
                self.task = Task::Titles {
                    player: p,
                    count: 3,
                    keep: 1,
                };
            }
            Action::Market(gear) => {
                let price = self.market_price(p, gear).unwrap_or(0);
                if let Some(pl) = self.player_mut(p) {
                    pl.coins = pl.coins.saturating_sub(price);
                    match gear {
                        Gear::Mount => pl.mount = pl.mount.saturating_add(1).min(4),
                        Gear::Armor => pl.armor = pl.armor.saturating_add(1).min(4),
                    }
                }
            }
            Action::Support(space) => {
                let price = self.support_price(p, usize::from(space)).unwrap_or(0);
                let tile = self.board.track.get(usize::from(space)).copied();
                if let Some(s) = tile.and_then(|t| Support::from_index(usize::from(t))) {
                    if let Some(t) = self.board.track.get_mut(usize::from(space)) {
                        *t = NONE;
                    }
                    if let Some(pl) = self.player_mut(p) {
                        pl.coins = pl.coins.saturating_sub(price);
                    }
                    self.gain_support(p, s);
                }
            }
            Action::Herald(slot) => self.register(p, slot, ev),
            Action::Loot(gear) => {
                pl.strength = pl.strength.saturating_sub(2);
                match gear {
                    Gear::Mount => pl.mount = 4,
                    Gear::Armor => pl.armor = 4,
                }
            }
            Action::Place(Space::Event) => self.event_action(p, event),
            _ => {}
        }
    }

    fn event_action(&mut self, p: Seat, event: Option<EventKind>) {
        let support = Support::from_index(usize::from(self.board.event_support));
        let Some(pl) = self.player_mut(p) else {
            return;
        };
        match event {
            Some(EventKind::Crusade) => {
                pl.coins = pl.coins.saturating_sub(1);
                pl.gain_glory(3);
                pl.faith = pl.faith.saturating_add(3);
            }
            Some(EventKind::WanderingKnight) => {
                pl.coins = pl.coins.saturating_sub(1);
                pl.strength = pl.strength.saturating_add(5);
            }
            Some(EventKind::Siege) => {
                pl.strength = pl.strength.saturating_sub(2);
                pl.gain_glory(5);
            }
            Some(EventKind::Journey) => {
                pl.coins = pl.coins.saturating_sub(1);
                self.task = Task::Pick { player: p, left: 3 };
            }
            Some(kind @ (EventKind::Recruitment | EventKind::Volunteer)) => {
                if kind == EventKind::Recruitment {
                    pl.coins = pl.coins.saturating_sub(1);
                }
                if let Some(s) = support {
                    self.board.event_support = NONE;
                    self.gain_support(p, s);
                }
            }
            _ => {}
        }
    }

    /// Travel Plans (and the Journey event): a face-up card, or a blind draw.
    pub(crate) fn pick_choices(&self, _p: Seat, out: &mut dyn FnMut(Action)) {
        for (ty, row) in JourneyType::ALL.into_iter().zip(&self.board.rows) {
            for (i, &k) in row.iter().enumerate() {
                if k != NONE && !row.iter().take(i).any(|&x| x == k) {
                    out(Action::Take(k));
                }
            }
            if self.deck_has(ty) {
                out(Action::Draw(ty));
            }
        }
    }

    pub(crate) fn pick(&mut self, p: Seat, left: u8, a: Action) {
        let left = left.saturating_sub(1);
        match a {
            Action::Take(k) => {
                let slot = self
                    .board
                    .rows
                    .iter_mut()
                    .flat_map(|r| r.iter_mut())
                    .find(|s| **s == k);
                if let Some(s) = slot {
                    *s = NONE;
                    if let Some(pl) = self.player_mut(p) {
                        pl.hand.put(usize::from(k));
                        pl.known.put(usize::from(k));
                    }
                }
                self.task = if left > 0 {
                    Task::Pick { player: p, left }
                } else {
                    Task::Idle
                };
            }
            Action::Draw(ty) => {
                self.task = Task::Journey {
                    player: p,
                    ty,
                    count: 1,
                    picks: left,
                };
            }
            _ => {}
        }
    }
}
