//! `tourney play`: a game in the terminal.
//!
//! People choose from numbered menus; bots move by themselves; dice and cards
//! are sampled or, in table mode, typed in from the physical components. On a
//! terminal the screen is redrawn for each decision, with a hand-over screen
//! between different people so nobody sees another's hidden cards. When
//! standard input is not a terminal, one menu number is read per line and
//! plain text is printed, so a game can be scripted.

use crate::cli::{ChanceSource, PlayArgs};
use crate::commands::emit;
use crate::failure::{Failure, Result};
use crate::seats::SeatKind;
use crate::{config, registry, seats};
use std::io::{BufRead, IsTerminal};
use std::path::Path;
use tourney_core::{DynGame, GameRng, Outcome, Seat, SeatSet, ToMove};
use tourney_table::{DynBot, LogLine, Visibility, log};

/// How many of the latest events a redrawn screen shows.
const LOG_LINES: usize = 14;

pub fn run(args: PlayArgs) -> Result<()> {
    let kit = registry::find(&args.game)?;
    let entry = kit.entry;
    let kinds = seats::parse(&args.seats)?;
    seats::check_count(entry.info, &kinds)?;
    let config = config::load(&entry, args.config.as_deref(), kinds.len())?;
    let manual = args.chance == ChanceSource::Manual;
    let seed = args.seed.unwrap_or_else(clock_seed);
    // A record of a table-mode game has no seed: its outcomes were typed in.
    let mut game = (entry.create)(&config, seats::names(&kinds), (!manual).then_some(seed))
        .map_err(|e| Failure::bad(e.to_string()))?;
    game.tell_events(true);
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal() && std::io::stdout().is_terminal();
    let bots = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| match kind {
            SeatKind::Human => None,
            SeatKind::Bot(spec) => Some((kit.new_bot)(spec, seats::bot_seed(seed, 0, i))),
        })
        .collect();
    let names = seat_names(&kinds);
    let mut table = Table {
        game,
        bots,
        kinds,
        names,
        manual,
        rng: GameRng::seed_from_u64(seed),
        input: Input {
            lines: Box::new(stdin.lock().lines()),
            line_no: 0,
            interactive,
        },
        log: Vec::new(),
        last_human: None,
        ask_forced: args.ask_forced,
    };
    if !manual {
        table.say(&format!(
            "Seed {seed} (replay these dice with --seed {seed})."
        ))?;
    }
    let result = table.play();
    if let Some(path) = &args.record {
        save_record(table.game.as_ref(), path)?;
        emit(&format!("Record saved to {}.\n", path.display()))?;
    }
    result
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn save_record(game: &dyn DynGame, path: &Path) -> Result<()> {
    let text = serde_json::to_string_pretty(&game.record())
        .map_err(|e| Failure::io(format!("cannot encode the record: {e}")))?;
    std::fs::write(path, text + "\n")
        .map_err(|e| Failure::io(format!("{}: cannot write the record: {e}", path.display())))
}

struct Input {
    lines: Box<dyn Iterator<Item = std::io::Result<String>>>,
    line_no: usize,
    interactive: bool,
}

impl Input {
    /// Asks and reads one line. Without a terminal the prompt is still
    /// printed, on a line of its own starting with `? `, so a script driving
    /// the game can tell when it is asked and what.
    fn read(&mut self, prompt: &str) -> Result<String> {
        if self.interactive {
            emit(&format!("{prompt} "))?;
        } else {
            emit(&format!("? {prompt}\n"))?;
        }
        self.line_no += 1;
        match self.lines.next() {
            Some(Ok(line)) => Ok(line.trim().to_string()),
            Some(Err(e)) => Err(Failure::io(format!("cannot read standard input: {e}"))),
            None => Err(Failure::bad(format!(
                "standard input ended at line {} before the game did",
                self.line_no
            ))),
        }
    }
}

struct Table {
    game: Box<dyn DynGame>,
    /// One bot per bot seat (`None` for people).
    bots: Vec<Option<Box<dyn DynBot>>>,
    kinds: Vec<SeatKind>,
    /// How the screen names each seat: "Seat 1" for a person here, a bot
    /// by its level ("Bot (hard)"), as the browser does.
    names: Vec<String>,
    manual: bool,
    rng: GameRng,
    input: Input,
    log: Vec<LogLine>,
    last_human: Option<Seat>,
    /// Ask for forced moves too (`--ask-forced`).
    ask_forced: bool,
}

enum Turn {
    Continue,
    Quit,
}

impl Table {
    fn play(&mut self) -> Result<()> {
        loop {
            let turn = match self.game.to_move() {
                ToMove::Over(outcome) => return self.finish(outcome),
                ToMove::Chance => self.chance()?,
                ToMove::Seats(on_move) => self.seats(on_move)?,
            };
            if let Turn::Quit = turn {
                return emit(&format!(
                    "Game abandoned after {} steps.\n",
                    self.game.steps_taken()
                ));
            }
        }
    }

    fn humans(&self) -> usize {
        self.kinds.iter().filter(|k| **k == SeatKind::Human).count()
    }

    fn kind(&self, seat: Seat) -> SeatKind {
        self.kinds
            .get(seat.index())
            .copied()
            .unwrap_or(SeatKind::Human)
    }

    fn who(&self, seat: Seat) -> String {
        self.names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.bots.get(seat.index()).is_some_and(Option::is_some)
    }

    /// Whether anyone at this screen may read a line: one of the people, or
    /// whoever watches a game of bots.
    fn audience_may_read(&self, visibility: Visibility) -> bool {
        if self.humans() == 0 {
            return visibility.admits(None);
        }
        (0..self.kinds.len())
            .map(Seat::new)
            .any(|s| self.kind(s) == SeatKind::Human && visibility.admits(Some(s)))
    }

    /// Logs a line if anyone here may read it; without a screen to redraw
    /// it is printed at once (a private line only when one person plays).
    fn record(&mut self, mut line: LogLine) -> Result<()> {
        if !self.audience_may_read(line.visibility) {
            return Ok(());
        }
        line.text = log::name_seats(&line.text, &self.names);
        if let Some(run) = &mut line.run {
            run.stem = log::name_seats(&run.stem, &self.names);
        }
        let private = matches!(line.visibility, Visibility::Only(_));
        if !self.input.interactive && (!private || self.humans() <= 1) {
            emit(&format!("{}\n", shown(&line)))?;
        }
        self.log.push(line);
        Ok(())
    }

    /// Logs a step's own lines, then the events the step made happen.
    fn record_all(&mut self, lines: [Option<LogLine>; 2]) -> Result<()> {
        self.record_step(lines.into_iter().flatten())
    }

    /// Logs a step's own lines and the events it made happen, one line per
    /// happening (see [`log::fold`]).
    fn record_step(&mut self, own: impl Iterator<Item = LogLine>) -> Result<()> {
        let lines = own.chain(log::events(self.game.take_events())).collect();
        log::fold(lines)
            .into_iter()
            .try_for_each(|l| self.record(l))
    }

    fn say(&mut self, text: &str) -> Result<()> {
        self.record(LogLine::everyone(text))
    }

    fn chance(&mut self) -> Result<Turn> {
        let step = self.game.chance_step_label();
        let series = self.game.chance_step_series();
        let open = self.game.chance_is_open();
        if !self.manual {
            let label = self
                .game
                .sample_chance(&mut self.rng)
                .map_err(|e| Failure::bad(format!("the game refused its own chance step: {e}")))?;
            self.record_step(std::iter::once(log::chance_in(series, &step, &label, open)))?;
            return Ok(Turn::Continue);
        }
        let labels = self.game.chance_labels();
        let names: Vec<&str> = labels.iter().map(|(l, _)| l.as_str()).collect();
        loop {
            let typed = self
                .input
                .read(&format!("{step} — what came up? [{}]", names.join(", ")))?;
            if typed.eq_ignore_ascii_case("q") {
                return Ok(Turn::Quit);
            }
            match match_outcome(&names, &typed) {
                Some(index) => {
                    let label = self
                        .game
                        .apply_chance_index(index)
                        .map_err(|e| Failure::bad(e.to_string()))?;
                    let line = log::chance_in(series.clone(), &step, &label, true);
                    self.record_step(std::iter::once(line))?;
                    return Ok(Turn::Continue);
                }
                None => {
                    let reason = format!(
                        "`{typed}` cannot come up now; it can be one of: {}",
                        names.join(", ")
                    );
                    if !self.input.interactive {
                        return Err(Failure::bad(format!(
                            "line {}: {reason}",
                            self.input.line_no
                        )));
                    }
                    emit(&format!("{reason}\n"))?;
                }
            }
        }
    }

    fn seats(&mut self, on_move: SeatSet) -> Result<Turn> {
        let Some(seat) = log::next_to_commit(on_move, |s| self.is_bot(s)) else {
            return Err(Failure::bad("the game is waiting for nobody"));
        };
        let Some(Some(bot)) = self.bots.get_mut(seat.index()) else {
            return self.human(seat);
        };
        let applied = bot
            .play(self.game.as_mut(), seat)
            .map_err(|e| Failure::bad(format!("{seat}: {e}")))?;
        self.record_all(log::action(&self.who(seat), seat, &applied, ""))?;
        Ok(Turn::Continue)
    }

    fn human(&mut self, seat: Seat) -> Result<Turn> {
        let labels = self.game.action_labels(seat);
        // A move with no alternative is made at once, without a screen:
        // nothing is shown, so no hand-over is needed either.
        if labels.len() == 1 && !self.ask_forced {
            return self.take(seat, 0, " (the only move)");
        }
        if self.humans() > 1 && self.last_human != Some(seat) {
            self.hand_over(seat)?;
        }
        self.last_human = Some(seat);
        self.draw_screen(seat, &labels)?;
        loop {
            let typed = self.input.read(&format!(
                "{seat}, your choice (1-{}, q to quit):",
                labels.len()
            ))?;
            if typed.eq_ignore_ascii_case("q") {
                return Ok(Turn::Quit);
            }
            let choice = typed
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=labels.len()).contains(n));
            let Some(n) = choice else {
                let reason = format!(
                    "`{typed}` is not on the menu; choose a number from 1 to {}",
                    labels.len()
                );
                if !self.input.interactive {
                    return Err(Failure::bad(format!(
                        "line {}: {reason}",
                        self.input.line_no
                    )));
                }
                emit(&format!("{reason}\n"))?;
                continue;
            };
            return self.take(seat, n - 1, "");
        }
    }

    /// Applies the person's move number `index` and logs it (`note` is
    /// added to the log line).
    fn take(&mut self, seat: Seat, index: usize, note: &str) -> Result<Turn> {
        let applied = self
            .game
            .apply_index(seat, index)
            .map_err(|e| Failure::bad(format!("line {}: {e}", self.input.line_no)))?;
        self.record_all(log::action(&self.who(seat), seat, &applied, note))?;
        Ok(Turn::Continue)
    }

    /// Between two people at one screen: clear it and wait until the right
    /// person is looking.
    fn hand_over(&mut self, seat: Seat) -> Result<()> {
        if self.input.interactive {
            emit(&format!(
                "\x1b[2J\x1b[HHand over to {seat}. Everyone else, look away.\n"
            ))?;
            self.input
                .read("Press Enter when only that player can see the screen.")?;
        } else {
            emit(&format!("--- {seat} to act ---\n"))?;
        }
        Ok(())
    }

    fn draw_screen(&self, seat: Seat, labels: &[String]) -> Result<()> {
        let mut screen = String::new();
        if self.input.interactive {
            screen += "\x1b[2J\x1b[H";
            let visible = self.log.iter().filter(|l| l.visibility.admits(Some(seat)));
            let recent = fold_log(visible);
            let start = recent.len().saturating_sub(LOG_LINES);
            if start < recent.len() {
                screen += "What happened:\n";
                for line in &recent[start..] {
                    screen += &format!("  {line}\n");
                }
                screen += "\n";
            }
        }
        screen += &self.game.render(Some(seat));
        screen += &format!("\n{seat}, choose:\n");
        for (i, label) in labels.iter().enumerate() {
            screen += &format!("  {:>3}. {label}\n", i + 1);
        }
        emit(&screen)
    }

    fn finish(&mut self, outcome: Outcome) -> Result<()> {
        let mut text = String::new();
        if self.input.interactive {
            text += "\x1b[2J\x1b[H";
        }
        text += "\n=== Game over ===\n";
        text += &self.game.render(None);
        text += "\n";
        let solo = self.game.seats() == 1;
        text += &match outcome.winners.len() {
            0 if solo => format!("{} loses the solo game.", self.who(Seat::new(0))),
            1 if solo => format!("{} wins the solo game!", self.who(Seat::new(0))),
            0 => "Nobody wins.".to_string(),
            1 => format!(
                "{} wins!",
                outcome
                    .winners
                    .iter()
                    .map(|s| self.who(s))
                    .collect::<String>()
            ),
            _ => format!(
                "A draw between {}.",
                outcome
                    .winners
                    .iter()
                    .map(|s| self.who(s))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        };
        text += &format!(" ({} steps)\n", self.game.steps_taken());
        emit(&text)
    }
}

/// One line of the folded log: a run of similar lines shown once.
struct Folded {
    stem: String,
    values: Vec<String>,
    count: usize,
    /// Whether the lines are steps of one run (the game said so), rather
    /// than the same text again.
    run: bool,
}

/// A log line as the terminal prints it: an event indented under the step
/// that caused it.
/// The terminal's names for the seats: a person by seat number (several
/// may share the screen), a bot by its level, any two alike told apart.
fn seat_names(kinds: &[SeatKind]) -> Vec<String> {
    let names = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| match kind {
            SeatKind::Human => format!("Seat {}", i + 1),
            SeatKind::Bot(spec) => tourney_table::seats::bot_name(&spec.to_string()),
        })
        .collect();
    tourney_table::seats::told_apart(names)
}

fn shown(line: &LogLine) -> String {
    if line.is_event() {
        format!("  {}", line.text)
    } else {
        line.text.clone()
    }
}

/// Folds runs of similar lines so a screen shows more of the game: the
/// steps of one roll or draw, which the game marks as a run, become
/// "STEM: 3 6" (or "STEM ×5" when this reader saw no values), and a line
/// repeated word for word becomes "line ×4".
fn fold_log<'a>(lines: impl Iterator<Item = &'a LogLine>) -> Vec<String> {
    let mut folded: Vec<Folded> = Vec::new();
    for line in lines {
        let (stem, value, run) = match &line.run {
            Some(r) => (r.stem.clone(), r.value.clone(), true),
            None => (shown(line), None, false),
        };
        match folded.last_mut() {
            Some(last)
                if last.run == run
                    && last.stem == stem
                    && last.values.is_empty() == value.is_none() =>
            {
                last.count += 1;
                last.values.extend(value);
            }
            _ => folded.push(Folded {
                stem,
                values: value.into_iter().collect(),
                count: 1,
                run,
            }),
        }
    }
    folded
        .into_iter()
        .map(|f| match (f.values.is_empty(), f.count) {
            (false, _) => format!("{}: {}", f.stem, f.values.join(" ")),
            (true, 1) => f.stem,
            (true, n) => format!("{} ×{n}", f.stem),
        })
        .collect()
}

/// Finds the outcome a person typed: its label, or the label's last word
/// ("9" for "card 9"), ignoring case.
fn match_outcome(labels: &[&str], typed: &str) -> Option<usize> {
    let typed = typed.trim();
    if typed.is_empty() {
        return None;
    }
    // A label may say what the outcome does after a colon ("a snake (1):
    // cancels one success"); what a person types names the outcome only.
    let lead = |l: &str| l.split(':').next().unwrap_or(l).trim().to_string();
    // Its last word ("card 10", "a snake (1)"), or a leading number
    // ("11 (feather)").
    let short = |l: &str, typed: &str| {
        let lead = lead(l);
        let last = lead.rsplit(' ').next().unwrap_or("");
        let first = lead.split(' ').next().unwrap_or("");
        last.trim_matches(|c| c == '(' || c == ')')
            .eq_ignore_ascii_case(typed)
            || (first.chars().all(|c| c.is_ascii_digit()) && first == typed)
    };
    labels
        .iter()
        .position(|l| l.eq_ignore_ascii_case(typed) || lead(l).eq_ignore_ascii_case(typed))
        .or_else(|| labels.iter().position(|l| short(l, typed)))
}

#[cfg(test)]
mod tests {
    use super::{fold_log, match_outcome};
    use tourney_core::Series;
    use tourney_table::{LogLine, log};

    /// A step of a run, as the game describes it.
    fn step(stem: &str, index: u16, of: u16, value: Option<&str>) -> LogLine {
        let series = Series {
            stem: stem.to_string(),
            index,
            of,
        };
        let text = format!("{stem} ({index} of {of})");
        log::chance_in(Some(series), &text, value.unwrap_or(""), value.is_some())
    }

    #[test]
    fn similar_log_lines_fold() {
        let hidden = LogLine::everyone("seat 2 (random) chooses in secret");
        let log = [
            step("Seat 1 draws a number card", 1, 5, None),
            step("Seat 1 draws a number card", 2, 5, None),
            step("Seat 2 rolls a d12", 1, 2, Some("7")),
            step("Seat 2 rolls a d12", 2, 2, Some("12")),
            step("Seat 1 rolls jousting d12", 1, 2, Some("5")),
            step("Seat 1 rolls jousting d12", 2, 2, Some("11 (feather)")),
            hidden.clone(),
            hidden,
            // Words that look like a count are not a run unless the game says so.
            LogLine::everyone("Seat 1 wins (1 of 2)"),
            LogLine::everyone("Seat 1 wins (2 of 2)"),
            LogLine::everyone("Seat 1 wins (a lot)"),
        ];
        assert_eq!(
            fold_log(log.iter()),
            vec![
                "Seat 1 draws a number card ×2",
                "Seat 2 rolls a d12: 7 12",
                "Seat 1 rolls jousting d12: 5 11 (feather)",
                "seat 2 (random) chooses in secret ×2",
                "Seat 1 wins (1 of 2)",
                "Seat 1 wins (2 of 2)",
                "Seat 1 wins (a lot)",
            ]
        );
    }

    #[test]
    fn typed_outcomes_match_labels() {
        let labels = ["card 2", "card 10", "seat 3"];
        assert_eq!(match_outcome(&labels, "10"), Some(1));
        assert_eq!(match_outcome(&labels, "CARD 2"), Some(0));
        assert_eq!(match_outcome(&labels, "seat 3"), Some(2));
        assert_eq!(match_outcome(&labels, "11"), None);
        assert_eq!(match_outcome(&labels, ""), None);
        // An injury die's faces say what they do; the face is typed.
        let faces = ["a snake (1): cancels one success", "a 2: no effect"];
        assert_eq!(match_outcome(&faces, "a snake (1)"), Some(0));
        assert_eq!(match_outcome(&faces, "1"), Some(0));
        assert_eq!(match_outcome(&faces, "2"), Some(1));
        assert_eq!(match_outcome(&faces, "no effect"), None);
        assert_eq!(match_outcome(&["10", "11 (feather)"], "11"), Some(1));
    }
}
