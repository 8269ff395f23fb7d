//! Who sits at each seat: `--seats you,random`.

use crate::failure::{Failure, Result};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at this terminal.
    Human,
    /// Picks uniformly among the legal actions.
    Random,
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SeatKind::Human => "you",
            SeatKind::Random => "random",
        })
    }
}

pub fn parse(spec: &str) -> Result<Vec<SeatKind>> {
    spec.split(',')
        .enumerate()
        .map(
            |(i, part)| match part.trim().to_ascii_lowercase().as_str() {
                "you" | "human" => Ok(SeatKind::Human),
                "random" => Ok(SeatKind::Random),
                "" => Err(Failure::bad(format!("--seats: seat {} is empty", i + 1))),
                other => Err(Failure::bad(format!(
                    "--seats: seat {} is `{other}`; a seat is `you` or `random`",
                    i + 1
                ))),
            },
        )
        .collect()
}

/// Checks the seat count against the game before anything starts.
pub fn check_count(game: &tourney_core::GameInfo, seats: &[SeatKind]) -> Result<()> {
    if (game.min_seats..=game.max_seats).contains(&seats.len()) {
        Ok(())
    } else {
        Err(Failure::bad(format!(
            "--seats: {} is played by {} to {} players, {} seats given",
            game.title,
            game.min_seats,
            game.max_seats,
            seats.len()
        )))
    }
}

pub fn names(seats: &[SeatKind]) -> Vec<String> {
    seats.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_names_the_bad_seat() {
        assert_eq!(
            parse("you, Random").unwrap(),
            vec![SeatKind::Human, SeatKind::Random]
        );
        let err = parse("you,robot").unwrap_err().to_string();
        assert!(err.contains("seat 2") && err.contains("robot"), "{err}");
        assert!(parse("you,,random").is_err());
    }
}
