//! The title discard pile (rulebook: New Objective, The Quest, Points to
//! Remember 11, solo New Objective): unkept titles go face up onto one
//! pile, and when a title is to be drawn from an empty deck the pile is
//! shuffled to form the new deck.

mod common;

use common::*;
use serde_json::json;
use tourney_core::{Game, GameRng, ToMove};
use tourney_glory::events::Event;
use tourney_glory::{Action, Chance, Characters, Config, Space};

fn level_one() -> Config {
    Config {
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

/// Lays out the title deck and the discard pile by title name; every other
/// title is somewhere else (public, or in someone's hand).
fn titles(s: &mut Script, deck: &[&str], pile: &[&str]) {
    let counts = |names: &[&str]| {
        let mut c = [0u8; 14];
        for n in names {
            c[usize::from(title(n))] += 1;
        }
        json!(c)
    };
    let (deck, pile) = (counts(deck), counts(pile));
    s.patch(|v| {
        v["board"]["title_deck"]["counts"] = deck;
        v["board"]["title_discards"]["counts"] = pile;
    });
}

fn pile(s: &Script) -> Vec<&'static str> {
    s.view().title_discards.iter().map(|t| t.name).collect()
}

fn draws(s: &Script) -> Vec<Chance> {
    s.outcomes()
}

fn ids(names: &[&str]) -> Vec<Chance> {
    let mut ids: Vec<u8> = names.iter().map(|n| title(n)).collect();
    ids.sort();
    ids.into_iter().map(Chance::Title).collect()
}

#[test]
fn an_empty_deck_is_shuffled_from_the_discard_pile_before_the_next_draw() {
    let mut s = Script::started(level_one(), 2);
    titles(&mut s, &["Brave"], &["Noble", "Wealthy", "Pious"]);
    s.telling();
    s.act(0, Action::Place(Space::NewObjective));
    // The deck's last title first: nothing on the pile comes back yet.
    assert_eq!(draws(&s), ids(&["Brave"]));
    s.chance(Chance::Title(title("Brave")));
    // The next draw finds the deck empty: the pile becomes the deck.
    let told = s.told_to(Some(1));
    assert!(
        told.contains(
            &"The title deck is empty: the discard pile (3 titles) is shuffled to form a new deck"
                .to_string()
        ),
        "{told:#?}"
    );
    assert_eq!(draws(&s), ids(&["Noble", "Wealthy", "Pious"]));
    assert_eq!(pile(&s), Vec::<&str>::new());
    assert_eq!(s.view().title_deck, 3);
    s.chance(Chance::Title(title("Wealthy")));
    s.chance(Chance::Title(title("Pious")));
    s.act(0, Action::KeepTitle(title("Wealthy")));
    // Brave and Pious go face up onto the (new) pile; Noble is the deck.
    let mut expected = vec!["Brave", "Pious"];
    expected.sort_by_key(|n| title(n));
    assert_eq!(pile(&s), expected);
    assert_eq!(s.view().title_deck, 1);
    assert_eq!(s.player(0).objectives_held, 2);
}

#[test]
fn new_objective_is_open_while_only_the_pile_has_titles() {
    let mut s = Script::started(level_one(), 2);
    titles(&mut s, &[], &["Noble", "Wealthy"]);
    assert!(s.can(0, Action::Place(Space::NewObjective)));
    s.act(0, Action::Place(Space::NewObjective));
    assert_eq!(draws(&s), ids(&["Noble", "Wealthy"]));
    s.chance(Chance::Title(title("Noble")));
    s.chance(Chance::Title(title("Wealthy")));
    // Two titles were all there was: the player keeps one of the two.
    assert_eq!(
        s.legal(0),
        vec![
            Action::KeepTitle(title("Noble")),
            Action::KeepTitle(title("Wealthy"))
        ]
    );
    s.act(0, Action::KeepTitle(title("Noble")));
    assert_eq!(pile(&s), vec!["Wealthy"]);

    // With the deck and the pile both empty there is nothing to draw.
    let mut s = Script::started(level_one(), 2);
    titles(&mut s, &[], &[]);
    assert!(!s.can(0, Action::Place(Space::NewObjective)));
    let why = s.refuse(0, Action::Place(Space::NewObjective)).to_string();
    assert!(why.contains("title"), "{why}");
}

#[test]
fn otto_discards_onto_the_same_pile_and_draws_on_after_a_reshuffle() {
    let solo = Config {
        solo: Some(tourney_glory::Solo::default()),
        ..level_one()
    };
    let mut s = Script::started(solo, 1);
    s.act(0, Action::Place(Space::Patrol));
    assert_eq!(s.step_text(), "Otto reveals an automa card");
    // One title in the deck, two on the pile: with the pile, Otto's New
    // Objective (three titles) can be carried out.
    titles(&mut s, &["Brave"], &["Noble", "Wealthy"]);
    s.telling();
    // Solo 8: New Objective is its first action.
    s.chance(Chance::Automa(7));
    assert_eq!(s.step_text(), "Otto draws a title and discards it");
    s.chance(Chance::Title(title("Brave")));
    // Brave is on the pile, the deck is empty: all three are the new deck.
    let told = s.told_to(Some(0));
    for line in [
        "Otto discards the title Brave face up",
        "The title deck is empty: the discard pile (3 titles) is shuffled to form a new deck",
    ] {
        assert!(told.contains(&line.to_string()), "{line} in {told:#?}");
    }
    assert_eq!(draws(&s), ids(&["Brave", "Noble", "Wealthy"]));
    s.chance(Chance::Title(title("Noble")));
    assert_eq!(s.step_text(), "Otto draws a title and keeps it");
    s.chance(Chance::Title(title("Wealthy")));
    let view = s.view_of(0);
    assert_eq!(pile(&s), vec!["Noble"]);
    assert_eq!(view.title_deck, 1, "Brave is the deck");
    assert_eq!(view.players[1].objectives, None, "his objective is hidden");
}

/// Plays a seeded game in which every seat takes New Objective whenever it
/// is offered (and keeps the first title it may), and checks that no title
/// comes back before the pile is reshuffled. Returns how many titles were
/// discarded and how many reshuffles there were.
fn new_objective_at_every_chance(config: Config, seats: usize, seed: u64) -> (usize, usize) {
    let mut s = Script::new(config, seats);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut on_pile: Vec<u8> = Vec::new();
    let (mut discarded, mut reshuffles) = (0, 0);
    for _ in 0..100_000 {
        s.telling();
        match s.game.to_move() {
            ToMove::Over(_) => return (discarded, reshuffles),
            ToMove::Chance => {
                let mut outcomes = Vec::new();
                s.game.chance_outcomes(&mut outcomes);
                let i = rng.pick_weighted(&outcomes).expect("an outcome");
                let c = outcomes[i].0;
                if let Chance::Title(t) = c {
                    assert!(
                        !on_pile.contains(&t),
                        "title {t} came back before the pile was reshuffled"
                    );
                }
                s.chance(c);
            }
            ToMove::Seats(set) => {
                let seat = set.first_seat().expect("a seat").0;
                let legal = s.legal(seat);
                let objective = Action::Place(Space::NewObjective);
                let a = if legal.contains(&objective) {
                    objective
                } else if let Some(&keep) = legal.iter().find(|a| matches!(a, Action::KeepTitle(_)))
                {
                    keep
                } else {
                    legal[rng.below(legal.len() as u32) as usize]
                };
                s.act(seat, a);
            }
        }
        for (_, event) in s.told() {
            match event {
                Event::TitleDiscarded { title, .. } => {
                    discarded += 1;
                    on_pile.push(title);
                }
                Event::TitleDeckReshuffled { count } => {
                    assert_eq!(usize::from(count), on_pile.len(), "the whole pile");
                    reshuffles += 1;
                    on_pile.clear();
                }
                _ => {}
            }
        }
        let view = s.view();
        let mut shown: Vec<u8> = view.title_discards.iter().map(|t| t.id).collect();
        let mut tracked = on_pile.clone();
        shown.sort();
        tracked.sort();
        assert_eq!(shown, tracked, "the view shows the pile");
    }
    panic!("the game did not end");
}

#[test]
fn four_players_taking_new_objective_run_the_deck_out_and_reshuffle() {
    for seed in 1..=3 {
        let (discarded, reshuffles) = new_objective_at_every_chance(level_one(), 4, seed);
        assert!(discarded >= 8, "seed {seed}: {discarded} discarded");
        assert!(reshuffles >= 1, "seed {seed}: the deck never ran out");
    }
}

#[test]
fn a_solo_game_with_new_objective_at_every_chance_reshuffles_otto_s_discards_too() {
    let solo = Config {
        solo: Some(tourney_glory::Solo {
            deck: tourney_glory::AutomaDeck::Solo,
            ..Default::default()
        }),
        ..level_one()
    };
    let mut reshuffled = 0;
    for seed in 1..=6 {
        let (_, reshuffles) = new_objective_at_every_chance(solo, 1, seed);
        reshuffled += reshuffles;
    }
    assert!(reshuffled >= 1, "no solo game ran the title deck out");
}

/// Rules version 2 changed what a New Objective step leads to and version
/// 3 the house component values, so a record made under an earlier
/// version is refused, naming both versions.
#[test]
fn a_record_of_an_earlier_rules_version_is_refused_naming_the_version() {
    use tourney_core::{GameRecord, Session};
    let session: Session<tourney_glory::Glory> =
        Session::new(level_one(), vec!["a".into(), "b".into()], Some(7)).expect("a table");
    let record: GameRecord = session.record();
    assert_eq!(record.rules_version, "3");
    for old in ["1", "2"] {
        let mut stale = record.clone();
        stale.rules_version = old.into();
        let Err(err) = Session::<tourney_glory::Glory>::replay(&stale) else {
            panic!("a version {old} record replayed under version 3");
        };
        assert_eq!(
            err.to_string(),
            format!("the record was made with rules version {old}, this build plays 3")
        );
    }
}
