//! The Python example bot (examples/python/tourney_bot.py) plays a whole
//! game of each of the four games against server bots on a real server,
//! and the record it saves must verify: the dice against the table's
//! commitment and the steps through the rules.
//!
//! These tests run `python3`; without it they fail, on purpose: the bot is
//! part of what the project ships, so it must be checked.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tourney_core::{GameRecord, RecordStep, ToMove, verify_dice};
use tourney_server::{Running, Settings};

/// Longest one bot game may take before the test calls it hung.
const GAME_LIMIT: Duration = Duration::from_secs(45);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root")
}

fn bot_script() -> PathBuf {
    let script = repo_root().join("examples/python/tourney_bot.py");
    assert!(script.is_file(), "{} is missing", script.display());
    script
}

/// Fails (does not skip) when python3 cannot be run.
fn require_python() {
    match Command::new("python3").arg("--version").output() {
        Ok(out) if out.status.success() => {}
        Ok(out) => panic!(
            "python3 --version failed ({}): these tests need Python 3.11 or later",
            out.status
        ),
        Err(e) => panic!("cannot run python3 ({e}): these tests need Python 3.11 or later"),
    }
}

struct Server {
    running: Running,
    _dir: tempfile::TempDir,
    http: reqwest::Client,
}

impl Server {
    async fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tourney.db");
        let running =
            tourney_server::start("127.0.0.1:0", db.to_str().unwrap(), Settings::unlimited())
                .await
                .expect("the server starts");
        Server {
            running,
            _dir: dir,
            http: reqwest::Client::new(),
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.running.addr)
    }

    async fn create(&self, body: Value) -> Value {
        let response = self
            .http
            .post(format!("{}/api/tables", self.url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201, "creating {body}");
        response.json().await.unwrap()
    }

    async fn table(&self, id: &str, token: Option<&str>) -> Value {
        let mut request = self.http.get(format!("{}/api/tables/{id}", self.url()));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }
}

/// What one run of the bot left behind.
struct BotRun {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    record: PathBuf,
    took: Duration,
}

impl BotRun {
    fn describe(&self) -> String {
        let tail = |s: &str| {
            let lines: Vec<&str> = s.lines().collect();
            lines[lines.len().saturating_sub(15)..].join("\n")
        };
        format!(
            "exit {} after {:?}\n--- stdout (end) ---\n{}\n--- stderr (end) ---\n{}",
            self.status,
            self.took,
            tail(&self.stdout),
            tail(&self.stderr)
        )
    }

    /// The `[seq] text` lines the bot printed, in order.
    fn log(&self) -> Vec<(u64, String)> {
        self.stdout
            .lines()
            .filter_map(|line| {
                let rest = line.strip_prefix('[')?;
                let (seq, text) = rest.split_once("] ")?;
                Some((seq.parse().ok()?, text.to_string()))
            })
            .collect()
    }
}

/// Runs the bot with `args` (after `--url`) until it exits, its output in
/// files so a long game cannot fill a pipe and stall it.
async fn run_bot(url: &str, args: &[&str], dir: &Path) -> BotRun {
    let record = dir.join("rec.json");
    let out_path = dir.join("bot.out");
    let err_path = dir.join("bot.err");
    let started = Instant::now();
    let mut child = Command::new("python3")
        .arg(bot_script())
        .args(["--url", url])
        .args(args)
        .arg("--record")
        .arg(&record)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("python3 starts");
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > GAME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the bot did not finish within {GAME_LIMIT:?}; stderr:\n{}",
                std::fs::read_to_string(&err_path).unwrap_or_default()
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    BotRun {
        status,
        stdout: std::fs::read_to_string(&out_path).unwrap(),
        stderr: std::fs::read_to_string(&err_path).unwrap(),
        record,
        took: started.elapsed(),
    }
}

/// Everything a finished game must satisfy: the bot exited 0 and said how
/// it ended, the table is finished, and the saved record is the server's
/// and verifies (dice, then a replay through the rules to the same end).
async fn check_finished(server: &Server, game: &str, id: &str, bot_seat: u8, run: &BotRun) {
    assert!(run.status.success(), "the bot failed: {}", run.describe());
    let table = server.table(id, None).await;
    assert_eq!(table["status"], "finished", "{}", run.describe());
    assert_eq!(table["turn"]["kind"], "over");
    let winners: Vec<u8> = serde_json::from_value(table["turn"]["winners"].clone()).unwrap();

    // The result line names the bot's own result correctly.
    let result = run
        .stdout
        .lines()
        .find(|l| l.starts_with("Game over: "))
        .unwrap_or_else(|| panic!("no result line: {}", run.describe()));
    let mine = if !winners.contains(&bot_seat) {
        "you lost"
    } else if winners.len() == 1 {
        "you won"
    } else {
        "you shared the win"
    };
    assert!(result.ends_with(mine), "{result:?} for winners {winners:?}");
    if let [w] = winners[..] {
        assert!(result.contains(&format!("seat {} ", w + 1)), "{result:?}");
    }

    // The saved record is exactly the server's, and it holds up.
    let saved: GameRecord =
        serde_json::from_str(&std::fs::read_to_string(&run.record).expect("the record was saved"))
            .expect("the saved record parses");
    let served: GameRecord = server
        .http
        .get(format!("{}/api/tables/{id}/record", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(saved, served);
    assert_eq!(saved.game, game);
    assert_eq!(
        saved.dice.as_ref().map(|d| d.commitment.as_str()),
        table["dice_commitment"].as_str()
    );
    let entry = tourney_table::catalog::find(game).unwrap().entry;
    let audit = verify_dice(&entry, &saved).expect("the dice verify");
    let chance = saved
        .steps
        .iter()
        .filter(|s| matches!(s, RecordStep::Chance { .. }))
        .count();
    assert!(chance > 0, "a {game} game rolls dice or draws cards");
    assert_eq!(audit.chance_steps, chance);
    assert_eq!(audit.steps, saved.steps.len());
    assert_eq!(saved.steps.len() as u64, table["seq"].as_u64().unwrap());
    let replayed = (entry.replay)(&saved).expect("the record replays");
    let ToMove::Over(outcome) = replayed.to_move() else {
        panic!("the replayed game is not over");
    };
    assert_eq!(Some(outcome), saved.outcome);
    let replay_winners: Vec<u8> = outcome.winners.iter().map(|s| s.0).collect();
    assert_eq!(replay_winners, winners);
    // The bot really played: some of the actions are its seat's.
    let own = saved
        .steps
        .iter()
        .filter(|s| matches!(s, RecordStep::Action { seat, .. } if seat.0 == bot_seat))
        .count();
    assert!(own > 0, "the bot's seat never acted");
    eprintln!(
        "{game}: {} steps, {own} by the bot, {chance} dice and cards, in {:?}",
        saved.steps.len(),
        run.took
    );
}

/// The log the bot printed must be the seat's log, line for line: every
/// step's lines once, none missing, none doubled.
async fn check_log(server: &Server, id: &str, token: &str, run: &BotRun) {
    let table = server.table(id, Some(token)).await;
    let expected: Vec<(u64, String)> = table["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["seq"].as_u64().unwrap(),
                e["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(run.log(), expected, "{}", run.describe());
}

fn token_of(created: &Value) -> (String, String) {
    (
        created["id"].as_str().unwrap().to_string(),
        created["tokens"][0]["token"].as_str().unwrap().to_string(),
    )
}

/// Card Joust: the bot takes a seat created for it (`--table --token`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joust_with_a_given_seat() {
    require_python();
    let server = Server::start().await;
    let created = server
        .create(json!({"game": "joust", "seats": [
            {"kind": "person", "name": "Py"}, {"kind": "bot", "bot": "easy"}]}))
        .await;
    let (id, token) = token_of(&created);
    let dir = tempfile::tempdir().unwrap();
    let run = run_bot(
        &server.url(),
        &["--table", &id, "--token", &token, "--seed", "1"],
        dir.path(),
    )
    .await;
    check_finished(&server, "joust", &id, 0, &run).await;
    check_log(&server, &id, &token, &run).await;
    server.running.shutdown().await;
}

/// Ritter: the bot joins an open seat (`--join`), which starts the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ritter_joining_an_open_seat() {
    require_python();
    let server = Server::start().await;
    let created = server
        .create(json!({"game": "ritter", "seats": [
            {"kind": "bot", "bot": "random"}, {"kind": "person"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(server.table(&id, None).await["status"], "open");
    let dir = tempfile::tempdir().unwrap();
    let run = run_bot(
        &server.url(),
        &["--join", &id, "--name", "Py", "--seed", "2"],
        dir.path(),
    )
    .await;
    check_finished(&server, "ritter", &id, 1, &run).await;
    let table = server.table(&id, None).await;
    assert_eq!(table["seats"][1]["name"], "Py");
    server.running.shutdown().await;
}

/// Glory, the longest of the four: a seat created for the bot, against a
/// random server bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn glory_with_a_given_seat() {
    require_python();
    let server = Server::start().await;
    let created = server
        .create(json!({"game": "glory", "seats": [
            {"kind": "person", "name": "Py"}, {"kind": "bot", "bot": "random"}]}))
        .await;
    let (id, token) = token_of(&created);
    let dir = tempfile::tempdir().unwrap();
    let run = run_bot(
        &server.url(),
        &["--table", &id, "--token", &token, "--seed", "3"],
        dir.path(),
    )
    .await;
    check_finished(&server, "glory", &id, 0, &run).await;
    check_log(&server, &id, &token, &run).await;
    server.running.shutdown().await;
}

/// Medieval Mastery: the bot creates the table itself (`--create
/// --against`) and prints its id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mastery_creating_its_own_table() {
    require_python();
    let server = Server::start().await;
    let dir = tempfile::tempdir().unwrap();
    let run = run_bot(
        &server.url(),
        &[
            "--create",
            "mastery",
            "--against",
            "random",
            "--name",
            "Py",
            "--seed",
            "4",
        ],
        dir.path(),
    )
    .await;
    let id = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Created table "))
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("no table id printed: {}", run.describe()))
        .to_string();
    check_finished(&server, "mastery", &id, 0, &run).await;
    let table = server.table(&id, None).await;
    assert_eq!(table["seats"][0]["name"], "Py");
    assert_eq!(table["seats"][1]["name"], "Bot (random)");
    server.running.shutdown().await;
}

/// A proxy in front of the server that cuts the first stream connection
/// after `cut_after` bytes of its answer, and remembers every request line.
/// Plain threads: the proxy must not share the runtime it tests.
fn cutting_proxy(upstream: SocketAddr, cut_after: usize) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let requests = seen.clone();
    std::thread::spawn(move || {
        let mut cut_done = false;
        for client in listener.incoming() {
            let Ok(mut client) = client else { return };
            // Read the request head to see what it asks for (a GET has no
            // body; a POST's small body comes in the same reads or after,
            // and is passed on by the copy below).
            let mut head = Vec::new();
            let mut buf = [0u8; 4096];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match client.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            let line = String::from_utf8_lossy(&head)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            let cut = !cut_done && line.contains("/stream");
            cut_done |= cut;
            requests.lock().unwrap().push(line);
            std::thread::spawn(move || {
                let Ok(mut server) = TcpStream::connect(upstream) else {
                    return;
                };
                if server.write_all(&head).is_err() {
                    return;
                }
                let (Ok(mut client_up), Ok(mut server_down)) =
                    (client.try_clone(), server.try_clone())
                else {
                    return;
                };
                // Client to server: whatever else the client sends.
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut client_up, &mut server);
                });
                if cut {
                    // Pass on the first bytes of the answer, then drop both
                    // ends mid-stream, as a dying proxy or network would.
                    let mut sent = 0;
                    let mut buf = [0u8; 4096];
                    while sent < cut_after {
                        let n = match server_down.read(&mut buf) {
                            Ok(0) | Err(_) => break,
                            Ok(n) => n.min(cut_after - sent),
                        };
                        if client.write_all(&buf[..n]).is_err() {
                            break;
                        }
                        sent += n;
                    }
                    let _ = client.shutdown(Shutdown::Both);
                    let _ = server_down.shutdown(Shutdown::Both);
                } else {
                    let _ = std::io::copy(&mut server_down, &mut client);
                    let _ = client.shutdown(Shutdown::Both);
                }
            });
        }
    });
    (format!("http://{addr}"), seen)
}

/// The stream drops in the middle of the game: the bot reconnects with
/// `?after=` and plays on, printing every log line exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_stream_is_resumed() {
    require_python();
    let server = Server::start().await;
    let created = server
        .create(json!({"game": "joust", "seats": [
            {"kind": "person", "name": "Py"}, {"kind": "bot", "bot": "random"}]}))
        .await;
    let (id, token) = token_of(&created);
    // The first state message alone is several kilobytes; a whole game's
    // stream is far more than this, so the cut falls mid-game.
    let (proxy, seen) = cutting_proxy(server.running.addr, 20_000);
    let dir = tempfile::tempdir().unwrap();
    let run = run_bot(
        &proxy,
        &["--table", &id, "--token", &token, "--seed", "5"],
        dir.path(),
    )
    .await;
    check_finished(&server, "joust", &id, 0, &run).await;
    check_log(&server, &id, &token, &run).await;
    assert!(
        run.stderr.contains("reconnecting after step"),
        "the bot never saw the cut: {}",
        run.describe()
    );
    let requests = seen.lock().unwrap().clone();
    let streams: Vec<&String> = requests.iter().filter(|l| l.contains("/stream")).collect();
    assert!(streams.len() >= 2, "{streams:?}");
    assert!(!streams[0].contains("after="), "{}", streams[0]);
    assert!(
        streams[1..].iter().all(|l| l.contains("/stream?after=")),
        "{streams:?}"
    );
    server.running.shutdown().await;
}
