//! Rules code must never panic, not even on a state read back from a
//! corrupt file: the core testkit scrambles serialized states of random
//! events (two to six players, one to four knights each, with and without a
//! points threshold) and drives every entry point on what still
//! deserializes, with the moves and outcomes below that no menu offers.

use tourney_core::Seat;
use tourney_core::testkit::{Corruption, check_corrupt_states};
use tourney_joust::{Action, CardJoust, Chance, Config, DiceMask, Placement, Slot};

const ODD_ACTIONS: [Action; 5] = [
    Action::Challenge(Seat(9)),
    Action::Challenge(Seat(255)),
    Action::Place(Placement::new(Slot::Shield, 99)),
    Action::Place(Placement::new(Slot::Head, 0)),
    Action::Push(DiceMask(0xff)),
];

const ODD_OUTCOMES: [Chance; 6] = [
    Chance::Seat(Seat(7)),
    Chance::Card(0),
    Chance::Card(14),
    Chance::D12(0),
    Chance::D12(13),
    Chance::D6(9),
];

#[test]
fn scrambled_states_never_panic() {
    let setups: Vec<(Config, usize)> = (0..10u8)
        .map(|i| {
            let config = Config {
                knights_per_player: 1 + i % 4,
                points_threshold: (i % 3 == 0).then_some(30),
                fourth_minor_becomes_major: i % 2 == 0,
                ..Config::default()
            };
            (config, 2 + usize::from(i % 5))
        })
        .collect();
    let tried = check_corrupt_states(&Corruption::<CardJoust> {
        setups: &setups,
        games: 200,
        stride: 30,
        number_rate: 30,
        odd_actions: &ODD_ACTIONS,
        odd_outcomes: &ODD_OUTCOMES,
    });
    assert!(tried > 1_000, "only {tried} scrambled states deserialized");
}
