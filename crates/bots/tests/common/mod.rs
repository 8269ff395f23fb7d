//! Decision points shared by the bot tests.
#![allow(dead_code)]

use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Game, GameRng, Seat, ToMove};

/// Every state of one random game (seed `seed`, `seats` seats) at which a
/// seat on move has at least two legal actions, with that seat (one entry
/// per such seat when several are on move at once).
pub fn decision_points<G: Game>(seats: usize, seed: u64) -> Vec<(G, Seat)> {
    let mut state = G::new(&G::Config::default(), seats).expect("a valid table");
    let mut rng = GameRng::seed_from_u64(seed);
    let mut buf = Buffers::<G>::default();
    let mut points = Vec::new();
    for _ in 0..100_000 {
        match state.to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {}
            ToMove::Seats(on_move) => {
                for seat in on_move.iter() {
                    buf.actions.clear();
                    state.legal_actions(seat, &mut buf.actions);
                    if buf.actions.len() >= 2 {
                        points.push((state.clone(), seat));
                    }
                }
            }
        }
        if random_playout(&mut state, &mut rng, &mut buf, 1).steps == 0 {
            break;
        }
    }
    points
}

/// Every `every`-th decision point of a game, for tests that cannot afford
/// them all.
pub fn some_points<G: Game>(seats: usize, seed: u64, every: usize) -> Vec<(G, Seat)> {
    decision_points::<G>(seats, seed)
        .into_iter()
        .step_by(every.max(1))
        .collect()
}

/// The seat's view as JSON: what it may see, and nothing else.
pub fn view_json<G: Game>(state: &G, seat: Seat) -> String {
    serde_json::to_string(&state.view(Some(seat))).expect("views serialize")
}

/// Whether `action` is legal for `seat` in `state`.
pub fn is_legal<G: Game>(state: &G, seat: Seat, action: &G::Action) -> bool {
    let mut actions = Vec::new();
    state.legal_actions(seat, &mut actions);
    actions.contains(action)
}
