//! The shape of `data/ritter.toml` as written, before its checks: one
//! declaration read by the build script (which checks the file and writes
//! the rules tables) and by the library (which serves its names and texts
//! as components), included by both through `#[path]`.

// The build script reads the provenance fields and the library the
// values; each leaves some of them unread.
#![allow(dead_code)]

use super::vocab::Trait;
use serde::Deserialize;
use tourney_provenance::{Field, Source};

/// The whole file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    #[serde(rename = "trait")]
    pub traits: Vec<TraitEntry>,
    pub knight: Vec<KnightEntry>,
    pub lady: Vec<LadyEntry>,
}

/// A trait and the word a sentence uses for it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitEntry {
    pub id: Trait,
    pub source: Source,
    pub word: Field<String>,
}

/// Hit fields a knight covers, with where the numbers come from.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverGroup {
    pub fields: Vec<u8>,
    pub source: Option<Source>,
}

/// A knight card.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnightEntry {
    pub name: String,
    pub source: Source,
    pub dice: Field<u8>,
    pub covered: Vec<CoverGroup>,
    pub prefers: Field<Vec<Trait>>,
}

/// A lady card.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LadyEntry {
    pub name: String,
    pub source: Source,
    pub hair: Field<Trait>,
    pub build: Field<Trait>,
    pub temperament: Field<Trait>,
    pub height: Field<Trait>,
}
