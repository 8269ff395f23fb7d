//! `tourney games`: what can be played.

use super::emit;
use crate::cli::GamesArgs;
use crate::failure::Result;
use crate::registry;
use serde_json::json;

pub fn run(args: GamesArgs) -> Result<()> {
    let games: Vec<_> = registry::all().into_iter().map(|kit| kit.entry).collect();
    if args.json {
        let list: Vec<_> = games
            .iter()
            .map(|g| {
                let options: Vec<_> = g
                    .info
                    .options
                    .iter()
                    .map(|o| json!({"key": o.key, "default": o.default, "help": o.help}))
                    .collect();
                json!({
                    "name": g.info.name,
                    "title": g.info.title,
                    "rules_version": g.info.rules_version,
                    "min_seats": g.info.min_seats,
                    "max_seats": g.info.max_seats,
                    "options": options,
                })
            })
            .collect();
        return emit(&format!("{}\n", json!(list)));
    }
    let mut text = String::new();
    for g in &games {
        let i = g.info;
        text += &format!(
            "{:<8} {} — {} to {} players\n",
            i.name, i.title, i.min_seats, i.max_seats
        );
        if !i.options.is_empty() {
            text += "         options (set them in a --config TOML file):\n";
            let width = i.options.iter().map(|o| o.key.len()).max().unwrap_or(0);
            for o in i.options {
                text += &format!(
                    "           {:<width$}  {} (default: {})\n",
                    o.key, o.help, o.default
                );
            }
        }
        text += "\n";
    }
    text += "Play one with `tourney play GAME`, e.g. `tourney play joust --seats you,greedy`.\n";
    emit(&text)
}
