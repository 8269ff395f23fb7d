//! Log lines say what happened: the initiative order says what it is for,
//! a tie a player wins against a knight on equal prestige says so, buying
//! the Moneylender tells what was paid and what he paid out, a duel `Pass`
//! names the step let go by, a full tie between knights goes to the knight
//! on the left, the final line tells when prestige broke a tie on glory,
//! counts agree with their nouns and a line starts with a capital. Each
//! scenario feeds exact cards and dice; the last test scans bots' games.

mod common;

use common::*;
use serde_json::json;
use tourney_core::testkit::{Reading, TextKind, read_every_text};
use tourney_core::text::miscounted;
use tourney_core::{Game, GameRng, Seat};
use tourney_glory::events::Score;
use tourney_glory::{
    Action, AutomaDeck, Characters, Config, Difficulty, DuelCtx, Event, Glory, Relic, Solo,
    SoloMode, Space, Support, TournamentKind, Trophies,
};

fn level_one() -> Config {
    Config {
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

/// The texts of the events told since the last look that everyone hears.
fn told(s: &mut Script) -> Vec<String> {
    s.told_to(None)
}

// ---------------------------------------------------------------------------
// The initiative order
// ---------------------------------------------------------------------------

#[test]
fn the_initiative_order_is_for_this_rounds_registration_and_tournament_in_every_round() {
    let mut s = Script::started(level_one(), 2);
    s.telling();
    // Seat 2 takes the initiative in round 1: it registers first in round 1.
    s.act(0, Action::Place(Space::Patrol));
    s.act(1, Action::Place(Space::Initiative));
    s.auto_until(|s| s.view().stage == "registration");
    let lines = told(&mut s);
    let line = lines
        .iter()
        .find(|l| l.starts_with("Initiative order"))
        .expect("the order is told at Maintenance");
    assert_eq!(
        line,
        "Initiative order from this round's registration and tournament on: Seat 2, Seat 1"
    );
    assert_eq!(s.view().round, 1, "told in the round it applies to");
    assert_eq!(s.on_move(), Some(1), "Seat 2 registers first this round");

    // Round 3's Maintenance tells it too: it orders round 3's registration,
    // tournament and Final Journey; no round follows.
    s.auto_until(|s| s.view().round == 3 && s.view().stage == "actions");
    told(&mut s);
    s.auto_until(|s| {
        s.view().round == 3 && s.view().stage == "registration" && s.on_move().is_some()
    });
    let lines = told(&mut s);
    let orders: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Initiative order"))
        .collect();
    assert_eq!(orders.len(), 1);
    assert!(
        orders[0].starts_with(
            "Initiative order from this round's registration and tournament on: Seat "
        ),
        "{}",
        orders[0]
    );
    assert!(!orders[0].contains("next round"));
}

// ---------------------------------------------------------------------------
// Ties against a knight
// ---------------------------------------------------------------------------

/// Seat 1 in the Journey phase with the given Challenge card in hand,
/// level II mount and armor, no Strength and no Faith.
fn challenge(card_name: &str) -> Script {
    let mut s = Script::started(level_one(), 2);
    s.auto_until(|s| s.view().stage == "journey" && s.on_move() == Some(0));
    s.resources(0, 0, 0, 0, 10)
        .empty_hand(0)
        .set(0, "mount", json!(2))
        .set(0, "armor", json!(2))
        .set(0, "prestige", json!(0))
        .set(0, "flipped", json!(0))
        .give_card(0, card_name, 1);
    s
}

#[test]
fn a_tie_won_against_a_knight_on_equal_prestige_says_so() {
    // Highwayman: attack 6, prestige 0; Seat 1 rolls 3 + 3 = 6.
    let mut s = challenge("Highwayman");
    s.act(0, Action::Play(card("Highwayman"))).telling();
    s.roll(&[black(3), black(0), white(3), white(0)]);
    assert_eq!(
        told(&mut s),
        [
            "Seat 1's attack: 6 (dice black 3, 0; white 3, 0)",
            "Clash 1: Seat 1 wins the tie against Highwayman (attack 6 to 6, prestige 0 each: \
             against a knight, equal prestige is enough for the player); clashes won: Seat 1 1, \
             Highwayman 0"
        ]
    );

    // Louis of Gruuthuse: attack 8, prestige 1; Seat 1 holds one active
    // token and rolls 1 + 4 + 3 = 8: the tie is won and the token flipped.
    let mut s = challenge("Louis of Gruuthuse");
    s.set(0, "strength", json!(1)).set(0, "prestige", json!(1));
    s.act(0, Action::Play(card("Louis of Gruuthuse")))
        .telling()
        .act(0, Action::Strength(1));
    s.roll(&[red(1), black(4), black(0), white(3), white(0)]);
    let lines = told(&mut s);
    assert_eq!(
        lines[1],
        "Clash 1: Seat 1 wins the tie against Louis of Gruuthuse (attack 8 to 8, prestige 1 \
         each: against a knight, equal prestige is enough for the player) and flips the Charmer \
         token; clashes won: Seat 1 1, Louis of Gruuthuse 0"
    );
    // With the token flipped the knight's prestige is higher: his tie.
    s.roll(&[red(1), black(4), black(0), white(3), white(0)]);
    assert_eq!(
        told(&mut s)[1],
        "Clash 2: Louis of Gruuthuse beats Seat 1 on prestige, 1 to 0 (attack 8 to 8); \
         clashes won: Seat 1 1, Louis of Gruuthuse 1"
    );
}

// ---------------------------------------------------------------------------
// The Moneylender
// ---------------------------------------------------------------------------

/// Two seats in round 1's Action phase, Seat 1 on move with `coins` and
/// `glory`, the Moneylender on the special space (3 coins).
fn moneylender(coins: u8, glory: u16) -> Script {
    let mut s = Script::started(level_one(), 2);
    assert_eq!(s.on_move(), Some(0));
    s.resources(0, coins, 0, 0, glory);
    s.patch(|v| v["board"]["track"][0] = json!(Support::Moneylender as u8));
    s.telling();
    s
}

#[test]
fn buying_the_moneylender_tells_the_price_and_his_payout() {
    let mut s = moneylender(3, 10);
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::Support(0)),
        "Support: take the Moneylender for 3 coins"
    );
    s.act(0, Action::Support(0));
    assert_eq!(
        told(&mut s),
        [
            "Support: Seat 1 pays 3 coins, gains the Moneylender support and receives 6 coins \
          from him for 2 glory points (now 8)"
        ]
    );
    assert_eq!((s.player(0).coins, s.glory(0)), (6, 8));
    // The event keeps the net change (3 coins more, 2 glory less).
    let mut s = moneylender(3, 10);
    s.act(0, Action::Support(0));
    match &s.told()[0].1 {
        Event::Resources { change, glory, .. } => {
            assert_eq!((change.coins, change.glory, *glory), (3, -2, 8));
        }
        other => panic!("not a Resources event: {other:?}"),
    }

    // A Diplomat takes a coin off the price.
    let mut s = moneylender(2, 10);
    s.give_support(0, Support::Diplomat, 1);
    s.act(0, Action::Support(0));
    assert_eq!(
        told(&mut s),
        [
            "Support: Seat 1 pays 2 coins, gains the Moneylender support and receives 6 coins \
          from him for 2 glory points (now 8)"
        ]
    );

    // Glory never goes below 0: with 1 point he costs only that one.
    let mut s = moneylender(3, 1);
    s.act(0, Action::Support(0));
    assert_eq!(
        told(&mut s),
        [
            "Support: Seat 1 pays 3 coins, gains the Moneylender support and receives 6 coins \
          from him for 1 glory point (now 0)"
        ]
    );
}

// ---------------------------------------------------------------------------
// Passing in a duel
// ---------------------------------------------------------------------------

#[test]
fn a_duel_pass_names_the_step_it_lets_go_by() {
    let mut s = challenge("Highwayman");
    s.set(0, "strength", json!(1))
        .set(0, "faith", json!(1))
        .give_support(0, Support::Cook, 1)
        .give_support(0, Support::Squire, 1)
        .give_relic(0, Relic::Medallion, 1);
    s.act(0, Action::Play(card("Highwayman")));
    let pass = |s: &Script| s.game.describe_action(Seat(0), &Action::Pass);
    assert!(s.can(0, Action::Pass));
    assert_eq!(pass(&s), "Pass: no tent support this duel");
    s.act(0, Action::Pass);
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::Strength(0)),
        "Add no Strength tokens"
    );
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::Strength(1)),
        "Add 1 Strength token (1 this duel)"
    );
    s.act(0, Action::Strength(0));
    s.roll(&[black(1), black(0), white(1), white(0)]);
    assert_eq!(pass(&s), "Pass: no Faith re-roll this clash");
    s.act(0, Action::Pass);
    assert_eq!(pass(&s), "Pass: no support at the first lance step");
    s.act(0, Action::Pass);
    assert_eq!(pass(&s), "Pass: no support at the second lance step");
    s.act(0, Action::Pass);
    assert_eq!(pass(&s), "Pass: no relic this clash");
    // Outside a duel a Pass says what it declines, as before.
    let s = challenge("Highwayman");
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::Pass),
        "Stop playing Journey cards"
    );
}

// ---------------------------------------------------------------------------
// Knights against knights
// ---------------------------------------------------------------------------

#[test]
fn a_full_tie_between_knights_goes_to_the_knight_on_the_left() {
    // Card 7, round 1: nobles placed on spaces 2 and 7, a Polish Noble on 4.
    let mut s = Script::new(
        Config {
            tournaments: [TournamentKind::JoustAPlaisance; 3],
            ..level_one()
        },
        2,
    );
    s.auto_until(|s| s.is_chance() && s.step_text() == "The tournament card is drawn");
    s.chance(tourney_glory::Chance::Tournament(6));
    for k in ["David Mathew", "Zyndram", "Álvaro"] {
        s.chance(tourney_glory::Chance::Knight(knight(k)));
    }
    s.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    // The players face each other on spaces 5 and 6; knights fill 1, 3, 8.
    let first = s.on_move().expect("someone registers");
    s.act(first, Action::Register(4));
    s.act(1 - first, Action::Register(5));
    s.telling();
    for k in ["Jan van Borssele", "Sędziwój", "John Fastolf"] {
        s.chance(tourney_glory::Chance::Knight(knight(k)));
    }
    let lines = told(&mut s);
    let decided: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("without dice"))
        .collect();
    // Jan van Borssele (left) and David Mathew: glory 2, prestige 1 each.
    // Sędziwój (left) and Zyndram: glory 4, prestige 1 each.
    assert_eq!(
        decided,
        [
            "Jan van Borssele beats David Mathew, settled without dice: level on glory value (2 \
             each) and prestige (1 each), so the knight on the left wins",
            "Sędziwój of Ostroróg beats Zyndram of Maszkowice, settled without dice: level on glory \
             value (4 each) and prestige (1 each), so the knight on the left wins"
        ]
    );
}

/// A duel settled without dice names only what decided it: the higher
/// glory value when the values differ (no word of prestige), the prestige
/// when the values are level.
#[test]
fn a_duel_without_dice_names_what_decided_it() {
    let names = ["Otto".to_string(), "John Talbot".to_string()];
    let on_glory = Event::Decided {
        ctx: DuelCtx::Joust { game: 0 },
        names: names.clone(),
        standing: [[5, 1], [4, 3]],
        winner: 0,
        glory: 4,
        total: Some(14),
    };
    let text = on_glory.to_string();
    assert_eq!(
        text,
        "Otto beats John Talbot, settled without dice: Otto has the higher glory value (5 to 4); \
         Otto scores 4 glory points (now 14)"
    );
    assert!(!text.contains("prestige"), "{text}");
    let on_prestige = Event::Decided {
        ctx: DuelCtx::Joust { game: 0 },
        names: [names[1].clone(), names[0].clone()],
        standing: [[5, 3], [5, 2]],
        winner: 0,
        glory: 0,
        total: None,
    };
    assert_eq!(
        on_prestige.to_string(),
        "John Talbot beats Otto, settled without dice: level on glory value (5 each), John Talbot \
         has more prestige (3 to 2)"
    );
}

#[test]
fn otto_level_with_a_knight_is_told_by_the_rule_that_applies() {
    let names = ["Otto".to_string(), "Maximilian I".to_string()];
    let joust = Event::Decided {
        ctx: DuelCtx::Joust { game: 1 },
        names: names.clone(),
        standing: [[5, 2], [5, 2]],
        winner: 0,
        glory: 5,
        total: Some(20),
    };
    assert_eq!(
        joust.to_string(),
        "Otto beats Maximilian I, settled without dice: level on glory value (5 each) and prestige \
         (2 each), so Otto wins from the left, as the knight on the left would; Otto scores 5 \
         glory points (now 20)"
    );
    let pas = Event::Decided {
        ctx: DuelCtx::PasDArmes { space: 3 },
        names: [names[1].clone(), names[0].clone()],
        standing: [[5, 2], [5, 2]],
        winner: 0,
        glory: 0,
        total: None,
    };
    assert_eq!(
        pas.to_string(),
        "Maximilian I beats Otto, settled without dice: level on glory value (5 each) and \
         prestige (2 each), so the challenged knight keeps his place"
    );
}

// ---------------------------------------------------------------------------
// The end: tie-breaks and the Brave duel
// ---------------------------------------------------------------------------

/// The Final Journey with both players at 20 glory and nothing else, Seat
/// 1 on move; public titles nobody can complete but Brave.
fn at_the_end() -> Script {
    common::at_the_end(["Brave", "Strong", "Charming"])
}

#[test]
fn the_final_line_tells_when_prestige_broke_a_tie_on_glory() {
    let mut t = at_the_end();
    // Seat 2 holds one Prestige token (flipped still counts).
    t.set(1, "prestige", json!(1)).set(1, "flipped", json!(1));
    t.act(0, Action::Pass).telling();
    // Both let the Brave duel go.
    while let Some(p) = t.on_move() {
        t.act(p, Action::Pass);
    }
    let lines = told(&mut t);
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            "Game over: Seat 1 20 glory (0 prestige), Seat 2 20 glory (1 prestige); Seat 2 \
             wins: level with Seat 1 on 20 glory, the tie-break on prestige tokens decides \
             it, 1 to 0"
        )
    );

    // No tie on glory: nothing about a tie-break.
    let over = |scores: Vec<Score>, winners: Vec<Seat>| {
        Event::GameOver {
            scores,
            winners,
            goal: None,
        }
        .to_string()
    };
    let score = |p: u8, glory: u16, prestige: u8| Score {
        player: Seat(p),
        who: format!("Seat {}", p + 1),
        glory,
        prestige,
    };
    assert_eq!(
        over(vec![score(0, 31, 0), score(1, 30, 2)], vec![Seat(0)]),
        "Game over: Seat 1 31 glory (0 prestige), Seat 2 30 glory (2 prestige); Seat 1 wins"
    );
    // Three level on glory, one ahead on prestige.
    assert_eq!(
        over(
            vec![
                score(0, 40, 1),
                score(1, 40, 3),
                score(2, 40, 2),
                score(3, 12, 4)
            ],
            vec![Seat(1)]
        ),
        "Game over: Seat 1 40 glory (1 prestige), Seat 2 40 glory (3 prestige), Seat 3 40 \
         glory (2 prestige), Seat 4 12 glory (4 prestige); Seat 2 wins: level with Seat 1 and \
         Seat 3 on 40 glory, the tie-break on prestige tokens decides it, 3 to 1 and 2"
    );
    // Level on both: shared.
    assert_eq!(
        over(
            vec![score(0, 40, 2), score(1, 40, 2), score(2, 39, 5)],
            vec![Seat(0), Seat(1)]
        ),
        "Game over: Seat 1 40 glory (2 prestige), Seat 2 40 glory (2 prestige), Seat 3 39 \
         glory (5 prestige); Seat 1 and Seat 2 share the victory, level on 40 glory and on \
         prestige tokens (2 each)"
    );
}

#[test]
fn a_line_the_brave_titles_knight_opens_starts_with_a_capital() {
    let mut t = at_the_end();
    t.act(0, Action::Pass).act(0, Action::Attempt).telling();
    let drawn = t.view().to_string();
    assert!(
        drawn.contains("\n  The Brave title's knight: attack 11, prestige 1\n"),
        "{drawn}"
    );
    // Nothing rolled to speak of: 0 + 0 against 11, twice.
    t.roll(&[black(0), black(0), white(0), white(0)]);
    t.roll(&[black(0), black(0), white(0), white(0)]);
    let lines = told(&mut t);
    assert!(
        lines.contains(
            &"The Brave title's knight wins the duel against Seat 1, 2 clashes to 0".to_string()
        ),
        "{lines:#?}"
    );
    // Mid-sentence the name keeps its small letter.
    assert!(
        lines.contains(
            &"Clash 1: the Brave title's knight beats Seat 1 on attack, 11 to 0; clashes won: \
          Seat 1 0, the Brave title's knight 1"
                .to_string()
        )
    );
}

// ---------------------------------------------------------------------------
// Counts
// ---------------------------------------------------------------------------

#[test]
fn counts_of_one_are_singular_in_events_menus_and_views() {
    assert_eq!(
        Event::KnockedOut {
            player: Seat(0),
            row: 1,
            extra: 1
        }
        .to_string(),
        "Seat 1 is out of the Joust à Plaisance in the middle row and may play 1 more \
         Journey card"
    );
    // Setup: keeping a title, in the waiting line.
    let mut s = Script::new(level_one(), 2);
    s.auto_until(|s| s.view().waiting_for.contains("keeps"));
    let waiting = s.view().waiting_for;
    assert!(waiting.ends_with(" keeps 1 title"), "{waiting}");
    // Travel Plans: two picks, then one.
    let mut s = Script::started(level_one(), 2);
    s.act(0, Action::Place(Space::TravelPlans));
    assert_eq!(s.view().waiting_for, "Seat 1 takes 2 more Journey cards");
    let face_up = s.view().journey_rows[0][0].expect("a face-up Romance").id;
    s.act(0, Action::Take(face_up));
    assert_eq!(s.view().waiting_for, "Seat 1 takes 1 more Journey card");
    // The drawn view: one coin.
    s.set(0, "coins", json!(1));
    let drawn = s.view().to_string();
    assert!(drawn.contains(" glory | 1 coin, "), "{drawn}");
}

// ---------------------------------------------------------------------------
// Bots' games
// ---------------------------------------------------------------------------

/// Words after a "1" that end in "s" and are no plural: the verbs of
/// "Seat 1 rolls" and the like.
const SINGULAR_S: &[&str] = &[
    "beats",
    "begins",
    "chooses",
    "collects",
    "completes",
    "decides",
    "draws",
    "gains",
    "gives",
    "has",
    "is",
    "keeps",
    "loses",
    "moves",
    "pays",
    "places",
    "plays",
    "receives",
    "recovers",
    "registers",
    "re-rolls",
    "returns",
    "rolls",
    "scores",
    "takes",
    "this",
    "uses",
    "vs",
    "wins",
];

/// Panics naming the game, the step and the text if `text` miscounts, says
/// "(s)", or (`sentence`) opens with a small letter.
fn check(text: &str, what: &str, game: &str, step: usize, sentence: bool) {
    for line in text.lines() {
        if let Some(bad) = miscounted(line, SINGULAR_S) {
            panic!("{game}, step {step}, {what}: {bad:?} in {line:?}");
        }
        assert!(
            !line.contains("(s)"),
            "{game}, step {step}, {what}: {line:?}"
        );
        if sentence {
            assert!(
                !line.starts_with(|c: char| c.is_lowercase()),
                "{game}, step {step}, {what}: a small letter opens {line:?}"
            );
        }
    }
}

/// Plays one game with random legal actions to its end, checking every
/// text on the way (the drawings every 5 steps, the spectator's and every
/// seat's); returns how many texts it checked. Log lines, menu labels,
/// chance steps and the drawing's "Waiting for" line are sentences.
fn play_and_check(config: &Config, seats: usize, rng: &mut GameRng, game: &str) -> usize {
    let mut state = Glory::new(config, seats).expect("setup");
    let reading = Reading {
        spectator_every: 5,
        seats_every: 5,
        max_steps: 20_000,
    };
    read_every_text(&mut state, seats, rng, reading, |text, kind, step| {
        let what = format!("{kind:?}");
        let sentence = matches!(
            kind,
            TextKind::Event | TextKind::Menu | TextKind::ChanceStep
        );
        check(text, &what, game, step, sentence);
        if kind == TextKind::View {
            for waiting in text.lines().filter_map(|l| l.strip_prefix("Waiting for: ")) {
                check(waiting, "waiting", game, step, true);
            }
        }
    })
}

fn solo(mode: SoloMode, difficulty: Difficulty, deck: AutomaDeck) -> Config {
    Config {
        solo: Some(Solo {
            mode,
            difficulty,
            deck,
        }),
        ..Config::default()
    }
}

#[test]
fn bots_games_write_every_count_in_the_right_number() {
    let jousts = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        trophies: Trophies::Tiles,
        open_objectives: true,
        ..Config::default()
    };
    let setups: [(Config, usize, u64); 9] = [
        (Config::default(), 2, 40),
        (Config::default(), 3, 25),
        (Config::default(), 4, 20),
        (jousts, 2, 25),
        (jousts, 4, 15),
        (
            solo(SoloMode::Rivalry, Difficulty::Hard, AutomaDeck::Warrior),
            1,
            25,
        ),
        (
            Config {
                tournaments: [TournamentKind::JoustAPlaisance; 3],
                ..solo(SoloMode::Rivalry, Difficulty::Easy, AutomaDeck::Pious)
            },
            1,
            20,
        ),
        (
            solo(SoloMode::Score, Difficulty::Medium, AutomaDeck::Solo),
            1,
            15,
        ),
        (
            solo(SoloMode::Champion, Difficulty::Hard, AutomaDeck::Pious),
            1,
            15,
        ),
    ];
    let mut checked = 0;
    for (c, (config, seats, games)) in setups.iter().enumerate() {
        for i in 0..*games {
            let name = format!("setup {c}, game {i}");
            let mut rng = GameRng::for_game(0x6c_6f_67, (c as u64) << 32 | i);
            checked += play_and_check(config, *seats, &mut rng, &name);
        }
    }
    assert!(checked > 300_000, "only {checked} texts checked");
}

/// One happening, one line: which events retell the step that made them
/// (`Game::event_retells_step`), read as a table reads them, through
/// `DynGame::take_events`. Steps are played from a new game with the first
/// outcome and the first choice everywhere, but for one Warm-Up.
mod retelling {
    use tourney_core::testkit::retelling::{Told, ev, first_step, step_events, step_telling};
    use tourney_core::{Audience, Game, Session, ToMove};
    use tourney_glory::{Action, Characters, Config, Glory as G, Space};

    #[test]
    fn draws_and_choices_retell_their_step_and_what_follows_does_not() {
        let all = Audience::Everyone;
        let config = Config {
            characters: Characters::LevelOne,
            ..Config::default()
        };
        let mut s = Session::<G>::new(config, vec!["A".into(), "B".into()], None).unwrap();
        s.tell_events(true);

        // Level I characters are taken by rule, in the step of the last
        // public title, whose own event retells that step anyway.
        assert_eq!(
            step_telling(&mut s, "character_chosen"),
            [
                ev("public_title", all, true),
                ev("character_chosen", all, true),
                ev("character_chosen", all, true)
            ]
        );
        // The seat drawn for the first place (the last seat follows by
        // rule, in the same step); the compensation is a consequence.
        assert_eq!(
            step_telling(&mut s, "initiative_drawn"),
            [
                ev("initiative_drawn", all, true),
                ev("initiative_drawn", all, true),
                ev("compensation", all, false)
            ]
        );

        // An action space tells what it paid and gave.
        let warm_up = Action::Place(Space::WarmUp);
        let seat = loop {
            if let ToMove::Seats(on) = s.state().to_move() {
                let seat = on.first_seat().unwrap();
                let mut actions = Vec::new();
                s.state().legal_actions(seat, &mut actions);
                if actions.contains(&warm_up) {
                    break seat;
                }
            }
            first_step(&mut s);
        };
        step_events(&mut s);
        s.apply(seat, warm_up).unwrap();
        assert_eq!(step_events(&mut s), [ev("resources", all, true)]);

        // The last registration is retold; the Pas d'Armes duel it leads
        // to starts by rule, and says nothing of the step.
        assert_eq!(
            step_telling(&mut s, "duel_begins"),
            [
                ev("registered", all, true),
                ev("phase", all, false),
                ev("duel_begins", all, false)
            ]
        );
        // Every die keeps its own line: the roll's attack follows the
        // last die's line and does not replace it; nor is the clash it
        // decides that die retold.
        assert_eq!(step_telling(&mut s, "rolled"), [ev("rolled", all, false)]);
        assert_eq!(
            step_telling(&mut s, "clash"),
            [ev("rolled", all, false), ev("clash", all, false)]
        );
    }

    /// The first seat on move takes the first of its actions `pick`
    /// accepts, after first steps until one is offered; its events.
    fn step_choosing(s: &mut Session<G>, pick: impl Fn(&Action) -> bool) -> Told {
        for _ in 0..100_000 {
            if let ToMove::Seats(on) = s.state().to_move() {
                let seat = on.first_seat().unwrap();
                let mut actions = Vec::new();
                s.state().legal_actions(seat, &mut actions);
                if let Some(action) = actions.into_iter().find(&pick) {
                    step_events(s);
                    s.apply(seat, action).unwrap();
                    return step_events(s);
                }
            }
            first_step(s);
        }
        panic!("no such action was offered");
    }

    /// A title kept and a Journey card given back at setup: the owner
    /// reads the card named, everyone else (spectators too) that one was
    /// kept or given back; each version retells the face-down choice, so
    /// every reader gets one line.
    #[test]
    fn a_secret_choice_is_one_line_for_its_owner_and_one_for_the_others() {
        let mut s =
            Session::<G>::new(Config::default(), vec!["A".into(), "B".into()], None).unwrap();
        s.tell_events(true);
        let owner = |told: &Told| match told[0].1 {
            Audience::Seat(seat) => seat,
            other => panic!("the named version goes to its owner: {other:?}"),
        };

        let told = step_choosing(&mut s, |a| matches!(a, Action::KeepTitle(_)));
        let p = owner(&told);
        assert_eq!(
            told,
            [
                ev("title_kept", Audience::Seat(p), true),
                ev("title_kept", Audience::Others(p), true),
                ev("titles_returned", Audience::Everyone, false),
            ]
        );

        let told = step_choosing(&mut s, |a| matches!(a, Action::Exchange(_)));
        let p = owner(&told);
        assert_eq!(
            told,
            [
                ev("exchanged", Audience::Seat(p), true),
                ev("exchanged", Audience::Others(p), true),
            ]
        );
    }

    /// With open objectives a title kept is one named line for everyone.
    #[test]
    fn an_open_objective_is_one_line_for_everyone() {
        let config = Config {
            open_objectives: true,
            ..Config::default()
        };
        let mut s = Session::<G>::new(config, vec!["A".into(), "B".into()], None).unwrap();
        s.tell_events(true);
        let told = step_choosing(&mut s, |a| matches!(a, Action::KeepTitle(_)));
        assert_eq!(
            told,
            [
                ev("title_kept", Audience::Everyone, true),
                ev("titles_returned", Audience::Everyone, false),
            ]
        );
    }

    /// A relic the loser of a duel chooses to flip back retells its own
    /// step ("Flip the Medallion back"); the only one that can come back,
    /// and the tokens, come back by rule after the last clash, which they
    /// do not retell.
    #[test]
    fn a_relic_chosen_back_retells_its_step_and_one_back_by_rule_does_not() {
        use crate::common::{Script, Scripted, black, card, white};
        use serde_json::json;
        use tourney_glory::{Event, Relic};

        // Black Knight: attack 9, prestige 1. Seat `p` rolls 4 + 1 = 5 in
        // both clashes, with at most a relic each (+2, +1), and loses.
        let lose_with = |relics: [Option<Relic>; 2]| {
            let mut s = Script::started(
                Config {
                    characters: Characters::LevelOne,
                    ..Config::default()
                },
                2,
            );
            s.auto_until(|s| s.view().stage == "journey" && s.on_move().is_some());
            let p = s.on_move().unwrap();
            s.resources(p, 0, 0, 0, 10)
                .empty_hand(p)
                .set(p, "mount", json!(2))
                .set(p, "armor", json!(2))
                .give_card(p, "Black Knight", 1);
            for r in relics.into_iter().flatten() {
                s.give_relic(p, r, 1);
            }
            s.act(p, Action::Play(card("Black Knight"))).telling();
            for (clash, relic) in (1..).zip(relics) {
                s.roll(&[black(4), black(0), white(1), white(0)]);
                if let Some(r) = relic {
                    while !s.legal(p).contains(&Action::Relic(r)) {
                        s.act(p, Action::Pass);
                    }
                    s.act(p, Action::Relic(r));
                }
                while s.view().duel.is_some_and(|d| d.clash == clash)
                    && s.on_move() == Some(p)
                    && s.legal(p).contains(&Action::Pass)
                {
                    s.act(p, Action::Pass);
                }
            }
            (s, p)
        };
        let retelling = |told: Vec<(Audience, Event)>| -> Vec<(String, Audience, bool)> {
            told.into_iter()
                .map(|(audience, e)| {
                    let kind = serde_json::to_value(&e).unwrap()["kind"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    (kind, audience, G::event_retells_step(&e))
                })
                .filter(|(kind, ..)| kind == "recovered")
                .collect()
        };
        let all = Audience::Everyone;

        // Two relics used: the loser picks one, in a step of its own.
        let (mut s, p) = lose_with([Some(Relic::Amulet), Some(Relic::Medallion)]);
        assert_eq!(retelling(s.told()), [], "nothing comes back by itself");
        assert_eq!(
            s.legal(p),
            [
                Action::ReactivateRelic(Relic::Medallion),
                Action::ReactivateRelic(Relic::Amulet)
            ]
        );
        s.act(p, Action::ReactivateRelic(Relic::Medallion));
        assert_eq!(retelling(s.told()), [ev("recovered", all, true)]);

        // One relic used: it comes back without asking, in the step that
        // lost the last clash.
        let (mut s, _) = lose_with([Some(Relic::Amulet), None]);
        assert_eq!(retelling(s.told()), [ev("recovered", all, false)]);
    }
}
