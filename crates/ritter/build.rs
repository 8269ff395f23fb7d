//! Reads `data/ritter.toml`, checks every rule the cards must obey and writes
//! them as Rust constants into `OUT_DIR/content_data.rs`. A data file that
//! breaks a rule fails the build, so the game never parses or doubts its
//! cards at run time.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use tourney_provenance::build::{self, DataError};

// The card count and the traits, shared with the library so the list the
// data is checked against is the one the rules use.
#[path = "src/files.rs"]
mod files;
#[allow(dead_code)]
#[path = "src/vocab.rs"]
mod vocab;
use files::{File, KnightEntry, LadyEntry, TraitEntry};
use vocab::{CARDS, Trait, TraitKind};

const DATA: &str = "data/ritter.toml";
/// Combat dice plus covered hit fields: "all knights are equally strong".
const STRENGTH: u32 = 9;

struct Knight {
    name: String,
    dice: u8,
    covered: [u8; 6],
    prefers: [Trait; 3],
    provenance: Vec<String>,
}

struct Lady {
    name: String,
    traits: [Trait; 4],
    provenance: Vec<String>,
}

struct Word {
    id: Trait,
    word: String,
    provenance: String,
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    build::finish(run());
}

fn run() -> Result<(), DataError> {
    let file: File = build::read_toml(DATA)?;
    check_and_write(file).map_err(|problem| DataError::new(DATA, problem))
}

fn check_and_write(file: File) -> Result<(), String> {
    if file.knight.len() != CARDS || file.lady.len() != CARDS {
        return Err(format!(
            "expected {CARDS} knights and {CARDS} ladies, found {} and {}",
            file.knight.len(),
            file.lady.len()
        ));
    }
    let words = trait_words(file.traits)?;
    let knights = file
        .knight
        .into_iter()
        .map(knight)
        .collect::<Result<Vec<_>, _>>()?;
    let ladies = file
        .lady
        .into_iter()
        .map(lady)
        .collect::<Result<Vec<_>, _>>()?;
    let mut names = BTreeSet::new();
    for name in knights
        .iter()
        .map(|k| &k.name)
        .chain(ladies.iter().map(|l| &l.name))
    {
        if name.trim().is_empty() || !names.insert(name.clone()) {
            return Err(format!("the name {name:?} is empty or used twice"));
        }
    }
    build::write_out("content_data.rs", &generate(&words, &knights, &ladies))
        .map_err(|e| e.to_string())
}

/// One entry per trait, in the order of [`Trait::ALL`].
fn trait_words(entries: Vec<TraitEntry>) -> Result<Vec<Word>, String> {
    let mut words: Vec<Word> = Vec::new();
    for entry in entries {
        let (word, src) = entry.word.resolve(entry.source);
        if word.trim().is_empty() {
            return Err(format!("trait {:?}: the word is empty", entry.id));
        }
        if words.iter().any(|w| w.id == entry.id) {
            return Err(format!("trait {:?} is listed twice", entry.id));
        }
        words.push(Word {
            id: entry.id,
            provenance: format!(
                "trait {:?}: {}, word {word:?}: {}",
                entry.id,
                entry.source.word(),
                src.word()
            ),
            word,
        });
    }
    Trait::ALL
        .iter()
        .map(|&t| {
            let at = words
                .iter()
                .position(|w| w.id == t)
                .ok_or_else(|| format!("trait {t:?} has no [[trait]] entry"))?;
            Ok(words.swap_remove(at))
        })
        .collect()
}

fn knight(entry: KnightEntry) -> Result<Knight, String> {
    let name = entry.name;
    let mut provenance = vec![format!("name, card: {}", entry.source.word())];
    let (dice, src) = entry.dice.resolve(entry.source);
    provenance.push(format!("dice {dice}: {}", src.word()));
    if !(1..=8).contains(&dice) {
        return Err(format!(
            "{name}: {dice} starting combat dice is not in 1..=8"
        ));
    }
    let mut covered = [0u8; 6];
    for group in entry.covered {
        let src = group.source.unwrap_or(entry.source);
        let list: Vec<String> = group.fields.iter().map(|f| f.to_string()).collect();
        provenance.push(format!("covered {}: {}", list.join(" "), src.word()));
        for field in group.fields {
            let slot = usize::from(field)
                .checked_sub(1)
                .and_then(|i| covered.get_mut(i))
                .ok_or_else(|| format!("{name}: there is no hit field {field} (1 to 6)"))?;
            *slot += 1;
            if *slot > 2 {
                return Err(format!("{name}: hit field {field} exists only twice"));
            }
        }
    }
    let strength = u32::from(dice) + covered.iter().map(|&c| u32::from(c)).sum::<u32>();
    if strength != STRENGTH {
        return Err(format!(
            "{name}: dice + covered fields = {strength}, every knight needs {STRENGTH}"
        ));
    }
    let (prefers, src) = entry.prefers.resolve(entry.source);
    provenance.push(format!("prefers: {}", src.word()));
    let prefers: [Trait; 3] = prefers
        .try_into()
        .map_err(|p: Vec<Trait>| format!("{name}: prefers needs 3 traits, not {}", p.len()))?;
    for (i, t) in prefers.iter().enumerate() {
        if prefers[..i].contains(t) {
            return Err(format!("{name}: prefers {t:?} twice"));
        }
    }
    Ok(Knight {
        name,
        dice,
        covered,
        prefers,
        provenance,
    })
}

fn lady(entry: LadyEntry) -> Result<Lady, String> {
    let name = entry.name;
    let mut provenance = vec![format!("name, card: {}", entry.source.word())];
    let mut traits = [Trait::Blond; 4];
    let fields = [entry.hair, entry.build, entry.temperament, entry.height];
    for ((field, slot), kind) in fields
        .into_iter()
        .zip(traits.iter_mut())
        .zip(TraitKind::ALL)
    {
        let (value, src) = field.resolve(entry.source);
        let what = kind.key();
        if value.kind() != kind {
            return Err(format!("{name}: {what} {value:?} is no {what} trait"));
        }
        provenance.push(format!("{what} {value:?}: {}", src.word()));
        *slot = value;
    }
    Ok(Lady {
        name,
        traits,
        provenance,
    })
}

fn generate(words: &[Word], knights: &[Knight], ladies: &[Lady]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "// Generated by build.rs from {DATA}. Do not edit.");
    let _ = writeln!(s, "impl Trait {{");
    let _ = writeln!(
        s,
        "    /// The word the texts use for the trait (\"red-haired\"), also what"
    );
    let _ = writeln!(s, "    /// `Display` writes.");
    let _ = writeln!(s, "    pub const fn word(self) -> &'static str {{");
    let _ = writeln!(s, "        match self {{");
    for w in words {
        let _ = writeln!(s, "            // {}", w.provenance);
        let _ = writeln!(s, "            Trait::{:?} => {:?},", w.id, w.word);
    }
    let _ = writeln!(s, "        }}");
    let _ = writeln!(s, "    }}");
    let _ = writeln!(s, "}}");
    let _ = writeln!(
        s,
        "/// The knight cards, in data-file order; a knight's id is its index."
    );
    let _ = writeln!(s, "pub const KNIGHTS: [KnightCard; CARDS] = [");
    for k in knights {
        for p in &k.provenance {
            let _ = writeln!(s, "    // {p}");
        }
        let prefers: Vec<String> = k.prefers.iter().map(|t| format!("Trait::{t:?}")).collect();
        let _ = writeln!(
            s,
            "    KnightCard {{ name: {:?}, dice: {}, covered: {:?}, prefers: [{}] }},",
            k.name,
            k.dice,
            k.covered,
            prefers.join(", ")
        );
    }
    let _ = writeln!(s, "];");
    let _ = writeln!(
        s,
        "/// The lady cards, in data-file order; a lady's id is her index."
    );
    let _ = writeln!(s, "pub const LADIES: [LadyCard; CARDS] = [");
    for l in ladies {
        for p in &l.provenance {
            let _ = writeln!(s, "    // {p}");
        }
        let traits: Vec<String> = l.traits.iter().map(|t| format!("Trait::{t:?}")).collect();
        let _ = writeln!(
            s,
            "    LadyCard {{ name: {:?}, traits: [{}] }},",
            l.name,
            traits.join(", ")
        );
    }
    let _ = writeln!(s, "];");
    // Which of a knight's preferences each lady meets, as a bit mask with
    // the first preference worth 4, the second 2 and the third 1: for equal
    // numbers of matches, the larger mask is the better-ranked match.
    let _ = writeln!(
        s,
        "/// `MATCHES[knight][lady]`: bit 2 = first preference met, bit 1 = second, bit 0 = third."
    );
    let _ = writeln!(s, "pub const MATCHES: [[u8; CARDS]; CARDS] = [");
    for k in knights {
        let row: Vec<u8> = ladies
            .iter()
            .map(|l| {
                k.prefers
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| l.traits.contains(p))
                    .fold(0u8, |m, (rank, _)| m | (4 >> rank))
            })
            .collect();
        let _ = writeln!(s, "    {row:?},");
    }
    let _ = writeln!(s, "];");
    s
}
