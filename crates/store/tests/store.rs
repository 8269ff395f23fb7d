//! The store against real databases: every case runs on a SQLite file in a
//! temp dir and on a fresh PostgreSQL database of its own (created and
//! dropped per test, so tests run in parallel). PostgreSQL must be running
//! on 127.0.0.1:5432 (user postgres, trust auth); if it is not, the
//! PostgreSQL tests fail, they are never skipped. Set
//! TOURNEY_TEST_POSTGRES to an admin URL to use another server.

use std::future::Future;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};
use tourney_store::{
    Append, Claim, MadeBy, NewTable, Status, StepKind, StepRow, Store, StoreError,
};

const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

fn admin_url() -> String {
    std::env::var("TOURNEY_TEST_POSTGRES").unwrap_or_else(|_| DEFAULT_ADMIN_URL.to_string())
}

/// A name no other test (in this run or a parallel one) will pick.
fn random_suffix() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let h = RandomState::new().hash_one((nanos, n, std::process::id()));
    format!("{h:016x}")
}

/// Where a case runs: the open store, and the `db` string to reopen it.
struct Ctx {
    store: Store,
    db: String,
}

/// Runs `case` on a fresh SQLite file.
async fn on_sqlite<F, Fut>(case: F)
where
    F: FnOnce(Ctx) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tourney.db").display().to_string();
    let store = Store::open(&db).await.unwrap();
    let result = tokio::spawn(case(Ctx {
        store: store.clone(),
        db,
    }))
    .await;
    store.close().await;
    drop(dir);
    if let Err(e) = result {
        std::panic::resume_unwind(e.into_panic());
    }
}

/// Runs `case` on a PostgreSQL database created for it and dropped after,
/// whether the case passed or not.
async fn on_postgres<F, Fut>(case: F)
where
    F: FnOnce(Ctx) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    use sqlx::{AssertSqlSafe, Connection, Executor};
    let admin_url = admin_url();
    let mut admin = match sqlx::PgConnection::connect(&admin_url).await {
        Ok(c) => c,
        Err(e) => panic!(
            "PostgreSQL is needed for this test and cannot be reached at {admin_url}: {e}. \
             Start it (user postgres, trust auth on 127.0.0.1:5432) or set TOURNEY_TEST_POSTGRES."
        ),
    };
    let name = format!("tourney_test_{}", random_suffix());
    // The name is ours (a fixed prefix and hex digits), safe to splice in.
    admin
        .execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "CREATE DATABASE {name}"
        ))))
        .await
        .unwrap();
    let base = admin_url
        .rsplit_once('/')
        .map(|(base, _)| base.to_string())
        .unwrap();
    let db = format!("{base}/{name}");
    let result = match Store::open(&db).await {
        Ok(store) => {
            let r = tokio::spawn(case(Ctx {
                store: store.clone(),
                db,
            }))
            .await;
            store.close().await;
            r.map_err(|e| e.into_panic())
        }
        Err(e) => {
            Err(Box::new(format!("Store::open failed: {e}")) as Box<dyn std::any::Any + Send>)
        }
    };
    admin
        .execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
        ))))
        .await
        .unwrap();
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}

/// Each case once, run on both backends.
macro_rules! on_both {
    ($($case:ident),* $(,)?) => {
        $(
            mod $case {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::on_sqlite(super::$case).await
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::on_postgres(super::$case).await
                }
            }
        )*
    };
}

on_both!(
    create_and_load,
    seats_named_at_creation_are_taken_at_once,
    claim_seat_is_atomic,
    append_and_read_back,
    conflict_writes_nothing_and_spares_the_batch,
    a_failing_append_spares_the_others,
    many_concurrent_appends_are_batched,
    lobby_pages_and_counts,
    unfinished_lists_open_and_playing,
    reopen_finds_everything,
    close_finishes_in_flight_appends,
    a_join_key_reissues_its_seats_token,
    a_writer_that_lost_a_race_cannot_write_on_top,
    a_bot_lease_has_one_holder_until_it_lapses,
    away_seats_and_forfeits_are_stored,
);

/// A person's claim on `seat`, joined without a key.
fn claim<'a>(seat: u32, name: &'a str, token_hash: &'a str, now_ms: i64) -> Claim<'a> {
    Claim {
        seat,
        name,
        token_hash,
        join_key_hash: None,
        now_ms,
    }
}

fn new_table(id: &str, seats: usize, status: Status, now_ms: i64) -> NewTable {
    NewTable {
        id: id.to_string(),
        game: "joust".to_string(),
        config: r#"{"rounds":3}"#.to_string(),
        seats_json: r#"[{"kind":"human"},{"kind":"bot","bot":"greedy"}]"#.to_string(),
        seat_count: seats,
        dice_seed: "00ff".repeat(8),
        dice_commitment: "ab".repeat(32),
        status,
        rematch_of: None,
        unlisted: false,
        rules_version: "3".to_string(),
        invite_hashes: (0..seats).map(|s| Some(format!("invite{s}"))).collect(),
        claimed: Vec::new(),
        now_ms,
    }
}

fn step(seq: i64) -> StepRow {
    StepRow {
        seq,
        kind: if seq % 3 == 0 {
            StepKind::Chance
        } else {
            StepKind::Action
        },
        seat: if seq % 3 == 0 {
            None
        } else {
            Some((seq % 2) as u32)
        },
        payload: format!(r#"{{"step":{seq},"text":"é \"quoted\" ☃"}}"#),
        idem_key: if seq % 2 == 0 {
            Some(format!("key-{seq}"))
        } else {
            None
        },
        at: 1_000 + seq,
        made_by: match seq % 5 {
            1 => Some(MadeBy::Clock),
            4 => Some(MadeBy::StandIn),
            _ => None,
        },
    }
}

/// Steps `seqs` of one writer, whose stamp is its step count.
fn append(table: &str, seqs: std::ops::RangeInclusive<i64>, now_ms: i64) -> Append {
    Append {
        table_id: table.to_string(),
        head: (seqs.start() - 1, *seqs.end()),
        steps: seqs.map(step).collect(),
        status: None,
        outcome: None,
        now_ms,
    }
}

/// An Append that only changes the table (status, outcome, updated_at).
fn no_steps(table: &str, now_ms: i64) -> Append {
    Append {
        table_id: table.to_string(),
        steps: Vec::new(),
        status: None,
        outcome: None,
        now_ms,
        head: (0, 0),
    }
}

async fn seats_named_at_creation_are_taken_at_once(ctx: Ctx) {
    let store = ctx.store;
    let mut t = new_table("named", 3, Status::Open, 100);
    t.claimed = vec![(0, "Ann".to_string(), "hash-a".to_string())];
    store.create_table(&t).await.unwrap();
    let seats = store.seats("named").await.unwrap();
    assert_eq!(seats[0].name.as_deref(), Some("Ann"));
    assert_eq!(seats[0].token_hash.as_deref(), Some("hash-a"));
    assert_eq!(seats[0].joined_at, Some(100));
    assert!(
        seats[1..]
            .iter()
            .all(|s| s.name.is_none() && s.token_hash.is_none())
    );
    // A taken seat is not for the taking again.
    assert!(
        !store
            .claim_seat("named", &claim(0, "Bob", "hash-b", 120))
            .await
            .unwrap()
    );

    // A claim on a seat the table does not have refuses the whole table.
    let mut bad = new_table("bad-claim", 2, Status::Open, 100);
    bad.claimed = vec![(5, "Eve".to_string(), "hash-e".to_string())];
    assert!(matches!(
        store.create_table(&bad).await,
        Err(StoreError::Invalid(m)) if m.contains("seat 5")
    ));
    assert_eq!(store.table("bad-claim").await.unwrap(), None);
    assert!(store.seats("bad-claim").await.unwrap().is_empty());
}

async fn create_and_load(ctx: Ctx) {
    let store = ctx.store;
    let mut t = new_table("t1", 2, Status::Open, 100);
    t.rematch_of = Some("t0".to_string());
    t.invite_hashes = vec![Some("inv0".to_string()), None];
    store.create_table(&t).await.unwrap();

    let row = store.table("t1").await.unwrap().unwrap();
    assert_eq!(row.id, "t1");
    assert_eq!(row.game, t.game);
    assert_eq!(row.config, t.config);
    assert_eq!(row.seats_json, t.seats_json);
    assert_eq!(row.dice_seed, t.dice_seed);
    assert_eq!(row.dice_commitment, t.dice_commitment);
    assert_eq!(row.status, Status::Open);
    assert_eq!(row.outcome, None);
    assert_eq!(row.rematch_of.as_deref(), Some("t0"));
    assert_eq!(row.steps, 0);
    assert_eq!((row.created_at, row.updated_at), (100, 100));
    assert_eq!(row.rules_version, "3");

    let seats = store.seats("t1").await.unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0].seat, 0);
    assert_eq!(seats[0].invite_hash.as_deref(), Some("inv0"));
    assert_eq!(seats[1].seat, 1);
    assert_eq!(seats[1].invite_hash, None);
    assert!(
        seats
            .iter()
            .all(|s| s.name.is_none() && s.token_hash.is_none() && s.joined_at.is_none())
    );

    assert_eq!(store.table("nope").await.unwrap(), None);
    assert!(store.seats("nope").await.unwrap().is_empty());
    assert!(store.steps("nope", 0).await.unwrap().is_empty());
    assert_eq!(
        store.create_table(&t).await,
        Err(StoreError::Exists("t1".to_string()))
    );
    let mut bad = new_table("t2", 3, Status::Open, 100);
    bad.invite_hashes.pop();
    assert!(matches!(
        store.create_table(&bad).await,
        Err(StoreError::Invalid(_))
    ));
    assert_eq!(store.table("t2").await.unwrap(), None);

    store.set_status("t1", Status::Playing, 150).await.unwrap();
    let row = store.table("t1").await.unwrap().unwrap();
    assert_eq!((row.status, row.updated_at), (Status::Playing, 150));
    assert!(matches!(
        store.set_status("nope", Status::Playing, 1).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(
        store.describe().starts_with("SQLite file /")
            || store
                .describe()
                .starts_with("PostgreSQL at 127.0.0.1:5432/tourney_test_"),
        "{}",
        store.describe()
    );
}

async fn claim_seat_is_atomic(ctx: Ctx) {
    let store = ctx.store;
    store
        .create_table(&new_table("t", 2, Status::Open, 1))
        .await
        .unwrap();
    assert!(
        store
            .claim_seat("t", &claim(0, "Ada", "hash-a", 10))
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim_seat("t", &claim(0, "Bob", "hash-b", 11))
            .await
            .unwrap()
    );
    let seats = store.seats("t").await.unwrap();
    assert_eq!(seats[0].name.as_deref(), Some("Ada"));
    assert_eq!(seats[0].token_hash.as_deref(), Some("hash-a"));
    assert_eq!(seats[0].joined_at, Some(10));
    assert_eq!(store.table("t").await.unwrap().unwrap().updated_at, 10);

    let mut tasks = Vec::new();
    for i in 0..20 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store
                .claim_seat("t", &claim(1, &format!("p{i}"), &format!("h{i}"), 20 + i))
                .await
        }));
    }
    let mut winners = Vec::new();
    for (i, task) in tasks.into_iter().enumerate() {
        if task.await.unwrap().unwrap() {
            winners.push(i);
        }
    }
    assert_eq!(winners.len(), 1, "winners: {winners:?}");
    let seat1 = &store.seats("t").await.unwrap()[1];
    assert_eq!(seat1.token_hash, Some(format!("h{}", winners[0])));
    assert!(matches!(
        store.claim_seat("t", &claim(2, "X", "hx", 30)).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(
        store.claim_seat("nope", &claim(0, "X", "hx", 30)).await,
        Err(StoreError::NotFound(_))
    ));
}

async fn append_and_read_back(ctx: Ctx) {
    let store = ctx.store;
    store
        .create_table(&new_table("t", 2, Status::Playing, 1))
        .await
        .unwrap();
    store.append(append("t", 1..=1, 5)).await.unwrap();
    store.append(append("t", 2..=4, 6)).await.unwrap();
    let mut last = append("t", 5..=5, 7);
    last.status = Some(Status::Finished);
    last.outcome = Some(r#"{"winner":0}"#.to_string());
    store.append(last).await.unwrap();

    let steps = store.steps("t", 0).await.unwrap();
    assert_eq!(steps, (1..=5).map(step).collect::<Vec<_>>());
    assert_eq!(store.steps("t", 3).await.unwrap(), vec![step(4), step(5)]);
    assert!(store.steps("t", 5).await.unwrap().is_empty());
    let row = store.table("t").await.unwrap().unwrap();
    assert_eq!(row.steps, 5);
    assert_eq!(row.updated_at, 7);
    assert_eq!(row.status, Status::Finished);
    assert_eq!(row.outcome.as_deref(), Some(r#"{"winner":0}"#));

    // Only a status change: no steps.
    let mut only_status = no_steps("t", 8);
    only_status.status = Some(Status::Playing);
    store.append(only_status).await.unwrap();
    let row = store.table("t").await.unwrap().unwrap();
    assert_eq!(
        (row.status, row.steps, row.updated_at),
        (Status::Playing, 5, 8)
    );
    assert_eq!(row.outcome.as_deref(), Some(r#"{"winner":0}"#));

    assert!(matches!(
        store.append(append("nope", 1..=1, 9)).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(
        store.append(no_steps("nope", 9)).await,
        Err(StoreError::NotFound(_))
    ));
    let mut gap = append("t", 6..=7, 9);
    gap.steps.remove(0);
    gap.steps.push(step(9));
    assert!(matches!(
        store.append(gap).await,
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.append(append("t", 0..=0, 9)).await,
        Err(StoreError::Invalid(_))
    ));
    assert_eq!(
        store.append(append("t", 7..=7, 9)).await,
        Err(StoreError::Conflict {
            table: "t".to_string(),
            seq: 7
        })
    );
    assert_eq!(store.table("t").await.unwrap().unwrap().steps, 5);
    let stats = store.writer_stats();
    assert_eq!((stats.appends, stats.steps), (4, 5));
}

async fn conflict_writes_nothing_and_spares_the_batch(ctx: Ctx) {
    let store = ctx.store;
    store
        .create_table(&new_table("a", 2, Status::Playing, 1))
        .await
        .unwrap();
    store.append(append("a", 1..=2, 2)).await.unwrap();
    for i in 0..30 {
        store
            .create_table(&new_table(&format!("b{i}"), 2, Status::Playing, 1))
            .await
            .unwrap();
    }
    // Many Appends at once so that the bad one is batched with good ones.
    let mut tasks = Vec::new();
    for round in 0..3 {
        for i in 0..30 {
            let store = store.clone();
            let seq = round + 1;
            tasks.push(tokio::spawn(async move {
                (
                    format!("b{i}"),
                    store.append(append(&format!("b{i}"), seq..=seq, 3)).await,
                )
            }));
        }
        let store2 = store.clone();
        tasks.push(tokio::spawn(async move {
            ("a".to_string(), store2.append(append("a", 2..=3, 99)).await)
        }));
        for task in tasks.drain(..) {
            let (table, r) = task.await.unwrap();
            if table == "a" {
                assert_eq!(
                    r,
                    Err(StoreError::Conflict {
                        table: "a".to_string(),
                        seq: 2
                    })
                );
            } else {
                r.unwrap();
            }
        }
    }
    let a = store.table("a").await.unwrap().unwrap();
    assert_eq!((a.steps, a.updated_at), (2, 2));
    assert_eq!(store.steps("a", 0).await.unwrap(), vec![step(1), step(2)]);
    for i in 0..30 {
        let id = format!("b{i}");
        assert_eq!(
            store.steps(&id, 0).await.unwrap(),
            vec![step(1), step(2), step(3)]
        );
        assert_eq!(store.table(&id).await.unwrap().unwrap().steps, 3);
    }
    // A gap is a conflict too: the caller's view of the table is stale.
    assert_eq!(
        store.append(append("a", 4..=4, 5)).await,
        Err(StoreError::Conflict {
            table: "a".to_string(),
            seq: 4
        })
    );
}

/// An Append the database itself refuses (PostgreSQL refuses NUL in TEXT;
/// SQLite stores it) must not take the Appends batched with it down.
async fn a_failing_append_spares_the_others(ctx: Ctx) {
    let store = ctx.store;
    for i in 0..20 {
        store
            .create_table(&new_table(&format!("t{i}"), 2, Status::Playing, 1))
            .await
            .unwrap();
    }
    let mut tasks = Vec::new();
    for i in 0..20 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut a = append(&format!("t{i}"), 1..=2, 5);
            if i % 5 == 2 {
                a.steps[1].payload = "nul \0 inside".to_string();
            }
            store.append(a).await
        }));
    }
    for (i, task) in tasks.into_iter().enumerate() {
        let r = task.await.unwrap();
        let id = format!("t{i}");
        let steps = store.steps(&id, 0).await.unwrap();
        let row = store.table(&id).await.unwrap().unwrap();
        if i % 5 == 2 {
            if store.describe().starts_with("PostgreSQL") {
                assert!(matches!(r, Err(StoreError::Database(_))), "{r:?}");
            }
            match r {
                Ok(()) => {
                    assert_eq!(steps[1].payload, "nul \0 inside");
                    assert_eq!(row.steps, 2);
                }
                Err(StoreError::Database(_)) => {
                    assert!(steps.is_empty(), "{steps:?}");
                    assert_eq!((row.steps, row.updated_at), (0, 1));
                }
                Err(e) => panic!("unexpected {e}"),
            }
        } else {
            r.unwrap();
            assert_eq!(steps, vec![step(1), step(2)]);
            assert_eq!(row.steps, 2);
        }
    }
}

async fn many_concurrent_appends_are_batched(ctx: Ctx) {
    const TABLES: usize = 200;
    const STEPS: i64 = 20;
    let store = ctx.store;
    for i in 0..TABLES {
        store
            .create_table(&new_table(&format!("t{i}"), 2, Status::Playing, 1))
            .await
            .unwrap();
    }
    let mut tasks = Vec::new();
    for i in 0..TABLES {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let id = format!("t{i}");
            for seq in 1..=STEPS {
                store.append(append(&id, seq..=seq, seq)).await.unwrap();
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let expected: Vec<StepRow> = (1..=STEPS).map(step).collect();
    for i in 0..TABLES {
        let id = format!("t{i}");
        assert_eq!(store.steps(&id, 0).await.unwrap(), expected, "table {id}");
        let row = store.table(&id).await.unwrap().unwrap();
        assert_eq!((row.steps, row.updated_at), (STEPS, STEPS));
    }
    let stats = store.writer_stats();
    let total = TABLES as u64 * STEPS as u64;
    assert_eq!((stats.appends, stats.steps), (total, total));
    assert!(stats.transactions < stats.appends, "no batching: {stats:?}");
    println!("{}: {stats:?}", store.describe());
}

async fn lobby_pages_and_counts(ctx: Ctx) {
    let store = ctx.store;
    for i in 0..5 {
        store
            .create_table(&new_table(&format!("open{i}"), 2, Status::Open, 100 + i))
            .await
            .unwrap();
    }
    for i in 0..3 {
        store
            .create_table(&new_table(&format!("play{i}"), 2, Status::Playing, 200 + i))
            .await
            .unwrap();
    }
    let ids =
        |rows: Vec<tourney_store::TableRow>| rows.into_iter().map(|r| r.id).collect::<Vec<_>>();

    let (page, total) = store.lobby(Status::Open, 2, 0).await.unwrap();
    assert_eq!(
        (ids(page), total),
        (vec!["open4".to_string(), "open3".to_string()], 5)
    );
    let (page, total) = store.lobby(Status::Open, 2, 4).await.unwrap();
    assert_eq!((ids(page), total), (vec!["open0".to_string()], 5));
    let (page, total) = store.lobby(Status::Open, 2, 10).await.unwrap();
    assert_eq!((page.len(), total), (0, 5));
    let (page, total) = store.lobby(Status::Playing, 10, 0).await.unwrap();
    assert_eq!(
        (ids(page), total),
        (
            vec![
                "play2".to_string(),
                "play1".to_string(),
                "play0".to_string()
            ],
            3
        )
    );
    let (page, total) = store.lobby(Status::Finished, 10, 0).await.unwrap();
    assert_eq!((page.len(), total), (0, 0));

    // Private tables are filtered before paging: the pages and their
    // counts stay as they were, whatever the private table's status.
    for (i, status) in [Status::Open, Status::Open, Status::Playing]
        .into_iter()
        .enumerate()
    {
        let mut private = new_table(&format!("private{i}"), 2, status, 300 + i as i64);
        private.unlisted = true;
        store.create_table(&private).await.unwrap();
    }
    let (page, total) = store.lobby(Status::Open, 2, 0).await.unwrap();
    assert_eq!(
        (ids(page), total),
        (vec!["open4".to_string(), "open3".to_string()], 5)
    );
    let (page, total) = store.lobby(Status::Playing, 1, 0).await.unwrap();
    assert_eq!((ids(page), total), (vec!["play2".to_string()], 3));
    store
        .set_status("private2", Status::Finished, 301)
        .await
        .unwrap();
    let (page, total) = store.lobby(Status::Finished, 10, 0).await.unwrap();
    assert_eq!((page.len(), total), (0, 0), "a finished private table");

    // Joining a seat bumps a table to the top; finishing moves it.
    assert!(
        store
            .claim_seat("open1", &claim(0, "Ada", "h", 500))
            .await
            .unwrap()
    );
    let (page, _) = store.lobby(Status::Open, 1, 0).await.unwrap();
    assert_eq!(ids(page), vec!["open1".to_string()]);
    store
        .set_status("play0", Status::Finished, 600)
        .await
        .unwrap();
    assert_eq!(store.lobby(Status::Playing, 10, 0).await.unwrap().1, 2);
    assert_eq!(store.lobby(Status::Finished, 10, 0).await.unwrap().1, 1);
    let (page, total) = store.lobby(Status::Finished, 1, 0).await.unwrap();
    assert_eq!((ids(page), total), (vec!["play0".to_string()], 1));
}

async fn unfinished_lists_open_and_playing(ctx: Ctx) {
    let store = ctx.store;
    assert!(store.unfinished().await.unwrap().is_empty());
    store
        .create_table(&new_table("o", 2, Status::Open, 1))
        .await
        .unwrap();
    store
        .create_table(&new_table("p", 2, Status::Playing, 2))
        .await
        .unwrap();
    store
        .create_table(&new_table("f", 2, Status::Playing, 3))
        .await
        .unwrap();
    let mut done = append("f", 1..=1, 4);
    done.status = Some(Status::Finished);
    store.append(done).await.unwrap();
    assert_eq!(
        store.unfinished().await.unwrap(),
        vec!["o".to_string(), "p".to_string()]
    );
}

async fn reopen_finds_everything(ctx: Ctx) {
    let store = ctx.store;
    store
        .create_table(&new_table("t", 2, Status::Playing, 1))
        .await
        .unwrap();
    assert!(
        store
            .claim_seat("t", &claim(1, "Ada", "h", 2))
            .await
            .unwrap()
    );
    store.append(append("t", 1..=3, 3)).await.unwrap();
    let before = (
        store.table("t").await.unwrap(),
        store.seats("t").await.unwrap(),
        store.steps("t", 0).await.unwrap(),
    );
    store.close().await;

    let again = Store::open(&ctx.db).await.unwrap();
    let after = (
        again.table("t").await.unwrap(),
        again.seats("t").await.unwrap(),
        again.steps("t", 0).await.unwrap(),
    );
    assert_eq!(before, after);
    assert_eq!(after.2.len(), 3);
    again.append(append("t", 4..=4, 4)).await.unwrap();
    assert_eq!(again.steps("t", 3).await.unwrap(), vec![step(4)]);
    again.close().await;
}

async fn close_finishes_in_flight_appends(ctx: Ctx) {
    const TABLES: usize = 100;
    let store = ctx.store;
    for i in 0..TABLES {
        store
            .create_table(&new_table(&format!("t{i}"), 2, Status::Playing, 1))
            .await
            .unwrap();
    }
    let mut tasks = Vec::new();
    for i in 0..TABLES {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let id = format!("t{i}");
            let mut written = 0;
            for seq in 1..=50 {
                match store.append(append(&id, seq..=seq, seq)).await {
                    Ok(()) => written = seq,
                    Err(StoreError::Closed) => break,
                    Err(e) => panic!("table {id} step {seq}: {e}"),
                }
            }
            (id, written)
        }));
    }
    while store.writer_stats().appends < 200 {
        tokio::task::yield_now().await;
    }
    store.close().await;
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    assert_eq!(
        store.append(append("t0", 1..=1, 1)).await,
        Err(StoreError::Closed)
    );
    assert_eq!(store.table("t0").await, Err(StoreError::Closed));
    store.close().await;

    // Every Append that was answered Ok is there, and nothing else.
    let again = Store::open(&ctx.db).await.unwrap();
    let mut total = 0;
    for (id, written) in results {
        let steps = again.steps(&id, 0).await.unwrap();
        assert_eq!(steps.len() as i64, written, "table {id}");
        assert_eq!(again.table(&id).await.unwrap().unwrap().steps, written);
        total += written;
    }
    assert!(total >= 200, "{total}");
    assert!(
        total < 50 * TABLES as i64,
        "close came too late to test anything"
    );
    again.close().await;
}

#[tokio::test]
async fn sqlite_creates_missing_parent_folders() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a").join("b").join("c").join("tourney.db");
    let store = Store::open(&path.display().to_string()).await.unwrap();
    assert_eq!(store.describe(), format!("SQLite file {}", path.display()));
    store
        .create_table(&new_table("t", 1, Status::Open, 1))
        .await
        .unwrap();
    store.close().await;
    assert!(path.is_file());

    let url = format!(
        "sqlite:{}",
        dir.path().join("x").join("via-url.db").display()
    );
    let store = Store::open(&url).await.unwrap();
    store
        .create_table(&new_table("t", 1, Status::Open, 1))
        .await
        .unwrap();
    store.close().await;
    assert!(dir.path().join("x").join("via-url.db").is_file());
}

#[tokio::test]
async fn sqlite_relative_path_is_described_absolute() {
    let dir = tempfile::tempdir().unwrap();
    // The temp dir reached from the working folder through `..`s.
    let cwd = std::env::current_dir().unwrap();
    let mut relative = std::path::PathBuf::new();
    for _ in cwd.components().skip(1) {
        relative.push("..");
    }
    let target = dir.path().canonicalize().unwrap();
    relative.push(target.strip_prefix("/").unwrap());
    relative.push("new");
    relative.push("rel.db");
    assert!(relative.is_relative());
    let store = Store::open(&relative.display().to_string()).await.unwrap();
    assert_eq!(
        store.describe(),
        format!(
            "SQLite file {}",
            target.join("new").join("rel.db").display()
        )
    );
    store.close().await;
}

#[tokio::test]
async fn sqlite_in_memory_works() {
    let store = Store::open("sqlite::memory:").await.unwrap();
    assert_eq!(store.describe(), "SQLite in memory");
    store
        .create_table(&new_table("t", 2, Status::Open, 1))
        .await
        .unwrap();
    store.append(append("t", 1..=2, 2)).await.unwrap();
    assert_eq!(store.steps("t", 0).await.unwrap().len(), 2);
    store.close().await;
}

#[tokio::test]
async fn unopenable_sqlite_path_is_an_open_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "not a folder").unwrap();
    let under_a_file = file.join("sub").join("tourney.db").display().to_string();
    match Store::open(&under_a_file).await {
        Err(StoreError::Open { db, reason }) => {
            assert_eq!(db, under_a_file);
            assert!(reason.contains("cannot create folder"), "{reason}");
        }
        Err(e) => panic!("expected StoreError::Open, got {e}"),
        Ok(_) => panic!("opened a database under a plain file"),
    }
    // A folder where the file should be.
    let folder = dir.path().display().to_string();
    let err = Store::open(&folder).await.err().unwrap();
    assert!(matches!(err, StoreError::Open { .. }), "{err}");
    // Not a database at all.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, vec![7u8; 8192]).unwrap();
    let err = Store::open(&junk.display().to_string())
        .await
        .err()
        .unwrap();
    assert!(matches!(err, StoreError::Open { .. }), "{err}");
    println!("{err}");
    assert!(matches!(
        Store::open("").await,
        Err(StoreError::Open { .. })
    ));
}

#[tokio::test]
async fn bad_postgres_url_is_an_open_error_without_the_password() {
    // Nothing listens on port 1.
    let err = Store::open("postgres://bob:hunter2@127.0.0.1:1/tourney")
        .await
        .err()
        .unwrap();
    let text = err.to_string();
    assert!(matches!(err, StoreError::Open { .. }), "{text}");
    assert!(!text.contains("hunter2"), "{text}");
    assert!(
        text.contains("postgres://bob:***@127.0.0.1:1/tourney"),
        "{text}"
    );
    println!("{text}");

    let err = Store::open("postgresql://[not a url").await.err().unwrap();
    assert!(matches!(err, StoreError::Open { .. }), "{err}");

    // Reachable server, missing database.
    let base = admin_url()
        .rsplit_once('/')
        .map(|(b, _)| b.to_string())
        .unwrap();
    let missing = format!("{base}/tourney_no_such_db_{}", random_suffix());
    let err = Store::open(&missing).await.err().unwrap();
    let text = err.to_string();
    assert!(matches!(err, StoreError::Open { .. }), "{text}");
    assert!(text.contains("does not exist"), "{text}");
    println!("{text}");
}

async fn a_join_key_reissues_its_seats_token(ctx: Ctx) {
    let store = ctx.store;
    store
        .create_table(&new_table("t", 2, Status::Open, 1))
        .await
        .unwrap();
    let keyed = Claim {
        join_key_hash: Some("key-a"),
        ..claim(1, "Ada", "token-1", 10)
    };
    assert!(store.claim_seat("t", &keyed).await.unwrap());
    assert_eq!(
        store.seats("t").await.unwrap()[1].join_key_hash.as_deref(),
        Some("key-a")
    );
    // The same key gets the seat a new token; another key, or the key at
    // another seat, gets nothing.
    assert!(
        store
            .reissue_token("t", 1, "key-a", "token-2")
            .await
            .unwrap()
    );
    assert!(
        !store
            .reissue_token("t", 1, "key-b", "token-3")
            .await
            .unwrap()
    );
    assert!(
        !store
            .reissue_token("t", 0, "key-a", "token-3")
            .await
            .unwrap()
    );
    // One key seats one person: the same key at another seat is refused.
    let twice = Claim {
        join_key_hash: Some("key-a"),
        ..claim(0, "Ann", "token-9", 11)
    };
    assert!(!store.claim_seat("t", &twice).await.unwrap());
    let seats = store.seats("t").await.unwrap();
    assert_eq!(seats[1].token_hash.as_deref(), Some("token-2"));
    assert_eq!(seats[1].name.as_deref(), Some("Ada"));
    assert_eq!(seats[0].token_hash, None);
}

/// A database made by the first three migrations, with a table whose seat
/// 0 is taken, as a server of that time left it.
const OLD_ROWS: [&str; 4] = [
    "INSERT INTO tables (id, game, config, seats, dice_seed, dice_commitment, status, \
     created_at, updated_at) VALUES ('old', 'joust', '{}', '{\"seats\":[]}', 'aa', 'bb', \
     'open', 1, 2)",
    "INSERT INTO seats (table_id, seat, name, token_hash, joined_at) \
     VALUES ('old', 0, 'Ada', 'hash-a', 2)",
    "INSERT INTO seats (table_id, seat) VALUES ('old', 1)",
    "SELECT 1",
];

/// What the migrated store must show of the old rows.
async fn check_migrated(store: &Store) {
    let seats = store.seats("old").await.unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0].token_hash.as_deref(), Some("hash-a"));
    assert_eq!(seats[0].join_key_hash, None);
    // The new column is in use: a keyed join of the free seat works.
    let keyed = Claim {
        join_key_hash: Some("key-b"),
        ..claim(1, "Bob", "hash-b", 3)
    };
    assert!(store.claim_seat("old", &keyed).await.unwrap());
    assert!(
        store
            .reissue_token("old", 1, "key-b", "hash-c")
            .await
            .unwrap()
    );
    let table = store.table("old").await.unwrap().unwrap();
    assert_eq!(table.rules_version, "1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_sqlite_database_is_migrated_with_its_rows() {
    use sqlx::Executor;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&path)
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
        let migrator = sqlx::migrate::Migrator::new(std::path::Path::new("migrations/sqlite"))
            .await
            .unwrap();
        migrator.run_to(3, &pool).await.unwrap();
        for sql in OLD_ROWS {
            pool.execute(sql).await.unwrap();
        }
        pool.close().await;
    }
    let store = Store::open(&path.display().to_string()).await.unwrap();
    check_migrated(&store).await;
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_postgres_database_is_migrated_with_its_rows() {
    use sqlx::{AssertSqlSafe, Connection, Executor};
    let admin_url = admin_url();
    let mut admin = sqlx::PgConnection::connect(&admin_url)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL is needed at {admin_url}: {e}"));
    let name = format!("tourney_test_{}", random_suffix());
    admin
        .execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "CREATE DATABASE {name}"
        ))))
        .await
        .unwrap();
    let base = admin_url.rsplit_once('/').unwrap().0.to_string();
    let db = format!("{base}/{name}");
    let result = tokio::spawn(async move {
        let pool = sqlx::PgPool::connect(&db).await.unwrap();
        let migrator = sqlx::migrate::Migrator::new(std::path::Path::new("migrations/postgres"))
            .await
            .unwrap();
        migrator.run_to(3, &pool).await.unwrap();
        for sql in OLD_ROWS {
            pool.execute(sql).await.unwrap();
        }
        pool.close().await;
        let store = Store::open(&db).await.unwrap();
        check_migrated(&store).await;
        store.close().await;
    })
    .await;
    admin
        .execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
        ))))
        .await
        .unwrap();
    if let Err(e) = result {
        std::panic::resume_unwind(e.into_panic());
    }
}

/// Two nodes race for step 1; the loser's step 2, which continues the
/// count but not the game it saw, is refused too, alone and in a batch.
async fn a_writer_that_lost_a_race_cannot_write_on_top(ctx: Ctx) {
    let store = ctx.store;
    store
        .create_table(&new_table("t", 2, Status::Playing, 1))
        .await
        .unwrap();
    let node = |seqs: std::ops::RangeInclusive<i64>, head: (i64, i64)| Append {
        head,
        ..append("t", seqs, 5)
    };
    store.append(node(1..=1, (0, 101))).await.unwrap();
    let lost = store.append(node(1..=1, (0, 201))).await;
    assert!(
        matches!(lost, Err(StoreError::Conflict { seq: 1, .. })),
        "{lost:?}"
    );
    let on_top = store.append(node(2..=2, (201, 202))).await;
    assert!(
        matches!(on_top, Err(StoreError::Conflict { seq: 2, .. })),
        "{on_top:?}"
    );
    // Submitted together, as a busy writer batches them.
    let first = store.submit(node(2..=2, (201, 202))).await.unwrap();
    let second = store.submit(node(3..=3, (202, 203))).await.unwrap();
    assert!(first.await.is_err());
    assert!(second.await.is_err());
    // The winner goes on.
    store.append(node(2..=2, (101, 102))).await.unwrap();
    let table = store.table("t").await.unwrap().unwrap();
    assert_eq!((table.steps, table.head), (2, 102));
}

async fn a_bot_lease_has_one_holder_until_it_lapses(ctx: Ctx) {
    let store = ctx.store;
    for id in ["t", "u"] {
        store
            .create_table(&new_table(id, 2, Status::Playing, 1))
            .await
            .unwrap();
    }
    assert!(store.take_lease("t", "node-a", 1_000, 6_000).await.unwrap());
    assert!(!store.take_lease("t", "node-b", 2_000, 7_000).await.unwrap());
    assert!(
        store.take_lease("t", "node-a", 2_000, 7_000).await.unwrap(),
        "its own"
    );
    assert!(store.take_lease("u", "node-b", 2_000, 7_000).await.unwrap());
    assert_eq!(store.renew_leases("node-a", 9_000).await.unwrap(), ["t"]);
    assert_eq!(store.lapsed_leases(8_000, 10).await.unwrap(), ["u"]);
    // Node B stopped renewing: A takes its table over; B's renewal no
    // longer names it.
    assert!(
        store
            .take_lease("u", "node-a", 8_000, 13_000)
            .await
            .unwrap()
    );
    assert!(
        store
            .renew_leases("node-b", 14_000)
            .await
            .unwrap()
            .is_empty()
    );
    let mut held = store.renew_leases("node-a", 14_000).await.unwrap();
    held.sort();
    assert_eq!(held, ["t", "u"]);
    store.drop_lease("t", "node-b", 10_000).await.unwrap();
    assert!(
        !store
            .take_lease("t", "node-b", 10_000, 15_000)
            .await
            .unwrap(),
        "not B's to drop"
    );
    store.drop_lease("t", "node-a", 10_000).await.unwrap();
    assert!(
        store
            .take_lease("t", "node-b", 10_000, 15_000)
            .await
            .unwrap()
    );
    // A lease released lapses at once.
    store.release_lease("t", "node-b").await.unwrap();
    let lapsed = store.lapsed_leases(10_001, 10).await.unwrap();
    assert!(lapsed.contains(&"t".to_string()), "{lapsed:?}");
    // A lapsed lease may be dropped by anyone (its table finished, say).
    store.drop_lease("t", "node-c", 16_000).await.unwrap();
    assert_eq!(store.lapsed_leases(20_000, 10).await.unwrap(), ["u"]);
}

/// A seat marked away reads back so, and back again; a forfeit finishes a
/// playing table only on the stamp it was built on.
async fn away_seats_and_forfeits_are_stored(ctx: Ctx) {
    let store = ctx.store;
    store
        .create_table(&new_table("t", 2, Status::Playing, 1))
        .await
        .unwrap();
    assert!(store.set_away("t", 1, true).await.unwrap());
    let away: Vec<bool> = store
        .seats("t")
        .await
        .unwrap()
        .iter()
        .map(|s| s.away)
        .collect();
    assert_eq!(away, [false, true]);
    assert!(store.set_away("t", 1, false).await.unwrap());
    assert!(!store.seats("t").await.unwrap()[1].away);
    assert!(!store.set_away("t", 7, true).await.unwrap(), "no such seat");
    store.append(append("t", 1..=1, 5)).await.unwrap();
    let outcome = r#"{"winners":[0],"forfeit":1}"#;
    assert!(
        !store.forfeit("t", outcome, (0, 9), 6).await.unwrap(),
        "stale head"
    );
    assert!(store.forfeit("t", outcome, (1, 9), 6).await.unwrap());
    let table = store.table("t").await.unwrap().unwrap();
    assert_eq!(table.status, Status::Finished);
    assert_eq!(table.outcome.as_deref(), Some(outcome));
    assert_eq!(table.head, 9);
    assert!(
        !store.forfeit("t", outcome, (9, 10), 7).await.unwrap(),
        "finished"
    );
}
