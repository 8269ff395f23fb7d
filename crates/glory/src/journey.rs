//! The Journey phase (and the Final Journey, and the extra cards of players
//! knocked out of a Joust à Plaisance): one card at a time in initiative
//! order, up to each player's limit, or with the `journey = "simultaneous"`
//! option each player's cards in one go. Romance cards give, Market cards sell,
//! Challenge cards start a duel against the knight they show.

use crate::actions::Action;
use crate::config::JourneyOrder;
use crate::content::{JOURNEY, JourneyType};
use crate::duel::{DuelCtx, Fighter};
use crate::events::{Event, Phase, Purse, Sink};
use crate::state::{Glory, JourneyPhase, Stage, Task};
use tourney_core::Seat;

impl Glory {
    pub(crate) fn begin_journey(&mut self, phase: JourneyPhase, ev: &mut Sink) {
        for p in self.ids() {
            let allowance = self.journey_allowance(p, phase);
            if let Some(pl) = self.player_mut(p) {
                pl.journey_left = allowance;
                pl.journey_done = false;
            }
        }
        self.stage = Stage::Journey(phase);
        self.cursor = 0;
        let phase = match phase {
            JourneyPhase::Normal => Phase::Journey,
            JourneyPhase::Extra => Phase::ExtraJourney,
            JourneyPhase::Final => Phase::FinalJourney,
        };
        self.tell_phase(phase, ev);
    }

    pub(crate) fn journey_step(&mut self, phase: JourneyPhase, ev: &mut Sink) {
        let n = self.n();
        for i in 0..n {
            let idx = self.place_after(self.cursor, i);
            // A player with nothing playable is not asked.
            let ready = self.at_place(idx).filter(|&p| {
                self.player(p)
                    .is_some_and(|pl| pl.journey_left > 0 && !pl.journey_done)
                    && (0..JOURNEY.len() as u8).any(|k| self.playable(p, k))
            });
            if let Some(p) = ready {
                self.task = Task::PlayJourney { player: p };
                // Played simultaneously, a player keeps the turn until it
                // has played all it will; otherwise the next one is asked.
                self.cursor = match self.config.journey {
                    JourneyOrder::InTurns => self.place_after(idx, 1),
                    JourneyOrder::Simultaneous => idx,
                };
                return;
            }
        }
        match phase {
            JourneyPhase::Normal => self.begin_maintenance(ev),
            JourneyPhase::Extra => self.after_tournament(ev),
            JourneyPhase::Final => self.begin_titles(ev),
        }
    }

    /// Whether `p` can play card `k` now: a Market card must be paid for,
    /// and a Romance or Market card must give something.
    fn playable(&self, p: Seat, k: u8) -> bool {
        let (Some(card), Some(pl)) = (crate::content::journey(k), self.player(p)) else {
            return false;
        };
        if pl.hand.count(usize::from(k)) == 0 {
            return false;
        }
        match card.kind {
            JourneyType::Challenge => true,
            _ => {
                pl.coins >= card.cost
                    && card
                        .options
                        .iter()
                        .take(usize::from(card.choices.clamp(1, 2)))
                        .any(|r| self.reward_viable(p, r))
            }
        }
    }

    pub(crate) fn play_choices(&self, p: Seat, out: &mut dyn FnMut(Action)) {
        for k in 0..JOURNEY.len() as u8 {
            if self.playable(p, k) {
                out(Action::Play(k));
            }
        }
        out(Action::Pass);
    }

    pub(crate) fn play_journey(&mut self, p: Seat, a: Action, ev: &mut Sink) {
        let k = match a {
            Action::Play(k) => k,
            _ => {
                if let Some(pl) = self.player_mut(p) {
                    pl.journey_done = true;
                }
                return;
            }
        };
        let Some(card) = crate::content::journey(k) else {
            return;
        };
        let before = self.purse(p, ev);
        let Some(pl) = self.player_mut(p) else {
            return;
        };
        if pl.hand.take(usize::from(k)).is_err() {
            return;
        }
        let still = pl.hand.count(usize::from(k));
        if pl.known.count(usize::from(k)) > still {
            let _ = pl.known.take(usize::from(k));
        }
        pl.journey_left = pl.journey_left.saturating_sub(1);
        match card.kind {
            JourneyType::Challenge => {
                self.start_duel(
                    DuelCtx::Journey { player: p, card: k },
                    Fighter::Player(p),
                    Fighter::Card(k),
                    ev,
                );
            }
            kind => {
                pl.coins = pl.coins.saturating_sub(card.cost);
                pl.discard_played(kind);
                self.give_card_reward(p, k, before, ev);
            }
        }
    }

    /// A card's reward: chosen when both halves of an "A / B" card would
    /// give something, taken at once otherwise. The table is told what the
    /// player paid and gained since `before`.
    fn give_card_reward(&mut self, p: Seat, k: u8, before: Option<Purse>, ev: &mut Sink) {
        let Some(card) = crate::content::journey(k) else {
            return;
        };
        let viable: [bool; 2] = [
            self.reward_viable(p, &card.options[0]),
            card.choices > 1 && self.reward_viable(p, &card.options[1]),
        ];
        match viable {
            [true, true] => self.task = Task::Reward { player: p, card: k },
            [false, true] => self.apply_reward(p, &card.options[1]),
            _ => self.apply_reward(p, &card.options[0]),
        }
        self.tell_resources(p, before, card.name, ev);
    }

    pub(crate) fn reward_choices(&self, p: Seat, k: u8, out: &mut dyn FnMut(Action)) {
        if let Some(card) = crate::content::journey(k) {
            for (i, r) in (0..card.choices.min(2)).zip(&card.options) {
                if self.reward_viable(p, r) {
                    out(Action::Choose(i));
                }
            }
        }
    }

    pub(crate) fn choose_reward(&mut self, p: Seat, k: u8, i: u8, ev: &mut Sink) {
        if let Some(card) = crate::content::journey(k)
            && let Some(r) = card.options.get(usize::from(i))
        {
            let before = self.purse(p, ev);
            self.apply_reward(p, r);
            self.tell_reward_chosen(p, before, card.name, ev);
        }
    }

    /// A Challenge card's duel was won: the card is discarded and pays out.
    pub(crate) fn journey_won(&mut self, p: Seat, k: u8, ev: &mut Sink) {
        if let Some(pl) = self.player_mut(p) {
            pl.discard_played(JourneyType::Challenge);
        }
        let before = self.purse(p, ev);
        self.give_card_reward(p, k, before, ev);
    }

    /// A lost Challenge card goes back to the hand, now known to all.
    pub(crate) fn journey_lost(&mut self, p: Seat, k: u8, ev: &mut Sink) {
        if let Some(pl) = self.player_mut(p) {
            pl.hand.put(usize::from(k));
            pl.known.put(usize::from(k));
            ev.everyone(|| Event::ChallengeKept {
                player: p,
                card: k,
                name: crate::content::journey_name(k).to_string(),
            });
        }
    }
}
