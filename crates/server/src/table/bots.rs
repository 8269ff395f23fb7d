//! Bots: one thinks at a time per table, on one of the node's few
//! thinkers (`bot_workers`), for as long as the time limit and the table's
//! thinking budget allow. When that time is up the search is stopped and
//! answers with the best move it has found; a bot that does not answer
//! even then, or fails, is replaced by a random legal move.
//!
//! What a bot may cost is time, not a count of iterations that a costly
//! option multiplies: a hostile spec plays weaker, not longer.

use super::actor::Next;
use super::steps::Step;
use super::{BotNews, InFlight, Table};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, mpsc};
use tourney_bots::Stop;
use tourney_core::{DynError, DynGame, GameRng, Seat, ToMove};
use tourney_store::{MadeBy, Status};
use tourney_table::DynBot;

impl Table {
    /// Sets a bot thinking if one is on move and none is yet.
    pub(super) fn kick(&mut self) {
        if self.status != Status::Playing || self.thinking.is_some() {
            return;
        }
        let ToMove::Seats(on_move) = self.game.to_move() else {
            return;
        };
        let bot_on_move = on_move.iter().find(|s| self.seating.is_played_by_bot(*s));
        if !self.leases.holds(&self.id) {
            // A bot to move, or a clock to watch: asked for by the actor's
            // loop before its next wake.
            self.wants_lease = bot_on_move.is_some() || self.pending_deadline().is_some();
            return;
        }
        let Some(seat) = bot_on_move else {
            return;
        };
        let seq = self.seq();
        self.thinking = Some((seat, seq));
        if !self.seating.is_bot(seat) && self.bots[seat.index()].is_none() {
            // The person is away: a stand-in moves for them.
            self.bots[seat.index()] = self.seating.stand_in(seat, &self.kit, &self.dice);
        }
        let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::take) else {
            // Its brain is still out on an answer that came too late: this
            // move is made at random.
            self.time_up(seat, seq);
            return;
        };
        let asked = Asked {
            seat,
            seq,
            allotted: self.allot_thinking(),
            stop: Stop::new(),
            news: self.bot_tx.clone(),
            metrics: self.metrics.clone(),
        };
        self.thinker = Some(asked.stop.clone());
        tokio::spawn(think(
            self.bot_pool.clone(),
            bot,
            self.game.clone_box(),
            asked,
        ));
    }

    /// How long the bot on move may think: the time limit, or less once
    /// the table's bots have spent their budget, but never less than a
    /// glance.
    fn allot_thinking(&mut self) -> Duration {
        let left = self.bot_budget.available(self.settings.bot_budget);
        let limit = self.settings.bot_time_limit;
        if left >= limit.as_secs_f64() {
            return limit;
        }
        Duration::from_secs_f64(left.max(0.0)).max(LEAST_THOUGHT.min(limit))
    }

    /// Asks for the table's bot lease if a bot is waiting for it, and
    /// sets the bot thinking once this node holds it.
    pub(super) async fn take_lease(&mut self) {
        if std::mem::take(&mut self.wants_lease) && self.leases.take(&self.store, &self.id).await {
            self.kick();
        }
    }

    pub(super) fn time_up(&mut self, seat: Seat, seq: u64) {
        let _ = self.bot_tx.send(BotNews::TimeUp { seat, seq });
    }

    pub(super) async fn bot_news(&mut self, news: BotNews) -> Next {
        let (seat, seq, choice) = match news {
            BotNews::Done {
                seat,
                seq,
                bot,
                choice,
                thought,
            } => {
                if let Some(slot) = self.bots.get_mut(seat.index()) {
                    *slot = Some(bot);
                }
                self.bot_budget.spend(thought.as_secs_f64());
                (seat, seq, Some(choice))
            }
            BotNews::TimeUp { seat, seq } => (seat, seq, None),
        };
        if self.thinking != Some((seat, seq)) {
            return Next::Carry;
        }
        self.thinking = None;
        if let Some(thinker) = self.thinker.take() {
            // Given up on: its thinker goes back to the pool.
            thinker.stop();
        }
        let played_for = !self.seating.is_bot(seat);
        if self.seq() != seq
            || self.status != Status::Playing
            || played_for && !self.seating.is_away(seat)
        {
            // Too late, or the person took their seat back meanwhile.
            self.kick();
            return Next::Carry;
        }
        let applied = match choice {
            Some(Ok(action)) => self.game.apply_json(seat, &action),
            Some(Err(reason)) => Err(DynError::BadJson(reason)),
            None => Err(DynError::BadJson("out of time".into())),
        };
        let applied = match applied {
            Ok(applied) => applied,
            Err(reason) => {
                tracing::warn!(
                    "table {}: the bot at {seat}: {reason}; moving at random",
                    self.id
                );
                self.metrics.bot_timeouts.fetch_add(1, Relaxed);
                let mut rng = GameRng::for_game(seq, u64::from(seat.0));
                match self.game.random_action(seat, &mut rng) {
                    Ok(applied) => applied,
                    Err(e) => {
                        tracing::error!("table {}: {seat} has no move: {e}", self.id);
                        return Next::Carry;
                    }
                }
            }
        };
        let made_by = match played_for {
            false => None,
            true if self.ran_out.contains(seat) => {
                self.ran_out.remove(seat);
                Some(MadeBy::Clock)
            }
            true => Some(MadeBy::StandIn),
        };
        let step = Step::Action {
            seat,
            applied: &applied,
            idem_key: None,
            made_by,
        };
        let mut pending = vec![self.record(step, super::now_ms())];
        let ticket = match self.play_due_steps(&mut pending) {
            Ok(()) => self.submit(pending, None).await,
            Err(failed) => Err(failed),
        };
        let Ok(ticket) = ticket else {
            // Nobody waits for a bot's answer; the game is ahead of what
            // is durable, so the table reloads.
            return Next::Stop;
        };
        self.kick();
        Next::Await(InFlight {
            ticket,
            ack: None,
            sent: None,
        })
    }
}

/// The least a bot is given to think, however spent its table's budget:
/// enough for a quick search to beat a random move.
const LEAST_THOUGHT: Duration = Duration::from_millis(50);

/// How long a stopped search has to answer before its move is made at
/// random.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// Who a thinking bot answers, for how long it may think, and how it is
/// stopped.
struct Asked {
    seat: Seat,
    seq: u64,
    allotted: Duration,
    stop: Stop,
    news: mpsc::UnboundedSender<BotNews>,
    metrics: Arc<crate::metrics::Metrics>,
}

/// Waits for a thinker, then lets the bot think on the blocking pool for
/// its allotted time. Its time starts with the thinker: waiting costs no
/// core, and a bot that timed out in the queue would only ever move at
/// random while a few costly tables hold the thinkers. The queue is first
/// come, first served, and each table has one bot in it at most, so a
/// table waits for at most one search of every other.
async fn think(
    pool: Arc<Semaphore>,
    mut bot: Box<dyn DynBot>,
    game: Box<dyn DynGame>,
    asked: Asked,
) {
    let Ok(permit) = pool.acquire_owned().await else {
        return;
    };
    let Asked {
        seat,
        seq,
        allotted,
        stop,
        news,
        metrics,
    } = asked;
    if stop.is_stopped() {
        // The table went while the bot waited.
        return;
    }
    let timer = {
        let (stop, news) = (stop.clone(), news.clone());
        tokio::spawn(async move {
            tokio::time::sleep(allotted).await;
            stop.stop();
            // A search answers within microseconds of being stopped; one
            // that does not is given up on.
            tokio::time::sleep(STOP_GRACE).await;
            let _ = news.send(BotNews::TimeUp { seat, seq });
        })
    };
    // The blocking pool's threads are many; the permits say how many of
    // them think at once. The permit goes when the search really ends,
    // not when the table stops waiting for it.
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let started = Instant::now();
        let choice = bot.choose_until(game.as_ref(), seat, &stop);
        if stop.is_stopped() {
            metrics.bots_stopped.fetch_add(1, Relaxed);
        } else {
            timer.abort();
        }
        let _ = news.send(BotNews::Done {
            seat,
            seq,
            bot,
            choice,
            thought: started.elapsed(),
        });
    });
}
