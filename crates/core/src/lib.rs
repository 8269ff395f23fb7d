//! # tourney-core
//!
//! What every Tourney game shares: the [`Game`] trait, seats, explicit chance
//! with a seeded generator that is identical on every machine, unordered
//! face-down [`Pile`]s, game records that replay without randomness, the
//! type-erased [`DynGame`] layer for the CLI and server, random playouts, and
//! (feature `testkit`) the conformance suite every game passes.
//!
//! A game is driven like this: ask [`Game::to_move`]; if seats are on move,
//! list their [`Game::legal_actions`] and [`Game::apply`] one; if a chance
//! step is pending, list [`Game::chance_outcomes`] and apply the one the dice
//! showed (sampled, typed in by a person, or fed by a test).

// Shared rules code must never panic or overflow on any input; the compiler holds it to that.
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

mod data;
mod dice;
mod dynamic;
mod error;
mod evaluate;
mod event;
mod forward;
mod game;
mod pile;
pub mod playout;
mod record;
mod rng;
mod rules_text;
mod schema;
mod seat;
mod session;
#[cfg(feature = "testkit")]
// Test support: its job is to panic when a game breaks a promise, and its
// counters and indices only ever see the small games a test plays.
#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
pub mod testkit;
pub mod text;

pub use data::{DataError, DataFile};
pub use dice::{DICE_SCHEME, DiceAudit, DiceError, DiceSeal, DiceSeed, verify_dice};
pub use dynamic::{Applied, CreateError, DynError, DynGame, GameEntry, parse_config};
pub use error::{RuleError, SetupError};
pub use evaluate::Evaluate;
pub use event::{Audience, DynEvent, Event, Events, NoEvent};
pub use game::{Game, GameInfo, OptionInfo, Outcome, Series, ToMove, Weight};
pub use pile::Pile;
pub use record::{GameRecord, RecordStep, ReplayError};
pub use rng::GameRng;
pub use rules_text::{GlossaryEntry, RulesSection, RulesText};
pub use schema::{GameSchemas, ROLES};
/// The schema crate, for [`schema_as!`] and games' own `JsonSchema` impls.
pub use schemars;
pub use seat::{MAX_SEATS, Seat, SeatSet};
pub use session::{Session, Step};
