//! Supply lines (through own territories and lakes), where a player may
//! march, and the limits of redistribution.
//!
//! The two-player map, by cell number (C castle, ~~ lake):
//!
//! ```text
//!         C1                 1
//!       H1  H1              2  3
//!     1   2   1           4  5  6
//!       3   ~~              7  8
//!     2   3   2           9 10 11
//!       ~~  3              12 13
//!     1   2   1          14 15 16
//!       H2  H2             17 18
//!         C2                19
//! ```

mod common;

use common::*;
use tourney_mastery::{Action, Config};

fn targets(s: &Script, seat: u8) -> Vec<u16> {
    s.legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::MarchTo(c) => Some(c.number()),
            _ => None,
        })
        .collect()
}

fn moves(s: &Script, seat: u8) -> Vec<(u16, u16)> {
    s.legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { from, to } => Some((from.number(), to.number())),
            _ => None,
        })
        .collect()
}

#[test]
fn marches_start_next_to_the_castle_and_its_territories() {
    let mut s = Script::standard(2);
    assert_eq!(targets(&s, 0), [4, 5, 6]);
    // Not next to anything of seat 1's, not its own, not a lake.
    s.refuse(0, Action::MarchTo(cell(10)));
    s.refuse(0, Action::MarchTo(cell(2)));
    s.refuse(0, Action::MarchTo(cell(8)));
    s.tile(5, "forest_1");
    s.march(0, 5, 3);
    assert_eq!(s.at(5), (Some(0), 3));
    assert_eq!(s.castle_of(0), 2);
    // One march a turn.
    assert!(targets(&s, 0).is_empty());
    let err = s.refuse(0, Action::MarchTo(cell(6)));
    assert!(err.to_string().contains("already marched"), "{err}");
}

#[test]
fn a_lake_joins_every_territory_around_it() {
    let mut s = Script::standard(2);
    s.knights(5, Some(0), 1);
    // From 5, lake 8 reaches 7, 10 and 11 as well.
    assert_eq!(targets(&s, 0), [4, 6, 7, 10, 11]);
    s.tile(11, "forest_1");
    s.march(0, 11, 2);
    assert!(s.supplied(11), "11 is supplied across the lake");
}

/// The view lists each hex's neighbours (the hexes it shares an edge
/// with, lakes included) and, apart, the hexes a lake it borders links it
/// to, which the map as a list and each hex's title name.
#[test]
fn the_view_lists_each_hexs_neighbours_and_those_across_a_lake() {
    let s = Script::standard(2);
    let view = s.view();
    let of = |n: u8| {
        let c = view
            .cells
            .iter()
            .find(|c| c.cell == cell(n))
            .expect("the cell is in the view");
        let numbers = |cells: &[tourney_mastery::Cell]| -> Vec<u16> {
            cells.iter().map(|c| c.number()).collect()
        };
        (numbers(&c.neighbours), numbers(&c.across_lake))
    };
    // A castle borders its homelands and no lake.
    assert_eq!(of(1), (vec![2, 3], vec![]));
    // 7 borders lake 8, which links it to 6 and 11 (5 and 10 it borders
    // itself).
    assert_eq!(of(7), (vec![4, 5, 8, 9, 10], vec![6, 11]));
    // 10 borders both lakes: 8 links it to 5 and 6, 12 to 14 and 15.
    assert_eq!(of(10), (vec![7, 8, 9, 11, 12, 13], vec![5, 6, 14, 15]));
    // A lake's own neighbours are listed; nothing lies across it from
    // itself.
    assert_eq!(of(8), (vec![5, 6, 7, 10, 11], vec![]));
    // Adjacency is mutual, and a hex across a lake is across it both ways.
    for c in &view.cells {
        for n in &c.neighbours {
            let other = view.cells.iter().find(|d| d.cell == *n).expect("a cell");
            assert!(other.neighbours.contains(&c.cell), "{} and {}", c.cell, n);
        }
        for n in &c.across_lake {
            let other = view.cells.iter().find(|d| d.cell == *n).expect("a cell");
            assert!(other.across_lake.contains(&c.cell), "{} and {}", c.cell, n);
            assert!(!c.neighbours.contains(n), "{} and {}", c.cell, n);
        }
    }
}

#[test]
fn the_lake_example_conquest_across_a_lake_cuts_a_line_and_makes_one() {
    // Seat 1 holds 9 and 10; 10 is supplied from 5 across lake 8, and 9
    // through 10. Seat 2 holds 14, which borders lake 12.
    let mut s = Script::ready(Config::default(), 2, &DEFAULT_RELICS[..2], 1);
    s.knights(5, Some(0), 1)
        .knights(10, Some(0), 1)
        .knights(9, Some(0), 1);
    s.knights(14, Some(1), 2).castle(1, 6);
    s.plain(&[0, 1]);
    assert!(s.supplied(10) && s.supplied(9));
    // Seat 2 marches across lake 12 into 10 and wins the combat.
    assert!(targets(&s, 1).contains(&10));
    s.march(1, 10, 6);
    s.fight(Conflict4, Conflict2);
    assert_eq!(s.at(10), (Some(1), 6));
    // Territory 10 is supplied for seat 2 through the lake; seat 1's 9 has
    // lost its supply line but still scores.
    assert!(s.supplied(10));
    assert!(!s.supplied(9));
    let v = s.view();
    let worth = |n: usize| v.cells[n - 1].points;
    assert_eq!(s.points(0), worth(2) + worth(3) + worth(5) + worth(9));
}

#[test]
fn territories_without_a_supply_line_take_no_part_in_redistribution_or_marches() {
    let mut s = Script::standard(2);
    s.knights(5, Some(0), 1)
        .knights(10, Some(0), 2)
        .knights(9, Some(0), 3);
    // While 10 is supplied (across lake 8), lake 12 beside it reaches 13,
    // 14 and 15 too.
    let before = targets(&s, 0);
    assert!(before.contains(&13) && before.contains(&15));
    // Seat 2 takes 10: 9 is cut off.
    s.knights(10, Some(1), 2);
    assert!(!s.supplied(9));
    let after = targets(&s, 0);
    assert!(
        !after.contains(&13) && !after.contains(&14) && !after.contains(&15),
        "{after:?}"
    );
    // 10 is still reached from 5 across lake 8 (a fight), 9 is not a source.
    assert!(after.contains(&10));
    s.act(0, Action::Redistribute);
    assert!(moves(&s, 0).iter().all(|&(a, b)| a != 9 && b != 9));
    let err = s.refuse(
        0,
        Action::Move {
            from: cell(9),
            to: cell(1),
        },
    );
    assert!(err.to_string().contains("supply line"), "{err}");
    s.refuse(
        0,
        Action::Move {
            from: cell(1),
            to: cell(9),
        },
    );
}

#[test]
fn redistribution_keeps_totals_one_knight_everywhere_and_capacities() {
    let mut s = Script::standard(2);
    let total = |s: &Script| s.castle_of(0) + s.at(2).1 + s.at(3).1;
    let before = total(&s);
    s.cards(0, &[Summon], &[]);
    s.act(0, Action::Redistribute);
    // Summon, the Crown and the end of the turn wait until it is done.
    assert!(!s.can(0, Action::Summon));
    s.refuse(0, Action::Summon);
    assert!(!s.can(0, Action::UseCrown));
    assert!(!s.can(0, Action::EndTurn));
    assert_eq!(
        moves(&s, 0),
        [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
    );
    s.act(
        0,
        Action::Move {
            from: cell(2),
            to: cell(3),
        },
    );
    // 2 keeps its last knight; 3 has received, so it gives nothing now.
    let err = s.refuse(
        0,
        Action::Move {
            from: cell(2),
            to: cell(1),
        },
    );
    assert!(err.to_string().contains("at least one knight"), "{err}");
    s.refuse(
        0,
        Action::Move {
            from: cell(3),
            to: cell(1),
        },
    );
    for _ in 0..3 {
        s.act(
            0,
            Action::Move {
                from: cell(1),
                to: cell(3),
            },
        );
    }
    // 3 holds six: full.
    assert_eq!(s.at(3), (Some(0), 6));
    let err = s.refuse(
        0,
        Action::Move {
            from: cell(1),
            to: cell(3),
        },
    );
    assert!(err.to_string().contains("no more knights"), "{err}");
    s.act(0, Action::Done);
    assert_eq!(total(&s), before);
    // Once before each march.
    assert!(!s.can(0, Action::Redistribute));
    s.refuse(0, Action::Redistribute);
}

#[test]
fn a_cave_holds_three_knights() {
    let mut s = Script::standard(2);
    s.tile(5, "cave_1");
    s.act(0, Action::MarchTo(cell(5)));
    assert_eq!(
        s.legal(0),
        [
            Action::Send(1),
            Action::Send(2),
            Action::Send(3),
            Action::Back
        ]
    );
    s.refuse(0, Action::Send(4));
    s.act(0, Action::Send(3));
    s.end_turn(0).end_turn(1);
    // Full: redistribution brings it no more knights.
    s.act(0, Action::Redistribute);
    assert!(moves(&s, 0).contains(&(5, 1)));
    assert!(!moves(&s, 0).iter().any(|&(_, to)| to == 5));
}

#[test]
fn the_march_size_is_chosen_after_the_target_and_can_be_taken_back() {
    let mut s = Script::standard(2);
    s.castle(0, 2);
    s.act(0, Action::MarchTo(cell(4)));
    assert_eq!(s.legal(0), [Action::Send(1), Action::Send(2), Action::Back]);
    s.refuse(0, Action::EndTurn);
    s.act(0, Action::Back);
    assert!(s.can(0, Action::MarchTo(cell(6))));
    // A target taken back is not offered again this round, so choosing and
    // taking back cannot go on for ever.
    assert!(!s.can(0, Action::MarchTo(cell(4))));
    let err = s.refuse(0, Action::MarchTo(cell(4)));
    assert!(err.to_string().contains("took back"), "{err}");
    s.act(0, Action::MarchTo(cell(6)));
    s.act(0, Action::Back);
    assert!(!s.can(0, Action::MarchTo(cell(6))));
    // The next turn offers both again.
    s.end_turn(0).end_turn(1);
    assert!(s.can(0, Action::MarchTo(cell(4))));
    assert!(s.can(0, Action::MarchTo(cell(6))));
    // An empty castle marches nowhere.
    s.castle(0, 0);
    assert!(targets(&s, 0).is_empty());
    let err = s.refuse(0, Action::MarchTo(cell(4)));
    assert!(err.to_string().contains("no knights"), "{err}");
}

#[test]
fn the_dice_limit_knights_in_the_castle() {
    // Seat 1 holds nine territories (nine dice) and has 4 knights in the
    // castle: one die shows six, so only two of its three new knights fit.
    let mut s = Script::ready(Config::default(), 2, &DEFAULT_RELICS[..2], 1);
    for n in [2, 3, 4, 5, 6, 7, 9, 10, 11] {
        s.knights(n, Some(0), 2);
    }
    s.castle(0, 4);
    s.end_turn(1);
    assert_eq!(s.castle_of(0), 6);
    assert_eq!(s.view().seats[0].castle_room, 0);
    // Knights cannot move into the castle either (it would need an eleventh die).
    s.act(0, Action::Redistribute);
    assert!(!moves(&s, 0).iter().any(|&(_, to)| to == 1));
    // Marching six frees the castle's die for the new territory.
    s.act(0, Action::Done);
    s.act(0, Action::MarchTo(cell(13)));
    assert_eq!(s.legal(0), [Action::Send(6), Action::Back]);
}
