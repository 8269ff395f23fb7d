//! Two `tourney serve` processes on one PostgreSQL database, and one of
//! them killed with SIGKILL in the middle of play: no acknowledged move is
//! lost, the other node takes the dead node's bots over once their leases
//! lapse (seconds), every game plays to its end through the survivor and
//! its record verifies, and a join whose answer died with the node is
//! repeated through the survivor with its key and gets its seat back. A
//! turn clock whose node dies runs out on the survivor, once.

use reqwest::StatusCode;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const TABLES: usize = 4;
/// Bounds every wait; a lease lapses in 4 s.
const WITHIN: Duration = Duration::from_secs(60);
const ADMIN: &str = "postgres://postgres@127.0.0.1:5432/postgres";

struct Node {
    child: Child,
    base: String,
}

impl Node {
    fn start(db: &str) -> Node {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--move-rate",
                "0",
                "--create-rate",
                "0",
            ])
            .args(["--db", db])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tourney serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("its stdout"))
            .read_line(&mut first)
            .expect("it says where it serves");
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        Node {
            child,
            base: format!("http://{addr}"),
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A database made for the test, dropped when it ends.
struct Database {
    name: String,
    url: String,
}

impl Database {
    async fn create(tag: &str) -> Database {
        use sqlx::{AssertSqlSafe, Connection, Executor};
        let admin = std::env::var("TOURNEY_TEST_POSTGRES").unwrap_or_else(|_| ADMIN.into());
        let mut conn = sqlx::PgConnection::connect(&admin)
            .await
            .unwrap_or_else(|e| panic!("PostgreSQL is needed at {admin}: {e}"));
        let name = format!("tourney_test_nodes_{tag}_{}", std::process::id());
        // A fixed prefix, a word of ours and a number: safe to splice in.
        conn.execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
        ))))
        .await
        .unwrap();
        conn.execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "CREATE DATABASE {name}"
        ))))
        .await
        .unwrap();
        let base = admin.rsplit_once('/').unwrap().0.to_string();
        Database {
            url: format!("{base}/{name}"),
            name,
        }
    }

    async fn drop_it(self) {
        use sqlx::{AssertSqlSafe, Connection, Executor};
        let admin = std::env::var("TOURNEY_TEST_POSTGRES").unwrap_or_else(|_| ADMIN.into());
        if let Ok(mut conn) = sqlx::PgConnection::connect(&admin).await {
            let _ = conn
                .execute(sqlx::raw_sql(AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                    self.name
                ))))
                .await;
        }
    }
}

/// Sends a request; a node that is gone answers as a 503 would.
async fn call(request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    match request.send().await {
        Ok(response) => {
            let status = response.status();
            (status, response.json().await.unwrap_or(Value::Null))
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, Value::Null),
    }
}

/// Ann's state at `node`, retried through 503s.
async fn ann_state(http: &reqwest::Client, node: &str, id: &str, ann: &str) -> Value {
    let deadline = Instant::now() + WITHIN;
    loop {
        let request = http.get(format!("{node}/api/tables/{id}")).bearer_auth(ann);
        let (status, state) = call(request).await;
        if status == StatusCode::OK {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "{node} never answered: {status} {state}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Ann moves once through `node` when she is on move; waits for the bot
/// otherwise. Returns the step her move became, `None` once the game is
/// over.
async fn ann_moves(http: &reqwest::Client, node: &str, id: &str, ann: &str) -> Option<u64> {
    let deadline = Instant::now() + WITHIN;
    loop {
        let state = ann_state(http, node, id, ann).await;
        if state["turn"]["kind"] == "over" {
            return None;
        }
        if state["actions"].as_array().is_some_and(|a| !a.is_empty()) {
            let body = json!({"seq": state["seq"], "index": 0});
            let request = http
                .post(format!("{node}/api/tables/{id}/actions"))
                .bearer_auth(ann)
                .json(&body);
            let (status, acted) = call(request).await;
            if status == StatusCode::OK {
                return acted["seq"].as_u64();
            }
        }
        assert!(
            Instant::now() < deadline,
            "table {id} stalled at {}",
            state["turn"]
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_mid_game_loses_nothing_and_the_other_plays_on() {
    let database = Database::create("kill").await;
    let http = reqwest::Client::new();
    let mut a = Node::start(&database.url);
    let b = Node::start(&database.url);

    // Tables made on A: A starts them and holds their bots' leases.
    let mut tables = Vec::new();
    for _ in 0..TABLES {
        let body = json!({"game": "joust", "seats": [
            {"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]});
        let request = http.post(format!("{}/api/tables", a.base)).json(&body);
        let (status, created) = call(request).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
        tables.push((id, ann));
    }
    // A join whose answer is lost when A dies.
    let body =
        json!({"game": "joust", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]});
    let (_, open) = call(http.post(format!("{}/api/tables", a.base)).json(&body)).await;
    let open_id = open["id"].as_str().unwrap().to_string();
    let join = json!({"name": "Cy", "idempotency_key": "cy-joins-before-the-kill-01"});
    let request = http
        .post(format!("{}/api/tables/{open_id}/join", a.base))
        .json(&join);
    let (status, _lost) = call(request).await;
    assert_eq!(status, StatusCode::OK);

    // Ann plays every table through B, alternating with A, for a while.
    let mut acked: Vec<(usize, u64)> = Vec::new();
    for round in 0..3 {
        for (t, (id, ann)) in tables.iter().enumerate() {
            let node = if round % 2 == 0 { &a.base } else { &b.base };
            if let Some(seq) = ann_moves(&http, node, id, ann).await {
                acked.push((t, seq));
            }
        }
    }
    a.kill();
    let killed = Instant::now();

    // The repeated join, through the survivor, finds Cy's seat.
    let request = http
        .post(format!("{}/api/tables/{open_id}/join", b.base))
        .json(&join);
    let (status, again) = call(request).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["seat"], 0);
    let cy = again["token"].as_str().unwrap();
    assert_eq!(ann_state(&http, &b.base, &open_id, cy).await["you"], 0);

    // Every acknowledged move is in the log B reads.
    for (t, seq) in &acked {
        let (id, ann) = &tables[*t];
        let state = ann_state(&http, &b.base, id, ann).await;
        assert!(
            state["seq"].as_u64().unwrap() >= *seq,
            "table {t} lost step {seq}"
        );
        let log = state["log"].as_array().unwrap();
        assert!(
            log.iter().any(|line| line["seq"] == *seq),
            "table {t}: step {seq} is not in the log"
        );
    }
    // B takes the bots over and every game plays to its end.
    for (id, ann) in &tables {
        while ann_moves(&http, &b.base, id, ann).await.is_some() {}
    }
    println!("every game finished {:?} after the kill", killed.elapsed());
    let dir = tempfile::tempdir().unwrap();
    for (id, _) in &tables {
        let record = http
            .get(format!("{}/api/tables/{id}/record", b.base))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let path = dir.path().join(format!("{id}.json"));
        std::fs::write(&path, record).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .arg("replay")
            .arg("--verify")
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("Dice verified: all"));
    }
    drop(b);
    database.drop_it().await;
}

/// A clocked table held by node A, which is killed before the deadline:
/// node B takes the table's lease over once it lapses, acts on the
/// deadline once (a stand-in moves for the seat, which is marked away),
/// and the person takes the seat back and moves through B.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_whose_node_dies_runs_out_on_the_other_node() {
    use sqlx::Connection;
    let database = Database::create("clock").await;
    let mut a = Node::start(&database.url);
    let b = Node::start(&database.url);
    let http = reqwest::Client::new();
    let body = json!({
        "game": "joust",
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        "clock": {"mode": "move", "seconds": 3, "on_timeout": "stand_in"},
    });
    let (status, created) = call(http.post(format!("{}/api/tables", a.base)).json(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
    // A loads the table and takes its lease to watch the clock.
    ann_state(&http, &a.base, &id, &ann).await;
    let mut conn = sqlx::PgConnection::connect(&database.url).await.unwrap();
    let deadline = Instant::now() + WITHIN;
    loop {
        let held: Option<(String,)> =
            sqlx::query_as("SELECT node FROM bot_leases WHERE table_id = $1")
                .bind(&id)
                .fetch_optional(&mut conn)
                .await
                .unwrap();
        if held.is_some() {
            break;
        }
        assert!(Instant::now() < deadline, "node A never took the lease");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before = ann_state(&http, &a.base, &id, &ann).await;
    assert!(
        ran_out(&before, "Ann") == 0,
        "the clock ran out before the kill"
    );
    a.kill();

    // B takes over and acts on the deadline: Ann's time runs out once.
    let deadline = Instant::now() + WITHIN;
    let timed_out = loop {
        let state = ann_state(&http, &b.base, &id, &ann).await;
        if ran_out(&state, "Ann") > 0 {
            break state;
        }
        assert!(Instant::now() < deadline, "the clock never ran out on B");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(ran_out(&timed_out, "Ann"), 1);
    assert_eq!(timed_out["seats"][0]["away"], true);

    // Ann comes back and moves through B; the move is hers.
    let deadline = Instant::now() + WITHIN;
    loop {
        let back = http
            .post(format!("{}/api/tables/{id}/back", b.base))
            .bearer_auth(&ann);
        let (status, state) = call(back).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(state["seats"][0]["away"], false);
        if state["turn"]["kind"] == "over" {
            break;
        }
        if state["actions"].as_array().is_some_and(|a| !a.is_empty()) {
            let act = http
                .post(format!("{}/api/tables/{id}/actions", b.base))
                .bearer_auth(&ann)
                .json(&json!({"seq": state["seq"], "index": 0}));
            let (status, acted) = call(act).await;
            if status == StatusCode::OK {
                assert!(acted["seq"].as_u64() > before["seq"].as_u64());
                break;
            }
        }
        assert!(Instant::now() < deadline, "Ann never moved again");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let after = ann_state(&http, &b.base, &id, &ann).await;
    assert!(ran_out(&after, "Ann") >= 1);
    drop(conn);
    drop(b);
    database.drop_it().await;
}

/// How many times the log says `name`'s time ran out.
fn ran_out(state: &Value, name: &str) -> usize {
    let line = format!("{name}'s time ran out");
    state["log"]
        .as_array()
        .map(|log| {
            log.iter()
                .filter(|l| l["text"].as_str().is_some_and(|t| t.starts_with(&line)))
                .count()
        })
        .unwrap_or(0)
}
