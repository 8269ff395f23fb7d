//! Reads the component data in `data/*.toml`, checks it, and writes it as Rust
//! constants to `OUT_DIR/content.rs`.
//!
//! The rules code leans on facts about the components: every map is one
//! connected board, a homeland touches its own castle, the value piles hold
//! enough tiles for the largest map, a deck has the card kinds the code knows.
//! Checking them here turns a bad data file into a build error with a reason
//! instead of a game that quietly plays differently. Adjacency, lake and
//! castle masks and the dealing order are computed here too, so the rules
//! code parses and derives nothing at run time (`src/components.rs` reads
//! the texts again only to serve names and texts to clients).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use tourney_provenance::build::{self, DataError};
use tourney_provenance::{Field, Source};

// The card kinds, Relic kinds and effects, conquest effects and hex kinds
// are the library's own types, and the data files' shapes are the ones the
// library reads at run time: one definition of each (see the modules).
#[path = "src/files.rs"]
#[allow(dead_code)]
mod files;
#[path = "src/vocab.rs"]
#[allow(dead_code)]
mod vocab;

use files::{CardData, Deck, KindData, MapData, Maps, RelicData, Relics, Tiles};
use vocab::{CARD_KINDS, Card, CardKind, CellKind as Kind, Conquest, RelicKind};

/// Most seats the game seats, and so most castles on a map.
const MAX_PLAYERS: usize = 6;
/// Cells are tracked in `u64` bit masks.
const MAX_CELLS: usize = 64;
/// The box holds three lake tiles and ten dice per player.
const LAKE_TILES: usize = 3;

/// A Relic as written out: its tip resolved to a value and a source.
struct Relic<'a> {
    data: &'a RelicData,
    tip: Option<(String, Source)>,
}

/// A field's value, whatever its source.
fn value_of<T>(field: &Field<T>) -> &T {
    match field {
        Field::Tagged(t) => &t.value,
        Field::Bare(v) => v,
    }
}

struct Cell {
    x: i32,
    y: i32,
    kind: Kind,
    /// Castle or homeland: the seat (0-based). Otherwise unused.
    seat: usize,
    /// Territory positions: victory points; homelands take their tile's.
    value: u8,
}

struct Map {
    players: usize,
    cells: Vec<Cell>,
    adj: Vec<u64>,
    deal_order: Vec<usize>,
    castles: [usize; MAX_PLAYERS],
    width: i32,
    height: i32,
}

fn main() {
    build::finish(run());
}

fn run() -> Result<(), DataError> {
    let maps: Maps = build::read_toml("data/maps.toml")?;
    let tiles: Tiles = build::read_toml("data/territories.toml")?;
    let relics: Relics = build::read_toml("data/relics.toml")?;
    let deck: Deck = build::read_toml("data/deck.toml")?;
    let in_file = |file: &'static str| move |e: String| DataError::new(format!("data/{file}"), e);
    check_tiles(&tiles).map_err(in_file("territories.toml"))?;
    let checked = check_relics(&relics).map_err(in_file("relics.toml"))?;
    let cards = check_deck(&deck).map_err(in_file("deck.toml"))?;
    let mut built = Vec::new();
    for players in 2..=MAX_PLAYERS {
        let data = match maps
            .map
            .iter()
            .filter(|m| m.players == players)
            .collect::<Vec<_>>()[..]
        {
            [one] => one,
            _ => {
                return Err(in_file("maps.toml")(format!(
                    "there must be exactly one map for {players} players"
                )));
            }
        };
        let map = build_map(data, &tiles)
            .map_err(|e| in_file("maps.toml")(format!("{players} players: {e}")))?;
        built.push(map);
    }
    if maps.map.len() != built.len() {
        return Err(in_file("maps.toml")(
            "only maps for 2 to 6 players belong here".into(),
        ));
    }
    build::write_out(
        "content.rs",
        &generate(&built, &tiles, &relics.kind, &checked, &cards),
    )
}

fn check_tiles(t: &Tiles) -> Result<(), String> {
    let mut ids = BTreeSet::new();
    let mut total = 0u32;
    let mut homeland_kinds = 0;
    for tile in &t.tile {
        if !ids.insert(tile.id.as_str()) {
            return Err(format!("tile id `{}` appears twice", tile.id));
        }
        if !(1..=3).contains(&tile.value) {
            return Err(format!("{}: territories are worth 1 to 3 points", tile.id));
        }
        if !(1..=6).contains(&tile.capacity) {
            return Err(format!(
                "{}: a territory holds 1 to 6 knights (one die)",
                tile.id
            ));
        }
        if tile.count == 0 {
            return Err(format!("{}: count must be at least 1", tile.id));
        }
        if !(0..=1).contains(&tile.attack) || !(0..=1).contains(&tile.defence) {
            return Err(format!("{}: the printed combat bonuses are +1", tile.id));
        }
        if tile.homeland {
            homeland_kinds += 1;
            if tile.attack != 0
                || tile.defence != 0
                || tile.no_support
                || tile.conquest != Conquest::None
                || tile.capacity != 6
            {
                return Err("homelands have no effect".into());
            }
        }
        total += u32::from(tile.count);
    }
    if homeland_kinds != 1 {
        return Err("exactly one tile kind must be the homeland".into());
    }
    if total != 30 {
        return Err(format!(
            "the game has 30 territory tiles, the file lists {total}"
        ));
    }
    Ok(())
}

/// The kinds of a deck card or a Relic: each exactly once, named, and
/// explained in one sentence.
fn check_kinds<K: Copy + PartialEq + std::fmt::Debug>(
    kinds: &[KindData<K>],
    all: &[K],
    what: &str,
) -> Result<(), String> {
    for &kind in all {
        match kinds.iter().filter(|k| k.id == kind).count() {
            1 => {}
            0 => return Err(format!("the {what} kind {kind:?} has no `[[kind]]` entry")),
            _ => return Err(format!("the {what} kind {kind:?} is listed twice")),
        }
    }
    for kind in kinds {
        if kind.name.is_empty() || !files::one_sentence(&kind.text) {
            return Err(format!(
                "the {what} kind {:?} needs a name and a one-sentence text",
                kind.id
            ));
        }
    }
    Ok(())
}

fn check_relics(r: &Relics) -> Result<Vec<Relic<'_>>, String> {
    check_kinds(&r.kind, &RelicKind::ALL, "Relic")?;
    let mut ids = BTreeSet::new();
    let mut effects = Vec::new();
    let mut per_kind = BTreeMap::new();
    for relic in &r.relic {
        if !ids.insert(relic.id.as_str()) {
            return Err(format!("relic id `{}` appears twice", relic.id));
        }
        let kind = relic.effect.kind();
        if kind != relic.kind {
            return Err(format!(
                "{}: effect {:?} belongs on a {kind:?}",
                relic.id, relic.effect
            ));
        }
        if effects.contains(&relic.effect) {
            return Err(format!("effect {:?} is used twice", relic.effect));
        }
        effects.push(relic.effect);
        if relic.name.is_empty() || relic.text.is_empty() {
            return Err(format!("{}: needs a name and a text", relic.id));
        }
        if !files::one_sentence(&relic.text) {
            return Err(format!(
                "{}: `text` states the effect in one sentence; advice goes in `tip`",
                relic.id
            ));
        }
        *per_kind.entry(relic.kind.index()).or_insert(0) += 1;
    }
    for kind in RelicKind::ALL {
        if per_kind.get(&kind.index()) != Some(&6) {
            return Err(format!("there must be six {kind:?}s"));
        }
    }
    if r.relic.len() != 18 {
        return Err("there are 18 relics".into());
    }
    let mut out = Vec::new();
    for data in &r.relic {
        // `Field` is read once, so the tip is resolved from a fresh copy.
        let tip = data.tip.as_ref().map(|t| match t {
            Field::Tagged(t) => (t.value.clone(), t.source),
            Field::Bare(v) => (v.clone(), data.source),
        });
        if let Some((tip, _)) = &tip
            && (tip.trim().is_empty() || data.text.contains(tip.as_str()))
        {
            return Err(format!(
                "{}: a tip is a sentence of advice that is not in `text`",
                data.id
            ));
        }
        out.push(Relic { data, tip });
    }
    Ok(out)
}

/// The deck's cards in `Card` order, each checked against its kind: a
/// Conflict card has a value of 2 to 5 or is rolled for, a Support card adds
/// 1 or 2, an Aid card has no value.
fn check_deck(d: &Deck) -> Result<Vec<&CardData>, String> {
    check_kinds(&d.kind, &CardKind::ALL, "card")?;
    let mut cards: Vec<Option<&CardData>> = vec![None; CARD_KINDS];
    for card in &d.card {
        let slot = &mut cards[card.id.index()];
        if slot.is_some() {
            return Err(format!("card {:?} is listed twice", card.id));
        }
        *slot = Some(card);
        let fits = matches!(
            (card.kind, card.value, card.die),
            (CardKind::Conflict, Some(2..=5), false)
                | (CardKind::Conflict, None, true)
                | (CardKind::Support, Some(1..=2), false)
                | (CardKind::Aid, None, false)
        );
        if !fits {
            return Err(format!(
                "card {:?}: a Conflict card is worth 2 to 5 or a die roll, a Support card \
                 adds 1 or 2, an Aid card has no value",
                card.id
            ));
        }
        if value_of(&card.name).is_empty() || !files::one_sentence(&card.text) {
            return Err(format!(
                "card {:?} needs a name and a one-sentence text",
                card.id
            ));
        }
    }
    let mut out = Vec::new();
    for (card, data) in Card::ALL.iter().zip(cards) {
        match data {
            Some(data) if data.count > 0 => out.push(data),
            _ => {
                return Err(format!(
                    "every card kind is in the deck at least once: {card:?} is not"
                ));
            }
        }
    }
    let total: u32 = out.iter().map(|c| u32::from(c.count)).sum();
    if total != 18 {
        return Err(format!("a deck has 18 cards, the file lists {total}"));
    }
    Ok(out)
}

fn neighbours(a: &Cell, b: &Cell) -> bool {
    let dx = (a.x - b.x).abs();
    let dy = (a.y - b.y).abs();
    (dy == 0 && dx == 2) || (dy == 1 && dx == 1)
}

fn build_map(data: &MapData, tiles: &Tiles) -> Result<Map, String> {
    let players = data.players;
    let mut cells = Vec::new();
    for (y, line) in data.layout.trim_matches('\n').lines().enumerate() {
        let bytes = line.as_bytes();
        let mut c = 0;
        while c < bytes.len() {
            if bytes[c] == b' ' {
                c += 1;
                continue;
            }
            let start = c;
            while c < bytes.len() && bytes[c] != b' ' {
                c += 1;
            }
            let token = &line[start..c];
            let (x, y) = (start as i32 / 2, y as i32);
            if start % 2 != 0 || (x + y) % 2 != 0 {
                return Err(format!(
                    "token `{token}` in row {} is off the hex grid",
                    y + 1
                ));
            }
            let seat_of = |t: &str| -> Result<usize, String> {
                match t[1..].parse::<usize>() {
                    Ok(s) if (1..=players).contains(&s) => Ok(s - 1),
                    _ => Err(format!("`{t}` names no seat of a {players}-player game")),
                }
            };
            let cell = match token {
                "~~" => Cell {
                    x,
                    y,
                    kind: Kind::Lake,
                    seat: 0,
                    value: 0,
                },
                "1" | "2" | "3" => Cell {
                    x,
                    y,
                    kind: Kind::Territory,
                    seat: 0,
                    value: token.as_bytes()[0] - b'0',
                },
                t if t.starts_with('C') => Cell {
                    x,
                    y,
                    kind: Kind::Castle,
                    seat: seat_of(t)?,
                    value: 0,
                },
                t if t.starts_with('H') => Cell {
                    x,
                    y,
                    kind: Kind::Homeland,
                    seat: seat_of(t)?,
                    value: 0,
                },
                t => return Err(format!("unknown token `{t}`")),
            };
            cells.push(cell);
        }
    }
    if cells.len() > MAX_CELLS {
        return Err(format!("at most {MAX_CELLS} cells"));
    }
    let homeland_value = tiles
        .tile
        .iter()
        .find(|t| t.homeland)
        .map(|t| t.value)
        .unwrap_or(1);
    for cell in cells.iter_mut().filter(|c| c.kind == Kind::Homeland) {
        cell.value = homeland_value;
    }
    let n = cells.len();
    let mut adj = vec![0u64; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && neighbours(&cells[i], &cells[j]) {
                adj[i] |= 1 << j;
            }
        }
    }
    for i in 0..n {
        for j in 0..n {
            if (adj[i] >> j) & 1 != (adj[j] >> i) & 1 {
                return Err("adjacency is not symmetric".into());
            }
        }
    }
    // One connected board.
    let mut reach = 1u64;
    loop {
        let next = (0..n)
            .filter(|&i| reach >> i & 1 == 1)
            .fold(reach, |m, i| m | adj[i]);
        if next == reach {
            break;
        }
        reach = next;
    }
    if reach.count_ones() as usize != n {
        return Err("the board is not connected".into());
    }
    let mut castles = [usize::MAX; MAX_PLAYERS];
    for (i, cell) in cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == Kind::Castle)
    {
        if castles[cell.seat] != usize::MAX {
            return Err(format!("seat {} has two castles", cell.seat + 1));
        }
        castles[cell.seat] = i;
    }
    for (seat, castle) in castles.iter().enumerate().take(players) {
        if *castle == usize::MAX {
            return Err(format!("seat {} has no castle", seat + 1));
        }
        let around = adj[*castle];
        if (0..n).any(|j| around >> j & 1 == 1 && cells[j].kind == Kind::Castle) {
            return Err(format!("castle {} touches another castle", seat + 1));
        }
        if !(0..n).any(|j| {
            around >> j & 1 == 1 && matches!(cells[j].kind, Kind::Territory | Kind::Homeland)
        }) {
            return Err(format!("castle {} touches no territory", seat + 1));
        }
        let homes = cells
            .iter()
            .filter(|c| c.kind == Kind::Homeland && c.seat == seat)
            .count();
        if homes > 2 {
            return Err(format!("castle {} has more than two homelands", seat + 1));
        }
    }
    for (i, cell) in cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == Kind::Homeland)
    {
        if adj[i] >> castles[cell.seat] & 1 == 0 {
            return Err(format!(
                "a homeland of seat {} is not next to its castle",
                cell.seat + 1
            ));
        }
    }
    if cells.iter().filter(|c| c.kind == Kind::Lake).count() > LAKE_TILES {
        return Err(format!("the box holds only {LAKE_TILES} lakes"));
    }
    // Enough tiles of each value, and enough points to win.
    for value in 1..=3u8 {
        let need = cells
            .iter()
            .filter(|c| c.kind == Kind::Territory && c.value == value)
            .count();
        let have: usize = tiles
            .tile
            .iter()
            .filter(|t| !t.homeland && t.value == value)
            .map(|t| usize::from(t.count))
            .sum();
        if need > have {
            return Err(format!(
                "{need} positions worth {value}, but only {have} such tiles"
            ));
        }
    }
    let homes_needed = cells.iter().filter(|c| c.kind == Kind::Homeland).count();
    let homes_have: usize = tiles
        .tile
        .iter()
        .filter(|t| t.homeland)
        .map(|t| usize::from(t.count))
        .sum();
    if homes_needed > homes_have {
        return Err(format!(
            "{homes_needed} homelands, but only {homes_have} homeland tiles"
        ));
    }
    let points: u32 = cells
        .iter()
        .filter(|c| c.kind == Kind::Territory)
        .map(|c| u32::from(c.value))
        .sum();
    if points < 13 {
        return Err("the non-homeland territories must be worth at least 13 points".into());
    }
    // Deal order: centre outwards. Distances are compared as squared pixel
    // distances scaled by the cell count, so the arithmetic stays exact.
    let (sx, sy) = cells.iter().fold((0i64, 0i64), |(a, b), c| {
        (a + i64::from(c.x), b + i64::from(c.y))
    });
    let count = n as i64;
    let dist = |c: &Cell| {
        let dx = i64::from(c.x) * count - sx;
        let dy = i64::from(c.y) * count - sy;
        dx * dx + 3 * dy * dy
    };
    let mut deal_order: Vec<usize> = (0..n)
        .filter(|&i| cells[i].kind == Kind::Territory)
        .collect();
    deal_order.sort_by_key(|&i| (dist(&cells[i]), i));
    let width = cells.iter().map(|c| c.x).max().unwrap_or(0) + 1;
    let height = cells.iter().map(|c| c.y).max().unwrap_or(0) + 1;
    Ok(Map {
        players,
        cells,
        adj,
        deal_order,
        castles,
        width,
        height,
    })
}

fn mask(cells: &[Cell], kind: Kind) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == kind)
        .fold(0, |m, (i, _)| m | 1 << i)
}

fn generate(
    maps: &[Map],
    tiles: &Tiles,
    relic_kinds: &[KindData<RelicKind>],
    relics: &[Relic],
    cards: &[&CardData],
) -> String {
    let mut s = String::from("// Generated by build.rs from data/*.toml. Do not edit.\n\n");
    let kinds = tiles.tile.len();
    let homeland = tiles.tile.iter().position(|t| t.homeland).unwrap_or(0);
    writeln!(
        s,
        "/// Number of distinct territory tile kinds.\npub const TILE_KINDS: usize = {kinds};"
    )
    .ok();
    writeln!(
        s,
        "/// The homeland tile kind.\npub const HOMELAND: u8 = {homeland};"
    )
    .ok();
    writeln!(s, "/// Every territory tile kind, as printed or designed.\npub static TILES: [TileInfo; TILE_KINDS] = [").ok();
    for t in &tiles.tile {
        let conquest = format!("Conquest::{:?}", t.conquest);
        writeln!(
            s,
            "    TileInfo {{ id: {:?}, name: {:?}, value: {}, count: {}, homeland: {}, attack: {}, defence: {}, capacity: {}, no_support: {}, conquest: {conquest} }},",
            t.id, t.name, t.value, t.count, t.homeland, t.attack, t.defence, t.capacity, t.no_support
        )
        .ok();
    }
    s.push_str("];\n\n");
    writeln!(
        s,
        "/// The 18 Relic cards.\npub static RELICS: [RelicInfo; 18] = ["
    )
    .ok();
    for relic in relics {
        let r = relic.data;
        let variant = format!("{:?}", r.effect);
        let kind = format!("RelicKind::{:?}", r.kind);
        writeln!(s, "    // {}: {}", r.id, r.source.word()).ok();
        let tip = match &relic.tip {
            Some((tip, source)) => {
                writeln!(s, "    // tip: {}", source.word()).ok();
                format!("Some({tip:?})")
            }
            None => "None".to_string(),
        };
        writeln!(
            s,
            "    RelicInfo {{ id: {:?}, name: {:?}, kind: {kind}, effect: RelicEffect::{variant}, text: {:?}, tip: {tip} }},",
            r.id, r.name, r.text
        )
        .ok();
    }
    s.push_str("];\n\n");
    let names: Vec<&str> = RelicKind::ALL
        .iter()
        .filter_map(|&k| relic_kinds.iter().find(|d| d.id == k))
        .map(|d| d.name.as_str())
        .collect();
    writeln!(
        s,
        "/// The Relic kinds' names, in `RelicKind` order.\npub static RELIC_KIND_NAMES: [&str; 3] = {names:?};\n"
    )
    .ok();
    writeln!(
        s,
        "/// Every card kind of the deck, in `Card` order.\npub static CARDS: [CardInfo; {CARD_KINDS}] = ["
    )
    .ok();
    for c in cards {
        let (name, source) = match &c.name {
            Field::Tagged(t) => (&t.value, t.source),
            Field::Bare(v) => (v, c.source),
        };
        writeln!(
            s,
            "    // {:?}: {}, name: {}",
            c.id,
            c.source.word(),
            source.word()
        )
        .ok();
        writeln!(
            s,
            "    CardInfo {{ name: {name:?}, kind: CardKind::{:?}, value: {}, die: {}, count: {} }},",
            c.kind,
            c.value.unwrap_or(0),
            c.die,
            c.count
        )
        .ok();
    }
    s.push_str("];\n\n");
    let max_cells = maps.iter().map(|m| m.cells.len()).max().unwrap_or(0);
    writeln!(
        s,
        "/// The most cells any map has.\npub const MAX_CELLS: usize = {max_cells};\n"
    )
    .ok();
    writeln!(
        s,
        "/// The layouts for 2 to 6 players, in that order.\npub static MAPS: [MapInfo; 5] = ["
    )
    .ok();
    for m in maps {
        s.push_str("    MapInfo {\n");
        writeln!(s, "        players: {},", m.players).ok();
        s.push_str("        cells: &[\n");
        for (i, c) in m.cells.iter().enumerate() {
            let kind = format!("CellKind::{:?}", c.kind);
            let seat = if matches!(c.kind, Kind::Castle | Kind::Homeland) {
                format!("Some(Seat({}))", c.seat)
            } else {
                "None".to_string()
            };
            writeln!(
                s,
                "            CellInfo {{ x: {}, y: {}, kind: {kind}, seat: {seat}, value: {}, adj: {:#x} }},",
                c.x, c.y, c.value, m.adj[i]
            )
            .ok();
        }
        s.push_str("        ],\n");
        let deal_order: Vec<String> = m.deal_order.iter().map(|i| format!("Cell({i})")).collect();
        writeln!(s, "        deal_order: &[{}],", deal_order.join(", ")).ok();
        let castles: Vec<String> = m
            .castles
            .iter()
            .map(|&c| {
                if c == usize::MAX {
                    "None".to_string()
                } else {
                    format!("Some(Cell({c}))")
                }
            })
            .collect();
        writeln!(s, "        castles: [{}],", castles.join(", ")).ok();
        writeln!(s, "        lakes: {:#x},", mask(&m.cells, Kind::Lake)).ok();
        writeln!(
            s,
            "        territories: {:#x},",
            mask(&m.cells, Kind::Territory) | mask(&m.cells, Kind::Homeland)
        )
        .ok();
        writeln!(
            s,
            "        homelands: {:#x},",
            mask(&m.cells, Kind::Homeland)
        )
        .ok();
        writeln!(
            s,
            "        castle_cells: {:#x},",
            mask(&m.cells, Kind::Castle)
        )
        .ok();
        writeln!(s, "        width: {},", m.width).ok();
        writeln!(s, "        height: {},", m.height).ok();
        s.push_str("    },\n");
    }
    s.push_str("];\n");
    s
}
