//! `GET /api/games/{game}/components` serves each game's components from
//! its data, cacheably by a hash of what is served, and the OpenAPI document describes
//! every game's view, action, event, config and components.

mod common;

use common::TestServer;
use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use serde_json::Value;

#[tokio::test]
async fn components_are_served_per_game_and_revalidate_by_their_hash() {
    let server = TestServer::sqlite().await;
    let base = format!("http://{}", server.addr());
    let http = reqwest::Client::new();
    let (status, games) = server.get("/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    for game in games["games"].as_array().expect("a game list") {
        let name = game["name"].as_str().expect("a name");
        let rules = game["rules_version"].as_str().expect("a rules version");
        let address = game["components"].as_str().expect("a components address");
        let version = address
            .strip_prefix(&format!("/api/games/{name}/components?v="))
            .expect("the address names the game");
        assert!(
            version.len() == 16 && version.chars().all(|c| c.is_ascii_hexdigit()),
            "{address}"
        );

        let fresh = http.get(format!("{base}{address}")).send().await.unwrap();
        assert_eq!(fresh.status(), StatusCode::OK);
        let etag = fresh.headers()[ETAG].to_str().unwrap().to_string();
        assert_eq!(etag, format!("\"{name}-{version}\""));
        assert_eq!(
            fresh.headers()[CACHE_CONTROL],
            "public, max-age=86400, immutable",
            "{name}: the versioned address is kept"
        );
        let body: Value = fresh.json().await.unwrap();
        assert_eq!(body["game"], name);
        assert_eq!(body["rules_version"], rules);
        assert!(body.get("components").is_some(), "{name}: {body}");

        let bare = format!("{base}/api/games/{name}/components");
        let again = http
            .get(&bare)
            .header(IF_NONE_MATCH, &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{name}");
        assert_eq!(again.headers()[CACHE_CONTROL], "no-cache");
        let stale = http
            .get(&bare)
            .header(IF_NONE_MATCH, "\"x-0\"")
            .send()
            .await
            .unwrap();
        assert_eq!(
            stale.status(),
            StatusCode::OK,
            "{name}: an old copy is replaced"
        );
    }

    let (status, error) = server.get("/api/games/chess/components", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["error"], "not_found");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("unknown game `chess`"),
        "{error}"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_api_document_describes_every_games_wire_types() {
    let server = TestServer::sqlite().await;
    let (status, document) = server.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let schemas = document["components"]["schemas"]
        .as_object()
        .expect("schemas");
    for game in ["Joust", "Ritter", "Glory", "Mastery"] {
        for role in ["View", "Action", "Event", "Config", "Components"] {
            let name = format!("{game}{role}");
            assert!(schemas.contains_key(&name), "the document lacks {name}");
        }
        let view = &schemas[&format!("{game}View")];
        let target = view["$ref"].as_str().expect("the view is a named type");
        let key = target.trim_start_matches("#/components/schemas/");
        let described = &schemas[key];
        assert!(
            described["properties"]
                .as_object()
                .is_some_and(|p| p.len() > 3),
            "{game}'s view is described field by field: {described}"
        );
    }
    // Every reference points at a schema the document holds.
    let text = document.to_string();
    let prefix = "\"$ref\":\"#/components/schemas/";
    for (at, _) in text.match_indices(prefix) {
        let rest = &text[at + prefix.len()..];
        let name = &rest[..rest.find('"').unwrap()];
        assert!(schemas.contains_key(name), "a dangling reference to {name}");
    }
    server.stop().await;
}

/// The capitalised `name = "…"` values of a data file: names a player reads.
fn display_names(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("name = \""))
        .filter_map(|rest| rest.split('"').next())
        .filter(|name| name.starts_with(char::is_uppercase))
}

fn data_file(game: &str, file: &str) -> String {
    let path = format!("{}/../{game}/data/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("the built-in data file")
}

#[tokio::test]
async fn a_copy_of_the_data_files_renames_a_component_in_what_is_served() {
    // Every game: the first name its data files give one thing only (a
    // word such as "Journey" may name a deck and a card type), renamed in
    // a copy.
    let copy = tempfile::tempdir().unwrap();
    let mut renamed = Vec::new();
    for kit in tourney_table::catalog::all() {
        let entry = kit.entry;
        let uses = |name: &str| {
            let quoted = format!("\"{name}\"");
            entry
                .data_files
                .iter()
                .map(|f| f.text.matches(&quoted).count())
                .sum::<usize>()
        };
        let (file, old) = entry
            .data_files
            .iter()
            .find_map(|f| {
                let name = display_names(f.text).find(|name| uses(name) == 1)?;
                Some((f, name.to_string()))
            })
            .unwrap_or_else(|| panic!("{} names no component in its data", entry.info.name));
        let new = format!("Renamed {}", entry.info.name);
        let folder = copy.path().join(entry.info.name);
        std::fs::create_dir_all(&folder).unwrap();
        let text = data_file(entry.info.name, file.name)
            .replace(&format!("\"{old}\""), &format!("\"{new}\""));
        std::fs::write(folder.join(file.name), text).unwrap();
        renamed.push((entry.info.name, old, new));
    }
    let component_data = tourney_server::component_data::read(copy.path()).expect("the copy reads");
    let settings = tourney_server::Settings {
        component_data,
        ..tourney_server::Settings::unlimited()
    };
    let server = TestServer::start(common::Db::sqlite(), settings).await;
    let builtin = TestServer::sqlite().await;
    let http = reqwest::Client::new();
    let (_, games) = server.get("/api/games", None).await;
    let (_, builtin_games) = builtin.get("/api/games", None).await;
    for (game, old, new) in renamed {
        let address = |list: &Value| {
            list["games"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|g| g["name"] == game)
                .and_then(|g| g["components"].as_str())
                .expect("a components address")
                .to_string()
        };
        let path = address(&games);
        assert_ne!(
            path,
            address(&builtin_games),
            "{game}: the copy is served at an address of its own"
        );
        let served = http
            .get(format!("http://{}{path}", server.addr()))
            .send()
            .await
            .unwrap();
        let version = path.rsplit("?v=").next().unwrap_or_default();
        assert_eq!(
            served.headers()[ETAG],
            format!("\"{game}-{version}\"").as_str()
        );
        let served: Value = served.json().await.unwrap();
        let text = served["components"].to_string();
        assert!(
            text.contains(&format!("\"{new}\"")),
            "{game}: {new} is served: {text}"
        );
        assert!(
            !text.contains(&format!("\"{old}\"")),
            "{game}: {old} is gone: {text}"
        );
        let (_, original) = builtin
            .get(&format!("/api/games/{game}/components"), None)
            .await;
        let original = original["components"].to_string();
        assert!(
            original.contains(&format!("\"{old}\"")),
            "{game}: the built-in data names {old}"
        );
        // Nothing but the name changed.
        assert_eq!(text.replace(&new, &old), original, "{game}");
    }
    server.stop().await;
    builtin.stop().await;
}

#[test]
fn a_bad_copy_of_the_data_files_is_refused_naming_the_file() {
    let copy = tempfile::tempdir().unwrap();
    let empty = tourney_server::component_data::read(copy.path()).unwrap_err();
    assert!(empty.contains("no game folder"), "{empty}");

    std::fs::create_dir(copy.path().join("chess")).unwrap();
    let unknown = tourney_server::component_data::read(copy.path()).unwrap_err();
    assert!(
        unknown.contains("chess") && unknown.contains("unknown game"),
        "{unknown}"
    );
    std::fs::remove_dir(copy.path().join("chess")).unwrap();

    let folder = copy.path().join("mastery");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("cards.toml"), "").unwrap();
    let stray = tourney_server::component_data::read(copy.path()).unwrap_err();
    assert!(
        stray.contains("cards.toml: not a data file of this game"),
        "{stray}"
    );
    std::fs::remove_file(folder.join("cards.toml")).unwrap();

    std::fs::write(folder.join("relics.toml"), "[[relic]]\nname = \n").unwrap();
    let broken = tourney_server::component_data::read(copy.path()).unwrap_err();
    assert!(
        broken.contains("mastery/relics.toml") && broken.contains("line 2"),
        "the TOML error names the file and the line: {broken}"
    );
}
