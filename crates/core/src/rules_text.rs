//! How to play a game and what its words mean, for a newcomer: the texts
//! live in each game's `data/rules.toml`, are served with its components,
//! and are printed by `tourney rules`. One shape for every game, so the
//! browser and the terminal show any game's rules the same way.

use crate::OptionInfo;
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
    /// How an option's value reads in a sentence, where its code does not
    /// (`pas_d_armes` is "Pas d'Armes"); see [`RulesText::fill_words`].
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub value_words: std::collections::BTreeMap<String, String>,
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

    /// [`RulesText::fill`] with each option value this game gives words
    /// for (`value_words`) written in those words: what a person reads.
    pub fn fill_words(&self, text: &str, config: &Value) -> String {
        if self.value_words.is_empty() {
            return RulesText::fill(text, config);
        }
        let worded = |value: &Value| -> Value {
            match value.as_str().and_then(|code| self.value_words.get(code)) {
                Some(words) => Value::String(words.clone()),
                None => value.clone(),
            }
        };
        let config = match config {
            Value::Object(options) => Value::Object(
                options
                    .iter()
                    .map(|(key, value)| {
                        let value = match value {
                            Value::Array(items) => Value::Array(items.iter().map(worded).collect()),
                            other => worded(other),
                        };
                        (key.clone(), value)
                    })
                    .collect(),
            ),
            other => other.clone(),
        };
        RulesText::fill(text, &config)
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

impl RulesText {
    /// Whether the texts are fit to serve for a game with `options`: no
    /// empty list or text, ids of lower case words joined by `_`, no two
    /// entries one word could look up, and every `{key}` an option's key.
    /// The error says which section or entry is wrong, for a data error.
    pub fn check(&self, options: &[OptionInfo]) -> Result<(), String> {
        if self.how_to_play.is_empty() {
            return Err("How to play has no section".into());
        }
        if self.glossary.is_empty() {
            return Err("the glossary has no entry".into());
        }
        for section in &self.how_to_play {
            let what = format!("the section `{}`", section.title);
            not_empty(&section.title, "a section's title")?;
            not_empty(&section.text, &what)?;
            only_options(&section.title, &what, options)?;
            only_options(&section.text, &what, options)?;
        }
        let mut words: Vec<(String, &str)> = Vec::new();
        for entry in &self.glossary {
            let what = format!("the glossary entry `{}`", entry.id);
            not_empty(&entry.id, "a glossary entry's id")?;
            let id_chars = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
            if !entry.id.chars().all(id_chars) {
                return Err(format!("{what}: an id is lower case words joined by `_`"));
            }
            not_empty(&entry.term, &what)?;
            not_empty(&entry.text, &what)?;
            only_options(&entry.term, &what, options)?;
            only_options(&entry.text, &what, options)?;
            let mut own: Vec<String> = Vec::new();
            for word in [&entry.id, &entry.term].into_iter().chain(&entry.also) {
                not_empty(word, &what)?;
                let word = normalise(word);
                if let Some((_, other)) = words.iter().find(|(w, _)| *w == word) {
                    return Err(if *other == entry.id {
                        format!("two glossary entries have the id `{other}`")
                    } else {
                        format!(
                            "the word `{word}` looks up both `{other}` and `{}`",
                            entry.id
                        )
                    });
                }
                if !own.contains(&word) {
                    own.push(word);
                }
            }
            words.extend(own.into_iter().map(|w| (w, entry.id.as_str())));
        }
        Ok(())
    }
}

/// Refuses a text that is empty or only spaces.
fn not_empty(text: &str, what: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        Err(format!("{what} has an empty text"))
    } else {
        Ok(())
    }
}

/// Refuses a text with a `{` that does not open `{key}` for an option key.
fn only_options(text: &str, what: &str, options: &[OptionInfo]) -> Result<(), String> {
    for (open, _) in text.match_indices('{') {
        let after = text.get(open.saturating_add(1)..).unwrap_or_default();
        let key = after.split('}').next().filter(|_| after.contains('}'));
        match key {
            Some(key) if options.iter().any(|o| o.key == key) => {}
            Some(key) => {
                let keys: Vec<&str> = options.iter().map(|o| o.key).collect();
                return Err(format!(
                    "{what}: `{{{key}}}` is not an option of the game (its options: {})",
                    keys.join(", ")
                ));
            }
            None => return Err(format!("{what}: a `{{` is not closed by `}}`")),
        }
    }
    Ok(())
}

/// An option's value as words: a list joined by commas, `_` as spaces.
/// A yes/no option reads on or off and a missing one or an empty list
/// "none", as a person says them; the web client's `optionWords` does the same.
fn option_words(value: &Value) -> String {
    match value {
        Value::String(text) => text.replace('_', " "),
        Value::Bool(true) => "on".to_string(),
        Value::Bool(false) => "off".to_string(),
        Value::Null => "none".to_string(),
        Value::Array(items) if items.is_empty() => "none".to_string(),
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
    fn option_values_read_in_the_games_words() {
        let rules = RulesText {
            value_words: [
                ("pas_d_armes", "Pas d'Armes"),
                ("joust_a_plaisance", "Joust à Plaisance"),
            ]
            .map(|(code, words)| (code.to_string(), words.to_string()))
            .into(),
            ..RulesText::default()
        };
        let config =
            json!({"tournaments": ["joust_a_plaisance", "pas_d_armes", "other_kind"], "days": 2});
        assert_eq!(
            rules.fill_words("Rounds: {tournaments}; {days} days.", &config),
            "Rounds: Joust à Plaisance, Pas d'Armes, other kind; 2 days."
        );
        assert_eq!(
            RulesText::default().fill_words("{tournaments}", &config),
            "joust a plaisance, pas d armes, other kind"
        );
    }

    #[test]
    fn yes_no_options_read_on_or_off_and_a_missing_one_none() {
        let config = json!({"siege": true, "cut_throat": false, "limit": null, "handicap": []});
        assert_eq!(
            RulesText::fill(
                "Siege {siege}, cut-throat {cut_throat}, limit {limit}, handicaps {handicap}.",
                &config
            ),
            "Siege on, cut-throat off, limit none, handicaps none."
        );
    }

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
            ..RulesText::default()
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

    fn option(key: &'static str) -> OptionInfo {
        OptionInfo {
            key,
            default: "1",
            help: "",
        }
    }

    #[test]
    fn check_refuses_what_a_page_could_not_show() {
        let good = RulesText {
            how_to_play: vec![RulesSection {
                title: "The goal".into(),
                text: "Reach {target_points} points.".into(),
            }],
            glossary: vec![
                GlossaryEntry {
                    id: "snake".into(),
                    term: "Snake".into(),
                    text: "A wound.".into(),
                    also: Vec::new(),
                },
                GlossaryEntry {
                    id: "push".into(),
                    term: "Push".into(),
                    text: "Nothing happens.".into(),
                    also: vec!["tie".into()],
                },
            ],
            ..RulesText::default()
        };
        let options = [option("target_points")];
        assert_eq!(good.check(&options), Ok(()));
        let mut unknown = good.clone();
        unknown.how_to_play[0].text = "Reach {days} days.".into();
        assert_eq!(
            unknown.check(&options),
            Err("the section `The goal`: `{days}` is not an option of the game (its options: target_points)".into())
        );
        let mut twice = good.clone();
        twice.glossary[1].id = "snake".into();
        twice.glossary[1].term = "Another".into();
        assert_eq!(
            twice.check(&options),
            Err("two glossary entries have the id `snake`".into())
        );
        let mut shared = good.clone();
        shared.glossary[1].also = vec!["Snake".into()];
        assert_eq!(
            shared.check(&options),
            Err("the word `snake` looks up both `snake` and `push`".into())
        );
        let mut empty = good.clone();
        empty.glossary[0].text = "  ".into();
        assert_eq!(
            empty.check(&options),
            Err("the glossary entry `snake` has an empty text".into())
        );
        let mut bad_id = good;
        bad_id.glossary[0].id = "Snake Eyes".into();
        assert!(
            bad_id
                .check(&options)
                .unwrap_err()
                .contains("lower case words")
        );
    }
}
