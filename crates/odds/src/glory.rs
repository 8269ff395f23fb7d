//! Glory: the exact odds of one clash against a knight.
//!
//! The player rolls min(T, 3) red Strength dice, one black Mount die per
//! mount level and one white Armor die per armor level (three at level IV),
//! exactly as the engine's roll does; four Strength tokens light the red
//! symbol and level IV the symbol of its colour. The attack is the best red
//! plus the best black plus the best white die, a colour without dice adding
//! nothing. Against a knight of attack A the player wins with attack > A,
//! or attack = A and prestige P ≥ Q.
//!
//! Every value comes from the engine's own dice,
//! [`content::die_value`](tourney_glory::content::die_value) on every face
//! of [`content::DICE`](tourney_glory::content::DICE), and every result is
//! an integer weight over one common denominator, `6^dice × 6^rerolled`, so
//! every probability is an exact fraction.
//!
//! **Faith.** With `faith` K > 0 the player may once re-roll up to K dice of
//! their choice after seeing the roll. For every roll the calculator takes
//! the choice with the highest exact chance to win. Only two things about a
//! choice matter, and the enumeration uses that:
//!
//! - a colour's result is its best die, so of the dice of one colour it is
//!   best to re-roll the lowest ones: keeping a higher die instead of a
//!   lower one can only raise the colour's result, and a higher attack never
//!   lowers the chance to win. Re-rolling `j` of a colour's `n` dice
//!   therefore keeps its best die when `j < n`, and nothing when `j = n`;
//! - so a roll matters only through the best die of each colour, and a
//!   choice only through how many dice of each colour it re-rolls.
//!
//! The calculator enumerates the best die of each colour (with the exact
//! number of rolls giving it) and, for each, every count of re-rolled dice
//! per colour within K, computing the exact win chance of each. A test
//! checks this against the naive brute force — every face of every die,
//! every subset of at most K dice, every re-rolled face — on small pools.
//! When several choices win equally often the player re-rolls the fewest
//! dice (none if nothing helps), which only matters for the `attack`
//! distribution.

use crate::{BadInput, json_distribution};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use tourney_glory::Support;
use tourney_glory::content::{BLACK, DICE, Prestige, RED, SUPPORT_STACKS, WHITE, die_value};

/// Faces of every die.
pub const FACES: u8 = DICE[0].len() as u8;
/// Strength tokens a duel takes at most (the fourth lights the red symbol).
pub const MOST_TOKENS: u8 = 4;
/// Dice of one colour at most.
pub const MOST_DICE: u8 = 3;
/// Mount and armor levels.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=4;
/// The level that lights its colour's symbol.
pub const SYMBOL_LEVEL: u8 = 4;
/// The highest attack a knight may be given: far above any printed tile.
pub const MOST_VS_ATTACK: u8 = 30;
/// The highest knight prestige the calculator takes: a generous cap (the
/// printed tiles and cards show at most 3).
pub const MOST_VS_PRESTIGE: u8 = 9;

/// Colours in the order the attack adds them up (red, black, white).
pub const COLOURS: [usize; 3] = [RED, BLACK, WHITE];

/// The most dice one Faith token can re-roll: 2, +1 per Sister, +2 per
/// Bishop, with every Sister and Bishop in the box.
pub fn most_faith() -> u8 {
    let tiles = |k: Support| -> u8 { SUPPORT_STACKS.iter().map(|s| s[k.index()]).sum() };
    2 + tiles(Support::Sister) + 2 * tiles(Support::Bishop)
}

/// Active prestige tokens a player can hold: one of each type.
pub fn most_prestige() -> u8 {
    Prestige::ALL.len() as u8
}

/// One clash of a player against a knight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClashSetup {
    /// Strength tokens on the player board (0 to 4).
    pub strength_tokens: u8,
    /// Mount level (1 to 4): one black die per level, at most three; level
    /// IV lights the black symbol.
    pub mount: u8,
    /// Armor level (1 to 4): one white die per level, at most three; level
    /// IV lights the white symbol.
    pub armor: u8,
    /// Dice one Faith re-roll may take (0: no Faith token).
    pub faith: u8,
    /// The player's active prestige tokens.
    pub prestige: u8,
    /// The knight's attack (0 to [`MOST_VS_ATTACK`]): the attack to beat.
    pub vs_attack: u8,
    /// The knight's prestige (0 to [`MOST_VS_PRESTIGE`]): an attack equal to
    /// the knight's wins only with at least this much prestige.
    pub vs_prestige: u8,
}

impl ClashSetup {
    /// Whether the rules allow this clash; the error names the flag.
    pub fn check(&self) -> Result<(), BadInput> {
        if self.strength_tokens > MOST_TOKENS {
            return Err(BadInput::new(
                "strength-tokens",
                format!(
                    "a duel takes 0 to {MOST_TOKENS} Strength tokens, not {}",
                    self.strength_tokens
                ),
            ));
        }
        for (flag, level) in [("mount", self.mount), ("armor", self.armor)] {
            if !LEVELS.contains(&level) {
                return Err(BadInput::new(
                    flag,
                    format!(
                        "levels run from {} to {}, not {level}",
                        LEVELS.start(),
                        LEVELS.end()
                    ),
                ));
            }
        }
        if self.faith > most_faith() {
            return Err(BadInput::new(
                "faith",
                format!(
                    "a Faith token re-rolls at most {} dice (2, +1 per Sister, +2 per Bishop), not {}",
                    most_faith(),
                    self.faith
                ),
            ));
        }
        if self.prestige > most_prestige() {
            return Err(BadInput::new(
                "prestige",
                format!(
                    "a player holds at most {} prestige tokens, not {}",
                    most_prestige(),
                    self.prestige
                ),
            ));
        }
        if self.vs_attack > MOST_VS_ATTACK {
            return Err(BadInput::new(
                "vs-attack",
                format!(
                    "the calculator takes a knight's attack of 0 to {MOST_VS_ATTACK}, not {}",
                    self.vs_attack
                ),
            ));
        }
        if self.vs_prestige > MOST_VS_PRESTIGE {
            return Err(BadInput::new(
                "vs-prestige",
                format!(
                    "the calculator takes a knight's prestige of 0 to {MOST_VS_PRESTIGE}, not {}",
                    self.vs_prestige
                ),
            ));
        }
        Ok(())
    }

    /// Dice rolled by colour: min(T, 3) red, and one die per level of mount
    /// and armor up to three.
    pub fn dice(&self) -> [u8; 3] {
        [
            self.strength_tokens.min(MOST_DICE),
            self.mount.min(MOST_DICE),
            self.armor.min(MOST_DICE),
        ]
    }

    /// Lit symbols by colour: four tokens for red, level IV for the others.
    pub fn active(&self) -> [bool; 3] {
        [
            self.strength_tokens >= MOST_TOKENS,
            self.mount >= SYMBOL_LEVEL,
            self.armor >= SYMBOL_LEVEL,
        ]
    }

    /// Dice rolled in all colours together; a Faith re-roll can take no more
    /// than these, and the odds' denominator is counted in them.
    pub fn total_dice(&self) -> u8 {
        self.dice().iter().sum()
    }

    /// Whether an attack value wins the clash.
    pub fn wins(&self, attack: u8) -> bool {
        attack > self.vs_attack || (attack == self.vs_attack && self.prestige >= self.vs_prestige)
    }
}

/// The exact odds of a clash. Weights count equally likely outcomes out of
/// [`ClashOdds::denominator`].
#[derive(Debug, Clone, PartialEq)]
pub struct ClashOdds {
    /// The clash these odds are for, as checked, so a report can describe it.
    pub setup: ClashSetup,
    /// The equally likely outcomes every weight counts out of:
    /// `6^(dice rolled + dice Faith may re-roll)`, one scale for the roll
    /// as it falls and after the re-roll.
    pub denominator: u64,
    /// Weight of each final attack value (after the best re-roll).
    pub attack: BTreeMap<u8, u64>,
    /// The roll as it falls, before any re-roll.
    pub plain_attack: BTreeMap<u8, u64>,
    /// Wins after the best re-roll.
    pub win: u64,
    /// Wins of the roll as it falls, without the re-roll: what `win` gains
    /// over this is what the Faith token is worth.
    pub plain_win: u64,
    /// Rolls after which Faith is used (it raises the chance to win).
    pub rerolled: u64,
}

impl ClashOdds {
    fn p(&self, weight: u64) -> f64 {
        weight as f64 / self.denominator as f64
    }

    /// The chance to win, playing the best Faith re-roll.
    pub fn p_win(&self) -> f64 {
        self.p(self.win)
    }

    /// The chance to win without re-rolling anything.
    pub fn p_plain_win(&self) -> f64 {
        self.p(self.plain_win)
    }

    /// The chance of a roll after which re-rolling raises the chance to
    /// win, so that the Faith token is spent.
    pub fn p_rerolled(&self) -> f64 {
        self.p(self.rerolled)
    }

    /// The final attack (after the best re-roll) as probabilities.
    pub fn attack_p(&self) -> BTreeMap<u8, f64> {
        self.attack.iter().map(|(&a, &w)| (a, self.p(w))).collect()
    }

    /// The attack of the roll as it falls, before any re-roll, as
    /// probabilities.
    pub fn plain_attack_p(&self) -> BTreeMap<u8, f64> {
        self.plain_attack
            .iter()
            .map(|(&a, &w)| (a, self.p(w)))
            .collect()
    }

    /// The expected final attack.
    pub fn mean_attack(&self) -> f64 {
        let sum: u128 = self
            .attack
            .iter()
            .map(|(&a, &w)| u128::from(a) * u128::from(w))
            .sum();
        sum as f64 / self.denominator as f64
    }

    /// `{"attack": {...}, "p_win": p}`.
    pub fn to_json(&self) -> Value {
        json!({
            "attack": json_distribution(&self.attack_p()),
            "p_win": self.p_win(),
        })
    }
}

/// A distribution of small values as integer weights, indexed by value.
type Weights = Vec<u64>;

fn add(w: &mut Weights, value: u8, weight: u64) {
    let i = usize::from(value);
    if w.len() <= i {
        w.resize(i + 1, 0);
    }
    w[i] += weight;
}

/// The best of `n` fresh dice of `colour`, together with `floor` (a die
/// kept from the roll; 0 adds nothing since no face is below 0), over `6^n`.
fn best_of(colour: usize, active: bool, n: u8, floor: u8) -> Weights {
    let mut w = Weights::new();
    let faces = u64::from(FACES);
    for code in 0..faces.pow(u32::from(n)) {
        let mut rest = code;
        let mut best = floor;
        for _ in 0..n {
            best = best.max(die_value(colour, (rest % faces) as u8, active));
            rest /= faces;
        }
        add(&mut w, best, 1);
    }
    w
}

/// The distribution of a sum of independent parts.
fn convolve(a: &Weights, b: &Weights) -> Weights {
    let mut out = Weights::new();
    for (x, &wa) in a.iter().enumerate() {
        for (y, &wb) in b.iter().enumerate() {
            if wa > 0 && wb > 0 {
                add(&mut out, (x + y) as u8, wa * wb);
            }
        }
    }
    out
}

/// How many dice of each colour the best Faith re-roll takes after a roll
/// whose best dice are `best` (by colour; 0 for a colour without dice): the
/// lowest dice of each colour are the ones to re-roll. `[0, 0, 0]` when no
/// re-roll raises the chance to win.
pub fn best_reroll(setup: &ClashSetup, best: [u8; 3]) -> [u8; 3] {
    best_choice(setup, best).0
}

/// The best choice and its final attack distribution over
/// `6^(dice re-rolled)`.
fn best_choice(setup: &ClashSetup, best: [u8; 3]) -> ([u8; 3], Weights) {
    let dice = setup.dice();
    let active = setup.active();
    // A colour's result after re-rolling j of its n dice, over 6^j.
    let part = |c: usize, j: u8| -> Weights {
        if j == 0 {
            let mut w = Weights::new();
            add(&mut w, best[c], 1);
            w
        } else {
            let floor = if j < dice[c] { best[c] } else { 0 };
            best_of(COLOURS[c], active[c], j, floor)
        }
    };
    let wins = |w: &Weights| -> u64 {
        w.iter()
            .enumerate()
            .filter(|&(a, _)| setup.wins(a as u8))
            .map(|(_, &x)| x)
            .sum()
    };
    let faces = u64::from(FACES);
    let most = setup.faith.min(setup.total_dice());
    let mut chosen = ([0u8; 3], Weights::new());
    // Win weight scaled to 6^most, to compare choices exactly.
    let mut chosen_win = 0u64;
    let mut chosen_n = 0u8;
    let mut first = true;
    for jr in 0..=dice[0] {
        for jb in 0..=dice[1] {
            for jw in 0..=dice[2] {
                let n = jr + jb + jw;
                if n > most {
                    continue;
                }
                let dist = convolve(&convolve(&part(0, jr), &part(1, jb)), &part(2, jw));
                let win = wins(&dist) * faces.pow(u32::from(most - n));
                if first || win > chosen_win || (win == chosen_win && n < chosen_n) {
                    chosen = ([jr, jb, jw], dist);
                    chosen_win = win;
                    chosen_n = n;
                    first = false;
                }
            }
        }
    }
    chosen
}

/// The exact odds of the clash described by `setup`.
pub fn clash_odds(setup: &ClashSetup) -> Result<ClashOdds, BadInput> {
    setup.check()?;
    let dice = setup.dice();
    let active = setup.active();
    let faces = u64::from(FACES);
    let most = setup.faith.min(setup.total_dice());
    // The best die of each colour as the roll falls, over 6^n.
    let tops: Vec<Weights> = (0..3)
        .map(|c| best_of(COLOURS[c], active[c], dice[c], 0))
        .collect();
    let mut odds = ClashOdds {
        setup: *setup,
        denominator: faces.pow(u32::from(setup.total_dice() + most)),
        attack: BTreeMap::new(),
        plain_attack: BTreeMap::new(),
        win: 0,
        plain_win: 0,
        rerolled: 0,
    };
    let scale = faces.pow(u32::from(most));
    for (r, &wr) in tops[0].iter().enumerate() {
        for (b, &wb) in tops[1].iter().enumerate() {
            for (w, &ww) in tops[2].iter().enumerate() {
                let roll = wr * wb * ww;
                if roll == 0 {
                    continue;
                }
                let best = [r as u8, b as u8, w as u8];
                let plain: u8 = best.iter().sum();
                *odds.plain_attack.entry(plain).or_default() += roll * scale;
                if setup.wins(plain) {
                    odds.plain_win += roll * scale;
                }
                let (choice, dist) = if most == 0 {
                    ([0; 3], vec![])
                } else {
                    best_choice(setup, best)
                };
                let n: u8 = choice.iter().sum();
                if n == 0 {
                    *odds.attack.entry(plain).or_default() += roll * scale;
                    if setup.wins(plain) {
                        odds.win += roll * scale;
                    }
                    continue;
                }
                odds.rerolled += roll * scale;
                let rest = scale / faces.pow(u32::from(n));
                for (a, &x) in dist.iter().enumerate() {
                    if x == 0 {
                        continue;
                    }
                    let weight = roll * x * rest;
                    *odds.attack.entry(a as u8).or_default() += weight;
                    if setup.wins(a as u8) {
                        odds.win += weight;
                    }
                }
            }
        }
    }
    Ok(odds)
}

/// A player's dice pool, as the tables name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    /// Strength tokens committed (0 to 4), as in [`ClashSetup::strength_tokens`].
    pub strength_tokens: u8,
    /// Mount level (1 to 4), as in [`ClashSetup::mount`].
    pub mount: u8,
    /// Armor level (1 to 4), as in [`ClashSetup::armor`].
    pub armor: u8,
}

/// The win chance of `pool` (with `faith`; ties won when `ties_won`, as
/// with at least the knight's prestige) against every attack in `attacks`.
pub fn win_row(
    pool: Pool,
    faith: u8,
    ties_won: bool,
    attacks: std::ops::RangeInclusive<u8>,
) -> Result<Vec<f64>, BadInput> {
    attacks
        .map(|a| {
            clash_odds(&ClashSetup {
                strength_tokens: pool.strength_tokens,
                mount: pool.mount,
                armor: pool.armor,
                faith,
                prestige: 0,
                vs_attack: a,
                vs_prestige: u8::from(!ties_won),
            })
            .map(|o| o.p_win())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(t: u8, mount: u8, armor: u8, faith: u8) -> ClashSetup {
        ClashSetup {
            strength_tokens: t,
            mount,
            armor,
            faith,
            prestige: 0,
            vs_attack: 8,
            vs_prestige: 0,
        }
    }

    #[test]
    fn weights_add_up_to_the_denominator() {
        for s in [
            setup(0, 1, 1, 0),
            setup(4, 4, 4, 0),
            setup(3, 2, 2, 2),
            setup(4, 4, 4, 10),
        ] {
            let o = clash_odds(&s).unwrap();
            assert_eq!(o.attack.values().sum::<u64>(), o.denominator, "{s:?}");
            assert_eq!(o.plain_attack.values().sum::<u64>(), o.denominator);
            assert!(o.win >= o.plain_win);
        }
        assert_eq!(
            clash_odds(&setup(4, 4, 4, 10)).unwrap().denominator,
            6u64.pow(18)
        );
    }

    #[test]
    fn the_box_allows_ten_faith_dice() {
        // 2 + 4 Sisters + 2 × 2 Bishops.
        assert_eq!(most_faith(), 10);
        assert_eq!(most_prestige(), 6);
    }

    #[test]
    fn limits_name_their_flag() {
        let flag = |s: ClashSetup| clash_odds(&s).unwrap_err().flag;
        assert_eq!(flag(setup(5, 2, 2, 0)), "strength-tokens");
        assert_eq!(flag(setup(2, 5, 2, 0)), "mount");
        assert_eq!(flag(setup(2, 0, 2, 0)), "mount");
        assert_eq!(flag(setup(2, 2, 5, 0)), "armor");
        assert_eq!(flag(setup(2, 2, 2, 11)), "faith");
        let e = clash_odds(&setup(2, 2, 7, 0)).unwrap_err();
        assert!(e.to_string().starts_with("--armor: "), "{e}");
        assert_eq!(
            flag(ClashSetup {
                prestige: 7,
                ..setup(1, 1, 1, 0)
            }),
            "prestige"
        );
        assert_eq!(
            flag(ClashSetup {
                vs_attack: 31,
                ..setup(1, 1, 1, 0)
            }),
            "vs-attack"
        );
        assert_eq!(
            flag(ClashSetup {
                vs_prestige: 10,
                ..setup(1, 1, 1, 0)
            }),
            "vs-prestige"
        );
        assert!(clash_odds(&setup(4, 4, 4, 10)).is_ok());
    }
}
