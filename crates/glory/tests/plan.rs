//! The plan in Glory's evaluation: a title a player already meets counts
//! before the Title phase scores it, while the plain evaluation (glory in
//! hand only) sees two players level.

mod common;

use common::*;
use serde_json::json;
use tourney_core::{Evaluate, Game, Seat, ToMove};
use tourney_glory::{Action, Characters, Config, PLAN_FEATURE_NAMES, Support};

#[test]
fn a_title_already_met_counts_before_it_is_scored() {
    // Both players hold 20 glory at the Final Journey. Seat 1 has played
    // five Challenge cards, which is what the public Strong title asks.
    let mut s = at_the_end(["Strong", "Charming", "Traveler"]);
    s.patch(|v| v["players"][0]["played"] = json!([0, 0, 5]));
    assert_eq!((s.glory(0), s.glory(1)), (20, 20));

    let plain = s.game.evaluate_plain(Seat(0), &mut ());
    assert_eq!(plain, 0.5, "glory in hand alone: level");
    let planned = s.game.evaluate(Seat(0), &mut ());
    let rival = s.game.evaluate(Seat(1), &mut ());
    assert!(
        planned > 0.6,
        "the plan expects Strong's 7 glory: {planned}"
    );
    assert!((planned + rival - 1.0).abs() < 1e-9, "{planned} + {rival}");

    // And the Title phase bears it out.
    s.act(0, Action::Pass);
    s.auto_until(|s| matches!(s.game.to_move(), ToMove::Over(_)));
    assert_eq!((s.glory(0), s.glory(1)), (27, 20));
    assert_eq!(s.game.evaluate(Seat(0), &mut ()), 1.0);
}

#[test]
fn a_title_within_reach_counts_by_the_square_of_its_share() {
    // Strong asks for five won Challenge cards and is worth 7; four of the
    // five are four fifths of it, squared: 7 × 0.64 = 4.48. Charming and
    // Traveler, with no card of theirs played, add nothing.
    let mut s = at_the_end(["Strong", "Charming", "Traveler"]);
    s.patch(|v| v["players"][0]["played"] = json!([0, 0, 4]));
    let near = PLAN_FEATURE_NAMES
        .iter()
        .position(|n| *n == "titles-near")
        .expect("the plan has a titles-near feature");
    let met = PLAN_FEATURE_NAMES
        .iter()
        .position(|n| *n == "titles-met")
        .expect("the plan has a titles-met feature");
    let feature =
        |s: &Script, p: u8, i: usize| s.game.plan_features(Seat(p)).expect("a seated player")[i];
    assert!(
        (feature(&s, 0, near) - 4.48).abs() < 1e-9,
        "{}",
        feature(&s, 0, near)
    );
    assert_eq!(feature(&s, 1, near), 0.0);

    // An objective of their own counts too: Equipped (7 glory) asks for
    // level IV mount and armor, and level II of each is half of it:
    // 4.48 + 7 × 0.25.
    s.patch(|v| v["players"][0]["titles"]["counts"][title("Equipped") as usize] = json!(1));
    assert!(
        (feature(&s, 0, near) - 6.23).abs() < 1e-9,
        "{}",
        feature(&s, 0, near)
    );

    // The fifth card completes Strong: it leaves the titles within reach
    // for the titles met.
    s.patch(|v| v["players"][0]["played"] = json!([0, 0, 5]));
    assert_eq!(feature(&s, 0, met), 7.0);
    assert!(
        (feature(&s, 0, near) - 1.75).abs() < 1e-9,
        "{}",
        feature(&s, 0, near)
    );

    // Noble (8 glory) asks for a Minstrel, a Queen and a Squire and no Rogue
    // ever used: one of the three is a third of it. A player who used a
    // Rogue can never take Noble, so nothing of it counts then.
    let mut s = at_the_end(["Noble", "Charming", "Traveler"]);
    s.give_support(0, Support::Minstrel, 1);
    let with_minstrel = feature(&s, 0, near);
    assert!((with_minstrel - 8.0 / 9.0).abs() < 1e-9, "{with_minstrel}");
    s.patch(|v| v["players"][0]["rogue_used"] = json!(true));
    assert_eq!(feature(&s, 0, near), 0.0);
}

/// The plan's `tournament-odds`: the glory the tournaments still to come
/// should bring, from the dice a player would roll. More Strength and
/// better gear raise it; once the last tournament has begun it is 0.
#[test]
fn tournament_odds_count_the_dice_a_player_brings() {
    let level_one = Config {
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut s = Script::new(level_one, 2);
    s.auto_until(|s| s.view().stage == "actions" && s.on_move() == Some(0));
    let odds = PLAN_FEATURE_NAMES
        .iter()
        .position(|n| *n == "tournament-odds")
        .expect("the plan has a tournament-odds feature");
    let feature = |s: &Script| s.game.plan_features(Seat(0)).expect("a seated player")[odds];
    s.patch(|v| {
        let p = &mut v["players"][0];
        p["strength"] = json!(0);
        p["faith"] = json!(0);
        p["mount"] = json!(1);
        p["armor"] = json!(1);
    });
    let bare = feature(&s);
    s.patch(|v| v["players"][0]["strength"] = json!(8));
    let strong = feature(&s);
    s.patch(|v| {
        v["players"][0]["mount"] = json!(4);
        v["players"][0]["armor"] = json!(4);
    });
    let geared = feature(&s);
    assert!(
        0.0 < bare && bare < strong && strong < geared,
        "{bare} {strong} {geared}"
    );
    // Three rounds of tournaments: a few dozen glory at most.
    assert!(geared < 60.0, "{geared}");
    s.auto_until(|s| s.view().round == 3 && s.view().stage == "final_journey");
    assert_eq!(feature(&s), 0.0);
}
