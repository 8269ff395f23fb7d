//! Who sits at each seat: `--seats you,ismcts:200ms,random`.

use crate::failure::{Failure, Result};
use std::fmt;
use tourney_bots::BotSpec;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SeatKind {
    /// A person at this terminal.
    Human,
    /// A bot: `random`, `greedy`, `ismcts`, `ismcts:2000`, `ismcts:200ms`.
    Bot(BotSpec),
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatKind::Human => f.write_str("you"),
            SeatKind::Bot(spec) => write!(f, "{spec}"),
        }
    }
}

pub fn parse(spec: &str) -> Result<Vec<SeatKind>> {
    spec.split(',')
        .enumerate()
        .map(|(i, part)| {
            let part = part.trim();
            if part.is_empty() {
                return Err(Failure::bad(format!("--seats: seat {} is empty", i + 1)));
            }
            if part.eq_ignore_ascii_case("you") || part.eq_ignore_ascii_case("human") {
                return Ok(SeatKind::Human);
            }
            BotSpec::parse(part).map(SeatKind::Bot).map_err(|e| {
                Failure::bad(format!(
                    "--seats: seat {} is `{part}`: {e} (a seat is `you` or a bot: random, greedy, ismcts, ismcts:2000, ismcts:200ms)",
                    i + 1
                ))
            })
        })
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

/// The seed of the bot at `seat` in game `game` of a run: every bot gets its
/// own stream, fixed by the run's seed, so a run can be repeated exactly.
pub fn bot_seed(run_seed: u64, game: u64, seat: usize) -> u64 {
    tourney_core::GameRng::for_game(run_seed ^ 0x5eed_b075, game.wrapping_mul(64) + seat as u64)
        .next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_names_the_bad_seat() {
        let seats = parse("you, Random,ismcts:200").unwrap();
        assert_eq!(seats[0], SeatKind::Human);
        assert_eq!(seats[1], SeatKind::Bot(BotSpec::Random));
        assert_eq!(seats[2].to_string(), "ismcts:200");
        let err = parse("you,robot").unwrap_err().to_string();
        assert!(err.contains("seat 2") && err.contains("robot"), "{err}");
        assert!(parse("you,,random").is_err());
        assert!(parse("ismcts:0").is_err());
    }

    #[test]
    fn bot_seeds_differ_by_game_and_seat() {
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 0, 1));
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 1, 0));
        assert_eq!(bot_seed(1, 3, 2), bot_seed(1, 3, 2));
    }
}
