//! A game in progress together with its history.

use crate::{
    Event, Events, Game, GameRecord, GameRng, Outcome, RecordStep, ReplayError, RuleError, Seat,
    SetupError, ToMove,
};
use serde::{Deserialize, Serialize};

/// One applied step, typed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Step<G: Game> {
    /// A choice a seat made, already accepted by the rules.
    Action {
        /// The seat that chose it.
        seat: Seat,
        /// What it chose.
        action: G::Action,
    },
    /// What a die showed or which card came off a pile.
    Chance(G::Chance),
}

/// A game state plus everything that led to it, ready to be saved as a record.
///
/// Every step goes through the session, so its record replays to the same
/// state anywhere:
///
/// ```
/// use tourney_core::testkit::coin::CallTheCoin;
/// use tourney_core::{Game, Seat, Session};
///
/// let names = vec!["Ada".to_string(), "Bert".to_string()];
/// let mut session = Session::<CallTheCoin>::new((), names, None)?;
/// session.apply(Seat(0), false)?;
/// session.apply_chance(false)?;
/// assert_eq!(session.outcome().map(|o| o.winners.first_seat()), Some(Some(Seat(0))));
///
/// let record = session.record();
/// assert_eq!(record.steps.len(), 2);
/// let replayed = Session::<CallTheCoin>::replay(&record)?;
/// assert_eq!(replayed.state(), session.state());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Session<G: Game> {
    config: G::Config,
    seat_names: Vec<String>,
    seed: Option<u64>,
    state: G,
    steps: Vec<Step<G>>,
    /// Off unless a caller asks for events (see [`Session::tell_events`]).
    events: Events<G::Event>,
}

impl<G: Game> Session<G> {
    /// A new game for these seat names, whose count is the seat count. `seed`
    /// is only noted in the record: the caller samples chance itself.
    pub fn new(
        config: G::Config,
        seat_names: Vec<String>,
        seed: Option<u64>,
    ) -> Result<Self, SetupError> {
        let state = G::new(&config, seat_names.len())?;
        Ok(Session {
            config,
            seat_names,
            seed,
            state,
            steps: Vec::new(),
            events: Events::off(),
        })
    }

    /// The game as it stands.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The options the game was set up with.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// Who sits where, as the record writes it.
    pub fn seat_names(&self) -> &[String] {
        &self.seat_names
    }

    /// Every step applied so far, in order.
    pub fn steps(&self) -> &[Step<G>] {
        &self.steps
    }

    /// Applies `seat`'s action and keeps it in the history. A refused action
    /// leaves no step, no change to the state and no event.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<(), RuleError> {
        let before = self.events.len();
        if let Err(e) = self
            .state
            .apply_with_events(seat, &action, &mut self.events)
        {
            self.events.truncate(before);
            return Err(e);
        }
        self.steps.push(Step::Action { seat, action });
        Ok(())
    }

    /// Applies a chance outcome and keeps it in the history; a refusal leaves
    /// no trace, as with [`Session::apply`].
    pub fn apply_chance(&mut self, outcome: G::Chance) -> Result<(), RuleError> {
        let before = self.events.len();
        if let Err(e) = self
            .state
            .apply_chance_with_events(&outcome, &mut self.events)
        {
            self.events.truncate(before);
            return Err(e);
        }
        self.steps.push(Step::Chance(outcome));
        Ok(())
    }

    /// Starts or stops keeping the events the rules report as steps apply.
    pub fn tell_events(&mut self, on: bool) {
        self.events.set_on(on);
    }

    /// The events reported since the last call, in order.
    pub fn take_events(&mut self) -> Vec<Event<G::Event>> {
        self.events.take()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.state.to_move() {
            ToMove::Over(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// Samples the pending chance step with `rng`; returns the outcome applied.
    pub fn sample_chance(
        &mut self,
        rng: &mut GameRng,
        buf: &mut Vec<(G::Chance, crate::Weight)>,
    ) -> Result<G::Chance, RuleError> {
        let outcome = self.pick_chance(rng, buf)?;
        self.apply_chance(outcome.clone())?;
        Ok(outcome)
    }

    /// Draws an outcome of the pending chance step with `rng` without
    /// applying it, so a caller can describe it in the position it comes up
    /// in (what an automa card makes Otto do depends on that position).
    /// Consumes `rng` exactly as [`Session::sample_chance`] does.
    pub fn pick_chance(
        &self,
        rng: &mut GameRng,
        buf: &mut Vec<(G::Chance, crate::Weight)>,
    ) -> Result<G::Chance, RuleError> {
        crate::playout::sample_chance(&self.state, buf, rng)
            .and_then(|i| buf.get(i))
            .map(|(outcome, _)| outcome.clone())
            .ok_or(RuleError::NoChancePending)
    }

    /// The game so far as a record. It carries no dice seal: a server that
    /// drew the dice from a committed seed adds one.
    pub fn record(&self) -> GameRecord {
        let steps = self
            .steps
            .iter()
            .map(|step| match step {
                Step::Action { seat, action } => RecordStep::Action {
                    seat: *seat,
                    action: to_value(action),
                },
                Step::Chance(outcome) => RecordStep::Chance {
                    outcome: to_value(outcome),
                },
            })
            .collect();
        GameRecord {
            game: G::INFO.name.to_string(),
            rules_version: G::INFO.rules_version.to_string(),
            config: to_value(&self.config),
            seats: self.seat_names.clone(),
            seed: self.seed,
            dice: None,
            steps,
            outcome: self.outcome(),
            forfeit: None,
        }
    }

    /// Rebuilds a session from a record, step by step through the rules, and
    /// checks the recorded outcome (if any) is the one the rules reach.
    pub fn replay(record: &GameRecord) -> Result<Self, ReplayError> {
        let header = |reason: String| ReplayError { step: None, reason };
        if record.game != G::INFO.name {
            return Err(header(format!(
                "the record is of `{}`, not `{}`",
                record.game,
                G::INFO.name
            )));
        }
        if record.rules_version != G::INFO.rules_version {
            return Err(header(format!(
                "the record was made with rules version {}, this build plays {}",
                record.rules_version,
                G::INFO.rules_version
            )));
        }
        let config: G::Config = serde_json::from_value(record.config.clone())
            .map_err(|e| header(format!("config: {e}")))?;
        let mut session = Session::new(config, record.seats.clone(), record.seed)
            .map_err(|e| header(e.to_string()))?;
        for (step, n) in record.steps.iter().zip(1..) {
            let at = |reason: String| ReplayError {
                step: Some(n),
                reason,
            };
            match step {
                RecordStep::Action { seat, action } => {
                    let action: G::Action = serde_json::from_value(action.clone())
                        .map_err(|e| at(format!("unreadable action {action}: {e}")))?;
                    session
                        .apply(*seat, action)
                        .map_err(|e| at(format!("{seat} cannot do that: {e}")))?;
                }
                RecordStep::Chance { outcome } => {
                    let parsed: G::Chance = serde_json::from_value(outcome.clone())
                        .map_err(|e| at(format!("unreadable chance outcome {outcome}: {e}")))?;
                    session
                        .apply_chance(parsed)
                        .map_err(|e| at(format!("chance outcome {outcome} cannot happen: {e}")))?;
                }
            }
        }
        record.ending(session.outcome()).map_err(header)?;
        Ok(session)
    }
}

fn to_value<T: Serialize>(value: &T) -> serde_json::Value {
    // Our own types always serialize; a failure would be a bug in a derive.
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}
