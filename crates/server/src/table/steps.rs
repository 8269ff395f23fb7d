//! Recording a step in memory: its log lines, the prompts it changes, the
//! idempotency bookkeeping, and the steps nobody chooses (dice, cards, a
//! person's only move), played at once.

use super::acting::{idempotency_slot, illegal};
use super::pipeline::{AfterChange, Failed};
use super::{Table, Told, now_ms};
use crate::error::ApiError;
use crate::protocol::Acted;
use tourney_core::{Applied, GameRng, RecordStep, Seat, ToMove};
use tourney_store::{MadeBy, StepKind, StepRow};

/// How the log marks a move a stand-in bot made for an away person.
const STAND_IN_NOTE: &str = " (a bot, for the absent player)";
use tourney_table::{LogLine, log};

/// A step just applied to the game, live or replayed from the log.
pub(super) enum Step<'a> {
    /// A seat's action, with the idempotency key it came with.
    Action {
        seat: Seat,
        applied: &'a Applied,
        idem_key: Option<&'a str>,
        /// Who moved, if not the seat's own player: a stand-in bot.
        made_by: Option<MadeBy>,
    },
    /// A chance outcome: the step it answered, how the outcome reads, and
    /// whether every seat may see it (all read before it was applied).
    Chance {
        what: String,
        label: String,
        open: bool,
    },
}

impl Table {
    /// Records a step just applied to the game: its log lines, the prompts
    /// it changes and its idempotency key, and returns its row for the log.
    /// A live step and a step replayed while loading both come through
    /// here, so a reloaded table keeps the log, the prompts, the keyed
    /// answers and the clocks the live one had. `at`: when the step was
    /// taken (now, or as the log has it).
    pub(super) fn record(&mut self, step: Step<'_>, at: i64) -> StepRow {
        let seq = self.seq();
        let mover = match step {
            Step::Action { seat, .. } => Some(seat),
            Step::Chance { .. } => None,
        };
        // Charged before the prompts change: the seats on move until now
        // used the time since the last step.
        self.charge_clocks(at, mover);
        let (kind, seat, idem_key, made_by) = match step {
            Step::Action {
                seat,
                applied,
                idem_key,
                made_by,
            } => {
                // The prompts still hold the choices offered before this
                // step: a person's only one is a move made for them.
                let forced = self.is_forced(seat);
                self.log_action(seat, applied, forced, made_by);
                self.refresh_prompts(Some(seat));
                if forced {
                    self.extend_answer(seq);
                } else {
                    self.open_answer(seat, idem_key, seq, &applied.label);
                }
                (StepKind::Action, Some(u32::from(seat.0)), idem_key, made_by)
            }
            Step::Chance { what, label, open } => {
                self.log_chance(log::chance(&what, &label, open));
                self.refresh_prompts(None);
                self.extend_answer(seq);
                (StepKind::Chance, None, None, None)
            }
        };
        self.offer_clocks(at);
        let payload = match self.game.step(self.game.steps_taken().saturating_sub(1)) {
            Some(RecordStep::Action { action, .. }) => action.to_string(),
            Some(RecordStep::Chance { outcome }) => outcome.to_string(),
            None => String::new(),
        };
        StepRow {
            seq: seq as i64,
            kind,
            seat,
            payload,
            idem_key: idem_key.map(str::to_owned),
            at,
            made_by,
        }
    }

    /// A person's (or bot's) own choice: the answer to its idempotency key
    /// runs from here to the last step played because of it.
    fn open_answer(&mut self, seat: Seat, idem_key: Option<&str>, seq: u64, label: &str) {
        self.answering = idem_key.map(|key| idempotency_slot(seat, key));
        if let Some(key) = self.answering.clone() {
            let label = log::name_seats(label, &self.names);
            self.remember(
                key,
                Acted {
                    seq,
                    now: seq,
                    label,
                },
            );
        }
    }

    /// A step nobody chose (dice, a forced move) played because of the
    /// last keyed move: a repeat of that move is told the table is here.
    fn extend_answer(&mut self, seq: u64) {
        if let Some(acted) = self
            .answering
            .as_ref()
            .and_then(|key| self.idempotency.get_mut(key))
        {
            acted.now = seq;
        }
    }

    /// The log of the action just applied: its own lines, then the events
    /// it made happen.
    /// A `forced` move was the seat's only one, made for a person; a move
    /// `made_by` a stand-in says so.
    pub(super) fn log_action(
        &mut self,
        seat: Seat,
        applied: &tourney_core::Applied,
        forced: bool,
        made_by: Option<MadeBy>,
    ) {
        let who = self.seating.who(seat);
        let lines = match made_by {
            _ if forced => log::forced(&who, seat, applied),
            Some(_) => log::action(&who, seat, applied, STAND_IN_NOTE),
            None => log::action(&who, seat, applied, ""),
        };
        let ran_out = (made_by == Some(MadeBy::Clock)).then(|| self.ran_out_line(seat));
        let lines = ran_out.into_iter().chain(lines.into_iter().flatten());
        let events = log::events(self.game.take_events());
        self.tell(Some(seat), lines.chain(events));
    }

    pub(super) fn log_chance(&mut self, line: LogLine) {
        let events = log::events(self.game.take_events());
        self.tell(None, std::iter::once(line).chain(events));
    }

    /// Adds a step's lines to the log: one line per happening (a step's
    /// own line gives way to an event that retells it), each seat named as
    /// people read it (the games write "Seat 2", the log says "Bob").
    pub(super) fn tell(&mut self, by: Option<Seat>, lines: impl Iterator<Item = LogLine>) {
        let names = &self.names;
        let lines = log::fold(lines.collect())
            .into_iter()
            .map(|line| LogLine {
                text: log::name_seats(&line.text, names),
                ..line
            })
            .collect();
        self.log.push(Told { by, lines });
    }

    /// Plays every step now due that nobody has to choose: each die and
    /// card, and a person's only legal move, made for them as the terminal
    /// does, so nobody is asked a question with one answer (a response
    /// window with nothing to respond with closes by itself).
    ///
    /// Called after the game changed, so any failure here leaves it ahead
    /// of what is durable.
    pub(super) fn play_due_steps(&mut self, pending: &mut Vec<StepRow>) -> Result<(), Failed> {
        loop {
            match self.game.to_move() {
                ToMove::Chance => pending.push(self.roll_die().diverged()?),
                ToMove::Seats(on_move) => {
                    let Some(seat) = on_move.iter().find(|&s| self.is_forced(s)) else {
                        return Ok(());
                    };
                    let applied = self.game.apply_index(seat, 0).map_err(illegal).diverged()?;
                    let step = Step::Action {
                        seat,
                        applied: &applied,
                        idem_key: None,
                        made_by: None,
                    };
                    pending.push(self.record(step, now_ms()));
                }
                ToMove::Over(_) => return Ok(()),
            }
        }
    }

    /// Whether `seat` is a person's with exactly one legal move now. Reads
    /// the prompts, which every step refreshes, so checking costs nothing.
    pub(super) fn is_forced(&self, seat: Seat) -> bool {
        !self.seating.is_bot(seat)
            && self
                .prompts
                .get(seat.index())
                .and_then(Option::as_ref)
                .is_some_and(|(_, actions)| actions.len() == 1)
    }

    /// Draws the chance step now due from the table's seed and its own
    /// sequence number.
    fn roll_die(&mut self) -> Result<StepRow, ApiError> {
        let what = self.game.chance_step_label();
        let open = self.game.chance_is_open();
        let outcomes = self.game.chance_outcomes();
        let mut rng: GameRng = self.dice.rng(self.seq() + 1);
        let Some(index) = rng.pick_weighted(&outcomes) else {
            return Err(ApiError::unavailable(
                "the game has a chance step with no outcome",
            ));
        };
        let label = self.game.apply_chance_index(index).map_err(illegal)?;
        Ok(self.record(Step::Chance { what, label, open }, now_ms()))
    }

    /// Each seat on move and the choices it was offered since which step;
    /// a choice unchanged by another seat's step keeps its first step.
    pub(super) fn refresh_prompts(&mut self, mover: Option<Seat>) {
        let seq = self.seq();
        let on_move = match self.game.to_move() {
            ToMove::Seats(set) => set,
            _ => Default::default(),
        };
        for index in 0..self.prompts.len() {
            let seat = Seat::new(index);
            if !on_move.contains(seat) {
                self.prompts[index] = None;
                continue;
            }
            let actions = self.game.legal_actions(seat);
            let keep = mover != Some(seat)
                && self.prompts[index]
                    .as_ref()
                    .is_some_and(|(_, before)| *before == actions);
            if !keep {
                self.prompts[index] = Some((seq, actions));
            }
        }
    }
}
