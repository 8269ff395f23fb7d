//! Every acknowledged move survives a crash. A real `tourney serve` process
//! runs many Card Joust games on a SQLite file while clients move as fast as
//! they are answered; it is killed with SIGKILL in the middle, started
//! again on the same file, and every move it had acknowledged must be in
//! the tables' logs at its step. Then every table plays on to its end and
//! its record passes `tourney replay --verify`.

use reqwest::StatusCode;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const TABLES: usize = 12;

struct Server {
    child: Child,
    base: String,
}

fn serve(db: &std::path::Path) -> Server {
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
        .arg("--db")
        .arg(db)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tourney serve starts");
    let stdout = child.stdout.take().expect("its stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("it says where it serves");
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();
    Server {
        child,
        base: format!("http://{addr}"),
    }
}

/// The people's names at every table: the log starts a move's line with
/// its mover's name.
const SEAT_NAMES: [&str; 2] = ["Ann", "Bob"];

/// An acknowledged move: table, seat, the step it became, its label.
#[derive(Debug, Clone)]
struct Acked {
    table: usize,
    seat: usize,
    seq: u64,
    label: String,
}

struct Table {
    id: String,
    tokens: [String; 2],
}

async fn create_tables(http: &reqwest::Client, base: &str) -> Vec<Table> {
    let mut tables = Vec::new();
    for _ in 0..TABLES {
        let body = json!({"game": "joust", "seats": [
            {"kind": "person", "name": SEAT_NAMES[0]}, {"kind": "person", "name": SEAT_NAMES[1]}]});
        let created: Value = http
            .post(format!("{base}/api/tables"))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = |i: usize| created["tokens"][i]["token"].as_str().unwrap().to_string();
        tables.push(Table {
            id: created["id"].as_str().unwrap().to_string(),
            tokens: [token(0), token(1)],
        });
    }
    tables
}

/// One seat playing as fast as it is answered, until the game ends, the
/// server goes away, or `until` passes. Records every acknowledged move.
/// One client: which server, table and seat, and its token.
struct Player {
    http: reqwest::Client,
    base: String,
    table: usize,
    id: String,
    seat: usize,
    token: String,
}

async fn play_seat(player: Player, acked: Arc<Mutex<Vec<Acked>>>, until: Option<Instant>) -> bool {
    let Player {
        http,
        base,
        table,
        id,
        seat,
        token,
    } = player;
    let mut n = (table * 7 + seat) as u64;
    loop {
        if until.is_some_and(|t| Instant::now() > t) {
            return false;
        }
        let Ok(response) = http
            .get(format!("{base}/api/tables/{id}"))
            .bearer_auth(&token)
            .send()
            .await
        else {
            return false;
        };
        let Ok(state) = response.json::<Value>().await else {
            return false;
        };
        if state["status"] == "finished" {
            return true;
        }
        let choices = state["actions"].as_array().map_or(0, Vec::len);
        if choices == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
            continue;
        }
        n = n
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let index = (n >> 33) as usize % choices;
        let Ok(response) = http
            .post(format!("{base}/api/tables/{id}/actions"))
            .bearer_auth(&token)
            .json(&json!({"seq": state["seq"], "index": index}))
            .send()
            .await
        else {
            return false;
        };
        if response.status() == StatusCode::OK {
            let Ok(answer) = response.json::<Value>().await else {
                // The answer was lost on the way: the move may or may not
                // have been made, and was not acknowledged to us.
                return false;
            };
            acked.lock().unwrap().push(Acked {
                table,
                seat,
                seq: answer["seq"].as_u64().unwrap(),
                label: answer["label"].as_str().unwrap().to_string(),
            });
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let http = reqwest::Client::new();
    let mut server = serve(&db);
    let tables = create_tables(&http, &server.base).await;
    let acked = Arc::new(Mutex::new(Vec::new()));
    let mut clients = Vec::new();
    for (t, table) in tables.iter().enumerate() {
        for seat in 0..2 {
            clients.push(tokio::spawn(play_seat(
                Player {
                    http: http.clone(),
                    base: server.base.clone(),
                    table: t,
                    id: table.id.clone(),
                    seat,
                    token: table.tokens[seat].clone(),
                },
                acked.clone(),
                Some(Instant::now() + Duration::from_secs(20)),
            )));
        }
    }
    // Let the games get going, then pull the plug mid-flight.
    while acked.lock().unwrap().len() < 300 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.child.kill().expect("SIGKILL");
    server.child.wait().unwrap();
    for client in clients {
        client.await.unwrap();
    }
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() >= 300, "{} moves", acked.len());

    let mut server = serve(&db);
    for (t, table) in tables.iter().enumerate() {
        for (seat, name) in SEAT_NAMES.iter().enumerate() {
            let state: Value = http
                .get(format!("{}/api/tables/{}", server.base, table.id))
                .bearer_auth(&table.tokens[seat])
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let log = state["log"].as_array().unwrap();
            for ack in acked.iter().filter(|a| a.table == t && a.seat == seat) {
                assert!(
                    state["seq"].as_u64().unwrap() >= ack.seq,
                    "table {t} is at step {} but step {} was acknowledged",
                    state["seq"],
                    ack.seq
                );
                // The step is in the log: its own line, which names the
                // mover first ("A puts the 8 on the head"), or, where game
                // events tell the move better (a hidden aim revealed), only
                // event lines, which replaced it.
                let mover = format!("{name} ");
                let at_step: Vec<&Value> = log.iter().filter(|l| l["seq"] == ack.seq).collect();
                let told = at_step.iter().any(|line| {
                    line.get("event").is_none()
                        && line["text"].as_str().unwrap().starts_with(&mover)
                }) || (!at_step.is_empty()
                    && at_step.iter().all(|line| line.get("event").is_some()));
                assert!(
                    told,
                    "table {t}: acknowledged step {} ({}) is lost",
                    ack.seq, ack.label
                );
            }
        }
    }

    // Every table carries on to its end, and its dice verify.
    let acked_after = Arc::new(Mutex::new(Vec::new()));
    let mut clients = Vec::new();
    for (t, table) in tables.iter().enumerate() {
        for seat in 0..2 {
            clients.push(tokio::spawn(play_seat(
                Player {
                    http: http.clone(),
                    base: server.base.clone(),
                    table: t,
                    id: table.id.clone(),
                    seat,
                    token: table.tokens[seat].clone(),
                },
                acked_after.clone(),
                None,
            )));
        }
    }
    for client in clients {
        assert!(
            client.await.unwrap(),
            "a table did not play to its end after the restart"
        );
    }
    for table in &tables {
        let record = http
            .get(format!("{}/api/tables/{}/record", server.base, table.id))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let path = dir.path().join(format!("{}.json", table.id));
        std::fs::write(&path, record).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .arg("replay")
            .arg("--verify")
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("Dice verified: all"), "{text}");
    }
    let _ = server.child.kill();
    let _ = server.child.wait();
}
