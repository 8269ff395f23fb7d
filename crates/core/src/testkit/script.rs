//! [`Scripted`]: the scenario runner every game crate's rule tests share.
//!
//! A rule test sets a table up, feeds it exact actions, cards and dice, and
//! checks what follows. The runner panics on the first refusal with what a
//! reader needs to see why (the rules' message, the legal actions, the
//! spectator's view), and checks on every expected refusal that the state
//! did not move. A game crate declares its runner with [`crate::script!`]
//! and adds its own steps (dealing a hand, rolling a die of its own) as
//! inherent methods, so both kinds chain: `s.act(0, a).roll(&[6])`.

use crate::{Audience, Events, Game, RuleError, Seat, ToMove};

type ActionOf<S> = <<S as Scripted>::Game as Game>::Action;
type ChanceOf<S> = <<S as Scripted>::Game as Game>::Chance;
type ViewOf<S> = <<S as Scripted>::Game as Game>::View;
type EventOf<S> = <<S as Scripted>::Game as Game>::Event;

/// Declares `$name`, a scenario runner for `$game`: the game under test
/// (`game`) and what it told since a test last looked (`events`, off until
/// [`Scripted::telling`]).
#[macro_export]
macro_rules! script {
    ($vis:vis $name:ident for $game:ty) => {
        #[doc = concat!("The scenario runner for `", stringify!($game), "`'s rule tests.")]
        $vis struct $name {
            /// The game under test, for a test's own assertions.
            pub game: $game,
            /// What the game told since a test last looked (off until
            /// `telling`).
            pub events: $crate::Events<<$game as $crate::Game>::Event>,
        }

        impl $crate::testkit::Scripted for $name {
            type Game = $game;

            fn from_game(game: $game) -> Self {
                $name { game, events: $crate::Events::off() }
            }

            fn game(&self) -> &$game {
                &self.game
            }

            fn parts(
                &mut self,
            ) -> (&mut $game, &mut $crate::Events<<$game as $crate::Game>::Event>) {
                (&mut self.game, &mut self.events)
            }
        }
    };
}

/// The steps every game's scenario runner has; [`crate::script!`] writes
/// the three required methods.
pub trait Scripted: Sized {
    /// The game under test.
    type Game: Game;

    /// A runner for a game a test already has, with its events off.
    fn from_game(game: Self::Game) -> Self;
    /// The game as it stands, for a test's assertions.
    fn game(&self) -> &Self::Game;
    /// The game and the events it tells into.
    fn parts(&mut self) -> (&mut Self::Game, &mut Events<EventOf<Self>>);

    /// A new game; panics when the configuration cannot be set up.
    #[track_caller]
    fn new(config: <Self::Game as Game>::Config, seats: usize) -> Self {
        match Self::Game::new(&config, seats) {
            Ok(game) => Self::from_game(game),
            Err(e) => panic!("{} with {seats} seats: {e}", Self::Game::INFO.title),
        }
    }

    /// Keeps the events of every step from now on, for [`Scripted::told`].
    fn telling(&mut self) -> &mut Self {
        self.parts().1.set_on(true);
        self
    }

    /// The events told since the last call, each with its audience.
    fn told(&mut self) -> Vec<(Audience, EventOf<Self>)> {
        self.parts()
            .1
            .take()
            .into_iter()
            .map(|e| (e.audience, e.event))
            .collect()
    }

    /// The texts of [`Scripted::told`], for reading a whole passage at once.
    fn told_texts(&mut self) -> Vec<String> {
        self.told().iter().map(|(_, e)| e.to_string()).collect()
    }

    /// The texts told since the last call that `viewer` (`None`: a
    /// spectator) may read.
    fn told_to(&mut self, viewer: Option<u8>) -> Vec<String> {
        self.told()
            .into_iter()
            .filter(|(audience, _)| audience.reaches(viewer.map(Seat)))
            .map(|(_, e)| e.to_string())
            .collect()
    }

    /// `seat` (0-based) takes `action`; panics with context if refused.
    #[track_caller]
    fn act(&mut self, seat: u8, action: ActionOf<Self>) -> &mut Self {
        let (game, events) = self.parts();
        if let Err(e) = game.apply_with_events(Seat(seat), &action, events) {
            panic!(
                "seat {} {action:?} refused: {e}\nlegal: {:?}\n{}",
                seat + 1,
                self.legal(seat),
                self.view()
            );
        }
        self
    }

    /// `seat` takes each of `actions` in turn.
    #[track_caller]
    fn acts(&mut self, seat: u8, actions: &[ActionOf<Self>]) -> &mut Self {
        for action in actions {
            self.act(seat, action.clone());
        }
        self
    }

    /// The die or card due comes up `outcome`; panics with context if refused.
    #[track_caller]
    fn chance(&mut self, outcome: ChanceOf<Self>) -> &mut Self {
        let step = self.game().describe_chance_step();
        let (game, events) = self.parts();
        if let Err(e) = game.apply_chance_with_events(&outcome, events) {
            panic!("{step}: {outcome:?} refused: {e}\n{}", self.view());
        }
        self
    }

    /// Each of `outcomes` comes up in turn.
    #[track_caller]
    fn chances(&mut self, outcomes: impl IntoIterator<Item = ChanceOf<Self>>) -> &mut Self {
        for outcome in outcomes {
            self.chance(outcome);
        }
        self
    }

    /// `seat`'s action must be refused, with a message, and the state must
    /// not change.
    #[track_caller]
    fn refuse(&mut self, seat: u8, action: ActionOf<Self>) -> RuleError {
        let before = self.game().clone();
        let Err(e) = self.parts().0.apply(Seat(seat), &action) else {
            panic!("seat {} {action:?} was accepted", seat + 1);
        };
        assert!(
            self.game() == &before,
            "refusing {action:?} changed the game"
        );
        assert!(
            !e.to_string().is_empty(),
            "refusing {action:?} said nothing"
        );
        e
    }

    /// `outcome` must be refused, and the state must not change.
    #[track_caller]
    fn refuse_chance(&mut self, outcome: ChanceOf<Self>) -> RuleError {
        let before = self.game().clone();
        let Err(e) = self.parts().0.apply_chance(&outcome) else {
            panic!("{outcome:?} was accepted");
        };
        assert!(
            self.game() == &before,
            "refusing {outcome:?} changed the game"
        );
        e
    }

    /// The actions `seat` (0-based) may take now, in the rules' order.
    fn legal(&self, seat: u8) -> Vec<ActionOf<Self>> {
        let mut out = Vec::new();
        self.game().legal_actions(Seat(seat), &mut out);
        out
    }

    /// Whether `seat` may take `action` now.
    fn can(&self, seat: u8, action: ActionOf<Self>) -> bool {
        self.legal(seat).contains(&action)
    }

    /// The outcomes the chance step due may have, in the rules' order.
    fn outcomes(&self) -> Vec<ChanceOf<Self>> {
        let mut out = Vec::new();
        self.game().chance_outcomes(&mut out);
        out.into_iter().map(|(c, _)| c).collect()
    }

    /// Who the game waits for now.
    fn to_move(&self) -> ToMove {
        self.game().to_move()
    }

    /// Whether a die or card is due.
    fn is_chance(&self) -> bool {
        self.to_move() == ToMove::Chance
    }

    /// The spectator's view.
    fn view(&self) -> ViewOf<Self> {
        self.game().view(None)
    }

    /// What `seat` sees.
    fn view_of(&self, seat: u8) -> ViewOf<Self> {
        self.game().view(Some(Seat(seat)))
    }
}
