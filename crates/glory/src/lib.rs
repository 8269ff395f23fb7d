//! # tourney-glory: Glory, A Game of Knights
//!
//! The complete game for 2 to 4 players, and solo against Otto the automa
//! ([`solo`]), as a pure [`tourney_core::Game`]:
//! three rounds of actions, journeys and tournaments, then the Final
//! Journey and the titles. Every card and tile drawn and every die rolled is
//! an explicit chance step, so a test (or a person at a real table) can
//! feed exactly the cards and dice it wants.
//!
//! A round runs: the event → the Action phase (pawns on action spaces in
//! initiative order) → the Journey phase (up to three cards each) →
//! Maintenance (initiative, income, fresh supports and cards) →
//! Registration → the tournament (a Pas d'Armes against knights in three
//! towns, or a Joust à Plaisance ladder of eight). Duels follow the Duel
//! section and the Game Aid step by step (see [`duel`]).
//!
//! The binding rulings and every decision this crate takes where the rules
//! are silent are in `docs/rulings/glory.md`; the JSON shapes in
//! `docs/protocol/glory.md`. All components are data in `data/*.toml`,
//! checked and compiled in by `build.rs` ([`content`]) for the rules, and
//! read at run time into what a client shows ([`components`]).

// The rules promise never to panic or overflow on any input; these make
// the compiler keep that promise for the library (its unit tests may panic).
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

pub mod actions;
mod chance;
pub mod components;
pub mod config;
pub mod content;
mod describe;
mod determinize;
pub mod duel;
mod evaluate;
pub mod events;
mod flow;
mod game;
mod journey;
mod maintenance;
mod plan;
mod player;
mod render;
mod round;
mod setup;
pub mod solo;
pub mod state;
mod title_deck;
mod titles;
mod tournament;
mod tournament_odds;
pub mod view;
mod vocab;

pub use actions::{Action, Chance, Colour, Gear, Space};
pub use components::{Components, DATA_FILES, components_from};
pub use config::{
    AutomaDeck, Characters, Config, Difficulty, Handicap, Handicaps, JourneyOrder, Solo, SoloMode,
    TournamentChoice, Trophies,
};
pub use content::{JourneyType, KnightType, Prestige, Relic, Support, TournamentKind};
pub use duel::{ClashReport, ClashSide, DuelCtx, DuelReport, DuelStep, Fighter};
pub use evaluate::{PLAN_FEATURE_NAMES, PLAN_FEATURES, PLAN_PHASES};
pub use events::Event;
pub use state::{Glory, MAX_PLAYERS};
pub use view::View;
