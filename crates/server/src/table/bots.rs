//! Bots: one thinks at a time, on the blocking pool, within the time limit;
//! a late or failed answer becomes a random legal move.

use super::actor::Next;
use super::steps::Step;
use super::{BotNews, InFlight, Table};
use std::sync::atomic::Ordering::Relaxed;
use tourney_core::{DynError, GameRng, Seat, ToMove};
use tourney_store::{MadeBy, Status};

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
        let Some(mut bot) = self.bots.get_mut(seat.index()).and_then(Option::take) else {
            // Its brain is still out on an answer that came too late: this
            // move is made at random.
            self.time_up(seat, seq);
            return;
        };
        let game = self.game.clone_box();
        let news = self.bot_tx.clone();
        tokio::task::spawn_blocking(move || {
            let choice = bot.choose(game.as_ref(), seat);
            let _ = news.send(BotNews::Done {
                seat,
                seq,
                bot,
                choice,
            });
        });
        let news = self.bot_tx.clone();
        let limit = self.settings.bot_time_limit;
        tokio::spawn(async move {
            tokio::time::sleep(limit).await;
            let _ = news.send(BotNews::TimeUp { seat, seq });
        });
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
            } => {
                if let Some(slot) = self.bots.get_mut(seat.index()) {
                    *slot = Some(bot);
                }
                (seat, seq, Some(choice))
            }
            BotNews::TimeUp { seat, seq } => (seat, seq, None),
        };
        if self.thinking != Some((seat, seq)) {
            return Next::Carry;
        }
        self.thinking = None;
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
