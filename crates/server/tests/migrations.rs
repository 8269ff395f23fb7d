//! A node started on a database an older server left behind migrates it,
//! and a table played before the migration still replays, answers as it
//! did, and plays on. The older database is made the honest way: a game
//! is played on the current schema, then the columns and tables of
//! migrations 4 to 7 are taken out again, as a server of that time never
//! had them.

mod common;

use common::{Db, TestServer, table_with};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Connection, Executor};
use tourney_server::Settings;

/// What migrations 4 (join keys), 5 (stamps), 6 (bot leases) and 7
/// (clocks) added, taken out again, newest first.
const UNDO: [&str; 7] = [
    "ALTER TABLE seats DROP COLUMN away",
    "ALTER TABLE steps DROP COLUMN made_by",
    "DROP TABLE bot_leases",
    "ALTER TABLE tables DROP COLUMN head",
    "DROP INDEX seats_join_key",
    "ALTER TABLE seats DROP COLUMN join_key_hash",
    "DELETE FROM _sqlx_migrations WHERE version >= 4",
];

async fn undo_new_migrations(db: &Db) {
    async fn run<C: Connection>(mut conn: C)
    where
        for<'c> &'c mut C: Executor<'c>,
    {
        for sql in UNDO {
            conn.execute(sqlx::raw_sql(AssertSqlSafe(sql.to_string())))
                .await
                .unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
    }
    match db {
        Db::Sqlite(_, path) => {
            run(sqlx::SqliteConnection::connect(&format!("sqlite://{path}"))
                .await
                .unwrap())
            .await
        }
        Db::Postgres { url, .. } | Db::Shared(url) => {
            run(sqlx::PgConnection::connect(url).await.unwrap()).await
        }
    }
}

/// The table as a spectator reads it, less the time of its last change.
fn settled(mut state: Value) -> Value {
    if let Some(map) = state.as_object_mut() {
        map.remove("updated_at");
    }
    state
}

async fn a_table_played_before_the_migrations_replays_after_them(db: Db) {
    let server = TestServer::start(db, Settings::unlimited()).await;
    let (id, tokens) = table_with(&server, "joust", 2, &[0, 1], "random", json!({})).await;
    let mut moved = 0;
    for _round in 0..100 {
        if moved >= 8 {
            break;
        }
        for token in tokens.iter().flatten() {
            let state = server.state(&id, Some(token)).await;
            if state["actions"].as_array().is_some_and(|a| !a.is_empty()) {
                let body = json!({"seq": state["seq"], "index": 0});
                let (status, acted) = server.act(&id, token, body).await;
                assert_eq!(status, StatusCode::OK, "{acted}");
                moved += 1;
            }
        }
    }
    assert!(moved >= 8, "only {moved} moves were made");
    let before = settled(server.state(&id, None).await);
    let TestServer {
        mut running, db, ..
    } = server;
    running.take().expect("running").shutdown().await;
    undo_new_migrations(&db).await;

    let server = TestServer::start(db, Settings::unlimited()).await;
    assert_eq!(settled(server.state(&id, None).await), before, "the replay");
    // It plays on: a move after the migration is stored on top.
    let token = tokens[0].as_deref().unwrap();
    let mut state = server.state(&id, Some(token)).await;
    if state["actions"].as_array().is_none_or(Vec::is_empty) {
        state = server.state(&id, tokens[1].as_deref()).await;
        let body = json!({"seq": state["seq"], "index": 0});
        let (status, acted) = server.act(&id, tokens[1].as_deref().unwrap(), body).await;
        assert_eq!(status, StatusCode::OK, "{acted}");
    } else {
        let body = json!({"seq": state["seq"], "index": 0});
        let (status, acted) = server.act(&id, token, body).await;
        assert_eq!(status, StatusCode::OK, "{acted}");
    }
    let after = server.state(&id, None).await;
    assert!(after["seq"].as_u64() > before["seq"].as_u64(), "{after}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_played_before_the_migrations_replays_after_them_on_sqlite() {
    a_table_played_before_the_migrations_replays_after_them(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_played_before_the_migrations_replays_after_them_on_postgres() {
    a_table_played_before_the_migrations_replays_after_them(Db::postgres().await).await;
}
