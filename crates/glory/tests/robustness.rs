//! Rules code must never panic, not even on a state read back from a
//! corrupt file: the core testkit scrambles serialized states of random
//! games (Pas d'Armes and Joust à Plaisance rounds, both trophy rules, two to
//! four seats and the solo game) and drives every entry point on what still
//! deserializes, with the moves and outcomes below that no menu offers.

use tourney_core::Seat;
use tourney_core::testkit::{Corruption, check_corrupt_states};
use tourney_glory::{
    Action, Chance, Colour, Config, Gear, Glory, JourneyType, Relic, Space, Support,
    TournamentKind, Trophies,
};

const ODD_ACTIONS: [Action; 24] = [
    Action::Character(200),
    Action::KeepTitle(99),
    Action::Exchange(200),
    Action::Place(Space::Event),
    Action::Place(Space::Initiative),
    Action::Market(Gear::Mount),
    Action::Support(50),
    Action::Herald(200),
    Action::Loot(Gear::Armor),
    Action::Take(250),
    Action::Draw(JourneyType::Challenge),
    Action::Play(99),
    Action::Choose(7),
    Action::Register(77),
    Action::Attempt,
    Action::Use(Support::Hermit),
    Action::Strength(9),
    Action::Faith,
    Action::Reroll {
        colour: Colour::Armor,
        face: 9,
    },
    Action::Roll,
    Action::Relic(Relic::Ring),
    Action::ReactivateSupport(Support::Bishop),
    Action::ReactivateRelic(Relic::Amulet),
    Action::Pass,
];

const ODD_OUTCOMES: [Chance; 11] = [
    Chance::Seat(Seat(9)),
    Chance::Character(99),
    Chance::Title(20),
    Chance::Journey(200),
    Chance::Support(Support::King),
    Chance::Event(40),
    Chance::Tournament(30),
    Chance::Knight(60),
    Chance::Trophy(9),
    Chance::Die(7),
    Chance::Die(5),
];

#[test]
fn scrambled_states_never_panic() {
    let jousts = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        trophies: Trophies::Tiles,
        ..Config::default()
    };
    let solo: Config = serde_json::from_value(serde_json::json!({
        "solo": {"mode": "rivalry", "difficulty": "hard", "deck": "warrior"}
    }))
    .expect("a solo config");
    let setups = [
        (Config::default(), 2),
        (jousts, 3),
        (Config::default(), 4),
        (solo, 1),
    ];
    let tried = check_corrupt_states(&Corruption::<Glory> {
        setups: &setups,
        games: 150,
        stride: 120,
        // A Glory state holds hundreds of numbers: change few of them.
        number_rate: 80,
        odd_actions: &ODD_ACTIONS,
        odd_outcomes: &ODD_OUTCOMES,
    });
    assert!(tried > 1_000, "only {tried} scrambled states deserialized");
}
