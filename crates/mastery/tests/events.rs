//! What the rules tell the table: the exact events (kind, numbers, who may
//! read them, their text) of known situations, the rulebook's examples of
//! page 13 (a combat) and page 9 (a redistribution) among them; then many
//! random games, checking that events are deterministic, change nothing,
//! and never tell a seat a card it may not see.

mod common;

use common::*;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Audience, Game, GameRng, RecordStep, Seat, Session, ToMove};
use tourney_mastery::{
    Action, Card, Cell, Chance, Config, EndReason, Event, Loyalty, Mastery, RelicKind,
    StartingKnights, Stationed,
};

fn all(event: Event) -> Told {
    (Audience::Everyone, event)
}

fn only(seat: u8, event: Event) -> Told {
    (Audience::Seat(Seat(seat)), event)
}

fn others(seat: u8, event: Event) -> Told {
    (Audience::Others(Seat(seat)), event)
}

fn drew(seat: u8, card: Card) -> Told {
    only(
        seat,
        Event::CardDrawn {
            seat: Seat(seat),
            card,
            known: false,
        },
    )
}

fn at(cell: u8, knights: u8) -> Stationed {
    Stationed {
        cell: common::cell(cell),
        knights,
    }
}

fn texts(told: &[Told]) -> Vec<String> {
    told.iter().map(|(_, e)| e.to_string()).collect()
}

// ----- the rulebook's examples -----

#[test]
fn the_rulebook_combat_example_of_page_13_is_told_step_by_step() {
    let relics = [
        ["crown_of_vitality", "sceptre_of_rage", "orb_of_savagery"],
        ["crown_of_insight", "sceptre_of_defiance", "orb_of_resolve"],
    ];
    let mut s = Script::ready(Config::default(), 2, &relics, 0);
    s.tile(5, "city_3").knights(5, Some(1), 5).castle(0, 6);
    s.cards(0, &[Destroy, Conflict5, HeroicEffort2, Conflict2], &[]);
    s.cards(1, &[Conflict3, HeroicEffort1, HeroicEffort2], &[]);
    let castle_1 = s.castle_of(1);
    s.telling();

    // 1. Six knights march into the City held by five; the City gives the
    // defender +1.
    s.march(0, 5, 6);
    let begins = Event::CombatBegins {
        attacker: Seat(0),
        defender: Seat(1),
        cell: cell(5),
        tile: Some("City".into()),
        knights: [6, 5],
        bonus: [0, 1],
        values: [6, 6],
    };
    assert_eq!(s.told(), [all(begins.clone())]);
    assert_eq!(
        begins.to_string(),
        "Seat 1 marches 6 knights into hex 5 (City) and attacks seat 2's 5 knights there; \
         City: defender +1; combat values: attacker 6, defender 6"
    );

    // 2. Both draw up to five; each card is told to its drawer alone.
    s.draw(&[Conflict3]).draw(&[Conflict4, Summon]);
    assert_eq!(
        s.told(),
        [drew(0, Conflict3), drew(1, Conflict4), drew(1, Summon)]
    );
    s.act(0, Action::Continue);
    assert_eq!(s.told(), []);

    // 3. The Sceptre of Defiance is destroyed; the Sceptre of Rage applies.
    s.act(0, Action::Destroy(relic(1, RelicKind::Sceptre)));
    s.act(1, Action::Pass);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::RelicTurnedDown {
                by: Seat(0),
                with: "Destroy".into(),
                seat: Seat(1),
                relic: RelicKind::Sceptre,
                name: "Sceptre of Defiance".into(),
                at_once: false
            }),
            all(Event::SceptreApplied {
                seat: Seat(0),
                sceptre: "Sceptre of Rage".into(),
                target: Seat(0),
                change: 1,
                values: [7, 6],
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1 plays Destroy on seat 2's Sceptre of Defiance: it is turned face down",
            "Seat 1's Sceptre of Rage: seat 1 +1; combat values: attacker 7, defender 6",
        ]
    );

    // 4. Conflict cards face down: nothing is told until both are down.
    s.act(0, Action::Conflict(Conflict5));
    assert_eq!(s.told(), []);
    s.act(1, Action::Conflict(Conflict3));
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::ConflictRevealed {
            attacker: Seat(0),
            defender: Seat(1),
            cards: [Some(Conflict5), Some(Conflict3)],
            values: [12, 9],
        })]
    );
    assert_eq!(
        texts(&told),
        [
            "Conflict cards turned up: seat 1 Conflict 5, seat 2 Conflict 3; \
          combat values: attacker 12, defender 9"
        ]
    );

    // 5. Support cards from the lower value, in turns.
    s.act(1, Action::Support(HeroicEffort1));
    s.act(0, Action::Support(HeroicEffort2));
    s.act(1, Action::Support(HeroicEffort2));
    let support = |seat: u8, card, values| {
        all(Event::SupportPlayed {
            seat: Seat(seat),
            card,
            for_seat: Seat(seat),
            values,
        })
    };
    let told = s.told();
    assert_eq!(
        told,
        [
            support(1, HeroicEffort1, [12, 10]),
            support(0, HeroicEffort2, [14, 10]),
            support(1, HeroicEffort2, [14, 12]),
        ]
    );
    assert_eq!(
        texts(&told)[0],
        "Seat 2 plays Heroic Effort +1; combat values: attacker 12, defender 10"
    );

    // 6. 14 against 12: the attacker wins by 2.
    s.act(0, Action::Pass).act(1, Action::Pass);
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::CombatResult {
            cell: cell(5),
            attacker: Seat(0),
            defender: Seat(1),
            winner: Seat(0),
            values: [14, 12],
            margin: 2,
        })]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1 wins the combat in hex 5 by 2 (combat values: attacker 14, defender 12)"]
    );

    // 7.-9. Nobody destroys the Orb of Savagery: one knight falls to it,
    // two to the difference, two retreat; the City is conquered and gives
    // its conqueror a knight.
    s.act(1, Action::Pass);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::KnightLost {
                seat: Seat(1),
                cell: cell(5),
                by: "Orb of Savagery".into(),
                by_seat: Some(Seat(0)),
                left: 4,
                at_once: false
            }),
            all(Event::CombatLosses {
                seat: Seat(1),
                cell: cell(5),
                lost: 2,
                retreated: 2,
                retreat_lost: 0,
                castle: castle_1 + 2,
            }),
            all(Event::Conquered {
                seat: Seat(0),
                cell: cell(5),
                tile: "City".into(),
                worth: 3,
                knights: 6,
                points: 5,
                by_march: false,
            }),
            all(Event::KnightsAdded {
                seat: Seat(0),
                by: "City".into(),
                placed: 1,
                lost: 0,
                castle: 1,
                at_once: false
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1's Orb of Savagery: seat 2 loses a knight in hex 5 (4 knights left)".to_string(),
            format!(
                "Seat 2 loses 2 knights in hex 5; 2 retreat to the castle (now {})",
                castle_1 + 2
            ),
            "Seat 1 conquers hex 5 (City, 3 points) with 6 knights: 5 points now".to_string(),
            "City: seat 1 places 1 knight in their castle (now 1)".to_string(),
        ]
    );
}

/// The map of two players, by cell number:
///
/// ```text
///         C1                      1
///       H1  H1                  2   3
///     1   2   1               4   5   6
///       3   ~~                  7   8
///     2   3   2               9  10  11
///       ~~  3                  12  13
///     1   2   1              14  15  16
///       H2  H2                 17  18
///         C2                     19
/// ```
#[test]
fn the_rulebook_redistribution_example_of_page_9_is_told_with_its_result() {
    let mut s = Script::standard(2);
    // A homeland worth 1 with 4 knights, a territory worth 2 with 4, one
    // worth 3 with 2, and 3 knights in the castle.
    s.clear_board()
        .knights(2, Some(0), 4)
        .tile(5, "grassland_2")
        .knights(5, Some(0), 4)
        .tile(7, "city_3")
        .knights(7, Some(0), 2)
        .castle(0, 3);
    s.telling();
    // Three knights from the first to the castle, one from the third to
    // the second: one knight per action, told once at the end.
    s.act(0, Action::Redistribute);
    for (from, to) in [(2, 1), (2, 1), (2, 1), (7, 5)] {
        s.act(
            0,
            Action::Move {
                from: cell(from),
                to: cell(to),
            },
        );
    }
    assert_eq!(s.told(), []);
    s.act(0, Action::Done);
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::Redistributed {
            seat: Seat(0),
            castle: Some(6),
            territories: vec![at(2, 1), at(5, 5), at(7, 1)],
        })]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1 redistributes: now 6 knights in the castle, 1 knight in hex 2, \
          5 knights in hex 5 and 1 knight in hex 7"
        ]
    );
    assert_eq!((s.castle_of(0), s.at(5).1), (6, 5));

    // Finishing without a move says so.
    let mut s = Script::standard(2);
    s.telling();
    s.act(0, Action::Redistribute).act(0, Action::Done);
    let told = s.told();
    assert_eq!(texts(&told), ["Seat 1 redistributes no knights"]);
}

// ----- setup and the turn -----

#[test]
fn setup_tells_the_starting_knights_the_opening_hands_and_the_first_turn() {
    let mut s = Script::new(Config::default(), 2);
    s.telling();
    s.deal_tiles();
    s.deal_relics(&DEFAULT_RELICS[..2]);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::StartingKnights {
                seat: Seat(0),
                castle: 2,
                homelands: vec![at(2, 2), at(3, 2)],
            }),
            all(Event::StartingKnights {
                seat: Seat(1),
                castle: 2,
                homelands: vec![at(17, 2), at(18, 2)],
            }),
        ]
    );
    assert_eq!(
        texts(&told)[0],
        "Seat 1 starts with 2 knights in hex 2, 2 knights in hex 3 and 2 knights in the castle"
    );
    s.opening_hands();
    let hand = [Conflict2, Conflict2, Conflict3, Conflict3, Conflict4];
    let expected: Vec<Told> = [0, 1]
        .iter()
        .flat_map(|&seat| hand.iter().map(move |&c| drew(seat, c)))
        .collect();
    let told = s.told();
    assert_eq!(told, expected);
    assert_eq!(texts(&told)[0], "Seat 1 draws Conflict 2");
    s.chance(Chance::Starter(Seat(1)));
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::TurnBegins {
            seat: Seat(1),
            turn: 1,
            placed: 3,
            lost: 0,
            castle: 5,
        })]
    );
    assert_eq!(
        texts(&told),
        ["Turn 1: seat 2 places 3 new knights in their castle (now 5)"]
    );
}

#[test]
fn a_chosen_split_of_the_starting_knights_is_told() {
    let config = Config {
        starting_knights: StartingKnights::Choice,
        ..Config::default()
    };
    let mut s = Script::new(config, 2);
    s.deal_tiles();
    s.deal_relics(&DEFAULT_RELICS[..2]);
    s.telling();
    s.act(0, Action::Split([1, 4]));
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::StartingKnights {
            seat: Seat(0),
            castle: 1,
            homelands: vec![at(2, 1), at(3, 4)],
        })]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1 starts with 1 knight in hex 2, 4 knights in hex 3 and 1 knight in the castle"]
    );
}

#[test]
fn turns_rounds_and_repairs_are_told() {
    let mut s = Script::standard(2);
    s.cards(0, &[Destroy], &[]);
    s.telling();
    s.act(0, Action::Destroy(relic(1, RelicKind::Orb)));
    s.end_turn(0);
    s.end_turn(1);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::RelicTurnedDown {
                by: Seat(0),
                with: "Destroy".into(),
                seat: Seat(1),
                relic: RelicKind::Orb,
                name: "Orb of Resolve".into(),
                at_once: false
            }),
            all(Event::TurnBegins {
                seat: Seat(1),
                turn: 2,
                placed: 3,
                lost: 0,
                castle: 5,
            }),
            all(Event::RelicsRepaired {
                seat: Seat(1),
                relics: vec!["Orb of Resolve".into()],
                by: None,
            }),
            all(Event::RoundOver { round: 1 }),
            all(Event::TurnBegins {
                seat: Seat(0),
                turn: 3,
                placed: 3,
                lost: 0,
                castle: 8,
            }),
        ]
    );
    assert_eq!(
        texts(&told)[2..4],
        [
            "Seat 2 repairs their Orb of Resolve at the end of the turn",
            "Round 1 is over"
        ]
    );
}

#[test]
fn knights_the_dice_cannot_show_are_told_as_lost() {
    let mut s = Script::standard(2);
    // Two homelands take two dice; eight dice show 48 knights.
    s.castle(0, 47).cards(0, &[Summon], &[]);
    s.telling();
    s.act(0, Action::Summon);
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::KnightsAdded {
            seat: Seat(0),
            by: "Summon".into(),
            placed: 1,
            lost: 1,
            castle: 48,
            at_once: false
        })]
    );
    assert_eq!(
        texts(&told),
        ["Summon: seat 1 places 1 knight in their castle (now 48); \
          1 knight is lost, the dice cannot show it"]
    );
    s.end_turn(0);
    s.castle(0, 48);
    s.told();
    s.end_turn(1);
    let told = s.told();
    assert_eq!(
        told.last(),
        Some(&all(Event::TurnBegins {
            seat: Seat(0),
            turn: 3,
            placed: 0,
            lost: 3,
            castle: 48,
        }))
    );
    assert_eq!(
        texts(&told).last().map(String::as_str),
        Some(
            "Turn 3: seat 1 places no new knights in their castle (now 48); \
             3 knights are lost, the dice cannot show them"
        )
    );
}

#[test]
fn tactical_march_and_the_crown_of_command_grant_a_round() {
    let mut s = Script::standard(2);
    s.cards(0, &[TacticalMarch], &[])
        .give_relic(0, "crown_of_command")
        .plain(&[1]);
    s.telling();
    s.act(0, Action::TacticalMarch);
    s.act(0, Action::UseCrown);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::RoundGranted {
                seat: Seat(0),
                by: "Tactical March".into(),
                at_once: false
            }),
            all(Event::RoundGranted {
                seat: Seat(0),
                by: "Crown of Command".into(),
                at_once: true
            }),
        ]
    );
    assert_eq!(
        texts(&told)[0],
        "Tactical March: seat 1 may redistribute and march once more this turn"
    );
}

#[test]
fn marching_into_an_empty_territory_conquers_it_with_its_effect() {
    let mut s = Script::standard(2);
    s.tile(4, "village_1");
    s.telling();
    s.march(0, 4, 2);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::Conquered {
                seat: Seat(0),
                cell: cell(4),
                tile: "Village".into(),
                worth: 1,
                knights: 2,
                points: 3,
                by_march: true,
            }),
            all(Event::KnightsAdded {
                seat: Seat(0),
                by: "Village".into(),
                placed: 1,
                lost: 0,
                castle: 4,
                at_once: false
            }),
        ]
    );
    assert_eq!(
        texts(&told)[0],
        "Seat 1 marches 2 knights into hex 4 (Village, 1 point), finds it empty and conquers it: 3 points now"
    );

    let mut s = Script::standard(2);
    s.tile(4, "marshland_1");
    s.telling();
    s.march(0, 4, 3);
    let told = s.told();
    assert_eq!(
        told[1],
        all(Event::KnightLost {
            seat: Seat(0),
            cell: cell(4),
            by: "Marshland".into(),
            by_seat: None,
            left: 2,
            at_once: false
        })
    );
    assert_eq!(
        texts(&told)[1],
        "Marshland: seat 1 loses a knight in hex 4 (2 knights left)"
    );
}

#[test]
fn a_marshland_never_takes_the_last_knight_and_says_so() {
    let mut s = Script::standard(2);
    s.tile(4, "marshland_1");
    s.telling();
    s.march(0, 4, 1);
    let told = s.told();
    assert_eq!(
        told[1],
        all(Event::NoEffect {
            seat: Seat(0),
            source: "Marshland".into(),
            why: "a territory keeps its last knight".into(),
        })
    );
    assert_eq!(
        texts(&told)[1],
        "Seat 1's Marshland has no effect: a territory keeps its last knight"
    );
}

// ----- Crowns -----

#[test]
fn crown_of_vitality_draws_and_only_the_drawer_learns_the_card() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]);
    s.telling();
    s.act(0, Action::UseCrown);
    s.draw(&[HeroicEffort1]);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::DrawsUpTo {
                seat: Seat(0),
                by: "Crown of Vitality".into(),
                cards: 6,
                at_once: true
            }),
            drew(0, HeroicEffort1),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1's Crown of Vitality: seat 1 draws until holding 6 cards",
            "Seat 1 draws Heroic Effort +1"
        ]
    );
}

/// A Crown nobody can answer takes effect in the step that used it, and
/// its line retells that step ("Use your Crown of Vitality"); one that
/// waited for a Destroy answer takes effect in the answer's step ("Pass"),
/// which its line does not retell.
#[test]
fn a_crown_retells_its_step_only_when_it_takes_effect_at_once() {
    use tourney_core::Game;
    use tourney_mastery::Mastery;
    let mut s = Script::standard(2);
    s.plain(&[0]).cards(1, &[Destroy, Conflict2], &[]);
    s.telling();
    s.act(0, Action::UseCrown);
    assert_eq!(s.told(), [], "seat 2 may answer with Destroy first");
    s.act(1, Action::Pass);
    let told = s.told();
    let draws = all(Event::DrawsUpTo {
        seat: Seat(0),
        by: "Crown of Vitality".into(),
        cards: 6,
        at_once: false,
    });
    assert_eq!(told, std::slice::from_ref(&draws));
    assert!(!Mastery::event_retells_step(&draws.1));

    let mut s = Script::standard(2);
    s.plain(&[0, 1]);
    s.telling();
    s.act(0, Action::UseCrown);
    let told = s.told();
    assert_eq!(told.len(), 1);
    assert!(Mastery::event_retells_step(&told[0].1));
}

#[test]
fn a_crown_destroyed_when_announced_is_told_to_have_no_effect() {
    let mut s = Script::standard(2);
    s.plain(&[0]).cards(1, &[Destroy, Conflict2], &[]);
    s.telling();
    s.act(0, Action::UseCrown);
    assert_eq!(s.told(), []);
    s.act(1, Action::Destroy(relic(0, RelicKind::Crown)));
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::RelicTurnedDown {
                by: Seat(1),
                with: "Destroy".into(),
                seat: Seat(0),
                relic: RelicKind::Crown,
                name: "Crown of Vitality".into(),
                at_once: false
            }),
            all(Event::CrownCancelled {
                seat: Seat(0),
                crown: "Crown of Vitality".into(),
            }),
        ]
    );
    assert_eq!(
        texts(&told)[1],
        "Seat 1's Crown of Vitality was destroyed and has no effect"
    );
}

#[test]
fn crowns_of_corruption_prosperity_and_decay_tell_their_effects() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_corruption").plain(&[1]);
    s.telling();
    s.act(0, Action::CrownOnRelic(relic(1, RelicKind::Sceptre)));
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::RelicTurnedDown {
            by: Seat(0),
            with: "Crown of Corruption".into(),
            seat: Seat(1),
            relic: RelicKind::Sceptre,
            name: "Sceptre of Oath".into(),
            at_once: true
        })]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1's Crown of Corruption turns seat 2's Sceptre of Oath face down"]
    );

    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_prosperity").plain(&[1]);
    s.telling();
    s.act(0, Action::CrownOnSeat(Seat(1)));
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::KnightsAdded {
            seat: Seat(1),
            by: "Crown of Prosperity".into(),
            placed: 1,
            lost: 0,
            castle: 3,
            at_once: true
        })]
    );
    assert_eq!(
        texts(&told),
        ["Crown of Prosperity: seat 2 places 1 knight in their castle (now 3)"]
    );

    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_decay").plain(&[1]);
    s.telling();
    s.act(0, Action::CrownOnCell(cell(17)));
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::KnightLost {
            seat: Seat(1),
            cell: cell(17),
            by: "Crown of Decay".into(),
            by_seat: Some(Seat(0)),
            left: 1,
            at_once: true
        })]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1's Crown of Decay: seat 2 loses a knight in hex 17 (1 knight left)"]
    );
}

#[test]
fn crown_of_insight_tells_the_cards_only_to_its_owner_and_the_table_what_it_may_know() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_insight").plain(&[1]);
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &[Destroy]);
    s.telling();
    s.act(0, Action::UseCrown);
    s.draw(&[HeroicEffort2, Conflict5, Summon, Ambush]);
    let seen = |card| {
        only(
            0,
            Event::CardSeen {
                seat: Seat(0),
                card,
                known: false,
            },
        )
    };
    let told = s.told();
    assert_eq!(
        told,
        [
            seen(HeroicEffort2),
            seen(Conflict5),
            seen(Summon),
            seen(Ambush)
        ]
    );
    assert_eq!(
        texts(&told)[0],
        "Seat 1 looks at Heroic Effort +2 (Crown of Insight)"
    );
    // The order is a hidden choice: nothing is told until the last card
    // goes back by itself.
    s.act(0, Action::Top(Ambush)).act(0, Action::Top(Conflict5));
    assert_eq!(s.told(), []);
    s.act(0, Action::Top(Summon));
    let told = s.told();
    assert_eq!(
        told,
        [
            only(
                0,
                Event::DeckTopSet {
                    seat: Seat(0),
                    cards: vec![Ambush, Conflict5, Summon, HeroicEffort2],
                }
            ),
            others(
                0,
                Event::DeckTopPutBack {
                    seat: Seat(0),
                    cards: 4,
                }
            ),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1 puts back on their deck, top first: Ambush, Conflict 5, Summon, Heroic Effort +2",
            "Seat 1 puts 4 looked-at cards back on top of their deck, in an order only they know",
        ]
    );

    // Cards drawn from the known top need no chance step: the drawer is
    // told which, the table that a known card was drawn.
    s.tile(5, "forest_1").knights(5, Some(1), 2).quiet(&[0, 1]);
    s.march(0, 5, 3);
    let known = |card| {
        only(
            0,
            Event::CardDrawn {
                seat: Seat(0),
                card,
                known: true,
            },
        )
    };
    let table = all(Event::KnownCardDrawn { seat: Seat(0) });
    let told = s.told();
    assert_eq!(
        told[1..],
        [table.clone(), known(Ambush), table, known(Conflict5)]
    );
    assert_eq!(
        texts(&told)[1..3],
        [
            "Seat 1 draws the top card of their deck, one they know from the Crown of Insight",
            "Seat 1 draws Ambush, the known top card",
        ]
    );
}

/// A second use of the Crown of Insight looks again at the cards the
/// first one put back: its owner is told each of them, as for the first
/// look, and the others only that the cards went back.
#[test]
fn a_second_insight_tells_its_owner_the_known_cards_it_looks_at_again() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_insight").plain(&[1]);
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &[Destroy]);
    s.act(0, Action::UseCrown);
    s.draw(&[HeroicEffort2, Conflict5, Summon, Ambush]);
    s.act(0, Action::Top(Ambush))
        .act(0, Action::Top(Conflict5))
        .act(0, Action::Top(Summon));
    s.end_turn(0).end_turn(1);
    s.telling();
    s.act(0, Action::UseCrown);
    let again = |card| {
        only(
            0,
            Event::CardSeen {
                seat: Seat(0),
                card,
                known: true,
            },
        )
    };
    let told = s.told();
    assert_eq!(
        told,
        [
            again(Ambush),
            again(Conflict5),
            again(Summon),
            again(HeroicEffort2)
        ]
    );
    assert_eq!(
        texts(&told)[0],
        "Seat 1 looks again at Ambush, a card they had put on top of their deck (Crown of Insight)"
    );
    // Looked at again with no chance step, the cards leave the line of the
    // step that used the Crown to its owner too.
    assert!(told.iter().all(|(_, e)| !Mastery::event_retells_step(e)));
    s.act(0, Action::Top(Summon))
        .act(0, Action::Top(Ambush))
        .act(0, Action::Top(Conflict5));
    assert_eq!(
        texts(&s.told()),
        [
            "Seat 1 puts back on their deck, top first: Summon, Ambush, Conflict 5, Heroic Effort +2",
            "Seat 1 puts 4 looked-at cards back on top of their deck, in an order only they know",
        ]
    );
}

#[test]
fn a_short_deck_is_reshuffled_before_insight_or_a_draw_and_the_table_is_told() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_insight").plain(&[1]);
    let hand = [
        Conflict2,
        Conflict2,
        Conflict3,
        Conflict3,
        Conflict4,
        Conflict4,
        Conflict5,
        Conflict5,
        Ambush,
        Ambush,
        HeroicEffort1,
        HeroicEffort1,
        HeroicEffort2,
        HeroicEffort2,
    ];
    s.cards(0, &hand, &[Summon, InfluentialPerson]);
    s.telling();
    s.act(0, Action::UseCrown);
    s.draw(&[TacticalMarch, Destroy]);
    let told = s.told();
    assert_eq!(
        told.last(),
        Some(&all(Event::DeckReshuffled {
            seat: Seat(0),
            cards: 2,
        }))
    );
    assert_eq!(
        texts(&told).last().map(String::as_str),
        Some("Seat 1 shuffles their discard pile (2 cards) into a new deck")
    );

    // Drawing: three cards in hand, one in the deck, the rest discarded.
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
        Summon,
        TacticalMarch,
        Destroy,
    ];
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &discard)
        .plain(&[1])
        .quiet(&[0, 1])
        .knights(5, Some(1), 1);
    s.telling();
    s.march(0, 5, 3);
    s.draw(&[InfluentialPerson]);
    let told = s.told();
    assert_eq!(
        told[1..],
        [
            drew(0, InfluentialPerson),
            all(Event::DeckReshuffled {
                seat: Seat(0),
                cards: 14,
            }),
        ]
    );
}

#[test]
fn influential_person_is_shown_when_played_after_the_draw() {
    let mut s = Script::standard(2);
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &[Destroy])
        .plain(&[1])
        .quiet(&[0, 1]);
    s.knights(5, Some(1), 1);
    s.telling();
    s.march(0, 5, 3);
    s.draw(&[InfluentialPerson, Conflict5]);
    s.draw(&[HeroicEffort1, HeroicEffort2]);
    let told = s.told();
    assert_eq!(
        told[1..],
        [
            drew(0, InfluentialPerson),
            drew(0, Conflict5),
            all(Event::InfluentialPerson {
                seat: Seat(0),
                draws: 2,
                drawn: false,
            }),
            drew(0, HeroicEffort1),
            drew(0, HeroicEffort2),
        ]
    );
    assert_eq!(
        texts(&told)[3],
        "Seat 1 plays Influential Person: 2 extra cards follow"
    );
}

// ----- combat -----

/// Seat 1 attacks 3 knights against 2 in a Forest with only the named
/// Sceptre face up, and goes on to the Sceptres.
fn sceptre(defender: &str) -> Script {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]).give_relic(1, defender);
    s.tile(5, "forest_1").knights(5, Some(1), 2).castle(0, 3);
    s.march(0, 5, 3);
    s.telling();
    s.act(0, Action::Continue);
    s
}

#[test]
fn sceptres_that_weaken_a_rival_or_draw_are_told() {
    let mut s = sceptre("sceptre_of_defiance");
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::SceptreApplied {
            seat: Seat(1),
            sceptre: "Sceptre of Defiance".into(),
            target: Seat(0),
            change: -1,
            values: [2, 2],
        })]
    );
    assert_eq!(
        texts(&told),
        ["Seat 2's Sceptre of Defiance: seat 1 -1; combat values: attacker 2, defender 2"]
    );

    let mut s = sceptre("sceptre_of_wisdom");
    s.draw(&[HeroicEffort2]);
    assert_eq!(
        s.told(),
        [
            all(Event::DrawsUpTo {
                seat: Seat(1),
                by: "Sceptre of Wisdom".into(),
                cards: 6,
                at_once: false
            }),
            drew(1, HeroicEffort2),
        ]
    );
}

/// Seat 1 attacks 4 knights against 3 in a Forest with Conflict 4 against
/// Conflict 3 (8 against 6), or Conflict 2 against Conflict 5 when `lose`
/// (6 against 8); only the named Orbs are face up.
fn orbs(attacker: Option<&str>, defender: Option<&str>, lose: bool) -> Script {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.cards(
        1,
        &[Conflict2, Conflict2, Conflict3, Conflict5, Conflict4],
        &[Destroy],
    );
    if let Some(id) = attacker {
        s.give_relic(0, id);
    }
    if let Some(id) = defender {
        s.give_relic(1, id);
    }
    s.tile(5, "forest_1").knights(5, Some(1), 3).castle(0, 5);
    s.march(0, 5, 4);
    s.telling();
    if lose {
        s.fight(Conflict2, Conflict5);
    } else {
        s.fight(Conflict4, Conflict3);
    }
    s
}

/// What a won fight of `orbs` ends with when no Orb changes the numbers.
fn won(defender_castle: u8, attackers: u8) -> [Told; 2] {
    [
        all(Event::CombatLosses {
            seat: Seat(1),
            cell: cell(5),
            lost: 2,
            retreated: 1,
            retreat_lost: 0,
            castle: defender_castle,
        }),
        all(Event::Conquered {
            seat: Seat(0),
            cell: cell(5),
            tile: "Forest".into(),
            worth: 1,
            knights: attackers,
            points: 3,
            by_march: false,
        }),
    ]
}

#[test]
fn a_combat_without_relics_tells_the_reveal_the_result_the_losses_and_the_conquest() {
    let mut s = orbs(None, None, false);
    let told = s.told();
    let mut expected = vec![
        all(Event::ConflictRevealed {
            attacker: Seat(0),
            defender: Seat(1),
            cards: [Some(Conflict4), Some(Conflict3)],
            values: [8, 6],
        }),
        all(Event::CombatResult {
            cell: cell(5),
            attacker: Seat(0),
            defender: Seat(1),
            winner: Seat(0),
            values: [8, 6],
            margin: 2,
        }),
    ];
    expected.extend(won(3, 4));
    assert_eq!(told, expected);
    assert_eq!(
        texts(&told)[2..],
        [
            "Seat 2 loses 2 knights in hex 5; 1 retreats to the castle (now 3)",
            "Seat 1 conquers hex 5 (Forest, 1 point) with 4 knights: 3 points now",
        ]
    );
}

#[test]
fn a_lost_attack_tells_the_attackers_losses_and_the_defence() {
    let mut s = orbs(None, None, true);
    let told = s.told();
    assert_eq!(
        told[2..],
        [
            all(Event::CombatLosses {
                seat: Seat(0),
                cell: cell(5),
                lost: 2,
                retreated: 2,
                retreat_lost: 0,
                castle: 3,
            }),
            all(Event::Defended {
                seat: Seat(1),
                cell: cell(5),
                knights: 3,
            }),
        ]
    );
    assert_eq!(
        texts(&told)[2..],
        [
            "Seat 1 loses 2 knights in hex 5; 2 retreat to the castle (now 3)",
            "Seat 2 holds hex 5 with 3 knights",
        ]
    );
}

#[test]
fn orbs_tell_what_they_do() {
    // Resolve: a castle knight joins the winning attackers.
    let told = orbs(Some("orb_of_resolve"), None, false).told();
    assert_eq!(
        told[2..],
        [
            all(Event::KnightJoins {
                seat: Seat(0),
                cell: cell(5),
                by: "Orb of Resolve".into(),
                knights: 5,
            }),
            won(3, 5)[0].clone(),
            won(3, 5)[1].clone(),
        ]
    );
    assert_eq!(
        texts(&told)[2],
        "Seat 1's Orb of Resolve: a knight from the castle joins the fight in hex 5 (5 knights there now)"
    );

    // Greed: the winner draws up to six before the losses.
    let mut s = orbs(Some("orb_of_greed"), None, false);
    assert_eq!(
        s.told()[2..],
        [all(Event::DrawsUpTo {
            seat: Seat(0),
            by: "Orb of Greed".into(),
            cards: 6,
            at_once: false
        })]
    );
    s.draw(&[HeroicEffort1, HeroicEffort2]);
    let mut expected = vec![drew(0, HeroicEffort1), drew(0, HeroicEffort2)];
    expected.extend(won(3, 4));
    assert_eq!(s.told(), expected);

    // Purification: the loser's face-down Sceptre comes back.
    let told = orbs(None, Some("orb_of_purification"), false).told();
    assert_eq!(
        told[2],
        all(Event::RelicsRepaired {
            seat: Seat(1),
            relics: vec!["Sceptre of Oath".into()],
            by: Some("Orb of Purification".into()),
        })
    );
    assert_eq!(
        texts(&told)[2],
        "Seat 2's Orb of Purification repairs their Sceptre of Oath"
    );

    // Self-sacrifice: the loser gains a castle knight, then the retreat.
    let told = orbs(None, Some("orb_of_self_sacrifice"), false).told();
    assert_eq!(
        told[2..],
        [
            all(Event::KnightsAdded {
                seat: Seat(1),
                by: "Orb of Self-sacrifice".into(),
                placed: 1,
                lost: 0,
                castle: 3,
                at_once: false
            }),
            won(4, 4)[0].clone(),
            won(4, 4)[1].clone(),
        ]
    );

    // Revival: the losing attacker loses one knight fewer.
    let told = orbs(Some("orb_of_revival"), None, true).told();
    assert_eq!(
        told[2..4],
        [
            all(Event::LossesSpared {
                seat: Seat(0),
                by: "Orb of Revival".into(),
                spared: 1,
            }),
            all(Event::CombatLosses {
                seat: Seat(0),
                cell: cell(5),
                lost: 1,
                retreated: 3,
                retreat_lost: 0,
                castle: 4,
            }),
        ]
    );
    assert_eq!(
        texts(&told)[2],
        "Seat 1's Orb of Revival: seat 1 loses 1 knight fewer"
    );
}

#[test]
fn orbs_with_nothing_to_do_say_why() {
    // Purification with every Relic face up.
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).give_relic(1, "orb_of_purification");
    s.tile(5, "forest_1").knights(5, Some(1), 1).castle(0, 3);
    s.march(0, 5, 3);
    s.telling();
    s.fight(Conflict4, Conflict2);
    let told = s.told();
    assert!(told.contains(&all(Event::NoEffect {
        seat: Seat(1),
        source: "Orb of Purification".into(),
        why: "no Relic is face down".into(),
    })));

    // Resolve in a full Cave.
    let mut s = Script::standard(2);
    s.plain(&[0, 1])
        .quiet(&[0, 1])
        .give_relic(0, "orb_of_resolve");
    s.tile(5, "cave_1").knights(5, Some(1), 1).castle(0, 5);
    s.march(0, 5, 3);
    s.telling();
    s.fight(Conflict4, Conflict2);
    let told = s.told();
    assert_eq!(
        told[2],
        all(Event::NoEffect {
            seat: Seat(0),
            source: "Orb of Resolve".into(),
            why: "the territory has no room".into(),
        })
    );
    assert_eq!(
        texts(&told)[2],
        "Seat 1's Orb of Resolve has no effect: the territory has no room"
    );
}

#[test]
fn a_tie_goes_to_the_defender_and_the_text_says_so() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.tile(5, "forest_1").knights(5, Some(1), 3).castle(0, 3);
    s.march(0, 5, 3);
    s.telling();
    s.fight(Conflict2, Conflict2);
    let told = s.told();
    assert_eq!(
        told[1],
        all(Event::CombatResult {
            cell: cell(5),
            attacker: Seat(0),
            defender: Seat(1),
            winner: Seat(1),
            values: [5, 5],
            margin: 1,
        })
    );
    assert_eq!(
        texts(&told)[1..],
        [
            "The combat in hex 5 is tied at 5: seat 2, the defender, wins by 1",
            "Seat 1 loses 1 knight in hex 5; 2 retreat to the castle (now 2)",
            "Seat 2 holds hex 5 with 3 knights",
        ]
    );
}

#[test]
fn no_conflict_card_an_ambush_die_and_mountains_are_told() {
    let mut s = Script::standard(2);
    s.cards(
        0,
        &[Ambush, Conflict2, Conflict3, Conflict3, Conflict4],
        &[Destroy],
    )
    .cards(
        1,
        &[
            HeroicEffort1,
            HeroicEffort1,
            HeroicEffort2,
            HeroicEffort2,
            Summon,
        ],
        &[Destroy],
    )
    .quiet(&[0, 1]);
    s.tile(5, "mountains_2").knights(5, Some(1), 2).castle(0, 3);
    s.march(0, 5, 3);
    s.telling();
    s.act(0, Action::Continue);
    let told = s.told();
    assert_eq!(told, [all(Event::NoConflictCard { seat: Seat(1) })]);
    assert_eq!(
        texts(&told),
        ["Seat 2 holds no Conflict card: it counts as 0"]
    );
    s.act(0, Action::Conflict(Ambush));
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::ConflictRevealed {
            attacker: Seat(0),
            defender: Seat(1),
            cards: [Some(Ambush), None],
            values: [3, 2],
        })]
    );
    assert_eq!(
        texts(&told),
        [
            "Conflict cards turned up: seat 1 Ambush (its die is rolled next), seat 2 no card; \
          combat values: attacker 3, defender 2"
        ]
    );
    s.roll(&[5]);
    let told = s.told();
    assert_eq!(
        told[..3],
        [
            all(Event::AmbushRolled {
                seat: Seat(0),
                face: 5,
                values: [8, 2],
            }),
            all(Event::NoSupport {
                cell: cell(5),
                tile: "Mountains".into(),
            }),
            all(Event::CombatResult {
                cell: cell(5),
                attacker: Seat(0),
                defender: Seat(1),
                winner: Seat(0),
                values: [8, 2],
                margin: 6,
            }),
        ]
    );
    assert_eq!(
        texts(&told)[..2],
        [
            "Seat 1's Ambush die shows 5: +5; combat values: attacker 8, defender 2",
            "No Support cards may be played in hex 5 (Mountains)",
        ]
    );
    // The loser had two knights: both fall, none retreat.
    assert_eq!(
        texts(&told)[3],
        "Seat 2 loses 2 knights in hex 5; none are left to retreat"
    );
}

#[test]
fn chaos_survival_dice_and_a_reversed_result_are_told() {
    let mut s = Script::with(
        Config {
            chaos: true,
            ..Config::default()
        },
        2,
    );
    s.plain(&[0, 1]).quiet(&[0, 1]).tile(5, "forest_1");
    s.knights(5, Some(1), 2).castle(0, 2);
    s.march(0, 5, 2);
    s.fight(Conflict4, Conflict2);
    s.telling();
    s.roll(&[3]);
    let told = s.told();
    assert_eq!(
        told,
        [all(Event::SurvivalDie {
            seat: Seat(0),
            cell: cell(5),
            face: 3,
            left: 2,
        })]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1's survival die shows 3: the knight survives"]
    );
    // The same fight again, and both dice show 1.
    let mut s = Script::with(
        Config {
            chaos: true,
            ..Config::default()
        },
        2,
    );
    s.plain(&[0, 1]).quiet(&[0, 1]).tile(5, "forest_1");
    s.knights(5, Some(1), 2).castle(0, 2);
    s.march(0, 5, 2);
    s.fight(Conflict4, Conflict2);
    s.telling();
    s.roll(&[1, 1]);
    let told = s.told();
    assert_eq!(
        told,
        [
            all(Event::SurvivalDie {
                seat: Seat(0),
                cell: cell(5),
                face: 1,
                left: 1,
            }),
            all(Event::SurvivalDie {
                seat: Seat(0),
                cell: cell(5),
                face: 1,
                left: 0,
            }),
            all(Event::ResultReversed {
                cell: cell(5),
                winner: Seat(1),
                loser: Seat(0),
            }),
            all(Event::CombatLosses {
                seat: Seat(0),
                cell: cell(5),
                lost: 0,
                retreated: 0,
                retreat_lost: 0,
                castle: 0,
            }),
            all(Event::Defended {
                seat: Seat(1),
                cell: cell(5),
                knights: 2,
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1's survival die shows 1: a knight is lost in hex 5 (1 knight left)",
            "Seat 1's survival die shows 1: a knight is lost in hex 5 (0 knights left)",
            "Seat 1 has no knights left in hex 5: seat 2 wins the combat instead, losing nothing",
            "Seat 1 loses no knights in hex 5; none are left to retreat",
            "Seat 2 holds hex 5 with 2 knights",
        ]
    );
}

// ----- optional rules and the end -----

#[test]
fn siege_a_castle_taken_ends_the_game() {
    let mut s = Script::with(
        Config {
            siege: true,
            ..Config::default()
        },
        2,
    );
    for n in [5, 10, 15, 18] {
        s.knights(n, Some(0), 1);
    }
    s.knights(17, Some(1), 2).plain(&[0, 1]).quiet(&[0, 1]);
    s.castle(1, 0).castle(0, 8);
    s.cards(
        0,
        &[Conflict5, Conflict2, Conflict3, Conflict3, Conflict4],
        &[Destroy],
    );
    let points = [s.points(0), s.points(1)];
    s.telling();
    s.march(0, 19, 6);
    let begins = Event::CombatBegins {
        attacker: Seat(0),
        defender: Seat(1),
        cell: cell(19),
        tile: None,
        knights: [6, 0],
        bonus: [0, 0],
        values: [6, 8],
    };
    assert_eq!(s.told(), [all(begins.clone())]);
    assert_eq!(
        begins.to_string(),
        "Seat 1 marches 6 knights against seat 2's castle in hex 19, which \
         defends as 8; combat values: attacker 6, defender 8"
    );
    s.fight(Conflict5, Conflict2);
    let told = s.told();
    assert_eq!(
        told[2..],
        [
            all(Event::CastleTaken {
                seat: Seat(0),
                castle_of: Seat(1),
            }),
            all(Event::GameOver {
                winners: vec![Seat(0)],
                points: points.to_vec(),
                reason: EndReason::Castle,
            }),
        ]
    );
    assert_eq!(
        texts(&told)[2..],
        [
            "Seat 1 conquers seat 2's castle".to_string(),
            format!(
                "The game is over, a castle has fallen: seat 1 wins. Points: seat 1 {}, seat 2 {}",
                points[0], points[1]
            ),
        ]
    );
}

#[test]
fn cut_throat_tells_the_knights_removed_without_a_supply_line() {
    let config = Config {
        cut_throat: true,
        ..Config::default()
    };
    let mut s = Script::ready(config, 2, &DEFAULT_RELICS[..2], 1);
    s.tile(5, "forest_1")
        .tile(9, "forest_1")
        .tile(10, "forest_1")
        .knights(5, Some(0), 1)
        .knights(10, Some(0), 1)
        .knights(9, Some(0), 3);
    s.knights(14, Some(1), 2)
        .castle(1, 6)
        .plain(&[0, 1])
        .quiet(&[0, 1]);
    s.march(1, 10, 6);
    s.telling();
    s.fight(Conflict4, Conflict2);
    let told = s.told();
    // Homelands 2 and 3 and the Forest in 5 are left to seat 1.
    assert_eq!(
        told.last(),
        Some(&all(Event::SupplyCut {
            seat: Seat(0),
            cell: cell(9),
            knights: 3,
            points: 3,
        }))
    );
    assert_eq!(
        texts(&told).last().map(String::as_str),
        Some(
            "Seat 1's 3 knights in hex 9 are removed: no supply line reaches hex 9 (3 points now)"
        )
    );
}

#[test]
fn reaching_the_goal_ends_the_game_with_the_points() {
    let mut s = Script::standard(2);
    s.tile(5, "city_3")
        .tile(6, "cathedral_3")
        .tile(16, "fortress_3")
        .tile(11, "forest_1")
        .tile(4, "forest_1");
    s.knights(5, Some(0), 1)
        .knights(6, Some(0), 1)
        .knights(16, Some(0), 1)
        .knights(11, Some(0), 1);
    s.telling();
    s.march(0, 4, 1);
    let told = s.told();
    assert_eq!(
        told.last(),
        Some(&all(Event::GameOver {
            winners: vec![Seat(0)],
            points: vec![13, 2],
            reason: EndReason::Goal,
        }))
    );
    assert_eq!(
        texts(&told).last().map(String::as_str),
        Some(
            "The game is over, the points goal is reached: seat 1 wins. Points: seat 1 13, seat 2 2"
        )
    );
}

#[test]
fn the_round_limit_ends_the_game_and_a_shared_win_is_told() {
    let config = Config {
        round_limit: 1,
        ..Config::default()
    };
    let mut s = Script::with(config, 2);
    s.telling();
    s.end_turn(0).end_turn(1);
    let told = s.told();
    assert_eq!(
        told[1..],
        [
            all(Event::RoundOver { round: 1 }),
            all(Event::GameOver {
                winners: vec![Seat(0), Seat(1)],
                points: vec![2, 2],
                reason: EndReason::RoundLimit,
            }),
        ]
    );
    assert_eq!(
        texts(&told)[2],
        "The game is over, the round limit is reached: seat 1 and seat 2 win. \
         Points: seat 1 2, seat 2 2"
    );
}

#[test]
fn a_teammates_support_card_names_whom_it_helps() {
    let event = Event::SupportPlayed {
        seat: Seat(2),
        card: HeroicEffort2,
        for_seat: Seat(0),
        values: [9, 7],
    };
    assert_eq!(
        event.to_string(),
        "Seat 3 plays Heroic Effort +2 for seat 1; combat values: attacker 9, defender 7"
    );
}

// ----- the faults a new player met -----

#[test]
fn one_knight_and_one_point_are_singular_on_the_screen() {
    let mut s = Script::standard(2);
    s.clear_board().knights(2, Some(0), 1);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.tile(5, "forest_1").knights(5, Some(1), 1).castle(0, 1);
    s.march(0, 5, 1);
    let text = s.view().to_string();
    assert!(
        text.contains("Combat in 5: seat 1 attacks with 1 knight, seat 2 defends with 1 knight ("),
        "{text}"
    );
    assert!(text.contains("seat 1: 1 point, castle 0 knights"), "{text}");
    assert!(
        !text.contains(" 1 knights") && !text.contains(" 1 points"),
        "{text}"
    );

    let mut s = Script::standard(2);
    s.tile(5, "forest_1").knights(5, Some(1), 2).castle(0, 4);
    s.march(0, 5, 4);
    let text = s.view().to_string();
    assert!(
        text.contains("attacks with 4 knights, seat 2 defends with 2 knights ("),
        "{text}"
    );
}

#[test]
fn a_refused_march_size_counts_its_knights_in_words() {
    let mut s = Script::standard(2);
    s.act(0, Action::MarchTo(cell(4)));
    let err = s.refuse(0, Action::Send(7)).to_string();
    assert!(err.contains("7 knights cannot march there"), "{err}");
}

#[test]
fn insight_counts_one_looked_at_card_in_the_singular() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_insight").plain(&[1]);
    let hand = [
        Conflict2,
        Conflict2,
        Conflict3,
        Conflict3,
        Conflict4,
        Conflict4,
        Conflict5,
        Conflict5,
        Ambush,
        Ambush,
        HeroicEffort1,
        HeroicEffort1,
        HeroicEffort2,
        HeroicEffort2,
        Summon,
        InfluentialPerson,
    ];
    s.cards(0, &hand, &[]);
    s.act(0, Action::UseCrown);
    s.draw(&[Destroy]);
    let text = s.view().to_string();
    assert!(
        text.contains("seat 1 is looking at the top of their deck (1 card)"),
        "{text}"
    );
}

#[test]
fn event_texts_count_in_the_singular_too() {
    let one = Event::CombatLosses {
        seat: Seat(1),
        cell: Cell(4),
        lost: 1,
        retreated: 1,
        retreat_lost: 1,
        castle: 60,
    };
    assert_eq!(
        one.to_string(),
        "Seat 2 loses 1 knight in hex 5; 1 retreats to the castle (now 60); \
         1 knight is lost, the dice cannot show it"
    );
    let none_home = Event::CombatLosses {
        seat: Seat(1),
        cell: Cell(4),
        lost: 1,
        retreated: 0,
        retreat_lost: 2,
        castle: 60,
    };
    assert_eq!(
        none_home.to_string(),
        "Seat 2 loses 1 knight in hex 5; 2 knights are lost, the dice cannot show them"
    );
    let conquest = Event::Conquered {
        seat: Seat(0),
        cell: Cell(3),
        tile: "Forest".into(),
        worth: 1,
        knights: 1,
        points: 1,
        by_march: true,
    };
    assert_eq!(
        conquest.to_string(),
        "Seat 1 marches 1 knight into hex 4 (Forest, 1 point), finds it empty and conquers it: 1 point now"
    );
}

// ----- the JSON shapes -----

#[test]
fn events_are_tagged_json_with_named_fields_and_read_back() {
    let event = Event::CombatResult {
        cell: Cell(4),
        attacker: Seat(0),
        defender: Seat(1),
        winner: Seat(0),
        values: [14, 12],
        margin: 2,
    };
    let json = serde_json::to_string(&event).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"combat_result","cell":5,"attacker":0,"defender":1,"winner":0,"values":[14,12],"margin":2}"#
    );
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
    let drawn = Event::CardDrawn {
        seat: Seat(1),
        card: Ambush,
        known: true,
    };
    assert_eq!(
        serde_json::to_string(&drawn).unwrap(),
        r#"{"kind":"card_drawn","seat":1,"card":"ambush","known":true}"#
    );
    let over = Event::GameOver {
        winners: vec![Seat(0)],
        points: vec![13, 2],
        reason: EndReason::Goal,
    };
    assert_eq!(
        serde_json::to_string(&over).unwrap(),
        r#"{"kind":"game_over","winners":[0],"points":[13,2],"reason":"goal"}"#
    );
}

// ----- many random games -----

/// One step's events.
type StepEvents = Vec<tourney_core::Event<Event>>;

/// Plays a random game exactly as `random_playout` does (same choices from
/// the same generator), with events on, checking each step's events
/// against what the seats may see. Returns the session and the events of
/// every step.
fn play_told(
    config: &Config,
    seats: usize,
    rng: &mut GameRng,
) -> (Session<Mastery>, Vec<StepEvents>) {
    let names = (0..seats).map(|i| format!("random {i}")).collect();
    let mut session = Session::<Mastery>::new(config.clone(), names, None).expect("setup");
    session.tell_events(true);
    let mut buf = Buffers::<Mastery>::default();
    let mut steps = Vec::new();
    for _ in 0..1_000_000 {
        match session.state().to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {
                buf.outcomes.clear();
                session.state().chance_outcomes(&mut buf.outcomes);
                let i = rng.pick_weighted(&buf.outcomes).expect("an outcome");
                session
                    .apply_chance(buf.outcomes[i].0)
                    .expect("a listed outcome");
            }
            ToMove::Seats(on_move) => {
                let seat = on_move.first_seat().expect("a seat");
                buf.actions.clear();
                session.state().legal_actions(seat, &mut buf.actions);
                let i = rng.below(buf.actions.len() as u32) as usize;
                session
                    .apply(seat, buf.actions[i])
                    .expect("a listed action");
            }
        }
        let told = session.take_events();
        check_secrets(session.state(), &told);
        steps.push(told);
    }
    (session, steps)
}

/// No event tells a seat (or a spectator) a card its view hides: cards in
/// hand, looked at or put back are told to their owner alone, and every
/// card an event tells everyone is on the table or in a discard pile once
/// the step is done (or was, until the pile was shuffled into a new deck).
fn check_secrets(game: &Mastery, told: &[tourney_core::Event<Event>]) {
    let open = game.view(None);
    let reshuffled = |seat: Seat, after: usize| {
        told[after..]
            .iter()
            .any(|e| matches!(e.event, Event::DeckReshuffled { seat: s, .. } if s == seat))
    };
    let shown = |seat: Seat, card: Card, at: usize| {
        let on_table = open.combat.as_ref().is_some_and(|c| {
            c.played
                .iter()
                .any(|p| p.seat == seat && p.cards.contains(&card))
        });
        on_table || open.seats[seat.index()].discard.contains(&card) || reshuffled(seat, at)
    };
    for (at, e) in told.iter().enumerate() {
        let json = serde_json::to_value(&e.event).expect("events serialise");
        let back: Event = serde_json::from_value(json).expect("events read back");
        assert_eq!(back, e.event);
        match (&e.event, e.audience) {
            (Event::CardDrawn { seat, card, .. }, Audience::Seat(to)) => {
                assert_eq!(to, *seat, "{}", e.event);
                let own = game.view(Some(*seat));
                let p = &own.seats[seat.index()];
                assert!(
                    p.hand.as_ref().is_some_and(|h| h.contains(card))
                        || p.discard.contains(card)
                        || reshuffled(*seat, at),
                    "{}",
                    e.event
                );
            }
            (Event::CardSeen { seat, .. }, Audience::Seat(to)) => assert_eq!(to, *seat),
            (Event::DeckTopSet { seat, cards }, Audience::Seat(to)) => {
                assert_eq!(to, *seat);
                let own = game.view(Some(*seat));
                assert_eq!(own.seats[seat.index()].known_top.as_ref(), Some(cards));
            }
            (Event::CardDrawn { .. } | Event::CardSeen { .. } | Event::DeckTopSet { .. }, _) => {
                panic!("a secret told to {:?}: {}", e.audience, e.event)
            }
            (_, Audience::Seat(_)) => panic!("an open event told to one seat: {}", e.event),
            // The open side of the order put back goes to all but its owner,
            // who reads the order itself.
            (Event::DeckTopPutBack { seat, .. }, Audience::Others(to)) => assert_eq!(to, *seat),
            (_, Audience::Others(_)) => panic!("an open event kept from a seat: {}", e.event),
            (
                Event::ConflictRevealed {
                    attacker,
                    defender,
                    cards,
                    ..
                },
                Audience::Everyone,
            ) => {
                for (seat, card) in [attacker, defender].into_iter().zip(cards) {
                    if let Some(card) = card {
                        assert!(shown(*seat, *card, at), "{}", e.event);
                    }
                }
            }
            (Event::SupportPlayed { seat, card, .. }, Audience::Everyone) => {
                assert!(shown(*seat, *card, at), "{}", e.event);
            }
            (Event::InfluentialPerson { seat, .. }, Audience::Everyone) => {
                assert!(shown(*seat, InfluentialPerson, at), "{}", e.event);
            }
            (_, Audience::Everyone) => {}
        }
    }
}

#[test]
fn random_games_tell_the_same_events_on_replay_change_nothing_and_keep_secrets() {
    let configs = [
        (Config::default(), 2, 40),
        (Config::default(), 3, 15),
        (Config::default(), 5, 6),
        (
            Config {
                loyalty: Loyalty::Pairs,
                ..Config::default()
            },
            4,
            10,
        ),
        (
            Config {
                loyalty: Loyalty::Triples,
                ..Config::default()
            },
            6,
            4,
        ),
        (
            Config {
                siege: true,
                cut_throat: true,
                chaos: true,
                starting_knights: StartingKnights::Choice,
                ..Config::default()
            },
            3,
            15,
        ),
        (
            Config {
                skirmish: true,
                round_limit: 3,
                ..Config::default()
            },
            2,
            10,
        ),
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for (n, (config, seats, games)) in configs.iter().enumerate() {
        for game in 0..*games {
            let seed = 1000 * n as u64 + game;
            let (session, steps) = play_told(config, *seats, &mut GameRng::for_game(17, seed));
            assert!(session.outcome().is_some(), "game {seed} did not end");
            for e in steps.iter().flatten() {
                let json = serde_json::to_value(&e.event).unwrap();
                kinds.insert(json["kind"].as_str().unwrap_or("").to_string());
            }

            // (b) With nobody listening the same choices make the same game.
            let mut quiet = Mastery::new(config, *seats).unwrap();
            let report = random_playout(
                &mut quiet,
                &mut GameRng::for_game(17, seed),
                &mut Buffers::default(),
                1_000_000,
            );
            assert_eq!(&quiet, session.state(), "game {seed}");
            assert_eq!(report.outcome, session.outcome());
            assert_eq!(report.steps, steps.len());

            // (a) Replaying the record tells every step's events again.
            let record = session.record();
            let mut replay =
                Session::<Mastery>::new(config.clone(), record.seats.clone(), None).unwrap();
            replay.tell_events(true);
            for (i, step) in record.steps.iter().enumerate() {
                match step {
                    RecordStep::Action { seat, action } => replay
                        .apply(*seat, serde_json::from_value(action.clone()).unwrap())
                        .unwrap(),
                    RecordStep::Chance { outcome } => replay
                        .apply_chance(serde_json::from_value(outcome.clone()).unwrap())
                        .unwrap(),
                }
                assert_eq!(
                    replay.take_events(),
                    steps[i],
                    "game {seed}, step {}",
                    i + 1
                );
            }
        }
    }
    // The random games reach nearly every kind of event (a combatant
    // without a Conflict card is rare); the scenarios above have them all.
    assert!(
        kinds.len() >= KINDS - 2,
        "only {} kinds: {kinds:?}",
        kinds.len()
    );
}

/// Every kind of event, as its JSON names it.
const KINDS: usize = 37;

#[test]
fn the_protocol_doc_shows_every_kind_with_its_true_text() {
    let doc = include_str!("../../../docs/protocol/mastery.md");
    let section = doc
        .split("\n## Events\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("an Events section");
    let lines: Vec<&str> = section.lines().collect();
    let mut kinds = std::collections::BTreeSet::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with("{\"kind\"") {
            continue;
        }
        let event: Event = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(serde_json::to_string(&event).unwrap(), *line);
        assert_eq!(
            lines.get(i + 2),
            Some(&format!("> {event}").as_str()),
            "{line}"
        );
        let kind = serde_json::to_value(&event).unwrap()["kind"].clone();
        assert!(kinds.insert(kind.to_string()), "{kind} twice");
    }
    assert_eq!(kinds.len(), KINDS, "{kinds:?}");
}
