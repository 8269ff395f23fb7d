//! # tourney-provenance
//!
//! Every component fact in a game's data file (a card, a knight, a slot's
//! points) says where it comes from: printed in the `rulebook`, or
//! `assumed` by us where the rulebook is silent or illegible. The game
//! crates' build scripts read those tags with the types here and write
//! them next to the constants they generate, so a reader of the generated
//! code sees which numbers to trust.
//!
//! An entry carries one `source`; a single field may override it:
//!
//! ```
//! use tourney_provenance::{Field, Source};
//!
//! #[derive(serde::Deserialize)]
//! struct Knight {
//!     attack: Field<u8>,
//!     glory: Field<u8>,
//!     source: Source,
//! }
//!
//! let k: Knight = toml::from_str(r#"
//!     attack = 7
//!     glory = { value = 3, source = "assumed" }
//!     source = "rulebook"
//! "#).unwrap();
//! assert_eq!(k.attack.resolve(k.source), (7, Source::Rulebook));
//! assert_eq!(k.glory.resolve(k.source), (3, Source::Assumed));
//! ```

pub mod build;

use serde::Deserialize;

/// Where a fact comes from.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Printed in the rulebook.
    Rulebook,
    /// Ours: the rulebook is silent, unclear or illegible here.
    Assumed,
}

impl Source {
    /// The tag as the data files spell it.
    pub fn word(self) -> &'static str {
        match self {
            Source::Rulebook => "rulebook",
            Source::Assumed => "assumed",
        }
    }
}

/// A value with its own source, overriding its entry's.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Tagged<T> {
    /// The fact itself.
    pub value: T,
    /// Where this one value comes from, whatever its entry says.
    pub source: Source,
}

/// A value either bare (it takes its entry's source) or tagged with its own.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
pub enum Field<T> {
    /// Written as a `{ value = ..., source = ... }` table. Tried first, so such
    /// a table is read as a tag and not as a bare value.
    Tagged(Tagged<T>),
    /// Written as the plain value; it takes its entry's source.
    Bare(T),
}

impl<T> Field<T> {
    /// The value and where it comes from, given its entry's source.
    pub fn resolve(self, entry: Source) -> (T, Source) {
        match self {
            Field::Tagged(t) => (t.value, t.source),
            Field::Bare(v) => (v, entry),
        }
    }

    /// The value; a source other than its entry's is noted as
    /// `"{what}: {source}"`, for the comment on the generated constant.
    pub fn resolve_noted(self, entry: Source, what: &str, notes: &mut Vec<String>) -> T {
        let (value, source) = self.resolve(entry);
        if source != entry {
            notes.push(format!("{what}: {}", source.word()));
        }
        value
    }
}
