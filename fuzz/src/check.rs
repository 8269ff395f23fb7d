//! The invariants every fuzz input is held to, as panics libFuzzer reports.
//!
//! The targets drive games through `DynGame`, as the CLI and the server do;
//! what needs the game's type (its full state, `determinize`) goes through
//! a [`Probe`], a table of functions monomorphised per game that downcast
//! the `DynGame` to the `Session<G>` behind it.

use serde_json::Value;
use std::any::Any;
use tourney_core::{
    DynError, DynGame, Game, GameEntry, GameRecord, GameRng, RecordStep, Seat, Session, ToMove,
};

/// Typed checks of one game, reached through `&dyn DynGame`.
#[derive(Clone, Copy)]
pub struct Probe {
    /// A copy of the bare game state (no history), to compare with later.
    pub state: fn(&dyn DynGame) -> Box<dyn Any>,
    /// Whether the game's state equals one [`Probe::state`] copied.
    pub same_state: fn(&dyn DynGame, &dyn Any) -> bool,
    /// Whether two games are in equal states.
    pub same_states: fn(&dyn DynGame, &dyn DynGame) -> bool,
    /// The whole state serialised (the game's own serde form, which the
    /// conformance suite checks round-trips).
    pub state_text: fn(&dyn DynGame) -> String,
    /// Views hide what they must: see [`views_hide_what_they_must`].
    pub hidden: fn(&dyn DynGame, &mut GameRng, &str),
    /// The state survives a serde round trip unchanged.
    pub round_trip: fn(&dyn DynGame, &str),
    /// How many actions `seat` lists, counted without JSON.
    pub actions: fn(&dyn DynGame, Seat) -> usize,
    /// How many outcomes the pending chance step lists, without JSON.
    pub outcomes: fn(&dyn DynGame) -> usize,
    /// The JSON of `seat`'s `i`-th listed action alone.
    pub action_json: fn(&dyn DynGame, Seat, usize) -> Option<Value>,
    /// The JSON of the `i`-th listed chance outcome alone.
    pub outcome_json: fn(&dyn DynGame, usize) -> Option<Value>,
}

impl Probe {
    /// The probe of game `G`.
    pub fn of<G: Game>() -> Probe {
        Probe {
            state: |g| Box::new(session::<G>(g).state().clone()),
            same_state: |g, copy| copy.downcast_ref::<G>() == Some(session::<G>(g).state()),
            same_states: |a, b| session::<G>(a).state() == session::<G>(b).state(),
            state_text: |g| {
                serde_json::to_string(session::<G>(g).state())
                    .unwrap_or_else(|e| panic!("the state does not serialize: {e}"))
            },
            hidden: |g, rng, ctx| views_hide_what_they_must(session::<G>(g).state(), rng, ctx),
            round_trip: |g, ctx| round_trip(session::<G>(g).state(), ctx),
            actions: |g, seat| {
                let mut out = Vec::new();
                session::<G>(g).state().legal_actions(seat, &mut out);
                out.len()
            },
            outcomes: |g| {
                let mut out = Vec::new();
                session::<G>(g).state().chance_outcomes(&mut out);
                out.len()
            },
            action_json: |g, seat, i| {
                let mut out = Vec::new();
                session::<G>(g).state().legal_actions(seat, &mut out);
                out.get(i).and_then(|a| serde_json::to_value(a).ok())
            },
            outcome_json: |g, i| {
                let mut out = Vec::new();
                session::<G>(g).state().chance_outcomes(&mut out);
                out.get(i).and_then(|(o, _)| serde_json::to_value(o).ok())
            },
        }
    }
}

fn session<G: Game>(game: &dyn DynGame) -> &Session<G> {
    game.as_any()
        .downcast_ref::<Session<G>>()
        .expect("the probe's game is the one behind the DynGame")
}

/// Everything a refused step must leave as it was.
pub struct Snapshot {
    state: Box<dyn Any>,
    text: Option<String>,
    steps: usize,
    last: Option<RecordStep>,
    to_move: ToMove,
}

impl Snapshot {
    /// The game as it stands, before a step that may be refused (for a
    /// thorough input, see [`crate::thorough`], its serialised state too).
    pub fn take(probe: &Probe, game: &dyn DynGame) -> Snapshot {
        let steps = game.steps_taken();
        Snapshot {
            state: (probe.state)(game),
            text: crate::is_thorough().then(|| (probe.state_text)(game)),
            steps,
            last: steps.checked_sub(1).and_then(|i| game.step(i)),
            to_move: game.to_move(),
        }
    }

    /// Panics unless `game` is exactly as it was when the snapshot was
    /// taken: state (by `PartialEq` and by its serialised form), history,
    /// who is on move, and no events left behind by the refusal.
    pub fn unchanged(&self, probe: &Probe, game: &mut dyn DynGame, what: &str) {
        assert!(
            (probe.same_state)(game, self.state.as_ref()),
            "{what}: refused, but the state changed"
        );
        if let Some(text) = &self.text {
            assert_eq!(
                &(probe.state_text)(game),
                text,
                "{what}: refused, but the serialised state changed"
            );
        }
        assert_eq!(
            game.steps_taken(),
            self.steps,
            "{what}: refused, but the history grew"
        );
        let last = self.steps.checked_sub(1).and_then(|i| game.step(i));
        assert_eq!(
            last, self.last,
            "{what}: refused, but the last step changed"
        );
        assert_eq!(
            game.to_move(),
            self.to_move,
            "{what}: refused, but whose turn it is changed"
        );
        let events = game.take_events();
        assert!(
            events.is_empty(),
            "{what}: refused, but it told {} event(s)",
            events.len()
        );
    }
}

/// The check of the conformance suite's `check_views`: a state re-dealt
/// for a seat by `determinize` (everything it cannot see drawn afresh) must
/// look exactly the same to that seat and to a spectator. If a view showed
/// a hidden card or an uncommitted choice, some re-deal would change it.
pub fn views_hide_what_they_must<G: Game>(state: &G, rng: &mut GameRng, ctx: &str) {
    // Compared as JSON text (the views serialise deterministically), which
    // is several times cheaper than building `Value` trees; a difference
    // is then shown as the first JSON path that differs.
    let spectator = view_text(state, None);
    for seat in (0..state.seats()).map(Seat::new) {
        let mine = view_text(state, Some(seat));
        let other = state.determinize(seat, rng);
        let theirs = view_text(&other, Some(seat));
        assert!(
            theirs == mine,
            "{ctx}: determinize for {seat} changed what {seat} sees: the view shows hidden information: {}",
            diff_text(&mine, &theirs)
        );
        let spectators = view_text(&other, None);
        assert!(
            spectators == spectator,
            "{ctx}: determinize for {seat} changed what a spectator sees: the view shows hidden information: {}",
            diff_text(&spectator, &spectators)
        );
        assert!(
            other.to_move() == state.to_move() || matches!(state.to_move(), ToMove::Seats(_)),
            "{ctx}: determinize for {seat} changed whose turn it is"
        );
    }
}

fn view_text<G: Game>(state: &G, seat: Option<Seat>) -> String {
    serde_json::to_string(&state.view(seat)).unwrap_or_default()
}

fn diff_text(a: &str, b: &str) -> String {
    match (serde_json::from_str(a), serde_json::from_str(b)) {
        (Ok(a), Ok(b)) => diff(&a, &b),
        _ => format!("{a} / {b}"),
    }
}

/// Where two JSON values first differ, as a path and the two values there.
pub fn diff(a: &Value, b: &Value) -> String {
    fn walk(a: &Value, b: &Value, path: &mut String) -> Option<String> {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for (k, v) in x {
                    let at = path.len();
                    path.push('.');
                    path.push_str(k);
                    let found = match y.get(k) {
                        Some(w) => walk(v, w, path),
                        None => Some(format!("{path}: {v} / (absent)")),
                    };
                    if found.is_some() {
                        return found;
                    }
                    path.truncate(at);
                }
                y.keys()
                    .find(|k| !x.contains_key(*k))
                    .map(|k| format!("{path}.{k}: (absent) / {}", y[k]))
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (v, w)) in x.iter().zip(y).enumerate() {
                    let at = path.len();
                    path.push_str(&format!("[{i}]"));
                    if let Some(found) = walk(v, w, path) {
                        return Some(found);
                    }
                    path.truncate(at);
                }
                None
            }
            _ if a == b => None,
            _ => Some(format!("{path}: {a} / {b}")),
        }
    }
    walk(a, b, &mut String::new()).unwrap_or_else(|| "(equal)".into())
}

fn round_trip<G: Game>(state: &G, ctx: &str) {
    let text = serde_json::to_string(state)
        .unwrap_or_else(|e| panic!("{ctx}: the state does not serialize: {e}"));
    let back: G = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{ctx}: the state does not deserialize: {e}"));
    assert!(
        back == *state,
        "{ctx}: a serde round trip changed the state"
    );
}

/// Cheap checks after every step: events name only seats at the table.
pub fn events_in_range(game: &mut dyn DynGame, ctx: &str) {
    let seats = game.seats();
    for event in game.take_events() {
        if let tourney_core::Audience::Seat(s) | tourney_core::Audience::Others(s) = event.audience
        {
            assert!(
                s.index() < seats,
                "{ctx}: an event is addressed to {s}, who is not at the table"
            );
        }
    }
}

/// The heavier checks, run every [`crate::DEEP_EVERY`] steps and at the
/// end: hidden information, the state's round trip, and every text and
/// list a front end asks for (none may panic, lists and labels agree).
pub fn deep(probe: &Probe, game: &dyn DynGame, rng: &mut GameRng, ctx: &str) {
    dump_record(game);
    (probe.hidden)(game, rng, ctx);
    (probe.round_trip)(game, ctx);
    let seats = game.seats();
    let to_move = game.to_move();
    for seat in (0..seats).map(Seat::new) {
        let actions = game.legal_actions(seat);
        let labels = game.action_labels(seat);
        assert_eq!(
            actions.len(),
            labels.len(),
            "{ctx}: {seat} has {} actions but {} labels",
            actions.len(),
            labels.len()
        );
        match to_move {
            ToMove::Seats(on) if on.contains(seat) => assert!(
                !actions.is_empty(),
                "{ctx}: {seat} is on move with no legal action"
            ),
            _ => assert!(
                actions.is_empty(),
                "{ctx}: {seat} is not on move but has legal actions"
            ),
        }
    }
    // The texts a front end draws, for one seat (a different one each
    // time) and for spectators: none may panic.
    let drawn = Seat::new(rng.below(seats.max(1) as u32) as usize);
    let _ = game.render(Some(drawn));
    let _ = game.view_raw(Some(drawn));
    let _ = game.render(None);
    let _ = game.view_raw(None);
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), game.chance_labels().len());
    match to_move {
        ToMove::Chance => {
            assert!(
                !outcomes.is_empty(),
                "{ctx}: a chance step lists no outcome"
            );
            assert!(
                outcomes.iter().all(|(_, w)| *w > 0),
                "{ctx}: a chance outcome has weight 0"
            );
            let _ = game.chance_step_label();
            let _ = game.chance_step_series();
            let _ = game.chance_is_open();
        }
        _ => assert!(
            outcomes.is_empty(),
            "{ctx}: chance outcomes listed while no chance step is due"
        ),
    }
    if let ToMove::Over(outcome) = to_move {
        assert!(
            outcome.winners.iter().all(|s| s.index() < seats),
            "{ctx}: a winner is not at the table"
        );
    }
}

/// At the end of an input: the game's record, written out and read back,
/// replays through `GameEntry::replay` to the very same state, and the
/// replayed game writes the same record.
pub fn record_replays(entry: &GameEntry, probe: &Probe, game: &dyn DynGame, ctx: &str) {
    let record = game.record();
    let text = serde_json::to_string(&record)
        .unwrap_or_else(|e| panic!("{ctx}: the record does not serialize: {e}"));
    let parsed: GameRecord = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{ctx}: the record does not parse: {e}"));
    assert_eq!(parsed, record, "{ctx}: the record changed in a round trip");
    let replayed = (entry.replay)(&parsed)
        .unwrap_or_else(|e| panic!("{ctx}: the record does not replay: {e}"));
    assert!(
        (probe.same_states)(game, replayed.as_ref()),
        "{ctx}: the replay reached another state"
    );
    assert_eq!(
        replayed.record(),
        record,
        "{ctx}: the replay writes another record"
    );
}

/// With `TOURNEY_FUZZ_DUMP=FILE` set, the game's record as it stands is
/// written to FILE before each deep check, so a failing input can be
/// turned into a record (and a regression test) by running it once.
fn dump_record(game: &dyn DynGame) {
    static PATH: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    if let Some(path) = PATH.get_or_init(|| std::env::var("TOURNEY_FUZZ_DUMP").ok()) {
        let text = serde_json::to_string_pretty(&game.record()).unwrap_or_default();
        let _ = std::fs::write(path, text);
    }
}

/// A step that had to be accepted was refused: the message names it.
pub fn must_accept<T>(result: Result<T, DynError>, what: impl FnOnce() -> String) -> T {
    match result {
        Ok(t) => t,
        Err(e) => panic!("{}: refused: {e}", what()),
    }
}

/// A step that must be refused, and leave the state as it was: `attempt`
/// makes it; `what` names it in the panic message.
pub fn must_refuse<T>(
    probe: &Probe,
    game: &mut dyn DynGame,
    what: &str,
    attempt: impl FnOnce(&mut dyn DynGame) -> Result<T, DynError>,
) {
    let before = Snapshot::take(probe, game);
    assert!(attempt(&mut *game).is_err(), "{what}: accepted");
    before.unchanged(probe, game, what);
}

/// The seat at `position` in the set of seats on move.
pub fn nth_on_move(to_move: ToMove, position: usize) -> Option<Seat> {
    match to_move {
        ToMove::Seats(on) if !on.is_empty() => on.iter().nth(position % on.len()),
        _ => None,
    }
}
