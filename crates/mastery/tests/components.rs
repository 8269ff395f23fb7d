//! The components clients draw from (`GET /api/games/mastery/components`)
//! are read from the data files: the built-in ones read, a component has
//! exactly what its file states, a designer's copy with a name changed
//! reads with that name, and a broken copy is refused naming its file.

use tourney_core::{DataFile, Game};
use tourney_mastery::components::{Components, DATA_FILES, components_from};
use tourney_mastery::{CARDS, Card, CardKind, Conquest, Mastery, RELICS, RelicKind, TILES};

fn built_in(name: &str) -> &'static str {
    DataFile::text_of(&[], DATA_FILES, name).expect("a built-in data file")
}

fn json(c: &Components) -> serde_json::Value {
    serde_json::to_value(c).expect("components serialize")
}

#[test]
fn the_built_in_files_read_with_every_id_the_views_use() {
    let c = components_from(DATA_FILES).expect("the built-in files read");
    assert_eq!(
        c.cards.iter().map(|c| c.id).collect::<Vec<_>>(),
        Card::ALL.to_vec()
    );
    assert_eq!(c.card_kinds.len(), 3);
    assert_eq!(c.relic_kinds.len(), 3);
    assert_eq!(
        c.relics.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        RELICS.iter().map(|r| r.id).collect::<Vec<_>>()
    );
    assert_eq!(
        c.tiles.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(),
        TILES.iter().map(|t| t.id).collect::<Vec<_>>()
    );
    // The game serves the same facts.
    assert_eq!(json(&Mastery::components()), json(&c));
    // The rules code and the served facts agree on every card.
    for (card, info) in c.cards.iter().zip(CARDS.iter()) {
        assert_eq!(card.name, info.name);
        assert_eq!(card.count, info.count);
    }
    assert_eq!(c.cards.iter().map(|c| u32::from(c.count)).sum::<u32>(), 18);
}

#[test]
fn a_card_a_relic_and_a_tile_say_what_their_files_state() {
    let c = components_from(DATA_FILES).expect("the built-in files read");
    let heroic = c
        .cards
        .iter()
        .find(|x| x.id == Card::HeroicEffort2)
        .expect("Heroic Effort +2");
    assert_eq!(heroic.name, "Heroic Effort +2");
    assert_eq!(heroic.kind, CardKind::Support);
    assert_eq!(heroic.value, Some(2));
    assert!(!heroic.die);
    assert_eq!(heroic.count, 2);
    assert_eq!(heroic.text, "Played in combat, in turn: adds 2.");
    let ambush = c
        .cards
        .iter()
        .find(|x| x.id == Card::Ambush)
        .expect("Ambush");
    assert_eq!((ambush.value, ambush.die), (None, true));

    let support = c
        .card_kinds
        .iter()
        .find(|k| k.id == CardKind::Support)
        .expect("the Support kind");
    assert_eq!(support.name, "Support");

    let rage = c
        .relics
        .iter()
        .find(|r| r.id == "sceptre_of_rage")
        .expect("the Sceptre of Rage");
    assert_eq!(rage.name, "Sceptre of Rage");
    assert_eq!(rage.kind, RelicKind::Sceptre);
    assert_eq!(rage.text, "You add 1 to your combat value.");
    assert_eq!(rage.tip, None);
    let vitality = c
        .relics
        .iter()
        .find(|r| r.id == "crown_of_vitality")
        .expect("the Crown of Vitality");
    assert_eq!(
        vitality.tip.as_deref(),
        Some("Most useful as the last thing you do on your turn.")
    );
    let orb = c
        .relic_kinds
        .iter()
        .find(|k| k.id == RelicKind::Orb)
        .expect("the Orb kind");
    assert_eq!(orb.name, "Orb");

    let city = c.tiles.iter().find(|t| t.id == "city_3").expect("the City");
    assert_eq!(city.name, "City");
    assert_eq!((city.value, city.count, city.capacity), (3, 2, 6));
    assert_eq!((city.attack, city.defence), (0, 1));
    assert_eq!(city.conquest, Conquest::ExtraKnight);
    assert_eq!(city.effects, "defender +1, conqueror +1 knight");
    let cave = c.tiles.iter().find(|t| t.id == "cave_1").expect("the Cave");
    assert_eq!((cave.capacity, cave.effects.as_str()), (3, "holds 3"));
    let homelands: Vec<&str> = c
        .tiles
        .iter()
        .filter(|t| t.homeland)
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(homelands, ["Homeland"]);
}

#[test]
fn a_copy_with_one_component_renamed_reads_with_the_new_name_and_nothing_else_changed() {
    let base = json(&components_from(DATA_FILES).expect("the built-in files read"));
    let cases = [
        (
            "deck.toml",
            "\"Tactical March\"",
            "\"Forced March\"",
            "/cards/9/name",
            "Forced March",
        ),
        (
            "relics.toml",
            "\"Orb of Greed\"",
            "\"Orb of Plenty\"",
            "/relics/14/name",
            "Orb of Plenty",
        ),
        (
            "territories.toml",
            "\"Cathedral\"",
            "\"Abbey\"",
            "/tiles/12/name",
            "Abbey",
        ),
        (
            "relics.toml",
            "name = \"Sceptre\"",
            "name = \"Rod\"",
            "/relic_kinds/1/name",
            "Rod",
        ),
    ];
    for (file, from, to, pointer, renamed) in cases {
        let text = built_in(file);
        assert_eq!(text.matches(from).count(), 1, "{from} in {file}");
        let copy = text.replace(from, to);
        let files = [DataFile {
            name: file,
            text: &copy,
        }];
        let read = json(&components_from(&files).expect("the renamed copy reads"));
        assert_eq!(read.pointer(pointer), Some(&serde_json::json!(renamed)));
        let mut expected = base.clone();
        *expected.pointer_mut(pointer).expect("the renamed field") = serde_json::json!(renamed);
        assert_eq!(read, expected, "only {pointer} changed");
    }
}

#[test]
fn a_copy_with_a_toml_error_is_refused_naming_the_file() {
    let copy = built_in("relics.toml").replacen("name = \"Orb of Greed\"", "name = \"Orb", 1);
    let err = components_from(&[DataFile {
        name: "relics.toml",
        text: &copy,
    }])
    .expect_err("a broken string");
    assert_eq!(err.file, "relics.toml");

    let copy = built_in("deck.toml").replacen("count = 1", "count = \"one\"", 1);
    let err = components_from(&[DataFile {
        name: "deck.toml",
        text: &copy,
    }])
    .expect_err("a count in words");
    assert_eq!(err.file, "deck.toml");
}

#[test]
fn a_copy_missing_an_entry_or_with_one_too_many_is_refused_naming_the_file() {
    // The last tile entry dropped.
    let tiles = built_in("territories.toml");
    let last = tiles.rfind("[[tile]]").expect("a tile");
    let err = components_from(&[DataFile {
        name: "territories.toml",
        text: &tiles[..last],
    }])
    .expect_err("a tile missing");
    assert_eq!(err.file, "territories.toml");
    assert!(err.message.contains("mountains_3"), "{}", err.message);

    // A card listed twice.
    let deck = built_in("deck.toml");
    let destroy = deck.find("[[card]]\nid = \"destroy\"").expect("Destroy");
    let twice = format!("{deck}\n{}", &deck[destroy..]);
    let err = components_from(&[DataFile {
        name: "deck.toml",
        text: &twice,
    }])
    .expect_err("a card twice");
    assert_eq!(err.file, "deck.toml");
    assert!(err.message.contains("destroy"), "{}", err.message);

    // A Relic the rules code does not know.
    let relics = built_in("relics.toml").replace("\"orb_of_revival\"", "\"orb_of_rebirth\"");
    let err = components_from(&[DataFile {
        name: "relics.toml",
        text: &relics,
    }])
    .expect_err("an unknown Relic");
    assert_eq!(err.file, "relics.toml");
    assert!(err.message.contains("orb_of_revival"), "{}", err.message);

    // A card id the game has no card for.
    let deck = built_in("deck.toml").replace("id = \"summon\"", "id = \"muster\"");
    let err = components_from(&[DataFile {
        name: "deck.toml",
        text: &deck,
    }])
    .expect_err("an unknown card");
    assert_eq!(err.file, "deck.toml");
}
