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
    /// An error in `file`. A parser's message that quotes the offending
    /// line under it (as the `toml` crate's does) is kept to its words, on
    /// one line, so a command line can print it as one.
    pub fn new(file: &str, message: impl std::fmt::Display) -> DataError {
        let message = message.to_string();
        let words: Vec<&str> = message
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !is_quoted_source(line))
            .collect();
        DataError {
            file: file.to_string(),
            message: words.join(": "),
        }
    }
}

/// `  |`, `2 | name = `, `  |   ^`: a parser quoting the source.
fn is_quoted_source(line: &str) -> bool {
    let before_bar = line.split('|').next().unwrap_or(line);
    line.contains('|') && before_bar.trim().chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parser_quoting_the_source_is_kept_to_one_line() {
        let toml_style = "TOML parse error at line 2, column 8\n  |\n2 | name = \n  |        ^\nstring values must be quoted\n";
        let error = DataError::new("relics.toml", toml_style);
        assert_eq!(
            error.to_string(),
            "relics.toml: TOML parse error at line 2, column 8: string values must be quoted"
        );
        let plain = DataError::new("deck.toml", "11 cards, the game has 12: `a | b` missing");
        assert_eq!(plain.message, "11 cards, the game has 12: `a | b` missing");
    }
}
