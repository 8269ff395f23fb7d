//! Card Joust: the exact odds of one player's roll in a pass.
//!
//! The roll is enumerated completely: every face of every jousting d12
//! (two, or three with the ground mount's gift), the number of snakes among
//! the injury d6s (a binomial count: only snakes matter for one pass), and
//! the lance of war's shield bonus d12 when it is rolled. Each combination is
//! counted with an integer weight over one common denominator,
//! `12^dice × 6^injury dice × 12`, so every probability is an exact fraction.
//!
//! The counting is the engine's own: [`dice::tally`] (kept dice, ravens,
//! feathers, ones), [`dice::net`] (snakes), [`dice::successes`] for the bonus
//! die and [`pass::resolve`] for fumbles and points. The opponent is taken
//! to do nothing to the roller (no successes, no ones): the odds are the
//! roller's own. No push is made.

use crate::{BadInput, json_distribution};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use tourney_joust::content::{
    D6_SIDES, D12_SIDES, HIGHEST_RANK, JOUSTING_DICE, LOWEST_RANK, MOST_MINOR,
};
use tourney_joust::pass::{self, Count, DISMOUNT_AT, STRONG};
use tourney_joust::{Gear, Lance, Scoring, Slot, dice};

/// The most major-injury dice the calculator accepts. The rules set no
/// limit (a major injury never heals), but every major injury is followed by
/// a roll of the whole pool that ends the knight's event on any snake, so a
/// knight still riding with more than a few is a curiosity; nine keeps the
/// enumeration tiny and the answer meaningful.
pub const MOST_MAJOR: u8 = 9;

/// One player's situation in a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassSetup {
    /// The opponent's card on the aimed slot (2 to 10).
    pub target: u8,
    /// The rider's mount and lance: a flying mount changes how the d12s
    /// count, and the lance decides the scoring and the shield's bonus die.
    pub gear: Gear,
    /// Left and right arm score the same; either stands for "arm".
    pub aim: Slot,
    /// The ground mount's gift: three d12, the two highest kept.
    pub gift: bool,
    /// Minor-injury dice in the knight's pool (0 to 3).
    pub minor: u8,
    /// Major-injury dice in the knight's pool (0 to [`MOST_MAJOR`]).
    pub major: u8,
}

impl PassSetup {
    /// Whether the rules allow this situation; the error names the flag.
    pub fn check(&self) -> Result<(), BadInput> {
        if !(LOWEST_RANK..=HIGHEST_RANK).contains(&self.target) {
            return Err(BadInput::new(
                "target",
                format!(
                    "the target is a number card, {LOWEST_RANK} to {HIGHEST_RANK}, not {}",
                    self.target
                ),
            ));
        }
        if self.minor > MOST_MINOR {
            return Err(BadInput::new(
                "minor",
                format!(
                    "a knight holds at most {MOST_MINOR} minor-injury dice, not {}",
                    self.minor
                ),
            ));
        }
        if self.major > MOST_MAJOR {
            return Err(BadInput::new(
                "major",
                format!(
                    "the calculator takes 0 to {MOST_MAJOR} major-injury dice, not {}",
                    self.major
                ),
            ));
        }
        Ok(())
    }

    /// Jousting d12s rolled.
    pub fn d12(&self) -> u8 {
        JOUSTING_DICE + u8::from(self.gift)
    }

    /// Injury d6s rolled.
    pub fn injury_dice(&self) -> u8 {
        self.minor + self.major
    }

    /// The lance of war aimed at the shield rolls a bonus d12 at S ≥ 2.
    pub fn has_bonus_die(&self) -> bool {
        self.gear.lance == Lance::War && self.aim == Slot::Shield
    }
}

/// The exact odds of one roll. Every weight counts equally likely
/// combinations of faces out of [`PassOdds::denominator`].
#[derive(Debug, Clone, PartialEq)]
pub struct PassOdds {
    /// The pass these odds are for, as checked, so a report can describe it.
    pub setup: PassSetup,
    /// The equally likely outcomes every weight counts out of:
    /// `12^d12s × 6^injury dice`, times 12 when the bonus die can be rolled.
    pub denominator: u64,
    /// Weight of each final net success count S (bonus die included).
    pub successes: BTreeMap<u8, u64>,
    /// S ≥ 1 without a fumble.
    pub hit: u64,
    /// S ≥ 3.
    pub dismount: u64,
    /// More ones than S.
    pub fumble: u64,
    /// Weight of each change of the roller's points (default scoring table).
    pub points: BTreeMap<i16, u64>,
}

impl PassOdds {
    fn p(&self, weight: u64) -> f64 {
        weight as f64 / self.denominator as f64
    }

    /// The chance of a hit: at least one net success, without fumbling.
    pub fn p_hit(&self) -> f64 {
        self.p(self.hit)
    }

    /// The chance of at least three net successes, enough to unhorse the
    /// opponent.
    pub fn p_dismount(&self) -> f64 {
        self.p(self.dismount)
    }

    /// The chance of a fumble: more ones than net successes.
    pub fn p_fumble(&self) -> f64 {
        self.p(self.fumble)
    }

    /// Points times weight, summed: the expected points are this over the
    /// denominator, exactly.
    pub fn points_numerator(&self) -> i128 {
        self.points
            .iter()
            .map(|(&pts, &w)| i128::from(pts) * i128::from(w))
            .sum()
    }

    /// The points the roller gains from the pass on average (default
    /// scoring), in `f64`; [`PassOdds::points_numerator`] has it exactly.
    pub fn expected_points(&self) -> f64 {
        self.points_numerator() as f64 / self.denominator as f64
    }

    /// The distribution of S as probabilities.
    pub fn successes_p(&self) -> BTreeMap<u8, f64> {
        self.successes
            .iter()
            .map(|(&s, &w)| (s, self.p(w)))
            .collect()
    }

    /// The distribution of the roller's points change as probabilities.
    pub fn points_p(&self) -> BTreeMap<i16, f64> {
        self.points.iter().map(|(&s, &w)| (s, self.p(w))).collect()
    }

    /// `{"successes": {...}, "p_hit", "p_dismount", "p_fumble", "expected_points"}`.
    pub fn to_json(&self) -> Value {
        json!({
            "successes": json_distribution(&self.successes_p()),
            "p_hit": self.p_hit(),
            "p_dismount": self.p_dismount(),
            "p_fumble": self.p_fumble(),
            "expected_points": self.expected_points(),
        })
    }
}

/// How many of `n` dice show a snake, with the weight of each count out of
/// `6^n`: `C(n, k) · 5^(n−k)`.
fn snake_weights(n: u8) -> Vec<u64> {
    let others = u64::from(D6_SIDES) - 1;
    let mut row = vec![1u64];
    // Pascal's rule on weights: each new die is a snake (weight 1) or not.
    for _ in 0..n {
        let mut next = vec![0u64; row.len() + 1];
        for (k, &w) in row.iter().enumerate() {
            next[k] += w * others;
            next[k + 1] += w;
        }
        row = next;
    }
    row
}

/// The exact odds of the roll described by `setup`.
pub fn pass_odds(setup: &PassSetup) -> Result<PassOdds, BadInput> {
    setup.check()?;
    let target = setup.target;
    let flying = setup.gear.flying();
    let n = setup.d12();
    let sides = u64::from(D12_SIDES);

    // (successes, ones) of the kept jousting dice, over every face tuple.
    let mut tallies: BTreeMap<(u8, u8), u64> = BTreeMap::new();
    let combos = sides.pow(u32::from(n));
    for code in 0..combos {
        let mut faces = [0u8; 3];
        let mut rest = code;
        for face in faces.iter_mut().take(usize::from(n)) {
            *face = (rest % sides) as u8 + 1;
            rest /= sides;
        }
        let t = dice::tally(&faces, n, target, flying);
        *tallies.entry((t.successes, t.ones)).or_default() += 1;
    }

    let snakes = snake_weights(setup.injury_dice());
    // The bonus die's twelve faces are part of every outcome when it can be
    // rolled at all (a roll that does not earn it counts once per face).
    let bonus_faces = if setup.has_bonus_die() { sides } else { 1 };
    let nobody = Count {
        net: 0,
        ones: 0,
        aim: Slot::Shield,
        gear: setup.gear,
    };
    let scoring = Scoring::default();
    let mut odds = PassOdds {
        setup: *setup,
        denominator: combos * u64::from(D6_SIDES).pow(u32::from(setup.injury_dice())) * bonus_faces,
        successes: BTreeMap::new(),
        hit: 0,
        dismount: 0,
        fumble: 0,
        points: BTreeMap::new(),
    };
    let mut count = |net: u8, ones: u8, weight: u64| {
        let me = Count {
            net,
            ones,
            aim: setup.aim,
            gear: setup.gear,
        };
        let [effect, _] = pass::resolve([me, nobody], &scoring);
        *odds.successes.entry(net).or_default() += weight;
        *odds.points.entry(effect.points).or_default() += weight;
        if effect.fumble {
            odds.fumble += weight;
        } else if net >= 1 {
            odds.hit += weight;
        }
        if net >= DISMOUNT_AT {
            odds.dismount += weight;
        }
    };
    for (&(successes, ones), &w) in &tallies {
        for (k, &snake_w) in snakes.iter().enumerate() {
            let net = dice::net(successes, k as u8);
            let weight = w * snake_w;
            if setup.has_bonus_die() && net >= STRONG {
                for face in 1..=D12_SIDES {
                    let bonus = dice::successes(face, target, flying);
                    count(net + bonus, ones + u8::from(face == 1), weight);
                }
            } else {
                count(net, ones, weight * bonus_faces);
            }
        }
    }
    Ok(odds)
}

/// The aims a player chooses from, as the calculator names them ("arm"
/// stands for either arm: both score the same).
pub const AIMS: [(&str, Slot); 4] = [
    ("head", Slot::Head),
    ("body", Slot::Body),
    ("arm", Slot::LeftArm),
    ("shield", Slot::Shield),
];

/// One row of a table by target number: the odds for each aim of [`AIMS`].
#[derive(Debug, Clone, PartialEq)]
pub struct TargetRow {
    /// The target number of this row (2 to 10).
    pub target: u8,
    /// The odds at this target for each aim, in the order of [`AIMS`].
    pub by_aim: [PassOdds; 4],
}

/// The odds of `base` (its target and aim ignored) for every target number
/// and every aim.
pub fn by_target(base: &PassSetup) -> Result<Vec<TargetRow>, BadInput> {
    (LOWEST_RANK..=HIGHEST_RANK)
        .map(|target| {
            let odds = |aim: Slot| {
                pass_odds(&PassSetup {
                    target,
                    aim,
                    ..*base
                })
            };
            let [a, b, c, d] = AIMS.map(|(_, slot)| odds(slot));
            Ok(TargetRow {
                target,
                by_aim: [a?, b?, c?, d?],
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourney_joust::{Lance, Mount};

    fn setup(target: u8, mount: Mount, lance: Lance, aim: Slot) -> PassSetup {
        PassSetup {
            target,
            gear: Gear::new(mount, lance),
            aim,
            gift: false,
            minor: 0,
            major: 0,
        }
    }

    #[test]
    fn snake_weights_are_binomial() {
        assert_eq!(snake_weights(0), vec![1]);
        assert_eq!(snake_weights(1), vec![5, 1]);
        assert_eq!(snake_weights(2), vec![25, 10, 1]);
        assert_eq!(snake_weights(3).iter().sum::<u64>(), 216);
    }

    #[test]
    fn weights_add_up_to_the_denominator() {
        let mut s = setup(7, Mount::Flying, Lance::War, Slot::Shield);
        s.gift = true;
        s.minor = 3;
        s.major = 2;
        let o = pass_odds(&s).unwrap();
        assert_eq!(o.successes.values().sum::<u64>(), o.denominator);
        assert_eq!(o.points.values().sum::<u64>(), o.denominator);
        assert_eq!(o.denominator, 12u64.pow(3) * 6u64.pow(5) * 12);
        s.gear = Gear::new(Mount::Flying, Lance::Peace);
        let o = pass_odds(&s).unwrap();
        assert_eq!(o.denominator, 12u64.pow(3) * 6u64.pow(5));
        assert_eq!(o.successes.values().sum::<u64>(), o.denominator);
    }

    #[test]
    fn limits_name_their_flag() {
        let mut s = setup(11, Mount::Ground, Lance::War, Slot::Head);
        assert_eq!(pass_odds(&s).unwrap_err().flag, "target");
        s.target = 1;
        assert_eq!(pass_odds(&s).unwrap_err().flag, "target");
        s.target = 5;
        s.minor = 4;
        let e = pass_odds(&s).unwrap_err();
        assert_eq!(e.flag, "minor");
        assert!(e.to_string().starts_with("--minor: "), "{e}");
        s.minor = 3;
        s.major = MOST_MAJOR + 1;
        assert_eq!(pass_odds(&s).unwrap_err().flag, "major");
        s.major = MOST_MAJOR;
        assert!(pass_odds(&s).is_ok());
    }
}
