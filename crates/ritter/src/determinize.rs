//! Re-dealing what one seat cannot see, for bots that reason over the
//! positions the seat cannot tell apart: the other seats' secret
//! preparations, and their choice of champion for a decisive duel.

use crate::state::{Phase, Ritter};
use tourney_core::{GameRng, Seat};

impl Ritter {
    /// A copy in which what `seat` cannot see is dealt afresh.
    pub(crate) fn determinized(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut copy = self.clone();
        match self.phase {
            Phase::Prepare => copy.redeal_preparation(seat, rng),
            Phase::DuelChoice { .. } => copy.redeal_champion(seat, rng),
            _ => {}
        }
        copy
    }
}
