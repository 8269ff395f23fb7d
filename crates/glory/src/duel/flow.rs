//! How a duel moves from step to step, what an attack value is, who acts
//! first, how a clash is decided, and what winning and losing pay out.

use super::{
    COLOURS, ClashReport, ClashSide, Duel, DuelCtx, DuelReport, DuelStep, Fighter, TieBreak,
    on_side, on_side_mut, other_side,
};
use crate::content::{self, PLAYER_GLORY, PLAYER_GLORY_AHEAD, WHITE, die_value};
use crate::events::{Event, Sink};
use crate::state::{Glory, NONE, Task};
use tourney_core::Seat;

impl Glory {
    /// Starts a duel between `a` (the left side) and `b`.
    pub(crate) fn start_duel(&mut self, ctx: DuelCtx, a: Fighter, b: Fighter, ev: &mut Sink) {
        let mut d = Duel::new(ctx, a, b);
        self.begin_step(&mut d, DuelStep::Tent);
        self.duel = Some(d);
        self.task = Task::Duel;
        ev.everyone(|| Event::DuelBegins {
            ctx,
            fighters: [a, b],
            names: [self.fighter_name(a), self.fighter_name(b)],
            cards: [self.fighter_card_text(a), self.fighter_card_text(b)],
        });
        self.run_duel(ev);
    }

    /// A side's attack value right now: the best die of each colour plus
    /// the modifiers (dice not yet rolled count nothing).
    pub(crate) fn attack(&self, d: &Duel, s: u8) -> i16 {
        self.attack_parts(d, s).total()
    }

    /// What a side's attack value is made of: for a player the best die of
    /// each colour, for a knight (or Otto's tile) the printed attack and
    /// a Polish Noble's white die; then this clash's modifier.
    pub(crate) fn attack_parts(&self, d: &Duel, s: u8) -> ClashSide {
        let Some(side) = d.side(s) else {
            return ClashSide::default();
        };
        let mut parts = ClashSide {
            modifier: side.attack_mod,
            ..ClashSide::default()
        };
        match side.fighter {
            Fighter::Player(p) => {
                let Some(pl) = self.player(p) else {
                    return ClashSide::default();
                };
                let active = [side.tokens >= 4, pl.mount >= 4, pl.armor >= 4];
                for ((&c, a), best) in COLOURS.iter().zip(active).zip(&mut parts.dice) {
                    *best = side.has_die(c).then(|| side.best(c, a));
                }
            }
            other => {
                parts.printed = other.printed().0;
                if side.knight_die != NONE
                    && let Some(white) = parts.dice.get_mut(WHITE)
                {
                    *white = Some(die_value(WHITE, side.knight_die, false));
                }
            }
        }
        parts
    }

    /// Active prestige plus this clash's modifier (Jester).
    pub(crate) fn duel_prestige(&self, d: &Duel, s: u8) -> i16 {
        let Some(side) = d.side(s) else {
            return 0;
        };
        let base = match side.fighter {
            Fighter::Player(p) => self.player(p).map_or(0, |pl| pl.active_prestige()),
            other => other.printed().1,
        };
        i16::from(base).saturating_add(i16::from(side.prestige_mod))
    }

    /// Whether side 0 is behind side 1: lower attack, then lower prestige,
    /// then worse initiative.
    fn behind(&self, d: &Duel) -> bool {
        let (a0, a1) = (self.attack(d, 0), self.attack(d, 1));
        if a0 != a1 {
            return a0 < a1;
        }
        let (p0, p1) = (self.duel_prestige(d, 0), self.duel_prestige(d, 1));
        if p0 != p1 {
            return p0 < p1;
        }
        self.initiative_rank(d, 0) > self.initiative_rank(d, 1)
    }

    fn initiative_rank(&self, d: &Duel, s: u8) -> u8 {
        d.side(s)
            .and_then(|x| self.glory_holder(x.fighter))
            .map_or(NONE, |p| self.rank(p))
    }

    /// The player slot that scores for a fighter: a player, or Otto.
    pub(crate) fn glory_holder(&self, f: Fighter) -> Option<Seat> {
        match f {
            Fighter::Player(p) => Some(p),
            Fighter::Otto(_) => self.otto(),
            _ => None,
        }
    }

    /// Enters a step: the side behind acts first.
    pub(crate) fn begin_step(&self, d: &mut Duel, step: DuelStep) {
        d.step = step;
        d.pos = 0;
        d.order = if self.behind(d) { [0, 1] } else { [1, 0] };
    }

    /// Moves the duel on until it needs a die or a decision, or ends.
    pub(crate) fn run_duel(&mut self, ev: &mut Sink) {
        for _ in 0..64 {
            let Some(mut d) = self.duel else {
                return;
            };
            match d.step {
                DuelStep::Tent
                | DuelStep::Strength
                | DuelStep::Faith
                | DuelStep::Lance { .. }
                | DuelStep::Relic => {
                    if d.pos >= 2 {
                        let next = match d.step {
                            DuelStep::Tent => DuelStep::Strength,
                            DuelStep::Strength => {
                                self.prepare_roll(&mut d);
                                DuelStep::Roll
                            }
                            DuelStep::Faith => DuelStep::Lance { second: false },
                            DuelStep::Lance { second: false } => DuelStep::Lance { second: true },
                            DuelStep::Lance { second: true } => DuelStep::Relic,
                            _ => DuelStep::Resolve,
                        };
                        if next == DuelStep::Roll {
                            d.step = DuelStep::Roll;
                        } else {
                            self.begin_step(&mut d, next);
                        }
                        self.duel = Some(d);
                        continue;
                    }
                    let side = d.order.get(usize::from(d.pos)).copied().unwrap_or(0);
                    if self.can_act(&d, side) {
                        return;
                    }
                    d.pos = d.pos.saturating_add(1);
                    self.duel = Some(d);
                }
                DuelStep::Roll | DuelStep::Reroll { .. } => {
                    if d.next_die().is_some() {
                        return;
                    }
                    match d.step {
                        DuelStep::Reroll { ring } => {
                            d.step = if ring {
                                DuelStep::Relic
                            } else {
                                DuelStep::Faith
                            };
                            d.pos = d.pos.saturating_add(1);
                        }
                        _ => self.begin_step(&mut d, DuelStep::Faith),
                    }
                    self.duel = Some(d);
                }
                DuelStep::Resolve => {
                    self.resolve_clash(&mut d, ev);
                    self.duel = Some(d);
                }
                DuelStep::Done => {
                    self.finish_duel(d, ev);
                    return;
                }
                DuelStep::Wake { .. } | DuelStep::Pick { .. } | DuelStep::Recover { .. } => return,
            }
        }
    }

    /// Dice for the coming roll: min(tokens, 3) red, mount-level black,
    /// armor-level white, less what a Veteran takes away; a Polish Noble
    /// rolls his white die.
    fn prepare_roll(&self, d: &mut Duel) {
        let fighters = d.sides.map(|x| x.fighter);
        for (s, side) in (0..2u8).zip(&mut d.sides) {
            let opponent = *on_side(&fighters, other_side(s));
            side.dice = [NONE; 9];
            side.knight_die = NONE;
            let mut mask = 0u16;
            if let Fighter::Player(p) = side.fighter {
                let (mount, armor) = self.player(p).map_or((0, 0), |pl| (pl.mount, pl.armor));
                let fewer = opponent.fewer();
                side.count = [
                    side.tokens.min(3).saturating_sub(fewer[0]),
                    mount.min(3).saturating_sub(fewer[1]),
                    armor.min(3).saturating_sub(fewer[2]),
                ];
                for c in COLOURS {
                    for i in side.slots(c) {
                        mask |= 1 << i;
                    }
                }
            } else if side.fighter.rolls_die() {
                mask |= 1 << 9;
            }
            *on_side_mut(&mut d.to_roll, s) = mask;
        }
    }

    /// Compares the attack values and hands the clash to its winner.
    fn resolve_clash(&mut self, d: &mut Duel, ev: &mut Sink) {
        let attack = [self.attack(d, 0), self.attack(d, 1)];
        let prestige = [self.duel_prestige(d, 0), self.duel_prestige(d, 1)];
        let players = d.sides.map(|x| x.fighter.player());
        // Otto breaks ties as a player does: prestige, then initiative.
        let peers = [
            self.glory_holder(d.sides[0].fighter),
            self.glory_holder(d.sides[1].fighter),
        ];
        let (winner, by) = if attack[0] != attack[1] {
            (u8::from(attack[1] > attack[0]), TieBreak::Attack)
        } else {
            match peers {
                [Some(_), Some(_)] if prestige[0] != prestige[1] => {
                    (u8::from(prestige[1] > prestige[0]), TieBreak::Prestige)
                }
                [Some(_), Some(_)] => (
                    u8::from(self.initiative_rank(d, 1) < self.initiative_rank(d, 0)),
                    TieBreak::Initiative,
                ),
                // Against a knight the player needs at least his prestige.
                [Some(_), None] => (u8::from(prestige[0] < prestige[1]), TieBreak::Prestige),
                [None, Some(_)] => (u8::from(prestige[1] >= prestige[0]), TieBreak::Prestige),
                [None, None] => (0, TieBreak::Prestige),
            }
        };
        // A player who wins a tie flips a Prestige token, whatever broke it.
        let mut flipped = 0;
        if by != TieBreak::Attack
            && let Some(p) = *on_side(&players, winner)
            && let Some(pl) = self.player_mut(p)
        {
            let bit = pl.flip_prestige();
            d.at_mut(winner).flipped |= bit;
            flipped = bit;
        }
        let wins = on_side_mut(&mut d.wins, winner);
        *wins = wins.saturating_add(1);
        let report = ClashReport {
            attack,
            prestige,
            winner,
            by,
            sides: [self.attack_parts(d, 0), self.attack_parts(d, 1)],
        };
        let number = usize::from(d.clash.saturating_sub(1));
        if let Some(slot) = d.clashes.get_mut(number) {
            *slot = Some(report);
        }
        ev.everyone(|| Event::Clash {
            clash: d.clash,
            names: [
                self.fighter_name(d.sides[0].fighter),
                self.fighter_name(d.sides[1].fighter),
            ],
            attack,
            prestige,
            winner,
            by,
            wins: d.wins,
            flipped: crate::content::Prestige::ALL
                .into_iter()
                .find(|t| t.bit() == flipped),
        });
        if *on_side(&d.wins, winner) >= 2 {
            self.decide_duel(d, winner, ev);
            return;
        }
        d.clash = d.clash.saturating_add(1);
        for side in &mut d.sides {
            side.dice = [NONE; 9];
            side.count = [0; 3];
            side.knight_die = NONE;
            side.attack_mod = 0;
            side.prestige_mod = 0;
            side.faith_used = false;
            side.relic_used = false;
        }
        self.begin_step(d, DuelStep::Strength);
    }

    /// The value of beating `s`: a knight's printed glory, or a player's 7
    /// (9 when they have more glory than their opponent right now).
    fn glory_value(&self, d: &Duel, s: u8) -> u16 {
        let holder = d.side(s).and_then(|x| self.glory_holder(x.fighter));
        match d.side(s).map(|x| x.fighter) {
            Some(Fighter::Player(_) | Fighter::Otto(_)) => {
                let p = holder.unwrap_or(Seat(0));
                let other = d
                    .side(other_side(s))
                    .and_then(|x| self.glory_holder(x.fighter))
                    .and_then(|q| self.player(q))
                    .map_or(0, |pl| pl.glory);
                let mine = self.player(p).map_or(0, |pl| pl.glory);
                u16::from(if mine > other {
                    PLAYER_GLORY_AHEAD
                } else {
                    PLAYER_GLORY
                })
            }
            Some(Fighter::Knight(k)) => content::knight(k).map_or(0, |t| u16::from(t.glory)),
            _ => 0,
        }
    }

    /// Glory for a tournament duel, and the loser's recovery.
    fn decide_duel(&mut self, d: &mut Duel, winner: u8, ev: &mut Sink) {
        d.winner = winner;
        let loser = other_side(winner);
        if d.ctx.in_tournament() {
            // Both values are fixed before either is paid.
            let beat_loser = self.glory_value(d, loser);
            let beat_winner = self.glory_value(d, winner);
            let mut values = [0u16; 2];
            *on_side_mut(&mut values, winner) = beat_winner;
            *on_side_mut(&mut values, loser) = beat_loser;
            let mut gained = [0u16; 2];
            *on_side_mut(&mut gained, winner) = beat_loser;
            if *on_side(&d.wins, loser) == 1 {
                *on_side_mut(&mut gained, loser) = beat_winner / 2;
            }
            // Knights score nothing; players and Otto do.
            for (g, side) in gained.iter_mut().zip(&d.sides) {
                if self.glory_holder(side.fighter).is_none() {
                    *g = 0;
                }
            }
            for (side, &g) in d.sides.iter().zip(&gained) {
                if let Some(p) = self.glory_holder(side.fighter)
                    && let Some(pl) = self.player_mut(p)
                {
                    pl.gain_glory(g);
                }
            }
            self.last_duel = Some(self.report(d, gained, values));
            self.knight_duels_since = 0;
        } else {
            self.knight_duels_since = 0;
            self.last_duel = Some(self.report(d, [0, 0], [0, 0]));
        }
        ev.everyone(|| {
            let (glory, values) = self
                .last_duel
                .map_or(([0; 2], [0; 2]), |r| (r.glory, r.values));
            let total = |s: u8| {
                self.glory_holder(d.at(s).fighter)
                    .filter(|_| *on_side(&glory, s) > 0)
                    .and_then(|p| self.player(p))
                    .map(|pl| pl.glory)
            };
            Event::DuelWon {
                ctx: d.ctx,
                names: [
                    self.fighter_name(d.sides[0].fighter),
                    self.fighter_name(d.sides[1].fighter),
                ],
                winner,
                wins: d.wins,
                glory,
                totals: [total(0), total(1)],
                // The loser's glory is a half: of which value, it says.
                halved: (*on_side(&glory, loser) > 0).then(|| *on_side(&values, winner)),
            }
        });
        let side = *d.at(loser);
        if let Some(p) = side.fighter.player()
            && let Some(pl) = self.player_mut(p)
        {
            let strength = side.tokens.min(1);
            let faith = side.faith_spent.min(1);
            pl.strength = pl.strength.saturating_add(strength);
            pl.faith = pl.faith.saturating_add(faith);
            let bit = pl.unflip_prestige(side.flipped);
            if strength > 0 || faith > 0 || bit != 0 {
                ev.everyone(|| Event::Recovered {
                    player: p,
                    strength,
                    faith,
                    prestige: crate::content::Prestige::ALL
                        .into_iter()
                        .find(|t| t.bit() == bit),
                    support: None,
                    relic: None,
                    chosen: false,
                });
            }
        }
        d.step = self.recovery_step(d, false, ev);
    }

    fn report(&self, d: &Duel, glory: [u16; 2], values: [u16; 2]) -> DuelReport {
        DuelReport {
            ctx: d.ctx,
            fighters: [d.sides[0].fighter, d.sides[1].fighter],
            wins: d.wins,
            winner: d.winner,
            glory,
            values,
            compared: None,
            clashes: d.clashes,
        }
    }

    /// The next recovery choice of the loser: supports first, then relics.
    /// A single candidate is recovered without asking.
    pub(crate) fn recovery_step(
        &mut self,
        d: &mut Duel,
        relic_only: bool,
        ev: &mut Sink,
    ) -> DuelStep {
        let side = *d.at(other_side(d.winner));
        let Some(p) = side.fighter.player() else {
            return DuelStep::Done;
        };
        if !relic_only {
            let pick = {
                let mut c = self.recoverable_supports(d, p);
                (c.next(), c.next())
            };
            match pick {
                (Some(s), None) => {
                    if let Some(pl) = self.player_mut(p) {
                        pl.reactivate_support(s);
                    }
                    ev.everyone(|| Event::recovered_item(p, Some(s), None, false));
                }
                (Some(_), Some(_)) => return DuelStep::Recover { relic: false },
                _ => {}
            }
        }
        let pick = {
            let mut c = self.recoverable_relics(d, p);
            (c.next(), c.next())
        };
        match pick {
            (Some(r), None) => {
                if let Some(pl) = self.player_mut(p) {
                    pl.reactivate_relic(r);
                }
                ev.everyone(|| Event::recovered_item(p, None, Some(r), false));
            }
            (Some(_), Some(_)) => return DuelStep::Recover { relic: true },
            _ => {}
        }
        DuelStep::Done
    }

    pub(crate) fn recoverable_supports<'a>(
        &'a self,
        d: &'a Duel,
        p: Seat,
    ) -> impl Iterator<Item = crate::content::Support> + 'a {
        let s = d.side_of_player(p).unwrap_or(0);
        crate::content::Support::ALL.into_iter().filter(move |k| {
            d.side(s)
                .is_some_and(|x| x.spent.get(k.index()).is_some_and(|&c| c > 0))
                && self
                    .player(p)
                    .is_some_and(|pl| pl.active(*k) < pl.owned(*k))
        })
    }

    pub(crate) fn recoverable_relics<'a>(
        &'a self,
        d: &'a Duel,
        p: Seat,
    ) -> impl Iterator<Item = crate::content::Relic> + 'a {
        let s = d.side_of_player(p).unwrap_or(0);
        crate::content::Relic::ALL.into_iter().filter(move |r| {
            d.side(s)
                .is_some_and(|x| x.spent_relics.get(r.index()).is_some_and(|&c| c > 0))
                && self
                    .player(p)
                    .is_some_and(|pl| pl.active_relic(*r) < pl.owned_relic(*r))
        })
    }

    /// The duel is over: what it was fought for is settled.
    fn finish_duel(&mut self, d: Duel, ev: &mut Sink) {
        self.duel = None;
        self.task = Task::Idle;
        let winner = d.winner.min(1);
        let won = |p: Seat| d.at(winner).fighter == Fighter::Player(p);
        match d.ctx {
            DuelCtx::Journey { player, card } => {
                if won(player) {
                    self.journey_won(player, card, ev);
                } else {
                    self.journey_lost(player, card, ev);
                }
            }
            DuelCtx::Title { player, .. } => {
                if let Some(pl) = self.player_mut(player) {
                    pl.brave = if won(player) { 1 } else { 2 };
                }
            }
            DuelCtx::PasDArmes { .. } => {}
            DuelCtx::Joust { game } => {
                self.joust_result(game, d.sides.map(|x| x.fighter), winner, ev);
            }
        }
    }
}
