//! Glory's scenario runner: the shared steps of
//! [`tourney_core::testkit::Scripted`] and Glory's own. Tables are set up by playing the setup through (first listed
//! outcome, `Pass` where offered) and, where a scenario needs a player to
//! hold certain things, by writing them into the serialized state — the
//! way a referee lays out a position on a real table.

#![allow(dead_code)]

use serde_json::{Value, json};
// Not every scenario file compares seats in views.
#[allow(unused_imports)]
pub use tourney_core::Seat;
pub use tourney_core::testkit::Scripted;
use tourney_core::{Game, ToMove};
use tourney_glory::content::{JOURNEY, KNIGHTS, TITLES};
use tourney_glory::view::PlayerView;
use tourney_glory::{Action, Chance, Characters, Colour, Config, Glory, Relic, Support};

pub fn card(name: &str) -> u8 {
    JOURNEY
        .iter()
        .position(|c| c.name == name)
        .unwrap_or_else(|| panic!("no Journey card called {name}")) as u8
}

pub fn knight(name: &str) -> u8 {
    KNIGHTS
        .iter()
        .position(|k| k.name.starts_with(name))
        .unwrap_or_else(|| panic!("no knight called {name}")) as u8
}

pub fn title(name: &str) -> u8 {
    TITLES
        .iter()
        .position(|t| t.name == name)
        .unwrap_or_else(|| panic!("no title called {name}")) as u8
}

/// The face index (0-5) showing `value` on a die of `colour` (the first
/// such face); `None` is the symbol.
pub fn face(colour: Colour, value: Option<u8>) -> u8 {
    let faces: &[u8] = match colour {
        Colour::Strength => &[1, 2, 3, 4, 5],
        Colour::Mount => &[0, 1, 2, 3, 4],
        Colour::Armor => &[0, 1, 1, 2, 3],
    };
    match value {
        None => 5,
        Some(v) => faces
            .iter()
            .position(|&f| f == v)
            .unwrap_or_else(|| panic!("a {colour:?} die has no {v}")) as u8,
    }
}

pub fn red(v: u8) -> u8 {
    face(Colour::Strength, Some(v))
}
pub fn black(v: u8) -> u8 {
    face(Colour::Mount, Some(v))
}
pub fn white(v: u8) -> u8 {
    face(Colour::Armor, Some(v))
}
pub const SYMBOL: u8 = 5;

tourney_core::script!(pub Script for Glory);

impl Script {
    /// A game played through its setup (first outcomes, passes) up to the
    /// first pawn of round 1.
    pub fn started(config: Config, seats: usize) -> Script {
        let mut s = Script::new(config, seats);
        s.auto_until(|s| s.view().stage == "actions" && s.on_move().is_some());
        s
    }

    pub fn player(&self, seat: u8) -> PlayerView {
        self.view_of(seat).players[usize::from(seat)].clone()
    }

    pub fn glory(&self, seat: u8) -> u16 {
        self.view().players[usize::from(seat)].glory
    }

    pub fn on_move(&self) -> Option<u8> {
        match self.game.to_move() {
            ToMove::Seats(s) => s.first_seat().map(|x| x.0),
            _ => None,
        }
    }

    pub fn step_text(&self) -> String {
        self.game.describe_chance_step()
    }

    pub fn roll(&mut self, faces: &[u8]) -> &mut Self {
        self.chances(faces.iter().map(|&f| Chance::Die(f)))
    }

    /// Plays on by itself until `stop` holds: the first listed outcome of
    /// every chance step; `Pass` where it is offered, else the first action.
    pub fn auto_until(&mut self, stop: impl Fn(&Script) -> bool) -> &mut Self {
        for _ in 0..100_000 {
            if stop(self) {
                return self;
            }
            match self.game.to_move() {
                ToMove::Over(_) => panic!(
                    "the game ended before the scenario's point\n{}",
                    self.view()
                ),
                ToMove::Chance => {
                    let c = self.outcomes()[0];
                    self.chance(c);
                }
                ToMove::Seats(s) => {
                    let seat = s.first_seat().expect("a seat on move").0;
                    let legal = self.legal(seat);
                    let a = if legal.contains(&Action::Pass) {
                        Action::Pass
                    } else {
                        legal[0]
                    };
                    self.act(seat, a);
                }
            }
        }
        panic!("the scenario's point was never reached");
    }

    /// Until `seat` must decide.
    pub fn auto_until_seat(&mut self, seat: u8) -> &mut Self {
        self.auto_until(|s| s.on_move() == Some(seat))
    }

    /// Edits the serialized state (a referee laying out a position).
    pub fn patch(&mut self, f: impl FnOnce(&mut Value)) -> &mut Self {
        let mut v = serde_json::to_value(&self.game).expect("state serializes");
        f(&mut v);
        self.game = serde_json::from_value(v).expect("patched state deserializes");
        self
    }

    pub fn set(&mut self, seat: u8, field: &str, value: Value) -> &mut Self {
        self.patch(|v| v["players"][usize::from(seat)][field] = value)
    }

    pub fn give_support(&mut self, seat: u8, s: Support, n: u8) -> &mut Self {
        self.patch(|v| {
            let c = &mut v["players"][usize::from(seat)]["supports"][s as usize];
            *c = json!(c.as_u64().unwrap_or(0) + u64::from(n));
        })
    }

    pub fn give_relic(&mut self, seat: u8, r: Relic, n: u8) -> &mut Self {
        self.patch(|v| {
            let c = &mut v["players"][usize::from(seat)]["relics"][r as usize];
            *c = json!(c.as_u64().unwrap_or(0) + u64::from(n));
        })
    }

    /// Puts Journey cards into a hand, taken out of the deck.
    pub fn give_card(&mut self, seat: u8, name: &str, n: u8) -> &mut Self {
        let k = usize::from(card(name));
        self.patch(|v| {
            let hand = &mut v["players"][usize::from(seat)]["hand"]["counts"][k];
            *hand = json!(hand.as_u64().unwrap_or(0) + u64::from(n));
            let deck = &mut v["board"]["deck"]["counts"][k];
            *deck = json!(deck.as_u64().unwrap_or(0).saturating_sub(u64::from(n)));
        })
    }

    pub fn give_title(&mut self, seat: u8, name: &str) -> &mut Self {
        let t = usize::from(title(name));
        self.patch(|v| {
            v["players"][usize::from(seat)]["titles"]["counts"][t] = json!(1);
            v["board"]["title_deck"]["counts"][t] = json!(0);
        })
    }

    /// Empties a player's Journey hand (the cards go back to the deck).
    pub fn empty_hand(&mut self, seat: u8) -> &mut Self {
        self.patch(|v| {
            let n = tourney_glory::content::JOURNEY_KINDS;
            for k in 0..n {
                let held = v["players"][usize::from(seat)]["hand"]["counts"][k]
                    .as_u64()
                    .unwrap_or(0);
                let deck = &mut v["board"]["deck"]["counts"][k];
                *deck = json!(deck.as_u64().unwrap_or(0) + held);
            }
            v["players"][usize::from(seat)]["hand"]["counts"] = json!(vec![0; n]);
            v["players"][usize::from(seat)]["known"]["counts"] = json!(vec![0; n]);
        })
    }

    /// Sets a player's coins, Strength, Faith and glory.
    pub fn resources(
        &mut self,
        seat: u8,
        coins: u8,
        strength: u8,
        faith: u8,
        glory: u16,
    ) -> &mut Self {
        self.set(seat, "coins", json!(coins))
            .set(seat, "strength", json!(strength))
            .set(seat, "faith", json!(faith))
            .set(seat, "glory", json!(glory))
    }

    /// The duel in progress.
    /// Every space of the Joust à Plaisance ladder (lower row 0-7,
    /// middle 8-11, upper 12-13, winner 14): "Seat N", a knight's name, or
    /// "-" for an empty space.
    pub fn ladder_names(&self) -> Vec<String> {
        use tourney_glory::view::Entrant;
        self.view()
            .tournament
            .ladder
            .iter()
            .map(|e| match e {
                Some(Entrant::Player(p)) => format!("Seat {}", p.index() + 1),
                Some(Entrant::Knight(k)) => k.name.to_string(),
                None => "-".to_string(),
            })
            .collect()
    }

    pub fn duel(&self) -> tourney_glory::view::DuelView {
        self.view().duel.expect("a duel is running")
    }

    pub fn attack(&self) -> [i16; 2] {
        let d = self.duel();
        [d.sides[0].attack, d.sides[1].attack]
    }
}

/// The Final Journey, seat 1 on move (holding one card), with both
/// players wiped clean: 20 glory, nothing else, level II gear, and the
/// given public titles.
pub fn at_the_end(public: [&str; 3]) -> Script {
    let level_one = Config {
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut s = Script::new(level_one, 2);
    s.auto_until(|s| {
        s.view().round == 3 && s.view().stage == "registration" && s.on_move().is_some()
    });
    s.give_card(0, "The Game", 1);
    s.auto_until(|s| s.view().stage == "final_journey" && s.on_move() == Some(0));
    s.empty_hand(0).empty_hand(1).give_card(0, "The Game", 1);
    let public: Vec<u8> = public.iter().map(|t| title(t)).collect();
    s.patch(|v| {
        for p in 0..2 {
            let pl = &mut v["players"][p];
            for (k, val) in [
                ("coins", json!(0)),
                ("strength", json!(0)),
                ("faith", json!(0)),
                ("glory", json!(20)),
                ("mount", json!(2)),
                ("armor", json!(2)),
                ("supports", json!(vec![0; 22])),
                ("used", json!(vec![0; 22])),
                ("relics", json!([0, 0, 0, 0])),
                ("used_relics", json!([0, 0, 0, 0])),
                ("prestige", json!(0)),
                ("flipped", json!(0)),
                ("played", json!([0, 0, 0])),
                ("rogue_used", json!(false)),
            ] {
                pl[k] = val;
            }
            pl["titles"]["counts"] = json!(vec![0; 14]);
        }
        let deck: Vec<u8> = (0..14u8).map(|t| u8::from(!public.contains(&t))).collect();
        v["board"]["title_deck"]["counts"] = json!(deck);
        v["board"]["public"] = json!(public);
    });
    s
}
