//! What the opponent knows inside the search tree. In a one-move hiding
//! game (seat 1 hides a coin in one hand in secret, seat 2 then points at a
//! hand; a tossed coin then says whether the pointing counts: heads, the
//! seeker wins if it found the coin, tails, the hider wins) a seeker who
//! guesses makes the game worth 3/4 to the hider, one who sees the coin 1/2.
//! Single-observer ISMCTS lets the seeker in its tree answer the hider's
//! secret choice as if it saw it, so the hider values both hands near 1/2;
//! with multiple observers the seeker chooses in its own tree, where the
//! hiding is one unknown move, and both hands are worth about 3/4.
//!
//! A seeker with a record of where it points (a habit, [`Evaluate::habit`])
//! is not asked in the tree at all: a search that follows habits draws the
//! seeker's choice from the record, so hiding where it rarely looks pays.
//!
//! (The toss is there because without any chance the two seats' choices,
//! both made by deterministic UCB1 from the same history, fall into step,
//! and the seeker finds the coin every time or never. Real games have
//! plenty of chance.)

use serde::{Deserialize, Serialize};
use std::fmt;
use tourney_bots::{Budget, Ismcts, IsmctsConfig, Observers};
use tourney_core::schemars;
use tourney_core::{
    Evaluate, Events, Game, GameInfo, GameRng, NoEvent, Outcome, RuleError, Seat, SeatSet,
    SetupError, ToMove, Weight,
};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Hide {
    /// The hand holding the coin (0 or 1), once hidden.
    coin: Option<u8>,
    /// Whether the seeker found it, once it has pointed.
    found: Option<bool>,
    outcome: Option<Outcome>,
    /// How often the seeker has been seen to point at each hand before, if
    /// it has a record: its habit.
    habit: Option<[Weight; 2]>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
struct View {
    hidden: bool,
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "coin hidden: {}", self.hidden)
    }
}

impl Game for Hide {
    type Config = ();
    type Action = u8;
    type Chance = u8;
    type View = View;
    type Event = NoEvent;
    type Components = ();

    const INFO: GameInfo = GameInfo {
        name: "hide",
        title: "Hide the coin",
        rules_version: "1",
        min_seats: 2,
        max_seats: 2,
        options: &[],
    };

    fn new(_: &(), seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        Ok(Hide {
            coin: None,
            found: None,
            outcome: None,
            habit: None,
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> ToMove {
        match (self.outcome, self.coin, self.found) {
            (Some(o), _, _) => ToMove::Over(o),
            (None, None, _) => ToMove::Seats(SeatSet::single(Seat(0))),
            (None, Some(_), None) => ToMove::Seats(SeatSet::single(Seat(1))),
            (None, Some(_), Some(_)) => ToMove::Chance,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
        if matches!(self.to_move(), ToMove::Seats(s) if s.contains(seat)) {
            out.extend([0, 1]);
        }
    }

    /// The toss: 1 heads, 0 tails.
    fn chance_outcomes(&self, out: &mut Vec<(u8, Weight)>) {
        if self.to_move() == ToMove::Chance {
            out.extend([(0, 1), (1, 1)]);
        }
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        hand: &u8,
        _events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        match self.to_move() {
            ToMove::Seats(s) if s.contains(seat) && *hand < 2 => {}
            _ => return Err(RuleError::illegal("not your move, or not a hand")),
        }
        match self.coin {
            None => self.coin = Some(*hand),
            Some(coin) => self.found = Some(coin == *hand),
        }
        Ok(())
    }

    fn apply_chance_with_events(
        &mut self,
        heads: &u8,
        _events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        if self.to_move() != ToMove::Chance || *heads > 1 {
            return Err(RuleError::NoChancePending);
        }
        let seeker_wins = *heads == 1 && self.found == Some(true);
        self.outcome = Some(Outcome::win(Seat(u8::from(seeker_wins))));
        Ok(())
    }

    fn view(&self, _: Option<Seat>) -> View {
        View {
            hidden: self.coin.is_some(),
        }
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut copy = self.clone();
        if seat != Seat(0) && copy.coin.is_some() {
            copy.coin = Some(rng.below(2) as u8);
        }
        copy
    }

    /// Hiding is secret; pointing is open.
    fn action_is_open(&self, seat: Seat, _: &u8) -> bool {
        seat == Seat(1)
    }
}

/// The plain evaluation, and the seeker's habits when a test gives it some.
impl Evaluate for Hide {
    type Scratch = ();

    fn habit(&self, seat: Seat, hand: &u8) -> Option<Weight> {
        let weights = self.habit.filter(|_| seat == Seat(1))?;
        weights.get(usize::from(*hand)).copied()
    }
}

/// The hider's value of `game` after a 4,000-iteration search with each of
/// a few seeds (the root children's means weighted by their visits), with
/// the hand it chose.
fn hider_values(game: &Hide, observers: Observers, habits: bool) -> Vec<(f64, Option<u8>)> {
    (0..4)
        .map(|seed| {
            let config = IsmctsConfig {
                observers,
                habits,
                ..IsmctsConfig::with_budget(Budget::Iterations(4000))
            };
            let mut bot = Ismcts::<Hide>::new(config, seed);
            let hand = bot.search(game, Seat(0));
            assert!(hand.is_some());
            let (mut sum, mut visits) = (0.0, 0.0);
            for (_, n, mean) in bot.root_summary() {
                sum += f64::from(n) * mean;
                visits += f64::from(n);
            }
            (sum / visits, hand)
        })
        .collect()
}

fn new_game() -> Hide {
    Hide::new(&(), 2).expect("two seats")
}

#[test]
fn a_single_observer_tree_lets_the_seeker_see_the_coin() {
    for (value, _) in hider_values(&new_game(), Observers::Single, true) {
        assert!(
            (0.42..=0.58).contains(&value),
            "the hider should expect the seeker to find the coin: {value}"
        );
    }
}

#[test]
fn with_multiple_observers_the_seeker_guesses() {
    for (value, _) in hider_values(&new_game(), Observers::Multiple, true) {
        assert!(
            (0.62..=0.9).contains(&value),
            "the hider should expect the seeker to guess: {value}"
        );
    }
}

/// A seeker that has pointed at the first hand nine times in ten: a search
/// that follows habits hides the coin in the second hand and expects to
/// win about 19 games in 20; one that ignores them lets the seeker answer
/// the hiding in its tree and sees nothing to choose between the hands.
#[test]
fn a_search_that_follows_habits_hides_where_the_seeker_rarely_looks() {
    let game = Hide {
        habit: Some([9, 1]),
        ..new_game()
    };
    for (value, hand) in hider_values(&game, Observers::Single, true) {
        assert_eq!(hand, Some(1), "the seeker rarely looks in the second hand");
        assert!((0.88..=1.0).contains(&value), "{value}");
    }
    for (value, _) in hider_values(&game, Observers::Single, false) {
        assert!(
            (0.42..=0.58).contains(&value),
            "without habits the seeker sees the coin again: {value}"
        );
    }
}
