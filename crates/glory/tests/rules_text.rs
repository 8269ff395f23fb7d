//! The rules text (`data/rules.toml`): the built-in file reads and says
//! what the game plays, its `{option}` places take the table's values, and
//! a broken copy is refused naming `rules.toml`.

use tourney_core::{DataFile, Game, RulesText};
use tourney_glory::{Config, DATA_FILES, Glory, TournamentKind, components_from};

fn built_in() -> &'static str {
    DataFile::text_of(&[], DATA_FILES, "rules.toml").expect("a built-in rules.toml")
}

fn rules() -> RulesText {
    components_from(DATA_FILES)
        .expect("the built-in files read")
        .rules
}

/// All of How to play, filled for `config` as a person reads it (the
/// option values in the game's words, `RulesText::fill_words`).
fn how_to_play(config: &Config) -> String {
    let config = serde_json::to_value(config).expect("a config serializes");
    let rules = rules();
    rules
        .how_to_play
        .iter()
        .map(|s| format!("{}\n{}\n", s.title, rules.fill_words(&s.text, &config)))
        .collect()
}

/// The glossary entry `id`, filled for `config` as a person reads it.
fn entry_text(id: &str, config: &serde_json::Value) -> String {
    let rules = rules();
    let entry = rules.entry(id).expect("an entry");
    rules.fill_words(&entry.text, config)
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
    assert!(rules.how_to_play.len() >= 4, "goal, turn, duel, end");
    assert!(rules.glossary.len() >= 40, "{}", rules.glossary.len());
    assert_eq!(Glory::components().rules, rules);
    // Under a page: at most about 600 words of How to play.
    let words = how_to_play(&Config::default()).split_whitespace().count();
    assert!(words <= 650, "{words} words");
}

#[test]
fn entries_say_the_facts_the_game_plays() {
    let rules = rules();
    let joust = rules
        .entry("Joust a Plaisance")
        .expect("the Joust à Plaisance");
    assert_eq!(joust.id, "joust_a_plaisance");
    assert!(joust.text.contains("ladder of eight"), "{}", joust.text);
    assert!(
        joust.text.contains("2 extra Journey cards"),
        "{}",
        joust.text
    );
    let symbol = rules.entry("special symbol").expect("the special symbol");
    assert!(
        symbol.text.contains("Four Strength tokens"),
        "{}",
        symbol.text
    );
    let track = rules.entry("support track").expect("the Support track");
    assert!(track.text.contains("cost 3 coins"), "{}", track.text);
    // Other words find their entry: the view's letters, a town, Otto's deck.
    for (word, id) in [
        ("Munich", "pas_d_armes"),
        ("automa", "otto"),
        ("Polish Noble", "knight_type"),
        ("R", "romance"),
        ("Challenge", "challenge"),
    ] {
        assert_eq!(rules.entry(word).map(|e| e.id.as_str()), Some(id), "{word}");
    }
    assert!(rules.entry("snake").is_none(), "a Card Joust word");
}

#[test]
fn how_to_play_names_the_tables_tournaments() {
    let default = how_to_play(&Config::default());
    assert!(!default.contains('{'), "{default}");
    assert!(
        default.contains(
            "rounds 1 to 3: Pas d'Armes, Joust à Plaisance, Pas d'Armes (Champion solo: all Joust \
             à Plaisance). Each round plays its listed type."
        ),
        "{default}"
    );
    let jousts = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        ..Config::default()
    };
    let text = how_to_play(&jousts);
    assert!(!text.contains('{'), "{text}");
    assert!(
        text.contains("rounds 1 to 3: Joust à Plaisance, Joust à Plaisance, Joust à Plaisance"),
        "{text}"
    );
}

/// A table that chooses between rounds: How to play and the tournament
/// entry say its list binds round 1 only and where the types chosen in
/// play are named; a fixed table says its list is what is played. The
/// words the browser check looks for (crates/cli/tests/browser) stay.
#[test]
fn the_tournament_texts_say_whether_rounds_2_and_3_are_chosen_in_play() {
    use tourney_glory::TournamentChoice;
    let listed = [
        TournamentKind::JoustAPlaisance,
        TournamentKind::PasDArmes,
        TournamentKind::JoustAPlaisance,
    ];
    for choice in [TournamentChoice::Fixed, TournamentChoice::BetweenRounds] {
        let config = Config {
            tournaments: listed,
            tournament_choice: choice,
            ..Config::default()
        };
        let text = how_to_play(&config);
        assert!(!text.contains('{'), "{text}");
        assert!(
            text.contains("rounds 1 to 3: Joust à Plaisance, Pas d'Armes, Joust à Plaisance"),
            "{text}"
        );
        let words = text.split_whitespace().count();
        assert!(words <= 650, "{choice:?}: {words} words");
        let json = serde_json::to_value(config).expect("a config serializes");
        let entry = entry_text("tournament", &json);
        assert!(
            entry.contains("set up as Joust à Plaisance, Pas d'Armes, Joust à Plaisance"),
            "{entry}"
        );
        let chosen = "Of that list only round 1 binds: rounds 2 and 3 are chosen in play by the \
                      player last on the initiative track (solo: you)";
        let panel = "the Tournament panel and log name each choice.";
        match choice {
            TournamentChoice::BetweenRounds => {
                for said in [&text, &entry] {
                    assert!(said.contains(chosen), "{said}");
                    assert!(said.contains(panel), "{said}");
                }
            }
            TournamentChoice::Fixed => {
                for said in [&text, &entry] {
                    assert!(!said.contains(chosen), "{said}");
                    assert!(said.contains("Each round plays its listed type."), "{said}");
                }
            }
        }
    }
}

/// Titles not kept at setup go back into the deck; those not kept later go
/// onto the discard pile: the glossary says both, as title_deck.rs does.
#[test]
fn the_glossary_says_where_unkept_titles_go() {
    let rules = rules();
    for id in ["objective", "title_discards"] {
        let text = &rules.entry(id).expect("an entry").text;
        assert!(text.contains("at setup"), "{id}: {text}");
        assert!(text.contains("deck"), "{id}: {text}");
        assert!(text.contains("New Objective"), "{id}: {text}");
    }
    let objective = &rules.entry("objective").expect("an entry").text;
    assert!(
        objective.contains("The titles not kept at setup are shuffled back into the title deck"),
        "{objective}"
    );
    assert!(!objective.contains("unkept titles go to the title discard pile"));
}

#[test]
fn every_option_place_is_an_option_of_the_game() {
    let keys: Vec<&str> = Glory::INFO.options.iter().map(|o| o.key).collect();
    let rules = rules();
    let text: String = (rules.how_to_play.iter().map(|s| s.text.as_str()))
        .chain(rules.glossary.iter().map(|e| e.text.as_str()))
        .collect();
    let places: Vec<&str> = text
        .match_indices('{')
        .filter_map(|(i, _)| text.get(i + 1..)?.split('}').next())
        .collect();
    assert!(places.contains(&"tournaments"), "{places:?}");
    for place in places {
        assert!(keys.contains(&place), "{{{place}}} is not an option");
    }
}

#[test]
fn a_broken_copy_is_refused_naming_rules_toml() {
    let text = built_in();

    // A TOML error: a string left open.
    let message = refusal(&text.replacen("term = \"Glory\"", "term = \"Glory", 1));
    assert!(!message.is_empty());

    // An unknown field (the shape denies them).
    refusal(&text.replacen("term = \"Glory\"", "term = \"Glory\"\nnote = \"x\"", 1));

    // An empty text.
    let message = refusal(&text.replacen(
        "text = \"Marks a clash won in the current duel: a second one wins the duel.\"",
        "text = \" \"",
        1,
    ));
    assert!(message.contains("advantage"), "{message}");

    // No section at all.
    let first = text.find("[[how_to_play]]").expect("a section");
    let glossary = text.find("[[glossary]]").expect("an entry");
    let mut none = text.get(..first).expect("head").to_string();
    none.push_str("how_to_play = []\n");
    none.push_str(text.get(glossary..).expect("the glossary"));
    let message = refusal(&none);
    assert!(message.contains("How to play"), "{message}");

    // Two entries with one id.
    let message = refusal(&text.replacen("id = \"behind\"", "id = \"glory\"", 1));
    assert!(
        message.contains("two glossary entries have the id `glory`"),
        "{message}"
    );

    // One word that would look up two entries.
    let message = refusal(&text.replacen("term = \"Behind\"", "term = \"Glory points\"", 1));
    assert!(
        message.contains("the word `glory points` looks up both"),
        "{message}"
    );

    // A place for an option the game does not have, and one left open.
    let message = refusal(&text.replacen("{tournaments}", "{target_points}", 1));
    assert!(message.contains("{target_points}"), "{message}");
    assert!(
        message.contains("tournaments"),
        "names the options: {message}"
    );
    // (How to play's last place, so no later `}` closes it.)
    let message = refusal(&text.replacen("{tournament_choice}", "{tournament_choice", 1));
    assert!(message.contains("not closed"), "{message}");
}

/// Otto's starting glory (`OTTO_GLORY`, from `automa.toml`) is said where a
/// newcomer meets him: his glossary entries and the solo part of How to
/// play.
#[test]
fn otto_s_starting_glory_is_explained() {
    let rules = rules();
    let start = format!("{} glory", tourney_glory::content::OTTO_GLORY);
    for id in ["otto", "otto_glory"] {
        let entry = rules.entry(id).expect("an entry");
        assert!(entry.text.contains(&start), "{id}: {}", entry.text);
    }
    let solo = rules
        .how_to_play
        .iter()
        .find(|s| s.title == "Playing solo")
        .expect("a solo section");
    assert!(solo.text.contains(&start), "{}", solo.text);
    // The glory a discarded special support pays him, by its value.
    let glory = rules.entry("Otto's glory").expect("Otto's glory");
    assert!(
        glory.text.contains(
            "3 for the King or Queen support, 2 for a Bishop, Lady, Vassal or Chronicler and 1 for \
             any other"
        ),
        "{}",
        glory.text
    );
    for word in ["automa deck", "action II", "hidden titles"] {
        assert!(rules.entry(word).is_some(), "{word}");
    }
}

/// Veteran, Herald, King and Champion each name more than one thing: each has an
/// entry per meaning, whose term says which it is, and the plain word
/// looks up none of them rather than the wrong one.
#[test]
fn words_with_two_meanings_have_an_entry_each() {
    let rules = rules();
    for (id, term) in [
        ("veteran_knight", "Veteran (knight type)"),
        ("veteran_support", "Veteran (support)"),
        ("herald_space", "Herald (action space)"),
        ("herald_support", "Herald (support)"),
        ("king_knight", "King (knight type)"),
        ("king_support", "King (support)"),
        ("champion_knight", "Champion (knight type)"),
        ("champion_prestige", "Champion (prestige token)"),
        ("champion_mode", "Champion (solo mode)"),
    ] {
        let entry = rules.entry(id).expect("an entry");
        assert_eq!(entry.term, term);
        assert!(entry.text.contains("Not "), "{id} says what it is not");
    }
    for word in ["Veteran", "Herald", "King", "Champion"] {
        assert!(rules.entry(word).is_none(), "{word} alone is ambiguous");
    }
}

/// Every prestige token says where it comes from: the Royal token's tip
/// was empty.
#[test]
fn every_prestige_token_says_where_it_comes_from() {
    let components = components_from(DATA_FILES).expect("the built-in files read");
    for token in &components.prestige {
        assert!(!token.text.trim().is_empty(), "{}", token.name);
    }
    let royal = components
        .prestige
        .iter()
        .find(|t| t.name == "Royal")
        .expect("the Royal token");
    assert!(royal.text.contains("King support"), "{}", royal.text);
}

/// The dice entry names all six faces of each colour as the data prints
/// them: five numbers, then the symbol on the sixth.
#[test]
fn the_dice_entry_names_every_face_from_the_data() {
    let components = Glory::components();
    let dice = rules();
    let entry = dice.entry("dice").expect("the dice entry");
    for die in &components.dice {
        let plain: Vec<String> = die.faces[..5].iter().map(u8::to_string).collect();
        let listed = format!("{} dice show {} and the", die.name, plain.join(", "));
        assert!(entry.text.contains(&listed), "{listed}: {}", entry.text);
    }
}

/// An event card named where it is not in play (the action pawns' "5 when
/// To Arms! is the event") has an entry made from events.toml, which says
/// when it can come up and what it does; Recruitment's two cards share one.
#[test]
fn every_event_card_explains_itself() {
    let config = serde_json::to_value(Config::default()).expect("a config serializes");
    assert_eq!(
        entry_text("To Arms!", &config),
        "An event card, one of the four that may come up in round 2: Every player has one pawn \
         fewer this round."
    );
    assert_eq!(
        entry_text("recruitment event", &config),
        "An event card, one of the four that may come up in rounds 1 and 2: Action: pay 1 coin \
         for the special support on the card."
    );
    let rules = rules();
    let recruitment = rules
        .glossary
        .iter()
        .filter(|e| e.term == "Recruitment")
        .count();
    assert_eq!(recruitment, 1, "one entry for the two Recruitment cards");
    // "Journey" already opens the Journey phase: the event has its own.
    assert_eq!(
        entry_text("Journey (event)", &config),
        "An event card, one of the four that may come up in round 2: Action: pay 1 coin to take \
         3 Journey cards."
    );
    assert!(entry_text("journey", &config).starts_with("Players play Journey cards"));
}
