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

/// A server moves many small, short-lived buffers between threads (views,
/// messages, log lines); mimalloc's per-thread pages handle that with far
/// less locking and consolidation than glibc's malloc (measured in
/// docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    failure::install_panic_hook();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return command_line_error(error),
    };
    match commands::run(cli) {
        Ok(()) | Err(failure::Failure::ReaderGone) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tourney: {}", error.one_line());
            ExitCode::from(error.exit_code())
        }
    }
}

/// Help and version go to stdout as clap draws them; a mistake on the
/// command line becomes one line on stderr and exit code 2, like every
/// other bad input.
fn command_line_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        // A reader that stops early (`tourney --help | head`) is no failure.
        let _ = commands::emit(&error.to_string());
        return ExitCode::SUCCESS;
    }
    if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        eprint!("{error}");
        return ExitCode::from(2);
    }
    let text = error.render().to_string();
    // The first paragraph says what is wrong ("required arguments were not
    // provided:" continues on the next lines).
    let first = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let first = first.trim_start_matches("error: ");
    let tip = text
        .lines()
        .find(|l| l.trim_start().starts_with("tip:"))
        .map(|l| format!(" ({})", l.trim()))
        .unwrap_or_default();
    eprintln!("tourney: {first}{tip}; see `tourney --help`");
    ExitCode::from(2)
}
