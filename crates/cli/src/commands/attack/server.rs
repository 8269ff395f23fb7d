//! The server under attack: started here as a child process, or one
//! already running on this machine; its memory, threads and counters.

use crate::commands::loadtest::{metric_values, rss_kb_of};
use crate::failure::{Failure, Result};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The header timeout of the server this command starts: short, so the
/// slow attack need not wait the default 10 s for every socket.
pub const SPAWNED_HEADER_TIMEOUT: Duration = Duration::from_secs(3);

/// How long a started server may take to say where it listens.
const START: Duration = Duration::from_secs(30);

pub struct Server {
    pub addr: SocketAddr,
    pid: Option<u32>,
    child: Option<Child>,
    _dir: Option<tempfile::TempDir>,
}

/// The server's memory and threads at one moment (from /proc/PID/status).
#[derive(Debug, Clone, Copy, Default)]
pub struct Sample {
    pub rss_kb: Option<u64>,
    pub threads: Option<u64>,
}

impl Server {
    /// A server already running at `addr`; with `pid`, its memory and
    /// threads are read too.
    pub fn at(addr: SocketAddr, pid: Option<u32>) -> Result<Server> {
        if let Some(pid) = pid
            && rss_kb_of(&format!("/proc/{pid}/status")).is_none()
        {
            return Err(Failure::bad(format!(
                "--server-pid {pid}: no such process, or its memory cannot be read"
            )));
        }
        Ok(Server {
            addr,
            pid,
            child: None,
            _dir: None,
        })
    }

    /// Starts `tourney serve` (this very binary) on a free loopback port
    /// and a temporary SQLite file, with the default limits but a short
    /// header timeout.
    pub fn spawn(header_timeout: Duration) -> Result<Server> {
        let dir = tempfile::Builder::new()
            .prefix("tourney-attack-")
            .tempdir()
            .map_err(|e| Failure::io(format!("cannot make a temporary folder: {e}")))?;
        let exe = std::env::current_exe()
            .map_err(|e| Failure::io(format!("cannot find this program to start a server: {e}")))?;
        let mut child = Command::new(exe)
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(dir.path().join("attack.db"))
            .arg("--header-timeout")
            .arg(header_timeout.as_secs_f64().to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::io(format!("cannot start `tourney serve`: {e}")))?;
        let stdout = child.stdout.take();
        let pid = child.id();
        // Built before the address is known, so that a failure stops it.
        let mut server = Server {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            pid: Some(pid),
            child: Some(child),
            _dir: Some(dir),
        };
        let mut first = String::new();
        if let Some(stdout) = stdout {
            let _ = BufReader::new(stdout).read_line(&mut first);
        }
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.trim().parse().ok());
        let Some(addr) = addr else {
            return Err(Failure::io(format!(
                "`tourney serve` did not say where it listens (it said {:?})",
                first.trim()
            )));
        };
        server.addr = addr;
        eprintln!("attack: started `tourney serve` on http://{addr} (pid {pid})");
        Ok(server)
    }

    pub fn spawned(&self) -> bool {
        self.child.is_some()
    }

    pub fn pid(&self) -> Option<u32> {
        self.pid
    }

    /// Memory and threads now, if the process is known.
    pub fn sample(&self) -> Sample {
        Server::sample_pid(self.pid)
    }

    /// Memory and threads of process `pid` now.
    pub fn sample_pid(pid: Option<u32>) -> Sample {
        let Some(pid) = pid else {
            return Sample::default();
        };
        let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            return Sample::default();
        };
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        };
        Sample {
            rss_kb: field("VmRSS:"),
            threads: field("Threads:"),
        }
    }

    /// Waits for `/healthz` to answer: a clear error beats a thousand
    /// failed connections.
    pub async fn wait_until_up(&self, base: &str) -> Result<()> {
        let started = Instant::now();
        loop {
            let answer = reqwest::Client::new()
                .get(format!("{base}/healthz"))
                .timeout(Duration::from_secs(5))
                .send()
                .await;
            match answer {
                Ok(a) if a.status().is_success() => return Ok(()),
                _ if started.elapsed() < START && self.spawned() => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Ok(a) => {
                    return Err(Failure::io(format!(
                        "{base}/healthz answers {}",
                        a.status()
                    )));
                }
                Err(e) => return Err(Failure::io(format!("no server at {base}: {e}"))),
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The server's own counters that an attack moves, from `/metrics`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counters {
    pub connections_open: u64,
    pub connections_refused: u64,
    pub bots_stopped: u64,
}

pub async fn counters(base: &str) -> Option<Counters> {
    let text = reqwest::Client::new()
        .get(format!("{base}/metrics"))
        .timeout(Duration::from_secs(5))
        .send()
        .await
        .ok()?
        .text()
        .await
        .ok()?;
    let mut c = Counters::default();
    for (name, v) in metric_values(&text) {
        match name {
            "tourney_connections_open" => c.connections_open = v as u64,
            "tourney_connections_refused_total" => c.connections_refused = v as u64,
            "tourney_bots_stopped_total" => c.bots_stopped = v as u64,
            _ => {}
        }
    }
    Some(c)
}
