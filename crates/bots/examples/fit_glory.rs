//! Fits the plan of Glory's evaluation: how much glory each holding is
//! expected to earn by the end of the game, at each moment of it.
//!
//! `cargo run --release -p tourney-bots --example fit_glory -- [GAMES] [SEED] [BOT] [TABLES] [OUT] [FEATURES]`
//!
//! Plays GAMES games (default 200) of each kind of table in TABLES
//! (default `2p,3p,4p,score,rivalry`; `score` and `rivalry` are solo
//! games at every difficulty in turn; `champion` may be named, but its
//! games are played for trophies, not glory, and add nothing to the fit:
//! Champion mode's evaluation is `tournament_odds.rs`) with bot BOT
//! (default `ismcts:300`) in every seat, from seed SEED (default 1), on
//! two threads. At every decision it notes each player's holdings
//! (`Glory::plan_features`) and, when the game ends, the glory each gained
//! from then on. A least-squares fit per moment (`Glory::plan_phase`),
//! lightly held toward zero so that features that never vary stay at
//! zero, gives the weights; the spread of what is left over and Otto's
//! mean gain in Rivalry come with them. The Rust file `plan.rs` holding
//! them is written to OUT (default
//! `crates/glory/src/plan.rs`); the fit's quality goes to standard error.
//!
//! FEATURES (default `base,titles-met,titles-near,tournament-odds`)
//! names the features fitted, of `tourney_glory::PLAN_FEATURE_NAMES`; the
//! others keep weight 0. A least-squares weight says what a holding went
//! with in the games, not what it causes: fitted on everything, the plan
//! paid for mounts and relics that players who were doing well happened
//! to own, and a search guided by it lost three games in four to the plain
//! evaluation. The titles a player already meets turn into glory by the
//! rules themselves, and the tournament glory expected from the dice is
//! worked out from the rules' own odds, so the default fits those alone
//! (`docs/bots-design.md`, "Glory").
//!
//! A plan fitted on games played with the previous plan describes a
//! better player; run it two or three times in a row.

use std::fmt::Write as _;
use tourney_bots::{Bot, BotSpec};
use tourney_core::playout::{Buffers, Chooser, play, sample_chance};
use tourney_core::{Game, GameRng, Seat, SeatSet, Weight};
use tourney_glory::{Config, Glory, PLAN_FEATURE_NAMES, PLAN_FEATURES, PLAN_PHASES, SoloMode};

/// One player's holdings at one moment, and the glory they went on to gain.
struct Sample {
    phase: usize,
    solo: bool,
    otto: bool,
    features: [f64; PLAN_FEATURES],
    glory: f64,
    /// Filled in when the game ends.
    gain: f64,
    player: Seat,
    /// A Champion game: played for trophies, not glory, so its glory is
    /// left out of the fit (the Champion evaluation is `tournament_odds.rs`).
    champion: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let bot = args.get(2).map_or("ismcts:300", String::as_str);
    let tables = args.get(3).map_or("2p,3p,4p,score,rivalry", String::as_str);
    let out = args
        .get(4)
        .map_or("crates/glory/src/plan.rs", String::as_str);
    let fitted = features_named(args.get(5).map_or(
        "base,titles-met,titles-near,tournament-odds",
        String::as_str,
    ));
    let spec = BotSpec::parse(bot).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let mut jobs = Vec::new();
    for table in tables.split(',') {
        for game in 0..games {
            let (config, seats) = table_of(table, game).unwrap_or_else(|| {
                eprintln!("unknown table {table}: 2p, 3p, 4p, score, rivalry or champion");
                std::process::exit(2)
            });
            jobs.push((config, seats, game, table));
        }
    }
    let start = std::time::Instant::now();
    let samples: Vec<Sample> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let jobs = &jobs;
                scope.spawn(move || {
                    jobs.iter()
                        .skip(w)
                        .step_by(2)
                        .flat_map(|&(ref config, seats, game, table)| {
                            let rivalry = table == "rivalry";
                            play_and_note(config, seats, spec, seed, game, rivalry)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    eprintln!(
        "{} games, {} samples in {:.0} s",
        jobs.len(),
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    let names: Vec<&str> = PLAN_FEATURE_NAMES
        .iter()
        .zip(fitted)
        .filter(|(_, on)| *on)
        .map(|(n, _)| *n)
        .collect();
    let how = format!("{games} {seed} {bot} {tables} {out} {}", names.join(","));
    let text = fit(&samples, fitted, &how);
    if let Err(e) = std::fs::write(out, text) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
}

/// Which features a comma-separated list of names turns on; exits with
/// status 2 on a name that is not a feature.
fn features_named(list: &str) -> [bool; PLAN_FEATURES] {
    let mut on = [false; PLAN_FEATURES];
    for name in list.split(',') {
        match PLAN_FEATURE_NAMES.iter().position(|n| *n == name.trim()) {
            Some(i) => on[i] = true,
            None => {
                eprintln!("unknown feature {name}: {}", PLAN_FEATURE_NAMES.join(", "));
                std::process::exit(2)
            }
        }
    }
    on
}

/// The table for game `game` of kind `table`: its options and seat count.
fn table_of(table: &str, game: u64) -> Option<(Config, usize)> {
    let difficulty = ["easy", "medium", "hard"][(game % 3) as usize];
    let solo = |mode: &str| {
        let json = format!(r#"{{"solo":{{"mode":"{mode}","difficulty":"{difficulty}"}}}}"#);
        serde_json::from_str::<Config>(&json).ok().map(|c| (c, 1))
    };
    match table {
        "2p" => Some((Config::default(), 2)),
        "3p" => Some((Config::default(), 3)),
        "4p" => Some((Config::default(), 4)),
        "score" | "rivalry" | "champion" => solo(table),
        _ => None,
    }
}

/// Plays one game with `spec` in every seat, noting every player's
/// holdings at each decision (Otto's only in a Rivalry game).
fn play_and_note(
    config: &Config,
    seats: usize,
    spec: BotSpec,
    seed: u64,
    game: u64,
    rivalry: bool,
) -> Vec<Sample> {
    let Ok(mut state) = Glory::new(config, seats) else {
        return Vec::new();
    };
    let bot_seed = |s: usize| seed.wrapping_mul(1_000_003) ^ (game << 8) ^ s as u64;
    let mut table = Noting {
        bots: (0..seats)
            .map(|s| spec.build::<Glory>(bot_seed(s)))
            .collect(),
        rng: GameRng::for_game(seed, game.wrapping_add(seats as u64 * 1_000_000)),
        samples: Vec::new(),
    };
    let report = play(&mut state, &mut table, &mut Buffers::default(), 100_000);
    if report.outcome.is_none() {
        return Vec::new();
    }
    // Otto scores only in Rivalry; elsewhere his glory stands still.
    table.samples.retain(|s| rivalry || !s.otto);
    let end = state.view(None);
    for s in &mut table.samples {
        let glory = end
            .players
            .get(s.player.index())
            .map_or(0.0, |p| f64::from(p.glory));
        s.gain = glory - s.glory;
    }
    table.samples
}

/// Bots in their seats, and a notebook.
struct Noting {
    bots: Vec<Box<dyn Bot<Glory>>>,
    rng: GameRng,
    samples: Vec<Sample>,
}

impl Chooser<Glory> for Noting {
    fn act(
        &mut self,
        state: &Glory,
        on_move: SeatSet,
        actions: &mut Vec<<Glory as Game>::Action>,
    ) -> Option<(Seat, usize)> {
        if let Some(phase) = state.plan_phase() {
            // What everyone can see: glory, who Otto is, the mode.
            let view = state.view(None);
            let solo = view.solo.as_ref();
            for (p, player) in (0u8..).map(Seat).zip(&view.players) {
                let Some(features) = state.plan_features(p) else {
                    continue;
                };
                self.samples.push(Sample {
                    phase,
                    solo: solo.is_some(),
                    otto: solo.is_some_and(|o| o.otto == p),
                    features,
                    glory: f64::from(player.glory),
                    gain: 0.0,
                    player: p,
                    champion: solo.is_some_and(|o| o.mode == SoloMode::Champion),
                });
            }
        }
        let seat = on_move.first_seat()?;
        let action = self.bots.get_mut(seat.index())?.choose(state, seat)?;
        actions.clear();
        actions.push(action);
        Some((seat, 0))
    }

    fn chance(
        &mut self,
        state: &Glory,
        outcomes: &mut Vec<(<Glory as Game>::Chance, Weight)>,
    ) -> Option<usize> {
        sample_chance(state, outcomes, &mut self.rng)
    }
}

/// The weights, spreads and Otto's gains as the text of `plan.rs`.
fn fit(samples: &[Sample], fitted: [bool; PLAN_FEATURES], how: &str) -> String {
    let table = fit_glory(samples, fitted, false);
    let solo = fit_glory(samples, fitted, true);
    let mut otto = [0.0; PLAN_PHASES];
    for (phase, gain) in otto.iter_mut().enumerate() {
        let ottos: Vec<f64> = samples
            .iter()
            .filter(|s| s.phase == phase && s.otto)
            .map(|s| s.gain)
            .collect();
        if !ottos.is_empty() {
            *gain = ottos.iter().sum::<f64>() / ottos.len() as f64;
        }
    }
    render(&table, &solo, &otto, how)
}

/// A moment of the game, as a person reads it.
fn moment(phase: usize) -> String {
    format!("round {}, {}", phase / 7 + 1, STEPS[phase % 7])
}

const STEPS: [&str; 7] = [
    "actions",
    "journey",
    "maintenance",
    "registration",
    "tournament",
    "final journey",
    "titles",
];

/// One plan (solo games or tables of rivals): weights and spreads.
struct Plan {
    weights: [[f64; PLAN_FEATURES]; PLAN_PHASES],
    spread: [f64; PLAN_PHASES],
}

fn fit_glory(samples: &[Sample], fitted: [bool; PLAN_FEATURES], solo: bool) -> Plan {
    let mut plan = Plan {
        weights: [[0.0; PLAN_FEATURES]; PLAN_PHASES],
        spread: [10.0; PLAN_PHASES],
    };
    for phase in 0..PLAN_PHASES {
        let mine: Vec<&Sample> = samples
            .iter()
            // Champion games are played for trophies, not glory.
            .filter(|s| s.phase == phase && !s.otto && s.solo == solo && !s.champion)
            .collect();
        if mine.len() < 4 * PLAN_FEATURES {
            continue;
        }
        let w = least_squares(&mine, fitted, |s| s.gain);
        let residuals: Vec<f64> = mine
            .iter()
            .map(|s| s.gain - w.iter().zip(s.features).map(|(w, x)| w * x).sum::<f64>())
            .collect();
        let n = residuals.len() as f64;
        let variance = residuals.iter().map(|r| r * r).sum::<f64>() / n;
        let mean = mine.iter().map(|s| s.gain).sum::<f64>() / n;
        let total = mine.iter().map(|s| (s.gain - mean).powi(2)).sum::<f64>() / n;
        eprintln!(
            "{} {}: {} samples, mean gain {mean:.1}, spread {:.1} (R² {:.2})",
            if solo { "solo" } else { "table" },
            moment(phase),
            mine.len(),
            variance.sqrt(),
            1.0 - variance / total.max(1e-9),
        );
        plan.weights[phase] = w;
        plan.spread[phase] = variance.sqrt();
    }
    plan
}

/// Ridge regression of the gain on the features, (XᵀX + λI)w = Xᵀy with
/// the base unpenalised, and no holding worth less than nothing: a
/// feature whose weight comes out negative (a correlation, never a cause:
/// more of a thing never costs glory) is dropped and the rest fitted again.
// Matrix code reads best with its indices.
#[allow(clippy::needless_range_loop)]
fn least_squares(
    samples: &[&Sample],
    fitted: [bool; PLAN_FEATURES],
    y: fn(&Sample) -> f64,
) -> [f64; PLAN_FEATURES] {
    const F: usize = PLAN_FEATURES;
    let mut a = [[0.0; F]; F];
    let mut b = [0.0; F];
    for s in samples {
        for i in 0..F {
            b[i] += s.features[i] * y(s);
            for j in 0..F {
                a[i][j] += s.features[i] * s.features[j];
            }
        }
    }
    let lambda = 1e-2 * samples.len() as f64;
    for (i, row) in a.iter_mut().enumerate().skip(1) {
        row[i] += lambda;
    }
    let mut kept = fitted;
    kept[0] = true;
    loop {
        let (mut a, mut b) = (a, b);
        for i in (0..F).filter(|&i| !kept[i]) {
            for j in 0..F {
                a[i][j] = 0.0;
                a[j][i] = 0.0;
            }
            a[i][i] = 1.0;
            b[i] = 0.0;
        }
        let w = solve(a, b);
        match (1..F)
            .filter(|&i| kept[i])
            .min_by(|&i, &j| w[i].total_cmp(&w[j]))
        {
            Some(worst) if w[worst] < 0.0 => kept[worst] = false,
            _ => return w,
        }
    }
}

/// Gaussian elimination with partial pivoting.
#[allow(clippy::needless_range_loop)]
fn solve<const F: usize>(mut a: [[f64; F]; F], mut b: [f64; F]) -> [f64; F] {
    for col in 0..F {
        let pivot = (col..F)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        for row in 0..F {
            if row != col {
                let f = a[row][col] / d;
                for k in col..F {
                    a[row][k] -= f * a[col][k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    let mut x = [0.0; F];
    for i in 0..F {
        if a[i][i].abs() >= 1e-12 {
            x[i] = b[i] / a[i][i];
        }
    }
    x
}

fn render(table: &Plan, solo: &Plan, otto: &[f64; PLAN_PHASES], how: &str) -> String {
    let rows = |s: &mut String, rows: &[[f64; PLAN_FEATURES]; PLAN_PHASES]| {
        for (phase, w) in rows.iter().enumerate() {
            let row: Vec<String> = w.iter().map(|x| format!("{x:.3}")).collect();
            let _ = writeln!(s, "    // {}\n    [{}],", moment(phase), row.join(", "));
        }
        s.push_str("];\n\n");
    };
    let list = |v: &[f64; PLAN_PHASES]| {
        v.iter()
            .map(|x| format!("{x:.2}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let weights = |name: &str, what: &str| {
        format!(
            "/// {what}\n/// Columns: {}.\n#[rustfmt::skip]\n\
             pub(crate) static {name}: [[f64; PLAN_FEATURES]; PLAN_PHASES] = [\n",
            PLAN_FEATURE_NAMES.join(", ")
        )
    };
    let mut s = format!(
        "//! The plan's weights: what each holding is expected to earn in glory by\n\
         //! the end of the game, at each of the plan's moments (`evaluate.rs`).\n\
         //! Written by `cargo run --release -p tourney-bots --example fit_glory --\n\
         //!     {how}`;\n\
         //! do not edit by hand.\n\n\
         use crate::evaluate::{{PLAN_FEATURES, PLAN_PHASES}};\n\n"
    );
    s.push_str(&weights(
        "TABLE_WEIGHTS",
        "Glory still to come per unit of each feature, by moment, at a table of rivals.",
    ));
    rows(&mut s, &table.weights);
    s.push_str(&weights(
        "SOLO_WEIGHTS",
        "Glory still to come per unit of each feature, by moment, in a solo game.",
    ));
    rows(&mut s, &solo.weights);
    let _ = writeln!(
        s,
        "/// How far a solo player's final glory strays from the estimate\n\
         /// (standard deviation), by moment.\n\
         #[rustfmt::skip]\n\
         pub(crate) static SOLO_SPREAD: [f64; PLAN_PHASES] = [{}];\n\n\
         /// The glory Otto is expected still to gain in Rivalry, by moment.\n\
         #[rustfmt::skip]\n\
         pub(crate) static OTTO_FUTURE: [f64; PLAN_PHASES] = [{}];\n",
        list(&solo.spread),
        list(otto)
    );
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}
