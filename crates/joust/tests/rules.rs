//! Scenario tests, one or more per rule of a pass: counting the dice, pushes,
//! the shield bonus die, fumbles, hits, lances, dismounts and injuries. Every
//! card and die is fed explicitly.

mod common;

use common::*;
use tourney_core::{Game, Seat, ToMove};
use tourney_joust::{Action, Config, DiceMask, Injury, Phase, Scoring, Slot};

/// Seat 1's cards in slot order: head 2, body 3, left arm 4, right arm 5, shield 6.
const LOW: [u8; 5] = [2, 3, 4, 5, 6];
/// Seat 2's cards: head 7, body 7, left arm 8, right arm 8, shield 9.
const HIGH: [u8; 5] = [7, 7, 8, 8, 9];

/// A pass in which seat 2 (cards HIGH, aiming at seat 1's shield 6) rolls
/// the given dice with a ground mount and lance of peace.
fn seat2(d12: &[u8]) -> Duelist {
    Duelist::new(Slot::Shield, GROUND_PEACE, d12).cards(HIGH)
}

fn seat1(aim: Slot, gear: tourney_joust::Gear, d12: &[u8]) -> Duelist {
    Duelist::new(aim, gear, d12).cards(LOW)
}

#[test]
fn a_die_at_or_above_the_target_number_succeeds() {
    let mut s = Script::two(0);
    // Seat 1 aims at the head (7): 7 hits, 6 misses. Seat 2 aims at the body (3).
    s.plain_pass(
        seat1(Slot::Head, GROUND_PEACE, &[7, 6]),
        Duelist::new(Slot::Body, GROUND_PEACE, &[2, 3]).cards(HIGH),
    );
    let (a, b) = (s.report(0), s.report(1));
    assert_eq!((a.target, a.successes, a.net, a.ones), (7, 1, 1, 0));
    assert_eq!((b.target, b.successes, b.net, b.ones), (3, 1, 1, 0));
    // head 4 + one break of the lance of peace; body 3 + 1
    assert_eq!((s.points(0), s.points(1)), (5, 4));
}

#[test]
fn a_raven_counts_two_successes() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Head, GROUND_PEACE, &[12, 2]), seat2(&[5, 4]));
    let a = s.report(0);
    assert_eq!((a.successes, a.net), (2, 2));
    assert_eq!(
        s.points(0),
        4 + 2,
        "head plus two breaks of the lance of peace"
    );
    assert_eq!(s.report(1).net, 0);
}

#[test]
fn a_feather_counts_one_or_two_with_a_flying_mount() {
    let mut s = Script::two(0);
    s.plain_pass(
        seat1(Slot::Head, GROUND_PEACE, &[11, 2]),
        Duelist::new(Slot::Shield, FLYING_PEACE, &[11, 2]).cards(HIGH),
    );
    assert_eq!(s.report(0).net, 1, "ground mount: a feather is one success");
    assert_eq!(s.report(1).net, 2, "flying mount: a feather is two");
    assert_eq!((s.points(0), s.points(1)), (4 + 1, 1 + 2));
}

#[test]
fn snakes_cancel_successes_but_not_below_zero() {
    let mut s = Script::two(0);
    // Pass 1: seat 1's lance of war hits the head once: seat 2's knight takes
    // a minor injury. (A flying mount, so no gift changes the next roll.)
    s.plain_pass(seat1(Slot::Head, FLYING_WAR, &[7, 2]), seat2(&[2, 3]));
    assert_eq!(s.report(0).dealt, Injury::Minor);
    assert_eq!(s.game.knight(Seat(1)).map(|k| k.minor), Some(1));
    // Pass 2 (seat 2 challenges): three successes, one snake on the injury die.
    s.keep_knights();
    s.plain_pass(
        Duelist::new(Slot::Head, FLYING_PEACE, &[12, 8])
            .cards(LOW)
            .d6(&[1]),
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 3]).cards(HIGH),
    );
    let b = s.report(1);
    assert_eq!((b.successes, b.snakes, b.net), (3, 1, 2));
    assert_eq!(b.minor_dice, [1, 0, 0, 0, 0, 0]);
    // Pass 3: no success, one snake: net stays at zero, and no fumble without ones.
    s.keep_knights();
    s.plain_pass(
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 3]),
        Duelist::new(Slot::Head, GROUND_PEACE, &[9, 3]).d6(&[1]),
    );
    let b = s.report(1);
    assert_eq!((b.successes, b.snakes, b.net, b.fumble), (0, 1, 0, false));
    assert_eq!(s.points(1), 6, "nothing scored in pass 3");
}

#[test]
fn heal_dice_leave_the_pool_only_after_the_pass() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Shield, GROUND_PEACE, &[2, 3]), seat2(&[2, 3]));
    s.keep_knights();
    // Seat 2 challenges now; give its knight one minor-injury die.
    s.set_injuries(1, 1, 0);
    // Seat 2's minor die heals (6), but seat 1's lance of war gives it a
    // major injury in the same pass: the healing die is still in the pool
    // for that roll (2 dice), and leaves afterwards.
    s.joust(
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 3])
            .cards(LOW)
            .d6(&[6]),
        Duelist::new(Slot::Body, GROUND_WAR, &[12, 2]).cards(HIGH),
    )
    .keep_rolls();
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    s.d6(&[3]);
    assert_eq!(
        s.game.phase(),
        Phase::InjuryRoll,
        "a second die: the healing one is still in the pool"
    );
    s.d6(&[4]);
    let k = s.game.knight(Seat(1)).expect("the knight survived");
    assert_eq!((k.minor, k.major), (0, 1));
    assert_eq!(s.report(1).minor_dice, [0, 0, 0, 0, 0, 1]);
    assert_eq!(s.report(1).injury_rolls, [0, 0, 1, 1, 0, 0]);
}

#[test]
fn ground_mount_gift_is_earned_at_four_points_and_rolls_three_keeping_two() {
    let mut s = Script::two(0);
    // 4 (head) + 2 (lance of peace breaks twice) with a ground mount: the gift.
    s.plain_pass(
        seat1(Slot::Head, GROUND_PEACE, &[12, 2]),
        Duelist::new(Slot::Shield, FLYING_PEACE, &[2, 3]).cards(HIGH),
    );
    assert_eq!(s.points(0), 6);
    assert!(s.report(0).gift);
    assert!(s.game.player(Seat(0)).is_some_and(|p| p.gift));
    assert!(
        !s.game.player(Seat(1)).is_some_and(|p| p.gift),
        "no gift on a flying mount"
    );
    // Next pass (seat 2 challenges): seat 1 rolls three jousting dice.
    s.keep_knights();
    s.joust(
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 3]).cards(LOW),
        // aims at the body (3); 1, 8, 9: the 1 is dropped, so it is no "one"
        Duelist::new(Slot::Body, FLYING_PEACE, &[1, 8, 9]).cards(HIGH),
    );
    let mut actions = Vec::new();
    let on_move = s.on_move_one();
    assert_eq!(
        on_move,
        Seat(1),
        "seat 2 has fewer successes and decides first"
    );
    s.act(1, Action::KeepRoll);
    s.game.legal_actions(Seat(0), &mut actions);
    assert_eq!(
        actions.len(),
        8,
        "seven sets of three dice to push, or keep"
    );
    s.act(0, Action::KeepRoll);
    let a = s.report(0);
    assert_eq!(
        (a.d12, a.d12_count, a.kept),
        ([1, 8, 9], 3, DiceMask(0b110))
    );
    assert_eq!((a.successes, a.ones, a.fumble, a.net), (2, 0, false, 2));
    assert_eq!(s.points(0), 6 + 3 + 2);
    assert!(
        !s.game.player(Seat(0)).is_some_and(|p| p.gift),
        "the gift was used, and a flying mount earns none"
    );
}

#[test]
fn the_gift_needs_four_points() {
    let mut s = Script::two(0);
    // 3 points with a ground mount (body, lance of war) and 3 on the shield
    // (1 + 2 breaks): no gift for either.
    s.plain_pass(
        seat1(Slot::Body, GROUND_WAR, &[7, 2]),
        Duelist::new(Slot::Shield, GROUND_PEACE, &[12, 2]).cards(HIGH),
    );
    assert_eq!((s.points(0), s.points(1)), (3, 3));
    assert!(!s.report(0).gift && !s.report(1).gift);
}

#[test]
fn fewer_net_successes_decides_first_and_a_push_costs_a_minor_injury() {
    let mut s = Script::two(0);
    s.joust(seat1(Slot::Head, GROUND_PEACE, &[12, 2]), seat2(&[2, 3]));
    assert_eq!(s.game.phase(), Phase::Push);
    assert_eq!(s.on_move_one(), Seat(1), "seat 2 has 0 successes against 2");
    s.act(1, Action::Push(DiceMask(0b11)));
    assert_eq!(s.game.phase(), Phase::Reroll);
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| k.minor),
        Some(1),
        "pushing gives a minor injury at once"
    );
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 re-rolls pushed jousting die #1"
    );
    s.d12(&[12]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 re-rolls pushed jousting die #2"
    );
    s.d12(&[7]);
    assert_eq!(s.on_move_one(), Seat(0), "then the other duelist decides");
    s.act(0, Action::KeepRoll);
    let b = s.report(1);
    assert_eq!(
        (b.d12, b.pushed, b.push_injury),
        ([12, 7, 0], DiceMask(0b11), Injury::Minor)
    );
    // 12 and 7 against the shield's 6: three successes unhorse seat 1's knight.
    assert_eq!(b.net, 3);
    assert!(s.report(0).dismounted);
    assert_eq!(s.game.knights_left(Seat(0)), 2);
    assert_eq!(s.points(0), 0, "an unhorsed knight scores nothing");
    assert_eq!(s.points(1), 1 + 2 + 3);
    // The new injury die was not rolled this pass.
    assert_eq!(b.minor_dice, [0; 6]);
}

#[test]
fn on_a_tie_the_challenger_decides_first() {
    let mut s = Script::two(1);
    assert_eq!(s.duelists(), [Seat(1), Seat(0)]);
    s.joust(
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 3]),
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 3]),
    );
    assert_eq!(s.on_move_one(), Seat(1));
}

#[test]
fn lance_of_war_at_the_shield_rolls_a_bonus_die_at_two_successes() {
    let mut s = Script::two(0);
    // 9 and 10 against the shield's 9: two successes, then the bonus die.
    s.joust(
        seat1(Slot::Shield, GROUND_WAR, &[9, 10]),
        Duelist::new(Slot::Body, GROUND_PEACE, &[2, 2]).cards(HIGH),
    )
    .keep_rolls();
    assert_eq!(s.game.phase(), Phase::Bonus);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 rolls the lance of war's bonus jousting die against the shield"
    );
    s.d12(&[12]);
    let a = s.report(0);
    assert_eq!(
        (a.bonus, a.successes, a.net, a.dealt),
        (12, 4, 4, Injury::None)
    );
    assert_eq!(s.points(0), 1 + 3, "shield plus unhorsing");
    assert!(s.report(1).dismounted);
}

#[test]
fn a_one_on_the_bonus_die_counts_as_a_one() {
    let mut s = Script::two(0);
    s.joust(
        seat1(Slot::Shield, GROUND_WAR, &[9, 10]),
        Duelist::new(Slot::Body, GROUND_PEACE, &[2, 2]).cards(HIGH),
    )
    .keep_rolls()
    .d12(&[1]);
    let a = s.report(0);
    assert_eq!((a.bonus, a.net, a.ones, a.fumble), (1, 2, 1, false));
    assert_eq!(s.points(0), 1);
}

#[test]
fn no_bonus_die_below_two_successes_or_with_the_lance_of_peace() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Shield, GROUND_WAR, &[9, 2]), seat2(&[2, 2]));
    assert_eq!(s.report(0).bonus, 0);
    s.keep_knights();
    s.plain_pass(seat2(&[2, 2]), seat1(Slot::Shield, GROUND_PEACE, &[9, 10]));
    assert_eq!(s.report(0).bonus, 0);
    assert_eq!(
        s.game.phase(),
        Phase::Knights,
        "the pass ended without a bonus die"
    );
}

#[test]
fn a_fumble_loses_a_point_per_one() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Head, GROUND_PEACE, &[1, 1]), seat2(&[2, 3]));
    let a = s.report(0);
    assert_eq!(
        (a.ones, a.net, a.fumble, a.points, a.dismounted),
        (2, 0, true, -2, false)
    );
    assert_eq!(s.points(0), -2);
    assert!(
        s.game.knight(Seat(0)).is_some(),
        "a ground mount keeps its rider"
    );
}

#[test]
fn snakes_can_turn_a_hit_into_a_fumble() {
    let mut s = Script::two(0);
    s.set_injuries(0, 1, 0);
    // 9 hits the head (7) once, the snake cancels it, and the 1 remains.
    s.plain_pass(
        seat1(Slot::Head, GROUND_PEACE, &[1, 9]).d6(&[1]),
        seat2(&[2, 3]),
    );
    let a = s.report(0);
    assert_eq!(
        (a.successes, a.snakes, a.net, a.ones, a.fumble),
        (1, 1, 0, 1, true)
    );
    assert_eq!(s.points(0), -1, "no hit points, one point lost");
}

#[test]
fn a_fumble_on_a_flying_mount_unhorses_the_rider() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Head, FLYING_PEACE, &[1, 3]), seat2(&[2, 3]));
    let a = s.report(0);
    assert!(a.fumble && a.dismounted);
    // The next pass has begun and a fresh knight rides for seat 1.
    assert_eq!(s.game.knight(Seat(0)).map(|k| k.number), Some(2));
    assert_eq!(s.game.knights_left(Seat(0)), 2);
    assert_eq!(
        s.points(0),
        -1,
        "the fall does not cancel the fumble's loss"
    );
}

#[test]
fn a_fumbler_against_two_successes_falls_without_losing_points() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Head, GROUND_PEACE, &[1, 2]), seat2(&[12, 2]));
    let a = s.report(0);
    assert!(a.fumble && a.dismounted);
    assert_eq!(a.points, 0);
    assert_eq!(s.points(0), 0);
    assert_eq!(s.points(1), 1 + 2);
    assert_eq!(s.game.knights_left(Seat(0)), 2);
}

#[test]
fn a_hit_scores_by_the_slot_aimed_at() {
    let custom = Scoring {
        head: 10,
        body: 6,
        arm: 1,
        shield: 0,
    };
    for (scoring, expected) in [
        (Scoring::default(), [4, 3, 2, 2, 1]),
        (custom, [10, 6, 1, 1, 0]),
    ] {
        for (slot, points) in Slot::ALL.into_iter().zip(expected) {
            let config = Config {
                scoring,
                ..Config::default()
            };
            let mut s = Script::starting(config, 2, 0);
            // A feather on a ground mount: exactly one success anywhere.
            s.plain_pass(seat1(slot, GROUND_WAR, &[11, 2]), seat2(&[2, 3]));
            assert_eq!(s.points(0), points, "a hit on the {slot}");
        }
    }
}

#[test]
fn the_lance_of_peace_breaks_once_or_twice() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Body, FLYING_PEACE, &[10, 2]), seat2(&[2, 3]));
    assert_eq!(s.points(0), 3 + 1);
    s.keep_knights();
    s.plain_pass(seat2(&[2, 3]), seat1(Slot::Body, GROUND_PEACE, &[12, 2]));
    assert_eq!(s.points(0), 4 + 3 + 2);
}

#[test]
fn the_lance_of_war_injures_minor_at_one_success_and_major_at_two() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Head, FLYING_WAR, &[10, 2]), seat2(&[2, 3]));
    assert_eq!(s.report(0).dealt, Injury::Minor);
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| (k.minor, k.major)),
        Some((1, 0))
    );
    s.keep_knights();
    // Seat 2 challenges; its minor die rolls 3. Seat 1 hits twice: major.
    s.joust(
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 3])
            .cards(LOW)
            .d6(&[3]),
        seat1(Slot::LeftArm, GROUND_WAR, &[12, 3]).cards(HIGH),
    )
    .keep_rolls();
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    // The whole pool rolls: the minor die and the new major one.
    s.d6(&[2, 5]);
    assert_eq!(s.report(0).dealt, Injury::Major);
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| (k.minor, k.major)),
        Some((1, 1))
    );
}

#[test]
fn the_lance_of_war_at_the_shield_does_not_injure() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Shield, GROUND_WAR, &[11, 2]), seat2(&[2, 3]));
    assert_eq!(s.report(0).dealt, Injury::None);
    assert_eq!(s.game.knight(Seat(1)).map(|k| k.pool()), Some(0));
    assert_eq!(s.points(0), 1);
}

#[test]
fn three_successes_unhorse_the_opponent_for_three_points_and_it_scores_nothing() {
    let mut s = Script::two(0);
    // Seat 1: 12 and 7 against the head's 7. Seat 2 hits the shield twice.
    s.plain_pass(seat1(Slot::Head, GROUND_PEACE, &[12, 7]), seat2(&[12, 2]));
    let (a, b) = (s.report(0), s.report(1));
    assert_eq!((a.net, a.points), (3, 4 + 2 + 3));
    assert_eq!((b.net, b.points, b.dismounted), (2, 0, true));
    assert_eq!(s.points(1), 0);
    assert_eq!(s.game.knight(Seat(1)).map(|k| k.number), Some(2));
    assert_eq!(s.game.knights_left(Seat(1)), 2);
    assert!(s.game.knight(Seat(0)).is_some());
}

/// Both duelists strike at the same moment: a knight unhorsed in the pass
/// scores nothing, but its lance of war's hit still wounds the other knight
/// (docs/rulings/joust.md, "Lance hits land even if the lance's own knight
/// is unhorsed"), as the lance of war's and the fall's glossary entries say.
#[test]
fn an_unhorsed_knights_lance_of_war_still_wounds() {
    let mut s = Script::two(0);
    // Seat 1: lance of war at the head (7), a 7 and a 2: one net success.
    // Seat 2: a raven and a 7 against the shield (6): three, unhorsing seat 1.
    s.plain_pass(seat1(Slot::Head, GROUND_WAR, &[7, 2]), seat2(&[12, 7]));
    let (a, b) = (s.report(0), s.report(1));
    assert_eq!((a.net, b.net), (1, 3));
    assert!(a.dismounted && !b.dismounted);
    assert_eq!(s.points(0), 0, "the fallen knight's hit scores nothing");
    assert_eq!(s.points(1), 1 + 2 + 3);
    assert_eq!(a.dealt, Injury::Minor, "but its lance of war wounds");
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| (k.number, k.minor, k.major)),
        Some((1, 1, 0))
    );
    let told = s.told_texts();
    for line in [
        "Seat 1's knight 1 is unhorsed by 3 net successes",
        "Seat 1's lance of war gives seat 2's knight 1 a minor injury (now 1 minor-injury die)",
    ] {
        assert!(
            told.iter().any(|t| t.starts_with(line)),
            "{line:?} in {told:#?}"
        );
    }

    // Two net successes: a major injury, and its roll, though seat 1 fell.
    let mut s = Script::two(0);
    s.joust(seat1(Slot::Head, GROUND_WAR, &[12, 2]), seat2(&[12, 7]))
        .keep_rolls();
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    s.d6(&[1]);
    assert!(s.report(0).dismounted);
    assert_eq!(s.report(0).dealt, Injury::Major);
    assert!(s.report(1).left_by_injury);
    assert_eq!(s.points(1), 1 + 2 + 3, "its points this pass stand");
    assert_eq!(s.game.knight(Seat(1)).map(|k| k.number), Some(2));
}

#[test]
fn both_knights_can_unhorse_each_other() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Head, GROUND_PEACE, &[12, 7]), seat2(&[12, 12]));
    assert!(s.report(0).dismounted && s.report(1).dismounted);
    assert_eq!((s.points(0), s.points(1)), (0, 0));
    // Both send fresh knights without being asked.
    assert_eq!(s.game.phase(), Phase::Draw);
    assert_eq!(s.game.knight(Seat(0)).map(|k| k.number), Some(2));
}

#[test]
fn a_fourth_minor_injury_becomes_major() {
    let mut s = Script::two(0);
    s.set_injuries(1, 3, 0);
    s.joust(
        seat1(Slot::Head, GROUND_WAR, &[7, 2]),
        seat2(&[2, 3]).d6(&[2, 2, 2]),
    )
    .keep_rolls();
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    s.d6(&[2, 3, 4, 5]);
    assert_eq!(s.report(0).dealt, Injury::Major);
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| (k.minor, k.major)),
        Some((3, 1))
    );
}

#[test]
fn with_the_option_off_a_fourth_minor_injury_is_ignored() {
    let config = Config {
        fourth_minor_becomes_major: false,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.set_injuries(1, 3, 0);
    s.plain_pass(
        seat1(Slot::Head, GROUND_WAR, &[7, 2]),
        seat2(&[2, 3]).d6(&[2, 2, 2]),
    );
    assert_eq!(s.report(0).dealt, Injury::None);
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| (k.minor, k.major)),
        Some((3, 0))
    );
    assert_eq!(s.game.phase(), Phase::Knights, "no injury roll");
}

#[test]
fn pushing_with_three_minor_injuries_gives_a_major_one() {
    let mut s = Script::two(0);
    s.set_injuries(0, 3, 0);
    s.joust(
        seat1(Slot::Head, GROUND_PEACE, &[2, 3]).d6(&[2, 2, 2]),
        seat2(&[2, 3]),
    );
    assert_eq!(
        s.game
            .describe_action(Seat(0), &Action::Push(DiceMask(0b01))),
        "Push: re-roll jousting die #1 (showing 2) (take a major injury: a fourth minor one)"
    );
    s.act(0, Action::Push(DiceMask(0b01))).d12(&[4]);
    s.act(1, Action::KeepRoll);
    // The major injury's roll of the whole pool: four dice.
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    s.d6(&[2, 3, 4, 5]);
    assert_eq!(s.report(0).push_injury, Injury::Major);
    assert_eq!(
        s.game.knight(Seat(0)).map(|k| (k.minor, k.major)),
        Some((3, 1))
    );
}

#[test]
fn a_snake_in_the_major_injury_roll_ends_the_knights_event() {
    let mut s = Script::two(0);
    s.set_injuries(1, 1, 0);
    // Seat 2 still hits the shield once: the injured knight keeps those points.
    s.joust(
        seat1(Slot::Body, GROUND_WAR, &[12, 2]),
        seat2(&[7, 2]).d6(&[3]),
    )
    .keep_rolls();
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 rolls injury die 1 of 2 for a major injury (a snake ends the knight's event)"
    );
    // The first die shows a snake: no need to roll the second.
    s.d6(&[1]);
    // The next pass begins: seat 2 sends a fresh knight, seat 1 may keep its own.
    assert_eq!(s.game.phase(), Phase::Knights);
    assert_eq!(s.on_move_one(), Seat(0));
    let b = s.report(1);
    assert!(b.left_by_injury && !b.dismounted);
    assert_eq!(b.points, 1 + 1);
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| (k.number, k.pool())),
        Some((2, 0))
    );
    assert_eq!(s.game.knights_left(Seat(1)), 2);
}

#[test]
fn a_survived_major_roll_keeps_the_knight() {
    let mut s = Script::two(0);
    s.plain_pass(seat1(Slot::Body, GROUND_WAR, &[12, 2]), seat2(&[2, 3]));
    assert_eq!(s.game.phase(), Phase::InjuryRoll);
    assert!(matches!(s.game.to_move(), ToMove::Chance));
    s.d6(&[6]);
    assert_eq!(
        s.game.knight(Seat(1)).map(|k| (k.minor, k.major)),
        Some((0, 1))
    );
    assert!(!s.report(1).left_by_injury);
}
