//! Two server nodes on one PostgreSQL database, as an operator runs them:
//! any node serves any table. Each node tells the others of its changes
//! through the database (LISTEN/NOTIFY); a node catches up from the log
//! before it answers; a write that loses a race is taken again on the
//! table as the log has it; and a node that loses the database refuses
//! (503) until it is back and has caught up.

mod common;

use common::TestServer;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Long enough for any notification on a loaded machine; the figures
/// themselves are printed, and measured in docs/performance.md.
const WITHIN: Duration = Duration::from_secs(10);

/// A spectator's NDJSON stream, read one message at a time.
struct Stream {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Stream {
    async fn open(server: &TestServer, id: &str) -> Stream {
        let url = format!("{}/api/tables/{id}/stream", server.base);
        let response = server.http.get(url).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        Stream {
            response,
            buffer: Vec::new(),
        }
    }

    async fn next(&mut self) -> Value {
        loop {
            if let Some(end) = self.buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                return serde_json::from_slice(&line).expect("a JSON line");
            }
            let chunk = self
                .response
                .chunk()
                .await
                .unwrap()
                .expect("the stream goes on");
            self.buffer.extend_from_slice(&chunk);
        }
    }

    /// Reads until a message tells of step `seq` (or the whole table at
    /// or past it); returns how long that took.
    async fn until_step(&mut self, seq: u64) -> Duration {
        let start = Instant::now();
        let reached = async {
            loop {
                let message = self.next().await;
                let last = match message["type"].as_str() {
                    Some("steps" | "state") => message["seq"].as_u64(),
                    _ => None,
                };
                if last.is_some_and(|last| last >= seq) {
                    return;
                }
            }
        };
        tokio::time::timeout(WITHIN, reached)
            .await
            .unwrap_or_else(|_| panic!("step {seq} never reached the other node's stream"));
        start.elapsed()
    }
}

async fn join(server: &TestServer, id: &str, name: &str, key: &str) -> String {
    let body = json!({"name": name, "idempotency_key": key});
    let (status, joined) = server
        .post(&format!("/api/tables/{id}/join"), None, &body)
        .await;
    assert_eq!(status, StatusCode::OK, "{name} joins: {joined}");
    joined["token"].as_str().unwrap().to_string()
}

/// The seat on move and its state, as `server` sees it.
async fn on_move(server: &TestServer, id: &str, tokens: &[String]) -> Option<(usize, Value)> {
    for (seat, token) in tokens.iter().enumerate() {
        let state = server.state(id, Some(token)).await;
        if state["actions"].as_array().is_some_and(|a| !a.is_empty()) {
            return Some((seat, state));
        }
    }
    None
}

/// The table as a spectator sees it, without what changes by itself.
fn settled(mut state: Value) -> Value {
    if let Some(map) = state.as_object_mut() {
        map.remove("updated_at");
    }
    state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_serve_one_table_as_one() {
    let a = TestServer::postgres().await;
    let b = a.another_node().await;
    let created = a
        .create(json!({"game": "joust", "seats": [{"kind": "person"}, {"kind": "person"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    // A holds the open table in memory; the guests join through B.
    assert_eq!(a.state(&id, None).await["status"], "open");
    let ann = join(&b, &id, "Ann", "ann-joins-through-b-0001").await;
    let bob = join(&a, &id, "Bob", "bob-joins-through-a-0002").await;
    // A knows the seat taken through B: Ann's token works there, and the
    // game has begun on both.
    let (status, seen) = a.get(&format!("/api/tables/{id}"), Some(&ann)).await;
    assert_eq!(status, StatusCode::OK, "{seen}");
    assert_eq!(seen["you"], 0);
    assert_eq!(seen["status"], "playing", "{seen}");
    // B hears that A started the game a moment later.
    let deadline = Instant::now() + WITHIN;
    while b.state(&id, None).await["status"] != "playing" {
        assert!(Instant::now() < deadline, "B never heard the game began");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }

    let mut watch_b = Stream::open(&b, &id).await;
    let mut watch_a = Stream::open(&a, &id).await;
    assert_eq!(watch_b.next().await["type"], "state");
    assert_eq!(watch_a.next().await["type"], "state");
    let tokens = [ann, bob];
    let mut slowest = Duration::ZERO;
    for n in 0..12 {
        // Read on one node, move on the other, as two players behind a
        // load balancer do.
        let (reader, writer) = if n % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let (seat, state) = on_move(reader, &id, &tokens)
            .await
            .expect("someone is on move");
        let (status, acted) = writer
            .act(&id, &tokens[seat], json!({"seq": state["seq"], "index": 0}))
            .await;
        assert_eq!(
            status,
            StatusCode::OK,
            "move {n} through the other node: {acted}"
        );
        let now = acted["now"].as_u64().unwrap();
        let watcher = if n % 2 == 0 {
            &mut watch_a
        } else {
            &mut watch_b
        };
        slowest = slowest.max(watcher.until_step(now).await);
    }
    println!("slowest move to reach a watcher on the other node: {slowest:?}");
    assert_eq!(
        settled(a.state(&id, None).await),
        settled(b.state(&id, None).await),
        "both nodes show the same table"
    );
    b.stop().await;
    a.stop().await;
}

/// Both seats of a simultaneous choice move at once, each through its own
/// node: the two writes race for the same step, the loser's node reloads
/// the table from the log and takes its move again, so both are accepted
/// and both nodes end with the same game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_racing_through_two_nodes_are_all_accepted() {
    let a = TestServer::postgres().await;
    let b = a.another_node().await;
    let mut ids = Vec::new();
    for table in 0..6 {
        let created = a
            .create(json!({"game": "joust", "seats": [
                {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]}))
            .await;
        let id = created["id"].as_str().unwrap().to_string();
        let token = |i: usize| created["tokens"][i]["token"].as_str().unwrap().to_string();
        let tokens = [token(0), token(1)];
        let mut pairs = 0;
        let deadline = Instant::now() + WITHIN;
        while pairs < 10 {
            assert!(Instant::now() < deadline, "table {table} stalled");
            let (_, s0) = a.get(&format!("/api/tables/{id}"), Some(&tokens[0])).await;
            let (_, s1) = b.get(&format!("/api/tables/{id}"), Some(&tokens[1])).await;
            let moves = |s: &Value| s["actions"].as_array().is_some_and(|a| !a.is_empty());
            let body = |s: &Value| json!({"seq": s["seq"], "index": 0});
            let (ra, rb) = tokio::join!(
                async {
                    match moves(&s0) {
                        true => Some(a.act(&id, &tokens[0], body(&s0)).await),
                        false => None,
                    }
                },
                async {
                    match moves(&s1) {
                        true => Some(b.act(&id, &tokens[1], body(&s1)).await),
                        false => None,
                    }
                },
            );
            if ra.is_none() && rb.is_none() {
                if s0["turn"]["kind"] == "over" {
                    break;
                }
                // B has not heard of A's last step yet.
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            }
            for (status, answer) in [ra, rb].into_iter().flatten() {
                assert_eq!(status, StatusCode::OK, "table {table}: {answer}");
            }
            pairs += 1;
        }
        ids.push(id);
    }
    for id in &ids {
        let deadline = Instant::now() + WITHIN;
        // Each node hears of the other's last step a moment later.
        loop {
            let through_a = settled(a.state(id, None).await);
            let through_b = settled(b.state(id, None).await);
            if through_b == through_a {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "table {id} differs between the nodes:\nA: {through_a}\nB: {through_b}"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let reloads = a.metric("tourney_table_reloads_total").await
        + b.metric("tourney_table_reloads_total").await;
    println!("tables reloaded after a lost race: {reloads}");
    b.stop().await;
    a.stop().await;
}

/// The database goes away for both nodes (every connection cut, and new
/// ones refused, as while PostgreSQL restarts). While node A cannot prove
/// its copy current it refuses with 503, and so do moves; once the
/// database is back, a move made through node B is there when A answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_from_the_database_refuses_then_catches_up() {
    let a = TestServer::postgres().await;
    let b = a.another_node().await;
    let created = a
        .create(json!({"game": "joust", "seats": [
            {"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = |i: usize| created["tokens"][i]["token"].as_str().unwrap().to_string();
    let tokens = [token(0), token(1)];
    let before = a.state(&id, None).await["seq"].as_u64().unwrap();
    assert_eq!(b.state(&id, None).await["seq"].as_u64().unwrap(), before);
    let (seat, state) = on_move(&a, &id, &tokens).await.expect("someone is on move");
    let body = json!({"seq": state["seq"], "index": 0});

    let database = Outage::begin(a.db.url()).await;
    let deadline = Instant::now() + WITHIN;
    // A notices at once that it may have missed changes, and says so.
    let refusal = loop {
        assert!(
            Instant::now() < deadline,
            "A kept answering without its database"
        );
        let (status, answer) = a.get(&format!("/api/tables/{id}"), None).await;
        if status == StatusCode::SERVICE_UNAVAILABLE {
            break answer;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    assert_eq!(refusal["error"], "unavailable", "{refusal}");
    for node in [&a, &b] {
        let (status, refused) = node.act(&id, &tokens[seat], body.clone()).await;
        assert_eq!(
            status,
            StatusCode::SERVICE_UNAVAILABLE,
            "a move while cut off: {refused}"
        );
    }
    database.end().await;

    // B moves as soon as it is back.
    let moved = loop {
        assert!(Instant::now() < deadline, "B never took a move again");
        let (status, acted) = b.act(&id, &tokens[seat], body.clone()).await;
        if status == StatusCode::OK {
            break acted["now"].as_u64().unwrap();
        }
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{acted}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(moved > before);
    // A answers again once it has caught up, and B's move reaches it.
    loop {
        assert!(Instant::now() < deadline, "A never caught up with B's move");
        let (status, state) = a.get(&format!("/api/tables/{id}"), None).await;
        if status == StatusCode::OK && state["seq"].as_u64().unwrap() >= moved {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    b.stop().await;
    a.stop().await;
}

/// The test's database cut off: new connections refused and every open
/// one terminated, until [`Outage::end`].
struct Outage {
    admin: sqlx::PgConnection,
    database: String,
}

impl Outage {
    async fn begin(url: &str) -> Outage {
        use sqlx::{AssertSqlSafe, Connection, Executor};
        let database = url.rsplit('/').next().unwrap().to_string();
        let admin = url.rsplit_once('/').unwrap().0.to_string() + "/postgres";
        let mut admin = sqlx::PgConnection::connect(&admin).await.unwrap();
        // The name is the test's own: a fixed prefix and hex digits.
        admin
            .execute(sqlx::raw_sql(AssertSqlSafe(format!(
                "ALTER DATABASE {database} ALLOW_CONNECTIONS false"
            ))))
            .await
            .unwrap();
        let cut: Vec<(bool,)> = sqlx::query_as(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = $1 AND pid <> pg_backend_pid()",
        )
        .bind(&database)
        .fetch_all(&mut admin)
        .await
        .unwrap();
        assert!(cut.len() >= 2, "both nodes had connections: {cut:?}");
        Outage { admin, database }
    }

    async fn end(mut self) {
        use sqlx::{AssertSqlSafe, Connection, Executor};
        self.admin
            .execute(sqlx::raw_sql(AssertSqlSafe(format!(
                "ALTER DATABASE {} ALLOW_CONNECTIONS true",
                self.database
            ))))
            .await
            .unwrap();
        self.admin.close().await.unwrap();
    }
}

/// Waits until Ann (seat 0) is on move again or the game is over, as
/// `server` tells it; `false` if the game is over.
async fn ann_again(server: &TestServer, id: &str, ann: &str) -> bool {
    let deadline = Instant::now() + WITHIN;
    loop {
        let state = server.state(id, Some(ann)).await;
        if state["turn"]["kind"] == "over" {
            return false;
        }
        if state["actions"].as_array().is_some_and(|a| !a.is_empty()) {
            return true;
        }
        assert!(
            Instant::now() < deadline,
            "the bot never moved: {}",
            state["turn"]
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// A table's bot thinks on exactly one node, the one holding its lease,
/// though both nodes hold the table; when that node stops, the other takes
/// the bot over within seconds and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_moves_on_one_node_and_another_takes_it_over() {
    let a = TestServer::postgres().await;
    let b = a.another_node().await;
    let created = a
        .create(json!({"game": "joust", "seats": [
            {"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
    // Ann plays through B; both nodes hold the table.
    let mut ann_moves = 0;
    let mut over = false;
    while ann_moves < 4 && !over {
        over = !ann_again(&b, &id, &ann).await;
        if over {
            break;
        }
        let state = b.state(&id, Some(&ann)).await;
        let (status, acted) = b
            .act(&id, &ann, json!({"seq": state["seq"], "index": 0}))
            .await;
        assert_eq!(status, StatusCode::OK, "{acted}");
        ann_moves += 1;
    }
    assert!(ann_again(&b, &id, &ann).await, "the game went on");
    // Every move B wrote was Ann's: the bot moved on A alone. (A move of
    // Ann's may still race the bot's at a simultaneous choice; the loser
    // is taken again, and counted once.)
    assert_eq!(b.metric("tourney_moves_total").await, f64::from(ann_moves));
    assert!(a.metric("tourney_moves_total").await >= f64::from(ann_moves));

    // A stops; its lease is released and B takes the bot over.
    let stopped = Instant::now();
    a.running.expect("A runs").shutdown().await;
    // Ann plays on through B whenever she is on move (she may be twice in
    // a row) until B counts a move that is not hers: the bot's.
    let mut ann_after = 0;
    loop {
        if b.metric("tourney_moves_total").await > f64::from(ann_moves + ann_after) {
            break;
        }
        assert!(stopped.elapsed() < WITHIN, "B never moved the bot");
        let state = b.state(&id, Some(&ann)).await;
        assert_ne!(state["turn"]["kind"], "over", "the game ended first");
        if state["actions"].as_array().is_some_and(|a| !a.is_empty()) {
            let (status, acted) = b
                .act(&id, &ann, json!({"seq": state["seq"], "index": 0}))
                .await;
            assert_eq!(status, StatusCode::OK, "{acted}");
            ann_after += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    println!(
        "B took the bot over {:?} after A stopped",
        stopped.elapsed()
    );
    b.stop().await;
    a.db.drop_database().await;
}
