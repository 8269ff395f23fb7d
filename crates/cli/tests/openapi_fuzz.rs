//! The API fuzzed from its own OpenAPI document: a real `tourney serve`
//! on a fresh SQLite file, and `tests/openapi/run` (schemathesis, at the
//! versions `tests/openapi/requirements.txt` pins) against it. Every
//! operation of the document, alone and in sequences (create a table, join
//! it, act), must answer without a 5xx, with a status, content type and
//! body the document states. The script's own output says what failed and
//! how to send the same request with curl.
//!
//! Needs Python 3 with `venv` and pip's access to PyPI the first time (the
//! venv is reused afterwards). If schemathesis cannot be installed the test
//! fails, saying so: it never passes without having fuzzed.

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What the script exits with when it could not install schemathesis.
const INSTALL_FAILED: i32 = 3;

/// Longer than a run takes on two cores (a few minutes), short enough that
/// a hung run fails CI well inside its time.
const DEADLINE: Duration = Duration::from_secs(20 * 60);

/// A `tourney serve` of this test's own, killed when dropped.
struct Server {
    child: Child,
    base: String,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts the server on a free loopback port with fixed dice and no
    /// rate limits: the fuzzer creates tables and moves faster than people.
    fn start() -> Server {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let log = dir.path().join("server.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(dir.path().join("tourney.db"))
            .args(["--fixed-dice", "openapi-fuzz"])
            .args(["--move-rate", "0", "--create-rate", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("the server's log file"))
            .spawn()
            .expect("tourney serve starts");
        let stdout = child.stdout.take().expect("its stdout");
        let mut first = String::new();
        let read = BufReader::new(stdout).read_line(&mut first);
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .map(str::to_string);
        // Built before the address is known, so that a panic kills it too.
        let mut server = Server {
            child,
            base: String::new(),
            log,
            _dir: dir,
        };
        let Some(addr) = addr.filter(|_| read.is_ok()) else {
            panic!(
                "tourney serve did not say where it serves (first line {first:?}); its log:\n{}",
                server.log_tail()
            );
        };
        server.base = format!("http://{addr}");
        server
    }

    /// The end of what the server wrote to stderr.
    fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

/// The script and everything it starts (pip, schemathesis), in a process
/// group of their own so that a run past the deadline, or a panic, ends
/// all of them.
struct Script {
    child: Child,
}

impl Drop for Script {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", self.child.id())])
                .status();
            let _ = self.child.wait();
        }
    }
}

fn run_script(script: &Path, base: &str) -> ExitStatus {
    let child = Command::new("bash")
        .arg(script)
        .arg(base)
        .stdin(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("bash {} does not start: {e}", script.display()));
    let mut script = Script { child };
    let started = Instant::now();
    loop {
        if let Some(status) = script.child.try_wait().expect("the script's status") {
            return status;
        }
        if started.elapsed() > DEADLINE {
            // Dropping the guard ends the whole group.
            drop(script);
            panic!(
                "tests/openapi/run took longer than {} s: stopped",
                DEADLINE.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn the_api_answers_as_its_openapi_document_says() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/openapi/run");
    assert!(script.is_file(), "{} is missing", script.display());
    let mut server = Server::start();
    let status = run_script(&script, &server.base);
    // The server must have lived through the whole run.
    let alive = matches!(server.child.try_wait(), Ok(None));
    match status.code() {
        Some(0) if alive => {}
        Some(0) => panic!(
            "the fuzz run passed but the server is gone; its log:\n{}",
            server.log_tail()
        ),
        Some(INSTALL_FAILED) => panic!(
            "tests/openapi/run could not install schemathesis (Python 3 with venv and \
             pip's access to PyPI are needed): see its output above. Not skipped: \
             the API went unfuzzed."
        ),
        _ => panic!(
            "schemathesis found answers that break the OpenAPI document ({status}): \
             each failure above names the operation, the check and a curl command \
             that repeats it. The server's log ends:\n{}",
            server.log_tail()
        ),
    }
}
