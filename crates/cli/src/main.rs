//! `tourney`: play, simulate and replay the Tourney games from a terminal.
//!
//! The binary is thin: argument parsing here, each subcommand in `commands/`,
//! the rules in the game crates.

mod cli;
mod commands;
mod config;
mod failure;
mod registry;
mod seats;
mod stats;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    failure::install_panic_hook();
    let cli = cli::Cli::parse();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tourney: {}", error.one_line());
            ExitCode::from(error.exit_code())
        }
    }
}
