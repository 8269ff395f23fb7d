//! The type-erased layer: every game behind one object-safe interface, with
//! JSON in and out, so the CLI, the server and replays treat all games alike.

use crate::{
    DataError, DataFile, DynEvent, Game, GameInfo, GameRecord, GameRng, GameSchemas, RecordStep,
    ReplayError, RuleError, Seat, Series, Session, SetupError, ToMove, Weight, playout,
};
use serde_json::Value;

/// Why a type-erased call was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DynError {
    /// The JSON is no action or outcome of this game; the text holds what was
    /// given and why it does not read.
    #[error("not understood: {0}")]
    BadJson(String),
    /// The rules refused the step; the state is unchanged.
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// An index past the end of the actions or outcomes listed now.
    #[error("there is no choice number {0}")]
    NoSuchChoice(usize),
}

/// An action that was applied, as the table saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The action in a player's words, as the menu offered it.
    pub label: String,
    /// The action as a log tells it after the mover's name (see
    /// [`Game::describe_done`]).
    pub told: String,
    /// Whether the other seats may be told `label` now (see [`Game::action_is_open`]).
    pub open: bool,
}

/// A game in progress, whatever the game.
///
/// Front ends hold a `Box<dyn DynGame>` made by a [`GameEntry`] and speak
/// JSON with it, so one code path serves every game:
///
/// ```
/// use serde_json::json;
/// use tourney_core::testkit::coin::CallTheCoin;
/// use tourney_core::{GameEntry, Seat, ToMove};
///
/// let entry = GameEntry::of::<CallTheCoin>();
/// let names = vec!["Ada".to_string(), "Bert".to_string()];
/// let mut game = (entry.create)(&json!(null), names, Some(7))?;
/// assert_eq!(game.legal_actions(Seat(0)), [json!(true), json!(false)]);
/// game.apply_json(Seat(0), &json!(true))?;
/// assert_eq!(game.to_move(), ToMove::Chance);
/// game.apply_chance_json(&json!(true))?;
/// assert!(matches!(game.to_move(), ToMove::Over(_)));
/// assert_eq!(game.view_json(None), json!({"call": true, "toss": true}));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait DynGame: Send {
    /// What the game is: name, title, seat limits and options.
    fn info(&self) -> &'static GameInfo;
    /// Seats at this table.
    fn seats(&self) -> usize;
    /// Who the game waits for: seats, a chance step, or nobody once it is over.
    fn to_move(&self) -> ToMove;

    /// The actions `seat` may take now, as the game's JSON (none when it is
    /// not on move).
    fn legal_actions(&self, seat: Seat) -> Vec<Value>;
    /// Menu labels, in the same order as [`DynGame::legal_actions`].
    fn action_labels(&self, seat: Seat) -> Vec<String>;
    /// Applies an action given as the game's JSON.
    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<Applied, DynError>;
    /// Applies the `index`-th legal action.
    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<Applied, DynError>;
    /// The label of a JSON action, without applying it.
    fn describe_action_json(&self, seat: Seat, action: &Value) -> Result<String, DynError>;
    /// The label of a JSON chance outcome, without applying it.
    fn describe_chance_json(&self, outcome: &Value) -> Result<String, DynError>;

    /// What is being rolled or drawn now.
    fn chance_step_label(&self) -> String;
    /// The pending chance step's place in a run of like steps, if any.
    fn chance_step_series(&self) -> Option<Series>;
    /// Whether everyone may see the outcome of the pending chance step.
    fn chance_is_open(&self) -> bool;
    /// The outcomes of the pending chance step as the game's JSON, with their
    /// weights (none when no chance step is pending).
    fn chance_outcomes(&self) -> Vec<(Value, Weight)>;
    /// Labels and weights, in the same order as [`DynGame::chance_outcomes`].
    fn chance_labels(&self) -> Vec<(String, Weight)>;
    /// Applies a chance outcome given as the game's JSON: dice a person typed
    /// in, or a step read back from a record.
    fn apply_chance_json(&mut self, outcome: &Value) -> Result<(), DynError>;
    /// Applies the `index`-th of [`DynGame::chance_outcomes`] and returns its
    /// label.
    fn apply_chance_index(&mut self, index: usize) -> Result<String, DynError>;
    /// Samples the pending chance step; returns the label of what came up.
    fn sample_chance(&mut self, rng: &mut GameRng) -> Result<String, DynError>;
    /// Applies a uniformly random legal action for `seat`.
    fn random_action(&mut self, seat: Seat, rng: &mut GameRng) -> Result<Applied, DynError>;

    /// Starts or stops keeping the events the rules report (off at first).
    fn tell_events(&mut self, on: bool);
    /// The events reported since the last call, in order, for every
    /// audience: the caller tells each viewer only what reaches it.
    fn take_events(&mut self) -> Vec<DynEvent>;

    /// What `seat` may see (`None`: spectator), as the game's JSON view.
    fn view_json(&self, seat: Option<Seat>) -> Value;
    /// The same view already written out as JSON text: what a server
    /// sends, without building a `Value` tree first.
    fn view_raw(&self, seat: Option<Seat>) -> Box<serde_json::value::RawValue>;
    /// The table drawn as text for `seat` (`None`: spectator).
    fn render(&self, seat: Option<Seat>) -> String;
    /// The game so far as a record, ready to save or replay.
    fn record(&self) -> GameRecord;
    /// Steps applied so far, actions and chance outcomes alike: the length
    /// the record would have.
    fn steps_taken(&self) -> usize;
    /// Step `index` (from 0) of the history as the record writes it, without
    /// building the whole record.
    fn step(&self, index: usize) -> Option<RecordStep>;
    /// A copy of the game and its history, for a bot to think on while the
    /// table goes on answering from the original.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The concrete `Session<G>` behind this object, for code that knows the
    /// game type (bots are generic over `Game` and downcast to it).
    fn as_any(&self) -> &dyn std::any::Any;
    /// [`DynGame::as_any`] for code that goes on to drive the concrete session.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<G: Game> DynGame for Session<G> {
    fn info(&self) -> &'static GameInfo {
        &G::INFO
    }

    fn seats(&self) -> usize {
        self.state().seats()
    }

    fn to_move(&self) -> ToMove {
        self.state().to_move()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        actions_of(self.state(), seat).iter().map(json).collect()
    }

    fn action_labels(&self, seat: Seat) -> Vec<String> {
        let state = self.state();
        actions_of(state, seat)
            .iter()
            .map(|a| state.describe_action(seat, a))
            .collect()
    }

    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<Applied, DynError> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| DynError::BadJson(format!("action {action}: {e}")))?;
        let applied = Applied {
            label: self.state().describe_action(seat, &action),
            told: self.state().describe_done(seat, &action),
            open: self.state().action_is_open(seat, &action),
        };
        self.apply(seat, action)?;
        Ok(applied)
    }

    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<Applied, DynError> {
        let action = actions_of(self.state(), seat)
            .into_iter()
            .nth(index)
            .ok_or(DynError::NoSuchChoice(index))?;
        let applied = Applied {
            label: self.state().describe_action(seat, &action),
            told: self.state().describe_done(seat, &action),
            open: self.state().action_is_open(seat, &action),
        };
        self.apply(seat, action)?;
        Ok(applied)
    }

    fn describe_action_json(&self, seat: Seat, action: &Value) -> Result<String, DynError> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| DynError::BadJson(format!("action {action}: {e}")))?;
        Ok(self.state().describe_action(seat, &action))
    }

    fn describe_chance_json(&self, outcome: &Value) -> Result<String, DynError> {
        let outcome: G::Chance = serde_json::from_value(outcome.clone())
            .map_err(|e| DynError::BadJson(format!("chance outcome {outcome}: {e}")))?;
        Ok(self.state().describe_chance(&outcome))
    }

    fn chance_step_label(&self) -> String {
        self.state().describe_chance_step()
    }

    fn chance_step_series(&self) -> Option<Series> {
        self.state().chance_step_series()
    }

    fn chance_is_open(&self) -> bool {
        self.state().chance_is_open()
    }

    fn chance_outcomes(&self) -> Vec<(Value, Weight)> {
        outcomes_of(self.state())
            .iter()
            .map(|(c, w)| (json(c), *w))
            .collect()
    }

    fn chance_labels(&self) -> Vec<(String, Weight)> {
        let state = self.state();
        outcomes_of(state)
            .iter()
            .map(|(c, w)| (state.describe_chance(c), *w))
            .collect()
    }

    fn apply_chance_json(&mut self, outcome: &Value) -> Result<(), DynError> {
        let outcome: G::Chance = serde_json::from_value(outcome.clone())
            .map_err(|e| DynError::BadJson(format!("chance outcome {outcome}: {e}")))?;
        Ok(self.apply_chance(outcome)?)
    }

    fn apply_chance_index(&mut self, index: usize) -> Result<String, DynError> {
        let (outcome, _) = outcomes_of(self.state())
            .into_iter()
            .nth(index)
            .ok_or(DynError::NoSuchChoice(index))?;
        let label = self.state().describe_chance(&outcome);
        self.apply_chance(outcome)?;
        Ok(label)
    }

    fn sample_chance(&mut self, rng: &mut GameRng) -> Result<String, DynError> {
        let mut buf = Vec::new();
        let outcome = self.pick_chance(rng, &mut buf)?;
        // Described before it is applied: a description may depend on the
        // position the outcome comes up in.
        let label = self.state().describe_chance(&outcome);
        self.apply_chance(outcome)?;
        Ok(label)
    }

    fn random_action(&mut self, seat: Seat, rng: &mut GameRng) -> Result<Applied, DynError> {
        // The turn guard says why there is nothing to pick: the game is
        // over, a die or card is due, or another seat is on move.
        self.state().to_move().check_action(seat)?;
        let actions = actions_of(self.state(), seat);
        if actions.is_empty() {
            return Err(RuleError::NotOnMove(seat).into());
        }
        let i = rng.below(actions.len() as u32) as usize;
        self.apply_index(seat, i)
    }

    fn tell_events(&mut self, on: bool) {
        Session::tell_events(self, on);
    }

    fn take_events(&mut self) -> Vec<DynEvent> {
        Session::take_events(self)
            .iter()
            .map(|event| DynEvent {
                retells: G::event_retells_step(&event.event),
                ..DynEvent::of(event)
            })
            .collect()
    }

    fn view_json(&self, seat: Option<Seat>) -> Value {
        json(&self.state().view(seat))
    }

    fn view_raw(&self, seat: Option<Seat>) -> Box<serde_json::value::RawValue> {
        // Our views always serialize; the default is `null` if one did not.
        serde_json::value::to_raw_value(&self.state().view(seat)).unwrap_or_default()
    }

    fn render(&self, seat: Option<Seat>) -> String {
        self.state().view(seat).to_string()
    }

    fn record(&self) -> GameRecord {
        Session::record(self)
    }

    fn steps_taken(&self) -> usize {
        self.steps().len()
    }

    fn step(&self, index: usize) -> Option<RecordStep> {
        self.steps().get(index).map(|step| match step {
            crate::Step::Action { seat, action } => RecordStep::Action {
                seat: *seat,
                action: json(action),
            },
            crate::Step::Chance(outcome) => RecordStep::Chance {
                outcome: json(outcome),
            },
        })
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

fn actions_of<G: Game>(state: &G, seat: Seat) -> Vec<G::Action> {
    let mut out = Vec::new();
    state.legal_actions(seat, &mut out);
    out
}

fn outcomes_of<G: Game>(state: &G) -> Vec<(G::Chance, Weight)> {
    let mut out = Vec::new();
    state.chance_outcomes(&mut out);
    out
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Why a game could not be created from JSON.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CreateError {
    /// The JSON does not read as this game's options; the text says why.
    #[error("config: {0}")]
    Config(String),
    /// The options read, but the game refuses them or the seat count.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Creates a game from a JSON config, the seat names and the seed.
pub type CreateFn = fn(
    config: &Value,
    seats: Vec<String>,
    seed: Option<u64>,
) -> Result<Box<dyn DynGame>, CreateError>;
/// Plays one random game with recording on: config, seat names, run seed,
/// the game's generator, the step bound.
pub type RecordedGameFn = fn(
    config: &Value,
    seat_names: Vec<String>,
    seed: u64,
    rng: &mut GameRng,
    max_steps: usize,
) -> Result<(playout::GameSummary, GameRecord), CreateError>;

/// One game as the registry knows it: plain function pointers, monomorphised
/// per game, so simulation runs at full speed without dynamic dispatch.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// The game's name, title, seat limits and options, for menus and record
    /// headers.
    pub info: &'static GameInfo,
    /// The default configuration, every option spelled out.
    pub default_config: fn() -> Value,
    /// Reads a config (a JSON object) and checks every option for a table of
    /// `seats` (some options only fit some player counts), returning it with
    /// every option spelled out.
    pub check_config: fn(config: &Value, seats: usize) -> Result<Value, CreateError>,
    /// Starts a game from a JSON config, the seat names and the seed to note
    /// in its record.
    pub create: CreateFn,
    /// Rebuilds a game from a record, step by step through the rules, and
    /// checks the recorded outcome.
    pub replay: fn(record: &GameRecord) -> Result<Box<dyn DynGame>, ReplayError>,
    /// Plays one game with every seat choosing uniformly at random.
    pub random_game: fn(
        config: &Value,
        seats: usize,
        rng: &mut GameRng,
        max_steps: usize,
    ) -> Result<playout::GameSummary, CreateError>,
    /// Like `random_game`, but keeps the record.
    pub random_game_recorded: RecordedGameFn,
    /// The game's components as its data files state them
    /// ([`Game::components`]), as JSON.
    pub components: fn() -> Value,
    /// The data files the components are read from, as built in.
    pub data_files: &'static [DataFile<'static>],
    /// The components read from a copy of the data files
    /// ([`Game::components_from`]), as JSON.
    pub components_from: fn(&[DataFile<'_>]) -> Result<Value, DataError>,
    /// The JSON Schemas of the game's view, action, event, config and
    /// components.
    pub schemas: fn() -> GameSchemas,
}

impl GameEntry {
    /// The entry of game `G`: every pointer a function monomorphised for it.
    /// The registry lists one per game.
    pub fn of<G: Game>() -> GameEntry {
        GameEntry {
            info: &G::INFO,
            default_config: || json(&G::Config::default()),
            check_config: |config, seats| {
                let parsed = parse_config::<G>(config)?;
                // Setting up a game runs the game's own option checks.
                G::new(&parsed, seats)?;
                Ok(json(&parsed))
            },
            create: create::<G>,
            replay: |record| Ok(Box::new(Session::<G>::replay(record)?)),
            random_game: |config, seats, rng, max_steps| {
                let config = parse_config::<G>(config)?;
                let mut state = G::new(&config, seats)?;
                let report = playout::random_playout(
                    &mut state,
                    rng,
                    &mut playout::Buffers::default(),
                    max_steps,
                );
                Ok(playout::GameSummary::of(report, &state))
            },
            random_game_recorded: |config, seat_names, seed, rng, max_steps| {
                let config = parse_config::<G>(config)?;
                let mut session = Session::<G>::new(config, seat_names, Some(seed))?;
                let report = playout::random_session(&mut session, rng, max_steps);
                let summary = playout::GameSummary::of(report, session.state());
                Ok((summary, session.record()))
            },
            components: || json(&G::components()),
            data_files: G::DATA_FILES,
            components_from: |files| Ok(json(&G::components_from(files)?)),
            schemas: GameSchemas::of::<G>,
        }
    }
}

/// Reads a JSON config as `G`'s options, filling in defaults. It does not
/// run the game's own checks: [`GameEntry::check_config`] does.
pub fn parse_config<G: Game>(config: &Value) -> Result<G::Config, CreateError> {
    serde_json::from_value(config.clone()).map_err(|e| CreateError::Config(e.to_string()))
}

fn create<G: Game>(
    config: &Value,
    seats: Vec<String>,
    seed: Option<u64>,
) -> Result<Box<dyn DynGame>, CreateError> {
    let config = parse_config::<G>(config)?;
    Ok(Box::new(Session::<G>::new(config, seats, seed)?))
}
