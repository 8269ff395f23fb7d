//! The night between two days: rest, then training points by wounds.

use crate::knight::night_training;
use crate::state::Ritter;

/// Wounds every knight heals overnight.
pub const NIGHT_HEALING: u8 = 3;

impl Ritter {
    /// Every knight still in the tournament heals, whether he rode today or
    /// not; his wounds after healing decide how much he may train.
    pub(crate) fn night(&mut self) {
        for k in self.knights.iter_mut().filter(|k| k.in_tournament()) {
            k.wounds = k.wounds.saturating_sub(NIGHT_HEALING);
            k.training = night_training(k.wounds);
        }
    }
}
