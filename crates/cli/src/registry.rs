//! The games, as the command line finds them: the catalog of
//! `tourney-table`, with its errors turned into command-line failures.

use crate::failure::{Failure, Result};
pub use tourney_table::GameKit;

pub fn all() -> [GameKit; 4] {
    tourney_table::catalog::all()
}

pub fn find(name: &str) -> Result<GameKit> {
    tourney_table::catalog::find(name).map_err(|e| Failure::bad(e.to_string()))
}
