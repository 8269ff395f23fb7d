//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS,
//! Cowling, Powley & Whitehouse 2012), generic over [`Game`].
//!
//! One tree per decision, built from the deciding seat's point of view.
//! Every iteration:
//!
//! 1. **Determinize**: `game.determinize(seat, rng)` re-deals everything the
//!    seat cannot see. The true state is never searched.
//! 2. **Select**: walk down the tree. At a node, list the legal actions of
//!    the seat on move *in this determinization*; every child whose action is
//!    among them counts as available (its availability count goes up), and
//!    the available child maximising
//!    `mean + c·sqrt(ln(available) / visits)` is followed. Chance steps on
//!    the way are sampled by weight and applied without a tree node (the tree
//!    is open-loop with respect to chance, as in the paper where chance lives
//!    in the determinization). Several seats on move at once (a simultaneous,
//!    hidden choice) act one after the other in seat order; at the root the
//!    deciding seat goes first. Where the game keeps a record of a rival's
//!    habits for the choice it faces ([`Evaluate::habit`], Card Joust's aims),
//!    the rival's action is drawn by those weights instead (`habits`, on
//!    by default), so the rival cannot answer secret moves it never saw.
//! 3. **Expand**: at the first node with a legal action that has no child
//!    yet, add one for a random such action and apply it.
//! 4. **Score the leaf**: by default ([`Leaf::Evaluate`]) with
//!    [`Evaluate::evaluate`] at once ([`Evaluate::evaluate_with_habits`] when the
//!    search follows habits), so the tree is a multi-ply look-ahead over
//!    the game's own evaluation; with [`Leaf::Playout`], uniformly random
//!    actions and chance by weight to the end of the game (or to the
//!    configured depth, where the evaluation scores the seats). With two
//!    seats only the deciding seat is evaluated and the other seat gets the
//!    complement.
//! 5. **Back-propagate**: each node on the path adds the reward of the seat
//!    that acted at it: its share of the win, or the evaluation.
//!
//! The move played is the root child with the most visits (then the best
//! mean). Nodes live in arenas (`Vec<Node>`) whose memory is kept between
//! decisions; an iteration allocates nothing except when an arena grows.
//!
//! With [`Observers::Multiple`] every seat has a tree of its own, in which
//! another seat's secret move ([`Game::action_is_open`] false) is one edge:
//! each seat selects in its own tree, every tree follows the edge it
//! observed, and each gains at most one node per iteration. A root prior
//! (`prior`) and a cheating search of the true state (`sees_all`, for
//! measuring luck only) are options of [`IsmctsConfig`].

use crate::Bot;
use crate::greedy::one_ply;
use std::time::{Duration, Instant};
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{Evaluate, GameRng, MAX_SEATS, Outcome, Seat, ToMove, Weight};

/// How long one decision may search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Exactly this many iterations: fully reproducible for a seed.
    Iterations(u32),
    /// Iterate until this much wall-clock time has passed (at least one
    /// iteration). Depends on the machine and its load, so not reproducible.
    Time(Duration),
}

/// The knobs of the search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IsmctsConfig {
    /// How much searching each decision gets; an iteration budget keeps the
    /// bot reproducible, a time budget does not.
    pub budget: Budget,
    /// The UCB1 exploration constant `c` (rewards are in 0..=1).
    pub exploration: f64,
    /// With [`Leaf::Playout`]: stop each playout after this many steps and
    /// score the seats with [`Evaluate::evaluate`]; `None` plays to the end (at
    /// most [`IsmctsConfig::PLAYOUT_LIMIT`] steps). Unused with
    /// [`Leaf::Evaluate`].
    pub playout_depth: Option<u32>,
    /// How a new leaf is scored.
    pub leaf: Leaf,
    /// **Cheats**: search the true state instead of re-dealing what the
    /// seat cannot see. Not a bot to play against; it measures how much of a
    /// game is luck, as the ceiling a fair search could reach with perfect
    /// knowledge (spec `ismcts:2000:sees-all`).
    pub sees_all: bool,
    /// Root children start with this many virtual visits at `greedy`'s
    /// one-ply score (the evaluation after the action, exact over a chance
    /// step that follows, averaged over a few re-deals), so the search
    /// starts from the careful one-ply judgement and must find evidence to
    /// overturn it. 0: no prior.
    pub prior: u32,
    /// Whose trees the search keeps.
    pub observers: Observers,
    /// Draw a rival's secret choice by its habits ([`Evaluate::habit`]) where
    /// the game keeps a record of them, instead of letting the rival choose
    /// in the tree as if it saw the searching seat's hidden cards.
    pub habits: bool,
    /// Score leaves with the game's full evaluation (`eval=full`, the
    /// default) or its short-sighted one (`eval=plain`,
    /// [`Evaluate::evaluate_plain`]), to measure what looking ahead is worth.
    pub plain: bool,
}

/// Single-observer ISMCTS keeps one tree, in which every seat chooses
/// knowing everything that happened before in the determinization, the
/// searching seat's secret moves included. Multiple-observer ISMCTS keeps a
/// tree per seat, in which another seat's secret moves are one edge: a seat
/// chooses in its own tree, not knowing which secret move was made
/// (Cowling, Powley & Whitehouse 2012, section 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Observers {
    /// One tree shared by every seat (the default): cheaper, but rivals
    /// in the tree choose as if they had seen the searcher's secret moves.
    Single,
    /// One tree per seat, so no seat's choice in the tree depends on a
    /// secret move it could not have seen.
    Multiple,
}

/// How the search scores the state it reaches after expanding a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leaf {
    /// [`Evaluate::evaluate`] at once, in the state the expansion left (a
    /// pending die roll included: the games' evaluations average over the
    /// dice still to come). The tree becomes a multi-ply look-ahead over the
    /// evaluation `greedy` looks one ply ahead with.
    Evaluate,
    /// A random playout to the end (or to `playout_depth` steps, then
    /// [`Evaluate::evaluate`]).
    Playout,
}

impl IsmctsConfig {
    /// The iteration budget of a plain `ismcts` spec.
    pub const DEFAULT_ITERATIONS: u32 = 2000;
    /// The UCB1 constant for rewards in 0..=1, tuned for evaluated leaves
    /// (Card Joust against `greedy`, 200 games each: c = 0.1 53%, 0.2 58.5%,
    /// 0.4 62%, 0.7 56.5%). Cowling, Powley & Whitehouse's 0.7 was for
    /// random playouts.
    pub const DEFAULT_EXPLORATION: f64 = 0.4;
    /// The longest playout when no depth is configured: a safety net for a
    /// game that never ends, far beyond any real game's length.
    pub const PLAYOUT_LIMIT: u32 = 100_000;
    /// The most nodes one search keeps (about 200 MB); beyond it the search
    /// goes on without growing the tree.
    pub const MAX_NODES: usize = 1 << 22;

    /// The default search with another budget: the usual starting point
    /// for a config that changes a few knobs (`..with_budget(b)`).
    pub fn with_budget(budget: Budget) -> Self {
        IsmctsConfig {
            budget,
            ..IsmctsConfig::default()
        }
    }
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig {
            budget: Budget::Iterations(Self::DEFAULT_ITERATIONS),
            exploration: Self::DEFAULT_EXPLORATION,
            playout_depth: None,
            leaf: Leaf::Evaluate,
            sees_all: false,
            prior: 0,
            observers: Observers::Single,
            habits: true,
            plain: false,
        }
    }
}

/// What the last decision's search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Iterations run (0 when the seat had a single legal action).
    pub iterations: u32,
    /// Nodes in the tree, the root included.
    pub nodes: usize,
}

/// Re-deals the root prior averages over (as many as `greedy` uses).
const PRIOR_DETERMINIZATIONS: u32 = crate::greedy::GREEDY_DETERMINIZATIONS;

/// Legal actions the search's buffers hold before they must grow.
const MENU: usize = 64;

/// No node: the end of a sibling list, or the root's parent.
const NONE: u32 = u32::MAX;
const ROOT: u32 = 0;

/// One tree node: the action a seat took to reach it, with its statistics.
#[derive(Debug, Clone)]
struct Node<A> {
    /// `None` only at the root.
    action: Option<A>,
    /// Sum of the rewards of `seat` over the iterations through this node.
    reward: f64,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Iterations in which this node's action was legal when its parent was
    /// visited (ISMCTS's availability count, which replaces the parent's
    /// visit count in UCB1).
    available: u32,
    /// The seat that took `action`.
    seat: Seat,
}

/// The ISMCTS bot. See the module documentation for the algorithm.
pub struct Ismcts<G: Evaluate> {
    config: IsmctsConfig,
    rng: GameRng,
    /// The search trees, each an arena of nodes: one shared by every seat
    /// (single observer), or one per seat (multiple observers).
    trees: Vec<Vec<Node<G::Action>>>,
    /// The tree the deciding seat's root children live in.
    own_tree: usize,
    /// Legal actions at the node being expanded or selected from.
    legal: Vec<G::Action>,
    /// Which of `legal` already have a child.
    matched: Vec<bool>,
    /// Each of `legal` (by index) with a rival's habit weight for it.
    habit_weights: Vec<(usize, Weight)>,
    /// The seat's legal actions in the real game.
    root_actions: Vec<G::Action>,
    /// One-ply scores of `root_actions` for the prior.
    prior_scores: Vec<f64>,
    buffers: Buffers<G>,
    /// What the game's evaluation remembers between leaves.
    scratch: G::Scratch,
    stats: SearchStats,
}

impl<G: Evaluate> Ismcts<G> {
    /// A search bot with these settings, its random choices (re-deals,
    /// expansions, chance, playouts) drawn from a stream fixed by `seed`. The trees start empty and grow
    /// on the first decisions; their memory is then reused.
    pub fn new(config: IsmctsConfig, seed: u64) -> Self {
        Ismcts {
            config,
            rng: GameRng::seed_from_u64(seed),
            trees: Vec::new(),
            own_tree: 0,
            // Room for a long menu from the start, so that a search meeting
            // a longer one than the last search did rarely has to grow them.
            legal: Vec::with_capacity(MENU),
            matched: Vec::with_capacity(MENU),
            habit_weights: Vec::with_capacity(MENU),
            root_actions: Vec::new(),
            prior_scores: Vec::new(),
            buffers: Buffers::default(),
            scratch: G::Scratch::default(),
            stats: SearchStats::default(),
        }
    }

    /// The settings the bot was built with; they never change afterwards.
    pub fn config(&self) -> &IsmctsConfig {
        &self.config
    }

    /// What the last call to [`Bot::choose`] searched.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The root's children after the last search: each action with its
    /// visits and mean reward for the deciding seat, most visited first.
    pub fn root_summary(&self) -> Vec<(G::Action, u32, f64)> {
        let mut out = Vec::new();
        let Some(nodes) = self.trees.get(self.own_tree) else {
            return out;
        };
        let mut child = nodes.first().map_or(NONE, |r| r.first_child);
        while let Some(node) = nodes.get(child as usize) {
            if let Some(action) = &node.action {
                let mean = node.reward / f64::from(node.visits.max(1));
                out.push((action.clone(), node.visits, mean));
            }
            child = node.next_sibling;
        }
        out.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        out
    }

    /// The tree in which `seat` chooses.
    fn tree_of(&self, seat: Seat) -> usize {
        if self.config.observers == Observers::Multiple {
            seat.index().min(self.trees.len().saturating_sub(1))
        } else {
            0
        }
    }

    /// Runs the search for `seat` and returns the chosen action (`None` if
    /// the seat has no legal action in `game`).
    pub fn search(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        self.search_until(game, seat, None)
    }

    /// As [`Ismcts::search`], but ending early, after at least one
    /// iteration, once `stop` is set: the best action found by then.
    pub fn search_until(
        &mut self,
        game: &G,
        seat: Seat,
        stop: Option<&crate::Stop>,
    ) -> Option<G::Action> {
        let stopped = || stop.is_some_and(crate::Stop::is_stopped);
        self.stats = SearchStats::default();
        self.root_actions.clear();
        game.legal_actions(seat, &mut self.root_actions);
        match self.root_actions.len() {
            0 => return None,
            1 => {
                self.trees.iter_mut().for_each(Vec::clear);
                return self.root_actions.pop();
            }
            _ => {}
        }
        let count = match self.config.observers {
            Observers::Single => 1,
            Observers::Multiple => game.seats().clamp(1, MAX_SEATS),
        };
        self.trees.resize_with(count, Vec::new);
        self.trees.truncate(count);
        self.own_tree = self.tree_of(seat);
        let reserve = match self.config.budget {
            // At most one node per tree per iteration (plus the root
            // children of a prior): grow the arenas once, up front.
            Budget::Iterations(n) => (n as usize)
                .saturating_add(1 + self.root_actions.len())
                .min(IsmctsConfig::MAX_NODES),
            Budget::Time(_) => 0,
        };
        for nodes in &mut self.trees {
            nodes.clear();
            nodes.reserve(reserve);
            nodes.push(Node {
                action: None,
                reward: 0.0,
                parent: NONE,
                first_child: NONE,
                next_sibling: NONE,
                visits: 0,
                available: 0,
                seat,
            });
        }
        if self.config.prior > 0 {
            self.add_prior(game, seat);
        }
        let mut iterations = 0u32;
        match self.config.budget {
            Budget::Iterations(n) => {
                while iterations < n {
                    self.iterate(game, seat);
                    iterations += 1;
                    if stopped() {
                        break;
                    }
                }
            }
            Budget::Time(limit) => {
                let start = Instant::now();
                loop {
                    self.iterate(game, seat);
                    iterations = iterations.saturating_add(1);
                    if start.elapsed() >= limit || iterations == u32::MAX || stopped() {
                        break;
                    }
                }
            }
        }
        self.stats = SearchStats {
            iterations,
            nodes: self.trees.iter().map(Vec::len).sum(),
        };
        Some(self.best_root_action())
    }

    /// A root child for every legal action, holding `prior` virtual visits
    /// at its one-ply score averaged over [`PRIOR_DETERMINIZATIONS`]
    /// re-deals.
    fn add_prior(&mut self, game: &G, seat: Seat) {
        let mut scores = std::mem::take(&mut self.prior_scores);
        scores.clear();
        scores.resize(self.root_actions.len(), 0.0);
        for _ in 0..PRIOR_DETERMINIZATIONS {
            let state = if self.config.sees_all {
                game.clone()
            } else {
                game.determinize(seat, &mut self.rng)
            };
            for (score, action) in scores.iter_mut().zip(&self.root_actions) {
                *score += one_ply(
                    &state,
                    seat,
                    action,
                    &mut self.buffers.outcomes,
                    &mut self.scratch,
                );
            }
        }
        let k = self.config.prior;
        let tree = self.own_tree;
        for (action, score) in self.root_actions.iter().zip(&scores) {
            let child = push_child(&mut self.trees[tree], ROOT, seat, Some(action.clone()));
            let node = &mut self.trees[tree][child as usize];
            node.visits = k;
            node.available = k;
            node.reward = f64::from(k) * score / f64::from(PRIOR_DETERMINIZATIONS);
        }
        self.prior_scores = scores;
    }

    /// The most visited root child that is legal in the real game (then the
    /// best mean, then the first found); a random legal action if the search
    /// found none.
    fn best_root_action(&mut self) -> G::Action {
        let mut best: Option<(usize, u32, f64)> = None;
        let nodes = &self.trees[self.own_tree];
        let mut child = nodes[ROOT as usize].first_child;
        while child != NONE {
            let node = &nodes[child as usize];
            if let Some(action) = &node.action
                && let Some(i) = self.root_actions.iter().position(|a| a == action)
            {
                let mean = node.reward / f64::from(node.visits.max(1));
                let better = match best {
                    None => true,
                    Some((_, v, m)) => node.visits > v || (node.visits == v && mean > m),
                };
                if better {
                    best = Some((i, node.visits, mean));
                }
            }
            child = node.next_sibling;
        }
        let i = match best {
            Some((i, _, _)) => i,
            None => self.rng.below(self.root_actions.len() as u32) as usize,
        };
        self.root_actions.swap_remove(i)
    }

    /// One iteration: determinize, select, expand, score the leaf,
    /// back-propagate.
    fn iterate(&mut self, game: &G, seat: Seat) {
        let mut state = if self.config.sees_all {
            game.clone()
        } else {
            game.determinize(seat, &mut self.rng)
        };
        // Where the descent stands in each tree.
        let mut at = [ROOT; MAX_SEATS];
        // Trees that got their one new node this iteration, and trees that
        // would need a second one and stop following the descent.
        let mut grown = [false; MAX_SEATS];
        let mut lost = [false; MAX_SEATS];
        // The game's verdict if the descent reached the end, and whether it
        // got stuck on a rules bug (nothing legal, a refused listed step).
        let mut outcome: Option<Outcome> = None;
        let mut stuck = false;
        loop {
            let on_move = match state.to_move() {
                ToMove::Over(o) => {
                    outcome = Some(o);
                    break;
                }
                ToMove::Chance => {
                    let outcomes = &mut self.buffers.outcomes;
                    outcomes.clear();
                    state.chance_outcomes(outcomes);
                    let applied = match self.rng.pick_weighted(outcomes) {
                        Some(i) => state.apply_chance(&outcomes[i].0).is_ok(),
                        None => false,
                    };
                    if !applied {
                        stuck = true;
                        break;
                    }
                    continue;
                }
                ToMove::Seats(set) => {
                    let at_root = at[self.tree_of(seat)] == ROOT;
                    if at_root && set.contains(seat) {
                        seat
                    } else if let Some(s) = set.first_seat() {
                        s
                    } else {
                        stuck = true;
                        break;
                    }
                }
            };
            let tree = self.tree_of(on_move);
            if lost[tree] {
                // The seat's tree has no node for this point: score here.
                break;
            }
            let rival = on_move != seat;
            let (action, chosen) = match self.select(&state, tree, at[tree], on_move, rival) {
                Step::Follow(child) => match &self.trees[tree][child as usize].action {
                    Some(action) => (action.clone(), Some(child)),
                    None => {
                        stuck = true;
                        break;
                    }
                },
                // One new node per tree per iteration: the expansion waits
                // for an iteration that gets here without growing this tree.
                Step::Expand(_) if grown[tree] => break,
                Step::Expand(i) => (self.legal[i].clone(), None),
                Step::Leaf => break,
                Step::Stuck => {
                    stuck = true;
                    break;
                }
            };
            // Whether the others see the action is judged where it is taken.
            let open = self.trees.len() == 1 || state.action_is_open(on_move, &action);
            if state.apply(on_move, &action).is_err() {
                stuck = true;
                break;
            }
            for (t, nodes) in self.trees.iter_mut().enumerate() {
                if lost[t] {
                    continue;
                }
                if t == tree {
                    at[t] = chosen.unwrap_or_else(|| {
                        grown[t] = true;
                        push_child(nodes, at[t], on_move, Some(action.clone()))
                    });
                    continue;
                }
                // Another seat's secret move is one edge in this tree,
                // whatever it was: the tree's owner does not know which.
                let seen = open.then(|| action.clone());
                match find_child(nodes, at[t], on_move, &seen) {
                    Some(child) => at[t] = child,
                    None if !grown[t] && nodes.len() < IsmctsConfig::MAX_NODES => {
                        grown[t] = true;
                        at[t] = push_child(nodes, at[t], on_move, seen);
                    }
                    None => lost[t] = true,
                }
            }
            if chosen.is_none() {
                // Expanded: score the new leaf.
                break;
            }
        }
        if outcome.is_none() && !stuck && self.config.leaf == Leaf::Playout {
            let limit = self
                .config
                .playout_depth
                .unwrap_or(IsmctsConfig::PLAYOUT_LIMIT) as usize;
            let report = random_playout(&mut state, &mut self.rng, &mut self.buffers, limit);
            outcome = report.outcome;
        }
        let mut rewards = [0.0; MAX_SEATS];
        let seats = state.seats().min(MAX_SEATS);
        match outcome {
            Some(o) => {
                for (s, r) in rewards.iter_mut().enumerate().take(seats) {
                    *r = o.share(Seat::new(s));
                }
            }
            // Two seats: the deciding seat's evaluation and its complement.
            // A game's evaluations of two seats sum to 1 (exactly when
            // nothing is hidden), so this halves the cost of a leaf and
            // values every node from the deciding seat's own view.
            None if seats == 2 => {
                let mine = self.leaf_value(&state, seat);
                rewards[seat.index().min(1)] = mine;
                rewards[1 - seat.index().min(1)] = 1.0 - mine;
            }
            None => {
                for (s, r) in rewards.iter_mut().enumerate().take(seats) {
                    *r = self.leaf_value(&state, Seat::new(s));
                }
            }
        }
        for (nodes, &leaf) in self.trees.iter_mut().zip(&at) {
            backpropagate(nodes, leaf, &rewards);
        }
    }

    /// How a leaf stands for `seat`: the game's evaluation, expecting the
    /// rivals to keep to their habits when the search follows them.
    fn leaf_value(&mut self, state: &G, seat: Seat) -> f64 {
        if self.config.plain {
            state.evaluate_plain(seat, &mut self.scratch)
        } else if self.config.habits {
            state.evaluate_with_habits(seat, &mut self.scratch)
        } else {
            state.evaluate(seat, &mut self.scratch)
        }
    }

    /// A rival's choice drawn by its habits from the actions in `legal`,
    /// when the game has a record for every one of them.
    fn follow_habit(&mut self, state: &G, tree: usize, node: u32, seat: Seat) -> Option<Step> {
        self.habit_weights.clear();
        for (i, action) in self.legal.iter().enumerate() {
            self.habit_weights.push((i, state.habit(seat, action)?));
        }
        let i = self.habit_weights[self.rng.pick_weighted(&self.habit_weights)?].0;
        let action = Some(self.legal[i].clone());
        Some(match find_child(&self.trees[tree], node, seat, &action) {
            Some(child) => Step::Follow(child),
            None if self.trees[tree].len() < IsmctsConfig::MAX_NODES => Step::Expand(i),
            None => Step::Leaf,
        })
    }

    /// Chooses what `seat` does at `node` of `tree` in `state`: by UCB1, or
    /// for a `rival` of the searching seat by its habits where the search
    /// follows them and the game keeps a record.
    fn select(&mut self, state: &G, tree: usize, node: u32, seat: Seat, rival: bool) -> Step {
        self.legal.clear();
        state.legal_actions(seat, &mut self.legal);
        if self.legal.is_empty() {
            return Step::Stuck;
        }
        if rival
            && self.config.habits
            && let Some(step) = self.follow_habit(state, tree, node, seat)
        {
            return step;
        }
        let Ismcts {
            trees,
            legal,
            matched,
            rng,
            config,
            ..
        } = self;
        let nodes = &mut trees[tree];
        matched.clear();
        matched.resize(legal.len(), false);
        let mut untried = legal.len();
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut child = nodes[node as usize].first_child;
        while child != NONE {
            let c = &mut nodes[child as usize];
            if c.seat == seat
                && let Some(action) = &c.action
                && let Some(i) = legal.iter().position(|a| a == action)
            {
                if !matched[i] {
                    matched[i] = true;
                    untried -= 1;
                }
                c.available += 1;
                let visits = f64::from(c.visits.max(1));
                let score = c.reward / visits
                    + config.exploration * (f64::from(c.available).ln() / visits).sqrt();
                if score > best_score {
                    best_score = score;
                    best = child;
                }
            }
            child = c.next_sibling;
        }
        if untried > 0 && nodes.len() < IsmctsConfig::MAX_NODES {
            let mut k = rng.below(untried as u32) as usize;
            for (i, &m) in matched.iter().enumerate() {
                if !m {
                    if k == 0 {
                        return Step::Expand(i);
                    }
                    k -= 1;
                }
            }
        }
        if best == NONE {
            Step::Leaf
        } else {
            Step::Follow(best)
        }
    }
}

/// The child of `parent` for `action` (`None`: a move the tree's owner does
/// not see) taken by `seat`.
fn find_child<A: PartialEq>(
    nodes: &[Node<A>],
    parent: u32,
    seat: Seat,
    action: &Option<A>,
) -> Option<u32> {
    let mut child = nodes.get(parent as usize)?.first_child;
    while let Some(c) = nodes.get(child as usize) {
        if c.seat == seat && c.action == *action {
            return Some(child);
        }
        child = c.next_sibling;
    }
    None
}

/// Adds a child of `parent` for `action` taken by `seat`.
fn push_child<A>(nodes: &mut Vec<Node<A>>, parent: u32, seat: Seat, action: Option<A>) -> u32 {
    let id = nodes.len() as u32;
    let next_sibling = nodes[parent as usize].first_child;
    nodes.push(Node {
        action,
        reward: 0.0,
        parent,
        first_child: NONE,
        next_sibling,
        visits: 0,
        available: 1,
        seat,
    });
    nodes[parent as usize].first_child = id;
    id
}

/// Each node on the path from `node` up adds a visit and the reward of the
/// seat that acted at it.
fn backpropagate<A>(nodes: &mut [Node<A>], mut node: u32, rewards: &[f64; MAX_SEATS]) {
    while let Some(n) = nodes.get_mut(node as usize) {
        n.visits += 1;
        n.reward += rewards.get(n.seat.index()).copied().unwrap_or(0.0);
        node = n.parent;
    }
}

/// What the selection step decided at one node.
enum Step {
    /// Go down to this existing child.
    Follow(u32),
    /// Add a child for the legal action at this index and play out from it.
    Expand(usize),
    /// No child can be followed or added (the arena is full): play out here.
    Leaf,
    /// The seat on move has no legal action: a rules bug; score as is.
    Stuck,
}

impl<G: Evaluate> Bot<G> for Ismcts<G> {
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        self.search(game, seat)
    }

    fn choose_until(&mut self, game: &G, seat: Seat, stop: &crate::Stop) -> Option<G::Action> {
        self.search_until(game, seat, Some(stop))
    }
}
