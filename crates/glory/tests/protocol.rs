//! The JSON shapes `docs/protocol/glory.md` documents.

use serde_json::{Value, json};
use tourney_core::{Game, Seat};
use tourney_glory::{
    Action, Chance, Colour, Config, DuelCtx, DuelStep, Fighter, Gear, Glory, JourneyType, Relic,
    Space, Support,
};

fn to(v: impl serde::Serialize) -> Value {
    serde_json::to_value(v).unwrap()
}

#[test]
fn actions_and_outcomes_serialize_as_documented() {
    let cases: Vec<(Action, Value)> = vec![
        (Action::Character(6), json!({"character": 6})),
        (Action::KeepTitle(11), json!({"keep_title": 11})),
        (Action::Exchange(23), json!({"exchange": 23})),
        (Action::Place(Space::WarmUp), json!({"place": "warm_up"})),
        (
            Action::Place(Space::TravelPlans),
            json!({"place": "travel_plans"}),
        ),
        (Action::Market(Gear::Mount), json!({"market": "mount"})),
        (Action::Support(2), json!({"support": 2})),
        (Action::Herald(6), json!({"herald": 6})),
        (Action::Loot(Gear::Armor), json!({"loot": "armor"})),
        (Action::Take(13), json!({"take": 13})),
        (
            Action::Draw(JourneyType::Challenge),
            json!({"draw": "challenge"}),
        ),
        (Action::Play(23), json!({"play": 23})),
        (Action::Choose(1), json!({"choose": 1})),
        (Action::Register(5), json!({"register": 5})),
        (Action::Attempt, json!("attempt")),
        (
            Action::Use(Support::WeaponsMaster),
            json!({"use": "weapons_master"}),
        ),
        (
            Action::Use(Support::LadyInWaiting),
            json!({"use": "lady_in_waiting"}),
        ),
        (Action::Strength(4), json!({"strength": 4})),
        (Action::Faith, json!("faith")),
        (
            Action::Reroll {
                colour: Colour::Mount,
                face: 2,
            },
            json!({"reroll": {"colour": "mount", "face": 2}}),
        ),
        (Action::Roll, json!("roll")),
        (Action::Relic(Relic::Ring), json!({"relic": "ring"})),
        (
            Action::ReactivateSupport(Support::Squire),
            json!({"reactivate_support": "squire"}),
        ),
        (
            Action::ReactivateRelic(Relic::Amulet),
            json!({"reactivate_relic": "amulet"}),
        ),
        (Action::Pass, json!("pass")),
    ];
    for (a, v) in cases {
        assert_eq!(to(a), v);
        assert_eq!(serde_json::from_value::<Action>(v).unwrap(), a);
    }
    let outcomes: Vec<(Chance, Value)> = vec![
        (Chance::Seat(Seat(1)), json!({"seat": 1})),
        (Chance::Character(7), json!({"character": 7})),
        (Chance::Title(12), json!({"title": 12})),
        (Chance::Journey(23), json!({"journey": 23})),
        (
            Chance::Support(Support::Squire),
            json!({"support": "squire"}),
        ),
        (Chance::Event(5), json!({"event": 5})),
        (Chance::Tournament(6), json!({"tournament": 6})),
        (Chance::Knight(28), json!({"knight": 28})),
        (Chance::Trophy(2), json!({"trophy": 2})),
        (Chance::Die(5), json!({"die": 5})),
    ];
    for (c, v) in outcomes {
        assert_eq!(to(c), v);
    }
    assert_eq!(to(Fighter::Card(32)), json!({"card": 32}));
    assert_eq!(
        to(DuelCtx::Joust { game: 4 }),
        json!({"joust": {"game": 4}})
    );
    assert_eq!(
        to(DuelStep::Lance { second: false }),
        json!({"lance": {"second": false}})
    );
    assert_eq!(to(DuelStep::Strength), json!("strength"));
}

#[test]
fn the_config_reads_as_documented() {
    let c: Config = serde_json::from_value(json!({
        "tournaments": ["pas_d_armes", "joust_a_plaisance", "pas_d_armes"],
        "trophies": "standard", "characters": "deal", "open_objectives": false
    }))
    .unwrap();
    assert_eq!(c, Config::default());
    let c: Config = serde_json::from_value(json!({"trophies": "tiles"})).unwrap();
    assert_eq!(c.trophies, tourney_glory::Trophies::Tiles);
    assert!(serde_json::from_value::<Config>(json!({"tournament": []})).is_err());
    assert!(serde_json::from_value::<Config>(json!({"trophies": "gold"})).is_err());
    assert_eq!(Glory::INFO.options.len(), 8);
    let c: Config = serde_json::from_value(json!({"tournament_choice": "between_rounds"})).unwrap();
    assert_eq!(
        c.tournament_choice,
        tourney_glory::TournamentChoice::BetweenRounds
    );
    assert!(serde_json::from_value::<Config>(json!({"tournament_choice": "vote"})).is_err());
    let c: Config = serde_json::from_value(json!({"journey": "simultaneous"})).unwrap();
    assert_eq!(c.journey, tourney_glory::JourneyOrder::Simultaneous);
    assert!(serde_json::from_value::<Config>(json!({"journey": "together"})).is_err());
    let c: Config = serde_json::from_value(json!({
        "solo": {"mode": "score", "difficulty": "hard", "deck": "pious"}
    }))
    .unwrap();
    let solo = c.solo.expect("solo settings");
    assert_eq!(solo.mode, tourney_glory::SoloMode::Score);
    assert_eq!(solo.difficulty, tourney_glory::Difficulty::Hard);
    assert_eq!(solo.deck, tourney_glory::AutomaDeck::Pious);
    assert!(serde_json::from_value::<Config>(json!({"solo": {"mode": "duel"}})).is_err());
    assert!(serde_json::from_value::<Config>(json!({"solo": {"level": "hard"}})).is_err());
    assert!(
        Glory::new(&Config::default(), 1).is_ok(),
        "one seat plays solo against Otto"
    );
    assert!(Glory::new(&c, 1).is_ok());
    let err = Glory::new(&c, 2).unwrap_err().to_string();
    assert!(err.contains("solo") && err.contains("one seat"), "{err}");
    assert!(Glory::new(&Config::default(), 5).is_err());
}

#[test]
fn the_view_has_the_documented_fields() {
    let g = Glory::new(&Config::default(), 2).unwrap();
    let v = to(g.view(Some(Seat(0))));
    for key in [
        "viewer",
        "seats",
        "round",
        "stage",
        "waiting_for",
        "on_move",
        "order",
        "events",
        "event_support",
        "spaces",
        "initiative_spaces",
        "support_track",
        "support_stacks",
        "scroll_stack",
        "journey_rows",
        "journey_decks",
        "public_titles",
        "title_deck",
        "relic_supply",
        "prestige_supply",
        "tournament",
        "players",
        "duel",
        "last_duel",
        "winners",
    ] {
        assert!(v.get(key).is_some(), "view field {key} missing");
    }
    for key in [
        "seat",
        "character",
        "dealt",
        "glory",
        "coins",
        "strength",
        "faith",
        "mount",
        "armor",
        "supports",
        "relics",
        "prestige",
        "hand_size",
        "hand",
        "known_cards",
        "objectives",
        "objectives_held",
        "title_offer",
        "played",
        "pawns_left",
        "took_initiative",
        "journey_left",
        "rogue_used",
        "completed_titles",
    ] {
        assert!(
            v["players"][0].get(key).is_some(),
            "player field {key} missing"
        );
    }
}
