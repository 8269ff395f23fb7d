//! How well a seat stands: `Evaluate::evaluate` for Ritter, the judgement behind
//! the `greedy` bot and cut-off playouts.
//!
//! Everything in Ritter is open except a seat's preparation (training and
//! who rides) and its choice of champion before the reveal, so the
//! evaluation reads the whole table but, of those secrets, only the seat's
//! own.
//!
//! It estimates every seat's final total (knights' and ladies' prizes) and
//! turns the differences into chances of winning with a softmax whose
//! temperature shrinks with the prizes still to be won:
//!
//! - **Jousts.** The chance that one knight beats another comes from the
//!   dice: per round, the distribution of wounds a number of dice deals
//!   against a knight's covered fields (a table computed at compile time),
//!   the mounted rounds (one wounded knight falls, none: furious rounds,
//!   both: foot) and the foot combat to ten wounds as a small Markov chain
//!   over both knights' wounds. A joust in progress is scored from its
//!   state, the dice of the round already rolled included. Nobody is assumed
//!   to yield; a beaten knight is counted out of the tournament only part of
//!   the time, since losers usually yield first.
//! - **Today.** Each ready knight expects to win his share of the day's
//!   remaining jousts (his chance against the other players' ready knights),
//!   and the day bonus goes to the knight who ends with the most prizes
//!   today (a softmax over the prizes he has and expects). A lady earns what
//!   the knight wearing her favour earns; a lady not placed yet, the average
//!   of the knights still without a favour.
//! - **Future days.** The same for each knight still in the tournament,
//!   healed overnight, with the later days' larger bonuses; the ladies share
//!   the knights' prizes.
//! - **The end.** The top knight and the top lady gain four: a softmax over
//!   the projected totals. A decisive duel is scored by the champions' odds.
//!
//! No heap: small arrays on the stack, a constant table, and the two fixed
//! tables of [`OddsTables`], the caller's scratch, remembering fresh jousts
//! and foot-combat grids already worked out (pure functions of the two
//! fighters, so a remembered value is the very number computing it again
//! would give). Nothing global: two searches never share a table.

use crate::combat::{FOOT, Joust, JoustStep, MOUNTED, of_side, other_side};
use crate::content::{CARDS, KnightId, LadyId};
use crate::knight::{FIELD_COPIES, KNOCKOUT, Knight, MAX_DICE, MAX_ROLL, wound_penalty};
use crate::night::NIGHT_HEALING;
use crate::scoring::FINAL_BONUS;
use crate::state::{MAX_PLAYERS, Phase, Ritter};
use std::ops::RangeInclusive;
use tourney_core::{Evaluate, Game, Seat, ToMove};

/// Wounds a round can deal that the table tells apart (more are "11").
const WOUND_CASES: usize = MAX_ROLL + 1;
/// Knocked out at this many wounds.
const KO: usize = KNOCKOUT as usize;

/// A beaten knight is knocked out of the tournament this part of the times
/// the no-yield model says he would be: losers usually yield first.
const KO_WHEN_BEATEN: f64 = 0.5;
/// The day bonus goes to a single leader; this stands for a tie between
/// players (no day winner) in the softmax over the day's prizes.
const NOBODY_PRIZES: f64 = 0.5;
/// Temperature of the day-winner softmax, in prizes.
const DAY_TEMPERATURE: f64 = 1.0;
/// Temperature of the softmax over final totals: this much, plus
/// `SPREAD` per square root of the prizes still to be won.
const BASE_TEMPERATURE: f64 = 0.6;
const SPREAD: f64 = 0.45;

// For `round_wounds` at compile time, where a `saturating_add` call costs
// const evaluation too much: `i` only counts up to n (at most MAX_ROLL).
#[allow(clippy::arithmetic_side_effects)]
const fn factorial(n: usize) -> f64 {
    let mut f = 1.0;
    let mut i = 2;
    while i <= n {
        f *= i as f64;
        i += 1;
    }
    f
}

// Like `factorial`: `i` only counts up to n (at most MAX_ROLL).
#[allow(clippy::arithmetic_side_effects)]
const fn powi(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    let mut i = 0;
    while i < n {
        r *= x;
        i += 1;
    }
    r
}

/// The distribution of the wounds one round deals: `known` dice already
/// showing each of the three hitting numbers, `unknown` dice still to roll,
/// `covers` covered fields of each hitting number (one die each).
// A const fn (it builds `WOUNDS` at compile time), so no `get` or iterators:
// a + b + c stays within `unknown` (at most MAX_ROLL), f below 3, w capped.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn round_wounds(known: [u8; 3], unknown: usize, covers: [u8; 3]) -> [f64; WOUND_CASES] {
    let mut out = [0.0; WOUND_CASES];
    let m = unknown;
    let mut a = 0;
    while a <= m {
        let mut b = 0;
        while a + b <= m {
            let mut c = 0;
            while a + b + c <= m {
                let rest = m - a - b - c;
                let p = factorial(m)
                    / (factorial(a) * factorial(b) * factorial(c) * factorial(rest))
                    * powi(1.0 / 6.0, a + b + c)
                    * powi(0.5, rest);
                let counts = [
                    known[0] as usize + a,
                    known[1] as usize + b,
                    known[2] as usize + c,
                ];
                let mut w = 0;
                let mut f = 0;
                while f < 3 {
                    if counts[f] > covers[f] as usize {
                        w += counts[f] - covers[f] as usize;
                    }
                    f += 1;
                }
                if w > MAX_ROLL {
                    w = MAX_ROLL;
                }
                out[w] += p;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// `WOUNDS[n][covers]`: the wounds `n` fresh dice deal in one round against
/// covers (0 to 2 of each hitting number, as `c1 + 3 c2 + 9 c3`).
// Built at compile time, where an index out of range fails the build.
#[allow(clippy::indexing_slicing)]
static WOUNDS: [[[f64; WOUND_CASES]; 27]; MAX_ROLL + 1] = {
    let mut t = [[[0.0; WOUND_CASES]; 27]; MAX_ROLL + 1];
    let mut n = 0;
    while n <= MAX_ROLL {
        let mut code = 0;
        while code < 27 {
            let covers = [(code % 3) as u8, (code / 3 % 3) as u8, (code / 9) as u8];
            t[n][code] = round_wounds([0; 3], n, covers);
            code += 1;
        }
        n += 1;
    }
    t
};

/// The three covers of the hitting numbers of `hitting` (1–3 or 4–6).
fn covers_of(covered: &[u8; 6], hitting: &RangeInclusive<u8>) -> [u8; 3] {
    let start = usize::from(hitting.start().saturating_sub(1)).min(3);
    let mut c = [0u8; 3];
    for (x, &cover) in c.iter_mut().zip(covered.iter().skip(start)) {
        *x = cover.min(FIELD_COPIES);
    }
    c
}

fn fresh_wounds(
    dice: u8,
    covered: &[u8; 6],
    hitting: &RangeInclusive<u8>,
) -> &'static [f64; WOUND_CASES] {
    let [c1, c2, c3] = covers_of(covered, hitting).map(usize::from);
    let code = c1
        .saturating_add(c2.saturating_mul(3))
        .saturating_add(c3.saturating_mul(9));
    WOUNDS
        .get(usize::from(dice).min(MAX_ROLL))
        .and_then(|by_covers| by_covers.get(code.min(26)))
        // Both indices are capped within the table; no dice deal no wounds.
        .unwrap_or(&WOUNDS[0][0])
}

/// A knight as he would ride: dice per round (before the furious die),
/// covered fields and wounds.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Fighter {
    dice: u8,
    covered: [u8; 6],
    wounds: u8,
}

impl Fighter {
    fn round_dice(&self, furious: bool) -> u8 {
        self.dice
            .max(1)
            .saturating_add(u8::from(furious))
            .min(MAX_ROLL as u8)
    }
}

/// How a joust ends: who wins (attacker first), who is knocked out.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Odds {
    wins: [f64; 2],
    out: [f64; 2],
}

impl Odds {
    fn add(&mut self, p: f64, o: &Odds) {
        for (w, ow) in self.wins.iter_mut().zip(o.wins) {
            *w += p * ow;
        }
        for (out, o_out) in self.out.iter_mut().zip(o.out) {
            *out += p * o_out;
        }
    }

    fn scaled(&self, f: f64) -> Odds {
        Odds {
            wins: self.wins.map(|x| x * f),
            out: self.out.map(|x| x * f),
        }
    }

    fn swapped(&self) -> Odds {
        Odds {
            wins: [self.wins[1], self.wins[0]],
            out: [self.out[1], self.out[0]],
        }
    }
}

/// Foot combat to ten wounds (nobody yields) from every pair of wounds.
#[derive(Clone, Copy)]
struct FootGrid {
    cells: [[Odds; KO]; KO],
}

impl FootGrid {
    fn new(a: &Fighter, b: &Fighter) -> FootGrid {
        // Wounds dealt to b (by a) and to a (by b) per round.
        let to_b = fresh_wounds(a.round_dice(false), &b.covered, &FOOT);
        let to_a = fresh_wounds(b.round_dice(false), &a.covered, &FOOT);
        let mut cells = [[Odds::default(); KO]; KO];
        let stay = to_a[0] * to_b[0];
        if stay >= 1.0 - 1e-12 {
            // Neither can wound the other on foot: undecided, nobody out.
            return FootGrid { cells };
        }
        // The wounds a round can deal with a chance worth counting.
        let support = |d: &[f64; WOUND_CASES]| {
            let mut list = [(0usize, 0.0f64); WOUND_CASES];
            let mut n = 0;
            for (w, &p) in d.iter().enumerate() {
                if p > 1e-9
                    && let Some(entry) = list.get_mut(n)
                {
                    *entry = (w, p);
                    n = n.saturating_add(1);
                }
            }
            (list, n)
        };
        let (xs, nx) = support(to_a);
        let (ys, ny) = support(to_b);
        for wa in (0..KO).rev() {
            for wb in (0..KO).rev() {
                let mut acc = Odds::default();
                for &(x, px) in xs.iter().take(nx) {
                    for &(y, py) in ys.iter().take(ny) {
                        if x == 0 && y == 0 {
                            continue;
                        }
                        let after = settle(wa.saturating_add(x), wb.saturating_add(y), &cells);
                        acc.add(px * py, &after);
                    }
                }
                if let Some(cell) = cells.get_mut(wa).and_then(|row| row.get_mut(wb)) {
                    *cell = acc.scaled(1.0 / (1.0 - stay));
                }
            }
        }
        FootGrid { cells }
    }

    fn at(&self, wa: usize, wb: usize) -> Odds {
        settle(wa, wb, &self.cells)
    }
}

/// Odds once a round has left the knights with `wa` and `wb` wounds: a
/// knock-out ends the joust, otherwise the foot combat goes on.
fn settle(wa: usize, wb: usize, cells: &[[Odds; KO]; KO]) -> Odds {
    match (wa >= KO, wb >= KO) {
        (true, true) => Odds {
            wins: [0.0, 0.0],
            out: [1.0, 1.0],
        },
        (true, false) => Odds {
            wins: [0.0, 1.0],
            out: [1.0, 0.0],
        },
        (false, true) => Odds {
            wins: [1.0, 0.0],
            out: [0.0, 1.0],
        },
        (false, false) => cells
            .get(wa)
            .and_then(|row| row.get(wb))
            .copied()
            .unwrap_or_default(),
    }
}

/// The joust between `a` (attacker) and `b`, from a round about to be
/// rolled (`foot`, `furious`) with the wounds they have, or from a round
/// whose wound distributions are given (`round`: wounds to a, to b).
fn joust_odds(
    tables: &mut OddsTables,
    a: &Fighter,
    b: &Fighter,
    foot: bool,
    furious: bool,
    round: Option<(&[f64; WOUND_CASES], &[f64; WOUND_CASES])>,
) -> Odds {
    let grid = tables.foot_grid(a, b);
    let (wa, wb) = (usize::from(a.wounds).min(KO), usize::from(b.wounds).min(KO));
    if wa >= KO || wb >= KO {
        return settle(wa, wb, &grid.cells);
    }
    let mounted_possible = |furious: bool| {
        fresh_wounds(a.round_dice(furious), &b.covered, &MOUNTED)[0] < 1.0
            || fresh_wounds(b.round_dice(furious), &a.covered, &MOUNTED)[0] < 1.0
    };
    if foot {
        return match round {
            None => grid.at(wa, wb),
            Some((to_a, to_b)) => {
                let mut acc = Odds::default();
                let mut stay = 0.0;
                for (x, &px) in to_a.iter().enumerate() {
                    for (y, &py) in to_b.iter().enumerate() {
                        if x == 0 && y == 0 {
                            stay += px * py;
                        } else if px * py > 0.0 {
                            let after = grid.at(wa.saturating_add(x), wb.saturating_add(y));
                            acc.add(px * py, &after);
                        }
                    }
                }
                acc.add(stay, &grid.at(wa, wb));
                acc
            }
        };
    }
    // Mounted: a round (the one given, or fresh dice), then on.
    let furious_odds = || -> Odds {
        if !mounted_possible(true) {
            return grid.at(wa, wb);
        }
        let to_a = fresh_wounds(b.round_dice(true), &a.covered, &MOUNTED);
        let to_b = fresh_wounds(a.round_dice(true), &b.covered, &MOUNTED);
        let stay = to_a[0] * to_b[0];
        let mut acc = mounted_round(to_a, to_b, wa, wb, &grid);
        acc = acc.scaled(1.0 / (1.0 - stay).max(1e-12));
        acc
    };
    let (to_a, to_b) = match round {
        Some(r) => r,
        None if !furious && !mounted_possible(true) => return grid.at(wa, wb),
        None if furious => return furious_odds(),
        None => (
            fresh_wounds(b.round_dice(false), &a.covered, &MOUNTED),
            fresh_wounds(a.round_dice(false), &b.covered, &MOUNTED),
        ),
    };
    let mut acc = mounted_round(to_a, to_b, wa, wb, &grid);
    let stay = to_a[0] * to_b[0];
    if stay > 0.0 {
        acc.add(stay, &furious_odds());
    }
    acc
}

/// A mounted round's decided outcomes (both unwounded is left out): one
/// wounded knight falls and loses, both wounded fight on foot, ten wounds
/// knock out.
fn mounted_round(
    to_a: &[f64; WOUND_CASES],
    to_b: &[f64; WOUND_CASES],
    wa: usize,
    wb: usize,
    grid: &FootGrid,
) -> Odds {
    let mut acc = Odds::default();
    for (x, &px) in to_a.iter().enumerate() {
        for (y, &py) in to_b.iter().enumerate() {
            let p = px * py;
            if p == 0.0 || (x == 0 && y == 0) {
                continue;
            }
            let (na, nb) = (wa.saturating_add(x), wb.saturating_add(y));
            let o = if na >= KO || nb >= KO {
                settle(na, nb, &grid.cells)
            } else if y == 0 {
                // Only a fell.
                Odds {
                    wins: [0.0, 1.0],
                    out: [0.0, 0.0],
                }
            } else if x == 0 {
                Odds {
                    wins: [1.0, 0.0],
                    out: [0.0, 0.0],
                }
            } else {
                grid.at(na, nb)
            };
            acc.add(p, &o);
        }
    }
    acc
}

/// The wounds a round in progress deals to the knight with `covered`:
/// faces already rolled against him, and the dice still to come.
fn round_in_progress(
    faces: &[u8],
    dice: u8,
    covered: &[u8; 6],
    hitting: &RangeInclusive<u8>,
) -> [f64; WOUND_CASES] {
    let start = *hitting.start();
    let mut known = [0u8; 3];
    for &f in faces {
        if hitting.contains(&f)
            && let Some(c) = known.get_mut(usize::from(f.saturating_sub(start)))
        {
            *c = c.saturating_add(1);
        }
    }
    let unknown = usize::from(dice).saturating_sub(faces.len()).min(MAX_ROLL);
    round_wounds(known, unknown, covers_of(covered, hitting))
}

/// Per knight id.
type PerKnight = [f64; CARDS];

/// Entry `i` of a per-card array; the default (0, `false`) past the cards,
/// where no card is.
fn card<T: Copy + Default>(per: &[T; CARDS], i: usize) -> T {
    per.get(i).copied().unwrap_or_default()
}

/// Sets entry `i` of a per-card array; an index past the cards sets nothing.
fn set_card<T>(per: &mut [T; CARDS], i: usize, value: T) {
    if let Some(entry) = per.get_mut(i) {
        *entry = value;
    }
}

/// Prizes of the seat's knights and ladies against the others', with what
/// the knights can still win by their dice.
impl Evaluate for Ritter {
    type Scratch = OddsTables;

    fn evaluate(&self, seat: Seat, tables: &mut OddsTables) -> f64 {
        self.evaluation(seat, tables)
    }
}

impl Ritter {
    /// `Evaluate::evaluate`: see the module documentation.
    pub(crate) fn evaluation(&self, seat: Seat, tables: &mut OddsTables) -> f64 {
        if let ToMove::Over(outcome) = self.to_move() {
            return outcome.share(seat);
        }
        let Some(me) = self.at_table(seat) else {
            return 0.0;
        };
        let value = match self.phase {
            Phase::DuelChoice { pair, chosen } => self.duel_choice_value(me, pair, chosen, tables),
            Phase::Joust(j) if j.duel => self.duel_joust_value(me, &j, tables),
            _ => self.tournament_value(me, tables),
        };
        if value.is_finite() {
            value.clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// Knight `id` as `viewer` knows him. Before a day, training points
    /// not spent yet count as extra dice (what an untrained point is
    /// assumed to buy), the viewer's own planned training as planned; other
    /// seats' plans are secret and not read.
    fn fighter(&self, id: KnightId, viewer: Seat, healed: bool) -> Fighter {
        let Some(k) = self.knight(id) else {
            return Fighter {
                dice: 1,
                covered: [FIELD_COPIES; 6],
                wounds: KNOCKOUT,
            };
        };
        let mut dice = k.dice;
        let mut covered = k.covered;
        if matches!(
            self.phase,
            Phase::Prepare | Phase::Deal | Phase::StartRoll { .. }
        ) {
            let unspent = if k.owner == viewer {
                dice = dice.saturating_add(k.plan.dice);
                for (c, p) in covered.iter_mut().zip(k.plan.covered) {
                    *c = c.saturating_add(p).min(FIELD_COPIES);
                }
                k.points_left()
            } else {
                k.training
            };
            dice = dice.saturating_add(unspent).min(MAX_DICE);
        }
        let wounds = if healed {
            k.wounds.saturating_sub(NIGHT_HEALING)
        } else {
            k.wounds
        };
        // Today's penalty is fixed in the morning; a future day's follows
        // from the wounds left after the night.
        let penalty = if healed || self.phase == Phase::Prepare {
            if self.config.wound_penalty {
                wound_penalty(wounds)
            } else {
                0
            }
        } else {
            k.penalty
        };
        Fighter {
            dice: dice.saturating_sub(penalty).max(1),
            covered,
            wounds: wounds.min(KNOCKOUT),
        }
    }

    /// Knights who ride today as `viewer` knows it: before the reveal the
    /// viewer's own choice if made, every other knight still in the
    /// tournament (other seats' choices are secret).
    fn riding_today(&self, viewer: Seat) -> [bool; CARDS] {
        let mut ready = [false; CARDS];
        for (id, r) in KnightId::all().zip(ready.iter_mut()) {
            let Some(k) = self.knight(id) else { continue };
            *r = match self.phase {
                Phase::Prepare | Phase::Deal | Phase::StartRoll { .. } => {
                    let decided = k.owner == viewer && self.prepared.contains(viewer);
                    k.in_tournament() && (!decided || k.plan.send)
                }
                _ => k.ready(),
            };
        }
        ready
    }

    /// Chances of each knight beating each other knight of another player
    /// (`beats[a][b]`), from a fresh joust.
    fn pairwise(
        &self,
        viewer: Seat,
        healed: bool,
        who: &[bool; CARDS],
        memo: &mut Memo,
        tables: &mut OddsTables,
    ) -> [PerKnight; CARDS] {
        let mut beats = [[0.0; CARDS]; CARDS];
        for a in KnightId::all() {
            for b in KnightId::all().filter(|&b| b > a) {
                let (ia, ib) = (a.index(), b.index());
                if !card(who, ia) || !card(who, ib) || self.owner_of(a) == self.owner_of(b) {
                    continue;
                }
                let fa = self.fighter(a, viewer, healed);
                let fb = self.fighter(b, viewer, healed);
                let [a_wins, b_wins] = memo.odds(tables, &fa, &fb);
                if let Some(x) = beats.get_mut(ia).and_then(|row| row.get_mut(ib)) {
                    *x = a_wins;
                }
                if let Some(x) = beats.get_mut(ib).and_then(|row| row.get_mut(ia)) {
                    *x = b_wins;
                }
            }
        }
        beats
    }

    /// Expected further joust wins today for each of the `ready` knights,
    /// and the prizes each is expected to end the day with.
    fn day_wins(&self, ready: &[bool; CARDS], beats: &[PerKnight; CARDS]) -> PerKnight {
        let mut wins = [0.0; CARDS];
        let each = KnightId::all().zip(ready).zip(wins.iter_mut().zip(beats));
        for ((k, &k_ready), (k_wins, k_beats)) in each {
            if !k_ready {
                continue;
            }
            let owner = self.owner_of(k);
            let (mut mine, mut theirs, mut odds) = (0.0, 0.0, 0.0);
            for ((j, &j_ready), &beats_j) in KnightId::all().zip(ready).zip(k_beats) {
                if !j_ready {
                    continue;
                }
                if self.owner_of(j) == owner {
                    mine += 1.0;
                } else {
                    theirs += 1.0;
                    odds += beats_j;
                }
            }
            if theirs > 0.0 {
                // His chance against the field, times his share of the
                // jousts left until one player's knights alone remain.
                *k_wins = odds / theirs * (theirs + mine - 1.0) / mine.max(1.0);
            }
        }
        wins
    }

    /// Chance of each knight being the day winner, from the prizes each is
    /// expected to end the day with (none below one prize).
    fn day_winner_odds(&self, day_prizes: &PerKnight) -> PerKnight {
        let mut odds = [0.0; CARDS];
        let mut total = (NOBODY_PRIZES / DAY_TEMPERATURE).exp();
        for (o, &p) in odds.iter_mut().zip(day_prizes) {
            if p > 0.0 {
                *o = (p.min(30.0) / DAY_TEMPERATURE).exp();
                total += *o;
            }
        }
        odds.map(|o| o / total)
    }

    /// Each seat's expected final total, and the prizes still to be won
    /// (the spread of the estimate), when the day's jousts so far have left
    /// `ready` knights, `day_prizes` won today and `out` knights knocked out,
    /// plus `extra` prizes already decided per knight.
    fn projection(&self, s: &Scenario) -> ([f64; MAX_PLAYERS], f64) {
        let day = f64::from(self.day.max(1));
        let days = f64::from(self.config.days.max(1));
        // Ladies may still be placed today.
        let favours_open = matches!(
            self.phase,
            Phase::Deal
                | Phase::StartRoll { .. }
                | Phase::Prepare
                | Phase::Favours { .. }
                | Phase::FavourTie { .. }
        );
        // Today.
        let wins = self.day_wins(&s.ready, &s.beats_today);
        let mut projected = s.day_prizes;
        for (p, w) in projected.iter_mut().zip(wins) {
            *p += w;
        }
        let winner = match self.phase {
            // Tied knights of one player: he names one of them.
            Phase::DayWinner { candidates, .. } => {
                let n = candidates.len().max(1) as f64;
                let mut w = [0.0; CARDS];
                for (id, x) in KnightId::all().zip(w.iter_mut()) {
                    if candidates.contains(id) {
                        *x = 1.0 / n;
                    }
                }
                w
            }
            _ => self.day_winner_odds(&projected),
        };
        let mut today = [0.0; CARDS];
        for ((t, w), x) in today.iter_mut().zip(wins).zip(winner) {
            *t = w + day * x;
        }
        // Later days.
        let later = (days - day).max(0.0);
        let later_bonus: f64 = (self.day.saturating_add(1)..=self.config.days)
            .map(f64::from)
            .sum();
        let mut alive = [false; CARDS];
        for (id, a) in KnightId::all().zip(alive.iter_mut()) {
            *a = self.knight(id).is_some_and(Knight::in_tournament) && !card(&s.out, id.index());
        }
        let mut future = [0.0; CARDS];
        let mut future_total = 0.0;
        if later > 0.0 {
            let per_day = self.day_wins(&alive, &s.beats_later);
            let top = self.day_winner_odds(&per_day);
            for ((f, d), t) in future.iter_mut().zip(per_day).zip(top) {
                *f = later * d + later_bonus * t;
                future_total += *f;
            }
        }
        // Ladies: the knight wearing her favour, or the average of those
        // still without one; later days share the knights' prizes.
        let ladies_dealt = self.ladies.iter().filter(|l| l.dealt()).count() as f64;
        let (mut free_sum, mut free_n) = (0.0, 0.0);
        for id in KnightId::all() {
            let i = id.index();
            if card(&s.ready, i) && self.knight(id).is_some_and(|k| k.favour == LadyId::NONE) {
                free_sum += card(&today, i);
                free_n += 1.0;
            }
        }
        let unplaced = if free_n > 0.0 { free_sum / free_n } else { 0.0 };
        let mut lady_today = [0.0; CARDS];
        let mut lady_future = [0.0; CARDS];
        for (id, l) in LadyId::all().zip(self.ladies.iter()) {
            if !l.dealt() {
                continue;
            }
            let i = id.index();
            let today = match today.get(l.knight.index()) {
                Some(&t) => t,
                None if favours_open => unplaced,
                None => 0.0,
            };
            set_card(&mut lady_today, i, today);
            set_card(&mut lady_future, i, future_total / ladies_dealt.max(1.0));
        }
        // The final bonus, by the projected totals.
        let mut knight_total = [f64::MIN; CARDS];
        let mut lady_total = [f64::MIN; CARDS];
        let mut left = 0.0;
        for (id, k) in KnightId::all().zip(self.knights.iter()) {
            let i = id.index();
            if k.dealt() {
                let (today, future) = (card(&today, i), card(&future, i));
                let total = f64::from(k.prizes) + card(&s.extra, i) + today + future;
                set_card(&mut knight_total, i, total);
                left += today + future;
            }
        }
        for (id, l) in LadyId::all().zip(self.ladies.iter()) {
            let i = id.index();
            if l.dealt() {
                let (today, future) = (card(&lady_today, i), card(&lady_future, i));
                let total = f64::from(l.prizes) + card(&s.lady_extra, i) + today + future;
                set_card(&mut lady_total, i, total);
                left += today + future;
            }
        }
        let spread = BASE_TEMPERATURE + SPREAD * (left + 2.0 * f64::from(FINAL_BONUS)).sqrt();
        let bonus = f64::from(FINAL_BONUS);
        let knight_top = top_odds(&knight_total, spread);
        let lady_top = top_odds(&lady_total, spread);
        let mut totals = [0.0; MAX_PLAYERS];
        for (id, k) in KnightId::all().zip(self.knights.iter()) {
            let i = id.index();
            if let Some(t) = totals.get_mut(k.owner.index()) {
                *t += card(&knight_total, i) + bonus * card(&knight_top, i);
            }
        }
        for (id, l) in LadyId::all().zip(self.ladies.iter()) {
            let i = id.index();
            if let Some(t) = totals.get_mut(l.owner.index()) {
                *t += card(&lady_total, i) + bonus * card(&lady_top, i);
            }
        }
        (totals, spread)
    }

    /// The chance of `me` winning, from the projected totals.
    fn win_chance(&self, me: Seat, totals: &[f64; MAX_PLAYERS], spread: f64) -> f64 {
        let n = usize::from(self.n()).min(MAX_PLAYERS);
        let mine = totals.get(me.index()).copied().unwrap_or(f64::MIN);
        let mut sum = 0.0;
        for &t in totals.iter().take(n) {
            sum += ((t - mine) / spread).clamp(-50.0, 50.0).exp();
        }
        if sum > 0.0 { 1.0 / sum } else { 0.0 }
    }

    /// The tournament as it stands, a joust in progress averaged over how
    /// it may end.
    fn tournament_value(&self, me: Seat, tables: &mut OddsTables) -> f64 {
        let ready = self.riding_today(me);
        let mut alive = [false; CARDS];
        for (id, a) in KnightId::all().zip(alive.iter_mut()) {
            *a = self.knight(id).is_some_and(Knight::in_tournament);
        }
        let mut memo = Memo::new();
        let base = Scenario {
            ready,
            out: [false; CARDS],
            day_prizes: self.knights.map(|k| f64::from(k.day_prizes)),
            extra: [0.0; CARDS],
            lady_extra: [0.0; CARDS],
            beats_today: self.pairwise(me, false, &ready, &mut memo, tables),
            beats_later: self.pairwise(me, true, &alive, &mut memo, tables),
        };
        let Phase::Joust(j) = self.phase else {
            let (totals, spread) = self.projection(&base);
            return self.win_chance(me, &totals, spread);
        };
        let odds = self.current_joust(&j, me, tables);
        let mut value = 0.0;
        let mut left = 1.0;
        for side in 0..2 {
            let winner = *of_side(&j.knights, side);
            let loser = *of_side(&j.knights, other_side(side));
            let p = *of_side(&odds.wins, side);
            if p <= 0.0 {
                continue;
            }
            left -= p;
            // The loser is out some of the time.
            let ko = (of_side(&odds.out, other_side(side)) / p).min(1.0) * KO_WHEN_BEATEN;
            let mut s = base;
            let (iw, il) = (winner.index().min(CARDS - 1), loser.index().min(CARDS - 1));
            set_card(&mut s.ready, il, false);
            for prizes in [&mut s.day_prizes, &mut s.extra] {
                if let Some(p) = prizes.get_mut(iw) {
                    *p += 1.0;
                }
            }
            if let Some(l) = self.knight(winner).map(|k| k.favour)
                && let Some(slot) = s.lady_extra.get_mut(l.index())
            {
                *slot += 1.0;
            }
            let (t, spread) = self.projection(&s);
            value += p * (1.0 - ko) * self.win_chance(me, &t, spread);
            if ko > 0.0 {
                set_card(&mut s.out, il, true);
                let (t, spread) = self.projection(&s);
                value += p * ko * self.win_chance(me, &t, spread);
            }
        }
        if left > 1e-9 {
            // Nobody wins: both leave the day (knocked out if at ten wounds).
            let mut s = base;
            for id in j.knights {
                if let Some(r) = s.ready.get_mut(id.index()) {
                    *r = false;
                }
            }
            let both_out = odds.out[0].min(odds.out[1]);
            let p_out = (both_out / left).min(1.0);
            let (t, spread) = self.projection(&s);
            value += left * (1.0 - p_out) * self.win_chance(me, &t, spread);
            if p_out > 0.0 {
                for id in j.knights {
                    if let Some(o) = s.out.get_mut(id.index()) {
                        *o = true;
                    }
                }
                let (t, spread) = self.projection(&s);
                value += left * p_out * self.win_chance(me, &t, spread);
            }
        }
        value
    }

    /// The odds of the joust in progress, from its state.
    fn current_joust(&self, j: &Joust, viewer: Seat, tables: &mut OddsTables) -> Odds {
        let a = self.fighter(j.knights[0], viewer, false);
        let b = self.fighter(j.knights[1], viewer, false);
        match j.step {
            JoustStep::Rolling => {
                let hitting = if j.foot { FOOT } else { MOUNTED };
                let to_b = round_in_progress(j.faces(0), j.need[0], &b.covered, &hitting);
                let to_a = round_in_progress(j.faces(1), j.need[1], &a.covered, &hitting);
                joust_odds(tables, &a, &b, j.foot, j.furious, Some((&to_a, &to_b)))
            }
            // After a foot round: both are assumed to fight on.
            _ => joust_odds(tables, &a, &b, true, false, None),
        }
    }

    /// A decisive duel's champions are being chosen: the seat's own choice
    /// (or its best knight), against every knight the other may choose.
    fn duel_choice_value(
        &self,
        me: Seat,
        pair: [Seat; 2],
        chosen: [KnightId; 2],
        tables: &mut OddsTables,
    ) -> f64 {
        let pool = self.duel_pool.len().max(2) as f64;
        let Some(side) = pair.iter().position(|&s| s == me) else {
            return if self.duel_pool.contains(me) {
                1.0 / pool
            } else {
                0.0
            };
        };
        let other = *of_side(&pair, other_side(side));
        let fit = |seat: Seat| {
            self.knights_of(seat)
                .filter(|&id| self.knight(id).is_some_and(Knight::in_tournament))
        };
        let mut theirs = |mine: KnightId| -> f64 {
            let (mut sum, mut n) = (0.0, 0.0);
            let candidates = match *of_side(&chosen, other_side(side)) {
                // A choice already made is secret until both have chosen,
                // unless it was forced (a single knight left).
                c if c != KnightId::NONE && fit(other).count() == 1 => Some(c),
                _ => None,
            };
            for id in fit(other).filter(|&id| candidates.is_none_or(|c| c == id)) {
                let fa = self.fighter(mine, me, false);
                let fb = self.fighter(id, me, false);
                sum += tables.fresh_odds(&fa, &fb)[0];
                n += 1.0;
            }
            if n > 0.0 { sum / n } else { 1.0 }
        };
        let win = match *of_side(&chosen, side) {
            c if c != KnightId::NONE => theirs(c),
            _ => fit(me).map(&mut theirs).fold(0.0, f64::max),
        };
        win * 2.0 / pool
    }

    /// A decisive duel in progress.
    fn duel_joust_value(&self, me: Seat, j: &Joust, tables: &mut OddsTables) -> f64 {
        let pool = self.duel_pool.len().max(2) as f64;
        let owners = j.knights.map(|id| self.owner_of(id));
        let Some(side) = owners.iter().position(|&s| s == Some(me)) else {
            return if self.duel_pool.contains(me) {
                1.0 / pool
            } else {
                0.0
            };
        };
        let odds = self.current_joust(j, me, tables);
        let odds = if side == 0 { odds } else { odds.swapped() };
        // Both knocked out: the seats choose again (an even chance).
        let undecided = (1.0 - odds.wins[0] - odds.wins[1]).max(0.0);
        (odds.wins[0] + 0.5 * undecided) * 2.0 / pool
    }
}

/// Fresh jousts already worked out in one evaluation (the same two knights
/// often meet today and, healed, in the days to come).
struct Memo {
    known: [(Fighter, Fighter, [f64; 2]); MEMO],
    len: usize,
}

const MEMO: usize = 48;

impl Memo {
    fn new() -> Memo {
        let none = Fighter {
            dice: 0,
            covered: [0; 6],
            wounds: 0,
        };
        Memo {
            known: [(none, none, [0.0; 2]); MEMO],
            len: 0,
        }
    }

    /// The chances of `a` and of `b` winning a fresh joust (who attacks
    /// makes no difference: both roll at once).
    fn odds(&mut self, tables: &mut OddsTables, a: &Fighter, b: &Fighter) -> [f64; 2] {
        for (x, y, w) in self.known.iter().take(self.len) {
            if x == a && y == b {
                return *w;
            }
            if x == b && y == a {
                return [w[1], w[0]];
            }
        }
        let w = tables.fresh_odds(a, b);
        if let Some(slot) = self.known.get_mut(self.len) {
            *slot = (*a, *b, w);
            self.len = self.len.saturating_add(1);
        }
        w
    }
}

/// Slots of the table of fresh jousts already worked out (a power of two).
const FRESH_SLOTS: usize = 1024;

/// A fighter packed into a key: dice, wounds and the six covers.
fn fighter_key(f: &Fighter) -> u64 {
    let mut k = u64::from(f.dice) | u64::from(f.wounds) << 8;
    for (shift, &c) in (16..).step_by(8).zip(&f.covered) {
        k |= u64::from(c) << shift;
    }
    k
}

/// One remembered fresh joust: both fighters' keys and `wins`.
type FreshEntry = (u64, u64, [f64; 2]);

/// Slots of the table of foot-combat grids (a power of two).
const GRID_SLOTS: usize = 16;

const ODDS_ZERO: Odds = Odds {
    wins: [0.0; 2],
    out: [0.0; 2],
};

/// Ritter's [`Evaluate::Scratch`]: fresh jousts and foot-combat grids
/// worked out by earlier evaluations. The same knights meet in evaluation
/// after evaluation of one search, and both are pure functions of the two
/// fighters, so a remembered answer is the very number computing it again
/// would give. Fixed tables, allocated once by whoever owns the scratch (a
/// bot, one per search), so an evaluation allocates nothing.
pub struct OddsTables {
    fresh: Box<[FreshEntry; FRESH_SLOTS]>,
    /// By the two fighters' keys without their wounds (a grid covers every
    /// pair of wounds).
    grids: Box<[(u64, u64, FootGrid); GRID_SLOTS]>,
}

impl Default for OddsTables {
    fn default() -> Self {
        let grid = FootGrid {
            cells: [[ODDS_ZERO; KO]; KO],
        };
        OddsTables {
            fresh: Box::new([(u64::MAX, u64::MAX, [0.0; 2]); FRESH_SLOTS]),
            grids: Box::new([(u64::MAX, u64::MAX, grid); GRID_SLOTS]),
        }
    }
}

impl OddsTables {
    /// `FootGrid::new(a, b)`, remembered.
    fn foot_grid(&mut self, a: &Fighter, b: &Fighter) -> FootGrid {
        let unhurt = |f: &Fighter| fighter_key(&Fighter { wounds: 0, ..*f });
        let (ka, kb) = (unhurt(a), unhurt(b));
        let hash = (ka ^ kb.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (hash >> 58) as usize % GRID_SLOTS;
        if let Some((x, y, grid)) = self.grids.get(slot)
            && *x == ka
            && *y == kb
        {
            return *grid;
        }
        let grid = FootGrid::new(a, b);
        if let Some(entry) = self.grids.get_mut(slot) {
            *entry = (ka, kb, grid);
        }
        grid
    }

    /// `joust_odds(a, b, false, false, None).wins`, remembered.
    fn fresh_odds(&mut self, a: &Fighter, b: &Fighter) -> [f64; 2] {
        let (ka, kb) = (fighter_key(a), fighter_key(b));
        let hash = (ka ^ kb.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (hash >> 54) as usize % FRESH_SLOTS;
        if let Some(&(x, y, w)) = self.fresh.get(slot)
            && x == ka
            && y == kb
        {
            return w;
        }
        let w = joust_odds(self, a, b, false, false, None).wins;
        if let Some(entry) = self.fresh.get_mut(slot) {
            *entry = (ka, kb, w);
        }
        w
    }
}

/// What the rest of the day may look like after the joust in progress.
#[derive(Clone, Copy)]
struct Scenario {
    ready: [bool; CARDS],
    out: [bool; CARDS],
    day_prizes: PerKnight,
    /// Prizes just won (knights, ladies) not yet on the cards.
    extra: PerKnight,
    lady_extra: PerKnight,
    beats_today: [PerKnight; CARDS],
    beats_later: [PerKnight; CARDS],
}

/// The chance of each (dealt) card ending with the most prizes: a softmax
/// over the projected totals (`f64::MIN` for cards not in play).
fn top_odds(totals: &PerKnight, spread: f64) -> PerKnight {
    let best = totals.iter().copied().fold(f64::MIN, f64::max);
    if best <= f64::MIN {
        return [0.0; CARDS];
    }
    let mut odds = [0.0; CARDS];
    let mut sum = 0.0;
    for (o, &t) in odds.iter_mut().zip(totals) {
        if t > f64::MIN {
            *o = ((t - best) / spread).max(-50.0).exp();
            sum += *o;
        }
    }
    // Nobody gains the bonus while nobody has a prize.
    let some = if best > 0.0 {
        1.0
    } else {
        (best + 1.0).clamp(0.0, 1.0)
    };
    odds.map(|o| o / sum * some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use tourney_core::GameRng;
    use tourney_core::playout::{Buffers, random_playout};

    fn fighter(dice: u8, covered: [u8; 6]) -> Fighter {
        Fighter {
            dice,
            covered,
            wounds: 0,
        }
    }

    #[test]
    fn the_wound_table_is_a_distribution() {
        for (n, by_cover) in WOUNDS.iter().enumerate() {
            for (code, dist) in by_cover.iter().enumerate() {
                let sum: f64 = dist.iter().sum();
                assert!((sum - 1.0).abs() < 1e-9, "{n} dice, covers {code}: {sum}");
            }
        }
        // One die against nothing covered wounds half the time.
        assert!((WOUNDS[1][0][1] - 0.5).abs() < 1e-12);
        // Two dice against everything covered twice never wound.
        assert_eq!(WOUNDS[2][26][0], 1.0);
    }

    #[test]
    fn odds_add_up_and_favour_more_dice() {
        let weak = fighter(3, [1, 1, 1, 1, 1, 1]);
        let strong = fighter(6, [1, 1, 1, 1, 1, 1]);
        let o = joust_odds(
            &mut OddsTables::default(),
            &strong,
            &weak,
            false,
            false,
            None,
        );
        assert!(o.wins[0] > 0.6, "{o:?}");
        assert!(o.wins[0] + o.wins[1] <= 1.0 + 1e-9);
        let even = joust_odds(&mut OddsTables::default(), &weak, &weak, false, false, None);
        assert!((even.wins[0] - even.wins[1]).abs() < 1e-9);
        // Wounds hurt on foot.
        let hurt = Fighter { wounds: 8, ..weak };
        let o = joust_odds(&mut OddsTables::default(), &hurt, &weak, true, false, None);
        assert!(o.wins[0] < 0.3, "{o:?}");
    }

    #[test]
    fn untouchable_knights_part_undecided() {
        // Two dice never beat two covers of every foot number.
        let a = fighter(2, [2; 6]);
        let o = joust_odds(&mut OddsTables::default(), &a, &a, true, false, None);
        assert_eq!(o, Odds::default());
    }

    fn play_to(seed: u64, seats: usize, stop: impl Fn(&Ritter) -> bool) -> Option<Ritter> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut g = Ritter::new(&Config::default(), seats).ok()?;
        let mut buf = Buffers::default();
        for _ in 0..20_000 {
            if stop(&g) {
                return Some(g);
            }
            match g.to_move() {
                ToMove::Over(_) => return None,
                // One random step, as every playout takes it.
                _ => (random_playout(&mut g, &mut rng, &mut buf, 1).steps == 1).then_some(())?,
            }
        }
        None
    }

    #[test]
    fn prizes_help_and_wounds_hurt() {
        let g = (0..20)
            .find_map(|seed| {
                play_to(seed, 2, |g| {
                    matches!(g.phase, Phase::Challenge { .. }) && g.day == 2
                })
            })
            .unwrap();
        let me = Seat(0);
        let base = g.evaluate(me, &mut Default::default());
        let mine = g.knights_of(me).next().unwrap();
        let mut richer = g.clone();
        richer.knights[mine.index()].prizes += 2;
        assert!(richer.evaluate(me, &mut Default::default()) > base);
        let mut hurt = g.clone();
        hurt.knights[mine.index()].wounds = 9;
        assert!(hurt.evaluate(me, &mut Default::default()) < base);
        let mut stronger = g.clone();
        stronger.knights[mine.index()].dice += 2;
        assert!(stronger.evaluate(me, &mut Default::default()) > base);
    }

    #[test]
    fn garbage_does_not_panic() {
        let mut g = play_to(3, 2, |g| matches!(g.phase, Phase::Joust(_))).unwrap();
        g.seats = 0;
        g.knights[0].owner = Seat(200);
        g.knights[1].dice = 255;
        g.knights[2].wounds = 255;
        g.knights[3].favour = LadyId(77);
        g.ladies[0].knight = KnightId(99);
        g.day = 0;
        for s in 0..12 {
            let v = g.evaluate(Seat(s), &mut Default::default());
            assert!((0.0..=1.0).contains(&v));
        }
    }
}
