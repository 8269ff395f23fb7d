//! Glory through the type-erased layer the CLI and the server use: JSON
//! config in, a session, random moves and sampled chance, text rendering,
//! the record and its replay.

use tourney_core::{GameEntry, GameRng, RecordStep, Seat, ToMove};
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

/// What the log shows for a sampled chance step is the outcome as it comes
/// up, described in the position before it is applied. An automa card
/// depends on that: once Otto has taken the space of its first action, the
/// same card would read as its second.
#[test]
fn a_sampled_outcome_is_described_where_it_comes_up() {
    let entry = GameEntry::of::<Glory>();
    let config = serde_json::json!({
        "solo": {"mode": "rivalry", "difficulty": "easy", "deck": "solo"}
    });
    let checked = (entry.check_config)(&config, 1).expect("a solo config");
    let mut game = (entry.create)(&checked, vec!["you".to_string()], Some(3)).expect("a game");
    let mut rng = GameRng::seed_from_u64(11);
    let mut automa_cards = 0;
    for _ in 0..50_000 {
        match game.to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {
                let outcomes = game.chance_outcomes();
                let labels = game.chance_labels();
                let label = game.sample_chance(&mut rng).expect("a listed outcome");
                let record = game.record();
                let Some(RecordStep::Chance { outcome }) = record.steps.last() else {
                    panic!("the sampled outcome is the record's last step");
                };
                let i = outcomes
                    .iter()
                    .position(|(o, _)| o == outcome)
                    .expect("the outcome was listed");
                assert_eq!(label, labels[i].0);
                if outcome.get("automa").is_some() {
                    automa_cards += 1;
                }
            }
            ToMove::Seats(s) => {
                let seat: Seat = s.first_seat().expect("a seat on move");
                game.random_action(seat, &mut rng).expect("a listed action");
            }
        }
    }
    assert!(matches!(game.to_move(), ToMove::Over(_)));
    assert!(automa_cards > 10, "Otto revealed {automa_cards} cards");
}
