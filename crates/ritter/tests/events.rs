//! What the rules tell the table: exact events (kind, numbers, audience and
//! text) for known situations with fixed cards and dice, and a broad check
//! over many random games that the events are a faithful side channel.
//! Knight data (dice; covered hit fields): Apollonius 3; 1 2 3 4 5 6 —
//! Harald 5; 1 2 4 5 — Bertram 4; 1 1 2 3 6 — Gottfried 6; 1 2 4 — Ulrich 4;
//! 1 2 2 3 4 — Kunibert 2; 1 1 2 2 3 3 5.

mod common;

use common::{Hand, Script, Scripted, k, l};
use tourney_core::{Audience, Game, GameRecord, GameRng, RecordStep, Seat, Session, ToMove};
use tourney_ritter::{Action, Chance, Config, Ending, Event, Gain, KnightId, LadyShare, Ritter};

const SEAT0: Hand = (&["Apollonius", "Bertram"], &["Ilsa", "Adelheid"]);
const SEAT1: Hand = (&["Harald", "Gottfried"], &["Podica", "Kunigunde"]);
const SEAT2: Hand = (&["Kunibert", "Ulrich"], &["Mechthild", "Hildegard"]);

const ALL: Audience = Audience::Everyone;

fn only(seat: u8) -> Audience {
    Audience::Seat(Seat(seat))
}

fn others(seat: u8) -> Audience {
    Audience::Others(Seat(seat))
}

fn one_day() -> Config {
    Config {
        days: 1,
        ..Config::default()
    }
}

/// The told events with their texts, for exact comparisons of both.
fn with_texts(told: Vec<(Audience, Event)>) -> Vec<(Audience, Event, String)> {
    told.into_iter()
        .map(|(a, e)| {
            let text = e.to_string();
            (a, e, text)
        })
        .collect()
}

/// Apollonius (trained to 5 dice) against Harald (7 dice), each wearing a
/// favour, seat 1 to challenge; events kept from the challenge on.
fn apollonius_against_harald(config: Config) -> Script {
    let mut s = Script::setup(config, &[SEAT0, SEAT1], &[6, 2]);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    if config.ladies {
        s.offer(0, "Ilsa", "Apollonius")
            .offer(1, "Podica", "Harald");
    }
    s.telling();
    s.challenge(0, "Apollonius", "Harald");
    s.told();
    s
}

#[test]
fn the_rulebook_joust_of_apollonius_and_harald_is_told_in_full() {
    let mut s = Script::setup_telling(Config::default(), &[SEAT0, SEAT1], &[6, 2]);
    assert_eq!(
        with_texts(s.told()),
        vec![
            (
                ALL,
                Event::StartingPlayer {
                    seat: Seat(0),
                    roll: 6,
                    last_roll: false
                },
                "Seat 1 rolls highest (6) and starts the first day".to_string()
            ),
            (
                ALL,
                Event::DayBegins {
                    day: 1,
                    days: 4,
                    starter: Seat(0)
                },
                "Day 1 of 4 begins, seat 1 starting: every seat trains its knights and picks \
                 who rides, in secret"
                    .to_string()
            ),
        ]
    );

    // Training is told only to its own seat, one point at a time.
    s.act(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Die,
        },
    );
    assert_eq!(
        with_texts(s.told()),
        vec![(
            only(0),
            Event::TrainingPlanned {
                seat: Seat(0),
                knight: k("Apollonius"),
                gain: Gain::Die,
                points_left: 1
            },
            "Seat 1 trains Apollonius von der Wolkenburg in secret: one more combat die \
             (1 point left)"
                .to_string()
        )]
    );
    s.act(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Cover(1),
        },
    );
    assert_eq!(
        s.told(),
        vec![(
            only(0),
            Event::TrainingPlanned {
                seat: Seat(0),
                knight: k("Apollonius"),
                gain: Gain::Cover(1),
                points_left: 0
            }
        )]
    );
    s.prepare(
        0,
        &[("Bertram", Gain::Die), ("Bertram", Gain::Die)],
        &["Apollonius"],
    );
    let told = with_texts(s.told());
    assert_eq!(told.len(), 4);
    assert!(told[..2].iter().all(|(a, ..)| *a == only(0)));
    assert_eq!(
        told[2..],
        [
            (
                only(0),
                Event::RidersChosen {
                    seat: Seat(0),
                    knights: vec![k("Apollonius")]
                },
                "Seat 1 chooses Apollonius von der Wolkenburg to ride today (hidden from the \
                 others until every seat has prepared)"
                    .to_string()
            ),
            (
                others(0),
                Event::Prepared { seat: Seat(0) },
                "Seat 1 has prepared for the day".to_string()
            ),
        ]
    );

    // Harald covers his foot 6s; the last seat to finish reveals everything.
    s.prepare(
        1,
        &[
            ("Harald", Gain::Cover(6)),
            ("Harald", Gain::Cover(6)),
            ("Gottfried", Gain::Die),
            ("Gottfried", Gain::Die),
        ],
        &["Harald"],
    );
    let told = with_texts(s.told());
    let public: Vec<_> = told
        .iter()
        .filter(|(a, ..)| a.reaches(None))
        .cloned()
        .collect();
    assert_eq!(
        public,
        vec![
            (
                others(1),
                Event::Prepared { seat: Seat(1) },
                "Seat 2 has prepared for the day".to_string()
            ),
            (
                ALL,
                Event::Trained {
                    seat: Seat(0),
                    knight: k("Apollonius"),
                    extra_dice: 1,
                    extra_covered: [1, 0, 0, 0, 0, 0],
                    dice: 4,
                    covered: [2, 1, 1, 1, 1, 1]
                },
                "Seat 1's training is revealed: Apollonius von der Wolkenburg gains 1 combat die \
                 and covers mounted 1; he now has 4 dice, with mounted 1 1 2 3 and foot \
                 4 5 6 covered"
                    .to_string()
            ),
            (
                ALL,
                Event::Trained {
                    seat: Seat(0),
                    knight: k("Bertram"),
                    extra_dice: 2,
                    extra_covered: [0; 6],
                    dice: 6,
                    covered: [2, 1, 1, 0, 0, 1]
                },
                "Seat 1's training is revealed: Bertram vom Eisenhag gains 2 combat dice; he now \
                 has 6 dice, with mounted 1 1 2 3 and foot 6 covered"
                    .to_string()
            ),
            (
                ALL,
                Event::Rides {
                    seat: Seat(0),
                    knights: vec![k("Apollonius")],
                    resting: vec![k("Bertram")]
                },
                "Seat 1's choice is revealed: Apollonius von der Wolkenburg rides today; \
                 Bertram vom Eisenhag rests"
                    .to_string()
            ),
            (
                ALL,
                Event::Trained {
                    seat: Seat(1),
                    knight: k("Harald"),
                    extra_dice: 0,
                    extra_covered: [0, 0, 0, 0, 0, 2],
                    dice: 5,
                    covered: [1, 1, 0, 1, 1, 2]
                },
                "Seat 2's training is revealed: Harald Kampfzahn covers foot 6 and 6; he now \
                 has 5 dice, with mounted 1 2 and foot 4 5 6 6 covered"
                    .to_string()
            ),
            (
                ALL,
                Event::Trained {
                    seat: Seat(1),
                    knight: k("Gottfried"),
                    extra_dice: 2,
                    extra_covered: [0; 6],
                    dice: 8,
                    covered: [1, 1, 0, 1, 0, 0]
                },
                "Seat 2's training is revealed: Gottfried Eisenherz gains 2 combat dice; he now \
                 has 8 dice, with mounted 1 2 and foot 4 covered"
                    .to_string()
            ),
            (
                ALL,
                Event::Rides {
                    seat: Seat(1),
                    knights: vec![k("Harald")],
                    resting: vec![k("Gottfried")]
                },
                "Seat 2's choice is revealed: Harald Kampfzahn rides today; Gottfried \
                 Eisenherz rests"
                    .to_string()
            ),
        ]
    );
    // Seat 2's own secrets were told to seat 2 alone, before the reveal;
    // the others were told it is ready.
    let private: Vec<_> = told.iter().filter(|(a, ..)| !a.reaches(None)).collect();
    assert_eq!(private.len(), 5);
    assert!(private.iter().all(|(a, ..)| *a == only(1)));
    assert_eq!(told[5].0, others(1), "the others hear it is ready");
    assert_eq!(told[6].0, ALL, "the reveal follows the secrets");

    s.offer(0, "Ilsa", "Apollonius");
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::FavourGiven {
                seat: Seat(0),
                lady: l("Ilsa"),
                knight: k("Apollonius"),
                matches: 3
            },
            "Seat 1 gives Ilsa von Tannen's favour to Apollonius von der Wolkenburg; she meets \
             3 of his 3 preferences"
                .to_string()
        )]
    );
    s.offer(1, "Podica", "Harald");
    assert_eq!(
        with_texts(s.told()),
        vec![
            (
                ALL,
                Event::FavourGiven {
                    seat: Seat(1),
                    lady: l("Podica"),
                    knight: k("Harald"),
                    matches: 0
                },
                "Seat 2 gives Podica von Schwarzfub's favour to Harald Kampfzahn; she meets 0 \
                 of his 3 preferences"
                    .to_string()
            ),
            (
                ALL,
                Event::JoustingBegins {
                    day: 1,
                    first: Some(Seat(0))
                },
                "The jousts of day 1 begin; seat 1 challenges first".to_string()
            ),
        ]
    );
    s.challenge(0, "Apollonius", "Harald");
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::JoustBegins {
                attacker: k("Apollonius"),
                attacker_seat: Seat(0),
                defender: k("Harald"),
                defender_seat: Seat(1),
                duel: false,
                dice: [4, 5]
            },
            "Joust: Apollonius von der Wolkenburg of seat 1 against Harald Kampfzahn of seat 2, \
             4 dice against 5"
                .to_string()
        )]
    );
    // The dice of the round tell nothing until the last one is in.
    s.roll(&[1, 3, 3, 6]).roll(&[1, 2, 5, 5]);
    assert!(s.told().is_empty());
    s.roll(&[6]);
    let ilsa = |prizes| {
        Some(LadyShare {
            lady: l("Ilsa"),
            seat: Seat(0),
            prizes,
        })
    };
    assert_eq!(
        with_texts(s.told()),
        vec![
            (
                ALL,
                Event::Round {
                    attacker: k("Apollonius"),
                    defender: k("Harald"),
                    foot: false,
                    furious: false,
                    duel: false,
                    dice: [vec![1, 3, 3, 6], vec![1, 2, 5, 5, 6]],
                    hits: [2, 3],
                    wounds: [0, 2],
                    total: [0, 2]
                },
                "Mounted round: Apollonius rolls 1 3 3 6, Harald rolls 1 2 5 5 6; 2 hits on \
                 Apollonius, both warded off by covered fields; 3 hits on Harald, 1 warded off \
                 by a covered field: 2 wounds (2 in all)"
                    .to_string()
            ),
            (
                ALL,
                Event::JoustEnds {
                    attacker: k("Apollonius"),
                    defender: k("Harald"),
                    winner: Some(k("Apollonius")),
                    loser: Some(k("Harald")),
                    ending: Ending::Unhorsed,
                    duel: false
                },
                "Apollonius von der Wolkenburg unhorses Harald Kampfzahn and wins the joust; \
                 Harald is out for the rest of the day"
                    .to_string()
            ),
            (
                ALL,
                Event::Prize {
                    knight: k("Apollonius"),
                    seat: Seat(0),
                    prizes: 1,
                    lady: ilsa(1)
                },
                "Apollonius von der Wolkenburg of seat 1 wins a prize (1 in all), and so does \
                 Ilsa von Tannen of seat 1, whose favour he wears (1 in all)"
                    .to_string()
            ),
            (
                ALL,
                Event::DayEnds {
                    day: 1,
                    leaders: vec![k("Apollonius")],
                    prizes: 1,
                    chooser: None
                },
                "Day 1's jousts are over: Apollonius von der Wolkenburg won the most prizes \
                 today (1)"
                    .to_string()
            ),
            (
                ALL,
                Event::DayWinner {
                    day: 1,
                    knight: k("Apollonius"),
                    seat: Seat(0),
                    bonus: 1,
                    prizes: 2,
                    lady: ilsa(2)
                },
                "Apollonius von der Wolkenburg of seat 1 is day 1's winner and gains 1 extra \
                 prize (2 in all), and so does Ilsa von Tannen of seat 1, whose favour he wears \
                 (2 in all)"
                    .to_string()
            ),
            (
                ALL,
                Event::Rests {
                    knight: k("Apollonius"),
                    seat: Seat(0),
                    healed: 0,
                    wounds: 0,
                    training: 2
                },
                "At night Apollonius von der Wolkenburg rests unhurt and may train 2 points"
                    .to_string()
            ),
            (
                ALL,
                Event::Rests {
                    knight: k("Harald"),
                    seat: Seat(1),
                    healed: 2,
                    wounds: 0,
                    training: 2
                },
                "At night Harald Kampfzahn heals 2 wounds (0 left) and may train 2 points"
                    .to_string()
            ),
            (
                ALL,
                Event::Rests {
                    knight: k("Bertram"),
                    seat: Seat(0),
                    healed: 0,
                    wounds: 0,
                    training: 2
                },
                "At night Bertram vom Eisenhag rests unhurt and may train 2 points".to_string()
            ),
            (
                ALL,
                Event::Rests {
                    knight: k("Gottfried"),
                    seat: Seat(1),
                    healed: 0,
                    wounds: 0,
                    training: 2
                },
                "At night Gottfried Eisenherz rests unhurt and may train 2 points".to_string()
            ),
            (
                ALL,
                Event::DayBegins {
                    day: 2,
                    days: 4,
                    starter: Seat(1)
                },
                "Day 2 of 4 begins, seat 2 starting: every seat trains its knights and picks \
                 who rides, in secret"
                    .to_string()
            ),
        ]
    );
}

#[test]
fn the_rulebook_favour_example_tells_ilsa_displacing_podica() {
    let hands: [Hand; 2] = [
        (&["Bertram", "Kunibert"], &["Podica", "Adelheid"]),
        (&["Apollonius", "Harald"], &["Ilsa", "Mechthild"]),
    ];
    let mut s = Script::setup(Config::default(), &hands, &[5, 4]);
    s.prepare_dice(0, &["Bertram", "Kunibert"])
        .prepare_dice(1, &["Apollonius", "Harald"]);
    s.telling();
    s.offer(0, "Podica", "Apollonius");
    assert_eq!(
        s.told(),
        vec![(
            ALL,
            Event::FavourGiven {
                seat: Seat(0),
                lady: l("Podica"),
                knight: k("Apollonius"),
                matches: 2
            }
        )]
    );
    // Ilsa: brown hair, plump and reserved, three matches against two.
    s.offer(1, "Ilsa", "Apollonius");
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::FavourDisplaced {
                seat: Seat(1),
                lady: l("Ilsa"),
                knight: k("Apollonius"),
                matches: 3,
                displaced: l("Podica"),
                displaced_matches: 2
            },
            "Seat 2 offers Ilsa von Tannen's favour to Apollonius von der Wolkenburg, and she \
             displaces Podica von Schwarzfub: she meets 3 of his preferences, the other lady 2; \
             Podica von Schwarzfub must be offered again"
                .to_string()
        )]
    );
}

#[test]
fn a_better_ranked_favour_names_the_preference_that_decides() {
    // Harald prefers red › lively › tall. Adelheid (blond, slim, lively,
    // tall) meets his 2nd and 3rd; Kunigunde (red, plump, lively, small)
    // his 1st and 2nd: as many, but she meets his 1st.
    let hands: [Hand; 2] = [
        (&["Bertram", "Kunibert"], &["Adelheid", "Podica"]),
        (&["Apollonius", "Harald"], &["Kunigunde", "Mechthild"]),
    ];
    let mut s = Script::setup(Config::default(), &hands, &[5, 4]);
    s.prepare_dice(0, &["Bertram", "Kunibert"])
        .prepare_dice(1, &["Apollonius", "Harald"]);
    s.offer(0, "Adelheid", "Harald");
    s.telling();
    s.offer(1, "Kunigunde", "Harald");
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::FavourDisplaced {
                seat: Seat(1),
                lady: l("Kunigunde"),
                knight: k("Harald"),
                matches: 2,
                displaced: l("Adelheid"),
                displaced_matches: 2
            },
            "Seat 2 offers Kunigunde vom Bergfried's favour to Harald Kampfzahn, and she \
             displaces Adelheid von Rosenau: both meet 2 of his preferences, but she meets his \
             1st preference (red-haired) and the other lady does not; Adelheid von Rosenau must \
             be offered again"
                .to_string()
        )]
    );
}

#[test]
fn an_equally_matched_favour_is_the_owners_choice() {
    let hands: [Hand; 2] = [
        (&["Bertram", "Kunibert"], &["Podica", "Adelheid"]),
        (&["Apollonius", "Harald"], &["Hildegard", "Mechthild"]),
    ];
    let mut s = Script::setup(Config::default(), &hands, &[5, 4]);
    s.prepare_dice(0, &["Bertram", "Kunibert"])
        .prepare_dice(1, &["Apollonius", "Harald"]);
    s.offer(0, "Podica", "Apollonius");
    s.telling();
    s.offer(1, "Hildegard", "Apollonius");
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::FavourTie {
                owner: Seat(1),
                knight: k("Apollonius"),
                wearing: l("Podica"),
                newcomer: l("Hildegard"),
                matches: 2
            },
            "Hildegard Silberlocke suits Apollonius von der Wolkenburg exactly as well as \
             Podica von Schwarzfub (2 matches each): seat 2 chooses which favour he wears"
                .to_string()
        )]
    );
    s.act(1, Action::KeepFavour { lady: l("Podica") });
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::FavourKept {
                knight: k("Apollonius"),
                kept: l("Podica"),
                turned_away: l("Hildegard")
            },
            "Apollonius von der Wolkenburg wears Podica von Schwarzfub's favour; Hildegard \
             Silberlocke is turned away and must be offered again"
                .to_string()
        )]
    );
}

#[test]
fn a_tied_starting_roll_is_rolled_again() {
    let mut s = Script::new(Config::default(), 3);
    let mut outcomes = Vec::new();
    while s.game.describe_chance_step().contains("dealt") {
        outcomes.clear();
        s.game.chance_outcomes(&mut outcomes);
        s.chance(outcomes[0].0);
    }
    s.telling();
    s.roll(&[5, 5]);
    assert!(
        s.told().is_empty(),
        "nothing is settled before the last roll"
    );
    s.roll(&[2]);
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::StartRollTied {
                seats: vec![Seat(0), Seat(1)],
                roll: 5
            },
            "Seat 1 and seat 2 tie for the start with 5 each and roll again".to_string()
        )]
    );
    s.roll(&[3, 4]);
    assert_eq!(
        s.told(),
        vec![
            (
                ALL,
                Event::StartingPlayer {
                    seat: Seat(1),
                    roll: 4,
                    last_roll: true
                }
            ),
            (
                ALL,
                Event::DayBegins {
                    day: 1,
                    days: 4,
                    starter: Seat(1)
                }
            ),
        ]
    );
}

/// A round names the hits a covered field wards off, so its wounds add up:
/// the glossary's "every hit not warded off is a wound".
#[test]
fn a_round_tells_the_hits_the_covered_fields_ward_off() {
    // Apollonius covers one 1, one 2 and one 3; Harald one 1 and one 2.
    let mut s = apollonius_against_harald(Config::default());
    s.roll(&[1, 6, 6, 6, 6]).roll(&[1, 2, 3, 6, 6, 6, 6]);
    let told = with_texts(s.told());
    assert_eq!(
        told[0].1,
        Event::Round {
            attacker: k("Apollonius"),
            defender: k("Harald"),
            foot: false,
            furious: false,
            duel: false,
            dice: [vec![1, 6, 6, 6, 6], vec![1, 2, 3, 6, 6, 6, 6]],
            hits: [3, 1],
            wounds: [0, 0],
            total: [0, 0]
        }
    );
    assert_eq!(
        told[0].2,
        "Mounted round: Apollonius rolls 1 6 6 6 6, Harald rolls 1 2 3 6 6 6 6; 3 hits on \
         Apollonius, all warded off by covered fields; 1 hit on Harald, warded off by a covered \
         field"
    );
    // Furious: Harald's covers ward off Apollonius's first 1 and his 2;
    // the second 1 and the 3 wound.
    s.roll(&[1, 1, 2, 3, 6, 6]).roll(&[6; 8]);
    assert_eq!(
        with_texts(s.told())[0].2,
        "Furious mounted round: Apollonius rolls 1 1 2 3 6 6, Harald rolls 6 6 6 6 6 6 6 6; no \
         hit on Apollonius; 4 hits on Harald, 2 warded off by covered fields: 2 wounds (2 in all)"
    );
}

#[test]
fn knights_who_miss_grow_furious_and_ride_again() {
    let mut s = apollonius_against_harald(Config::default());
    s.roll(&[6; 5]).roll(&[6; 7]);
    assert_eq!(
        with_texts(s.told()),
        vec![
            (
                ALL,
                Event::Round {
                    attacker: k("Apollonius"),
                    defender: k("Harald"),
                    foot: false,
                    furious: false,
                    duel: false,
                    dice: [vec![6; 5], vec![6; 7]],
                    hits: [0, 0],
                    wounds: [0, 0],
                    total: [0, 0]
                },
                "Mounted round: Apollonius rolls 6 6 6 6 6, Harald rolls 6 6 6 6 6 6 6; no hit \
                 on Apollonius; no hit on Harald"
                    .to_string()
            ),
            (
                ALL,
                Event::Furious {
                    attacker: k("Apollonius"),
                    defender: k("Harald"),
                    dice: [6, 8]
                },
                "Neither knight falls: Apollonius and Harald grow furious and ride again with 6 \
                 and 8 dice"
                    .to_string()
            ),
        ]
    );
    s.roll(&[3, 3, 6, 6, 6, 6]).roll(&[6; 8]);
    let told = with_texts(s.told());
    assert_eq!(
        told[0].2,
        "Furious mounted round: Apollonius rolls 3 3 6 6 6 6, Harald rolls 6 6 6 6 6 6 6 6; no \
         hit on Apollonius; 2 hits on Harald: 2 wounds (2 in all)"
    );
    assert!(matches!(
        told[1].1,
        Event::JoustEnds {
            ending: Ending::Unhorsed,
            ..
        }
    ));
}

#[test]
fn a_foot_combat_is_told_round_by_round_until_a_knight_yields() {
    let mut s = apollonius_against_harald(Config::default());
    s.roll(&[3, 6, 6, 6, 6]).roll(&[2, 2, 6, 6, 6, 6, 6]);
    let told = with_texts(s.told());
    assert_eq!(told.len(), 2);
    assert_eq!(
        told[0].1,
        Event::Round {
            attacker: k("Apollonius"),
            defender: k("Harald"),
            foot: false,
            furious: false,
            duel: false,
            dice: [vec![3, 6, 6, 6, 6], vec![2, 2, 6, 6, 6, 6, 6]],
            hits: [2, 1],
            wounds: [1, 1],
            total: [1, 1]
        }
    );
    assert_eq!(
        told[0].2,
        "Mounted round: Apollonius rolls 3 6 6 6 6, Harald rolls 2 2 6 6 6 6 6; 2 hits on \
         Apollonius, 1 warded off by a covered field: 1 wound (1 in all); 1 hit on Harald: 1 \
         wound (1 in all)"
    );
    assert_eq!(
        told[1],
        (
            ALL,
            Event::OnFoot {
                attacker: k("Apollonius"),
                defender: k("Harald"),
                both_fell: true,
                dice: [5, 7]
            },
            "Both Apollonius and Harald fall from their horses: they fight on on foot with 5 and \
             7 dice, where 4, 5 and 6 hit"
                .to_string()
        )
    );
    // On foot: Harald wards one 4, Apollonius one 5.
    s.roll(&[6, 6, 4, 1, 1]).roll(&[5, 5, 1, 1, 1, 1, 1]);
    assert_eq!(
        with_texts(s.told()),
        vec![(
            ALL,
            Event::Round {
                attacker: k("Apollonius"),
                defender: k("Harald"),
                foot: true,
                furious: false,
                duel: false,
                dice: [vec![6, 6, 4, 1, 1], vec![5, 5, 1, 1, 1, 1, 1]],
                hits: [2, 3],
                wounds: [1, 2],
                total: [2, 3]
            },
            "Foot round: Apollonius rolls 6 6 4 1 1, Harald rolls 5 5 1 1 1 1 1; 2 hits on \
             Apollonius, 1 warded off by a covered field: 1 wound (2 in all); 3 hits on Harald, 1 \
             warded off by a covered field: 2 wounds (3 in all)"
                .to_string()
        )]
    );
    s.act(0, Action::FightOn);
    assert!(s.told().is_empty(), "fighting on is the action itself");
    s.act(1, Action::Yield);
    let told = with_texts(s.told());
    assert_eq!(
        told[0],
        (
            ALL,
            Event::JoustEnds {
                attacker: k("Apollonius"),
                defender: k("Harald"),
                winner: Some(k("Apollonius")),
                loser: Some(k("Harald")),
                ending: Ending::Yielded,
                duel: false
            },
            "Harald Kampfzahn yields: Apollonius von der Wolkenburg wins the joust; Harald is out \
             for the rest of the day"
                .to_string()
        )
    );
    assert_eq!(
        told[1].1,
        Event::Prize {
            knight: k("Apollonius"),
            seat: Seat(0),
            prizes: 1,
            lady: Some(LadyShare {
                lady: l("Ilsa"),
                seat: Seat(0),
                prizes: 1
            })
        }
    );
}

/// Bertram (6 dice, covers one 3) against Gottfried (8 dice, no 3): both
/// fall with five wounds each. Neither covers a 5 on foot.
fn bertram_and_gottfried_on_foot() -> Script {
    let mut s = Script::setup(Config::default(), &[SEAT0, SEAT1], &[6, 2]);
    s.prepare_dice(0, &["Bertram"])
        .prepare_dice(1, &["Gottfried"]);
    s.offer(0, "Ilsa", "Bertram")
        .offer(1, "Podica", "Gottfried");
    s.challenge(0, "Bertram", "Gottfried");
    s.roll(&[3, 3, 3, 3, 3, 6]).roll(&[3, 3, 3, 3, 3, 3, 6, 6]);
    s.telling();
    s
}

#[test]
fn ten_wounds_knock_a_knight_out_of_the_tournament() {
    let mut s = bertram_and_gottfried_on_foot();
    s.roll(&[5, 5, 5, 5, 5, 1]).roll(&[1; 8]);
    let told = with_texts(s.told());
    assert_eq!(
        told[0].1,
        Event::Round {
            attacker: k("Bertram"),
            defender: k("Gottfried"),
            foot: true,
            furious: false,
            duel: false,
            dice: [vec![5, 5, 5, 5, 5, 1], vec![1; 8]],
            hits: [0, 5],
            wounds: [0, 5],
            total: [5, 10]
        }
    );
    assert_eq!(
        told[1..3],
        [
            (
                ALL,
                Event::KnockedOut {
                    knight: k("Gottfried"),
                    seat: Seat(1),
                    wounds: 10
                },
                "Gottfried Eisenherz of seat 2 has 10 wounds and is out of the tournament"
                    .to_string()
            ),
            (
                ALL,
                Event::JoustEnds {
                    attacker: k("Bertram"),
                    defender: k("Gottfried"),
                    winner: Some(k("Bertram")),
                    loser: Some(k("Gottfried")),
                    ending: Ending::KnockedOut,
                    duel: false
                },
                "Bertram vom Eisenhag wins the joust: Gottfried Eisenherz is beaten to the ground"
                    .to_string()
            ),
        ]
    );
    assert!(matches!(told[3].1, Event::Prize { knight, prizes: 1, .. } if knight == k("Bertram")));
}

#[test]
fn both_knights_reaching_ten_wounds_leave_the_joust_without_a_winner() {
    let mut s = bertram_and_gottfried_on_foot();
    s.roll(&[5, 5, 5, 5, 5, 1]).roll(&[5, 5, 5, 5, 5, 1, 1, 1]);
    let told = with_texts(s.told());
    let kinds: Vec<&Event> = told.iter().map(|(_, e, _)| e).take(4).collect();
    assert!(matches!(
        kinds[0],
        Event::Round {
            total: [10, 10],
            ..
        }
    ));
    assert_eq!(
        kinds[1..],
        [
            &Event::KnockedOut {
                knight: k("Bertram"),
                seat: Seat(0),
                wounds: 10
            },
            &Event::KnockedOut {
                knight: k("Gottfried"),
                seat: Seat(1),
                wounds: 10
            },
            &Event::JoustEnds {
                attacker: k("Bertram"),
                defender: k("Gottfried"),
                winner: None,
                loser: None,
                ending: Ending::BothKnockedOut,
                duel: false
            },
        ]
    );
    assert_eq!(
        told[3].2,
        "Bertram vom Eisenhag and Gottfried Eisenherz both fall with ten wounds: nobody wins \
         the joust"
    );
    // Nobody won a prize: the day ends without a winner, and the two knights
    // out of the tournament do not rest.
    assert_eq!(
        told[4],
        (
            ALL,
            Event::DayEnds {
                day: 1,
                leaders: vec![],
                prizes: 0,
                chooser: None
            },
            "Day 1's jousts are over: no knight won a joust, so there is no day winner".to_string()
        )
    );
    let rested: Vec<KnightId> = told
        .iter()
        .filter_map(|(_, e, _)| match e {
            Event::Rests { knight, .. } => Some(*knight),
            _ => None,
        })
        .collect();
    assert_eq!(rested, vec![k("Apollonius"), k("Harald")]);
}

/// Rewrites knights in a state through its JSON: the only way to reach the
/// rare joust neither knight can ever win, which needs knights of one die
/// (the wound penalty in a decisive duel) against fully covered cards.
fn with_knights(game: &Ritter, edit: &[(KnightId, u8, [u8; 6])]) -> Ritter {
    let mut state = serde_json::to_value(game).expect("a state serializes");
    for &(id, dice, covered) in edit {
        let knight = &mut state["knights"][id.index()];
        knight["dice"] = dice.into();
        knight["covered"] = serde_json::json!(covered);
    }
    serde_json::from_value(state).expect("the edited state reads back")
}

#[test]
fn knights_who_can_never_wound_each_other_part_undecided() {
    let mut s = Script::setup(Config::default(), &[SEAT0, SEAT1], &[6, 2]);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald");
    let covered = [2, 2, 2, 1, 1, 1];
    s.game = with_knights(
        &s.game,
        &[(k("Apollonius"), 1, covered), (k("Harald"), 1, covered)],
    );
    s.telling();
    s.challenge(0, "Apollonius", "Harald");
    let told = with_texts(s.told());
    assert_eq!(
        told[..3],
        [
            (
                ALL,
                Event::JoustBegins {
                    attacker: k("Apollonius"),
                    attacker_seat: Seat(0),
                    defender: k("Harald"),
                    defender_seat: Seat(1),
                    duel: false,
                    dice: [1, 1]
                },
                "Joust: Apollonius von der Wolkenburg of seat 1 against Harald Kampfzahn of \
                 seat 2, 1 die against 1"
                    .to_string()
            ),
            (
                ALL,
                Event::OnFoot {
                    attacker: k("Apollonius"),
                    defender: k("Harald"),
                    both_fell: false,
                    dice: [1, 1]
                },
                "Apollonius and Harald cannot unhorse each other even furious and dismount: they \
                 fight on on foot with 1 die each, where 4, 5 and 6 hit"
                    .to_string()
            ),
            (
                ALL,
                Event::JoustEnds {
                    attacker: k("Apollonius"),
                    defender: k("Harald"),
                    winner: None,
                    loser: None,
                    ending: Ending::Stalemate,
                    duel: false
                },
                "Apollonius von der Wolkenburg and Harald Kampfzahn can never wound each other: \
                 the joust ends undecided and both sit out the rest of the day"
                    .to_string()
            ),
        ]
    );
    assert!(matches!(told[3].1, Event::DayEnds { .. }));
}

#[test]
fn one_players_tied_knights_are_named_day_winner_by_him() {
    let mut s = Script::setup(Config::default(), &[SEAT0, SEAT1], &[6, 2]);
    s.prepare_dice(0, &["Apollonius", "Bertram"])
        .prepare_dice(1, &["Harald", "Gottfried"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .offer(0, "Adelheid", "Bertram")
        .offer(1, "Kunigunde", "Gottfried");
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[6; 7]);
    s.challenge(1, "Gottfried", "Bertram").roll(&[6; 8]);
    s.telling();
    s.roll(&[3, 6, 6, 6, 6, 6]);
    let told = with_texts(s.told());
    assert_eq!(
        told.last(),
        Some(&(
            ALL,
            Event::DayEnds {
                day: 1,
                leaders: vec![k("Apollonius"), k("Bertram")],
                prizes: 1,
                chooser: Some(Seat(0))
            },
            "Day 1's jousts are over: seat 1's Apollonius von der Wolkenburg and Bertram vom \
             Eisenhag tie with 1 prize each, and seat 1 names the day winner"
                .to_string()
        ))
    );
    s.act(
        0,
        Action::DayWinner {
            knight: k("Bertram"),
        },
    );
    let told = s.told();
    assert_eq!(
        told[0],
        (
            ALL,
            Event::DayWinner {
                day: 1,
                knight: k("Bertram"),
                seat: Seat(0),
                bonus: 1,
                prizes: 2,
                lady: Some(LadyShare {
                    lady: l("Adelheid"),
                    seat: Seat(0),
                    prizes: 2
                })
            }
        )
    );
}

#[test]
fn a_tie_between_players_knights_has_no_day_winner() {
    let mut s = Script::setup(Config::default(), &[SEAT0, SEAT1, SEAT2], &[6, 1, 1]);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"])
        .prepare_dice(2, &["Ulrich"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .offer(2, "Mechthild", "Ulrich");
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[6; 7]);
    s.challenge(2, "Ulrich", "Apollonius")
        .roll(&[3, 3, 6, 6, 6, 6]);
    s.telling();
    s.roll(&[6; 5]);
    let told = with_texts(s.told());
    let day_end = told
        .iter()
        .find(|(_, e, _)| matches!(e, Event::DayEnds { .. }))
        .expect("the day ends");
    assert_eq!(
        day_end.1,
        Event::DayEnds {
            day: 1,
            leaders: vec![k("Apollonius"), k("Ulrich")],
            prizes: 1,
            chooser: None
        }
    );
    assert_eq!(
        day_end.2,
        "Day 1's jousts are over: Apollonius von der Wolkenburg and Ulrich von Rabenfels tie \
         with 1 prize each, so there is no day winner"
    );
    assert!(
        !told
            .iter()
            .any(|(_, e, _)| matches!(e, Event::DayWinner { .. }))
    );
}

#[test]
fn the_last_day_ends_with_the_final_bonus_the_totals_and_the_winner() {
    let mut s = apollonius_against_harald(one_day());
    s.roll(&[3, 6, 6, 6, 6]).roll(&[6; 7]);
    let told = with_texts(s.told());
    let n = told.len();
    assert_eq!(
        told[n - 3..],
        [
            (
                ALL,
                Event::TournamentBest {
                    knights: vec![k("Apollonius")],
                    knight_prizes: 2,
                    ladies: vec![l("Ilsa")],
                    lady_prizes: 2,
                    bonus: 4
                },
                "Most prizes of the tournament: Apollonius von der Wolkenburg with 2 prizes; \
                 Ilsa von Tannen with 2 prizes; each gains 4 more"
                    .to_string()
            ),
            (
                ALL,
                Event::Totals {
                    scores: vec![12, 0],
                    leaders: vec![Seat(0)]
                },
                "Totals: seat 1 12, seat 2 0".to_string()
            ),
            (
                ALL,
                Event::GameOver {
                    winners: vec![Seat(0)],
                    scores: vec![12, 0]
                },
                "The tournament is over: seat 1 wins with 12 prizes".to_string()
            ),
        ]
    );
    // No night after the last day.
    assert!(
        !told
            .iter()
            .any(|(_, e, _)| matches!(e, Event::Rests { .. }))
    );
}

#[test]
fn a_tie_for_the_lead_calls_decisive_duels_with_secret_champions() {
    let mut s = Script::setup(one_day(), &[SEAT0, SEAT1, SEAT2], &[6, 1, 1]);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"])
        .prepare_dice(2, &["Ulrich"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .offer(2, "Mechthild", "Ulrich");
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[6; 7]);
    s.challenge(2, "Ulrich", "Apollonius")
        .roll(&[3, 3, 6, 6, 6, 6]);
    s.telling();
    s.roll(&[6; 5]);
    let told = with_texts(s.told());
    let n = told.len();
    assert_eq!(
        told[n - 3..],
        [
            (
                ALL,
                Event::TournamentBest {
                    knights: vec![k("Apollonius"), k("Ulrich")],
                    knight_prizes: 1,
                    ladies: vec![l("Ilsa"), l("Mechthild")],
                    lady_prizes: 1,
                    bonus: 4
                },
                "Most prizes of the tournament: Apollonius von der Wolkenburg and Ulrich von \
                 Rabenfels with 1 prize; Ilsa von Tannen and Mechthild von Auenstein with 1 \
                 prize; each gains 4 more"
                    .to_string()
            ),
            (
                ALL,
                Event::Totals {
                    scores: vec![10, 0, 10],
                    leaders: vec![Seat(0), Seat(2)]
                },
                "Totals: seat 1 10, seat 2 0, seat 3 10; seat 1 and seat 3 tie for the lead, \
                 and decisive duels decide"
                    .to_string()
            ),
            (
                ALL,
                Event::DuelCalled {
                    seats: vec![Seat(0), Seat(2)]
                },
                "Seat 1 and seat 3 are tied for the lead and fight a decisive duel".to_string()
            ),
        ]
    );
    s.act(
        0,
        Action::Champion {
            knight: k("Apollonius"),
        },
    );
    assert_eq!(
        with_texts(s.told()),
        vec![(
            only(0),
            Event::ChampionChosen {
                seat: Seat(0),
                knight: k("Apollonius")
            },
            "Seat 1 sends Apollonius von der Wolkenburg into the decisive duel (secret until \
             both have chosen)"
                .to_string()
        )]
    );
    s.act(
        2,
        Action::Champion {
            knight: k("Ulrich"),
        },
    );
    assert_eq!(
        with_texts(s.told()),
        vec![
            (
                only(2),
                Event::ChampionChosen {
                    seat: Seat(2),
                    knight: k("Ulrich")
                },
                "Seat 3 sends Ulrich von Rabenfels into the decisive duel (secret until both \
                 have chosen)"
                    .to_string()
            ),
            (
                ALL,
                Event::JoustBegins {
                    attacker: k("Apollonius"),
                    attacker_seat: Seat(0),
                    defender: k("Ulrich"),
                    defender_seat: Seat(2),
                    duel: true,
                    dice: [5, 6]
                },
                "Decisive duel: Apollonius von der Wolkenburg of seat 1 against Ulrich von \
                 Rabenfels of seat 3, 5 dice against 6"
                    .to_string()
            ),
        ]
    );
    // Both fall, fight on foot without yielding, and reach ten together.
    s.roll(&[6; 5]).roll(&[6; 6]);
    s.roll(&[3, 3, 3, 3, 1, 6]).roll(&[3, 3, 1, 1, 2, 6, 6]);
    s.roll(&[6; 5]).roll(&[5; 6]);
    let told = s.told();
    let foot: Vec<&Event> = told
        .iter()
        .map(|(_, e)| e)
        .filter(|e| matches!(e, Event::Round { foot: true, .. }))
        .collect();
    assert!(matches!(
        foot[..],
        [Event::Round {
            duel: true,
            total: [8, 8],
            ..
        }]
    ));
    s.roll(&[6, 6, 1, 1, 1]).roll(&[4, 4, 4, 1, 1, 1]);
    let told = s.told();
    let ends = told
        .iter()
        .position(|(_, e)| matches!(e, Event::JoustEnds { .. }))
        .expect("the duel ends");
    // The tie stands; each seat's only knight left is sent without a choice.
    assert_eq!(
        told[ends..],
        [
            (
                ALL,
                Event::JoustEnds {
                    attacker: k("Apollonius"),
                    defender: k("Ulrich"),
                    winner: None,
                    loser: None,
                    ending: Ending::BothKnockedOut,
                    duel: true
                }
            ),
            (
                ALL,
                Event::DuelCalled {
                    seats: vec![Seat(0), Seat(2)]
                }
            ),
            (
                ALL,
                Event::JoustBegins {
                    attacker: k("Bertram"),
                    attacker_seat: Seat(0),
                    defender: k("Kunibert"),
                    defender_seat: Seat(2),
                    duel: true,
                    dice: [6, 4]
                }
            ),
        ]
    );
    s.roll(&[3, 3, 3, 3, 3, 3]).roll(&[6; 4]);
    let told = with_texts(s.told());
    assert_eq!(
        told[1..],
        [
            (
                ALL,
                Event::JoustEnds {
                    attacker: k("Bertram"),
                    defender: k("Kunibert"),
                    winner: Some(k("Bertram")),
                    loser: Some(k("Kunibert")),
                    ending: Ending::Unhorsed,
                    duel: true
                },
                "Bertram vom Eisenhag unhorses Kunibert von Falkenstein and wins the decisive \
                 duel"
                    .to_string()
            ),
            (
                ALL,
                Event::GameOver {
                    winners: vec![Seat(0)],
                    scores: vec![10, 0, 10]
                },
                "The tournament is over: seat 1 wins with 10 prizes".to_string()
            ),
        ]
    );
}

#[test]
fn tied_seats_without_a_knight_cannot_fight_for_the_lead() {
    // Six players, one knight each; nobody rides on the only day, so all
    // six tie on nothing. The first duel knocks both knights out.
    let hands: [Hand; 6] = [
        (&["Bertram"], &["Ilsa"]),
        (&["Gottfried"], &["Podica"]),
        (&["Apollonius"], &["Adelheid"]),
        (&["Harald"], &["Kunigunde"]),
        (&["Kunibert"], &["Mechthild"]),
        (&["Ulrich"], &["Hildegard"]),
    ];
    let mut s = Script::setup(one_day(), &hands, &[6, 1, 1, 1, 1, 1]);
    for seat in 0..5 {
        s.prepare_dice(seat, &[]);
    }
    s.telling();
    s.prepare_dice(5, &[]);
    let told = with_texts(s.told());
    let rides = told
        .iter()
        .find(|(_, e, _)| matches!(e, Event::Rides { seat: Seat(5), .. }))
        .expect("seat 6's choice is revealed");
    assert_eq!(
        rides.2,
        "Seat 6's choice is revealed: no knight rides today; Ulrich von Rabenfels rests"
    );
    let after: Vec<&str> = told
        .iter()
        .skip_while(|(_, e, _)| !matches!(e, Event::JoustingBegins { .. }))
        .map(|(_, _, t)| t.as_str())
        .collect();
    assert_eq!(
        after,
        [
            "No two players have a knight riding on day 1: nobody jousts",
            "Day 1's jousts are over: no knight won a joust, so there is no day winner",
            "Nobody won a prize in the whole tournament",
            "Totals: seat 1 0, seat 2 0, seat 3 0, seat 4 0, seat 5 0, seat 6 0; seat 1, \
             seat 2, seat 3, seat 4, seat 5 and seat 6 tie for the lead, and decisive duels \
             decide",
            "Seat 1 and seat 2 are tied for the lead and fight a decisive duel",
            "Decisive duel: Bertram vom Eisenhag of seat 1 against Gottfried Eisenherz of seat \
             2, 6 dice against 8",
        ]
    );
    s.roll(&[3, 3, 3, 3, 3, 6]).roll(&[3, 3, 3, 3, 3, 3, 6, 6]);
    s.roll(&[5, 5, 5, 5, 5, 1]).roll(&[5, 5, 5, 5, 5, 1, 1, 1]);
    let told = with_texts(s.told());
    let ends = told
        .iter()
        .position(|(_, e, _)| matches!(e, Event::JoustEnds { .. }))
        .expect("the duel ends");
    assert_eq!(
        told[ends + 1],
        (
            ALL,
            Event::NoChampion {
                seats: vec![Seat(0), Seat(1)]
            },
            "Seat 1 and seat 2 have no knight left to fight for the lead".to_string()
        )
    );
    assert_eq!(
        told[ends + 2].1,
        Event::DuelCalled {
            seats: vec![Seat(2), Seat(3)]
        }
    );
}

#[test]
fn the_wound_penalty_is_told_at_the_reveal_and_in_a_duel() {
    let config = Config {
        days: 2,
        wound_penalty: true,
        ladies: true,
    };
    let mut s = apollonius_against_harald(config);
    s.roll(&[3, 3, 3, 3, 3]).roll(&[2, 2, 6, 6, 6, 6, 6]);
    s.roll(&[6, 6, 6, 1, 1]).roll(&[1; 7]);
    s.act(0, Action::FightOn).act(1, Action::Yield);
    s.prepare_dice(0, &["Apollonius"]);
    s.told();
    s.prepare_dice(1, &["Harald"]);
    let told = with_texts(s.told());
    let penalty: Vec<_> = told
        .iter()
        .filter(|(_, e, _)| matches!(e, Event::WoundPenalty { .. }))
        .collect();
    assert_eq!(
        penalty,
        [&(
            ALL,
            Event::WoundPenalty {
                knight: k("Harald"),
                wounds: 5,
                dice_lost: 1,
                dice: 6
            },
            "Harald Kampfzahn carries 5 wounds: 1 die fewer, he rolls 6 dice".to_string()
        )]
    );

    // A decisive duel counts the wounds brought to it: 8 cost three dice.
    let config = Config {
        days: 1,
        wound_penalty: true,
        ladies: true,
    };
    let mut s = Script::setup(config, &[SEAT0, SEAT1, SEAT2], &[6, 1, 1]);
    s.prepare_dice(0, &[])
        .prepare_dice(1, &[])
        .prepare_dice(2, &[]);
    s.act(
        1,
        Action::Champion {
            knight: k("Harald"),
        },
    );
    s.act(
        0,
        Action::Champion {
            knight: k("Apollonius"),
        },
    );
    s.roll(&[3, 3, 3, 3, 3]).roll(&[2, 2, 2, 3, 3, 3, 6]);
    s.roll(&[6; 5]).roll(&[5, 5, 5, 6, 6, 6, 1]);
    s.act(
        0,
        Action::Champion {
            knight: k("Apollonius"),
        },
    );
    s.telling();
    s.act(
        2,
        Action::Champion {
            knight: k("Ulrich"),
        },
    );
    let told = with_texts(s.told());
    assert_eq!(
        told[1..],
        [
            (
                ALL,
                Event::JoustBegins {
                    attacker: k("Apollonius"),
                    attacker_seat: Seat(0),
                    defender: k("Ulrich"),
                    defender_seat: Seat(2),
                    duel: true,
                    dice: [2, 6]
                },
                "Decisive duel: Apollonius von der Wolkenburg of seat 1 against Ulrich von \
                 Rabenfels of seat 3, 2 dice against 6"
                    .to_string()
            ),
            (
                ALL,
                Event::WoundPenalty {
                    knight: k("Apollonius"),
                    wounds: 8,
                    dice_lost: 3,
                    dice: 2
                },
                "Apollonius von der Wolkenburg carries 8 wounds: 3 dice fewer, he rolls 2 dice"
                    .to_string()
            ),
        ]
    );
}

/// Drives a session the way `tourney_core::playout::random_playout` drives
/// a bare state (the same draws from `rng`), keeping each step's events.
fn play_telling(
    config: Config,
    seats: usize,
    rng: &mut GameRng,
) -> (Session<Ritter>, Vec<Vec<(Audience, Event)>>) {
    let names = (0..seats).map(|i| format!("bot {i}")).collect();
    let mut session = Session::<Ritter>::new(config, names, None).expect("setup");
    session.tell_events(true);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut told = Vec::new();
    for _ in 0..1_000_000 {
        match session.state().to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {
                outcomes.clear();
                session.state().chance_outcomes(&mut outcomes);
                let i = rng
                    .pick_weighted(&outcomes)
                    .expect("a chance step has outcomes");
                session
                    .apply_chance(outcomes[i].0)
                    .expect("a listed outcome");
            }
            ToMove::Seats(on_move) => {
                let seat = on_move.first_seat().expect("someone is on move");
                actions.clear();
                session.state().legal_actions(seat, &mut actions);
                let i = rng.below(actions.len() as u32) as usize;
                session.apply(seat, actions[i]).expect("a legal action");
            }
        }
        let step: Vec<(Audience, Event)> = session
            .take_events()
            .into_iter()
            .map(|e| (e.audience, e.event))
            .collect();
        told.push(step);
    }
    (session, told)
}

/// Replays a record through its JSON with events on, step by step.
fn replay_telling(record: &GameRecord, config: Config) -> Vec<Vec<(Audience, Event)>> {
    let json = serde_json::to_string(record).expect("a record serializes");
    let record: GameRecord = serde_json::from_str(&json).expect("and reads back");
    let mut session = Session::<Ritter>::new(config, record.seats.clone(), None).expect("setup");
    session.tell_events(true);
    let mut told = Vec::new();
    for step in &record.steps {
        match step {
            RecordStep::Action { seat, action } => {
                let action: Action = serde_json::from_value(action.clone()).expect("an action");
                session.apply(*seat, action).expect("the recorded action");
            }
            RecordStep::Chance { outcome } => {
                let outcome: Chance = serde_json::from_value(outcome.clone()).expect("an outcome");
                session.apply_chance(outcome).expect("the recorded outcome");
            }
        }
        told.push(
            session
                .take_events()
                .into_iter()
                .map(|e| (e.audience, e.event))
                .collect(),
        );
    }
    told
}

/// The day and the phase, as everyone sees them.
fn where_it_stands(game: &Ritter) -> (u8, String) {
    let view = game.view(None);
    let phase = serde_json::to_value(&view.phase).expect("a phase serializes");
    (view.day, phase["name"].as_str().unwrap_or("").to_string())
}

#[test]
fn random_games_tell_the_same_story_replayed_and_keep_secrets_to_their_owners() {
    let configs = [
        (Config::default(), 2, 120),
        (Config::default(), 3, 80),
        (Config::default(), 5, 40),
        (Config::default(), 6, 40),
        (Config::default(), 10, 20),
        (
            Config {
                days: 2,
                wound_penalty: true,
                ladies: false,
            },
            4,
            80,
        ),
        (
            Config {
                days: 4,
                wound_penalty: true,
                ladies: true,
            },
            2,
            80,
        ),
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for (c, &(config, seats, games)) in configs.iter().enumerate() {
        for i in 0..games {
            let seed = (c as u64) << 32 | i;
            let (session, told) = play_telling(config, seats, &mut GameRng::for_game(7, seed));
            let steps = session.steps();

            // (b) The same game as with nobody listening.
            let mut bare = Ritter::new(&config, seats).expect("setup");
            let mut buf = tourney_core::playout::Buffers::default();
            let report = tourney_core::playout::random_playout(
                &mut bare,
                &mut GameRng::for_game(7, seed),
                &mut buf,
                1_000_000,
            );
            assert_eq!(report.steps, steps.len(), "config {c}, game {i}");
            assert_eq!(&bare, session.state(), "config {c}, game {i}");
            assert_eq!(report.outcome, session.outcome());

            // (a) Replayed from its record, every step tells the same.
            let replayed = replay_telling(&session.record(), config);
            assert_eq!(replayed, told, "config {c}, game {i}");

            // (c) Secrets go only to their owner, and a secret step tells the
            // others nothing but that the seat is done, until the reveal.
            let mut state = Ritter::new(&config, seats).expect("setup");
            for (step, events) in steps.iter().zip(&told) {
                let before = where_it_stands(&state);
                let actor = match step {
                    tourney_core::Step::Action { seat, action } => {
                        state.apply(*seat, action).expect("replays");
                        Some((*seat, *action))
                    }
                    tourney_core::Step::Chance(outcome) => {
                        state.apply_chance(outcome).expect("replays");
                        None
                    }
                };
                let still_secret = where_it_stands(&state) == before
                    && (before.1 == "prepare" || before.1 == "duel_choice");
                for (audience, event) in events {
                    kinds.insert(
                        serde_json::to_value(event).expect("an event serializes")["kind"]
                            .as_str()
                            .unwrap_or("")
                            .to_string(),
                    );
                    let owner = match event {
                        Event::TrainingPlanned { seat, .. }
                        | Event::RidersChosen { seat, .. }
                        | Event::ChampionChosen { seat, .. } => Some(*seat),
                        _ => None,
                    };
                    match owner {
                        Some(seat) => {
                            assert_eq!(*audience, Audience::Seat(seat), "{event}");
                            assert_eq!(actor.map(|a| a.0), Some(seat), "{event}");
                        }
                        // Only the others are told a seat is ready: the
                        // seat reads whom it sends.
                        None => match event {
                            Event::Prepared { seat } => {
                                assert_eq!(*audience, Audience::Others(*seat), "{event}")
                            }
                            _ => assert_eq!(*audience, ALL, "{event}"),
                        },
                    }
                    if still_secret && audience.reaches(None) {
                        let seat = actor.map(|a| a.0).expect("a secret step is an action");
                        assert_eq!(event, &Event::Prepared { seat }, "a secret leaked");
                    }
                    // Every event reads as a sentence and survives its JSON.
                    let text = event.to_string();
                    assert!(text.starts_with(char::is_uppercase), "{text}");
                    let json = serde_json::to_string(event).expect("serializes");
                    assert_eq!(&serde_json::from_str::<Event>(&json).expect("reads"), event);
                }
            }
            // Each finished game ends with its result.
            if let Some(outcome) = session.outcome() {
                let last = told.iter().flatten().last().map(|(_, e)| e);
                assert!(
                    matches!(last, Some(Event::GameOver { winners, .. })
                        if *winners == outcome.winners.iter().collect::<Vec<_>>()),
                    "config {c}, game {i}: {last:?}"
                );
            }
        }
    }
    // The random games reach every kind but the rare ones built above.
    for kind in [
        "starting_player",
        "day_begins",
        "training_planned",
        "riders_chosen",
        "prepared",
        "trained",
        "rides",
        "favour_given",
        "favour_displaced",
        "jousting_begins",
        "joust_begins",
        "round",
        "furious",
        "on_foot",
        "joust_ends",
        "prize",
        "day_ends",
        "day_winner",
        "rests",
        "tournament_best",
        "totals",
        "game_over",
    ] {
        assert!(kinds.contains(kind), "no random game told a {kind}");
    }
}
