//! The view keeps the last combat fought to its end (`last_combat`) after
//! the combat is over, so a player can read what decided it once the turn
//! has moved on: the cards, the Ambush die, the values, the winner and the
//! losses, the same for every viewer.

mod common;

use common::*;
use tourney_core::Seat;
use tourney_mastery::{Action, Config, LastCombatView, PlayedView, ValueParts};

/// Seat 1 marches three knights into a Forest held by four of seat 2's,
/// plays Ambush against Conflict 3, and the Ambush die shows 6: 9 against
/// 7, the attacker wins by 2. Seat 2 loses two knights and two retreat.
fn an_ambush_won_by_two() -> Script {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.cards(0, &[Ambush, Conflict2, Conflict3], &[Destroy]);
    s.tile(5, "forest_1").knights(5, Some(1), 4).castle(0, 3);
    s.march(0, 5, 3);
    assert_eq!(s.view().last_combat, None, "no combat has ended yet");
    // Seat 1 draws up to five.
    s.draw(&[Conflict2, Conflict4]);
    s.act(0, Action::Continue).pass_on();
    s.act(0, Action::Conflict(Ambush));
    s.act(1, Action::Conflict(Conflict3));
    assert_eq!(s.values(), [3, 7]);
    s.roll(&[6]);
    s.pass_on();
    s
}

#[test]
fn an_ambush_win_is_reported_with_its_die_cards_and_losses() {
    let mut s = an_ambush_won_by_two();
    assert!(s.view().combat.is_none(), "the combat is over");
    let want = LastCombatView {
        number: 1,
        cell: cell(5),
        attacker: Seat(0),
        defender: Seat(1),
        knights: [3, 4],
        conflict: [Some(Ambush), Some(Conflict3)],
        ambush: [Some(6), None],
        played: vec![
            PlayedView {
                seat: Seat(0),
                cards: vec![Ambush],
            },
            PlayedView {
                seat: Seat(1),
                cards: vec![Conflict3],
            },
        ],
        values: [9, 7],
        parts: [
            ValueParts {
                knights: 3,
                ambush: 6,
                ..ValueParts::default()
            },
            ValueParts {
                knights: 4,
                conflict: 3,
                ..ValueParts::default()
            },
        ],
        winner: Seat(0),
        margin: 2,
        survival_lost: 0,
        reversed: false,
        loser: Seat(1),
        lost: 2,
        retreated: 2,
        retreat_lost: 0,
        conquered: true,
        castle_taken: false,
    };
    assert_eq!(s.view().last_combat, Some(want.clone()));
    // Every seat reads the same report: nothing in it was hidden by then.
    assert_eq!(s.view_of(0).last_combat, Some(want.clone()));
    assert_eq!(s.view_of(1).last_combat, Some(want.clone()));
    assert_eq!(s.at(5), (Some(0), 3), "the attacker holds the Forest");

    // The report stays while the turn moves on to the next player.
    s.end_turn(0);
    while s.is_chance() {
        let first = s.outcomes()[0];
        s.chance(first);
    }
    assert_eq!(s.on_move(), vec![1], "seat 2's turn");
    assert_eq!(s.view().last_combat, Some(want));
}

#[test]
fn the_next_combat_replaces_the_report_and_counts_on() {
    let mut s = an_ambush_won_by_two();
    s.end_turn(0);
    while s.is_chance() {
        let first = s.outcomes()[0];
        s.chance(first);
    }
    // Seat 2 attacks a Forest of seat 1's next to its lands: 1 knight
    // against 3, Conflict 4 against Conflict 2: 5 against 5, a tie, which
    // goes to the defender by 1.
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.tile(15, "forest_1").knights(15, Some(0), 3).castle(1, 2);
    s.act(1, Action::MarchTo(cell(15))).act(1, Action::Send(1));
    s.fight(Conflict4, Conflict2);
    let last = s.view().last_combat.expect("a report");
    assert_eq!(last.number, 2);
    assert_eq!((last.attacker, last.defender), (Seat(1), Seat(0)));
    assert_eq!(last.values, [5, 5]);
    assert_eq!((last.winner, last.margin), (Seat(0), 1));
    assert_eq!((last.loser, last.lost, last.retreated), (Seat(1), 1, 0));
    assert_eq!(last.ambush, [None, None]);
    assert!(!last.conquered);
}

#[test]
fn chaos_dice_that_turn_the_result_are_in_the_report() {
    let mut s = Script::with(
        Config {
            chaos: true,
            ..Config::default()
        },
        2,
    );
    s.plain(&[0, 1]).quiet(&[0, 1]).tile(5, "forest_1");
    s.knights(5, Some(1), 2).castle(0, 2);
    s.march(0, 5, 2);
    s.fight(Conflict4, Conflict2);
    // 6 against 4: the attacker wins by 2, then both survival dice show 1.
    s.roll(&[1, 1]);
    s.pass_on();
    let last = s.view().last_combat.expect("a report");
    assert_eq!(last.values, [6, 4]);
    assert_eq!(last.survival_lost, 2);
    assert!(last.reversed);
    assert_eq!((last.winner, last.loser), (Seat(1), Seat(0)));
    assert_eq!(last.margin, 0);
    assert_eq!(last.knights, [0, 2]);
    assert_eq!((last.lost, last.retreated, last.retreat_lost), (0, 0, 0));
    assert!(!last.conquered && !last.castle_taken);
}

/// Every source of a value is in the report, so its parts add up: seat 1
/// marches three knights into a Fortress (defence +1) held by two of
/// seat 2's. Each holds a Sceptre that adds one (Rage attacking, Oath
/// defending); Conflict 4 against Conflict 2; seat 2 has no Support card
/// and passes, seat 1 adds Heroic Effort 2: 10 against 6.
#[test]
fn the_report_breaks_each_value_into_its_sources() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.cards(
        0,
        &[Conflict2, Conflict2, Conflict3, HeroicEffort2, Conflict4],
        &[Destroy],
    );
    s.give_relic(0, "sceptre_of_rage")
        .give_relic(1, "sceptre_of_oath");
    s.tile(5, "fortress_2").knights(5, Some(1), 2).castle(0, 3);
    s.march(0, 5, 3);
    s.act(0, Action::Continue).pass_on();
    assert_eq!(s.values(), [4, 4], "a Sceptre each, and the Fortress");
    s.act(0, Action::Conflict(Conflict4));
    s.act(1, Action::Conflict(Conflict2));
    assert_eq!(s.values(), [8, 6]);
    // The lower value plays Support first: seat 2 has none.
    assert_eq!(s.on_move(), vec![1]);
    s.act(1, Action::Pass);
    s.act(0, Action::Support(HeroicEffort2)).pass_on();
    let last = s.view().last_combat.expect("a report");
    assert_eq!(last.values, [10, 6]);
    assert_eq!(
        last.parts,
        [
            ValueParts {
                knights: 3,
                territory: 0,
                sceptres: 1,
                conflict: 4,
                ambush: 0,
                support: 2,
            },
            ValueParts {
                knights: 2,
                territory: 1,
                sceptres: 1,
                conflict: 2,
                ambush: 0,
                support: 0,
            },
        ]
    );
    assert_eq!((last.winner, last.margin), (Seat(0), 4));
}
