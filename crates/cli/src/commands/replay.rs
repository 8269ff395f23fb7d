//! `tourney replay`: check a record step by step through the rules and show it.

use super::emit;
use crate::cli::ReplayArgs;
use crate::failure::{Failure, Result};
use crate::registry;
use serde_json::json;
use tourney_core::{Audience, DynEvent, GameRecord, ToMove, verify_dice};
use tourney_table::log;
use tourney_table::replay::{apply_step, seat_names};

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
    let reached = match game.to_move() {
        ToMove::Over(outcome) => Some(outcome),
        _ => None,
    };
    // A game that ended by a forfeit has no ending in its steps.
    let outcome = record
        .ending(reached)
        .map_err(|reason| Failure::bad(format!("{path}: {reason}")))?;
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
        Some(o) if record.forfeit.is_some() => {
            let seat = record.forfeit.map(|s| s.to_string()).unwrap_or_default();
            log::name_seats(
                &format!(
                    "\nThe record replays exactly: {seat} forfeited (out of time), so {} won.\n",
                    o.winners
                ),
                &names,
            )
        }
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
