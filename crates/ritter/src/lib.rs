//! # tourney-ritter
//!
//! *Ritter ohne Furcht und Tadel*: a tournament of several days in which
//! knights joust with dice and ladies lend them their favour. This crate is
//! the complete game for 2 to 10 players as a pure [`tourney_core::Game`]:
//! no IO, no clocks, no randomness of its own. Every card dealt and every die
//! rolled is an explicit chance step, so a test (or a person at a real table)
//! can feed the exact dice it wants.
//!
//! How a game runs:
//!
//! 1. **Deal** — knight cards, then lady cards (two each for up to five
//!    players, one each from six), one chance step per card.
//! 2. **Starting roll** — every player rolls a d6; ties roll again.
//! 3. **Each day** — every seat prepares in secret (spends its knights'
//!    training points, then picks who rides); the ladies' favours are placed
//!    in seat order; then challenges in seat order, each a joust of mounted,
//!    furious and foot rounds, until one player's knights alone are left.
//!    The knight with the most prizes that day gains the day bonus.
//! 4. **Night** — every knight heals three wounds and gains training points.
//! 5. **End** — the top knight and lady gain four prizes; the highest total
//!    wins, a tie is fought out in decisive duels.
//!
//! The binding rulings and every decision this crate takes where the rules
//! are silent are in `docs/rulings/ritter.md`; the JSON shapes of actions,
//! chance outcomes, views and events in `docs/protocol/ritter.md`. The knight and
//! lady cards live in `data/ritter.toml`, checked and compiled in by
//! `build.rs`.

mod actions;
mod combat;
mod config;
mod content;
mod day;
mod describe;
mod draw;
mod evaluate;
mod events;
mod favours;
mod knight;
mod night;
mod prep;
mod scoring;
mod setup;
mod state;
mod view;

pub use actions::{Action, Chance, Gain, KnightSet};
pub use combat::{Ending, FOOT, JoustStep, MOUNTED};
pub use config::{Config, MAX_DAYS};
pub use content::{CARDS, KNIGHTS, KnightCard, LADIES, LadyCard, MATCHES, Trait};
pub use events::{Event, LadyShare};
pub use knight::{FIELD_COPIES, KNOCKOUT, MAX_DICE, MAX_ROLL, can_wound, wounds_from};
pub use state::{MAX_PLAYERS, Ritter};
pub use view::{
    JoustResultView, JoustView, KnightStatus, KnightView, LadyView, PhaseView, PlanView, RoundView,
    View,
};

use combat::JoustStep as Step;
use events::Sink;
use setup::Card;
use state::Phase;
use tourney_core::{
    Events, Game, GameInfo, GameRng, Outcome, RuleError, Seat, SeatSet, SetupError, ToMove, Weight,
};

/// The faces of a d6.
const D6: std::ops::RangeInclusive<u8> = 1..=6;

impl Ritter {
    /// Adds the actions the current phase could offer `seat`, before the
    /// rules filter them.
    fn candidates(&self, seat: u8, out: &mut Vec<Action>) {
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
    fn check(&self, seat: u8, action: &Action) -> Result<(), RuleError> {
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
    fn perform(&mut self, seat: u8, action: Action, events: &mut Sink) {
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

impl Game for Ritter {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const INFO: GameInfo = GameInfo {
        name: "ritter",
        title: "Ritter ohne Furcht und Tadel",
        rules_version: "1",
        min_seats: 2,
        max_seats: MAX_PLAYERS,
        options: config::OPTIONS,
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Ritter::setup(config, seats)
    }

    fn seats(&self) -> usize {
        usize::from(self.n())
    }

    fn to_move(&self) -> ToMove {
        let one = |seat: u8| ToMove::Seats(SeatSet::single(Seat(seat)));
        match self.phase {
            Phase::Deal | Phase::StartRoll { .. } => ToMove::Chance,
            Phase::Prepare => ToMove::Seats(
                self.seat_set()
                    .iter()
                    .filter(|s| !self.prepared.contains(*s))
                    .collect(),
            ),
            Phase::Favours { turn } | Phase::Challenge { turn } => one(turn),
            Phase::FavourTie { knight, .. } => one(self.owner_of(knight)),
            Phase::Joust(j) => match j.step {
                Step::Rolling => ToMove::Chance,
                Step::AttackerDecides => one(self.owner_of(j.knights[0])),
                Step::DefenderDecides => one(self.owner_of(j.knights[1])),
            },
            Phase::DayWinner { owner, .. } => one(owner),
            Phase::DuelChoice { .. } => ToMove::Seats(self.duel_seats_to_move()),
            Phase::Over { winners } => ToMove::Over(Outcome { winners }),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let ToMove::Seats(on_move) = self.to_move() else {
            return;
        };
        if !on_move.contains(seat) {
            return;
        }
        let start = out.len();
        self.candidates(seat.0, out);
        let mut kept = start;
        for i in start..out.len() {
            let ok = out.get(i).is_some_and(|a| self.check(seat.0, a).is_ok());
            if ok {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        match self.phase {
            Phase::Deal => {
                if let Some((_, card)) = self.next_deal() {
                    let undealt = state::ids().filter(|&id| self.undealt(card, id));
                    out.extend(undealt.map(|id| match card {
                        Card::Knight => (Chance::Knight(id), 1),
                        Card::Lady => (Chance::Lady(id), 1),
                    }));
                }
            }
            Phase::StartRoll { contenders, rolls }
                if Ritter::next_roller(contenders, &rolls).is_some() =>
            {
                out.extend(D6.map(|f| (Chance::Die(f), 1)))
            }
            Phase::Joust(j) if j.roller().is_some() => out.extend(D6.map(|f| (Chance::Die(f), 1))),
            _ => {}
        }
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.to_move().check_action(seat)?;
        let seat = self.seat_index(seat).ok_or(RuleError::NotOnMove(seat))?;
        self.check(seat, action)?;
        self.perform(seat, *action, events);
        Ok(())
    }

    fn apply_chance_with_events(
        &mut self,
        outcome: &Chance,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        let die = |face: u8| {
            if D6.contains(&face) {
                Ok(face)
            } else {
                Err(RuleError::impossible("a die shows 1 to 6"))
            }
        };
        match (self.phase, *outcome) {
            (Phase::Over { .. }, _) => Err(RuleError::GameOver),
            (Phase::Deal, Chance::Knight(id)) => {
                let seat = self.check_deal(Card::Knight, id)?;
                self.deal(seat, Card::Knight, id);
                Ok(())
            }
            (Phase::Deal, Chance::Lady(id)) => {
                let seat = self.check_deal(Card::Lady, id)?;
                self.deal(seat, Card::Lady, id);
                Ok(())
            }
            (Phase::Deal, Chance::Die(_)) => Err(RuleError::impossible(
                "a card is being dealt, not a die rolled",
            )),
            (Phase::StartRoll { contenders, rolls }, Chance::Die(face))
                if Ritter::next_roller(contenders, &rolls).is_some() =>
            {
                self.roll_for_start(die(face)?, events);
                Ok(())
            }
            (Phase::Joust(j), Chance::Die(face)) if j.roller().is_some() => {
                self.roll_combat_die(j, die(face)?, events);
                Ok(())
            }
            (Phase::StartRoll { .. } | Phase::Joust(_), Chance::Knight(_) | Chance::Lady(_)) => {
                Err(RuleError::impossible(
                    "a die is being rolled, not a card dealt",
                ))
            }
            _ => Err(RuleError::NoChancePending),
        }
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.make_view(seat)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut copy = self.clone();
        match self.phase {
            Phase::Prepare => copy.redeal_preparation(seat.0, rng),
            Phase::DuelChoice { .. } => copy.redeal_champion(seat.0, rng),
            _ => {}
        }
        copy
    }

    /// Prizes of the seat's knights and ladies against the others', with
    /// what the knights can still win by their dice (`evaluate.rs`).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.evaluation(seat)
    }

    fn describe_action(&self, _seat: Seat, action: &Action) -> String {
        self.action_text(action)
    }

    /// Training, the choice of who rides and the choice of duellist are made
    /// in secret; everything else happens in the open.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(
            action,
            Action::Train { .. } | Action::Send { .. } | Action::Champion { .. }
        )
    }

    fn describe_chance_step(&self) -> String {
        self.chance_step_text()
    }

    fn describe_chance(&self, outcome: &Chance) -> String {
        self.chance_text(outcome)
    }
}
