//! Every card and tile drawn from a face-down stack is a chance step whose
//! outcomes are the kinds left in it, weighted by copies. Stacks nobody can
//! see (the decks, the support stacks, the knights, the third event) are
//! drawn only when a card is revealed or dealt, so no hidden order exists.

use crate::actions::Chance;
use crate::content::JourneyType;
use crate::content::{
    CHARACTERS, EVENTS, JOURNEY, REGULAR, SPECIAL, Support, TOURNAMENTS, TRACK, TROPHIES,
};
use crate::events::{Event, Sink};
use crate::state::{Glory, KNIGHT, NONE, SeatSlot, Task, Tiles, round_index};
use tourney_core::{RuleError, Seat, ToMove, Weight};

impl Glory {
    /// The outcomes the chance step due may have, after `out`'s entries.
    pub(crate) fn list_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        if self.on_move() == ToMove::Chance {
            self.outcomes(&mut |c, w| out.push((c, w)));
        }
    }

    /// Lets `outcome` come up if the step due lists it, or refuses it and
    /// changes nothing.
    pub(crate) fn chance(&mut self, outcome: &Chance, events: &mut Sink) -> Result<(), RuleError> {
        self.on_move().check_chance()?;
        let mut listed = false;
        self.outcomes(&mut |c, _| listed |= c == *outcome);
        if !listed {
            return Err(RuleError::impossible(self.why_impossible(outcome)));
        }
        self.take_outcome(*outcome, events);
        self.advance(events);
        Ok(())
    }

    /// The stack a track space (or the event card, `space` 9) draws from:
    /// its own, then the next one once that is empty.
    fn stack_for(&self, special: bool) -> Option<usize> {
        let chain: &[usize] = if special {
            &[SPECIAL, REGULAR[0], REGULAR[1], REGULAR[2]]
        } else {
            &REGULAR
        };
        chain
            .iter()
            .copied()
            .find(|&s| self.board.stacks.get(s).is_some_and(|p| !p.is_empty()))
    }

    /// The stack [`Glory::stack_for`] names, to draw from.
    fn stack_to_draw(&self, special: bool) -> Option<&Tiles> {
        self.stack_for(special)
            .and_then(|s| self.board.stacks.get(s))
    }

    /// Takes support `s` from the stack [`Glory::stack_for`] names; whether
    /// it was there.
    fn draw_support(&mut self, special: bool, s: Support) -> bool {
        self.stack_for(special)
            .and_then(|i| self.board.stacks.get_mut(i))
            .is_some_and(|p| p.take(s.index()).is_ok())
    }

    /// The next empty track space in use: special spaces first, then the
    /// regular ones from right to left.
    pub(crate) fn next_track_space(&self) -> Option<usize> {
        let n = self.table_size();
        let open = |i: usize, special: bool| {
            TRACK
                .get(i)
                .is_some_and(|t| t.special == special && t.players <= n)
                && self.board.track.get(i).copied() == Some(NONE)
        };
        (0..TRACK.len())
            .find(|&i| open(i, true))
            .or_else(|| (0..TRACK.len()).rev().find(|&i| open(i, false)))
    }

    /// The next face-up Journey space to fill whose deck has a card.
    fn next_row_space(&self) -> Option<(JourneyType, usize)> {
        for (ty, row) in JourneyType::ALL.into_iter().zip(&self.board.rows) {
            if !self.deck_has(ty) {
                continue;
            }
            if let Some(slot) = row.iter().position(|&k| k == NONE) {
                return Some((ty, slot));
            }
        }
        None
    }

    /// The next seat still to be dealt a character, and the card's level.
    fn next_character_deal(&self) -> Option<(Seat, u8)> {
        self.ids().filter(|&p| !self.is_otto(p)).find_map(|p| {
            let pl = self.player(p)?;
            pl.offered
                .iter()
                .position(|&c| c == NONE)
                .map(|i| (p, (i as u8).saturating_add(2)))
        })
    }

    fn next_event_round(&self, upto: u8) -> Option<u8> {
        (1..=upto.min(3)).find(|&r| self.board.events.get(round_index(r)) == Some(&NONE))
    }

    pub(crate) fn draw_outcomes(&self, out: &mut dyn FnMut(Chance, Weight)) {
        let pile = |p: &Tiles, out: &mut dyn FnMut(Chance, Weight)| {
            for s in Support::ALL {
                let c = p.count(s.index());
                if c > 0 {
                    out(Chance::Support(s), Weight::from(c));
                }
            }
        };
        match self.task {
            Task::PublicTitle if self.board.public.contains(&NONE) => self.title_outcomes(out),
            Task::Characters => {
                if let Some((_, level)) = self.next_character_deal() {
                    for (id, c) in CHARACTERS.iter().enumerate() {
                        if c.level == level && self.board.dealt & (1 << id) == 0 {
                            out(Chance::Character(id as u8), 1);
                        }
                    }
                }
            }
            Task::Initiative => {
                for p in self.ids() {
                    if !self.order.contains(&SeatSlot::of(p)) {
                        out(Chance::Seat(p), 1);
                    }
                }
            }
            Task::Journey { ty, count, .. } if count > 0 => self.deck_outcomes(ty, out),
            Task::Rows => {
                if let Some((ty, _)) = self.next_row_space() {
                    self.deck_outcomes(ty, out);
                }
            }
            Task::Titles { count, .. } if count > 0 => self.title_outcomes(out),
            Task::Track => {
                if let Some(space) = self.next_track_space()
                    && let Some(spot) = TRACK.get(space)
                    && let Some(stack) = self.stack_to_draw(spot.special)
                {
                    pile(stack, out);
                }
            }
            Task::EventSupport => {
                if let Some(stack) = self.stack_to_draw(true) {
                    pile(stack, out);
                }
            }
            Task::Events { upto } => {
                if let Some(r) = self.next_event_round(upto) {
                    for (id, e) in EVENTS.iter().enumerate() {
                        if e.set == r {
                            out(Chance::Event(id as u8), 1);
                        }
                    }
                }
            }
            Task::TournamentCard => {
                let large = self.table_size() >= 3;
                for (id, c) in TOURNAMENTS.iter().enumerate() {
                    if c.kind == self.tourney.kind
                        && c.large == large
                        && self.tourney.played & (1 << id) == 0
                    {
                        out(Chance::Tournament(id as u8), 1);
                    }
                }
            }
            Task::Knights => {
                if let Some((_, kind)) = self.next_knight_space() {
                    for (id, k) in crate::content::KNIGHTS.iter().enumerate() {
                        let otto = self.otto_tile() == Some(id as u8);
                        if k.kind == kind && self.tourney.knights & (1 << id) == 0 && !otto {
                            out(Chance::Knight(id as u8), 1);
                        }
                    }
                }
            }
            Task::Automa => self.automa_outcomes(out),
            Task::OttoObjective { left } if left > 0 => self.title_outcomes(out),
            Task::Trophy => {
                for id in 0..TROPHIES.len() {
                    if self.tourney.trophies & (1 << id) == 0 {
                        out(Chance::Trophy(id as u8), 1);
                    }
                }
            }
            _ => {}
        }
    }

    fn deck_outcomes(&self, ty: JourneyType, out: &mut dyn FnMut(Chance, Weight)) {
        for (k, card) in JOURNEY.iter().enumerate() {
            let c = self.board.deck.count(k);
            if card.kind == ty && c > 0 {
                out(Chance::Journey(k as u8), Weight::from(c));
            }
        }
    }

    fn title_outcomes(&self, out: &mut dyn FnMut(Chance, Weight)) {
        for t in 0..14u8 {
            let c = self.board.title_deck.count(usize::from(t));
            if c > 0 {
                out(Chance::Title(t), Weight::from(c));
            }
        }
    }

    /// Applies a drawn card or tile (known to be listed).
    pub(crate) fn draw(&mut self, c: Chance, ev: &mut Sink) {
        match (self.task, c) {
            (Task::PublicTitle, Chance::Title(t)) => {
                if self.board.title_deck.take(usize::from(t)).is_ok()
                    && let Some(slot) = self.board.public.iter_mut().find(|s| **s == NONE)
                {
                    *slot = t;
                    ev.everyone(|| Event::PublicTitle {
                        title: t,
                        name: crate::content::title_name(t).to_string(),
                        glory: crate::content::title(t).map_or(0, |x| x.glory),
                    });
                }
            }
            (Task::Characters, Chance::Character(id)) => {
                if let Some((p, level)) = self.next_character_deal() {
                    self.board.dealt |= 1 << id;
                    if let Some(pl) = self.player_mut(p) {
                        if let Some(card) = level
                            .checked_sub(2)
                            .and_then(|i| pl.offered.get_mut(usize::from(i)))
                        {
                            *card = id;
                        }
                        ev.everyone(|| Event::CharacterDealt {
                            player: p,
                            character: id,
                            name: crate::content::character(id)
                                .map_or("?", |c| c.name)
                                .to_string(),
                            level,
                        });
                    }
                }
            }
            (Task::Initiative, Chance::Seat(p)) => self.place_initiative(p, ev),
            (
                Task::Journey {
                    player,
                    ty,
                    count,
                    picks,
                },
                Chance::Journey(k),
            ) => {
                if self.board.deck.take(usize::from(k)).is_ok()
                    && let Some(pl) = self.player_mut(player)
                {
                    pl.hand.put(usize::from(k));
                    ev.only(player, || Event::JourneyDrawn {
                        player,
                        card: k,
                        name: crate::content::journey_name(k).to_string(),
                        journey: ty,
                    });
                }
                let count = count.saturating_sub(1);
                self.task = Task::Journey {
                    player,
                    ty,
                    count,
                    picks,
                };
                if count == 0 {
                    self.end_task(ev);
                }
            }
            (Task::Rows, Chance::Journey(k)) => {
                if let Some((ty, slot)) = self.next_row_space()
                    && self.board.deck.take(usize::from(k)).is_ok()
                {
                    if let Some(place) = self
                        .board
                        .rows
                        .get_mut(ty.index())
                        .and_then(|row| row.get_mut(slot))
                    {
                        *place = k;
                    }
                    ev.everyone(|| Event::CardRevealed {
                        card: k,
                        name: crate::content::journey_name(k).to_string(),
                        journey: ty,
                    });
                }
            }
            (
                Task::Titles {
                    player,
                    count,
                    keep,
                },
                Chance::Title(t),
            ) => {
                if self.board.title_deck.take(usize::from(t)).is_ok()
                    && let Some(pl) = self.player_mut(player)
                {
                    pl.offer.put(usize::from(t));
                    // Otto's draw is seen by nobody.
                    if !self.is_otto(player) {
                        ev.only(player, || Event::TitleDrawn {
                            player,
                            title: t,
                            name: crate::content::title_name(t).to_string(),
                        });
                    }
                }
                let count = count.saturating_sub(1);
                self.task = Task::Titles {
                    player,
                    count,
                    keep,
                };
                if count == 0 {
                    self.end_task(ev);
                }
            }
            (Task::Track, Chance::Support(s)) => {
                if let Some(space) = self.next_track_space()
                    && let Some(spot) = TRACK.get(space)
                    && self.draw_support(spot.special, s)
                {
                    if let Some(tile) = self.board.track.get_mut(space) {
                        *tile = s as u8;
                    }
                    ev.everyone(|| Event::SupportDrawn {
                        support: s,
                        space: space as u8,
                        cost: spot.cost,
                        special: spot.special,
                    });
                }
            }
            (Task::EventSupport, Chance::Support(s)) => {
                if self.draw_support(true, s) {
                    self.board.event_support = s as u8;
                    ev.everyone(|| Event::EventSupport { support: s });
                }
                self.task = Task::Idle;
            }
            (Task::Events { upto }, Chance::Event(id)) => {
                if let Some(r) = self.next_event_round(upto)
                    && let Some(event) = self.board.events.get_mut(round_index(r))
                {
                    *event = id;
                    ev.everyone(|| Event::EventRevealed {
                        round: r,
                        event: id,
                        name: crate::content::event(id)
                            .map_or("?", |e| e.name)
                            .to_string(),
                    });
                }
            }
            (Task::TournamentCard, Chance::Tournament(id)) => {
                self.tourney.card = id;
                self.tourney.played |= 1 << id;
                self.task = Task::Idle;
                ev.everyone(|| Event::TournamentCard {
                    round: self.round,
                    tournament: self.tourney.kind,
                    card: id,
                });
            }
            (Task::Knights, Chance::Knight(id)) => {
                if let Some((space, _)) = self.next_knight_space() {
                    self.tourney.knights |= 1 << id;
                    self.put_knight(space, KNIGHT.saturating_add(id));
                    ev.everyone(|| {
                        if self.is_joust() {
                            crate::events::knight_placed(id, None, Some(space), self.tourney.adding)
                        } else {
                            crate::events::knight_placed(id, Some(space / 3), None, false)
                        }
                    });
                }
            }
            (Task::Automa, Chance::Automa(card)) => self.automa_card(card, ev),
            (Task::OttoObjective { left }, Chance::Title(t)) => self.otto_objective(left, t, ev),
            (Task::Trophy, Chance::Trophy(id)) => {
                self.tourney.trophy = id;
                self.tourney.trophies |= 1 << id;
                self.task = Task::Idle;
                ev.everyone(|| {
                    let trophy = TROPHIES.get(usize::from(id));
                    Event::TrophyDrawn {
                        trophy: id,
                        name: trophy.map_or("?", |t| t.name).to_string(),
                        reward: trophy
                            .map_or_else(String::new, |t| crate::describe::reward_text(&t.reward)),
                    }
                });
            }
            _ => {}
        }
    }

    /// The seat drawn for the next initiative place; the last seat left
    /// takes the last place without a draw.
    fn place_initiative(&mut self, p: Seat, ev: &mut Sink) {
        let n = usize::from(self.n());
        self.push_order(p);
        self.tell_initiative(p, ev);
        let last = {
            let mut rest = self
                .ids()
                .filter(|&q| !self.order.iter().take(n).any(|&x| x == SeatSlot::of(q)));
            match (rest.next(), rest.next()) {
                (Some(q), None) => Some(q),
                _ => None,
            }
        };
        if let Some(q) = last {
            self.push_order(q);
            self.tell_initiative(q, ev);
        }
        if self.order.iter().take(n).all(|x| !x.is_empty()) {
            self.task = Task::Idle;
        }
    }

    fn push_order(&mut self, p: Seat) {
        let n = usize::from(self.n());
        if let Some(slot) = self.order.iter_mut().take(n).find(|q| q.is_empty()) {
            *slot = SeatSlot::of(p);
        }
    }

    fn tell_initiative(&self, p: Seat, ev: &mut Sink) {
        ev.everyone(|| Event::InitiativeDrawn {
            player: p,
            place: self.rank(p),
        });
    }
}
