//! The conformance suite every game crate runs (feature `testkit`).
//!
//! It knows nothing about any game: it plays seeded random games through the
//! [`Game`] trait and checks, at every state it visits, the promises the trait
//! makes. A game crate calls [`check`] from a test per seat count. Its deep
//! games also check the game's events: a replay tells the same ones, and
//! none tells a seat what the seat's view hides.

use crate::playout::{Buffers, Chooser, play, sample_chance};
use crate::{
    Audience, DynEvent, Evaluate, Event, Events, Game, GameRng, RuleError, Seat, SeatSet, Session,
    Step, ToMove, Weight,
};
use serde_json::Value;
use std::ops::RangeInclusive;

pub mod coin;
mod corrupt;
pub mod retelling;
mod script;
mod texts;
pub use corrupt::{Corruption, check_corrupt_states};
pub use script::Scripted;
pub use texts::{Reading, TextKind, read_every_text};

/// How much to check.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Random games played to the end.
    pub games: usize,
    /// Of those, how many get every check at every state (the rest only
    /// prove they end without panicking or stalling).
    pub deep_games: usize,
    /// A game that takes more steps than this fails the check.
    pub max_steps: usize,
    /// The run's seed: game `i` is played with `GameRng::for_game(seed, i)`,
    /// so a failure names a game that can be played again.
    pub seed: u64,
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            games: 2_000,
            deep_games: 100,
            max_steps: 100_000,
            seed: 0x70_75_72_6e,
        }
    }
}

/// Runs the whole suite; panics with a description of the first violation.
pub fn check<G: Evaluate>(config: &G::Config, seats: usize, plan: Plan) {
    let mut pool = Pool::<G>::default();
    for game in 0..plan.games {
        let mut rng = GameRng::for_game(plan.seed, game as u64);
        let deep = game < plan.deep_games;
        play_one::<G>(config, seats, plan, game, deep, &mut rng, &mut pool);
    }
}

/// Actions and outcomes seen anywhere, offered where they are not listed to
/// check the rules refuse them.
struct Pool<G: Evaluate> {
    actions: Vec<G::Action>,
    outcomes: Vec<G::Chance>,
}

impl<G: Evaluate> Default for Pool<G> {
    fn default() -> Self {
        Pool {
            actions: Vec::new(),
            outcomes: Vec::new(),
        }
    }
}

impl<G: Evaluate> Pool<G> {
    const CAP: usize = 400;

    fn learn(&mut self, actions: &[G::Action], outcomes: &[(G::Chance, Weight)]) {
        for a in actions {
            if self.actions.len() < Self::CAP && !self.actions.contains(a) {
                self.actions.push(a.clone());
            }
        }
        for (c, _) in outcomes {
            if self.outcomes.len() < Self::CAP && !self.outcomes.contains(c) {
                self.outcomes.push(c.clone());
            }
        }
    }
}

fn play_one<G: Evaluate>(
    config: &G::Config,
    seats: usize,
    plan: Plan,
    game: usize,
    deep: bool,
    rng: &mut GameRng,
    pool: &mut Pool<G>,
) {
    let names = (0..seats).map(|i| format!("random{}", i + 1)).collect();
    let mut session = Session::<G>::new(config.clone(), names, Some(plan.seed))
        .unwrap_or_else(|e| panic!("game {game}: setup failed: {e}"));
    session.tell_events(deep);
    // Every event of the game, step by step, to compare with a replay's.
    let mut told: Vec<Vec<DynEvent>> = Vec::new();
    let mut buf = Buffers::<G>::default();
    let mut outcomes = Vec::new();
    for step in 0..=plan.max_steps {
        let ctx = |what: &str| format!("game {game}, step {step}: {what}");
        let state = session.state().clone();
        let to_move = state.to_move();
        if let ToMove::Over(outcome) = to_move {
            assert!(
                outcome.winners.iter().all(|s| s.index() < seats),
                "{}",
                ctx("a winner is not at the table")
            );
            if deep {
                check_finished(&session, &ctx("finished game"));
                check_replayed_events(&session, &told, &ctx("finished game"));
            }
            return;
        }
        outcomes.clear();
        state.chance_outcomes(&mut outcomes);
        if deep {
            check_state(&state, to_move, &outcomes, pool, rng, &ctx(""));
        }
        let mut chooser = AnySeat { rng, picked: None };
        if play(&mut session, &mut chooser, &mut buf, 1).steps != 1 {
            panic!("{}", ctx(&refusal(&state, to_move, &buf, chooser.picked)));
        }
        if deep {
            pool.learn(&buf.actions, &outcomes);
            let events = session.take_events();
            if let Some(step) = session.steps().last() {
                check_events_tell_no_secret(&state, step, session.state(), &events, rng, &ctx(""));
            }
            told.push(events.iter().map(DynEvent::of).collect());
        }
    }
    panic!("game {game} did not end within {} steps", plan.max_steps);
}

/// The testkit's random player: unlike [`crate::playout::Uniform`] it
/// picks which of the seats on move acts, so simultaneous choices are
/// committed in every order; it keeps what it picked to say why a listed
/// step was refused.
struct AnySeat<'r> {
    rng: &'r mut GameRng,
    picked: Option<(Option<Seat>, usize)>,
}

impl<G: Evaluate> Chooser<G> for AnySeat<'_> {
    fn act(
        &mut self,
        state: &G,
        on_move: SeatSet,
        actions: &mut Vec<G::Action>,
    ) -> Option<(Seat, usize)> {
        let k = self.rng.below(on_move.len().max(1) as u32) as usize;
        let seat = on_move.iter().nth(k)?;
        actions.clear();
        state.legal_actions(seat, actions);
        self.picked = Some((Some(seat), 0));
        if actions.is_empty() {
            return None;
        }
        let i = self.rng.below(actions.len() as u32) as usize;
        self.picked = Some((Some(seat), i));
        Some((seat, i))
    }

    fn chance(&mut self, state: &G, outcomes: &mut Vec<(G::Chance, Weight)>) -> Option<usize> {
        let i = sample_chance(state, outcomes, self.rng)?;
        self.picked = Some((None, i));
        Some(i)
    }
}

/// Why the step [`AnySeat`] picked in `state` was not applied.
fn refusal<G: Evaluate>(
    state: &G,
    to_move: ToMove,
    buf: &Buffers<G>,
    picked: Option<(Option<Seat>, usize)>,
) -> String {
    match (to_move, picked) {
        (ToMove::Chance, Some((None, i))) => {
            let outcome = &buf.outcomes[i].0;
            let e = state.clone().apply_chance(outcome).err();
            format!("listed outcome {outcome:?} refused: {e:?}")
        }
        (ToMove::Chance, _) => "a chance step with no outcome".into(),
        (_, Some((Some(seat), _))) if buf.actions.is_empty() => {
            format!("{seat} is on move with no legal action")
        }
        (_, Some((Some(seat), i))) => {
            let action = &buf.actions[i];
            let e = state.clone().apply(seat, action).err();
            format!("listed action {action:?} by {seat} refused: {e:?}")
        }
        _ => "no seat on move".into(),
    }
}

fn check_state<G: Evaluate>(
    state: &G,
    to_move: ToMove,
    outcomes: &[(G::Chance, Weight)],
    pool: &Pool<G>,
    rng: &mut GameRng,
    ctx: &str,
) {
    let seats = state.seats();
    let on_move = match to_move {
        ToMove::Seats(set) => set,
        _ => SeatSet::EMPTY,
    };
    if let ToMove::Seats(set) = to_move {
        assert!(
            !set.is_empty(),
            "{ctx} nobody on move but the game is not over"
        );
        assert!(
            outcomes.is_empty(),
            "{ctx} chance outcomes listed while seats are on move"
        );
    } else {
        assert!(!outcomes.is_empty(), "{ctx} a chance step lists no outcome");
    }
    for (c, w) in outcomes {
        assert!(*w > 0, "{ctx} outcome {c:?} has weight 0");
        let mut after = state.clone();
        after
            .apply_chance(c)
            .unwrap_or_else(|e| panic!("{ctx} listed outcome {c:?} refused: {e}"));
    }
    for outcome in &pool.outcomes {
        if !outcomes.iter().any(|(c, _)| c == outcome) {
            refused(state, ctx, &format!("unlisted outcome {outcome:?}"), |s| {
                s.apply_chance(outcome)
            });
        }
    }
    let mut actions = Vec::new();
    for seat in (0..seats).map(Seat::new) {
        actions.clear();
        state.legal_actions(seat, &mut actions);
        if !on_move.contains(seat) {
            assert!(
                actions.is_empty(),
                "{ctx} {seat} is not on move but has legal actions"
            );
            for a in pool.actions.iter().take(20) {
                refused(state, ctx, &format!("{a:?} by {seat} not on move"), |s| {
                    s.apply(seat, a)
                });
            }
            continue;
        }
        assert!(
            !actions.is_empty(),
            "{ctx} {seat} is on move with no legal action"
        );
        for a in &actions {
            let mut after = state.clone();
            after
                .apply(seat, a)
                .unwrap_or_else(|e| panic!("{ctx} {seat}'s listed action {a:?} refused: {e}"));
        }
        for a in &pool.actions {
            if !actions.contains(a) {
                refused(state, ctx, &format!("unlisted {a:?} by {seat}"), |s| {
                    s.apply(seat, a)
                });
            }
        }
    }
    if let (false, Some(c)) = (on_move.is_empty(), pool.outcomes.first()) {
        refused(
            state,
            ctx,
            "a chance outcome while seats are on move",
            |s| s.apply_chance(c),
        );
    }
    check_round_trip(state, ctx);
    check_views(state, rng, ctx);
}

/// `attempt` must fail and leave the state exactly as it was.
fn refused<G: Evaluate>(
    state: &G,
    ctx: &str,
    what: &str,
    attempt: impl FnOnce(&mut G) -> Result<(), RuleError>,
) {
    let mut copy = state.clone();
    let result = attempt(&mut copy);
    assert!(result.is_err(), "{ctx} {what} was accepted");
    assert!(
        copy == *state,
        "{ctx} {what} was refused but changed the state"
    );
    let message = result.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        !message.trim().is_empty(),
        "{ctx} {what} was refused without a reason"
    );
}

fn check_round_trip<G: Evaluate>(state: &G, ctx: &str) {
    let text = serde_json::to_string(state)
        .unwrap_or_else(|e| panic!("{ctx} state does not serialize: {e}"));
    let back: G = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{ctx} state does not deserialize: {e}"));
    assert!(back == *state, "{ctx} serde round trip changed the state");
}

fn view_json<G: Evaluate>(state: &G, seat: Option<Seat>) -> Value {
    serde_json::to_value(state.view(seat)).unwrap_or(Value::Null)
}

/// A determinized state must look the same to the seat it was made for, and
/// the same to a spectator; if views leaked hidden information, re-dealing it
/// would show.
fn check_views<G: Evaluate>(state: &G, rng: &mut GameRng, ctx: &str) {
    let spectator = view_json(state, None);
    for seat in (0..state.seats()).map(Seat::new) {
        let mine = view_json(state, Some(seat));
        for _ in 0..2 {
            let other = state.determinize(seat, rng);
            assert!(
                view_json(&other, Some(seat)) == mine,
                "{ctx} determinize for {seat} changed what {seat} sees"
            );
            assert!(
                view_json(&other, None) == spectator,
                "{ctx} determinize for {seat} changed what a spectator sees"
            );
            assert!(
                other.to_move() == state.to_move() || matches!(state.to_move(), ToMove::Seats(_)),
                "{ctx} determinize changed whose turn it is"
            );
            check_habits(state, &other, ctx);
            check_same_value(state, &other, seat, ctx);
        }
    }
}

/// A seat's evaluation reads only what the seat may see, so a re-deal of
/// what it cannot see leaves the value where it was; otherwise a bot would
/// steer by cards it does not know.
fn check_same_value<G: Evaluate>(state: &G, other: &G, seat: Seat, ctx: &str) {
    let mut scratch = G::Scratch::default();
    let (v, w) = (
        state.evaluate(seat, &mut scratch),
        other.evaluate(seat, &mut scratch),
    );
    assert!(
        (v - w).abs() < 1e-9,
        "{ctx} determinize for {seat} moved its evaluation from {v} to {w}"
    );
}

/// A habit reads only the open record of play, so no re-deal of hidden
/// cards may change it: a search drawing a rival's move by its habits would
/// otherwise learn what it must not see.
fn check_habits<G: Evaluate>(state: &G, other: &G, ctx: &str) {
    let ToMove::Seats(on_move) = state.to_move() else {
        return;
    };
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for seat in (0..state.seats()).map(Seat::new) {
        if !on_move.contains(seat) {
            continue;
        }
        mine.clear();
        theirs.clear();
        state.legal_actions(seat, &mut mine);
        other.legal_actions(seat, &mut theirs);
        for action in mine.iter().filter(|a| theirs.contains(a)) {
            assert_eq!(
                state.habit(seat, action),
                other.habit(seat, action),
                "{ctx} a re-deal changed {seat}'s habit for {action:?}"
            );
        }
    }
}

fn check_finished<G: Evaluate>(session: &Session<G>, ctx: &str) {
    let record = session.record();
    let text = serde_json::to_string(&record)
        .unwrap_or_else(|e| panic!("{ctx} record does not serialize: {e}"));
    let parsed =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{ctx} record does not parse: {e}"));
    let replayed =
        Session::<G>::replay(&parsed).unwrap_or_else(|e| panic!("{ctx} replay failed: {e}"));
    assert!(
        replayed.state() == session.state(),
        "{ctx} replay reached a different state"
    );
    check_round_trip(session.state(), ctx);
}

fn apply_step<G: Evaluate>(state: &mut G, step: &Step<G>, events: &mut Events<G::Event>) -> bool {
    match step {
        Step::Action { seat, action } => state.apply_with_events(*seat, action, events).is_ok(),
        Step::Chance(outcome) => state.apply_chance_with_events(outcome, events).is_ok(),
    }
}

/// The events a seat is told carry nothing its view does not show. The same
/// step is applied to a state re-dealt for the seat (what it cannot tell
/// from the real one); wherever the seat then sees the same table in both,
/// it must have been told the same events, or an event gave away what the
/// re-deal changed. A reveal passes: it shows in the view too.
fn check_events_tell_no_secret<G: Evaluate>(
    before: &G,
    step: &Step<G>,
    after: &G,
    events: &[Event<G::Event>],
    rng: &mut GameRng,
    ctx: &str,
) {
    let told_to = |events: &[Event<G::Event>], seat: Seat| -> Vec<DynEvent> {
        events
            .iter()
            .filter(|e| e.audience.reaches(Some(seat)))
            .map(DynEvent::of)
            .collect()
    };
    // Worlds the seat cannot tell from this one after the step: the state
    // re-dealt for it with the same step, and the same state with another
    // step in its place (a different hidden choice or card drawn).
    let mut worlds: Vec<(Seat, G, Events<G::Event>)> = Vec::new();
    for seat in (0..before.seats()).map(Seat::new) {
        let mut other = before.determinize(seat, rng);
        let mut other_events = Events::on();
        if apply_step(&mut other, step, &mut other_events) {
            worlds.push((seat, other, other_events));
        }
    }
    for alternative in alternatives(before, step, after).into_iter().take(8) {
        let mut other = before.clone();
        let mut other_events = Events::on();
        if apply_step(&mut other, &alternative, &mut other_events) {
            for seat in (0..before.seats()).map(Seat::new) {
                worlds.push((seat, other.clone(), other_events.clone()));
            }
        }
    }
    for (seat, other, other_events) in &worlds {
        // Whose turn it is and how the game ended are open too.
        if view_json(other, Some(*seat)) != view_json(after, Some(*seat))
            || other.to_move() != after.to_move()
        {
            continue;
        }
        assert!(
            told_to(other_events.as_slice(), *seat) == told_to(events, *seat),
            "{ctx} {seat} was told events that depend on what it cannot see: {:?}",
            told_to(events, *seat)
        );
    }
    for event in events {
        if let Audience::Seat(seat) | Audience::Others(seat) = event.audience {
            assert!(
                seat.index() < before.seats(),
                "{ctx} an event is addressed to {seat}, who is not at the table"
            );
        }
    }
}

/// The other steps that could have been taken instead of a hidden `step`.
/// An open action or chance outcome is announced to everyone anyway, so an
/// event may repeat it. So is a hidden choice once the last seat commits
/// and the choices are turned up, even where the table keeps no trace of
/// them (a rider sent on a day that ends at once): only a commitment made
/// while others still owe theirs must tell them nothing.
fn alternatives<G: Evaluate>(before: &G, step: &Step<G>, after: &G) -> Vec<Step<G>> {
    let still_choosing = |seat: Seat| match (before.to_move(), after.to_move()) {
        (ToMove::Seats(was), ToMove::Seats(now)) => {
            !now.is_empty() && was.iter().filter(|&s| s != seat).eq(now.iter())
        }
        _ => false,
    };
    match step {
        Step::Action { seat, action } if before.action_is_open(*seat, action) => Vec::new(),
        Step::Action { seat, .. } if !still_choosing(*seat) => Vec::new(),
        Step::Chance(_) if before.chance_is_open() => Vec::new(),
        Step::Action { seat, action } => {
            let mut actions = Vec::new();
            before.legal_actions(*seat, &mut actions);
            actions
                .into_iter()
                .filter(|a| a != action)
                .map(|action| Step::Action {
                    seat: *seat,
                    action,
                })
                .collect()
        }
        Step::Chance(outcome) => {
            let mut outcomes = Vec::new();
            before.chance_outcomes(&mut outcomes);
            outcomes
                .into_iter()
                .filter(|(c, _)| c != outcome)
                .map(|(c, _)| Step::Chance(c))
                .collect()
        }
    }
}

/// Replaying a record tells the very events the game told as it was played.
fn check_replayed_events<G: Evaluate>(session: &Session<G>, told: &[Vec<DynEvent>], ctx: &str) {
    let names = session.seat_names().to_vec();
    let mut replay = Session::<G>::new(session.config().clone(), names, None)
        .unwrap_or_else(|e| panic!("{ctx} replay setup failed: {e}"));
    replay.tell_events(true);
    for (i, step) in session.steps().iter().enumerate() {
        let applied = match step.clone() {
            Step::Action { seat, action } => replay.apply(seat, action),
            Step::Chance(outcome) => replay.apply_chance(outcome),
        };
        assert!(applied.is_ok(), "{ctx} step {} does not replay", i + 1);
        let again: Vec<DynEvent> = replay.take_events().iter().map(DynEvent::of).collect();
        assert!(
            told.get(i) == Some(&again),
            "{ctx} step {} tells other events on replay",
            i + 1
        );
    }
}

/// A global allocator that counts allocations, for tests that prove a hot
/// path allocates nothing. Declare it in a test binary of its own:
///
/// ```ignore
/// #[global_allocator]
/// static COUNTER: tourney_core::testkit::CountingAllocator = tourney_core::testkit::CountingAllocator;
/// ```
///
/// Each thread counts its own allocations. The code under test runs on the
/// test's thread, while the test harness allocates on others (its "has been
/// running for over 60 seconds" notice on a loaded machine, other tests);
/// a global count picked those up and failed at random.
pub struct CountingAllocator;

thread_local! {
    // Const-initialised and without a destructor: using it never allocates,
    // so the allocator may touch it.
    static ALLOCATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn count_one() {
    // `try_with`: a thread being torn down has no counter left; skip it.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get().wrapping_add(1)));
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counter is a side effect only.
unsafe impl std::alloc::GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        count_one();
        // SAFETY: same contract as the caller's.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: same contract as the caller's.
        unsafe { std::alloc::System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations the calling thread has made so far, as counted by
/// [`CountingAllocator`] (0 if it is not installed).
pub fn allocations_so_far() -> usize {
    ALLOCATIONS.try_with(std::cell::Cell::get).unwrap_or(0)
}

/// Plays `games` random games after a warm-up that sizes the buffers, and
/// returns (allocations counted while playing, steps played). Only
/// meaningful with [`CountingAllocator`] installed.
pub fn allocations_during_playouts<G: Evaluate>(
    config: &G::Config,
    seats: usize,
    games: u64,
) -> (usize, usize) {
    use crate::playout::random_playout;
    let start = G::new(config, seats).unwrap_or_else(|e| panic!("setup failed: {e}"));
    let mut buf = Buffers::<G>::default();
    for i in 0..games {
        let mut state = start.clone();
        random_playout(
            &mut state,
            &mut GameRng::for_game(99, i),
            &mut buf,
            1_000_000,
        );
    }
    let mut states: Vec<G> = (0..games).map(|_| start.clone()).collect();
    let mut rngs: Vec<GameRng> = (0..games).map(|i| GameRng::for_game(7, i)).collect();
    let before = allocations_so_far();
    let mut steps = 0;
    for (state, rng) in states.iter_mut().zip(rngs.iter_mut()) {
        steps += random_playout(state, rng, &mut buf, 1_000_000).steps;
    }
    (allocations_so_far() - before, steps)
}

/// One of a game's evaluations, as a function of the state and the seat.
type Evaluation<G> = fn(&G, Seat, &mut <G as Evaluate>::Scratch) -> f64;

/// What [`check_evaluate`] plays and how far the values may stray.
pub struct EvaluateCheck<'a, G: Game> {
    /// The options every game is set up with.
    pub config: &'a G::Config,
    /// The table sizes to check, each with `games` games.
    pub seat_counts: &'a [usize],
    /// Random games per seat count.
    pub games: u64,
    /// The band the seats' values must add up to: each seat averages over
    /// what it cannot see, so they need not make exactly one.
    pub sum: RangeInclusive<f64>,
    /// States where the sum may stray further, because each seat counts a
    /// secret plan of its own and not the others'.
    pub secret: fn(&G) -> bool,
}

/// Checks a game's [`Evaluate::evaluate`] and [`Evaluate::evaluate_with_habits`] on
/// every state of seeded random games: a value in 0..=1, the seats' values
/// adding up to about one, the seat's share of the win once the game is
/// over, and (with [`CountingAllocator`] installed) no heap allocation,
/// since bots call them in their inner loops. That a value does not move
/// under `determinize` is checked with the views, by [`check`].
pub fn check_evaluate<G: Evaluate>(check: &EvaluateCheck<'_, G>) {
    for &seats in check.seat_counts {
        let states = random_states::<G>(check.config, seats, check.games);
        let evaluations: [(&str, Evaluation<G>); 2] = [
            ("evaluate", G::evaluate),
            ("evaluate_with_habits", G::evaluate_with_habits),
        ];
        for (name, evaluate) in evaluations {
            let mut values = vec![0.0; states.len() * seats];
            let mut scratch = G::Scratch::default();
            let before = allocations_so_far();
            for (i, state) in states.iter().enumerate() {
                for s in 0..seats {
                    values[i * seats + s] = evaluate(state, Seat::new(s), &mut scratch);
                }
            }
            let allocations = allocations_so_far() - before;
            assert_eq!(
                allocations, 0,
                "{seats} seats: {name} allocated {allocations} times"
            );
            for (state, values) in states.iter().zip(values.chunks(seats)) {
                check_values(check, state, values, name);
            }
        }
    }
}

fn check_values<G: Evaluate>(check: &EvaluateCheck<'_, G>, state: &G, values: &[f64], name: &str) {
    let seats = values.len();
    for &v in values {
        assert!((0.0..=1.0).contains(&v), "{seats} seats: {name} gave {v}");
    }
    let sum: f64 = values.iter().sum();
    assert!(
        check.sum.contains(&sum) || (check.secret)(state),
        "{seats} seats: {name} values {values:?} add up to {sum}"
    );
    if let ToMove::Over(outcome) = state.to_move() {
        for (s, &v) in values.iter().enumerate() {
            assert_eq!(
                v,
                outcome.share(Seat::new(s)),
                "{seats} seats: a finished game's value by {name}"
            );
        }
    }
}

/// Every state of `games` seeded random games, collected up front.
fn random_states<G: Evaluate>(config: &G::Config, seats: usize, games: u64) -> Vec<G> {
    let mut out = Vec::new();
    let mut buf = crate::playout::Buffers::<G>::default();
    for game in 0..games {
        let mut rng = GameRng::for_game(11, game);
        let mut state = G::new(config, seats).unwrap_or_else(|e| panic!("setup failed: {e}"));
        out.push(state.clone());
        while !matches!(state.to_move(), ToMove::Over(_)) {
            let report = crate::playout::random_playout(&mut state, &mut rng, &mut buf, 1);
            assert_eq!(report.steps, 1, "game {game} stalled");
            out.push(state.clone());
            assert!(out.len() < 10_000_000, "game {game} does not end");
        }
    }
    out
}

/// What [`evaluate_sample`] measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvaluateSample {
    /// `evaluate` calls made.
    pub calls: usize,
    /// Microseconds per call.
    pub micros_each: f64,
    /// The sum of every value: it changes if any value does, so a faster
    /// evaluation can be checked to give the same numbers.
    pub sum: f64,
}

/// Times `evaluate` for both seats at states every seven steps into 200
/// random two-seat games (seed 3), each once. A measuring tool for the
/// games' `*_evaluate_speed` examples, not a test.
pub fn evaluate_sample<G: Evaluate>() -> EvaluateSample {
    let mut states = Vec::new();
    let mut buf = crate::playout::Buffers::default();
    for g in 0..200u64 {
        for steps in (0..200).step_by(7) {
            let Ok(mut s) = G::new(&G::Config::default(), 2) else {
                continue;
            };
            let mut rng = GameRng::for_game(3, g);
            crate::playout::random_playout(&mut s, &mut rng, &mut buf, steps);
            if !matches!(s.to_move(), ToMove::Over(_)) {
                states.push(s);
            }
        }
    }
    let mut scratch = G::Scratch::default();
    let start = std::time::Instant::now();
    let mut sum = 0.0;
    for s in &states {
        sum += s.evaluate(Seat::new(0), &mut scratch) + s.evaluate(Seat::new(1), &mut scratch);
    }
    let calls = states.len() * 2;
    EvaluateSample {
        calls,
        micros_each: start.elapsed().as_secs_f64() * 1e6 / calls.max(1) as f64,
        sum,
    }
}
