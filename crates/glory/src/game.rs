//! `tourney_core::Game` for Glory.

use crate::actions::{Action, Chance};
use crate::config::{Config, OPTIONS};
use crate::events::Event;
use crate::state::{Glory, MAX_PLAYERS, Stage, Task};
use crate::view::View;
use tourney_core::{
    Events, Game, GameInfo, GameRng, Outcome, RuleError, Seat, SeatSet, SetupError, ToMove, Weight,
};

impl Game for Glory {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const INFO: GameInfo = GameInfo {
        name: "glory",
        title: "Glory: A Game of Knights",
        rules_version: "1",
        min_seats: 1,
        max_seats: MAX_PLAYERS,
        options: OPTIONS,
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        Glory::setup(config, seats)
    }

    fn seats(&self) -> usize {
        usize::from(self.seat_count())
    }

    fn to_move(&self) -> ToMove {
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
            Some(p) => ToMove::Seats(SeatSet::single(Seat(p))),
            None => ToMove::Seats(SeatSet::EMPTY),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(p) = self.seat_of(seat) {
            self.actions(p, &mut |a| out.push(a));
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        if self.to_move() == ToMove::Chance {
            self.outcomes(&mut |c, w| out.push((c, w)));
        }
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.to_move().check_action(seat)?;
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

    fn apply_chance_with_events(
        &mut self,
        outcome: &Chance,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.to_move().check_chance()?;
        let mut listed = false;
        self.outcomes(&mut |c, _| listed |= c == *outcome);
        if !listed {
            return Err(RuleError::impossible(self.why_impossible(outcome)));
        }
        self.take_outcome(*outcome, events);
        self.advance(events);
        Ok(())
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.make_view(seat)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        self.determinized(seat, rng)
    }

    /// Glory points are public: a soft share of the lead, from the softmax
    /// of everyone's glory (ten points of lead ≈ e times the odds).
    fn evaluate(&self, seat: Seat) -> f64 {
        if let ToMove::Over(outcome) = self.to_move() {
            return outcome.share(seat);
        }
        if self.solo.is_some() {
            return self.solo_evaluate();
        }
        let Some(me) = self.seat_of(seat).and_then(|p| self.player(p)) else {
            return 0.0;
        };
        let mine = f64::from(me.glory);
        let total: f64 = self
            .ids()
            .filter_map(|p| self.player(p))
            .map(|pl| ((f64::from(pl.glory) - mine) / 10.0).exp())
            .sum();
        if total > 0.0 {
            (1.0 / total).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        let text = self.action_text(seat.0, action);
        self.with_otto_registration(text, |g| g.apply(seat, action).is_ok())
    }

    /// Keeping a title and exchanging a Journey card at setup are done
    /// face down; everything else happens in the open.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        !matches!(action, Action::KeepTitle(_) | Action::Exchange(_))
    }

    /// A card drawn blind into a hand (Journey cards, titles, the title
    /// Otto keeps) is seen by its drawer only; dice, tiles, face-up cards,
    /// events, automa cards and the titles Otto discards are open.
    fn chance_is_open(&self) -> bool {
        !matches!(
            self.task,
            Task::Journey { .. } | Task::Titles { .. } | Task::OttoObjective { left: 0..=1 }
        )
    }

    fn describe_chance_step(&self) -> String {
        self.chance_step_text()
    }

    fn describe_chance(&self, outcome: &Chance) -> String {
        let text = self.chance_text(outcome);
        if matches!(outcome, Chance::Automa(_)) {
            // An automa card's text already says where a Herald takes him.
            return text;
        }
        self.with_otto_registration(text, |g| g.apply_chance(outcome).is_ok())
    }
}

impl Glory {
    /// `text`, followed by where Otto registers as a consequence of the
    /// step `step` takes (Rivalry mode only; the step is tried on a copy).
    fn with_otto_registration(
        &self,
        text: String,
        step: impl FnOnce(&mut Glory) -> bool,
    ) -> String {
        if !self.rivalry() {
            return text;
        }
        let mut after = self.clone();
        match step(&mut after)
            .then(|| self.otto_registered_text(&after))
            .flatten()
        {
            Some(otto) => format!("{text}; then {otto}"),
            None => text,
        }
    }
}
