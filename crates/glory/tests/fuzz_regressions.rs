//! Inputs the coverage-guided fuzzer (`fuzz/`, target `choices`) found,
//! kept as records so they replay without it.

use tourney_core::{Game, GameRecord, GameRng, Seat, Session, ToMove};
use tourney_glory::Glory;

fn replay(text: &str) -> Glory {
    let record: GameRecord = serde_json::from_str(text).expect("a record");
    Session::<Glory>::replay(&record)
        .expect("the record replays")
        .state()
        .clone()
}

fn view(g: &Glory, seat: Option<Seat>) -> serde_json::Value {
    serde_json::to_value(g.view(seat)).expect("views serialize")
}

/// A solo Champion game lost to Otto. Once a game is over every player's
/// (and Otto's) personal objectives are shown to all, so `determinize`
/// must not re-deal them: it did, and the re-dealt state showed the seat
/// other objectives for Otto than the real one.
///
/// The fuzzer's record was made under rules version 2; the house data of
/// version 3 changes the tournament cards it drew, so the fixture is now
/// a lost Champion game of the same kind, recorded with `tourney sim glory
/// --seats greedy --config configs/glory/solo-champion-medium.toml --games
/// 1 --seed 1 --record DIR`.
#[test]
fn determinize_keeps_the_objectives_shown_once_the_game_is_over() {
    let game = replay(include_str!("fuzz/solo_champion_over.json"));
    assert!(matches!(game.to_move(), ToMove::Over(_)));
    let seat = Seat(0);
    let (mine, spectator) = (view(&game, Some(seat)), view(&game, None));
    assert!(
        mine["players"][1]["objectives"].is_array(),
        "Otto's objectives are shown at the end"
    );
    let mut rng = GameRng::seed_from_u64(7);
    for _ in 0..20 {
        let other = game.determinize(seat, &mut rng);
        // (Not `assert_eq!`: the views are long.)
        assert!(
            view(&other, Some(seat)) == mine,
            "the seat sees another table"
        );
        assert!(
            view(&other, None) == spectator,
            "a spectator sees another table"
        );
    }
}
