//! `Game::evaluate` on states of random games: no heap allocation (bots
//! call it in their inner loops), a value in 0..=1, and the seat's share of
//! the win once the game is over. A test binary of its own, so that nothing
//! else allocates while the allocations are counted.

use tourney_core::testkit::{CountingAllocator, allocations_so_far};
use tourney_core::{Game, GameRng, Seat, ToMove};
use tourney_joust::{CardJoust as TheGame, Config};

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

/// Every state of `games` random games (collected before counting).
fn states(seats: usize, games: u64) -> Vec<TheGame> {
    let mut out = Vec::new();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for game in 0..games {
        let mut rng = GameRng::for_game(11, game);
        let mut state = TheGame::new(&Config::default(), seats).unwrap();
        for _ in 0..20_000 {
            out.push(state);
            match state.to_move() {
                ToMove::Over(_) => break,
                ToMove::Chance => {
                    outcomes.clear();
                    state.chance_outcomes(&mut outcomes);
                    let i = rng.pick_weighted(&outcomes).unwrap();
                    state.apply_chance(&outcomes[i].0).unwrap();
                }
                ToMove::Seats(on_move) => {
                    let seat = on_move.iter().next().unwrap();
                    actions.clear();
                    state.legal_actions(seat, &mut actions);
                    let a = actions[rng.below(actions.len() as u32) as usize];
                    state.apply(seat, &a).unwrap();
                }
            }
        }
    }
    out
}

#[test]
fn evaluate_allocates_nothing_and_stays_in_range() {
    for seats in [2, 3, 6] {
        let states = states(seats, 6);
        let mut values = vec![0.0; states.len() * seats];
        let before = allocations_so_far();
        for (i, state) in states.iter().enumerate() {
            for s in 0..seats {
                values[i * seats + s] = state.evaluate(Seat::new(s));
            }
        }
        let allocations = allocations_so_far() - before;
        assert_eq!(allocations, 0, "{seats} seats: {allocations} allocations");
        for (i, state) in states.iter().enumerate() {
            for s in 0..seats {
                let v = values[i * seats + s];
                assert!((0.0..=1.0).contains(&v), "{seats} seats: value {v}");
                if let ToMove::Over(o) = state.to_move() {
                    assert_eq!(v, o.share(Seat::new(s)));
                }
            }
        }
    }
}
