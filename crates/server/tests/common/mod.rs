//! A real server for the tests: `tourney_server::start` on 127.0.0.1:0,
//! over a SQLite file in a temp dir or a PostgreSQL database made for the
//! test and dropped after it. PostgreSQL must run on 127.0.0.1:5432 (user
//! postgres, trust auth), or TOURNEY_TEST_POSTGRES must name another admin
//! URL; without it the PostgreSQL tests fail, they are never skipped.

#![allow(dead_code)]

use reqwest::StatusCode;
use serde_json::{Value, json};
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use tourney_server::{Running, Settings};

const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

pub enum Db {
    /// Another node's database, by URL: dropped by the node that made it.
    Shared(String),
    Sqlite(tempfile::TempDir, String),
    Postgres {
        admin: String,
        name: String,
        url: String,
    },
}

impl Db {
    pub fn sqlite() -> Db {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("tourney.db").display().to_string();
        Db::Sqlite(dir, path)
    }

    pub async fn postgres() -> Db {
        use sqlx::{AssertSqlSafe, Connection, Executor};
        let admin =
            std::env::var("TOURNEY_TEST_POSTGRES").unwrap_or_else(|_| DEFAULT_ADMIN_URL.into());
        let mut conn = sqlx::PgConnection::connect(&admin).await.unwrap_or_else(|e| {
            panic!(
                "PostgreSQL is needed for this test and cannot be reached at {admin}: {e}. \
                 Start it (user postgres, trust auth on 127.0.0.1:5432) or set TOURNEY_TEST_POSTGRES."
            )
        });
        let name = format!("tourney_test_{}", suffix());
        // The name is a fixed prefix and hex digits: safe to splice in.
        conn.execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "CREATE DATABASE {name}"
        ))))
        .await
        .expect("CREATE DATABASE");
        let base = admin.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap();
        let url = format!("{base}/{name}");
        Db::Postgres { admin, name, url }
    }

    pub fn url(&self) -> &str {
        match self {
            Db::Shared(url) => url,
            Db::Sqlite(_, path) => path,
            Db::Postgres { url, .. } => url,
        }
    }

    pub async fn drop_database(&self) {
        use sqlx::{AssertSqlSafe, Connection, Executor};
        if let Db::Postgres { admin, name, .. } = self
            && let Ok(mut conn) = sqlx::PgConnection::connect(admin).await
        {
            let _ = conn
                .execute(sqlx::raw_sql(AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                ))))
                .await;
        }
    }
}

fn suffix() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let h = RandomState::new().hash_one((n, std::process::id()));
    format!("{h:016x}")
}

pub struct TestServer {
    pub running: Option<Running>,
    pub base: String,
    pub http: reqwest::Client,
    pub db: Db,
}

/// An answer: status and JSON body (Null when the body is not JSON).
pub type Answer = (StatusCode, Value);

impl TestServer {
    pub async fn start(db: Db, settings: Settings) -> TestServer {
        let running = tourney_server::start("127.0.0.1:0", db.url(), settings)
            .await
            .expect("the server starts");
        TestServer {
            base: format!("http://{}", running.addr),
            running: Some(running),
            http: reqwest::Client::new(),
            db,
        }
    }

    pub async fn sqlite() -> TestServer {
        TestServer::start(Db::sqlite(), Settings::unlimited()).await
    }

    pub async fn postgres() -> TestServer {
        TestServer::start(Db::postgres().await, Settings::unlimited()).await
    }

    /// A second node on this server's database, as an operator starts one
    /// beside the first.
    pub async fn another_node(&self) -> TestServer {
        TestServer::start(Db::Shared(self.db.url().to_string()), Settings::unlimited()).await
    }

    pub fn addr(&self) -> std::net::SocketAddr {
        self.running.as_ref().expect("running").addr
    }

    /// Shuts the server down and starts a new one on the same database,
    /// as an operator's restart does.
    pub async fn restart(mut self, settings: Settings) -> TestServer {
        if let Some(running) = self.running.take() {
            running.shutdown().await;
        }
        TestServer::start(self.db, settings).await
    }

    pub async fn stop(mut self) {
        if let Some(running) = self.running.take() {
            running.shutdown().await;
        }
        self.db.drop_database().await;
    }

    async fn answer(response: reqwest::Response) -> Answer {
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        Self::answer(request.send().await.expect("GET")).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Answer {
        self.post_raw(path, token, &body.to_string(), "application/json")
            .await
    }

    pub async fn post_raw(
        &self,
        path: &str,
        token: Option<&str>,
        body: &str,
        content_type: &str,
    ) -> Answer {
        let mut request = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", content_type)
            .body(body.to_string());
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        Self::answer(request.send().await.expect("POST")).await
    }

    /// The value of a counter or gauge of `/metrics`; panics if absent.
    pub async fn metric(&self, name: &str) -> f64 {
        let text = self
            .http
            .get(format!("{}/metrics", self.base))
            .send()
            .await
            .expect("GET /metrics")
            .text()
            .await
            .expect("metrics text");
        text.lines()
            .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in /metrics:\n{text}"))
    }

    /// Creates a table; panics unless it is created.
    pub async fn create(&self, body: Value) -> Value {
        let (status, created) = self.post("/api/tables", None, &body).await;
        assert_eq!(status, StatusCode::CREATED, "create {body}: {created}");
        created
    }

    pub async fn state(&self, id: &str, token: Option<&str>) -> Value {
        let (status, state) = self.get(&format!("/api/tables/{id}"), token).await;
        assert_eq!(status, StatusCode::OK, "state of {id}: {state}");
        state
    }

    pub async fn act(&self, id: &str, token: &str, body: Value) -> Answer {
        self.post(&format!("/api/tables/{id}/actions"), Some(token), &body)
            .await
    }
}

/// A table of `game` with one named person per entry of `people` (in those
/// seats) and `bot` everywhere else; returns the id and each person's
/// token by seat.
pub async fn table_with(
    server: &TestServer,
    game: &str,
    seats: usize,
    people: &[usize],
    bot: &str,
    config: Value,
) -> (String, Vec<Option<String>>) {
    let specs: Vec<Value> = (0..seats)
        .map(|s| {
            if people.contains(&s) {
                json!({"kind": "person", "name": format!("P{}", s + 1)})
            } else {
                json!({"kind": "bot", "bot": bot})
            }
        })
        .collect();
    let created = server
        .create(json!({"game": game, "seats": specs, "config": config}))
        .await;
    let id = created["id"].as_str().expect("an id").to_string();
    let mut tokens = vec![None; seats];
    for t in created["tokens"].as_array().expect("tokens") {
        let seat = t["seat"].as_u64().unwrap() as usize;
        tokens[seat] = Some(t["token"].as_str().unwrap().to_string());
    }
    (id, tokens)
}

/// A tiny deterministic generator for the tests' own choices.
pub struct Pick(u64);

impl Pick {
    pub fn new(seed: u64) -> Pick {
        Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Plays a table to its end: every person seat picks a random listed action
/// whenever it is on move; bots move by themselves. Returns how many
/// actions the people made.
pub async fn play_out(
    server: &TestServer,
    id: &str,
    tokens: &[Option<String>],
    seed: u64,
) -> usize {
    let mut pick = Pick::new(seed);
    let mut moves = 0;
    for _round in 0..200_000 {
        let spectator = server.state(id, None).await;
        if spectator["turn"]["kind"] == "over" {
            return moves;
        }
        let mut acted = false;
        for token in tokens.iter().flatten() {
            let state = server.state(id, Some(token)).await;
            let actions = state["actions"].as_array().cloned().unwrap_or_default();
            if actions.is_empty() {
                continue;
            }
            let index = pick.below(actions.len());
            let (status, body) = server
                .act(id, token, json!({"seq": state["seq"], "index": index}))
                .await;
            assert_eq!(status, StatusCode::OK, "act: {body}");
            moves += 1;
            acted = true;
        }
        if !acted {
            // A bot is thinking.
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
    }
    panic!("table {id} did not finish");
}
