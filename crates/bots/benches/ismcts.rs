//! ISMCTS iterations per second at typical decision points of two-seat
//! games: a fixed seed plays `steps` random steps from the start, then on to
//! the next decision with a real choice. Each measured sample is one
//! 2,000-iteration search, with the default leaf (scored by the game's
//! evaluation) and with random playouts to the end (`leaf=playout`), and
//! with a tree per seat (`observers=multiple`). Glory is measured with two
//! seats and solo against Otto. Run with `cargo bench -p tourney-bots`.

use divan::counter::ItemsCount;
use tourney_bots::{Budget, Ismcts, IsmctsConfig, Leaf, Observers};
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Evaluate, GameRng, Seat, ToMove};
use tourney_glory::Glory;
use tourney_joust::CardJoust;
use tourney_mastery::Mastery;
use tourney_ritter::Ritter;

fn main() {
    divan::main();
}

const ITERATIONS: u32 = 2000;

/// Random steps played before the decision point.
const POINTS: [usize; 3] = [0, 40, 100];

/// A state `steps` random steps into a game of `seats` seats (seed 7),
/// moved on to the next point where a seat on move has at least two legal
/// actions.
fn decision_point<G: Evaluate>(seats: usize, steps: usize) -> (G, Seat) {
    let mut state = G::new(&G::Config::default(), seats).expect("the game takes these seats");
    let mut rng = GameRng::seed_from_u64(7);
    let mut buf = Buffers::<G>::default();
    random_playout(&mut state, &mut rng, &mut buf, steps);
    loop {
        match state.to_move() {
            ToMove::Seats(seats) => {
                let seat = seats.first_seat().expect("someone is on move");
                buf.actions.clear();
                state.legal_actions(seat, &mut buf.actions);
                if buf.actions.len() >= 2 {
                    return (state, seat);
                }
            }
            ToMove::Over(_) => panic!("the game ended before a decision point"),
            ToMove::Chance => {}
        }
        random_playout(&mut state, &mut rng, &mut buf, 1);
    }
}

fn search<G: Evaluate>(bencher: divan::Bencher, steps: usize, leaf: Leaf) {
    let config = IsmctsConfig {
        leaf,
        ..IsmctsConfig::with_budget(Budget::Iterations(ITERATIONS))
    };
    search_with::<G>(bencher, 2, steps, config);
}

fn search_with<G: Evaluate>(
    bencher: divan::Bencher,
    seats: usize,
    steps: usize,
    config: IsmctsConfig,
) {
    let (state, seat) = decision_point::<G>(seats, steps);
    let mut bot = Ismcts::<G>::new(config, 1);
    bencher
        .counter(ItemsCount::new(ITERATIONS))
        .bench_local(|| divan::black_box(bot.search(&state, seat)));
}

#[divan::bench(args = POINTS)]
fn joust_iterations(bencher: divan::Bencher, steps: usize) {
    search::<CardJoust>(bencher, steps, Leaf::Evaluate);
}

#[divan::bench(args = POINTS)]
fn ritter_iterations(bencher: divan::Bencher, steps: usize) {
    search::<Ritter>(bencher, steps, Leaf::Evaluate);
}

#[divan::bench(args = POINTS)]
fn joust_playout_iterations(bencher: divan::Bencher, steps: usize) {
    search::<CardJoust>(bencher, steps, Leaf::Playout);
}

#[divan::bench(args = POINTS)]
fn ritter_playout_iterations(bencher: divan::Bencher, steps: usize) {
    search::<Ritter>(bencher, steps, Leaf::Playout);
}

/// Medieval Mastery with evaluated leaves only: a random playout is several
/// hundred steps long.
#[divan::bench(args = POINTS)]
fn mastery_iterations(bencher: divan::Bencher, steps: usize) {
    search::<Mastery>(bencher, steps, Leaf::Evaluate);
}

#[divan::bench(args = POINTS)]
fn joust_observers_iterations(bencher: divan::Bencher, steps: usize) {
    search_with::<CardJoust>(bencher, 2, steps, observers());
}

#[divan::bench(args = POINTS)]
fn ritter_observers_iterations(bencher: divan::Bencher, steps: usize) {
    search_with::<Ritter>(bencher, 2, steps, observers());
}

fn observers() -> IsmctsConfig {
    IsmctsConfig {
        observers: Observers::Multiple,
        ..IsmctsConfig::with_budget(Budget::Iterations(ITERATIONS))
    }
}

/// Glory, two seats, evaluated leaves.
#[divan::bench(args = POINTS)]
fn glory_iterations(bencher: divan::Bencher, steps: usize) {
    search::<Glory>(bencher, steps, Leaf::Evaluate);
}

/// Glory solo against Otto (the default Rivalry, medium).
#[divan::bench(args = POINTS)]
fn glory_solo_iterations(bencher: divan::Bencher, steps: usize) {
    let config = IsmctsConfig::with_budget(Budget::Iterations(ITERATIONS));
    search_with::<Glory>(bencher, 1, steps, config);
}
