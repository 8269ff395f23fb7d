//! The rules text (`data/rules.toml`): the built-in file reads and says
//! what the game plays, its `{option}` places take the table's values, and
//! a broken copy is refused naming `rules.toml`.

use tourney_core::{DataFile, Game, RulesText};
use tourney_mastery::components::{DATA_FILES, components_from};
use tourney_mastery::{Config, Mastery};

fn built_in() -> &'static str {
    DataFile::text_of(&[], DATA_FILES, "rules.toml").expect("a built-in rules.toml")
}

fn rules() -> RulesText {
    components_from(DATA_FILES)
        .expect("the built-in files read")
        .rules
}

/// All of How to play, filled for `config`.
fn how_to_play(config: &Config) -> String {
    let config = serde_json::to_value(config).expect("a config serializes");
    rules()
        .how_to_play
        .iter()
        .map(|s| format!("{}\n{}\n", s.title, RulesText::fill(&s.text, &config)))
        .collect()
}

/// The error reading the built-in files with `copy` as rules.toml.
fn refusal(copy: &str) -> String {
    let err = components_from(&[DataFile {
        name: "rules.toml",
        text: copy,
    }])
    .expect_err("the copy is refused");
    assert_eq!(err.file, "rules.toml", "{}", err.message);
    err.message
}

#[test]
fn the_built_in_rules_read_and_are_served_with_the_components() {
    let rules = rules();
    assert!(rules.how_to_play.len() >= 4, "goal, turn, combat, end");
    assert!(rules.glossary.len() >= 30, "{}", rules.glossary.len());
    assert_eq!(Mastery::components().rules, rules);
    // Under a page: at most about 600 words of How to play.
    let words = how_to_play(&Config::default()).split_whitespace().count();
    assert!(words <= 650, "{words} words");
}

#[test]
fn entries_say_the_facts_the_game_plays() {
    let rules = rules();
    let supply = rules.entry("supply line").expect("the supply line");
    assert!(supply.text.contains("still scores"), "{}", supply.text);
    let dice = rules.entry("supply").expect("the dice supply");
    assert_eq!(dice.id, "dice");
    assert!(dice.text.contains("10 dice"), "{}", dice.text);
    let value = rules.entry("combat value").expect("the combat value");
    assert!(
        value.text.contains("a tie goes to the defender by 1"),
        "{}",
        value.text
    );
    assert!(
        value.text.contains("the attacker loses 1 knight"),
        "a tie's cost, without another entry: {}",
        value.text
    );
    let defender = rules.entry("defender").expect("the defender");
    assert!(
        defender
            .text
            .contains("by 1: on equal combat values the attacker loses 1 knight"),
        "{}",
        defender.text
    );
    // Ambush says what die it rolls, here and in How to play.
    let conflict = rules.entry("Ambush").expect("the Conflict card");
    assert!(
        conflict.text.contains("one six-sided die") && conflict.text.contains("1 to 6"),
        "{}",
        conflict.text
    );
    let how = how_to_play(&Config::default());
    assert!(how.contains("rolls one six-sided die"), "{how}");
    assert!(
        how.contains("equal values are a win for the defender by 1"),
        "{how}"
    );
    assert!(!how.contains("tie goes to the defender"), "{how}");
    // The board's "room for N more" is the word the dice entry explains.
    assert!(dice.text.contains("\"room for N more\""), "{}", dice.text);
    assert_eq!(rules.entry("room").map(|e| e.id.as_str()), Some("dice"));
    // A territory's worth is its place's on the map.
    let territory = rules.entry("territory").expect("the territory");
    assert!(
        territory
            .text
            .contains("The worth belongs to the place on the map"),
        "{}",
        territory.text
    );
    // The house safeguard's default is the config's.
    let limit = rules.entry("round limit").expect("the round limit");
    assert!(
        limit
            .text
            .contains(&format!("the default is {}", Config::default().round_limit)),
        "{}",
        limit.text
    );
    for (word, id) in [
        ("Heroic Effort", "support_card"),
        ("Ambush", "conflict_card"),
        ("VP", "victory_points"),
        ("face down", "destroy"),
        ("cut-throat", "cut_throat"),
    ] {
        assert_eq!(rules.entry(word).map(|e| e.id.as_str()), Some(id), "{word}");
    }
    assert!(rules.entry("snake").is_none(), "a Card Joust word");
}

#[test]
fn how_to_play_names_the_tables_round_limit() {
    let default = how_to_play(&Config::default());
    assert!(!default.contains('{'), "{default}");
    assert!(default.contains("stops after 60 rounds"), "{default}");
    let short = Config {
        round_limit: 25,
        ..Config::default()
    };
    let text = how_to_play(&short);
    assert!(!text.contains('{'), "{text}");
    assert!(text.contains("stops after 25 rounds"), "{text}");
}

/// "This table's options" names every option's value for the table, a
/// yes/no option as on or off, and reads the same with the game's words
/// for the other values.
#[test]
fn how_to_play_names_every_option_of_the_table() {
    let rules = rules();
    let section = rules
        .how_to_play
        .iter()
        .find(|s| s.title == "This table's options")
        .expect("the options section");
    for option in Mastery::INFO.options {
        let place = format!("{{{}}}", option.key);
        assert!(section.text.contains(&place), "{place} is not named");
    }
    let default = serde_json::to_value(Config::default()).expect("a config serializes");
    let text = RulesText::fill(&section.text, &default);
    assert!(!text.contains('{'), "{text}");
    for said in [
        "Siege: off.",
        "Cut-Throat: off.",
        "Skirmish: off.",
        "Chaos: off.",
        "Teams (Loyalty): off.",
        "Starting knights: even.",
        "Round limit: 60",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    let table = Config {
        siege: true,
        cut_throat: true,
        starting_knights: tourney_mastery::StartingKnights::Choice,
        round_limit: 0,
        ..Config::default()
    };
    let table = serde_json::to_value(table).expect("a config serializes");
    let text = rules.fill_words(&section.text, &table);
    for said in [
        "Siege: on.",
        "Cut-Throat: on.",
        "Skirmish: off.",
        "Starting knights: each player chooses how many go to each homeland.",
        "Round limit: 0 (0 means none).",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    let pairs = Config {
        loyalty: tourney_mastery::Loyalty::Pairs,
        ..Config::default()
    };
    let pairs = serde_json::to_value(pairs).expect("a config serializes");
    let text = rules.fill_words(&section.text, &pairs);
    assert!(
        text.contains("Teams (Loyalty): pairs sitting opposite, who win with 20 points together."),
        "{text}"
    );
}

#[test]
fn every_option_place_is_an_option_of_the_game() {
    let keys: Vec<&str> = Mastery::INFO.options.iter().map(|o| o.key).collect();
    let rules = rules();
    let text: String = (rules.how_to_play.iter().map(|s| s.text.as_str()))
        .chain(rules.glossary.iter().map(|e| e.text.as_str()))
        .collect();
    let places: Vec<&str> = text
        .match_indices('{')
        .filter_map(|(i, _)| text.get(i + 1..)?.split('}').next())
        .collect();
    assert!(places.contains(&"round_limit"), "{places:?}");
    for place in places {
        assert!(keys.contains(&place), "{{{place}}} is not an option");
    }
}

#[test]
fn a_broken_copy_is_refused_naming_rules_toml() {
    let text = built_in();

    // A TOML error: a string left open.
    let message = refusal(&text.replacen("term = \"Castle\"", "term = \"Castle", 1));
    assert!(!message.is_empty());

    // An unknown field (the shape denies them).
    refusal(&text.replacen("term = \"Castle\"", "term = \"Castle\"\nnote = \"x\"", 1));

    // An empty text.
    let message = refusal(&text.replacen(
        "text = \"An option for a shorter game: 11 points win and homelands are worth 0.\"",
        "text = \"\"",
        1,
    ));
    assert!(message.contains("skirmish"), "{message}");

    // No glossary at all.
    let glossary = text.find("[[glossary]]").expect("an entry");
    let none = format!(
        "glossary = []\n{}",
        text.get(..glossary).expect("How to play")
    );
    let message = refusal(&none);
    assert!(message.contains("the glossary has no entry"), "{message}");

    // Two entries with one id.
    let message = refusal(&text.replacen("id = \"skirmish\"", "id = \"siege\"", 1));
    assert!(
        message.contains("two glossary entries have the id `siege`"),
        "{message}"
    );

    // One word that would look up two entries.
    let message = refusal(&text.replacen("term = \"Skirmish\"", "term = \"Castle\"", 1));
    assert!(
        message.contains("the word `castle` looks up both"),
        "{message}"
    );

    // A place for an option the game does not have, and one left open.
    let message = refusal(&text.replacen("{round_limit}", "{rounds}", 1));
    assert!(message.contains("{rounds}"), "{message}");
    assert!(
        message.contains("round_limit"),
        "names the options: {message}"
    );
    let message = refusal(&text.replacen("{round_limit}", "{round_limit", 1));
    assert!(message.contains("not closed"), "{message}");
}
