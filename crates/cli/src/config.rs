//! Game configuration files: TOML (or JSON by extension), merged over the
//! game's defaults so a file only needs the options it changes.

use crate::failure::{Failure, Result};
use serde_json::Value;
use std::path::Path;
use tourney_core::GameEntry;

/// The config for a table of `seats`: defaults, overridden by the file.
pub fn load(entry: &GameEntry, path: Option<&Path>, seats: usize) -> Result<Value> {
    let mut config = (entry.default_config)();
    if let Some(path) = path {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::bad(format!("{}: cannot read: {e}", path.display())))?;
        let overrides = parse(path, &text)?;
        tourney_table::config::merge(&mut config, overrides);
    }
    // Validate now, with the file named, rather than in the middle of a game.
    let origin = path.map_or("default config".into(), |p| p.display().to_string());
    (entry.check_config)(&config, seats).map_err(|e| Failure::bad(format!("{origin}: {e}")))
}

fn parse(path: &Path, text: &str) -> Result<Value> {
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let value = if is_json {
        serde_json::from_str(text).map_err(|e| Failure::bad(format!("{}: {e}", path.display())))?
    } else {
        let table: toml::Table = toml::from_str(text)
            .map_err(|e| Failure::bad(format!("{}: {}", path.display(), e.message())))?;
        serde_json::to_value(table).map_err(|e| Failure::bad(format!("{}: {e}", path.display())))?
    };
    if value.is_object() {
        Ok(value)
    } else {
        Err(Failure::bad(format!(
            "{}: a config is a table of options",
            path.display()
        )))
    }
}
