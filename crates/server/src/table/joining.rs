//! Taking a seat, and the start of the game once every seat is taken.

use super::pipeline::{AfterChange, Failed};
use super::{Table, now_ms};
use crate::auth;
use crate::error::ApiError;
use crate::protocol::{Join, SeatToken};
use tourney_core::Seat;
use tourney_store::Claim;

use tourney_store::Status;

impl Table {
    /// Seats a person, or, for a join repeated with its idempotency key,
    /// hands the seat that key already took a new token.
    pub(super) async fn join(&mut self, join: Join) -> Result<SeatToken, Failed> {
        let name = crate::seats::check_name(&join.name)?;
        let key_hash = join
            .idempotency_key
            .as_deref()
            .map(join_key_hash)
            .transpose()?;
        let token = new_token()?;
        let hash = auth::hash(&token);
        let now = now_ms();
        let mut attempts = 0;
        let seat = loop {
            if let Some(key_hash) = &key_hash
                && let Some(seat) = self.seating.joined_with(key_hash, join.invite.as_deref())?
            {
                return self.rejoin(seat, key_hash).await;
            }
            let seat = self
                .seating
                .choose_seat(join.seat, join.invite.as_deref())?;
            let claim = Claim {
                seat: u32::from(seat.0),
                name: &name,
                token_hash: &hash,
                join_key_hash: key_hash.as_deref(),
                now_ms: now,
            };
            // A failed claim may still have committed: reload rather than
            // offer a seat the log may hold.
            let claimed = self
                .store
                .claim_seat(&self.id, &claim)
                .await
                .map_err(ApiError::from)
                .diverged()?;
            if claimed {
                break seat;
            }
            attempts += 1;
            if attempts > 1 || !self.store.is_shared() {
                return Err(ApiError::conflict(
                    "seat_taken",
                    format!("{seat} was taken a moment ago"),
                )
                .into());
            }
            // Another node seated someone (perhaps this very join, with
            // the same key) and its news is still on the way: read the
            // seats from the log and choose again.
            self.follow_log().await.diverged()?;
        };
        self.seating.claim(seat, name, hash, key_hash, now);
        self.updated_at = now;
        if self.status == Status::Open && self.seating.is_full() {
            self.start().await?;
        } else {
            self.push_seats();
        }
        Ok(SeatToken {
            seat: seat.0,
            token,
        })
    }

    /// The game begins in memory with its players' names: here when the
    /// last seat is taken, or when another node started it.
    pub(super) fn begin(&mut self) -> Result<(), ApiError> {
        self.game = (self.kit.entry.create)(&self.config, self.seating.names(), None)
            .map_err(|e| ApiError::unavailable(e.to_string()))?;
        self.game.tell_events(true);
        self.status = Status::Playing;
        // Every seat is taken now: the names the log and the labels use.
        self.names = self.seating.display_names();
        self.refresh_prompts(None);
        self.start_clocks();
        Ok(())
    }

    /// The seat joined with this key gets a new token in place of the one
    /// whose answer was lost; the old token stops working.
    async fn rejoin(&mut self, seat: Seat, key_hash: &str) -> Result<SeatToken, Failed> {
        let token = new_token()?;
        let hash = auth::hash(&token);
        // Like a claim, a failed write may still have committed.
        let reissued = self
            .store
            .reissue_token(&self.id, u32::from(seat.0), key_hash, &hash)
            .await
            .map_err(ApiError::from)
            .diverged()?;
        if !reissued {
            return Err(Failed::Diverged(ApiError::unavailable(format!(
                "{seat} is not stored as joined with this key; try again"
            ))));
        }
        self.seating.reissue(seat, hash);
        Ok(SeatToken {
            seat: seat.0,
            token,
        })
    }

    /// Every seat is taken: the game begins with its players' names, and
    /// the dice it starts with are rolled.
    pub(super) async fn start(&mut self) -> Result<(), Failed> {
        // The seat is claimed in memory and stored already: a game that
        // cannot start leaves this copy unlike what a reload would build.
        self.begin().diverged()?;
        // Watchers hear that the game began before its first dice.
        let began = self.seats_message();
        let mut pending = Vec::new();
        self.play_due_steps(&mut pending)?;
        if pending.is_empty() {
            self.store
                .set_status(&self.id, Status::Playing, now_ms())
                .await
                .map_err(ApiError::from)
                .diverged()?;
            self.push_seats();
            return Ok(());
        }
        // The switch to playing rides with the first dice: one commit
        // instead of two. Until it lands the stored table is open with
        // every seat taken, which a reload starts again the same way.
        self.store_status = Some(Status::Playing);
        self.commit(pending, Some(began)).await
    }
}

/// A join's idempotency key works as a credential (it gets the seat a new
/// token), so it must be hard to guess: 16 to 100 characters.
fn join_key_hash(key: &str) -> Result<String, Failed> {
    let length = key.chars().count();
    if !(16..=100).contains(&length) {
        return Err(ApiError::bad_request(
            "a join's idempotency key is a secret of 16 to 100 characters (a random UUID will do)",
        )
        .into());
    }
    Ok(auth::hash(key))
}

fn new_token() -> Result<String, Failed> {
    auth::new_token().map_err(|e| ApiError::unavailable(format!("no randomness: {e}")).into())
}
