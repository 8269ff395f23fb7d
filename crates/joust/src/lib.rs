//! # tourney-joust: Card Joust
//!
//! The jousting event played with each player's own 52-card deck, two d12s
//! and injury d6s, for 2 to 6 players, with the rulings of the project
//! (`docs/rulings/joust.md`) where the rulebook is silent or contradicts
//! itself.
//!
//! A pass runs: (three or more players: the seat whose turn it is challenges
//! another) → duelists keep or replace their knights → each draws five number
//! cards and lays them face down one at a time on head, body, left arm and
//! right arm, the last going on the shield by itself → both aim, and the
//! aimed cards turn face up → both choose mount and lance → dice → pushes →
//! the lance of war's shield die → resolution → major-injury rolls → heals,
//! discards, and the check for a winner.
//!
//! [`CardJoust`] implements [`tourney_core::Game`]: every card drawn and every die
//! rolled is an explicit chance step, simultaneous choices are committed
//! hidden and revealed together, and the state is a small `Copy` value with
//! no heap, so random playouts run fast. As it applies a step it reports
//! [`Event`]s (the reveals, scores, falls and injuries), built only when
//! someone listens ([`events`]). Component facts come from
//! `data/card-joust.toml`: its numbers are turned into constants at build
//! time ([`content`]), and its names and effect texts are read at run time
//! for the clients ([`components`]), both with the one shape and set of
//! checks of `data_file`.

// Rules code must never panic or overflow on any input; the compiler holds it to that.
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
// The build script reads the `source` tags; the library only checks them.
#[allow(dead_code)]
mod data_file;
mod describe;
mod determinize;
pub mod dice;
mod end;
mod evaluate;
pub mod events;
mod flow;
mod game;
pub mod gear;
pub mod knight;
pub mod pass;
mod render;
pub mod report;
pub mod rules_text;
mod setup;
pub mod slot;
pub mod state;
pub mod view;
pub mod vocabulary;

pub use actions::{Action, Chance, DiceMask, KnightChoice};
pub use components::Components;
pub use config::{Config, Scoring};
pub use events::{EndReason, Event, GiftDice};
pub use gear::{Gear, Lance, Mount};
pub use knight::{Injury, Knight, Player};
pub use pass::Fall;
pub use report::SideReport;
pub use slot::{Placement, Slot};
pub use state::{CardJoust, MAX_PLAYERS, Phase};
pub use view::View;
