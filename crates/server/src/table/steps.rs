//! Recording a step in memory: its log lines, the prompts it changes, and the
//! steps nobody chooses (dice, cards, a person's only move), played at once.

use super::acting::illegal;
use super::{Table, Told, now_ms};
use crate::error::{ApiError, ApiResult};
use tourney_core::{GameRng, Seat, ToMove};
use tourney_store::{StepKind, StepRow};
use tourney_table::{LogLine, log};

impl Table {
    /// Bookkeeping after an action was applied in memory.
    pub(super) fn after_action(
        &mut self,
        seat: Seat,
        applied: &tourney_core::Applied,
        idem_key: Option<String>,
        pending: &mut Vec<StepRow>,
    ) {
        let forced = self.is_forced(seat);
        self.log_action(seat, applied, forced);
        self.refresh_prompts(Some(seat));
        let action = self
            .game
            .step(self.game.steps_taken().saturating_sub(1))
            .map(|s| match s {
                tourney_core::RecordStep::Action { action, .. } => action.to_string(),
                tourney_core::RecordStep::Chance { outcome } => outcome.to_string(),
            })
            .unwrap_or_default();
        let row = StepRow {
            seq: self.seq() as i64,
            kind: StepKind::Action,
            seat: Some(u32::from(seat.0)),
            payload: action,
            idem_key,
            at: now_ms(),
        };
        pending.push(row);
    }

    /// The log of the action just applied: its own lines, then the events
    /// it made happen.
    /// A `forced` move was the seat's only one, made for a person.
    pub(super) fn log_action(&mut self, seat: Seat, applied: &tourney_core::Applied, forced: bool) {
        let who = self.seating.who(seat);
        let lines = if forced {
            log::forced(&who, seat, applied)
        } else {
            log::action(&who, seat, applied, "")
        };
        let lines = lines.into_iter().flatten();
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
    pub(super) fn play_due_steps(&mut self, pending: &mut Vec<StepRow>) -> ApiResult<()> {
        loop {
            match self.game.to_move() {
                ToMove::Chance => self.roll_die(pending)?,
                ToMove::Seats(on_move) => {
                    let Some(seat) = on_move.iter().find(|&s| self.is_forced(s)) else {
                        return Ok(());
                    };
                    let applied = self.game.apply_index(seat, 0).map_err(illegal)?;
                    self.after_action(seat, &applied, None, pending);
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
    pub(super) fn roll_die(&mut self, pending: &mut Vec<StepRow>) -> ApiResult<()> {
        let seq = self.seq() + 1;
        let step = self.game.chance_step_label();
        let open = self.game.chance_is_open();
        let outcomes = self.game.chance_outcomes();
        let mut rng: GameRng = self.dice.rng(seq);
        let Some(index) = rng.pick_weighted(&outcomes) else {
            return Err(ApiError::unavailable(
                "the game has a chance step with no outcome",
            ));
        };
        let outcome = outcomes[index].0.to_string();
        let label = self.game.apply_chance_index(index).map_err(illegal)?;
        self.log_chance(log::chance(&step, &label, open));
        self.refresh_prompts(None);
        let row = StepRow {
            seq: seq as i64,
            kind: StepKind::Chance,
            seat: None,
            payload: outcome,
            idem_key: None,
            at: now_ms(),
        };
        pending.push(row);
        Ok(())
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
