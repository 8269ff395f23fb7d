//! `tourney replay`: check a record step by step through the rules and show it.

use super::emit;
use crate::cli::ReplayArgs;
use crate::failure::{Failure, Result};
use crate::registry;
use serde_json::json;
use tourney_core::{Audience, DynEvent, DynGame, GameRecord, RecordStep, ToMove, verify_dice};
use tourney_table::{log, seats};

pub fn run(args: ReplayArgs) -> Result<()> {
    let path = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| Failure::bad(format!("{path}: cannot read: {e}")))?;
    let record: GameRecord = serde_json::from_str(&text)
        .map_err(|e| Failure::bad(format!("{path}: not a game record: {e}")))?;
    let entry = registry::find(&record.game)
        .map_err(|e| Failure::bad(format!("{path}: {e}")))?
        .entry;
    if record.rules_version != entry.info.rules_version {
        return Err(Failure::bad(format!(
            "{path}: made with rules version {} of {}, this build plays version {}",
            record.rules_version, entry.info.name, entry.info.rules_version
        )));
    }
    // Before the replay: a changed die or card is the first thing wrong with
    // a record, though the steps after it may fail to replay too.
    let audit = if args.verify {
        Some(verify_dice(&entry, &record).map_err(|e| Failure::bad(format!("{path}: {e}")))?)
    } else {
        None
    };
    let mut game = (entry.create)(&record.config, record.seats.clone(), record.seed)
        .map_err(|e| Failure::bad(format!("{path}: {e}")))?;
    game.tell_events(true);
    let mut log = format!(
        "{} — {} seats: {}{}{}\n",
        entry.info.title,
        record.seats.len(),
        record.seats.join(", "),
        record
            .seed
            .map(|s| format!(", seed {s}"))
            .unwrap_or_default(),
        record
            .dice
            .as_ref()
            .map(|d| format!(
                ", dice commitment {}{}",
                d.commitment,
                if d.seed.is_some() {
                    " (seed revealed)"
                } else {
                    ""
                }
            ))
            .unwrap_or_default()
    );
    let names = seat_names(&record.seats);
    for (i, step) in record.steps.iter().enumerate() {
        let line = apply_step(game.as_mut(), step)
            .map_err(|reason| Failure::bad(format!("{path}: step {}: {reason}", i + 1)))?;
        log += &format!("{:>5}. {}\n", i + 1, log::name_seats(&line, &names));
        for event in game.take_events() {
            log += &format!("       {}\n", log::name_seats(&told(&event), &names));
        }
    }
    let outcome = match game.to_move() {
        ToMove::Over(outcome) => Some(outcome),
        _ => None,
    };
    if record.outcome.is_some() && record.outcome != outcome {
        return Err(Failure::bad(format!(
            "{path}: the record says the game ended {:?}, but its steps lead to {:?}",
            record.outcome.map(|o| o.winners.to_string()),
            outcome.map(|o| o.winners.to_string())
        )));
    }
    if args.json {
        let mut report = json!({
            "game": entry.info.name,
            "steps": record.steps.len(),
            "outcome": outcome,
            "view": game.view_json(None),
        });
        if let Some(audit) = audit {
            report["dice_verified"] = json!(audit.chance_steps);
        }
        return emit(&format!("{report}\n"));
    }
    log += "\n";
    log += &game.render(None);
    log += &match outcome {
        Some(o) if o.winners.len() == 1 => {
            format!("\nThe record replays exactly: {} won.\n", o.winners)
        }
        Some(o) if o.winners.is_empty() && game.seats() == 1 => {
            "\nThe record replays exactly: the solo game was lost.\n".to_string()
        }
        Some(o) if o.winners.is_empty() => {
            "\nThe record replays exactly: nobody won.\n".to_string()
        }
        Some(o) => format!(
            "\nThe record replays exactly: a draw between {}.\n",
            o.winners
        ),
        None => "\nThe record replays exactly; the game was not finished.\n".to_string(),
    };
    if let (Some(audit), Some(seal)) = (audit, &record.dice) {
        let what = match audit.chance_steps {
            0 => "the record has no dice or cards; the seed matches".to_string(),
            1 => "the one die or card came from the revealed seed".to_string(),
            n => format!("all {n} dice and cards came from the revealed seed"),
        };
        log += &format!(
            "Dice verified: {what} (commitment {})\n",
            short(&seal.commitment)
        );
    }
    emit(&log)
}

fn apply_step(game: &mut dyn DynGame, step: &RecordStep) -> std::result::Result<String, String> {
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

/// The seats named as `tourney play` and the browser name them: a bot by
/// its level, a person at a terminal ("you") by seat number, a person at
/// a server's table by their name.
fn seat_names(recorded: &[String]) -> Vec<String> {
    let names = recorded
        .iter()
        .enumerate()
        .map(|(i, name)| match name.as_str() {
            "you" => format!("Seat {}", i + 1),
            spec if tourney_bots::BotSpec::parse(spec).is_ok() => seats::bot_name(spec),
            person => person.to_string(),
        })
        .collect();
    seats::told_apart(names)
}

/// An event as the replay tells it: the whole story, so a secret is shown
/// too, marked with the one seat that was told it at the table.
fn told(event: &DynEvent) -> String {
    match event.audience {
        // What the others are told of a secret is open to spectators: the
        // seat it is kept from reads the secret's own event instead.
        Audience::Everyone | Audience::Others(_) => event.text.clone(),
        Audience::Seat(seat) => format!("({seat} alone is told) {}", event.text),
    }
}

/// A commitment shortened for a closing line (the header shows it whole).
fn short(commitment: &str) -> String {
    let chars: Vec<char> = commitment.chars().collect();
    if chars.len() <= 12 {
        return commitment.to_string();
    }
    let head: String = chars[..8].iter().collect();
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}…{tail}")
}
