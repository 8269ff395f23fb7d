//! # tourney-table
//!
//! The table logic every front end shares — the terminal of `tourney play`
//! and the game server alike. The rules live in the game crates and the
//! drawing in the front ends; what sits between is here:
//!
//! - [`catalog`]: every game by its short name, with its bots behind the
//!   object-safe [`DynBot`], so a front end drives any game and any bot
//!   without knowing their types;
//! - [`seats`]: who sits where (`you`, `random`, `ismcts:200ms`, the named
//!   levels `easy`/`medium`/`hard`) and each bot's seed;
//! - [`config`]: a game's options merged over its defaults and checked by
//!   the game itself;
//! - [`log`]: the lines of a table's log and who may read each one, and the
//!   rule that bots commit first at a simultaneous choice;
//! - [`replay`]: a record's steps applied one by one and told as a log.

pub mod catalog;
pub mod config;
pub mod log;
pub mod replay;
pub mod seats;

pub use catalog::{DynBot, GameKit, UnknownGame};
pub use log::{LogLine, Visibility};
pub use seats::{Level, SeatKind, SeatsError};
