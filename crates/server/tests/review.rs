//! The browser client's files, and a finished game looked back on: its
//! table at any step and the check of its dice.

mod common;

use common::{TestServer, play_out, table_with};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_client_is_served_with_its_security_headers() {
    let server = TestServer::sqlite().await;
    let page = server
        .http
        .get(format!("{}/", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert_eq!(
        page.headers()["referrer-policy"],
        "no-referrer",
        "invite links must not leak"
    );
    let etag = page.headers()["etag"].clone();
    assert!(page.text().await.unwrap().contains("/web/app.js"));

    // A table's address is the same page; the client reads the id.
    let table = server
        .http
        .get(format!("{}/t/0123456789abcdef", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(table.status(), StatusCode::OK);
    assert_eq!(table.headers()["etag"], etag);
    let again = server
        .http
        .get(format!("{}/", server.base))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    let script = server
        .http
        .get(format!("{}/web/app.js", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    let (status, body) = server.get("/web/nothing-here.js", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "not_found");
    let (status, _) = server.get("/web/../Cargo.toml", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    server.stop().await;
}

#[tokio::test]
async fn a_finished_game_replays_step_by_step_and_its_dice_verify() {
    let server = TestServer::sqlite().await;
    let (id, tokens) = table_with(
        &server,
        "joust",
        2,
        &[0],
        "random",
        json!({"knights_per_player": 1}),
    )
    .await;
    let (status, early) = server
        .get(&format!("/api/tables/{id}/replay?at=0"), None)
        .await;
    assert_eq!(
        (status, early["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_finished"))
    );
    let (status, _) = server.get(&format!("/api/tables/{id}/verify"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);

    play_out(&server, &id, &tokens, 9).await;
    let finished = server.state(&id, None).await;
    let total = finished["seq"].as_u64().unwrap();

    let (status, start) = server
        .get(&format!("/api/tables/{id}/replay?at=0"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["at"], 0);
    assert_eq!(start["total"], total);
    assert_eq!(
        start["turn"],
        json!({"kind": "chance"}),
        "the first step draws the starting player"
    );
    assert_eq!(start["step"], serde_json::Value::Null);

    let (_, first) = server
        .get(&format!("/api/tables/{id}/replay?at=1"), None)
        .await;
    let said = first["step"].as_str().unwrap();
    assert!(
        said.starts_with("Choose the starting player: seat "),
        "{said}"
    );

    let (_, end) = server
        .get(&format!("/api/tables/{id}/replay?at={total}"), None)
        .await;
    assert_eq!(
        end["view"], finished["view"],
        "the last frame is the finished table"
    );
    assert_eq!(end["turn"], finished["turn"]);

    let (status, past) = server
        .get(&format!("/api/tables/{id}/replay?at={}", total + 1), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{past}");
    let (status, _) = server.get(&format!("/api/tables/{id}/replay"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "`at` is required");

    let (status, check) = server.get(&format!("/api/tables/{id}/verify"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(check["verified"], true, "{check}");
    assert_eq!(check["steps"], total);
    assert_eq!(check["commitment"], finished["dice_commitment"]);
    let dice = check["dice"].as_u64().unwrap();
    assert!(dice > 10, "{check}");
    assert_eq!(
        check["message"],
        format!("all {dice} dice and cards came from the seed committed at the start")
    );
    server.stop().await;
}

/// The client's scripts and styles together stay under 500 KB, so the
/// first view of a table is quick even on a slow line.
#[test]
fn the_client_weighs_under_500_kb() {
    fn sum(dir: &std::path::Path) -> u64 {
        std::fs::read_dir(dir)
            .expect("web/ is readable")
            .map(|entry| entry.expect("an entry").path())
            .map(|path| match path.extension().and_then(|e| e.to_str()) {
                _ if path.is_dir() => sum(&path),
                Some("js" | "css") => std::fs::metadata(&path).expect("a size").len(),
                _ => 0,
            })
            .sum()
    }
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let bytes = sum(&web);
    assert!(bytes > 20_000, "web/ holds the client ({bytes} bytes)");
    assert!(
        bytes < 500_000,
        "the client's JS and CSS weigh {bytes} bytes"
    );
}
