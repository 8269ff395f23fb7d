//! Every game the binary knows, by its command-line name.

use crate::failure::{Failure, Result};
use tourney_core::GameEntry;

pub fn all() -> Vec<GameEntry> {
    vec![
        GameEntry::of::<tourney_joust::CardJoust>(),
        GameEntry::of::<tourney_ritter::Ritter>(),
        GameEntry::of::<tourney_mastery::Mastery>(),
    ]
}

pub fn find(name: &str) -> Result<GameEntry> {
    let games = all();
    games
        .iter()
        .find(|g| g.info.name.eq_ignore_ascii_case(name))
        .copied()
        .ok_or_else(|| {
            let names: Vec<&str> = games.iter().map(|g| g.info.name).collect();
            Failure::bad(format!(
                "unknown game `{name}`; the games are: {}",
                names.join(", ")
            ))
        })
}
