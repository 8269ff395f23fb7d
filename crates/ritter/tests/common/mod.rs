//! A small script runner for scenario tests: it feeds exact actions and
//! chance outcomes through the public `Game` API and panics with context on
//! the first refusal.

#![allow(dead_code)]

use tourney_core::{Audience, Events, Game, Seat, ToMove};
use tourney_ritter::{
    Action, Chance, Config, Event, Gain, KNIGHTS, KnightSet, KnightView, LADIES, LadyView, Ritter,
    View,
};

/// A knight's id by the start of his name ("Apollonius").
pub fn k(name: &str) -> u8 {
    KNIGHTS
        .iter()
        .position(|c| c.name.starts_with(name))
        .unwrap_or_else(|| panic!("no knight called {name}")) as u8
}

/// A lady's id by the start of her name ("Ilsa").
pub fn l(name: &str) -> u8 {
    LADIES
        .iter()
        .position(|c| c.name.starts_with(name))
        .unwrap_or_else(|| panic!("no lady called {name}")) as u8
}

/// One seat's cards: knight names, lady names.
pub type Hand<'a> = (&'a [&'a str], &'a [&'a str]);

pub struct Script {
    pub game: Ritter,
    /// Off unless a test asks for the events (see [`Script::telling`]).
    pub sink: Events<Event>,
}

impl Script {
    pub fn new(config: Config, seats: usize) -> Script {
        Script {
            game: Ritter::new(&config, seats).expect("setup"),
            sink: Events::off(),
        }
    }

    /// Deals each seat its hand (knights round the table first, then ladies)
    /// and feeds the starting roll.
    pub fn setup(config: Config, hands: &[Hand], start_rolls: &[u8]) -> Script {
        Script::setup_with(Script::new(config, hands.len()), hands, start_rolls)
    }

    /// [`Script::setup`] keeping every event from the first card on.
    pub fn setup_telling(config: Config, hands: &[Hand], start_rolls: &[u8]) -> Script {
        let mut s = Script::new(config, hands.len());
        s.telling();
        Script::setup_with(s, hands, start_rolls)
    }

    /// Keeps the events of every step from now on, for [`Script::told`].
    pub fn telling(&mut self) -> &mut Self {
        self.sink.set_on(true);
        self
    }

    /// The events reported since the last call, each with its audience.
    pub fn told(&mut self) -> Vec<(Audience, Event)> {
        self.sink
            .take()
            .into_iter()
            .map(|e| (e.audience, e.event))
            .collect()
    }

    /// The texts of [`Script::told`], for reading a whole passage at once.
    pub fn told_texts(&mut self) -> Vec<String> {
        self.told().iter().map(|(_, e)| e.to_string()).collect()
    }

    fn setup_with(mut s: Script, hands: &[Hand], start_rolls: &[u8]) -> Script {
        let per = hands[0].0.len();
        for round in 0..per {
            for hand in hands {
                s.chance(Chance::Knight(k(hand.0[round])));
            }
        }
        for round in 0..hands[0].1.len() {
            for hand in hands {
                s.chance(Chance::Lady(l(hand.1[round])));
            }
        }
        s.roll(start_rolls);
        s
    }

    pub fn chance(&mut self, outcome: Chance) -> &mut Self {
        let before = self.game.describe_chance_step();
        self.game
            .apply_chance_with_events(&outcome, &mut self.sink)
            .unwrap_or_else(|e| panic!("{before}: {outcome:?} refused: {e}\n{}", self.view()));
        self
    }

    pub fn roll(&mut self, faces: &[u8]) -> &mut Self {
        for &f in faces {
            self.chance(Chance::Die(f));
        }
        self
    }

    pub fn act(&mut self, seat: u8, action: Action) -> &mut Self {
        let applied = self
            .game
            .apply_with_events(Seat(seat), &action, &mut self.sink);
        applied.unwrap_or_else(|e| {
            panic!("seat {} {action:?} refused: {e}\n{}", seat + 1, self.view())
        });
        self
    }

    /// Expects a refusal and checks the state did not change.
    pub fn refuse(&mut self, seat: u8, action: Action) -> String {
        let before = self.game.clone();
        let err = self
            .game
            .apply(Seat(seat), &action)
            .expect_err(&format!("seat {} {action:?} should be refused", seat + 1));
        assert_eq!(self.game, before, "a refused action changed the state");
        err.to_string()
    }

    pub fn refuse_chance(&mut self, outcome: Chance) -> String {
        let before = self.game.clone();
        let err = self
            .game
            .apply_chance(&outcome)
            .expect_err("outcome should be refused");
        assert_eq!(self.game, before, "a refused outcome changed the state");
        err.to_string()
    }

    /// Spends training points (in order) and then sends the named knights.
    pub fn prepare(&mut self, seat: u8, training: &[(&str, Gain)], send: &[&str]) -> &mut Self {
        for &(knight, gain) in training {
            self.act(
                seat,
                Action::Train {
                    knight: k(knight),
                    gain,
                },
            );
        }
        let knights: KnightSet = send.iter().map(|n| k(n)).collect();
        self.act(seat, Action::Send { knights })
    }

    /// Spends every training point of the seat's knights on combat dice,
    /// then sends the named knights.
    pub fn prepare_dice(&mut self, seat: u8, send: &[&str]) -> &mut Self {
        while let Some(train) = self.legal(seat).into_iter().find(|a| {
            matches!(
                a,
                Action::Train {
                    gain: Gain::Die,
                    ..
                }
            )
        }) {
            self.act(seat, train);
        }
        self.prepare(seat, &[], send)
    }

    pub fn offer(&mut self, seat: u8, lady: &str, knight: &str) -> &mut Self {
        self.act(
            seat,
            Action::Offer {
                lady: l(lady),
                knight: k(knight),
            },
        )
    }

    pub fn challenge(&mut self, seat: u8, attacker: &str, defender: &str) -> &mut Self {
        self.act(
            seat,
            Action::Challenge {
                attacker: k(attacker),
                defender: k(defender),
            },
        )
    }

    pub fn view(&self) -> View {
        self.game.view(None)
    }

    pub fn knight(&self, name: &str) -> KnightView {
        let id = k(name);
        self.view()
            .knights
            .into_iter()
            .find(|v| v.id == id)
            .expect("knight in play")
    }

    pub fn lady(&self, name: &str) -> LadyView {
        let id = l(name);
        self.view()
            .ladies
            .into_iter()
            .find(|v| v.id == id)
            .expect("lady in play")
    }

    pub fn to_move(&self) -> ToMove {
        self.game.to_move()
    }

    pub fn legal(&self, seat: u8) -> Vec<Action> {
        let mut out = Vec::new();
        self.game.legal_actions(Seat(seat), &mut out);
        out
    }

    pub fn scores(&self) -> Vec<u32> {
        self.view().scores
    }
}
