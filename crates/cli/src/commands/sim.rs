//! `tourney sim`: many bot games in parallel, and what came of them.
//!
//! When every seat holds the same kind of bot, seat `i` of each game is
//! player `i` and the report is per seat. When the bots differ, the players
//! rotate round the table from game to game (in game `g`, seat `s` is played
//! by player `(s + g) mod n`), so no bot profits from a seat; the report then
//! also shows each player's results overall and by seat: the cross-table.

use super::emit;
use crate::cli::SimArgs;
use crate::failure::{Failure, Result};
use crate::registry::GameKit;
use crate::seats::SeatKind;
use crate::stats::{quantile, wilson_95};
use crate::{config, registry, seats};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;
use tourney_bots::BotSpec;
use tourney_core::playout::GameSummary;
use tourney_core::{GameRecord, GameRng, Outcome, Seat};

/// What one game contributes to the report.
struct GameResult {
    outcome: Option<Outcome>,
    steps: usize,
    /// Each seat's score at the end, if the game keeps scores.
    scores: Option<Vec<i64>>,
    /// Which player sat at each seat.
    rotation: usize,
}

/// The run, as the workers see it.
struct Run<'a> {
    kit: GameKit,
    config: Value,
    players: Vec<BotSpec>,
    rotate: bool,
    args: &'a SimArgs,
}

pub fn run(args: SimArgs) -> Result<()> {
    let kit = registry::find(&args.game)?;
    let kinds = seats::parse(&args.seats)?;
    seats::check_count(kit.entry.info, &kinds)?;
    let players = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| match kind {
            SeatKind::Bot(spec) => Ok(*spec),
            SeatKind::Human => Err(Failure::bad(format!(
                "--seats: seat {} is `you`, but a simulation has only bots; use `tourney play` to play",
                i + 1
            ))),
        })
        .collect::<Result<Vec<_>>>()?;
    if args.games == 0 {
        return Err(Failure::bad("--games: simulate at least one game"));
    }
    let config = config::load(&kit.entry, args.config.as_deref(), kinds.len())?;
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::io(format!("{}: cannot create the folder: {e}", dir.display()))
        })?;
    }
    let timed = players.iter().find(|p| !p.is_reproducible());
    if let (false, Some(spec)) = (args.json, timed) {
        eprintln!(
            "note: `{spec}` thinks for a fixed time, so this run cannot be repeated exactly; an iteration budget (ismcts:2000) can"
        );
    }
    let rotate = players.windows(2).any(|w| w[0] != w[1]);
    let run = Run {
        kit,
        config,
        players,
        rotate,
        args: &args,
    };
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
                let result = run.one_game(i);
                bar.inc(1);
                result
            })
            .collect()
    });
    bar.finish_and_clear();
    let results = results?;
    let report = run.report(&results, started.elapsed().as_secs_f64());
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

impl Run<'_> {
    fn seats(&self) -> usize {
        self.players.len()
    }

    /// The player at `seat` in a game with this rotation.
    fn player_at(&self, seat: usize, rotation: usize) -> usize {
        (seat + rotation) % self.seats()
    }

    fn one_game(&self, index: u64) -> Result<GameResult> {
        let args = self.args;
        let rotation = if self.rotate {
            (index % self.seats() as u64) as usize
        } else {
            0
        };
        let mut rng = GameRng::for_game(args.seed, index);
        let record_to = args.record.as_ref().map(|dir| {
            let path = dir.join(format!(
                "{}-seed{}-game{:06}.json",
                self.kit.entry.info.name, args.seed, index
            ));
            let names = (0..self.seats())
                .map(|s| self.players[self.player_at(s, rotation)].to_string())
                .collect::<Vec<_>>();
            (path, names)
        });
        let (summary, record) = if self.players.iter().all(|p| *p == BotSpec::Random) {
            self.random_game(&mut rng, record_to.as_ref().map(|(_, names)| names.clone()))?
        } else {
            let bots: Vec<(BotSpec, u64)> = (0..self.seats())
                .map(|s| {
                    (
                        self.players[self.player_at(s, rotation)],
                        seats::bot_seed(args.seed, index, s),
                    )
                })
                .collect();
            let record = record_to
                .as_ref()
                .map(|(_, names)| (names.clone(), args.seed));
            (self.kit.bot_game)(&self.config, &bots, &mut rng, args.max_steps, record)
                .map_err(Failure::bad)?
        };
        if let (Some((path, _)), Some(record)) = (&record_to, &record) {
            write_record(path, record)?;
        }
        Ok(GameResult {
            outcome: summary.report.outcome,
            steps: summary.report.steps,
            scores: summary.scores,
            rotation,
        })
    }

    /// All seats random: the fast path through the core's own playout.
    fn random_game(
        &self,
        rng: &mut GameRng,
        names: Option<Vec<String>>,
    ) -> Result<(GameSummary, Option<GameRecord>)> {
        let entry = &self.kit.entry;
        let max = self.args.max_steps;
        match names {
            None => (entry.random_game)(&self.config, self.seats(), rng, max)
                .map(|r| (r, None))
                .map_err(|e| Failure::bad(e.to_string())),
            Some(names) => {
                (entry.random_game_recorded)(&self.config, names, self.args.seed, rng, max)
                    .map(|(r, record)| (r, Some(record)))
                    .map_err(|e| Failure::bad(e.to_string()))
            }
        }
    }

    fn report(&self, results: &[GameResult], seconds: f64) -> Value {
        let n = results.len() as f64;
        let finished: Vec<(&Outcome, usize)> = results
            .iter()
            .filter_map(|r| r.outcome.as_ref().map(|o| (o, r.rotation)))
            .collect();
        // A solo game (one seat) has no draws: it is won or lost.
        let solo = self.seats() == 1;
        let nobody = finished
            .iter()
            .filter(|(o, _)| o.winners.is_empty())
            .count();
        let draws = if solo {
            0
        } else {
            finished.iter().filter(|(o, _)| o.is_draw()).count()
        };
        let seats: Vec<Value> = (0..self.seats())
            .map(|s| {
                let label = if self.rotate {
                    "rotating".to_string()
                } else {
                    self.players[s].to_string()
                };
                let mut row = tally(
                    finished.iter().map(|(o, _)| (*o, Seat::new(s))),
                    n,
                    json!({"seat": s + 1, "player": label}),
                );
                if let Some(score) = score_summary(results.iter().map(|r| (r, s))) {
                    row["score"] = score;
                }
                row
            })
            .collect();
        let mut lengths: Vec<usize> = results.iter().map(|r| r.steps).collect();
        lengths.sort_unstable();
        let total_steps: usize = lengths.iter().sum();
        let mut report = json!({
            "game": self.kit.entry.info.name,
            "games": results.len(),
            "seed": self.args.seed,
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
        });
        if solo {
            report["losses"] = json!(nobody);
        }
        if self.rotate {
            report["players"] = Value::Array(
                (0..self.seats())
                    .map(|p| self.player_report(p, results, &finished))
                    .collect(),
            );
        }
        report
    }

    /// One player's results overall and at each seat (the cross-table row).
    fn player_report(
        &self,
        player: usize,
        results: &[GameResult],
        finished: &[(&Outcome, usize)],
    ) -> Value {
        let n = results.len() as f64;
        let seat_of = |rotation: usize| {
            Seat::new((player + self.seats() - rotation % self.seats()) % self.seats())
        };
        let mut row = tally(
            finished.iter().map(|(o, rot)| (*o, seat_of(*rot))),
            n,
            json!({"player": player + 1, "bot": self.players[player].to_string()}),
        );
        let by_seat: Vec<Value> = (0..self.seats())
            .map(|s| {
                let played = results
                    .iter()
                    .filter(|r| seat_of(r.rotation).index() == s)
                    .count() as f64;
                let games = finished
                    .iter()
                    .filter(|(_, rot)| seat_of(*rot).index() == s);
                tally(
                    games.map(|(o, rot)| (*o, seat_of(*rot))),
                    played,
                    json!({"seat": s + 1, "games": played as u64}),
                )
            })
            .collect();
        row["by_seat"] = Value::Array(by_seat);
        let at_seat = results.iter().map(|r| (r, seat_of(r.rotation).index()));
        if let Some(score) = score_summary(at_seat) {
            row["score"] = score;
        }
        row
    }
}

/// The score one seat or player ended finished games with: mean, least,
/// quartiles and most, for each `(game, seat it sat at)`. `None` when the
/// game keeps no score or no game finished.
fn score_summary<'a>(games: impl Iterator<Item = (&'a GameResult, usize)>) -> Option<Value> {
    let mut scores: Vec<i64> = games
        .filter(|(r, _)| r.outcome.is_some())
        .map(|(r, seat)| r.scores.as_ref().and_then(|s| s.get(seat).copied()))
        .collect::<Option<_>>()?;
    if scores.is_empty() {
        return None;
    }
    scores.sort_unstable();
    let mean = scores.iter().sum::<i64>() as f64 / scores.len() as f64;
    Some(json!({
        "games": scores.len(),
        "mean": (mean * 100.0).round() / 100.0,
        "min": scores[0],
        "p25": quantile(&scores, 0.25),
        "p50": quantile(&scores, 0.5),
        "p75": quantile(&scores, 0.75),
        "max": scores[scores.len() - 1],
    }))
}

/// Wins, shared wins, win rate with its 95% interval and win share of one
/// seat or player over `n` games, added to `base`.
fn tally<'a>(games: impl Iterator<Item = (&'a Outcome, Seat)>, n: f64, mut base: Value) -> Value {
    let (mut wins, mut shared, mut share) = (0usize, 0usize, 0.0);
    for (outcome, seat) in games {
        if outcome.winners.contains(seat) {
            if outcome.is_draw() {
                shared += 1;
            } else {
                wins += 1;
            }
        }
        share += outcome.share(seat);
    }
    let (low, high) = wilson_95(wins as f64, n);
    base["wins"] = json!(wins);
    base["shared_wins"] = json!(shared);
    base["win_rate"] = json!(if n > 0.0 { wins as f64 / n } else { 0.0 });
    base["win_rate_ci95"] = json!([low, high]);
    base["win_share"] = json!(if n > 0.0 { share / n } else { 0.0 });
    base
}

fn write_record(path: &Path, record: &GameRecord) -> Result<()> {
    let text = serde_json::to_string(record)
        .map_err(|e| Failure::io(format!("cannot encode a record: {e}")))?;
    std::fs::write(path, text + "\n")
        .map_err(|e| Failure::io(format!("{}: cannot write: {e}", path.display())))
}

fn readable(r: &Value) -> String {
    let mut text = format!(
        "{} games of {} (seed {})\n\n",
        r["games"],
        r["game"].as_str().unwrap_or("?"),
        r["seed"]
    );
    if let Some(players) = r["players"].as_array() {
        text += "Players rotate round the table from game to game.\n\n";
        text += "player  bot                 wins   win rate  95% interval      shared\n";
        for p in players {
            text += &format!(
                "{:>6}  {:<16} {}\n",
                p["player"].as_u64().unwrap_or(0),
                p["bot"].as_str().unwrap_or("?"),
                rate_columns(p)
            );
        }
        text += "\nwin rate by seat (cross-table)\n";
        text += &format!("{:<24}", "player");
        let seats = players
            .first()
            .and_then(|p| p["by_seat"].as_array())
            .map_or(0, Vec::len);
        for s in 1..=seats {
            text += &format!("{:>11}", format!("seat {s}"));
        }
        text += "\n";
        for p in players {
            text += &format!(
                "{:<24}",
                format!("{} {}", p["player"], p["bot"].as_str().unwrap_or("?"))
            );
            for cell in p["by_seat"].as_array().into_iter().flatten() {
                text += &format!("{:>10.2}%", pct(&cell["win_rate"]));
            }
            text += "\n";
        }
    } else {
        text += "seat  player              wins   win rate  95% interval      shared\n";
        for s in r["seats"].as_array().into_iter().flatten() {
            text += &format!(
                "{:>4}  {:<16} {}\n",
                s["seat"].as_u64().unwrap_or(0),
                s["player"].as_str().unwrap_or("?"),
                rate_columns(s)
            );
        }
    }
    let rows = r["players"]
        .as_array()
        .or_else(|| r["seats"].as_array())
        .into_iter()
        .flatten();
    let mut scores = String::new();
    for row in rows {
        let score = &row["score"];
        if score.is_null() {
            continue;
        }
        let who = match row.get("player") {
            Some(p) if r["players"].is_array() => format!("player {p}"),
            _ => format!("seat {}", row["seat"]),
        };
        scores += &format!(
            "{who:<10} mean {:>7.2}   least {:>5}   quartiles {:>5} {:>5} {:>5}   most {:>5}\n",
            score["mean"].as_f64().unwrap_or(0.0),
            int(&score["min"]),
            int(&score["p25"]),
            int(&score["p50"]),
            int(&score["p75"]),
            int(&score["max"])
        );
    }
    if !scores.is_empty() {
        text += "\nscore at the end of finished games\n";
        text += &scores;
    }
    if r.get("losses").is_some() {
        text += &format!(
            "\nsolo games lost: {}   unfinished: {}\n",
            r["losses"], r["unfinished"]
        );
    } else {
        text += &format!(
            "\ndraws or shared wins: {}   unfinished: {}\n",
            r["draws"], r["unfinished"]
        );
    }
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

fn rate_columns(row: &Value) -> String {
    let ci = &row["win_rate_ci95"];
    format!(
        "{:>6}   {:>6.2}%   {:>6.2}%–{:>6.2}%  {:>6}",
        row["wins"].as_u64().unwrap_or(0),
        pct(&row["win_rate"]),
        pct(&ci[0]),
        pct(&ci[1]),
        row["shared_wins"].as_u64().unwrap_or(0)
    )
}

/// A whole number of the report, for a padded column (a `Value` prints
/// without padding).
fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or(0)
}

fn pct(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0) * 100.0
}
