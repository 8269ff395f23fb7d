//! How to play a game and what its words mean, for a newcomer: the texts
//! live in each game's `data/rules.toml`, are served with its components,
//! and are printed by `tourney rules`. One shape for every game, so the
//! browser and the terminal show any game's rules the same way.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A game's rules summary and glossary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesText {
    /// "How to play", in order: the goal, a turn, how a result is decided,
    /// how the game ends. Under a page in all.
    pub how_to_play: Vec<RulesSection>,
    /// Every term and component the board or the terminal shows, explained.
    pub glossary: Vec<GlossaryEntry>,
}

/// One part of "How to play".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    /// Its heading, such as "The goal".
    pub title: String,
    /// Its text. `{key}` stands for the table's option `key` (see
    /// [`RulesText::fill`]), so a table shows its own target or days.
    pub text: String,
}

/// One glossary entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GlossaryEntry {
    /// Its id: lower case, words joined by `_` (`flying_mount`); what a
    /// board or `tourney rules GAME TERM` looks it up by.
    pub id: String,
    /// The term as a player reads it ("Flying mount").
    pub term: String,
    /// What it means or does, in a sentence or three.
    pub text: String,
    /// Other words a player may look it up by.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
}

impl RulesText {
    /// `text` with each `{key}` replaced by the option `key` of `config`
    /// (a table's config as JSON); a key the config lacks stays as it is.
    pub fn fill(text: &str, config: &Value) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            let (before, from) = rest.split_at(open);
            out.push_str(before);
            let close = from.find('}');
            let key = close.and_then(|close| from.get(1..close));
            match (close, key.and_then(|key| config.get(key))) {
                (Some(close), Some(value)) => {
                    out.push_str(&option_words(value));
                    rest = from.get(close.saturating_add(1)..).unwrap_or_default();
                }
                _ => {
                    out.push('{');
                    rest = from.get(1..).unwrap_or_default();
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The glossary entry a player means by `word`: its id, its term or one
    /// of its other words, in any case, with `_`, `-` and spaces alike.
    pub fn entry(&self, word: &str) -> Option<&GlossaryEntry> {
        let wanted = normalise(word);
        self.glossary.iter().find(|entry| {
            normalise(&entry.id) == wanted
                || normalise(&entry.term) == wanted
                || entry.also.iter().any(|also| normalise(also) == wanted)
        })
    }
}

/// An option's value as words: a list joined by commas, `_` as spaces.
fn option_words(value: &Value) -> String {
    match value {
        Value::String(text) => text.replace('_', " "),
        Value::Array(items) => items
            .iter()
            .map(option_words)
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

fn normalise(word: &str) -> String {
    word.trim()
        .to_lowercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn options_fill_their_places_and_unknown_keys_stay() {
        let config =
            json!({"target_points": 21, "tournaments": ["pas_d_armes", "joust_a_plaisance"]});
        assert_eq!(
            RulesText::fill(
                "First to {target_points} points; {tournaments}; {nope} {",
                &config
            ),
            "First to 21 points; pas d armes, joust a plaisance; {nope} {"
        );
    }

    #[test]
    fn an_entry_is_found_by_id_term_or_other_word() {
        let rules = RulesText {
            how_to_play: Vec::new(),
            glossary: vec![GlossaryEntry {
                id: "flying_mount".into(),
                term: "Flying mount".into(),
                text: "Moves first.".into(),
                also: vec!["Pegasus".into()],
            }],
        };
        for word in ["flying_mount", "Flying Mount", "flying-mount", " pegasus "] {
            assert_eq!(
                rules.entry(word).map(|e| e.id.as_str()),
                Some("flying_mount"),
                "{word}"
            );
        }
        assert!(rules.entry("lance").is_none());
    }
}
