//! Component facts, generated at build time from `data/card-joust.toml`
//! (see `build.rs`), so the rules code never parses anything at run time.
//! The names and effect texts a client reads come from the same file,
//! through [`crate::components`].

include!(concat!(env!("OUT_DIR"), "/content.rs"));

/// Number cards a player owns in all: the face-down pile, the discard pile
/// and whatever lies on the table add up to this.
pub const DECK_SIZE: usize = RANKS * COPIES_PER_RANK as usize;

/// The pile index of a number card, if the rank is one of the deck's.
pub const fn rank_index(rank: u8) -> Option<usize> {
    match rank.checked_sub(LOWEST_RANK) {
        Some(index) if rank <= HIGHEST_RANK => Some(index as usize),
        _ => None,
    }
}

/// The rank of a pile index (the inverse of [`rank_index`]).
pub const fn rank_of(index: usize) -> u8 {
    LOWEST_RANK.saturating_add(index as u8)
}
