//! The Title phase and the end of the game.
//!
//! Each player, in initiative order, may first fight the single duel a
//! title asks for (Brave); then the public titles and their personal
//! objectives are scored. Resources, supports and relics counted for one
//! title cannot count for another, so the rules pick the set of titles
//! worth the most glory the player can complete at once: a player would
//! never choose less.

use crate::actions::Action;
use crate::content::{Support, TITLES, brave_title};
use crate::duel::{DuelCtx, Fighter};
use crate::events::{Event, Phase, Score, Sink};
use crate::state::{Glory, Stage, Task};
use tourney_core::{Seat, SeatSet};

/// `brave` values.
const NOT_YET: u8 = 0;
const WON: u8 = 1;
const SKIPPED: u8 = 3;

impl Glory {
    pub(crate) fn begin_titles(&mut self, ev: &mut Sink) {
        self.stage = Stage::Titles;
        self.cursor = 0;
        self.tell_phase(Phase::Titles, ev);
    }

    /// Whether title `t` counts for `p`: public, or one of their objectives.
    pub(crate) fn title_open_to(&self, p: Seat, t: u8) -> bool {
        self.board.public.contains(&t)
            || self
                .player(p)
                .is_some_and(|pl| pl.titles.count(usize::from(t)) > 0)
    }

    pub(crate) fn titles_step(&mut self, ev: &mut Sink) {
        let n = self.n();
        if self.cursor >= n {
            self.finish_game(ev);
            return;
        }
        let Some(p) = self.at_place(self.cursor) else {
            self.cursor = self.cursor.saturating_add(1);
            return;
        };
        if self.is_otto(p) {
            self.otto_titles(ev);
            self.cursor = self.cursor.saturating_add(1);
            return;
        }
        let brave = brave_title().filter(|&t| self.title_open_to(p, t));
        if self.player(p).is_some_and(|pl| pl.brave == NOT_YET) {
            if brave.is_some() {
                self.task = Task::Brave { player: p };
                return;
            }
            if let Some(pl) = self.player_mut(p) {
                pl.brave = SKIPPED;
            }
        }
        self.score_titles(p, ev);
        self.cursor = self.cursor.saturating_add(1);
    }

    pub(crate) fn brave_choice(&mut self, p: Seat, a: Action, ev: &mut Sink) {
        match (a, brave_title()) {
            (Action::Attempt, Some(t)) => {
                self.start_duel(
                    DuelCtx::Title {
                        player: p,
                        title: t,
                    },
                    Fighter::Player(p),
                    Fighter::Title(t),
                    ev,
                );
            }
            _ => {
                if let Some(pl) = self.player_mut(p) {
                    pl.brave = SKIPPED;
                }
            }
        }
    }

    /// [`Glory::title_open_to`] as another seat sees it: without
    /// `objectives`, `p`'s secret objectives are hidden and only the
    /// public titles count.
    fn title_seen_open(&self, p: Seat, t: u8, objectives: bool) -> bool {
        if objectives {
            self.title_open_to(p, t)
        } else {
            self.board.public.contains(&t)
        }
    }

    /// Whether `p` holds everything the titles in `set` need, all at once.
    fn can_complete(&self, p: Seat, set: &[u8]) -> bool {
        let Some(pl) = self.player(p) else {
            return false;
        };
        let mut sum = [0u32; 11];
        let mut named = [0u32; 22];
        let (mut mount, mut armor) = (0, 0);
        for &t in set {
            let Some(title) = crate::content::title(t) else {
                return false;
            };
            let n = &title.need;
            if n.never_rogue && pl.rogue_used {
                return false;
            }
            for (s, v) in sum.iter_mut().zip([
                n.romance,
                n.market,
                n.challenge,
                n.supports,
                n.relics,
                n.coins,
                n.strength,
                n.faith,
                n.prestige,
                0,
                0,
            ]) {
                *s = s.saturating_add(u32::from(v));
            }
            for (c, &v) in named.iter_mut().zip(n.support_list.iter()) {
                *c = c.saturating_add(u32::from(v));
            }
            mount = mount.max(n.mount);
            armor = armor.max(n.armor);
        }
        let named_total: u32 = named.iter().sum();
        let have = [
            u32::from(pl.played[0]),
            u32::from(pl.played[1]),
            u32::from(pl.played[2]),
            pl.support_tiles().saturating_sub(named_total),
            pl.relic_tiles(),
            u32::from(pl.coins),
            u32::from(pl.strength),
            u32::from(pl.faith),
            u32::from(pl.prestige_tokens()),
            0,
            0,
        ];
        sum.iter().zip(have).all(|(&need, got)| need <= got)
            && Support::ALL
                .iter()
                .zip(named)
                .all(|(s, need)| need <= u32::from(pl.owned(*s)))
            && pl.mount >= mount
            && pl.armor >= armor
    }

    /// The set of titles, Brave aside, worth the most glory that `p` could
    /// complete at once with what they hold now: its glory and its bits.
    pub(crate) fn best_titles(&self, p: Seat) -> (u32, u16) {
        self.best_titles_among(p, true)
    }

    /// [`Glory::best_titles`], counting `p`'s secret objectives only when
    /// `objectives` is set (a rival's are hidden from whoever asks).
    pub(crate) fn best_titles_among(&self, p: Seat, objectives: bool) -> (u32, u16) {
        let title_glory = |t: u8| crate::content::title(t).map_or(0, |x| u32::from(x.glory));
        let mut candidates = [0u8; 14];
        let len = (0..TITLES.len() as u8)
            .filter(|&t| {
                let duel = crate::content::title(t).is_some_and(|x| x.need.duel.is_some());
                !duel && self.title_seen_open(p, t, objectives)
            })
            .zip(&mut candidates)
            .map(|(t, slot)| *slot = t)
            .count();
        let candidates = candidates.get(..len).unwrap_or_default();
        // Needs only add up, so a set holding a title the player cannot
        // complete alone is never completable: those sets are skipped
        // without counting (bots ask this at every leaf they score).
        let alone = candidates
            .iter()
            .enumerate()
            .filter(|&(_, &t)| self.can_complete(p, &[t]))
            .fold(0u32, |m, (i, _)| m | (1 << i));
        let mut best = (0u32, 0u16);
        let mut set = [0u8; 14];
        for mask in (0u32..(1 << len)).filter(|&m| m & !alone == 0) {
            let chosen = candidates
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask & (1 << i) != 0)
                .map(|(_, &t)| t);
            let k = chosen
                .clone()
                .zip(&mut set)
                .map(|(t, slot)| *slot = t)
                .count();
            let glory: u32 = chosen.map(title_glory).sum();
            let subset = set.get(..k).unwrap_or_default();
            if glory > best.0 && self.can_complete(p, subset) {
                let bits = subset.iter().fold(0u16, |b, &t| b | (1 << t));
                best = (glory, bits);
            }
        }
        best
    }

    /// How far `p` has come toward the titles open to them that they do not
    /// meet yet (`met`, bits of titles): each title's glory times the
    /// square of the share of its needs held, summed. The square makes one
    /// title nearly done count for more than two half done, which is how
    /// titles pay: all or nothing. Needs are counted for each title alone,
    /// as if no other title shared them. A rival's objectives are secret,
    /// so with `objectives` unset only the public titles count.
    pub(crate) fn titles_near(&self, p: Seat, objectives: bool, met: u16) -> f64 {
        (0..TITLES.len() as u8)
            .filter(|&t| met & (1 << t) == 0)
            .filter(|&t| self.title_seen_open(p, t, objectives))
            .map(|t| {
                let glory = crate::content::title(t).map_or(0.0, |x| f64::from(x.glory));
                let share = self.title_share(p, t);
                glory * share * share
            })
            .sum()
    }

    /// The share (0 to 1) of title `t`'s needs that `p` holds, counting
    /// each card, token, tile and gear level needed as one; 0 for a title
    /// closed to them or won by a duel.
    fn title_share(&self, p: Seat, t: u8) -> f64 {
        let (Some(pl), Some(title)) = (self.player(p), crate::content::title(t)) else {
            return 0.0;
        };
        let n = &title.need;
        if n.duel.is_some() || (n.never_rogue && pl.rogue_used) {
            return 0.0;
        }
        let named: u32 = n.support_list.iter().map(|&v| u32::from(v)).sum();
        let pairs = [
            (u32::from(pl.played[0]), n.romance),
            (u32::from(pl.played[1]), n.market),
            (u32::from(pl.played[2]), n.challenge),
            (pl.support_tiles(), n.supports),
            (pl.relic_tiles(), n.relics),
            (u32::from(pl.coins), n.coins),
            (u32::from(pl.strength), n.strength),
            (u32::from(pl.faith), n.faith),
            (u32::from(pl.prestige_tokens()), n.prestige),
            (u32::from(pl.mount), n.mount),
            (u32::from(pl.armor), n.armor),
        ];
        let named_held: u32 = Support::ALL
            .iter()
            .zip(n.support_list)
            .map(|(s, need)| u32::from(pl.owned(*s).min(need)))
            .sum();
        let (held, needed) = pairs
            .iter()
            .fold((named_held, named), |(h, w), &(have, need)| {
                let need = u32::from(need);
                (h.saturating_add(have.min(need)), w.saturating_add(need))
            });
        if needed == 0 {
            return 0.0;
        }
        f64::from(held) / f64::from(needed)
    }

    /// Scores `p`'s best completable set of titles (and Brave, if won).
    pub(crate) fn score_titles(&mut self, p: Seat, ev: &mut Sink) {
        let title_glory = |t: u8| crate::content::title(t).map_or(0, |x| u32::from(x.glory));
        let best = self.best_titles(p);
        let (mut glory, mut bits) = best;
        if let Some(t) = brave_title()
            && self.player(p).is_some_and(|pl| pl.brave == WON)
        {
            glory = glory.saturating_add(title_glory(t));
            bits |= 1 << t;
        }
        if let Some(pl) = self.player_mut(p) {
            let chroniclers = u32::from(pl.owned(Support::Chronicler));
            let bonus = chroniclers.saturating_mul(bits.count_ones());
            glory = glory.saturating_add(bonus);
            pl.completed = bits;
            pl.gain_glory(glory.min(u32::from(u16::MAX)) as u16);
            let total = pl.glory;
            let clamp = |g: u32| g.min(u32::from(u16::MAX)) as u16;
            ev.everyone(|| {
                self.titles_event(
                    p,
                    bits,
                    clamp(glory.saturating_sub(bonus)),
                    clamp(bonus),
                    total,
                )
            });
        }
    }

    /// The most glory wins; a tie goes to the most prestige tokens (active
    /// or not); a tie after that is a shared victory.
    fn finish_game(&mut self, ev: &mut Sink) {
        if self.solo.is_some() {
            self.task = Task::Idle;
            self.stage = Stage::Over {
                winners: self.solo_winners(),
            };
            self.tell_game_over(ev);
            return;
        }
        let key = |g: &Glory, p: Seat| {
            g.player(p)
                .map_or((0, 0), |pl| (pl.glory, pl.prestige_tokens()))
        };
        let best = self.ids().map(|p| key(self, p)).max().unwrap_or((0, 0));
        let winners: SeatSet = self.ids().filter(|&p| key(self, p) == best).collect();
        self.task = Task::Idle;
        self.stage = Stage::Over { winners };
        self.tell_game_over(ev);
    }

    /// What a player (or Otto) completed in the Title phase.
    pub(crate) fn titles_event(
        &self,
        p: Seat,
        bits: u16,
        glory: u16,
        chronicler: u16,
        total: u16,
    ) -> Event {
        let titles: Vec<u8> = (0..TITLES.len() as u8)
            .filter(|t| bits & (1 << t) != 0)
            .collect();
        Event::Titles {
            player: p,
            who: self.player_name(p),
            names: titles
                .iter()
                .map(|&t| crate::content::title_name(t).to_string())
                .collect(),
            titles,
            glory,
            chronicler,
            total,
        }
    }

    fn tell_game_over(&self, ev: &mut Sink) {
        ev.everyone(|| {
            let winners = match self.stage {
                Stage::Over { winners } => winners.iter().collect(),
                _ => Vec::new(),
            };
            Event::GameOver {
                scores: self
                    .ids()
                    .filter_map(|p| {
                        self.player(p).map(|pl| Score {
                            player: p,
                            who: self.player_name(p),
                            glory: pl.glory,
                            prestige: pl.prestige_tokens(),
                        })
                    })
                    .collect(),
                winners,
                goal: self.solo_goal(),
            }
        });
    }
}
