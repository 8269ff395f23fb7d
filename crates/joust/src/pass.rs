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
    pub aim: Slot,
    pub gear: Gear,
}

/// What the pass did for one duelist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effect {
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

pub fn resolve(counts: [Count; 2], scoring: &Scoring) -> [Effect; 2] {
    let mut effects = [Effect::default(); 2];
    for (k, effect) in effects.iter_mut().enumerate() {
        *effect = effect_on(counts[k], counts[1 - k].net, scoring);
    }
    effects
}

/// The pass's effect on the duelist who counted `me` when the opponent's
/// net successes are `their_net`: nothing else of the opponent's count
/// matters to it (the evaluation relies on that to tabulate effects).
pub(crate) fn effect_on(me: Count, their_net: u8, scoring: &Scoring) -> Effect {
    let fumble = crate::dice::fumbles(me.ones, me.net);
    // A fumbler caught by a strong hit falls, and the fall spares it the
    // fumble's point loss: it neither gains nor loses.
    let caught = fumble && their_net >= STRONG;
    let dismounted =
        their_net >= DISMOUNT_AT || caught || (fumble && me.gear.mount == Mount::Flying);
    let mut points: i16 = 0;
    if fumble {
        if !caught {
            points = -i16::from(me.ones);
        }
    } else {
        if me.net >= 1 {
            points += i16::from(scoring.points(me.aim));
            if me.gear.lance == Lance::Peace {
                points += if me.net >= STRONG { 2 } else { 1 };
            }
        }
        if me.net >= DISMOUNT_AT {
            points += DISMOUNT_POINTS;
        }
    }
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
