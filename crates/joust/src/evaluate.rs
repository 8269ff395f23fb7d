//! How well a seat stands: `Evaluate::evaluate` for Card Joust, the judgement
//! behind the `greedy` bot and cut-off playouts.
//!
//! Two layers, both reading only what the seat may see:
//!
//! 1. **Between passes** every player still in the event has a strength
//!    score: its points towards the target (with a step once the target is
//!    reached: the next pass its knight survives wins), its knights left
//!    (the one in the lists discounted by its injury dice) and the
//!    ground-mount gift. The chance of winning is the softmax of the scores
//!    of the players still in the event, so the seats' values sum to 1.
//! 2. **During a pass** the duelists' scores are averaged over the pass's
//!    possible results. Each duelist's roll is a distribution over the six
//!    counts the rules distinguish (a fumble losing two points or one, no
//!    success, one, two, three or more net successes), computed from the
//!    dice already rolled and the ones still to roll, the snakes of the
//!    injury dice, the target number and the mount. Every pair of counts is
//!    resolved with the rules' own [`pass::resolve`]; the points, falls,
//!    injuries (with the chance of surviving a major injury's roll), heals
//!    and the gift it gives are applied, and the end of the pass is checked
//!    as the rules check it (target reached by a standing knight, last
//!    player with knights).
//!
//! What the seat cannot see is averaged over: a card it has not seen is
//! any card of its owner's unseen pile (pile, hand and face-down slots
//! together, which is what the open discards imply), an aim or gear not yet
//! revealed is any of them with equal chance. The seat's own choices not
//! yet made are assumed: aim at the slot worth most, ground mount and lance
//! of peace; its cards not yet placed go, highest first, on the slots
//! worth most. A seat watching a pass between two others assumes those
//! choices for both duelists. The evaluation reads no hidden card, no
//! unrevealed choice of another seat and no pile order, so it gives the
//! same value on every determinization of the seat's view.
//!
//! Pure, no heap: everything lives in small arrays on the stack.

use crate::actions::Action;
use crate::actions::KnightChoice;
use crate::content::{D12_SIDES, MOST_MINOR, RANKS, rank_of};
use crate::dice;
use crate::gear::{Gear, Lance, Mount};
use crate::knight::{Injury, Knight};
use crate::pass::{self, Count, Effect};
use crate::slot::{SLOTS, Slot};
use crate::state::{CardJoust, MAX_PLAYERS, Phase, Side, other, pick, pick_mut};
use tourney_core::{Evaluate, Pile, Seat, ToMove, Weight};

/// Weight of the points, per target's worth of points.
const W_POINTS: f64 = 2.5;
/// Extra for a player at or over the target: its next pass with the knight
/// standing at the end wins.
const W_AT_TARGET: f64 = 1.0;
/// Weight of one knight left (an unhurt one).
const W_KNIGHT: f64 = 0.8;
/// What a minor and a major injury die take off a knight's worth.
const MINOR_COST: f64 = 0.12;
const MAJOR_COST: f64 = 0.25;
/// The least a hurt knight is worth.
const LEAST_HEALTH: f64 = 0.1;
/// Weight of the princesses' gift (an extra jousting die next pass).
const W_GIFT: f64 = 0.15;

/// A d6 shows a snake (or a heal) one time in six.
const ONE_IN_SIX: f64 = 1.0 / 6.0;
/// The most injury dice counted in one roll (more only in corrupt states).
const MOST_POOL: u8 = 24;

/// What one player has between passes, as the evaluation counts it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Standing {
    points: f64,
    /// Knights not yet sent.
    fresh: f64,
    /// Injury dice of the knight in the lists (minor, major).
    knight: Option<(f64, f64)>,
    gift: bool,
}

impl Standing {
    const OUT: Standing = Standing {
        points: 0.0,
        fresh: 0.0,
        knight: None,
        gift: false,
    };

    fn of(game: &CardJoust, seat: Seat) -> Standing {
        let knights = game.config.knights_per_player;
        game.player(seat).map_or(Standing::OUT, |p| Standing {
            points: f64::from(p.points),
            fresh: f64::from(p.fresh(knights)),
            knight: p.knight.map(|k| (f64::from(k.minor), f64::from(k.major))),
            gift: p.gift,
        })
    }

    fn in_event(&self) -> bool {
        self.fresh > 0.0 || self.knight.is_some()
    }

    /// The strength score whose softmax is the chance of winning.
    fn score(&self, target: f64) -> f64 {
        let health = self.knight.map_or(0.0, |(minor, major)| {
            (1.0 - MINOR_COST * minor - MAJOR_COST * major).max(LEAST_HEALTH)
        });
        let points = self.points.clamp(-target, target) / target;
        let at_target = if self.points >= target {
            W_AT_TARGET
        } else {
            0.0
        };
        let score = W_POINTS * points
            + at_target
            + W_KNIGHT * (self.fresh + health)
            + if self.gift { W_GIFT } else { 0.0 };
        // Only a corrupt state (hundreds of knights) comes near this.
        score.clamp(-30.0, 30.0)
    }
}

/// Every player's standing, and the rules that end the event.
#[derive(Debug, Clone, Copy)]
struct Table {
    standings: [Standing; MAX_PLAYERS],
    seats: usize,
    target: f64,
    threshold: Option<f64>,
}

impl Table {
    fn of(game: &CardJoust) -> Table {
        let seats = game.seat_count();
        let mut standings = [Standing::OUT; MAX_PLAYERS];
        for (i, s) in standings.iter_mut().enumerate().take(seats) {
            *s = Standing::of(game, Seat::new(i));
        }
        Table {
            standings,
            seats,
            target: f64::from(game.config.target_points.max(1)),
            threshold: game.config.points_threshold.map(f64::from),
        }
    }

    fn get(&self, seat: Seat) -> Standing {
        self.standings
            .get(seat.index())
            .copied()
            .unwrap_or(Standing::OUT)
    }

    /// The chance of `seat` winning from here, with nobody's event decided
    /// yet: the softmax of the scores of the players still in it.
    fn win_chance(&self, seat: Seat) -> f64 {
        let me = self.get(seat);
        if !me.in_event() {
            return 0.0;
        }
        let mine = me.score(self.target);
        let mut total = 0.0;
        for s in self.standings.iter().take(self.seats) {
            if s.in_event() {
                // Relative to the seat's own score, so nothing overflows.
                total += (s.score(self.target) - mine).clamp(-50.0, 50.0).exp();
            }
        }
        if total > 0.0 { 1.0 / total } else { 0.0 }
    }
}

/// The end of a pass as one seat values it: the two duelists' standings
/// vary, everyone else's are summed up once.
#[derive(Debug, Clone, Copy)]
struct Ending {
    seat: Seat,
    duelists: [Seat; 2],
    target: f64,
    threshold: Option<f64>,
    /// Softmax weight of the players in the event other than the duelists.
    others_weight: f64,
    others_alive: usize,
    /// Points of all the other players, and the best of those in the event
    /// with how many share it.
    others_points: f64,
    others_best: f64,
    others_best_count: usize,
    /// The seat itself when it is not a duelist.
    seat_standing: Standing,
}

impl Ending {
    fn new(table: &Table, seat: Seat, duelists: [Seat; 2]) -> Ending {
        let mut e = Ending {
            seat,
            duelists,
            target: table.target,
            threshold: table.threshold,
            others_weight: 0.0,
            others_alive: 0,
            others_points: 0.0,
            others_best: f64::MIN,
            others_best_count: 0,
            seat_standing: table.get(seat),
        };
        for (i, s) in table.standings.iter().enumerate().take(table.seats) {
            if duelists.contains(&Seat::new(i)) {
                continue;
            }
            e.others_points += s.points;
            if s.in_event() {
                e.others_weight += s.score(table.target).exp();
                e.others_alive = e.others_alive.saturating_add(1);
                if s.points > e.others_best {
                    e.others_best = s.points;
                    e.others_best_count = 1;
                } else if s.points == e.others_best {
                    e.others_best_count = e.others_best_count.saturating_add(1);
                }
            }
        }
        e
    }

    /// The value for the seat once the duelists stand as `st` says (a
    /// knight still in the lists is standing): the rules' own end checks
    /// (target with a standing knight, last player with knights, the last
    /// knights falling together, the points threshold), else the softmax.
    fn value(&self, st: &[Standing; 2]) -> f64 {
        let me = self.duelists.iter().position(|&d| d == self.seat);
        let won = |k: usize| win_if(me == Some(k));
        let points = [st[0].points, st[1].points];
        let reached = |k: usize| pick(st, k).knight.is_some() && *pick(&points, k) >= self.target;
        match (reached(0), reached(1)) {
            (true, false) => return won(0),
            (false, true) => return won(1),
            (true, true) if points[0] != points[1] => {
                return won(if points[0] > points[1] { 0 } else { 1 });
            }
            _ => {}
        }
        let duelists_alive = st.iter().filter(|s| s.in_event()).count();
        match self.others_alive.saturating_add(duelists_alive) {
            0 => {
                let top = points[0].max(points[1]);
                let sharing = points.iter().filter(|&&p| p == top).count();
                return match me {
                    Some(k) if *pick(&points, k) == top => 1.0 / sharing.max(1) as f64,
                    _ => 0.0,
                };
            }
            1 => {
                return match me {
                    Some(k) => win_if(pick(st, k).in_event()),
                    None => win_if(self.seat_standing.in_event()),
                };
            }
            _ => {}
        }
        if let Some(threshold) = self.threshold
            && self.others_points + points[0] + points[1] >= threshold
        {
            let mut top = self.others_best;
            for s in st.iter().filter(|s| s.in_event()) {
                top = top.max(s.points);
            }
            let mut sharing = if self.others_best == top {
                self.others_best_count
            } else {
                0
            };
            sharing = sharing.saturating_add(
                st.iter()
                    .filter(|s| s.in_event() && s.points == top)
                    .count(),
            );
            let mine = match me {
                Some(k) => *pick(st, k),
                None => self.seat_standing,
            };
            return if mine.in_event() && mine.points == top {
                1.0 / sharing.max(1) as f64
            } else {
                0.0
            };
        }
        // The softmax, relative to the seat's own score (one `exp` in a
        // duel between two players).
        let mine = match me {
            Some(k) => *pick(st, k),
            None => self.seat_standing,
        };
        if !mine.in_event() {
            return 0.0;
        }
        let z = mine.score(self.target);
        let mut rest = if self.others_weight > 0.0 {
            self.others_weight * (-z).exp()
        } else {
            0.0
        };
        for (k, s) in st.iter().enumerate() {
            if s.in_event() && me != Some(k) {
                rest += (s.score(self.target) - z).exp();
            }
        }
        1.0 / (1.0 + rest)
    }

    /// Averages [`Ending::value`] over each duelist's knight surviving its
    /// major-injury rolls or not.
    fn after_rolls(&self, st: [Standing; 2], survive: [f64; 2]) -> f64 {
        let mut value = 0.0;
        for a in [true, false] {
            let pa = if a { survive[0] } else { 1.0 - survive[0] };
            if pa == 0.0 {
                continue;
            }
            for b in [true, false] {
                let pb = if b { survive[1] } else { 1.0 - survive[1] };
                if pb == 0.0 {
                    continue;
                }
                let mut now = st;
                if !a {
                    now[0].knight = None;
                }
                if !b {
                    now[1].knight = None;
                }
                value += pa * pb * self.value(&now);
            }
        }
        value
    }
}

/// Adds `p` to one cell of a distribution; an index past the end (no
/// class or category is one) adds nothing.
fn add_to(cell: Option<&mut f64>, p: f64) {
    if let Some(cell) = cell {
        *cell += p;
    }
}

fn win_if(won: bool) -> f64 {
    if won { 1.0 } else { 0.0 }
}

/// The six counts of a duelist's roll that `pass::resolve` tells apart.
const CLASSES: usize = 6;
type Dist = [f64; CLASSES];

/// The net successes a class can stand for (0 to 3).
const NETS: usize = 4;

/// (net successes, ones) standing for each class.
const CLASS_COUNT: [(u8, u8); CLASSES] = [(0, 2), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0)];

/// With no net success, ones make a fumble; with some, ones cannot exceed
/// them (a kept 1 scores nothing), so only the net counts.
fn class_of(net: u8, ones: u8) -> usize {
    match (net, ones) {
        (0, 0) => 2,
        (0, 1) => 1,
        (0, _) => 0,
        (n, _) => 2 + usize::from(n.min(3)),
    }
}

/// A jousting die's face, by what it adds to the count: a 1 (a one), no
/// success, one success, two. The order is the order of the faces, so the
/// gift's lowest die is the lowest category.
const ONE: usize = 0;
const SUCCESSES: [u8; 4] = [0, 0, 1, 2];

fn category(face: u8, target: u8, flying: bool) -> usize {
    if face == 1 {
        ONE
    } else {
        1 + usize::from(dice::successes(face, target, flying).min(2))
    }
}

/// The category distribution of a die not rolled yet.
fn unknown_die(target: u8, flying: bool) -> [f64; 4] {
    let mut p = [0.0; 4];
    let each = 1.0 / f64::from(D12_SIDES);
    for face in 1..=D12_SIDES {
        add_to(p.get_mut(category(face, target, flying)), each);
    }
    p
}

/// What is known of one duelist's roll.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Roll {
    /// Jousting dice (two, three with the gift).
    count: u8,
    /// Faces showing; 0: not rolled yet, or being re-rolled.
    faces: [u8; 3],
    /// Snakes the injury dice already show.
    snakes: u8,
    /// Injury dice still to roll.
    unknown_injury: u8,
    /// The lance of war's bonus die, if rolled.
    bonus: u8,
    /// Lance of war on the shield, bonus not rolled: it comes at S ≥ 2.
    bonus_pending: bool,
}

const NO_ROLL: Roll = Roll {
    count: 0,
    faces: [0; 3],
    snakes: 0,
    unknown_injury: 0,
    bonus: 0,
    bonus_pending: false,
};

/// The distribution of a roll's count against `target`.
fn roll_dist(roll: &Roll, target: u8, flying: bool) -> Dist {
    let unknown = unknown_die(target, flying);
    let n = usize::from(roll.count.min(3));
    let mut per = [[0.0; 4]; 3];
    for (i, p) in per.iter_mut().enumerate().take(n) {
        match roll.faces.get(i).copied().unwrap_or(0) {
            0 => *p = unknown,
            face => {
                if let Some(certain) = p.get_mut(category(face, target, flying)) {
                    *certain = 1.0;
                }
            }
        }
    }
    // Successes (0..=4) and ones (0..=2) of the kept dice.
    let mut raw = [[0.0; 3]; 5];
    for code in 0..4usize.pow(n as u32) {
        let mut cats = [0usize; 3];
        let mut x = code;
        let mut p = 1.0;
        for (c, die) in cats.iter_mut().zip(&per).take(n) {
            *c = x % 4;
            x /= 4;
            p *= die.get(*c).copied().unwrap_or(0.0);
        }
        if p == 0.0 {
            continue;
        }
        // With the gift, the lowest die does not count.
        let dropped = if n == 3 {
            cats.iter()
                .enumerate()
                .min_by_key(|&(_, &c)| c)
                .map_or(0, |(i, _)| i)
        } else {
            usize::MAX
        };
        let kept = cats
            .iter()
            .take(n)
            .enumerate()
            .filter(|&(i, _)| i != dropped)
            .map(|(_, &c)| c);
        let succ: usize = kept
            .clone()
            .map(|c| usize::from(SUCCESSES.get(c).copied().unwrap_or(0)))
            .sum();
        let ones = kept.filter(|&c| c == ONE).count();
        add_to(
            raw.get_mut(succ.min(4))
                .and_then(|row| row.get_mut(ones.min(2))),
            p,
        );
    }
    let mut dist = [0.0; CLASSES];
    let u = roll.unknown_injury.min(MOST_POOL);
    let mut snake_p = 1.0 - ONE_IN_SIX;
    snake_p = snake_p.powi(i32::from(u)); // P(no further snake)
    for extra in 0..=u {
        if extra > 0 {
            // Binomial(u, 1/6), term by term.
            snake_p *= (f64::from(u) - f64::from(extra) + 1.0) / f64::from(extra) * ONE_IN_SIX
                / (1.0 - ONE_IN_SIX);
        }
        let snakes = roll.snakes.saturating_add(extra);
        for (succ, row) in raw.iter().enumerate() {
            for (ones, &p) in row.iter().enumerate() {
                let p = p * snake_p;
                if p == 0.0 {
                    continue;
                }
                let net = dice::net(succ as u8, snakes);
                let ones = ones as u8;
                if roll.bonus != 0 {
                    let b = dice::successes(roll.bonus, target, flying);
                    let ones = ones.saturating_add(u8::from(roll.bonus == 1));
                    add_to(dist.get_mut(class_of(net.saturating_add(b), ones)), p);
                } else if roll.bonus_pending && net >= pass::STRONG {
                    for (&s, &q) in SUCCESSES.iter().zip(&unknown) {
                        add_to(dist.get_mut(class_of(net.saturating_add(s), ones)), p * q);
                    }
                } else {
                    add_to(dist.get_mut(class_of(net, ones)), p);
                }
            }
        }
    }
    dist
}

/// A target number not seen yet: the chance of each rank.
type Ranks = [f64; RANKS];

/// The cards of `seat` that no other seat has seen, as chances: its pile,
/// hand and face-down slot cards together (the discards are open, so the
/// make-up of this pool is public; which card lies where is not). A pool
/// too small to fill a pass takes the discards back, as drawing would.
fn unseen_ranks(game: &CardJoust, seat: Seat) -> Ranks {
    let mut pool: Pile<RANKS> = game.unseen_cards(seat);
    if pool.len() < SLOTS {
        let mut discard = game.discard(seat);
        pool.absorb(&mut discard);
    }
    let total = pool.len();
    let mut ranks = [0.0; RANKS];
    if total == 0 {
        ranks = [1.0 / RANKS as f64; RANKS];
    } else {
        for (r, &c) in ranks.iter_mut().zip(pool.counts()) {
            *r = f64::from(c) / total as f64;
        }
    }
    ranks
}

/// What a duelist rolls against.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Target {
    Known(u8),
    Unseen(Ranks),
}

fn dist_against(roll: &Roll, target: &Target, flying: bool) -> Dist {
    match target {
        Target::Known(t) => roll_dist(roll, *t, flying),
        Target::Unseen(ranks) => {
            let mut dist = [0.0; CLASSES];
            for (i, &w) in ranks.iter().enumerate() {
                if w > 0.0 {
                    let d = roll_dist(roll, rank_of(i), flying);
                    for (x, y) in dist.iter_mut().zip(d) {
                        *x += w * y;
                    }
                }
            }
            dist
        }
    }
}

/// One possibility for a duelist's part of the pass: how likely it is, the
/// aim and gear, and the distribution of the roll.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Part {
    weight: f64,
    aim: Slot,
    gear: Gear,
    dist: Dist,
}

const NO_PART: Part = Part {
    weight: 0.0,
    aim: Slot::Head,
    gear: Gear::new(Mount::Ground, Lance::Peace),
    dist: [0.0; CLASSES],
};

/// How the evaluation expects a rival's unrevealed aim to fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RivalAims {
    /// On every slot alike: what `Evaluate::evaluate` assumes.
    Even,
    /// As the rival's habits say ([`CardJoust::aim_habits`]): what a search
    /// that models its rivals scores its leaves with.
    Habits,
}

/// The gear the seat is assumed to choose when it has not chosen yet.
const OWN_GEAR: Gear = Gear::new(Mount::Ground, Lance::Peace);

/// Card Joust's evaluation remembers nothing between calls: the one table
/// it keeps (`remembered`) lives for a single call, on the stack.
impl Evaluate for CardJoust {
    type Scratch = ();

    /// Points towards the target, knights left and their injuries, the gift,
    /// and the pass in progress as far as the seat can see it (`evaluate.rs`).
    fn evaluate(&self, seat: Seat, _: &mut ()) -> f64 {
        self.evaluation(seat, RivalAims::Even)
    }

    /// The evaluation with each rival's unrevealed aim weighted by the aims
    /// it has turned up so far, as [`Evaluate::habit`] predicts it.
    fn evaluate_with_habits(&self, seat: Seat, _: &mut ()) -> f64 {
        self.evaluation(seat, RivalAims::Habits)
    }

    /// An unrevealed aim is predicted by the aims the player has turned up
    /// so far ([`crate::Player::aim_weight`]); no other choice has a record.
    fn habit(&self, seat: Seat, action: &Action) -> Option<Weight> {
        match action {
            Action::Aim(slot) if self.phase == Phase::Aim => {
                self.player(seat).map(|p| p.aim_weight(*slot))
            }
            _ => None,
        }
    }
}

impl CardJoust {
    /// `Evaluate::evaluate`: see the module documentation.
    pub(crate) fn evaluation(&self, seat: Seat, rivals: RivalAims) -> f64 {
        if let ToMove::Over(outcome) = self.on_move() {
            return outcome.share(seat);
        }
        if !self.seat_ok(seat) {
            return 0.0;
        }
        let value = if !self.in_pass() {
            Table::of(self).win_chance(seat)
        } else if self.phase == Phase::InjuryRoll {
            self.injury_roll_value(seat)
        } else {
            self.pass_value(seat, rivals)
        };
        if value.is_finite() {
            value.clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// The knight side `k` rides in this pass, as its owner's view has it:
    /// a committed "replace" counts for the seat itself only (the other
    /// duelist's is hidden until both chose, and the reveal applies it).
    fn riding(&self, k: usize, seat: Seat) -> (Standing, Option<Knight>) {
        let side = *self.duel.at(k);
        let mut standing = Standing::of(self, side.seat);
        let mut knight = self.knight(side.seat);
        if self.phase == Phase::Knights
            && side.seat == seat
            && side.choice == Some(KnightChoice::Replace)
            && standing.fresh > 0.0
        {
            standing.fresh -= 1.0;
            let number = knight.map_or(0, |kn| kn.number).saturating_add(1);
            knight = Some(Knight::fresh(number));
            standing.knight = Some((0.0, 0.0));
        }
        (standing, knight)
    }

    /// What is known of side `k`'s roll (nothing rolled before the Roll phase).
    fn roll_of(&self, k: usize, knight: Option<Knight>, aim: Slot, gear: Gear) -> Roll {
        let side: &Side = self.duel.at(k);
        let war_on_shield = gear.lance == Lance::War && aim == Slot::Shield;
        if self.phase < Phase::Roll {
            let gift = self.player(side.seat).is_some_and(|p| p.gift);
            return Roll {
                count: crate::content::JOUSTING_DICE.saturating_add(u8::from(gift)),
                faces: [0; 3],
                snakes: 0,
                unknown_injury: knight.map_or(0, |kn| kn.pool()),
                bonus: 0,
                bonus_pending: war_on_shield,
            };
        }
        let mut faces = [0u8; 3];
        let rolled = usize::from(side.d12_rolled.min(3));
        for (face, &rolled_face) in faces.iter_mut().zip(&side.d12).take(rolled) {
            *face = rolled_face;
        }
        if self.phase == Phase::Reroll && usize::from(self.duel.cursor) == k {
            for (i, f) in faces.iter_mut().enumerate() {
                if self.duel.reroll & (1 << i) != 0 {
                    *f = 0;
                }
            }
        }
        Roll {
            count: side.d12_count,
            faces,
            snakes: dice::snakes(&side.minor_faces, &side.major_faces),
            unknown_injury: side.injury_dice().saturating_sub(side.injury_rolled),
            bonus: side.bonus,
            bonus_pending: war_on_shield && side.bonus == 0,
        }
    }

    /// Minor-injury dice expected to show the heal face this pass.
    fn expected_heals(&self, k: usize, knight: Option<Knight>) -> f64 {
        let side = self.duel.at(k);
        if self.phase < Phase::Roll {
            return f64::from(knight.map_or(0, |kn| kn.minor)) * ONE_IN_SIX;
        }
        let shown = f64::from(dice::heals(&side.minor_faces));
        let unrolled = side.minor_dice.saturating_sub(side.injury_rolled);
        shown + f64::from(unrolled) * ONE_IN_SIX
    }

    /// The card `owner` has on `slot`, as the seat `owner` sees it: placed,
    /// or (not placed yet) the one its remaining cards would put there,
    /// highest on the slots worth most; before the draw, unseen.
    fn own_slot_targets(&self, k: usize) -> [Target; SLOTS] {
        let side = self.duel.at(k);
        if self.phase < Phase::Place || side.hand_len as usize > SLOTS {
            let ranks = unseen_ranks(self, side.seat);
            return [Target::Unseen(ranks); SLOTS];
        }
        let mut hand = [0u8; SLOTS];
        let held = side.held();
        for (card, &held_card) in hand.iter_mut().zip(held) {
            *card = held_card;
        }
        let hand = hand.get_mut(..held.len()).unwrap_or_default();
        hand.sort_unstable_by(|a, b| b.cmp(a));
        // The empty slots first, worth most first; the sort is stable, so
        // slots worth the same keep table order.
        let scoring = self.config.scoring;
        let mut empty = Slot::ALL;
        empty.sort_by_key(|s| (side.card(*s) != 0, std::cmp::Reverse(scoring.points(*s))));
        let empties = Slot::ALL.iter().filter(|s| side.card(**s) == 0).count();
        let mut targets = Slot::ALL.map(|slot| Target::Known(side.card(slot)));
        for (slot, &card) in empty.iter().take(empties).zip(hand.iter()) {
            *slot.of_mut(&mut targets) = Target::Known(card);
        }
        targets
    }

    /// What side `k`'s part of the pass may be, as `observer` sees it: its
    /// aim and gear if the observer may see them (its own, or revealed),
    /// else the observer's own assumed choices or, for another seat, every
    /// aim and gear alike; and its roll against the card it aims at, known
    /// once face up, else the observer's own card there, or any unseen card
    /// of the target's owner.
    fn parts(
        &self,
        k: usize,
        observer: Seat,
        knight: Option<Knight>,
        rivals: RivalAims,
    ) -> ([Part; SLOTS * 4], usize) {
        let k = k.min(1);
        let o = other(k);
        let side = self.duel.at(k);
        let own = side.seat == observer;
        let aims_open = self.phase > Phase::Aim;
        let gear_open = self.phase > Phase::Gear;
        let scoring = self.config.scoring;
        let best_slot = Slot::ALL
            .into_iter()
            .max_by_key(|s| (scoring.points(*s), std::cmp::Reverse(s.index())))
            .unwrap_or(Slot::Head);
        let best = [best_slot];
        let own_gear = [OWN_GEAR];
        // A seat watching a pass it does not fight in assumes the usual
        // choices of both duelists (cheaper, and it has nothing to decide).
        let watching = !self.duel.sides.iter().any(|s| s.seat == observer);
        let aims: &[Slot] = match &side.aim {
            Some(a) if own || aims_open => std::slice::from_ref(a),
            _ if own || watching => &best,
            _ => &Slot::ALL,
        };
        let gears: &[Gear] = match &side.gear {
            Some(g) if own || gear_open => std::slice::from_ref(g),
            _ if own || watching => &own_gear,
            _ => &Gear::ALL,
        };
        // The card each aim would roll against.
        let targets: [Target; SLOTS] = if aims_open {
            [Target::Known(self.target(k)); SLOTS]
        } else if self.duel.at(o).seat == observer {
            self.own_slot_targets(o)
        } else {
            [Target::Unseen(unseen_ranks(self, self.duel.at(o).seat)); SLOTS]
        };
        let mut parts = [NO_PART; SLOTS * 4];
        let mut count = 0;
        let gear_weight = 1.0 / gears.len().max(1) as f64;
        // By slot: only a rival's unrevealed aim (every slot possible) can
        // follow its habits.
        let aim_weights = match rivals {
            RivalAims::Habits if aims.len() == SLOTS => self.aim_habits(side.seat),
            _ => [1.0 / aims.len().max(1) as f64; SLOTS],
        };
        // Distributions already computed, by what they depend on: the
        // target, the mount and the lance of war's bonus die.
        let mut known: [(Target, Roll, bool, Dist); SLOTS * 4] =
            [(Target::Known(0), NO_ROLL, false, [0.0; CLASSES]); SLOTS * 4];
        let mut computed = 0;
        for &aim in aims {
            let weight = aim.of(&aim_weights) * gear_weight;
            let target = *aim.of(&targets);
            for &gear in gears {
                let roll = self.roll_of(k, knight, aim, gear);
                let flying = gear.flying();
                let dist = match known
                    .iter()
                    .take(computed)
                    .find(|(t, r, f, _)| *t == target && *r == roll && *f == flying)
                {
                    Some((_, _, _, d)) => *d,
                    None => {
                        let d = dist_against(&roll, &target, flying);
                        if let Some(slot) = known.get_mut(computed) {
                            *slot = (target, roll, flying, d);
                            computed = computed.saturating_add(1);
                        }
                        d
                    }
                };
                // Aims worth the same points with the same roll resolve
                // alike: one part with their weights together.
                let same = |p: &Part| {
                    p.gear == gear
                        && scoring.points(p.aim) == scoring.points(aim)
                        && (p.aim == Slot::Shield) == (aim == Slot::Shield)
                        && p.dist == dist
                };
                if let Some(p) = parts.iter_mut().take(count).find(|p| same(p)) {
                    p.weight += weight;
                } else if let Some(slot) = parts.get_mut(count) {
                    *slot = Part {
                        weight,
                        aim,
                        gear,
                        dist,
                    };
                    count = count.saturating_add(1);
                }
            }
        }
        (parts, count)
    }

    /// The chance of each aim of `seat`, by slot, in proportion to
    /// [`crate::Player::aim_weight`] (the weights of `Evaluate::habit`); even for a
    /// seat with no player.
    fn aim_habits(&self, seat: Seat) -> [f64; SLOTS] {
        let weights =
            Slot::ALL.map(|slot| f64::from(self.player(seat).map_or(1, |p| p.aim_weight(slot))));
        let total: f64 = weights.iter().sum();
        weights.map(|w| w / total)
    }

    /// The value for `seat` of the pass in progress, before its
    /// major-injury rolls: every result the seat thinks possible, resolved
    /// by the rules.
    fn pass_value(&self, seat: Seat, rivals: RivalAims) -> f64 {
        let riding = [0, 1].map(|k| self.riding(k, seat));
        let before = riding.map(|(standing, _)| standing);
        let knights = riding.map(|(_, knight)| knight);
        let (a, na) = self.parts(0, seat, knights[0], rivals);
        let (b, nb) = self.parts(1, seat, knights[1], rivals);
        let sides = &self.duel.sides;
        let duel = Duel {
            ending: Ending::new(&Table::of(self), seat, [sides[0].seat, sides[1].seat]),
            before,
            rolls_owed: [sides[0].injury_rolls_left, sides[1].injury_rolls_left],
            heals: [
                self.expected_heals(0, knights[0]),
                self.expected_heals(1, knights[1]),
            ],
            fourth_major: self.config.fourth_minor_becomes_major,
        };
        let scoring = self.config.scoring;
        let count = |(net, ones): (u8, u8), part: &Part| Count {
            net,
            ones,
            aim: part.aim,
            gear: part.gear,
        };
        // A duelist's effect depends on its own count and only the
        // opponent's net successes: tabulated once per part, not once per
        // pair of parts.
        let effects_of = |part: &Part| {
            let mut table = [[Effect::default(); NETS]; CLASSES];
            for ((row, &p), class) in table.iter_mut().zip(&part.dist).zip(CLASS_COUNT) {
                if p == 0.0 {
                    continue;
                }
                for (net, effect) in row.iter_mut().enumerate() {
                    *effect = pass::effect_on(count(class, part), net as u8, &scoring);
                }
            }
            table
        };
        let mut tables_b = [[[Effect::default(); NETS]; CLASSES]; SLOTS * 4];
        for (table, pb) in tables_b.iter_mut().zip(b.iter().take(nb)) {
            *table = effects_of(pb);
        }
        // Many pairs of counts have the same effects: each is valued once
        // and remembered in a small open-addressed table (the same number as
        // computing it again, so the sum is unchanged, only cheaper).
        let mut memo = [(u32::MAX, 0.0); MEMO_SLOTS];
        let mut value = 0.0;
        for pa in a.iter().take(na) {
            let table_a = effects_of(pa);
            for (pb, table_b) in b.iter().take(nb).zip(&tables_b) {
                let w = pa.weight * pb.weight;
                for ((&p, &(net_a, _)), row_a) in pa.dist.iter().zip(&CLASS_COUNT).zip(&table_a) {
                    if p == 0.0 {
                        continue;
                    }
                    for ((&q, &(net_b, _)), row_b) in pb.dist.iter().zip(&CLASS_COUNT).zip(table_b)
                    {
                        if q == 0.0 {
                            continue;
                        }
                        // A net count is at most 3, within every row.
                        let (Some(&on_a), Some(&on_b)) =
                            (row_a.get(usize::from(net_b)), row_b.get(usize::from(net_a)))
                        else {
                            continue;
                        };
                        let effects = [on_a, on_b];
                        value += w * p * q * remembered(&mut memo, effects, |e| duel.after(e));
                    }
                }
            }
        }
        value
    }

    /// The value for `seat` while major injuries are rolled for: the pass is
    /// resolved, and each owed roll of the whole pool ends the knight on any
    /// snake.
    fn injury_roll_value(&self, seat: Seat) -> f64 {
        let table = Table::of(self);
        let seats = self.duel.sides.map(|s| s.seat);
        let mut st = [Standing::OUT; 2];
        let mut survive = [1.0; 2];
        let each = self.duel.sides.iter().zip(&mut st).zip(&mut survive);
        for (i, ((side, st), survive)) in each.enumerate() {
            *st = table.get(side.seat);
            if side.dismounted || side.left_by_injury {
                st.knight = None;
            } else if let Some((minor, major)) = st.knight {
                let pool = self.pool(i).min(MOST_POOL);
                let dice_left = if side.injury_rolls_left > 0 {
                    let later_rolls = i32::from(side.injury_rolls_left.saturating_sub(1));
                    i32::from(pool.saturating_sub(side.injury_roll_die))
                        .saturating_add(later_rolls.saturating_mul(i32::from(pool)))
                } else {
                    0
                };
                *survive = (1.0 - ONE_IN_SIX).powi(dice_left);
                let heals = f64::from(dice::heals(&side.minor_faces));
                st.knight = Some(((minor - heals).max(0.0), major));
            }
        }
        Ending::new(&table, seat, seats).after_rolls(st, survive)
    }
}

/// Slots of the table of pass effects [`CardJoust::pass_value`] has valued
/// (a power of two, far more than the distinct effects of one pass).
const MEMO_SLOTS: usize = 256;

/// What [`Duel::after`] reads of one duelist's effect, packed: the points,
/// the fall, the injury dealt and the gift (not the fumble, whose points
/// are already counted).
fn effect_key(e: &Effect) -> u32 {
    let deals = match e.deals {
        Injury::None => 0,
        Injury::Minor => 1,
        Injury::Major => 2,
    };
    (e.points.clamp(-128, 127) as u8 as u32)
        | u32::from(e.dismounted) << 8
        | deals << 9
        | u32::from(e.gift) << 11
}

/// `value(effects)`, computed once per distinct key of the pair of effects
/// and looked up after that. A full table (impossible in a real pass)
/// computes without remembering.
fn remembered(
    memo: &mut [(u32, f64); MEMO_SLOTS],
    effects: [Effect; 2],
    value: impl Fn([Effect; 2]) -> f64,
) -> f64 {
    let [a, b] = &effects;
    let key = effect_key(a) | effect_key(b) << 12;
    let start = (key.wrapping_mul(0x9E37_79B1) >> 24) as usize % MEMO_SLOTS;
    // Linear probing from `start`, round the end of the table.
    for slot in (start..MEMO_SLOTS).chain(0..start) {
        let Some(cell) = memo.get_mut(slot) else {
            break;
        };
        match *cell {
            (k, v) if k == key => return v,
            (u32::MAX, _) => {
                let v = value(effects);
                *cell = (key, v);
                return v;
            }
            _ => {}
        }
    }
    value(effects)
}

/// The two duelists before the pass is resolved.
struct Duel {
    ending: Ending,
    before: [Standing; 2],
    /// Major-injury rolls already owed (a push's fourth minor injury).
    rolls_owed: [u8; 2],
    heals: [f64; 2],
    fourth_major: bool,
}

impl Duel {
    /// The value for the seat once the pass has had `effects` (challenger
    /// first).
    fn after(&self, effects: [Effect; 2]) -> f64 {
        let mut st = self.before;
        let mut survive = [1.0; 2];
        for i in 0..2 {
            let e = *pick(&effects, i);
            let dealt = pick(&effects, other(i)).deals;
            let s = pick_mut(&mut st, i);
            s.points += f64::from(e.points);
            s.gift = e.gift;
            if e.dismounted {
                s.knight = None;
            } else if let Some((minor, major)) = s.knight {
                let (mut minor, mut major) = (minor, major);
                let mut rolls = i32::from(*pick(&self.rolls_owed, i));
                match dealt {
                    Injury::None => {}
                    Injury::Minor if minor < f64::from(MOST_MINOR) => minor += 1.0,
                    Injury::Minor if !self.fourth_major => {}
                    Injury::Minor | Injury::Major => {
                        major += 1.0;
                        rolls = rolls.saturating_add(1);
                    }
                }
                if rolls > 0 {
                    let pool = (minor + major).min(f64::from(MOST_POOL)) as i32;
                    *pick_mut(&mut survive, i) =
                        (1.0 - ONE_IN_SIX).powi(pool.saturating_mul(rolls));
                }
                s.knight = Some(((minor - pick(&self.heals, i)).max(0.0), major));
            }
        }
        self.ending.after_rolls(st, survive)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::LOWEST_RANK;
    use tourney_core::Game;
    use tourney_core::playout::{Buffers, random_playout};

    fn roll(faces: [u8; 3], count: u8) -> Roll {
        Roll {
            count,
            faces,
            snakes: 0,
            unknown_injury: 0,
            bonus: 0,
            bonus_pending: false,
        }
    }

    fn total(d: &Dist) -> f64 {
        d.iter().sum()
    }

    #[test]
    fn a_roll_distribution_sums_to_one() {
        for target in LOWEST_RANK..=10 {
            for count in [2, 3] {
                for flying in [false, true] {
                    let mut r = roll([0; 3], count);
                    r.unknown_injury = 3;
                    r.bonus_pending = true;
                    let d = roll_dist(&r, target, flying);
                    assert!((total(&d) - 1.0).abs() < 1e-12, "{d:?}");
                }
            }
        }
    }

    #[test]
    fn known_faces_count_as_the_rules_count_them() {
        // 12 and 7 against 7: three successes.
        assert_eq!(roll_dist(&roll([12, 7, 0], 2), 7, false)[5], 1.0);
        // 1 and 5 against 7: a fumble losing one point.
        assert_eq!(roll_dist(&roll([1, 5, 0], 2), 7, false)[1], 1.0);
        // The gift's lowest die does not count: 1, 9, 3 against 8 is one success.
        assert_eq!(roll_dist(&roll([1, 9, 3], 3), 8, false)[3], 1.0);
        // A feather counts two on a flying mount.
        assert_eq!(roll_dist(&roll([11, 2, 0], 2), 5, true)[4], 1.0);
        // A snake already showing cancels a success.
        let mut r = roll([12, 2, 0], 2);
        r.snakes = 1;
        assert_eq!(roll_dist(&r, 5, false)[3], 1.0);
    }

    #[test]
    fn higher_targets_are_harder_to_hit() {
        let r = roll([0; 3], 2);
        let hit = |t: u8| 1.0 - roll_dist(&r, t, false)[..3].iter().sum::<f64>();
        for t in LOWEST_RANK..10 {
            assert!(hit(t) > hit(t + 1), "target {t}");
        }
    }

    #[test]
    fn more_points_and_more_knights_stand_better() {
        let target = 21.0;
        let base = Standing {
            points: 5.0,
            fresh: 1.0,
            knight: Some((0.0, 0.0)),
            gift: false,
        };
        let more_points = Standing {
            points: 9.0,
            ..base
        };
        let more_knights = Standing { fresh: 2.0, ..base };
        let hurt = Standing {
            knight: Some((1.0, 1.0)),
            ..base
        };
        assert!(more_points.score(target) > base.score(target));
        assert!(more_knights.score(target) > base.score(target));
        assert!(hurt.score(target) < base.score(target));
        let gift = Standing { gift: true, ..base };
        assert!(gift.score(target) > base.score(target));
    }

    /// Plays random steps from a fresh two-seat event until `stop` holds.
    fn reach(seed: u64, stop: impl Fn(&CardJoust) -> bool) -> Option<CardJoust> {
        let mut rng = tourney_core::GameRng::seed_from_u64(seed);
        let mut buf = Buffers::default();
        let mut g = CardJoust::new(&crate::Config::default(), 2).ok()?;
        for _ in 0..2_000 {
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
    fn a_higher_card_on_a_slot_is_harder_to_hit() {
        let mut checked = 0;
        for seed in 0..20 {
            let Some(g) = reach(seed, |g| g.phase == Phase::Aim && g.passes > 2) else {
                continue;
            };
            for seat in [Seat(0), Seat(1)] {
                let k = g.side_of(seat).unwrap();
                for slot in Slot::ALL {
                    let with = |card: u8| {
                        let mut h = g;
                        h.duel.sides[k].slots[slot.index()] = card;
                        h.evaluate(seat, &mut Default::default())
                    };
                    assert!(with(10) > with(2), "{slot} at seed {seed}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 20);
    }

    #[test]
    fn a_known_hit_is_worth_more_than_a_miss() {
        // At the push, with the dice on the table: the seat's own roll of
        // two ravens is better than two blanks.
        let mut checked = 0;
        for seed in 0..40 {
            let Some(g) = reach(seed, |g| g.phase == Phase::Push) else {
                continue;
            };
            let k = usize::from(g.duel.cursor);
            let seat = g.duel.sides[k].seat;
            let with = |faces: [u8; 3]| {
                let mut h = g;
                h.duel.sides[k].d12 = faces;
                h.evaluate(seat, &mut Default::default())
            };
            assert!(with([12, 12, 12]) > with([2, 2, 2]), "seed {seed}");
            checked += 1;
        }
        assert!(checked >= 10);
    }

    #[test]
    fn points_help_and_injuries_hurt_between_passes() {
        let g = reach(4, |g| g.phase == Phase::Draw && g.passes > 2).unwrap();
        let seat = Seat(0);
        let base = g.evaluate(seat, &mut Default::default());
        let mut richer = g;
        richer.players[0].points += 5;
        assert!(richer.evaluate(seat, &mut Default::default()) > base);
        let mut hurt = g;
        if let Some(k) = hurt.players[0].knight.as_mut() {
            k.major += 1;
            assert!(hurt.evaluate(seat, &mut Default::default()) < base);
        }
    }

    #[test]
    fn garbage_states_do_not_panic() {
        let g = reach(2, |g| g.phase == Phase::Push).unwrap();
        let mut h = g;
        h.seats = 200;
        h.duel.sides[0].d12_count = 200;
        h.duel.sides[1].minor_dice = 255;
        h.duel.sides[1].injury_rolled = 0;
        h.duel.sides[0].seat = Seat(77);
        h.players[1].points = i16::MIN;
        h.config.target_points = 0;
        for s in 0..8 {
            let v = h.evaluate(Seat(s), &mut Default::default());
            assert!((0.0..=1.0).contains(&v));
        }
    }
}
