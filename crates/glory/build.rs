//! Reads the component files in `data/`, checks every rule the components
//! must obey, and writes them as Rust constants into
//! `OUT_DIR/content_data.rs`. A data file that breaks a rule fails the
//! build, so the game never parses or doubts its components at run time.

use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use tourney_provenance::build::{self, DataError};
use tourney_provenance::{Field, Source};

const FILES: [&str; 7] = [
    "data/knights.toml",
    "data/characters.toml",
    "data/supports.toml",
    "data/journey.toml",
    "data/titles.toml",
    "data/events.toml",
    "data/tournaments.toml",
];
const TABLE: &str = "data/table.toml";
const AUTOMA: &str = "data/automa.toml";

/// The supports in the rules code's order (the rulebook's order).
const SUPPORTS: [&str; 22] = [
    "Hermit",
    "Minstrel",
    "Rogue",
    "Veteran",
    "Squire",
    "Weapons Master",
    "Chronicler",
    "Sister",
    "Queen",
    "Armorer",
    "King",
    "Bishop",
    "Emissary",
    "Lady-in-Waiting",
    "Lady",
    "Jester",
    "Moneylender",
    "Cook",
    "Herald",
    "Witch",
    "Diplomat",
    "Vassal",
];
const TITLES: [&str; 14] = [
    "Strong",
    "Charming",
    "Traveler",
    "Influential",
    "Noble",
    "Dreaded",
    "Pious",
    "Religious",
    "Patron",
    "Fortunate",
    "Wealthy",
    "Prestigious",
    "Brave",
    "Equipped",
];
const RELICS: [&str; 4] = ["Medallion", "Amulet", "Ring", "Rosary"];
const PRESTIGE: [&str; 6] = [
    "Charmer",
    "Overlord",
    "Warrior",
    "Royal",
    "Chamberlain",
    "Champion",
];
const KNIGHT_TYPES: [&str; 5] = ["champion", "veteran", "king", "noble", "polish_noble"];
const TIMINGS: [&str; 4] = ["one_time", "passive", "tent", "lance"];
const EVENTS: [&str; 11] = [
    "crusade",
    "bountiful_harvest",
    "royal_wedding",
    "recruitment",
    "journey",
    "to_arms",
    "war",
    "loot",
    "siege",
    "wandering_knight",
    "volunteer",
];
const SPACES: [&str; 10] = [
    "training",
    "prayer",
    "service",
    "travel_plans",
    "patrol",
    "warm_up",
    "market",
    "support",
    "herald",
    "new_objective",
];
const STACKS: [&str; 5] = ["special", "scroll", "first", "second", "third"];

// ---------- file shapes ----------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnightFile {
    knight: Vec<KnightEntry>,
}

#[derive(Deserialize, Default, Clone, Copy)]
#[serde(deny_unknown_fields, default)]
struct Fewer {
    strength: u8,
    mount: u8,
    armor: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnightEntry {
    name: String,
    source: Source,
    #[serde(rename = "type")]
    kind: Field<String>,
    attack: Field<u8>,
    glory: Field<u8>,
    prestige: Field<u8>,
    fewer: Option<Field<Fewer>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterFile {
    character: Vec<CharacterEntry>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct Income {
    coins: u8,
    strength: u8,
    faith: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterEntry {
    name: String,
    source: Source,
    level: u8,
    #[serde(default)]
    copies: Option<u8>,
    glory: Field<u8>,
    coins: Field<u8>,
    strength: Field<u8>,
    faith: Field<u8>,
    income: Field<Income>,
    mount: Field<u8>,
    armor: Field<u8>,
    titles: Field<[u8; 2]>,
    journey: Field<[u8; 3]>,
    support: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SupportFile {
    support: Vec<SupportEntry>,
    track: Vec<TrackEntry>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct Stacks {
    special: u8,
    scroll: u8,
    first: u8,
    second: u8,
    third: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SupportEntry {
    name: String,
    source: Source,
    timing: String,
    stacks: Field<Stacks>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrackEntry {
    source: Source,
    special: bool,
    players: u8,
    cost: Field<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JourneyFile {
    card: Vec<JourneyEntry>,
}

#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields, default)]
struct RewardEntry {
    coins: u8,
    glory: u8,
    faith: u8,
    strength: u8,
    prestige: Option<String>,
    relic: Option<String>,
    support: Option<String>,
    mount: u8,
    armor: u8,
    titles: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JourneyEntry {
    name: String,
    source: Source,
    #[serde(rename = "type")]
    kind: String,
    copies: Field<u8>,
    #[serde(default)]
    cost: Option<u8>,
    #[serde(default)]
    attack: Option<u8>,
    #[serde(default)]
    prestige_value: Option<u8>,
    options: Vec<RewardEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TitleFile {
    title: Vec<TitleEntry>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct NeedEntry {
    romance: u8,
    market: u8,
    challenge: u8,
    supports: u8,
    support_list: Vec<String>,
    relics: u8,
    coins: u8,
    strength: u8,
    faith: u8,
    prestige: u8,
    mount: u8,
    armor: u8,
    never_rogue: bool,
    duel: Option<[u8; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TitleEntry {
    name: String,
    source: Source,
    glory: Field<u8>,
    need: NeedEntry,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventFile {
    event: Vec<EventEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventEntry {
    name: String,
    source: Source,
    effect: String,
    set: Field<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentFile {
    card: Vec<TournamentEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentEntry {
    #[serde(rename = "type")]
    kind: String,
    group: String,
    source: Source,
    rounds: Vec<RoundEntry>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RoundEntry {
    towns: Vec<Vec<String>>,
    place: Vec<String>,
    add: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    dice: DiceEntry,
    rules: RulesEntry,
    market: MarketEntry,
    space: Vec<SpaceEntry>,
    relic: Vec<CountEntry>,
    prestige: Vec<CountEntry>,
    trophy: Vec<TrophyEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Die {
    faces: [u8; 6],
    symbol: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DiceEntry {
    source: Source,
    strength: Die,
    mount: Die,
    armor: Die,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesEntry {
    source: Source,
    pawns: u8,
    player_glory: u8,
    player_glory_ahead: u8,
    journey_cards: u8,
    joust_extra: [u8; 2],
    trophy: RewardEntry,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MarketEntry {
    source: Source,
    mount: [u8; 5],
    armor: [u8; 5],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceEntry {
    name: String,
    source: Source,
    #[serde(default)]
    circles: Option<[u8; 3]>,
    #[serde(default)]
    open: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountEntry {
    name: String,
    source: Source,
    copies: Field<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrophyEntry {
    name: String,
    source: Source,
    reward: RewardEntry,
}

// ---------- helpers ----------

fn main() {
    for f in FILES.iter().chain([TABLE, AUTOMA].iter()) {
        println!("cargo:rerun-if-changed={f}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    build::finish(run().map_err(|e| DataError::new("Glory's data files", e)));
}

fn read<T: for<'de> Deserialize<'de>>(path: &str) -> Result<T, String> {
    build::read_toml(path).map_err(|e| e.to_string())
}

/// `weapons_master` → `WeaponsMaster`.
fn camel(snake: &str) -> String {
    snake
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// `Weapons Master` / `Lady-in-Waiting` → `weapons_master` / `lady_in_waiting`.
fn snake(name: &str) -> String {
    name.to_ascii_lowercase().replace([' ', '-'], "_")
}

fn support_variant(key: &str) -> Result<String, String> {
    SUPPORTS
        .iter()
        .find(|s| snake(s) == key)
        .map(|s| camel(&snake(s)))
        .ok_or_else(|| format!("{key:?} is not a support"))
}

fn support_index(key: &str) -> Result<usize, String> {
    SUPPORTS
        .iter()
        .position(|s| snake(s) == key)
        .ok_or_else(|| format!("{key:?} is not a support"))
}

fn word_variant(key: &str, list: &[&str], what: &str) -> Result<String, String> {
    list.iter()
        .find(|s| snake(s) == key)
        .map(|s| camel(&snake(s)))
        .ok_or_else(|| format!("{key:?} is not a {what}"))
}

fn knight_type(key: &str) -> Result<String, String> {
    if KNIGHT_TYPES.contains(&key) {
        Ok(camel(key))
    } else {
        Err(format!("{key:?} is not a knight type"))
    }
}

fn reward(r: &RewardEntry, what: &str) -> Result<String, String> {
    let opt = |v: &Option<String>, f: &dyn Fn(&str) -> Result<String, String>, ty: &str| {
        v.as_deref()
            .map(f)
            .transpose()
            .map(|o| o.map_or("None".to_string(), |v| format!("Some({ty}::{v})")))
    };
    let prestige = opt(
        &r.prestige,
        &|k| word_variant(k, &PRESTIGE, "prestige token"),
        "Prestige",
    )?;
    let relic = opt(&r.relic, &|k| word_variant(k, &RELICS, "relic"), "Relic")?;
    let support = opt(&r.support, &support_variant, "Support")?;
    if r.mount > 4 || r.armor > 4 || r.mount == 1 || r.armor == 1 {
        return Err(format!("{what}: an upgrade reaches level 2 to 4"));
    }
    let empty = r.coins == 0
        && r.glory == 0
        && r.faith == 0
        && r.strength == 0
        && r.prestige.is_none()
        && r.relic.is_none()
        && r.support.is_none()
        && r.mount == 0
        && r.armor == 0
        && r.titles == 0;
    if empty {
        return Err(format!("{what}: a reward gives nothing"));
    }
    Ok(format!(
        "Reward {{ coins: {}, glory: {}, faith: {}, strength: {}, prestige: {prestige}, relic: {relic}, support: {support}, mount: {}, armor: {}, titles: {} }}",
        r.coins, r.glory, r.faith, r.strength, r.mount, r.armor, r.titles
    ))
}

fn comment(s: &mut String, source: Source, notes: &[String]) {
    let _ = write!(s, "    // {}", source.word());
    if !notes.is_empty() {
        let _ = write!(s, "; {}", notes.join("; "));
    }
    let _ = writeln!(s);
}

// ---------- the generator ----------

fn run() -> Result<(), String> {
    let mut s = String::new();
    let _ = writeln!(s, "// Generated by build.rs from data/*.toml. Do not edit.");
    knights(&mut s)?;
    let [special, scroll] = supports(&mut s)?;
    characters(&mut s, &special)?;
    journey(&mut s, &scroll)?;
    titles(&mut s)?;
    events(&mut s)?;
    tournaments(&mut s)?;
    table(&mut s)?;
    automa(&mut s)?;
    build::write_out("content_data.rs", &s).map_err(|e| e.to_string())
}

/// Knights of each type, used to check the tournament cards.
fn type_counts() -> Result<BTreeMap<String, usize>, String> {
    let file: KnightFile = read(FILES[0])?;
    let mut counts = BTreeMap::new();
    for k in file.knight {
        let (t, _) = k.kind.resolve(k.source);
        *counts.entry(t).or_insert(0) += 1;
    }
    Ok(counts)
}

fn knights(s: &mut String) -> Result<(), String> {
    let file: KnightFile = read(FILES[0])?;
    if file.knight.len() != 32 {
        return Err(format!(
            "{}: the box holds 32 knight tiles, found {}",
            FILES[0],
            file.knight.len()
        ));
    }
    let mut names = BTreeSet::new();
    let _ = writeln!(s, "/// The 32 knight tiles; a knight's id is his index.");
    let _ = writeln!(s, "pub const KNIGHTS: [KnightTile; 32] = [");
    for k in file.knight {
        let name = k.name;
        if !names.insert(name.clone()) {
            return Err(format!("knight {name:?} appears twice"));
        }
        let mut notes = Vec::new();
        let kind = k.kind.resolve_noted(k.source, "type", &mut notes);
        let attack = k.attack.resolve_noted(k.source, "attack", &mut notes);
        let glory = k.glory.resolve_noted(k.source, "glory", &mut notes);
        let prestige = k.prestige.resolve_noted(k.source, "prestige", &mut notes);
        let fewer = k
            .fewer
            .map(|f| f.resolve_noted(k.source, "fewer", &mut notes))
            .unwrap_or_default();
        let variant = knight_type(&kind)?;
        if !(1..=15).contains(&attack) || glory > 12 || prestige > 5 {
            return Err(format!("{name}: attack 1-15, glory 0-12, prestige 0-5"));
        }
        let reduces = fewer.strength + fewer.mount + fewer.armor;
        if (kind == "veteran") != (reduces > 0)
            || fewer.strength.max(fewer.mount).max(fewer.armor) > 3
        {
            return Err(format!(
                "{name}: Veterans, and only they, take away 1 to 3 of the opponent's dice"
            ));
        }
        comment(s, k.source, &notes);
        let _ = writeln!(
            s,
            "    KnightTile {{ name: {name:?}, kind: KnightType::{variant}, attack: {attack}, glory: {glory}, prestige: {prestige}, fewer: [{}, {}, {}] }},",
            fewer.strength, fewer.mount, fewer.armor
        );
    }
    let _ = writeln!(s, "];");
    Ok(())
}

fn characters(s: &mut String, special: &[u8; 22]) -> Result<(), String> {
    let file: CharacterFile = read(FILES[1])?;
    let mut per_level = [0usize; 3];
    let mut body = String::new();
    for c in file.character {
        let copies = c.copies.unwrap_or(1);
        let level = c.level;
        if !(1..=3).contains(&level) {
            return Err(format!("{}: level is I, II or III", c.name));
        }
        if level == 1 && copies != 4 || level > 1 && copies != 1 {
            return Err(format!(
                "{}: the level I card comes four times (identical), the others once",
                c.name
            ));
        }
        if (level == 3) != c.support.is_some() {
            return Err(format!(
                "{}: level III cards, and only they, grant a special support",
                c.name
            ));
        }
        per_level[usize::from(level - 1)] += usize::from(copies);
        let mut notes = Vec::new();
        let src = c.source;
        let glory = c.glory.resolve_noted(src, "glory", &mut notes);
        let coins = c.coins.resolve_noted(src, "coins", &mut notes);
        let strength = c.strength.resolve_noted(src, "strength", &mut notes);
        let faith = c.faith.resolve_noted(src, "faith", &mut notes);
        let income = c.income.resolve_noted(src, "income", &mut notes);
        let mount = c.mount.resolve_noted(src, "mount", &mut notes);
        let armor = c.armor.resolve_noted(src, "armor", &mut notes);
        let titles = c.titles.resolve_noted(src, "titles", &mut notes);
        let journey = c.journey.resolve_noted(src, "journey", &mut notes);
        if !(1..=4).contains(&mount) || !(1..=4).contains(&armor) {
            return Err(format!("{}: mount and armor levels are I to IV", c.name));
        }
        if titles[1] > titles[0] || titles[0] > 4 || titles[1] == 0 {
            return Err(format!(
                "{}: keeps 1 to as many titles as drawn (at most 4)",
                c.name
            ));
        }
        let support = match &c.support {
            Some(k) if special[support_index(k)?] > 0 => {
                format!("Some(Support::{})", support_variant(k)?)
            }
            Some(k) => {
                return Err(format!(
                    "{}: {k} is not in the special-support stack",
                    c.name
                ));
            }
            None => "None".to_string(),
        };
        for _ in 0..copies {
            comment(&mut body, src, &notes);
            let _ = writeln!(
                body,
                "    Character {{ name: {:?}, level: {}, glory: {glory}, coins: {coins}, strength: {strength}, faith: {faith}, income: [{}, {}, {}], mount: {mount}, armor: {armor}, titles_drawn: {}, titles_kept: {}, journey: {journey:?}, support: {support} }},",
                c.name, c.level, income.coins, income.strength, income.faith, titles[0], titles[1]
            );
        }
    }
    if per_level != [4, 4, 4] {
        return Err(format!(
            "{}: four cards of each level, found {per_level:?}",
            FILES[1]
        ));
    }
    let _ = writeln!(
        s,
        "/// The 12 character cards, in data-file order; a card's id is its index."
    );
    let _ = writeln!(s, "pub const CHARACTERS: [Character; 12] = [");
    s.push_str(&body);
    let _ = writeln!(s, "];");
    Ok(())
}

/// Returns the special and scroll stacks' counts, which level III
/// characters and Journey cards take supports from.
fn supports(s: &mut String) -> Result<[[u8; 22]; 2], String> {
    let file: SupportFile = read(FILES[2])?;
    let names: Vec<&str> = file.support.iter().map(|e| e.name.as_str()).collect();
    if names != SUPPORTS {
        return Err(format!(
            "{}: the 22 supports must be listed in this order: {SUPPORTS:?}",
            FILES[2]
        ));
    }
    let mut stacks = [[0u8; 22]; 5];
    let _ = writeln!(s, "/// The 22 supports: name and when they are used.");
    let _ = writeln!(s, "pub const SUPPORT_INFO: [SupportInfo; 22] = [");
    for (i, e) in file.support.into_iter().enumerate() {
        let mut notes = Vec::new();
        if !TIMINGS.contains(&e.timing.as_str()) {
            return Err(format!("{}: timing {:?} is unknown", e.name, e.timing));
        }
        let st = e.stacks.resolve_noted(e.source, "stacks", &mut notes);
        for (j, c) in [st.special, st.scroll, st.first, st.second, st.third]
            .into_iter()
            .enumerate()
        {
            stacks[j][i] = c;
        }
        comment(s, e.source, &notes);
        let _ = writeln!(
            s,
            "    SupportInfo {{ name: {:?}, timing: Timing::{} }},",
            e.name,
            camel(&e.timing)
        );
    }
    let _ = writeln!(s, "];");
    let total: u32 = stacks.iter().flatten().map(|&c| u32::from(c)).sum();
    if total != 48 {
        return Err(format!(
            "{}: the box holds 48 support tiles, the stacks hold {total}",
            FILES[2]
        ));
    }
    let _ = writeln!(
        s,
        "/// Support tiles per stack ({}), counted by support.",
        STACKS.join(", ")
    );
    let _ = writeln!(s, "pub const SUPPORT_STACKS: [[u8; 22]; 5] = [");
    for row in &stacks {
        let _ = writeln!(s, "    {row:?},");
    }
    let _ = writeln!(s, "];");
    // The track.
    if file.track.len() != 9 {
        return Err(format!("{}: the support track has 9 spaces", FILES[2]));
    }
    let mut twos = 0;
    for (players, special, regular) in [(2u8, 1, 5), (3, 2, 6), (4, 2, 7)] {
        let used: Vec<&TrackEntry> = file.track.iter().filter(|t| t.players <= players).collect();
        let sp = used.iter().filter(|t| t.special).count();
        if sp != special || used.len() - sp != regular {
            return Err(format!(
                "{}: at {players} players the track has {special} special and {regular} regular spaces",
                FILES[2]
            ));
        }
    }
    let mut seen_regular = false;
    let _ = writeln!(s, "/// The support track's spaces, left to right.");
    let _ = writeln!(s, "pub const TRACK: [TrackSpace; 9] = [");
    for t in file.track {
        let mut notes = Vec::new();
        let cost = t.cost.resolve_noted(t.source, "cost", &mut notes);
        if t.special && seen_regular {
            return Err(format!("{}: special spaces come first", FILES[2]));
        }
        seen_regular |= !t.special;
        if !t.special && cost == 2 {
            twos += 1;
        }
        comment(s, t.source, &notes);
        let _ = writeln!(
            s,
            "    TrackSpace {{ special: {}, players: {}, cost: {cost} }},",
            t.special, t.players
        );
    }
    let _ = writeln!(s, "];");
    if twos != 1 {
        return Err(format!(
            "{}: exactly one regular space costs 2 coins",
            FILES[2]
        ));
    }
    Ok([stacks[0], stacks[1]])
}

fn journey(s: &mut String, scroll: &[u8; 22]) -> Result<(), String> {
    let file: JourneyFile = read(FILES[3])?;
    let mut per_type = BTreeMap::new();
    let mut names = BTreeSet::new();
    let mut body = String::new();
    let count = file.card.len();
    for c in file.card {
        let mut notes = Vec::new();
        let copies = c.copies.resolve_noted(c.source, "copies", &mut notes);
        *per_type.entry(c.kind.clone()).or_insert(0u32) += u32::from(copies);
        if !names.insert(c.name.clone()) || copies == 0 {
            return Err(format!(
                "journey card {:?} is listed twice or has no copies",
                c.name
            ));
        }
        let kind = match c.kind.as_str() {
            "romance" | "market" | "challenge" => camel(&c.kind),
            other => return Err(format!("{}: {other:?} is not a Journey card type", c.name)),
        };
        let is = |t: &str| c.kind == t;
        if is("market") != c.cost.is_some()
            || is("challenge") != c.attack.is_some()
            || is("challenge") != c.prestige_value.is_some()
        {
            return Err(format!(
                "{}: Market cards (only) have a cost, Challenge cards (only) an attack and prestige_value",
                c.name
            ));
        }
        if c.options.is_empty() || c.options.len() > 2 {
            return Err(format!("{}: one or two rewards", c.name));
        }
        let mut options = Vec::new();
        for o in &c.options {
            if let Some(k) = &o.support
                && scroll[support_index(k)?] == 0
            {
                return Err(format!(
                    "{}: Journey cards take supports from the scroll stack, which holds no {k}",
                    c.name
                ));
            }
            options.push(reward(o, &c.name)?);
        }
        let second = options
            .get(1)
            .cloned()
            .unwrap_or_else(|| options[0].clone());
        comment(&mut body, c.source, &notes);
        let _ = writeln!(
            body,
            "    JourneyCard {{ name: {:?}, kind: JourneyType::{kind}, copies: {copies}, cost: {}, attack: {}, prestige: {}, options: [{}, {second}], choices: {} }},",
            c.name,
            c.cost.unwrap_or(0),
            c.attack.unwrap_or(0),
            c.prestige_value.unwrap_or(0),
            options[0],
            options.len()
        );
    }
    let expect = [("challenge", 29), ("market", 19), ("romance", 26)];
    for (t, n) in expect {
        if per_type.get(t).copied().unwrap_or(0) != n {
            return Err(format!(
                "{}: the box holds 26 Romance, 19 Market and 29 Challenge cards, found {per_type:?}",
                FILES[3]
            ));
        }
    }
    let _ = writeln!(s, "/// How many kinds of Journey card there are.");
    let _ = writeln!(s, "pub const JOURNEY_KINDS: usize = {count};");
    let _ = writeln!(s, "/// The Journey card kinds; a kind's id is its index.");
    let _ = writeln!(s, "pub const JOURNEY: [JourneyCard; JOURNEY_KINDS] = [");
    s.push_str(&body);
    let _ = writeln!(s, "];");
    Ok(())
}

fn titles(s: &mut String) -> Result<(), String> {
    let file: TitleFile = read(FILES[4])?;
    let names: Vec<&str> = file.title.iter().map(|t| t.name.as_str()).collect();
    if names != TITLES {
        return Err(format!(
            "{}: the 14 titles must be listed in this order: {TITLES:?}",
            FILES[4]
        ));
    }
    let _ = writeln!(s, "/// The 14 title cards; a title's id is its index.");
    let _ = writeln!(s, "pub const TITLES: [TitleCard; 14] = [");
    for t in file.title {
        let mut notes = Vec::new();
        let glory = t.glory.resolve_noted(t.source, "glory", &mut notes);
        let n = t.need;
        let mut list = [0u8; 22];
        for k in &n.support_list {
            list[support_index(k)?] += 1;
        }
        let duel = match n.duel {
            Some([a, p]) => format!("Some(({a}, {p}))"),
            None => "None".to_string(),
        };
        if glory == 0 {
            return Err(format!("{}: a title is worth glory", t.name));
        }
        comment(s, t.source, &notes);
        let _ = writeln!(
            s,
            "    TitleCard {{ name: {:?}, glory: {glory}, need: Need {{ romance: {}, market: {}, challenge: {}, supports: {}, support_list: {list:?}, relics: {}, coins: {}, strength: {}, faith: {}, prestige: {}, mount: {}, armor: {}, never_rogue: {}, duel: {duel} }} }},",
            t.name,
            n.romance,
            n.market,
            n.challenge,
            n.supports,
            n.relics,
            n.coins,
            n.strength,
            n.faith,
            n.prestige,
            n.mount,
            n.armor,
            n.never_rogue
        );
    }
    let _ = writeln!(s, "];");
    Ok(())
}

fn events(s: &mut String) -> Result<(), String> {
    let file: EventFile = read(FILES[5])?;
    if file.event.len() != 12 {
        return Err(format!("{}: the box holds 12 events", FILES[5]));
    }
    let mut sets = [0; 3];
    let _ = writeln!(s, "/// The 12 event cards; an event's id is its index.");
    let _ = writeln!(s, "pub const EVENTS: [EventCard; 12] = [");
    for e in file.event {
        let mut notes = Vec::new();
        let set = e.set.resolve_noted(e.source, "set", &mut notes);
        if !(1..=3).contains(&set) {
            return Err(format!("{}: sets are 1 to 3", e.name));
        }
        sets[usize::from(set - 1)] += 1;
        if !EVENTS.contains(&e.effect.as_str()) {
            return Err(format!("{}: effect {:?} is unknown", e.name, e.effect));
        }
        comment(s, e.source, &notes);
        let _ = writeln!(
            s,
            "    EventCard {{ name: {:?}, kind: EventKind::{}, set: {set} }},",
            e.name,
            camel(&e.effect)
        );
    }
    let _ = writeln!(s, "];");
    if sets != [4, 4, 4] {
        return Err(format!(
            "{}: four events in each set, found {sets:?}",
            FILES[5]
        ));
    }
    Ok(())
}

fn tournaments(s: &mut String) -> Result<(), String> {
    let file: TournamentFile = read(FILES[6])?;
    let supply = type_counts()?;
    if file.card.len() != 12 {
        return Err(format!("{}: the box holds 12 tournament cards", FILES[6]));
    }
    let mut groups: BTreeMap<(String, String), usize> = BTreeMap::new();
    let ty = |t: &str| -> Result<String, String> {
        if t.is_empty() {
            Ok("None".to_string())
        } else {
            Ok(format!("Some(KnightType::{})", knight_type(t)?))
        }
    };
    let _ = writeln!(s, "/// The 12 tournament cards.");
    let _ = writeln!(s, "pub const TOURNAMENTS: [TournamentCard; 12] = [");
    for (i, c) in file.card.into_iter().enumerate() {
        let what = format!("tournament card {}", i + 1);
        let joust = match c.kind.as_str() {
            "pas_d_armes" => false,
            "joust_a_plaisance" => true,
            other => return Err(format!("{what}: {other:?} is not a tournament type")),
        };
        let (large, fewest) = match c.group.as_str() {
            "small" => (false, 1usize),
            "large" => (true, 3usize),
            other => return Err(format!("{what}: group {other:?} is not small or large")),
        };
        *groups.entry((c.kind.clone(), c.group.clone())).or_insert(0) += 1;
        if c.rounds.len() != 3 {
            return Err(format!("{what}: one section per round"));
        }
        let mut rounds = Vec::new();
        for (r, round) in c.rounds.iter().enumerate() {
            let mut used: BTreeMap<&str, usize> = BTreeMap::new();
            let mut towns = vec![vec!["None".to_string(); 3]; 3];
            let mut place = vec!["None".to_string(); 8];
            let mut add = vec!["None".to_string(); 5];
            if joust {
                if !round.towns.is_empty() || round.place.len() != 8 {
                    return Err(format!(
                        "{what}, round {}: a joust places on 8 spaces",
                        r + 1
                    ));
                }
                let placed = round.place.iter().filter(|t| !t.is_empty()).count();
                let needed = 8usize.saturating_sub(placed + fewest);
                if round.add.len() < needed || round.add.len() > 5 {
                    return Err(format!(
                        "{what}, round {}: {needed} knights must be listed to add (at most 5)",
                        r + 1
                    ));
                }
                for (j, t) in round.place.iter().enumerate() {
                    place[j] = ty(t)?;
                    if !t.is_empty() {
                        *used.entry(t).or_default() += 1;
                    }
                }
                for (j, t) in round.add.iter().enumerate() {
                    add[j] = ty(t)?;
                    *used.entry(t).or_default() += 1;
                }
            } else {
                if round.towns.len() != 3 || !round.place.is_empty() || !round.add.is_empty() {
                    return Err(format!(
                        "{what}, round {}: a pas d'armes has three towns",
                        r + 1
                    ));
                }
                for (t, town) in round.towns.iter().enumerate() {
                    if town.is_empty() || town.len() > 3 {
                        return Err(format!("{what}, round {}: 1 to 3 knights a town", r + 1));
                    }
                    for (j, k) in town.iter().enumerate() {
                        towns[t][j] = ty(k)?;
                        *used.entry(k).or_default() += 1;
                    }
                }
            }
            for (t, n) in used {
                if supply.get(t).copied().unwrap_or(0) < n {
                    return Err(format!(
                        "{what}, round {}: more {t} knights than exist",
                        r + 1
                    ));
                }
            }
            let towns: Vec<String> = towns
                .iter()
                .map(|t| format!("[{}]", t.join(", ")))
                .collect();
            rounds.push(format!(
                "Layout {{ towns: [{}], place: [{}], add: [{}] }}",
                towns.join(", "),
                place.join(", "),
                add.join(", ")
            ));
        }
        comment(s, c.source, &[]);
        let _ = writeln!(
            s,
            "    TournamentCard {{ kind: TournamentKind::{}, large: {large}, rounds: [{}] }},",
            if joust {
                "JoustAPlaisance"
            } else {
                "PasDArmes"
            },
            rounds.join(", ")
        );
    }
    let _ = writeln!(s, "];");
    if groups.len() != 4 || groups.values().any(|&n| n != 3) {
        return Err(format!(
            "{}: three cards for each tournament type and group",
            FILES[6]
        ));
    }
    Ok(())
}

fn table(s: &mut String) -> Result<(), String> {
    let t: TableFile = read(TABLE)?;
    let d = &t.dice;
    let _ = writeln!(s, "// dice: {}", d.source.word());
    let _ = writeln!(
        s,
        "/// Face values by colour (strength, mount, armor); the sixth face is the symbol."
    );
    let _ = writeln!(
        s,
        "pub const DICE: [[u8; 6]; 3] = [{:?}, {:?}, {:?}];",
        d.strength.faces, d.mount.faces, d.armor.faces
    );
    let _ = writeln!(s, "/// What an activated symbol is worth, by colour.");
    let _ = writeln!(
        s,
        "pub const SYMBOL: [u8; 3] = [{}, {}, {}];",
        d.strength.symbol, d.mount.symbol, d.armor.symbol
    );
    let r = &t.rules;
    if r.player_glory_ahead < r.player_glory || r.pawns == 0 || r.pawns > 8 {
        return Err(format!("{TABLE}: rules are out of range"));
    }
    let _ = writeln!(s, "// rules: {}", r.source.word());
    let _ = writeln!(s, "pub const PAWNS: u8 = {};", r.pawns);
    let _ = writeln!(s, "pub const PLAYER_GLORY: u8 = {};", r.player_glory);
    let _ = writeln!(
        s,
        "pub const PLAYER_GLORY_AHEAD: u8 = {};",
        r.player_glory_ahead
    );
    let _ = writeln!(s, "pub const JOURNEY_CARDS: u8 = {};", r.journey_cards);
    let _ = writeln!(s, "pub const JOUST_EXTRA: [u8; 2] = {:?};", r.joust_extra);
    let _ = writeln!(
        s,
        "pub const STANDARD_TROPHY: Reward = {};",
        reward(&r.trophy, "standard trophy")?
    );
    let m = &t.market;
    let _ = writeln!(s, "// market: {}", m.source.word());
    let _ = writeln!(
        s,
        "/// Market prices by the level reached, for mounts and armor."
    );
    let _ = writeln!(
        s,
        "pub const MARKET: [[u8; 5]; 2] = [{:?}, {:?}];",
        m.mount, m.armor
    );
    let names: Vec<&str> = t.space.iter().map(|e| e.name.as_str()).collect();
    if names != SPACES {
        return Err(format!("{TABLE}: action spaces must be {SPACES:?}"));
    }
    let _ = writeln!(
        s,
        "/// Pawns each action space takes at 2, 3 and 4 players (`None`: an open zone)."
    );
    let _ = writeln!(s, "pub const CIRCLES: [Option<[u8; 3]>; 10] = [");
    for e in &t.space {
        match (e.open, e.circles) {
            (true, None) => {
                let _ = writeln!(s, "    None, // {}: {}", e.name, e.source.word());
            }
            (false, Some(c)) if c.iter().all(|&n| (1..=4).contains(&n)) => {
                let _ = writeln!(s, "    Some({c:?}), // {}: {}", e.name, e.source.word());
            }
            _ => {
                return Err(format!(
                    "{TABLE}: space {} is open or has 1-4 circles",
                    e.name
                ));
            }
        }
    }
    let _ = writeln!(s, "];");
    for (list, names, what, total) in [
        (t.relic, &RELICS[..], "RELIC_COPIES", 16u32),
        (t.prestige, &PRESTIGE[..], "PRESTIGE_COPIES", 17),
    ] {
        let got: Vec<&str> = list.iter().map(|e| e.name.as_str()).collect();
        if got != names {
            return Err(format!("{TABLE}: expected {names:?}"));
        }
        let counts: Vec<u8> = list
            .into_iter()
            .map(|e| e.copies.resolve(e.source).0)
            .collect();
        if counts.iter().map(|&c| u32::from(c)).sum::<u32>() != total {
            return Err(format!("{TABLE}: {what} must add up to {total}"));
        }
        let _ = writeln!(s, "pub const {what}: [u8; {}] = {counts:?};", counts.len());
    }
    if t.trophy.len() != 4 {
        return Err(format!("{TABLE}: the box holds 4 trophy tiles"));
    }
    let _ = writeln!(s, "/// The four trophy tiles.");
    let _ = writeln!(s, "pub const TROPHIES: [Trophy; 4] = [");
    for e in &t.trophy {
        comment(s, e.source, &[]);
        let _ = writeln!(
            s,
            "    Trophy {{ name: {:?}, reward: {} }},",
            e.name,
            reward(&e.reward, &e.name)?
        );
    }
    let _ = writeln!(s, "];");
    Ok(())
}

// ---------- the solo automa ----------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AutomaFile {
    otto: OttoEntry,
    special_glory: BTreeMap<String, toml::Value>,
    card: Vec<AutomaEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OttoEntry {
    source: Source,
    glory: Field<u16>,
    score_targets: Field<[u16; 3]>,
    rivalry_knights: Field<[String; 3]>,
    minstrel_glory: Field<u16>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AutomaEntry {
    name: String,
    deck: String,
    source: Source,
    actions: [String; 3],
}

const AUTOMA_DECKS: [&str; 3] = ["solo", "warrior", "pious"];

/// One action of an automa card, as Rust.
fn otto_action(text: &str, what: &str) -> Result<String, String> {
    let (head, arg) = match text.split_once(':') {
        Some((h, a)) => (h, Some(a)),
        None => (text, None),
    };
    let plain = |v: &str| match arg {
        None => Ok(format!("OttoAction::{v}")),
        Some(_) => Err(format!("{what}: {head} takes no argument")),
    };
    match head {
        "training" => plain("Training"),
        "prayer" => plain("Prayer"),
        "service" => plain("Service"),
        "initiative" => plain("Initiative"),
        "herald" => plain("Herald"),
        "event" => plain("Event"),
        "new_objective" => plain("NewObjective"),
        "special_support" => plain("SpecialSupport"),
        "travel_plans" => {
            let ty = match arg {
                Some("romance") => "Romance",
                Some("market") => "Market",
                Some("challenge") => "Challenge",
                _ => {
                    return Err(format!(
                        "{what}: travel_plans needs romance, market or challenge"
                    ));
                }
            };
            Ok(format!("OttoAction::TravelPlans(JourneyType::{ty})"))
        }
        "support" => {
            let list: Vec<&str> = arg
                .unwrap_or("")
                .split(',')
                .filter(|s| !s.is_empty())
                .collect();
            if list.is_empty() || list.len() > 3 {
                return Err(format!("{what}: support lists 1 to 3 supports"));
            }
            let mut out = Vec::new();
            for key in list {
                let i = support_index(key).map_err(|e| format!("{what}: {e}"))?;
                if SPECIAL_SUPPORTS.contains(&SUPPORTS[i]) {
                    return Err(format!(
                        "{what}: {key} is a special support, never on a 1-coin space"
                    ));
                }
                out.push(format!("Support::{}", support_variant(key)?));
            }
            Ok(format!("OttoAction::Support(&[{}])", out.join(", ")))
        }
        _ => Err(format!("{what}: unknown action {head:?}")),
    }
}

/// The supports that only come from the special stack.
const SPECIAL_SUPPORTS: [&str; 10] = [
    "King",
    "Queen",
    "Bishop",
    "Lady",
    "Vassal",
    "Chronicler",
    "Emissary",
    "Diplomat",
    "Moneylender",
    "Lady-in-Waiting",
];

fn automa(s: &mut String) -> Result<(), String> {
    let file: AutomaFile = read(AUTOMA)?;
    let o = file.otto;
    let mut notes = Vec::new();
    let glory = o.glory.resolve_noted(o.source, "glory", &mut notes);
    let targets = o
        .score_targets
        .resolve_noted(o.source, "score_targets", &mut notes);
    let knights = o
        .rivalry_knights
        .resolve_noted(o.source, "rivalry_knights", &mut notes);
    let minstrel = o
        .minstrel_glory
        .resolve_noted(o.source, "minstrel_glory", &mut notes);
    if targets[0] >= targets[1] || targets[1] >= targets[2] {
        return Err(format!("{AUTOMA}: score targets rise from easy to hard"));
    }
    let roster: KnightFile = read(FILES[0])?;
    let mut ids = Vec::new();
    for name in &knights {
        let id = roster
            .knight
            .iter()
            .position(|k| &k.name == name)
            .ok_or_else(|| format!("{AUTOMA}: {name:?} is not a knight tile"))?;
        ids.push(id.to_string());
    }
    let _ = writeln!(s, "/// Otto's starting glory.");
    comment(s, o.source, &notes);
    let _ = writeln!(s, "pub const OTTO_GLORY: u16 = {glory};");
    let _ = writeln!(s, "/// Score mode targets: easy, medium, hard.");
    let _ = writeln!(s, "pub const SCORE_TARGETS: [u16; 3] = {targets:?};");
    let _ = writeln!(
        s,
        "/// Rivalry mode: Otto's knight tile (id) by difficulty."
    );
    let _ = writeln!(
        s,
        "pub const RIVALRY_KNIGHTS: [u8; 3] = [{}];",
        ids.join(", ")
    );
    let _ = writeln!(s, "/// Rivalry mode: glory for discarding the Minstrel.");
    let _ = writeln!(s, "pub const MINSTREL_GLORY: u16 = {minstrel};");

    let mut special = [0u8; 22];
    let mut special_source = None;
    for (key, value) in &file.special_glory {
        if key == "source" {
            special_source = Some(value.as_str().unwrap_or("").to_string());
            continue;
        }
        let i = support_index(key).map_err(|e| format!("{AUTOMA}: special_glory: {e}"))?;
        if !SPECIAL_SUPPORTS.contains(&SUPPORTS[i]) {
            return Err(format!(
                "{AUTOMA}: special_glory: {key} is not a special support"
            ));
        }
        special[i] = value
            .as_integer()
            .and_then(|v| u8::try_from(v).ok())
            .ok_or_else(|| format!("{AUTOMA}: special_glory.{key}: a number 0-255"))?;
    }
    let Some(word) = special_source.filter(|w| w == "rulebook" || w == "assumed") else {
        return Err(format!(
            "{AUTOMA}: special_glory needs source = rulebook or assumed"
        ));
    };
    let _ = writeln!(
        s,
        "/// Rivalry mode: glory for discarding each special support."
    );
    let _ = writeln!(s, "    // {word}");
    let _ = writeln!(s, "pub const SPECIAL_GLORY: [u8; 22] = {special:?};");

    let expected = ["solo"; 9]
        .into_iter()
        .chain(["warrior"; 2])
        .chain(["pious"; 2]);
    if file.card.len() != 13 {
        return Err(format!(
            "{AUTOMA}: 9 Solo cards, 2 Warrior and 2 Pious: 13 cards, found {}",
            file.card.len()
        ));
    }
    let _ = writeln!(s, "/// Otto's automa cards; a card's id is its index.");
    let _ = writeln!(s, "pub const AUTOMA: [AutomaCard; 13] = [");
    for (card, want) in file.card.iter().zip(expected) {
        if card.deck != want || !AUTOMA_DECKS.contains(&card.deck.as_str()) {
            return Err(format!(
                "{AUTOMA}: {}: the cards come in order, 9 solo, 2 warrior, 2 pious",
                card.name
            ));
        }
        let what = format!("{AUTOMA}: {}", card.name);
        let actions: Vec<String> = card
            .actions
            .iter()
            .map(|a| otto_action(a, &what))
            .collect::<Result<_, _>>()?;
        comment(s, card.source, &[]);
        let _ = writeln!(
            s,
            "    AutomaCard {{ name: {:?}, deck: AutomaDeck::{}, actions: [{}] }},",
            card.name,
            camel(&card.deck),
            actions.join(", ")
        );
    }
    let _ = writeln!(s, "];");
    Ok(())
}
