//! Glory through the type-erased layer the CLI and the server use: JSON
//! config in, a session, random moves and sampled chance, text rendering,
//! the record and its replay.

use tourney_core::{GameEntry, GameRng, Seat, ToMove};
use tourney_glory::Glory;

#[test]
fn a_dynamic_game_plays_renders_records_and_replays() {
    let entry = GameEntry::of::<Glory>();
    assert_eq!(entry.info.name, "glory");
    let config = (entry.default_config)();
    for seats in 2..=4 {
        let checked = (entry.check_config)(&config, seats).expect("the default config is valid");
        let names = (0..seats).map(|i| format!("random{i}")).collect();
        let mut game = (entry.create)(&checked, names, Some(9)).expect("a game is created");
        let mut rng = GameRng::seed_from_u64(seats as u64);
        for _ in 0..50_000 {
            match game.to_move() {
                ToMove::Over(_) => break,
                ToMove::Chance => {
                    game.sample_chance(&mut rng)
                        .expect("a listed outcome applies");
                }
                ToMove::Seats(s) => {
                    let seat: Seat = s.first_seat().expect("a seat on move");
                    assert!(!game.action_labels(seat).is_empty());
                    game.random_action(seat, &mut rng)
                        .expect("a listed action applies");
                }
            }
        }
        assert!(
            matches!(game.to_move(), ToMove::Over(_)),
            "{seats} seats: the game ends"
        );
        assert!(game.render(None).contains("Winner"));
        let record = game.record();
        let replayed = (entry.replay)(&record).expect("the record replays");
        assert_eq!(replayed.view_json(None), game.view_json(None));
    }
    assert!((entry.check_config)(&serde_json::json!({"trophies": "silver"}), 2).is_err());
    // One seat is the solo game against Otto; five are too many.
    assert!((entry.check_config)(&config, 1).is_ok());
    assert!((entry.check_config)(&config, 5).is_err());
}
