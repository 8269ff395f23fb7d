//! Dice and cards that players can audit.
//!
//! A server keeps a secret 32-byte [`DiceSeed`] per table and publishes its
//! [`commitment`](DiceSeed::commitment) (SHA-256 of the seed) when the table
//! is created. The outcome of chance step number `n` (numbered from 1, as in
//! a record's steps) is drawn from [`DiceSeed::rng`]`(n)` exactly as
//! [`crate::DynGame::sample_chance`] draws it. When the game ends the record
//! carries the seed in its [`DiceSeal`], and [`verify_dice`] checks that the
//! seed matches the commitment and that every die and card in the record is
//! the one the seed gives.
//!
//! Pure: no IO, no clocks.

use crate::{DynGame, GameEntry, GameRecord, GameRng, RecordStep};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The only derivation this build knows: step `n` is drawn from the ChaCha8
/// stream `n` keyed by the seed ([`GameRng::for_step`]).
pub const DICE_SCHEME: &str = "chacha8-step-v1";

/// A table's secret seed for its dice and cards.
///
/// Its `Debug` shows the commitment, never the seed, so a log line cannot
/// give the dice away before the game ends.
#[derive(Clone, PartialEq, Eq)]
pub struct DiceSeed([u8; 32]);

impl DiceSeed {
    /// Wraps 32 bytes the caller drew from a secure source: this crate makes
    /// no seed of its own, as it reads no clock or OS randomness.
    pub fn from_bytes(bytes: [u8; 32]) -> DiceSeed {
        DiceSeed(bytes)
    }

    /// The raw seed, to key [`GameRng::for_step`] or to store; secret until
    /// the game ends.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The seed as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads 64 hex digits (either case; nothing else, not even spaces).
    pub fn from_hex(text: &str) -> Result<DiceSeed, DiceError> {
        let digits = text.chars().count();
        if digits != 64 {
            return Err(DiceError::SeedLength { found: digits });
        }
        let mut bytes = [0u8; 32];
        let mut nibbles = text.chars().zip(1..).map(|(c, position)| {
            c.to_digit(16)
                .map(|d| d as u8)
                .ok_or(DiceError::SeedCharacter { position, found: c })
        });
        for byte in &mut bytes {
            // Exactly 64 characters were counted above, so both are there.
            let high = nibbles.next().unwrap_or(Ok(0))?;
            let low = nibbles.next().unwrap_or(Ok(0))?;
            *byte = high << 4 | low;
        }
        Ok(DiceSeed(bytes))
    }

    /// What a server publishes before the game: the lowercase hex SHA-256 of
    /// the 32 raw seed bytes.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.0))
    }

    /// The generator for step number `step` (numbered from 1).
    pub fn rng(&self, step: u64) -> GameRng {
        GameRng::for_step(&self.0, step)
    }
}

impl fmt::Debug for DiceSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DiceSeed(commitment {})", self.commitment())
    }
}

/// The `dice` field of a record: how its chance outcomes were drawn, the
/// commitment published before the game, and the seed once it is revealed.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceSeal {
    /// [`DICE_SCHEME`].
    pub scheme: String,
    /// Lowercase hex SHA-256 of the seed.
    pub commitment: String,
    /// The seed in hex, present once revealed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
}

impl DiceSeal {
    /// The seal of a game in progress: the commitment only.
    pub fn committed(seed: &DiceSeed) -> DiceSeal {
        DiceSeal {
            scheme: DICE_SCHEME.to_string(),
            commitment: seed.commitment(),
            seed: None,
        }
    }

    /// The seal of a finished game: the commitment and the seed.
    pub fn revealed(seed: &DiceSeed) -> DiceSeal {
        DiceSeal {
            seed: Some(seed.to_hex()),
            ..DiceSeal::committed(seed)
        }
    }
}

/// What [`verify_dice`] checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceAudit {
    /// Chance steps (dice rolled, cards drawn), each found to be the seed's.
    pub chance_steps: usize,
    /// All steps of the record.
    pub steps: usize,
}

/// Why a record's dice and cards could not be verified.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DiceError {
    /// The seed text is not 64 characters long.
    #[error("a dice seed is 64 hex digits (32 bytes), this one has {found} characters")]
    SeedLength {
        /// Characters it has (not bytes: an `é` counts once).
        found: usize,
    },
    /// A character of the seed text is not a hex digit.
    #[error(
        "a dice seed is 64 hex digits (0-9, a-f), but character {position} is `{}`",
        found.escape_default()
    )]
    SeedCharacter {
        /// Where it is, counting characters from 1.
        position: usize,
        /// The offending character (the message shows it escaped).
        found: char,
    },
    /// The record has no [`DiceSeal`]: its chance outcomes came from no
    /// committed seed.
    #[error(
        "the record has no dice seal: its dice and cards were not drawn from a \
         committed seed, so there is nothing to verify"
    )]
    NoSeal,
    /// The seal names a derivation other than [`DICE_SCHEME`] (given here),
    /// which this build cannot redo.
    #[error("the record's dice use the scheme `{0}`; this build verifies only `{DICE_SCHEME}`")]
    UnknownScheme(String),
    /// The seal holds only the commitment (given here): the game is still
    /// going, or the seed was withheld.
    #[error(
        "the dice seed has not been revealed yet (the record holds only the \
         commitment {0}); it is revealed when the game ends"
    )]
    NotRevealed(String),
    /// The seal's seed is not 64 hex digits; the inner error says what is
    /// wrong with it.
    #[error("the revealed dice seed is unreadable: {0}")]
    UnreadableSeed(Box<DiceError>),
    /// The revealed seed is not the one committed to before the game.
    #[error(
        "the revealed seed does not match the commitment: the commitment is \
         {commitment}, but the seed's SHA-256 is {actual}"
    )]
    CommitmentMismatch {
        /// What the seal says was published.
        commitment: String,
        /// The SHA-256 of the revealed seed.
        actual: String,
    },
    /// The record cannot be set up as this game (another game, a config or
    /// seat list it refuses); the text says why.
    #[error("the record's header: {0}")]
    Header(String),
    /// A recorded chance outcome is not the one the seed draws there: the dice
    /// or cards were not the seed's.
    #[error("step {step}: {what}: the record says {recorded} but the seed gives {drawn}")]
    Mismatch {
        /// The step, numbered from 1.
        step: usize,
        /// What was being rolled or drawn ([`DynGame::chance_step_label`]).
        what: String,
        /// The recorded outcome in a player's words (with its JSON when two
        /// outcomes read alike).
        recorded: String,
        /// What the seed draws there, in the same words.
        drawn: String,
    },
    /// The rules refuse a step, or the record has a chance outcome where none
    /// is due: it does not replay.
    #[error("step {step} does not replay: {reason}")]
    Replay {
        /// The step, numbered from 1.
        step: usize,
        /// What the rules or the check said.
        reason: String,
    },
}

/// Checks that every chance outcome of `record` is the one its revealed seed
/// gives: the seal's seed must match its commitment, and before chance step
/// `n` the outcome drawn from [`DiceSeed::rng`]`(n)` over the game's
/// [`DynGame::chance_outcomes`] (the draw of [`DynGame::sample_chance`]) must
/// be the recorded one. Every step is applied through the rules on the way.
///
/// The record's final outcome is not compared here; a replay does that.
pub fn verify_dice(entry: &GameEntry, record: &GameRecord) -> Result<DiceAudit, DiceError> {
    let seal = record.dice.as_ref().ok_or(DiceError::NoSeal)?;
    if seal.scheme != DICE_SCHEME {
        return Err(DiceError::UnknownScheme(seal.scheme.clone()));
    }
    let seed_hex = seal
        .seed
        .as_deref()
        .ok_or_else(|| DiceError::NotRevealed(seal.commitment.clone()))?;
    let seed = DiceSeed::from_hex(seed_hex).map_err(|e| DiceError::UnreadableSeed(Box::new(e)))?;
    let actual = seed.commitment();
    if !seal.commitment.eq_ignore_ascii_case(&actual) {
        return Err(DiceError::CommitmentMismatch {
            commitment: seal.commitment.clone(),
            actual,
        });
    }
    if record.game != entry.info.name {
        return Err(DiceError::Header(format!(
            "the record is of `{}`, not `{}`",
            record.game, entry.info.name
        )));
    }
    let mut game = (entry.create)(&record.config, record.seats.clone(), record.seed)
        .map_err(|e| DiceError::Header(e.to_string()))?;
    for (step, n) in record.steps.iter().zip(1..) {
        let refused = |reason: String| DiceError::Replay { step: n, reason };
        match step {
            RecordStep::Action { seat, action } => {
                if seat.index() >= game.seats() {
                    return Err(refused(format!("{seat} is not at this table")));
                }
                game.apply_json(*seat, action)
                    .map_err(|e| refused(format!("{seat} cannot do that: {e}")))?;
            }
            RecordStep::Chance { outcome } => {
                check_draw(game.as_ref(), &seed, n, outcome)?;
                game.apply_chance_json(outcome)
                    .map_err(|e| refused(format!("the chance outcome cannot come up: {e}")))?;
            }
        }
    }
    let chance_steps = record
        .steps
        .iter()
        .filter(|step| matches!(step, RecordStep::Chance { .. }))
        .count();
    Ok(DiceAudit {
        chance_steps,
        steps: record.steps.len(),
    })
}

/// Draws step `n` from the seed and compares it with the recorded outcome.
fn check_draw(
    game: &dyn DynGame,
    seed: &DiceSeed,
    n: usize,
    recorded: &serde_json::Value,
) -> Result<(), DiceError> {
    let outcomes = game.chance_outcomes();
    let (drawn, _) = seed
        .rng(n as u64)
        .pick_weighted(&outcomes)
        .and_then(|i| outcomes.get(i))
        .ok_or_else(|| DiceError::Replay {
            step: n,
            reason: "the record has a chance outcome here, but no die or card is due".into(),
        })?;
    if drawn == recorded {
        return Ok(());
    }
    let label = |outcome: &serde_json::Value| {
        game.describe_chance_json(outcome)
            .map_err(|e| DiceError::Replay {
                step: n,
                reason: e.to_string(),
            })
    };
    let mut recorded_label = label(recorded)?;
    let mut drawn_label = label(drawn)?;
    if recorded_label == drawn_label {
        // Two outcomes a player would describe alike: show what differs.
        recorded_label = format!("{recorded_label} ({recorded})");
        drawn_label = format!("{drawn_label} ({drawn})");
    }
    Err(DiceError::Mismatch {
        step: n,
        what: game.chance_step_label(),
        recorded: recorded_label,
        drawn: drawn_label,
    })
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .flat_map(|b| [b >> 4, b & 15])
        .filter_map(|nibble| char::from_digit(u32::from(nibble), 16))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counting_seed() -> DiceSeed {
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = i as u8;
        }
        DiceSeed::from_bytes(bytes)
    }

    #[test]
    fn hex_round_trips_and_reads_either_case() {
        let seed = counting_seed();
        let text = seed.to_hex();
        assert_eq!(
            text,
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        );
        assert_eq!(DiceSeed::from_hex(&text), Ok(seed.clone()));
        assert_eq!(DiceSeed::from_hex(&text.to_uppercase()), Ok(seed.clone()));
        assert_eq!(seed.as_bytes()[31], 0x1f);
    }

    #[test]
    fn bad_hex_says_what_is_wrong_and_where() {
        let short = DiceSeed::from_hex("abc").unwrap_err();
        assert_eq!(short, DiceError::SeedLength { found: 3 });
        assert_eq!(
            short.to_string(),
            "a dice seed is 64 hex digits (32 bytes), this one has 3 characters"
        );
        let spaced = format!(" {}", "0".repeat(64));
        assert_eq!(
            DiceSeed::from_hex(&spaced),
            Err(DiceError::SeedLength { found: 65 })
        );
        let mut text = "0".repeat(64);
        text.replace_range(9..10, "g");
        let bad = DiceSeed::from_hex(&text).unwrap_err();
        assert_eq!(
            bad,
            DiceError::SeedCharacter {
                position: 10,
                found: 'g'
            }
        );
        assert_eq!(
            bad.to_string(),
            "a dice seed is 64 hex digits (0-9, a-f), but character 10 is `g`"
        );
        // A multi-byte character counts as one character, and is named.
        let accented = format!("é{}", "0".repeat(63));
        assert_eq!(
            DiceSeed::from_hex(&accented),
            Err(DiceError::SeedCharacter {
                position: 1,
                found: 'é'
            })
        );
    }

    #[test]
    fn the_commitment_is_the_sha256_of_the_raw_bytes() {
        // SHA-256 of 32 zero bytes, a well-known value.
        assert_eq!(
            DiceSeed::from_bytes([0; 32]).commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        // Of the bytes, not of their hex text.
        assert_ne!(
            counting_seed().commitment(),
            hex(&Sha256::digest(counting_seed().to_hex()))
        );
    }

    #[test]
    fn debug_never_shows_the_seed() {
        let seed = counting_seed();
        let shown = format!("{seed:?}");
        assert!(!shown.contains(&seed.to_hex()), "{shown}");
        assert!(shown.contains(&seed.commitment()), "{shown}");
    }

    #[test]
    fn the_step_generator_is_the_per_step_stream() {
        let seed = counting_seed();
        let a = seed.rng(5).next_u64();
        assert_eq!(a, GameRng::for_step(seed.as_bytes(), 5).next_u64());
        assert_ne!(a, seed.rng(6).next_u64());
    }

    #[test]
    fn seals_serialize_without_a_seed_until_it_is_revealed() {
        let seed = counting_seed();
        let sealed = serde_json::to_value(DiceSeal::committed(&seed)).unwrap();
        assert_eq!(
            sealed,
            serde_json::json!({"scheme": "chacha8-step-v1", "commitment": seed.commitment()})
        );
        let revealed = DiceSeal::revealed(&seed);
        let text = serde_json::to_string(&revealed).unwrap();
        assert_eq!(serde_json::from_str::<DiceSeal>(&text).unwrap(), revealed);
        assert_eq!(revealed.seed.as_deref(), Some(seed.to_hex().as_str()));
        let typo = r#"{"scheme": "chacha8-step-v1", "commitment": "00", "sed": "00"}"#;
        assert!(serde_json::from_str::<DiceSeal>(typo).is_err());
    }

    #[test]
    fn records_without_a_seal_serialize_as_before() {
        let text = r#"{"game":"guess","rules_version":"1","config":{},"seats":["a","b"],"seed":3,"steps":[],"outcome":null}"#;
        let record: GameRecord = serde_json::from_str(text).unwrap();
        assert_eq!(record.dice, None);
        assert_eq!(serde_json::to_string(&record).unwrap(), text);
        let mut sealed = record;
        sealed.dice = Some(DiceSeal::committed(&counting_seed()));
        let again: GameRecord =
            serde_json::from_str(&serde_json::to_string(&sealed).unwrap()).unwrap();
        assert_eq!(again, sealed);
    }
}
