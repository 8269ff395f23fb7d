//! A designer's copy of the component data: `tourney serve
//! --component-data DIR` serves the names and texts read from `DIR/<game>/`
//! instead of the built-in files, so a renamed card or a reworded effect
//! shows in every board without a rebuild. The rules still play by the
//! built-in data; only what `GET /api/games/{game}/components` answers
//! changes.
//!
//! Whatever is served is named by a hash of its text: the ETag and the
//! `?v=` of the address `/api/games` hands out. Reworded effects change the
//! hash without a new rules version, so a browser never keeps old texts.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;
use tourney_core::DataFile;

/// One game's components as served: the answer's body and the hash that
/// names it.
#[derive(Debug, Clone)]
pub struct Served {
    /// `{game, rules_version, components}`, serialised once.
    pub body: String,
    /// The first 16 hex digits of the body's SHA-256.
    pub version: String,
}

/// Every game's answer, from the copy where one was given and from the
/// built-in data otherwise. Made once, when the server starts.
pub fn served(copies: &ComponentData) -> BTreeMap<&'static str, Served> {
    tourney_table::catalog::all()
        .iter()
        .map(|kit| {
            let info = kit.entry.info;
            let components = copies
                .get(info.name)
                .cloned()
                .unwrap_or_else(|| (kit.entry.components)());
            let body = json!({
                "game": info.name,
                "rules_version": info.rules_version,
                "components": components,
            })
            .to_string();
            let digest = Sha256::digest(body.as_bytes());
            let version = crate::auth::hex(digest.get(..8).unwrap_or_default());
            (info.name, Served { body, version })
        })
        .collect()
}

/// The components read from a copy, by game name.
pub type ComponentData = BTreeMap<&'static str, Value>;

/// Reads every game folder in `dir`: each `*.toml` in it must be one of the
/// game's data files (a file left out is read from the built-in one). The
/// error names the folder or file and what is wrong.
pub fn read(dir: &Path) -> Result<ComponentData, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut found = ComponentData::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if !path.is_dir() {
            continue;
        }
        let folder = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let kit = tourney_table::catalog::find(folder.as_deref().unwrap_or_default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let entry = kit.entry;
        let texts = read_files(&path, entry.data_files)?;
        let files: Vec<DataFile<'_>> = texts
            .iter()
            .map(|(name, text)| DataFile { name, text })
            .collect();
        let components =
            (entry.components_from)(&files).map_err(|e| format!("{}/{e}", path.display()))?;
        found.insert(entry.info.name, components);
    }
    if found.is_empty() {
        return Err(format!(
            "{}: no game folder in it (expected joust/, ritter/, glory/ or mastery/ holding copies of that game's data files)",
            dir.display()
        ));
    }
    Ok(found)
}

/// The `*.toml` files of one game folder, each checked against the names
/// the game reads.
fn read_files(folder: &Path, known: &[DataFile<'static>]) -> Result<Vec<(String, String)>, String> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut texts = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("{}: {e}", folder.display()))?
            .path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !known.iter().any(|file| file.name == name) {
            let names: Vec<&str> = known.iter().map(|file| file.name).collect();
            return Err(format!(
                "{}: not a data file of this game (it reads {})",
                path.display(),
                names.join(", ")
            ));
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        texts.push((name, text));
    }
    Ok(texts)
}
