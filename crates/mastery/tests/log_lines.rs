//! One happening, one line: which events retell the step that made them
//! (`Game::event_retells_step`), read as a table reads them, through
//! `DynGame::take_events`. Steps are played from a new game with the first
//! outcome and the first choice everywhere.

mod common;

use common::*;
use tourney_core::testkit::retelling::{Told, ev, step_telling};
use tourney_core::{Audience, Game, Seat, Session};
use tourney_mastery::{Action, Config, Event, Mastery as G};

#[test]
fn draws_marches_and_cards_retell_their_step_and_what_follows_does_not() {
    let all = Audience::Everyone;
    let mut s = Session::<G>::new(Config::default(), vec!["A".into(), "B".into()], None).unwrap();
    s.tell_events(true);

    // A turn begins by rule after the starting player is drawn.
    assert_eq!(
        step_telling(&mut s, "turn_begins"),
        [ev("turn_begins", all, false)]
    );
    // The card drawn is told to its drawer in place of "draws a card".
    assert_eq!(
        step_telling(&mut s, "card_drawn"),
        [ev("card_drawn", Audience::Seat(Seat(0)), true)]
    );
    // A march into an empty territory conquers it (a combat won, below,
    // conquers in a step of its own).
    assert_eq!(
        step_telling(&mut s, "conquered"),
        [ev("conquered", all, true)]
    );
    // A march into a held territory starts the combat; the Conflict cards
    // are turned up with the last one put down; a Support card is told as
    // played; the result is a consequence.
    assert_eq!(
        step_telling(&mut s, "combat_begins"),
        [ev("combat_begins", all, true)]
    );
    assert_eq!(
        step_telling(&mut s, "conflict_revealed"),
        [ev("conflict_revealed", all, true)]
    );
    assert_eq!(
        step_telling(&mut s, "support_played"),
        [ev("support_played", all, true)]
    );
    assert_eq!(
        step_telling(&mut s, "combat_result"),
        [ev("combat_result", all, false)]
    );
}

/// Kind, audience and retelling mark of events a scenario told.
fn marked(told: Vec<(Audience, Event)>) -> Told {
    told.into_iter()
        .map(|(audience, e)| {
            let kind = serde_json::to_value(&e).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string();
            (kind, audience, G::event_retells_step(&e))
        })
        .collect()
}

/// A march into an empty territory is told by its conquest alone; a
/// combat won conquers in the step that ends the combat, which the
/// conquest does not retell.
#[test]
fn a_conquest_retells_the_march_into_an_empty_territory_only() {
    let all = Audience::Everyone;
    let mut s = Script::standard(2);
    s.tile(4, "village_1");
    s.act(0, Action::MarchTo(cell(4)));
    s.telling();
    s.act(0, Action::Send(2));
    assert_eq!(
        marked(s.told()),
        [ev("conquered", all, true), ev("knights_added", all, false)]
    );

    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.tile(5, "forest_1").knights(5, Some(1), 3).castle(0, 5);
    s.march(0, 5, 4);
    let c = s.view().combat.expect("a combat");
    s.act(c.attacker.0, Action::Continue).pass_on();
    s.act(0, Action::Conflict(Conflict4));
    s.telling();
    s.act(1, Action::Conflict(Conflict3)).pass_on();
    let told = marked(s.told());
    let conquests: Vec<_> = told.iter().filter(|(k, ..)| k == "conquered").collect();
    assert_eq!(conquests, [&ev("conquered", all, false)], "{told:?}");
}

/// Seat 1 with three plain cards in hand and a deck of Influential
/// Person and Summon only (the rest discarded), after a march that makes
/// it draw up to five.
fn drawing() -> Script {
    let mut s = Script::standard(2);
    let discard = [
        Conflict2,
        Conflict3,
        Conflict4,
        Conflict5,
        Conflict5,
        Ambush,
        Ambush,
        HeroicEffort1,
        HeroicEffort1,
        HeroicEffort2,
        HeroicEffort2,
        TacticalMarch,
        Destroy,
    ];
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &discard)
        .plain(&[1])
        .quiet(&[0, 1])
        .knights(5, Some(1), 1);
    s.march(0, 5, 3);
    s.telling();
    s
}

/// Influential Person drawn and played at once, as the card that fills
/// the hand or as an extra card, is one line for everyone: its play tells
/// the draw, and the drawer is not told the card apart. Drawn earlier,
/// it is played once the hand is full, after the draw that filled it,
/// which its play does not retell.
#[test]
fn influential_person_played_the_moment_it_is_drawn_retells_the_draw() {
    let all = Audience::Everyone;
    let drawer = Audience::Seat(Seat(0));

    // Drawn earlier: the draw that fills the hand is told to the drawer,
    // the play follows; the deck, now empty, takes the discard pile.
    let mut s = drawing();
    s.draw(&[InfluentialPerson]);
    assert_eq!(marked(s.told()), [ev("card_drawn", drawer, true)]);
    s.draw(&[Summon]);
    let person = ev("influential_person", all, false);
    let reshuffled = ev("deck_reshuffled", all, false);
    assert_eq!(
        marked(s.told()),
        [ev("card_drawn", drawer, true), person, reshuffled.clone()]
    );
    // An extra card: played at once, and one of three more to draw.
    s.draw(&[InfluentialPerson]);
    let told = s.told();
    assert_eq!(
        told[0].1.to_string(),
        "Seat 1 draws Influential Person and plays it: 2 extra cards follow"
    );
    assert_eq!(marked(told), [ev("influential_person", all, true)]);
    s.draw(&[Ambush]);
    assert_eq!(marked(s.told()), [ev("card_drawn", drawer, true)]);

    // The card that fills the hand.
    let mut s = drawing();
    s.draw(&[Summon]);
    s.told();
    s.draw(&[InfluentialPerson]);
    assert_eq!(
        marked(s.told()),
        [ev("influential_person", all, true), reshuffled]
    );
    assert_eq!(s.hand(0), [Conflict2, Conflict3, Conflict4, Summon]);
}

/// The Crown of Insight's cards put back: the owner reads their order,
/// everyone else only that they went back.
#[test]
fn cards_put_back_are_one_line_for_their_owner_and_one_for_the_others() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_insight").plain(&[1]);
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &[Destroy]);
    s.act(0, Action::UseCrown);
    s.draw(&[HeroicEffort2, Conflict5, Summon, Ambush]);
    s.act(0, Action::Top(Ambush)).act(0, Action::Top(Conflict5));
    s.telling();
    s.act(0, Action::Top(Summon));
    assert_eq!(
        marked(s.told()),
        [
            ev("deck_top_set", Audience::Seat(Seat(0)), false),
            ev("deck_top_put_back", Audience::Others(Seat(0)), false),
        ]
    );
}
