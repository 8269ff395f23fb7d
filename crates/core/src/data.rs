//! The data files a game's components are read from. A game embeds its
//! own (`include_str!`); a server may be handed a designer's copy instead,
//! so the reading is a pure function of file names and texts.

/// One data file: its name within the game's `data/` folder and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataFile<'a> {
    /// The file's name, such as `titles.toml`.
    pub name: &'a str,
    /// The whole text of the file.
    pub text: &'a str,
}

impl<'a> DataFile<'a> {
    /// The text of `name`: from `files` when it is there, otherwise from
    /// `built_in`, so a copy need hold only the files it changes.
    pub fn text_of(
        files: &[DataFile<'a>],
        built_in: &[DataFile<'a>],
        name: &str,
    ) -> Option<&'a str> {
        files
            .iter()
            .chain(built_in)
            .find(|file| file.name == name)
            .map(|file| file.text)
    }
}

/// Why a data file could not be read into components: the file and what is
/// wrong in it (a TOML error says the line and column).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct DataError {
    /// The file's name, such as `titles.toml`.
    pub file: String,
    /// What is wrong, in words.
    pub message: String,
}

impl DataError {
    /// An error in `file`.
    pub fn new(file: &str, message: impl std::fmt::Display) -> DataError {
        DataError {
            file: file.to_string(),
            message: message.to_string(),
        }
    }
}
