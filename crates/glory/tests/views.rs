//! What each seat may see: Journey hands and personal objectives belong to
//! their owner (the backs are public), decks show only their size, and
//! `determinize` re-deals exactly what a seat cannot see.

mod common;

use common::*;
use tourney_core::{Game, GameRng, Seat};
use tourney_glory::{Action, Characters, Config, Space};

fn level_one() -> Config {
    Config {
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

#[test]
fn hands_and_objectives_are_their_owners_alone() {
    let s = Script::started(level_one(), 3);
    let mine = s.view_of(0);
    assert!(mine.players[0].hand.is_some());
    assert!(mine.players[0].objectives.is_some());
    for p in 1..3 {
        assert!(mine.players[p].hand.is_none());
        assert!(mine.players[p].objectives.is_none());
        assert!(mine.players[p].title_offer.is_none());
        assert!(mine.players[p].objectives_held > 0);
        let backs: u8 = mine.players[p].hand_size.iter().sum();
        assert!(backs > 0, "the card backs are public");
    }
    let spectator = s.view();
    assert!(
        spectator
            .players
            .iter()
            .all(|p| p.hand.is_none() && p.objectives.is_none())
    );
    assert_eq!(spectator.viewer, None);
}

#[test]
fn open_objectives_are_shown_to_all() {
    let cfg = Config {
        open_objectives: true,
        ..level_one()
    };
    let s = Script::started(cfg, 2);
    assert!(s.view().players.iter().all(|p| p.objectives.is_some()));
    assert!(s.view().players.iter().all(|p| p.hand.is_none()));
}

#[test]
fn determinize_redeals_only_what_the_seat_cannot_see() {
    let mut s = Script::started(level_one(), 3);
    // Seat 2 takes a face-up card: everyone knows it is in that hand.
    s.act(0, Action::Place(Space::Patrol));
    s.act(1, Action::Place(Space::TravelPlans));
    let face_up = s
        .legal(1)
        .into_iter()
        .find(|a| matches!(a, Action::Take(_)))
        .unwrap();
    s.act(1, face_up);
    let Action::Take(known) = face_up else {
        unreachable!()
    };
    let mut rng = GameRng::seed_from_u64(5);
    let me = Seat(0);
    let mine = serde_json::to_value(s.game.view(Some(me))).unwrap();
    let spectator = serde_json::to_value(s.game.view(None)).unwrap();
    let hand_of = |g: &tourney_glory::Glory, p: usize| {
        serde_json::to_value(g).unwrap()["players"][p]["hand"].clone()
    };
    let mut changed = false;
    for _ in 0..20 {
        let other = s.game.determinize(me, &mut rng);
        assert_eq!(serde_json::to_value(other.view(Some(me))).unwrap(), mine);
        assert_eq!(serde_json::to_value(other.view(None)).unwrap(), spectator);
        assert_eq!(hand_of(&other, 0), hand_of(&s.game, 0), "my own hand stays");
        changed |= hand_of(&other, 2) != hand_of(&s.game, 2);
        let seen = &serde_json::to_value(&other).unwrap()["players"][1]["hand"]["counts"];
        assert!(
            seen[usize::from(known)].as_u64().unwrap() >= 1,
            "the known card stays"
        );
    }
    assert!(changed, "the others' hidden cards are re-dealt");
}

#[test]
fn the_table_is_drawn_as_text() {
    let s = Script::started(level_one(), 2);
    let text = s.view_of(0).to_string();
    for needle in [
        "Glory — round 1",
        "Initiative: Seat 1 > Seat 2",
        "Support track:",
        "Florence",
        "hand:",
        "Waiting for: Seat 1 places an action pawn",
    ] {
        assert!(text.contains(needle), "{needle:?} missing in\n{text}");
    }
    // The terminal adds its own headings ("=== Game over ==="): none here.
    assert!(!text.contains("==="), "a banner of its own in\n{text}");
    assert_eq!(
        s.game
            .describe_action(Seat(0), &Action::Place(Space::Training)),
        "Training: 3 Strength tokens"
    );
    // The log tells the move after the mover's name.
    assert_eq!(
        s.game
            .describe_done(Seat(0), &Action::Place(Space::Training)),
        "places an action pawn on Training: 3 Strength tokens"
    );
    assert_eq!(
        s.game
            .describe_done(Seat(0), &Action::Draw(tourney_glory::JourneyType::Romance)),
        "chooses to draw blind from the Romance deck"
    );
}

#[test]
fn secret_choices_and_blind_draws_are_not_announced() {
    let mut s = Script::started(level_one(), 2);
    assert!(
        s.game
            .action_is_open(Seat(0), &Action::Place(Space::Training))
    );
    assert!(!s.game.action_is_open(Seat(0), &Action::KeepTitle(0)));
    assert!(!s.game.action_is_open(Seat(0), &Action::Exchange(0)));
    s.act(0, Action::Place(Space::TravelPlans));
    s.act(0, Action::Draw(tourney_glory::JourneyType::Romance));
    assert!(
        !s.game.chance_is_open(),
        "a blind draw is seen by its drawer only"
    );
    let c = s.outcomes()[0];
    s.chance(c);
    s.act(0, Action::Draw(tourney_glory::JourneyType::Market));
    let c = s.outcomes()[0];
    s.chance(c);
    // Dice are open.
    assert!(s.game.chance_is_open() || s.on_move().is_some());
}

/// The event card's space exists only when the round's event adds an
/// action: one place on the Crusade, none on Bountiful Harvest (which pays
/// every player at the start of the round instead).
#[test]
fn the_event_space_has_a_place_only_when_the_event_adds_an_action() {
    let mut s = Script::started(level_one(), 2);
    let event_places = |s: &Script| {
        s.view()
            .spaces
            .iter()
            .find(|x| x.space == Space::Event)
            .expect("the event space")
            .circles
    };
    for (id, name, places) in [(0u8, "Crusade", Some(1)), (1, "Bountiful Harvest", Some(0))] {
        s.patch(|v| v["board"]["events"][0] = serde_json::json!(id));
        assert_eq!(s.view().events[0].map(|e| e.name), Some(name), "event {id}");
        assert_eq!(event_places(&s), places, "{name}");
    }
}
