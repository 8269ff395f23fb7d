//! The components served to the boards (`GET /api/games/ritter/components`)
//! are read from `data/ritter.toml`: the built-in file, or a designer's copy
//! with a card renamed. A copy the boards could not draw from is refused
//! with an error naming the file.

use serde_json::json;
use tourney_core::{DataFile, Game};
use tourney_ritter::{
    Components, DATA_FILES, KNIGHTS, KnightId, LADIES, LadyId, Ritter, Trait, TraitKind,
    components_from,
};

const FILE: &str = "ritter.toml";

fn built_in_text() -> &'static str {
    DATA_FILES
        .iter()
        .find(|f| f.name == FILE)
        .map(|f| f.text)
        .expect("ritter.toml is built in")
}

fn read(text: &str) -> Result<Components, tourney_core::DataError> {
    components_from(&[DataFile { name: FILE, text }])
}

#[test]
fn the_built_in_file_reads_with_one_entry_per_id() {
    let c = components_from(DATA_FILES).expect("the built-in data reads");
    assert_eq!(Ritter::components(), c);
    assert_eq!(
        components_from(&[]).unwrap(),
        c,
        "no copy: the built-in file"
    );
    let knight_ids: Vec<KnightId> = c.knights.iter().map(|k| k.id).collect();
    assert_eq!(knight_ids, KnightId::all().collect::<Vec<_>>());
    let lady_ids: Vec<LadyId> = c.ladies.iter().map(|l| l.id).collect();
    assert_eq!(lady_ids, LadyId::all().collect::<Vec<_>>());
    let trait_ids: Vec<Trait> = c.traits.iter().map(|t| t.id).collect();
    assert_eq!(trait_ids, Trait::ALL);
}

#[test]
fn apollonius_harald_podica_and_brown_hair_are_as_the_file_states() {
    let c = Ritter::components();
    // [[knight]] Apollonius: dice = 3, covered = [1, 2, 3, 4, 5, 6],
    // prefers = ["brown", "plump", "reserved"].
    assert_eq!(
        serde_json::to_value(&c.knights[0]).unwrap(),
        json!({
            "id": 0, "name": "Apollonius von der Wolkenburg", "dice": 3,
            "covered": [1, 1, 1, 1, 1, 1], "prefers": ["brown", "plump", "reserved"]
        })
    );
    // Harald's covered fields come in two groups: [1] and [2, 4, 5].
    assert_eq!(
        serde_json::to_value(&c.knights[1]).unwrap(),
        json!({
            "id": 1, "name": "Harald Kampfzahn", "dice": 5,
            "covered": [1, 1, 0, 1, 1, 0], "prefers": ["red", "lively", "tall"]
        })
    );
    // Podica's hair and height carry their own (assumed) source.
    assert_eq!(
        serde_json::to_value(&c.ladies[1]).unwrap(),
        json!({
            "id": 1, "name": "Podica von Schwarzfub", "hair": "black",
            "build": "plump", "temperament": "reserved", "height": "small"
        })
    );
    assert_eq!(
        serde_json::to_value(&c.traits[1]).unwrap(),
        json!({"id": "brown", "kind": "hair", "word": "brown-haired"})
    );
    assert_eq!(c.traits[9].kind, TraitKind::Height);
}

/// The run-time reading and the cards `build.rs` compiled in from the same
/// file agree, so the board shows the cards the rules play.
#[test]
fn the_components_are_the_cards_the_rules_play() {
    let c = Ritter::components();
    for (served, card) in c.knights.iter().zip(KNIGHTS.iter()) {
        assert_eq!(served.name, card.name);
        assert_eq!(served.dice, card.dice);
        assert_eq!(served.covered, card.covered);
        assert_eq!(served.prefers, card.prefers);
    }
    for (served, card) in c.ladies.iter().zip(LADIES.iter()) {
        assert_eq!(served.name, card.name);
        assert_eq!(
            [served.hair, served.build, served.temperament, served.height],
            card.traits
        );
    }
    for t in &c.traits {
        assert_eq!(t.word, t.id.word());
        assert_eq!(t.kind, t.id.kind());
    }
}

#[test]
fn a_renamed_knight_reads_with_his_new_name_and_nothing_else_changed() {
    let text = built_in_text().replace("\"Harald Kampfzahn\"", "\"Harald der Kühne\"");
    let renamed = read(&text).expect("the renamed copy reads");
    assert_eq!(renamed.knights[1].name, "Harald der Kühne");
    let mut back = renamed.clone();
    back.knights[1].name = "Harald Kampfzahn".to_string();
    assert_eq!(back, Ritter::components());
}

#[test]
fn a_reworded_trait_reads_with_its_new_word() {
    let text = built_in_text().replace("word = \"red-haired\"", "word = \"copper-haired\"");
    let reworded = read(&text).expect("the reworded copy reads");
    assert_eq!(reworded.traits[3].id, Trait::Red);
    assert_eq!(reworded.traits[3].word, "copper-haired");
    let mut back = reworded.clone();
    back.traits[3].word = "red-haired".to_string();
    assert_eq!(back, Ritter::components());
}

fn refused(text: &str) -> String {
    let error = read(text).expect_err("the copy is refused");
    assert_eq!(error.file, FILE);
    assert!(error.to_string().starts_with("ritter.toml: "), "{error}");
    error.message
}

#[test]
fn a_toml_error_is_refused_naming_the_file_and_line() {
    let text = built_in_text().replace("dice = 3\n", "dice = = 3\n");
    let message = refused(&text);
    assert!(message.contains("line"), "{message}");
}

#[test]
fn a_missing_or_extra_card_is_refused_naming_the_file() {
    let text = built_in_text();
    let last_lady = text.rfind("[[lady]]").unwrap();
    let message = refused(&text[..last_lady]);
    assert!(message.contains("9 [[lady]] entries"), "{message}");

    let extra = format!(
        "{text}\n[[knight]]\nname = \"Sir Extra\"\nsource = \"assumed\"\ndice = 3\n\
         covered = [{{ fields = [1, 2, 3, 4, 5, 6] }}]\nprefers = [\"red\", \"slim\", \"tall\"]\n"
    );
    let message = refused(&extra);
    assert!(message.contains("11 [[knight]] entries"), "{message}");
}

#[test]
fn a_trait_without_its_word_or_a_lady_with_a_wrong_kind_is_refused() {
    let text = built_in_text();
    let without_tall = text.replace(
        "[[trait]]\nid = \"tall\"\nsource = \"assumed\"\nword = \"tall\"\n",
        "",
    );
    assert_ne!(without_tall, text);
    let message = refused(&without_tall);
    assert!(message.contains("Tall has no [[trait]] entry"), "{message}");

    let tall_hair = text.replacen("hair = \"brown\"", "hair = \"tall\"", 1);
    assert_ne!(tall_hair, text);
    let message = refused(&tall_hair);
    assert!(message.contains("Ilsa von Tannen: hair Tall"), "{message}");

    let twice = text.replacen(
        "\"Harald Kampfzahn\"",
        "\"Apollonius von der Wolkenburg\"",
        1,
    );
    let message = refused(&twice);
    assert!(message.contains("used twice"), "{message}");
}
