//! The night between two days: rest, then training points by wounds.

use crate::content::KnightId;
use crate::events::{Event, Sink};
use crate::knight::night_training;
use crate::state::Ritter;

/// Wounds every knight heals overnight.
pub const NIGHT_HEALING: u8 = 3;

impl Ritter {
    /// Every knight still in the tournament heals, whether he rode today or
    /// not; his wounds after healing decide how much he may train.
    pub(crate) fn night(&mut self, events: &mut Sink) {
        for (id, k) in KnightId::all().zip(self.knights.iter_mut()) {
            if !k.in_tournament() {
                continue;
            }
            let before = k.wounds;
            k.wounds = k.wounds.saturating_sub(NIGHT_HEALING);
            k.training = night_training(k.wounds);
            events.everyone(|| Event::Rests {
                knight: id,
                seat: k.owner,
                healed: before.saturating_sub(k.wounds),
                wounds: k.wounds,
                training: k.training,
            });
        }
    }
}
