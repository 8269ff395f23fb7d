//! Ritter: the exact odds of a whole joust, from the first mounted round to
//! the end of the foot combat (fought without yielding).
//!
//! One round is exact by enumeration: the wounds `n` dice deal depend only
//! on how many dice show each hitting number, so every way of sharing the
//! dice among the three hitting numbers and the misses is counted with its
//! multinomial weight, and the engine's own [`wounds_from`] turns each into
//! wounds. The two knights' dice are independent.
//!
//! The joust is then a Markov chain, solved exactly:
//!
//! - **Mounted.** The first round is fought with the knights' dice. If
//!   nobody is wounded, every further round is furious (one extra die each)
//!   and identical, so "repeat until someone is hit" is a geometric series:
//!   each outcome of a furious round counts with its chance divided by the
//!   chance that somebody is hit.
//! - **On foot.** The state is both knights' wounds (0 to 9 each). A round
//!   in which nobody is wounded leaves the state as it was, so again each
//!   other outcome counts divided by the chance that something happens;
//!   wounds only grow, so backward induction from the states next to ten
//!   wounds solves the chain.
//!
//! Jousts that can never draw blood follow the engine's ruling
//! (`docs/rulings/ritter.md`, "Jousts that cannot draw blood"): knights who
//! cannot wound each other in the saddle even furious dismount at once;
//! knights who cannot wound each other on foot part undecided. That chance
//! is reported as `p_undecided`, so the four outcomes always add up to one.

use crate::{BadInput, json_distribution};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use tourney_ritter::{FIELD_COPIES, FOOT, KNOCKOUT, MAX_DICE, MOUNTED, can_wound, wounds_from};

/// Faces of a combat die.
const SIDES: u8 = 6;

/// One knight as he rides into the joust.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Knight {
    /// Combat dice (1 to 10).
    pub dice: u8,
    /// Covered hit fields per number (index 0 = field 1), 0 to 2 each.
    pub covered: [u8; 6],
    /// Wounds he brings to the joust (0 to 9).
    pub wounds: u8,
}

impl Knight {
    /// Covered fields, listed: `([1, 2, 3], [4, 5, 6])` for Apollonius.
    pub fn fields(&self) -> (Vec<u8>, Vec<u8>) {
        let list = |range: RangeInclusive<u8>| {
            range
                .flat_map(|f| std::iter::repeat_n(f, usize::from(self.covered[usize::from(f - 1)])))
                .collect()
        };
        (list(MOUNTED), list(FOOT))
    }

    /// Covered fields in all.
    pub fn covered_count(&self) -> u8 {
        self.covered.iter().sum()
    }
}

/// Which flags describe a knight, for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flags {
    /// The flag giving the knight's combat dice.
    pub dice: &'static str,
    /// The flag listing his covered mounted hit fields.
    pub mounted: &'static str,
    /// The flag listing his covered foot hit fields.
    pub foot: &'static str,
    /// The flag giving the wounds he brings to the joust.
    pub wounds: &'static str,
}

/// The flags of the first knight, the one the odds are told for (`--dice`,
/// `--mounted`, …).
pub const FIRST: Flags = Flags {
    dice: "dice",
    mounted: "mounted",
    foot: "foot",
    wounds: "wounds",
};

/// The flags of the second knight, the opponent (`--vs-dice`, …).
pub const SECOND: Flags = Flags {
    dice: "vs-dice",
    mounted: "vs-mounted",
    foot: "vs-foot",
    wounds: "vs-wounds",
};

/// Reads a list of covered field numbers (`"1,2,3"`, `""` for none) into
/// `covered`, checking the numbers belong to `hitting` and that no number
/// is covered more often than a card prints it.
pub fn parse_fields(
    flag: &'static str,
    text: &str,
    hitting: RangeInclusive<u8>,
    covered: &mut [u8; 6],
) -> Result<(), BadInput> {
    let kind = if hitting == MOUNTED {
        "mounted"
    } else {
        "foot"
    };
    let (lo, hi) = (*hitting.start(), *hitting.end());
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let field: u8 = match part.parse::<i64>() {
            Ok(n) if (1..=i64::from(SIDES)).contains(&n) && hitting.contains(&(n as u8)) => n as u8,
            Ok(n) => {
                return Err(BadInput::new(
                    flag,
                    format!("{n} is not a {kind} hit field: {kind} fields are {lo} to {hi}"),
                ));
            }
            Err(_) => {
                return Err(BadInput::new(
                    flag,
                    format!(
                        "`{part}` is not a field number: list covered {kind} fields \
                         ({lo} to {hi}) separated by commas, e.g. `{lo},{hi}`"
                    ),
                ));
            }
        };
        let slot = &mut covered[usize::from(field - 1)];
        if *slot >= FIELD_COPIES {
            return Err(BadInput::new(
                flag,
                format!(
                    "field {field} is covered more than {FIELD_COPIES} times: a card prints each number twice"
                ),
            ));
        }
        *slot += 1;
    }
    Ok(())
}

impl Knight {
    /// Builds and checks a knight from calculator inputs.
    pub fn new(
        dice: u8,
        mounted: &str,
        foot: &str,
        wounds: u8,
        flags: Flags,
    ) -> Result<Knight, BadInput> {
        if !(1..=MAX_DICE).contains(&dice) {
            return Err(BadInput::new(
                flags.dice,
                format!("a knight rolls 1 to {MAX_DICE} combat dice, not {dice}"),
            ));
        }
        if wounds >= KNOCKOUT {
            return Err(BadInput::new(
                flags.wounds,
                format!(
                    "a knight with {KNOCKOUT} wounds is out of the tournament: give 0 to {}",
                    KNOCKOUT - 1
                ),
            ));
        }
        let mut covered = [0; 6];
        parse_fields(flags.mounted, mounted, MOUNTED, &mut covered)?;
        parse_fields(flags.foot, foot, FOOT, &mut covered)?;
        Ok(Knight {
            dice,
            covered,
            wounds,
        })
    }
}

/// What kind of round the joust starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstRound {
    /// The usual start: a mounted round.
    Mounted,
    /// Neither knight could unhorse the other even furious: they dismount at once.
    Foot,
    /// Nobody can wound anybody: the joust ends undecided before a die is rolled.
    None,
}

/// The exact odds of a joust, from the first knight's point of view.
#[derive(Debug, Clone, PartialEq)]
pub struct JoustOdds {
    /// The first knight wins: unhorses the other, or knocks him out first.
    pub p_win: f64,
    /// The second knight wins, in the same ways.
    pub p_lose: f64,
    /// Both reach ten wounds in the same round: both out, nobody wins.
    pub p_both_out: f64,
    /// The joust can never draw blood: undecided, nobody wins.
    pub p_undecided: f64,
    /// The part of `p_win` decided in the saddle (the rest is won on foot).
    pub p_win_mounted: f64,
    /// The part of `p_lose` decided in the saddle.
    pub p_lose_mounted: f64,
    /// Both fall and fight on foot (or dismount at once).
    pub p_foot: f64,
    /// How the joust starts, and so what kind of round (if any)
    /// `first_round_wounds` describes.
    pub first_round: FirstRound,
    /// Wounds the first knight deals in the first round (raw hits, before
    /// the ten-wound cap); `{0: 1}` when no round is fought.
    pub first_round_wounds: BTreeMap<u8, f64>,
}

impl JoustOdds {
    /// `{"p_win", "p_lose", "p_both_out", "first_round_wounds": {...}}`: exactly
    /// the fields the command promises. The chance of a joust that can never
    /// draw blood is what the three `p_` fields leave to 1 (`p_undecided`,
    /// shown in the readable output).
    pub fn to_json(&self) -> Value {
        // Sums of products can stray past 0 or 1 by a rounding step.
        let p = |x: f64| x.clamp(0.0, 1.0);
        json!({
            "p_win": p(self.p_win),
            "p_lose": p(self.p_lose),
            "p_both_out": p(self.p_both_out),
            "first_round_wounds": json_distribution(&self.first_round_wounds),
        })
    }
}

fn factorial(n: u8) -> u64 {
    (1..=u64::from(n)).product()
}

/// Exact chances of the wounds `dice` dice deal to a knight with `covered`
/// fields on the `hitting` numbers: index = wounds.
pub fn wounds_dealt(dice: u8, covered: &[u8; 6], hitting: RangeInclusive<u8>) -> Vec<f64> {
    let numbers: Vec<u8> = hitting.clone().collect();
    let misses = u64::from(SIDES) - numbers.len() as u64;
    let mut weights = vec![0u64; usize::from(dice) + 1];
    let mut faces = Vec::with_capacity(usize::from(dice));
    // Every way to share the dice: k[0] on the first hitting number, and so on.
    let mut split = |k: [u8; 3]| {
        let hits: u8 = k.iter().sum();
        if hits > dice {
            return;
        }
        let miss = dice - hits;
        let ways = factorial(dice)
            / (factorial(miss) * k.iter().map(|&x| factorial(x)).product::<u64>())
            * misses.pow(u32::from(miss));
        faces.clear();
        for (&number, &count) in numbers.iter().zip(&k) {
            faces.extend(std::iter::repeat_n(number, usize::from(count)));
        }
        let wounds = wounds_from(&faces, covered, hitting.clone());
        weights[usize::from(wounds)] += ways;
    };
    for a in 0..=dice {
        for b in 0..=dice - a {
            for c in 0..=dice - a - b {
                split([a, b, c]);
            }
        }
    }
    let total = u64::from(SIDES).pow(u32::from(dice)) as f64;
    weights.into_iter().map(|w| w as f64 / total).collect()
}

/// The chances of one round: `taken[k][w]` is the chance that knight `k`
/// takes `w` wounds. Independent for the two knights.
struct Round {
    taken: [Vec<f64>; 2],
}

impl Round {
    fn new(knights: &[Knight; 2], extra: u8, hitting: RangeInclusive<u8>) -> Round {
        let [a, b] = knights;
        Round {
            taken: [
                wounds_dealt(b.dice + extra, &a.covered, hitting.clone()),
                wounds_dealt(a.dice + extra, &b.covered, hitting),
            ],
        }
    }

    /// Every (wounds to the first, wounds to the second, chance).
    fn outcomes(&self) -> impl Iterator<Item = (u8, u8, f64)> + '_ {
        self.taken[0].iter().enumerate().flat_map(move |(x, &px)| {
            self.taken[1]
                .iter()
                .enumerate()
                .map(move |(y, &py)| (x as u8, y as u8, px * py))
        })
    }

    fn nobody_hurt(&self) -> f64 {
        self.taken[0][0] * self.taken[1][0]
    }
}

/// Chances of the ways a joust ends, accumulated.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Ends {
    win: f64,
    lose: f64,
    both: f64,
}

const STATES: usize = KNOCKOUT as usize;

/// Foot combat without yielding: from every wound state (a, b) below ten,
/// the chances of winning, losing and both going out.
fn foot_values(knights: &[Knight; 2]) -> Vec<[Ends; STATES]> {
    let round = Round::new(knights, 0, FOOT);
    let go_on = 1.0 - round.nobody_hurt();
    let mut values = vec![[Ends::default(); STATES]; STATES];
    for a in (0..STATES).rev() {
        for b in (0..STATES).rev() {
            let mut v = Ends::default();
            for (x, y, p) in round.outcomes() {
                if (x, y) == (0, 0) || p == 0.0 {
                    continue;
                }
                let (na, nb) = (a + usize::from(x), b + usize::from(y));
                let p = p / go_on;
                match (na >= STATES, nb >= STATES) {
                    (true, true) => v.both += p,
                    (true, false) => v.lose += p,
                    (false, true) => v.win += p,
                    (false, false) => {
                        let next = values[na][nb];
                        v.win += p * next.win;
                        v.lose += p * next.lose;
                        v.both += p * next.both;
                    }
                }
            }
            values[a][b] = v;
        }
    }
    values
}

/// The exact odds of a joust between `knights[0]` (the one asked about) and
/// `knights[1]`.
pub fn joust_odds(knights: &[Knight; 2]) -> JoustOdds {
    let [a, b] = knights;
    let mounted_possible =
        can_wound(a.dice + 1, &b.covered, MOUNTED) || can_wound(b.dice + 1, &a.covered, MOUNTED);
    let foot_possible = can_wound(a.dice, &b.covered, FOOT) || can_wound(b.dice, &a.covered, FOOT);

    let mut ends = Ends::default();
    // Chance of starting the foot combat with each pair of wounds.
    let mut foot_entry: BTreeMap<(u8, u8), f64> = BTreeMap::new();
    let mut first_round_wounds = BTreeMap::new();
    let first_round;

    if mounted_possible {
        first_round = FirstRound::Mounted;
        let first = Round::new(knights, 0, MOUNTED);
        let furious = Round::new(knights, 1, MOUNTED);
        for (w, &p) in first.taken[1].iter().enumerate() {
            first_round_wounds.insert(w as u8, p);
        }
        let mut settle = |x: u8, y: u8, p: f64| {
            let (na, nb) = (a.wounds + x, b.wounds + y);
            // Ten wounds in the saddle: out and beaten, even if the other fell.
            match (na >= KNOCKOUT, nb >= KNOCKOUT) {
                (true, true) => ends.both += p,
                (true, false) => ends.lose += p,
                (false, true) => ends.win += p,
                (false, false) => match (x > 0, y > 0) {
                    (true, true) => *foot_entry.entry((na, nb)).or_default() += p,
                    (true, false) => ends.lose += p,
                    (false, true) => ends.win += p,
                    (false, false) => {}
                },
            }
        };
        for (x, y, p) in first.outcomes() {
            settle(x, y, p);
        }
        // Nobody hurt: furious rounds until someone is. Mounted blood is
        // possible with the furious die, so this chance is below one.
        let to_furious = first.nobody_hurt();
        let go_on = 1.0 - furious.nobody_hurt();
        for (x, y, p) in furious.outcomes() {
            if (x, y) != (0, 0) {
                settle(x, y, to_furious * p / go_on);
            }
        }
    } else {
        foot_entry.insert((a.wounds, b.wounds), 1.0);
        if foot_possible {
            first_round = FirstRound::Foot;
            for (w, p) in wounds_dealt(a.dice, &b.covered, FOOT)
                .into_iter()
                .enumerate()
            {
                first_round_wounds.insert(w as u8, p);
            }
        } else {
            first_round = FirstRound::None;
            first_round_wounds.insert(0, 1.0);
        }
    }

    let (win_mounted, lose_mounted) = (ends.win, ends.lose);
    let p_foot: f64 = foot_entry.values().sum();
    let mut undecided = 0.0;
    if foot_possible {
        let values = foot_values(knights);
        for (&(wa, wb), &p) in &foot_entry {
            let v = values[usize::from(wa)][usize::from(wb)];
            ends.win += p * v.win;
            ends.lose += p * v.lose;
            ends.both += p * v.both;
        }
    } else {
        undecided = p_foot;
    }
    JoustOdds {
        p_win: ends.win,
        p_lose: ends.lose,
        p_both_out: ends.both,
        p_undecided: undecided,
        p_win_mounted: win_mounted,
        p_lose_mounted: lose_mounted,
        p_foot,
        first_round,
        first_round_wounds,
    }
}

/// The order in which the tables cover fields: every number once, mounted
/// first (the rulebook's tip), then the second copies. Apollonius, with six
/// covered fields, covers exactly the first six.
pub const COVER_ORDER: [u8; 12] = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6];

/// A knight with `dice` dice and the first `covered` fields of
/// [`COVER_ORDER`] covered, unwounded.
pub fn standard_knight(dice: u8, covered: usize) -> Knight {
    let mut fields = [0; 6];
    for &f in COVER_ORDER.iter().take(covered) {
        fields[usize::from(f - 1)] += 1;
    }
    Knight {
        dice,
        covered: fields,
        wounds: 0,
    }
}

/// Ways to spend training points, for the training table: extra dice and
/// extra covered fields (the next ones in [`COVER_ORDER`]); the first is
/// no training at all.
pub const TRAININGS: [(u8, usize); 6] = [(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2)];

/// Equal knights of `dice` dice and `covered` covered fields.
pub fn equal_knights(dice: u8, covered: usize) -> JoustOdds {
    let k = standard_knight(dice, covered);
    joust_odds(&[k, k])
}

/// A knight of `dice` dice and `covered` fields who spends `training`
/// (extra dice, extra fields) against his untrained twin.
pub fn trained_against_twin(dice: u8, covered: usize, training: (u8, usize)) -> JoustOdds {
    let twin = standard_knight(dice, covered);
    let trained = standard_knight(dice + training.0, covered + training.1);
    joust_odds(&[trained, twin])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_against_nothing_covered() {
        // One die, nothing covered: faces 1-3 hit in the saddle, 4-6 on foot.
        let d = wounds_dealt(1, &[0; 6], MOUNTED);
        assert_eq!(d, vec![0.5, 0.5]);
        // Three dice against one covered 1: wounds = hits, less one if any 1.
        let d = wounds_dealt(3, &[1, 0, 0, 0, 0, 0], MOUNTED);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Three wounds: all three dice on 2 or 3 → (2/6)^3 = 8/216.
        assert!((d[3] - 8.0 / 216.0).abs() < 1e-12);
    }

    #[test]
    fn fields_are_checked() {
        let mut c = [0; 6];
        assert!(parse_fields("mounted", "1,1,2", MOUNTED, &mut c).is_ok());
        assert_eq!(c, [2, 1, 0, 0, 0, 0]);
        let e = parse_fields("mounted", "1", MOUNTED, &mut c).unwrap_err();
        assert!(e.message.contains("more than 2"), "{e}");
        let e = parse_fields("foot", "7", FOOT, &mut [0; 6]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--foot: 7 is not a foot hit field: foot fields are 4 to 6"
        );
        assert!(parse_fields("foot", "3", FOOT, &mut [0; 6]).is_err());
        assert!(parse_fields("foot", "-4", FOOT, &mut [0; 6]).is_err());
        assert!(parse_fields("foot", "x", FOOT, &mut [0; 6]).is_err());
        assert!(parse_fields("foot", "", FOOT, &mut [0; 6]).is_ok());
        assert!(Knight::new(0, "", "", 0, FIRST).is_err());
        assert!(Knight::new(11, "", "", 0, FIRST).is_err());
        assert_eq!(
            Knight::new(3, "", "", 10, SECOND).unwrap_err().flag,
            "vs-wounds"
        );
    }
}
