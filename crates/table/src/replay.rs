//! Replaying a record one step at a time, as `tourney replay` tells it.
//!
//! The replay command and the record fuzz target both step through records
//! with these, so what the fuzzer checks is what a person's replay does.

use crate::seats;
use tourney_core::{DynGame, RecordStep};

/// Applies one recorded step and says what it did, as a log line with
/// seats by number ("Seat 2 …"). The step's label is read first, so an
/// action that cannot be applied is named in the refusal; a seat that is
/// not at the table is refused before the game sees it.
pub fn apply_step(game: &mut dyn DynGame, step: &RecordStep) -> Result<String, String> {
    match step {
        RecordStep::Action { seat, action } => {
            if seat.index() >= game.seats() {
                return Err(format!("{seat} is not at this table"));
            }
            let label = game
                .describe_action_json(*seat, action)
                .map_err(|e| e.to_string())?;
            let applied = game
                .apply_json(*seat, action)
                .map_err(|e| format!("{seat} cannot `{label}`: {e}"))?;
            Ok(format!("Seat {} {}", seat.index() + 1, applied.told))
        }
        RecordStep::Chance { outcome } => {
            let what = game.chance_step_label();
            let label = game
                .describe_chance_json(outcome)
                .map_err(|e| e.to_string())?;
            game.apply_chance_json(outcome)
                .map_err(|e| format!("{what}: `{label}` cannot come up: {e}"))?;
            Ok(format!("{what}: {label}"))
        }
    }
}

/// The seats of a record named as `tourney play` and the browser name them:
/// a bot by its level, a person at a terminal ("you") by seat number, a
/// person at a server's table by their name; names told apart when two are
/// alike.
pub fn seat_names(recorded: &[String]) -> Vec<String> {
    let names = recorded
        .iter()
        .enumerate()
        .map(|(i, name)| match name.as_str() {
            "you" => format!("Seat {}", i + 1),
            // A record keeps a bot's spec, never a level's name: a person
            // may be called "easy".
            spec if tourney_bots::BotSpec::parse(spec).is_ok() => seats::bot_name(spec),
            person => person.to_string(),
        })
        .collect();
    seats::told_apart(names)
}
