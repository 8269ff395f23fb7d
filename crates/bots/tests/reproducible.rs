//! Same seed, same state, same action: for every bot kind on both games,
//! and for whole games between bots.

mod common;

use common::{is_legal, some_points};
use tourney_bots::{Bot, BotSpec, play_session};
use tourney_core::{Evaluate, GameRng, Session};
use tourney_joust::CardJoust;
use tourney_ritter::Ritter;

const SPECS: [&str; 7] = [
    "random",
    "greedy",
    "ismcts:200",
    "ismcts:100:leaf=playout",
    "ismcts:60:c=1.2:depth=30",
    "ismcts:150:observers=multiple",
    "ismcts:100:prior=20",
];

fn same_seed_same_action<G: Evaluate>(seats: usize) {
    let points = some_points::<G>(seats, 11, 7);
    assert!(points.len() >= 5, "only {} decision points", points.len());
    for text in SPECS {
        let spec = BotSpec::parse(text).expect("a valid spec");
        for (i, (state, seat)) in points.iter().enumerate() {
            let seed = 1000 + i as u64;
            let first = spec.build::<G>(seed).choose(state, *seat);
            let second = spec.build::<G>(seed).choose(state, *seat);
            let action = first.clone().expect("a seat with legal actions gets one");
            assert_eq!(
                first, second,
                "{text} at point {i}: two bots seeded {seed} disagree"
            );
            assert!(
                is_legal(state, *seat, &action),
                "{text} chose an illegal {action:?}"
            );
        }
    }
}

#[test]
fn joust_bots_are_reproducible() {
    same_seed_same_action::<CardJoust>(2);
    same_seed_same_action::<CardJoust>(3);
}

#[test]
fn ritter_bots_are_reproducible() {
    same_seed_same_action::<Ritter>(2);
    same_seed_same_action::<Ritter>(4);
}

/// A bot asked the same questions in the same order answers the same, so
/// whole games between seeded bots replay exactly.
fn whole_games_repeat<G: Evaluate>(specs: &[&str]) {
    let play = || {
        let mut bots: Vec<Box<dyn Bot<G>>> = specs
            .iter()
            .enumerate()
            .map(|(i, s)| BotSpec::parse(s).expect("valid").build::<G>(40 + i as u64))
            .collect();
        let names = specs.iter().map(|s| s.to_string()).collect();
        let mut session = Session::<G>::new(G::Config::default(), names, Some(5)).expect("setup");
        let report = play_session(
            &mut session,
            &mut bots,
            &mut GameRng::seed_from_u64(5),
            10_000,
        );
        assert!(
            report.outcome.is_some(),
            "the game did not finish: {report:?}"
        );
        serde_json::to_string(&session.record()).expect("records serialize")
    };
    assert_eq!(play(), play());
}

#[test]
fn joust_games_between_bots_repeat() {
    whole_games_repeat::<CardJoust>(&["ismcts:30", "greedy", "random"]);
}

#[test]
fn ritter_games_between_bots_repeat() {
    whole_games_repeat::<Ritter>(&["ismcts:30", "greedy", "random"]);
}
