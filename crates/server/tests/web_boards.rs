//! The boards in `web/games/` draw every component name, number and effect
//! from the facts the server serves (`GET /api/games/{game}/components`),
//! never from a copy of their own. This reads every display name in every
//! game's data files and fails when a board's code spells one out.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every string in `data/*.toml` of a game crate under a key that names
/// something (`name`, `title`, `*_name`) and that a player reads as a name:
/// it starts with a capital letter. Lower-case values are ids.
fn display_names(game: &str) -> Vec<(String, String)> {
    let mut names = Vec::new();
    {
        let dir = repo().join("crates").join(game).join("data");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("a data folder")
            .map(|e| e.expect("a data file").path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            // The rules summary's `title`s are its section headings ("The
            // goal"), not names of components.
            .filter(|p| !p.ends_with("rules.toml"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable data");
            let value: toml::Value = toml::from_str(&text).expect("valid TOML");
            collect(&value, &mut |name| {
                names.push((name.to_string(), relative(&file)));
            });
        }
    }
    names.sort();
    names.dedup();
    names
}

fn collect(value: &toml::Value, found: &mut dyn FnMut(&str)) {
    match value {
        toml::Value::Table(table) => {
            for (key, value) in table {
                let names_a_thing = key == "name" || key == "title" || key.ends_with("_name");
                // A tagged value is `{ value = "…", source = "…" }`.
                let text = value
                    .as_str()
                    .or_else(|| value.get("value").and_then(toml::Value::as_str));
                match text {
                    Some(text) if names_a_thing && text.starts_with(char::is_uppercase) => {
                        found(text)
                    }
                    _ => collect(value, found),
                }
            }
        }
        toml::Value::Array(items) => items.iter().for_each(|v| collect(v, found)),
        _ => {}
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(repo())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The code of a board without its comments, which may name things.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a board");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find("*/")
            .map_or("", |end| &rest[start + end + 2..]);
    }
    out.push_str(rest);
    out.lines()
        .map(|line| match line.find("// ") {
            Some(at) if !line[..at].ends_with(':') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn spells_out(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(before) && !word(after)
    })
}

#[test]
fn no_board_copies_a_component_name_from_the_data() {
    let mut copied = Vec::new();
    let mut counted = 0;
    // A board is held to its own game's data: a word another game uses
    // as a name is not a copy.
    for board in ["joust", "ritter", "glory", "mastery"] {
        let names = display_names(board);
        counted += names.len();
        let path = repo().join("web/games").join(format!("{board}.js"));
        let code = code_of(&path);
        for (name, file) in &names {
            if spells_out(&code, name) {
                copied.push(format!(
                    "web/games/{board}.js spells out {name:?} (from {file})"
                ));
            }
        }
    }
    assert!(counted > 100, "the data files name {counted} things");
    assert!(copied.is_empty(), "{}", copied.join("\n"));
}
