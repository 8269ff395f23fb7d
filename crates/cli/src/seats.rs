//! Who sits at each seat, from `--seats you,ismcts:200ms,random`: the
//! parsing of `tourney-table`, with its errors naming the option.

use crate::failure::{Failure, Result};
pub use tourney_table::SeatKind;
pub use tourney_table::seats::{bot_seed, names};

pub fn parse(spec: &str) -> Result<Vec<SeatKind>> {
    tourney_table::seats::parse(spec).map_err(|e| Failure::bad(format!("--seats: {e}")))
}

/// Checks the seat count against the game before anything starts.
pub fn check_count(game: &tourney_core::GameInfo, seats: &[SeatKind]) -> Result<()> {
    tourney_table::seats::check_count(game, seats.len())
        .map_err(|e| Failure::bad(format!("--seats: {e}")))
}
