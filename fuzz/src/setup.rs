//! Which game, how many seats, which options: read from the first bytes of
//! an input, always valid for the game's `GameInfo` and option checks.

use crate::Reader;
use crate::check::Probe;
use serde_json::{Map, Value, json};

/// A game to fuzz: its catalog kit (entry, bots) and its typed probe.
pub struct Fuzzed {
    /// The catalog entry, as the CLI and the server find it.
    pub kit: tourney_table::GameKit,
    /// Typed checks of the `Session<G>` behind a `DynGame`.
    pub probe: Probe,
    /// Valid options for a table of `seats`, from fuzz bytes.
    pub config: fn(&mut Reader<'_>, usize) -> Value,
}

/// The four games, in catalog order (the first input byte picks one).
pub fn games() -> [Fuzzed; 4] {
    let kits = tourney_table::catalog::all();
    let [joust, ritter, glory, mastery] = kits;
    [
        Fuzzed {
            kit: joust,
            probe: Probe::of::<tourney_joust::CardJoust>(),
            config: joust_config,
        },
        Fuzzed {
            kit: ritter,
            probe: Probe::of::<tourney_ritter::Ritter>(),
            config: ritter_config,
        },
        Fuzzed {
            kit: glory,
            probe: Probe::of::<tourney_glory::Glory>(),
            config: glory_config,
        },
        Fuzzed {
            kit: mastery,
            probe: Probe::of::<tourney_mastery::Mastery>(),
            config: mastery_config,
        },
    ]
}

/// A game set up from the head of an input.
pub struct Setup {
    /// Index into [`games`].
    pub game: usize,
    /// Seats at the table, within the game's limits.
    pub seats: usize,
    /// The options, valid for that many seats.
    pub config: Value,
    /// The seed noted in the record.
    pub seed: Option<u64>,
}

impl Setup {
    /// Reads a setup: game byte, seat byte, seed byte (+8 when present),
    /// then the game's option bytes.
    pub fn read(r: &mut Reader<'_>) -> Setup {
        let all = games();
        let game = r.below(all.len());
        let info = all[game].kit.entry.info;
        let seats = info.min_seats + r.below(info.max_seats - info.min_seats + 1);
        let seed = if r.bool() { Some(r.u64()) } else { None };
        let config = (all[game].config)(r, seats);
        Setup {
            game,
            seats,
            config,
            seed,
        }
    }

    /// The seat names the record writes (`p1`, `p2`, …).
    pub fn names(&self) -> Vec<String> {
        names(self.seats)
    }
}

/// Seat names for a table of `seats`.
pub fn names(seats: usize) -> Vec<String> {
    (1..=seats).map(|i| format!("p{i}")).collect()
}

/// Options, each present only when its flag bit is set, so the empty
/// input gives `{}` (the standard game).
fn pick<T: Copy>(r: &mut Reader<'_>, of: &[T]) -> T {
    of[r.below(of.len())]
}

fn joust_config(r: &mut Reader<'_>, _seats: usize) -> Value {
    let flags = r.u8();
    let mut c = Map::new();
    if flags & 1 != 0 {
        c.insert("knights_per_player".into(), json!(1 + r.below(4)));
    }
    if flags & 2 != 0 {
        let target = pick(r, &[1u16, 3, 8, 21, 30, 60]);
        c.insert("target_points".into(), json!(target));
    }
    if flags & 4 != 0 {
        let t = pick(r, &[1u16, 5, 10, 25, 40, 100]);
        c.insert("points_threshold".into(), json!(t));
    }
    if flags & 8 != 0 {
        let mut s = Map::new();
        for key in ["head", "body", "arm", "shield"] {
            if r.bool() {
                s.insert(key.into(), json!(pick(r, &[0u8, 1, 2, 4, 7, 50])));
            }
        }
        c.insert("scoring".into(), Value::Object(s));
    }
    if flags & 16 != 0 {
        c.insert("fourth_minor_becomes_major".into(), json!(r.bool()));
    }
    Value::Object(c)
}

fn ritter_config(r: &mut Reader<'_>, _seats: usize) -> Value {
    let flags = r.u8();
    let mut c = Map::new();
    if flags & 1 != 0 {
        c.insert("days".into(), json!(1 + r.below(10)));
    }
    if flags & 2 != 0 {
        c.insert("wound_penalty".into(), json!(r.bool()));
    }
    if flags & 4 != 0 {
        c.insert("ladies".into(), json!(r.bool()));
    }
    Value::Object(c)
}

fn glory_config(r: &mut Reader<'_>, seats: usize) -> Value {
    let flags = r.u8();
    let mut c = Map::new();
    if flags & 1 != 0 {
        let kinds = ["pas_d_armes", "joust_a_plaisance"];
        let t: Vec<&str> = (0..3).map(|_| pick(r, &kinds)).collect();
        c.insert("tournaments".into(), json!(t));
    }
    if flags & 2 != 0 {
        let v = pick(r, &["fixed", "between_rounds"]);
        c.insert("tournament_choice".into(), json!(v));
    }
    if flags & 4 != 0 {
        c.insert("trophies".into(), json!(pick(r, &["standard", "tiles"])));
    }
    if flags & 8 != 0 {
        c.insert("characters".into(), json!(pick(r, &["deal", "level_one"])));
    }
    if flags & 16 != 0 {
        c.insert("open_objectives".into(), json!(r.bool()));
    }
    if flags & 32 != 0 {
        let n = r.below(seats + 1);
        let h: Vec<&str> = (0..n)
            .map(|_| pick(r, &["none", "mount", "armor", "both"]))
            .collect();
        c.insert("handicap".into(), json!(h));
    }
    if flags & 64 != 0 {
        c.insert(
            "journey".into(),
            json!(pick(r, &["in_turns", "simultaneous"])),
        );
    }
    if flags & 128 != 0 && seats == 1 {
        let mut s = Map::new();
        if r.bool() {
            let mode = pick(r, &["champion", "score", "rivalry"]);
            s.insert("mode".into(), json!(mode));
        }
        if r.bool() {
            let d = pick(r, &["easy", "medium", "hard"]);
            s.insert("difficulty".into(), json!(d));
        }
        if r.bool() {
            s.insert("deck".into(), json!(pick(r, &["solo", "warrior", "pious"])));
        }
        c.insert("solo".into(), Value::Object(s));
    }
    Value::Object(c)
}

fn mastery_config(r: &mut Reader<'_>, seats: usize) -> Value {
    let flags = r.u8();
    let mut c = Map::new();
    let siege = flags & 2 != 0;
    if flags & 1 != 0 {
        let mut loyalty = vec!["off"];
        if !siege && (seats == 4 || seats == 6) {
            loyalty.push("pairs");
        }
        if !siege && seats == 6 {
            loyalty.push("triples");
        }
        c.insert("loyalty".into(), json!(pick(r, &loyalty)));
    }
    if siege {
        c.insert("siege".into(), json!(true));
    }
    for (bit, key) in [(4, "cut_throat"), (8, "skirmish"), (16, "chaos")] {
        if flags & bit != 0 {
            c.insert(key.into(), json!(true));
        }
    }
    if flags & 32 != 0 {
        c.insert("starting_knights".into(), json!("choice"));
    }
    if flags & 64 != 0 {
        let limit = pick(r, &[0u16, 1, 2, 5, 12, 60]);
        c.insert("round_limit".into(), json!(limit));
    }
    Value::Object(c)
}
