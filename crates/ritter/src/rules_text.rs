//! Reads `data/rules.toml`, the game's "How to play" and glossary in the
//! shape of [`tourney_core::RulesText`], refusing a copy a player could not
//! read: a TOML error, or what [`RulesText::check`] refuses (a list or a
//! text left empty, two entries one word would look up, a `{key}` that is
//! not one of the game's options).

use tourney_core::{OptionInfo, RulesText};

/// The name of the rules file.
pub(crate) const RULES_FILE: &str = "rules.toml";

/// The rules text of `text`, checked against the game's `options`; the
/// error says what is wrong, for a [`tourney_core::DataError`] naming the
/// file.
pub(crate) fn read(text: &str, options: &[OptionInfo]) -> Result<RulesText, String> {
    let rules: RulesText = toml::from_str(text).map_err(|e| e.to_string())?;
    rules.check(options)?;
    Ok(rules)
}
