//! What the rules tell the table as steps resolve: the reveals, the scores,
//! the falls and injuries and the cause of every major-injury roll, each to
//! the audience that may know it.

mod common;

use common::*;
use serde_json::{Value, json};
use tourney_core::{Audience, Events, Game, GameRng, Seat, ToMove, Weight};
use tourney_joust::{
    Action, CardJoust, Config, DiceMask, EndReason, Event, Fall, Injury, KnightChoice, Slot,
};

/// Seat 1's cards in slot order: head 2, body 3, left arm 4, right arm 5, shield 6.
const LOW: [u8; 5] = [2, 3, 4, 5, 6];
/// Seat 2's cards: head 7, body 7, left arm 8, right arm 8, shield 9.
const HIGH: [u8; 5] = [7, 7, 8, 8, 9];

/// Every kind of event, in the order of the table in docs/protocol/joust.md.
const KINDS: [&str; 19] = [
    "pass_begins",
    "knight_sent",
    "knight_kept",
    "card_drawn",
    "discards_shuffled",
    "shield_card",
    "aim",
    "gear",
    "push_injury",
    "scored",
    "unhorsed",
    "injury_dealt",
    "gift_earned",
    "injury_roll_due",
    "injury_roll_survived",
    "left_by_injury",
    "healed",
    "out_of_event",
    "event_over",
];

fn seat1(aim: Slot, gear: tourney_joust::Gear, d12: &[u8]) -> Duelist {
    Duelist::new(aim, gear, d12).cards(LOW)
}

fn seat2(aim: Slot, gear: tourney_joust::Gear, d12: &[u8]) -> Duelist {
    Duelist::new(aim, gear, d12).cards(HIGH)
}

#[test]
fn a_pass_tells_the_aims_targets_gear_points_and_the_fall() {
    let mut s = Script::two(0);
    assert_eq!(
        s.told_to(None),
        [
            "Pass 1: seat 1 (challenger) against seat 2",
            "Seat 1 sends knight 1 into the lists",
            "Seat 2 sends knight 1 into the lists",
        ]
    );
    s.joust(
        seat1(Slot::Head, GROUND_PEACE, &[12, 7]),
        seat2(Slot::Body, FLYING_WAR, &[2, 2]),
    );
    let told = s.told();
    let texts = |viewer: Option<Seat>| -> Vec<String> {
        told.iter()
            .filter(|(audience, _)| audience.reaches(viewer))
            .map(|(_, event)| event.to_string())
            .collect()
    };
    // Until both committed, nothing of an aim or a mount is told to anyone
    // but the seat's own hidden log line; then both are told to everyone.
    assert_eq!(
        texts(None),
        [
            "Seat 1 aims at seat 2's head: the card there, a 7, turns face up",
            "Seat 2 aims at seat 1's body: the card there, a 3, turns face up",
            "Seat 1 rides a ground mount with the lance of peace",
            "Seat 2 rides a flying mount with the lance of war",
        ]
    );
    // Each duelist is also told the cards it drew and the one that went on
    // its shield by itself; the other seat is not.
    let own = texts(Some(Seat(0)));
    assert_eq!(
        own[..6],
        [
            "Seat 1 draws a 2",
            "Seat 1 draws a 3",
            "Seat 1 draws a 4",
            "Seat 1 draws a 5",
            "Seat 1 draws a 6",
            "Seat 1's last card, the 6, goes on the shield",
        ]
    );
    assert_eq!(own.len(), 6 + 4);
    assert!(
        texts(Some(Seat(1)))
            .iter()
            .all(|t| !t.starts_with("Seat 1 draws") && !t.starts_with("Seat 1's last card")),
        "seat 2 is told nothing of seat 1's cards"
    );

    s.keep_rolls();
    assert_eq!(
        s.told_to(None),
        [
            "Seat 1 hits seat 2's head (target 7) with 3 net successes \
             (4 for the head, 2 for the lance of peace, 3 for unhorsing); +9 points, 9 in all",
            "Seat 2 misses seat 1's body (target 3): no net success; no points, 0 in all",
            "Seat 2's knight 1 is unhorsed by 3 net successes: it leaves the event",
            "Seat 1 earns the princesses' gift: an extra jousting die next pass",
            "Pass 2: seat 2 (challenger) against seat 1",
            "Seat 2 sends knight 2 into the lists",
        ]
    );
}

#[test]
fn the_events_json_names_its_kind_and_fields() {
    let mut s = Script::two(0);
    s.told();
    s.joust(
        seat1(Slot::Head, GROUND_PEACE, &[12, 7]),
        seat2(Slot::Body, FLYING_WAR, &[2, 2]),
    )
    .keep_rolls();
    let data: Vec<Value> = s
        .told()
        .iter()
        .filter(|(audience, _)| *audience == Audience::Everyone)
        .map(|(_, event)| serde_json::to_value(event).unwrap())
        .collect();
    assert_eq!(
        data[0],
        json!({"kind": "aim", "seat": 0, "opponent": 1, "slot": "head", "target": 7})
    );
    assert_eq!(
        data[2],
        json!({"kind": "gear", "seat": 0, "gear": {"mount": "ground", "lance": "peace"}})
    );
    assert_eq!(
        data[4],
        json!({
            "kind": "scored", "seat": 0, "opponent": 1, "aim": "head", "target": 7,
            "successes": 3, "snakes": 0, "net": 3, "ones": 0, "fumble": false,
            "hit": 4, "lance": 2, "unhorse": 3, "fell": false, "points": 9, "total": 9
        })
    );
    assert_eq!(
        data[6],
        json!({"kind": "unhorsed", "seat": 1, "knight": 1, "cause": "struck", "by_net": 3})
    );
    assert_eq!(data[7], json!({"kind": "gift_earned", "seat": 0}));
    // Every event reads back as itself.
    for d in &data {
        let back: Event = serde_json::from_value(d.clone()).unwrap();
        assert_eq!(&serde_json::to_value(&back).unwrap(), d);
    }
}

#[test]
fn a_lance_of_war_injury_is_told_before_its_roll_and_the_knights_choices_after() {
    let mut s = Script::two(0);
    s.told();
    s.plain_pass(
        seat1(Slot::Body, GROUND_WAR, &[12, 2]),
        seat2(Slot::Shield, GROUND_PEACE, &[2, 3]),
    );
    assert_eq!(
        s.told_to(None)[4..],
        [
            "Seat 1 hits seat 2's body (target 7) with 2 net successes; +3 points, 3 in all",
            "Seat 2 misses seat 1's shield (target 6): no net success; no points, 0 in all",
            "Seat 1's lance of war gives seat 2's knight 1 a major injury \
             (now 1 major-injury die): it rolls for it after the pass",
            "Seat 2's knight 1 must roll its 1 injury die for a major injury: \
             a snake would end its event",
        ]
    );
    s.d6(&[6]);
    assert_eq!(
        s.told_to(None),
        [
            "The major injury spares seat 2's knight 1: it stays in the lists",
            "Pass 2: seat 2 (challenger) against seat 1",
        ]
    );
    // Keep-or-replace is hidden until both chose.
    s.knight_choice(1, KnightChoice::Replace);
    assert!(s.told_to(None).is_empty());
    s.knight_choice(0, KnightChoice::Keep);
    assert_eq!(
        s.told_to(None),
        [
            "Seat 2 withdraws knight 1 for good and sends knight 2 into the lists",
            "Seat 1 keeps knight 1 in the lists (unhurt)",
        ]
    );
}

#[test]
fn a_snake_in_the_major_roll_is_told_as_the_end_of_the_knight() {
    let mut s = Script::two(0);
    s.set_injuries(1, 1, 0);
    s.told();
    s.joust(
        seat1(Slot::Body, GROUND_WAR, &[12, 2]),
        seat2(Slot::Shield, GROUND_PEACE, &[7, 2]).d6(&[3]),
    )
    .keep_rolls();
    let told = s.told_to(None);
    assert_eq!(
        told[4..],
        [
            "Seat 1 hits seat 2's body (target 7) with 2 net successes; +3 points, 3 in all",
            "Seat 2 hits seat 1's shield (target 6) with 1 net success \
             (1 for the shield, 1 for the lance of peace); +2 points, 2 in all",
            "Seat 1's lance of war gives seat 2's knight 1 a major injury \
             (now 1 minor-injury die, 1 major-injury die): it rolls for it after the pass",
            "Seat 2's knight 1 must roll its 2 injury dice for a major injury: \
             a snake would end its event",
        ]
    );
    s.d6(&[1]);
    assert_eq!(
        s.told_to(None)[..2],
        [
            "The major injury is too much for seat 2's knight 1: it leaves the event",
            "Pass 2: seat 2 (challenger) against seat 1",
        ]
    );
}

#[test]
fn a_push_that_costs_a_major_injury_explains_the_roll_that_follows() {
    let mut s = Script::two(0);
    s.set_injuries(0, 3, 0);
    s.joust(
        seat1(Slot::Head, GROUND_PEACE, &[2, 3]).d6(&[2, 2, 2]),
        seat2(Slot::Shield, GROUND_PEACE, &[2, 3]),
    );
    s.told();
    s.act(0, Action::Push(DiceMask(0b01)));
    assert_eq!(
        s.told_to(None),
        [
            "Pushing costs seat 1's knight 1 a fourth minor injury, which counts as a major one: \
          it rolls for it after the pass"
        ]
    );
    s.d12(&[4]);
    s.act(1, Action::KeepRoll);
    let told = s.told_to(None);
    assert_eq!(
        told.last().map(String::as_str),
        Some(
            "Seat 1's knight 1 must roll its 4 injury dice for a major injury: \
             a snake would end its event"
        )
    );
    s.d6(&[2, 3, 4, 5]);
    assert_eq!(
        s.told_to(None)[0],
        "The major injury spares seat 1's knight 1: it stays in the lists"
    );
}

#[test]
fn a_push_and_a_lance_each_owe_a_roll_and_both_are_counted() {
    let mut s = Script::two(0);
    s.set_injuries(1, 3, 0);
    // Seat 2 pushes (a fourth minor: major) and seat 1's lance of war hits
    // its body twice (major): two rolls of the whole pool.
    s.joust(
        seat1(Slot::Body, GROUND_WAR, &[12, 2]),
        seat2(Slot::Shield, GROUND_PEACE, &[2, 3]).d6(&[2, 2, 2]),
    );
    assert_eq!(s.on_move_one(), Seat(1));
    s.act(1, Action::Push(DiceMask(0b01))).d12(&[4]);
    s.act(0, Action::KeepRoll);
    s.told();
    // The pool is 3 minor + 2 major = 5 dice, rolled twice.
    s.d6(&[2, 3, 4, 5, 2]);
    let told = s.told_to(None);
    assert_eq!(
        told,
        [
            "The major injury spares seat 2's knight 1: it stays in the lists",
            "Seat 2's knight 1 must roll its 5 injury dice for a major injury (roll 2 of 2): \
             a snake would end its event",
        ]
    );
}

#[test]
fn a_heal_and_the_end_of_the_event_are_told() {
    let config = Config {
        knights_per_player: 1,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.set_injuries(0, 1, 0);
    s.told();
    // Seat 1's minor die heals (6); it unhorses seat 2's only knight.
    s.plain_pass(
        seat1(Slot::Head, GROUND_PEACE, &[12, 7]).d6(&[6]),
        seat2(Slot::Body, GROUND_PEACE, &[2, 2]),
    );
    let told = s.told_to(None);
    assert_eq!(
        told[told.len() - 4..],
        [
            "Seat 1 earns the princesses' gift: an extra jousting die next pass",
            "Seat 1's knight 1 heals 1 minor-injury die that showed the heal face (6) this pass (0 left)",
            "Seat 2 has no knights left and is out of the event",
            "The event is over: seat 1 wins with 9 points (the last player with knights)",
        ]
    );
    let last = s.told();
    assert!(last.is_empty());
    assert!(matches!(s.game.to_move(), ToMove::Over(_)));
}

/// Plays random events with the sink on and with it off, step by step, and
/// checks what is told against the rules' state.
#[test]
fn random_events_tell_only_what_is_open_and_never_change_the_rules() {
    let mut rng = GameRng::seed_from_u64(7);
    let mut seen_kinds = std::collections::BTreeSet::new();
    let mut outcomes: Vec<(tourney_joust::Chance, Weight)> = Vec::new();
    let mut actions = Vec::new();
    for seats in [2, 3, 6] {
        for _ in 0..30 {
            let mut on = CardJoust::new(&Config::default(), seats).unwrap();
            let mut off = on;
            let mut events = Events::on();
            // Per seat: a major injury told since the pass began, that a
            // roll for it may follow.
            let mut owed = [0u8; 6];
            for _ in 0..20_000 {
                let phase = on.phase();
                match on.to_move() {
                    ToMove::Over(_) => break,
                    ToMove::Chance => {
                        outcomes.clear();
                        on.chance_outcomes(&mut outcomes);
                        let i = rng.pick_weighted(&outcomes).unwrap();
                        let outcome = outcomes[i].0;
                        on.apply_chance_with_events(&outcome, &mut events).unwrap();
                        off.apply_chance(&outcome).unwrap();
                    }
                    ToMove::Seats(set) => {
                        let seat = set
                            .iter()
                            .nth(rng.below(set.len() as u32) as usize)
                            .unwrap();
                        actions.clear();
                        on.legal_actions(seat, &mut actions);
                        let action = actions[rng.below(actions.len() as u32) as usize];
                        on.apply_with_events(seat, &action, &mut events).unwrap();
                        off.apply(seat, &action).unwrap();
                    }
                }
                assert_eq!(on, off, "telling events changed the rules");
                for e in events.take() {
                    let data = serde_json::to_value(&e.event).unwrap();
                    let kind = data["kind"].as_str().unwrap().to_string();
                    let text = e.event.to_string();
                    assert!(!text.is_empty() && !text.contains("{"), "{text}");
                    match (&e.event, e.audience) {
                        (
                            Event::CardDrawn { seat, .. } | Event::ShieldCard { seat, .. },
                            Audience::Seat(to),
                        ) => assert_eq!(*seat, to, "{text}"),
                        (Event::CardDrawn { .. } | Event::ShieldCard { .. }, _) => {
                            panic!("a face-down card told to all: {text}")
                        }
                        (_, Audience::Seat(_)) => panic!("an open event told to one: {text}"),
                        _ => {}
                    }
                    match e.event {
                        Event::Aim { .. } => {
                            assert_eq!(phase, tourney_joust::Phase::Aim, "{text}");
                            assert!(on.phase() > tourney_joust::Phase::Aim, "{text}");
                        }
                        Event::Gear { .. } => {
                            assert!(on.phase() > tourney_joust::Phase::Gear, "{text}")
                        }
                        Event::PassBegins { .. } => owed = [0; 6],
                        Event::InjuryDealt {
                            seat,
                            took: Injury::Major,
                            ..
                        }
                        | Event::PushInjury {
                            seat,
                            injury: Injury::Major,
                            ..
                        } => owed[seat.index()] += 1,
                        Event::InjuryRollDue { seat, roll, of, .. } => {
                            assert!(
                                roll <= of && of <= owed[seat.index()],
                                "a major-injury roll with no cause told: {text}"
                            );
                        }
                        Event::Unhorsed {
                            cause: Fall::Struck,
                            by_net,
                            ..
                        } => assert!(by_net >= 3, "{text}"),
                        Event::EventOver {
                            ref winners,
                            reason,
                            ..
                        } => {
                            let ToMove::Over(o) = on.to_move() else {
                                panic!("told the end while the event goes on");
                            };
                            assert_eq!(*winners, o.winners.iter().collect::<Vec<_>>());
                            // The view keeps why, for the banner.
                            assert_eq!(on.view(None).end_reason, Some(reason), "{text}");
                            if reason == EndReason::Target {
                                assert!(winners.len() == 1, "{text}");
                            }
                        }
                        _ => {}
                    }
                    seen_kinds.insert(kind);
                }
            }
        }
    }
    for kind in KINDS {
        assert!(seen_kinds.contains(kind), "no {kind} event in random play");
    }
}

/// The Events section of docs/protocol/joust.md, and the pass it shows
/// (what the docs' text and JSON blocks are the events of).
fn documented_pass() -> (String, Vec<(Audience, Event)>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol/joust.md");
    let doc = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let section = doc.split("## Events").nth(1).expect("an Events section");
    let mut s = Script::two(0);
    s.plain_pass(
        seat1(Slot::Body, GROUND_WAR, &[12, 2]),
        seat2(Slot::Shield, GROUND_PEACE, &[2, 3]),
    );
    s.d6(&[6]);
    (section.to_string(), s.told())
}

/// The fenced block of `section` that opens with `fence`.
fn block(section: &str, fence: &str) -> String {
    section
        .split(fence)
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap_or_else(|| panic!("a {fence} block"))
        .trim_matches('\n')
        .to_string()
}

/// The `scored` JSON and the table of kinds in the Events section of
/// docs/protocol/joust.md are the game's, so the documentation cannot drift.
#[test]
fn the_documented_events_are_the_real_ones() {
    let (section, told) = documented_pass();
    let documented: Value = serde_json::from_str(&block(&section, "```json")).unwrap();
    let scored = told
        .iter()
        .find(|(_, event)| matches!(event, Event::Scored { .. }))
        .map(|(_, event)| serde_json::to_value(event).unwrap());
    assert_eq!(scored, Some(documented));
    // Every kind in the table is one the game has, and the other way round.
    let table: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    assert_eq!(table, KINDS);
}

/// The pass in the Events section of docs/protocol/joust.md, as a spectator
/// reads it, is this pass's log.
#[test]
fn the_documented_pass_is_the_real_one() {
    let (section, told) = documented_pass();
    let texts: Vec<String> = told
        .iter()
        .filter(|(audience, _)| audience.reaches(None))
        .map(|(_, event)| event.to_string())
        .collect();
    assert_eq!(block(&section, "```text"), texts.join("\n"));
}

#[test]
fn the_words_fit_the_numbers() {
    let aim = Event::Aim {
        seat: Seat(0),
        opponent: Seat(1),
        slot: Slot::Shield,
        target: 8,
    };
    assert_eq!(
        aim.to_string(),
        "Seat 1 aims at seat 2's shield: the card there, an 8, turns face up"
    );
    let drawn = Event::CardDrawn {
        seat: Seat(1),
        card: 8,
    };
    assert_eq!(drawn.to_string(), "Seat 2 draws an 8");
    let fumble = Event::Scored {
        seat: Seat(1),
        opponent: Seat(0),
        aim: Slot::Head,
        target: 9,
        successes: 0,
        snakes: 0,
        net: 0,
        ones: 1,
        gift_dice: None,
        fumble: true,
        hit: 0,
        lance: 0,
        unhorse: 0,
        fell: true,
        points: -1,
        total: 8,
    };
    assert_eq!(
        fumble.to_string(),
        "Seat 2 fumbles: 1 one against no net success; -1 point, 8 in all"
    );
}

#[test]
fn a_fumbler_caught_by_a_strong_hit_is_told_why_it_fell_and_lost_nothing() {
    let mut s = Script::two(0);
    s.told();
    s.plain_pass(
        seat1(Slot::Head, GROUND_PEACE, &[1, 2]),
        seat2(Slot::Shield, GROUND_PEACE, &[12, 2]),
    );
    assert_eq!(
        s.told_to(None)[4..7],
        [
            "Seat 1 fumbles: 1 one against no net success; its fall spares it the loss; \
             no points, 0 in all",
            "Seat 2 hits seat 1's shield (target 6) with 2 net successes \
             (1 for the shield, 2 for the lance of peace); +3 points, 3 in all",
            "Seat 1's knight 1 fumbles, is caught by a strong hit (2 net successes) and falls: \
             it leaves the event",
        ]
    );
}

#[test]
fn a_fourth_minor_injury_from_a_lance_is_told_as_major_or_as_shrugged_off() {
    for (fourth, told, roll) in [
        (
            true,
            "Seat 1's lance of war gives seat 2's knight 1 a fourth minor injury, which counts \
             as a major one (now 3 minor-injury dice, 1 major-injury die): it rolls for it after \
             the pass",
            true,
        ),
        (
            false,
            "Seat 1's lance of war gives seat 2's knight 1 a minor injury, which it shrugs off: \
             it already has three (now 3 minor-injury dice)",
            false,
        ),
    ] {
        let config = Config {
            fourth_minor_becomes_major: fourth,
            ..Config::default()
        };
        let mut s = Script::starting(config, 2, 0);
        s.set_injuries(1, 3, 0);
        s.told();
        s.joust(
            seat1(Slot::Head, GROUND_WAR, &[7, 2]),
            seat2(Slot::Shield, GROUND_PEACE, &[2, 3]).d6(&[2, 2, 2]),
        )
        .keep_rolls();
        let texts = s.told_to(None);
        assert_eq!(texts[6], told);
        assert_eq!(
            texts
                .iter()
                .any(|t| t.contains("must roll its 4 injury dice")),
            roll,
            "{texts:?}"
        );
    }
}
