//! Rules code must never panic, not even on a state read back from a
//! corrupt file: the core testkit scrambles serialized states of random
//! games (two to ten seats, one to three days, with and without the wound
//! penalty and the ladies) and drives every entry point on what still
//! deserializes, with the moves and outcomes below that no menu offers.

use tourney_core::testkit::{Corruption, check_corrupt_states};
use tourney_ritter::{Action, Chance, Config, Gain, KnightId, KnightSet, LadyId, Ritter};

const ODD_ACTIONS: [Action; 9] = [
    Action::Yield,
    Action::FightOn,
    Action::Train {
        knight: KnightId(14),
        gain: Gain::Cover(0),
    },
    Action::Send {
        knights: KnightSet(0xffff),
    },
    Action::Offer {
        lady: LadyId(200),
        knight: KnightId(3),
    },
    Action::KeepFavour { lady: LadyId(255) },
    Action::Challenge {
        attacker: KnightId(1),
        defender: KnightId(255),
    },
    Action::DayWinner {
        knight: KnightId(15),
    },
    Action::Champion {
        knight: KnightId(0),
    },
];

const ODD_OUTCOMES: [Chance; 5] = [
    Chance::Die(0),
    Chance::Die(4),
    Chance::Die(200),
    Chance::Knight(KnightId(12)),
    Chance::Lady(LadyId(3)),
];

#[test]
fn scrambled_states_never_panic() {
    let setups: Vec<(Config, usize)> = (0..18u8)
        .map(|i| {
            let config = Config {
                days: 1 + i % 3,
                wound_penalty: i % 2 == 0,
                ladies: i % 5 != 0,
            };
            (config, 2 + usize::from(i % 9))
        })
        .collect();
    let tried = check_corrupt_states(&Corruption::<Ritter> {
        setups: &setups,
        games: 200,
        stride: 40,
        number_rate: 12,
        odd_actions: &ODD_ACTIONS,
        odd_outcomes: &ODD_OUTCOMES,
    });
    assert!(tried > 1_000, "only {tried} scrambled states deserialized");
}
