//! Scenario tests: exact cards and dice fed through the rules, exact results
//! asserted. Knight data used below (dice; covered hit fields):
//! Apollonius 3; 1 2 3 4 5 6 — Harald 5; 1 2 4 5 — Bertram 4; 1 1 2 3 6 —
//! Gottfried 6; 1 2 4 — Ulrich 4; 1 2 2 3 4 — Kunibert 2; 1 1 2 2 3 3 5.

mod common;

use common::{Hand, Script, Scripted, k, l};
use tourney_core::{Game, Seat, SeatSet, ToMove};
use tourney_ritter::{
    Action, Chance, Config, Ending, Event, Gain, KnightId, KnightStatus, LadyId, PhaseView, Ritter,
    RoundBriefView,
};

const SEAT0: Hand = (&["Apollonius", "Bertram"], &["Ilsa", "Adelheid"]);
const SEAT1: Hand = (&["Harald", "Gottfried"], &["Podica", "Kunigunde"]);

/// Two players, seat 1 (index 0) wins the starting roll.
fn two_players(config: Config) -> Script {
    Script::setup(config, &[SEAT0, SEAT1], &[6, 2])
}

fn one_day() -> Config {
    Config {
        days: 1,
        ..Config::default()
    }
}

fn seat_set(seats: &[u8]) -> SeatSet {
    seats.iter().map(|&s| Seat(s)).collect()
}

/// Apollonius (trained to 5 dice) against Harald (7 dice), each wearing a
/// favour, seat 1 to challenge.
fn apollonius_against_harald(config: Config) -> Script {
    let mut s = two_players(config);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    if config.ladies {
        s.offer(0, "Ilsa", "Apollonius")
            .offer(1, "Podica", "Harald");
    }
    s.challenge(0, "Apollonius", "Harald");
    s
}

#[test]
fn rulebook_example_apollonius_unhorses_harald() {
    let mut s = two_players(Config::default());
    // Apollonius trains one die and covers the second 1, as in the rulebook;
    // Harald keeps five dice and covers his foot 6s.
    s.prepare(
        0,
        &[
            ("Apollonius", Gain::Die),
            ("Apollonius", Gain::Cover(1)),
            ("Bertram", Gain::Die),
            ("Bertram", Gain::Die),
        ],
        &["Apollonius"],
    );
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
    assert_eq!(s.knight("Apollonius").dice, 4);
    assert_eq!(s.knight("Apollonius").covered, [2, 1, 1, 1, 1, 1]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald");
    assert_eq!(
        s.game.describe_action(
            Seat(0),
            &Action::Challenge {
                attacker: k("Apollonius"),
                defender: k("Harald")
            }
        ),
        "Challenge Harald Kampfzahn with Apollonius"
    );
    s.challenge(0, "Apollonius", "Harald");
    assert_eq!(s.view().joust.expect("a joust").need, [4, 5]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 rolls a combat die for Apollonius von der Wolkenburg (1 of 4)"
    );
    // The dice of one knight are a run the log folds: said as data too.
    let run = s.game.chance_step_series().expect("a run of combat dice");
    assert_eq!(
        (run.stem.as_str(), run.index, run.of),
        (
            "Seat 1 rolls a combat die for Apollonius von der Wolkenburg",
            1,
            4
        )
    );
    s.roll(&[1, 3]);
    assert_eq!(s.game.chance_step_series().map(|r| r.index), Some(3));
    s.roll(&[3, 6]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 rolls a combat die for Harald Kampfzahn (1 of 5)"
    );
    s.roll(&[1, 2, 5, 5, 6]);
    let v = s.view();
    let round = v.last_round.expect("a round was fought");
    assert_eq!(round.dice, [vec![1, 3, 3, 6], vec![1, 2, 5, 5, 6]]);
    // The 1 is warded off, both 3s hit; Apollonius wards the 1 and the 2.
    assert_eq!(round.wounds, [0, 2]);
    let joust = v.last_joust.expect("the joust ended");
    assert_eq!(
        (joust.winner, joust.ending),
        (Some(k("Apollonius")), Ending::Unhorsed)
    );
    // One joust prize and the day-1 bonus, for him and for Ilsa.
    assert_eq!(s.knight("Apollonius").prizes, 2);
    assert_eq!(s.lady("Ilsa").prizes, 2);
    assert_eq!(s.knight("Harald").prizes, 0);
    assert_eq!(v.day_winners, vec![Some(k("Apollonius"))]);
    assert_eq!(v.scores, vec![4, 0]);
    // Night: Harald's two wounds heal; day 2 starts left of seat 1.
    assert_eq!(s.knight("Harald").wounds, 0);
    assert_eq!(v.day, 2);
    assert_eq!(v.day_starter, Some(Seat(1)));
}

#[test]
fn the_last_joust_keeps_its_wounds_through_the_night() {
    // Apollonius (5 dice; covers 1 2 3 4 5 6 once) against Harald (7 dice;
    // covers 1 2 4 5). Mounted, five 3s give Harald five wounds and two of
    // Harald's three 2s get past Apollonius's covered 2: both fall.
    let mut s = apollonius_against_harald(Config::default());
    s.roll(&[3, 3, 3, 3, 3]).roll(&[2, 2, 2, 6, 6, 6, 6]);
    // On foot nobody hits; Apollonius fights on, Harald yields.
    s.roll(&[1; 5]).roll(&[1; 7]);
    s.act(0, Action::FightOn).act(1, Action::Yield);
    let v = s.view();
    let joust = v.last_joust.clone().expect("the joust ended");
    assert_eq!(
        (joust.winner, joust.ending),
        (Some(k("Apollonius")), Ending::Yielded)
    );
    // Nobody else rides: the day is over and the night has healed three
    // wounds of each knight ...
    assert_eq!(v.day, 2);
    assert_eq!(s.knight("Apollonius").wounds, 0);
    assert_eq!(s.knight("Harald").wounds, 2);
    // ... while the last joust still tells what it cost them, round by
    // round: mounted, Harald's three 2s hit Apollonius and his one covered
    // 2 wards one off; the five 3s all wound Harald. On foot nobody hit.
    assert_eq!(joust.wounds, [2, 5]);
    assert_eq!(joust.rounds_fought, 2);
    assert_eq!(
        joust.rounds,
        vec![
            RoundBriefView {
                number: 1,
                foot: false,
                furious: false,
                hits: [3, 5],
                wounds: [2, 5],
            },
            RoundBriefView {
                number: 2,
                foot: true,
                furious: false,
                hits: [0, 0],
                wounds: [0, 0],
            },
        ]
    );
    let text = v.to_string();
    assert!(
        text.contains(
            "  Round by round, wounds taken by Apollonius and Harald: 1 mounted 2-5 (1 warded); 2 on foot 0-0.\n"
        ),
        "{text}"
    );
}

#[test]
fn rulebook_example_ilsa_displaces_podica() {
    let hands: [Hand; 2] = [
        (&["Bertram", "Kunibert"], &["Podica", "Adelheid"]),
        (&["Apollonius", "Harald"], &["Ilsa", "Mechthild"]),
    ];
    let mut s = Script::setup(Config::default(), &hands, &[5, 4]);
    s.prepare_dice(0, &["Bertram", "Kunibert"])
        .prepare_dice(1, &["Apollonius", "Harald"]);
    assert_eq!(
        s.game.describe_action(
            Seat(0),
            &Action::Offer {
                lady: l("Podica"),
                knight: k("Apollonius")
            }
        ),
        "Offer Podica von Schwarzfub's favour to Apollonius von der Wolkenburg"
    );
    s.offer(0, "Podica", "Apollonius");
    assert_eq!(s.knight("Apollonius").favour, Some(l("Podica")));
    // Ilsa matches brown hair, plump and reserved: three against two.
    s.offer(1, "Ilsa", "Apollonius");
    assert_eq!(s.knight("Apollonius").favour, Some(l("Ilsa")));
    let podica = s.lady("Podica");
    assert_eq!((podica.knight, podica.turned_away), (None, true));
    assert_eq!(podica.refused_by, vec![k("Apollonius")]);
    // Seat 1's next turn: Podica goes first, and not back to Apollonius.
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[0])));
    let legal = s.legal(0);
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|a| matches!(a, Action::Offer { lady, knight } if *lady == l("Podica") && *knight != k("Apollonius"))));
    let msg = s
        .refuse(
            0,
            Action::Offer {
                lady: l("Adelheid"),
                knight: k("Harald"),
            },
        )
        .to_string();
    assert!(msg.contains("offered again first"), "{msg}");
    let msg = s
        .refuse(
            0,
            Action::Offer {
                lady: l("Podica"),
                knight: k("Apollonius"),
            },
        )
        .to_string();
    assert!(msg.contains("turned her favour away"), "{msg}");
    s.offer(0, "Podica", "Bertram")
        .offer(1, "Mechthild", "Kunibert")
        .offer(0, "Adelheid", "Harald");
    assert_eq!(s.view().phase, PhaseView::Challenge { turn: Seat(0) });
}

#[test]
fn equal_matches_are_the_owners_choice_and_worse_matches_are_refused() {
    let hands: [Hand; 2] = [
        (&["Bertram", "Kunibert"], &["Podica", "Adelheid"]),
        (&["Apollonius", "Harald"], &["Hildegard", "Mechthild"]),
    ];
    let mut s = Script::setup(Config::default(), &hands, &[5, 4]);
    s.prepare_dice(0, &["Bertram", "Kunibert"])
        .prepare_dice(1, &["Apollonius", "Harald"]);
    s.offer(0, "Podica", "Apollonius");
    // Hildegard is plump and reserved too: a tie, Apollonius's owner decides.
    s.offer(1, "Hildegard", "Apollonius");
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[1])));
    let legal = s.legal(1);
    assert_eq!(
        legal,
        vec![
            Action::KeepFavour { lady: l("Podica") },
            Action::KeepFavour {
                lady: l("Hildegard")
            }
        ]
    );
    s.act(1, Action::KeepFavour { lady: l("Podica") });
    assert_eq!(s.knight("Apollonius").favour, Some(l("Podica")));
    assert!(s.lady("Hildegard").turned_away);
    // Seat 1 is on turn again; Adelheid (no match) cannot displace Podica.
    let msg = s
        .refuse(
            0,
            Action::Offer {
                lady: l("Adelheid"),
                knight: k("Apollonius"),
            },
        )
        .to_string();
    assert!(msg.contains("suits him better"), "{msg}");
    s.offer(0, "Adelheid", "Harald");
    // Seat 2 must offer the turned-away Hildegard first.
    assert!(
        s.legal(1)
            .iter()
            .all(|a| matches!(a, Action::Offer { lady, .. } if *lady == l("Hildegard")))
    );
}

#[test]
fn furious_rounds_add_one_die_until_someone_falls() {
    let mut s = apollonius_against_harald(Config::default());
    assert_eq!(s.view().joust.unwrap().need, [5, 7]);
    s.roll(&[6, 6, 6, 6, 6]).roll(&[6; 7]);
    let j = s.view().joust.expect("still jousting");
    assert!(j.furious && !j.foot);
    assert_eq!(j.need, [6, 8]);
    s.roll(&[5, 5, 5, 5, 5, 5]).roll(&[4; 8]);
    // Still nobody hit: furious again, still only one extra die.
    assert_eq!(s.view().joust.unwrap().need, [6, 8]);
    s.roll(&[3, 3, 6, 6, 6, 6]).roll(&[6; 8]);
    let v = s.view();
    let round = v.last_round.clone().unwrap();
    assert_eq!(round.wounds, [0, 2]);
    assert!(round.furious);
    assert_eq!(v.last_joust.unwrap().winner, Some(k("Apollonius")));
    assert!(v.joust.is_none());
}

#[test]
fn foot_combat_ends_when_a_knight_yields() {
    let mut s = apollonius_against_harald(Config::default());
    // Both wounded in the saddle: both fall and fight on foot.
    s.roll(&[3, 6, 6, 6, 6]).roll(&[2, 2, 6, 6, 6, 6, 6]);
    let j = s.view().joust.expect("on foot");
    assert!(j.foot && !j.furious);
    assert_eq!(j.need, [5, 7]);
    assert_eq!(
        (s.knight("Apollonius").wounds, s.knight("Harald").wounds),
        (1, 1)
    );
    // On foot 4-6 hit: Harald wards one 4, Apollonius one 5.
    s.roll(&[6, 6, 4, 1, 1]).roll(&[5, 5, 1, 1, 1, 1, 1]);
    assert_eq!(
        (s.knight("Apollonius").wounds, s.knight("Harald").wounds),
        (2, 3)
    );
    // The attacker decides first, then the defender.
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[0])));
    assert_eq!(s.legal(0), vec![Action::Yield, Action::FightOn]);
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::FightOn),
        "Fight on"
    );
    s.act(0, Action::FightOn);
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[1])));
    assert_eq!(s.game.describe_action(Seat(1), &Action::Yield), "Yield");
    assert_eq!(s.game.describe_done(Seat(0), &Action::FightOn), "fights on");
    assert_eq!(s.game.describe_done(Seat(1), &Action::Yield), "yields");
    s.act(1, Action::Yield);
    let v = s.view();
    let joust = v.last_joust.clone().unwrap();
    assert_eq!(
        (joust.ending, joust.winner),
        (Ending::Yielded, Some(k("Apollonius")))
    );
    // Joust prize plus day bonus.
    assert_eq!(s.knight("Apollonius").prizes, 2);
    assert_eq!(s.lady("Podica").prizes, 0);
}

#[test]
fn both_knights_reaching_ten_wounds_are_out_and_nobody_wins() {
    let mut s = two_players(Config::default());
    s.prepare_dice(0, &["Bertram"])
        .prepare_dice(1, &["Gottfried"]);
    s.offer(0, "Ilsa", "Bertram")
        .offer(1, "Podica", "Gottfried");
    s.challenge(0, "Bertram", "Gottfried");
    // Bertram (6 dice, covers one 3) against Gottfried (8 dice, no 3 covered).
    s.roll(&[3, 3, 3, 3, 3, 6]).roll(&[3, 3, 3, 3, 3, 3, 6, 6]);
    assert_eq!(
        (s.knight("Bertram").wounds, s.knight("Gottfried").wounds),
        (5, 5)
    );
    // Foot: neither covers a 5; both reach ten in the same round.
    s.roll(&[5, 5, 5, 5, 5, 1]).roll(&[5, 5, 5, 5, 5, 1, 1, 1]);
    let v = s.view();
    let j = v.last_joust.expect("over");
    assert_eq!((j.winner, j.ending), (None, Ending::BothKnockedOut));
    assert_eq!(s.knight("Bertram").status, KnightStatus::Out);
    assert_eq!(s.knight("Gottfried").status, KnightStatus::Out);
    assert_eq!(s.knight("Bertram").prizes + s.knight("Gottfried").prizes, 0);
    assert_eq!(v.day_winners, vec![None]);
    // Out knights do not heal, and do not prepare.
    assert_eq!(s.knight("Bertram").wounds, 10);
    assert_eq!(s.knight("Bertram").training, 0);
    assert!(
        !s.legal(0)
            .iter()
            .any(|a| matches!(a, Action::Train { knight, .. } if *knight == k("Bertram")))
    );
}

#[test]
fn night_heals_three_and_grants_training_by_wounds() {
    let mut s = two_players(Config::default());
    s.prepare_dice(0, &["Apollonius", "Bertram"])
        .prepare_dice(1, &["Harald", "Gottfried"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .offer(0, "Adelheid", "Bertram")
        .offer(1, "Kunigunde", "Gottfried");
    // Apollonius (5 dice) unhorses Harald (7 dice) with four 3s.
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 3, 3, 3, 6])
        .roll(&[6; 7]);
    // Gottfried (8 dice) unhorses Bertram (6 dice): one 3 warded.
    s.challenge(1, "Gottfried", "Bertram")
        .roll(&[3, 3, 3, 6, 6, 6, 6, 6])
        .roll(&[6; 6]);
    // Apollonius challenges Gottfried: both fall, then Gottfried yields.
    s.challenge(0, "Apollonius", "Gottfried")
        .roll(&[2, 2, 2, 6, 6])
        .roll(&[3, 3, 3, 3, 3, 3, 3, 6]);
    s.roll(&[6, 6, 6, 6, 6]).roll(&[1; 8]);
    s.act(0, Action::FightOn).act(1, Action::Yield);
    let v = s.view();
    assert_eq!(
        v.day_winners,
        vec![Some(k("Apollonius"))],
        "two joust prizes"
    );
    assert_eq!(s.knight("Apollonius").prizes, 3);
    // Wounds at dusk: Apollonius 6, Gottfried 7, Harald 4, Bertram 2.
    let after: Vec<(u8, u8)> = ["Apollonius", "Gottfried", "Harald", "Bertram"]
        .iter()
        .map(|n| (s.knight(n).wounds, s.knight(n).training))
        .collect();
    assert_eq!(after, vec![(3, 1), (4, 0), (1, 1), (0, 2)]);
    assert_eq!(v.day, 2);
    assert!(matches!(v.phase, PhaseView::Prepare { .. }));
    // Gottfried has no point to spend, so seat 2 trains only Harald.
    let legal = s.legal(1);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Train { knight, .. } if *knight == k("Harald")))
    );
}

#[test]
fn a_tie_between_different_players_has_no_day_winner() {
    let hands: [Hand; 3] = [
        SEAT0,
        SEAT1,
        (&["Kunibert", "Ulrich"], &["Mechthild", "Hildegard"]),
    ];
    let mut s = Script::setup(Config::default(), &hands, &[6, 1, 1]);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"])
        .prepare_dice(2, &["Ulrich"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .offer(2, "Mechthild", "Ulrich");
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[6; 7]);
    // Seat 2's only knight is beaten: seat 3 is next.
    assert_eq!(s.view().phase, PhaseView::Challenge { turn: Seat(2) });
    s.challenge(2, "Ulrich", "Apollonius")
        .roll(&[3, 3, 6, 6, 6, 6])
        .roll(&[6; 5]);
    let v = s.view();
    assert_eq!(s.knight("Apollonius").prizes, 1);
    assert_eq!(s.knight("Ulrich").prizes, 1);
    assert_eq!(v.day_winners, vec![None]);
}

#[test]
fn a_tie_between_one_players_knights_is_his_choice_and_day_two_pays_two() {
    let mut s = two_players(Config::default());
    s.prepare_dice(0, &["Apollonius", "Bertram"])
        .prepare_dice(1, &["Harald", "Gottfried"]);
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .offer(0, "Adelheid", "Bertram")
        .offer(1, "Kunigunde", "Gottfried");
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[6; 7]);
    // Gottfried (8 dice) challenges Bertram (6 dice) and falls.
    s.challenge(1, "Gottfried", "Bertram")
        .roll(&[6; 8])
        .roll(&[3, 6, 6, 6, 6, 6]);
    assert_eq!(
        s.view().phase,
        PhaseView::DayWinner {
            owner: Seat(0),
            candidates: vec![k("Apollonius"), k("Bertram")]
        }
    );
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[0])));
    let msg = s
        .refuse(
            0,
            Action::DayWinner {
                knight: k("Harald"),
            },
        )
        .to_string();
    assert!(msg.contains("tied"), "{msg}");
    s.act(
        0,
        Action::DayWinner {
            knight: k("Bertram"),
        },
    );
    assert_eq!(
        (s.knight("Bertram").prizes, s.lady("Adelheid").prizes),
        (2, 2)
    );
    assert_eq!(
        (s.knight("Apollonius").prizes, s.lady("Ilsa").prizes),
        (1, 1)
    );
    // Day 2, seat 2 starts: Harald beats Apollonius and earns two extra.
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    s.offer(1, "Podica", "Harald")
        .offer(0, "Ilsa", "Apollonius");
    assert_eq!(s.view().phase, PhaseView::Challenge { turn: Seat(1) });
    let harald_dice = s.knight("Harald").dice;
    s.challenge(1, "Harald", "Apollonius");
    s.roll(
        &[2, 2, 3]
            .iter()
            .copied()
            .chain(std::iter::repeat_n(6, usize::from(harald_dice) - 3))
            .collect::<Vec<_>>(),
    );
    let apollonius_dice = usize::from(s.knight("Apollonius").dice);
    s.roll(&vec![6; apollonius_dice]);
    assert_eq!(
        s.view().day_winners,
        vec![Some(k("Bertram")), Some(k("Harald"))]
    );
    assert_eq!((s.knight("Harald").prizes, s.lady("Podica").prizes), (3, 3));
}

#[test]
fn final_bonus_goes_to_the_top_knight_and_lady() {
    let mut s = apollonius_against_harald(one_day());
    s.roll(&[3, 6, 6, 6, 6]).roll(&[6; 7]);
    // Joust 1 + day bonus 1 + final bonus 4, for Apollonius and for Ilsa.
    assert_eq!(
        (s.knight("Apollonius").prizes, s.lady("Ilsa").prizes),
        (6, 6)
    );
    assert_eq!((s.knight("Harald").prizes, s.lady("Podica").prizes), (0, 0));
    assert_eq!(s.scores(), vec![12, 0]);
    assert_eq!(
        s.to_move(),
        ToMove::Over(tourney_core::Outcome::win(Seat(0)))
    );
    assert_eq!(s.view().winners, Some(vec![Seat(0)]));
}

#[test]
fn the_final_bonus_needs_at_least_one_prize() {
    // Apollonius rides alone: the day ends at once, nobody wins a prize.
    let mut s = two_players(one_day());
    s.prepare_dice(0, &["Apollonius"]).prepare_dice(1, &[]);
    s.telling();
    s.offer(0, "Ilsa", "Apollonius");
    let told = s.told();
    // The leaders hold 0 prizes: no knight and no lady is named, none gains 4.
    assert!(
        told.iter().any(|(_, e)| matches!(
            e,
            Event::TournamentBest { knights, ladies, knight_prizes: 0, lady_prizes: 0, .. }
                if knights.is_empty() && ladies.is_empty()
        )),
        "{told:?}"
    );
    for name in ["Apollonius", "Bertram", "Harald", "Gottfried"] {
        assert_eq!(s.knight(name).prizes, 0, "{name}");
    }
    for name in ["Ilsa", "Adelheid", "Podica", "Kunigunde"] {
        assert_eq!(s.lady(name).prizes, 0, "{name}");
    }
    assert_eq!(s.view().day_winners, vec![None]);
    assert_eq!(s.scores(), vec![0, 0]);
    // Still tied for the lead at 0: a decisive duel is called.
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[0, 1])));
}

#[test]
fn offering_a_favour_is_compulsory_and_a_seat_with_no_lady_left_is_passed_over() {
    let mut s = two_players(Config::default());
    s.prepare_dice(0, &["Apollonius", "Bertram"])
        .prepare_dice(1, &["Harald", "Gottfried"]);
    // On turn, the only moves are offers: there is no passing.
    assert_eq!(s.view().phase, PhaseView::Favours { turn: Seat(0) });
    let legal = s.legal(0);
    assert!(!legal.is_empty());
    assert!(
        legal.iter().all(|a| matches!(a, Action::Offer { .. })),
        "{legal:?}"
    );
    let msg = s.refuse(0, Action::Yield).to_string();
    assert!(msg.contains("offer one"), "{msg}");
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Bertram");
    // Adelheid meets all three of Bertram's preferences, Podica none.
    s.offer(0, "Adelheid", "Bertram");
    assert!(s.lady("Podica").turned_away);
    s.offer(1, "Podica", "Harald");
    // Both of seat 1's ladies are placed: seat 2 offers again.
    assert_eq!(s.view().phase, PhaseView::Favours { turn: Seat(1) });
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[1])));
    assert!(s.legal(0).is_empty());
    s.offer(1, "Kunigunde", "Gottfried");
    assert_eq!(s.view().phase, PhaseView::Challenge { turn: Seat(0) });
}

#[test]
fn a_tie_for_the_lead_is_fought_out_in_decisive_duels() {
    let hands: [Hand; 3] = [
        SEAT0,
        SEAT1,
        (&["Kunibert", "Ulrich"], &["Mechthild", "Hildegard"]),
    ];
    let mut s = Script::setup(one_day(), &hands, &[6, 1, 1]);
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
        .roll(&[3, 3, 6, 6, 6, 6])
        .roll(&[6; 5]);
    // No day winner; both one-prize knights and both one-prize ladies are
    // top and gain 4: seats 1 and 3 tie on 10.
    assert_eq!(
        (s.knight("Apollonius").prizes, s.knight("Ulrich").prizes),
        (5, 5)
    );
    assert_eq!((s.lady("Ilsa").prizes, s.lady("Mechthild").prizes), (5, 5));
    assert_eq!(s.scores(), vec![10, 0, 10]);
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[0, 2])));
    s.act(
        0,
        Action::Champion {
            knight: k("Apollonius"),
        },
    );
    // The choice stays secret until both have chosen.
    match s.game.view(Some(Seat(2))).phase {
        PhaseView::DuelChoice { chosen, mine, .. } => {
            assert_eq!((chosen, mine), (vec![true, false], None))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        s.refuse(
            2,
            Action::Champion {
                knight: k("Apollonius")
            }
        )
        .to_string(),
        "choose one of your own knights for the duel"
    );
    s.act(
        2,
        Action::Champion {
            knight: k("Ulrich"),
        },
    );
    // Apollonius has 1 wound, Ulrich none. No hits: furious.
    s.roll(&[6; 5]).roll(&[6; 6]);
    assert_eq!(s.view().joust.unwrap().need, [6, 7]);
    s.roll(&[3, 3, 3, 3, 1, 6]).roll(&[3, 3, 1, 1, 2, 6, 6]);
    assert_eq!(
        (s.knight("Apollonius").wounds, s.knight("Ulrich").wounds),
        (3, 3)
    );
    // On foot no one may yield: the dice roll straight on.
    s.roll(&[6; 5]).roll(&[5; 6]);
    assert_eq!(s.to_move(), ToMove::Chance);
    assert_eq!(
        (s.knight("Apollonius").wounds, s.knight("Ulrich").wounds),
        (8, 8)
    );
    s.roll(&[6, 6, 1, 1, 1]).roll(&[4, 4, 4, 1, 1, 1]);
    // Both reach ten: the tie stands, and each seat's last knight (chosen
    // for them, as the only one left) fights on.
    assert_eq!(s.view().last_joust.unwrap().ending, Ending::BothKnockedOut);
    let j = s.view().joust.expect("a second duel");
    assert_eq!(
        (j.attacker, j.defender, j.duel),
        (k("Bertram"), k("Kunibert"), true)
    );
    // Bertram (6 dice) against Kunibert (4 dice, both 3s covered).
    s.roll(&[3, 3, 3, 3, 3, 3]).roll(&[6; 4]);
    assert_eq!(
        s.to_move(),
        ToMove::Over(tourney_core::Outcome::win(Seat(0)))
    );
    // Duels win no prizes.
    assert_eq!(s.scores(), vec![10, 0, 10]);
}

#[test]
fn the_wound_penalty_costs_dice_at_the_start_of_a_day() {
    let config = Config {
        days: 2,
        wound_penalty: true,
        ladies: true,
    };
    let mut s = apollonius_against_harald(config);
    s.roll(&[3, 3, 3, 3, 3]).roll(&[2, 2, 6, 6, 6, 6, 6]);
    s.roll(&[6, 6, 6, 1, 1]).roll(&[1; 7]);
    s.act(0, Action::FightOn).act(1, Action::Yield);
    assert_eq!(s.knight("Harald").wounds, 5, "8 at dusk, 5 after the night");
    assert_eq!(s.knight("Harald").training, 0);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    assert_eq!(
        (s.knight("Harald").dice, s.knight("Harald").penalty),
        (7, 1)
    );
    assert_eq!(
        (s.knight("Apollonius").dice, s.knight("Apollonius").penalty),
        (7, 0)
    );
    s.offer(1, "Podica", "Harald")
        .offer(0, "Ilsa", "Apollonius");
    s.challenge(1, "Harald", "Apollonius");
    assert_eq!(s.view().joust.unwrap().need, [6, 7]);
}

#[test]
fn the_heavy_wound_penalty_applies_in_a_decisive_duel() {
    // Nobody rides on the only day: all three seats tie on 0 and duel.
    let config = Config {
        days: 1,
        wound_penalty: true,
        ladies: true,
    };
    let hands: [Hand; 3] = [
        SEAT0,
        SEAT1,
        (&["Kunibert", "Ulrich"], &["Mechthild", "Hildegard"]),
    ];
    let mut s = Script::setup(config, &hands, &[6, 1, 1]);
    s.prepare_dice(0, &[])
        .prepare_dice(1, &[])
        .prepare_dice(2, &[]);
    assert_eq!(s.view().day_winners, vec![None]);
    assert_eq!(s.to_move(), ToMove::Seats(seat_set(&[0, 1])));
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
    // Apollonius (5 dice) and Harald (7 dice) both fall...
    s.roll(&[3, 3, 3, 3, 3]).roll(&[2, 2, 2, 3, 3, 3, 6]);
    assert_eq!(
        (s.knight("Apollonius").wounds, s.knight("Harald").wounds),
        (4, 5)
    );
    // ...and on foot Harald reaches ten while Apollonius ends on eight.
    s.roll(&[6; 5]).roll(&[5, 5, 5, 6, 6, 6, 1]);
    assert_eq!(
        (s.knight("Apollonius").wounds, s.knight("Harald").wounds),
        (8, 10)
    );
    assert_eq!(s.view().duel_contenders, vec![Seat(0), Seat(2)]);
    // Seat 1 sends the battered Apollonius again: 7-9 wounds, three dice fewer.
    s.act(
        0,
        Action::Champion {
            knight: k("Apollonius"),
        },
    );
    s.act(
        2,
        Action::Champion {
            knight: k("Ulrich"),
        },
    );
    assert_eq!(s.knight("Apollonius").penalty, 3);
    assert_eq!(s.view().joust.unwrap().need, [2, 6]);
}

#[test]
fn without_ladies_there_are_no_favours() {
    let config = Config {
        ladies: false,
        ..Config::default()
    };
    let mut s = Script::new(config, 2);
    for name in ["Apollonius", "Harald", "Bertram", "Gottfried"] {
        s.chance(Chance::Knight(k(name)));
    }
    // No lady is dealt: the starting roll follows at once.
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 rolls for the starting player"
    );
    s.roll(&[6, 2]);
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    assert_eq!(s.view().phase, PhaseView::Challenge { turn: Seat(0) });
    assert!(s.view().ladies.is_empty());
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[6; 7]);
    assert_eq!(s.knight("Apollonius").prizes, 2);
    assert_eq!(s.scores(), vec![2, 0]);
}

#[test]
fn illegal_moves_and_outcomes_are_refused_without_a_trace() {
    let mut s = Script::new(Config::default(), 2);
    s.chance(Chance::Knight(k("Apollonius")));
    s.refuse_chance(Chance::Knight(k("Apollonius"))).to_string();
    s.refuse_chance(Chance::Lady(LadyId(0))).to_string();
    s.refuse_chance(Chance::Die(3)).to_string();
    s.refuse(0, Action::Yield).to_string();
    for name in ["Harald", "Bertram", "Gottfried"] {
        s.chance(Chance::Knight(k(name)));
    }
    for name in ["Ilsa", "Podica", "Adelheid", "Kunigunde"] {
        s.chance(Chance::Lady(l(name)));
    }
    s.refuse_chance(Chance::Die(7)).to_string();
    s.refuse_chance(Chance::Die(0)).to_string();
    s.roll(&[6, 2]);
    // Preparing.
    s.refuse_chance(Chance::Die(1)).to_string();
    let msg = s
        .refuse(
            0,
            Action::Send {
                knights: [k("Apollonius")].into_iter().collect(),
            },
        )
        .to_string();
    assert!(msg.contains("training points"), "{msg}");
    s.refuse(
        0,
        Action::Train {
            knight: k("Harald"),
            gain: Gain::Die,
        },
    )
    .to_string();
    s.refuse(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Cover(7),
        },
    )
    .to_string();
    s.act(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Cover(1),
        },
    );
    let msg = s
        .refuse(
            0,
            Action::Train {
                knight: k("Apollonius"),
                gain: Gain::Cover(1),
            },
        )
        .to_string();
    assert!(msg.contains("already covered"), "{msg}");
    s.refuse(
        0,
        Action::Challenge {
            attacker: k("Apollonius"),
            defender: k("Harald"),
        },
    )
    .to_string();
    s.act(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Die,
        },
    );
    s.refuse(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Die,
        },
    )
    .to_string();
    s.prepare_dice(0, &["Apollonius", "Bertram"]);
    // Done preparing: nothing more to do for seat 1.
    assert!(s.legal(0).is_empty());
    assert_eq!(
        s.refuse(
            0,
            Action::Send {
                knights: Default::default()
            }
        )
        .to_string(),
        "it is not seat 1's turn to act"
    );
    s.prepare_dice(1, &["Harald"]);
    s.refuse(
        1,
        Action::Offer {
            lady: l("Podica"),
            knight: k("Harald"),
        },
    )
    .to_string();
    s.refuse(
        0,
        Action::Offer {
            lady: l("Podica"),
            knight: k("Harald"),
        },
    )
    .to_string();
    s.refuse(
        0,
        Action::Offer {
            lady: l("Ilsa"),
            knight: k("Gottfried"),
        },
    )
    .to_string();
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .offer(0, "Adelheid", "Bertram");
    // Challenging.
    let msg = s
        .refuse(
            0,
            Action::Challenge {
                attacker: k("Apollonius"),
                defender: k("Bertram"),
            },
        )
        .to_string();
    assert!(msg.contains("own knights"), "{msg}");
    s.refuse(
        0,
        Action::Challenge {
            attacker: k("Apollonius"),
            defender: k("Gottfried"),
        },
    )
    .to_string();
    s.refuse(
        0,
        Action::Challenge {
            attacker: k("Harald"),
            defender: k("Apollonius"),
        },
    )
    .to_string();
    s.refuse(0, Action::FightOn).to_string();
    s.challenge(0, "Apollonius", "Harald");
    // Rolling.
    assert_eq!(
        s.refuse(0, Action::Yield).to_string(),
        "the dice or cards must be resolved before anyone acts"
    );
    s.refuse_chance(Chance::Knight(KnightId(9))).to_string();
    s.refuse_chance(Chance::Die(9)).to_string();
}

#[test]
fn preparation_stays_secret_until_everyone_is_done() {
    let mut s = two_players(Config::default());
    let spectator = serde_json::to_value(s.game.view(None)).unwrap();
    let seat2 = serde_json::to_value(s.game.view(Some(Seat(1)))).unwrap();
    s.act(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Cover(1),
        },
    );
    assert!(!s.game.action_is_open(
        Seat(0),
        &Action::Train {
            knight: KnightId(0),
            gain: Gain::Die
        }
    ));
    assert!(s.game.action_is_open(Seat(0), &Action::Yield));
    assert_eq!(serde_json::to_value(s.game.view(None)).unwrap(), spectator);
    assert_eq!(
        serde_json::to_value(s.game.view(Some(Seat(1)))).unwrap(),
        seat2
    );
    let mine = s.game.view(Some(Seat(0)));
    let plan = mine
        .knights
        .iter()
        .find(|v| v.id == k("Apollonius"))
        .unwrap()
        .plan
        .clone()
        .unwrap();
    assert_eq!(
        (plan.extra_covered, plan.points_left),
        ([1, 0, 0, 0, 0, 0], 1)
    );
    s.prepare_dice(0, &["Apollonius"])
        .prepare_dice(1, &["Harald"]);
    assert_eq!(s.knight("Apollonius").covered, [2, 1, 1, 1, 1, 1]);
    assert_eq!(s.knight("Apollonius").status, KnightStatus::Ready);
    assert_eq!(s.knight("Bertram").status, KnightStatus::Resting);
}

#[test]
fn five_players_get_two_cards_each_and_six_players_one() {
    for (seats, per) in [(5usize, 2usize), (6, 1)] {
        let mut s = Script::new(Config::default(), seats);
        let mut deals = 0;
        while matches!(s.view().phase, PhaseView::Deal) {
            let mut outcomes = Vec::new();
            s.game.chance_outcomes(&mut outcomes);
            let expected_left = 10 - deals % (seats * per);
            assert_eq!(outcomes.len(), expected_left);
            assert!(outcomes.iter().all(|(_, w)| *w == 1));
            let (first, _) = outcomes[0];
            s.chance(first);
            deals += 1;
        }
        assert_eq!(deals, 2 * seats * per);
        let v = s.view();
        assert_eq!(
            (v.knights.len(), v.ladies.len()),
            (seats * per, seats * per)
        );
        for seat in 0..seats as u8 {
            assert_eq!(
                v.knights.iter().filter(|k| k.owner == Seat(seat)).count(),
                per
            );
            assert_eq!(
                v.ladies.iter().filter(|l| l.owner == Seat(seat)).count(),
                per
            );
        }
    }
    let s = Script::new(Config::default(), 6);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 is dealt a knight card"
    );
}

#[test]
fn the_starting_roll_is_repeated_between_tied_players() {
    let mut s = Script::new(Config::default(), 3);
    let mut outcomes = Vec::new();
    while matches!(s.view().phase, PhaseView::Deal) {
        outcomes.clear();
        s.game.chance_outcomes(&mut outcomes);
        s.chance(outcomes[0].0);
    }
    s.roll(&[5, 5, 2]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 1 rolls for the starting player"
    );
    s.roll(&[3]);
    assert_eq!(
        s.game.describe_chance_step(),
        "Seat 2 rolls for the starting player"
    );
    s.roll(&[4]);
    let v = s.view();
    assert_eq!(v.starting_player, Some(Seat(1)));
    assert_eq!(v.day_starter, Some(Seat(1)));
}

#[test]
fn the_view_draws_the_table() {
    let mut s = apollonius_against_harald(Config::default());
    s.roll(&[1, 3, 3]);
    let text = s.game.view(Some(Seat(0))).to_string();
    for needle in [
        "Apollonius von der Wolkenburg",
        "Ilsa von Tannen",
        "Joust: Apollonius von der Wolkenburg (seat 1) against Harald Kampfzahn (seat 2)",
        "Apollonius rolls 3 of 5: 1 3 3",
        "prefers brown-haired > plump > reserved",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    s.roll(&[6, 6]).roll(&[6; 7]);
    let text = s.game.view(None).to_string();
    assert!(text.contains("Last round (mounted): Apollonius rolled 1 3 3 6 6 and took 0 wounds; Harald rolled 6 6 6 6 6 6 6 and took 2 wounds."), "{text}");
    assert!(
        text.contains("Last joust: Apollonius unhorsed Harald."),
        "{text}"
    );
}

/// While preparing, a seat sees its own plan: the dice and the cover it
/// adds, not the fields already covered.
#[test]
fn the_view_shows_the_plan_in_the_making() {
    let mut s = two_players(Config::default());
    let plan = |s: &Script| {
        let text = s.game.view(Some(Seat(0))).to_string();
        let start = text.find("Apollonius").expect("Apollonius is listed");
        let line = text[start..]
            .lines()
            .find(|l| l.contains("your plan"))
            .expect("a plan line");
        line.trim().to_string()
    };
    assert_eq!(
        plan(&s),
        "your plan: +0 dice, covers no more fields, 2 points left, rests"
    );
    s.act(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Cover(1),
        },
    );
    assert_eq!(
        plan(&s),
        "your plan: +0 dice, covers 1, 1 point left, rests"
    );
    s.act(
        0,
        Action::Train {
            knight: k("Apollonius"),
            gain: Gain::Die,
        },
    );
    assert_eq!(
        plan(&s),
        "your plan: +1 die, covers 1, 0 points left, rests"
    );
}

#[test]
fn setup_checks_the_seats_and_the_options() {
    use tourney_core::SetupError;
    assert!(matches!(
        Ritter::new(&Config::default(), 1),
        Err(SetupError::SeatCount { .. })
    ));
    assert!(matches!(
        Ritter::new(&Config::default(), 11),
        Err(SetupError::SeatCount { .. })
    ));
    for days in [0, 11] {
        let config = Config {
            days,
            ..Config::default()
        };
        assert!(matches!(
            Ritter::new(&config, 2),
            Err(SetupError::Config { field: "days", .. })
        ));
    }
    let config: Config = serde_json::from_str(r#"{"days": 2}"#).unwrap();
    assert_eq!(
        config,
        Config {
            days: 2,
            wound_penalty: false,
            ladies: true
        }
    );
    assert!(serde_json::from_str::<Config>(r#"{"dayz": 2}"#).is_err());
    assert_eq!(
        serde_json::to_string(&Config::default()).unwrap(),
        r#"{"days":4,"wound_penalty":false,"ladies":true}"#
    );
    assert_eq!(Ritter::INFO.name, "ritter");
    let keys: Vec<&str> = Ritter::INFO.options.iter().map(|o| o.key).collect();
    assert_eq!(keys, ["days", "wound_penalty", "ladies"]);
}
