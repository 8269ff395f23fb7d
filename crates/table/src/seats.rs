//! Who sits at each seat: a person, or a bot given by its spec
//! (`ismcts:200ms`) or by a named level (`hard`).

use std::fmt;
use tourney_bots::{BotSpec, SpecError};
use tourney_core::{GameInfo, GameRng};

/// A seat's occupant, as a front end is told it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SeatKind {
    /// A person (at this terminal, or over the net).
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

/// The bot strengths a player picks from a menu, each a fixed spec, so a
/// level means the same bot in every game and on every machine (iteration
/// budgets, not times: a level does not get weaker on a busy server).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// `greedy`: looks one move ahead; beatable with a little care.
    Easy,
    /// `ismcts:300`: a short tree search.
    Medium,
    /// `ismcts:2000`: the full search `tourney play` uses by default.
    Hard,
}

impl Level {
    /// Every level, weakest first, as a menu lists them.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The word a player types or picks for the level (`easy`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The spec the level stands for.
    pub fn spec_text(self) -> &'static str {
        match self {
            Level::Easy => "greedy",
            Level::Medium => "ismcts:300",
            Level::Hard => "ismcts:2000",
        }
    }

    /// The bot the level stands for.
    pub(crate) fn spec(self) -> BotSpec {
        // The three texts above are fixed and valid; a failure here would be
        // caught by the tests below, so falling back to `greedy` is only a
        // guard against a panic.
        BotSpec::parse(self.spec_text()).unwrap_or(BotSpec::Greedy {
            determinizations: tourney_bots::GREEDY_DETERMINIZATIONS,
        })
    }

    /// The level named `text` (any case, spaces around ignored), if any.
    pub(crate) fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// How a person reads a bot's seat: "Bot (medium)" for a level's spec,
/// "Bot (random)" for the random mover, "Bot (custom)" for any other spec.
/// Engine specs (`ismcts:300`) are for programs; the API keeps them.
pub fn bot_name(spec: &str) -> String {
    let level = Level::ALL.into_iter().find(|l| l.spec_text() == spec);
    match (level, spec) {
        (Some(level), _) => format!("Bot ({})", level.name()),
        (None, "random") => "Bot (random)".to_string(),
        (None, _) => "Bot (custom)".to_string(),
    }
}

/// The seats' names with every name two seats share told apart by the
/// seat, so a log line names one person: "Bot 2 (easy)" and "Bot 3
/// (easy)", "Ann (seat 1)" and "Ann (seat 4)". Unique names stay as given.
pub fn told_apart(names: Vec<String>) -> Vec<String> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            if names.iter().filter(|n| *n == name).count() == 1 {
                return name.clone();
            }
            match name.strip_prefix("Bot (") {
                Some(level) => format!("Bot {} ({level}", i + 1),
                None => format!("{name} (seat {})", i + 1),
            }
        })
        .collect()
}

/// Why a list of seats was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SeatsError {
    /// Nothing between two commas (or at an end) at this seat, counted
    /// from 1.
    #[error("seat {0} is empty")]
    Empty(usize),
    /// A seat that is neither a person nor a bot Tourney can build.
    #[error(
        "seat {seat} is `{text}`: {reason} (a seat is `you` or a bot: random, greedy, ismcts, ismcts:2000, ismcts:200ms, or a level: easy, medium, hard)"
    )]
    BadBot {
        /// The seat, counted from 1.
        seat: usize,
        /// What was given for it, trimmed.
        text: String,
        /// Why it is not a bot spec.
        reason: SpecError,
    },
    /// More or fewer seats than the game is played by.
    #[error("{title} is played by {min} to {max} players, {given} seats given")]
    Count {
        /// The game's full title, for the message.
        title: &'static str,
        /// The fewest seats the game allows.
        min: usize,
        /// The most seats the game allows.
        max: usize,
        /// How many seats were given.
        given: usize,
    },
}

/// Reads one bot: a level name or a spec.
pub fn parse_bot(text: &str) -> Result<BotSpec, SpecError> {
    match Level::parse(text) {
        Some(level) => Ok(level.spec()),
        None => BotSpec::parse(text),
    }
}

/// Reads a comma-separated list of seats (`you,ismcts:200ms,random`).
pub fn parse(spec: &str) -> Result<Vec<SeatKind>, SeatsError> {
    spec.split(',')
        .enumerate()
        .map(|(i, part)| {
            let part = part.trim();
            if part.is_empty() {
                return Err(SeatsError::Empty(i + 1));
            }
            if part.eq_ignore_ascii_case("you") || part.eq_ignore_ascii_case("human") {
                return Ok(SeatKind::Human);
            }
            parse_bot(part)
                .map(SeatKind::Bot)
                .map_err(|reason| SeatsError::BadBot {
                    seat: i + 1,
                    text: part.to_string(),
                    reason,
                })
        })
        .collect()
}

/// Checks a seat count against the game before anything starts.
pub fn check_count(game: &GameInfo, seats: usize) -> Result<(), SeatsError> {
    if (game.min_seats..=game.max_seats).contains(&seats) {
        Ok(())
    } else {
        Err(SeatsError::Count {
            title: game.title,
            min: game.min_seats,
            max: game.max_seats,
            given: seats,
        })
    }
}

/// The names a record gives the seats (`you`, `ismcts:2000`).
pub fn names(seats: &[SeatKind]) -> Vec<String> {
    seats.iter().map(|s| s.to_string()).collect()
}

/// The seed of the bot at `seat` in game `game` of a run: every bot gets its
/// own stream, fixed by the run's seed, so a run can be repeated exactly.
pub fn bot_seed(run_seed: u64, game: u64, seat: usize) -> u64 {
    GameRng::for_game(run_seed ^ 0x5eed_b075, game.wrapping_mul(64) + seat as u64).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourney_core::Game;

    #[test]
    fn shared_names_are_told_apart_by_the_seat() {
        let names = ["Ann", "Bot (easy)", "Bot (easy)", "Ann", "Bot (hard)"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            told_apart(names),
            [
                "Ann (seat 1)",
                "Bot 2 (easy)",
                "Bot 3 (easy)",
                "Ann (seat 4)",
                "Bot (hard)"
            ]
        );
    }

    #[test]
    fn parses_and_names_the_bad_seat() {
        let seats = parse("you, Random,ismcts:200").unwrap();
        assert_eq!(seats[0], SeatKind::Human);
        assert_eq!(seats[1], SeatKind::Bot(BotSpec::Random));
        assert_eq!(seats[2].to_string(), "ismcts:200");
        let err = parse("you,robot").unwrap_err().to_string();
        assert!(err.starts_with("seat 2 is `robot`: unknown bot"), "{err}");
        assert_eq!(parse("you,,random"), Err(SeatsError::Empty(2)));
        assert!(parse("ismcts:0").is_err());
    }

    #[test]
    fn a_bot_is_named_by_its_level() {
        assert_eq!(bot_name("greedy"), "Bot (easy)");
        assert_eq!(bot_name("ismcts:300"), "Bot (medium)");
        assert_eq!(bot_name("ismcts:2000"), "Bot (hard)");
        assert_eq!(bot_name("random"), "Bot (random)");
        assert_eq!(bot_name("ismcts:500"), "Bot (custom)");
    }

    #[test]
    fn levels_stand_for_fixed_specs() {
        let specs: Vec<String> = parse("easy,MEDIUM,hard")
            .unwrap()
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(specs, ["greedy", "ismcts:300", "ismcts:2000"]);
        for level in Level::ALL {
            assert_eq!(BotSpec::parse(level.spec_text()), Ok(level.spec()));
        }
    }

    #[test]
    fn seat_counts_are_checked_against_the_game() {
        let info = &tourney_joust::CardJoust::INFO;
        assert_eq!(check_count(info, 2), Ok(()));
        let err = check_count(info, 7).unwrap_err().to_string();
        assert!(
            err.ends_with("is played by 2 to 6 players, 7 seats given"),
            "{err}"
        );
    }

    #[test]
    fn bot_seeds_differ_by_game_and_seat() {
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 0, 1));
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 1, 0));
        assert_eq!(bot_seed(1, 3, 2), bot_seed(1, 3, 2));
    }
}
