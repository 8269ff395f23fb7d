//! The components the server hands to the board, read from the data file:
//! the built-in one, and a designer's copy that renames a thing, breaks the
//! TOML, drops an entry or changes a number.

use tourney_core::{DataError, DataFile, Game};
use tourney_joust::components::{Components, DATA_FILES, FILE, components_from};
use tourney_joust::{CardJoust, Injury, Lance, Mount, Slot};

fn built_in() -> &'static str {
    DATA_FILES[0].text
}

/// The components of a copy of the data file with `text`.
fn read(text: &str) -> Result<Components, DataError> {
    components_from(&[DataFile { name: FILE, text }])
}

fn refused(text: &str) -> DataError {
    let e = read(text).expect_err("the copy should be refused");
    assert_eq!(e.file, FILE, "{e}");
    e
}

#[test]
fn the_built_in_file_reads() {
    let names: Vec<&str> = DATA_FILES.iter().map(|f| f.name).collect();
    assert_eq!(names, ["card-joust.toml", "rules.toml"]);
    let c = components_from(DATA_FILES).unwrap();
    assert_eq!(CardJoust::components(), c);
    // No file of a copy: the built-in one is read.
    assert_eq!(components_from(&[]).unwrap(), c);
    assert_eq!(
        c.slots.iter().map(|s| s.id).collect::<Vec<_>>(),
        Slot::ALL.to_vec()
    );
    assert_eq!(
        c.mounts.iter().map(|m| m.id).collect::<Vec<_>>(),
        [Mount::Ground, Mount::Flying]
    );
    assert_eq!(
        c.lances.iter().map(|l| l.id).collect::<Vec<_>>(),
        [Lance::War, Lance::Peace]
    );
    assert_eq!(
        c.injuries.iter().map(|i| i.id).collect::<Vec<_>>(),
        [Injury::Minor, Injury::Major]
    );
    assert_eq!(c.suits.len(), 4);
    assert_eq!(
        (c.number_cards.lowest_rank, c.number_cards.highest_rank),
        (2, 10)
    );
    assert_eq!(c.number_cards.copies_per_rank, 4);
    assert_eq!((c.knight.count, c.knight.most), (3, 4));
    assert_eq!((c.jousting_die.sides, c.jousting_die.count), (12, 2));
    assert_eq!((c.injury_die.sides, c.injury_die.most_minor), (6, 3));
}

#[test]
fn a_named_component_has_what_its_entry_states() {
    let c = components_from(DATA_FILES).unwrap();
    let shield = c.slots.iter().find(|s| s.id == Slot::Shield).unwrap();
    assert_eq!(shield.name, "Shield");
    assert_eq!(shield.points, 1);
    assert_eq!(
        shield.effect,
        "The card left over goes here by itself. A lance of war aimed here wounds nobody but may earn a bonus jousting die."
    );
    let flying = c.mounts.iter().find(|m| m.id == Mount::Flying).unwrap();
    assert_eq!(flying.name, "Flying mount");
    assert_eq!(flying.card, "Joker");
    assert_eq!(
        flying.effect,
        "Each feather you roll is worth two successes instead of one, but if you fumble your knight falls and is unhorsed."
    );
    assert_eq!(c.jousting_die.raven.face, 12);
    assert_eq!(c.jousting_die.raven.name, "Raven");
    assert_eq!(c.injury_die.snake.face, 1);
    assert_eq!(c.injury_die.snake.name, "Snake");
    assert_eq!(c.knight.name, "Knight");
    assert_eq!(c.knight.card, "King");
    assert_eq!(c.suits[0].name, "Hearts");
    assert_eq!(c.suits[0].colour, "red");
}

#[test]
fn a_renamed_component_reads_with_its_new_name_and_nothing_else_changed() {
    let text = built_in().replace("name = \"Lance of peace\"", "name = \"Olive branch\"");
    assert_ne!(text, built_in());
    let renamed = read(&text).unwrap();
    let mut want = components_from(DATA_FILES).unwrap();
    let peace = want
        .lances
        .iter_mut()
        .find(|l| l.id == Lance::Peace)
        .unwrap();
    assert_eq!(peace.name, "Lance of peace");
    peace.name = "Olive branch".to_string();
    assert_eq!(renamed, want);
}

#[test]
fn a_reworded_effect_reads() {
    let text = built_in().replace(
        "Always a hit, worth two successes.",
        "Two successes, whatever the card.",
    );
    let c = read(&text).unwrap();
    assert_eq!(
        c.jousting_die.raven.effect,
        "Two successes, whatever the card."
    );
}

#[test]
fn a_copy_that_is_not_toml_is_refused() {
    let e = refused(&built_in().replace("[deck]", "[deck"));
    assert!(e.message.contains("line"), "{e}");
    assert!(e.to_string().starts_with("card-joust.toml: "), "{e}");
}

#[test]
fn a_copy_with_a_slot_missing_is_refused() {
    // The shield's whole entry, up to the blank line after it.
    let start = built_in().find("[[slot]]\nid = \"shield\"").unwrap();
    let end = start + built_in()[start..].find("\n\n").unwrap();
    let mut text = built_in().to_string();
    text.replace_range(start..end, "");
    let e = refused(&text);
    assert_eq!(
        e.message,
        "the slots must be head, body, left_arm, right_arm, shield in that order, \
         found head, body, left_arm, right_arm"
    );
}

#[test]
fn a_copy_with_one_lance_too_many_is_refused() {
    let text = format!(
        "{}\n[[lance]]\nid = \"tourney\"\ncard = \"Queen\"\nname = \"Blunt lance\"\neffect = \"Safe.\"\nsource = \"assumed\"\n",
        built_in()
    );
    // Appended after [dice.injury.heal], a [[lance]] is still the lance list.
    let e = refused(&text);
    assert!(e.message.contains("found war, peace, tourney"), "{e}");
}

#[test]
fn a_copy_with_an_unknown_id_or_a_blank_name_is_refused() {
    let e = refused(&built_in().replace("id = \"flying\"", "id = \"winged\""));
    assert!(
        e.message.contains("the mounts must be ground, flying"),
        "{e}"
    );
    let e = refused(&built_in().replace("name = \"Major injury\"", "name = \" \""));
    assert!(e.message.contains("injury `major`'s name is blank"), "{e}");
    let e = refused(&built_in().replace("card = \"King\"", "kard = \"King\""));
    assert!(e.message.contains("kard"), "{e}");
}

#[test]
fn a_copy_with_other_numbers_than_the_rules_is_refused() {
    let e = refused(&built_in().replace("highest_rank = 10", "highest_rank = 9"));
    assert_eq!(
        e.message,
        "deck.highest_rank is 9, but the rules were built with 10: a change of numbers needs a rebuild"
    );
    let e = refused(&built_in().replace("points = 4", "points = 5"));
    assert!(
        e.message.contains("the slots' points are [5, 3, 2, 2, 1]"),
        "{e}"
    );
    // A rule fact the build script checks too.
    let e = refused(&built_in().replace("lowest_rank = 2", "lowest_rank = 1"));
    assert!(e.message.contains("at least 2"), "{e}");
}

#[test]
fn the_components_serialize_with_ids_the_views_use() {
    let json = serde_json::to_value(components_from(DATA_FILES).unwrap()).unwrap();
    assert_eq!(json["slots"][2]["id"], "left_arm");
    assert_eq!(json["slots"][2]["name"], "Left arm");
    assert_eq!(json["mounts"][0]["id"], "ground");
    assert_eq!(json["lances"][0]["id"], "war");
    assert_eq!(json["injuries"][1]["id"], "major");
    assert_eq!(json["jousting_die"]["feather"]["face"], 11);
    assert_eq!(json["injury_die"]["heal"]["name"], "Heal");
}
