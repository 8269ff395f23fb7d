//! The view keeps the last combat fought to its end (`last_combat`) after
//! the combat is over, so a player can read what decided it once the turn
//! has moved on: the cards, the Ambush die, the values, the winner and the
//! losses, the same for every viewer.

mod common;

use common::*;
use tourney_core::Seat;
use tourney_mastery::{
    Action, Config, LastCombatView, PlayedView, RelicAppliedView, RelicDownView, RelicKind,
    ValueParts,
};

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
        // Both sides' Sceptres and Orbs were arranged face down, by nobody
        // in the game: no cause to report.
        relics_down: [vec![], vec![]],
        // Nor did any Relic apply.
        relics_applied: [vec![], vec![]],
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

/// Before marching, seat 1 turns seat 2's Sceptre of Oath (defending: +1)
/// face down with its Crown of Corruption, then marches three knights into
/// seat 2's Forest of two. Conflict 4 against Conflict 2: 7 against 4,
/// where the face-up Sceptre would have made it 7 against 5. The report
/// names the Sceptre that did not count and the Crown that turned it down;
/// seat 2's Orb of Resolve, which only helps a winner, is not named.
#[test]
fn a_sceptre_a_crown_turned_down_is_flagged_in_the_report() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_corruption")
        .plain(&[0, 1])
        .quiet(&[0]);
    s.tile(5, "forest_1").knights(5, Some(1), 2).castle(0, 3);
    s.act(0, Action::CrownOnRelic(relic(1, RelicKind::Sceptre)));
    assert!(!s.face_up(1, RelicKind::Sceptre));
    assert!(s.face_up(1, RelicKind::Orb));
    s.march(0, 5, 3);
    s.fight(Conflict4, Conflict2);
    let last = s.view().last_combat.expect("a report");
    assert_eq!(last.values, [7, 4]);
    assert_eq!(last.parts[1].sceptres, 0, "the Sceptre added nothing");
    assert_eq!((last.winner, last.margin), (Seat(0), 3));
    assert_eq!(
        last.relics_down,
        [
            vec![],
            vec![RelicDownView {
                kind: RelicKind::Sceptre,
                relic: Some("sceptre_of_oath"),
                by: Seat(0),
                crown: Some("crown_of_corruption"),
            }],
        ]
    );
    // Every viewer reads the same flag, and it stays with the report once
    // the turn has moved on.
    assert_eq!(s.view_of(1).last_combat, Some(last.clone()));
    s.end_turn(0);
    while s.is_chance() {
        let first = s.outcomes()[0];
        s.chance(first);
    }
    assert_eq!(s.on_move(), vec![1], "seat 2's turn");
    assert_eq!(s.view().last_combat, Some(last));
}

/// Seat 1 marches four knights into seat 2's Forest of three with the Orb
/// of Savagery (the rival loses one more knight), Conflict 4 against
/// Conflict 3: 8 against 6. Seat 2 answers the Orb with Destroy, so it
/// loses two knights, not three; the report names the Orb and no Crown.
#[test]
fn an_orb_destroyed_by_a_card_is_flagged_without_a_crown() {
    let mut s = Script::standard(2);
    s.plain(&[0])
        .quiet(&[0, 1])
        .give_relic(0, "orb_of_savagery");
    s.cards(
        1,
        &[Destroy, Conflict2, Conflict3, HeroicEffort1, Conflict4],
        &[],
    );
    s.tile(5, "forest_1").knights(5, Some(1), 3).castle(0, 5);
    s.march(0, 5, 4);
    s.act(0, Action::Continue);
    s.act(0, Action::Conflict(Conflict4))
        .act(1, Action::Conflict(Conflict3));
    s.act(1, Action::Pass).act(0, Action::Pass);
    assert_eq!(s.combat_step(), Some("orbs"));
    s.act(1, Action::Destroy(relic(0, RelicKind::Orb)));
    let last = s.view().last_combat.expect("a report");
    assert_eq!(last.values, [8, 6]);
    assert_eq!((last.loser, last.lost), (Seat(1), 2));
    assert_eq!(
        last.relics_down,
        [
            vec![RelicDownView {
                kind: RelicKind::Orb,
                relic: Some("orb_of_savagery"),
                by: Seat(1),
                crown: None,
            }],
            vec![],
        ]
    );
}

/// The report names every Relic that took effect, with what it did: seat 1
/// marches three knights into seat 2's Forest of four, plays Ambush against
/// Conflict 3, and the Ambush die shows 6: 9 against 7, the attacker wins by
/// 2. Seat 2's Orb of Revival (it helps a loser) is face up and spares it a
/// knight: it loses one, not two. Seat 2's Sceptre and seat 1's Relics lie
/// face down, so they are not named.
#[test]
fn the_defenders_orb_is_named_in_the_report_with_what_it_did() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.give_relic(1, "orb_of_revival");
    s.cards(0, &[Ambush, Conflict2, Conflict3], &[Destroy]);
    s.tile(5, "forest_1").knights(5, Some(1), 4).castle(0, 3);
    s.march(0, 5, 3);
    s.draw(&[Conflict2, Conflict4]);
    s.act(0, Action::Continue).pass_on();
    s.act(0, Action::Conflict(Ambush));
    s.act(1, Action::Conflict(Conflict3));
    s.roll(&[6]);
    s.pass_on();
    let last = s.view().last_combat.expect("a report");
    assert_eq!(last.values, [9, 7]);
    assert_eq!((last.winner, last.margin), (Seat(0), 2));
    assert_eq!((last.loser, last.lost, last.retreated), (Seat(1), 1, 3));
    assert_eq!(
        last.relics_applied,
        [
            vec![],
            vec![RelicAppliedView {
                kind: RelicKind::Orb,
                relic: Some("orb_of_revival"),
                effect: "the defender lost 1 knight fewer".to_string(),
            }],
        ]
    );
    assert_eq!(last.relics_down, [vec![], vec![]]);
    // Every viewer reads the same.
    assert_eq!(s.view_of(0).last_combat, Some(last.clone()));
    assert_eq!(s.view_of(1).last_combat, Some(last));
}

/// A Sceptre that takes off the rival's value is named on its owner's
/// side, and says whose value it changed: seat 2 defends with the Sceptre
/// of Defiance (defending: the attacker -1) against seat 1's Sceptre of
/// Rage (+1 to its owner). Seat 2's Orb of Savagery would help a winner,
/// and seat 2 loses, so it is not named.
#[test]
fn sceptres_are_named_on_their_owners_side_with_whose_value_they_changed() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.give_relic(0, "sceptre_of_rage")
        .give_relic(1, "sceptre_of_defiance")
        .give_relic(1, "orb_of_savagery");
    s.tile(5, "forest_1").knights(5, Some(1), 2).castle(0, 3);
    s.march(0, 5, 3);
    s.fight(Conflict4, Conflict2);
    let last = s.view().last_combat.expect("a report");
    // 3 + 1 - 1 + 4 against 2 + 2.
    assert_eq!(last.values, [7, 4]);
    assert_eq!(last.parts[0].sceptres, 0, "+1 and -1");
    assert_eq!(
        last.relics_applied,
        [
            vec![RelicAppliedView {
                kind: RelicKind::Sceptre,
                relic: Some("sceptre_of_rage"),
                effect: "added 1 to the attacker's combat value".to_string(),
            }],
            vec![RelicAppliedView {
                kind: RelicKind::Sceptre,
                relic: Some("sceptre_of_defiance"),
                effect: "took 1 off the attacker's combat value".to_string(),
            }],
        ]
    );
}
