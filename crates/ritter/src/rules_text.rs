//! Reads `data/rules.toml`, the game's "How to play" and glossary in the
//! shape of [`tourney_core::RulesText`], refusing a copy a player could not
//! read: a TOML error, a list or a text left empty, two glossary entries
//! with one id, or a `{key}` that is not one of the game's options (it
//! would be shown as it stands instead of the table's value).

use tourney_core::{OptionInfo, RulesText};

/// The name of the rules file.
pub(crate) const RULES_FILE: &str = "rules.toml";

/// The rules text of `text`, every `{key}` in it an option of `options`;
/// the error says what is wrong, for a [`tourney_core::DataError`] naming
/// the file.
pub(crate) fn read(text: &str, options: &[OptionInfo]) -> Result<RulesText, String> {
    let rules: RulesText = toml::from_str(text).map_err(|e| e.to_string())?;
    if rules.how_to_play.is_empty() {
        return Err("there is no [[how_to_play]] section".into());
    }
    if rules.glossary.is_empty() {
        return Err("there is no [[glossary]] entry".into());
    }
    let mut ids: Vec<&str> = Vec::new();
    for section in &rules.how_to_play {
        blank("a [[how_to_play]] title", &section.title)?;
        blank(&format!("the text of {:?}", section.title), &section.text)?;
        keys(&section.text, options).map_err(|m| format!("{:?}: {m}", section.title))?;
    }
    for entry in &rules.glossary {
        blank("a [[glossary]] id", &entry.id)?;
        blank(&format!("the term of {:?}", entry.id), &entry.term)?;
        blank(&format!("the text of {:?}", entry.id), &entry.text)?;
        if ids.contains(&entry.id.as_str()) {
            return Err(format!("the glossary id {:?} is used twice", entry.id));
        }
        ids.push(&entry.id);
        keys(&entry.text, options).map_err(|m| format!("{:?}: {m}", entry.id))?;
    }
    Ok(rules)
}

fn blank(what: &str, text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        Err(format!("{what} is empty"))
    } else {
        Ok(())
    }
}

/// Every `{key}` of `text` is an option's key.
fn keys(text: &str, options: &[OptionInfo]) -> Result<(), String> {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let from = rest.get(open.saturating_add(1)..).unwrap_or_default();
        let Some(close) = from.find('}') else {
            return Err("a `{` is never closed".into());
        };
        let key = from.get(..close).unwrap_or_default();
        if !options.iter().any(|o| o.key == key) {
            let known: Vec<&str> = options.iter().map(|o| o.key).collect();
            return Err(format!(
                "{{{key}}} is not an option of the game (options: {})",
                known.join(", ")
            ));
        }
        rest = from.get(close.saturating_add(1)..).unwrap_or_default();
    }
    Ok(())
}
