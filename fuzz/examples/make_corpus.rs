//! Writes the seed corpora of the fuzz targets from real games.
//!
//! ```text
//! cargo run --release --example make_corpus -- fuzz/corpus
//! ```
//!
//! Each game is set up from a random header (game, seats, seed, options:
//! the bytes the targets read), played to its end by the catalog's bots
//! (`greedy` or `random` per seat), with every die and card drawn from a
//! dice seed as a server draws them (`DiceSeed::rng(step)`). The same game
//! is then written three ways:
//!
//! - `corpus/choices/`: the header and one op per step, the index of the
//!   step the bot chose or the seed drew (op 0: "the listed step");
//! - `corpus/json/`: the same with the config-mode byte in front;
//! - `corpus/records/`: the game's record with its revealed dice seal, as
//!   a server writes it, which `tourney replay --verify` accepts; and its
//!   first 12 and 40 steps as records of their own (the latter followed by
//!   a NUL and edit bytes, see `tourney_fuzz::records`).
//!
//! Every file is run through its target before it is written.

use std::path::{Path, PathBuf};
use tourney_core::{DiceSeal, DiceSeed, DynGame, GameRng, ToMove, verify_dice};
use tourney_fuzz::setup::{Setup, games};
use tourney_fuzz::{MAX_STEPS, Reader};

/// Games per game kind, with the bots at the table.
const PLAN: &[(usize, &str)] = &[
    (0, "greedy"),
    (0, "random"),
    (0, "greedy"),
    (1, "greedy"),
    (1, "random"),
    (1, "greedy"),
    (2, "greedy"),
    (2, "random"),
    (2, "greedy"),
    (3, "greedy"),
    (3, "random"),
    (3, "greedy"),
];

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "corpus".into()));
    for dir in ["choices", "json", "records"] {
        std::fs::create_dir_all(out.join(dir)).expect("create the corpus folders");
    }
    let mut total = 0;
    for (n, &(game, bot)) in PLAN.iter().enumerate() {
        let mut rng = GameRng::seed_from_u64(0x5eed_0000 + n as u64);
        let (header, setup) = header(game, &mut rng);
        let name = games()[game].kit.name();
        let label = format!("{name}-{}p-{bot}-{n}", setup.seats);
        let (ops, record) = play(&setup, bot, &mut rng);
        let choices: Vec<u8> = [header.as_slice(), &ops].concat();
        let json: Vec<u8> = [&[0u8][..], &header, &ops].concat();
        let record_text = serde_json::to_string(&record).expect("records serialize");
        tourney_fuzz::choices::run(&choices);
        tourney_fuzz::json::run(&json);
        tourney_fuzz::records::run(record_text.as_bytes());
        let kit = games()[game].kit;
        let audit = verify_dice(&kit.entry, &record).expect("a sealed game verifies");
        write(&out, "choices", &label, &choices);
        write(&out, "json", &label, &json);
        write(
            &out,
            "records",
            &format!("{label}.json"),
            record_text.as_bytes(),
        );
        total += choices.len() + json.len() + record_text.len();
        // Its opening steps as a record of their own (still sealed: a
        // server's record of a game in progress, once the seed is out), so
        // the records target has short real inputs to mutate; one of them
        // with edit bytes after a NUL (see the target).
        for keep in [12, 40] {
            let mut head = record.clone();
            head.steps.truncate(keep);
            head.outcome = None;
            let mut text = serde_json::to_string(&head)
                .expect("records serialize")
                .into_bytes();
            tourney_fuzz::records::run(&text);
            if keep == 40 {
                text.push(0);
                text.extend((0..24).map(|_| rng.next_u32() as u8));
                tourney_fuzz::records::run(&text);
            }
            write(&out, "records", &format!("{label}-first{keep}.json"), &text);
            total += text.len();
        }
        println!(
            "{label}: {} steps ({} chance), outcome {:?}, config {}",
            record.steps.len(),
            audit.chance_steps,
            record.outcome.map(|o| o.winners.to_string()),
            setup.config
        );
    }
    println!("{total} bytes written under {}", out.display());
}

/// A random header for `game` (the bytes `Setup::read` consumes, no more)
/// and the setup it reads as.
fn header(game: usize, rng: &mut GameRng) -> (Vec<u8>, Setup) {
    let mut bytes: Vec<u8> = (0..64).map(|_| rng.next_u32() as u8).collect();
    bytes[0] = game as u8;
    // Always note a seed, as the CLI and the server do.
    bytes[2] |= 1;
    let mut r = Reader::new(&bytes);
    let setup = Setup::read(&mut r);
    let used = bytes.len() - r.remaining();
    bytes.truncate(used);
    (bytes, setup)
}

/// Plays the game to its end; returns the ops that replay it and its
/// sealed record.
fn play(setup: &Setup, bot: &str, rng: &mut GameRng) -> (Vec<u8>, tourney_core::GameRecord) {
    let kit = games()[setup.game].kit;
    let mut game: Box<dyn DynGame> = (kit.entry.create)(&setup.config, setup.names(), setup.seed)
        .expect("the header's options are valid");
    let spec = tourney_table::seats::parse_bot(bot).expect("a known bot");
    let mut bots: Vec<_> = (0..setup.seats)
        .map(|s| (kit.new_bot)(&spec, rng.next_u64() ^ s as u64))
        .collect();
    let mut seed_bytes = [0u8; 32];
    for b in &mut seed_bytes {
        *b = rng.next_u32() as u8;
    }
    let dice = DiceSeed::from_bytes(seed_bytes);
    let mut ops = Vec::new();
    // Leave room for the fuzzer: a quarter of the step bound at most.
    while game.steps_taken() < MAX_STEPS / 4 {
        match game.to_move() {
            ToMove::Over(_) => break,
            ToMove::Seats(on) => {
                let position = rng.below(on.len() as u32) as usize;
                let seat = on.iter().nth(position).expect("a seat on move");
                let action = bots[seat.index()]
                    .choose(game.as_ref(), seat)
                    .expect("the bot finds a move");
                let index = game
                    .legal_actions(seat)
                    .iter()
                    .position(|a| *a == action)
                    .expect("the bot's move is listed");
                game.apply_index(seat, index).expect("a listed action");
                ops.push(0);
                ops.push(position as u8);
                ops.extend_from_slice(&(index as u16).to_le_bytes());
            }
            ToMove::Chance => {
                let outcomes = game.chance_outcomes();
                let step = game.steps_taken() as u64 + 1;
                let index = dice
                    .rng(step)
                    .pick_weighted(&outcomes)
                    .expect("a chance step lists outcomes");
                game.apply_chance_index(index).expect("a listed outcome");
                ops.push(0);
                ops.extend_from_slice(&(index as u16).to_le_bytes());
            }
        }
    }
    let mut record = game.record();
    record.dice = Some(DiceSeal::revealed(&dice));
    (ops, record)
}

fn write(out: &Path, target: &str, name: &str, bytes: &[u8]) {
    std::fs::write(out.join(target).join(name), bytes).expect("write a corpus file");
}
