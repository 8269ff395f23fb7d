//! How the command fails: one line naming what and where, and an exit code.

use std::fmt;

/// An error that ends the command.
#[derive(Debug)]
pub enum Failure {
    /// The user gave something we cannot use (exit code 2).
    BadInput(String),
    /// The machine let us down: a file could not be written (exit code 1).
    Io(String),
    /// Whoever read our output stopped reading (`tourney sim | head`): their
    /// choice, not an error, so nothing is said and the exit code is 0.
    ReaderGone,
}

impl Failure {
    pub fn bad(message: impl Into<String>) -> Failure {
        Failure::BadInput(message.into())
    }

    pub fn io(message: impl Into<String>) -> Failure {
        Failure::Io(message.into())
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::BadInput(_) => 2,
            Failure::Io(_) => 1,
            Failure::ReaderGone => 0,
        }
    }

    /// Error texts from serde and friends can span lines; a terminal user
    /// gets exactly one.
    pub fn one_line(&self) -> String {
        let text = match self {
            Failure::BadInput(m) | Failure::Io(m) => m,
            Failure::ReaderGone => "standard output was closed",
        };
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

pub type Result<T> = std::result::Result<T, Failure>;

/// A bug must still not greet the user with a backtrace: one line, and the
/// conventional exit code for a crash.
///
/// Output goes through `commands::emit`, never `print!`: Rust ignores
/// SIGPIPE, so `print!` would panic when the reader goes away
/// (`tourney play … | head`), and this hook would call that a crash.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("tourney: internal error (please report it): {message}{place}");
    }));
}
