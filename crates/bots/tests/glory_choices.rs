//! Glory's between-rounds tournament choice is a decision like any other:
//! bots make it, and the record shows it.

use tourney_bots::{Bot, BotSpec, play_session};
use tourney_core::{GameRng, RecordStep, Session};
use tourney_glory::{Characters, Config, Glory, TournamentChoice};

#[test]
fn bots_choose_the_tournaments_of_rounds_2_and_3() {
    let config = Config {
        characters: Characters::LevelOne,
        tournament_choice: TournamentChoice::BetweenRounds,
        ..Config::default()
    };
    for (seed, kinds) in [(1, ["greedy:2", "ismcts:8"]), (2, ["ismcts:8", "random"])] {
        let mut bots: Vec<Box<dyn Bot<Glory>>> = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| {
                BotSpec::parse(k)
                    .expect("a bot")
                    .build::<Glory>(seed + i as u64)
            })
            .collect();
        let names = vec!["a".to_string(), "b".to_string()];
        let mut session = Session::<Glory>::new(config, names, Some(seed)).expect("a table");
        let report = play_session(
            &mut session,
            &mut bots,
            &mut GameRng::seed_from_u64(seed),
            200_000,
        );
        assert!(report.outcome.is_some(), "seed {seed}: the game ended");
        let choices: Vec<String> = session
            .record()
            .steps
            .iter()
            .filter_map(|step| match step {
                RecordStep::Action { action, .. } => {
                    action.get("tournament").map(|t| t.to_string())
                }
                RecordStep::Chance { .. } => None,
            })
            .collect();
        assert_eq!(choices.len(), 2, "seed {seed}: rounds 2 and 3, {choices:?}");
        for c in &choices {
            assert!(
                c == "\"pas_d_armes\"" || c == "\"joust_a_plaisance\"",
                "seed {seed}: {c}"
            );
        }
    }
}
