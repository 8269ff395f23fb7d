//! The components a client draws from are read from the data files: the
//! built-in ones, or a designer's copy with something renamed, and a copy
//! that does not parse or does not match the game's ids is refused.

use tourney_core::{DataFile, Game};
use tourney_glory::components::{Components, DATA_FILES, components_from};
use tourney_glory::{Colour, Glory, JourneyType, Space, Support};

fn built_in() -> Components {
    components_from(&[]).expect("the built-in files read")
}

fn text_of(name: &str) -> &'static str {
    DATA_FILES
        .iter()
        .find(|f| f.name == name)
        .map(|f| f.text)
        .expect("a built-in file")
}

#[test]
fn the_built_in_files_read_with_an_entry_for_every_id() {
    let c = built_in();
    assert_eq!(c.journey.len(), 36);
    assert_eq!(c.titles.len(), 14);
    assert_eq!(c.events.len(), 12);
    assert_eq!(c.supports.len(), 22);
    assert_eq!(c.knights.len(), 32);
    assert_eq!(c.characters.len(), 12);
    assert_eq!(c.spaces.len(), 12);
    assert_eq!(c.dice.len(), 3);
    assert_eq!(c.relics.len(), 4);
    assert_eq!(c.prestige.len(), 6);
    assert_eq!(c.trophies.len(), 4);
    assert_eq!(c.journey_name, "Journey");
    // What the game serves is what the built-in files say.
    assert_eq!(
        serde_json::to_value(Glory::components()).expect("json"),
        serde_json::to_value(&c).expect("json")
    );
    // The ids the views use: a knight's index, a space's word.
    assert_eq!(c.knights[0].name, "Jacques de Lalaing");
    assert_eq!(
        c.spaces.iter().map(|s| s.space).collect::<Vec<_>>(),
        Space::ALL.to_vec()
    );
}

#[test]
fn a_card_reads_exactly_as_its_data_file_states_it() {
    let c = built_in();
    // journey.toml: "Golden Fleece", Market, 2 copies, cost 3,
    // options = [{ glory = 3, prestige = "chamberlain" }].
    let fleece = &c.journey[13];
    assert_eq!(fleece.name, "Golden Fleece");
    assert_eq!(fleece.kind, JourneyType::Market);
    assert_eq!(fleece.copies, 2);
    assert_eq!(fleece.cost, Some(3));
    assert_eq!(fleece.attack, None);
    assert_eq!(fleece.rewards, vec!["3 glory and the Chamberlain token"]);
    // "Rescue": attack 7, prestige 0, a Sister or 3 Faith.
    let rescue = &c.journey[23];
    assert_eq!(rescue.name, "Rescue");
    assert_eq!((rescue.attack, rescue.prestige), (Some(7), Some(0)));
    assert_eq!(rescue.rewards, vec!["a Sister", "3 Faith"]);
    // supports.toml: the Weapons Master's text.
    let master = c
        .supports
        .iter()
        .find(|s| s.support == Support::WeaponsMaster)
        .expect("a Weapons Master");
    assert_eq!(master.name, "Weapons Master");
    assert_eq!(
        master.text,
        "After a roll: one red (strength) die shows its best plain face, 5."
    );
    // titles.toml: Influential is worth 4 for 5 supports; Brave is a duel.
    assert_eq!(
        (c.titles[3].name.as_str(), c.titles[3].glory),
        ("Influential", 4)
    );
    assert_eq!(c.titles[3].need, "own 5 supports (active or flipped)");
    assert_eq!(c.titles[12].duel, Some([11, 1]));
    // events.toml and table.toml.
    assert_eq!(c.events[0].name, "Crusade");
    assert_eq!(
        c.events[0].text,
        "Action: pay 1 coin for 3 glory and 3 Faith."
    );
    assert_eq!(c.dice[0].colour, Colour::Strength);
    assert_eq!(c.dice[0].name, "Strength");
    assert_eq!(c.dice[2].faces, [0, 1, 1, 2, 3, 0]);
    assert_eq!(c.spaces[3].name, "Travel Plans");
    assert_eq!(c.spaces[3].text, "take 2 Journey cards");
}

#[test]
fn a_renamed_card_reads_with_its_new_name_and_nothing_else_changed() {
    let text =
        text_of("journey.toml").replace("name = \"Golden Fleece\"", "name = \"Fleece of Gold\"");
    let copy = components_from(&[DataFile {
        name: "journey.toml",
        text: &text,
    }])
    .expect("the copy reads");
    assert_eq!(copy.journey[13].name, "Fleece of Gold");
    let mut expected = built_in();
    expected.journey[13].name = "Fleece of Gold".to_string();
    assert_eq!(
        serde_json::to_value(&copy).expect("json"),
        serde_json::to_value(&expected).expect("json")
    );
}

#[test]
fn a_renamed_relic_is_renamed_in_the_rewards_that_give_it() {
    let text = text_of("table.toml").replace("name = \"Ring\"", "name = \"Signet\"");
    let copy = components_from(&[DataFile {
        name: "table.toml",
        text: &text,
    }])
    .expect("the copy reads");
    assert_eq!(copy.relics[2].name, "Signet");
    // "The Keepsake" gives a Ring.
    assert_eq!(copy.journey[2].rewards, vec!["a Signet relic"]);
}

#[test]
fn a_copy_that_does_not_parse_is_refused_naming_the_file() {
    let text = text_of("events.toml").replace("[[event]]", "[[event]");
    let err = components_from(&[DataFile {
        name: "events.toml",
        text: &text,
    }])
    .expect_err("a TOML error");
    assert_eq!(err.file, "events.toml");
    assert!(err.message.contains("line"), "{}", err.message);
}

#[test]
fn a_copy_with_an_entry_missing_or_one_too_many_is_refused_naming_the_file() {
    // The last title (Equipped) left out.
    let titles = text_of("titles.toml");
    let cut = titles.rfind("[[title]]").expect("a title");
    let err = components_from(&[DataFile {
        name: "titles.toml",
        text: &titles[..cut],
    }])
    .expect_err("a title missing");
    assert_eq!(err.file, "titles.toml");
    assert!(err.message.contains("13 titles"), "{}", err.message);

    // One knight too many.
    let knights = format!(
        "{}\n[[knight]]\nname = \"Sir Extra\"\nsource = \"assumed\"\ntype = \"noble\"\nattack = 7\nglory = 3\nprestige = 0\n",
        text_of("knights.toml")
    );
    let err = components_from(&[DataFile {
        name: "knights.toml",
        text: &knights,
    }])
    .expect_err("a knight too many");
    assert_eq!(err.file, "knights.toml");
    assert!(err.message.contains("33 knights"), "{}", err.message);

    // A card moved to another deck would be looked up in the wrong row.
    let journey = text_of("journey.toml").replacen("type = \"romance\"", "type = \"market\"", 1);
    let err = components_from(&[DataFile {
        name: "journey.toml",
        text: &journey,
    }])
    .expect_err("a card of the wrong type");
    assert_eq!(err.file, "journey.toml");
}

/// A title's need says how the Title phase counts each thing: tiles owned,
/// flipped ones as much as active ones; coins and tokens held; cards of a
/// type played.
#[test]
fn a_title_need_says_own_or_hold() {
    let c = built_in();
    let need = |name: &str| {
        c.titles
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.need.clone())
            .unwrap_or_else(|| panic!("no title {name}"))
    };
    assert_eq!(
        need("Dreaded"),
        "own 2 Weapons Master tiles and 2 Rogue tiles (active or flipped)"
    );
    assert_eq!(
        need("Noble"),
        "no Rogue ever used; own a Minstrel, a Queen and a Squire (active or flipped)"
    );
    assert_eq!(
        need("Pious"),
        "own a Sister and 3 relics (active or flipped); hold 3 Faith"
    );
    assert_eq!(need("Fortunate"), "hold 3 coins and 3 Strength");
    assert_eq!(
        need("Prestigious"),
        "own 4 prestige tokens (active or flipped)"
    );
    assert_eq!(need("Strong"), "5 Challenge cards played and won");
    assert_eq!(need("Equipped"), "Mount at level IV and Armor at level IV");
    for t in &c.titles {
        assert!(!t.need.contains('×'), "{}: {}", t.name, t.need);
    }
}

/// Every support has a glossary entry a board can mark its name with: a
/// generated one under its word (`weapons_master`), made from
/// supports.toml, or the hand-written `<word>_support` of a name that means
/// two things (Veteran, King, Herald).
#[test]
fn every_support_has_a_glossary_entry() {
    let c = built_in();
    assert_eq!(c.supports.len(), Support::ALL.len());
    for s in &c.supports {
        let word = serde_json::to_value(s.support)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .expect("a support's word");
        let own = c.rules.glossary.iter().find(|e| e.id == word);
        let written = c
            .rules
            .glossary
            .iter()
            .find(|e| e.id == format!("{word}_support"));
        match (own, written) {
            (Some(entry), None) => {
                assert_eq!(entry.term, s.name);
                assert!(entry.text.contains(&s.text), "{}: {}", s.name, entry.text);
                assert!(entry.text.contains(" in the game"), "{}", entry.text);
                assert_eq!(c.rules.entry(&s.name).map(|e| &e.id), Some(&word));
            }
            (None, Some(entry)) => {
                assert!(entry.text.contains("Not "), "{}", entry.text);
            }
            _ => panic!("{}: one entry, its own or `{word}_support`", s.name),
        }
    }
    let master = c.rules.entry("Weapons Master").expect("an entry");
    assert_eq!(
        master.text,
        "A lance support: used in a clash after the roll (at most two lance supports per \
         clash), then flipped until Maintenance. After a roll: one red (strength) die shows its \
         best plain face, 5. 4 tiles in the game: 2 in the scroll stack (only Journey cards take \
         those) and 2 in the regular stacks."
    );
    let king = c.rules.entry("Chronicler").expect("an entry");
    assert!(
        king.text
            .ends_with("1 tile in the game, in the special stack."),
        "{}",
        king.text
    );
    // The plain words of two meanings still look up neither.
    for word in ["Veteran", "Herald", "King"] {
        assert!(c.rules.entry(word).is_none(), "{word}");
    }
}

/// A renamed support is renamed in its glossary entry too.
#[test]
fn a_renamed_support_is_explained_under_its_new_name() {
    let text = text_of("supports.toml").replace("name = \"Chronicler\"", "name = \"Annalist\"");
    let copy = components_from(&[DataFile {
        name: "supports.toml",
        text: &text,
    }])
    .expect("the copy reads");
    let entry = copy.rules.entry("Annalist").expect("the renamed entry");
    assert_eq!(entry.id, "chronicler");
    assert_eq!(entry.term, "Annalist");
}
