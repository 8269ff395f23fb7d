//! A tiny game that exercises every corner of the core trait: two seats
//! secretly guess a number, then a d3 is rolled; a correct guess wins, and
//! after three misses the game is drawn. Its config can plant bugs, so the
//! tests can show the testkit catches them.

use serde::{Deserialize, Serialize};
use std::fmt;
use tourney_core::{
    Events, Game, GameInfo, GameRng, Outcome, RuleError, Seat, SeatSet, SetupError, ToMove, Weight,
};

#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Bug {
    #[default]
    None,
    /// The view shows the other seat's secret guess.
    LeakyView,
    /// A refused action still changes the state.
    DirtyError,
    /// The game never ends.
    Endless,
    /// Everyone is told each secret guess as it is made.
    LeakyEvent,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub rounds: u8,
    pub bug: Bug,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Guess {
    config_rounds: u8,
    bug: Bug,
    guesses: [Option<u8>; 2],
    round: u8,
    outcome: Option<Outcome>,
    refusals: u32,
    /// Who guessed the last roll: open, since the roll reveals the guesses.
    last_right: SeatSet,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct View {
    round: u8,
    mine: Option<u8>,
    committed: [bool; 2],
    last_right: SeatSet,
    leaked: Option<u8>,
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}, my guess {:?}", self.round, self.mine)
    }
}

/// What the toy tells the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToyEvent {
    /// Only the guesser is told its own guess.
    Guessed {
        seat: Seat,
        guess: u8,
    },
    Rolled {
        face: u8,
        right: SeatSet,
    },
}

impl fmt::Display for ToyEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToyEvent::Guessed { seat, guess } => write!(f, "{seat} guesses {guess}"),
            ToyEvent::Rolled { face, right } if right.is_empty() => {
                write!(f, "the d3 shows {face}: nobody guessed it")
            }
            ToyEvent::Rolled { face, right } => {
                write!(f, "the d3 shows {face}: {right} guessed it")
            }
        }
    }
}

impl Game for Guess {
    type Config = Config;
    type Action = u8;
    type Chance = u8;
    type View = View;
    type Event = ToyEvent;
    type Components = ();

    const INFO: GameInfo = GameInfo {
        name: "guess",
        title: "Guess the die",
        rules_version: "1",
        min_seats: 2,
        max_seats: 2,
        options: &[],
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        Ok(Guess {
            config_rounds: if config.rounds == 0 { 3 } else { config.rounds },
            bug: config.bug,
            guesses: [None; 2],
            round: 1,
            outcome: None,
            refusals: 0,
            last_right: SeatSet::EMPTY,
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> ToMove {
        if let Some(outcome) = self.outcome {
            return ToMove::Over(outcome);
        }
        let waiting: SeatSet = (0..2)
            .filter(|&i| self.guesses[i].is_none())
            .map(Seat::new)
            .collect();
        if waiting.is_empty() {
            ToMove::Chance
        } else {
            ToMove::Seats(waiting)
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
        if matches!(self.to_move(), ToMove::Seats(s) if s.contains(seat)) {
            out.extend(1..=3);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, Weight)>) {
        if self.to_move() == ToMove::Chance {
            out.extend((1..=3).map(|f| (f, 1)));
        }
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        guess: &u8,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        let result = match self.to_move() {
            ToMove::Over(_) => Err(RuleError::GameOver),
            ToMove::Chance => Err(RuleError::AwaitingChance),
            ToMove::Seats(s) if !s.contains(seat) => Err(RuleError::NotOnMove(seat)),
            _ if !(1..=3).contains(guess) => Err(RuleError::illegal("guess 1, 2 or 3")),
            _ => {
                self.guesses[seat.index()] = Some(*guess);
                Ok(())
            }
        };
        if result.is_err() && self.bug == Bug::DirtyError {
            self.refusals += 1;
        }
        // Told even when refused, so the tests can show a session drops
        // what a refused step reported.
        let audience = if self.bug == Bug::LeakyEvent {
            tourney_core::Audience::Everyone
        } else {
            tourney_core::Audience::Seat(seat)
        };
        events.tell(audience, || ToyEvent::Guessed {
            seat,
            guess: *guess,
        });
        result
    }

    fn apply_chance_with_events(
        &mut self,
        face: &u8,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        if self.to_move() != ToMove::Chance {
            return Err(RuleError::NoChancePending);
        }
        if !(1..=3).contains(face) {
            return Err(RuleError::impossible("a d3 shows 1, 2 or 3"));
        }
        let right: SeatSet = (0..2)
            .filter(|&i| self.guesses[i] == Some(*face))
            .map(Seat::new)
            .collect();
        self.guesses = [None; 2];
        self.last_right = right;
        events.everyone(|| ToyEvent::Rolled { face: *face, right });
        if self.bug == Bug::Endless {
            self.round = self.round.wrapping_add(1);
        } else if !right.is_empty() {
            self.outcome = Some(Outcome { winners: right });
        } else if self.round >= self.config_rounds {
            self.outcome = Some(Outcome {
                winners: SeatSet::EMPTY,
            });
        } else {
            self.round = self.round.saturating_add(1);
        }
        Ok(())
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let other = seat.map(|s| 1 - s.index().min(1));
        View {
            round: self.round,
            mine: seat.and_then(|s| self.guesses.get(s.index()).copied().flatten()),
            committed: [self.guesses[0].is_some(), self.guesses[1].is_some()],
            last_right: self.last_right,
            leaked: match (self.bug, other) {
                (Bug::LeakyView, Some(o)) => self.guesses[o],
                _ => None,
            },
        }
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut copy = self.clone();
        for (i, g) in copy.guesses.iter_mut().enumerate() {
            if i != seat.index() && g.is_some() {
                *g = Some(rng.below(3) as u8 + 1);
            }
        }
        copy
    }
}

/// The default evaluation: even until the end.
impl tourney_core::Evaluate for Guess {
    type Scratch = ();
}
