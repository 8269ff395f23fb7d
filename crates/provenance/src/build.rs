//! What every game crate's build script does around its own checks: read a
//! data file (and have cargo run the script again when it changes), write
//! the generated constants into `OUT_DIR`, and stop the build with one
//! readable line naming the file when anything is wrong — not a panic and
//! its backtrace.

use serde::de::DeserializeOwned;
use std::fmt;
use std::path::PathBuf;

/// A data file that breaks a rule, or could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    /// The file at fault (or `OUT_DIR`, when cargo did not set it): the
    /// message names it first, so the reader knows which file to open.
    pub file: String,
    /// What is wrong with it, in one line.
    pub problem: String,
}

impl DataError {
    /// An error for `file` with any displayable problem: an IO or parse
    /// error, or a sentence a build script's check writes.
    pub fn new(file: impl Into<String>, problem: impl fmt::Display) -> DataError {
        DataError {
            file: file.into(),
            problem: problem.to_string(),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.problem)
    }
}

/// Reads and parses the TOML file at `path`, and tells cargo to run the
/// build script again when it changes.
pub fn read_toml<T: DeserializeOwned>(path: &str) -> Result<T, DataError> {
    println!("cargo::rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).map_err(|e| DataError::new(path, e))?;
    toml::from_str(&text).map_err(|e| DataError::new(path, e))
}

/// Writes generated code to `OUT_DIR/name`, for the crate to `include!`.
pub fn write_out(name: &str, code: &str) -> Result<(), DataError> {
    let dir = std::env::var("OUT_DIR").map_err(|e| DataError::new("OUT_DIR", e))?;
    let path = PathBuf::from(dir).join(name);
    std::fs::write(&path, code).map_err(|e| DataError::new(path.display().to_string(), e))
}

/// Ends the build script: on an error, prints it as cargo shows a failed
/// build script's output and exits with status 1.
pub fn finish(result: Result<(), DataError>) {
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_the_file_first() {
        let e = DataError::new(
            "data/maps.toml",
            "there must be exactly one map for 3 players",
        );
        assert_eq!(
            e.to_string(),
            "data/maps.toml: there must be exactly one map for 3 players"
        );
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let e = read_toml::<toml::Table>("no/such/file.toml").unwrap_err();
        assert_eq!(e.file, "no/such/file.toml");
        assert!(!e.problem.is_empty());
    }
}
