//! The Title phase: every title's requirement, resources counted once, the
//! Chronicler, the Brave duel, and the winner with the prestige tiebreak.

mod common;

use common::*;
use serde_json::{Value, json};
use tourney_core::{Evaluate, Game, ToMove};
use tourney_glory::{Action, Support};

/// Stops playing cards and runs the Title phase (declining Brave unless
/// told otherwise).
fn finish(s: &mut Script) {
    s.act(0, Action::Pass);
    s.auto_until(|s| matches!(s.game.to_move(), ToMove::Over(_)));
}

fn completed(s: &Script, seat: u8) -> Vec<&'static str> {
    s.view().players[usize::from(seat)]
        .completed_titles
        .iter()
        .map(|t| t.name)
        .collect()
}

fn patch_player(s: &mut Script, seat: u8, f: impl FnOnce(&mut Value)) {
    s.patch(|v| f(&mut v["players"][usize::from(seat)]));
}

fn supports(list: &[(Support, u8)]) -> Value {
    let mut v = vec![0u8; 22];
    for &(s, n) in list {
        v[s as usize] += n;
    }
    json!(v)
}

#[test]
fn every_title_needs_exactly_what_it_says() {
    let base = at_the_end(["Strong", "Charming", "Traveler"]);
    type Setter = fn(&mut Value, bool);
    let cases: [(&str, u16, Setter); 13] = [
        ("Strong", 7, |p, ok| {
            p["played"] = json!([0, 0, if ok { 5 } else { 4 }])
        }),
        ("Charming", 6, |p, ok| {
            p["played"] = json!([if ok { 5 } else { 4 }, 0, 0])
        }),
        ("Traveler", 6, |p, ok| {
            p["played"] = json!([0, if ok { 5 } else { 4 }, 0])
        }),
        ("Influential", 4, |p, ok| {
            p["supports"] = supports(&[(Support::Squire, if ok { 5 } else { 4 })])
        }),
        ("Noble", 8, |p, ok| {
            p["supports"] = supports(&[
                (Support::Minstrel, 1),
                (Support::Queen, 1),
                (Support::Squire, 1),
            ]);
            p["rogue_used"] = json!(!ok);
        }),
        ("Dreaded", 7, |p, ok| {
            p["supports"] = supports(&[
                (Support::WeaponsMaster, 2),
                (Support::Rogue, if ok { 2 } else { 1 }),
            ])
        }),
        ("Pious", 7, |p, ok| {
            p["supports"] = supports(&[(Support::Sister, 1)]);
            p["relics"] = json!([1, 1, 1, 0]);
            p["faith"] = json!(if ok { 3 } else { 2 });
        }),
        ("Religious", 6, |p, ok| {
            p["relics"] = json!([1, 1, 1, if ok { 1 } else { 0 }]);
            p["coins"] = json!(2);
        }),
        ("Patron", 6, |p, ok| {
            p["supports"] = supports(&[(Support::Minstrel, 2)]);
            p["coins"] = json!(if ok { 3 } else { 2 });
        }),
        ("Fortunate", 5, |p, ok| {
            p["coins"] = json!(3);
            p["strength"] = json!(if ok { 3 } else { 2 });
        }),
        ("Wealthy", 5, |p, ok| {
            p["coins"] = json!(if ok { 6 } else { 5 })
        }),
        ("Prestigious", 7, |p, ok| {
            // Flipped tokens count too.
            p["prestige"] = json!(if ok { 0b1111 } else { 0b0111 });
            p["flipped"] = json!(0b0011);
        }),
        ("Equipped", 7, |p, ok| {
            p["mount"] = json!(4);
            p["armor"] = json!(if ok { 4 } else { 3 });
        }),
    ];
    for (name, reward, set) in cases {
        for ok in [true, false] {
            let mut s = Script::from_game(base.game.clone());
            s.give_title(0, name);
            patch_player(&mut s, 0, |p| set(p, ok));
            // (The public titles need five cards of one type: only these
            // cases themselves can complete them.)
            finish(&mut s);
            let done = completed(&s, 0);
            if ok {
                assert!(done.contains(&name), "{name} should be completed: {done:?}");
                assert_eq!(s.glory(0), 20 + reward, "{name}");
            } else {
                assert!(!done.contains(&name), "{name} should fail: {done:?}");
                assert_eq!(s.glory(0), 20, "{name}");
            }
        }
    }
}

#[test]
fn a_resource_counts_for_one_title_only() {
    let mut s = at_the_end(["Wealthy", "Fortunate", "Patron"]);
    patch_player(&mut s, 0, |p| {
        p["coins"] = json!(9);
        p["strength"] = json!(3);
        p["supports"] = supports(&[(Support::Minstrel, 2)]);
    });
    finish(&mut s);
    // 12 coins would be needed for all three: the best pair is worth 11.
    assert_eq!(s.glory(0), 31);
    assert!(completed(&s, 0).contains(&"Patron"));
    assert_eq!(completed(&s, 0).len(), 2);

    let mut s = at_the_end(["Influential", "Dreaded", "Strong"]);
    patch_player(&mut s, 0, |p| {
        p["supports"] = supports(&[
            (Support::WeaponsMaster, 2),
            (Support::Rogue, 2),
            (Support::Squire, 2),
        ]);
    });
    finish(&mut s);
    assert_eq!(
        completed(&s, 0),
        vec!["Dreaded"],
        "9 supports would be needed for both"
    );
}

#[test]
fn public_titles_are_open_to_every_player_and_the_chronicler_adds_one_each() {
    let mut s = at_the_end(["Wealthy", "Equipped", "Strong"]);
    for p in 0..2 {
        patch_player(&mut s, p, |v| v["coins"] = json!(6));
    }
    patch_player(&mut s, 1, |v| {
        v["mount"] = json!(4);
        v["armor"] = json!(4);
        v["supports"] = supports(&[(Support::Chronicler, 1)]);
    });
    finish(&mut s);
    assert_eq!(completed(&s, 0), vec!["Wealthy"]);
    assert_eq!(completed(&s, 1), vec!["Wealthy", "Equipped"]);
    assert_eq!((s.glory(0), s.glory(1)), (25, 20 + 5 + 7 + 2));
}

#[test]
fn brave_is_a_single_duel_against_attack_11_prestige_1() {
    let mut s = at_the_end(["Brave", "Strong", "Charming"]);
    for p in 0..2 {
        patch_player(&mut s, p, |v| {
            v["strength"] = json!(4);
            v["mount"] = json!(4);
            v["armor"] = json!(4);
        });
    }
    s.act(0, Action::Pass);
    // Seat 1 first: attempt, win 2-0 (12 against 11).
    assert_eq!(s.legal(0), vec![Action::Attempt, Action::Pass]);
    s.act(0, Action::Attempt);
    assert_eq!(s.duel().fighters[1], "the Brave title's knight");
    s.act(0, Action::Strength(4));
    s.roll(&[
        SYMBOL,
        red(1),
        red(1),
        black(4),
        black(0),
        black(0),
        white(3),
        white(0),
        white(0),
    ]);
    s.roll(&[
        SYMBOL,
        red(1),
        red(1),
        black(4),
        black(0),
        black(0),
        white(3),
        white(0),
        white(0),
    ]);
    // Seat 2 declines.
    assert_eq!(s.on_move(), Some(1));
    s.act(1, Action::Pass);
    assert!(matches!(s.game.to_move(), ToMove::Over(_)));
    assert_eq!(completed(&s, 0), vec!["Brave"]);
    assert_eq!((s.glory(0), s.glory(1)), (28, 20));
    assert_eq!(s.view().winners, Some(vec![Seat(0)]));
}

#[test]
fn a_lost_brave_duel_scores_nothing_and_only_the_holder_is_asked() {
    let mut s = at_the_end(["Strong", "Charming", "Traveler"]);
    s.give_title(1, "Brave");
    s.act(0, Action::Pass);
    // Seat 1 does not hold Brave: seat 2 is asked.
    assert_eq!(s.on_move(), Some(1));
    s.act(1, Action::Attempt);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    assert!(matches!(s.game.to_move(), ToMove::Over(_)));
    assert!(completed(&s, 1).is_empty());
    assert_eq!(s.glory(1), 20);
}

#[test]
fn a_tie_on_glory_goes_to_prestige_then_is_shared() {
    let mut s = at_the_end(["Strong", "Charming", "Traveler"]);
    patch_player(&mut s, 1, |v| {
        v["prestige"] = json!(0b11);
        v["flipped"] = json!(0b11);
    });
    patch_player(&mut s, 0, |v| v["prestige"] = json!(0b1));
    finish(&mut s);
    assert_eq!(
        s.view().winners,
        Some(vec![Seat(1)]),
        "flipped tokens count"
    );
    let mut s = at_the_end(["Strong", "Charming", "Traveler"]);
    finish(&mut s);
    assert_eq!(s.view().winners, Some(vec![Seat(0), Seat(1)]));
    assert_eq!(
        s.game
            .evaluate(tourney_core::Seat(0), &mut Default::default()),
        0.5
    );
}
