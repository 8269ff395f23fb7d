//! `tourney sim`: many bot games in parallel, and what came of them.

use super::emit;
use crate::cli::SimArgs;
use crate::failure::{Failure, Result};
use crate::seats::SeatKind;
use crate::stats::{quantile, wilson_95};
use crate::{config, registry, seats};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;
use tourney_core::{GameEntry, GameRng, Outcome};

/// What one game contributes to the report.
struct GameResult {
    outcome: Option<Outcome>,
    steps: usize,
}

pub fn run(args: SimArgs) -> Result<()> {
    let entry = registry::find(&args.game)?;
    let kinds = seats::parse(&args.seats)?;
    seats::check_count(entry.info, &kinds)?;
    if let Some(i) = kinds.iter().position(|k| *k == SeatKind::Human) {
        return Err(Failure::bad(format!(
            "--seats: seat {} is `you`, but a simulation has only bots; use `tourney play` to play",
            i + 1
        )));
    }
    if args.games == 0 {
        return Err(Failure::bad("--games: simulate at least one game"));
    }
    let config = config::load(&entry, args.config.as_deref(), kinds.len())?;
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::io(format!("{}: cannot create the folder: {e}", dir.display()))
        })?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure::io(format!("cannot start worker threads: {e}")))?;
    let bar = progress_bar(args.games, args.json);
    let started = Instant::now();
    let results: Result<Vec<GameResult>> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let result = one_game(&entry, &config, &kinds, &args, i);
                bar.inc(1);
                result
            })
            .collect()
    });
    bar.finish_and_clear();
    let results = results?;
    let seconds = started.elapsed().as_secs_f64();
    let report = report(&entry, &kinds, &args, &results, seconds);
    if args.json {
        emit(&format!("{report}\n"))
    } else {
        emit(&readable(&report))
    }
}

fn progress_bar(games: u64, json: bool) -> ProgressBar {
    // indicatif draws nothing when stderr is not a terminal; JSON runs are
    // for machines, so they get no bar either.
    if json {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

fn one_game(
    entry: &GameEntry,
    config: &Value,
    kinds: &[SeatKind],
    args: &SimArgs,
    index: u64,
) -> Result<GameResult> {
    let mut rng = GameRng::for_game(args.seed, index);
    let Some(dir) = &args.record else {
        let report = (entry.random_game)(config, kinds.len(), &mut rng, args.max_steps)
            .map_err(|e| Failure::bad(e.to_string()))?;
        return Ok(GameResult {
            outcome: report.outcome,
            steps: report.steps,
        });
    };
    let (report, record) = (entry.random_game_recorded)(
        config,
        seats::names(kinds),
        args.seed,
        &mut rng,
        args.max_steps,
    )
    .map_err(|e| Failure::bad(e.to_string()))?;
    let path = dir.join(format!(
        "{}-seed{}-game{:06}.json",
        entry.info.name, args.seed, index
    ));
    write_record(&path, &record)?;
    Ok(GameResult {
        outcome: report.outcome,
        steps: report.steps,
    })
}

fn write_record(path: &Path, record: &tourney_core::GameRecord) -> Result<()> {
    let text = serde_json::to_string(record)
        .map_err(|e| Failure::io(format!("cannot encode a record: {e}")))?;
    std::fs::write(path, text + "\n")
        .map_err(|e| Failure::io(format!("{}: cannot write: {e}", path.display())))
}

fn report(
    entry: &GameEntry,
    kinds: &[SeatKind],
    args: &SimArgs,
    results: &[GameResult],
    seconds: f64,
) -> Value {
    let n = results.len() as f64;
    let finished: Vec<&Outcome> = results.iter().filter_map(|r| r.outcome.as_ref()).collect();
    let draws = finished.iter().filter(|o| o.is_draw()).count();
    let seats: Vec<Value> = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let seat = tourney_core::Seat::new(i);
            let wins = finished
                .iter()
                .filter(|o| !o.is_draw() && o.winners.contains(seat))
                .count();
            // A win shared with others: a draw, or a team's win (Loyalty).
            let shared = finished
                .iter()
                .filter(|o| o.is_draw() && o.winners.contains(seat))
                .count();
            let share: f64 = finished.iter().map(|o| o.share(seat)).sum();
            let (low, high) = wilson_95(wins as f64, n);
            json!({
                "seat": i + 1,
                "player": kind.to_string(),
                "wins": wins,
                "shared_wins": shared,
                "win_rate": wins as f64 / n,
                "win_rate_ci95": [low, high],
                "win_share": share / n,
            })
        })
        .collect();
    let mut lengths: Vec<usize> = results.iter().map(|r| r.steps).collect();
    lengths.sort_unstable();
    let total_steps: usize = lengths.iter().sum();
    json!({
        "game": entry.info.name,
        "games": results.len(),
        "seed": args.seed,
        "seats": seats,
        "draws": draws,
        "unfinished": results.len() - finished.len(),
        "length_steps": {
            "mean": total_steps as f64 / n,
            "p50": quantile(&lengths, 0.5),
            "p95": quantile(&lengths, 0.95),
        },
        "seconds": seconds,
        "games_per_second": n / seconds.max(1e-9),
        "steps_per_second": total_steps as f64 / seconds.max(1e-9),
    })
}

fn readable(r: &Value) -> String {
    let mut text = format!(
        "{} games of {} (seed {})\n\n",
        r["games"],
        r["game"].as_str().unwrap_or("?"),
        r["seed"]
    );
    text += "seat  player    wins   win rate  95% interval      shared\n";
    for s in r["seats"].as_array().into_iter().flatten() {
        let ci = &s["win_rate_ci95"];
        text += &format!(
            "{:>4}  {:<8} {:>6}   {:>6.2}%   {:>6.2}%–{:>6.2}%  {:>6}\n",
            s["seat"].as_u64().unwrap_or(0),
            s["player"].as_str().unwrap_or("?"),
            s["wins"].as_u64().unwrap_or(0),
            pct(&s["win_rate"]),
            pct(&ci[0]),
            pct(&ci[1]),
            s["shared_wins"].as_u64().unwrap_or(0)
        );
    }
    text += &format!(
        "\ndraws or shared wins: {}   unfinished: {}\n",
        r["draws"], r["unfinished"]
    );
    let len = &r["length_steps"];
    text += &format!(
        "game length in steps: mean {:.1}, median {}, p95 {}\n",
        len["mean"].as_f64().unwrap_or(0.0),
        len["p50"],
        len["p95"]
    );
    text += &format!(
        "speed: {:.0} games/s, {:.0} steps/s ({:.2} s)\n",
        r["games_per_second"].as_f64().unwrap_or(0.0),
        r["steps_per_second"].as_f64().unwrap_or(0.0),
        r["seconds"].as_f64().unwrap_or(0.0)
    );
    text
}

fn pct(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0) * 100.0
}
