//! Whole games between bots at every table size, and what bots answer when
//! they have nothing to decide.

mod common;

use tourney_bots::{Bot, BotSpec, play_from, play_game, play_session};
use tourney_core::{Evaluate, Game, GameRng, Seat, SeatSet, Session, ToMove};
use tourney_joust::CardJoust;
use tourney_ritter::Ritter;

fn mixed_table<G: Evaluate>(seats: usize, seed: u64) -> Vec<Box<dyn Bot<G>>> {
    let kinds = ["ismcts:20", "greedy:2", "random", "ismcts:10:depth=5"];
    (0..seats)
        .map(|s| {
            BotSpec::parse(kinds[s % kinds.len()])
                .expect("valid")
                .build::<G>(seed + s as u64)
        })
        .collect()
}

fn every_table_size_finishes<G: Evaluate>() {
    for seats in G::INFO.min_seats..=G::INFO.max_seats {
        let mut bots = mixed_table::<G>(seats, 9);
        let mut rng = GameRng::for_game(3, seats as u64);
        let report = play_game::<G, _>(&G::Config::default(), &mut bots, &mut rng, 100_000)
            .expect("a valid table");
        let outcome = report.outcome.unwrap_or_else(|| {
            panic!(
                "{} with {seats} seats did not finish: {report:?}",
                G::INFO.name
            )
        });
        assert!(outcome.winners.iter().all(|s| s.index() < seats));
        assert!(report.steps > 0);
    }
}

#[test]
fn joust_games_finish_at_every_table_size() {
    every_table_size_finishes::<CardJoust>();
}

#[test]
fn ritter_games_finish_at_every_table_size() {
    every_table_size_finishes::<Ritter>();
}

#[test]
fn a_recorded_game_between_bots_replays() {
    let mut bots = mixed_table::<CardJoust>(3, 1);
    let names = vec!["a".to_string(), "b".to_string(), "c".to_string()];
    let mut session = Session::<CardJoust>::new(Default::default(), names, Some(8)).unwrap();
    let report = play_session(
        &mut session,
        &mut bots,
        &mut GameRng::seed_from_u64(8),
        100_000,
    );
    assert!(report.outcome.is_some());
    assert_eq!(session.steps().len(), report.steps);
    let replayed = Session::<CardJoust>::replay(&session.record()).expect("the record replays");
    assert_eq!(replayed.state(), session.state());
}

#[test]
fn play_stops_at_the_step_bound_and_resumes() {
    let mut state = Ritter::new(&Default::default(), 2).unwrap();
    let mut bots = mixed_table::<Ritter>(2, 4);
    let mut rng = GameRng::seed_from_u64(4);
    let first = play_from(&mut state, &mut bots, &mut rng, 30);
    assert_eq!((first.outcome, first.steps), (None, 30));
    let rest = play_from(&mut state, &mut bots, &mut rng, 100_000);
    assert!(rest.outcome.is_some());
    // A seat without a bot stops play instead of panicking.
    let mut state = Ritter::new(&Default::default(), 2).unwrap();
    let mut one_bot = mixed_table::<Ritter>(1, 4);
    let report = play_from(&mut state, &mut one_bot, &mut rng, 100_000);
    assert_eq!(report.outcome, None);
}

/// Every bot answers `None` for a seat that is not on move, and for a game
/// that is over.
fn nothing_to_decide<G: Evaluate>() {
    let points = common::some_points::<G>(2, 2, 5);
    let (state, _) = points.first().expect("a decision point").clone();
    let ToMove::Seats(on_move) = state.to_move() else {
        panic!("a decision point has seats on move");
    };
    let idle: SeatSet = (0..2)
        .map(Seat::new)
        .filter(|s| !on_move.contains(*s))
        .collect();
    let mut finished = G::new(&G::Config::default(), 2).unwrap();
    let report = play_from(
        &mut finished,
        &mut mixed_table::<G>(2, 0),
        &mut GameRng::seed_from_u64(0),
        100_000,
    );
    assert!(report.outcome.is_some());
    for text in ["random", "greedy", "ismcts:50", "ismcts:5ms"] {
        let mut bot = BotSpec::parse(text).unwrap().build::<G>(1);
        for seat in idle.iter() {
            assert_eq!(bot.choose(&state, seat), None, "{text} for idle {seat}");
        }
        assert_eq!(bot.choose(&finished, Seat(0)), None, "{text} after the end");
        assert_eq!(
            bot.choose(&state, Seat(9)),
            None,
            "{text} for a seat not at the table"
        );
    }
}

#[test]
fn bots_have_nothing_to_decide_off_move() {
    nothing_to_decide::<CardJoust>();
    nothing_to_decide::<Ritter>();
}

/// A time budget runs at least one iteration and returns a legal action.
#[test]
fn a_time_budget_returns_a_legal_action() {
    for (state, seat) in common::some_points::<CardJoust>(2, 6, 20) {
        let mut bot = BotSpec::parse("ismcts:2ms").unwrap().build::<CardJoust>(1);
        let action = bot.choose(&state, seat).expect("an action");
        assert!(common::is_legal(&state, seat, &action));
    }
}
