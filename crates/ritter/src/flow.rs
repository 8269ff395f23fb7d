//! The state machine: who is on move, what each seat may do, and how an
//! action is checked and carried out. Every action is checked in full
//! before anything changes, so a refused one leaves the state as it was.

use crate::actions::Action;
use crate::combat::JoustStep as Step;
use crate::events::Sink;
use crate::state::{Phase, Ritter};
use tourney_core::{Outcome, RuleError, Seat, SeatSet, ToMove};

impl Ritter {
    /// Who the game waits for: a chance step, the seats still to act, or
    /// the end.
    pub(crate) fn on_move(&self) -> ToMove {
        let one = |seat: Seat| ToMove::Seats(SeatSet::single(seat));
        let owner = |knight| ToMove::Seats(self.owner_of(knight).into_iter().collect());
        match self.phase {
            Phase::Deal | Phase::StartRoll { .. } => ToMove::Chance,
            Phase::Prepare => ToMove::Seats(
                self.seat_set()
                    .iter()
                    .filter(|s| !self.prepared.contains(*s))
                    .collect(),
            ),
            Phase::Favours { turn } | Phase::Challenge { turn } => one(turn),
            Phase::FavourTie { knight, .. } => owner(knight),
            Phase::Joust(j) => match j.step {
                Step::Rolling => ToMove::Chance,
                Step::AttackerDecides => owner(j.knights[0]),
                Step::DefenderDecides => owner(j.knights[1]),
            },
            Phase::DayWinner { owner, .. } => one(owner),
            Phase::DuelChoice { .. } => ToMove::Seats(self.duel_seats_to_move()),
            Phase::Over { winners } => ToMove::Over(Outcome { winners }),
        }
    }

    /// The actions `seat` may take now, after `out`'s existing entries.
    pub(crate) fn list_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let ToMove::Seats(on_move) = self.on_move() else {
            return;
        };
        if !on_move.contains(seat) {
            return;
        }
        let start = out.len();
        self.candidates(seat, out);
        let mut kept = start;
        for i in start..out.len() {
            let ok = out.get(i).is_some_and(|a| self.check(seat, a).is_ok());
            if ok {
                out.swap(kept, i);
                // `kept` never passes `i`, which is below `out.len()`.
                kept = kept.saturating_add(1);
            }
        }
        out.truncate(kept);
    }

    /// Takes `seat`'s action, or refuses it and changes nothing.
    pub(crate) fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Sink,
    ) -> Result<(), RuleError> {
        self.on_move().check_action(seat)?;
        let seat = self.at_table(seat).ok_or(RuleError::NotOnMove(seat))?;
        self.check(seat, action)?;
        self.perform(seat, *action, events);
        Ok(())
    }

    /// Adds the actions the current phase could offer `seat`, before the
    /// rules filter them.
    fn candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Prepare => self.prep_candidates(seat, out),
            Phase::Favours { .. } => self.favour_candidates(seat, out),
            Phase::FavourTie {
                knight, newcomer, ..
            } => {
                if let Some(k) = self.knight(knight) {
                    out.push(Action::KeepFavour { lady: k.favour });
                }
                out.push(Action::KeepFavour { lady: newcomer });
            }
            Phase::Challenge { .. } => self.challenge_candidates(seat, out),
            Phase::Joust(_) => out.extend([Action::Yield, Action::FightOn]),
            Phase::DayWinner { .. } => self.day_winner_candidates(out),
            Phase::DuelChoice { .. } => self.champion_candidates(seat, out),
            Phase::Deal | Phase::StartRoll { .. } | Phase::Over { .. } => {}
        }
    }

    /// Whether `seat` (already known to be on move) may take `action` now.
    /// Everything is checked here, before anything changes.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let not_now = |what: &'static str| Err(RuleError::illegal(what));
        match (self.phase, *action) {
            (Phase::Prepare, Action::Train { knight, gain }) => {
                self.check_train(seat, knight, gain)
            }
            (Phase::Prepare, Action::Send { knights }) => self.check_send(seat, knights),
            (Phase::Prepare, _) => {
                not_now("the knights are being prepared: train or choose who rides")
            }
            (Phase::Favours { .. }, Action::Offer { lady, knight }) => {
                self.check_offer(seat, lady, knight).map(|_| ())
            }
            (Phase::Favours { .. }, _) => not_now("the ladies are giving their favours: offer one"),
            (Phase::FavourTie { .. }, Action::KeepFavour { lady }) => self.check_keep(lady),
            (Phase::FavourTie { .. }, _) => not_now("choose which lady's favour your knight wears"),
            (Phase::Challenge { .. }, Action::Challenge { attacker, defender }) => {
                self.check_challenge(seat, attacker, defender)
            }
            (Phase::Challenge { .. }, _) => not_now("it is time to challenge a knight"),
            (Phase::Joust(j), Action::Yield | Action::FightOn) if j.step != Step::Rolling => Ok(()),
            (Phase::Joust(_), _) => not_now("after a foot round you can only yield or fight on"),
            (Phase::DayWinner { .. }, Action::DayWinner { knight }) => {
                self.check_day_winner(knight)
            }
            (Phase::DayWinner { .. }, _) => not_now("name the day winner among your tied knights"),
            (Phase::DuelChoice { .. }, Action::Champion { knight }) => {
                self.check_champion(seat, knight)
            }
            (Phase::DuelChoice { .. }, _) => not_now("choose your knight for the decisive duel"),
            (Phase::Deal | Phase::StartRoll { .. }, _) => Err(RuleError::AwaitingChance),
            (Phase::Over { .. }, _) => Err(RuleError::GameOver),
        }
    }

    /// Carries out an action that [`Ritter::check`] accepted.
    fn perform(&mut self, seat: Seat, action: Action, events: &mut Sink) {
        match (self.phase, action) {
            (Phase::Prepare, Action::Train { knight, gain }) => self.train(knight, gain, events),
            (Phase::Prepare, Action::Send { knights }) => self.send(seat, knights, events),
            (Phase::Favours { .. }, Action::Offer { lady, knight }) => {
                if let Ok(landing) = self.check_offer(seat, lady, knight) {
                    self.offer(seat, lady, knight, landing, events);
                }
            }
            (Phase::FavourTie { .. }, Action::KeepFavour { lady }) => self.keep(lady, events),
            (Phase::Challenge { .. }, Action::Challenge { attacker, defender }) => {
                self.start_joust(attacker, defender, seat, false, events)
            }
            (Phase::Joust(j), Action::Yield) => self.decide(j, true, events),
            (Phase::Joust(j), Action::FightOn) => self.decide(j, false, events),
            (Phase::DayWinner { .. }, Action::DayWinner { knight }) => {
                self.name_day_winner(knight, events)
            }
            (Phase::DuelChoice { .. }, Action::Champion { knight }) => {
                self.choose_champion(seat, knight, events)
            }
            _ => {}
        }
    }
}
