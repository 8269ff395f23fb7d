//! Log lines read in the order things happen and say what happened: a
//! major-injury roll is announced before its dice and told after them, an
//! injury die's face reads plainly, every count agrees with its noun, and a
//! roll with the princesses' gift names the dice it kept. Each scenario
//! feeds exact cards and dice; the last test scans bots' games.

mod common;

use common::*;
use serde_json::json;
use tourney_core::text::miscounted;
use tourney_core::{Events, Game, GameRng, Seat, ToMove, Weight};
use tourney_joust::{Action, CardJoust, Chance, Config, DiceMask, Event, Slot};

/// Seat 1's cards in slot order: head 2, body 3, left arm 4, right arm 5, shield 6.
const LOW: [u8; 5] = [2, 3, 4, 5, 6];
/// Seat 2's cards: head 7, body 7, left arm 8, right arm 8, shield 9.
const HIGH: [u8; 5] = [7, 7, 8, 8, 9];

fn low(aim: Slot, gear: tourney_joust::Gear, d12: &[u8]) -> Duelist {
    Duelist::new(aim, gear, d12).cards(LOW)
}

fn high(aim: Slot, gear: tourney_joust::Gear, d12: &[u8]) -> Duelist {
    Duelist::new(aim, gear, d12).cards(HIGH)
}

/// The log's line for the chance step due coming up `outcome`, as the table
/// writes an open step: the step, then the outcome's label.
fn chance_line(s: &Script, outcome: Chance) -> String {
    format!(
        "{}: {}",
        s.game.describe_chance_step(),
        s.game.describe_chance(&outcome)
    )
}

/// Seat 2's knight, with one minor-injury die, takes a major injury from
/// seat 1's lance of war on its body: a roll of its 2 dice is due.
fn major_injury_roll_due() -> Script {
    let mut s = Script::two(0);
    s.set_injuries(1, 1, 0);
    s.joust(
        low(Slot::Body, GROUND_WAR, &[12, 2]),
        high(Slot::Shield, GROUND_PEACE, &[2, 3]).d6(&[3]),
    )
    .keep_rolls();
    s
}

/// The log's lines for the next injury die showing `face`, as a table
/// writes an open step: the step's own line, unless an event retells it
/// (`Game::event_retells_step`), then the events told to everyone.
fn logged_d6(s: &mut Script, face: u8) -> Vec<String> {
    let step = chance_line(s, Chance::D6(face));
    s.d6(&[face]);
    let told = s.told();
    let retold = told.iter().any(|(_, e)| CardJoust::event_retells_step(e));
    let events = told
        .into_iter()
        .filter(|(audience, _)| audience.reaches(None))
        .map(|(_, e)| e.to_string());
    (!retold)
        .then_some(step)
        .into_iter()
        .chain(events)
        .collect()
}

/// The log of a run of injury dice, one die after another.
fn logged_d6s(s: &mut Script, faces: &[u8]) -> Vec<String> {
    faces.iter().flat_map(|&f| logged_d6(s, f)).collect()
}

/// Whether two lines start with the same two words (the first three when
/// the second is a number, as in "Seat 2 rolls"): how the browser's log
/// check tells one happening told twice (crates/cli/tests/browser).
fn same_lead(a: &str, b: &str) -> bool {
    let words = |line: &str| -> Vec<String> {
        line.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty() && !["a", "an", "the", "s"].contains(w))
            .map(str::to_lowercase)
            .take(3)
            .collect()
    };
    let (wa, wb) = (words(a), words(b));
    let lead = if wa
        .get(1)
        .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()))
    {
        3
    } else {
        2
    };
    wa.len() >= lead && wb.len() >= lead && wa[..lead] == wb[..lead]
}

#[test]
fn a_major_injury_roll_is_announced_before_its_dice_and_each_die_has_its_line() {
    let mut s = major_injury_roll_due();
    assert_eq!(
        s.told_to(None).last().map(String::as_str),
        Some(
            "Seat 2's knight 1 must roll its 2 injury dice for a major injury: \
             a snake would end its event"
        )
    );
    assert_eq!(
        logged_d6(&mut s, 4),
        [
            "Seat 2 rolls injury die 1 of 2 for a major injury (a snake ends the knight's event): \
          a 4: not a snake"
        ],
        "the first die: its own line and nothing more"
    );
    // The last die keeps its line too; the outcome follows it and names no
    // face, so the roll's dice are told once each.
    let last = logged_d6(&mut s, 5);
    assert_eq!(
        last[..2],
        [
            "Seat 2 rolls injury die 2 of 2 for a major injury (a snake ends the knight's event): \
             a 5: not a snake",
            "The major injury spares seat 2's knight 1: it stays in the lists",
        ]
    );
    assert!(!same_lead(&last[0], &last[1]), "{last:?}");
    // The event's data still carries the faces, for a client that draws them.
    let mut s = major_injury_roll_due();
    s.told();
    s.d6(&[4, 5]);
    let told = s.told();
    assert_eq!(
        serde_json::to_value(&told[0].1).unwrap(),
        json!({"kind": "injury_roll_survived", "seat": 1, "knight": 1, "faces": [4, 5]})
    );
    assert!(!CardJoust::event_retells_step(&told[0].1));
}

#[test]
fn a_snake_has_its_own_line_and_the_knights_end_follows_it() {
    let mut s = major_injury_roll_due();
    s.told();
    let log = logged_d6s(&mut s, &[3, 1]);
    assert_eq!(
        log[..3],
        [
            "Seat 2 rolls injury die 1 of 2 for a major injury (a snake ends the knight's event): \
             a 3: not a snake",
            "Seat 2 rolls injury die 2 of 2 for a major injury (a snake ends the knight's event): \
             a snake (1): the knight leaves the event",
            "The major injury is too much for seat 2's knight 1: it leaves the event",
        ]
    );
    // Each die is a step of its own; the snake's step also tells the end.
    assert!(!same_lead(&log[1], &log[2]), "{log:?}");

    // A snake on the first die stops the roll there.
    let mut s = major_injury_roll_due();
    s.told();
    s.d6(&[1]);
    let told = s.told();
    assert_eq!(
        told[0].1.to_string(),
        "The major injury is too much for seat 2's knight 1: it leaves the event"
    );
    assert_eq!(
        serde_json::to_value(&told[0].1).unwrap(),
        json!({"kind": "left_by_injury", "seat": 1, "knight": 1, "faces": [1]})
    );
    assert!(!CardJoust::event_retells_step(&told[0].1));
}

#[test]
fn each_of_two_major_injury_rolls_tells_every_die() {
    let mut s = Script::two(0);
    s.set_injuries(1, 3, 0);
    // Seat 2 pushes (a fourth minor injury: major) and seat 1's lance of war
    // hits its body twice (major): two rolls of its pool of 5 dice.
    s.joust(
        low(Slot::Body, GROUND_WAR, &[12, 2]),
        high(Slot::Shield, GROUND_PEACE, &[2, 3]).d6(&[2, 2, 2]),
    );
    s.act(1, Action::Push(DiceMask(0b01))).d12(&[4]);
    s.act(0, Action::KeepRoll);
    assert_eq!(
        s.told_to(None).last().map(String::as_str),
        Some(
            "Seat 2's knight 1 must roll its 5 injury dice for a major injury (roll 1 of 2): \
             a snake would end its event"
        )
    );
    let die = |i: u8, said: &str| {
        format!(
            "Seat 2 rolls injury die {i} of 5 for a major injury \
             (a snake ends the knight's event): {said}"
        )
    };
    let first = logged_d6s(&mut s, &[5, 2, 4, 3, 2]);
    assert_eq!(
        first,
        [
            die(1, "a 5: not a snake"),
            die(2, "a 2: not a snake"),
            die(3, "a 4: not a snake"),
            die(4, "a 3: not a snake"),
            die(5, "a 2: not a snake"),
            "The major injury spares seat 2's knight 1: it stays in the lists".to_string(),
            "Seat 2's knight 1 must roll its 5 injury dice for a major injury (roll 2 of 2): \
             a snake would end its event"
                .to_string(),
        ]
    );
    for pair in first.windows(2).skip(4) {
        assert!(!same_lead(&pair[0], &pair[1]), "{pair:?}");
    }
    let second = logged_d6s(&mut s, &[6, 6, 1]);
    assert_eq!(
        second[..4],
        [
            die(1, "a 6: not a snake"),
            die(2, "a 6: not a snake"),
            die(3, "a snake (1): the knight leaves the event"),
            "The major injury is too much for seat 2's knight 1: it leaves the event".to_string(),
        ]
    );
}

#[test]
fn injury_dice_faces_read_plainly() {
    let mut s = Script::two(0);
    s.set_injuries(0, 1, 1);
    s.cards(&LOW).cards(&HIGH);
    s.place(0, LOW).place(1, HIGH);
    s.act(0, Action::Aim(Slot::Head))
        .act(1, Action::Aim(Slot::Body));
    s.act(0, Action::Gear(GROUND_WAR))
        .act(1, Action::Gear(GROUND_WAR));
    s.d12(&[4, 2]);
    // A minor-injury die: a snake, the heal face, or a plain number.
    assert_eq!(
        chance_line(&s, Chance::D6(6)),
        "Seat 1 rolls a minor-injury die: a heal (6): this minor-injury die heals after the pass"
    );
    assert_eq!(
        chance_line(&s, Chance::D6(1)),
        "Seat 1 rolls a minor-injury die: a snake (1): cancels one success"
    );
    assert_eq!(
        chance_line(&s, Chance::D6(3)),
        "Seat 1 rolls a minor-injury die: a 3: no effect"
    );
    s.d6(&[3]);
    // A major-injury die never heals, so its 6 is only a 6.
    assert_eq!(
        chance_line(&s, Chance::D6(6)),
        "Seat 1 rolls a major-injury die: a 6: no effect"
    );
    let labels: Vec<String> = s
        .outcomes()
        .iter()
        .map(|c| s.game.describe_chance(c))
        .collect();
    assert_eq!(
        labels,
        [
            "a snake (1): cancels one success",
            "a 2: no effect",
            "a 3: no effect",
            "a 4: no effect",
            "a 5: no effect",
            "a 6: no effect"
        ]
    );
    s.d6(&[6]);

    // Nor does a die of a major-injury roll.
    let mut s = major_injury_roll_due();
    let labels: Vec<String> = s
        .outcomes()
        .iter()
        .map(|c| s.game.describe_chance(c))
        .collect();
    assert_eq!(
        labels,
        [
            "a snake (1): the knight leaves the event",
            "a 2: not a snake",
            "a 3: not a snake",
            "a 4: not a snake",
            "a 5: not a snake",
            "a 6: not a snake"
        ]
    );
    s.told();
}

#[test]
fn counts_of_one_are_singular() {
    let config = Config {
        knights_per_player: 1,
        ..Config::default()
    };
    let mut s = Script::starting(config, 2, 0);
    s.set_injuries(1, 3, 0);
    // Seat 1: a 9 against the shield's 9 and a 1 (one success, one one: no
    // fumble). Seat 2 misses and pushes into a fourth minor injury, and its
    // knight's roll for it shows a snake.
    s.joust(
        low(Slot::Shield, GROUND_WAR, &[9, 1]),
        high(Slot::Shield, GROUND_PEACE, &[2, 3]).d6(&[2, 2, 2]),
    );
    s.act(1, Action::Push(DiceMask(0b01))).d12(&[4]);
    s.act(0, Action::KeepRoll);
    s.told();
    s.d6(&[1]);
    assert_eq!(
        s.told_to(None),
        [
            "The major injury is too much for seat 2's knight 1: it leaves the event",
            "Seat 2 has no knights left and is out of the event",
            "The event is over: seat 1 wins with 1 point (the last player with knights)",
        ]
    );
    let drawing = s.game.view(None).to_string();
    for part in [
        "Card Joust, over after 1 pass",
        "seat 1     1 pt   knight",
        "1 net success, 1 one; +1 point",
    ] {
        assert!(drawing.contains(part), "{part:?} in\n{drawing}");
    }

    // The push menu and a refused push count the dice they name.
    let mut s = Script::two(0);
    s.set_injuries(0, 1, 0);
    s.joust(
        low(Slot::Head, GROUND_PEACE, &[2, 3]).d6(&[2]),
        high(Slot::Shield, GROUND_PEACE, &[2, 3]),
    );
    assert_eq!(
        s.game
            .describe_action(Seat(0), &Action::Push(DiceMask(0b01))),
        "Push: re-roll jousting die #1 (showing 2) (take a minor injury)"
    );
    let refused = s.refuse(0, Action::Push(DiceMask(0b100)));
    assert_eq!(
        refused.to_string(),
        "you rolled only 2 jousting dice this pass"
    );
}

#[test]
fn a_keep_or_replace_menu_counts_its_injury_dice() {
    let mut s = Script::two(0);
    s.plain_pass(
        low(Slot::Shield, GROUND_PEACE, &[2, 3]),
        high(Slot::Shield, GROUND_PEACE, &[2, 3]),
    );
    s.set_injuries(0, 1, 1);
    assert_eq!(
        s.game
            .describe_action(Seat(0), &Action::Knight(tourney_joust::KnightChoice::Keep)),
        "Keep knight 1 in the lists (1 minor injury die, 1 major injury die)"
    );
}

#[test]
fn a_roll_with_the_gift_says_which_dice_it_kept() {
    let mut s = Script::two(0);
    // Head 4 and two breaks of the lance of peace on a ground mount: the gift.
    s.plain_pass(
        low(Slot::Head, GROUND_PEACE, &[12, 2]),
        high(Slot::Shield, FLYING_PEACE, &[2, 3]),
    );
    let without: Vec<_> = s
        .told()
        .into_iter()
        .filter_map(|(_, e)| matches!(e, Event::Scored { .. }).then(|| serde_json::to_value(&e)))
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(
        without.iter().all(|v| v.get("gift_dice").is_none()),
        "a roll of two dice keeps its JSON: {without:?}"
    );
    // Pass 2, seat 2 challenging: seat 1 rolls three jousting dice at the
    // head (7) and the 1 is dropped.
    s.keep_knights();
    s.joust(
        high(Slot::Shield, GROUND_PEACE, &[2, 3]),
        low(Slot::Head, GROUND_PEACE, &[5, 1, 9]),
    )
    .keep_rolls();
    let scored: Vec<Event> = s
        .told()
        .into_iter()
        .map(|(_, e)| e)
        .filter(|e| matches!(e, Event::Scored { .. }))
        .collect();
    assert_eq!(
        scored[0].to_string(),
        "Seat 2 misses seat 1's shield (target 6): no net success; no points, 0 in all"
    );
    assert_eq!(
        scored[1].to_string(),
        "Seat 1 keeps its 9 and 5, drops the 1, and hits seat 2's head (target 7) with \
         1 net success (4 for the head, 1 for the lance of peace); +5 points, 11 in all"
    );
    let data = serde_json::to_value(&scored[1]).unwrap();
    assert_eq!(data["gift_dice"], json!({"kept": [9, 5], "dropped": 1}));
    let back: Event = serde_json::from_value(data).unwrap();
    assert_eq!(back, scored[1]);
}

#[test]
fn a_pushed_gift_roll_names_the_dice_kept_after_the_push() {
    let mut s = Script::two(0);
    s.plain_pass(
        low(Slot::Head, GROUND_PEACE, &[12, 2]),
        high(Slot::Shield, FLYING_PEACE, &[2, 3]),
    );
    s.keep_knights();
    s.joust(
        high(Slot::Shield, GROUND_PEACE, &[2, 3]),
        low(Slot::Head, GROUND_PEACE, &[1, 1, 2]),
    );
    s.told();
    // Both have no success; the challenger (seat 2) decides first.
    s.act(1, Action::KeepRoll);
    s.act(0, Action::Push(DiceMask(0b011))).d12(&[8, 1]);
    let told = s.told_to(None);
    let line = told
        .iter()
        .find(|t| t.starts_with("Seat 1 keeps its"))
        .expect("seat 1's score");
    assert_eq!(
        line,
        "Seat 1 keeps its 8 and 2, drops the 1, and hits seat 2's head (target 7) with \
         1 net success (4 for the head, 1 for the lance of peace); +5 points, 11 in all"
    );
}

/// Words ending in "s" that follow a "1" in these texts without being a
/// plural: the verbs after "Seat 1" or "knight 1".
const SINGULAR_S: &[&str] = &[
    "aims",
    "draws",
    "earns",
    "fumbles",
    "has",
    "heals",
    "hits",
    "is",
    "keeps",
    "misses",
    "re-rolls",
    "rides",
    "rolls",
    "sends",
    "wins",
    "withdraws",
];

/// Checks the lines a game writes at one step: the events told, the log
/// line of each outcome the chance step may have or the menu of the seat on
/// move, and the table drawing at each new pass and at the end.
fn check_lines(lines: &[String], context: &str) {
    for line in lines {
        for part in line.lines() {
            assert_eq!(miscounted(part, SINGULAR_S), None, "{context}: {part:?}");
        }
    }
}

/// One bots-only game, random legal moves and dice from `seed`, with every
/// line it writes checked; whether it reached its end.
fn play_checking(config: &Config, seats: usize, seed: u64) -> bool {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = CardJoust::new(config, seats).unwrap();
    let mut events = Events::on();
    let mut outcomes: Vec<(Chance, Weight)> = Vec::new();
    let mut actions = Vec::new();
    let context = format!("{seats} seats, seed {seed}");
    for _ in 0..20_000 {
        let mut lines = Vec::new();
        match game.to_move() {
            ToMove::Over(_) => return true,
            ToMove::Chance => {
                outcomes.clear();
                game.chance_outcomes(&mut outcomes);
                let step = game.describe_chance_step();
                let labels = outcomes.iter().map(|(c, _)| game.describe_chance(c));
                lines.extend(labels.map(|label| format!("{step}: {label}")));
                let i = rng.pick_weighted(&outcomes).unwrap();
                game.apply_chance_with_events(&outcomes[i].0, &mut events)
                    .unwrap();
            }
            ToMove::Seats(set) => {
                let seat = set
                    .iter()
                    .nth(rng.below(set.len() as u32) as usize)
                    .unwrap();
                actions.clear();
                game.legal_actions(seat, &mut actions);
                lines.extend(actions.iter().map(|a| game.describe_action(seat, a)));
                let action = actions[rng.below(actions.len() as u32) as usize];
                game.apply_with_events(seat, &action, &mut events).unwrap();
            }
        }
        for e in events.take() {
            if matches!(e.event, Event::PassBegins { .. } | Event::EventOver { .. }) {
                lines.push(game.view(None).to_string());
            }
            lines.push(e.event.to_string());
        }
        check_lines(&lines, &context);
    }
    false
}

#[test]
fn bots_games_write_every_count_in_the_right_number() {
    let configs = [
        Config::default(),
        Config {
            knights_per_player: 1,
            target_points: 10,
            points_threshold: Some(15),
            fourth_minor_becomes_major: false,
            ..Config::default()
        },
        Config {
            knights_per_player: 4,
            ..Config::default()
        },
    ];
    let mut ended = 0;
    for (c, config) in configs.iter().enumerate() {
        for seats in 2..=6 {
            for seed in 0..20u64 {
                let seed = seed * 31 + c as u64 * 7 + seats as u64;
                ended += usize::from(play_checking(config, seats, seed));
            }
        }
    }
    // Whole events, so every kind of line had its chance to appear.
    assert_eq!(ended, 300, "games that reached their end");
}

/// One happening, one line: which events retell the step that made them
/// (`Game::event_retells_step`), read as a table reads them, through
/// `DynGame::take_events`. Steps are played from a new game with fixed
/// cards and the first choice everywhere else.
mod retelling {
    use tourney_core::testkit::retelling::{ev, first_step, step_events};
    use tourney_core::{Audience, Game, Seat, Session, ToMove};
    use tourney_joust::{Action, CardJoust, Chance, Config};

    /// Both duelists still owe their aim.
    fn aiming(s: &Session<CardJoust>) -> bool {
        let mut actions = Vec::new();
        s.state().legal_actions(Seat(0), &mut actions);
        matches!(s.state().to_move(), ToMove::Seats(on) if on.len() == 2)
            && actions.iter().any(|a| matches!(a, Action::Aim(_)))
    }

    #[test]
    fn draws_and_reveals_retell_their_step_and_what_follows_does_not() {
        let all = Audience::Everyone;
        let mut s =
            Session::<CardJoust>::new(Config::default(), vec!["A".into(), "B".into()], None)
                .unwrap();
        s.tell_events(true);

        // The starting player's step begins the pass and sends the knights
        // by rule: none of it retells the step ("Choose the starting player").
        s.apply_chance(Chance::Seat(Seat(0))).unwrap();
        assert_eq!(
            step_events(&mut s),
            [
                ev("pass_begins", all, false),
                ev("knight_sent", all, false),
                ev("knight_sent", all, false)
            ]
        );

        // The card drawn is told to its drawer in place of "draws a number card".
        s.apply_chance(Chance::Card(9)).unwrap();
        assert_eq!(
            step_events(&mut s),
            [ev("card_drawn", Audience::Seat(Seat(0)), true)]
        );

        // Both aim in secret; the second aim turns both up, and the reveal
        // retells it.
        while !aiming(&s) {
            first_step(&mut s);
        }
        step_events(&mut s);
        first_step(&mut s);
        assert_eq!(step_events(&mut s), []);
        first_step(&mut s);
        assert_eq!(
            step_events(&mut s),
            [ev("aim", all, true), ev("aim", all, true)]
        );

        // The step that ends the pass (the last die, or keeping the roll)
        // is told with the scores: consequences, which retell nothing.
        let scored = loop {
            first_step(&mut s);
            let told = step_events(&mut s);
            if told.iter().any(|(kind, ..)| kind == "scored") {
                break told;
            }
        };
        assert!(!scored.is_empty());
        for (kind, _, retells) in &scored {
            assert!(!retells, "{kind} retells the step that ended the pass");
        }
    }
}
