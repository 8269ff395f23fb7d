//! Reading and checking the options, the game's menu entry, and the JSON
//! shapes of actions and chance outcomes.

use serde_json::json;
use tourney_core::{Game, Seat, SetupError};
use tourney_joust::{
    Action, CardJoust, Chance, Config, DiceMask, Gear, KnightChoice, Lance, Mount, Placement,
    Scoring, Slot,
};

#[test]
fn an_empty_config_is_the_standard_game() {
    let from_toml: Config = toml::from_str("").unwrap();
    let from_json: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(from_toml, Config::default());
    assert_eq!(from_json, Config::default());
    let d = Config::default();
    assert_eq!(
        (d.knights_per_player, d.target_points, d.points_threshold),
        (3, 21, None)
    );
    assert_eq!(
        d.scoring,
        Scoring {
            head: 4,
            body: 3,
            arm: 2,
            shield: 1
        }
    );
    assert!(d.fourth_minor_becomes_major);
}

#[test]
fn toml_configs_read_naturally() {
    let text = r#"
        knights_per_player = 2
        target_points = 15
        points_threshold = 40
        fourth_minor_becomes_major = false

        [scoring]
        head = 5
    "#;
    let c: Config = toml::from_str(text).unwrap();
    assert_eq!(c.knights_per_player, 2);
    assert_eq!(c.target_points, 15);
    assert_eq!(c.points_threshold, Some(40));
    assert!(!c.fourth_minor_becomes_major);
    assert_eq!(c.scoring.head, 5);
    assert_eq!(c.scoring.body, 3, "other slots keep their defaults");
    assert!(CardJoust::new(&c, 4).is_ok());
}

#[test]
fn unknown_fields_are_refused() {
    assert!(toml::from_str::<Config>("knights = 2").is_err());
    assert!(toml::from_str::<Config>("[scoring]\nneck = 1").is_err());
    assert!(serde_json::from_str::<Config>(r#"{"target":21}"#).is_err());
}

#[test]
fn bad_values_name_their_field() {
    let field = |c: Config| match CardJoust::new(&c, 2) {
        Err(SetupError::Config { field, .. }) => field,
        other => panic!("expected a config error, got {other:?}"),
    };
    let d = Config::default();
    assert_eq!(
        field(Config {
            knights_per_player: 0,
            ..d
        }),
        "knights_per_player"
    );
    assert_eq!(
        field(Config {
            knights_per_player: 5,
            ..d
        }),
        "knights_per_player"
    );
    assert_eq!(
        field(Config {
            target_points: 0,
            ..d
        }),
        "target_points"
    );
    assert_eq!(
        field(Config {
            points_threshold: Some(0),
            ..d
        }),
        "points_threshold"
    );
    let scoring = Scoring {
        head: 51,
        ..Scoring::default()
    };
    assert_eq!(field(Config { scoring, ..d }), "scoring.head");
    assert!(matches!(
        CardJoust::new(&d, 1),
        Err(SetupError::SeatCount {
            min: 2,
            max: 6,
            got: 1,
            ..
        })
    ));
    assert!(matches!(
        CardJoust::new(&d, 7),
        Err(SetupError::SeatCount { got: 7, .. })
    ));
    for seats in 2..=6 {
        assert_eq!(CardJoust::new(&d, seats).map(|g| g.seats()), Ok(seats));
    }
}

#[test]
fn the_menu_entry_lists_every_option_with_its_default() {
    let info = CardJoust::INFO;
    assert_eq!(
        (info.name, info.title, info.rules_version),
        ("joust", "Card Joust", "2")
    );
    assert_eq!((info.min_seats, info.max_seats), (2, 6));
    let default = serde_json::to_value(Config::default()).unwrap();
    let keys: Vec<&str> = info.options.iter().map(|o| o.key).collect();
    let fields: Vec<&str> = default
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    let (mut a, mut b) = (keys.clone(), fields.clone());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    for o in info.options {
        assert!(!o.help.is_empty());
        // Each listed default, read as TOML, is the default config's value.
        let text = match o.default {
            "none" => continue,
            d => format!("{} = {d}", o.key),
        };
        let parsed: Config = toml::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed, Config::default(), "{text}");
    }
    assert_eq!(default["points_threshold"], serde_json::Value::Null);
}

#[test]
fn actions_have_readable_json() {
    let cases = [
        (Action::Challenge(Seat(2)), json!({"challenge": 2})),
        (
            Action::Knight(KnightChoice::Keep),
            json!({"knight": "keep"}),
        ),
        (
            Action::Knight(KnightChoice::Replace),
            json!({"knight": "replace"}),
        ),
        (
            Action::Place(Placement::new(Slot::Head, 7)),
            json!({"place": {"slot": "head", "card": 7}}),
        ),
        (
            Action::Place(Placement::new(Slot::LeftArm, 9)),
            json!({"place": {"slot": "left_arm", "card": 9}}),
        ),
        (Action::Aim(Slot::Head), json!({"aim": "head"})),
        (Action::Aim(Slot::RightArm), json!({"aim": "right_arm"})),
        (
            Action::Gear(Gear::new(Mount::Ground, Lance::War)),
            json!({"gear": {"mount": "ground", "lance": "war"}}),
        ),
        (Action::Push(DiceMask(0b101)), json!({"push": [1, 3]})),
        (Action::KeepRoll, json!("keep_roll")),
    ];
    for (action, expected) in cases {
        assert_eq!(serde_json::to_value(action).unwrap(), expected);
        assert_eq!(serde_json::from_value::<Action>(expected).unwrap(), action);
    }
    for bad in [
        json!({"push": [0]}),
        json!({"push": [4]}),
        json!({"push": [1, 1]}),
        json!({"aim": "neck"}),
        json!({"place": {"slot": "neck", "card": 7}}),
        json!({"place": {"slot": "head"}}),
        json!({"place": {"slot": "head", "card": 7, "face_up": true}}),
        // The whole-placement shape of rules version 1.
        json!({"place": {"head": 7, "body": 3, "left_arm": 9, "right_arm": 2, "shield": 5}}),
    ] {
        assert!(
            serde_json::from_value::<Action>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn chance_outcomes_have_readable_json() {
    let cases = [
        (Chance::Seat(Seat(1)), json!({"seat": 1})),
        (Chance::Card(9), json!({"card": 9})),
        (Chance::D12(7), json!({"d12": 7})),
        (Chance::D6(3), json!({"d6": 3})),
    ];
    for (chance, expected) in cases {
        assert_eq!(serde_json::to_value(chance).unwrap(), expected);
        assert_eq!(serde_json::from_value::<Chance>(expected).unwrap(), chance);
    }
}
