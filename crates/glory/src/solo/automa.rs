//! Otto's Action phase: each of his pawns reveals automa cards until one
//! names an action he can carry out in full.
//!
//! A card lists three actions in priority order. Otto takes action I if he
//! can carry it out completely, else II, else III; if none works he reveals
//! the next card. The deck is shuffled at the start of every Action phase
//! and again whenever it runs out. Otto collects nothing: his actions block
//! spaces and throw away what the player might have wanted.

use super::OTTO;
use crate::actions::{Chance, Space};
use crate::config::AutomaDeck;
use crate::content::{
    AUTOMA, EventKind, JourneyType, MINSTREL_GLORY, OttoAction, SPECIAL_GLORY, Support, TRACK,
};
use crate::events::{Event, Sink};
use crate::state::{Glory, NONE, SeatSlot, Task, round_index};
use tourney_core::{Pile, Weight};

/// Glory the Crusade and Siege events give whoever takes their action
/// (the rules code of `round.rs` pays the same to a player).
pub(crate) const CRUSADE_GLORY: u16 = 3;
pub(crate) const SIEGE_GLORY: u16 = 5;

impl Glory {
    /// The cards of Otto's deck: the Solo cards and the chosen pair.
    pub(crate) fn automa_deck(&self) -> Pile<13> {
        let mut deck = Pile::default();
        let Some(o) = &self.solo else {
            return deck;
        };
        for (id, card) in AUTOMA.iter().enumerate() {
            if card.deck == AutomaDeck::Solo || card.deck == o.settings.deck {
                deck.put(id);
            }
        }
        deck
    }

    /// Start of an Action phase: all the cards are shuffled together.
    pub(crate) fn shuffle_automa(&mut self) {
        let deck = self.automa_deck();
        if let Some(o) = &mut self.solo {
            o.pile = deck;
            o.last_card = NONE;
            o.last_action = NONE;
        }
    }

    /// Otto's turn to place a pawn. If no card of his deck could be carried
    /// out at all he gives the pawn up (without this he would reveal cards
    /// forever); otherwise a card is revealed.
    pub(crate) fn otto_turn(&mut self, ev: &mut Sink) {
        let deck = self.automa_deck();
        let playable = (0..AUTOMA.len() as u8)
            .filter(|&c| deck.count(usize::from(c)) > 0)
            .any(|c| self.automa_choice(c).is_some());
        if playable {
            self.task = Task::Automa;
        } else if let Some(pl) = self.player_mut(OTTO) {
            pl.placed = pl.placed.saturating_add(1);
            let pawns_left = pl.pawns.saturating_sub(pl.placed);
            ev.everyone(|| Event::OttoGivesUp { pawns_left });
        }
    }

    pub(crate) fn automa_outcomes(&self, out: &mut dyn FnMut(Chance, Weight)) {
        let Some(o) = &self.solo else {
            return;
        };
        // An empty pile is reshuffled before the reveal.
        let pile = if o.pile.is_empty() {
            self.automa_deck()
        } else {
            o.pile
        };
        for c in 0..AUTOMA.len() {
            if pile.count(c) > 0 {
                out(Chance::Automa(c as u8), 1);
            }
        }
    }

    /// Card `card` is revealed: Otto takes its first feasible action, or
    /// the next card is revealed.
    pub(crate) fn automa_card(&mut self, card: u8, ev: &mut Sink) {
        let choice = self.automa_choice(card);
        let refill = self.solo.as_ref().is_some_and(|o| o.pile.is_empty());
        let deck = if refill {
            self.automa_deck()
        } else {
            Pile::default()
        };
        let Some(o) = &mut self.solo else {
            return;
        };
        if refill {
            o.pile = deck;
        }
        let _ = o.pile.take(usize::from(card));
        o.last_card = card;
        o.last_action = choice.map_or(NONE, |(i, _)| i as u8);
        self.task = Task::Automa;
        let action = choice.map(|(_, a)| a);
        ev.everyone(|| Event::Automa {
            card,
            name: AUTOMA
                .get(usize::from(card))
                .map_or("?", |c| c.name)
                .to_string(),
            action: choice.map(|(i, _)| i as u8),
            does: action.map(|a| self.otto_does(a)),
        });
        if let Some(a) = action {
            self.task = Task::Idle;
            let before = self.purse(OTTO, ev);
            // What he scores for is told with the score, not with the
            // card: one line for the glory, saying where it came from.
            let discarded = self.otto_discard(a).filter(|_| self.rivalry());
            self.otto_act(a, ev);
            let name = AUTOMA
                .get(usize::from(card))
                .map_or("an automa card", |c| c.name);
            // Worded only when it will be told (`before` is taken only
            // then): a playout allocates nothing here.
            let source = match discarded.filter(|_| before.is_some()) {
                Some(s) => format!("{name}, for discarding the {} support", s.name()),
                None => String::new(),
            };
            let source = if source.is_empty() { name } else { &source };
            self.tell_resources(OTTO, before, source, ev);
        }
    }

    /// What Otto's action `a` does in this position, in words.
    fn otto_does(&self, a: OttoAction) -> String {
        match a {
            OttoAction::Training => "occupies Training".into(),
            OttoAction::Prayer => "occupies Prayer".into(),
            OttoAction::Service => "occupies Service".into(),
            OttoAction::Initiative => "takes the first space under the initiative track".into(),
            OttoAction::Herald => {
                "puts a pawn on the Herald space to register for the tournament at once".into()
            }
            OttoAction::Event => {
                let name = self
                    .board
                    .events
                    .get(round_index(self.round))
                    .and_then(|&id| crate::content::event(id))
                    .map_or("event", |e| e.name);
                match (
                    self.event_kind(),
                    Support::from_index(usize::from(self.board.event_support)),
                ) {
                    (Some(EventKind::Recruitment | EventKind::Volunteer), Some(s)) => {
                        format!(
                            "takes the {name} action and discards the {} support",
                            s.name()
                        )
                    }
                    _ => format!("takes the {name} action"),
                }
            }
            OttoAction::NewObjective => {
                "draws three titles: two he discards face up, the third he keeps hidden".into()
            }
            OttoAction::SpecialSupport => match self
                .special_on_track()
                .and_then(|i| Support::from_index(usize::from(self.board.tile_on(i))))
            {
                Some(s) => format!(
                    "discards the {} support from the special space of the track",
                    s.name()
                ),
                None => "discards the special support".into(),
            },
            OttoAction::TravelPlans(ty) => {
                let names: Vec<String> = self
                    .board
                    .row(ty)
                    .iter()
                    .filter(|&&k| k != NONE)
                    .map(|&k| crate::content::journey_name(k).to_string())
                    .collect();
                format!(
                    "removes the face-up {} cards: {}",
                    ty.name(),
                    names.join(", ")
                )
            }
            OttoAction::Support(list) => match self.support_target(list) {
                Some(i) => {
                    let tile = Support::from_index(usize::from(self.board.tile_on(i)));
                    format!(
                        "discards the {} support from space {} of the support track",
                        tile.map_or("?", |s| s.name()),
                        i.saturating_add(1)
                    )
                }
                None => "discards a support".into(),
            },
        }
    }

    /// The support Otto's action `a` discards in this position, if any.
    fn otto_discard(&self, a: OttoAction) -> Option<Support> {
        match a {
            OttoAction::Event => match self.event_kind() {
                Some(EventKind::Recruitment | EventKind::Volunteer) => {
                    Support::from_index(usize::from(self.board.event_support))
                }
                _ => None,
            },
            OttoAction::SpecialSupport => self
                .special_on_track()
                .and_then(|i| Support::from_index(usize::from(self.board.tile_on(i)))),
            OttoAction::Support(list) => self
                .support_target(list)
                .and_then(|i| Support::from_index(usize::from(self.board.tile_on(i)))),
            _ => None,
        }
    }

    /// The first action of `card` Otto can carry out in full: its place on
    /// the card (0 = action I) and the action.
    pub(crate) fn automa_choice(&self, card: u8) -> Option<(usize, OttoAction)> {
        let card = AUTOMA.get(usize::from(card))?;
        card.actions
            .iter()
            .copied()
            .enumerate()
            .find(|&(_, a)| self.otto_can(a))
    }

    fn otto_can(&self, a: OttoAction) -> bool {
        match a {
            OttoAction::Training => self.space_free(Space::Training),
            OttoAction::Prayer => self.space_free(Space::Prayer),
            OttoAction::Service => self.space_free(Space::Service),
            OttoAction::Initiative => {
                self.board.initiative[0].is_empty()
                    && self.player(OTTO).is_some_and(|pl| !pl.initiative)
            }
            OttoAction::Herald => {
                self.rivalry() && self.space_free(Space::Herald) && self.otto_entry(true).is_some()
            }
            OttoAction::Event => self.space_free(Space::Event) && self.otto_event_possible(),
            OttoAction::NewObjective => {
                self.space_free(Space::NewObjective) && self.titles_to_draw() >= 3
            }
            OttoAction::SpecialSupport => self.special_on_track().is_some(),
            OttoAction::TravelPlans(ty) => {
                self.space_free(Space::TravelPlans) && self.board.row(ty).iter().all(|&k| k != NONE)
            }
            OttoAction::Support(list) => self.support_target(list).is_some(),
        }
    }

    /// Events whose action space Otto can use: those with a space, and for
    /// Recruitment and Volunteer only while their support is still there.
    fn otto_event_possible(&self) -> bool {
        match self.event_kind() {
            Some(
                EventKind::Crusade
                | EventKind::WanderingKnight
                | EventKind::Journey
                | EventKind::Siege
                | EventKind::Loot,
            ) => true,
            Some(EventKind::Recruitment | EventKind::Volunteer) => self.board.event_support != NONE,
            _ => false,
        }
    }

    /// The track space holding the special support, if one is there.
    pub(crate) fn special_on_track(&self) -> Option<usize> {
        let n = self.table_size();
        TRACK
            .iter()
            .zip(self.board.track)
            .position(|(t, tile)| t.special && t.players <= n && tile != NONE)
    }

    /// Support: the first support of the card's list lying on one of the
    /// track's 1-coin spaces (the 2-coin space and the special space are
    /// ignored), and the leftmost space it lies on.
    pub(crate) fn support_target(&self, list: &[Support]) -> Option<usize> {
        let n = self.table_size();
        list.iter().find_map(|&s| {
            TRACK.iter().zip(self.board.track).position(|(t, tile)| {
                !t.special && t.cost == 1 && t.players <= n && tile == s as u8
            })
        })
    }

    /// Otto puts a pawn on the action's space and carries it out.
    fn otto_act(&mut self, a: OttoAction, ev: &mut Sink) {
        let space = match a {
            OttoAction::Training => Space::Training,
            OttoAction::Prayer => Space::Prayer,
            OttoAction::Service => Space::Service,
            OttoAction::Initiative => Space::Initiative,
            OttoAction::Herald => Space::Herald,
            OttoAction::Event => Space::Event,
            OttoAction::NewObjective => Space::NewObjective,
            OttoAction::SpecialSupport | OttoAction::Support(_) => Space::Support,
            OttoAction::TravelPlans(_) => Space::TravelPlans,
        };
        if let Some(c) = self
            .board
            .pawns
            .get_mut(space.index())
            .and_then(|on| on.get_mut(OTTO.index()))
        {
            *c = c.saturating_add(1);
        }
        if let Some(pl) = self.player_mut(OTTO) {
            pl.placed = pl.placed.saturating_add(1);
        }
        match a {
            OttoAction::Initiative => {
                self.board.initiative[0] = SeatSlot::of(OTTO);
                if let Some(pl) = self.player_mut(OTTO) {
                    pl.initiative = true;
                }
            }
            OttoAction::Herald => {
                if let Some(slot) = self.otto_entry(true) {
                    self.register(OTTO, slot, ev);
                }
            }
            OttoAction::Event => self.otto_event(),
            OttoAction::NewObjective => self.task = Task::OttoObjective { left: 3 },
            OttoAction::SpecialSupport => {
                if let Some(i) = self.special_on_track() {
                    let s = self.board.take_tile(i);
                    self.otto_discard_special(s);
                }
            }
            OttoAction::TravelPlans(ty) => {
                if let Some(row) = self.board.rows.get_mut(ty.index()) {
                    *row = [NONE; 4];
                }
            }
            OttoAction::Support(list) => {
                if let Some(i) = self.support_target(list) {
                    let minstrel = self.board.take_tile(i) == Support::Minstrel as u8;
                    if minstrel {
                        self.otto_scores(MINSTREL_GLORY);
                    }
                }
            }
            OttoAction::Training | OttoAction::Prayer | OttoAction::Service => {}
        }
    }

    /// The event's action, as far as it concerns Otto: in Rivalry he
    /// scores the glory a Crusade or a Siege gives; he throws away the
    /// support of a Recruitment or Volunteer card; otherwise he only takes
    /// the space.
    fn otto_event(&mut self) {
        match self.event_kind() {
            Some(EventKind::Crusade) => self.otto_scores(CRUSADE_GLORY),
            Some(EventKind::Siege) => self.otto_scores(SIEGE_GLORY),
            Some(EventKind::Recruitment | EventKind::Volunteer) => {
                let s = self.board.event_support;
                self.board.event_support = NONE;
                self.otto_discard_special(s);
            }
            _ => {}
        }
    }

    fn otto_discard_special(&mut self, support: u8) {
        let glory = SPECIAL_GLORY
            .get(usize::from(support))
            .copied()
            .unwrap_or(0);
        self.otto_scores(u16::from(glory));
    }

    /// Glory Otto scores by his actions: only in Rivalry mode.
    fn otto_scores(&mut self, glory: u16) {
        if self.rivalry()
            && let Some(pl) = self.player_mut(OTTO)
        {
            pl.gain_glory(glory);
        }
    }

    /// New Objective: the first two titles drawn go face up onto the
    /// discard pile, the third is Otto's hidden objective.
    pub(crate) fn otto_objective(&mut self, left: u8, t: u8, ev: &mut Sink) {
        if self.board.title_deck.take(usize::from(t)).is_err() {
            return;
        }
        if left > 1 {
            self.discard_title(OTTO, t, ev);
            self.task = Task::OttoObjective {
                left: left.saturating_sub(1),
            };
        } else {
            if let Some(pl) = self.player_mut(OTTO) {
                pl.titles.put(usize::from(t));
            }
            self.tell_title_kept(OTTO, None, ev);
            self.task = Task::Idle;
        }
    }
}

/// The words for one automa action, for logs and views.
pub(crate) fn otto_action_text(a: OttoAction) -> String {
    let ty = |t: JourneyType| match t {
        JourneyType::Romance => "Romance",
        JourneyType::Market => "Market",
        JourneyType::Challenge => "Challenge",
    };
    match a {
        OttoAction::Training => "occupies Training".into(),
        OttoAction::Prayer => "occupies Prayer".into(),
        OttoAction::Service => "occupies Service".into(),
        OttoAction::Initiative => "takes the first initiative space".into(),
        OttoAction::Herald => "uses the Herald space to register at once (Rivalry only)".into(),
        OttoAction::Event => "takes the event's action".into(),
        OttoAction::NewObjective => "takes a new objective".into(),
        OttoAction::SpecialSupport => "discards the special support".into(),
        OttoAction::TravelPlans(t) => format!("removes the face-up {} cards", ty(t)),
        OttoAction::Support(list) => {
            let names: Vec<&str> = list.iter().map(|s| s.name()).collect();
            // The rule skips the 2-coin space: say so, or a Weapons
            // Master left there looks like a mistake.
            format!(
                "discards a support from a 1-coin space of the track ({})",
                names.join(", else ")
            )
        }
    }
}
