//! The command line, as clap sees it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "tourney",
    version,
    about = "Play, simulate and replay knightly tabletop games.",
    long_about = "Play, simulate and replay knightly tabletop games: Card Joust, Ritter \
                  ohne Furcht und Tadel, Glory: A Game of Knights (with its solo mode \
                  against Otto) and Medieval Mastery, against bots or friends; and work \
                  out their exact odds.\n\n\
                  Start with `tourney games`, read how a game is played with \
                  `tourney rules joust`, then play it with `tourney play joust`."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games, their player counts and their options.
    Games(GamesArgs),
    /// How to play a game, and what its words mean (`tourney rules joust snake`).
    Rules(RulesArgs),
    /// Play a game in the terminal, against bots or friends at one screen.
    Play(PlayArgs),
    /// Simulate many games between bots and report the results.
    Sim(SimArgs),
    /// Check a game record and print the game it holds.
    Replay(ReplayArgs),
    /// Exact odds: a Card Joust pass, a Ritter joust, a Glory clash.
    Odds(crate::commands::odds::OddsArgs),
    /// Run a game server: tables on the net with a JSON API and live streams.
    Serve(ServeArgs),
    /// Load-test a game server: many Card Joust tables played at once over
    /// WebSockets; prints moves per second, latency and memory as JSON.
    #[command(
        long_about = "Load-test a game server, as pgbench does a database: TABLES \
                  Card Joust tables are played at once over the WebSocket API, two \
                  seats each, every seat sending its next random move as soon as the \
                  last one is acknowledged; a finished table is replaced by a new one \
                  until the time is up.\n\n\
                  Without --url a server is started in this process on a temporary \
                  SQLite file (deleted afterwards). Load is only ever sent to this \
                  machine (localhost, 127.x.x.x, [::1]).\n\n\
                  Prints one JSON line: tables, seconds, moves (acknowledged), \
                  moves_per_s, p50_ms and p99_ms (from sending an action to its \
                  acknowledgement), games_done, server_rss_kb."
    )]
    Loadtest(LoadtestArgs),
    /// Attack a game server as a hostile client would, each attack bounded
    /// in count and time, and check that it keeps its promises.
    #[command(
        long_about = "Attack a game server as a hostile client would, and check that it keeps \
                  its promises. The attacks, in order: idle (thousands of idle WebSockets \
                  and NDJSON streams from several addresses), slow (silent, trickling, \
                  cut-off and half-closed connections), frames (garbage and protocol-breaking \
                  WebSocket frames), floods (illegal moves, made-up tokens, table creation), \
                  tokens (tokens used at other tables and for other seats), races (identical \
                  moves and joins at once, keyed requests replayed) and bots (tables of \
                  costly bots). Each runs for a few seconds while an honest client plays a \
                  Card Joust table and opens new connections beside it.\n\n\
                  After each attack it checks: the honest client's moves and new \
                  connections kept their p99 latency under --max-p99-ms and none was \
                  refused; the server's memory grew by at most 64 MiB plus 96 KiB per \
                  connection held and its threads by at most 24; every connection was let \
                  go within 10 s of the attack's end; every refusal was the documented one \
                  and no answer was a 5xx; nothing was applied twice.\n\n\
                  Without --url it starts `tourney serve` as a child process on a \
                  temporary SQLite file, with the default limits and a 3-second header \
                  timeout, and stops it afterwards. Attacks are only ever sent to this \
                  machine. The tables of costly bots keep playing on a server given by \
                  --url until it stops.\n\n\
                  Prints one JSON line with every attack's counts and figures; exits 1 if \
                  a promise broke (listed under `broken`), 2 on bad arguments."
    )]
    Attack(AttackArgs),
}

/// How big each attack is.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum AttackScale {
    /// 2,000 idle connections from 10 addresses and hundreds of others,
    /// 4 s an attack: about a minute in all.
    Small,
    /// Thousands of connections from 20 addresses, 15 s an attack.
    Full,
}

#[derive(Args, Debug)]
pub struct AttackArgs {
    /// The server to attack, on this machine (`http://127.0.0.1:8080`);
    /// without it, a server is started for the run.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// With --url: the server's process id, to check its memory and
    /// threads (from /proc/PID/status).
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,
    /// How big the attacks are.
    #[arg(long, value_enum, default_value_t = AttackScale::Small)]
    pub scale: AttackScale,
    /// How long each attack lasts, in seconds (1 to 120) [default: 4 for
    /// small, 15 for full].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=120))]
    pub seconds: Option<u32>,
    /// Only these attacks, comma-separated (idle, slow, frames, floods,
    /// tokens, races, bots).
    #[arg(long, value_name = "LIST")]
    pub only: Option<String>,
    /// With --url: the server's --header-timeout, in seconds; slow
    /// connections must be closed by then (and a 3-second margin).
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub header_timeout: f64,
    /// The honest client's p99 latency, in milliseconds, that no attack
    /// may push it over.
    #[arg(long, default_value_t = 250.0, value_name = "MS")]
    pub max_p99_ms: f64,
}

#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server to drive, on this machine (`http://127.0.0.1:8080`),
    /// started with `--move-rate 0 --create-rate 0` so its limits do not
    /// cut the run short; without it, a server is started in this process
    /// on a temporary database.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// Tables played at once (1 to 2000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=2000))]
    pub tables: u32,
    /// How long to play, in seconds (1 to 600).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=600))]
    pub seconds: u32,
    /// Before the run, create this many tables that nobody plays (0 to
    /// 10000) and report the server's memory before and after, as
    /// `idle_tables` and `idle_rss_kb`.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub idle_tables: u32,
    /// With --url: the server's process id, to report its memory
    /// (`VmRSS` from /proc/PID/status).
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,
    /// With --url: a second node on the same PostgreSQL database. Every
    /// table's second seat then plays through it, so each move crosses
    /// from one node to the other.
    #[arg(long, value_name = "URL", requires = "url")]
    pub second_url: Option<String>,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Where to listen (`0.0.0.0:8080` to be reachable from other machines).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The database: a SQLite file (created with its folders if missing) or
    /// a PostgreSQL URL (`postgres://user@host/db`). Migrations run by
    /// themselves.
    #[arg(long, default_value = "tourney.db", value_name = "FILE|URL")]
    pub db: String,
    /// Longest a bot may think over one move, in seconds; then its search
    /// is stopped and plays the best move it has found.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub bot_time_limit: f64,
    /// Most bots thinking at once [default: one fewer than the cores, at
    /// least 1]; the others wait their turn.
    #[arg(long, value_name = "N")]
    pub bot_workers: Option<usize>,
    /// Most client connections open at once, WebSockets included [default:
    /// from the open-file limit]; past it new ones are closed on arrival.
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
    /// Most connections one client address may hold; 0 turns the share off
    /// (set 0 behind a reverse proxy, where every client has its address).
    #[arg(long, default_value_t = 256, value_name = "N")]
    pub connections_per_address: usize,
    /// Longest a connection may take to send a request's head, from its
    /// opening or its last answer, in seconds: silent, trickling and idle
    /// keep-alive connections are closed after it.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub header_timeout: f64,
    /// Moves one seat may make per second (a burst of twice as many is
    /// allowed); 0 turns the limit off.
    #[arg(long, default_value_t = 20.0)]
    pub move_rate: f64,
    /// Tables one client address may create per minute (a burst of 20 is
    /// allowed); 0 turns the limit off.
    #[arg(long, default_value_t = 30.0)]
    pub create_rate: f64,
    /// Longest a request may take, from its first byte to the head of the
    /// answer, in seconds; a slower one is answered 408. Streams are not cut.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    pub request_timeout: f64,
    /// Serve component names and texts from a copy of the data files:
    /// DIR/GAME/ holds copies of files from crates/GAME/data/ (only
    /// the ones you change). For designers and translators trying a
    /// renamed card or a reworded effect in the boards; the rules still
    /// play by the built-in data.
    #[arg(long, value_name = "DIR")]
    pub component_data: Option<PathBuf>,
    /// Derive every table's dice from SECRET and the order tables are
    /// created in, so a run of tests or a demonstration plays the same dice
    /// each time. Anyone who knows SECRET can predict every roll: never on
    /// a server strangers play on.
    #[arg(long, value_name = "SECRET")]
    pub fixed_dice: Option<String>,
}

#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Print the list as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The game (see `tourney games`).
    pub game: String,
    /// A word of the game's glossary (`snake`, `flying mount`): print only
    /// its entry. Without it: how to play, then the list of terms.
    #[arg(value_name = "TERM")]
    pub term: Vec<String>,
    /// Game options, a TOML file (or JSON, by extension), as for `tourney
    /// play`: the summary names the table's own values (target points,
    /// days…) instead of the defaults.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game to play (see `tourney games`).
    pub game: String,
    /// Who sits where, in seat order: `you` is a person at this terminal;
    /// `random`, `greedy` and `ismcts[:2000|:200ms]` are bots, weakest to
    /// strongest (the default opponent is the search bot, a real fight).
    /// One seat plays a game's solo mode (Glory: against Otto the automa).
    #[arg(long, default_value = "you,ismcts")]
    pub seats: String,
    /// Ask even when a person has only one possible move (by default such a
    /// forced move is made for them and shown in the log).
    #[arg(long)]
    pub ask_forced: bool,
    /// Seed for the dice and cards (default: taken from the clock and shown).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Game options, a TOML file (or JSON, by extension); unset options keep
    /// their defaults.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Where the dice and cards come from: `sampled` by the computer, or
    /// `manual` — table mode: you type what your physical dice and cards showed.
    #[arg(long, value_enum, default_value_t = ChanceSource::Sampled)]
    pub chance: ChanceSource,
    /// Save the game record here when the game ends or you quit.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChanceSource {
    Sampled,
    Manual,
}

#[derive(Args, Debug)]
pub struct SimArgs {
    /// The game to simulate (see `tourney games`).
    pub game: String,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The bots, in seat order: `random`; `greedy[:N]` (N re-deals, default
    /// 8); `ismcts[:2000|:200ms]` with options `:c=F`, `:leaf=eval|playout`,
    /// `:depth=N`, `:observers=single|multiple`, `:habits=on|off`, `:prior=N`, and
    /// `:sees-all` (a search that cheats by reading hidden cards, for
    /// measuring luck). See docs/bots-design.md.
    #[arg(long, default_value = "random,random")]
    pub seats: String,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the whole run; game i gets its own stream derived from it, so
    /// results do not depend on the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Game options, a TOML file (or JSON, by extension).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write each game's record into this folder.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// A game longer than this many steps is stopped and counted as unfinished.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_steps: usize,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A game record (JSON), as written by `play --record` or `sim --record`.
    pub file: PathBuf,
    /// Print the final spectator view as JSON instead of the readable log.
    #[arg(long)]
    pub json: bool,
    /// Also check that every die and card came from the table's committed
    /// seed: the record must carry a revealed dice seed (a server's `dice`
    /// seal) whose SHA-256 is the commitment published before the game, and
    /// each chance step n must be what the seed's stream n gives. Fails,
    /// naming the step, if not.
    #[arg(long)]
    pub verify: bool,
}
