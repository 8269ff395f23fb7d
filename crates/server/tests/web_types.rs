//! `web/types/<game>.d.ts` are generated from the games' Rust types; this
//! fails when they drift, the way the protocol doc tests fail when the docs
//! do. `TOURNEY_WRITE_TYPES=1` rewrites the files instead.

use std::path::PathBuf;

fn types_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/types")
}

#[test]
fn the_browser_types_match_the_rust_types() {
    let dir = types_dir();
    let write = std::env::var_os("TOURNEY_WRITE_TYPES").is_some();
    let mut stale = Vec::new();
    for (file, text) in tourney_server::web_types::declarations() {
        let path = dir.join(&file);
        if write {
            std::fs::write(&path, &text).expect("write a declaration file");
            continue;
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        if on_disk != text {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "web/types/{{{}}} no longer match the Rust types; run \
         `TOURNEY_WRITE_TYPES=1 cargo test -p tourney-server --test web_types` \
         and commit the result",
        stale.join(",")
    );
}

#[test]
fn every_game_view_is_declared_with_its_fields() {
    for (file, text) in tourney_server::web_types::declarations() {
        for role in ["View", "Action", "Event", "Config", "Components"] {
            assert!(
                text.contains(&format!("export type {role} ="))
                    || text.contains(&format!("export interface {role} "))
                    || text.contains(&format!("export type {role} "))
                    || text.contains(&format!("export type The{role} =")),
                "{file} declares no {role}"
            );
        }
        assert!(
            !text.contains(": unknown;"),
            "{file} has a field of unknown type:\n{text}"
        );
    }
}
