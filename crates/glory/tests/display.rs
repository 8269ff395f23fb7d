//! Faults a new player met in the terminal drawing of the table, each
//! pinned by a test: the duel line printed the step as debug text, a Polish
//! Noble's die showed its face index, Pas d'Armes spaces were numbered from
//! 0 (the joust's from 1), and the last duel of a Challenge card or a title
//! said "glory +0 / +0" though that duel pays its own reward.

mod common;

use common::*;
use serde_json::json;
use tourney_glory::{Action, Characters, Config, TournamentKind};

fn level_one() -> Config {
    Config {
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

/// The first Journey phase, Seat 1 on move with `card` alone in hand, no
/// resources and level II gear.
fn challenge(card_name: &str) -> Script {
    let mut s = Script::started(level_one(), 2);
    s.auto_until(|s| s.view().stage == "journey" && s.on_move() == Some(0));
    s.resources(0, 0, 0, 0, 10)
        .empty_hand(0)
        .empty_hand(1)
        .set(0, "mount", json!(2))
        .set(0, "armor", json!(2))
        .give_card(0, card_name, 1);
    s
}

fn line<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in\n{text}"))
}

#[test]
fn the_duel_line_names_the_step_in_words() {
    let mut s = challenge("Rescue");
    s.give_support(0, tourney_glory::Support::Squire, 1);
    s.act(0, Action::Play(card("Rescue")));
    s.roll(&[black(2), black(0), white(3), white(0)]);
    // After the roll the Squire may act: the first lance support.
    let text = s.view().to_string();
    assert_eq!(
        line(&text, "Duel:"),
        "Duel: Seat 1 vs Rescue — clash 1, wins 0-0, step: first lance support"
    );
    assert!(!text.contains("Lance {"), "no debug text:\n{text}");
}

#[test]
fn a_polish_nobles_die_shows_its_value() {
    // A Pas d'Armes against Dobiesław of Oleśnica (attack 7 + a white die).
    let config = Config {
        tournaments: [TournamentKind::PasDArmes; 3],
        ..level_one()
    };
    let mut s = Script::new(config, 2);
    s.auto_until(|s| s.is_chance() && s.step_text() == "The tournament card is drawn");
    s.chance(tourney_glory::Chance::Tournament(0));
    for k in [
        "Álvaro",
        "Dobiesław of",
        "David Mathew",
        "Jan van Borssele",
        "John Talbot",
    ] {
        s.chance(tourney_glory::Chance::Knight(knight(k)));
    }
    s.auto_until(|s| s.view().stage == "registration" && s.on_move() == Some(0));
    for p in 0..2 {
        s.resources(p, 0, 0, 1, 10)
            .set(p, "mount", json!(2))
            .set(p, "armor", json!(2));
    }
    // Oleśnica ranks first in Florence (space 0), shown as #1 like the
    // joust's spaces, which count from 1.
    let text = s.view().to_string();
    assert_eq!(
        line(&text, "  Florence:"),
        "  Florence: #1 Dobiesław of Oleśnica [Polish Noble A7 G4 P0 +white die] vs open; \
         #2 Álvaro Vaz de Almada [Noble A7 G2 P0] vs open"
    );
    assert_eq!(
        line(&text, "  Munich:"),
        "  Munich: #7 John Talbot [Veteran A9 G7 P1 -1 Armor die] vs open"
    );
    s.act(0, Action::Register(0)).act(1, Action::Register(3));
    s.act(0, Action::Pass).act(1, Action::Pass);
    assert_eq!(s.duel().fighters[1], "Dobiesław of Oleśnica");
    // Face index 3 of a white die is a 2.
    s.roll(&[black(4), black(0), white(3), white(0)])
        .roll(&[white(2)]);
    let d = s.duel();
    assert_eq!(d.sides[1].knight_die, Some(white(2)));
    assert_eq!(white(2), 3, "the face index differs from the value");
    // Seat 1 may spend its Faith token: the dice are on the table.
    let text = s.view().to_string();
    assert_eq!(
        line(&text, "  Dobiesław of Oleśnica:"),
        "  Dobiesław of Oleśnica: attack 9, prestige 0, white die 2"
    );
}

#[test]
fn a_challenge_cards_last_duel_says_what_it_paid() {
    let mut s = challenge("Robber Baron");
    s.act(0, Action::Play(card("Robber Baron")));
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(s.glory(0), 15, "Robber Baron pays 5 glory");
    let text = s.view().to_string();
    assert_eq!(
        line(&text, "Last duel:"),
        "Last duel: Seat 1 vs Robber Baron, clashes 2-0, Seat 1 won; the card's reward is paid"
    );
    // Lost: the card goes back to the hand.
    let mut s = challenge("Rescue");
    s.act(0, Action::Play(card("Rescue")));
    s.roll(&[black(0), black(0), white(0), white(0)]);
    s.roll(&[black(0), black(0), white(0), white(0)]);
    let text = s.view().to_string();
    assert_eq!(
        line(&text, "Last duel:"),
        "Last duel: Seat 1 vs Rescue, clashes 0-2, Rescue won; the card goes back to the hand"
    );
}

/// The Cook is used before the first clash's roll: the log says what he
/// gives and when (+1 attack in the first clash, added to the dice),
/// where it used to print "attack 1" as if a roll had been made. Against
/// Rescue (attack 7), black 4 and white 3 make 7, the Cook's +1 makes 8.
#[test]
fn the_cook_is_told_as_a_bonus_for_the_first_clash() {
    let mut s = challenge("Rescue");
    s.give_support(0, tourney_glory::Support::Cook, 1);
    s.act(0, Action::Play(card("Rescue")));
    s.telling();
    s.act(0, Action::Use(tourney_glory::Support::Cook));
    assert_eq!(
        s.told_texts(),
        [
            "Seat 1 uses the Cook before the roll: +1 attack for Seat 1 in the first clash only, \
          added to the dice once they are rolled"
        ]
    );
    let side = s.duel().sides[0].clone();
    assert_eq!((side.attack, side.attack_modifier), (1, 1), "no die yet");
    s.roll(&[black(4), black(0), white(3), white(0)]);
    let d = s.duel();
    let clash = d.last_clash.expect("the first clash is decided");
    assert_eq!((clash.attack, clash.winner), ([8, 7], 0));
    assert_eq!(
        (d.clash, d.sides[0].attack, d.sides[0].attack_modifier),
        (2, 0, 0),
        "the bonus ends with the first clash"
    );
}
