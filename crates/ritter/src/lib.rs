//! # tourney-ritter
//!
//! *Ritter ohne Furcht und Tadel*: a tournament of several days in which
//! knights joust with dice and ladies lend them their favour. This crate is
//! the complete game for 2 to 10 players as a pure [`tourney_core::Game`]:
//! no IO, no clocks, no randomness of its own. Every card dealt and every die
//! rolled is an explicit chance step, so a test (or a person at a real table)
//! can feed the exact dice it wants.
//!
//! How a game runs:
//!
//! 1. **Deal** — knight cards, then lady cards (two each for up to five
//!    players, one each from six), one chance step per card.
//! 2. **Starting roll** — every player rolls a d6; ties roll again.
//! 3. **Each day** — every seat prepares in secret (spends its knights'
//!    training points, then picks who rides); the ladies' favours are placed
//!    in seat order; then challenges in seat order, each a joust of mounted,
//!    furious and foot rounds, until one player's knights alone are left.
//!    The knight with the most prizes that day gains the day bonus.
//! 4. **Night** — every knight heals three wounds and gains training points.
//! 5. **End** — the top knight and lady gain four prizes; the highest total
//!    wins, a tie is fought out in decisive duels.
//!
//! The binding rulings and every decision this crate takes where the rules
//! are silent are in `docs/rulings/ritter.md`; the JSON shapes of actions,
//! chance outcomes, views, events and components in `docs/protocol/ritter.md`.
//! The knight and lady cards and the traits' words live in
//! `data/ritter.toml`, checked and compiled in by `build.rs` for the rules,
//! and read at run time for the components a client draws
//! ([`components_from`]).

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

mod actions;
mod chance;
mod combat;
mod components;
mod config;
mod content;
mod day;
mod describe;
mod determinize;
mod evaluate;
mod events;
mod favours;
mod files;
mod flow;
mod game;
mod knight;
mod night;
mod prep;
mod render;
mod rules_text;
mod scoring;
mod setup;
mod state;
mod view;
mod vocab;

pub use actions::{Action, Chance, Gain, KnightSet};
pub use combat::{Ending, FOOT, JoustStep, KEPT_ROUNDS, MOUNTED};
pub use components::{
    Components, DATA_FILES, KnightComponent, LadyComponent, TraitComponent, components_from,
};
pub use config::{Config, MAX_DAYS};
pub use content::{
    CARDS, KNIGHTS, KnightCard, KnightId, LADIES, LadyCard, LadyId, MATCHES, Trait, TraitKind,
};
pub use evaluate::OddsTables;
pub use events::{Event, LadyShare};
pub use knight::{FIELD_COPIES, KNOCKOUT, MAX_DICE, MAX_ROLL, can_wound, wounds_from};
pub use state::{MAX_PLAYERS, Ritter};
pub use view::{
    JoustResultView, JoustView, KnightStatus, KnightView, LadyView, PhaseView, PlanView,
    RoundBriefView, RoundView, View,
};
