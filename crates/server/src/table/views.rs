//! What a viewer is shown: the table's state, the step messages built for
//! each viewer, subscriptions, and the finished game's record.

use super::{STREAM_BACKLOG, Subscription, Table, Watcher, encode};
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::protocol::{
    ActionChoice, LogEntry, StepTold, StepsMessage, StreamMessage, TableState, TableSummary, Turn,
};
use serde_json::Value;
use std::sync::Arc;
use tokio::sync::mpsc;
use tourney_core::{GameRecord, Seat};
use tourney_store::Status;
use tourney_table::{LogLine, log};

impl Table {
    /// The seat a token belongs to; no token is a spectator.
    pub(super) fn viewer(&self, token: Option<&str>) -> ApiResult<Option<Seat>> {
        let Some(token) = token else {
            return Ok(None);
        };
        self.seating
            .seat_of_token(&auth::hash(token))
            .map(Some)
            .ok_or_else(|| ApiError::unauthorized("this token holds no seat at this table"))
    }

    // ----- what a viewer sees ------------------------------------------------

    pub(super) fn seq(&self) -> u64 {
        self.game.steps_taken() as u64
    }

    pub(super) fn summary(&self) -> TableSummary {
        TableSummary {
            id: self.id.clone(),
            game: self.kit.name().to_string(),
            title: self.kit.entry.info.title.to_string(),
            status: self.status.as_str().to_string(),
            seats: self.seating.infos(),
            steps: self.seq(),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }

    pub(super) fn turn(&self) -> Turn {
        if self.status == Status::Open {
            return Turn::Waiting;
        }
        Turn::of(self.to_move())
    }

    /// What `viewer` may do now: nothing for a spectator, or before or
    /// after the game.
    pub(super) fn actions_for(&self, viewer: Option<Seat>) -> Vec<ActionChoice> {
        let Some(seat) = viewer.filter(|_| self.status == Status::Playing) else {
            return Vec::new();
        };
        // Labels name seats as the log does ("March into 5 (Village, Bob
        // x6)"), not by the number the game writes.
        let names = &self.names;
        self.game
            .legal_actions(seat)
            .into_iter()
            .zip(self.game.action_labels(seat))
            .enumerate()
            .map(|(index, (action, label))| ActionChoice {
                index,
                label: log::name_seats(&label, names),
                action,
            })
            .collect()
    }

    pub(super) fn state(&self, viewer: Option<Seat>) -> TableState {
        let log = self
            .log
            .iter()
            .enumerate()
            .flat_map(|(i, told)| {
                told.lines
                    .iter()
                    .filter(move |l| l.visibility.admits(viewer))
                    .map(move |l| LogEntry::new(i as u64 + 1, l))
            })
            .collect();
        TableState {
            summary: self.summary(),
            you: viewer.map(|s| s.0),
            config: self.config.clone(),
            seq: self.seq(),
            turn: self.turn(),
            view: self.game.view_json(viewer),
            text: match self.clock_text() {
                Some(clock) => format!("{}\n{clock}", self.game.render(viewer)),
                None => self.game.render(viewer),
            },
            actions: self.actions_for(viewer),
            log,
            dice_commitment: self.commitment.clone(),
            dice_seed: (self.status == Status::Finished).then(|| self.dice.to_hex()),
            rematch: self.rematch.clone(),
            clock: self.clock_view(),
            forfeit: self.forfeit.map(|s| s.0),
        }
    }

    /// The stream message for steps `first..=seq()` as `viewer` sees
    /// them, with the table as it stands now.
    pub(super) fn steps_message(&self, viewer: Option<Seat>, first: u64) -> Arc<str> {
        let steps = (first..=self.seq())
            .map(|seq| self.step_told(seq, viewer))
            .collect();
        encode(&StreamMessage::Steps(Box::new(StepsMessage {
            seq: self.seq(),
            steps,
            turn: self.turn(),
            status: self.status.as_str().to_string(),
            view: self.game.view_raw(viewer),
            actions: self.actions_for(viewer),
            clock: self.clock_view(),
        })))
    }

    /// Step `seq` (from 1) as `viewer` may be told it.
    pub(super) fn step_told(&self, seq: u64, viewer: Option<Seat>) -> StepTold {
        let told = self.log.get(seq.saturating_sub(1) as usize);
        let lines = told.map(|t| t.lines.as_slice()).unwrap_or_default();
        let (log, events) = told_to(lines, viewer);
        let seat = told.and_then(|t| t.by);
        StepTold {
            seq,
            kind: if seat.is_some() { "action" } else { "chance" },
            seat: seat.map(|s| s.0),
            log,
            events,
        }
    }

    pub(super) fn subscribe(
        &mut self,
        token: Option<&str>,
        after: Option<u64>,
    ) -> ApiResult<Subscription> {
        let viewer = self.viewer(token)?;
        let seq = self.seq();
        let backlog = match after {
            None => vec![encode(&StreamMessage::State(Box::new(self.state(viewer))))],
            Some(after) if after > seq => {
                return Err(ApiError::bad_request(format!(
                    "`after` is {after}, but the table has only reached step {seq}"
                )));
            }
            Some(after) => self.messages_since(after, viewer),
        };
        let (tx, live) = mpsc::channel(STREAM_BACKLOG);
        self.watchers.retain(|w| !w.tx.is_closed());
        self.watchers.push(Watcher { viewer, tx });
        Ok(Subscription {
            viewer,
            backlog,
            live,
        })
    }

    /// What a watcher resuming after step `after` missed: every later
    /// step once, in one message, then the table as it stands.
    pub(super) fn messages_since(&self, after: u64, viewer: Option<Seat>) -> Vec<Arc<str>> {
        if after == self.seq() {
            return Vec::new();
        }
        vec![self.steps_message(viewer, after + 1)]
    }

    pub(super) fn push(&mut self, messages: &[(Option<Seat>, Arc<str>)]) {
        self.watchers.retain(|w| {
            for (viewer, message) in messages {
                if *viewer == w.viewer && w.tx.try_send(message.clone()).is_err() {
                    // Full or gone: the watcher resumes from its last seq.
                    return false;
                }
            }
            true
        });
    }

    pub(super) fn seats_message(&self) -> Arc<str> {
        encode(&StreamMessage::Seats {
            seq: self.seq(),
            seats: self.seating.infos(),
            status: self.status.as_str().to_string(),
        })
    }

    pub(super) fn push_seats(&mut self) {
        let message = self.seats_message();
        self.watchers
            .retain(|w| w.tx.try_send(message.clone()).is_ok());
    }

    pub(super) fn distinct_viewers(&self) -> Vec<Option<Seat>> {
        let mut viewers: Vec<Option<Seat>> = Vec::new();
        for w in &self.watchers {
            if !viewers.contains(&w.viewer) {
                viewers.push(w.viewer);
            }
        }
        viewers
    }

    pub(super) fn finished_record(&self) -> ApiResult<GameRecord> {
        if self.status != Status::Finished {
            return Err(ApiError::conflict(
                "not_finished",
                "the record is given out when the game is over (it holds the dice seed)",
            ));
        }
        let mut record = self.game.record();
        if let Some(seat) = self.forfeit {
            record.forfeit = Some(seat);
            record.outcome = Some(tourney_core::Outcome::forfeit(seat, self.seating.count()));
        }
        record.dice = Some(tourney_core::DiceSeal {
            scheme: tourney_core::DICE_SCHEME.to_string(),
            commitment: self.commitment.clone(),
            seed: Some(self.dice.to_hex()),
        });
        Ok(record)
    }
}

/// A step's log lines as `viewer` may read them, and the data of the events
/// among them, both in order.
pub(super) fn told_to(lines: &[LogLine], viewer: Option<Seat>) -> (Vec<String>, Vec<Value>) {
    let visible = lines.iter().filter(|l| l.visibility.admits(viewer));
    let log = visible.clone().map(|l| l.text.clone()).collect();
    let events = visible.filter_map(|l| l.event.clone()).collect();
    (log, events)
}
