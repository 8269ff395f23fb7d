//! Reads the component files in `data/`, checks every rule the components
//! must obey, and writes them as Rust constants into
//! `OUT_DIR/content_data.rs`. A data file that breaks a rule fails the
//! build, so the game never parses or doubts its components at run time.
//!
//! The words the files use (supports, relics, knight types, …) are the
//! library's own enums: `src/vocab.rs` is compiled into this script too, so
//! a word parses into the real enum and prints itself back as Rust.

// The script reads only part of the vocabulary (no `bit()`, no
// serialising), so the rest is unused here but not in the library.
#[allow(dead_code)]
#[path = "src/vocab.rs"]
mod vocab;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde::de::value::{Error as WordError, StrDeserializer};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{Debug, Write as _};
use tourney_provenance::build::{self, DataError};
use tourney_provenance::{Field, Source};
use vocab::{
    AutomaDeck, EventKind, JourneyType, KnightType, Prestige, Relic, Space, Support, Timing,
    TournamentKind,
};

const KNIGHTS: &str = "data/knights.toml";
const CHARACTERS: &str = "data/characters.toml";
const SUPPORTS: &str = "data/supports.toml";
const JOURNEY: &str = "data/journey.toml";
const TITLES: &str = "data/titles.toml";
const EVENTS: &str = "data/events.toml";
const TOURNAMENTS: &str = "data/tournaments.toml";
const TABLE: &str = "data/table.toml";
const AUTOMA: &str = "data/automa.toml";

/// How many kinds of support there are: the length of every per-support table.
const N: usize = Support::ALL.len();

/// The titles in the rulebook's order. The rules know titles only by their
/// index into `TITLES` (and Brave by its duel), so this list exists for one
/// check: that `titles.toml` holds the box's 14 cards in that order.
const TITLE_NAMES: [&str; 14] = [
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
    text: Field<String>,
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
    deck: DeckEntry,
    card: Vec<JourneyEntry>,
}

/// What the cards are called, which the components serve.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckEntry {
    name: String,
    #[allow(dead_code)]
    source: Source,
}

#[derive(Deserialize, Default, PartialEq)]
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
    text: Field<String>,
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
    name: String,
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
    title: String,
    text: Field<String>,
    #[serde(default)]
    circles: Option<Field<[u8; 3]>>,
    #[serde(default)]
    open: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountEntry {
    name: String,
    source: Source,
    copies: Field<u8>,
    /// What the tile does (a relic), or where it comes from (a prestige
    /// token).
    #[serde(default)]
    text: Option<Field<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrophyEntry {
    name: String,
    source: Source,
    reward: RewardEntry,
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

// ---------- helpers ----------

fn main() {
    // `read_toml` registers each data file as it reads it.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/vocab.rs");
    build::finish(run());
}

/// Parses a file; the caller's [`DataError`] names the file, so only the
/// problem is kept.
fn read<T: DeserializeOwned>(path: &str) -> Result<T, String> {
    build::read_toml(path).map_err(|e| e.problem)
}

/// A vocabulary enum as this script meets it in a data file.
trait Word: Copy + Debug + DeserializeOwned {
    /// The type's name in the generated code, which `include!`s it where
    /// the library has it in scope.
    const TYPE: &'static str;
    /// What a word of this kind is, for error messages.
    const WHAT: &'static str;
}

macro_rules! words {
    ($($ty:ident: $what:literal),* $(,)?) => {$(
        impl Word for $ty {
            const TYPE: &'static str = stringify!($ty);
            const WHAT: &'static str = $what;
        }
    )*};
}
words! {
    KnightType: "knight type",
    Support: "support",
    Timing: "timing",
    JourneyType: "Journey card type",
    Relic: "relic",
    Prestige: "prestige token",
    EventKind: "event effect",
    TournamentKind: "tournament type",
    Space: "action space",
    AutomaDeck: "automa deck",
}

/// A data file's word (`weapons_master`) as the library's enum. The serde
/// names the enums carry for the JSON protocol are the data files' words.
fn word<T: Word>(key: &str) -> Result<T, String> {
    T::deserialize(StrDeserializer::<WordError>::new(key)).map_err(|e| format!("{}: {e}", T::WHAT))
}

/// An optional word, as an optional enum.
fn maybe<T: Word>(key: Option<&str>) -> Result<Option<T>, String> {
    key.map(word).transpose()
}

/// A variant as Rust: `Support::WeaponsMaster`. The derived `Debug` of a
/// unit variant is its name.
fn path<T: Word>(v: T) -> String {
    format!("{}::{v:?}", T::TYPE)
}

/// An optional variant as Rust: `None` or `Some(Support::Queen)`.
fn opt<T: Word>(v: Option<T>) -> String {
    v.map_or_else(|| "None".to_string(), |v| format!("Some({})", path(v)))
}

/// Items as a Rust array literal.
fn array(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

fn reward(r: &RewardEntry, what: &str) -> Result<String, String> {
    let with = |e: String| format!("{what}: {e}");
    let prestige: Option<Prestige> = maybe(r.prestige.as_deref()).map_err(with)?;
    let relic: Option<Relic> = maybe(r.relic.as_deref()).map_err(with)?;
    let support: Option<Support> = maybe(r.support.as_deref()).map_err(with)?;
    if r.mount > 4 || r.armor > 4 || r.mount == 1 || r.armor == 1 {
        return Err(format!("{what}: an upgrade reaches level 2 to 4"));
    }
    if *r == RewardEntry::default() {
        return Err(format!("{what}: a reward gives nothing"));
    }
    Ok(format!(
        "Reward {{ coins: {}, glory: {}, faith: {}, strength: {}, prestige: {}, relic: {}, support: {}, mount: {}, armor: {}, titles: {} }}",
        r.coins,
        r.glory,
        r.faith,
        r.strength,
        opt(prestige),
        opt(relic),
        opt(support),
        r.mount,
        r.armor,
        r.titles
    ))
}

/// Checks that a file lists the `expected` names in that order, which the
/// generated tables are indexed by, and says where it first strays.
fn listed<'a>(
    what: &str,
    found: impl Iterator<Item = &'a str>,
    expected: &[&str],
) -> Result<(), String> {
    let found: Vec<&str> = found.collect();
    if found == expected {
        return Ok(());
    }
    let problem = match found.iter().zip(expected).position(|(f, e)| f != e) {
        Some(i) => format!(
            "entry {} is {:?} where {:?} belongs",
            i + 1,
            found[i],
            expected[i]
        ),
        None => format!("{} entries where {} belong", found.len(), expected.len()),
    };
    Err(format!("{what}: {problem}; the order is {expected:?}"))
}

/// A text a player reads must say something.
fn said(text: &Field<String>, what: &str) -> Result<(), String> {
    let text = match text {
        Field::Tagged(t) => &t.value,
        Field::Bare(text) => text,
    };
    if text.trim().is_empty() {
        return Err(format!("{what}: the text is empty"));
    }
    Ok(())
}

fn comment(s: &mut String, source: Source, notes: &[String]) {
    let _ = write!(s, "    // {}", source.word());
    if !notes.is_empty() {
        let _ = write!(s, "; {}", notes.join("; "));
    }
    let _ = writeln!(s);
}

// ---------- the generator ----------

/// A section's problem, told against the file it is about.
fn at<T>(file: &str, r: Result<T, String>) -> Result<T, DataError> {
    r.map_err(|e| DataError::new(file, e))
}

fn run() -> Result<(), DataError> {
    let mut s = String::new();
    let _ = writeln!(s, "// Generated by build.rs from data/*.toml. Do not edit.");
    let roster = at(KNIGHTS, knights(&mut s))?;
    let stacks = at(SUPPORTS, supports(&mut s))?;
    let [special, scroll] = [stacks[0], stacks[1]];
    at(CHARACTERS, characters(&mut s, &special))?;
    at(JOURNEY, journey(&mut s, &scroll))?;
    at(TITLES, titles(&mut s))?;
    at(EVENTS, events(&mut s))?;
    at(TOURNAMENTS, tournaments(&mut s, &roster))?;
    at(TABLE, table(&mut s))?;
    at(AUTOMA, automa(&mut s, &roster, &special))?;
    build::write_out("content_data.rs", &s)
}

/// What later files check against the knights: their names, in id order,
/// and how many there are of each type (by the data file's word).
struct Roster {
    names: Vec<String>,
    per_type: BTreeMap<String, usize>,
}

fn knights(s: &mut String) -> Result<Roster, String> {
    let file: KnightFile = read(KNIGHTS)?;
    if file.knight.len() != 32 {
        return Err(format!(
            "the box holds 32 knight tiles, found {}",
            file.knight.len()
        ));
    }
    let mut roster = Roster {
        names: Vec::new(),
        per_type: BTreeMap::new(),
    };
    let _ = writeln!(s, "/// The 32 knight tiles; a knight's id is his index.");
    let _ = writeln!(s, "pub const KNIGHTS: [KnightTile; 32] = [");
    for k in file.knight {
        let name = k.name;
        if roster.names.contains(&name) {
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
        let ty: KnightType = word(&kind).map_err(|e| format!("{name}: {e}"))?;
        if !(1..=15).contains(&attack) || glory > 12 || prestige > 5 {
            return Err(format!("{name}: attack 1-15, glory 0-12, prestige 0-5"));
        }
        let reduces = fewer.strength + fewer.mount + fewer.armor;
        if (ty == KnightType::Veteran) != (reduces > 0)
            || fewer.strength.max(fewer.mount).max(fewer.armor) > 3
        {
            return Err(format!(
                "{name}: Veterans, and only they, take away 1 to 3 of the opponent's dice"
            ));
        }
        comment(s, k.source, &notes);
        let _ = writeln!(
            s,
            "    KnightTile {{ name: {name:?}, kind: {}, attack: {attack}, glory: {glory}, prestige: {prestige}, fewer: [{}, {}, {}] }},",
            path(ty),
            fewer.strength,
            fewer.mount,
            fewer.armor
        );
        *roster.per_type.entry(kind).or_insert(0) += 1;
        roster.names.push(name);
    }
    let _ = writeln!(s, "];");
    Ok(roster)
}

fn characters(s: &mut String, special: &[u8; N]) -> Result<(), String> {
    let file: CharacterFile = read(CHARACTERS)?;
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
        let support: Option<Support> =
            maybe(c.support.as_deref()).map_err(|e| format!("{}: {e}", c.name))?;
        if let Some(k) = support
            && special[k.index()] == 0
        {
            return Err(format!(
                "{}: {} is not in the special-support stack",
                c.name,
                k.name()
            ));
        }
        for _ in 0..copies {
            comment(&mut body, src, &notes);
            let _ = writeln!(
                body,
                "    Character {{ name: {:?}, level: {}, glory: {glory}, coins: {coins}, strength: {strength}, faith: {faith}, income: [{}, {}, {}], mount: {mount}, armor: {armor}, titles_drawn: {}, titles_kept: {}, journey: {journey:?}, support: {} }},",
                c.name,
                c.level,
                income.coins,
                income.strength,
                income.faith,
                titles[0],
                titles[1],
                opt(support)
            );
        }
    }
    if per_level != [4, 4, 4] {
        return Err(format!("four cards of each level, found {per_level:?}"));
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

/// Returns the stacks' counts by support (special, scroll, then the three
/// regular stacks): level III characters take supports from the special
/// stack, Journey cards from the scroll stack.
fn supports(s: &mut String) -> Result<[[u8; N]; 5], String> {
    let file: SupportFile = read(SUPPORTS)?;
    let names = file.support.iter().map(|e| e.name.as_str());
    listed("the supports", names, &Support::ALL.map(Support::name))?;
    let mut stacks = [[0u8; N]; 5];
    let _ = writeln!(s, "/// The {N} supports: name and when they are used.");
    let _ = writeln!(s, "pub const SUPPORT_INFO: [SupportInfo; {N}] = [");
    for (i, e) in file.support.into_iter().enumerate() {
        let mut notes = Vec::new();
        let timing: Timing = word(&e.timing).map_err(|err| format!("{}: {err}", e.name))?;
        said(&e.text, &e.name)?;
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
            "    SupportInfo {{ name: {:?}, timing: {} }},",
            e.name,
            path(timing)
        );
    }
    let _ = writeln!(s, "];");
    let total: u32 = stacks.iter().flatten().map(|&c| u32::from(c)).sum();
    if total != 48 {
        return Err(format!(
            "the box holds 48 support tiles, the stacks hold {total}"
        ));
    }
    let _ = writeln!(
        s,
        "/// Support tiles per stack (special, scroll, first, second, third), counted by support."
    );
    let _ = writeln!(s, "pub const SUPPORT_STACKS: [[u8; {N}]; 5] = [");
    for row in &stacks {
        let _ = writeln!(s, "    {row:?},");
    }
    let _ = writeln!(s, "];");
    // The track.
    if file.track.len() != 9 {
        return Err("the support track has 9 spaces".to_string());
    }
    for (players, special, regular) in [(2u8, 1, 5), (3, 2, 6), (4, 2, 7)] {
        let used: Vec<&TrackEntry> = file.track.iter().filter(|t| t.players <= players).collect();
        let sp = used.iter().filter(|t| t.special).count();
        if sp != special || used.len() - sp != regular {
            return Err(format!(
                "at {players} players the track has {special} special and {regular} regular spaces"
            ));
        }
    }
    let mut twos = 0;
    let mut seen_regular = false;
    let _ = writeln!(s, "/// The support track's spaces, left to right.");
    let _ = writeln!(s, "pub const TRACK: [TrackSpace; 9] = [");
    for t in file.track {
        let mut notes = Vec::new();
        let cost = t.cost.resolve_noted(t.source, "cost", &mut notes);
        if t.special && seen_regular {
            return Err("special spaces come first".to_string());
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
        return Err("exactly one regular space costs 2 coins".to_string());
    }
    Ok(stacks)
}

fn journey(s: &mut String, scroll: &[u8; N]) -> Result<(), String> {
    let file: JourneyFile = read(JOURNEY)?;
    if file.deck.name.trim().is_empty() {
        return Err("the deck needs a name".to_string());
    }
    let mut per_type = [0u32; 3];
    let mut names = BTreeSet::new();
    let mut body = String::new();
    let count = file.card.len();
    for c in file.card {
        let mut notes = Vec::new();
        let copies = c.copies.resolve_noted(c.source, "copies", &mut notes);
        if !names.insert(c.name.clone()) || copies == 0 {
            return Err(format!(
                "journey card {:?} is listed twice or has no copies",
                c.name
            ));
        }
        let kind: JourneyType = word(&c.kind).map_err(|e| format!("{}: {e}", c.name))?;
        per_type[kind.index()] += u32::from(copies);
        let is = |t: JourneyType| kind == t;
        if is(JourneyType::Market) != c.cost.is_some()
            || is(JourneyType::Challenge) != c.attack.is_some()
            || is(JourneyType::Challenge) != c.prestige_value.is_some()
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
            let support: Option<Support> =
                maybe(o.support.as_deref()).map_err(|e| format!("{}: {e}", c.name))?;
            if let Some(k) = support
                && scroll[k.index()] == 0
            {
                return Err(format!(
                    "{}: Journey cards take supports from the scroll stack, which holds no {}",
                    c.name,
                    k.name()
                ));
            }
            options.push(reward(o, &c.name)?);
        }
        // `options` holds one or two rewards (checked above); a card of one
        // repeats it, so the generated pair is always full.
        let second = options.get(1).unwrap_or(&options[0]);
        comment(&mut body, c.source, &notes);
        let _ = writeln!(
            body,
            "    JourneyCard {{ name: {:?}, kind: {}, copies: {copies}, cost: {}, attack: {}, prestige: {}, options: [{}, {second}], choices: {} }},",
            c.name,
            path(kind),
            c.cost.unwrap_or(0),
            c.attack.unwrap_or(0),
            c.prestige_value.unwrap_or(0),
            options[0],
            options.len()
        );
    }
    if per_type != [26, 19, 29] {
        return Err(format!(
            "the box holds 26 Romance, 19 Market and 29 Challenge cards, found {per_type:?}"
        ));
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
    let file: TitleFile = read(TITLES)?;
    listed(
        "the titles",
        file.title.iter().map(|t| t.name.as_str()),
        &TITLE_NAMES,
    )?;
    let _ = writeln!(s, "/// The 14 title cards; a title's id is its index.");
    let _ = writeln!(s, "pub const TITLES: [TitleCard; 14] = [");
    for t in file.title {
        let mut notes = Vec::new();
        let glory = t.glory.resolve_noted(t.source, "glory", &mut notes);
        let n = t.need;
        let mut list = [0u8; N];
        for k in &n.support_list {
            let k: Support = word(k).map_err(|e| format!("{}: {e}", t.name))?;
            list[k.index()] += 1;
        }
        if glory == 0 {
            return Err(format!("{}: a title is worth glory", t.name));
        }
        comment(s, t.source, &notes);
        let _ = writeln!(
            s,
            "    TitleCard {{ name: {:?}, glory: {glory}, need: Need {{ romance: {}, market: {}, challenge: {}, supports: {}, support_list: {list:?}, relics: {}, coins: {}, strength: {}, faith: {}, prestige: {}, mount: {}, armor: {}, never_rogue: {}, duel: {:?} }} }},",
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
            n.never_rogue,
            n.duel.map(|[attack, prestige]| (attack, prestige))
        );
    }
    let _ = writeln!(s, "];");
    Ok(())
}

fn events(s: &mut String) -> Result<(), String> {
    let file: EventFile = read(EVENTS)?;
    if file.event.len() != 12 {
        return Err("the box holds 12 events".to_string());
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
        let kind: EventKind = word(&e.effect).map_err(|err| format!("{}: {err}", e.name))?;
        said(&e.text, &e.name)?;
        comment(s, e.source, &notes);
        let _ = writeln!(
            s,
            "    EventCard {{ name: {:?}, kind: {}, set: {set} }},",
            e.name,
            path(kind)
        );
    }
    let _ = writeln!(s, "];");
    if sets != [4, 4, 4] {
        return Err(format!("four events in each set, found {sets:?}"));
    }
    Ok(())
}

fn tournaments(s: &mut String, roster: &Roster) -> Result<(), String> {
    let file: TournamentFile = read(TOURNAMENTS)?;
    if file.card.len() != 12 {
        return Err("the box holds 12 tournament cards".to_string());
    }
    let mut groups: BTreeMap<(String, String), usize> = BTreeMap::new();
    let _ = writeln!(s, "/// The 12 tournament cards.");
    let _ = writeln!(s, "pub const TOURNAMENTS: [TournamentCard; 12] = [");
    for (i, c) in file.card.into_iter().enumerate() {
        let what = format!("tournament card {}", i + 1);
        // A space's knight type as Rust; an empty word is an empty space.
        let ty = |t: &str| -> Result<String, String> {
            let t: Option<KnightType> =
                maybe(Some(t).filter(|t| !t.is_empty())).map_err(|e| format!("{what}: {e}"))?;
            Ok(opt(t))
        };
        let kind: TournamentKind = word(&c.kind).map_err(|e| format!("{what}: {e}"))?;
        let joust = kind == TournamentKind::JoustAPlaisance;
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
                if roster.per_type.get(t).copied().unwrap_or(0) < n {
                    return Err(format!(
                        "{what}, round {}: more {t} knights than exist",
                        r + 1
                    ));
                }
            }
            rounds.push(format!(
                "Layout {{ towns: {}, place: {}, add: {} }}",
                array(towns.into_iter().map(array)),
                array(place),
                array(add)
            ));
        }
        comment(s, c.source, &[]);
        let _ = writeln!(
            s,
            "    TournamentCard {{ kind: {}, large: {large}, rounds: {} }},",
            path(kind),
            array(rounds)
        );
    }
    let _ = writeln!(s, "];");
    if groups.len() != 4 || groups.values().any(|&n| n != 3) {
        return Err("three cards for each tournament type and group".to_string());
    }
    Ok(())
}

fn table(s: &mut String) -> Result<(), String> {
    let t: TableFile = read(TABLE)?;
    let d = &t.dice;
    if [&d.strength, &d.mount, &d.armor]
        .iter()
        .any(|die| die.name.trim().is_empty())
    {
        return Err("every die needs a name".to_string());
    }
    let _ = writeln!(s, "// dice: {}", d.source.word());
    let _ = writeln!(
        s,
        "/// Face values by colour (strength, mount, armor); the sixth face is the symbol."
    );
    let _ = writeln!(
        s,
        "pub const DICE: [[u8; 6]; 3] = {:?};",
        [d.strength.faces, d.mount.faces, d.armor.faces]
    );
    let _ = writeln!(s, "/// What an activated symbol is worth, by colour.");
    let _ = writeln!(
        s,
        "pub const SYMBOL: [u8; 3] = {:?};",
        [d.strength.symbol, d.mount.symbol, d.armor.symbol]
    );
    let r = &t.rules;
    if r.player_glory_ahead < r.player_glory || r.pawns == 0 || r.pawns > 8 {
        return Err("rules are out of range".to_string());
    }
    let _ = writeln!(s, "// rules: {}", r.source.word());
    let _ = writeln!(s, "/// Action pawns each player places in a round.");
    let _ = writeln!(s, "pub const PAWNS: u8 = {};", r.pawns);
    let _ = writeln!(
        s,
        "/// A player's glory value in a duel: what beating them is worth."
    );
    let _ = writeln!(s, "pub const PLAYER_GLORY: u8 = {};", r.player_glory);
    let _ = writeln!(
        s,
        "/// A player's glory value when they have more glory than their opponent."
    );
    let _ = writeln!(
        s,
        "pub const PLAYER_GLORY_AHEAD: u8 = {};",
        r.player_glory_ahead
    );
    let _ = writeln!(s, "/// Journey cards one Journey phase lets a player take.");
    let _ = writeln!(s, "pub const JOURNEY_CARDS: u8 = {};", r.journey_cards);
    let _ = writeln!(
        s,
        "/// Extra Journey cards for a player out of a Joust à Plaisance in its first or second duel."
    );
    let _ = writeln!(s, "pub const JOUST_EXTRA: [u8; 2] = {:?};", r.joust_extra);
    let _ = writeln!(
        s,
        "/// The tournament winner's reward when no trophy tile is in play."
    );
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
        "pub const MARKET: [[u8; 5]; 2] = {:?};",
        [m.mount, m.armor]
    );
    let spaces: Vec<Space> = t
        .space
        .iter()
        .map(|e| word(&e.name))
        .collect::<Result<_, _>>()?;
    if spaces != Space::ALL {
        return Err(format!(
            "the action spaces come in the order {:?}",
            Space::ALL
        ));
    }
    let mut circles = Vec::new();
    for e in t.space {
        let space: Space = word(&e.name)?;
        if e.title != space.name() {
            return Err(format!(
                "space {}: the board prints {:?}",
                e.name,
                space.name()
            ));
        }
        said(&e.text, &e.name)?;
        // The initiative track and the event card take pawns by rule, the
        // others by their circles or as open zones.
        let by_rule = matches!(space, Space::Initiative | Space::Event);
        let counted = e.circles.map(|c| c.resolve(e.source));
        match (by_rule, e.open, counted) {
            (true, false, None) => {}
            (false, true, None) => circles.push((None, e.name, e.source)),
            (false, false, Some((c, source))) if c.iter().all(|&n| (1..=4).contains(&n)) => {
                circles.push((Some(c), e.name, source));
            }
            _ => {
                return Err(format!(
                    "space {} is open or has 1-4 circles (initiative and event neither)",
                    e.name
                ));
            }
        }
    }
    let _ = writeln!(
        s,
        "/// Pawns each action space takes at 2, 3 and 4 players (`None`: an open zone)."
    );
    let _ = writeln!(
        s,
        "pub const CIRCLES: [Option<[u8; 3]>; {}] = [",
        circles.len()
    );
    for (c, name, source) in circles {
        let _ = writeln!(s, "    {c:?}, // {name}: {}", source.word());
    }
    let _ = writeln!(s, "];");
    let relics = Relic::ALL.map(Relic::name);
    let prestige = Prestige::ALL.map(Prestige::name);
    for (list, names, what, total) in [
        (t.relic, &relics[..], "RELIC_COPIES", 16u32),
        (t.prestige, &prestige[..], "PRESTIGE_COPIES", 17),
    ] {
        listed(what, list.iter().map(|e| e.name.as_str()), names)?;
        // A relic says what it does, a prestige token where it comes from.
        for e in &list {
            match &e.text {
                Some(text) => said(text, &e.name)?,
                None => {
                    return Err(format!(
                        "{}: every relic and prestige token has a text",
                        e.name
                    ));
                }
            }
        }
        let counts: Vec<u8> = list
            .into_iter()
            .map(|e| e.copies.resolve(e.source).0)
            .collect();
        if counts.iter().map(|&c| u32::from(c)).sum::<u32>() != total {
            return Err(format!("{what} must add up to {total}"));
        }
        let _ = writeln!(s, "/// Copies of each in the box, in the enum's order.");
        let _ = writeln!(s, "pub const {what}: [u8; {}] = {counts:?};", counts.len());
    }
    if t.trophy.len() != 4 {
        return Err("the box holds 4 trophy tiles".to_string());
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

/// One action of an automa card, as Rust. `special` is the special
/// stack's count by support.
fn otto_action(text: &str, what: &str, special: &[u8; N]) -> Result<String, String> {
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
            let ty: JourneyType = arg.and_then(|a| word(a).ok()).ok_or_else(|| {
                format!("{what}: travel_plans needs romance, market or challenge")
            })?;
            Ok(format!("OttoAction::TravelPlans({})", path(ty)))
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
                let k: Support = word(key).map_err(|e| format!("{what}: {e}"))?;
                if special[k.index()] > 0 {
                    return Err(format!(
                        "{what}: {key} is a special support, never on a 1-coin space"
                    ));
                }
                out.push(path(k));
            }
            Ok(format!("OttoAction::Support(&{})", array(out)))
        }
        _ => Err(format!("{what}: unknown action {head:?}")),
    }
}

fn automa(s: &mut String, roster: &Roster, special: &[u8; N]) -> Result<(), String> {
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
        return Err("score targets rise from easy to hard".to_string());
    }
    let mut ids = Vec::new();
    for name in &knights {
        let id = roster
            .names
            .iter()
            .position(|k| k == name)
            .ok_or_else(|| format!("{name:?} is not a knight tile"))?;
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
    let _ = writeln!(s, "pub const RIVALRY_KNIGHTS: [u8; 3] = {};", array(ids));
    let _ = writeln!(s, "/// Rivalry mode: glory for discarding the Minstrel.");
    let _ = writeln!(s, "pub const MINSTREL_GLORY: u16 = {minstrel};");

    let mut glory = [0u8; N];
    let mut glory_source = None;
    for (key, value) in &file.special_glory {
        if key == "source" {
            glory_source = Some(value.as_str().unwrap_or("").to_string());
            continue;
        }
        let k: Support = word(key).map_err(|e| format!("special_glory: {e}"))?;
        if special[k.index()] == 0 {
            return Err(format!("special_glory: {key} is not a special support"));
        }
        glory[k.index()] = value
            .as_integer()
            .and_then(|v| u8::try_from(v).ok())
            .ok_or_else(|| format!("special_glory.{key}: a number 0-255"))?;
    }
    let Some(tag) = glory_source.filter(|w| w == "rulebook" || w == "assumed") else {
        return Err("special_glory needs source = rulebook or assumed".to_string());
    };
    let _ = writeln!(
        s,
        "/// Rivalry mode: glory for discarding each special support."
    );
    let _ = writeln!(s, "    // {tag}");
    let _ = writeln!(s, "pub const SPECIAL_GLORY: [u8; {N}] = {glory:?};");

    let expected = AutomaDeck::ALL
        .iter()
        .flat_map(|&deck| std::iter::repeat_n(deck, deck.cards()));
    let cards: usize = AutomaDeck::ALL.iter().map(|d| d.cards()).sum();
    if file.card.len() != cards {
        return Err(format!(
            "9 Solo cards, 2 Warrior and 2 Pious: {cards} cards, found {}",
            file.card.len()
        ));
    }
    let _ = writeln!(s, "/// Otto's automa cards; a card's id is its index.");
    let _ = writeln!(s, "pub const AUTOMA: [AutomaCard; {cards}] = [");
    for (card, deck) in file.card.iter().zip(expected) {
        if word::<AutomaDeck>(&card.deck) != Ok(deck) {
            return Err(format!(
                "{}: the cards come in order, 9 solo, 2 warrior, 2 pious",
                card.name
            ));
        }
        let actions: Vec<String> = card
            .actions
            .iter()
            .map(|a| otto_action(a, &card.name, special))
            .collect::<Result<_, _>>()?;
        comment(s, card.source, &[]);
        let _ = writeln!(
            s,
            "    AutomaCard {{ name: {:?}, deck: {}, actions: {} }},",
            card.name,
            path(deck),
            array(actions)
        );
    }
    let _ = writeln!(s, "];");
    Ok(())
}
