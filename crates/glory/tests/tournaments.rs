//! Both tournament types end to end with fixed cards and dice: the
//! tournament card and its knights, registration (Herald, the second coat
//! of arms, waiting and being forced in a joust), the order of duels, glory
//! and half glory, knight-against-knight duels, the trophy, and the extra
//! Journey cards of a knocked-out player. Player against player: who acts
//! first, initiative ties, and the 7-or-9 glory value.

mod common;

use common::*;
use serde_json::json;
use tourney_glory::duel::TieBreak;
use tourney_glory::view::{Entrant, LayoutView};
use tourney_glory::{
    Action, Chance, Characters, Config, DuelStep, Fighter, TournamentKind, Trophies,
};

fn config(kind: TournamentKind) -> Config {
    Config {
        tournaments: [kind; 3],
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

/// Plays on to the tournament card of round 1 and feeds it and its knights.
fn table(kind: TournamentKind, card_id: u8, knights: &[&str]) -> Script {
    let mut s = Script::new(config(kind), 2);
    s.auto_until(|s| s.is_chance() && s.step_text() == "The tournament card is drawn");
    s.chance(Chance::Tournament(card_id));
    for k in knights {
        s.chance(Chance::Knight(knight(k)));
    }
    s
}

fn fighters(s: &Script) -> [String; 2] {
    s.duel().fighters
}

#[test]
fn a_pas_d_armes_from_registration_to_the_last_duel() {
    // Card 1, round 1: Florence noble + Polish noble, Paris two nobles,
    // Munich a Veteran.
    let mut s = table(
        TournamentKind::PasDArmes,
        0,
        &[
            "Álvaro",
            "Dobiesław of",
            "David Mathew",
            "Jan van Borssele",
            "John Talbot",
        ],
    );
    let t = s.view().tournament;
    // The board says what the card brought, by type, as the data file has
    // it for card 1, round 1.
    use tourney_glory::KnightType::{Noble, PolishNoble, Veteran};
    assert_eq!(
        t.layout,
        Some(LayoutView {
            towns: vec![vec![Noble, PolishNoble], vec![Noble, Noble], vec![Veteran]],
            place: vec![],
            add: vec![],
        })
    );
    let names: Vec<Vec<&str>> = t
        .towns
        .iter()
        .map(|town| town.knights.iter().map(|k| k.knight.name).collect())
        .collect();
    // Within a town, the most glory first (then prestige, then attack).
    assert_eq!(
        names,
        vec![
            vec!["Dobiesław of Oleśnica", "Álvaro Vaz de Almada"],
            vec!["David Mathew", "Jan van Borssele"],
            vec!["John Talbot"],
        ]
    );
    // Seat 1 heralds Munich's Veteran on its first pawn.
    s.auto_until_seat(0);
    assert!(s.legal(0).contains(&Action::Herald(6)));
    s.act(0, Action::Herald(6));
    s.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    for p in 0..2 {
        s.resources(p, 0, 0, 0, 10)
            .set(p, "mount", json!(2))
            .set(p, "armor", json!(2));
    }
    // First coat of arms: compulsory, one town each, one player a knight.
    assert_eq!(s.on_move(), Some(0));
    assert_eq!(
        s.legal(0),
        vec![
            Action::Register(0),
            Action::Register(1),
            Action::Register(3),
            Action::Register(4)
        ]
    );
    s.act(0, Action::Register(0));
    assert!(!s.legal(1).contains(&Action::Pass));
    s.refuse(1, Action::Register(6)).to_string();
    s.act(1, Action::Register(3));
    // Second coat of arms: optional, in another town.
    assert_eq!(s.legal(0), vec![Action::Register(4), Action::Pass]);
    s.act(0, Action::Register(4));
    assert_eq!(s.legal(1), vec![Action::Register(1), Action::Pass]);
    s.act(1, Action::Register(1));

    // Florence first: seat 1 against Oleśnica (7 + a white die).
    assert_eq!(
        fighters(&s),
        ["Seat 1".to_string(), "Dobiesław of Oleśnica".to_string()]
    );
    s.roll(&[black(4), black(0), white(3), white(0)])
        .roll(&[white(1)]);
    s.roll(&[black(4), black(0), white(3), white(0)])
        .roll(&[white(0)]);
    s.roll(&[black(1), black(0), white(0), white(0)])
        .roll(&[SYMBOL]);
    let last = s.view().last_duel.unwrap();
    assert_eq!((last.wins, last.winner), ([1, 2], 1));
    assert_eq!(last.glory, [2, 0], "one clash won: half of 4, rounded down");
    // Then seat 2 against Álvaro (7, prestige 0): two ties, both won.
    assert_eq!(
        fighters(&s),
        ["Seat 2".to_string(), "Álvaro Vaz de Almada".to_string()]
    );
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(s.view().last_duel.unwrap().glory, [2, 0]);
    // Paris: seat 2 against David Mathew, then seat 1 against Jan.
    assert_eq!(fighters(&s)[1], "David Mathew");
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(
        fighters(&s),
        ["Seat 1".to_string(), "Jan van Borssele".to_string()]
    );
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    // Munich: seat 1 against Talbot, who takes one Armor die away.
    assert_eq!(fighters(&s)[1], "John Talbot");
    s.roll(&[black(4), black(0), white(3)]);
    assert_eq!(s.duel().sides[0].dice[2].len(), 1, "one Armor die left");
    s.roll(&[black(4), black(0), white(3)]);
    assert!(s.view().duel.is_none());
    assert_eq!((s.glory(0), s.glory(1)), (12, 12));
    // The board is cleared and round 2's tournament is being set up.
    let v = s.view();
    assert_eq!((v.round, v.stage), (2, "prepare"));
    assert!(v.tournament.towns.iter().all(|t| t.knights.is_empty()));
}

#[test]
fn a_joust_a_plaisance_with_waiting_eliminations_and_the_trophy() {
    // Card 7, round 1: knights on spaces 2, 4 and 7 of the lower row.
    let mut s = table(
        TournamentKind::JoustAPlaisance,
        6,
        &["Álvaro", "Dobiesław of", "David Mathew"],
    );
    // The card's lower row with its three free spaces' fillers named.
    use tourney_glory::KnightType::{Noble, PolishNoble};
    assert_eq!(
        s.view().tournament.layout,
        Some(LayoutView {
            towns: vec![],
            place: vec![
                None,
                Some(Noble),
                None,
                Some(PolishNoble),
                None,
                None,
                Some(Noble),
                None
            ],
            add: vec![Noble, PolishNoble, Noble, Noble],
        })
    );
    s.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    s.resources(0, 0, 0, 0, 10)
        .empty_hand(0)
        .give_card(0, "The Game", 3);
    s.resources(1, 0, 4, 0, 10).empty_hand(1);
    for p in 0..2 {
        s.set(p, "mount", json!(2)).set(p, "armor", json!(2));
    }
    // Seat 1 may wait; seat 2, the last unregistered, may not.
    assert!(s.legal(0).contains(&Action::Pass));
    s.act(0, Action::Pass);
    assert!(!s.legal(1).contains(&Action::Pass));
    s.refuse(1, Action::Register(1)).to_string(); // Álvaro's space
    s.act(1, Action::Register(0));
    s.refuse(0, Action::Pass).to_string();
    s.act(0, Action::Register(7));
    // The free spaces are filled left to right with the card's knights.
    assert_eq!(s.step_text(), "A Noble tile is drawn");
    s.chance(Chance::Knight(knight("Jan van Borssele")))
        .chance(Chance::Knight(knight("Zyndram")))
        .chance(Chance::Knight(knight("John Fastolf")));
    assert_eq!(
        s.ladder_names()[..8],
        [
            "Seat 2",
            "Álvaro Vaz de Almada",
            "Jan van Borssele",
            "Dobiesław of Oleśnica",
            "Zyndram of Maszkowice",
            "John Fastolf",
            "David Mathew",
            "Seat 1"
        ]
    );
    // Lower row, left to right: seat 2 against Álvaro first.
    assert_eq!(
        fighters(&s),
        ["Seat 2".to_string(), "Álvaro Vaz de Almada".to_string()]
    );
    s.act(1, Action::Strength(0));
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.act(1, Action::Strength(0));
    s.roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(s.glory(1), 12);
    // Knight against knight is settled at once: Oleśnica (glory 3) beats
    // Jan (2); Zyndram and Fastolf share glory 3, Zyndram's prestige wins.
    let names = s.ladder_names();
    assert_eq!(names[9], "Dobiesław of Oleśnica");
    assert_eq!(names[10], "Zyndram of Maszkowice");
    // David Mathew (8) knocks seat 1 out.
    assert_eq!(
        fighters(&s),
        ["David Mathew".to_string(), "Seat 1".to_string()]
    );
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    // Middle row: seat 2 against Oleśnica, then Zyndram against David.
    assert_eq!(fighters(&s)[1], "Dobiesław of Oleśnica");
    s.act(1, Action::Strength(0));
    s.roll(&[black(4), black(0), white(3), white(0)])
        .roll(&[white(0)]);
    s.act(1, Action::Strength(0));
    s.roll(&[black(4), black(0), white(3), white(0)])
        .roll(&[white(0)]);
    assert_eq!(s.glory(1), 16);
    // The final against Zyndram (8 + a white die): four Strength tokens.
    assert_eq!(fighters(&s)[1], "Zyndram of Maszkowice");
    s.act(1, Action::Strength(4));
    s.roll(&[
        SYMBOL,
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ])
    .roll(&[white(3)]);
    s.roll(&[
        red(5),
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ])
    .roll(&[white(3)]);
    // 4 for Zyndram and the standard trophy: 1 glory and 1 coin.
    assert_eq!(s.glory(1), 21);
    assert_eq!(s.player(1).coins, 1);
    match s.view().tournament.ladder[14] {
        Some(Entrant::Player(Seat(1))) => {}
        other => panic!("seat 2 should have won, found {other:?}"),
    }
    // Seat 1, out in the first duel, plays up to 2 extra Journey cards.
    assert_eq!(s.view().stage, "extra_journey");
    assert_eq!(s.on_move(), Some(0));
    s.act(0, Action::Play(card("The Game")));
    s.act(0, Action::Play(card("The Game")));
    assert_eq!(s.player(0).coins, 4);
    assert_eq!(s.player(0).hand_size, [1, 0, 0]);
    assert_eq!(s.view().stage, "prepare", "no third card");
}

#[test]
fn trophy_tiles_are_drawn_for_a_joust() {
    let cfg = Config {
        trophies: Trophies::Tiles,
        ..config(TournamentKind::JoustAPlaisance)
    };
    let mut s = Script::new(cfg, 2);
    s.auto_until(|s| s.is_chance() && s.step_text() == "The trophy is drawn");
    assert_eq!(s.outcomes(), (0..4).map(Chance::Trophy).collect::<Vec<_>>());
    s.chance(Chance::Trophy(2));
    assert_eq!(s.view().tournament.trophy, Some("Reliquary"));
}

/// Two players registered side by side in a joust (spaces 4 and 5).
fn face_off() -> Script {
    let mut s = table(
        TournamentKind::JoustAPlaisance,
        6,
        &["Álvaro", "Dobiesław of", "David Mathew"],
    );
    s.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    for p in 0..2 {
        s.resources(p, 0, 0, 0, 10)
            .set(p, "mount", json!(2))
            .set(p, "armor", json!(2))
            .empty_hand(p);
    }
    s
}

#[test]
fn between_players_an_exact_tie_goes_to_initiative_and_flips_prestige() {
    let mut s = face_off();
    s.set(0, "prestige", json!(0b1))
        .set(1, "prestige", json!(0b10));
    s.act(0, Action::Register(4)).act(1, Action::Register(5));
    s.auto_until(|s| s.view().duel.is_some());
    // 7 each, one prestige each: seat 1 is first on the track and wins.
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    let d = s.duel();
    assert_eq!(d.wins, [1, 0]);
    assert_eq!(d.last_clash.unwrap().by, TieBreak::Initiative);
    assert_eq!(
        s.player(0).prestige[0].active,
        0,
        "the winner flips a token"
    );
    assert_eq!(s.player(1).prestige[0].active, 1);
    // Now seat 2 has the prestige: the same roll goes to seat 2.
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    let d = s.duel();
    assert_eq!(d.wins, [1, 1]);
    assert_eq!(d.last_clash.unwrap().by, TieBreak::Prestige);
    // Seat 1 wins the third clash; seat 2 gets half of a 7, rounded down.
    s.roll(&[black(4), black(0), white(3), white(1)]);
    s.roll(&[black(3), black(0), white(3), white(0)]);
    let last = s.view().last_duel.unwrap();
    assert_eq!(
        last.fighters,
        [Fighter::Player(Seat(0)), Fighter::Player(Seat(1))]
    );
    assert_eq!((last.wins, last.glory), ([2, 1], [7, 3]));
}

#[test]
fn beating_a_player_with_more_glory_is_worth_nine() {
    let mut s = face_off();
    s.set(1, "glory", json!(14));
    s.act(0, Action::Register(4)).act(1, Action::Register(5));
    s.auto_until(|s| s.view().duel.is_some());
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(3), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(3), black(0), white(3), white(0)]);
    assert_eq!(s.view().last_duel.unwrap().glory, [9, 0]);
    assert_eq!(s.glory(0), 19);
}

#[test]
fn the_player_behind_acts_first_at_every_step() {
    let mut s = face_off();
    for p in 0..2 {
        s.set(p, "strength", json!(4)).set(p, "faith", json!(1));
    }
    s.set(0, "prestige", json!(0b1));
    s.act(0, Action::Register(4)).act(1, Action::Register(5));
    s.auto_until(|s| s.view().duel.is_some());
    // Both 0; seat 1 has the prestige: seat 2 is behind.
    assert_eq!(
        (s.duel().step, s.duel().acting),
        (DuelStep::Strength, Some(1))
    );
    s.act(1, Action::Strength(1)).act(0, Action::Strength(1));
    s.roll(&[red(5), black(4), black(0), white(3), white(0)]);
    s.roll(&[red(1), black(1), black(0), white(0), white(0)]);
    assert_eq!(s.attack(), [12, 2]);
    assert_eq!((s.duel().step, s.duel().acting), (DuelStep::Faith, Some(1)));
    s.act(1, Action::Pass);
    assert_eq!(s.duel().acting, Some(0));
    s.act(0, Action::Pass);
    // The order is fixed when a step begins: the leader goes second.
}
