//! A table keeps the rules version it was made under. After an upgrade
//! that changes a game's rules, a table of the older version is refused
//! with a message naming both versions, rather than replayed into another
//! game; a table of the current version loads as before.

mod common;

use common::{Db, TestServer, table_with};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::Connection;
use tourney_server::Settings;

/// Makes a Glory table, stops the server, marks the table as made under
/// rules version 1 in the database itself, and starts the server again.
async fn a_table_of_an_older_version(db: Db) {
    let server = TestServer::start(db, Settings::unlimited()).await;
    let (old, _) = table_with(&server, "glory", 2, &[], "random", json!({})).await;
    let (current, _) = table_with(&server, "glory", 2, &[], "random", json!({})).await;
    let TestServer {
        mut running, db, ..
    } = server;
    running.take().expect("running").shutdown().await;
    let url = db.url().to_string();
    let sql = format!("UPDATE tables SET rules_version = '1' WHERE id = '{old}'");
    match &db {
        Db::Sqlite(..) => {
            let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{url}"))
                .await
                .expect("the SQLite file");
            sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                .execute(&mut conn)
                .await
                .unwrap();
        }
        Db::Postgres { .. } | Db::Shared(_) => {
            let mut conn = sqlx::PgConnection::connect(&url)
                .await
                .expect("the database");
            sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                .execute(&mut conn)
                .await
                .unwrap();
        }
    }

    let server = TestServer::start(db, Settings::unlimited()).await;
    let (status, body) = server.get(&format!("/api/tables/{old}"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "rules_version", "{body}");
    assert_eq!(
        body["message"],
        format!(
            "table {old} was played under Glory: A Game of Knights rules version 1, and this server plays version 3: it cannot be continued here"
        )
    );
    // The other table, made under the current rules, is untouched.
    let (status, body) = server.get(&format!("/api/tables/{current}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_older_rules_is_refused_naming_the_versions_on_sqlite() {
    a_table_of_an_older_version(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_older_rules_is_refused_naming_the_versions_on_postgres() {
    a_table_of_an_older_version(Db::postgres().await).await;
}
