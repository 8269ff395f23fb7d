//! The tournament type chosen between rounds (`tournament_choice =
//! "between_rounds"`; rulebook: "You can then change tournament type
//! between rounds if you wish"): the player last on the initiative track
//! chooses the type of rounds 2 and 3 when their tournament is set up.

mod common;

use common::*;
use tourney_core::{RuleError, ToMove};
use tourney_glory::content::TOURNAMENTS;
use tourney_glory::{
    Action, Chance, Characters, Config, Solo, SoloMode, TournamentChoice, TournamentKind,
};

const PAS: Action = Action::Tournament(TournamentKind::PasDArmes);
const JOUST: Action = Action::Tournament(TournamentKind::JoustAPlaisance);

fn chosen_between_rounds() -> Config {
    Config {
        characters: Characters::LevelOne,
        tournament_choice: TournamentChoice::BetweenRounds,
        ..Config::default()
    }
}

fn choosing(s: &Script) -> bool {
    s.on_move().is_some_and(|p| {
        s.legal(p)
            .iter()
            .any(|a| matches!(a, Action::Tournament(_)))
    })
}

fn over(s: &Script) -> bool {
    matches!(s.to_move(), ToMove::Over(_))
}

/// The tournament cards the next draw can bring.
fn card_kinds(s: &Script) -> Vec<TournamentKind> {
    assert_eq!(s.step_text(), "The tournament card is drawn");
    let mut kinds: Vec<TournamentKind> = s
        .outcomes()
        .into_iter()
        .map(|c| match c {
            Chance::Tournament(id) => TOURNAMENTS[usize::from(id)].kind,
            other => panic!("not a tournament card: {other:?}"),
        })
        .collect();
    kinds.dedup();
    kinds
}

#[test]
fn the_player_last_on_the_initiative_track_chooses_rounds_2_and_3() {
    let mut s = Script::new(chosen_between_rounds(), 3);
    s.auto_until(choosing);
    let view = s.view();
    assert_eq!(view.round, 2);
    let last = view.order.last().expect("an initiative order").0;
    assert_eq!(s.on_move(), Some(last), "the last on the track chooses");
    assert_eq!(s.legal(last), vec![PAS, JOUST]);
    let who = format!("Seat {}", last + 1);
    assert_eq!(
        view.waiting_for,
        format!("{who} chooses the tournament of round 2")
    );
    // The board says which types are set and which are still to choose.
    assert_eq!(
        view.tournament.plan,
        format!(
            "round 1: Pas d'Armes; round 2: being chosen now by {who}; round 3: to be chosen \
             when its tournament is set up, by the player last on the initiative track then"
        )
    );
    // Round 1's card still lies there, but says nothing of round 2.
    assert_eq!(view.tournament.layout, None);
    // Nobody else may choose.
    let other = (last + 1) % 3;
    assert!(matches!(s.refuse(other, JOUST), RuleError::NotOnMove(_)));

    s.telling();
    s.act(last, JOUST);
    let told = s.told_texts();
    let line =
        format!("{who}, last on the initiative track, chooses a Joust à Plaisance for round 2");
    assert!(told.contains(&line), "{line} in {told:#?}");
    assert_eq!(s.view().tournament.kind, TournamentKind::JoustAPlaisance);
    assert_eq!(card_kinds(&s), vec![TournamentKind::JoustAPlaisance]);
    assert!(
        s.view()
            .tournament
            .plan
            .starts_with("round 1: Pas d'Armes; round 2: Joust à Plaisance (chosen during play); round 3: to be chosen"),
        "{}",
        s.view().tournament.plan
    );

    // Round 3: asked again, of whoever is last then.
    s.auto_until(choosing);
    let view = s.view();
    assert_eq!(view.round, 3);
    let last = view.order.last().expect("an initiative order").0;
    assert_eq!(s.on_move(), Some(last));
    s.act(last, PAS);
    assert_eq!(card_kinds(&s), vec![TournamentKind::PasDArmes]);
    assert_eq!(
        s.view().tournament.plan,
        "round 1: Pas d'Armes; round 2: Joust à Plaisance (chosen during play); round 3: \
         Pas d'Armes (chosen during play)"
    );
}

#[test]
fn by_default_the_agreed_types_are_played_and_nobody_is_asked() {
    let mut s = Script::new(
        Config {
            characters: Characters::LevelOne,
            ..Config::default()
        },
        2,
    );
    // To the end of the game: no choice is ever offered, and each round's
    // card is of the type the config names (Pas d'Armes, Joust, Pas).
    let mut kinds = Vec::new();
    s.auto_until(|s| {
        assert!(!choosing(s), "asked for a tournament with the fixed option");
        over(s) || (s.is_chance() && s.step_text() == "The tournament card is drawn")
    });
    while !over(&s) {
        kinds.push(card_kinds(&s)[0]);
        let c = s.outcomes()[0];
        s.chance(c);
        s.auto_until(|s| {
            assert!(!choosing(s), "asked for a tournament with the fixed option");
            over(s) || (s.is_chance() && s.step_text() == "The tournament card is drawn")
        });
    }
    use TournamentKind::{JoustAPlaisance, PasDArmes};
    assert_eq!(kinds, vec![PasDArmes, JoustAPlaisance, PasDArmes]);
}

#[test]
fn in_solo_the_player_chooses_and_champion_mode_never_asks() {
    let solo = |mode| Config {
        solo: Some(Solo {
            mode,
            ..Solo::default()
        }),
        ..chosen_between_rounds()
    };
    let mut s = Script::new(solo(SoloMode::Rivalry), 1);
    s.auto_until(choosing);
    assert_eq!(s.view().round, 2);
    assert_eq!(s.on_move(), Some(0));
    s.telling();
    s.act(0, PAS);
    assert!(
        s.told_texts()
            .contains(&"Seat 1 chooses a Pas d'Armes for round 2".to_string())
    );

    let mut s = Script::new(solo(SoloMode::Champion), 1);
    s.auto_until(|s| {
        assert!(!choosing(s), "Champion mode is all Joust à Plaisance");
        over(s)
    });
}

#[test]
fn during_setup_the_board_shows_the_type_agreed_for_round_1() {
    use TournamentKind::{JoustAPlaisance, PasDArmes};
    let s = Script::new(
        Config {
            tournaments: [JoustAPlaisance, PasDArmes, JoustAPlaisance],
            ..Config::default()
        },
        2,
    );
    assert_eq!(s.view().tournament.kind, JoustAPlaisance);
    let s = Script::new(Config::default(), 2);
    assert_eq!(s.view().tournament.kind, PasDArmes);
}
