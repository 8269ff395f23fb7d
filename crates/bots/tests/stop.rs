//! A search asked to stop answers at once with the best move it has found,
//! however large its budget: a server stops a bot whose time is up rather
//! than leave it computing.

use tourney_bots::{Bot, BotSpec, Ismcts, Stop};
use tourney_core::{Game, GameRng, Seat, Session, ToMove};
use tourney_glory::{Config, Glory};

/// A Glory table at its first choice, and the seat making it.
fn first_choice(seed: u64) -> (Glory, Seat) {
    let names = vec!["a".to_string(), "b".to_string()];
    let mut session = Session::<Glory>::new(Config::default(), names, Some(seed)).expect("a table");
    let mut rng = GameRng::seed_from_u64(seed);
    let mut outcomes = Vec::new();
    loop {
        match session.state().to_move() {
            ToMove::Chance => {
                session
                    .sample_chance(&mut rng, &mut outcomes)
                    .expect("a chance step");
            }
            ToMove::Seats(seats) => {
                let seat = seats.first_seat().expect("a seat on move");
                return (session.state().clone(), seat);
            }
            ToMove::Over(_) => panic!("the game ended before anyone chose"),
        }
    }
}

#[test]
fn a_stopped_search_answers_after_one_iteration_with_a_legal_move() {
    let (game, seat) = first_choice(3);
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    assert!(legal.len() > 1, "a real choice: {legal:?}");
    for spec in ["ismcts:20000:leaf=playout", "ismcts:5000ms"] {
        let BotSpec::Ismcts(config) = BotSpec::parse(spec).unwrap() else {
            panic!("{spec} is a search");
        };
        let mut bot = Ismcts::<Glory>::new(config, 7);
        let stop = Stop::new();
        stop.stop();
        let action = bot.choose_until(&game, seat, &stop).expect("a move");
        assert!(legal.contains(&action), "{spec}: {action:?} is legal");
        assert_eq!(
            bot.stats().iterations,
            1,
            "{spec}: one iteration, then stopped"
        );
    }
}

#[test]
fn an_unstopped_search_spends_its_whole_budget() {
    let (game, seat) = first_choice(3);
    let BotSpec::Ismcts(config) = BotSpec::parse("ismcts:300").unwrap() else {
        panic!("a search");
    };
    let mut bot = Ismcts::<Glory>::new(config, 7);
    bot.choose_until(&game, seat, &Stop::new()).expect("a move");
    assert_eq!(bot.stats().iterations, 300);
}

#[test]
fn a_stopped_greedy_bot_still_answers_with_a_legal_move() {
    let (game, seat) = first_choice(5);
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    let mut bot = BotSpec::parse("greedy:1000").unwrap().build::<Glory>(9);
    let stop = Stop::new();
    stop.stop();
    let action = bot.choose_until(&game, seat, &stop).expect("a move");
    assert!(legal.contains(&action));
}
