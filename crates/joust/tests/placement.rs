//! Laying the five drawn cards on the slots: one card at a time, in table
//! order (head, body, left arm, right arm), the last one going on the shield
//! by itself; both duelists at once, each hidden from the other.

mod common;

use common::*;
use serde_json::{Value, json};
use tourney_core::{Game, GameRng, RuleError, Seat, SeatSet, ToMove};
use tourney_joust::{Action, CardJoust, Phase, Placement, Slot};

fn actions(g: &CardJoust, seat: u8) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(Seat(seat), &mut out);
    out
}

fn put(slot: Slot, card: u8) -> Action {
    Action::Place(Placement::new(slot, card))
}

fn menu(g: &CardJoust, seat: u8) -> Vec<String> {
    actions(g, seat)
        .iter()
        .map(|a| g.describe_action(Seat(seat), a))
        .collect()
}

fn view(g: &CardJoust, seat: Option<u8>) -> Value {
    serde_json::to_value(g.view(seat.map(Seat))).unwrap()
}

fn duelist(v: &Value, k: usize) -> &Value {
    &v["joust"]["duelists"][k]
}

/// `(occupied, card)` of each slot of duelist `k`, in table order.
fn slots(v: &Value, k: usize) -> Vec<(bool, Value)> {
    duelist(v, k)["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["occupied"].as_bool().unwrap(), s["card"].clone()))
        .collect()
}

/// Seat 1 (challenger) drew 7 3 7 9 3, seat 2 drew 2 4 6 8 10.
fn drawn() -> Script {
    let mut s = Script::two(0);
    s.cards(&[7, 3, 7, 9, 3]).cards(&[2, 4, 6, 8, 10]);
    assert_eq!(s.game.phase(), Phase::Place);
    s
}

#[test]
fn the_menu_offers_each_rank_still_in_hand_once() {
    let mut s = drawn();
    assert_eq!(
        actions(&s.game, 0),
        vec![put(Slot::Head, 3), put(Slot::Head, 7), put(Slot::Head, 9)],
        "two 3s and two 7s are listed once each, lowest first"
    );
    assert_eq!(
        menu(&s.game, 0),
        [
            "Put the 3 on the head",
            "Put the 7 on the head",
            "Put the 9 on the head"
        ]
    );
    assert_eq!(actions(&s.game, 1).len(), 5, "five different ranks");
    s.act(0, put(Slot::Head, 9));
    assert_eq!(
        menu(&s.game, 0),
        ["Put the 3 on the body", "Put the 7 on the body"],
        "the 9 is gone, and the body is next"
    );
    s.act(0, put(Slot::Body, 7));
    assert_eq!(
        actions(&s.game, 0),
        vec![put(Slot::LeftArm, 3), put(Slot::LeftArm, 7)],
        "one 7 is still in hand"
    );
    s.act(0, put(Slot::LeftArm, 7));
    assert_eq!(
        menu(&s.game, 0),
        ["Put the 3 on the right arm"],
        "3 3 left: one choice, still asked"
    );
    // Seat 2's menu never changed.
    assert_eq!(
        menu(&s.game, 1),
        [
            "Put the 2 on the head",
            "Put the 4 on the head",
            "Put the 6 on the head",
            "Put the 8 on the head",
            "Put the 10 on the head",
        ]
    );
}

#[test]
fn a_card_not_in_hand_is_refused_and_changes_nothing() {
    let mut s = drawn();
    assert_eq!(
        s.refuse(0, put(Slot::Head, 8)),
        RuleError::illegal("you hold no 8: your cards are 7, 3, 7, 9, 3")
    );
    // Not a number card at all.
    for card in [0, 1, 11, 255] {
        assert!(matches!(
            s.refuse(0, put(Slot::Head, card)),
            RuleError::Illegal(_)
        ));
    }
    // The other duelist's card.
    assert!(matches!(
        s.refuse(0, put(Slot::Head, 10)),
        RuleError::Illegal(_)
    ));
    // A card already placed is no longer in hand.
    s.act(0, put(Slot::Head, 9));
    assert_eq!(
        s.refuse(0, put(Slot::Body, 9)),
        RuleError::illegal("you hold no 9: your cards are 7, 3, 7, 3")
    );
    // Of a pair, the second copy is still there once the first is placed.
    s.act(0, put(Slot::Body, 3));
    s.act(0, put(Slot::LeftArm, 3));
    assert_eq!(
        s.refuse(0, put(Slot::RightArm, 3)),
        RuleError::illegal("you hold no 3: your cards are 7, 7")
    );
    s.act(0, put(Slot::RightArm, 7));
}

#[test]
fn slots_are_filled_in_table_order_only() {
    let mut s = drawn();
    let order = "cards go on the head, body, left arm and right arm in that order, \
                 and the last one on the shield";
    assert_eq!(
        s.refuse(0, put(Slot::Body, 7)),
        RuleError::illegal(format!("the head comes next: {order}"))
    );
    for slot in [Slot::LeftArm, Slot::RightArm, Slot::Shield] {
        assert!(matches!(s.refuse(0, put(slot, 7)), RuleError::Illegal(_)));
    }
    s.act(0, put(Slot::Head, 7));
    // The head is taken now; a second card there is refused too.
    assert_eq!(
        s.refuse(0, put(Slot::Head, 3)),
        RuleError::illegal(format!("the body comes next: {order}"))
    );
    s.act(0, put(Slot::Body, 3)).act(0, put(Slot::LeftArm, 7));
    // The shield is never chosen: the last card goes there by itself.
    assert_eq!(
        s.refuse(0, put(Slot::Shield, 3)),
        RuleError::illegal(format!("the right arm comes next: {order}"))
    );
    // Another seat's order is its own.
    s.act(1, put(Slot::Head, 2));
    assert!(matches!(
        s.refuse(1, put(Slot::RightArm, 4)),
        RuleError::Illegal(_)
    ));
    // Before the cards are drawn, and once the aims are due, no placing.
    let mut early = Script::two(0);
    early.cards(&[2, 3, 4]);
    assert_eq!(
        early.refuse(0, put(Slot::Head, 2)),
        RuleError::AwaitingChance
    );
    let mut late = drawn();
    late.place(0, [7, 3, 7, 9, 3]).place(1, [2, 4, 6, 8, 10]);
    assert_eq!(late.game.phase(), Phase::Aim);
    assert_eq!(
        late.refuse(0, put(Slot::Head, 7)),
        RuleError::illegal("choose where to aim")
    );
}

#[test]
fn the_last_card_goes_on_the_shield_by_itself() {
    let mut s = drawn();
    s.act(0, put(Slot::Head, 3))
        .act(0, put(Slot::Body, 9))
        .act(0, put(Slot::LeftArm, 7));
    let mine = view(&s.game, Some(0));
    assert_eq!(duelist(&mine, 0)["hand"], json!([7, 3]), "drawing order");
    assert_eq!(duelist(&mine, 0)["deciding"], json!(true));
    s.act(0, put(Slot::RightArm, 7));
    let mine = view(&s.game, Some(0));
    assert_eq!(duelist(&mine, 0)["hand"], json!([]));
    assert_eq!(duelist(&mine, 0)["hand_size"], json!(0));
    assert_eq!(
        slots(&mine, 0),
        [
            (true, json!(3)),
            (true, json!(9)),
            (true, json!(7)),
            (true, json!(7)),
            (true, json!(3)),
        ]
    );
    assert_eq!(duelist(&mine, 0)["deciding"], json!(false));
    // Seat 1 is done after four choices; seat 2 is still placing.
    assert!(actions(&s.game, 0).is_empty());
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::single(Seat(1))));
    assert_eq!(
        s.refuse(0, put(Slot::Shield, 3)),
        RuleError::NotOnMove(Seat(0))
    );
    assert_eq!(s.game.phase(), Phase::Place);
    s.place(1, [10, 8, 6, 4, 2]);
    assert_eq!(s.game.phase(), Phase::Aim, "both placed: the aims are due");
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::first(2)));
    // The shield card is a card like any other: aimed at, it turns up.
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Shield));
    let spectator = view(&s.game, None);
    assert_eq!(duelist(&spectator, 1)["target"], json!(3));
    assert_eq!(duelist(&spectator, 0)["target"], json!(10));
}

#[test]
fn a_partial_placement_is_hidden_from_the_other_seat() {
    let mut s = drawn();
    s.act(0, put(Slot::Head, 9)).act(0, put(Slot::Body, 3));
    s.act(1, put(Slot::Head, 10));
    let (empty, hidden) = ((false, Value::Null), (true, Value::Null));

    let mine = view(&s.game, Some(0));
    assert_eq!(
        slots(&mine, 0),
        [
            (true, json!(9)),
            (true, json!(3)),
            empty.clone(),
            empty.clone(),
            empty.clone()
        ]
    );
    assert_eq!(duelist(&mine, 0)["hand"], json!([7, 7, 3]));
    // Seat 1 sees that seat 2 put one card down, not which.
    assert_eq!(
        slots(&mine, 1),
        [
            hidden.clone(),
            empty.clone(),
            empty.clone(),
            empty.clone(),
            empty.clone()
        ]
    );
    assert_eq!(duelist(&mine, 1)["hand"], json!([]));
    assert_eq!(duelist(&mine, 1)["hand_size"], json!(4));

    for other in [view(&s.game, Some(1)), view(&s.game, None)] {
        assert_eq!(
            slots(&other, 0),
            [
                hidden.clone(),
                hidden.clone(),
                empty.clone(),
                empty.clone(),
                empty.clone()
            ]
        );
        assert_eq!(duelist(&other, 0)["hand"], json!([]));
        assert_eq!(duelist(&other, 0)["hand_size"], json!(3));
        assert_eq!(duelist(&other, 0)["deciding"], json!(true));
        let text = serde_json::to_string(&duelist(&other, 0)).unwrap();
        assert!(!text.contains('9'), "seat 1's 9 leaks: {text}");
    }
    assert_eq!(view(&s.game, Some(1))["on_move"], json!([0, 1]));

    let drawing = s.game.view(Some(Seat(1))).to_string();
    assert!(
        drawing.contains("head [##]  body [##]  left arm empty  right arm empty  shield empty"),
        "{drawing}"
    );
    assert!(drawing.contains("hand: 3 cards, face down"), "{drawing}");
    let own = s.game.view(Some(Seat(0))).to_string();
    assert!(own.contains("hand: 7 7 3"), "{own}");
    assert!(own.contains("head (9)  body (3)  left arm empty"), "{own}");
    assert!(
        own.contains("Waiting for seat 1 and seat 2 (placing cards)"),
        "{own}"
    );
}

#[test]
fn determinize_redeals_partly_placed_cards_too() {
    let mut s = drawn();
    s.act(0, put(Slot::Head, 9)).act(0, put(Slot::Body, 3));
    s.act(1, put(Slot::Head, 10));
    let mine = view(&s.game, Some(1));
    let spectator = view(&s.game, None);
    // Seat 1's cards unseen by seat 2: its pile, its hand and its two placed cards.
    let unseen = |g: &CardJoust| {
        let mut counts = *g.pile(Seat(0)).counts();
        let v = g.view(Some(Seat(0))).joust.unwrap();
        let d = &v.duelists[0];
        for card in d
            .hand
            .iter()
            .chain(d.slots.iter().filter_map(|s| s.card.as_ref()))
        {
            counts[usize::from(card - 2)] += 1;
        }
        counts
    };
    let mut rng = GameRng::seed_from_u64(5);
    let (mut placed_differ, mut hand_differs) = (false, false);
    for _ in 0..40 {
        let d = s.game.determinize(Seat(1), &mut rng);
        assert_eq!(view(&d, Some(1)), mine);
        assert_eq!(view(&d, None), spectator);
        assert_eq!(unseen(&d), unseen(&s.game), "the same unseen multiset");
        let theirs = view(&d, Some(0));
        placed_differ |= slots(&theirs, 0) != slots(&view(&s.game, Some(0)), 0);
        hand_differs |= duelist(&theirs, 0)["hand"] != json!([7, 7, 3]);
        // Still two cards down and three to place: the left arm is next.
        let occupied: Vec<bool> = slots(&theirs, 0).iter().map(|s| s.0).collect();
        assert_eq!(occupied, [true, true, false, false, false]);
        assert!(
            actions(&d, 0)
                .iter()
                .all(|a| matches!(a, Action::Place(p) if p.slot == Slot::LeftArm)),
            "the re-dealt seat 1 still places on the left arm next"
        );
        // Seat 2's own placed card and hand are untouched.
        assert_eq!(slots(&view(&d, Some(1)), 1), slots(&mine, 1));
    }
    assert!(placed_differ, "partly placed cards are re-dealt");
    assert!(hand_differs, "unplaced cards are re-dealt");
}

#[test]
fn placing_is_hidden_table_talk() {
    let s = drawn();
    assert!(!s.game.action_is_open(Seat(0), &put(Slot::Head, 7)));
    assert!(!s.game.action_is_open(Seat(1), &put(Slot::RightArm, 2)));
}

#[test]
fn a_garbage_hand_while_placing_never_panics() {
    let s = drawn();
    for (hand, len) in [
        (json!([0, 99, 2, 2, 255]), 5),
        (json!([0, 0, 0, 0, 0]), 1),
        (json!([3, 3, 3, 3, 3]), 2),
        (json!([3, 4, 5, 6, 7]), 0),
        (json!([3, 4, 5, 6, 7]), 9),
    ] {
        let mut v = serde_json::to_value(s.game).unwrap();
        v["duel"]["sides"][0]["hand"] = hand;
        v["duel"]["sides"][0]["hand_len"] = len.into();
        v["duel"]["sides"][0]["slots"] = json!([0, 99, 0, 255, 0]);
        let g: CardJoust = serde_json::from_value(v).unwrap();
        let _ = g.view(Some(Seat(0))).to_string();
        let _ = g.view(None).to_string();
        let _ = g.determinize(Seat(1), &mut GameRng::seed_from_u64(2));
        for a in actions(&g, 0) {
            let _ = g.describe_action(Seat(0), &a);
            let _ = g.clone().apply(Seat(0), &a);
        }
        for slot in Slot::ALL {
            for card in [0, 2, 3, 99, 255] {
                let mut after = g;
                if after.apply(Seat(0), &put(slot, card)).is_err() {
                    assert_eq!(after, g, "a refused placement changed the state");
                }
            }
        }
    }
}
