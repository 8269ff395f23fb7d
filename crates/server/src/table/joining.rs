//! Taking a seat, and the start of the game once every seat is taken.

use super::{Table, now_ms};
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::protocol::SeatToken;

use tourney_store::Status;

impl Table {
    pub(super) async fn join(
        &mut self,
        name: &str,
        seat: Option<u8>,
        invite: Option<&str>,
    ) -> ApiResult<SeatToken> {
        let name = crate::seats::check_name(name)?;
        let seat = self.seating.choose_seat(seat, invite)?;
        let token =
            auth::new_token().map_err(|e| ApiError::unavailable(format!("no randomness: {e}")))?;
        let hash = auth::hash(&token);
        let now = now_ms();
        if !self
            .store
            .claim_seat(&self.id, u32::from(seat.0), &name, &hash, now)
            .await?
        {
            return Err(ApiError::conflict(
                "seat_taken",
                format!("{seat} was taken a moment ago"),
            ));
        }
        self.seating.claim(seat, name, hash);
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

    /// Every seat is taken: the game begins with its players' names, and
    /// the dice it starts with are rolled.
    pub(super) async fn start(&mut self) -> ApiResult<()> {
        self.game = (self.kit.entry.create)(&self.config, self.seating.names(), None)
            .map_err(|e| ApiError::unavailable(e.to_string()))?;
        self.game.tell_events(true);
        self.status = Status::Playing;
        // Every seat is taken now: the names the log and the labels use.
        self.names = self.seating.display_names();
        self.refresh_prompts(None);
        // Watchers hear that the game began before its first dice.
        let began = self.seats_message();
        let mut pending = Vec::new();
        self.play_due_steps(&mut pending)?;
        if pending.is_empty() {
            self.store
                .set_status(&self.id, Status::Playing, now_ms())
                .await?;
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
