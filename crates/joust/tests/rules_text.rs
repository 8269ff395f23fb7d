//! The "How to play" and glossary of `data/rules.toml`, served with the
//! components (`rules`): the built-in file reads, says the facts the rules
//! code plays, fills in a table's options, and a broken copy is refused
//! with an error naming the file.

use serde_json::json;
use tourney_core::{DataError, DataFile, Game, RulesText};
use tourney_joust::components::{DATA_FILES, components_from};
use tourney_joust::{CardJoust, Config, Mount};

const RULES: &str = "rules.toml";

fn built_in() -> &'static str {
    DATA_FILES
        .iter()
        .find(|f| f.name == RULES)
        .map(|f| f.text)
        .expect("rules.toml is built in")
}

fn rules() -> RulesText {
    components_from(DATA_FILES).unwrap().rules
}

/// The "How to play" of the built-in file with `config` filled in.
fn how_to_play(config: &serde_json::Value) -> String {
    rules()
        .how_to_play
        .iter()
        .map(|s| format!("{}\n{}\n", s.title, RulesText::fill(&s.text, config)))
        .collect()
}

fn refused(text: &str) -> DataError {
    let e =
        components_from(&[DataFile { name: RULES, text }]).expect_err("the copy should be refused");
    assert_eq!(e.file, RULES, "{e}");
    e
}

#[test]
fn the_built_in_file_reads_and_is_served() {
    let r = rules();
    assert!(r.how_to_play.len() >= 4, "{r:?}");
    assert!(r.glossary.len() >= 20, "{r:?}");
    assert_eq!(CardJoust::components().rules, r);
    let served = serde_json::to_value(CardJoust::components()).unwrap();
    assert_eq!(served["rules"]["glossary"][0]["id"], "event");
}

#[test]
fn entries_say_the_rules_facts() {
    let r = rules();
    let snake = r.entry("snake").expect("snake");
    assert_eq!(snake.term, "Snake");
    assert!(
        snake.text.starts_with("The 1 on an injury die."),
        "{}",
        snake.text
    );
    let raven = r.entry("Raven").expect("raven");
    assert!(raven.text.contains("12"), "{}", raven.text);
    assert!(raven.text.contains("two"), "{}", raven.text);
    let gift = r.entry("princesses' gift").expect("found by another word");
    assert_eq!(gift.id, "gift");
    assert!(gift.text.contains("three jousting dice"), "{}", gift.text);
    assert_eq!(
        r.entry("flying-mount").map(|e| e.id.as_str()),
        Some("flying_mount")
    );
    assert!(r.entry("dragon").is_none());
    // Dice shorthand has its own entry, found by either die.
    for word in ["d12", "d6"] {
        let dice = r.entry(word).expect("dice shorthand");
        assert_eq!(dice.id, "dice");
        assert!(dice.text.contains("12 sides") && dice.text.contains("6 sides"));
    }
    // The record of earlier aims says it limits nothing.
    let aims = r.entry("earlier aims").expect("earlier aims");
    assert!(aims.text.contains("no rule limits"), "{}", aims.text);
    // The knight's entry names the table's own number of knights.
    let knight = r.entry("knight").expect("knight");
    let two = json!({"knights_per_player": 2});
    assert!(
        RulesText::fill(&knight.text, &two).contains("Knights per player at this table: 2."),
        "{}",
        knight.text
    );
}

/// The gift's "best two" is said as the rules play it: the two highest
/// faces count and the dropped die is neither a success nor a one; both in
/// "How to play" and in the gift's own entry.
#[test]
fn the_gift_names_which_dice_count() {
    let r = rules();
    let text = how_to_play(&serde_json::to_value(Config::default()).unwrap());
    let gift = r.entry("gift").expect("gift");
    for (where_, said) in [
        ("How to play", text.as_str()),
        ("the glossary", gift.text.as_str()),
    ] {
        assert!(said.contains("three jousting dice"), "{where_}: {said}");
        assert!(
            said.contains("the two showing the highest numbers count"),
            "{where_}: {said}"
        );
        assert!(
            said.contains("neither as a success nor as a one"),
            "{where_}: {said}"
        );
        assert!(!said.contains("best two"), "{where_}: {said}");
    }
    let die = r.entry("jousting die").expect("jousting die");
    assert!(
        die.text.contains("the two highest counting"),
        "{}",
        die.text
    );
    let ground = CardJoust::components()
        .mounts
        .into_iter()
        .find(|m| m.id == Mount::Ground)
        .unwrap();
    assert!(
        ground.effect.contains("only the two highest count"),
        "{}",
        ground.effect
    );
}

/// The fumble is told completely, alike, in "How to play" and in its
/// glossary entry: the loss, the flying mount's fall, and the strong hit
/// that unhorses the fumbler and spares it the loss.
#[test]
fn the_fumble_is_told_alike_in_how_to_play_and_the_glossary() {
    let text = how_to_play(&serde_json::to_value(Config::default()).unwrap());
    let start = text
        .find("Rolling more ones")
        .expect("How to play tells the fumble");
    let told = &text[start
        ..text[start..]
            .find("Without a fumble")
            .map_or(text.len(), |e| start + e)];
    let entry = rules().entry("fumble").expect("fumble").text.clone();
    for (where_, said) in [("How to play", told), ("the glossary", entry.as_str())] {
        for part in [
            "1s on the jousting dice that count",
            "no points",
            "one point for each one",
            "on a flying mount",
            "own knight also falls",
            "the other duelist has two or more net successes",
            "on either mount",
            "neither gain",
        ] {
            assert!(said.contains(part), "{where_} misses {part:?}: {said}");
        }
    }
}

#[test]
fn every_component_kind_has_an_entry() {
    let c = CardJoust::components();
    let r = c.rules;
    let mut names = vec![
        c.number_cards.name,
        c.knight.name,
        c.jousting_die.name,
        c.injury_die.name,
    ];
    names.extend(c.mounts.into_iter().map(|m| m.name));
    names.extend(c.lances.into_iter().map(|l| l.name));
    names.extend(c.slots.into_iter().map(|s| s.name));
    names.extend(c.injuries.into_iter().map(|i| i.name));
    for face in [
        c.jousting_die.raven,
        c.jousting_die.feather,
        c.injury_die.snake,
        c.injury_die.heal,
    ] {
        names.push(face.name);
    }
    for name in names {
        assert!(r.entry(&name).is_some(), "no glossary entry for {name:?}");
    }
}

#[test]
fn how_to_play_names_the_tables_options() {
    let default = serde_json::to_value(Config::default()).unwrap();
    let text = how_to_play(&default);
    assert!(!text.contains('{'), "{text}");
    assert!(text.contains("21 points or more"), "{text}");
    assert!(text.contains("a team of 3 knights"), "{text}");

    let mut other = default.clone();
    other["target_points"] = json!(35);
    other["knights_per_player"] = json!(2);
    let text = how_to_play(&other);
    assert!(text.contains("35 points or more"), "{text}");
    assert!(text.contains("a team of 2 knights"), "{text}");
    assert!(!text.contains("21 points"), "{text}");
}

#[test]
fn a_broken_copy_is_refused_naming_the_file() {
    let text = built_in();
    let e = refused(&text.replace("[[glossary]]\nid = \"pass\"", "[[glossary]\nid = \"pass\""));
    assert!(
        e.message.contains("TOML") || e.message.contains("expected"),
        "{e}"
    );

    let e = refused(&text.replace(
        "text = \"The 12 on a jousting die: always a success, worth two.\"",
        "text = \"  \"",
    ));
    assert!(
        e.message
            .contains("the glossary entry `raven` has an empty text"),
        "{e}"
    );

    let e = refused(&text.replace("id = \"feather\"", "id = \"raven\""));
    assert!(
        e.message
            .contains("two glossary entries have the id `raven`"),
        "{e}"
    );

    let e = refused(&text.replace(
        "{target_points} points or more at the end",
        "{target} points or more at the end",
    ));
    assert!(e.message.contains("`{target}` is not an option"), "{e}");

    let e = refused(&text.replace(
        "title = \"The goal\"",
        "title = \"The goal\"\nsummary = \"x\"",
    ));
    assert!(e.message.contains("summary"), "{e}");
}

/// Every text that names a table setting shows the table's value: the
/// fourth minor injury's option reads "on" or "off", the points threshold
/// its number or "none"; no vague "unless the table ignores it" is left.
#[test]
fn texts_that_name_a_setting_show_the_tables_value() {
    let r = rules();
    let default = serde_json::to_value(Config::default()).unwrap();
    let mut other = default.clone();
    other["fourth_minor_becomes_major"] = json!(false);
    other["points_threshold"] = json!(60);

    let minor = &r.entry("minor injury").expect("minor injury").text;
    let push = &r.entry("push").expect("push").text;
    for text in [minor, push] {
        assert!(
            r.fill_words(text, &default)
                .contains("at this table it is on."),
            "{text}"
        );
        assert!(
            r.fill_words(text, &other)
                .contains("at this table it is off."),
            "{text}"
        );
    }
    let threshold = &r.entry("points threshold").expect("threshold").text;
    assert!(
        r.fill_words(threshold, &default)
            .contains("At this table: none.")
    );
    assert!(
        r.fill_words(threshold, &other)
            .contains("At this table: 60.")
    );

    let text = how_to_play(&default);
    assert!(text.contains("(this table: on)"), "{text}");
    assert!(
        text.contains("a points threshold (this table: none)"),
        "{text}"
    );
    let text = how_to_play(&other);
    assert!(text.contains("(this table: off)"), "{text}");
    assert!(
        text.contains("a points threshold (this table: 60)"),
        "{text}"
    );

    for entry in &r.glossary {
        assert!(
            !entry.text.contains("unless the table"),
            "{}: {}",
            entry.id,
            entry.text
        );
    }
    for section in &r.how_to_play {
        assert!(
            !section.text.contains("unless the table"),
            "{}",
            section.text
        );
    }
    // The component's own text, shown with the entry, names the option.
    let c = CardJoust::components();
    let minor = c
        .injuries
        .iter()
        .find(|i| i.name == "Minor injury")
        .unwrap();
    assert!(
        minor.effect.contains("\"fourth minor becomes major\""),
        "{}",
        minor.effect
    );
}

/// A knight unhorsed in a pass still wounds with its lance of war (both
/// strike at once; tests/rules.rs plays it): the lance's entry, the fall's
/// entry, the lance's own component text and How to play all say so.
#[test]
fn a_fallen_knights_lance_of_war_still_wounds_in_every_text() {
    let r = rules();
    let war = &r.entry("lance of war").expect("lance of war").text;
    assert!(
        war.contains("even when its own knight is unhorsed in the same pass"),
        "{war}"
    );
    let fall = &r.entry("unhorse").expect("unhorsed").text;
    assert!(
        fall.contains("the other knight still takes its injury"),
        "{fall}"
    );
    let text = how_to_play(&serde_json::to_value(Config::default()).unwrap());
    assert!(text.contains("but its lance of war still wounds"), "{text}");
    let lance = CardJoust::components()
        .lances
        .into_iter()
        .find(|l| l.name == "Lance of war")
        .unwrap();
    assert!(
        lance
            .effect
            .contains("even if your own knight is unhorsed in the same pass"),
        "{}",
        lance.effect
    );
}
