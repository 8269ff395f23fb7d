//! Medieval Mastery's scenario runner: the shared steps of
//! [`tourney_core::testkit::Scripted`] and Mastery's own — setting games up
//! through the real chance steps, arranging positions, marching and
//! fighting.

#![allow(dead_code)]

pub use tourney_core::testkit::Scripted;
use tourney_core::{Audience, Game, Seat, ToMove};
use tourney_mastery::{
    Action, Card, Cell, Chance, Config, Event, Mastery, RELICS, RelicId, RelicKind, RelicRef,
};

/// The cell with this number on the map drawing.
pub fn cell(number: u8) -> Cell {
    Cell(number - 1)
}

pub fn relic_id(id: &str) -> RelicId {
    RelicId(
        RELICS
            .iter()
            .position(|r| r.id == id)
            .unwrap_or_else(|| panic!("no relic {id}")) as u8,
    )
}

pub fn relic(seat: u8, kind: RelicKind) -> RelicRef {
    RelicRef {
        seat: Seat(seat),
        relic: kind,
    }
}

pub use Card::*;

/// Filler cards for hands that must hold nothing that matters.
pub const PLAIN: [Card; 3] = [Conflict2, Conflict3, Conflict4];

/// Relics per seat: Crown, Sceptre, Orb ids.
pub type Relics<'a> = [&'a str; 3];

pub const DEFAULT_RELICS: [Relics; 6] = [
    ["crown_of_vitality", "sceptre_of_valor", "orb_of_greed"],
    ["crown_of_insight", "sceptre_of_oath", "orb_of_resolve"],
    [
        "crown_of_prosperity",
        "sceptre_of_wisdom",
        "orb_of_purification",
    ],
    ["crown_of_decay", "sceptre_of_rage", "orb_of_revival"],
    ["crown_of_command", "sceptre_of_defiance", "orb_of_savagery"],
    [
        "crown_of_corruption",
        "sceptre_of_influence",
        "orb_of_self_sacrifice",
    ],
];

tourney_core::script!(pub Script for Mastery);

/// An event as a test compares it: who may read it, what it is, its text.
pub type Told = (Audience, Event);

impl Script {
    /// A game through setup: the first listed tile for every position, the
    /// given Relics, opening hands drawn in `Card` order from each deck
    /// (Conflict 2, 2, 3, 3, 4), and `starter` to begin.
    pub fn ready(config: Config, seats: usize, relics: &[Relics], starter: u8) -> Script {
        let mut s = Script::new(config, seats);
        s.deal_tiles();
        s.deal_relics(relics);
        s.opening_hands();
        s.chance(Chance::Starter(Seat(starter)));
        s
    }

    /// The default game: 2 to 6 players, default Relics, seat 1 starts.
    pub fn standard(seats: usize) -> Script {
        Script::ready(Config::default(), seats, &DEFAULT_RELICS[..seats], 0)
    }

    pub fn with(config: Config, seats: usize) -> Script {
        Script::ready(config, seats, &DEFAULT_RELICS[..seats], 0)
    }

    pub fn deal_tiles(&mut self) {
        while self.game.describe_chance_step().contains("territory tile") {
            let first = self.outcomes()[0];
            self.chance(first);
        }
    }

    pub fn deal_relics(&mut self, relics: &[Relics]) {
        for kind in 0..3 {
            for r in relics {
                self.chance(Chance::Relic(relic_id(r[kind])));
            }
        }
    }

    pub fn opening_hands(&mut self) {
        while self.game.describe_chance_step().contains("draws a card") {
            let first = self.outcomes()[0];
            self.chance(first);
        }
    }

    pub fn draw(&mut self, cards: &[Card]) -> &mut Self {
        self.chances(cards.iter().map(|&c| Chance::Card(c)))
    }

    pub fn roll(&mut self, faces: &[u8]) -> &mut Self {
        self.chances(faces.iter().map(|&f| Chance::Die(f)))
    }

    /// Moves `knights` from the castle into `target` (a territory number).
    pub fn march(&mut self, seat: u8, target: u8, knights: u8) -> &mut Self {
        self.act(seat, Action::MarchTo(cell(target)));
        self.act(seat, Action::Send(knights))
    }

    /// Moves knights one at a time, then finishes redistributing.
    pub fn redistribute(&mut self, seat: u8, moves: &[(u8, u8)]) -> &mut Self {
        self.act(seat, Action::Redistribute);
        for &(from, to) in moves {
            self.act(
                seat,
                Action::Move {
                    from: cell(from),
                    to: cell(to),
                },
            );
        }
        self.act(seat, Action::Done)
    }

    pub fn end_turn(&mut self, seat: u8) -> &mut Self {
        self.act(seat, Action::EndTurn)
    }

    // ----- arranging -----

    pub fn knights(&mut self, number: u8, owner: Option<u8>, knights: u8) -> &mut Self {
        self.game
            .set_knights(cell(number), owner.map(Seat), knights)
            .unwrap_or_else(|e| panic!("set_knights {number}: {e}"));
        self
    }

    pub fn castle(&mut self, seat: u8, knights: u8) -> &mut Self {
        self.game
            .set_castle(Seat(seat), knights)
            .expect("set_castle");
        self
    }

    pub fn tile(&mut self, number: u8, tile: &str) -> &mut Self {
        self.game.set_tile(cell(number), tile).expect("set_tile");
        self
    }

    pub fn cards(&mut self, seat: u8, hand: &[Card], discard: &[Card]) -> &mut Self {
        self.game
            .set_cards(Seat(seat), hand, discard)
            .expect("set_cards");
        self
    }

    pub fn give_relic(&mut self, seat: u8, id: &str) -> &mut Self {
        self.game.set_relic(Seat(seat), id).expect("set_relic");
        self
    }

    /// Empties every territory (homelands included).
    pub fn clear_board(&mut self) -> &mut Self {
        let cells: Vec<_> = self
            .view()
            .cells
            .iter()
            .filter(|c| c.kind == "territory" || c.kind == "homeland")
            .map(|c| c.cell)
            .collect();
        for c in cells {
            self.game.set_knights(c, None, 0).expect("clear");
        }
        self
    }

    // ----- looking -----

    pub fn on_move(&self) -> Vec<u8> {
        match self.game.to_move() {
            ToMove::Seats(s) => s.iter().map(|s| s.0).collect(),
            _ => Vec::new(),
        }
    }

    /// Owner and knights of a territory.
    pub fn at(&self, number: u8) -> (Option<u8>, u8) {
        let v = self.view();
        let c = &v.cells[usize::from(number - 1)];
        (c.owner.map(|s| s.0), c.knights)
    }

    pub fn castle_of(&self, seat: u8) -> u8 {
        self.view().seats[usize::from(seat)].castle
    }

    pub fn hand(&self, seat: u8) -> Vec<Card> {
        self.view_of(seat).seats[usize::from(seat)]
            .hand
            .clone()
            .unwrap_or_default()
    }

    pub fn points(&self, seat: u8) -> u16 {
        self.view().seats[usize::from(seat)].points
    }

    pub fn values(&self) -> [i16; 2] {
        self.view().combat.expect("a combat").values
    }

    pub fn face_up(&self, seat: u8, kind: RelicKind) -> bool {
        self.view().seats[usize::from(seat)].relics[kind as usize].face_up
    }

    pub fn supplied(&self, number: u8) -> bool {
        self.view().cells[usize::from(number - 1)].supplied
    }

    pub fn winners(&self) -> Vec<u8> {
        match self.game.to_move() {
            ToMove::Over(o) => o.winners.iter().map(|s| s.0).collect(),
            other => panic!("the game is not over: {other:?}"),
        }
    }
}

impl Script {
    /// Gives each seat a hand of plain Conflict cards and puts its Destroy
    /// face up in its discard pile, so nobody can be asked to answer with it.
    pub fn plain(&mut self, seats: &[u8]) -> &mut Self {
        for &seat in seats {
            self.cards(
                seat,
                &[Conflict2, Conflict2, Conflict3, Conflict3, Conflict4],
                &[Destroy],
            );
        }
        self
    }

    pub fn combat_step(&self) -> Option<&'static str> {
        self.view().combat.map(|c| c.step)
    }

    /// Passes every Destroy window and Support turn until the combat needs
    /// something else (a Conflict card, a die, a card) or is over.
    pub fn pass_on(&mut self) -> &mut Self {
        while let Some(step) = self.combat_step() {
            let on_move = self.on_move();
            if !matches!(step, "sceptres" | "support" | "orbs") || on_move.len() != 1 {
                break;
            }
            self.act(on_move[0], Action::Pass);
        }
        self
    }

    /// From the attacker's window: both put the given Conflict cards down,
    /// and every window and Support turn is passed.
    pub fn fight(&mut self, attack: Card, defend: Card) -> &mut Self {
        let c = self.view().combat.expect("a combat");
        self.act(c.attacker.0, Action::Continue);
        self.pass_on();
        self.act(c.attacker.0, Action::Conflict(attack));
        self.act(c.defender.0, Action::Conflict(defend));
        self.pass_on()
    }
}

impl Script {
    /// Turns the seats' Sceptres and Orbs face down, so combats run on
    /// knights and cards alone.
    pub fn quiet(&mut self, seats: &[u8]) -> &mut Self {
        for &seat in seats {
            for kind in [RelicKind::Sceptre, RelicKind::Orb] {
                self.game
                    .set_face_down(Seat(seat), kind)
                    .expect("set_face_down");
            }
        }
        self
    }

    /// Seat 1 attacks seat 2's territory `target` (held by `defenders`) with
    /// `attackers` knights: plain hands, quiet Relics, no draws needed.
    pub fn skirmish_at(
        &mut self,
        target: u8,
        tile: &str,
        attackers: u8,
        defenders: u8,
    ) -> &mut Self {
        self.tile(target, tile)
            .knights(target, Some(1), defenders)
            .castle(0, attackers);
        self.plain(&[0, 1]).quiet(&[0, 1]);
        self.march(0, target, attackers)
    }
}
