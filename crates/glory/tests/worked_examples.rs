//! The rulebook's worked examples, played through the real rules with fixed
//! cards and dice (every move taken from the legal menu), checking the
//! printed numbers and what the log tells:
//!
//! - Knights, Polish Nobles: "9+3 (Armor die) = an attack value of 12 for
//!   the 1st clash. You'll need to roll again for the 2nd." The house data
//!   makes Powała of Taczów that "9 + white die" tile.
//! - Maintenance, with four players: Black and Red put pawns on the
//!   initiative track, so they take their coats of arms off it; White and
//!   Blue shift right, leaving as many free spaces as there were pawns (2);
//!   Black and Red take the spaces above their pawns.
//! - Registration, two players in a Pas d'Armes (A-E) with the Herald, and
//!   three players in a Joust à Plaisance (A-C) with waiting.
//!
//! The text prints no starting order for the maintenance example (the
//! picture has it) and no towns or spaces for the registration examples:
//! the ones chosen here are said where they are set up. The engine agrees
//! with every number the text prints.

mod common;

use common::*;
use tourney_core::Game;
use tourney_glory::content::KNIGHTS;
use tourney_glory::{Action, Chance, Characters, Config, Event, Space, TournamentKind};

fn config(kind: TournamentKind) -> Config {
    Config {
        tournaments: [kind; 3],
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

/// A table of `seats` played on to round 1's tournament card, which comes
/// up `card` with the knights `knights` (in the order the card asks).
fn table(kind: TournamentKind, seats: usize, card: u8, knights: &[&str]) -> Script {
    let mut s = Script::new(config(kind), seats);
    s.auto_until(|s| s.is_chance() && s.step_text() == "The tournament card is drawn");
    s.chance(Chance::Tournament(card));
    for k in knights {
        s.chance(Chance::Knight(knight(k)));
    }
    s
}

fn texts(told: &[(tourney_core::Audience, Event)]) -> Vec<String> {
    told.iter().map(|(_, e)| e.to_string()).collect()
}

// ---------------------------------------------------------------------------
// Knights: the Polish Noble
// ---------------------------------------------------------------------------

#[test]
fn a_polish_noble_adds_a_white_die_rolled_anew_each_clash() {
    let powala = &KNIGHTS[usize::from(knight("Powała"))];
    assert_eq!(powala.name, "Powała of Taczów");
    assert_eq!(powala.attack, 9, "the printed 9");
    assert!(powala.rolls_armor_die(), "the printed white die");

    // Card 1, round 1: Florence holds a Noble and a Polish Noble.
    let mut s = table(
        TournamentKind::PasDArmes,
        2,
        0,
        &[
            "Álvaro",
            "Powała",
            "David Mathew",
            "Jan van Borssele",
            "John Talbot",
        ],
    );
    s.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    let florence: Vec<&str> = s.view().tournament.towns[0]
        .knights
        .iter()
        .map(|k| k.knight.name)
        .collect();
    assert_eq!(florence, ["Powała of Taczów", "Álvaro Vaz de Almada"]);
    // Seat 1 challenges Powała (space 0), Seat 2 a knight in Paris.
    s.resources(0, 0, 3, 0, 10);
    s.act(0, Action::Register(0)).act(1, Action::Register(3));
    s.telling().auto_until(|s| s.view().duel.is_some());
    assert_eq!(
        texts(&s.told()).last().map(String::as_str),
        Some(
            "Duel (Pas d'Armes in Florence): Seat 1 against Powała of Taczów (attack 9, \
             prestige 1, + white die)"
        )
    );

    // 1st clash: Seat 1 puts in 3 Strength tokens and rolls 4 + 4 + 3 = 11.
    s.act(0, Action::Strength(3));
    s.roll(&[
        red(4),
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ]);
    assert_eq!(s.step_text(), "Powała of Taczów rolls a white Armor die");
    assert_eq!(s.attack(), [11, 9], "before his die he counts his 9");
    // The white die shows 3: 9 + 3 = 12 for this clash.
    s.chance(Chance::Die(white(3)));
    assert_eq!(
        texts(&s.told()),
        [
            "Seat 1's attack: 11 (dice red 4, 1, 1; black 4, 0; white 3, 0)",
            "Powała of Taczów's attack: 12 (dice white 3)",
            "Clash 1: Powała of Taczów beats Seat 1 on attack, 12 to 11; clashes won: Seat 1 0, \
             Powała of Taczów 1"
        ]
    );
    let clash = s.duel().last_clash.expect("the clash was told");
    assert_eq!(clash.attack, [11, 12]);

    // 2nd clash: "You'll need to roll again": a new white die, showing 1.
    s.roll(&[
        red(4),
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ]);
    assert_eq!(
        s.duel().sides[1].knight_die,
        None,
        "last clash's die is gone"
    );
    assert_eq!(s.attack(), [11, 9]);
    assert_eq!(s.step_text(), "Powała of Taczów rolls a white Armor die");
    s.chance(Chance::Die(white(1)));
    assert_eq!(
        texts(&s.told())[1..],
        [
            "Powała of Taczów's attack: 10 (dice white 1)",
            "Clash 2: Seat 1 beats Powała of Taczów on attack, 11 to 10; clashes won: Seat 1 1, \
             Powała of Taczów 1"
        ]
    );
    // 3rd clash: his die's symbol counts 0 (a knight never activates it).
    s.roll(&[
        red(4),
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ]);
    // The die's own line says what the symbol counted.
    assert_eq!(
        s.game.describe_chance(&Chance::Die(SYMBOL)),
        "the symbol, which counts 0 (not activated)"
    );
    s.chance(Chance::Die(SYMBOL));
    let told = texts(&s.told());
    assert_eq!(told[1], "Powała of Taczów's attack: 9 (dice white 0)");
    assert_eq!(
        told[3],
        "Seat 1 wins the duel against Powała of Taczów, 2 clashes to 1; Seat 1 scores 5 \
         glory points (now 15)"
    );
}

// ---------------------------------------------------------------------------
// Maintenance: the initiative track with four players
// ---------------------------------------------------------------------------

#[test]
fn maintenance_black_and_red_take_initiative_white_and_blue_shift_right() {
    // Seats 1-4 are White, Black, Blue and Red, first to last on the track.
    const WHITE: u8 = 0;
    const BLACK: u8 = 1;
    const BLUE: u8 = 2;
    const RED: u8 = 3;
    let mut s = Script::started(config(TournamentKind::PasDArmes), 4);
    assert_eq!(
        s.view().order,
        [WHITE, BLACK, BLUE, RED].map(Seat).to_vec(),
        "the track before the round"
    );
    // Black and Red put a pawn on the initiative track, Black first.
    s.telling();
    s.act(WHITE, Action::Place(Space::Patrol));
    s.act(BLACK, Action::Place(Space::Initiative));
    s.act(BLUE, Action::Place(Space::Patrol));
    s.act(RED, Action::Place(Space::Initiative));
    assert_eq!(
        texts(&s.told()),
        [
            "Patrol: Seat 1 gains 2 coins",
            "Initiative: Seat 2 gains 1 coin",
            "Patrol: Seat 3 gains 2 coins",
            "Initiative: Seat 4 gains 1 coin"
        ]
    );
    assert_eq!(
        s.view().initiative_spaces,
        vec![Some(Seat(BLACK)), Some(Seat(RED)), None, None]
    );
    // The coats of arms do not move before Maintenance.
    s.auto_until(|s| s.view().stage == "journey");
    assert_eq!(s.view().order, [WHITE, BLACK, BLUE, RED].map(Seat).to_vec());
    s.told();

    s.auto_until(|s| s.view().stage == "registration");
    let told = s.told();
    let initiative: Vec<&Event> = told
        .iter()
        .map(|(_, e)| e)
        .filter(|e| matches!(e, Event::Initiative { .. }))
        .collect();
    assert_eq!(
        initiative,
        [&Event::Initiative {
            order: [BLACK, RED, WHITE, BLUE].map(Seat).to_vec(),
            names: ["Seat 2", "Seat 4", "Seat 1", "Seat 3"]
                .map(String::from)
                .to_vec(),
        }]
    );
    assert_eq!(
        initiative[0].to_string(),
        "Initiative order from this round's registration and tournament on: Seat 2, Seat 4, \
         Seat 1, Seat 3"
    );
    let order = s.view().order;
    // C. Black and Red on the spaces above their pawns, in their order.
    assert_eq!(order[..2], [Seat(BLACK), Seat(RED)]);
    // B. White and Blue shifted right, in their order, leaving 2 free
    // spaces: as many as the pawns the others placed.
    assert_eq!(order[2..], [Seat(WHITE), Seat(BLUE)]);
    let place = |p: u8| order.iter().position(|&x| x == Seat(p)).unwrap_or(9);
    assert_eq!((place(WHITE), place(BLUE)), (2, 3));
    // Everyone took their pawns back, the track under it included.
    let v = s.view();
    assert_eq!(v.initiative_spaces, vec![None; 4]);
    assert!(v.spaces.iter().all(|x| x.pawns.iter().all(|&n| n == 0)));
    // Registration follows the new order: Black first.
    assert_eq!(s.on_move(), Some(BLACK));
}

// ---------------------------------------------------------------------------
// Registration: two players in a Pas d'Armes
// ---------------------------------------------------------------------------

#[test]
fn registration_two_players_in_a_pas_d_armes_with_the_herald() {
    const WHITE: u8 = 0;
    const RED: u8 = 1;
    // Card 1, round 1: Florence and Paris hold 2 knights, Munich 1.
    let mut s = table(
        TournamentKind::PasDArmes,
        2,
        0,
        &[
            "Álvaro",
            "Dobiesław of",
            "David Mathew",
            "Jan van Borssele",
            "John Talbot",
        ],
    );
    s.auto_until(|s| s.view().stage == "actions" && s.on_move() == Some(WHITE))
        .telling();
    let sizes: Vec<usize> = s
        .view()
        .tournament
        .towns
        .iter()
        .map(|t| t.knights.len())
        .collect();
    assert_eq!(sizes, [2, 2, 1]);
    // A. White, first on the track, uses the Herald: Florence's first
    // knight. B. Red follows at once: Munich's only knight.
    assert_eq!(s.view().order, vec![Seat(WHITE), Seat(RED)]);
    s.act(WHITE, Action::Herald(0));
    assert_eq!(s.on_move(), Some(RED));
    s.act(RED, Action::Herald(6));
    assert_eq!(
        texts(&s.told()),
        [
            "Seat 1 registers to challenge Dobiesław of Oleśnica in Florence (attack 7, glory \
             4, prestige 0)",
            "Seat 2 registers to challenge John Talbot in Munich (attack 9, glory 7, prestige 1)"
        ]
    );
    s.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    s.told();
    assert_eq!(s.view().order, vec![Seat(WHITE), Seat(RED)]);

    // C. White, 1st player, must place a coat of arms: Paris is the only
    // town left to it (Florence entered, Munich's knight taken).
    assert_eq!(s.on_move(), Some(WHITE));
    assert_eq!(
        s.legal(WHITE),
        vec![Action::Register(3), Action::Register(4)]
    );
    s.act(WHITE, Action::Register(3));
    // D. Red registers there too, on the other knight.
    assert_eq!(s.legal(RED), vec![Action::Register(1), Action::Register(4)]);
    s.act(RED, Action::Register(4));
    // White cannot place its last coat of arms: it is in Florence and
    // Paris already, and Munich has no knight left to challenge. It is not
    // asked; Red is.
    assert_eq!(s.on_move(), Some(RED));
    // E. Red ends the phase in Florence.
    assert_eq!(s.legal(RED), vec![Action::Register(1), Action::Pass]);
    s.act(RED, Action::Register(1));
    let told = texts(&s.told());
    assert_eq!(
        told[..4],
        [
            "Seat 1 registers to challenge David Mathew in Paris (attack 8, glory 2, prestige 1)",
            "Seat 2 registers to challenge Jan van Borssele in Paris (attack 7, glory 2, \
             prestige 1)",
            "Seat 2 registers to challenge Álvaro Vaz de Almada in Florence (attack 7, glory 2, \
             prestige 0)",
            "Round 1: the tournament begins"
        ]
    );
    // Red fights in all three towns (the Herald made that possible), White
    // in two.
    let challengers: Vec<Vec<Option<Seat>>> = s
        .view()
        .tournament
        .towns
        .iter()
        .map(|t| t.knights.iter().map(|k| k.challenger).collect())
        .collect();
    assert_eq!(
        challengers,
        vec![
            vec![Some(Seat(WHITE)), Some(Seat(RED))],
            vec![Some(Seat(WHITE)), Some(Seat(RED))],
            vec![Some(Seat(RED))],
        ]
    );
}

// ---------------------------------------------------------------------------
// Registration: three players in a Joust à Plaisance
// ---------------------------------------------------------------------------

#[test]
fn registration_three_players_in_a_joust_with_waiting() {
    // Red, Blue and Black, first to last on the track.
    const RED: u8 = 0;
    const BLUE: u8 = 1;
    const BLACK: u8 = 2;
    // Card 10, round 1: knights on spaces 2 and 6 of the lower row; three
    // more to add after the players.
    let mut s = table(
        TournamentKind::JoustAPlaisance,
        3,
        9,
        &["David Mathew", "Zyndram"],
    );
    s.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    assert_eq!(s.view().order, [RED, BLUE, BLACK].map(Seat).to_vec());
    s.telling();

    // Red and Blue wait.
    assert_eq!(s.on_move(), Some(RED));
    assert_eq!(
        s.game.describe_action(Seat(RED), &Action::Pass),
        "Wait for now: you are asked again after the others have had their turn"
    );
    s.act(RED, Action::Pass);
    assert_eq!(s.on_move(), Some(BLUE));
    s.act(BLUE, Action::Pass);
    // A. Black, with the worst initiative, may not wait.
    assert_eq!(s.on_move(), Some(BLACK));
    assert!(!s.can(BLACK, Action::Pass));
    let _ = s.refuse(BLACK, Action::Pass);
    s.act(BLACK, Action::Register(4));
    // Red waits again, which forces Blue.
    assert!(s.can(RED, Action::Pass));
    s.act(RED, Action::Pass);
    // B. Blue, now the last unregistered, may not wait.
    assert_eq!(s.on_move(), Some(BLUE));
    assert!(!s.can(BLUE, Action::Pass));
    s.act(BLUE, Action::Register(6));
    // C. Red registers last; it could have challenged Blue on the space
    // next to it (8), but takes space 1, facing David Mathew.
    assert_eq!(s.on_move(), Some(RED));
    assert!(!s.can(RED, Action::Pass));
    assert!(s.can(RED, Action::Register(7)), "Blue's neighbouring space");
    s.act(RED, Action::Register(0));
    assert_eq!(
        texts(&s.told()),
        [
            "Seat 3 registers on space 5 of the lower row (facing Zyndram of Maszkowice)",
            "Seat 2 registers on space 7 of the lower row",
            "Seat 1 registers on space 1 of the lower row (facing David Mathew)"
        ]
    );
    // The empty spaces are filled with the card's knights, left to right.
    assert_eq!(s.step_text(), "A Noble tile is drawn");
    for k in ["Jan van Borssele", "Sędziwój", "John Talbot"] {
        s.chance(Chance::Knight(knight(k)));
    }
    assert_eq!(
        s.ladder_names()[..8],
        [
            "Seat 1",
            "David Mathew",
            "Jan van Borssele",
            "Sędziwój of Ostroróg",
            "Seat 3",
            "Zyndram of Maszkowice",
            "Seat 2",
            "John Talbot"
        ]
    );
    // The tournament can begin.
    assert_eq!(s.view().stage, "tournament");
}
