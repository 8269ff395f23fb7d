//! The optional rules: Loyalty, Siege, Cut-Throat, Skirmish and Chaos.
//!
//! The four-player map, by cell number:
//!
//! ```text
//!     C2      H3  C3            1       2  3
//!   H2  1   2   1             4   5   6   7
//!     2   3   ~~  2             8   9  10  11
//!   1   1   3   1   1        12  13  14  15  16
//!     2   ~~  3   2            17  18  19  20
//!       1   2   1   H4           21  22  23  24
//!     C1  H1      C4           25  26      27
//! ```

mod common;

use common::*;
use tourney_mastery::{Action, Config, Loyalty, RelicKind};

fn targets(s: &Script, seat: u8) -> Vec<u16> {
    s.legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::MarchTo(c) => Some(c.number()),
            _ => None,
        })
        .collect()
}

fn pairs() -> Config {
    Config {
        loyalty: Loyalty::Pairs,
        ..Config::default()
    }
}

#[test]
fn loyalty_partners_sit_opposite_and_never_march_on_each_other() {
    let mut s = Script::with(pairs(), 4);
    let teams: Vec<u8> = s.view().seats.iter().map(|v| v.team).collect();
    assert_eq!(teams, [0, 1, 0, 1]);
    assert_eq!(s.view().team_goal, 20);
    s.knights(21, Some(2), 1).knights(22, Some(1), 1);
    assert_eq!(targets(&s, 0), [22]);
    s.refuse(0, Action::MarchTo(cell(21)));
    // Destroy works only against the other team's Relics.
    s.cards(0, &[Destroy], &[]);
    let destroyable: Vec<u8> = s
        .legal(0)
        .into_iter()
        .filter_map(|a| match a {
            Action::Destroy(r) => Some(r.seat.0),
            _ => None,
        })
        .collect();
    assert_eq!(destroyable, [1, 1, 1, 3, 3, 3]);
    s.refuse(0, Action::Destroy(relic(2, RelicKind::Orb)));
}

#[test]
fn loyalty_teammates_play_support_cards_for_each_other() {
    let mut s = Script::with(pairs(), 4);
    s.plain(&[0, 1]).quiet(&[0, 1, 2, 3]);
    s.cards(2, &[HeroicEffort2], &[Destroy])
        .cards(3, &[HeroicEffort1], &[Destroy]);
    s.tile(22, "forest_1").knights(22, Some(1), 2).castle(0, 3);
    s.march(0, 22, 3);
    s.act(0, Action::Continue);
    s.act(0, Action::Conflict(Conflict4))
        .act(1, Action::Conflict(Conflict2));
    assert_eq!(s.values(), [7, 4]);
    // From the lower value (the defender) clockwise round everyone in the fight.
    assert_eq!(s.on_move(), vec![1]);
    s.act(1, Action::Pass);
    assert_eq!(s.on_move(), vec![2]);
    s.act(2, Action::Support(HeroicEffort2));
    assert_eq!(s.on_move(), vec![3]);
    s.act(3, Action::Support(HeroicEffort1));
    assert_eq!(s.values(), [9, 5]);
    assert_eq!(s.on_move(), vec![0]);
    s.act(0, Action::Pass);
    // Teammates with empty hands are done; the attacker wins by 4.
    assert_eq!(s.at(22), (Some(0), 3));
    assert_eq!(s.view().seats[2].discard, vec![HeroicEffort2, Destroy]);
}

#[test]
fn loyalty_teams_win_together_and_thirteen_alone_is_not_enough() {
    let mut s = Script::with(pairs(), 4);
    for n in [21, 22, 17] {
        s.tile(n, "city_3").knights(n, Some(0), 1);
    }
    s.tile(12, "forest_1").knights(12, Some(0), 1);
    s.tile(6, "city_3")
        .knights(6, Some(2), 1)
        .tile(7, "village_2")
        .knights(7, Some(2), 1);
    s.tile(23, "village_2").tile(13, "forest_1");
    assert_eq!((s.points(0), s.points(2)), (11, 6));
    s.march(0, 23, 1);
    // Thirteen for seat 1, nineteen for the team: play on.
    assert_eq!(s.points(0), 13);
    assert!(s.view().outcome.is_none());
    for seat in [0, 1, 2, 3] {
        s.end_turn(seat);
    }
    s.march(0, 13, 1);
    assert_eq!(s.winners(), vec![0, 2]);
}

#[test]
fn loyalty_triples_alternate_and_need_thirty() {
    let config = Config {
        loyalty: Loyalty::Triples,
        ..Config::default()
    };
    let mut s = Script::with(config, 6);
    let v = s.view();
    assert_eq!(
        v.seats.iter().map(|v| v.team).collect::<Vec<_>>(),
        [0, 1, 0, 1, 0, 1]
    );
    assert_eq!(v.team_goal, 30);
    let target = targets(&s, 0)[0] as u8;
    s.tile(target, "forest_1");
    let free: Vec<u8> = v
        .cells
        .iter()
        .filter(|c| {
            c.kind == "territory" && c.owner.is_none() && c.cell.number() != u16::from(target)
        })
        .map(|c| c.cell.number() as u8)
        .collect();
    // Homelands give 3; eight Cities and two Forests for seats 3 and 5 give 26.
    for (i, n) in free.iter().take(10).enumerate() {
        let tile = if i < 8 { "city_3" } else { "forest_1" };
        s.tile(*n, tile)
            .knights(*n, Some(if i % 2 == 0 { 2 } else { 4 }), 1);
    }
    assert_eq!(s.points(0) + s.points(2) + s.points(4), 29);
    s.march(0, target, 1);
    assert_eq!(s.winners(), vec![0, 2, 4]);
}

/// Seat 1 holds a chain to seat 2's castle: 5, across lake 8 to 10, across
/// lake 12 to 15, then 18 beside castle 19.
fn siege(config: Config) -> Script {
    let mut s = Script::with(config, 2);
    for n in [5, 10, 15, 18] {
        s.knights(n, Some(0), 1);
    }
    s.knights(17, Some(1), 2)
        .castle(0, 6)
        .plain(&[0, 1])
        .quiet(&[0, 1]);
    s
}

#[test]
fn siege_castles_can_be_attacked_and_taking_one_wins() {
    let s = siege(Config::default());
    assert!(!targets(&s, 0).contains(&19));
    let mut s = siege(Config {
        siege: true,
        ..Config::default()
    });
    assert!(targets(&s, 0).contains(&19));
    s.castle(1, 0).castle(0, 8);
    s.cards(
        0,
        &[Conflict5, Conflict2, Conflict3, Conflict3, Conflict4],
        &[Destroy],
    );
    s.act(0, Action::MarchTo(cell(19)));
    assert_eq!(s.legal(0).len(), 6 + 1, "at most 6 knights, or back");
    s.act(0, Action::Send(6));
    // An empty castle still defends as if it held 8 knights.
    assert_eq!(s.values(), [6, 8]);
    s.fight(Conflict5, Conflict2);
    assert_eq!(s.winners(), vec![0]);
}

#[test]
fn siege_a_beaten_attacker_retreats_from_the_castle() {
    let mut s = siege(Config {
        siege: true,
        ..Config::default()
    });
    let defenders = s.castle_of(1);
    s.march(0, 19, 6);
    s.fight(Conflict2, Conflict4);
    // 8 against 12: four of the six fall, two go home.
    assert!(s.view().outcome.is_none());
    assert_eq!(s.castle_of(0), 2);
    assert_eq!(s.castle_of(1), defenders);
}

#[test]
fn cut_throat_removes_knights_that_lose_their_supply_line() {
    let config = Config {
        cut_throat: true,
        ..Config::default()
    };
    let mut s = Script::ready(config, 2, &DEFAULT_RELICS[..2], 1);
    s.knights(5, Some(0), 1)
        .knights(10, Some(0), 1)
        .knights(9, Some(0), 3);
    s.knights(14, Some(1), 2)
        .castle(1, 6)
        .plain(&[0, 1])
        .quiet(&[0, 1]);
    let castle = s.castle_of(0);
    s.march(1, 10, 6);
    s.fight(Conflict4, Conflict2);
    assert_eq!(s.at(10), (Some(1), 6));
    // 9 is cut off: its three knights are gone, not home.
    assert_eq!(s.at(9), (None, 0));
    assert_eq!(s.castle_of(0), castle);
}

#[test]
fn skirmish_is_won_with_eleven_points() {
    let mut s = Script::with(
        Config {
            skirmish: true,
            ..Config::default()
        },
        2,
    );
    for n in [5, 6, 7] {
        s.tile(n, "city_3").knights(n, Some(0), 1);
    }
    s.tile(4, "village_2");
    assert_eq!(s.points(0), 9);
    s.march(0, 4, 1);
    assert_eq!(s.winners(), vec![0]);
}

fn chaos() -> Script {
    let mut s = Script::with(
        Config {
            chaos: true,
            ..Config::default()
        },
        2,
    );
    s.plain(&[0, 1]).quiet(&[0, 1]).tile(5, "forest_1");
    s
}

#[test]
fn chaos_the_winner_rolls_a_die_per_knight_and_loses_those_showing_one() {
    let mut s = chaos();
    s.knights(5, Some(1), 1).castle(0, 3);
    s.march(0, 5, 3);
    s.fight(Conflict4, Conflict2);
    assert_eq!(s.combat_step(), Some("survival"));
    s.roll(&[1, 4, 1]);
    assert_eq!(s.at(5), (Some(0), 1));
}

#[test]
fn chaos_an_attacker_who_loses_every_knight_to_the_dice_loses() {
    let mut s = chaos();
    s.knights(5, Some(1), 2).castle(0, 2);
    s.march(0, 5, 2);
    s.fight(Conflict4, Conflict2);
    s.roll(&[1, 1]);
    // The defender keeps its territory and loses nothing.
    assert_eq!(s.at(5), (Some(1), 2));
    assert_eq!(s.castle_of(0), 0);
}

#[test]
fn chaos_a_defender_who_loses_every_knight_to_the_dice_loses_the_territory() {
    let mut s = chaos();
    s.knights(5, Some(1), 2).castle(0, 2);
    let castle = s.castle_of(1);
    s.march(0, 5, 2);
    s.fight(Conflict2, Conflict4);
    s.roll(&[1, 1]);
    // The attacker conquers without losses; the defenders are gone.
    assert_eq!(s.at(5), (Some(0), 2));
    assert_eq!(s.castle_of(1), castle);
    assert!(s.view().combat.is_none());
}
