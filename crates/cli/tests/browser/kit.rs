//! What the browser tests stand on: a real `tourney serve` on a free
//! loopback port with a fresh SQLite file, Debian's Chromium driven through
//! `chromedriver` (WebDriver), and a few page helpers.
//!
//! Chromium is never downloaded: the tests use the `chromium` and
//! `chromium-driver` packages, installing them with apt-get when they are
//! missing and the tests run as root, and otherwise stop with one line
//! naming the packages.
//!
//! Every browser is closed through WebDriver when its test ends, passed
//! or failed: dropping a [`Browser`] ends its session, and dropping the
//! [`Driver`] ends any session still open before chromedriver goes.
//! `leftovers.rs` catches whatever escapes that.

use crate::leftovers::{MARK, suite};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
/// How many clicks apart `play_to_end` runs the accessibility scan.
const SCAN_EVERY: usize = 40;
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Where screenshots go: `target/browser-artifacts/`, or the folder in
/// `TOURNEY_SCREENSHOTS` (used to refresh `docs/screenshots/`).
pub fn artifacts() -> PathBuf {
    let dir = std::env::var_os("TOURNEY_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-artifacts")
        });
    std::fs::create_dir_all(&dir).expect("the artefact folder can be made");
    dir
}

/// Makes sure Chromium and its driver are here, installing Debian's
/// packages when possible. Runs once per test binary.
fn ensure_chromium() {
    static CHECKED: Mutex<bool> = Mutex::new(false);
    let mut checked = CHECKED.lock().unwrap_or_else(|e| e.into_inner());
    if *checked {
        return;
    }
    if !(Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists()) {
        let root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
        let apt = Path::new("/usr/bin/apt-get").exists();
        assert!(
            root && apt,
            "the browser tests need Chromium: install Debian's packages `chromium` and `chromium-driver`"
        );
        eprintln!("browser tests: installing Debian's chromium and chromium-driver");
        let install = || {
            Command::new("apt-get")
                .args(["install", "-y", "-q", "chromium", "chromium-driver"])
                .env("DEBIAN_FRONTEND", "noninteractive")
                .status()
                .is_ok_and(|s| s.success())
        };
        let ok = install()
            || (Command::new("apt-get")
                .args(["update", "-q"])
                .status()
                .is_ok()
                && install());
        assert!(
            ok,
            "the browser tests need Chromium, and `apt-get install chromium chromium-driver` failed"
        );
    }
    *checked = true;
}

/// axe-core's script, from the npm package at the version
/// `package-lock.json` pins (a test-only dependency: the server never serves
/// it). A checkout without `node_modules` gets it with `npm ci`, as the
/// CI script does before the tests.
fn axe_core() -> String {
    static SCRIPT: Mutex<Option<String>> = Mutex::new(None);
    let mut script = SCRIPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(text) = script.as_ref() {
        return text.clone();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let file = root.join("node_modules/axe-core/axe.min.js");
    if !file.exists() {
        eprintln!("browser tests: installing the npm packages (axe-core) with `npm ci`");
        let installed = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(&root)
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            installed,
            "the accessibility scan needs axe-core: `npm ci` in the repository failed"
        );
    }
    let text = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", file.display()));
    *script = Some(text.clone());
    text
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

/// A `tourney serve` of its own, on a fresh SQLite file.
pub struct Site {
    child: Child,
    /// `http://127.0.0.1:<port>`, without a trailing slash.
    pub base: String,
    port: u16,
    dir: tempfile::TempDir,
    /// Flags given to `tourney serve` beside the address and database.
    flags: Vec<String>,
}

impl Site {
    /// Starts the server on a free port.
    pub fn start() -> Site {
        Site::start_with(&[])
    }

    /// Starts the server on a free port with more flags. Its tables' dice
    /// are fixed (`--fixed-dice`), so each test plays the same dice and
    /// the bots (seeded from the dice) the same moves in every run.
    pub fn start_with(flags: &[&str]) -> Site {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let flags: Vec<String> = ["--fixed-dice", "browser-tests"]
            .iter()
            .chain(flags)
            .map(|f| f.to_string())
            .collect();
        let (child, port) = serve(dir.path(), 0, &flags);
        Site {
            child,
            base: format!("http://127.0.0.1:{port}"),
            port,
            dir,
            flags,
        }
    }

    /// Stops the server as Ctrl-C would and starts it again on the same
    /// port and database: what a player meets when the server restarts.
    pub fn restart(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
        let (child, _) = serve(self.dir.path(), self.port, &self.flags);
        self.child = child;
    }

    /// A JSON API call with an optional seat token.
    pub async fn api(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> Value {
        let client = reqwest::Client::new();
        let url = format!("{}{path}", self.base);
        let mut request = match method {
            "POST" => client.post(url),
            _ => client.get(url),
        };
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the server answers");
        response.json().await.expect("the server answers JSON")
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(dir: &Path, port: u16, flags: &[String]) -> (Child, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(dir.join("tourney.db"))
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("tourney serve starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("tourney serve prints its address");
    let port = first
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in the server's first line: {first:?}"));
    (child, port)
}

/// `chromedriver` on a free port; each [`Driver::browser`] is a browser of
/// its own, with its own profile (so its own localStorage).
pub struct Driver {
    child: Child,
    url: String,
    /// The sessions not yet ended, shared with their [`Browser`]s.
    open: Arc<Mutex<Vec<String>>>,
}

impl Driver {
    /// Starts chromedriver and waits until it answers.
    pub async fn start() -> Driver {
        ensure_chromium();
        let port = free_port();
        // A process group of its own and a mark in its environment: the
        // browsers it starts inherit both, so the suite can find them even
        // if they outlive chromedriver.
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .process_group(0)
            .env(MARK, suite().folder())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        suite().add_group(child.id());
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while reqwest::get(format!("{url}/status")).await.is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not answer in 20 s"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Driver {
            child,
            url,
            open: Arc::default(),
        }
    }

    /// A new headless Chromium at desktop size.
    pub async fn browser(&self) -> Browser {
        let profile = suite().profile();
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("chrome"));
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": CHROMIUM,
                // Without the background-networking flags Chromium keeps
                // trying hosts this closed network refuses. The profile
                // folder marks every process of this browser as the
                // suite's (see leftovers.rs).
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--disable-background-networking", "--disable-component-update",
                         "--disable-sync", "--no-first-run", "--disable-quic",
                         "--window-size=1280,900", "--lang=en",
                         format!("--user-data-dir={}", profile.display())],
            }),
        );
        caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a Chromium session");
        let id = client
            .session_id()
            .await
            .ok()
            .flatten()
            .expect("the new session's id");
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(id.clone());
        Browser {
            client,
            board_clicks: AtomicUsize::new(0),
            _session: Session {
                driver: self.url.clone(),
                id,
                open: self.open.clone(),
            },
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let open = std::mem::take(&mut *self.open.lock().unwrap_or_else(|e| e.into_inner()));
        for id in open {
            end_session(&self.url, &id);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser's WebDriver session, ended when the [`Browser`] is dropped:
/// chromedriver then quits that Chromium. (fantoccini would end it from
/// a task of the test's runtime, which is gone by then.)
struct Session {
    driver: String,
    id: String,
    open: Arc<Mutex<Vec<String>>>,
}

impl Drop for Session {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        // The driver may have ended it already.
        if let Some(at) = open.iter().position(|id| *id == self.id) {
            open.remove(at);
            drop(open);
            end_session(&self.driver, &self.id);
        }
    }
}

/// Ends a WebDriver session and waits for chromedriver's answer, which
/// comes once the browser has quit. Drop runs inside the test's runtime,
/// which cannot block on itself, so the request goes from a thread with a
/// runtime of its own.
fn end_session(driver: &str, id: &str) {
    let url = format!("{driver}/session/{id}");
    let ended = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        runtime.block_on(async {
            let response = reqwest::Client::new()
                .delete(&url)
                .timeout(Duration::from_secs(30))
                .send()
                .await
                .map_err(|e| e.to_string())?;
            match response.status().is_success() {
                true => Ok(()),
                false => Err(format!("chromedriver answered {}", response.status())),
            }
        })
    })
    .join();
    // No panic here: this may run while a failed test unwinds, and the
    // suite's own check counts any browser that did not quit.
    match ended {
        Ok(Ok(())) => {}
        Ok(Err(e)) => eprintln!("browser tests: ending session {id}: {e}"),
        Err(_) => eprintln!("browser tests: ending session {id} panicked"),
    }
}

/// A command fantoccini has no method for: Chromium's DevTools protocol
/// and its console log, both through chromedriver's own endpoints.
#[derive(Debug)]
struct Raw {
    path: &'static str,
    body: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Raw {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// One browser, with the page helpers the tests share.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    /// See `board_clicks()`.
    board_clicks: AtomicUsize,
    /// Ends the session when the browser is dropped (held for its Drop).
    _session: Session,
}

impl Browser {
    /// Opens `url` and waits for the client to draw its first screen.
    pub async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("the page opens");
        self.wait_for("header.site").await;
    }

    /// Runs a DevTools command.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Raw {
                path: "goog/cdp/execute",
                body: json!({"cmd": cmd, "params": params}),
            })
            .await
            .unwrap_or_else(|e| panic!("DevTools {cmd}: {e}"))
    }

    /// Keeps every text the page receives over a WebSocket or `fetch` in
    /// `window.__received`, from the next page load on.
    pub async fn record_messages(&self) {
        let script = r#"
            window.__received = [];
            const Socket = window.WebSocket;
            window.WebSocket = function (...args) {
              const socket = new Socket(...args);
              socket.addEventListener('message', (e) => window.__received.push(String(e.data)));
              return socket;
            };
            window.WebSocket.prototype = Socket.prototype;
            Object.assign(window.WebSocket, { OPEN: 1, CLOSED: 3, CONNECTING: 0, CLOSING: 2 });
            const get = window.fetch;
            window.fetch = async (...args) => {
              const response = await get(...args);
              response.clone().text().then((t) => window.__received.push(t));
              return response;
            };"#;
        self.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({"source": script}),
        )
        .await;
    }

    /// What the page recorded since [`Browser::record_messages`].
    pub async fn received(&self) -> Vec<String> {
        let value = self.run("return window.__received || [];").await;
        serde_json::from_value(value).unwrap_or_default()
    }

    /// Errors in the browser's console since the last call.
    pub async fn console_errors(&self) -> Vec<String> {
        let log = self
            .client
            .issue_cmd(Raw {
                path: "se/log",
                body: json!({"type": "browser"}),
            })
            .await
            .expect("chromedriver's browser log");
        log.as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Milliseconds from the start of this page's navigation until `css`
    /// is in the page: watched in the page itself, so no polling delay is
    /// counted (if it is already there, the time of asking, an upper bound).
    pub async fn drawn_at(&self, css: &str) -> f64 {
        let script = "const [css, done] = arguments;
            const seen = () => document.querySelector(css);
            if (seen()) return done(performance.now());
            new MutationObserver((_, o) => {
                if (seen()) { o.disconnect(); done(performance.now()); }
            }).observe(document, { subtree: true, childList: true });";
        let ms = self
            .client
            .execute_async(script, vec![json!(css)])
            .await
            .unwrap_or_else(|e| panic!("`{css}` was not drawn: {e}"));
        ms.as_f64().expect("a time in ms")
    }

    /// How many of the clicks `click_an_action` made were on a board's own
    /// buttons rather than in the word list.
    pub fn board_clicks(&self) -> usize {
        self.board_clicks.load(Ordering::Relaxed)
    }

    /// Runs a script in the page and returns its value.
    pub async fn run(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Waits (up to 20 s) for an element to appear.
    pub async fn wait_for(&self, css: &str) -> Element {
        let found = self
            .client
            .wait()
            .at_most(Duration::from_secs(20))
            .for_element(Locator::Css(css))
            .await;
        match found {
            Ok(element) => element,
            Err(e) => {
                // What the page showed instead is the first clue.
                self.screenshot("failure").await;
                let text = self.run("return document.body.innerText;").await;
                panic!(
                    "`{css}` did not appear: {e}; the page says:\n{}",
                    text.as_str().unwrap_or_default()
                )
            }
        }
    }

    /// The text of an element, once it appears.
    pub async fn text(&self, css: &str) -> String {
        self.wait_for(css).await.text().await.unwrap_or_default()
    }

    /// Waits (up to 20 s) until an element's text is `want`.
    pub async fn wait_for_text(&self, css: &str, want: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = self.text(css).await;
            if text == want {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "`{css}` says {text:?}, not {want:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Types into a field, replacing what it held.
    pub async fn fill(&self, css: &str, text: &str) {
        let field = self.wait_for(css).await;
        field.clear().await.expect("the field clears");
        field.send_keys(text).await.expect("typing works");
    }

    /// Picks an option of a `<select>` by its value.
    pub async fn choose(&self, css: &str, value: &str) {
        let select = self.wait_for(css).await;
        select
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("`{css}` has no option {value}: {e}"));
    }

    /// Clicks an element.
    pub async fn click(&self, css: &str) {
        self.wait_for(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("`{css}` cannot be clicked: {e}"));
    }

    /// Makes the viewport a desktop's or a phone's, as a device would.
    pub async fn viewport(&self, width: u32, height: u32) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}),
        )
        .await;
    }

    /// Saves a screenshot as `<name>.png` among the artefacts.
    pub async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.expect("a screenshot");
        std::fs::write(artifacts().join(format!("{name}.png")), png)
            .expect("the screenshot is saved");
    }

    /// Saves what the page says (its text, as a reader gets it) as
    /// `<name>.txt` among the artefacts, beside the screenshots: what a
    /// newcomer's reading of the page is checked against.
    pub async fn save_text(&self, name: &str) {
        let text = self.run("return document.body.innerText;").await;
        std::fs::write(
            artifacts().join(format!("{name}.txt")),
            text.as_str().unwrap_or_default(),
        )
        .expect("the page's text is saved");
    }

    /// Saves what a newcomer can read on the page as `<name>-reading.txt`:
    /// the whole page with "How to play" opened (its summary and glossary),
    /// then each word the board explains on hover or tap, with the
    /// glossary entry it names and the effect text it adds.
    pub async fn save_reading(&self, name: &str) {
        let reading = self
            .run(
                r#"if (document.querySelector('[data-turn=over]')) return null;
                 const rules = document.querySelector('details.rules');
                 const was = rules ? rules.open : false;
                 if (rules) rules.open = true;
                 const page = document.body.innerText;
                 if (rules) rules.open = was;
                 const marked = [...document.querySelectorAll('.board [data-term], .board [data-tip], .board [title]')]
                   .map((e) => `${e.textContent.trim().replace(/\s+/g, ' ').slice(0, 60)} -> ${[
                     e.dataset.term ? `glossary: ${e.dataset.term}` : '',
                     e.dataset.tip ? `effect: ${e.dataset.tip}` : '',
                     e.getAttribute('title') ? `title: ${e.getAttribute('title')}` : ''].filter(Boolean).join('; ')}`);
                 return `${page}\n\n== Words the board explains on hover or tap ==\n${[...new Set(marked)].join('\n')}`;"#,
            )
            .await;
        // A game that ended meanwhile (a bot's moves land at any time)
        // keeps the reading saved while it was in play.
        let Some(reading) = reading.as_str() else {
            return;
        };
        std::fs::write(artifacts().join(format!("{name}-reading.txt")), reading)
            .expect("the page's reading is saved");
    }

    /// Runs axe-core on the page and returns its critical and serious
    /// violations, one line each.
    pub async fn accessibility_problems(&self) -> Vec<String> {
        if !self
            .run("return !!window.axe;")
            .await
            .as_bool()
            .unwrap_or(false)
        {
            self.run(&axe_core()).await;
        }
        let result = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 axe.run(document, {resultTypes: ['violations']}).then(
                   (r) => done(r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
                     .map((v) => `${v.impact}: ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)),
                   (e) => done([`axe failed: ${e}`]));",
                vec![],
            )
            .await
            .expect("axe-core runs");
        serde_json::from_value(result).unwrap_or_default()
    }

    /// How wide the page is laid out: wider than the viewport means the
    /// page scrolls sideways.
    pub async fn page_width(&self) -> u64 {
        self.run("return document.documentElement.scrollWidth;")
            .await
            .as_u64()
            .unwrap_or(0)
    }

    /// Plays this browser's seat to the end by clicking offered actions,
    /// a pseudo-random one each time (fixed seed), with an accessibility
    /// scan every `SCAN_EVERY` clicks. Returns the number of clicks made.
    pub async fn play_to_end(&self, seed: u64, max_clicks: usize) -> usize {
        let mut rng = seed;
        let mut clicks = 0;
        let started = Instant::now();
        loop {
            if self.is_over().await {
                return clicks;
            }
            if self.click_an_action(&mut rng).await {
                clicks += 1;
                assert!(clicks <= max_clicks, "no end after {max_clicks} clicks");
                // The board changes with the game, so one scan at the start
                // would miss the panels only some phases draw.
                if clicks % SCAN_EVERY == 0 {
                    let problems = self.accessibility_problems().await;
                    assert!(problems.is_empty(), "after {clicks} clicks: {problems:#?}");
                }
            } else {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            assert!(
                started.elapsed() < Duration::from_secs(600),
                "the game did not end within 10 minutes ({clicks} clicks)"
            );
        }
    }

    /// Whether the page shows the end of the game.
    pub async fn is_over(&self) -> bool {
        self.run("return !!document.querySelector('[data-turn=over]');")
            .await
            .as_bool()
            .unwrap_or(false)
    }

    /// Clicks one of the enabled actions, in the word list or drawn on the
    /// board, if there is one: the boards' own buttons are played too, so
    /// a board that sends the wrong action shows up as a game gone wrong.
    pub async fn click_an_action(&self, rng: &mut u64) -> bool {
        let listed = self.enabled("ol.actions button.action").await;
        let drawn = self.enabled(".board button.act-target").await;
        // A xorshift step: a fixed sequence of choices, so a failure
        // repeats, without tying the test to any one game's first action.
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        // Every other pick goes to the board when it offers anything, so
        // its buttons are played even where the list is longer.
        let on_board = !drawn.is_empty() && (*rng >> 32).is_multiple_of(2);
        let from = if on_board { &drawn } else { &listed };
        if from.is_empty() {
            return false;
        }
        let pick = &from[(*rng % from.len() as u64) as usize];
        // The page may redraw between finding and clicking; the next
        // round finds it again.
        let clicked = pick.click().await.is_ok();
        if clicked && on_board {
            self.board_clicks.fetch_add(1, Ordering::Relaxed);
        }
        clicked
    }

    /// The enabled buttons `css` finds (none when the page is redrawing).
    async fn enabled(&self, css: &str) -> Vec<Element> {
        let css = format!("{css}:not([disabled])");
        self.client
            .find_all(Locator::Css(&css))
            .await
            .unwrap_or_default()
    }
}
