//! The setup steps: characters, initiative and its compensation, titles to
//! keep, the support track, the Journey cards and the swap for Strength,
//! the face-up rows, the events and the first tournament.

mod common;

use common::*;
use tourney_glory::content::CHARACTERS;
use tourney_glory::{Action, Chance, Characters, Config, Prestige, Support};

fn character(name: &str) -> u8 {
    CHARACTERS.iter().position(|c| c.name == name).unwrap() as u8
}

#[test]
fn each_player_chooses_one_of_three_characters() {
    let mut s = Script::new(Config::default(), 2);
    s.auto_until(|s| s.is_chance() && s.step_text() == "Character cards are dealt");
    // Level II then level III for seat 1, then for seat 2.
    for name in [
        "Merchant's Son",
        "Royal Favourite",
        "Horse Breeder",
        "Courtier",
    ] {
        s.chance(Chance::Character(character(name)));
    }
    assert_eq!(
        s.legal(0),
        vec![
            Action::Character(0),
            Action::Character(character("Merchant's Son")),
            Action::Character(character("Royal Favourite")),
        ]
    );
    s.act(0, Action::Character(character("Royal Favourite")));
    s.act(1, Action::Character(character("Horse Breeder")));
    let a = s.player(0);
    assert_eq!(a.character.unwrap().name, "Royal Favourite");
    assert_eq!((a.glory, a.coins, a.strength, a.faith), (8, 2, 2, 1));
    // The level III card's special support: the King, and his Royal token.
    assert_eq!(a.supports[0].kind, Support::King);
    assert_eq!(a.prestige[0].kind, Prestige::Royal);
    let b = s.player(1);
    assert_eq!(
        (b.mount, b.armor),
        (3, 2),
        "the Horse Breeder rides a level III mount"
    );
}

#[test]
fn later_places_on_the_initiative_track_are_compensated() {
    let cfg = Config {
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut s = Script::new(cfg, 3);
    s.auto_until(|s| s.is_chance() && s.step_text().starts_with("The next place"));
    s.chance(Chance::Seat(Seat(2)))
        .chance(Chance::Seat(Seat(0)));
    // The last place needs no draw.
    assert_eq!(s.view().order, vec![Seat(2), Seat(0), Seat(1)]);
    assert_eq!(s.step_text(), "Seat 1 draws a Challenge card");
    s.auto_until(|s| s.step_text() == "Seat 1 draws a title card");
    let glory: Vec<u16> = s.view().players.iter().map(|p| p.glory).collect();
    assert_eq!(glory, vec![10 + 1, 10 + 2, 10]);
    let challenges: Vec<u8> = s.view().players.iter().map(|p| p.hand_size[2]).collect();
    assert_eq!(challenges, vec![1, 2, 0]);
}

#[test]
fn titles_are_drawn_by_all_then_kept_in_initiative_order() {
    let cfg = Config {
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut s = Script::new(cfg, 2);
    s.auto_until(|s| s.on_move().is_some());
    // Three public titles, then two each: 14 - 3 - 4 left.
    assert_eq!(s.view().public_titles.len(), 3);
    assert_eq!(s.view().title_deck, 7);
    let offer = s.player(0).title_offer.unwrap();
    assert_eq!(offer.len(), 2);
    assert_eq!(
        s.legal(0),
        offer
            .iter()
            .map(|t| Action::KeepTitle(t.id))
            .collect::<Vec<_>>()
    );
    s.act(0, Action::KeepTitle(offer[0].id));
    // The unkept title goes back into the deck.
    assert_eq!(s.view().title_deck, 8);
    assert_eq!(s.player(0).objectives.unwrap().len(), 1);
    assert_eq!(s.view_of(1).players[0].objectives, None);
    assert_eq!(s.view_of(1).players[0].objectives_held, 1);
}

#[test]
fn journey_cards_may_be_swapped_for_strength_at_setup() {
    let cfg = Config {
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut s = Script::new(cfg, 2);
    s.auto_until(|s| s.is_chance() && s.step_text() == "Seat 1 draws a Romance card");
    s.chance(Chance::Journey(card("The Game")));
    s.chance(Chance::Journey(card("Rosary")));
    s.chance(Chance::Journey(card("Rescue")));
    s.auto_until(|s| s.on_move() == Some(0));
    assert_eq!(
        s.legal(0),
        vec![
            Action::Exchange(card("The Game")),
            Action::Exchange(card("Rosary")),
            Action::Exchange(card("Rescue")),
            Action::Pass
        ]
    );
    let strength = s.player(0).strength;
    s.act(0, Action::Exchange(card("Rescue")));
    assert_eq!(s.player(0).strength, strength + 1);
    assert_eq!(s.player(0).hand_size, [1, 1, 0]);
    s.act(0, Action::Pass);
    assert_ne!(s.on_move(), Some(0));
}

#[test]
fn the_table_is_laid_out_for_the_player_count() {
    for (seats, special, regular) in [(2, 1, 5), (3, 2, 6), (4, 2, 7)] {
        let s = Script::started(Config::default(), seats);
        let v = s.view();
        let open: Vec<_> = v.support_track.iter().filter(|t| !t.locked).collect();
        assert_eq!(open.iter().filter(|t| t.special).count(), special);
        assert_eq!(open.iter().filter(|t| !t.special).count(), regular);
        assert!(open.iter().all(|t| t.support.is_some()));
        assert!(v.journey_rows.iter().all(|r| r.iter().all(|c| c.is_some())));
        assert!(v.events[0].is_some() && v.events[1].is_some() && v.events[2].is_none());
        assert_eq!(v.round, 1);
        assert!(
            !v.tournament.towns.is_empty(),
            "round 1's Pas d'Armes is on the board"
        );
    }
}

#[test]
fn special_spaces_draw_from_the_special_stack() {
    let mut s = Script::new(Config::default(), 2);
    s.auto_until(|s| s.is_chance() && s.step_text() == "A support tile is drawn for the track");
    let special: Vec<Chance> = s.outcomes();
    assert!(special.contains(&Chance::Support(Support::Chronicler)));
    assert!(!special.contains(&Chance::Support(Support::Squire)));
    s.chance(Chance::Support(Support::Chronicler));
    let regular = s.outcomes();
    assert!(regular.contains(&Chance::Support(Support::Squire)));
    assert!(!regular.contains(&Chance::Support(Support::Chronicler)));
}

#[test]
fn a_handicapped_seat_starts_with_level_one_gear() {
    use tourney_core::Game;
    use tourney_glory::{Glory, Handicap, Handicaps};
    let config = Config {
        characters: Characters::LevelOne,
        handicap: Handicaps([
            Handicap::None,
            Handicap::Both,
            Handicap::Mount,
            Handicap::None,
        ]),
        ..Config::default()
    };
    let s = Script::started(config, 3);
    // The level I card gives mount and armor II; the handicap lowers them.
    let gear = |p: u8| (s.player(p).mount, s.player(p).armor);
    assert_eq!(gear(0), (2, 2));
    assert_eq!(gear(1), (1, 1));
    assert_eq!(gear(2), (1, 2));
    // From a config file: a short list, and no handicap for a seat that is
    // not at the table.
    let c: Config = serde_json::from_value(serde_json::json!({"handicap": ["armor"]})).unwrap();
    assert_eq!(c.handicap.seat(Seat(0)), Handicap::Armor);
    assert_eq!(c.handicap.seat(Seat(1)), Handicap::None);
    let c: Config =
        serde_json::from_value(serde_json::json!({"handicap": ["none", "none", "both"]})).unwrap();
    let err = Glory::new(&c, 2).unwrap_err().to_string();
    assert!(err.contains("handicap") && err.contains("seat 3"), "{err}");
    assert!(Glory::new(&c, 3).is_ok());
    assert!(
        serde_json::from_value::<Config>(
            serde_json::json!({"handicap": ["none", "none", "none", "none", "mount"]})
        )
        .is_err()
    );
    assert!(serde_json::from_value::<Config>(serde_json::json!({"handicap": ["legs"]})).is_err());
}
