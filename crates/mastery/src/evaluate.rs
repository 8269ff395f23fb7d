//! How well a seat stands: `Evaluate::evaluate` for Medieval Mastery, the
//! judgement behind the `greedy` bot and cut-off playouts.
//!
//! Every player (every team under Loyalty) gets a strength score, and the
//! chance of winning is the softmax of the scores:
//!
//! - **victory points** against the goal (13, 11 in a Skirmish, the team
//!   goal under Loyalty), the main term: reaching the goal wins at once;
//! - **knights** on the board and in the castle, and the share of the
//!   territories that have a supply line (only they can be reinforced);
//! - **cards in hand**: the seat's own hand by what its cards are worth in a
//!   combat, another seat's by its size (its cards are secret);
//! - **the next march**: the best territory the player could take with the
//!   knights its castle will hold on its next march (an empty one for sure,
//!   a held one with the chance of winning the combat), so that knights kept
//!   in the castle and territories left thinly held both count.
//!
//! A combat in progress is averaged over its two results: the chance that
//! the attacker's value ends above the defender's, from the values so far
//! and what may still come (Sceptres face up, the Conflict cards — the seat's
//! own known, another's drawn from the cards it may hold —, Ambush dice and
//! Support cards), and the position each result leaves. A march whose size
//! is being chosen is scored by its best size, so that choosing a target
//! and then thinking better of it never looks like progress.
//!
//! The evaluation reads no hidden card: another seat's hand, deck and
//! face-down Conflict card enter only as the pool of cards that seat may
//! hold, which every determinization keeps. Pure; it works on copies of the
//! state, which hold no heap memory.

use crate::Mastery;
use crate::cards::{Card, Cards};
use crate::config::Loyalty;
use crate::content::{RelicEffect, RelicKind};
use crate::ids::Cell;
use crate::map::bits;
use crate::state::{
    Combat, CombatStep, Commit, MAX_PLAYERS, PER_DIE, Phase, Stage, State, of_side,
};
use tourney_core::{Evaluate, Events, Seat};

/// Weight of the victory points, per goal's worth.
const W_POINTS: f64 = 6.0;
/// Weight of one knight.
const W_KNIGHT: f64 = 0.1;
/// Weight of a territory without a supply line (it cannot be reinforced).
const W_CUT_OFF: f64 = 0.15;
/// Weight of one point of combat value in hand.
const W_HAND: f64 = 0.03;
/// The next march counts this part of the points it would take.
const NEXT_MARCH: f64 = 0.4;
/// Knights every turn starts with.
const TURN_KNIGHTS: u8 = 3;
/// What an Ambush die adds on average.
const AMBUSH: f64 = 3.5;
/// Spread of a combat's result (standard deviation, in combat value)
/// beyond the known cards, and the least spread.
const LEAST_SPREAD: f64 = 0.6;

/// One team's (or, without Loyalty, one seat's) share of a position.
#[derive(Clone, Copy, Default)]
struct Tally {
    /// The members' strength scores, added up.
    score: f64,
    /// Members at the table.
    size: usize,
    /// The members' victory points.
    points: u16,
}

/// The standard normal distribution function (Abramowitz–Stegun 26.2.17,
/// error below 1e-7).
fn phi(x: f64) -> f64 {
    if !x.is_finite() {
        return if x > 0.0 { 1.0 } else { 0.0 };
    }
    let t = 1.0 / (1.0 + 0.231_641_9 * x.abs());
    let poly = t
        * (0.319_381_530
            + t * (-0.356_563_782
                + t * (1.781_477_937 + t * (-1.821_255_978 + t * 1.330_274_429))));
    let tail = (-x * x / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt() * poly;
    if x >= 0.0 { 1.0 - tail } else { tail }
}

/// What a card adds in a combat (an Ambush die on average).
fn combat_worth(card: Card) -> f64 {
    match card {
        Card::Ambush => AMBUSH,
        c if c.is_conflict() => c.conflict_value() as f64,
        c if c.is_support() => c.support_value() as f64,
        _ => 1.0,
    }
}

/// The mean and variance of a Conflict card drawn from `pool`, and the
/// chance that a hand of `hand` cards from it holds one at all.
fn conflict_from(pool: &Cards, hand: usize) -> (f64, f64, f64) {
    let total = pool.len() as f64;
    let (mut n, mut sum, mut sq) = (0.0, 0.0, 0.0);
    for card in Card::ALL.into_iter().filter(|c| c.is_conflict()) {
        let c = f64::from(pool.count(card.index()));
        let v = combat_worth(card);
        n += c;
        sum += c * v;
        sq += c * v * v;
    }
    if n == 0.0 || total == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let mean = sum / n;
    let var = (sq / n - mean * mean).max(0.0) + if n > 0.0 { 1.0 } else { 0.0 };
    let none = (1.0 - n / total).max(0.0).powi(hand.min(20) as i32);
    (mean, var, 1.0 - none)
}

/// Support value expected from a hand of `hand` cards drawn from `pool`,
/// about half of which would be played.
fn support_from(pool: &Cards, hand: usize) -> f64 {
    let total = pool.len() as f64;
    if total == 0.0 {
        return 0.0;
    }
    let sum: f64 = Card::ALL
        .into_iter()
        .filter(|c| c.is_support())
        .map(|c| f64::from(pool.count(c.index())) * combat_worth(c))
        .sum();
    0.5 * sum / total * hand as f64
}

/// Mastery's evaluation remembers nothing between calls.
impl Evaluate for Mastery {
    type Scratch = ();

    /// Victory points against the goal, knights, supply lines, cards in
    /// hand and the next march; a combat by its odds.
    fn evaluate(&self, seat: Seat, _: &mut ()) -> f64 {
        self.0.evaluation(seat)
    }
}

impl State {
    /// `Evaluate::evaluate`: see the module documentation.
    pub(crate) fn evaluation(&self, seat: Seat) -> f64 {
        self.value(seat, seat)
    }

    /// The value for `seat` as far as `viewer` can tell.
    fn value(&self, seat: Seat, viewer: Seat) -> f64 {
        if let Phase::Over(o) = &self.phase {
            return o.share(seat);
        }
        if seat.index() >= self.seat_count() {
            return 0.0;
        }
        let value = match self.turn().map(|t| (&t.stage, t.seat)) {
            Some((Stage::MarchSize { target }, marcher)) => {
                self.march_value(seat, viewer, marcher, *target)
            }
            Some((Stage::Combat(c), _)) => self.combat_value(seat, viewer, c),
            _ => self.position_value(seat, viewer),
        };
        if value.is_finite() {
            value.clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// The cards `seat` may hold as `viewer` sees them: its own hand, or
    /// for another seat everything it holds unseen (hand, deck, known deck
    /// top, cards being looked at, a face-down Conflict card).
    fn hidden_pool(&self, seat: Seat) -> Cards {
        let p = self.player(seat);
        let mut pool = p.hand;
        let mut deck = p.deck;
        pool.absorb(&mut deck);
        for card in p.top.iter().flatten() {
            pool.put(card.index());
        }
        if let Some(k) = self.peek.filter(|k| k.seat == seat) {
            let mut seen = k.seen;
            pool.absorb(&mut seen);
            for card in k.order.iter().flatten() {
                pool.put(card.index());
            }
        }
        if let Some(c) = self.combat()
            && matches!(
                c.step,
                CombatStep::Window | CombatStep::Sceptres | CombatStep::Conflict
            )
        {
            for (side, commit) in c.commit.iter().enumerate() {
                if c.seat_of(side) == seat
                    && let Commit::Card(card) = *commit
                {
                    pool.put(card.index());
                }
            }
        }
        pool
    }

    /// What `seat`'s hand is worth in combats, as `viewer` knows it.
    fn hand_worth(&self, seat: Seat, viewer: Seat) -> f64 {
        let p = self.player(seat);
        if seat == viewer {
            Card::ALL
                .into_iter()
                .map(|c| f64::from(p.hand.count(c.index())) * combat_worth(c))
                .sum()
        } else {
            let pool = self.hidden_pool(seat);
            let total = pool.len() as f64;
            if total == 0.0 {
                return 0.0;
            }
            let sum: f64 = Card::ALL
                .into_iter()
                .map(|c| f64::from(pool.count(c.index())) * combat_worth(c))
                .sum();
            sum / total * p.hand.len() as f64
        }
    }

    /// Knights `seat` has on the map and in its castle.
    fn knights_total(&self, seat: Seat) -> u32 {
        let field: u32 = bits(self.owned(seat))
            .map(|c| u32::from(self.place(c).knights))
            .sum();
        field.saturating_add(u32::from(self.player(seat).castle))
    }

    /// Knights `seat` can march with next: its castle now if it is on turn
    /// and may still march, else its castle after the next turn's knights.
    fn next_march_knights(&self, seat: Seat) -> u8 {
        let castle = self.player(seat).castle;
        match self.turn() {
            Some(t) if t.seat == seat && !t.marched => castle,
            _ => castle
                .saturating_add(TURN_KNIGHTS)
                .min(castle.saturating_add(self.castle_room(seat))),
        }
    }

    /// A combatant's expected combat value from its card in hand
    /// (Conflict card and Support), as `viewer` knows it.
    fn expected_cards(&self, seat: Seat, viewer: Seat, support: bool) -> (f64, f64) {
        let p = self.player(seat);
        if seat == viewer {
            let best = Card::ALL
                .into_iter()
                .filter(|c| c.is_conflict() && p.hand.count(c.index()) > 0)
                .map(combat_worth)
                .fold(0.0, f64::max);
            let sup: f64 = if support {
                Card::ALL
                    .into_iter()
                    .filter(|c| c.is_support())
                    .map(|c| f64::from(p.hand.count(c.index())) * combat_worth(c))
                    .sum::<f64>()
                    * 0.5
            } else {
                0.0
            };
            (best + sup, 1.0)
        } else {
            let pool = self.hidden_pool(seat);
            let hand = p.hand.len().max(usize::from(crate::setup::HAND));
            let (mean, var, has) = conflict_from(&pool, hand);
            let sup = if support {
                support_from(&pool, hand)
            } else {
                0.0
            };
            (mean * has + sup, var + 1.0)
        }
    }

    /// The best territory `seat` could take on its next march: the points
    /// it would gain, times the chance of winning the combat for a held one.
    fn next_march(&self, seat: Seat, viewer: Seat) -> f64 {
        let knights = self.next_march_knights(seat);
        if knights == 0 {
            return 0.0;
        }
        let goal = f64::from(self.goal());
        let mut best: f64 = 0.0;
        for cell in bits(self.march_targets(seat)) {
            let castle = self.castle_owner(cell);
            let cap = if castle.is_some() {
                PER_DIE
            } else {
                self.capacity(cell)
            };
            let n = f64::from(knights.min(cap));
            let place = self.place(cell);
            let gain = if castle.is_some() {
                goal
            } else {
                f64::from(self.worth(cell))
            };
            // Whom the march would fight: the castle's seat, or a player
            // holding the territory with knights; nobody for an empty one.
            let holder = place
                .owner()
                .filter(|o| o.index() < self.seat_count() && place.knights > 0);
            let chance = match castle.or(holder) {
                None => 1.0,
                Some(defender) => {
                    let tile = self.tile_at(cell).filter(|_| castle.is_none());
                    let att = n + tile.map_or(0.0, |t| f64::from(t.attack));
                    let def = if castle.is_some() {
                        8.0
                    } else {
                        f64::from(place.knights) + tile.map_or(0.0, |t| f64::from(t.defence))
                    };
                    let support = tile.is_none_or(|t| !t.no_support);
                    let (ma, va) = self.expected_cards(seat, viewer, support);
                    let (md, vd) = self.expected_cards(defender, viewer, support);
                    let d = att + ma - def - md;
                    phi((d - 0.5) / (va + vd).sqrt().max(LEAST_SPREAD))
                }
            };
            best = best.max(gain * chance);
        }
        best
    }

    /// Points that win: a player's goal, or a team's under Loyalty.
    fn goal(&self) -> u16 {
        if self.config.loyalty == Loyalty::Off {
            self.config.goal()
        } else {
            self.config.team_goal()
        }
    }

    /// A seat's strength score (without the points of its teammates).
    fn strength(&self, seat: Seat, viewer: Seat) -> f64 {
        let goal = f64::from(self.goal().max(1));
        let owned = self.owned(seat);
        let cut_off = (owned & !self.supplied(seat)).count_ones();
        W_KNIGHT * f64::from(self.knights_total(seat)) - W_CUT_OFF * f64::from(cut_off)
            + W_HAND * self.hand_worth(seat, viewer)
            + W_POINTS / goal * NEXT_MARCH * self.next_march(seat, viewer)
    }

    /// The chance of `seat` winning from this position as `viewer` sees
    /// it: the softmax of every player's (team's) score.
    fn position_value(&self, seat: Seat, viewer: Seat) -> f64 {
        let n = self.seat_count().min(MAX_PLAYERS);
        let mut teams = [Tally::default(); MAX_PLAYERS];
        for s in self.table_seats().take(n) {
            let t = usize::from(self.team(s)).min(MAX_PLAYERS - 1);
            if let Some(team) = teams.get_mut(t) {
                team.score += self.strength(s, viewer);
                team.size = team.size.saturating_add(1);
                team.points = team.points.saturating_add(self.points(s));
            }
        }
        let mine = usize::from(self.team(seat)).min(MAX_PLAYERS - 1);
        let goal = f64::from(self.goal().max(1));
        let mut z = [f64::NEG_INFINITY; MAX_PLAYERS];
        for (t, (team, z)) in teams.iter().zip(z.iter_mut()).enumerate() {
            if team.size == 0 {
                continue;
            }
            let points = f64::from(team.points);
            if points >= goal {
                // Only a finished game can have this; stay sensible.
                return if t == mine { 1.0 } else { 0.0 };
            }
            *z = W_POINTS * points / goal + team.score;
        }
        let (Some(&me), Some(my_team)) = (z.get(mine), teams.get(mine)) else {
            return 0.0;
        };
        let total: f64 = z
            .iter()
            .filter(|x| x.is_finite())
            .map(|x| (x - me).clamp(-50.0, 50.0).exp())
            .sum();
        if total > 0.0 {
            1.0 / total / my_team.size.max(1) as f64
        } else {
            0.0
        }
    }

    /// A march into `target` whose size is being chosen: the best size for
    /// the marcher, as the viewer values it.
    fn march_value(&self, seat: Seat, viewer: Seat, marcher: Seat, target: Cell) -> f64 {
        let mut best = (f64::NEG_INFINITY, 0.0);
        let castle = self.player(marcher).castle;
        for n in 1..=self.largest_march(marcher, target) {
            if !self.castle_fits(marcher, castle.saturating_sub(n), 1) {
                continue;
            }
            let mut next = self.clone();
            next.send_sketch(marcher, target, n);
            let for_marcher = next.value(marcher, viewer);
            if for_marcher > best.0 {
                let for_seat = if seat == marcher {
                    for_marcher
                } else {
                    next.value(seat, viewer)
                };
                best = (for_marcher, for_seat);
            }
        }
        if best.0.is_finite() {
            best.1
        } else {
            self.position_value(seat, viewer)
        }
    }

    /// The march of `n` knights into `cell` as the rules make it (an empty
    /// territory is taken at once, a held one fought over).
    fn send_sketch(&mut self, seat: Seat, cell: Cell, n: u8) {
        if let Some(t) = self.turn_mut() {
            t.stage = Stage::Free;
        }
        self.march(seat, cell, n, &mut Events::off());
    }

    /// A combat in progress: both results, weighted by their chances.
    fn combat_value(&self, seat: Seat, viewer: Seat, c: &Combat) -> f64 {
        let (p_att, margin_att, margin_def) = self.combat_odds(viewer, c);
        let mut value = 0.0;
        for (winner, p, margin) in [(0u8, p_att, margin_att), (1, 1.0 - p_att, margin_def)] {
            if p <= 0.0 {
                continue;
            }
            let mut next = self.clone();
            next.settle_sketch(c, winner, margin);
            value += p * next.value(seat, viewer);
        }
        value
    }

    /// The chance that the attacker wins, and the margins of each result.
    fn combat_odds(&self, viewer: Seat, c: &Combat) -> (f64, u8, u8) {
        if matches!(
            c.step,
            CombatStep::Survival | CombatStep::Orbs | CombatStep::Finish
        ) {
            let m = u8::try_from(c.margin.max(1)).unwrap_or(u8::MAX);
            return (if c.winner == 0 { 1.0 } else { 0.0 }, m, m);
        }
        let mut mean = f64::from(c.value[0]) - f64::from(c.value[1]);
        let mut var = 0.0;
        let castle = self.castle_owner(c.cell).is_some();
        let support = !castle && self.tile_at(c.cell).is_none_or(|t| !t.no_support);
        let support_open = matches!(
            c.step,
            CombatStep::Window
                | CombatStep::Sceptres
                | CombatStep::Conflict
                | CombatStep::Ambush
                | CombatStep::Support
        );
        // Sceptres not applied yet.
        if matches!(c.step, CombatStep::Window | CombatStep::Sceptres) {
            for side in 0..2 {
                let sign = if side == 0 { 1.0 } else { -1.0 };
                match self.effect(c.seat_of(side), RelicKind::Sceptre) {
                    Some(RelicEffect::Rage) => mean += sign,
                    Some(RelicEffect::Valor | RelicEffect::Influence) if side == 0 => mean += sign,
                    Some(RelicEffect::Oath | RelicEffect::Defiance) if side == 1 => mean += sign,
                    _ => {}
                }
            }
        }
        let conflict_open = matches!(
            c.step,
            CombatStep::Window | CombatStep::Sceptres | CombatStep::Conflict
        );
        for side in 0..2 {
            let seat = c.seat_of(side);
            let sign = if side == 0 { 1.0 } else { -1.0 };
            let (mut m, mut v) = (0.0, 0.0);
            if conflict_open {
                match *of_side(&c.commit, side) {
                    Commit::Card(card) if seat == viewer => m += combat_worth(card),
                    Commit::Nothing => {}
                    _ => {
                        let (cm, cv) = self.expected_cards(seat, viewer, false);
                        m += cm;
                        v += cv;
                    }
                }
            }
            if c.step == CombatStep::Ambush && *of_side(&c.ambush, side) {
                m += AMBUSH;
                v += 2.9;
            }
            if support && support_open && c.passed >> (seat.index() % 8) & 1 == 0 {
                let (sm, sv) = if seat == viewer {
                    let p = self.player(seat);
                    let sum: f64 = Card::ALL
                        .into_iter()
                        .filter(|c| c.is_support())
                        .map(|c| f64::from(p.hand.count(c.index())) * combat_worth(c))
                        .sum();
                    (0.5 * sum, 0.25 * sum)
                } else {
                    let pool = self.hidden_pool(seat);
                    let s = support_from(&pool, self.player(seat).hand.len());
                    (s, s)
                };
                m += sm;
                v += sv;
            }
            mean += sign * m;
            var += v;
        }
        let sd = var.sqrt().max(LEAST_SPREAD);
        // A tie goes to the defender.
        let p = phi((mean - 0.5) / sd);
        let margin = |x: f64| x.round().clamp(1.0, 30.0) as u8;
        (p, margin(mean), margin(-mean))
    }

    /// Ends the combat `c` with `winner` (0: attacker) by `margin`, roughly
    /// as steps 8 and 9 do (Orbs and Chaos dice left out).
    fn settle_sketch(&mut self, c: &Combat, winner: u8, margin: u8) {
        if let Some(t) = self.turn_mut() {
            t.stage = Stage::Free;
        }
        // A face-down Conflict card goes back among its owner's unseen
        // cards: which one it is stays secret, so the pool must not change.
        if matches!(
            c.step,
            CombatStep::Window | CombatStep::Sceptres | CombatStep::Conflict
        ) {
            for (side, commit) in c.commit.iter().enumerate() {
                if let Commit::Card(card) = *commit {
                    self.player_mut(c.seat_of(side)).deck.put(card.index());
                }
            }
        }
        // A sketch for the evaluation: nobody is told of it.
        let ev = &mut Events::off();
        let castle_fight = self.castle_owner(c.cell).is_some();
        if winner == 0 {
            if castle_fight {
                self.win_by_castle(c.attacker, ev);
                return;
            }
            let defenders = self.place(c.cell).knights;
            let p = self.place_mut(c.cell);
            p.set_owner(None);
            p.knights = 0;
            self.add_to_castle(c.defender, defenders.saturating_sub(margin));
            if c.att_knights > 0 {
                self.conquer(c.attacker, c.cell, c.att_knights, false, ev);
            }
            self.territory_changed(ev);
        } else {
            self.add_to_castle(c.attacker, c.att_knights.saturating_sub(margin));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use crate::game::Mastery;
    use tourney_core::playout::{Buffers, random_playout};
    use tourney_core::{Game, GameRng, ToMove};

    #[test]
    fn phi_is_the_normal_distribution() {
        assert!((phi(0.0) - 0.5).abs() < 1e-7);
        assert!((phi(1.96) - 0.975).abs() < 1e-4);
        assert!((phi(-1.0) - 0.158_655).abs() < 1e-5);
        assert_eq!(phi(f64::INFINITY), 1.0);
    }

    fn random_steps(g: &mut Mastery, rng: &mut GameRng, steps: usize) -> bool {
        let mut buf = Buffers::default();
        for _ in 0..steps {
            match g.to_move() {
                ToMove::Over(_) => return false,
                // One random step, as every playout takes it.
                _ => assert_eq!(
                    random_playout(g, rng, &mut buf, 1).steps,
                    1,
                    "a listed move was refused"
                ),
            }
        }
        true
    }

    #[test]
    fn points_and_knights_help() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut g = Mastery::new(&Config::default(), 2).unwrap();
        random_steps(&mut g, &mut rng, 30);
        let seat = Seat(0);
        let base = g.evaluate(seat, &mut Default::default());
        let mut more = g.clone();
        more.0.player_mut(Seat(0)).castle += 3;
        assert!(more.evaluate(seat, &mut Default::default()) > base);
        // Taking a free territory with a point or more is good.
        let mut taken = g.clone();
        let cell = bits(g.0.map().territories)
            .find(|&c| g.0.place(c).owner().is_none() && g.0.worth(c) > 0)
            .unwrap();
        taken.0.place_mut(cell).set_owner(Some(Seat(0)));
        taken.0.place_mut(cell).knights = 2;
        assert!(taken.evaluate(seat, &mut Default::default()) > base);
    }

    #[test]
    fn garbage_does_not_panic() {
        let mut rng = GameRng::seed_from_u64(7);
        let mut g = Mastery::new(&Config::default(), 3).unwrap();
        random_steps(&mut g, &mut rng, 60);
        g.0.player_mut(Seat(1)).castle = 255;
        g.0.place_mut(Cell(3)).knights = 255;
        for s in 0..9 {
            let v = g.evaluate(Seat(s), &mut Default::default());
            assert!((0.0..=1.0).contains(&v));
        }
    }
}
