//! Keeping the suite from leaving browsers behind.
//!
//! The first line of defence is in `kit.rs`: every WebDriver session is
//! ended when its `Browser` (or, failing that, its `Driver`) is dropped,
//! and chromedriver then quits the browser. This file is the second line:
//! each browser keeps its profile in a folder under this run's own
//! folder, each chromedriver leads a process group of its own, and each
//! chromedriver's environment names this run's folder ([`MARK`]), which
//! every process it starts inherits: Chromium's crash handlers leave the
//! group and never see the profile, but they keep the environment. When
//! the suite ends whatever is still running can be found by what it was
//! started with, counted, and ended by process id (never by name: other
//! Chromiums on the machine are none of the suite's business).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long the browsers get to quit after their sessions end before the
/// count is taken: Chromium shuts its helper processes down after the
/// browser process answers chromedriver.
const GRACE: Duration = Duration::from_secs(15);

/// The environment variable that marks a process as started for this run:
/// its value is the run's folder.
pub const MARK: &str = "TOURNEY_BROWSER_SUITE";

/// This run's profile folder and chromedriver process groups.
pub struct Suite {
    root: PathBuf,
    folder: PathBuf,
    profiles: AtomicUsize,
    groups: Mutex<Vec<u32>>,
}

/// The one `Suite` of this test binary.
pub fn suite() -> &'static Suite {
    static SUITE: OnceLock<Suite> = OnceLock::new();
    SUITE.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-profiles");
        let folder = root.join(format!("run-{}", std::process::id()));
        Suite {
            root,
            folder,
            profiles: AtomicUsize::new(0),
            groups: Mutex::new(Vec::new()),
        }
    })
}

impl Suite {
    /// Ends what earlier runs of the suite left behind when they were
    /// killed before they could clean up (a run whose process is gone),
    /// and makes this run's folder.
    pub fn begin(&self) {
        for entry in std::fs::read_dir(&self.root).into_iter().flatten() {
            let Ok(entry) = entry else { continue };
            let name = entry.file_name();
            let Some(pid) = name.to_str().and_then(|n| n.strip_prefix("run-")) else {
                continue;
            };
            if Path::new("/proc").join(pid).exists() {
                continue; // a run still going, or a pid taken again: not ours to end
            }
            let folder = entry.path();
            let left = started_from(&folder, &[]);
            if !left.is_empty() {
                eprintln!(
                    "browser tests: ending {} processes an earlier run left in {}",
                    left.len(),
                    folder.display()
                );
                end(&left);
            }
            let _ = std::fs::remove_dir_all(&folder);
        }
        std::fs::create_dir_all(&self.folder).expect("the browser profile folder can be made");
    }

    /// This run's folder, the value of [`MARK`].
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// A fresh, empty profile folder for one browser.
    pub fn profile(&self) -> PathBuf {
        let n = self.profiles.fetch_add(1, Ordering::Relaxed);
        let folder = self.folder.join(format!("browser-{n}"));
        std::fs::create_dir_all(&folder).expect("a browser profile folder can be made");
        folder
    }

    /// Remembers a chromedriver's process group (its own process id).
    pub fn add_group(&self, leader: u32) {
        self.groups
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(leader);
    }

    /// Ends the suite: waits a little for browsers that are quitting, ends
    /// whatever is still running from this run's profiles or process
    /// groups, removes the folders, and returns how many processes had to
    /// be ended.
    pub fn end(&self) -> usize {
        let groups = self
            .groups
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let deadline = Instant::now() + GRACE;
        let mut left = started_from(&self.folder, &groups);
        while !left.is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
            left = started_from(&self.folder, &groups);
        }
        if !left.is_empty() {
            end(&left);
            // Gone once the kernel has them: they no longer show as running.
            let deadline = Instant::now() + Duration::from_secs(5);
            while !started_from(&self.folder, &groups).is_empty() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let _ = std::fs::remove_dir_all(&self.folder);
        left.len()
    }
}

/// The processes (other than this one) whose command line or environment
/// names `folder`, or whose process group is one of `groups`.
pub fn started_from(folder: &Path, groups: &[u32]) -> Vec<u32> {
    let folder = folder.to_string_lossy();
    let me = std::process::id();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten() {
        let Ok(entry) = entry else { continue };
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let Some((state, group)) = state_and_group(pid) else {
            continue; // gone since the listing
        };
        if state == "Z" {
            continue; // exited, waiting only to be reaped: nothing runs
        }
        let names = |file: &str| {
            let text = std::fs::read(entry.path().join(file)).unwrap_or_default();
            String::from_utf8_lossy(&text).contains(folder.as_ref())
        };
        let named = names("cmdline") || names("environ");
        if named || groups.contains(&group) {
            found.push(pid);
        }
    }
    found
}

/// A process's state letter and group, from `/proc/<pid>/stat`: the
/// fields after the command name (which may hold spaces) are the state,
/// the parent and the group.
fn state_and_group(pid: u32) -> Option<(String, u32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    let state = fields.next()?.to_string();
    let group = fields.nth(1)?.parse().ok()?;
    Some((state, group))
}

/// Ends processes by id, at once: they are leftovers, with nothing to save.
fn end(pids: &[u32]) {
    let mut kill = Command::new("kill");
    kill.arg("-KILL").arg("--");
    for pid in pids {
        kill.arg(pid.to_string());
    }
    // Some may have exited since they were listed; kill says so and
    // ends the others all the same.
    let _ = kill.stderr(std::process::Stdio::null()).status();
}
