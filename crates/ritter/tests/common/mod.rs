//! Ritter's scenario runner: the shared steps of
//! [`tourney_core::testkit::Scripted`] and Ritter's own (dealing hands,
//! rolling, training, offering and challenging by name).

#![allow(dead_code)]

pub use tourney_core::testkit::Scripted;
use tourney_ritter::{
    Action, Chance, Config, Gain, KnightId, KnightSet, KnightView, LadyId, LadyView, Ritter,
};

/// A knight's id by the start of his name ("Apollonius").
pub fn k(name: &str) -> KnightId {
    KnightId::all()
        .find(|id| id.card().is_some_and(|c| c.name.starts_with(name)))
        .unwrap_or_else(|| panic!("no knight called {name}"))
}

/// A lady's id by the start of her name ("Ilsa").
pub fn l(name: &str) -> LadyId {
    LadyId::all()
        .find(|id| id.card().is_some_and(|c| c.name.starts_with(name)))
        .unwrap_or_else(|| panic!("no lady called {name}"))
}

/// One seat's cards: knight names, lady names.
pub type Hand<'a> = (&'a [&'a str], &'a [&'a str]);

tourney_core::script!(pub Script for Ritter);

impl Script {
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

    pub fn roll(&mut self, faces: &[u8]) -> &mut Self {
        self.chances(faces.iter().map(|&f| Chance::Die(f)))
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

    pub fn scores(&self) -> Vec<u32> {
        self.view().scores
    }
}
