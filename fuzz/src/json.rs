//! Target `json`: actions, chance outcomes and options as JSON, the way a
//! client, a typed-in die or a config file hands them to a game.
//!
//! Input: a config mode byte and a [`Setup`], then steps as in
//! [`crate::choices`]: ops below [`crate::OP_PLAIN_END`] send the listed
//! step's JSON (which must be accepted), the others send it mutated, made
//! up from the bytes, taken from elsewhere in the game (another seat's
//! action, a stale outcome), or of the wrong kind. Whatever is accepted
//! must have been listed; whatever is refused must change nothing.
//!
//! The ops while seats are on move (after the seat-position byte): 8–9 the
//! listed action mutated one to three times, 10 JSON made up, 11 a listed
//! action offered by another seat (maybe not at the table), 12 a chance
//! outcome (refused), 13 an action seen earlier in the game, 14 describing
//! made-up JSON only, 15 random play `[15, steps, seed (2 bytes LE)]`.
//! While a chance step is due: 8–9 the listed outcome mutated, 10 made up,
//! 11 an action (refused), 12 an outcome seen earlier, 13 describing only,
//! 14 the listed outcome, 15 random play.

use crate::check::{Probe, Snapshot, must_accept, must_refuse, nth_on_move};
use crate::drive;
use crate::setup::{Setup, games, names};
use crate::{OP_PLAIN_END, Reader};
use serde_json::{Map, Number, Value, json};
use tourney_core::{DynGame, GameEntry, GameRng, Seat};

/// Strings and JSON seen in this game so far, to mutate with and to offer
/// out of place.
#[derive(Default)]
pub(crate) struct Pool {
    pub(crate) strings: Vec<String>,
    pub(crate) actions: Vec<Value>,
    pub(crate) outcomes: Vec<Value>,
}

impl Pool {
    const CAP: usize = 64;

    pub(crate) fn learn_strings(&mut self, v: &Value) {
        match v {
            Value::String(s) => self.add_string(s),
            Value::Array(items) => items.iter().for_each(|i| self.learn_strings(i)),
            Value::Object(map) => {
                for (k, v) in map {
                    self.add_string(k);
                    self.learn_strings(v);
                }
            }
            _ => {}
        }
    }

    fn add_string(&mut self, s: &str) {
        if self.strings.len() < Self::CAP && !self.strings.iter().any(|x| x == s) {
            self.strings.push(s.to_string());
        }
    }

    pub(crate) fn learn(list: &mut Vec<Value>, v: &Value) {
        if list.len() < Self::CAP && !list.contains(v) {
            list.push(v.clone());
        }
    }

    pub(crate) fn string(&self, r: &mut Reader<'_>) -> String {
        match self.strings.get(r.below(self.strings.len() + 3)) {
            Some(s) => s.clone(),
            None => String::from_utf8_lossy(r.bytes(6)).into_owned(),
        }
    }
}

/// Plays one input; panics on a broken invariant.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    let config_mode = r.u8() % 8;
    let setup = Setup::read(&mut r);
    let all = games();
    let fuzzed = &all[setup.game];
    let entry = &fuzzed.kit.entry;
    let probe = &fuzzed.probe;
    let mut pool = Pool::default();
    let Some(mut game) = create(entry, &setup, config_mode, &mut r, &mut pool) else {
        return;
    };
    let thorough = crate::thorough(data);
    game.tell_events(thorough);
    let table = drive::Table {
        entry,
        probe,
        seats: setup.seats,
        seed: setup.seed.unwrap_or(11),
        thorough,
    };
    drive::run(&table, game.as_mut(), &mut r, &mut AsJson { probe, pool });
}

/// The steps of this target: JSON, listed, mutated or made up, learnt into
/// the pool as the game goes.
struct AsJson<'a> {
    probe: &'a Probe,
    pool: Pool,
}

impl drive::Steps for AsJson<'_> {
    const RANDOM_PLAY: u8 = 15;

    fn seats(
        &mut self,
        game: &mut dyn DynGame,
        op: u8,
        r: &mut Reader<'_>,
        _: &mut GameRng,
        ctx: &str,
    ) -> bool {
        seats_step(self.probe, game, op, r, &mut self.pool, ctx)
    }

    fn chance(
        &mut self,
        game: &mut dyn DynGame,
        op: u8,
        r: &mut Reader<'_>,
        _: &mut GameRng,
        ctx: &str,
    ) -> bool {
        chance_step(self.probe, game, op, r, &mut self.pool, ctx)
    }

    fn over(&mut self, game: &mut dyn DynGame, r: &mut Reader<'_>, ctx: &str) {
        after_the_end(self.probe, game, r, &mut self.pool, ctx);
    }
}

/// Creates the game from a config that is valid (mode 0–3), mutated
/// (4–5), made up (6) or valid at a seat count the game may not take (7).
/// `check_config` and `create` must agree on every config; a refused one
/// falls back to the valid config, so the steps still get played.
fn create(
    entry: &GameEntry,
    setup: &Setup,
    mode: u8,
    r: &mut Reader<'_>,
    pool: &mut Pool,
) -> Option<Box<dyn DynGame>> {
    let name = entry.info.name;
    pool.learn_strings(&(entry.default_config)());
    pool.learn_strings(&setup.config);
    let (config, seats) = match mode {
        0..=3 => (setup.config.clone(), setup.seats),
        4 | 5 => {
            let mut c = setup.config.clone();
            mutate(&mut c, r, pool, 0);
            (c, setup.seats)
        }
        6 => (any_json(r, pool, 0), setup.seats),
        _ => (setup.config.clone(), r.below(entry.info.max_seats + 3)),
    };
    let checked = (entry.check_config)(&config, seats);
    let created = (entry.create)(&config, names(seats), setup.seed);
    assert_eq!(
        checked.is_ok(),
        created.is_ok(),
        "{name}: check_config and create disagree on {config} for {seats} seats: {:?} / {:?}",
        checked.as_ref().err(),
        created.as_ref().err()
    );
    if let Ok(full) = &checked {
        // The spelled-out config is a fixed point and makes the same game.
        let again = (entry.check_config)(full, seats)
            .unwrap_or_else(|e| panic!("{name}: its own checked config {full} refused: {e}"));
        assert_eq!(&again, full, "{name}: checking a checked config changed it");
        let game = created.as_ref().ok()?;
        assert_eq!(&game.record().config, full, "{name}: record config");
    }
    if let Ok(game) = created {
        return Some(game);
    }
    assert!(
        mode >= 4,
        "{name}: valid options {config} for {seats} seats refused: {:?}",
        checked.err()
    );
    let game = (entry.create)(&setup.config, setup.names(), setup.seed).unwrap_or_else(|e| {
        panic!(
            "{name}: valid options {} for {} seats refused: {e}",
            setup.config, setup.seats
        )
    });
    Some(game)
}

fn seats_step(
    probe: &Probe,
    game: &mut dyn DynGame,
    op: u8,
    r: &mut Reader<'_>,
    pool: &mut Pool,
    ctx: &str,
) -> bool {
    let to_move = game.to_move();
    let seats = game.seats();
    let seat = nth_on_move(to_move, r.u8().into()).expect("seats are on move");
    let n = (probe.actions)(game, seat);
    assert!(n > 0, "{ctx}: {seat} is on move with no legal action");
    // The listed action (op 15 is autoplay, in `run`): only its own JSON
    // is made, the list as JSON only for the ops that need it.
    if op < OP_PLAIN_END || op == 15 {
        let i = r.below16(n);
        let action = (probe.action_json)(game, seat, i).expect("a listed action");
        Pool::learn(&mut pool.actions, &action);
        must_accept(game.describe_action_json(seat, &action), || {
            format!("{ctx}: describing {seat}'s listed action {action}")
        });
        must_accept(game.apply_json(seat, &action), || {
            format!("{ctx}: {seat}'s listed action {action}")
        });
        return true;
    }
    let listed = game.legal_actions(seat);
    assert_eq!(listed.len(), n, "{ctx}: {seat}'s actions as JSON and typed");
    for a in &listed {
        pool.learn_strings(a);
        Pool::learn(&mut pool.actions, a);
    }
    match op {
        8 | 9 => {
            let mut action = listed[r.below16(listed.len())].clone();
            for _ in 0..=r.below(3) {
                mutate(&mut action, r, pool, 0);
            }
            try_action(probe, game, seat, &action, &listed, ctx)
        }
        10 => {
            let action = any_json(r, pool, 0);
            try_action(probe, game, seat, &action, &listed, ctx)
        }
        // An action listed for one seat, offered by another (even one
        // not at the table).
        11 => {
            let action = listed[r.below16(listed.len())].clone();
            let other = Seat::new(r.below(seats + 2));
            let theirs = game.legal_actions(other);
            try_action(probe, game, other, &action, &theirs, ctx)
        }
        // A chance outcome while seats are on move.
        12 => {
            let outcome = match pool.outcomes.get(r.below(pool.outcomes.len() + 1)) {
                Some(o) => o.clone(),
                None => any_json(r, pool, 0),
            };
            must_refuse(
                probe,
                game,
                &format!("{ctx}: chance outcome {outcome} while seats are on move"),
                |g| {
                    let _ = g.describe_chance_json(&outcome);
                    g.apply_chance_json(&outcome)
                },
            );
            false
        }
        // An action seen earlier in the game, listed now or not.
        13 => {
            let action = match pool.actions.get(r.below(pool.actions.len())) {
                Some(a) => a.clone(),
                None => any_json(r, pool, 0),
            };
            try_action(probe, game, seat, &action, &listed, ctx)
        }
        // Only describing, as a menu or a log would.
        _ => {
            let action = any_json(r, pool, 0);
            let before = Snapshot::take(probe, game);
            let _ = game.describe_action_json(seat, &action);
            let _ = game.describe_chance_json(&action);
            before.unchanged(probe, game, &format!("{ctx}: describing {action}"));
            false
        }
    }
}

fn chance_step(
    probe: &Probe,
    game: &mut dyn DynGame,
    op: u8,
    r: &mut Reader<'_>,
    pool: &mut Pool,
    ctx: &str,
) -> bool {
    let seats = game.seats();
    let n = (probe.outcomes)(game);
    assert!(n > 0, "{ctx}: a chance step lists no outcome");
    // The listed outcome (op 15 is autoplay, in `run`).
    if !(OP_PLAIN_END..14).contains(&op) {
        let i = r.below16(n);
        let outcome = (probe.outcome_json)(game, i).expect("a listed outcome");
        Pool::learn(&mut pool.outcomes, &outcome);
        must_accept(game.describe_chance_json(&outcome), || {
            format!("{ctx}: describing listed outcome {outcome}")
        });
        must_accept(game.apply_chance_json(&outcome), || {
            format!("{ctx}: listed chance outcome {outcome}")
        });
        return true;
    }
    let listed: Vec<Value> = game.chance_outcomes().into_iter().map(|(o, _)| o).collect();
    assert_eq!(listed.len(), n, "{ctx}: outcomes as JSON and typed");
    for o in &listed {
        pool.learn_strings(o);
        Pool::learn(&mut pool.outcomes, o);
    }
    match op {
        8 | 9 => {
            let mut outcome = listed[r.below16(listed.len())].clone();
            for _ in 0..=r.below(3) {
                mutate(&mut outcome, r, pool, 0);
            }
            try_outcome(probe, game, &outcome, &listed, ctx)
        }
        10 => {
            let outcome = any_json(r, pool, 0);
            try_outcome(probe, game, &outcome, &listed, ctx)
        }
        // An action while a chance step is due.
        11 => {
            let action = match pool.actions.get(r.below(pool.actions.len() + 1)) {
                Some(a) => a.clone(),
                None => any_json(r, pool, 0),
            };
            let seat = Seat::new(r.below(seats + 2));
            must_refuse(
                probe,
                game,
                &format!("{ctx}: {seat}'s action {action} while a chance step is due"),
                |g| {
                    let _ = g.describe_action_json(seat, &action);
                    g.apply_json(seat, &action)
                },
            );
            false
        }
        // An outcome seen earlier (a stale card, a die of another step).
        12 => {
            let outcome = pool.outcomes[r.below(pool.outcomes.len())].clone();
            try_outcome(probe, game, &outcome, &listed, ctx)
        }
        _ => {
            let outcome = any_json(r, pool, 0);
            let before = Snapshot::take(probe, game);
            let _ = game.describe_chance_json(&outcome);
            before.unchanged(probe, game, &format!("{ctx}: describing {outcome}"));
            false
        }
    }
}

/// Offers `action` for `seat`, whose listed actions are `listed`: it is
/// accepted if it is one of them (and then recorded as listed), refused
/// with no change otherwise.
fn try_action(
    probe: &Probe,
    game: &mut dyn DynGame,
    seat: Seat,
    action: &Value,
    listed: &[Value],
    ctx: &str,
) -> bool {
    let before = Snapshot::take(probe, game);
    let _ = game.describe_action_json(seat, action);
    match game.apply_json(seat, action) {
        Ok(_) => {
            let step = game.step(game.steps_taken() - 1);
            let recorded = match step {
                Some(tourney_core::RecordStep::Action { seat: s, action }) if s == seat => action,
                other => panic!("{ctx}: {seat}'s action {action} recorded as {other:?}"),
            };
            assert!(
                listed.contains(&recorded),
                "{ctx}: {seat}'s action {action} was accepted as {recorded}, which was not listed: {listed:?}"
            );
            true
        }
        Err(e) => {
            assert!(
                !listed.contains(action),
                "{ctx}: {seat}'s listed action {action} refused: {e}"
            );
            before.unchanged(probe, game, &format!("{ctx}: {seat}'s action {action}"));
            false
        }
    }
}

/// [`try_action`] for a chance outcome.
fn try_outcome(
    probe: &Probe,
    game: &mut dyn DynGame,
    outcome: &Value,
    listed: &[Value],
    ctx: &str,
) -> bool {
    let before = Snapshot::take(probe, game);
    let _ = game.describe_chance_json(outcome);
    match game.apply_chance_json(outcome) {
        Ok(()) => {
            let step = game.step(game.steps_taken() - 1);
            let recorded = match step {
                Some(tourney_core::RecordStep::Chance { outcome }) => outcome,
                other => panic!("{ctx}: chance outcome {outcome} recorded as {other:?}"),
            };
            assert!(
                listed.contains(&recorded),
                "{ctx}: chance outcome {outcome} was accepted as {recorded}, which was not listed: {listed:?}"
            );
            true
        }
        Err(e) => {
            assert!(
                !listed.contains(outcome),
                "{ctx}: listed chance outcome {outcome} refused: {e}"
            );
            before.unchanged(probe, game, &format!("{ctx}: chance outcome {outcome}"));
            false
        }
    }
}

/// Once the game is over, every action and outcome is refused.
fn after_the_end(
    probe: &Probe,
    game: &mut dyn DynGame,
    r: &mut Reader<'_>,
    pool: &mut Pool,
    ctx: &str,
) {
    let seat = Seat::new(r.below(game.seats() + 1));
    let before = Snapshot::take(probe, game);
    if let Some(a) = pool.actions.get(r.below(pool.actions.len() + 1)) {
        assert!(
            game.apply_json(seat, a).is_err(),
            "{ctx}: {a} accepted after the end"
        );
    }
    if let Some(o) = pool.outcomes.get(r.below(pool.outcomes.len() + 1)) {
        assert!(
            game.apply_chance_json(o).is_err(),
            "{ctx}: {o} accepted after the end"
        );
    }
    before.unchanged(probe, game, &format!("{ctx}: steps after the end"));
}

/// A JSON value made up from the bytes: any type, nested a few levels,
/// its strings often ones the game uses.
pub(crate) fn any_json(r: &mut Reader<'_>, pool: &Pool, depth: usize) -> Value {
    let kinds = if depth >= 3 { 6 } else { 9 };
    match r.below(kinds) {
        0 => Value::Null,
        1 => Value::Bool(r.bool()),
        2 => json!(r.u8()),
        3 => json!(number(r)),
        4 => Value::String(pool.string(r)),
        5 => match pool.actions.get(r.below(pool.actions.len() + 1)) {
            Some(a) => a.clone(),
            None => json!(r.u16()),
        },
        6 => Value::Array(
            (0..r.below(4))
                .map(|_| any_json(r, pool, depth + 1))
                .collect(),
        ),
        7 => {
            let mut map = Map::new();
            for _ in 0..r.below(4) {
                map.insert(pool.string(r), any_json(r, pool, depth + 1));
            }
            Value::Object(map)
        }
        _ => {
            let mut v = match pool.outcomes.get(r.below(pool.outcomes.len() + 1)) {
                Some(o) => o.clone(),
                None => Value::Null,
            };
            mutate(&mut v, r, pool, depth + 1);
            v
        }
    }
}

/// Numbers at the edges: negatives, fractions, the largest integers.
fn number(r: &mut Reader<'_>) -> Value {
    match r.below(8) {
        0 => json!(-1),
        1 => json!(u64::MAX),
        2 => json!(i64::MIN),
        3 => json!(0.5),
        4 => Value::Number(Number::from_f64(1e300).expect("finite")),
        5 => json!(u32::from(r.u16()) + 65_536),
        6 => json!(256),
        _ => json!(u64::from(r.u16())),
    }
}

/// Changes `v` in place somewhere inside: a number nudged or pushed to an
/// edge, a string swapped for another the game uses, a key dropped, added
/// or renamed, an element dropped or doubled, a type swapped.
pub(crate) fn mutate(v: &mut Value, r: &mut Reader<'_>, pool: &Pool, depth: usize) {
    // Go deeper into a container two times in three.
    if depth < 4 && r.below(3) != 0 {
        match v {
            Value::Array(items) if !items.is_empty() => {
                let i = r.below(items.len());
                return mutate(&mut items[i], r, pool, depth + 1);
            }
            Value::Object(map) if !map.is_empty() => {
                let i = r.below(map.len());
                if let Some((_, child)) = map.iter_mut().nth(i) {
                    return mutate(child, r, pool, depth + 1);
                }
            }
            _ => {}
        }
    }
    match r.below(10) {
        0 => {
            *v = match v {
                Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                    (Some(u), _) => match r.below(4) {
                        0 => json!(u.wrapping_add(1)),
                        1 => json!(u.wrapping_sub(1)),
                        2 => json!(-(u as i128).clamp(i64::MIN as i128, 0) as i64),
                        _ => json!(u.wrapping_mul(2).wrapping_add(7)),
                    },
                    (None, Some(i)) => json!(i.wrapping_add(1)),
                    _ => json!(0),
                },
                _ => number(r),
            }
        }
        1 => *v = number(r),
        2 => *v = Value::String(pool.string(r)),
        3 => match v {
            Value::Object(map) if !map.is_empty() => {
                let i = r.below(map.len());
                if let Some(k) = map.keys().nth(i).cloned() {
                    map.remove(&k);
                }
            }
            Value::Array(items) if !items.is_empty() => {
                let i = r.below(items.len());
                items.remove(i);
            }
            _ => *v = Value::Null,
        },
        4 => match v {
            Value::Object(map) => {
                map.insert(pool.string(r), any_json(r, pool, depth + 1));
            }
            Value::Array(items) => {
                let extra = match items.get(r.below(items.len() + 1)) {
                    Some(x) => x.clone(),
                    None => any_json(r, pool, depth + 1),
                };
                items.push(extra);
            }
            _ => *v = Value::Bool(r.bool()),
        },
        5 => match v {
            Value::Object(map) if !map.is_empty() => {
                let i = r.below(map.len());
                if let Some(k) = map.keys().nth(i).cloned()
                    && let Some(x) = map.remove(&k)
                {
                    map.insert(pool.string(r), x);
                }
            }
            _ => *v = Value::Array(vec![v.take()]),
        },
        6 => match v {
            Value::Array(items) if items.len() == 1 => *v = items.remove(0),
            Value::Object(map) if map.len() == 1 => {
                if let Some((_, x)) = map.iter_mut().next() {
                    *v = x.take();
                }
            }
            _ => {
                let mut map = Map::new();
                map.insert(pool.string(r), v.take());
                *v = Value::Object(map);
            }
        },
        7 => *v = any_json(r, pool, depth + 1),
        8 => {
            if let Some(a) = pool.actions.get(r.below(pool.actions.len() + 1)) {
                *v = a.clone();
            }
        }
        _ => *v = Value::Null,
    }
}
