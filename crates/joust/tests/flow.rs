//! Scenario tests for the shape of the event: starting player, challenges,
//! sending and replacing knights, the piles, and refused steps.

mod common;

use common::*;
use tourney_core::{Game, RuleError, Seat, SeatSet, ToMove};
use tourney_joust::{
    Action, CardJoust, Chance, Config, DiceMask, KnightChoice, Phase, Placement, Slot,
};

fn outcomes(g: &CardJoust) -> Vec<(Chance, u32)> {
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    out
}

fn actions(g: &CardJoust, seat: u8) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(Seat(seat), &mut out);
    out
}

/// A pass where nothing happens: no success, no one, no injury.
fn quiet() -> Duelist {
    Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 2])
}

#[test]
fn the_starting_player_is_a_chance_step_even_for_two() {
    let g = CardJoust::new(&Config::default(), 2).unwrap();
    assert_eq!(g.to_move(), ToMove::Chance);
    assert_eq!(g.describe_chance_step(), "Choose the starting player");
    assert_eq!(
        outcomes(&g),
        vec![(Chance::Seat(Seat(0)), 1), (Chance::Seat(Seat(1)), 1)]
    );
    let mut s = Script::two(1);
    // Two players need no challenge: the starting player is the first challenger.
    assert_eq!(s.duelists(), [Seat(1), Seat(0)]);
    assert_eq!(s.game.phase(), Phase::Draw);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 draws a number card (1 of 5)"
    );
    // Challengers alternate.
    s.plain_pass(quiet(), quiet());
    s.keep_knights();
    assert_eq!(s.duelists(), [Seat(0), Seat(1)]);
}

#[test]
fn with_three_players_the_seat_on_turn_challenges_any_other() {
    let mut s = Script::starting(Config::default(), 3, 1);
    assert_eq!(s.game.phase(), Phase::Challenge);
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::single(Seat(1))));
    assert_eq!(
        actions(&s.game, 1),
        vec![Action::Challenge(Seat(0)), Action::Challenge(Seat(2))]
    );
    assert!(actions(&s.game, 0).is_empty());
    assert_eq!(
        s.game.describe_action(Seat(1), &Action::Challenge(Seat(2))),
        "Challenge seat 3"
    );
    assert!(matches!(
        s.refuse(1, Action::Challenge(Seat(1))),
        RuleError::Illegal(_)
    ));
    assert!(matches!(
        s.refuse(1, Action::Challenge(Seat(3))),
        RuleError::Illegal(_)
    ));
    assert_eq!(
        s.refuse(0, Action::Challenge(Seat(2))),
        RuleError::NotOnMove(Seat(0))
    );
    s.challenge(2);
    assert_eq!(s.duelists(), [Seat(1), Seat(2)]);
    s.plain_pass(quiet(), quiet());
    // Turns pass in seat order: seat 3 now, and it may challenge seat 1 or 2.
    assert_eq!(s.game.phase(), Phase::Challenge);
    assert_eq!(s.game.turn(), Seat(2));
    assert_eq!(
        actions(&s.game, 2),
        vec![Action::Challenge(Seat(0)), Action::Challenge(Seat(1))]
    );
    s.challenge(0);
    // Seat 1 sends its first knight; seat 3's knight stands, so it chooses.
    assert_eq!(s.game.phase(), Phase::Knights);
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::single(Seat(2))));
    assert_eq!(s.game.knight(Seat(0)).map(|k| k.number), Some(1));
}

#[test]
fn a_seat_out_of_the_event_cannot_be_challenged_and_loses_its_turns() {
    let config = Config {
        knights_per_player: 1,
        ..Config::default()
    };
    let mut s = Script::starting(config, 3, 0);
    s.challenge(1);
    // Seat 1 unhorses seat 2's only knight.
    s.plain_pass(Duelist::new(Slot::Head, GROUND_PEACE, &[12, 12]), quiet());
    assert!(!s.game.in_event(Seat(1)));
    assert_eq!(s.game.phase(), Phase::Challenge);
    assert_eq!(s.game.turn(), Seat(2), "seat 2 is out, so seat 3 is next");
    assert_eq!(actions(&s.game, 2), vec![Action::Challenge(Seat(0))]);
    let err = s.refuse(2, Action::Challenge(Seat(1)));
    assert_eq!(
        err,
        RuleError::illegal("seat 2 has no knights left and is out of the event")
    );
    s.challenge(0);
    // Seat 1 earned the gift: three jousting dice.
    s.plain_pass(
        quiet(),
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 2, 2]),
    );
    assert_eq!(s.game.turn(), Seat(0), "after seat 3 comes seat 1 again");
}

#[test]
fn a_standing_knight_may_be_withdrawn_for_a_fresh_one_which_never_returns() {
    let config = Config {
        knights_per_player: 2,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    // Seat 1 pushes and takes a minor injury.
    s.joust(quiet(), quiet());
    s.act(0, Action::Push(DiceMask(0b01))).d12(&[2]);
    s.act(1, Action::KeepRoll);
    assert_eq!(
        s.game.knight(Seat(0)).map(|k| (k.number, k.minor)),
        Some((1, 1))
    );
    // Both are asked, at the same time.
    assert_eq!(s.game.phase(), Phase::Knights);
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::first(2)));
    assert_eq!(
        s.game
            .describe_action(Seat(0), &Action::Knight(KnightChoice::Keep)),
        "Keep knight 1 in the lists (1 minor injury die)"
    );
    assert_eq!(
        s.game
            .describe_action(Seat(0), &Action::Knight(KnightChoice::Replace)),
        "Withdraw knight 1 for good and send knight 2"
    );
    s.knight_choice(0, KnightChoice::Replace);
    // Hidden until both chose: the old knight is still shown.
    assert_eq!(s.game.knight(Seat(0)).map(|k| k.number), Some(1));
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::single(Seat(1))));
    s.knight_choice(1, KnightChoice::Keep);
    assert_eq!(
        s.game.knight(Seat(0)).map(|k| (k.number, k.minor)),
        Some((2, 0))
    );
    assert_eq!(
        s.game.knights_left(Seat(0)),
        1,
        "the withdrawn knight is gone for good"
    );
    assert_eq!(s.game.knight(Seat(1)).map(|k| k.number), Some(1));
    assert_eq!(s.game.phase(), Phase::Draw);
    s.plain_pass(quiet(), quiet());
    // Seat 1 has no fresh knight left, so only seat 2 is asked.
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::single(Seat(1))));
}

#[test]
fn each_player_draws_from_its_own_pile_and_discards_face_up() {
    let mut s = Script::two(0);
    assert_eq!(outcomes(&s.game).len(), 9);
    assert!(outcomes(&s.game).iter().all(|&(_, w)| w == 4));
    s.cards(&[10, 10, 10, 10]);
    assert!(!outcomes(&s.game).contains(&(Chance::Card(10), 1)));
    assert!(
        outcomes(&s.game)
            .iter()
            .all(|(c, _)| *c != Chance::Card(10)),
        "no ten left"
    );
    assert!(matches!(
        s.refuse_chance(Chance::Card(10)),
        RuleError::ImpossibleOutcome(_)
    ));
    s.cards(&[9]);
    // Seat 2's pile is untouched.
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 draws a number card (1 of 5)"
    );
    assert!(outcomes(&s.game).contains(&(Chance::Card(10), 4)));
    s.cards(&[10, 9, 8, 7, 6]);
    s.place(0, [10, 10, 10, 10, 9]);
    s.place(1, [10, 9, 8, 7, 6]);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Head));
    s.act(0, Action::Gear(GROUND_PEACE))
        .act(1, Action::Gear(GROUND_PEACE));
    s.d12(&[2, 2, 2, 2]).keep_rolls();
    assert_eq!(s.game.pile(Seat(0)).len(), 31);
    assert_eq!(
        s.game.discard(Seat(0)).counts(),
        &[0, 0, 0, 0, 0, 0, 0, 1, 4]
    );
    assert_eq!(s.game.discard(Seat(1)).len(), 5);
}

#[test]
fn an_empty_pile_takes_the_discards_back() {
    let config = Config {
        target_points: 1000,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    // Seven quiet passes use 35 of each player's 36 cards (the highest first).
    for _ in 0..7 {
        s.keep_knights();
        s.plain_pass(quiet(), quiet());
    }
    s.keep_knights();
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(s.game.pile(seat).len(), 1);
        assert_eq!(s.game.pile(seat).count(0), 1, "a single 2 is left");
        assert_eq!(s.game.discard(seat).len(), 35);
    }
    // Seat 2 challenges this pass and draws first: its last card...
    assert_eq!(s.duelists()[0], Seat(1));
    assert_eq!(outcomes(&s.game), vec![(Chance::Card(2), 1)]);
    s.cards(&[2]);
    assert_eq!(
        (s.game.pile(Seat(1)).len(), s.game.discard(Seat(1)).len()),
        (0, 35)
    );
    // ...then the 35 discards are shuffled into a new pile.
    let expect: Vec<(Chance, u32)> = (2..=10)
        .map(|r| (Chance::Card(r), if r == 2 { 3 } else { 4 }))
        .collect();
    assert_eq!(outcomes(&s.game), expect);
    s.cards(&[10]);
    assert_eq!(
        (s.game.pile(Seat(1)).len(), s.game.discard(Seat(1)).len()),
        (34, 0)
    );
    s.cards(&[10, 10, 10]);
    assert_eq!(s.game.pile(Seat(1)).len(), 31);
    // Seat 1 does the same.
    s.cards(&[2, 3, 3, 3, 3]);
    assert_eq!(
        (s.game.pile(Seat(0)).len(), s.game.discard(Seat(0)).len()),
        (31, 0)
    );
    assert_eq!(s.game.phase(), Phase::Place);
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut s = Script::two(0);
    // A chance step is pending: nobody may act.
    assert_eq!(
        s.refuse(0, Action::Aim(Slot::Head)),
        RuleError::AwaitingChance
    );
    s.cards(&[2, 3, 4, 5, 6]);
    assert!(matches!(
        s.refuse_chance(Chance::D12(5)),
        RuleError::ImpossibleOutcome(_)
    ));
    assert!(matches!(
        s.refuse_chance(Chance::Card(1)),
        RuleError::ImpossibleOutcome(_)
    ));
    assert!(matches!(
        s.refuse_chance(Chance::Card(11)),
        RuleError::ImpossibleOutcome(_)
    ));
    s.cards(&[7, 7, 8, 8, 9]);
    // Seats are on move: no chance outcome is taken.
    assert_eq!(s.refuse_chance(Chance::Card(7)), RuleError::NoChancePending);
    // Wrong phase.
    assert_eq!(
        s.refuse(0, Action::Aim(Slot::Head)),
        RuleError::illegal("place your cards on the slots, one at a time")
    );
    assert!(matches!(
        s.refuse(0, Action::KeepRoll),
        RuleError::Illegal(_)
    ));
    // A card the seat does not hold.
    let err = s.refuse(0, Action::Place(Placement::new(Slot::Head, 7)));
    assert_eq!(
        err,
        RuleError::illegal("you hold no 7: your cards are 2, 3, 4, 5, 6")
    );
    // A seat that is not at the table, or has placed all its cards.
    assert_eq!(
        s.refuse(5, Action::Place(Placement::new(Slot::Head, 2))),
        RuleError::NotOnMove(Seat(5))
    );
    s.place(0, [2, 3, 4, 5, 6]);
    assert_eq!(
        s.refuse(0, Action::Place(Placement::new(Slot::Shield, 6))),
        RuleError::NotOnMove(Seat(0))
    );
    s.place(1, [7, 7, 8, 8, 9]);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Shield));
    s.act(0, Action::Gear(GROUND_PEACE))
        .act(1, Action::Gear(GROUND_PEACE));
    // Impossible faces and the wrong kind of die.
    for bad in [
        Chance::D12(0),
        Chance::D12(13),
        Chance::D6(3),
        Chance::Seat(Seat(0)),
    ] {
        assert!(
            matches!(s.refuse_chance(bad), RuleError::ImpossibleOutcome(_)),
            "{bad:?}"
        );
    }
    s.d12(&[2, 2, 2, 2]);
    // Push decisions: only the seat on move, only dice it rolled.
    assert_eq!(s.on_move_one(), Seat(0));
    assert_eq!(s.refuse(1, Action::KeepRoll), RuleError::NotOnMove(Seat(1)));
    assert_eq!(
        s.refuse(0, Action::Push(DiceMask(0b100))),
        RuleError::illegal("you rolled only 2 jousting dice this pass")
    );
    assert!(matches!(
        s.refuse(0, Action::Push(DiceMask(0))),
        RuleError::Illegal(_)
    ));
    s.act(0, Action::Push(DiceMask(0b10)));
    assert!(matches!(
        s.refuse_chance(Chance::D6(2)),
        RuleError::ImpossibleOutcome(_)
    ));
    s.d12(&[2]);
    s.act(1, Action::KeepRoll);
    assert_eq!(s.game.phase(), Phase::Knights);
}

#[test]
fn a_finished_event_refuses_everything() {
    let config = Config {
        knights_per_player: 1,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.plain_pass(Duelist::new(Slot::Head, GROUND_PEACE, &[12, 12]), quiet());
    assert_eq!(s.game.phase(), Phase::Over);
    assert_eq!(s.refuse(0, Action::KeepRoll), RuleError::GameOver);
    assert_eq!(s.refuse_chance(Chance::D12(3)), RuleError::GameOver);
    assert!(actions(&s.game, 0).is_empty());
    assert!(outcomes(&s.game).is_empty());
}

#[test]
fn simultaneous_choices_can_be_made_in_either_order() {
    let mut s = Script::two(0);
    s.cards(&[2, 3, 4, 5, 6, 7, 7, 8, 8, 9]);
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::first(2)));
    assert_eq!(actions(&s.game, 0).len(), 5);
    assert_eq!(actions(&s.game, 1).len(), 3, "7 7 8 8 9: three ranks");
    // Placing card by card, the two duelists' steps may interleave.
    let place = |slot, card| Action::Place(Placement::new(slot, card));
    s.act(1, place(Slot::Head, 9))
        .act(0, place(Slot::Head, 6))
        .act(1, place(Slot::Body, 8))
        .act(1, place(Slot::LeftArm, 8));
    assert_eq!(
        s.game.to_move(),
        ToMove::Seats(SeatSet::first(2)),
        "both stay on move while both have cards to place"
    );
    s.act(1, place(Slot::RightArm, 7));
    assert!(
        actions(&s.game, 1).is_empty(),
        "a seat that placed all its cards is no longer on move"
    );
    assert_eq!(s.game.to_move(), ToMove::Seats(SeatSet::single(Seat(0))));
    s.act(0, place(Slot::Body, 5))
        .act(0, place(Slot::LeftArm, 4))
        .act(0, place(Slot::RightArm, 3));
    assert_eq!(s.game.phase(), Phase::Aim);
    s.act(1, Action::Aim(Slot::Body))
        .act(0, Action::Aim(Slot::LeftArm));
    assert_eq!(s.game.phase(), Phase::Gear);
    assert_eq!(actions(&s.game, 0).len(), 4);
}

#[test]
fn a_garbage_state_never_panics() {
    let s = Script::two(0);
    let mut v = serde_json::to_value(s.game).unwrap();
    v["seats"] = 250.into();
    v["turn"] = 200.into();
    v["duel"]["cursor"] = 9.into();
    v["duel"]["sides"][0]["seat"] = 77.into();
    v["duel"]["sides"][1]["hand_len"] = 200.into();
    v["duel"]["sides"][1]["d12_count"] = 255.into();
    v["duel"]["sides"][1]["slots"] = serde_json::json!([0, 99, 1, 255, 3]);
    let g: CardJoust = serde_json::from_value(v).unwrap();
    for phase in [
        "starting_player",
        "challenge",
        "knights",
        "draw",
        "place",
        "aim",
        "gear",
        "roll",
        "push",
        "reroll",
        "bonus",
        "injury_roll",
        "over",
    ] {
        let mut v = serde_json::to_value(g).unwrap();
        v["phase"] = phase.into();
        let mut g: CardJoust = serde_json::from_value(v).unwrap();
        let _ = g.to_move();
        let _ = g.view(Some(Seat(0))).to_string();
        let _ = g.view(None).to_string();
        let _ = g.describe_chance_step();
        let mut rng = tourney_core::GameRng::seed_from_u64(1);
        let _ = g.determinize(Seat(1), &mut rng);
        for seat in [0, 1, 77, 200] {
            for a in actions(&g, seat) {
                let _ = g.describe_action(Seat(seat), &a);
                let _ = g.clone().apply(Seat(seat), &a);
            }
            let _ = g.clone().apply(Seat(seat), &Action::KeepRoll);
            for slot in Slot::ALL {
                for card in [0, 2, 9, 99, 255] {
                    let place = Action::Place(Placement::new(slot, card));
                    let _ = g.describe_action(Seat(seat), &place);
                    let _ = g.clone().apply(Seat(seat), &place);
                }
            }
            let _ = g.clone().apply(Seat(seat), &Action::Push(DiceMask(7)));
        }
        for (c, _) in outcomes(&g) {
            let _ = g.clone().apply_chance(&c);
        }
        for c in [
            Chance::D12(12),
            Chance::D6(1),
            Chance::Card(2),
            Chance::Seat(Seat(0)),
        ] {
            let _ = g.apply_chance(&c);
        }
    }
}

/// The card draws of a hand and the jousting dice of a roll are runs the
/// log folds; the game says so as data, not only in its words.
#[test]
fn draws_and_jousting_dice_are_runs_of_like_steps() {
    let mut s = Script::two(0);
    let series = |s: &Script| s.game.chance_step_series().map(|r| (r.stem, r.index, r.of));
    let [first, _] = s.duelists();
    let drawer = format!("Seat {} draws a number card", first.0 + 1);
    assert_eq!(series(&s), Some((drawer.clone(), 1, 5)));
    assert_eq!(s.game.describe_chance_step(), format!("{drawer} (1 of 5)"));
    s.cards(&[10]);
    assert_eq!(series(&s), Some((drawer, 2, 5)));

    let mut s = Script::two(0);
    let [a, b] = s.duelists();
    let (ca, cb) = (s.highest_cards(a), s.highest_cards(b));
    s.cards(&ca).cards(&cb).place(a.0, ca).place(b.0, cb);
    s.act(a.0, Action::Aim(Slot::Body))
        .act(b.0, Action::Aim(Slot::Body))
        .act(a.0, Action::Gear(GROUND_WAR))
        .act(b.0, Action::Gear(GROUND_WAR))
        .d12(&[2]);
    let roller = format!("Seat {} rolls jousting die", a.0 + 1);
    assert_eq!(series(&s), Some((roller.clone(), 2, 2)));
    assert_eq!(s.game.describe_chance_step(), format!("{roller} #2 of 2"));
    // Choosing the starting player stands alone.
    let fresh = Script::new(Default::default(), 2);
    assert_eq!(
        fresh.game.describe_chance_step(),
        "Choose the starting player"
    );
    assert_eq!(series(&fresh), None);
}
