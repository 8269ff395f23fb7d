//! The actor's loop: what wakes it, the writes it has in flight, and the
//! answers it owes once they land.

use super::pipeline::Failed;
use super::{BotNews, Command, InFlight, Redo, Table, Wake};
use std::collections::VecDeque;
use std::sync::atomic::Ordering::Relaxed;
use tokio::sync::mpsc;
use tourney_store::Status;

impl Table {
    pub(super) async fn run(
        &mut self,
        mut rx: mpsc::Receiver<Command>,
        mut bots: mpsc::UnboundedReceiver<BotNews>,
    ) {
        // Oldest first; the writer commits them in this order too.
        let mut in_flight: VecDeque<InFlight> = VecDeque::new();
        // Set once the table has decided to leave memory: its queue is
        // closed to new commands, and those already in it are answered
        // before it goes, so no request loses its reply to an unload.
        let mut unloading = false;
        loop {
            if self.wants_lease {
                // Boxed, like every rare await here: the actor's future is
                // as large as its largest await, and every table in
                // memory holds one.
                Box::pin(self.take_lease()).await;
            }
            let idle = tokio::time::sleep(self.unload_after());
            let busy = !in_flight.is_empty();
            let deadline = self.next_deadline();
            let wake = tokio::select! {
                result = head_landed(&mut in_flight), if busy => Wake::Landed(result),
                command = rx.recv() => Wake::Command(command),
                Some(news) = bots.recv() => Wake::Bot(news),
                seat = run_out_at(deadline), if deadline.is_some() && !busy => Wake::Clock(seat),
                () = idle, if !busy && !unloading => Wake::Idle,
            };
            let next = match wake {
                Wake::Landed(result) => match in_flight.pop_front() {
                    Some(done) => self.settle(done, result),
                    None => Next::Carry,
                },
                Wake::Command(None) => {
                    self.drain(&mut in_flight).await;
                    return;
                }
                Wake::Command(Some(command)) => {
                    // Only moves overtake a write in flight: anything
                    // that reads the table must see durable steps only.
                    let behind = self.is_behind(&command);
                    if matches!(command, Command::Act { .. }) && !behind {
                        self.handle(command).await
                    } else {
                        match self.drain(&mut in_flight).await {
                            Next::Stop => Next::Stop,
                            _ if behind => match Box::pin(self.catch_up(None)).await {
                                Next::Stop => Next::Stop,
                                _ => self.handle(command).await,
                            },
                            _ => self.handle(command).await,
                        }
                    }
                }
                Wake::Bot(news) => self.bot_news(news).await,
                Wake::Clock(seat) => Box::pin(self.run_out(seat)).await,
                Wake::Idle => {
                    self.watchers.retain(|w| !w.tx.is_closed());
                    // A running clock keeps the table in memory: its
                    // deadline is acted on here, not by a timer elsewhere.
                    let waiting = self.thinking.is_some() || self.pending_deadline().is_some();
                    if self.watchers.is_empty() && !waiting {
                        // New senders now fail and the hub loads the
                        // table afresh; `recv` yields what was already
                        // sent, then `None`, which ends the loop.
                        rx.close();
                        unloading = true;
                    }
                    Next::Carry
                }
            };
            let mut pending = vec![next];
            while let Some(next) = pending.pop() {
                match next {
                    Next::Await(owed) => in_flight.push_back(owed),
                    Next::Carry => {}
                    Next::Stop => return,
                    Next::Reload(mut redos) => {
                        // Everything queued behind the lost write was
                        // built on the same copy: its writes fail the same
                        // way, and its moves are taken again too.
                        while let Some(mut owed) = in_flight.pop_front() {
                            let _ = owed.landed().await;
                            redos.extend(owed.into_redo());
                        }
                        let mut again = Box::pin(self.redo_after_reload(redos)).await;
                        again.reverse();
                        pending.extend(again);
                    }
                }
            }
        }
    }

    /// Whether the command shows another node got further than this copy
    /// and the notification is still on its way: a move answering a step
    /// this copy has not seen, or a token for a seat taken elsewhere. The
    /// table catches up from the log before it answers.
    fn is_behind(&self, command: &Command) -> bool {
        if !self.store.is_shared() {
            return false;
        }
        let (token, seq) = match command {
            Command::Act { token, act, .. } => (token, Some(act.seq)),
            Command::State { token, .. }
            | Command::Subscribe { token, .. }
            | Command::Away { token, .. } => (token, None),
            _ => return false,
        };
        seq.is_some_and(|seq| seq > self.seq())
            || token
                .as_deref()
                .is_some_and(|t| self.viewer(Some(t)).is_err())
    }

    /// How long the table stays in memory with nothing happening at it.
    pub(super) fn unload_after(&self) -> std::time::Duration {
        match self.status {
            Status::Finished => self.settings.finished_unload.min(self.settings.idle_unload),
            _ => self.settings.idle_unload,
        }
    }

    /// Waits for everything in flight to land, answering as it does:
    /// [`Next::Stop`] if a write failed, [`Next::Carry`] otherwise.
    pub(super) async fn drain(&mut self, in_flight: &mut VecDeque<InFlight>) -> Next {
        while let Some(mut owed) = in_flight.pop_front() {
            let result = owed.landed().await;
            match self.settle(owed, result) {
                Next::Carry => {}
                Next::Reload(mut redos) => {
                    while let Some(mut owed) = in_flight.pop_front() {
                        let _ = owed.landed().await;
                        redos.extend(owed.into_redo());
                    }
                    // The redone moves are new writes: wait for them too,
                    // so whoever drains reads only durable steps.
                    for next in Box::pin(self.redo_after_reload(redos)).await {
                        match next {
                            Next::Await(owed) => in_flight.push_back(owed),
                            Next::Stop => return Next::Stop,
                            _ => {}
                        }
                    }
                }
                // What was queued behind it is answered by whoever
                // reloads the table: their writes never reach the store
                // once the writer refused this one.
                _ => return Next::Stop,
            }
        }
        Next::Carry
    }

    /// An entry's write has landed (or failed): tell the watchers, answer
    /// the mover. A failed write stops the table.
    pub(super) fn settle(
        &mut self,
        owed: InFlight,
        result: Result<(), tourney_store::StoreError>,
    ) -> Next {
        if let Err(tourney_store::StoreError::Conflict { .. }) = result {
            // Another node wrote this step first: this copy is not the
            // game the log holds.
            return Next::Reload(owed.into_redo().into_iter().collect());
        }
        // Only a repeated move has no write of its own.
        let is_move = owed.ticket.is_some();
        let landed = match owed.ticket {
            Some(ticket) => self.land(ticket, result),
            None => Ok(()),
        };
        match (landed, owed.ack) {
            (Ok(()), ack) => {
                if is_move {
                    self.metrics.moves.fetch_add(1, Relaxed);
                }
                if let Some((reply, acted, arrived)) = ack {
                    self.metrics.move_latency(arrived.elapsed());
                    let _ = reply.send(Ok(acted));
                }
                Next::Carry
            }
            (Err(failed), ack) => {
                let e = failed.into_error();
                if let Some((reply, ..)) = ack {
                    self.metrics.refused(e.code);
                    let _ = reply.send(Err(e));
                }
                Next::Stop
            }
        }
    }

    /// Handles one command. [`Next::Stop`] means the table's memory can no
    /// longer be trusted (the game changed but its steps are not durable):
    /// the actor stops and the next request reloads the table from what
    /// is durable.
    pub(super) async fn handle(&mut self, command: Command) -> Next {
        match command {
            Command::State { token, reply } => {
                let state = self.viewer(token.as_deref()).map(|v| self.state(v));
                let _ = reply.send(state);
            }
            Command::Summary { reply } => {
                let _ = reply.send(Ok((self.summary(), self.seating.plan())));
            }
            Command::Join { join, reply } => {
                let answer = Box::pin(self.join(join)).await;
                let diverged = matches!(answer, Err(Failed::Diverged(_)));
                let _ = reply.send(answer.map_err(Failed::into_error));
                if diverged {
                    return Next::Stop;
                }
                self.kick();
            }
            Command::Act {
                token,
                act,
                arrived,
                reply,
            } => match self.act(token.as_deref(), &act).await {
                Ok((acted, ticket)) => {
                    self.kick();
                    return Next::Await(InFlight {
                        ticket,
                        ack: Some((reply, acted, arrived)),
                        sent: Some((token, act)),
                    });
                }
                Err(failed) => {
                    let diverged = matches!(failed, Failed::Diverged(_));
                    let e = failed.into_error();
                    self.metrics.refused(e.code);
                    let _ = reply.send(Err(e));
                    if diverged {
                        return Next::Stop;
                    }
                    self.kick();
                }
            },
            Command::Subscribe {
                token,
                after,
                reply,
            } => {
                let _ = reply.send(self.subscribe(token.as_deref(), after));
            }
            Command::Record { reply } => {
                let _ = reply.send(self.finished_record());
            }
            Command::RematchMade { id, reply } => {
                self.tell_rematch(id);
                let _ = reply.send(Ok(()));
            }
            Command::Away { token, away, reply } => {
                let answer = Box::pin(self.leave_or_return(token.as_deref(), away)).await;
                let viewer = self.viewer(token.as_deref());
                let _ = reply.send(answer.and(viewer).map(|v| self.state(v)));
            }
            Command::Kick => {
                self.kick();
                let needed = self.thinking.is_some() || self.pending_deadline().is_some();
                if !self.wants_lease && !needed {
                    // Woken for a lapsed lease that no bot needs now.
                    Box::pin(self.leases.not_needed(&self.store, &self.id)).await;
                }
            }
            Command::CatchUp { steps, done } => {
                let next = Box::pin(self.catch_up(steps)).await;
                if let Some(done) = done {
                    let _ = done.send(());
                }
                return next;
            }
        }
        Next::Carry
    }
}

/// Resolves with the seat once its wall-clock deadline (Unix ms) has
/// come; never without one.
async fn run_out_at(deadline: Option<(i64, tourney_core::Seat)>) -> tourney_core::Seat {
    let Some((at_ms, seat)) = deadline else {
        return std::future::pending().await;
    };
    let wait = u64::try_from(at_ms - super::now_ms()).unwrap_or(0);
    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
    seat
}

/// Resolves when the oldest write in flight has landed.
async fn head_landed(in_flight: &mut VecDeque<InFlight>) -> Result<(), tourney_store::StoreError> {
    match in_flight.front_mut() {
        Some(owed) => owed.landed().await,
        None => Ok(()),
    }
}

/// What the actor does after a command or a bot's answer.
#[expect(
    clippy::large_enum_variant,
    reason = "moved once into the in-flight queue; a box would cost an allocation per move"
)]
pub(super) enum Next {
    /// Nothing is owed: wait for the next wake.
    Carry,
    /// A write is in flight; its answers are owed once it lands.
    Await(InFlight),
    /// The table's memory can no longer be trusted: stop, and let the next
    /// request reload the table from what is durable.
    Stop,
    /// Another node wrote a step first: rebuild the table from the log,
    /// then take these moves again.
    Reload(Vec<Redo>),
}
