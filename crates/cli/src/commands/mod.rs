//! One module per subcommand.

mod attack;
mod games;
mod loadtest;
pub(crate) mod odds;
mod play;
mod replay;
mod rules;
mod serve;
mod sim;

use crate::cli::{Cli, Command};
use crate::failure::Result;

pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Games(args) => games::run(args),
        Command::Play(args) => play::run(args),
        Command::Sim(args) => sim::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Odds(args) => odds::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Loadtest(args) => loadtest::run(args),
        Command::Attack(args) => attack::run(args),
    }
}

/// Writes to stdout, turning a closed pipe (`tourney sim | head`) into a
/// quiet stop instead of a panic. All of the binary's standard output goes
/// through here.
pub fn emit(text: &str) -> Result<()> {
    use crate::failure::Failure;
    use std::io::{ErrorKind, Write};
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| match e.kind() {
            ErrorKind::BrokenPipe => Failure::ReaderGone,
            _ => Failure::io(format!("cannot write to standard output: {e}")),
        })
}
