//! The game's engine room: after every action or chance outcome the state
//! moves on by itself until it needs a die, a card or a seat's decision.
//! Legality has one source: the lists below. `apply` accepts exactly what
//! they list, so what a menu offers and what the rules allow never drift.

use crate::actions::{Action, Chance};
use crate::content::{JourneyType, Support, TournamentKind};
use crate::events::Sink;
use crate::state::{Glory, JourneyPhase, Stage, Task};
use tourney_core::{Outcome, RuleError, Seat, SeatSet, ToMove, Weight};

impl Glory {
    /// Who the game waits for: a die or card, the one seat deciding, or
    /// the end.
    pub(crate) fn on_move(&self) -> ToMove {
        if let Stage::Over { winners } = self.stage {
            return ToMove::Over(Outcome { winners });
        }
        let chance = match self.task {
            Task::Duel => self.duel.and_then(|d| d.next_die()).is_some(),
            t => t.is_chance(),
        };
        if chance {
            return ToMove::Chance;
        }
        match self.deciding() {
            Some(p) => ToMove::Seats(SeatSet::single(p)),
            None => ToMove::Seats(SeatSet::EMPTY),
        }
    }

    /// The actions `seat` may take now, after `out`'s existing entries.
    pub(crate) fn list_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(p) = self.seat_of(seat) {
            self.actions(p, &mut |a| out.push(a));
        }
    }

    /// Takes `seat`'s action if the lists offer it, or refuses it and
    /// changes nothing.
    pub(crate) fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Sink,
    ) -> Result<(), RuleError> {
        self.on_move().check_action(seat)?;
        let p = self.seat_of(seat).ok_or(RuleError::NotOnMove(seat))?;
        let mut legal = false;
        self.actions(p, &mut |a| legal |= a == *action);
        if !legal {
            return Err(RuleError::illegal(self.why_not(p, action)));
        }
        self.perform(*action, events);
        self.advance(events);
        Ok(())
    }

    /// Runs automatic steps until the game waits for input or is over.
    pub(crate) fn advance(&mut self, ev: &mut Sink) {
        // Every automatic step either sets a task or moves the stage on; the
        // bound only guards against a corrupt state looping forever.
        for _ in 0..4096 {
            match self.task {
                Task::Idle => {}
                Task::Duel => {
                    if self.duel.is_some() {
                        return;
                    }
                    self.task = Task::Idle;
                }
                t if t.is_chance() => {
                    self.refill_title_deck(ev);
                    if self.any_outcome() {
                        return;
                    }
                    self.end_task(ev);
                    continue;
                }
                _ => {
                    if self.deciding().is_some_and(|p| self.any_action(p)) {
                        return;
                    }
                    self.end_task(ev);
                    continue;
                }
            }
            if matches!(self.stage, Stage::Over { .. }) {
                return;
            }
            self.step(ev);
        }
    }

    fn any_outcome(&self) -> bool {
        let mut any = false;
        self.outcomes(&mut |_, _| any = true);
        any
    }

    fn any_action(&self, p: Seat) -> bool {
        let mut any = false;
        self.actions(p, &mut |_| any = true);
        any
    }

    /// A task that can go no further (an empty deck, nothing left to pick)
    /// ends here, with whatever it was to lead to.
    pub(crate) fn end_task(&mut self, ev: &mut Sink) {
        self.task = match self.task {
            Task::Journey { player, picks, .. } if picks > 0 => Task::Pick {
                player,
                left: picks,
            },
            Task::Titles { player, keep, .. } => {
                let held = self.player(player).map_or(0, |pl| pl.offer.len() as u8);
                if keep > 0 && held > 0 {
                    Task::KeepTitle {
                        player,
                        left: held.min(keep),
                    }
                } else {
                    // keep 0: the setup deal, kept later when every player has drawn.
                    if keep > 0 {
                        self.put_back_offer(player, ev);
                    }
                    Task::Idle
                }
            }
            Task::KeepTitle { player, .. } => {
                self.put_back_offer(player, ev);
                Task::Idle
            }
            _ => Task::Idle,
        };
    }

    /// One automatic step of the current stage.
    fn step(&mut self, ev: &mut Sink) {
        match self.stage {
            Stage::Setup(step) => self.setup_step(step, ev),
            Stage::Prepare { round } => self.prepare_step(round, ev),
            Stage::Actions => self.actions_step(ev),
            Stage::Journey(phase) => self.journey_step(phase, ev),
            Stage::Maintenance => self.maintenance_step(ev),
            Stage::Registration => self.registration_step(ev),
            Stage::Tournament => self.tournament_step(ev),
            Stage::Titles => self.titles_step(ev),
            Stage::Over { .. } => {}
        }
    }

    /// The outcomes of the pending chance step, with their weights.
    pub(crate) fn outcomes(&self, out: &mut dyn FnMut(Chance, Weight)) {
        match self.task {
            Task::Duel if self.duel.and_then(|d| d.next_die()).is_some() => {
                for face in 0..6 {
                    out(Chance::Die(face), 1);
                }
            }
            t if t.is_chance() => self.draw_outcomes(out),
            _ => {}
        }
    }

    /// Applies a chance outcome already known to be listed.
    pub(crate) fn take_outcome(&mut self, c: Chance, ev: &mut Sink) {
        match (self.task, c) {
            (Task::Duel, Chance::Die(face)) => self.duel_die(face, ev),
            _ => self.draw(c, ev),
        }
    }

    /// Every action player `p` may take now.
    pub(crate) fn actions(&self, p: Seat, out: &mut dyn FnMut(Action)) {
        if self.deciding() != Some(p) {
            return;
        }
        match self.task {
            Task::ChooseCharacter { seat } => self.character_choices(seat, out),
            Task::KeepTitle { player, left } if left > 0 => {
                if let Some(pl) = self.player(player) {
                    for t in 0..14u8 {
                        if pl.offer.count(usize::from(t)) > 0 {
                            out(Action::KeepTitle(t));
                        }
                    }
                }
            }
            Task::Exchange { player } => {
                if let Some(pl) = self.player(player) {
                    for k in 0..pl.hand.counts().len() {
                        if pl.hand.count(k) > 0 {
                            out(Action::Exchange(k as u8));
                        }
                    }
                    out(Action::Pass);
                }
            }
            Task::Place { player } => self.place_choices(player, out),
            Task::Pick { player, left } if left > 0 => self.pick_choices(player, out),
            Task::Reward { player, card } => self.reward_choices(player, card, out),
            Task::PlayJourney { player } => self.play_choices(player, out),
            Task::Register { player, optional } => {
                self.registration_choices(player, out);
                if optional {
                    out(Action::Pass);
                }
            }
            Task::ChooseTournament { .. } => {
                out(Action::Tournament(TournamentKind::PasDArmes));
                out(Action::Tournament(TournamentKind::JoustAPlaisance));
            }
            Task::Brave { .. } => {
                out(Action::Attempt);
                out(Action::Pass);
            }
            Task::Duel => {
                if let Some(d) = self.duel
                    && let Some(s) = d.acting()
                {
                    self.duel_choices(&d, s, out);
                }
            }
            _ => {}
        }
    }

    /// Carries out an action already known to be listed.
    pub(crate) fn perform(&mut self, a: Action, ev: &mut Sink) {
        match (self.task, a) {
            (Task::ChooseCharacter { seat }, Action::Character(id)) => {
                self.task = Task::Idle;
                self.take_character(seat, id, ev);
            }
            (Task::KeepTitle { player, left }, Action::KeepTitle(t)) => {
                if let Some(pl) = self.player_mut(player)
                    && pl.offer.take(usize::from(t)).is_ok()
                {
                    pl.titles.put(usize::from(t));
                    self.tell_title_kept(player, Some(t), ev);
                }
                let left = left.saturating_sub(1);
                self.task = Task::KeepTitle { player, left };
                if left == 0 || self.player(player).is_some_and(|pl| pl.offer.is_empty()) {
                    self.end_task(ev);
                }
            }
            (Task::Exchange { player }, Action::Exchange(k)) => {
                let card = usize::from(k);
                if let Some(pl) = self.player_mut(player)
                    && pl.hand.take(card).is_ok()
                {
                    pl.strength = pl.strength.saturating_add(1);
                    let still = pl.hand.count(card);
                    if pl.known.count(card) > still {
                        let _ = pl.known.take(card);
                    }
                    self.board.deck.put(card);
                    self.tell_exchange(player, k, ev);
                }
            }
            (Task::Exchange { .. }, Action::Pass) => self.task = Task::Idle,
            (Task::Place { player }, a) => {
                self.task = Task::Idle;
                self.place(player, a, ev);
            }
            (Task::Pick { player, left }, a) => self.pick(player, left, a),
            (Task::Reward { player, card }, Action::Choose(i)) => {
                self.task = Task::Idle;
                self.choose_reward(player, card, i, ev);
            }
            (Task::PlayJourney { player }, a) => {
                self.task = Task::Idle;
                self.play_journey(player, a, ev);
            }
            (Task::Register { player, .. }, a) => {
                self.task = Task::Idle;
                if let Action::Register(slot) = a {
                    self.register(player, slot, ev);
                }
            }
            (Task::Brave { player }, a) => {
                self.task = Task::Idle;
                self.brave_choice(player, a, ev);
            }
            (Task::ChooseTournament { player }, Action::Tournament(kind)) => {
                self.task = Task::Idle;
                self.choose_tournament(player, kind, ev);
            }
            (Task::Duel, a) => self.duel_action(a, ev),
            _ => {}
        }
    }

    /// Journey cards still to be had: face up, or in a deck.
    pub(crate) fn journey_available(&self) -> bool {
        self.board
            .rows
            .iter()
            .flatten()
            .any(|&k| k != crate::state::NONE)
            || !self.board.deck.is_empty()
    }

    pub(crate) fn deck_has(&self, ty: JourneyType) -> bool {
        self.board
            .deck
            .counts()
            .iter()
            .enumerate()
            .any(|(k, &c)| c > 0 && crate::content::journey(k as u8).is_some_and(|j| j.kind == ty))
    }

    /// Journey cards a Journey phase lets `p` play.
    pub(crate) fn journey_allowance(&self, p: Seat, phase: JourneyPhase) -> u8 {
        let Some(pl) = self.player(p) else {
            return 0;
        };
        match phase {
            JourneyPhase::Extra => crate::content::JOUST_EXTRA
                .get(usize::from(pl.knocked_out))
                .copied()
                .unwrap_or(0),
            _ => crate::content::JOURNEY_CARDS.saturating_add(pl.owned(Support::Emissary)),
        }
    }
}
