//! The rulebook's redistribution example (page 9 of the source), rebuilt on
//! the two-player map and played through the legal actions: three knights
//! leave a territory worth 1 for the castle, which then holds 6; one knight
//! leaves a territory worth 3 for the territory worth 2, which then holds 5.
//!
//! The transcribed example prints the castle before and after (3 and 6) and
//! the 2-point territory before and after (4 and 5); it does not print how
//! many knights the 1-point and 3-point territories held. They hold the
//! fewest the move allows (4 and 2), since every territory keeps a knight.
//!
//! The cells, by number (left) and value (right):
//!
//! ```text
//!         1                      C1
//!       2   3                  H1  H1
//!     4   5   6              1   2   1
//!       7   8                  3   ~~
//! ```
//!
//! Cell 2 is seat 1's homeland (worth 1, next to the castle), cell 5 a
//! Grassland worth 2 and cell 7 a City worth 3: both hold 6 knights, and
//! each has a supply line (7 through 5, 5 through 2, 2 next to the castle).

mod common;

use common::*;
use tourney_core::{Audience, Seat};
use tourney_mastery::{Action, Event, Stationed};

/// The knights seat 1 has on the map: castle and every cell.
fn total(s: &Script) -> u32 {
    let v = s.view();
    let on_cells: u32 = v
        .cells
        .iter()
        .filter(|c| c.kind != "castle" && c.owner == Some(Seat(0)))
        .map(|c| u32::from(c.knights))
        .sum();
    on_cells + u32::from(v.seats[0].castle)
}

/// Seat 1 moves one knight: the move must be on its menu first.
fn step(s: &mut Script, from: u8, to: u8) {
    let action = Action::Move {
        from: cell(from),
        to: cell(to),
    };
    assert!(
        s.legal(0).contains(&action),
        "{from} -> {to} is not offered: {:?}",
        s.legal(0)
    );
    s.act(0, action);
    assert!(!s.is_chance(), "a redistribution draws and rolls nothing");
}

#[test]
fn the_rulebook_redistribution_example_of_page_9() {
    let mut s = Script::standard(2);
    // Nothing on the board but the example; plain hands (no Tactical March
    // or Summon) and Destroy in the discard piles, so no card is involved.
    s.clear_board()
        .knights(2, Some(0), 4)
        .tile(5, "grassland_2")
        .knights(5, Some(0), 4)
        .tile(7, "city_3")
        .knights(7, Some(0), 2)
        .castle(0, 3)
        .plain(&[0, 1]);
    let v = s.view();
    for (number, points) in [(2u8, 1), (5, 2), (7, 3)] {
        let c = &v.cells[usize::from(number - 1)];
        assert_eq!(c.points, points, "cell {number}");
        assert_eq!(c.capacity, 6, "cell {number}");
        assert!(c.supplied, "cell {number}");
    }
    assert_eq!(v.cells[1].kind, "homeland");
    let points = s.points(0);
    assert_eq!(total(&s), 3 + 4 + 4 + 2);

    // Seat 1 is on turn and may redistribute.
    assert_eq!(s.on_move(), vec![0]);
    assert!(s.can(0, Action::Redistribute));
    s.telling();
    s.act(0, Action::Redistribute);

    // Every cell taking part may give to or take from every other.
    let places = [1, 2, 5, 7];
    let mut menu = Vec::new();
    for from in places {
        for to in places.into_iter().filter(|&to| to != from) {
            menu.push(Action::Move {
                from: cell(from),
                to: cell(to),
            });
        }
    }
    menu.push(Action::Done);
    assert_eq!(s.legal(0), menu);

    // Three knights from the territory worth 1 into the castle: 6 there.
    for _ in 0..3 {
        step(&mut s, 2, 1);
        assert_eq!(total(&s), 13, "the total on the map never changes");
    }
    assert_eq!(s.castle_of(0), 6);
    assert_eq!(s.at(2), (Some(0), 1));
    // Its last knight stays: the territory may not be emptied.
    let emptying = Action::Move {
        from: cell(2),
        to: cell(1),
    };
    assert!(!s.can(0, emptying));
    s.refuse(0, emptying);

    // One knight from the territory worth 3 to the one worth 2: 5 there.
    step(&mut s, 7, 5);
    assert_eq!(total(&s), 13);
    assert_eq!(s.at(5), (Some(0), 5));
    assert_eq!(s.at(7), (Some(0), 1));

    // Nothing is told until the redistribution is finished.
    assert_eq!(s.told(), []);
    assert!(s.can(0, Action::Done));
    s.act(0, Action::Done);
    let told = s.told();
    assert_eq!(
        told,
        [(
            Audience::Everyone,
            Event::Redistributed {
                seat: Seat(0),
                castle: Some(6),
                territories: vec![
                    Stationed {
                        cell: cell(2),
                        knights: 1,
                    },
                    Stationed {
                        cell: cell(5),
                        knights: 5,
                    },
                    Stationed {
                        cell: cell(7),
                        knights: 1,
                    },
                ],
            },
        )]
    );
    assert_eq!(
        told[0].1.to_string(),
        "Seat 1 redistributes: now 6 knights in the castle, 1 knight in hex 2, 5 knights in hex 5 \
         and 1 knight in hex 7"
    );

    // The book's result: the castle holds 6, the territory worth 2 holds 5;
    // the same 13 knights, the same territories, the same points.
    assert_eq!(s.castle_of(0), 6);
    assert_eq!(s.at(5), (Some(0), 5));
    assert_eq!(total(&s), 13);
    assert_eq!(s.points(0), points);
    // The redistribution is spent for this round; the march is next.
    assert!(!s.can(0, Action::Redistribute));
    assert!(s.can(0, Action::MarchTo(cell(4))));
}
