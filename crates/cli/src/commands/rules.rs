//! `tourney rules`: how to play a game and what its words mean, from the
//! rules summary each game serves with its components (`rules`, in the
//! shape of [`RulesText`]), so one command reads every game's.

use super::emit;
use crate::cli::RulesArgs;
use crate::failure::{Failure, Result};
use crate::{config, registry};
use serde_json::Value;
use tourney_core::RulesText;

/// The widest line printed, so the text reads well in any terminal.
const WIDTH: usize = 78;

pub fn run(args: RulesArgs) -> Result<()> {
    let kit = registry::find(&args.game)?;
    let entry = kit.entry;
    let name = entry.info.name;
    let mut components = (entry.components)();
    let rules = match components.get_mut("rules").map(Value::take) {
        Some(rules) => serde_json::from_value::<RulesText>(rules)
            .map_err(|e| Failure::io(format!("the rules summary of {name} is broken: {e}")))?,
        None => {
            return Err(Failure::bad(format!(
                "no rules summary for this game yet ({name}); see `tourney games` for its options"
            )));
        }
    };
    let config = config::load(&entry, args.config.as_deref(), entry.info.min_seats)?;
    let term = args.term.join(" ");
    let text = match (!term.is_empty()).then_some(term) {
        None => summary(entry.info.title, name, &rules, &config),
        Some(term) => {
            let found = rules.entry(&term).ok_or_else(|| {
                Failure::bad(format!(
                    "{name} has no glossary entry {term:?}; `tourney rules {name}` lists its terms"
                ))
            })?;
            let mut text = format!("{}\n", found.term);
            text += &wrap(&rules.fill_words(&found.text, &config), "  ");
            if !found.also.is_empty() {
                text += &wrap(&format!("Also: {}.", found.also.join(", ")), "  ");
            }
            text
        }
    };
    emit(&text)
}

/// How to play with the options filled in, then the list of terms.
fn summary(title: &str, name: &str, rules: &RulesText, config: &Value) -> String {
    let mut text = format!("How to play {title}\n");
    text += &"=".repeat(title.len().saturating_add(12).min(WIDTH));
    text += "\n";
    for section in &rules.how_to_play {
        text += &format!("\n{}\n", section.title);
        text += &wrap(&rules.fill_words(&section.text, config), "  ");
    }
    let terms: Vec<&str> = rules.glossary.iter().map(|e| e.term.as_str()).collect();
    text += &format!(
        "\nGlossary ({} terms; `tourney rules {name} TERM` explains one)\n",
        terms.len()
    );
    text += &wrap(&terms.join(", "), "  ");
    text
}

/// `text` in lines of at most [`WIDTH`] columns (a longer word stands
/// alone), each starting with `indent`.
fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        let fresh = line.len() == indent.len();
        if !fresh && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out += line.trim_end();
            out += "\n";
            line = String::from(indent);
        } else if !fresh {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        out += &line;
        out += "\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_wrapped_and_indented() {
        let text = "word ".repeat(40);
        let wrapped = wrap(&text, "  ");
        assert!(wrapped.lines().count() > 1);
        for line in wrapped.lines() {
            assert!(line.starts_with("  word"), "{line:?}");
            assert!(line.chars().count() <= WIDTH, "{line:?}");
        }
        assert_eq!(wrapped.matches("word").count(), 40);
    }
}
