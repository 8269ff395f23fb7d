//! The plan in Glory's evaluation: a title a player already meets counts
//! before the Title phase scores it, while the plain evaluation (glory in
//! hand only) sees two players level.

mod common;

use common::*;
use serde_json::json;
use tourney_core::{Evaluate, Game, Seat, ToMove};
use tourney_glory::Action;

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
        "the plan expects Strong's 5 glory: {planned}"
    );
    assert!((planned + rival - 1.0).abs() < 1e-9, "{planned} + {rival}");

    // And the Title phase bears it out.
    s.act(0, Action::Pass);
    s.auto_until(|s| matches!(s.game.to_move(), ToMove::Over(_)));
    assert_eq!((s.glory(0), s.glory(1)), (25, 20));
    assert_eq!(s.game.evaluate(Seat(0), &mut ()), 1.0);
}
