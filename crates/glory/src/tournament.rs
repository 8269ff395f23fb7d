//! Tournaments: setting up the board from a tournament card, registration,
//! the order of duels for both types, and the trophy.

use crate::actions::Action;
use crate::config::{TournamentChoice, Trophies};
use crate::content::{
    KnightTile, KnightType, Layout, STANDARD_TROPHY, TOURNAMENTS, TROPHIES, TournamentKind,
};
use crate::duel::{DuelCtx, Fighter, on_side, other_side};
use crate::events::{Event, Phase, Sink};
use crate::state::{
    Glory, JourneyPhase, KNIGHT, NONE, SeatSlot, Stage, Task, entrant_code, round_index,
    seat_entrant,
};
use tourney_core::Seat;

/// Joust à Plaisance: the two ladder spaces a match is fought from and the
/// space its winner moves to. Matches 0-3 are the lower row, 4-5 the middle
/// row and 6 the final.
pub(crate) fn joust_match(game: u8) -> (usize, usize, usize) {
    const MATCHES: [(usize, usize, usize); 7] = [
        (0, 1, 8),
        (2, 3, 9),
        (4, 5, 10),
        (6, 7, 11),
        (8, 9, 12),
        (10, 11, 13),
        (12, 13, 14),
    ];
    MATCHES.get(usize::from(game)).copied().unwrap_or(FINAL)
}

/// The final's match: the two upper row spaces and the winner's.
const FINAL: (usize, usize, usize) = (12, 13, 14);

/// The row a match is fought in: 0 lower, 1 middle, 2 final.
pub(crate) fn joust_row(game: u8) -> u8 {
    match game {
        0..=3 => 0,
        4 | 5 => 1,
        _ => 2,
    }
}

impl Glory {
    /// This round's section of the tournament card drawn, if one is.
    pub(crate) fn layout(&self) -> Option<&'static Layout> {
        let card = TOURNAMENTS.get(usize::from(self.tourney.card))?;
        card.rounds.get(round_index(self.round))
    }

    pub(crate) fn is_joust(&self) -> bool {
        self.tourney.kind == TournamentKind::JoustAPlaisance
    }

    /// Setting up the tournament of `round`: the card, its knights, and a
    /// trophy tile if those are in use.
    pub(crate) fn prepare_step(&mut self, round: u8, ev: &mut Sink) {
        let step = self.cursor;
        self.cursor = self.cursor.saturating_add(1);
        match step {
            0 => match self.tournament_chooser(round) {
                Some(player) => self.task = Task::ChooseTournament { player },
                None => {
                    self.tourney.kind = self.agreed_tournament(round);
                    self.record_kind(round);
                }
            },
            1 => {
                self.tourney.card = NONE;
                self.task = Task::TournamentCard;
            }
            2 => {
                self.tourney.adding = false;
                self.task = Task::Knights;
            }
            3 => {
                if self.is_joust() {
                    if self.config.trophies == Trophies::Tiles {
                        self.task = Task::Trophy;
                    }
                } else {
                    self.rank_towns();
                }
            }
            _ => self.begin_round(round, ev),
        }
    }

    /// Keeps the type of `round`'s tournament, now set, for the board.
    fn record_kind(&mut self, round: u8) {
        if let Some(k) = self.tourney.kinds.get_mut(round_index(round)) {
            *k = Some(self.tourney.kind);
        }
    }

    /// Each round's tournament in words, for the board: the type of every
    /// round set up so far (and whether it was chosen during play), and
    /// for the others the agreed type or who will choose it and when.
    pub(crate) fn tournament_plan(&self) -> String {
        let mut parts = Vec::new();
        for round in 1..=3u8 {
            let set = self
                .tourney
                .kinds
                .get(round_index(round))
                .copied()
                .flatten();
            let chooser_rule = round >= 2
                && self.config.tournament_choice == TournamentChoice::BetweenRounds
                && self.solo_mode() != Some(crate::config::SoloMode::Champion);
            let text = match (set, &self.task) {
                (Some(kind), _) if chooser_rule => format!("{} (chosen during play)", kind.name()),
                (Some(kind), _) => kind.name().to_string(),
                (None, Task::ChooseTournament { player }) if round == self.round => {
                    format!("being chosen now by {}", self.player_name(*player))
                }
                (None, _) if chooser_rule && self.solo.is_some() => {
                    "to be chosen by you when its tournament is set up".to_string()
                }
                (None, _) if chooser_rule => {
                    "to be chosen when its tournament is set up, by the player last on the initiative track then".to_string()
                }
                (None, _) => self.agreed_tournament(round).name().to_string(),
            };
            parts.push(format!("round {round}: {text}"));
        }
        parts.join("; ")
    }

    /// The type agreed before the game for `round`: Champion mode's is
    /// always a Joust à Plaisance.
    pub(crate) fn agreed_tournament(&self, round: u8) -> TournamentKind {
        if self.solo_mode() == Some(crate::config::SoloMode::Champion) {
            return TournamentKind::JoustAPlaisance;
        }
        self.config
            .tournaments
            .get(round_index(round))
            .copied()
            .unwrap_or_default()
    }

    /// Who chooses the type of `round`'s tournament, if it is chosen at the
    /// table: from round 2, with `tournament_choice = "between_rounds"`,
    /// the player last on the initiative track (the one the order served
    /// worst); in solo the player, since Otto has no wishes; never in
    /// Champion mode, which is all Joust à Plaisance.
    fn tournament_chooser(&self, round: u8) -> Option<Seat> {
        if round < 2
            || self.config.tournament_choice != TournamentChoice::BetweenRounds
            || self.solo_mode() == Some(crate::config::SoloMode::Champion)
        {
            return None;
        }
        if self.solo.is_some() {
            return Some(crate::solo::PLAYER);
        }
        self.in_order().last()
    }

    /// The chooser's pick: the coming round's tournament type.
    pub(crate) fn choose_tournament(&mut self, player: Seat, kind: TournamentKind, ev: &mut Sink) {
        self.tourney.kind = kind;
        self.record_kind(self.round);
        ev.everyone(|| Event::TournamentChosen {
            player,
            who: self.player_name(player),
            round: self.round,
            tournament: kind,
            last_in_order: self.solo.is_none(),
        });
    }

    /// The next tournament space the card wants a knight on, and his type.
    pub(crate) fn next_knight_space(&self) -> Option<(u8, KnightType)> {
        let layout = self.layout()?;
        if !self.is_joust() {
            return (0..9u8)
                .zip(layout.towns.iter().flatten())
                .find_map(|(s, &kind)| {
                    let kind = kind?;
                    (self.tourney.knight_on(usize::from(s)) == NONE).then_some((s, kind))
                });
        }
        if !self.tourney.adding {
            return (0..8u8).zip(layout.place).find_map(|(s, kind)| {
                let kind = kind?;
                (self.tourney.entrant_on(usize::from(s)) == NONE).then_some((s, kind))
            });
        }
        let added = layout
            .place
            .iter()
            .zip(self.tourney.ladder)
            .filter(|&(kind, e)| kind.is_none() && crate::state::knight_entrant(e).is_some())
            .count();
        let space = (0..8u8).find(|&s| self.tourney.entrant_on(usize::from(s)) == NONE)?;
        let kind = layout.add.get(added).copied().flatten()?;
        Some((space, kind))
    }

    pub(crate) fn put_knight(&mut self, space: u8, entrant: u8) {
        if self.is_joust() {
            if let Some(s) = self.tourney.ladder.get_mut(usize::from(space)) {
                *s = entrant;
            }
        } else if let Some(s) = self.tourney.town.get_mut(usize::from(space)) {
            *s = entrant.saturating_sub(KNIGHT);
        }
    }

    /// Within each town the knights are ranked from most glory to least
    /// (then prestige, then attack, then tile order).
    fn rank_towns(&mut self) {
        for town in self.tourney.town.chunks_exact_mut(3) {
            town.sort_by_key(|&k| match crate::content::knight(k) {
                Some(tile) => (
                    0u8,
                    std::cmp::Reverse(tile.glory),
                    std::cmp::Reverse(tile.prestige),
                    std::cmp::Reverse(tile.attack),
                    k,
                ),
                None => (
                    1,
                    std::cmp::Reverse(0),
                    std::cmp::Reverse(0),
                    std::cmp::Reverse(0),
                    k,
                ),
            });
        }
    }

    pub(crate) fn begin_registration(&mut self, ev: &mut Sink) {
        self.stage = Stage::Registration;
        self.cursor = 0;
        self.tell_phase(Phase::Registration, ev);
    }

    fn registered(&self, p: Seat) -> bool {
        if self.is_joust() {
            self.tourney
                .ladder
                .iter()
                .take(8)
                .any(|&e| e == entrant_code(p))
        } else {
            self.tourney.challenger.contains(&SeatSlot::of(p))
        }
    }

    pub(crate) fn registration_step(&mut self, ev: &mut Sink) {
        let n = self.n();
        if !self.is_joust() {
            // Everyone in initiative order places a coat of arms if they
            // can; then everyone may place a second one.
            while self.cursor < n.saturating_mul(2) {
                let second = self.cursor >= n;
                let holder = self.at_place(self.place_after(self.cursor, 0));
                self.cursor = self.cursor.saturating_add(1);
                let Some(p) = holder else {
                    continue;
                };
                if self.is_otto(p) {
                    self.otto_registers(ev);
                    continue;
                }
                let mut any = false;
                self.registration_choices(p, &mut |_| any = true);
                if any {
                    self.task = Task::Register {
                        player: p,
                        optional: second,
                    };
                    return;
                }
            }
            self.begin_tournament(ev);
            return;
        }
        // Joust à Plaisance: players may wait and see, but the last one in
        // initiative order still unregistered must place.
        // Otto enters only in Rivalry mode, and never waits.
        let unregistered = |g: &Glory, i: u8| {
            g.at_place(g.place_after(i, 0)).is_some_and(|p| {
                !g.registered(p) && (!g.is_otto(p) || g.otto_entry(false).is_some())
            })
        };
        if !(0..n).any(|i| unregistered(self, i)) {
            if self.tourney.adding {
                self.begin_tournament(ev);
            } else {
                self.tourney.adding = true;
                self.task = Task::Knights;
            }
            return;
        }
        let Some(idx) = (0..n)
            .map(|i| self.place_after(self.cursor, i))
            .find(|&i| unregistered(self, i))
        else {
            return;
        };
        let last = (idx.saturating_add(1)..n).all(|i| !unregistered(self, i));
        self.cursor = self.place_after(idx, 1);
        // `unregistered` found a player at `idx`.
        let Some(p) = self.at_place(idx) else {
            return;
        };
        if self.is_otto(p) {
            self.otto_registers(ev);
            return;
        }
        self.task = Task::Register {
            player: p,
            optional: !last,
        };
    }

    /// Spaces `p` may register on now (also what the Herald offers).
    pub(crate) fn registration_choices(&self, p: Seat, out: &mut dyn FnMut(Action)) {
        if self.is_joust() {
            if self.registered(p) {
                return;
            }
            for s in 0..8u8 {
                if self.tourney.entrant_on(usize::from(s)) == NONE {
                    out(Action::Register(s));
                }
            }
            return;
        }
        for s in 0..9u8 {
            let town = self.tourney.town_challengers(usize::from(s / 3));
            let free = self.tourney.knight_on(usize::from(s)) != NONE
                && self.tourney.challenger_on(usize::from(s)).is_empty();
            if free && !town.contains(&SeatSlot::of(p)) {
                out(Action::Register(s));
            }
        }
    }

    pub(crate) fn register(&mut self, p: Seat, slot: u8, ev: &mut Sink) {
        ev.everyone(|| Event::Registered {
            player: p,
            who: self.player_name(p),
            tournament: self.tourney.kind,
            space: slot,
            place: self.space_text(slot),
        });
        if self.is_joust() {
            if slot < 8 {
                self.tourney.set_entrant(usize::from(slot), entrant_code(p));
            }
        } else if let Some(s) = self.tourney.challenger.get_mut(usize::from(slot)) {
            *s = SeatSlot::of(p);
        }
    }

    fn begin_tournament(&mut self, ev: &mut Sink) {
        self.stage = Stage::Tournament;
        self.cursor = 0;
        self.tell_phase(Phase::Tournament, ev);
    }

    fn fighter(&self, entrant: u8) -> Fighter {
        match seat_entrant(entrant) {
            None => Fighter::Knight(entrant.saturating_sub(KNIGHT)),
            Some(p) if self.is_otto(p) => Fighter::Otto(self.otto_tile().unwrap_or(0)),
            Some(p) => Fighter::Player(p),
        }
    }

    /// Whether a ladder entrant is Otto.
    fn otto_entrant(&self, e: u8) -> bool {
        seat_entrant(e).is_some_and(|p| self.is_otto(p))
    }

    /// An entrant who fights without dice against a knight: a knight, or
    /// Otto.
    fn knightly(&self, e: u8) -> bool {
        e >= KNIGHT || self.otto_entrant(e)
    }

    fn knight_key(&self, e: u8) -> (u8, u8) {
        if self.otto_entrant(e) {
            return self.otto_key();
        }
        crate::content::knight(e.saturating_sub(KNIGHT)).map_or((0, 0), KnightTile::standing)
    }

    /// Otto against a knight, settled at once: Otto scores the knight's
    /// glory value when he wins. Returns whether he won.
    fn otto_meets_knight(
        &mut self,
        ctx: DuelCtx,
        knight: u8,
        otto_left: bool,
        ev: &mut Sink,
    ) -> bool {
        let won = self.otto_beats(knight, otto_left);
        let glory = if won {
            crate::content::knight(knight).map_or(0, |t| u16::from(t.glory))
        } else {
            0
        };
        if let Some(pl) = self.player_mut(crate::solo::OTTO) {
            pl.gain_glory(glory);
        }
        ev.everyone(|| {
            let otto = Fighter::Otto(self.otto_tile().unwrap_or(0));
            let sides = if otto_left {
                [otto, Fighter::Knight(knight)]
            } else {
                [Fighter::Knight(knight), otto]
            };
            let otto_side = u8::from(!otto_left);
            self.decided(
                ctx,
                sides,
                if won {
                    otto_side
                } else {
                    other_side(otto_side)
                },
                glory,
            )
        });
        let otto = Fighter::Otto(self.otto_tile().unwrap_or(0));
        let otto_standing = self.otto_key();
        let knight_standing = crate::content::knight(knight).map_or((0, 0), KnightTile::standing);
        let pair = |(g, p): (u8, u8)| [g, p];
        let (fighters, winner, gained, compared) = if otto_left {
            (
                [otto, Fighter::Knight(knight)],
                u8::from(!won),
                [glory, 0],
                [pair(otto_standing), pair(knight_standing)],
            )
        } else {
            (
                [Fighter::Knight(knight), otto],
                u8::from(won),
                [0, glory],
                [pair(knight_standing), pair(otto_standing)],
            )
        };
        self.knight_duels_since = 0;
        self.last_duel = Some(crate::duel::DuelReport {
            ctx,
            fighters,
            wins: [0, 0],
            winner,
            glory: gained,
            values: [0, 0],
            compared: Some(compared),
            clashes: [None; 3],
        });
        won
    }

    /// The next duel, in order: Pas d'Armes town by town, left to right;
    /// Joust à Plaisance row by row. Knight-against-knight duels are decided
    /// at once by glory, then prestige, then the knight on the left.
    pub(crate) fn tournament_step(&mut self, ev: &mut Sink) {
        if !self.is_joust() {
            while self.cursor < 9 {
                let s = usize::from(self.cursor);
                self.cursor = self.cursor.saturating_add(1);
                let (k, p) = (
                    self.tourney.knight_on(s),
                    self.tourney.challenger_on(s).seat(),
                );
                if k != NONE && p.is_some_and(|p| self.is_otto(p)) {
                    self.otto_meets_knight(DuelCtx::PasDArmes { space: s as u8 }, k, false, ev);
                    continue;
                }
                if k != NONE
                    && let Some(p) = p
                {
                    self.start_duel(
                        DuelCtx::PasDArmes { space: s as u8 },
                        Fighter::Player(p),
                        Fighter::Knight(k),
                        ev,
                    );
                    return;
                }
            }
            self.end_tournament(ev);
            return;
        }
        while self.cursor < 7 {
            let game = self.cursor;
            self.cursor = self.cursor.saturating_add(1);
            let (a, b, to) = joust_match(game);
            let (ea, eb) = (self.tourney.entrant_on(a), self.tourney.entrant_on(b));
            let ctx = DuelCtx::Joust { game };
            let winner = match (ea, eb) {
                (NONE, NONE) => continue,
                (x, NONE) | (NONE, x) => {
                    ev.everyone(|| Event::Bye {
                        ctx,
                        name: self.fighter_name(self.fighter(x)),
                    });
                    x
                }
                (x, y) if self.otto_entrant(x) && y >= KNIGHT => {
                    let won = self.otto_meets_knight(ctx, y.saturating_sub(KNIGHT), true, ev);
                    if won { x } else { y }
                }
                (x, y) if x >= KNIGHT && self.otto_entrant(y) => {
                    let won = self.otto_meets_knight(ctx, x.saturating_sub(KNIGHT), false, ev);
                    if won { y } else { x }
                }
                (x, y) if self.knightly(x) && self.knightly(y) => {
                    let right = self.knight_key(y) > self.knight_key(x);
                    // Told in the log only: the board's "Last duel" keeps
                    // the latest duel a player (or Otto) fought, whose
                    // result matters to someone.
                    ev.everyone(|| {
                        let sides = [self.fighter(x), self.fighter(y)];
                        self.decided(ctx, sides, u8::from(right), 0)
                    });
                    if self.last_duel.is_some() {
                        self.knight_duels_since = self.knight_duels_since.saturating_add(1);
                    }
                    if right { y } else { x }
                }
                (x, y) => {
                    let (a, b) = (self.fighter(x), self.fighter(y));
                    self.start_duel(ctx, a, b, ev);
                    return;
                }
            };
            self.tourney.set_entrant(to, winner);
            // A final decided without dice (or by a bye) still has a winner.
            if game == 6 {
                let champion = self.fighter(winner);
                self.award_trophy(champion, ev);
            }
        }
        self.end_tournament(ev);
    }

    /// A Joust à Plaisance duel was decided: the winner moves up, a losing
    /// player is out, and the final's winner takes the trophy.
    pub(crate) fn joust_result(
        &mut self,
        game: u8,
        sides: [Fighter; 2],
        winner: u8,
        ev: &mut Sink,
    ) {
        let (a, b, to) = joust_match(game);
        let entrants = [self.tourney.entrant_on(a), self.tourney.entrant_on(b)];
        self.tourney.set_entrant(to, *on_side(&entrants, winner));
        if let Some(p) = on_side(&sides, other_side(winner)).player()
            && let Some(pl) = self.player_mut(p)
        {
            let row = joust_row(game);
            pl.knocked_out = row;
            ev.everyone(|| Event::KnockedOut {
                player: p,
                row,
                extra: crate::content::JOUST_EXTRA
                    .get(usize::from(row))
                    .copied()
                    .unwrap_or(0),
            });
        }
        if game == 6 {
            self.award_trophy(*on_side(&sides, winner), ev);
        }
    }

    /// The final's winner takes the trophy. Otto takes only its glory; a
    /// solo player's win counts towards Champion mode.
    fn award_trophy(&mut self, winner: Fighter, ev: &mut Sink) {
        let trophy = TROPHIES.get(usize::from(self.tourney.trophy));
        let reward = trophy.map_or(STANDARD_TROPHY, |t| t.reward);
        let source = trophy.map_or("Tournament trophy", |t| t.name);
        match winner {
            Fighter::Player(p) => {
                let before = self.purse(p, ev);
                self.apply_reward(p, &reward);
                if let Some(o) = &mut self.solo {
                    o.trophies = o.trophies.saturating_add(1);
                }
                self.tell_resources(p, before, source, ev);
            }
            Fighter::Otto(_) => {
                let otto = crate::solo::OTTO;
                let before = self.purse(otto, ev);
                if let Some(pl) = self.player_mut(otto) {
                    pl.gain_glory(u16::from(reward.glory));
                }
                self.tell_resources(otto, before, source, ev);
            }
            _ => {}
        }
    }

    fn end_tournament(&mut self, ev: &mut Sink) {
        let extra = self.is_joust()
            && self
                .ids()
                .any(|p| self.journey_allowance(p, JourneyPhase::Extra) > 0);
        if extra {
            self.begin_journey(JourneyPhase::Extra, ev);
        } else {
            self.after_tournament(ev);
        }
    }

    /// Coats of arms come home, the knights go back to their stacks, and
    /// the next tournament is set up (or the game heads for its end).
    pub(crate) fn after_tournament(&mut self, ev: &mut Sink) {
        let t = &mut self.tourney;
        t.knights = 0;
        t.town = [NONE; 9];
        t.challenger = [SeatSlot::EMPTY; 9];
        t.ladder = [NONE; 15];
        t.adding = false;
        t.trophy = NONE;
        // The card goes with its knights: until the next round's is drawn,
        // no card lies there to be read for the new round.
        t.card = NONE;
        for p in self.ids() {
            if let Some(pl) = self.player_mut(p) {
                pl.knocked_out = NONE;
            }
        }
        if self.round < 3 {
            self.round = self.round.saturating_add(1);
            self.stage = Stage::Prepare { round: self.round };
            self.cursor = 0;
        } else {
            self.begin_journey(JourneyPhase::Final, ev);
        }
    }
}
