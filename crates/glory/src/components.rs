//! Glory's components as a player reads them: every name, number, cost,
//! reward and effect text the board shows, read from the data files at run
//! time. The rules run on the tables `build.rs` compiles in (`content`);
//! these are what the server serves (`GET /api/games/glory/components`) so
//! a client keeps no copy of its own, and a designer's copy of the files
//! (a renamed card, a reworded support) shows without a rebuild.
//!
//! Ids stay opaque: a view names a component by id (a Journey card's,
//! a title's, an event's or a knight's index, or a word such as
//! `weapons_master`), and the lists here are what a client looks it up in.
//! [`components_from`] checks that a copy still lists exactly the entries
//! those ids index, and says which file does not.

use crate::actions::Colour;
use crate::content::{self, EventKind, JourneyType, KnightType, Prestige, Relic, Support, Timing};
use crate::vocab::{Space, TournamentKind};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tourney_core::text::a_or_an;
use tourney_core::{DataError, DataFile, OptionInfo};
use tourney_provenance::{Field, Source};

/// The data files, as built into the crate.
pub const DATA_FILES: &[DataFile<'static>] = &[
    DataFile {
        name: "journey.toml",
        text: include_str!("../data/journey.toml"),
    },
    DataFile {
        name: "titles.toml",
        text: include_str!("../data/titles.toml"),
    },
    DataFile {
        name: "events.toml",
        text: include_str!("../data/events.toml"),
    },
    DataFile {
        name: "supports.toml",
        text: include_str!("../data/supports.toml"),
    },
    DataFile {
        name: "knights.toml",
        text: include_str!("../data/knights.toml"),
    },
    DataFile {
        name: "characters.toml",
        text: include_str!("../data/characters.toml"),
    },
    DataFile {
        name: "table.toml",
        text: include_str!("../data/table.toml"),
    },
    DataFile {
        name: "tournaments.toml",
        text: include_str!("../data/tournaments.toml"),
    },
    DataFile {
        name: "automa.toml",
        text: include_str!("../data/automa.toml"),
    },
    DataFile {
        name: "rules.toml",
        text: include_str!("../data/rules.toml"),
    },
];

/// Every component fact a Glory board shows, as the data files state it.
#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub struct Components {
    /// What the rulebook calls the cards of the three Journey decks
    /// (`journey.toml`, `[deck] name`).
    pub journey_name: String,
    /// The three Journey card types, in the order of every per-type array
    /// of the view (`journey_rows`, `journey_decks`, `hand_size`, `played`).
    pub journey_types: Vec<JourneyTypeInfo>,
    /// The Journey cards: a card's id (in the view's cards and in the
    /// `take`, `play` and `exchange` actions) is its index here.
    pub journey: Vec<JourneyInfo>,
    /// The 14 title cards: a title's id is its index here.
    pub titles: Vec<TitleInfo>,
    /// The 12 event cards: an event's id is its index here.
    pub events: Vec<EventInfo>,
    /// The 22 supports, in the rules' order: the view names a support by
    /// its word (`support`), a `scroll_stack` entry by its index here.
    pub supports: Vec<SupportInfo>,
    /// The 32 knight tiles: a knight's id is his index here.
    pub knights: Vec<KnightInfo>,
    /// The five knight types, which the view names by word.
    pub knight_types: Vec<KnightTypeInfo>,
    /// The 12 character cards (the four identical level I cards each
    /// counted): a character's id is its index here.
    pub characters: Vec<CharacterInfo>,
    /// The action spaces of the town, one entry each; the view names a
    /// space by its word (`space`).
    pub spaces: Vec<SpaceInfo>,
    /// The three dice, in the order of every per-colour array of the view
    /// (a side's `dice` and `values`, a knight's `fewer`).
    pub dice: Vec<DieInfo>,
    /// The four relics, in the order of the view's `relic_supply`.
    pub relics: Vec<RelicInfo>,
    /// The six prestige tokens, in the order of the view's
    /// `prestige_supply`.
    pub prestige: Vec<PrestigeInfo>,
    /// The four trophy tiles; the view names the tournament's trophy by
    /// its name.
    pub trophies: Vec<TrophyInfo>,
    /// The two kinds of tournament, which the view names by word.
    pub tournament_kinds: Vec<TournamentKindInfo>,
    /// How to play, for a newcomer, and a glossary of every word the board
    /// and the terminal show (`rules.toml`); `{key}` in a text stands for
    /// the table's option `key` (see `RulesText::fill`).
    pub rules: tourney_core::RulesText,
}

/// A Journey card type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct JourneyTypeInfo {
    /// The type as the view and the `draw` action name it.
    pub kind: JourneyType,
    /// The type as the rulebook prints it.
    pub name: String,
}

/// A Journey card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct JourneyInfo {
    /// The card's name.
    pub name: String,
    /// Its type: the deck and face-up row it belongs to.
    pub kind: JourneyType,
    /// Copies of it in its deck.
    pub copies: u8,
    /// Market cards: the coins it costs.
    pub cost: Option<u8>,
    /// Challenge cards: the attack of the opponent on it.
    pub attack: Option<u8>,
    /// Challenge cards: the opponent's prestige.
    pub prestige: Option<u8>,
    /// What playing it gives, in words: one reward, or two the player
    /// picks one of.
    pub rewards: Vec<String>,
    /// For each reward, the mount and the armor level its upgrade reaches
    /// (0: no upgrade). An upgrade is received only by a player exactly
    /// one level below it; anyone else gets nothing of it.
    pub upgrades: Vec<[u8; 2]>,
}

/// A title card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TitleInfo {
    /// The title's name.
    pub name: String,
    /// The glory it is worth when completed.
    pub glory: u8,
    /// What a player must have to complete it, in words.
    pub need: String,
    /// A title won by a single duel: the attack and prestige of the knight
    /// fought (the `attempt` action fights him).
    pub duel: Option<[u8; 2]>,
}

/// An event card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EventInfo {
    /// The card's name.
    pub name: String,
    /// What it does, as a rule (two cards share Recruitment).
    pub effect: EventKind,
    /// The round set it belongs to, 1 to 3.
    pub set: u8,
    /// What it does, in words.
    pub text: String,
}

/// A support.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SupportInfo {
    /// The support as the view and the actions name it.
    pub support: Support,
    /// The name printed on the tile.
    pub name: String,
    /// When it is used.
    pub timing: Timing,
    /// What it does, in words.
    pub text: String,
}

/// A knight tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct KnightInfo {
    /// The knight's name.
    pub name: String,
    /// His type, printed on the back.
    pub kind: KnightType,
    /// His attack value.
    pub attack: u8,
    /// Glory for beating him.
    pub glory: u8,
    /// His prestige (stars).
    pub prestige: u8,
    /// Dice his opponent rolls fewer, by colour (see `dice`).
    pub fewer: [u8; 3],
}

/// A knight type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct KnightTypeInfo {
    /// The type as the view names it.
    pub kind: KnightType,
    /// The type as printed on the tiles' backs.
    pub name: String,
}

/// A character card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CharacterInfo {
    /// The card's name.
    pub name: String,
    /// Its level, 1 to 3.
    pub level: u8,
    /// Starting glory.
    pub glory: u8,
    /// Starting coins.
    pub coins: u8,
    /// Starting Strength tokens.
    pub strength: u8,
    /// Starting Faith tokens.
    pub faith: u8,
    /// Coins, Strength and Faith each Maintenance phase.
    pub income: [u8; 3],
    /// Starting mount level, 1 to 4.
    pub mount: u8,
    /// Starting armor level, 1 to 4.
    pub armor: u8,
    /// Titles drawn and kept at setup.
    pub titles: [u8; 2],
    /// Romance, Market and Challenge cards drawn at setup.
    pub journey: [u8; 3],
    /// The special support a level III card grants.
    pub support: Option<Support>,
}

/// An action space.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SpaceInfo {
    /// The space as the view and the `place` action name it.
    pub space: Space,
    /// The name printed on the board.
    pub name: String,
    /// What a pawn there gives, in words.
    pub text: String,
}

/// A die colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DieInfo {
    /// The colour as the view and the `reroll` action name it.
    pub colour: Colour,
    /// What the colour stands for (Strength, Mount, Armor).
    pub name: String,
    /// The value of each face, by face number; the last is the symbol.
    pub faces: [u8; 6],
    /// What an activated symbol is worth.
    pub symbol: u8,
}

/// A relic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RelicInfo {
    /// The relic as the view names it.
    pub relic: Relic,
    /// The name printed on it.
    pub name: String,
    /// Copies in the box.
    pub copies: u8,
    /// What it does, in words.
    pub text: String,
}

/// A kind of prestige token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PrestigeInfo {
    /// The token as the view names it.
    pub prestige: Prestige,
    /// The name printed on it.
    pub name: String,
    /// Copies in the box.
    pub copies: u8,
    /// Where the token comes from, in words.
    pub text: String,
}

/// A trophy tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TrophyInfo {
    /// The tile's name, as the view's `tournament.trophy` gives it.
    pub name: String,
    /// What it gives the tournament's winner, in words.
    pub reward: String,
}

/// A kind of tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TournamentKindInfo {
    /// The kind as the view names it.
    pub kind: TournamentKind,
    /// The kind as the rulebook prints it.
    pub name: String,
}

// ---------- the files, as far as the components need them ----------

/// A value, tagged with its source or not: the components need the value.
fn value<T>(field: Field<T>) -> T {
    field.resolve(Source::Assumed).0
}

#[derive(Deserialize)]
struct JourneyFile {
    deck: DeckEntry,
    card: Vec<JourneyEntry>,
}

#[derive(Deserialize)]
struct DeckEntry {
    name: Field<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RewardEntry {
    coins: u8,
    glory: u8,
    faith: u8,
    strength: u8,
    prestige: Option<Prestige>,
    relic: Option<Relic>,
    support: Option<Support>,
    mount: u8,
    armor: u8,
    titles: u8,
}

#[derive(Deserialize)]
struct JourneyEntry {
    name: Field<String>,
    #[serde(rename = "type")]
    kind: JourneyType,
    copies: Field<u8>,
    cost: Option<Field<u8>>,
    attack: Option<Field<u8>>,
    prestige_value: Option<Field<u8>>,
    options: Vec<RewardEntry>,
}

#[derive(Deserialize)]
struct TitleFile {
    title: Vec<TitleEntry>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NeedEntry {
    romance: u8,
    market: u8,
    challenge: u8,
    supports: u8,
    support_list: Vec<Support>,
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
struct TitleEntry {
    name: Field<String>,
    glory: Field<u8>,
    need: NeedEntry,
}

#[derive(Deserialize)]
struct EventFile {
    event: Vec<EventEntry>,
}

#[derive(Deserialize)]
struct EventEntry {
    name: Field<String>,
    effect: EventKind,
    text: Field<String>,
    set: Field<u8>,
}

#[derive(Deserialize)]
struct SupportFile {
    support: Vec<SupportEntry>,
}

#[derive(Deserialize)]
struct SupportEntry {
    name: Field<String>,
    text: Field<String>,
    timing: Timing,
    /// Tiles of it in each stack; only said in its glossary entry.
    #[serde(default)]
    stacks: Option<Field<StackCounts>>,
}

/// A support's tiles by stack (`supports.toml`, `stacks`).
#[derive(Deserialize, Default, Clone, Copy)]
#[serde(default)]
struct StackCounts {
    special: u8,
    scroll: u8,
    first: u8,
    second: u8,
    third: u8,
}

#[derive(Deserialize)]
struct KnightFile {
    knight: Vec<KnightEntry>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Fewer {
    strength: u8,
    mount: u8,
    armor: u8,
}

#[derive(Deserialize)]
struct KnightEntry {
    name: Field<String>,
    #[serde(rename = "type")]
    kind: Field<KnightType>,
    attack: Field<u8>,
    glory: Field<u8>,
    prestige: Field<u8>,
    fewer: Option<Field<Fewer>>,
}

#[derive(Deserialize)]
struct CharacterFile {
    character: Vec<CharacterEntry>,
}

#[derive(Deserialize)]
struct Income {
    coins: u8,
    strength: u8,
    faith: u8,
}

#[derive(Deserialize)]
struct CharacterEntry {
    name: Field<String>,
    level: u8,
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
    support: Option<Support>,
}

#[derive(Deserialize)]
struct TableFile {
    dice: DiceEntry,
    space: Vec<SpaceEntry>,
    relic: Vec<CountEntry>,
    prestige: Vec<CountEntry>,
    trophy: Vec<TrophyEntry>,
}

#[derive(Deserialize)]
struct DieEntry {
    name: Field<String>,
    faces: [u8; 6],
    symbol: u8,
}

#[derive(Deserialize)]
struct DiceEntry {
    strength: DieEntry,
    mount: DieEntry,
    armor: DieEntry,
}

#[derive(Deserialize)]
struct SpaceEntry {
    name: Space,
    title: Field<String>,
    text: Field<String>,
}

#[derive(Deserialize)]
struct CountEntry {
    name: Field<String>,
    copies: Field<u8>,
    text: Option<Field<String>>,
}

#[derive(Deserialize)]
struct TrophyEntry {
    name: Field<String>,
    reward: RewardEntry,
}

// ---------- reading ----------

const JOURNEY: &str = "journey.toml";
const TITLES: &str = "titles.toml";
const EVENTS: &str = "events.toml";
const SUPPORTS: &str = "supports.toml";
const KNIGHTS: &str = "knights.toml";
const CHARACTERS: &str = "characters.toml";
const TABLE: &str = "table.toml";
const RULES_FILE: &str = "rules.toml";

/// One file of `files` (or the built-in one), parsed.
fn parse<T: DeserializeOwned>(files: &[DataFile<'_>], name: &str) -> Result<T, DataError> {
    let text = DataFile::text_of(files, DATA_FILES, name)
        .ok_or_else(|| DataError::new(name, "the file is missing"))?;
    toml::from_str(text).map_err(|e| DataError::new(name, e))
}

/// Fails unless a file lists as many entries as the ids index.
fn count(file: &str, what: &str, found: usize, expected: usize) -> Result<(), DataError> {
    if found == expected {
        Ok(())
    } else {
        Err(DataError::new(
            file,
            format!("{found} {what} where the game has {expected}"),
        ))
    }
}

/// The names the reward and need texts use.
struct Names {
    dice: Vec<String>,
    relics: Vec<String>,
    prestige: Vec<String>,
    supports: Vec<String>,
}

impl Names {
    fn of(list: &[String], index: usize) -> &str {
        list.get(index).map_or("?", String::as_str)
    }

    fn die(&self, colour: Colour) -> &str {
        Names::of(&self.dice, colour.index())
    }

    fn support(&self, support: Support) -> &str {
        Names::of(&self.supports, support.index())
    }

    fn relic(&self, relic: Relic) -> &str {
        Names::of(&self.relics, relic.index())
    }

    fn prestige(&self, token: Prestige) -> &str {
        let index = Prestige::ALL.iter().position(|&p| p == token).unwrap_or(0);
        Names::of(&self.prestige, index)
    }
}

/// A level as the board prints it.
fn roman(level: u8) -> &'static str {
    match level {
        1 => "I",
        2 => "II",
        3 => "III",
        4 => "IV",
        _ => "?",
    }
}

/// `n thing` or `n things`.
fn counted(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A reward in words: "3 glory and the Chamberlain token".
fn reward_text(r: &RewardEntry, names: &Names) -> String {
    let mut parts = Vec::new();
    if r.coins > 0 {
        parts.push(counted(r.coins, "coin", "coins"));
    }
    if r.glory > 0 {
        parts.push(format!("{} glory", r.glory));
    }
    if r.faith > 0 {
        parts.push(format!("{} Faith", r.faith));
    }
    if r.strength > 0 {
        parts.push(format!("{} {}", r.strength, names.die(Colour::Strength)));
    }
    if let Some(token) = r.prestige {
        parts.push(format!("the {} token", names.prestige(token)));
    }
    if let Some(relic) = r.relic {
        let name = names.relic(relic);
        parts.push(format!("{} {name} relic", a_or_an(name)));
    }
    if let Some(support) = r.support {
        let name = names.support(support);
        parts.push(format!("{} {name}", a_or_an(name)));
    }
    // An upgrade goes one level up from the level it names, never more:
    // a player below that level receives nothing of it.
    for (level, colour) in [(r.mount, Colour::Mount), (r.armor, Colour::Armor)] {
        if level > 0 {
            let from = roman(level.saturating_sub(1));
            parts.push(format!(
                "{} {from} → {} (only from {from})",
                names.die(colour),
                roman(level)
            ));
        }
    }
    if r.titles > 0 {
        parts.push(format!("draw {} titles, keep 1", r.titles));
    }
    parts.join(" and ")
}

/// A list in prose: "a", "a and b", "a, b and c".
fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What a title needs, in words, as the Title phase counts it
/// (`titles.rs`): cards of a type in the player's own discard pile;
/// supports, relics and prestige tokens owned, a flipped one as much as an
/// active one; coins and tokens held; gear levels reached. Each group says
/// which of these it is ("own … (active or flipped)", "hold …").
fn need_text(n: &NeedEntry, names: &Names) -> String {
    let mut groups = Vec::new();
    let mut played = Vec::new();
    for (cards, kind) in [
        (n.romance, JourneyType::Romance),
        (n.market, JourneyType::Market),
        (n.challenge, JourneyType::Challenge),
    ] {
        if cards > 0 {
            let done = if kind == JourneyType::Challenge {
                "played and won"
            } else {
                "played"
            };
            played.push(format!("{cards} {} cards {done}", kind.name()));
        }
    }
    if !played.is_empty() {
        groups.push(join_and(&played));
    }
    if n.never_rogue {
        groups.push(format!("no {} ever used", names.support(Support::Rogue)));
    }
    // Tiles: counted whether active or flipped, as long as they are owned.
    let mut own = Vec::new();
    if n.supports > 0 {
        own.push(counted(n.supports, "support", "supports"));
    }
    let mut listed: Vec<(Support, u8)> = Vec::new();
    for &s in &n.support_list {
        match listed.iter_mut().find(|(k, _)| *k == s) {
            Some((_, c)) => *c = c.saturating_add(1),
            None => listed.push((s, 1)),
        }
    }
    for (s, c) in listed {
        own.push(if c == 1 {
            let name = names.support(s);
            format!("{} {name}", a_or_an(name))
        } else {
            format!("{c} {} tiles", names.support(s))
        });
    }
    if n.relics > 0 {
        own.push(counted(n.relics, "relic", "relics"));
    }
    if n.prestige > 0 {
        own.push(counted(n.prestige, "prestige token", "prestige tokens"));
    }
    if !own.is_empty() {
        groups.push(format!("own {} (active or flipped)", join_and(&own)));
    }
    // Coins and tokens: what is in hand at the Title phase.
    let mut hold = Vec::new();
    if n.coins > 0 {
        hold.push(counted(n.coins, "coin", "coins"));
    }
    if n.strength > 0 {
        hold.push(format!("{} {}", n.strength, names.die(Colour::Strength)));
    }
    if n.faith > 0 {
        hold.push(format!("{} Faith", n.faith));
    }
    if !hold.is_empty() {
        groups.push(format!("hold {}", join_and(&hold)));
    }
    let mut gear = Vec::new();
    for (level, colour) in [(n.mount, Colour::Mount), (n.armor, Colour::Armor)] {
        if level > 0 {
            gear.push(format!("{} at level {}", names.die(colour), roman(level)));
        }
    }
    if !gear.is_empty() {
        groups.push(join_and(&gear));
    }
    if let Some([attack, prestige]) = n.duel {
        groups.push(format!(
            "win one duel against a knight of attack {attack}, prestige {prestige}"
        ));
    }
    groups.join("; ")
}

/// Reads the components from `files`; a file missing there is read from
/// the built-in ones. A file that does not parse, or that lists more or
/// fewer entries than the ids the views use index, or rules text that
/// breaks a rule of `rules_from` (an empty text, two entries with one id, a
/// `{key}` that is not an option), is refused with an error naming it.
pub fn components_from(files: &[DataFile<'_>]) -> Result<Components, DataError> {
    let mut rules = rules_from(files, crate::config::OPTIONS)?;
    // A table's tournaments read by their printed names in How to play
    // ("Pas d'Armes", not the option's code `pas_d_armes`).
    for kind in [TournamentKind::PasDArmes, TournamentKind::JoustAPlaisance] {
        if let Ok(serde_json::Value::String(code)) = serde_json::to_value(kind) {
            rules.value_words.insert(code, kind.name().to_string());
        }
    }
    // `{tournament_choice}` reads as what the setting means for the list
    // before it: whether rounds 2 and 3 keep their listed type.
    for (choice, words) in TOURNAMENT_CHOICE_WORDS {
        if let Ok(serde_json::Value::String(code)) = serde_json::to_value(choice) {
            rules.value_words.insert(code, words.to_string());
        }
    }
    let table: TableFile = parse(files, TABLE)?;
    let supports: SupportFile = parse(files, SUPPORTS)?;
    count(
        SUPPORTS,
        "supports",
        supports.support.len(),
        Support::ALL.len(),
    )?;
    count(TABLE, "relics", table.relic.len(), Relic::ALL.len())?;
    count(
        TABLE,
        "prestige tokens",
        table.prestige.len(),
        Prestige::ALL.len(),
    )?;
    count(
        TABLE,
        "trophies",
        table.trophy.len(),
        content::TROPHIES.len(),
    )?;

    let dice: Vec<DieInfo> = Colour::ALL
        .into_iter()
        .zip([table.dice.strength, table.dice.mount, table.dice.armor])
        .map(|(colour, d)| DieInfo {
            colour,
            name: value(d.name),
            faces: d.faces,
            symbol: d.symbol,
        })
        .collect();
    let (supports, stacks): (Vec<SupportInfo>, Vec<StackCounts>) = Support::ALL
        .into_iter()
        .zip(supports.support)
        .map(|(support, e)| {
            let info = SupportInfo {
                support,
                name: value(e.name),
                timing: e.timing,
                text: value(e.text),
            };
            (info, e.stacks.map(value).unwrap_or_default())
        })
        .unzip();
    add_support_entries(&mut rules, &supports, &stacks);
    rules
        .check(crate::config::OPTIONS)
        .map_err(|e| DataError::new(RULES_FILE, e))?;
    let relics: Vec<RelicInfo> = Relic::ALL
        .into_iter()
        .zip(table.relic)
        .map(|(relic, e)| RelicInfo {
            relic,
            name: value(e.name),
            copies: value(e.copies),
            text: e.text.map(value).unwrap_or_default(),
        })
        .collect();
    let prestige: Vec<PrestigeInfo> = Prestige::ALL
        .into_iter()
        .zip(table.prestige)
        .map(|(prestige, e)| PrestigeInfo {
            prestige,
            name: value(e.name),
            copies: value(e.copies),
            text: e.text.map(value).unwrap_or_default(),
        })
        .collect();
    let names = Names {
        dice: dice.iter().map(|d| d.name.clone()).collect(),
        relics: relics.iter().map(|r| r.name.clone()).collect(),
        prestige: prestige.iter().map(|p| p.name.clone()).collect(),
        supports: supports.iter().map(|s| s.name.clone()).collect(),
    };
    let trophies = table
        .trophy
        .into_iter()
        .map(|t| TrophyInfo {
            name: value(t.name),
            reward: reward_text(&t.reward, &names),
        })
        .collect();

    let mut spaces = Vec::new();
    for e in table.space {
        if spaces.iter().any(|s: &SpaceInfo| s.space == e.name) {
            return Err(DataError::new(
                TABLE,
                format!("the space {:?} is listed twice", e.name),
            ));
        }
        spaces.push(SpaceInfo {
            space: e.name,
            name: value(e.title),
            text: value(e.text),
        });
    }
    count(TABLE, "action spaces", spaces.len(), Space::ALL.len())?;

    let journey_file: JourneyFile = parse(files, JOURNEY)?;
    count(
        JOURNEY,
        "cards",
        journey_file.card.len(),
        content::JOURNEY.len(),
    )?;
    let mut journey = Vec::new();
    for (id, (e, built_in)) in journey_file
        .card
        .into_iter()
        .zip(content::JOURNEY.iter())
        .enumerate()
    {
        let name = value(e.name);
        // A card's id also places it in its deck and row: a card of
        // another type would be looked up in the wrong deck.
        if e.kind != built_in.kind {
            return Err(DataError::new(
                JOURNEY,
                format!(
                    "card {id} ({name}) is a {} card where the game has a {} card",
                    e.kind.name(),
                    built_in.kind.name()
                ),
            ));
        }
        journey.push(JourneyInfo {
            name,
            kind: e.kind,
            copies: value(e.copies),
            cost: e.cost.map(value),
            attack: e.attack.map(value),
            prestige: e.prestige_value.map(value),
            rewards: e.options.iter().map(|r| reward_text(r, &names)).collect(),
            upgrades: e.options.iter().map(|r| [r.mount, r.armor]).collect(),
        });
    }

    let title_file: TitleFile = parse(files, TITLES)?;
    count(
        TITLES,
        "titles",
        title_file.title.len(),
        content::TITLES.len(),
    )?;
    let titles = title_file
        .title
        .into_iter()
        .map(|t| TitleInfo {
            need: need_text(&t.need, &names),
            duel: t.need.duel,
            name: value(t.name),
            glory: value(t.glory),
        })
        .collect();

    let event_file: EventFile = parse(files, EVENTS)?;
    count(
        EVENTS,
        "events",
        event_file.event.len(),
        content::EVENTS.len(),
    )?;
    let events: Vec<EventInfo> = event_file
        .event
        .into_iter()
        .map(|e| EventInfo {
            name: value(e.name),
            effect: e.effect,
            set: value(e.set),
            text: value(e.text),
        })
        .collect();
    add_event_entries(&mut rules, &events);

    let knight_file: KnightFile = parse(files, KNIGHTS)?;
    count(
        KNIGHTS,
        "knights",
        knight_file.knight.len(),
        content::KNIGHTS.len(),
    )?;
    let knights = knight_file
        .knight
        .into_iter()
        .map(|k| {
            let fewer = k.fewer.map(value).unwrap_or_default();
            KnightInfo {
                name: value(k.name),
                kind: value(k.kind),
                attack: value(k.attack),
                glory: value(k.glory),
                prestige: value(k.prestige),
                fewer: [fewer.strength, fewer.mount, fewer.armor],
            }
        })
        .collect();

    let character_file: CharacterFile = parse(files, CHARACTERS)?;
    let mut characters = Vec::new();
    for c in character_file.character {
        let income = value(c.income);
        let info = CharacterInfo {
            name: value(c.name),
            level: c.level,
            glory: value(c.glory),
            coins: value(c.coins),
            strength: value(c.strength),
            faith: value(c.faith),
            income: [income.coins, income.strength, income.faith],
            mount: value(c.mount),
            armor: value(c.armor),
            titles: value(c.titles),
            journey: value(c.journey),
            support: c.support,
        };
        // A card that comes more than once has an id for each copy.
        for _ in 0..c.copies.unwrap_or(1) {
            characters.push(info.clone());
        }
    }
    count(
        CHARACTERS,
        "character cards",
        characters.len(),
        content::CHARACTERS.len(),
    )?;

    Ok(Components {
        journey_name: value(journey_file.deck.name),
        journey_types: JourneyType::ALL
            .into_iter()
            .map(|kind| JourneyTypeInfo {
                kind,
                name: kind.name().to_string(),
            })
            .collect(),
        journey,
        titles,
        events,
        supports,
        knights,
        knight_types: KnightType::ALL
            .into_iter()
            .map(|kind| KnightTypeInfo {
                kind,
                name: kind.name().to_string(),
            })
            .collect(),
        characters,
        spaces,
        dice,
        relics,
        prestige,
        trophies,
        tournament_kinds: [TournamentKind::PasDArmes, TournamentKind::JoustAPlaisance]
            .into_iter()
            .map(|kind| TournamentKindInfo {
                kind,
                name: kind.name().to_string(),
            })
            .collect(),
        rules,
    })
}

/// How each `tournament_choice` setting reads where How to play and the
/// glossary say `{tournament_choice}`, right after the table's list of
/// tournaments (`{tournaments}`): with `between_rounds` that list is only
/// the setting for rounds 2 and 3, whose types are picked in play
/// (`Glory::tournament_chooser`), and the board's Tournament panel
/// (`tournament.plan`) and the log name each one once it is chosen.
const TOURNAMENT_CHOICE_WORDS: [(crate::config::TournamentChoice, &str); 2] = [
    (
        crate::config::TournamentChoice::Fixed,
        "Each round plays its listed type.",
    ),
    (
        crate::config::TournamentChoice::BetweenRounds,
        "Of that list only round 1 binds: rounds 2 and 3 are chosen in play by the player last \
         on the initiative track (solo: you); the Tournament panel and log name each choice.",
    ),
];

/// The words a support's glossary entry says of its timing.
fn timing_words(timing: Timing) -> &'static str {
    match timing {
        Timing::OneTime => {
            "A one-time support: its bonus comes the moment you take it, and the tile stays \
             with you, counting for titles."
        }
        Timing::Passive => "A passive support: always in effect while you own it, never flipped.",
        Timing::Tent => {
            "A tent support: used before the first clash of a duel (one tent support per \
             duel), then flipped until Maintenance."
        }
        Timing::Lance => {
            "A lance support: used in a clash after the roll (at most two lance supports per \
             clash), then flipped until Maintenance."
        }
    }
}

/// Where a support's tiles lie at the start, in words: "4 tiles in the
/// game: 2 in the scroll stack (only Journey cards take those), 2 in the
/// regular stacks."
fn stacks_words(s: StackCounts) -> String {
    let regular = s.first.saturating_add(s.second).saturating_add(s.third);
    let parts: Vec<(u8, &str)> = [
        (s.special, "the special stack"),
        (s.scroll, "the scroll stack (only Journey cards take those)"),
        (regular, "the regular stacks"),
    ]
    .into_iter()
    .filter(|&(n, _)| n > 0)
    .collect();
    let total = parts.iter().fold(0u8, |sum, &(n, _)| sum.saturating_add(n));
    let in_game = counted(total, "tile", "tiles");
    match parts.as_slice() {
        [] => String::new(),
        [(_, place)] => format!("{in_game} in the game, in {place}."),
        many => {
            let each: Vec<String> = many
                .iter()
                .map(|(n, place)| format!("{n} in {place}"))
                .collect();
            format!("{in_game} in the game: {}.", join_and(&each))
        }
    }
}

/// A glossary entry for every support that has none in `rules.toml`, made
/// from `supports.toml`: its name, its timing, its effect and its tiles.
/// The board marks a support's name with its word (`weapons_master`), so a
/// title's need or a card's reward explains every support it names; a
/// support whose name also means something else (Veteran, King, Herald)
/// keeps the hand-written entry `<word>_support` that says which is which.
fn add_support_entries(
    rules: &mut tourney_core::RulesText,
    supports: &[SupportInfo],
    stacks: &[StackCounts],
) {
    for (i, s) in supports.iter().enumerate() {
        let Ok(serde_json::Value::String(word)) = serde_json::to_value(s.support) else {
            continue;
        };
        let written = format!("{word}_support");
        let has_entry = rules.glossary.iter().any(|e| e.id == written)
            || rules.entry(&word).is_some()
            || rules.entry(&s.name).is_some();
        if has_entry {
            continue;
        }
        let origin = stacks_words(stacks.get(i).copied().unwrap_or_default());
        let mut text = format!("{} {}", timing_words(s.timing), s.text.trim());
        if !origin.is_empty() {
            text = format!("{text} {origin}");
        }
        rules.glossary.push(tourney_core::GlossaryEntry {
            id: word,
            term: s.name.clone(),
            text,
            also: vec![format!("{} tile", s.name), format!("{} support", s.name)],
        });
    }
}

/// A glossary entry for every event card that has none in `rules.toml`,
/// made from `events.toml`, so an event named where it is not in play
/// ("5 when To Arms! is the event") explains itself too. Two cards share
/// Recruitment: one entry, which says both round sets.
fn add_event_entries(rules: &mut tourney_core::RulesText, events: &[EventInfo]) {
    for (i, event) in events.iter().enumerate() {
        // Two cards of one name (Recruitment) share one entry.
        if events.iter().take(i).any(|e| e.name == event.name) {
            continue;
        }
        let id = event
            .name
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("_");
        // A name the glossary already uses for something else (the
        // Journey event, the Journey phase) gets an entry of its own under
        // "Journey (event)".
        let (id, term) = if rules.entry(&id).is_some() || rules.entry(&event.name).is_some() {
            (format!("{id}_event"), format!("{} (event)", event.name))
        } else {
            (id, event.name.clone())
        };
        if rules.entry(&id).is_some() {
            continue;
        }
        let mut sets: Vec<String> = events
            .iter()
            .filter(|e| e.name == event.name)
            .map(|e| e.set.to_string())
            .collect();
        sets.dedup();
        let rounds = join_and(&sets);
        let round_words = if sets.len() == 1 { "round" } else { "rounds" };
        rules.glossary.push(tourney_core::GlossaryEntry {
            id,
            term,
            text: format!(
                "An event card, one of the four that may come up in {round_words} {rounds}: {}",
                event.text.trim()
            ),
            also: vec![format!("{} event", event.name)],
        });
    }
}

/// Reads `rules.toml` (How to play and the glossary), refused, naming the
/// file, on a TOML error or what `RulesText::check` refuses for the
/// game's `options`.
fn rules_from(
    files: &[DataFile<'_>],
    options: &[OptionInfo],
) -> Result<tourney_core::RulesText, DataError> {
    let rules: tourney_core::RulesText = parse(files, RULES_FILE)?;
    rules
        .check(options)
        .map_err(|e| DataError::new(RULES_FILE, e))?;
    Ok(rules)
}
