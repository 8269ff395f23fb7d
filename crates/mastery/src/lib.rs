//! # tourney-mastery: Medieval Mastery
//!
//! Territory conquest on a hex map for 2 to 6 players. Each player is a lord
//! with a castle, ten dice of knights, an 18-card deck and three Relics (a
//! Crown, a Sceptre and an Orb). Knights march out of the castle into
//! neighbouring territories; held territories are fought over with Conflict
//! and Support cards; 13 victory points from territories win at once.
//!
//! The rules are implemented as the pure state machine [`Mastery`] behind
//! [`tourney_core::Game`]:
//!
//! - Every decision is one [`Action`] from a short list. Redistribution is a
//!   sequence of one-knight moves and a march is a target followed by a
//!   number of knights.
//! - Every card drawn, die rolled, tile turned up and Relic dealt is a
//!   [`Chance`] step. Decks are multisets; only the Crown of Insight gives a
//!   deck a known, ordered top.
//! - The [`View`] hides hands, decks and face-down Conflict cards, and draws
//!   the map for the terminal.
//!
//! The components (maps, territory tiles, Relics, the deck) are data files in
//! `data/`, checked and compiled in by `build.rs`; [`components`] reads the
//! same files at run time for what clients show (names, numbers, texts). Where the rulebook is
//! silent or contradicts itself, the project's rulings are in
//! `docs/rulings/mastery.md`; the JSON shapes are in
//! `docs/protocol/mastery.md`.
//!
//! Source layout, by concern: `setup` (dealing and starting knights), `turn`
//! (the turn's steps and Aid cards), `redistribution`, `march`, `map`
//! (board, capacities, dice, supply lines), `relics` (Crown, Sceptres, Orbs,
//! Destroy windows), `combat` (the nine combat steps), `options` and
//! `victory` (optional rules, winning), `deck` (drawing cards, Influential
//! Person), `flow` (who is on move and the automatic steps between
//! decisions), `view`/`render`/`describe` (what players see and read),
//! `determinize` (re-dealing hidden cards for bots), `evaluate` (how well a
//! seat stands, for bots), `arrange` (building positions for tests and
//! tutorials).

// Rules code must never panic or overflow on any input; the compiler checks it.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects))]

mod actions;
mod arrange;
mod cards;
mod chance;
mod combat;
pub mod components;
mod config;
mod content;
mod deck;
mod describe;
mod determinize;
mod evaluate;
mod events;
// Read by `components` here and by `build.rs`; each reads only some fields.
#[allow(dead_code)]
mod files;
mod flow;
mod game;
mod ids;
mod map;
mod march;
mod options;
mod redistribution;
mod relics;
mod render;
mod setup;
mod state;
mod turn;
mod victory;
mod view;
mod vocab;

pub use actions::Action;
pub use cards::{CARD_KINDS, Card};
pub use chance::Chance;
pub use components::Components;
pub use config::{Config, Loyalty, StartingKnights};
pub use content::{
    CARDS, CardInfo, CardKind, CellInfo, CellKind, Conquest, MAPS, MapInfo, RELIC_KIND_NAMES,
    RELICS, RelicEffect, RelicInfo, RelicKind, TILES, TileInfo, map_for,
};
pub use events::{EndReason, Event, Stationed};
pub use game::Mastery;
pub use ids::{Cell, RelicId, RelicRef, TileId};
pub use view::{
    CellView, CombatView, ConflictView, CrownView, InsightView, LastCombatView, PlayedView,
    RelicAppliedView, RelicDownView, RelicView, SeatView, TurnView, ValueParts, View,
};
