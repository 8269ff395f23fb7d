//! The words Ritter's data file is written in: how many cards of each kind
//! the box holds and the lady traits, by the ids the file, the views and the
//! actions use. Both the library and `build.rs` (through `#[path]`) include
//! this module, so the build script checks the data against the very list
//! the rules and the views are made of, not a copy.

/// How many knight cards (and lady cards) the box holds: five players with
/// two knights each use every card.
pub const CARDS: usize = 10;

/// A lady's trait, as knights name them in their preferences. What the
/// texts call each one is in the data file (`[[trait]]`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Trait {
    /// Hair: fair.
    Blond,
    /// Hair: brown.
    Brown,
    /// Hair: black.
    Black,
    /// Hair: red.
    Red,
    /// Build: slender.
    Slim,
    /// Build: full-figured.
    Plump,
    /// Temperament: spirited.
    Lively,
    /// Temperament: quiet.
    Reserved,
    /// Height: short.
    Small,
    /// Height: tall.
    Tall,
}

/// What a trait describes: every lady has one trait of each kind.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TraitKind {
    /// Her hair colour.
    Hair,
    /// Her build.
    Build,
    /// Her temperament.
    Temperament,
    /// Her height.
    Height,
}

impl Trait {
    /// Every trait, hair first, then build, temperament and height.
    pub const ALL: [Trait; 10] = [
        Trait::Blond,
        Trait::Brown,
        Trait::Black,
        Trait::Red,
        Trait::Slim,
        Trait::Plump,
        Trait::Lively,
        Trait::Reserved,
        Trait::Small,
        Trait::Tall,
    ];

    /// What the trait describes.
    pub const fn kind(self) -> TraitKind {
        match self {
            Trait::Blond | Trait::Brown | Trait::Black | Trait::Red => TraitKind::Hair,
            Trait::Slim | Trait::Plump => TraitKind::Build,
            Trait::Lively | Trait::Reserved => TraitKind::Temperament,
            Trait::Small | Trait::Tall => TraitKind::Height,
        }
    }
}

impl TraitKind {
    /// Every kind, in the order a lady card lists her traits.
    pub const ALL: [TraitKind; 4] = [
        TraitKind::Hair,
        TraitKind::Build,
        TraitKind::Temperament,
        TraitKind::Height,
    ];

    /// The kind as the data file names its field (`hair`).
    pub const fn key(self) -> &'static str {
        match self {
            TraitKind::Hair => "hair",
            TraitKind::Build => "build",
            TraitKind::Temperament => "temperament",
            TraitKind::Height => "height",
        }
    }
}
