//! Rules code must never panic, not even on a state read back from a
//! corrupt file: the core testkit scrambles serialized states of random
//! games (two to six players, every optional rule) and drives every entry
//! point on what still deserializes, with the moves and outcomes below that
//! no menu offers.

use tourney_core::Seat;
use tourney_core::testkit::{Corruption, check_corrupt_states};
use tourney_mastery::{Action, Cell, Chance, Config, Loyalty, Mastery, StartingKnights, TileId};

const ODD_ACTIONS: [Action; 6] = [
    Action::MarchTo(Cell(0)),
    Action::MarchTo(Cell(200)),
    Action::Send(255),
    Action::Split([9, 9]),
    Action::CrownOnSeat(Seat(9)),
    Action::CrownOnCell(Cell(99)),
];

const ODD_OUTCOMES: [Chance; 4] = [
    Chance::Tile(TileId(200)),
    Chance::Die(0),
    Chance::Die(7),
    Chance::Starter(Seat(9)),
];

#[test]
fn scrambled_states_never_panic() {
    let options = [
        Config::default(),
        Config {
            siege: true,
            cut_throat: true,
            ..Config::default()
        },
        Config {
            chaos: true,
            skirmish: true,
            starting_knights: StartingKnights::Choice,
            ..Config::default()
        },
        Config {
            loyalty: Loyalty::Pairs,
            ..Config::default()
        },
    ];
    let setups = [
        (options[0].clone(), 2),
        (options[1].clone(), 3),
        (options[2].clone(), 5),
        (options[3].clone(), 4),
        (options[0].clone(), 6),
    ];
    let tried = check_corrupt_states(&Corruption::<Mastery> {
        setups: &setups,
        games: 100,
        stride: 60,
        number_rate: 48,
        odd_actions: &ODD_ACTIONS,
        odd_outcomes: &ODD_OUTCOMES,
    });
    assert!(tried > 1_000, "only {tried} scrambled states deserialized");
}
