//! Whole games of every game through the API: people holding seat tokens
//! act over HTTP, a bot seat moves by itself, and the finished record
//! replays through the rules and its dice verify against the revealed seed.

mod common;

use common::{TestServer, play_out, table_with};
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tourney_core::{GameRecord, verify_dice};
use tourney_server::Settings;

async fn whole_game(server: &TestServer, game: &str, seats: usize, people: &[usize], seed: u64) {
    let (id, tokens) = table_with(server, game, seats, people, "random", json!({})).await;
    let created = server.state(&id, None).await;
    let commitment = created["dice_commitment"].as_str().unwrap().to_string();
    assert_eq!(
        created["status"], "playing",
        "every seat is taken at creation"
    );
    assert_eq!(
        created["dice_seed"],
        Value::Null,
        "the seed stays secret while playing"
    );
    let moves = play_out(server, &id, &tokens, seed).await;
    assert!(moves > 0, "{game}: the people made no move");

    let finished = server.state(&id, None).await;
    assert_eq!(finished["status"], "finished");
    let (status, record) = server.get(&format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    let record: GameRecord = serde_json::from_value(record).expect("a standard record");
    assert_eq!(record.game, game);
    assert_eq!(record.steps.len() as u64, finished["seq"].as_u64().unwrap());
    let seal = record.dice.as_ref().expect("a dice seal");
    assert_eq!(
        seal.commitment, commitment,
        "the seal is the one published at creation"
    );
    assert_eq!(finished["dice_seed"].as_str(), seal.seed.as_deref());

    let entry = tourney_table::catalog::find(game).unwrap().entry;
    let audit = verify_dice(&entry, &record).expect("every die and card came from the seed");
    assert!(audit.chance_steps > 0, "{game} rolled no dice");
    let replayed = (entry.replay)(&record).expect("the record replays");
    assert_eq!(
        replayed.view_json(None),
        finished["view"],
        "{game}: the replay ends where the table did"
    );
    let winners: Vec<u8> = record
        .outcome
        .unwrap()
        .winners
        .iter()
        .map(|s| s.0)
        .collect();
    assert_eq!(
        finished["turn"],
        json!({"kind": "over", "winners": winners})
    );
}

#[tokio::test]
async fn every_game_plays_to_the_end_on_sqlite() {
    let server = TestServer::sqlite().await;
    whole_game(&server, "joust", 2, &[0], 1).await;
    whole_game(&server, "ritter", 3, &[0, 2], 2).await;
    whole_game(&server, "glory", 2, &[1], 3).await;
    whole_game(&server, "glory", 1, &[0], 4).await;
    whole_game(&server, "mastery", 2, &[0], 5).await;
    server.stop().await;
}

#[tokio::test]
async fn every_game_plays_to_the_end_on_postgres() {
    let server = TestServer::postgres().await;
    whole_game(&server, "joust", 3, &[1], 6).await;
    whole_game(&server, "ritter", 2, &[0], 7).await;
    whole_game(&server, "glory", 2, &[0], 8).await;
    whole_game(&server, "mastery", 2, &[1], 9).await;
    server.stop().await;
}

/// A table with an open seat waits, lists itself in the lobby, and starts
/// when a friend joins with the invite.
#[tokio::test]
async fn a_friend_joins_from_an_invite_and_the_game_starts() {
    let server = TestServer::sqlite().await;
    let created = server
        .create(json!({
            "game": "joust",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person"}],
            "private": true,
        }))
        .await;
    let id = created["id"].as_str().unwrap();
    let invite = &created["invites"][0];
    assert_eq!(invite["seat"], 1);
    assert!(
        invite["url"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/t/{id}?seat=1&invite="))
    );
    let waiting = server.state(id, None).await;
    assert_eq!(waiting["status"], "open");
    assert_eq!(waiting["turn"], json!({"kind": "waiting"}));
    assert_eq!(waiting["seq"], 0);

    let (status, lobby) = server.get("/api/tables?status=open", None).await;
    assert_eq!(status, StatusCode::OK);
    let listed = |lobby: &Value, id: &Value| {
        lobby["tables"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == *id)
    };
    assert!(
        !listed(&lobby, &created["id"]),
        "a private table is not offered to strangers"
    );
    let public = server
        .create(
            json!({"game": "joust", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]}),
        )
        .await;
    let (_, lobby) = server.get("/api/tables?status=open", None).await;
    assert!(
        listed(&lobby, &public["id"]),
        "a public table with an open seat is: {lobby}"
    );
    // Filtered before paging: a page of one holds the public table, and
    // the count leaves the private one out.
    let (_, page) = server.get("/api/tables?status=open&limit=1", None).await;
    assert_eq!(page["tables"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["total"], 1, "{page}");

    let join = format!("/api/tables/{id}/join");
    let (status, refused) = server.post(&join, None, &json!({"name": "Bob"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert_eq!(refused["error"], "forbidden");
    let (status, wrong) = server
        .post(&join, None, &json!({"name": "Bob", "invite": "0123"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{wrong}");
    let (status, joined) = server
        .post(
            &join,
            None,
            &json!({"name": "Bob", "invite": invite["invite"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], 1);
    let bob = joined["token"].as_str().unwrap();
    assert_eq!(bob.len(), 64);

    let started = server.state(id, Some(bob)).await;
    assert_eq!(started["status"], "playing");
    assert_eq!(started["you"], 1);
    assert_eq!(started["summary"], Value::Null);
    assert_eq!(started["seats"][1]["name"], "Bob");
    assert!(
        started["seq"].as_u64().unwrap() > 0,
        "the opening cards were dealt"
    );
    let (status, again) = server
        .post(
            &join,
            None,
            &json!({"name": "Cy", "invite": invite["invite"]}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(again["error"], "seat_taken");

    let (status, lobby) = server.get("/api/tables?status=playing", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        !listed(&lobby, &created["id"]),
        "a private game in progress is in no list: {lobby}"
    );
    let watched = server.state(id, None).await;
    assert_eq!(
        watched["status"], "playing",
        "its link still lets anyone watch"
    );
    server.stop().await;
}

/// A finished table offers a rematch: same game, options and seats; the
/// asker keeps its seat and name.
#[tokio::test]
async fn a_rematch_seats_the_same_players() {
    let server = TestServer::sqlite().await;
    let (id, tokens) = table_with(
        &server,
        "joust",
        2,
        &[0],
        "random",
        json!({"target_points": 5}),
    )
    .await;
    let token = tokens[0].as_deref().unwrap();
    let rematch = format!("/api/tables/{id}/rematch");
    let (status, early) = server.post(&rematch, Some(token), &json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{early}");
    assert_eq!(early["error"], "not_finished");
    play_out(&server, &id, &tokens, 11).await;
    let (status, created) = server.post(&rematch, Some(token), &json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let new_id = created["id"].as_str().unwrap();
    assert_ne!(new_id, id);
    let new_token = created["tokens"][0]["token"].as_str().unwrap();
    let state = server.state(new_id, Some(new_token)).await;
    assert_eq!(state["you"], 0);
    assert_eq!(state["seats"][0]["name"], "P1");
    assert_eq!(state["seats"][1]["name"], "Bot (random)");
    assert_eq!(
        state["seats"][1]["bot"], "random",
        "the spec stays in the API"
    );
    assert_eq!(state["seats"][0]["bot"], Value::Null);
    assert_eq!(state["status"], "playing");
    assert_eq!(state["view"]["target_points"], 5, "the options carry over");
    // The table's config, every option spelled out, for its "How to play".
    assert_eq!(state["config"]["target_points"], 5, "{}", state["config"]);
    assert_eq!(
        state["config"]["knights_per_player"], 3,
        "a default spelled out"
    );
    assert!(
        state["text"].as_str().unwrap().contains("Win at 5 points"),
        "{}",
        state["text"]
    );
    server.stop().await;
}

/// Two people finish a game; the first to ask makes the rematch, the
/// other hears of it on the stream and, asking in turn, sits at the same
/// new table in their own seat. Nobody else can take that seat.
#[tokio::test]
async fn friends_rematch_at_one_table_in_their_own_seats() {
    let server = TestServer::sqlite().await;
    let (id, tokens) = table_with(
        &server,
        "joust",
        2,
        &[0, 1],
        "random",
        json!({"target_points": 5, "knights_per_player": 2}),
    )
    .await;
    let (ann, bob) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    play_out(&server, &id, &tokens, 5).await;
    assert_eq!(server.state(&id, None).await["rematch"], Value::Null);

    // Bob watches the finished table's stream: JSON lines, read whole.
    let url = format!("{}/api/tables/{id}/stream", server.base);
    let response = server.http.get(url).bearer_auth(&bob).send().await.unwrap();
    let mut body = response.bytes_stream();
    let mut buffer = Vec::new();
    let mut next_message = async move || -> Value {
        loop {
            if let Some(end) = buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                return serde_json::from_slice(&line).expect("a JSON line");
            }
            let chunk = body.next().await.expect("the stream goes on").unwrap();
            buffer.extend_from_slice(&chunk);
        }
    };
    assert_eq!(next_message().await["type"], "state");

    let rematch = format!("/api/tables/{id}/rematch");
    let (status, stranger) = server.post(&rematch, None, &json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{stranger}");
    let (status, made) = server.post(&rematch, Some(&ann), &json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let new_id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["invites"], json!([]), "Bob's seat waits for Bob");

    let told = tokio::time::timeout(std::time::Duration::from_secs(5), next_message())
        .await
        .expect("the stream tells of the rematch");
    assert_eq!(told, json!({"type": "rematch", "id": new_id}));
    assert_eq!(server.state(&id, Some(&bob)).await["rematch"], new_id);

    // The held seat is Bob's alone, and the table is in no list.
    let join = format!("/api/tables/{new_id}/join");
    let (status, refused) = server.post(&join, None, &json!({"name": "Cy"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (_, lobby) = server.get("/api/tables?status=open", None).await;
    assert_eq!(lobby["total"], 0, "{lobby}");
    let waiting = server.state(&new_id, None).await;
    assert_eq!(waiting["status"], "open");

    let (status, followed) = server.post(&rematch, Some(&bob), &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{followed}");
    assert_eq!(followed["id"], new_id.as_str());
    assert_eq!(followed["tokens"][0]["seat"], 1);
    let bob_new = followed["tokens"][0]["token"].as_str().unwrap();
    let state = server.state(&new_id, Some(bob_new)).await;
    assert_eq!(state["you"], 1);
    assert_eq!(state["seats"][0]["name"], "P1");
    assert_eq!(state["seats"][1]["name"], "P2");
    assert_eq!(state["status"], "playing", "both sit: the game begins");
    assert_eq!(state["dice_commitment"], followed["dice_commitment"]);

    let (status, again) = server.post(&rematch, Some(&ann), &json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(again["error"], "seat_taken");
    assert!(
        again["message"].as_str().unwrap().contains(&new_id),
        "{again}"
    );
    server.stop().await;
}

/// A finished table nobody watches leaves memory soon after its last move;
/// asked for again, it is loaded back from its steps exactly as it was.
#[tokio::test]
async fn a_finished_table_leaves_memory_and_comes_back_the_same() {
    let settings = Settings {
        finished_unload: std::time::Duration::from_millis(200),
        ..Settings::unlimited()
    };
    let server = TestServer::start(common::Db::sqlite(), settings).await;
    let (id, tokens) = table_with(
        &server,
        "joust",
        2,
        &[0],
        "random",
        json!({"target_points": 5}),
    )
    .await;
    play_out(&server, &id, &tokens, 11).await;
    let token = tokens[0].as_deref();
    let before = server.state(&id, token).await;
    assert_eq!(before["status"], "finished", "{before}");
    assert_eq!(server.metric("tourney_tables_live").await, 1.0);
    let mut waited = 0;
    while server.metric("tourney_tables_live").await > 0.0 {
        assert!(waited < 100, "the finished table stayed in memory for 5 s");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        waited += 1;
    }
    let after = server.state(&id, token).await;
    assert_eq!(
        server.metric("tourney_tables_live").await,
        1.0,
        "loaded again"
    );
    for field in ["status", "seq", "view", "text", "log", "dice_seed"] {
        assert_eq!(after[field], before[field], "{field} after reloading");
    }
    server.stop().await;
}

/// With `fixed_dice`, the nth table created gets SHA-256 of the secret,
/// a colon and n as its seed: the published commitment (SHA-256 of the
/// seed) is known in advance, and the seed revealed at the end is that one.
#[tokio::test]
async fn fixed_dice_give_each_table_a_seed_known_in_advance() {
    use sha2::{Digest, Sha256};
    let settings = Settings {
        fixed_dice: Some(tourney_server::FixedDice::new("club night")),
        ..Settings::unlimited()
    };
    let server = TestServer::start(common::Db::sqlite(), settings).await;
    let hex = |bytes: &[u8]| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let mut ids = Vec::new();
    for n in 1..=2 {
        let (id, tokens) = table_with(
            &server,
            "joust",
            2,
            &[0],
            "random",
            json!({"target_points": 5}),
        )
        .await;
        let seed = Sha256::digest(format!("club night:{n}"));
        let state = server.state(&id, None).await;
        assert_eq!(
            state["dice_commitment"],
            hex(&Sha256::digest(seed)),
            "table {n}: {state}"
        );
        ids.push((id, tokens, hex(&seed)));
    }
    let (id, tokens, seed) = &ids[0];
    play_out(&server, id, tokens, 3).await;
    let finished = server.state(id, tokens[0].as_deref()).await;
    assert_eq!(finished["dice_seed"], *seed, "{finished}");
    server.stop().await;
}
