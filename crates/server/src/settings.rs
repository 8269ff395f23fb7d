//! What an operator may tune, with defaults that suit one small server.

use crate::component_data::ComponentData;
use std::time::Duration;

/// A token bucket's shape: so many per second, so many at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// Tokens added back each second: the rate kept up in the long run.
    pub per_second: f64,
    /// Most tokens a bucket holds, and how many a new bucket starts with:
    /// how many may come at once after a quiet spell.
    pub burst: f64,
}

impl Rate {
    /// No limit at all: every request is let through.
    pub const UNLIMITED: Rate = Rate {
        per_second: f64::INFINITY,
        burst: f64::INFINITY,
    };
}

/// How a server behaves: its time limits, rate limits and size limits.
/// `Settings::default()` suits one small public server; `tourney serve`
/// sets some of these from its flags.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Longest a bot may think over one move, from when it gets a
    /// thinker: then its search is stopped and plays the best move it has
    /// found (a bot that cannot answer even then moves at random), so a
    /// table never hangs on a bot.
    pub bot_time_limit: Duration,
    /// A table nobody has touched or watched for this long leaves memory;
    /// the next request loads it again from its steps.
    pub idle_unload: Duration,
    /// The same for a finished table: nothing more will happen at it, and
    /// a busy server finishes games by the dozen, so it goes sooner.
    pub finished_unload: Duration,
    /// Moves one seat may make.
    pub move_rate: Rate,
    /// Tables one client address may create.
    pub create_rate: Rate,
    /// Thinking time a table's bots may spend, in seconds per second of
    /// the clock and seconds at once: a costly bot spec plays weaker once
    /// its table has spent its share, rather than take the cores.
    pub bot_budget: Rate,
    /// Largest request body, in bytes.
    pub body_limit: usize,
    /// Largest WebSocket message from a client, in bytes.
    pub ws_message_limit: usize,
    /// A connection that sends nothing (no message, no pong) this long is closed.
    pub idle_connection: Duration,
    /// How long a request may take before it is answered with a timeout.
    pub request_timeout: Duration,
    /// How long a connection may take to send a request's head, from its
    /// opening or from its last answer (so also how long an idle
    /// keep-alive connection stays open).
    pub header_timeout: Duration,
    /// Most client connections open at once, WebSockets included; `None`:
    /// from the process's open-file limit (listen.rs).
    pub max_connections: Option<usize>,
    /// Most connections one client address may hold (0: no share). Behind
    /// a reverse proxy every client has the proxy's address: set 0 there
    /// and let the proxy share.
    pub connections_per_address: usize,
    /// Most bots thinking at once on this node; `None`: one fewer than
    /// the cores (at least one), leaving a core for requests. A bot waits
    /// for a free thinker, first come first served.
    pub bot_workers: Option<usize>,
    /// Components read from a designer's copy of the data files
    /// (`--component-data`), served instead of the built-in ones.
    pub component_data: ComponentData,
    /// Tables' dice seeds derived from this secret and the order tables
    /// are created in (`--fixed-dice`), instead of drawn from the system:
    /// for tests and demonstrations that must play the same game each run.
    /// Anyone who knows it can predict every die, so a public server never
    /// sets it.
    pub fixed_dice: Option<FixedDice>,
}

/// Dice seeds that repeat from run to run: the `n`th table created gets
/// SHA-256 of the secret, a colon and `n`.
#[derive(Debug, Clone)]
pub struct FixedDice {
    secret: String,
    created: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl FixedDice {
    /// Seeds derived from `secret`, counting tables from 1.
    pub fn new(secret: impl Into<String>) -> FixedDice {
        FixedDice {
            secret: secret.into(),
            created: Default::default(),
        }
    }

    /// The next table's seed.
    pub fn next_seed(&self) -> [u8; 32] {
        use sha2::Digest;
        let n = 1 + self
            .created
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        sha2::Sha256::digest(format!("{}:{n}", self.secret)).into()
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bot_time_limit: Duration::from_secs(10),
            idle_unload: Duration::from_secs(600),
            finished_unload: Duration::from_secs(30),
            move_rate: Rate {
                per_second: 20.0,
                burst: 40.0,
            },
            create_rate: Rate {
                per_second: 0.5,
                burst: 20.0,
            },
            bot_budget: Rate {
                per_second: 0.5,
                burst: 30.0,
            },
            body_limit: 64 * 1024,
            ws_message_limit: 16 * 1024,
            idle_connection: Duration::from_secs(300),
            request_timeout: Duration::from_secs(30),
            header_timeout: Duration::from_secs(10),
            max_connections: None,
            connections_per_address: 256,
            bot_workers: None,
            component_data: ComponentData::new(),
            fixed_dice: None,
        }
    }
}

impl Settings {
    /// No rate limits and no per-address share of connections: for load
    /// tests and trusted programs, which come from one address.
    pub fn unlimited() -> Settings {
        Settings {
            move_rate: Rate::UNLIMITED,
            create_rate: Rate::UNLIMITED,
            connections_per_address: 0,
            ..Settings::default()
        }
    }
}

/// A token bucket: refills continuously, spends one per request.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    last: std::time::Instant,
}

impl Bucket {
    pub fn new(rate: Rate) -> Bucket {
        Bucket {
            tokens: rate.burst,
            last: std::time::Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, rate: Rate) -> bool {
        if rate.per_second.is_infinite() {
            return true;
        }
        self.refill(rate);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// The tokens there are now (infinite for an unlimited rate).
    pub fn available(&mut self, rate: Rate) -> f64 {
        self.refill(rate);
        self.tokens
    }

    /// Spends `amount` tokens, going into debt if need be: a search
    /// stopped a little late is paid for by the next one.
    pub fn spend(&mut self, amount: f64) {
        self.tokens -= amount;
    }

    fn refill(&mut self, rate: Rate) {
        let now = std::time::Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * rate.per_second;
        self.tokens = (self.tokens + refill).min(rate.burst);
        self.last = now;
    }
}
