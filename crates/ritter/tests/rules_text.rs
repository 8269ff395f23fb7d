//! The "How to play" and glossary of `data/rules.toml`, served with the
//! components (`rules`): the built-in file reads, says the facts the rules
//! code plays, fills in a table's options, and a broken copy is refused
//! with an error naming the file.

use serde_json::json;
use tourney_core::{DataError, DataFile, Game, RulesText};
use tourney_ritter::{Config, DATA_FILES, Ritter, components_from};

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
    assert_eq!(Ritter::components().rules, r);
    let served = serde_json::to_value(Ritter::components()).unwrap();
    assert_eq!(served["rules"]["glossary"][0]["id"], "knight");
}

#[test]
fn entries_say_the_rules_facts() {
    let r = rules();
    let covered = r.entry("covers").expect("found by another word");
    assert_eq!(covered.id, "covered");
    assert!(
        covered.text.contains("wards off one die"),
        "{}",
        covered.text
    );
    let furious = r.entry("Furious").expect("furious");
    assert!(furious.text.contains("one extra die"), "{}", furious.text);
    // One extra die per furious round, never more (scenarios:
    // furious_rounds_add_one_die_until_someone_falls).
    for entry in [furious, r.entry("combat dice").expect("combat dice")] {
        assert!(
            entry.text.contains("however many furious rounds")
                && entry.text.contains("never add up"),
            "{}",
            entry.text
        );
    }
    // No final bonus for leaders with 0 prizes (scenarios:
    // the_final_bonus_needs_at_least_one_prize).
    let bonus = r.entry("final bonus").expect("final bonus");
    assert!(
        bonus.text.contains("It needs at least 1 prize"),
        "{}",
        bonus.text
    );
    // No passing during the favours (scenarios:
    // offering_a_favour_is_compulsory_and_a_seat_with_no_lady_left_is_passed_over).
    let favour = r.entry("favour").expect("favour");
    assert!(
        favour.text.contains("Offering is compulsory") && favour.text.contains("may not pass"),
        "{}",
        favour.text
    );
    let how = how_to_play(&serde_json::to_value(Config::default()).unwrap());
    assert!(how.contains("they are compulsory"), "{how}");
    assert!(how.contains("nobody may pass"), "{how}");
    let training = r.entry("training points").expect("training");
    assert!(
        training.text.contains("two before the first day"),
        "{}",
        training.text
    );
    let out = r.entry("out of the tournament").expect("out");
    assert!(
        out.text.starts_with("A knight with 10 wounds"),
        "{}",
        out.text
    );
    assert!(r.entry("tilting").is_some());
    assert!(r.entry("dragon").is_none());
}

/// A round's line counts the hits a covered field wards off apart from the
/// wounds, so the glossary may not say that every hit wounds.
#[test]
fn a_hit_on_a_covered_field_is_warded_off_not_a_wound() {
    let r = rules();
    let hit = r.entry("hits").expect("hit");
    assert!(
        hit.text
            .contains("A hit on a covered field is warded off (one field, one die); every other hit is a wound."),
        "{}",
        hit.text
    );
    let wounds = r.entry("wound").expect("wounds");
    assert!(
        wounds.text.contains("that no covered field warded off"),
        "{}",
        wounds.text
    );
    let joust = how_to_play(&serde_json::to_value(Config::default()).unwrap());
    assert!(
        joust.contains("every hit not warded off is a wound"),
        "{joust}"
    );
    assert!(!joust.contains("each hit is a wound"), "{joust}");
}

#[test]
fn how_to_play_names_the_number_of_days() {
    let default = serde_json::to_value(Config::default()).unwrap();
    let text = how_to_play(&default);
    assert!(!text.contains('{'), "{text}");
    assert!(text.contains("Over 4 tournament days"), "{text}");
    assert!(text.contains("After day 4,"), "{text}");

    let mut other = default.clone();
    other["days"] = json!(7);
    let text = how_to_play(&other);
    assert!(text.contains("Over 7 tournament days"), "{text}");
    assert!(text.contains("After day 7,"), "{text}");
    assert!(!text.contains(" 4 tournament days"), "{text}");
}

#[test]
fn a_broken_copy_is_refused_naming_the_file() {
    let text = built_in();
    let e = refused(&text.replace("title = \"The goal\"", "title = \"The goal"));
    assert!(!e.message.is_empty(), "{e}");

    let e = refused(&text.replace("term = \"Furious\"", "term = \"\""));
    assert!(
        e.message
            .contains("the glossary entry `furious` has an empty text"),
        "{e}"
    );

    let e = refused(&text.replace("id = \"ward\"", "id = \"covered\""));
    assert!(
        e.message
            .contains("two glossary entries have the id `covered`"),
        "{e}"
    );

    let e = refused(&text.replace("Over {days} tournament", "Over {rounds} tournament"));
    assert!(e.message.contains("`{rounds}` is not an option"), "{e}");

    let e = refused(&text.replace("[[how_to_play]]", "[[how_to_plays]]"));
    assert!(e.message.contains("how_to_plays"), "{e}");
}
