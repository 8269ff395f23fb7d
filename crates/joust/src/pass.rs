//! Resolving a pass: from both duelists' final counts to points, falls and
//! injuries, for both at once. Pure, so the table of rules reads in one place.

use crate::config::Scoring;
use crate::gear::{Gear, Lance, Mount};
use crate::knight::Injury;
use crate::slot::Slot;

/// Net successes that unhorse the opponent.
pub const DISMOUNT_AT: u8 = 3;
/// Points for unhorsing the opponent.
pub const DISMOUNT_POINTS: i16 = 3;
/// Net successes of a strong hit: a major injury with the lance of war, two
/// breaks of the lance of peace, the shield bonus die, and enough to unhorse
/// a fumbling opponent.
pub const STRONG: u8 = 2;
/// Points in one pass with a ground mount that earn the gift.
pub const GIFT_POINTS: i16 = 4;

/// One duelist's final count, after pushes and the shield bonus die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Net successes (S).
    pub net: u8,
    /// Jousting dice showing 1 (O), the bonus die included.
    pub ones: u8,
    /// The slot aimed at: it sets the hit's points, and the lance of war
    /// injures only off the shield.
    pub aim: Slot,
    /// The mount and lance: a flying fumble falls, and the lance decides
    /// between breaks and injuries.
    pub gear: Gear,
}

/// What the pass did for one duelist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effect {
    /// More ones than net successes: a point lost per one instead of any
    /// gain, unless a strong hit unhorses the duelist.
    pub fumble: bool,
    /// Change of the player's points.
    pub points: i16,
    /// This duelist's knight is off its horse and out of the event.
    pub dismounted: bool,
    /// The injury this duelist's lance gives the opponent.
    pub deals: Injury,
    /// The ground mount's gift for the next pass.
    pub gift: bool,
}

/// Both duelists' effects from their final counts, in the order given.
/// Each side's depends only on its own count and the other's net successes.
pub fn resolve(counts: [Count; 2], scoring: &Scoring) -> [Effect; 2] {
    let [a, b] = counts;
    [effect_on(a, b.net, scoring), effect_on(b, a.net, scoring)]
}

/// Why a knight falls from its horse.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Fall {
    /// The opponent scored three or more net successes.
    Struck,
    /// The knight fumbled and the opponent's hit was strong (two or more).
    CaughtFumbling,
    /// The knight fumbled on a flying mount.
    FumbledFlying,
}

/// Whether, and why, the duelist who counted `me` falls when the opponent's
/// net successes are `their_net`.
pub fn fall(me: Count, their_net: u8) -> Option<Fall> {
    let fumble = crate::dice::fumbles(me.ones, me.net);
    if their_net >= DISMOUNT_AT {
        Some(Fall::Struck)
    } else if fumble && their_net >= STRONG {
        Some(Fall::CaughtFumbling)
    } else if fumble && me.gear.mount == Mount::Flying {
        Some(Fall::FumbledFlying)
    } else {
        None
    }
}

/// What a roll that does not fumble earns, before a fall takes it away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gains {
    /// For the slot aimed at (any net success).
    pub hit: i16,
    /// The lance of peace's breaks: one, or two on a strong hit.
    pub lance: i16,
    /// For unhorsing the opponent.
    pub unhorse: i16,
}

impl Gains {
    /// What the roll earns in all, if the duelist does not fall.
    pub const fn total(&self) -> i16 {
        self.hit
            .saturating_add(self.lance)
            .saturating_add(self.unhorse)
    }
}

/// The points a roll of `me` that does not fumble earns, part by part.
pub fn gains(me: Count, scoring: &Scoring) -> Gains {
    let mut g = Gains::default();
    if me.net >= 1 {
        g.hit = i16::from(scoring.points(me.aim));
        if me.gear.lance == Lance::Peace {
            g.lance = if me.net >= STRONG { 2 } else { 1 };
        }
    }
    if me.net >= DISMOUNT_AT {
        g.unhorse = DISMOUNT_POINTS;
    }
    g
}

/// The pass's effect on the duelist who counted `me` when the opponent's
/// net successes are `their_net`: nothing else of the opponent's count
/// matters to it (the evaluation relies on that to tabulate effects).
pub(crate) fn effect_on(me: Count, their_net: u8, scoring: &Scoring) -> Effect {
    let fumble = crate::dice::fumbles(me.ones, me.net);
    let fell = fall(me, their_net);
    let dismounted = fell.is_some();
    let mut points: i16 = if fumble {
        // A fumbler caught by a strong hit falls, and the fall spares it the
        // fumble's point loss: it neither gains nor loses.
        if their_net >= STRONG {
            0
        } else {
            i16::from(me.ones).saturating_neg()
        }
    } else {
        gains(me, scoring).total()
    };
    if dismounted {
        // A knight that falls scores nothing, but a fumble's losses stand.
        points = points.min(0);
    }
    let deals = if me.gear.lance == Lance::War && me.aim != Slot::Shield && !fumble {
        match me.net {
            0 => Injury::None,
            1 => Injury::Minor,
            _ => Injury::Major,
        }
    } else {
        Injury::None
    };
    Effect {
        fumble,
        points,
        dismounted,
        deals,
        gift: me.gear.mount == Mount::Ground && points >= GIFT_POINTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(net: u8, ones: u8, aim: Slot, mount: Mount, lance: Lance) -> Count {
        Count {
            net,
            ones,
            aim,
            gear: Gear::new(mount, lance),
        }
    }

    /// Both strike at once: a knight unhorsed by the other's three net
    /// successes loses its points, but its lance of war's wound stands.
    #[test]
    fn an_unhorsed_knights_lance_of_war_still_wounds() {
        let scoring = Scoring::default();
        for (net, wound) in [(1, Injury::Minor), (2, Injury::Major)] {
            let falls = count(net, 0, Slot::Head, Mount::Ground, Lance::War);
            let strikes = count(3, 0, Slot::Body, Mount::Ground, Lance::Peace);
            let [a, b] = resolve([falls, strikes], &scoring);
            assert_eq!(fall(falls, strikes.net), Some(Fall::Struck));
            assert!(a.dismounted && !b.dismounted, "{a:?} {b:?}");
            assert_eq!(a.points, 0, "a fallen knight scores nothing");
            assert_eq!(a.deals, wound, "{net} net successes");
            assert_eq!(b.points, 3 + 2 + DISMOUNT_POINTS);
        }
    }

    /// A fall from a fumble comes with no hit, so with no wound either.
    #[test]
    fn a_knight_that_falls_fumbling_wounds_nobody() {
        let scoring = Scoring::default();
        let fumbler = count(0, 1, Slot::Head, Mount::Flying, Lance::War);
        let other = count(0, 0, Slot::Body, Mount::Ground, Lance::Peace);
        let [a, _] = resolve([fumbler, other], &scoring);
        assert!(a.fumble && a.dismounted);
        assert_eq!(a.deals, Injury::None);
    }
}
