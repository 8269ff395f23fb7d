//! What each seat may see, re-dealing what it cannot, and the words and
//! drawings a person reads.

mod common;

use common::*;
use serde_json::{Value, json};
use tourney_core::{Evaluate, Game, GameRng, Seat};
use tourney_joust::{
    Action, CardJoust, Chance, DiceMask, Gear, KnightChoice, Lance, Mount, Phase, Placement, Slot,
};

fn view(g: &CardJoust, seat: Option<u8>) -> Value {
    serde_json::to_value(g.view(seat.map(Seat))).unwrap()
}

fn duelist(v: &Value, k: usize) -> &Value {
    &v["joust"]["duelists"][k]
}

fn slot_cards(v: &Value, k: usize) -> Vec<Value> {
    duelist(v, k)["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["card"].clone())
        .collect()
}

const LOW: [u8; 5] = [2, 3, 4, 5, 6];
const HIGH: [u8; 5] = [7, 7, 8, 8, 9];

#[test]
fn drawn_cards_are_seen_only_by_their_owner() {
    let mut s = Script::two(0);
    s.cards(&[2, 3, 4]);
    let mine = view(&s.game, Some(0));
    assert_eq!(duelist(&mine, 0)["hand"], json!([2, 3, 4]));
    for other in [view(&s.game, Some(1)), view(&s.game, None)] {
        assert_eq!(duelist(&other, 0)["hand"], json!([]));
        assert_eq!(duelist(&other, 0)["hand_size"], json!(3));
    }
}

#[test]
fn face_down_cards_and_unrevealed_aims_stay_hidden() {
    let mut s = Script::two(0);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW);
    let hidden = vec![Value::Null; 5];
    assert_eq!(
        slot_cards(&view(&s.game, Some(0)), 0),
        LOW.map(|c| json!(c)).to_vec()
    );
    assert_eq!(slot_cards(&view(&s.game, Some(1)), 0), hidden);
    assert_eq!(slot_cards(&view(&s.game, None), 0), hidden);
    // Seat 2 still holds its cards: seat 1 sees only how many.
    assert_eq!(duelist(&view(&s.game, Some(0)), 1)["hand"], json!([]));
    s.place(1, HIGH);

    s.act(0, Action::Aim(Slot::Head));
    assert_eq!(duelist(&view(&s.game, Some(0)), 0)["aim"], json!("head"));
    assert_eq!(duelist(&view(&s.game, Some(1)), 0)["aim"], Value::Null);
    assert_eq!(duelist(&view(&s.game, None), 0)["aim"], Value::Null);
    assert_eq!(
        duelist(&view(&s.game, Some(1)), 0)["deciding"],
        json!(false),
        "that it chose is public"
    );
    s.act(1, Action::Aim(Slot::Body));

    // Revealed: both aims, and the two aimed cards, face up for everyone.
    let spectator = view(&s.game, None);
    assert_eq!(duelist(&spectator, 0)["aim"], json!("head"));
    assert_eq!(duelist(&spectator, 1)["aim"], json!("body"));
    assert_eq!(duelist(&spectator, 0)["target"], json!(7));
    assert_eq!(duelist(&spectator, 1)["target"], json!(3));
    assert_eq!(
        slot_cards(&spectator, 0),
        vec![Value::Null, json!(3), Value::Null, Value::Null, Value::Null]
    );
    assert_eq!(
        slot_cards(&spectator, 1),
        vec![json!(7), Value::Null, Value::Null, Value::Null, Value::Null]
    );
    assert_eq!(
        slot_cards(&view(&s.game, Some(1)), 0),
        slot_cards(&spectator, 0)
    );

    s.act(1, Action::Gear(FLYING_WAR));
    assert_eq!(
        duelist(&view(&s.game, Some(1)), 1)["gear"],
        json!({"mount": "flying", "lance": "war"})
    );
    assert_eq!(duelist(&view(&s.game, Some(0)), 1)["gear"], Value::Null);
    assert_eq!(duelist(&view(&s.game, None), 1)["gear"], Value::Null);
    s.act(0, Action::Gear(GROUND_PEACE));
    assert_eq!(
        duelist(&view(&s.game, None), 1)["gear"],
        json!({"mount": "flying", "lance": "war"})
    );

    // Dice are open to all as they are rolled.
    s.d12(&[12, 4]);
    assert_eq!(
        duelist(&view(&s.game, None), 0)["dice"]["d12"],
        json!([12, 4])
    );
}

#[test]
fn a_keep_or_replace_choice_is_hidden_until_both_chose() {
    let mut s = Script::two(0);
    s.plain_pass(
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 2]),
        Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 2]),
    );
    s.knight_choice(0, KnightChoice::Replace);
    // Seat 1 is the challenged side this pass.
    assert_eq!(
        duelist(&view(&s.game, Some(0)), 1)["knight_choice"],
        json!("replace")
    );
    assert_eq!(
        duelist(&view(&s.game, Some(1)), 1)["knight_choice"],
        Value::Null
    );
    assert_eq!(
        duelist(&view(&s.game, None), 1)["knight_choice"],
        Value::Null
    );
    assert_eq!(
        view(&s.game, Some(1))["players"][0]["knight"]["number"],
        json!(1)
    );
    s.knight_choice(1, KnightChoice::Keep);
    assert_eq!(
        duelist(&view(&s.game, None), 1)["knight_choice"],
        json!("replace")
    );
    assert_eq!(
        view(&s.game, None)["players"][0]["knight"]["number"],
        json!(2)
    );
}

#[test]
fn determinize_redeals_only_what_the_seat_cannot_see() {
    let mut s = Script::two(0);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    s.act(0, Action::Gear(GROUND_WAR));
    let mut rng = GameRng::seed_from_u64(3);
    let mine = view(&s.game, Some(1));
    let spectator = view(&s.game, None);
    let unseen = |g: &CardJoust| {
        let mut counts = *g.pile(Seat(0)).counts();
        for card in g.view(Some(Seat(0))).joust.unwrap().duelists[0]
            .slots
            .iter()
            .filter_map(|s| s.card)
        {
            counts[usize::from(card - 2)] += 1;
        }
        counts
    };
    let (mut cards_differ, mut gear_differs) = (false, false);
    for _ in 0..40 {
        let d = s.game.determinize(Seat(1), &mut rng);
        assert_eq!(view(&d, Some(1)), mine);
        assert_eq!(view(&d, None), spectator);
        assert_eq!(
            unseen(&d),
            unseen(&s.game),
            "seat 1's unseen cards are the same multiset"
        );
        let theirs = view(&d, Some(0));
        assert_eq!(
            slot_cards(&theirs, 0)[1],
            json!(3),
            "the face-up body card stays"
        );
        cards_differ |= slot_cards(&theirs, 0) != slot_cards(&view(&s.game, Some(0)), 0);
        gear_differs |= duelist(&theirs, 0)["gear"] != json!({"mount": "ground", "lance": "war"});
        // Seat 2's own cards are untouched.
        assert_eq!(
            slot_cards(&view(&d, Some(1)), 1),
            slot_cards(&view(&s.game, Some(1)), 1)
        );
    }
    assert!(cards_differ, "hidden cards are re-dealt");
    assert!(
        gear_differs,
        "a committed, unrevealed gear choice is re-sampled"
    );
}

#[test]
fn actions_read_like_table_talk() {
    let mut s = Script::two(0);
    s.cards(&LOW).cards(&HIGH);
    let g = &s.game;
    let d = |a: Action| g.describe_action(Seat(0), &a);
    assert_eq!(
        d(Action::Place(Placement::new(Slot::Head, 7))),
        "Put the 7 on the head"
    );
    assert_eq!(
        d(Action::Place(Placement::new(Slot::LeftArm, 9))),
        "Put the 9 on the left arm"
    );
    assert_eq!(d(Action::Aim(Slot::Head)), "Aim at the head");
    assert_eq!(d(Action::Aim(Slot::LeftArm)), "Aim at the left arm");
    assert_eq!(
        d(Action::Gear(Gear::new(Mount::Ground, Lance::War))),
        "Ground mount, lance of war"
    );
    assert_eq!(
        d(Action::Gear(Gear::new(Mount::Flying, Lance::Peace))),
        "Flying mount, lance of peace"
    );
    assert_eq!(d(Action::KeepRoll), "Keep the roll");
    // The log tells the same facts after the mover's name, with no "you".
    let told = |a: Action| g.describe_done(Seat(0), &a);
    assert_eq!(
        told(Action::Place(Placement::new(Slot::Head, 7))),
        "puts the 7 on the head"
    );
    assert_eq!(told(Action::Aim(Slot::LeftArm)), "aims at the left arm");
    assert_eq!(
        told(Action::Gear(Gear::new(Mount::Flying, Lance::Peace))),
        "rides a Flying mount, lance of peace"
    );
    assert_eq!(told(Action::KeepRoll), "keeps the roll");
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    s.act(0, Action::Gear(GROUND_WAR))
        .act(1, Action::Gear(GROUND_WAR));
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 rolls jousting die #1 of 2"
    );
    assert_eq!(s.game.describe_chance(&Chance::D12(12)), "12 (raven)");
    assert_eq!(s.game.describe_chance(&Chance::D12(11)), "11 (feather)");
    assert_eq!(s.game.describe_chance(&Chance::D12(7)), "7");
    s.d12(&[4, 1, 2, 3]);
    assert_eq!(
        s.game
            .describe_action(Seat(0), &Action::Push(DiceMask(0b11))),
        "Push: re-roll jousting dice #1 (showing 4) and #2 (showing 1) (take a minor injury)"
    );
    assert_eq!(s.game.describe_chance(&Chance::Card(9)), "card 9");
    assert_eq!(s.game.describe_chance(&Chance::Seat(Seat(1))), "seat 2");
}

#[test]
fn injury_dice_steps_are_named() {
    let mut s = Script::two(0);
    s.set_injuries(0, 1, 1);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    s.act(0, Action::Gear(GROUND_WAR))
        .act(1, Action::Gear(GROUND_WAR));
    s.d12(&[4, 1]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 rolls a minor-injury die"
    );
    assert_eq!(
        s.game.describe_chance(&Chance::D6(1)),
        "a snake (1): cancels one success"
    );
    s.d6(&[3]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 rolls a major-injury die"
    );
    s.d6(&[6]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 rolls jousting die #1 of 2"
    );
    let text = s.game.view(None).to_string();
    assert!(text.contains("knight 1 (1 minor, 1 major)"), "{text}");
    assert!(text.contains("minor d6 [3], major d6 [6]"), "{text}");
}

#[test]
fn the_table_drawing_shows_only_the_views_own_fields() {
    let mut s = Script::two(0);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    let own = s.game.view(Some(Seat(0))).to_string();
    assert!(own.contains("head (2)  body [3]  left arm (4)"), "{own}");
    assert!(own.contains("head [7]  body [##]"), "{own}");
    assert!(own.contains("aims at the head (target 7)"), "{own}");
    let other = s.game.view(Some(Seat(1))).to_string();
    assert!(
        other.contains("head [##]  body [3]  left arm [##]"),
        "{other}"
    );
    assert!(
        other.contains("Waiting for seat 1 and seat 2 (choosing mount and lance)"),
        "{other}"
    );
    s.act(0, Action::Gear(GROUND_PEACE))
        .act(1, Action::Gear(GROUND_PEACE));
    s.d12(&[12, 7, 2, 2]).keep_rolls();
    let text = s.game.view(None).to_string();
    assert!(text.contains("Last pass: seat 1 against seat 2"), "{text}");
    assert!(
        text.contains("3 net successes, 0 ones; +9 points"),
        "{text}"
    );
    assert!(text.contains("knight 1 unhorsed"), "{text}");
}

#[test]
fn the_last_pass_summary_shows_each_knights_mount_and_lance() {
    let mut s = Script::two(0);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    s.act(0, Action::Gear(GROUND_PEACE))
        .act(1, Action::Gear(FLYING_WAR));
    s.d12(&[12, 7, 2, 2]).keep_rolls();
    for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
        let text = s.game.view(viewer).to_string();
        let last = &text[text.find("Last pass:").expect("a last pass")..];
        assert!(
            last.contains(
                "seat 1 on knight 1: aimed at the head (target 7); ground mount, lance of peace; \
                 d12 [12 7]"
            ),
            "{last}"
        );
        assert!(
            last.contains(
                "seat 2 on knight 1: aimed at the body (target 3); flying mount, lance of war; \
                 d12 [2 2]"
            ),
            "{last}"
        );
    }
}

#[test]
fn drawn_cards_and_face_down_choices_are_not_announced() {
    let fresh = CardJoust::new(&tourney_joust::Config::default(), 2).unwrap();
    assert!(fresh.chance_is_open(), "the starting player is public");
    let mut s = Script::two(0);
    assert!(
        !s.game.chance_is_open(),
        "a drawn card is seen only by its drawer"
    );
    s.cards(&LOW).cards(&HIGH);
    let g = &s.game;
    assert!(!g.action_is_open(Seat(0), &Action::Place(Placement::new(Slot::Head, 2))));
    assert!(!g.action_is_open(Seat(0), &Action::Aim(Slot::Head)));
    assert!(!g.action_is_open(Seat(0), &Action::Gear(GROUND_WAR)));
    assert!(!g.action_is_open(Seat(0), &Action::Knight(KnightChoice::Replace)));
    assert!(g.action_is_open(Seat(0), &Action::Push(DiceMask(1))));
    assert!(g.action_is_open(Seat(0), &Action::KeepRoll));
    assert!(g.action_is_open(Seat(0), &Action::Challenge(Seat(1))));
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    s.act(0, Action::Gear(GROUND_WAR))
        .act(1, Action::Gear(GROUND_WAR));
    assert!(s.game.chance_is_open(), "dice are rolled in the open");
}

/// The view example in docs/protocol/joust.md is this exact position, so the
/// documentation cannot drift from the code.
#[test]
fn the_documented_view_is_the_real_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol/joust.md");
    let doc = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let section = doc.split("## View").nth(1).expect("a View section");
    let block = section
        .split("```json")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a json block");
    let documented: Value = serde_json::from_str(block).expect("the example parses");
    let mut s = Script::two(0);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Shield));
    s.act(0, Action::Gear(GROUND_PEACE))
        .act(1, Action::Gear(FLYING_WAR));
    s.d12(&[12, 7, 11, 3]);
    assert_eq!(view(&s.game, Some(0)), documented);
    let text = section
        .split("```text")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a text block");
    assert_eq!(
        s.game.view(Some(Seat(0))).to_string().trim_end(),
        text.trim_matches('\n')
    );
}

/// Three quiet passes: seat 1 always aims at the shield, seat 2 at the head.
fn three_passes_of_the_same_aims() -> Script {
    let mut s = Script::two(0);
    for _ in 0..3 {
        s.pass_by_seat(
            Duelist::new(Slot::Shield, GROUND_PEACE, &[2, 2]),
            Duelist::new(Slot::Head, GROUND_PEACE, &[2, 2]),
        );
    }
    s
}

#[test]
fn every_player_sees_the_aims_turned_up_so_far() {
    let s = three_passes_of_the_same_aims();
    assert_eq!(s.game.player(Seat(0)).unwrap().aims, [0, 0, 0, 0, 3]);
    assert_eq!(s.game.player(Seat(1)).unwrap().aimed(Slot::Head), 3);
    for viewer in [Some(Seat(0)), Some(Seat(1)), None] {
        let view = s.game.view(viewer);
        let aims = |k: usize| -> Vec<(Slot, u8)> {
            view.players[k]
                .aims_seen
                .iter()
                .map(|(&s, &n)| (s, n))
                .collect()
        };
        let by_slot = |counts: [u8; 5]| Slot::ALL.into_iter().zip(counts).collect::<Vec<_>>();
        assert_eq!(aims(0), by_slot([0, 0, 0, 0, 3]));
        assert_eq!(aims(1), by_slot([3, 0, 0, 0, 0]));
        let text = view.to_string();
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("earlier aims"))
            .collect();
        assert_eq!(
            lines,
            [
                "                    earlier aims this event: shield 3 times",
                "                    earlier aims this event: head 3 times"
            ]
        );
    }
    let first = Script::two(0).game.view(None).to_string();
    assert!(
        !first.contains("earlier aims"),
        "nothing to show yet:\n{first}"
    );
}

#[test]
fn an_aim_is_counted_once_its_pass_is_over() {
    let mut s = Script::two(0);
    s.joust(
        Duelist::new(Slot::Body, GROUND_PEACE, &[2, 2]),
        Duelist::new(Slot::LeftArm, GROUND_PEACE, &[2, 2]),
    );
    assert_eq!(s.game.player(Seat(0)).unwrap().aims, [0; 5], "still riding");
    s.keep_rolls();
    assert_eq!(s.game.player(Seat(0)).unwrap().aims, [0, 1, 0, 0, 0]);
    assert_eq!(s.game.player(Seat(1)).unwrap().aims, [0, 0, 1, 0, 0]);
}

#[test]
fn an_unrevealed_aim_is_predicted_by_the_aims_turned_up_so_far() {
    let mut s = three_passes_of_the_same_aims();
    s.keep_knights();
    let [a, b] = s.duelists();
    let (ca, cb) = (s.highest_cards(a), s.highest_cards(b));
    s.cards(&ca).cards(&cb);
    assert_eq!(
        s.game.habit(Seat(1), &Action::Aim(Slot::Head)),
        None,
        "no record for laying cards"
    );
    s.place(a.0, ca).place(b.0, cb);
    assert_eq!(s.game.phase(), Phase::Aim);
    // Each slot counts once more than it was seen, so none is ruled out.
    let weights = |seat: u8| Slot::ALL.map(|slot| s.game.habit(Seat(seat), &Action::Aim(slot)));
    assert_eq!(weights(0), [Some(1), Some(1), Some(1), Some(1), Some(4)]);
    assert_eq!(weights(1), [Some(4), Some(1), Some(1), Some(1), Some(1)]);
    assert_eq!(s.game.habit(Seat(0), &Action::KeepRoll), None);
    assert_eq!(
        s.game.habit(Seat(5), &Action::Aim(Slot::Head)),
        None,
        "no such player"
    );
}

/// Seat 1 has aimed at the head in all three passes; seat 0 lays `cards`
/// (head to shield) in the fourth, seat 1 four fives and a four (the
/// three passes drew the highest cards, down to three of the sevens).
fn fourth_pass_laid(cards: [u8; 5]) -> CardJoust {
    let mut s = three_passes_of_the_same_aims();
    s.keep_knights();
    let [a, b] = s.duelists();
    let laid = |seat: Seat| {
        if seat == Seat(0) {
            cards
        } else {
            [5, 5, 5, 5, 4]
        }
    };
    s.cards(&laid(a)).cards(&laid(b));
    s.place(a.0, laid(a)).place(b.0, laid(b));
    s.game
}

#[test]
fn expecting_the_rivals_habit_makes_its_favourite_target_worth_guarding() {
    let high_head = fourth_pass_laid([7, 5, 4, 3, 2]);
    let low_head = fourth_pass_laid([2, 3, 4, 5, 7]);
    let me = Seat(0);
    let by_habit = high_head.evaluate_with_habits(me, &mut Default::default())
        - low_head.evaluate_with_habits(me, &mut Default::default());
    let even = high_head.evaluate(me, &mut Default::default())
        - low_head.evaluate(me, &mut Default::default());
    assert!(
        by_habit > 0.0,
        "the 7 belongs where a head-hunter aims: {by_habit}"
    );
    assert!(
        by_habit > even,
        "the habit makes the head count for more than an even guess does: {by_habit} vs {even}"
    );
}

/// The "Last pass" drawing in docs/protocol/joust.md is this pass.
#[test]
fn the_documented_last_pass_is_the_real_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol/joust.md");
    let doc = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let block = doc
        .split("```text\nLast pass:")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .map(|b| format!("Last pass:{b}"))
        .expect("a last pass drawing");
    let mut s = Script::two(0);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW);
    s.place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    s.act(0, Action::Gear(GROUND_PEACE))
        .act(1, Action::Gear(FLYING_WAR));
    s.d12(&[12, 7, 2, 2]).keep_rolls();
    let text = s.game.view(None).to_string();
    assert!(
        text.contains(&block),
        "documented:\n{block}\ndrawn:\n{text}"
    );
}
