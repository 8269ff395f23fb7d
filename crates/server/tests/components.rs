//! `GET /api/games/{game}/components` serves each game's components from
//! its data, cacheably by rules version, and the OpenAPI document describes
//! every game's view, action, event, config and components.

mod common;

use common::TestServer;
use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use serde_json::Value;

#[tokio::test]
async fn components_are_served_per_game_and_revalidate_by_rules_version() {
    let server = TestServer::sqlite().await;
    let base = format!("http://{}", server.addr());
    let http = reqwest::Client::new();
    let (status, games) = server.get("/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    for game in games["games"].as_array().expect("a game list") {
        let name = game["name"].as_str().expect("a name");
        let version = game["rules_version"].as_str().expect("a rules version");
        let address = game["components"].as_str().expect("a components address");
        assert_eq!(address, format!("/api/games/{name}/components?v={version}"));

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
        assert_eq!(body["rules_version"], version);
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
    for (at, _) in text.match_indices("\"$ref\":\"#/components/schemas/") {
        let rest = &text[at + 30..];
        let name = &rest[..rest.find('"').unwrap()];
        assert!(schemas.contains_key(name), "a dangling reference to {name}");
    }
    server.stop().await;
}
