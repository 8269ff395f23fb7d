//! Jousts: mounted rounds, furious rounds, foot rounds and yielding.
//!
//! Both knights roll "at once": every die is its own chance step (the
//! attacker's first, then the defender's), and nothing is applied until the
//! last die of the round is in. Then each knight takes one wound per die of
//! the hitting numbers (1–3 mounted, 4–6 on foot) that his covered fields of
//! that number do not ward off.

use crate::content::KnightId;
use crate::events::{Event, Sink};
use crate::knight::{KNOCKOUT, MAX_ROLL, can_wound, wounds_from};
use crate::state::Ritter;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use tourney_core::Seat;

/// The die faces that hit in a mounted round; the others miss.
pub const MOUNTED: RangeInclusive<u8> = 1..=3;
/// The die faces that hit once the knights fight on foot.
pub const FOOT: RangeInclusive<u8> = 4..=6;

/// What the joust waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JoustStep {
    /// The dice of the round are being rolled.
    Rolling,
    /// After a foot round: the attacker yields or fights on.
    AttackerDecides,
    /// Then the defender.
    DefenderDecides,
}

/// A joust in progress. Side 0 is the attacker, side 1 the defender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Joust {
    pub knights: [KnightId; 2],
    /// The seat that challenged (the turn passes on from it).
    pub challenger: Seat,
    pub foot: bool,
    pub furious: bool,
    /// A decisive duel: no yielding, no prizes.
    pub duel: bool,
    pub step: JoustStep,
    /// Dice each side rolls this round, how many are rolled, and the faces.
    pub need: [u8; 2],
    pub rolled: [u8; 2],
    pub dice: [[u8; MAX_ROLL]; 2],
    /// The rounds fought so far, for the joust's result afterwards. (Saved
    /// games from before it start the count at the next round.)
    #[serde(default)]
    pub rounds: RoundsFought,
}

/// One finished round of a joust, as its result tells it afterwards.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct RoundBrief {
    pub foot: bool,
    pub furious: bool,
    /// Hits each knight took, attacker first, warded off or not.
    pub hits: [u8; 2],
    /// Wounds each knight took, attacker first.
    pub wounds: [u8; 2],
}

/// How many rounds of one joust its result keeps: the latest ones. A fixed
/// array, so a joust in progress stays `Copy` and a playout never
/// allocates for it; jousts this long are very rare.
pub const KEPT_ROUNDS: usize = 12;

/// The rounds of one joust: how many were fought and the latest
/// [`KEPT_ROUNDS`] of them, oldest first.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct RoundsFought {
    pub count: u8,
    pub kept: [RoundBrief; KEPT_ROUNDS],
}

impl RoundsFought {
    fn push(&mut self, round: RoundBrief) {
        let n = usize::from(self.count);
        let at = if n < KEPT_ROUNDS {
            n
        } else {
            // Full: the oldest round makes room for the newest.
            self.kept.rotate_left(1);
            KEPT_ROUNDS - 1
        };
        if let Some(slot) = self.kept.get_mut(at) {
            *slot = round;
        }
        self.count = self.count.saturating_add(1);
    }

    /// The rounds kept, oldest first, with the number of the first of them
    /// (from 1).
    pub fn kept(&self) -> (u8, &[RoundBrief]) {
        let n = usize::from(self.count).min(KEPT_ROUNDS);
        let first = self.count.saturating_sub(n as u8).saturating_add(1);
        (first, self.kept.get(..n).unwrap_or_default())
    }
}

impl Joust {
    /// The side whose die is rolled next, if the round is still rolling.
    pub fn roller(&self) -> Option<usize> {
        if self.step != JoustStep::Rolling {
            return None;
        }
        (0..2).find(|&side| of_side(&self.rolled, side) < of_side(&self.need, side))
    }

    pub fn faces(&self, side: usize) -> &[u8] {
        let n = usize::from(self.rolled.get(side).copied().unwrap_or(0));
        self.dice
            .get(side)
            .and_then(|d| d.get(..n.min(MAX_ROLL)))
            .unwrap_or_default()
    }
}

/// Entry `side` of a pair kept attacker first: 0 the attacker's, any other
/// number the defender's.
pub(crate) fn of_side<T>(pair: &[T; 2], side: usize) -> &T {
    let [attacker, defender] = pair;
    if side == 0 { attacker } else { defender }
}

/// Entry `side` of a pair kept attacker first, to change.
pub(crate) fn of_side_mut<T>(pair: &mut [T; 2], side: usize) -> &mut T {
    let [attacker, defender] = pair;
    if side == 0 { attacker } else { defender }
}

/// The other side of a joust: the defender for the attacker (0), and the
/// attacker for the other.
pub(crate) const fn other_side(side: usize) -> usize {
    if side == 0 { 1 } else { 0 }
}

/// The last round fought, for the table's log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RoundLog {
    pub knights: [KnightId; 2],
    pub foot: bool,
    pub furious: bool,
    pub duel: bool,
    pub rolled: [u8; 2],
    pub dice: [[u8; MAX_ROLL]; 2],
    /// Wounds each knight took this round.
    pub wounds: [u8; 2],
}

/// How a joust ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// One knight fell from his horse, the other stayed in the saddle.
    Unhorsed,
    /// A knight gave up on foot.
    Yielded,
    /// A knight reached ten wounds and is out of the tournament.
    KnockedOut,
    /// Both reached ten wounds in the same round: both out, nobody wins.
    BothKnockedOut,
    /// Neither knight could ever wound the other: nobody wins.
    Stalemate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct JoustLog {
    pub knights: [KnightId; 2],
    /// The winning knight, or [`KnightId::NONE`].
    pub winner: KnightId,
    pub ending: Ending,
    pub duel: bool,
    /// The wounds each knight had when the joust ended, attacker first:
    /// the night heals some before the next day, and the joust's result
    /// must still tell what it cost. (Saved games from before it read 0.)
    #[serde(default)]
    pub wounds: [u8; 2],
    /// Its rounds, so the result can tell the earlier ones too.
    #[serde(default)]
    pub rounds: RoundsFought,
}

impl Ritter {
    pub(crate) fn start_joust(
        &mut self,
        attacker: KnightId,
        defender: KnightId,
        challenger: Seat,
        duel: bool,
        events: &mut Sink,
    ) {
        let joust = Joust {
            knights: [attacker, defender],
            challenger,
            foot: false,
            furious: false,
            duel,
            step: JoustStep::Rolling,
            need: [0; 2],
            rolled: [0; 2],
            dice: [[0; MAX_ROLL]; 2],
            rounds: RoundsFought::default(),
        };
        events.everyone(|| Event::JoustBegins {
            attacker,
            attacker_seat: self.owner_or_nobody(attacker),
            defender,
            defender_seat: self.owner_or_nobody(defender),
            duel,
            dice: [self.dice_of(attacker, false), self.dice_of(defender, false)],
        });
        // A day's penalties were told at the reveal; a duel's are fixed now.
        if duel {
            for id in joust.knights {
                self.tell_wound_penalty(id, events);
            }
        }
        self.start_round(joust, events);
    }

    fn covered(&self, knight: KnightId) -> [u8; 6] {
        self.knight(knight).map_or([2; 6], |k| k.covered)
    }

    fn dice_of(&self, knight: KnightId, furious: bool) -> u8 {
        self.knight(knight).map_or(1, |k| k.round_dice(furious))
    }

    /// Whether either knight can wound the other with `furious` dice on the
    /// `hitting` numbers.
    fn any_wound_possible(&self, j: &Joust, furious: bool, hitting: &RangeInclusive<u8>) -> bool {
        let [a, d] = j.knights;
        can_wound(self.dice_of(a, furious), &self.covered(d), hitting.clone())
            || can_wound(self.dice_of(d, furious), &self.covered(a), hitting.clone())
    }

    /// Sets up the next round, first settling the rare jousts that can never
    /// draw blood: unable to unhorse each other even furious, the knights
    /// dismount; unable to wound each other on foot, they part undecided.
    fn start_round(&mut self, mut j: Joust, events: &mut Sink) {
        if !j.foot && !self.any_wound_possible(&j, true, &MOUNTED) {
            j.foot = true;
            j.furious = false;
            self.tell_on_foot(&j, false, events);
        }
        if j.foot && !self.any_wound_possible(&j, false, &FOOT) {
            self.end_joust(j, None, Ending::Stalemate, events);
            return;
        }
        j.step = JoustStep::Rolling;
        j.need = [
            self.dice_of(j.knights[0], j.furious),
            self.dice_of(j.knights[1], j.furious),
        ];
        j.rolled = [0; 2];
        j.dice = [[0; MAX_ROLL]; 2];
        self.phase = crate::state::Phase::Joust(j);
    }

    fn tell_on_foot(&self, j: &Joust, both_fell: bool, events: &mut Sink) {
        let [a, d] = j.knights;
        events.everyone(|| Event::OnFoot {
            attacker: a,
            defender: d,
            both_fell,
            dice: [self.dice_of(a, false), self.dice_of(d, false)],
        });
    }

    pub(crate) fn roll_combat_die(&mut self, mut j: Joust, face: u8, events: &mut Sink) {
        let Some(side) = j.roller() else { return };
        let rolled = of_side_mut(&mut j.rolled, side);
        let n = usize::from(*rolled);
        *rolled = rolled.saturating_add(1);
        if let Some(slot) = of_side_mut(&mut j.dice, side).get_mut(n) {
            *slot = face;
        }
        if j.roller().is_some() {
            self.phase = crate::state::Phase::Joust(j);
        } else {
            self.resolve_round(j, events);
        }
    }

    /// All dice are in: both knights take their wounds at the same time.
    fn resolve_round(&mut self, mut j: Joust, events: &mut Sink) {
        let hitting = if j.foot { FOOT } else { MOUNTED };
        let [a, d] = j.knights;
        let taken = [
            wounds_from(j.faces(1), &self.covered(a), hitting.clone()),
            wounds_from(j.faces(0), &self.covered(d), hitting.clone()),
        ];
        let mut out = [false; 2];
        for ((id, wounds), out) in j.knights.into_iter().zip(taken).zip(&mut out) {
            if let Some(k) = self.knight_mut(id) {
                k.wounds = k.wounds.saturating_add(wounds).min(KNOCKOUT);
                *out = k.wounds >= KNOCKOUT;
            }
        }
        self.last_round = Some(RoundLog {
            knights: j.knights,
            foot: j.foot,
            furious: j.furious,
            duel: j.duel,
            rolled: j.rolled,
            dice: j.dice,
            wounds: taken,
        });
        let hits = |side: usize| {
            let n = j.faces(side).iter().filter(|f| hitting.contains(f)).count();
            u8::try_from(n).unwrap_or(u8::MAX)
        };
        // Side 0's dice hit the defender: each knight's hits come from the
        // other's dice.
        let hit = [hits(1), hits(0)];
        j.rounds.push(RoundBrief {
            foot: j.foot,
            furious: j.furious,
            hits: hit,
            wounds: taken,
        });
        events.everyone(|| {
            let total = |id: KnightId| self.knight(id).map_or(0, |k| k.wounds);
            Event::Round {
                attacker: a,
                defender: d,
                foot: j.foot,
                furious: j.furious,
                duel: j.duel,
                dice: [j.faces(0).to_vec(), j.faces(1).to_vec()],
                hits: hit,
                wounds: taken,
                total: [total(a), total(d)],
            }
        });
        for (id, out) in j.knights.into_iter().zip(out) {
            if out {
                events.everyone(|| Event::KnockedOut {
                    knight: id,
                    seat: self.owner_or_nobody(id),
                    wounds: self.knight(id).map_or(0, |k| k.wounds),
                });
            }
        }
        match out {
            [true, true] => return self.end_joust(j, None, Ending::BothKnockedOut, events),
            [true, false] => return self.end_joust(j, Some(d), Ending::KnockedOut, events),
            [false, true] => return self.end_joust(j, Some(a), Ending::KnockedOut, events),
            [false, false] => {}
        }
        if j.foot {
            if j.duel {
                self.start_round(j, events);
            } else {
                j.step = JoustStep::AttackerDecides;
                self.phase = crate::state::Phase::Joust(j);
            }
            return;
        }
        // Mounted: a knight who took a wound falls from his horse.
        match (taken[0] > 0, taken[1] > 0) {
            (false, false) => {
                j.furious = true;
                events.everyone(|| Event::Furious {
                    attacker: a,
                    defender: d,
                    dice: [self.dice_of(a, true), self.dice_of(d, true)],
                });
                self.start_round(j, events);
            }
            (true, false) => self.end_joust(j, Some(d), Ending::Unhorsed, events),
            (false, true) => self.end_joust(j, Some(a), Ending::Unhorsed, events),
            (true, true) => {
                j.foot = true;
                j.furious = false;
                self.tell_on_foot(&j, true, events);
                self.start_round(j, events);
            }
        }
    }

    pub(crate) fn decide(&mut self, mut j: Joust, yields: bool, events: &mut Sink) {
        let [a, d] = j.knights;
        match (j.step, yields) {
            (JoustStep::AttackerDecides, true) => {
                self.end_joust(j, Some(d), Ending::Yielded, events)
            }
            (JoustStep::AttackerDecides, false) => {
                j.step = JoustStep::DefenderDecides;
                self.phase = crate::state::Phase::Joust(j);
            }
            (JoustStep::DefenderDecides, true) => {
                self.end_joust(j, Some(a), Ending::Yielded, events)
            }
            (JoustStep::DefenderDecides, false) => self.start_round(j, events),
            (JoustStep::Rolling, _) => {}
        }
    }

    /// Ends the joust `winner` won (`None`: nobody did).
    fn end_joust(&mut self, j: Joust, winner: Option<KnightId>, ending: Ending, events: &mut Sink) {
        // The saved state and the comparisons below keep "nobody" as
        // `KnightId::NONE`, as they always have.
        let winner = winner.unwrap_or(KnightId::NONE);
        events.everyone(|| {
            let [a, d] = j.knights;
            let (winner, loser) = match winner {
                w if w == a => (Some(a), Some(d)),
                w if w == d => (Some(d), Some(a)),
                _ => (None, None),
            };
            Event::JoustEnds {
                attacker: a,
                defender: d,
                winner,
                loser,
                ending,
                duel: j.duel,
            }
        });
        self.last_joust = Some(JoustLog {
            knights: j.knights,
            winner,
            ending,
            duel: j.duel,
            wounds: j.knights.map(|id| self.knight(id).map_or(0, |k| k.wounds)),
            rounds: j.rounds,
        });
        for id in j.knights {
            if let Some(k) = self.knight_mut(id) {
                if k.wounds >= KNOCKOUT {
                    k.out = true;
                }
                if id != winner {
                    k.beaten = true;
                }
            }
        }
        if j.duel {
            self.duel_over(j, winner.some(), ending, events);
        } else {
            self.award_joust(winner.some(), events);
            self.after_joust(j.challenger, events);
        }
    }

    /// The winner and the lady whose favour he wears each gain a prize.
    fn award_joust(&mut self, winner: Option<KnightId>, events: &mut Sink) {
        let Some(winner) = winner else { return };
        let Some(k) = self.knight_mut(winner) else {
            return;
        };
        k.prizes = k.prizes.saturating_add(1);
        k.day_prizes = k.day_prizes.saturating_add(1);
        let (lady, seat, prizes) = (k.favour, k.owner, k.prizes);
        if let Some(l) = self.lady_mut(lady) {
            l.prizes = l.prizes.saturating_add(1);
        }
        events.everyone(|| Event::Prize {
            knight: winner,
            seat,
            prizes,
            lady: self.lady_share(lady),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{KEPT_ROUNDS, RoundBrief, RoundsFought};

    fn round(wounds: u8) -> RoundBrief {
        RoundBrief {
            wounds: [wounds, 0],
            ..RoundBrief::default()
        }
    }

    #[test]
    fn a_long_joust_keeps_its_latest_rounds_and_counts_them_all() {
        let mut rounds = RoundsFought::default();
        for w in 1..=14 {
            rounds.push(round(w));
        }
        let (first, kept) = rounds.kept();
        assert_eq!(rounds.count, 14);
        assert_eq!(first, 3);
        assert_eq!(kept.len(), KEPT_ROUNDS);
        // Rounds 3 to 14, oldest first.
        let wounds: Vec<u8> = kept.iter().map(|r| r.wounds[0]).collect();
        assert_eq!(wounds, (3..=14).collect::<Vec<u8>>());
    }
}
