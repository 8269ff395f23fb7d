//! The Action phase: every action space, the circles, the costs, and the
//! events with and without an action space.

mod common;

use common::*;
use serde_json::json;
use tourney_glory::content::EVENTS;
use tourney_glory::{
    Action, Chance, Characters, Config, Gear, JourneyType, Prestige, Space, Support,
};

fn level_one() -> Config {
    Config {
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

fn event(name: &str, set: u8) -> u8 {
    EVENTS
        .iter()
        .position(|e| e.name == name && e.set == set)
        .unwrap_or_else(|| panic!("no event {name} in set {set}")) as u8
}

/// Round 1 with the events of rounds 1 and 2 chosen, at the first pawn.
fn with_events(seats: usize, first: &str, second: &str) -> Script {
    let mut s = Script::new(level_one(), seats);
    s.auto_until(|s| s.is_chance() && s.step_text() == "An event card is drawn");
    s.chance(Chance::Event(event(first, 1)));
    s.chance(Chance::Event(event(second, 2)));
    s.auto_until(|s| s.view().stage == "actions" && s.on_move().is_some());
    s
}

fn started(seats: usize) -> Script {
    let mut s = with_events(seats, "Crusade", "Journey");
    for p in 0..seats as u8 {
        s.resources(p, 0, 0, 0, 10);
    }
    s
}

#[test]
fn plain_spaces_give_their_resources() {
    let mut s = started(2);
    s.act(0, Action::Place(Space::Training));
    s.act(1, Action::Place(Space::Prayer));
    s.act(0, Action::Place(Space::Service));
    s.act(1, Action::Place(Space::Patrol));
    s.act(0, Action::Place(Space::WarmUp));
    let (a, b) = (s.player(0), s.player(1));
    assert_eq!((a.coins, a.strength, a.faith), (3, 5, 0));
    assert_eq!((b.coins, b.strength, b.faith), (2, 0, 3));
    assert_eq!((a.pawns_left, b.pawns_left), (3, 4));
}

#[test]
fn circles_fill_up_and_open_zones_never_do() {
    let mut s = started(2);
    // At two players Training has one circle.
    s.act(0, Action::Place(Space::Training));
    assert!(!s.legal(1).contains(&Action::Place(Space::Training)));
    s.refuse(1, Action::Place(Space::Training)).to_string();
    s.act(1, Action::Place(Space::Patrol));
    s.act(0, Action::Place(Space::Patrol));
    assert!(s.legal(1).contains(&Action::Place(Space::Patrol)));
    // At four players it has three.
    let mut s = started(4);
    for p in [0, 1, 2] {
        s.act(p, Action::Place(Space::Training));
    }
    assert!(!s.legal(3).contains(&Action::Place(Space::Training)));
    let circles = s
        .view()
        .spaces
        .iter()
        .find(|v| v.space == Space::Training)
        .unwrap()
        .circles;
    assert_eq!(circles, Some(3));
}

#[test]
fn initiative_pays_a_coin_once_a_round_and_reorders_at_maintenance() {
    let mut s = started(3);
    assert_eq!(s.view().order, vec![Seat(0), Seat(1), Seat(2)]);
    // Seat 3 takes the first space under the track, then seat 1 the second.
    s.act(0, Action::Place(Space::Patrol));
    s.act(1, Action::Place(Space::Patrol));
    s.act(2, Action::Place(Space::Initiative));
    assert_eq!(s.player(2).coins, 1);
    s.act(0, Action::Place(Space::Initiative));
    s.act(1, Action::Place(Space::Patrol));
    assert!(
        !s.legal(2).contains(&Action::Place(Space::Initiative)),
        "once a round"
    );
    assert_eq!(
        s.view().initiative_spaces,
        vec![Some(Seat(2)), Some(Seat(0)), None]
    );
    s.auto_until(|s| s.view().stage == "registration");
    // Pawns on the track first, in their order; seat 2 falls behind.
    assert_eq!(s.view().order, vec![Seat(2), Seat(0), Seat(1)]);
    // Nobody on the track next round: the order stays.
    s.auto_until(|s| s.view().round == 2 && s.view().stage == "registration");
    assert_eq!(s.view().order, vec![Seat(2), Seat(0), Seat(1)]);
}

#[test]
fn travel_plans_take_face_up_or_blind_and_the_queen_adds_one() {
    let mut s = started(2);
    let rows = s.view().journey_rows;
    let face_up = rows[0][0].unwrap().id;
    let before = s.view().journey_decks;
    s.act(0, Action::Place(Space::TravelPlans));
    assert!(s.legal(0).contains(&Action::Take(face_up)));
    assert!(s.legal(0).contains(&Action::Draw(JourneyType::Challenge)));
    s.act(0, Action::Take(face_up));
    s.act(0, Action::Draw(JourneyType::Market));
    assert!(s.is_chance());
    let drawn = s.outcomes()[0];
    s.chance(drawn);
    let p = s.player(0);
    assert!(
        p.known_cards.iter().any(|c| c.id == face_up),
        "a face-up card is seen taken"
    );
    assert_eq!(s.view().journey_rows[0][0], None, "the row is not refilled");
    assert_eq!(s.view().journey_decks[1], before[1] - 1);
    // The other seat sees the backs only.
    let seen = s.view_of(1).players[0].clone();
    assert!(seen.hand.is_none());
    assert_eq!(
        seen.hand_size.iter().sum::<u8>(),
        p.hand_size.iter().sum::<u8>()
    );

    let mut s = started(2);
    s.give_support(0, Support::Queen, 1);
    s.act(0, Action::Place(Space::TravelPlans));
    for _ in 0..3 {
        s.act(0, Action::Draw(JourneyType::Romance));
        let c = s.outcomes()[0];
        s.chance(c);
    }
    assert_eq!(
        s.on_move(),
        Some(1),
        "three cards with the Queen, then the turn passes"
    );
}

#[test]
fn the_market_sells_one_level_at_full_price_and_the_diplomat_bargains() {
    let mut s = started(2);
    s.set(0, "coins", json!(10));
    assert!(s.legal(0).contains(&Action::Market(Gear::Mount)));
    s.act(0, Action::Market(Gear::Mount));
    assert_eq!((s.player(0).mount, s.player(0).coins), (3, 6));
    s.act(1, Action::Place(Space::Patrol));
    s.act(0, Action::Market(Gear::Mount));
    assert_eq!((s.player(0).mount, s.player(0).coins), (4, 0));
    s.act(1, Action::Place(Space::Patrol));
    assert!(
        !s.legal(0).contains(&Action::Market(Gear::Mount)),
        "level IV is the top"
    );
    // Not enough coins: no upgrade.
    let mut s = started(2);
    s.set(0, "coins", json!(3));
    s.refuse(0, Action::Market(Gear::Armor)).to_string();
    // A Diplomat takes a coin off.
    s.give_support(0, Support::Diplomat, 1);
    s.act(0, Action::Market(Gear::Armor));
    assert_eq!((s.player(0).armor, s.player(0).coins), (3, 0));
}

#[test]
fn supports_cost_their_space_and_one_time_supports_pay_at_once() {
    let mut s = started(2);
    s.set(0, "coins", json!(20));
    let track = s.view().support_track;
    assert_eq!(
        track.iter().filter(|t| !t.locked).count(),
        6,
        "1 special + 5 regular at 2 players"
    );
    assert_eq!(track.iter().filter(|t| t.cost == 2).count(), 1);
    // Lay out a track to buy from.
    s.patch(|v| {
        let t = &mut v["board"]["track"];
        t[0] = json!(Support::Lady as u8);
        t[2] = json!(Support::Minstrel as u8);
        t[3] = json!(Support::King as u8);
        t[4] = json!(Support::Vassal as u8);
        t[5] = json!(Support::Moneylender as u8);
    });
    s.act(0, Action::Support(0));
    assert_eq!(
        (s.player(0).coins, s.glory(0)),
        (17, 15),
        "Lady: 3 coins, 5 glory"
    );
    s.act(1, Action::Place(Space::Patrol));
    s.act(0, Action::Support(2));
    assert_eq!(
        (s.player(0).coins, s.glory(0)),
        (15, 19),
        "Minstrel: 2 coins, 4 glory"
    );
    s.act(1, Action::Place(Space::Patrol));
    s.act(0, Action::Support(3));
    assert_eq!(s.player(0).prestige[0].kind, Prestige::Royal);
    s.act(1, Action::Place(Space::Patrol));
    s.act(0, Action::Support(4));
    assert!(
        s.player(0)
            .prestige
            .iter()
            .any(|o| o.kind == Prestige::Overlord)
    );
    s.act(1, Action::Place(Space::Patrol));
    s.act(0, Action::Support(5));
    assert_eq!(
        (s.player(0).coins, s.glory(0)),
        (13 - 1 + 6, 17),
        "Moneylender: +6 coins, -2 glory"
    );
    assert_eq!(
        s.view().support_track[5].support,
        None,
        "not refilled before maintenance"
    );
    // A Diplomat lowers the price, never below 0.
    let mut s = started(2);
    s.set(0, "coins", json!(0))
        .give_support(0, Support::Diplomat, 1);
    s.patch(|v| v["board"]["track"][3] = json!(Support::Veteran as u8));
    s.act(0, Action::Support(3));
    assert_eq!(s.player(0).coins, 0);
}

#[test]
fn new_objective_keeps_one_of_three_titles() {
    let mut s = started(2);
    let deck = s.view().title_deck;
    s.act(0, Action::Place(Space::NewObjective));
    for _ in 0..3 {
        let c = s.outcomes()[0];
        s.chance(c);
    }
    let offer = s.player(0).title_offer.unwrap();
    assert_eq!(offer.len(), 3);
    assert_eq!(
        s.view_of(1).players[0].title_offer,
        None,
        "hidden from the others"
    );
    s.telling();
    s.act(0, Action::KeepTitle(offer[1].id));
    let p = s.player(0);
    assert!(p.objectives.unwrap().iter().any(|t| t.id == offer[1].id));
    // The other two go face up onto the discard pile, not back into the
    // deck: seen by everyone, drawn again only once the deck runs out.
    assert_eq!(s.view().title_deck, deck - 3);
    let pile: Vec<u8> = s.view_of(1).title_discards.iter().map(|t| t.id).collect();
    let mut thrown = vec![offer[0].id, offer[2].id];
    thrown.sort();
    assert_eq!(pile, thrown);
    let told = s.told_to(Some(1));
    for t in [&offer[0], &offer[2]] {
        let line = format!("Seat 1 discards the title {} face up", t.name);
        assert!(told.contains(&line), "{line} in {told:#?}");
    }
}

#[test]
fn crusade_is_one_circle_for_a_coin() {
    let mut s = started(2);
    s.refuse(0, Action::Place(Space::Event)).to_string();
    s.set(0, "coins", json!(1)).set(1, "coins", json!(1));
    s.act(0, Action::Place(Space::Event));
    let p = s.player(0);
    assert_eq!((p.coins, p.faith, p.glory), (0, 3, 13));
    assert!(!s.legal(1).contains(&Action::Place(Space::Event)));
}

#[test]
fn events_without_an_action_apply_to_everyone_at_the_start() {
    let s = with_events(2, "Bountiful Harvest", "War");
    let coins: Vec<u8> = s.view().players.iter().map(|p| p.coins).collect();
    assert_eq!(coins, vec![3 + 2, 3 + 2], "Knight Bachelor starts with 3");
    let s = with_events(2, "Royal Wedding", "War");
    assert_eq!(s.player(0).strength, 3 + 2);
    // War and To Arms! are round 2 events.
    let mut s = with_events(2, "Crusade", "War");
    s.auto_until(|s| s.view().round == 2 && s.view().stage == "actions" && s.on_move().is_some());
    let v = s.view();
    assert_eq!(v.events[1].unwrap().name, "War");
    let mut s = with_events(2, "Crusade", "To Arms!");
    s.auto_until(|s| s.view().round == 2 && s.view().stage == "actions" && s.on_move().is_some());
    assert_eq!(s.player(0).pawns_left, 5);
}

#[test]
fn war_takes_two_coins_or_the_last_one() {
    let mut s = with_events(2, "Crusade", "War");
    // Just before round 2 begins: set the purses.
    s.auto_until(|s| s.view().round == 2 && s.view().stage == "prepare");
    s.set(0, "coins", json!(5)).set(1, "coins", json!(1));
    s.auto_until(|s| s.view().stage == "actions" && s.on_move().is_some());
    assert_eq!((s.player(0).coins, s.player(1).coins), (3, 0));
}

#[test]
fn recruitment_and_volunteer_put_a_special_support_on_the_card() {
    let mut s = Script::new(level_one(), 2);
    s.auto_until(|s| s.is_chance() && s.step_text() == "An event card is drawn");
    s.chance(Chance::Event(event("Recruitment", 1)));
    s.chance(Chance::Event(event("Journey", 2)));
    s.auto_until(|s| s.is_chance() && s.step_text() == "A special support is drawn for the event");
    s.chance(Chance::Support(Support::Emissary));
    assert_eq!(s.view().event_support, Some(Support::Emissary));
    s.auto_until(|s| s.on_move().is_some());
    s.set(0, "coins", json!(1));
    s.act(0, Action::Place(Space::Event));
    assert_eq!(s.player(0).coins, 0);
    assert_eq!(s.player(0).supports[0].kind, Support::Emissary);
    assert_eq!(s.view().event_support, None);
}

#[test]
fn the_journey_event_takes_three_cards_for_a_coin() {
    let mut s = with_events(2, "Crusade", "Journey");
    s.auto_until(|s| s.view().round == 2 && s.view().stage == "actions" && s.on_move().is_some());
    let p = s.on_move().unwrap();
    s.set(p, "coins", json!(1));
    let before: u8 = s.player(p).hand_size.iter().sum();
    s.act(p, Action::Place(Space::Event));
    for _ in 0..3 {
        let a = s.legal(p)[0];
        s.act(p, a);
        if s.is_chance() {
            let c = s.outcomes()[0];
            s.chance(c);
        }
    }
    assert_eq!(s.player(p).hand_size.iter().sum::<u8>(), before + 3);
    assert_eq!(s.player(p).coins, 0);
}

/// Round 3 with its event chosen (drawn at round 1's maintenance).
fn round_three(event_name: &str) -> Script {
    let mut s = with_events(2, "Crusade", "Journey");
    s.auto_until(|s| s.is_chance() && s.step_text() == "An event card is drawn");
    assert_eq!(
        s.view().events[2],
        None,
        "round 3's event is face down until now"
    );
    s.chance(Chance::Event(event(event_name, 3)));
    s.auto_until(|s| s.view().round == 3 && s.view().stage == "actions" && s.on_move().is_some());
    s
}

#[test]
fn loot_siege_and_the_wandering_knight() {
    let mut s = round_three("Loot");
    let p = s.on_move().unwrap();
    s.set(p, "strength", json!(2))
        .set(p, "mount", json!(3))
        .set(p, "armor", json!(2));
    assert!(s.legal(p).contains(&Action::Loot(Gear::Mount)));
    assert!(
        !s.legal(p).contains(&Action::Loot(Gear::Armor)),
        "armor II cannot jump to IV"
    );
    s.act(p, Action::Loot(Gear::Mount));
    assert_eq!((s.player(p).mount, s.player(p).strength), (4, 0));

    let mut s = round_three("Siege");
    let p = s.on_move().unwrap();
    s.set(p, "strength", json!(2));
    let g = s.glory(p);
    s.act(p, Action::Place(Space::Event));
    assert_eq!((s.glory(p), s.player(p).strength), (g + 5, 0));

    let mut s = round_three("Wandering Knight");
    let p = s.on_move().unwrap();
    s.set(p, "coins", json!(1)).set(p, "strength", json!(0));
    s.act(p, Action::Place(Space::Event));
    assert_eq!((s.player(p).coins, s.player(p).strength), (0, 5));

    let mut s = round_three("Volunteer");
    let p = s.on_move().unwrap();
    s.set(p, "coins", json!(0));
    let on_card = s.view().event_support.expect("a support on the card");
    s.act(p, Action::Place(Space::Event));
    assert!(
        s.player(p).supports.iter().any(|o| o.kind == on_card),
        "free"
    );
}

#[test]
fn herald_in_a_joust_is_once_a_round() {
    let cfg = Config {
        tournaments: [tourney_glory::TournamentKind::JoustAPlaisance; 3],
        ..level_one()
    };
    let mut s = Script::started(cfg, 2);
    let free = s
        .legal(0)
        .into_iter()
        .find(|a| matches!(a, Action::Herald(_)))
        .unwrap();
    s.act(0, free);
    s.act(1, Action::Place(Space::Patrol));
    assert!(!s.legal(0).iter().any(|a| matches!(a, Action::Herald(_))));
}
