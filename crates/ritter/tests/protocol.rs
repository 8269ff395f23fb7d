//! `docs/protocol/ritter.md` against the game: every JSON example in it
//! reads as the Rust type it documents and writes back the same, the view
//! example is the view of the position it shows, the menu, chance and event
//! texts are the game's own, and the tables name every kind there is.

mod common;

use common::{Hand, Script, Scripted, k, l};
use serde_json::Value;
use std::collections::BTreeSet;
use tourney_core::{Game, Seat};
use tourney_ritter::{Action, Chance, Config, Event, Gain, KnightSet, Ritter};

const SEAT0: Hand = (&["Apollonius", "Bertram"], &["Ilsa", "Adelheid"]);
const SEAT1: Hand = (&["Harald", "Gottfried"], &["Podica", "Kunigunde"]);

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol/ritter.md");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of the `## {title}` section, up to the next `## `.
fn section(title: &str) -> String {
    let doc = doc();
    let start = format!("\n## {title}\n");
    doc.split(&start)
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_else(|| panic!("no {title} section"))
        .to_string()
}

/// The first fenced block of `text` opening with `fence`.
fn block(text: &str, fence: &str) -> String {
    text.split(fence)
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap_or_else(|| panic!("no {fence} block"))
        .to_string()
}

/// The table rows of `text`: its `|`-separated cells, header and rule
/// lines left out.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---"))
        .skip(1)
        .map(|line| {
            line.trim_matches('|')
                .split(" | ")
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect()
}

/// What is between the first pair of backticks in `cell`.
fn code(cell: &str) -> &str {
    cell.split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("no code in {cell}"))
}

/// The kinds a JSON Schema of an externally tagged enum allows: its unit
/// variants' strings and its other variants' one key.
fn schema_kinds(schema: &Value) -> BTreeSet<String> {
    let mut kinds = BTreeSet::new();
    for variant in schema["oneOf"].as_array().expect("an enum schema") {
        if let Some(words) = variant["enum"].as_array() {
            kinds.extend(words.iter().filter_map(|w| w.as_str().map(String::from)));
        } else if let Some(word) = variant["const"].as_str() {
            kinds.insert(word.to_string());
        } else if let Some(tag) = variant["properties"]["kind"]["const"].as_str() {
            kinds.insert(tag.to_string());
        } else {
            let keys = variant["required"].as_array().expect("a key");
            kinds.extend(keys.iter().filter_map(|k| k.as_str().map(String::from)));
        }
    }
    kinds
}

fn kind_of(json: &Value) -> String {
    match json {
        Value::String(word) => word.clone(),
        Value::Object(map) => map
            .get("kind")
            .and_then(Value::as_str)
            .map(String::from)
            .or_else(|| map.keys().next().cloned())
            .expect("a key"),
        other => panic!("no kind in {other}"),
    }
}

#[test]
fn the_config_reads_as_documented() {
    let text = block(&section("Config"), "```json");
    let config: Config = serde_json::from_str(&text).expect("the config example reads");
    assert_eq!(config, Config::default());
    for row in rows(&section("Config")) {
        let field = code(&row[0]);
        assert!(
            text.contains(&format!("\"{field}\"")),
            "{field} in the example"
        );
    }
    assert_eq!(rows(&section("Config")).len(), Ritter::INFO.options.len());
    assert!(serde_json::from_str::<Config>(r#"{"day": 4}"#).is_err());
}

#[test]
fn every_action_kind_is_documented_and_its_json_reads() {
    let mut kinds = BTreeSet::new();
    for row in rows(&section("Actions")) {
        let text = code(&row[1]);
        let json: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let action: Action =
            serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(serde_json::to_value(action).unwrap(), json, "{text}");
        kinds.insert(kind_of(&json));
    }
    let schema = serde_json::to_value(schemars::schema_for!(Action)).unwrap();
    assert_eq!(kinds, schema_kinds(&schema));
}

#[test]
fn the_menu_texts_are_the_games() {
    let s = Script::setup(Config::default(), &[SEAT0, SEAT1], &[6, 2]);
    let menu = |action: Action| s.game.describe_action(Seat(0), &action);
    let documented = section("Actions");
    let said = [
        menu(Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Cover(1),
        }),
        menu(Action::Send {
            knights: [k("Apollonius")].into_iter().collect::<KnightSet>(),
        }),
        menu(Action::Offer {
            lady: l("Ilsa"),
            knight: k("Apollonius"),
        }),
        menu(Action::Challenge {
            attacker: k("Apollonius"),
            defender: k("Harald"),
        }),
        menu(Action::Yield),
        menu(Action::FightOn),
    ];
    // The doc wraps its lines; compare with the line breaks as spaces.
    let flat = documented.replace('\n', " ");
    for text in said {
        assert!(
            flat.contains(&format!("`{text}`")),
            "`{text}` is not documented"
        );
    }
}

#[test]
fn every_chance_kind_is_documented_with_the_games_step_texts() {
    let chances = section("Chance outcomes");
    let mut kinds = BTreeSet::new();
    let mut steps = Vec::new();
    for row in rows(&chances) {
        let text = code(&row[1]);
        let json: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let chance: Chance =
            serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(serde_json::to_value(chance).unwrap(), json, "{text}");
        kinds.insert(kind_of(&json));
        steps.extend(row[2].split('"').skip(1).step_by(2).map(String::from));
    }
    let schema = serde_json::to_value(schemars::schema_for!(Chance)).unwrap();
    assert_eq!(kinds, schema_kinds(&schema));

    // Every step text the table quotes comes up in a game of two: the deal,
    // the starting roll and a joust of Apollonius against Harald.
    let mut said = BTreeSet::new();
    let mut s = Script::new(Config::default(), 2);
    let deal = [
        Chance::Knight(k("Apollonius")),
        Chance::Knight(k("Harald")),
        Chance::Knight(k("Bertram")),
        Chance::Knight(k("Gottfried")),
        Chance::Lady(l("Ilsa")),
        Chance::Lady(l("Podica")),
        Chance::Lady(l("Adelheid")),
        Chance::Lady(l("Kunigunde")),
        Chance::Die(6),
        Chance::Die(2),
    ];
    for chance in deal {
        said.insert(s.game.describe_chance_step());
        s.chance(chance);
    }
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald");
    s.challenge(0, "Apollonius", "Harald");
    for face in [6; 12] {
        said.insert(s.game.describe_chance_step());
        s.chance(Chance::Die(face));
    }
    assert_eq!(steps.len(), 4, "{steps:?}");
    for step in steps {
        assert!(said.contains(&step), "{step:?} is not one of {said:#?}");
    }
}

/// Apollonius (trained to 5 dice, wearing Ilsa's favour) challenges Harald
/// (7 dice, Podica's); neither is hit in the first mounted round, and in
/// the furious second one Apollonius has rolled 1, 3 and 3.
#[test]
fn the_documented_view_is_the_real_one() {
    let documented: Value =
        serde_json::from_str(&block(&section("View"), "```json")).expect("the view example reads");
    let mut s = Script::setup(Config::default(), &[SEAT0, SEAT1], &[6, 2]);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald");
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[6; 5])
        .roll(&[6; 7])
        .roll(&[1, 3, 3]);
    let real = serde_json::to_value(s.game.view(Some(Seat(0)))).unwrap();
    assert_eq!(
        real,
        documented,
        "the real view:\n{}",
        serde_json::to_string(&real).unwrap()
    );
}

#[test]
fn every_event_kind_is_documented_with_its_json_and_its_text() {
    let events = section("Events");
    let table: BTreeSet<String> = rows(&events)
        .iter()
        .map(|row| code(&row[0]).to_string())
        .collect();
    let lines: Vec<&str> = events.lines().collect();
    let mut examples = BTreeSet::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with("{\"kind\"") {
            continue;
        }
        let event: Event = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(serde_json::to_string(&event).unwrap(), *line);
        assert_eq!(
            lines.get(i + 1),
            Some(&event.to_string().as_str()),
            "{line}"
        );
        let kind = kind_of(&serde_json::to_value(&event).unwrap());
        assert!(examples.insert(kind.clone()), "{kind} shown twice");
    }
    let schema = serde_json::to_value(schemars::schema_for!(Event)).unwrap();
    let kinds = schema_kinds(&schema);
    assert_eq!(table, kinds, "the table of kinds");
    assert_eq!(examples, kinds, "the examples");
}

#[test]
fn the_components_section_shows_the_served_json() {
    let components = section("Components");
    let documented: Value =
        serde_json::from_str(&block(&components, "```json")).expect("the components example reads");
    let served = serde_json::to_value(Ritter::components()).unwrap();
    for list in ["knights", "ladies", "traits"] {
        let shown = documented[list].as_array().expect("a list");
        assert!(!shown.is_empty(), "{list}");
        for entry in shown {
            assert!(
                served[list].as_array().unwrap().contains(entry),
                "{entry} is not served in {list}"
            );
        }
    }
}
