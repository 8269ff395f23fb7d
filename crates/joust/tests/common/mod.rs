//! Card Joust's scenario runner: the shared steps of
//! [`tourney_core::testkit::Scripted`] and Card Joust's own (drawing,
//! placing, a whole pass from each duelist's part). Its events are on from
//! the start (so every scenario builds them) until a test takes them with
//! `told`.
#![allow(dead_code)]

pub use tourney_core::testkit::Scripted;
use tourney_core::{Game, Seat, ToMove};
use tourney_joust::content::{HIGHEST_RANK, LOWEST_RANK, rank_index};
use tourney_joust::{
    Action, CardJoust, Chance, Config, Gear, KnightChoice, Lance, Mount, Phase, Placement,
    SideReport, Slot,
};

pub const GROUND_WAR: Gear = Gear::new(Mount::Ground, Lance::War);
pub const GROUND_PEACE: Gear = Gear::new(Mount::Ground, Lance::Peace);
pub const FLYING_WAR: Gear = Gear::new(Mount::Flying, Lance::War);
pub const FLYING_PEACE: Gear = Gear::new(Mount::Flying, Lance::Peace);

/// One duelist's part of a scripted pass.
#[derive(Debug, Clone)]
pub struct Duelist {
    /// Cards in slot order (head, body, left arm, right arm, shield); `None`
    /// draws the highest cards left in the pile, in that order.
    pub cards: Option<[u8; 5]>,
    pub aim: Slot,
    pub gear: Gear,
    pub d12: Vec<u8>,
    pub d6: Vec<u8>,
}

impl Duelist {
    pub fn new(aim: Slot, gear: Gear, d12: &[u8]) -> Duelist {
        Duelist {
            cards: None,
            aim,
            gear,
            d12: d12.to_vec(),
            d6: Vec::new(),
        }
    }

    pub fn cards(mut self, cards: [u8; 5]) -> Duelist {
        self.cards = Some(cards);
        self
    }

    pub fn d6(mut self, faces: &[u8]) -> Duelist {
        self.d6 = faces.to_vec();
        self
    }
}

tourney_core::script!(pub Script for CardJoust);

impl Script {
    /// A new event whose starting player is `first`, telling every event.
    pub fn starting(config: Config, seats: usize, first: u8) -> Script {
        let mut s = Script::new(config, seats);
        s.telling().chance(Chance::Seat(Seat(first)));
        s
    }

    pub fn two(first: u8) -> Script {
        Script::starting(Config::default(), 2, first)
    }

    #[track_caller]
    pub fn cards(&mut self, ranks: &[u8]) -> &mut Script {
        self.chances(ranks.iter().map(|&r| Chance::Card(r)))
    }

    #[track_caller]
    pub fn d12(&mut self, faces: &[u8]) -> &mut Script {
        self.chances(faces.iter().map(|&f| Chance::D12(f)))
    }

    #[track_caller]
    pub fn d6(&mut self, faces: &[u8]) -> &mut Script {
        self.chances(faces.iter().map(|&f| Chance::D6(f)))
    }

    pub fn duelists(&self) -> [Seat; 2] {
        self.game.duelists().expect("a pass in progress")
    }

    /// `seat` lays its cards on head, body, left arm and right arm, one
    /// action each; the last card must then have gone on the shield by itself.
    #[track_caller]
    pub fn place(&mut self, seat: u8, cards: [u8; 5]) -> &mut Script {
        for (slot, card) in Slot::ALL.into_iter().zip(cards).take(4) {
            self.act(seat, Action::Place(Placement::new(slot, card)));
        }
        let shield = self
            .game
            .view(Some(Seat(seat)))
            .joust
            .and_then(|j| j.duelists.into_iter().find(|d| d.seat == Seat(seat)))
            .and_then(|d| d.slots[4].card);
        assert_eq!(
            shield,
            Some(cards[4]),
            "seat {}'s last card did not go on the shield",
            seat + 1
        );
        self
    }

    /// Three or more players: the seat on turn challenges `target`.
    pub fn challenge(&mut self, target: u8) -> &mut Script {
        let turn = self.game.turn().0;
        self.act(turn, Action::Challenge(Seat(target)))
    }

    pub fn knight_choice(&mut self, seat: u8, choice: KnightChoice) -> &mut Script {
        self.act(seat, Action::Knight(choice))
    }

    /// The highest cards left in `seat`'s pile (its discards if it is empty).
    pub fn highest_cards(&self, seat: Seat) -> [u8; 5] {
        let mut pile = self.game.pile(seat);
        if pile.is_empty() {
            pile = self.game.discard(seat);
        }
        let mut out = [0; 5];
        let mut n = 0;
        for rank in (LOWEST_RANK..=HIGHEST_RANK).rev() {
            let i = rank_index(rank).unwrap_or(0);
            for _ in 0..pile.count(i) {
                if n < 5 {
                    out[n] = rank;
                    n += 1;
                }
            }
        }
        out
    }

    /// Draws, places, aims, chooses gear and rolls for both duelists
    /// (challenger first); stops when the first push decision is due.
    #[track_caller]
    pub fn joust(&mut self, a: Duelist, b: Duelist) -> &mut Script {
        let [sa, sb] = self.duelists();
        let ca = a.cards.unwrap_or_else(|| self.highest_cards(sa));
        self.cards(&ca);
        let cb = b.cards.unwrap_or_else(|| self.highest_cards(sb));
        self.cards(&cb);
        self.place(sa.0, ca);
        self.place(sb.0, cb);
        self.act(sa.0, Action::Aim(a.aim));
        self.act(sb.0, Action::Aim(b.aim));
        self.act(sa.0, Action::Gear(a.gear));
        self.act(sb.0, Action::Gear(b.gear));
        self.d12(&a.d12).d6(&a.d6).d12(&b.d12).d6(&b.d6);
        assert_eq!(
            self.game.phase(),
            Phase::Push,
            "the scripted dice did not complete the roll"
        );
        self
    }

    /// Whoever is deciding on a push keeps the roll, until nobody is.
    pub fn keep_rolls(&mut self) -> &mut Script {
        while self.game.phase() == Phase::Push {
            let seat = self.on_move_one();
            self.act(seat.0, Action::KeepRoll);
        }
        self
    }

    /// A whole pass with no pushes, no bonus die and no major injury.
    #[track_caller]
    pub fn plain_pass(&mut self, a: Duelist, b: Duelist) -> &mut Script {
        self.joust(a, b).keep_rolls();
        self
    }

    pub fn on_move_one(&self) -> Seat {
        match self.game.to_move() {
            ToMove::Seats(set) if set.len() == 1 => set.first_seat().unwrap_or(Seat(99)),
            other => panic!("expected one seat on move, found {other:?}"),
        }
    }

    pub fn report(&self, seat: u8) -> SideReport {
        let last = self.game.last_pass().expect("a pass was fought");
        *last
            .iter()
            .find(|r| r.seat == Seat(seat))
            .expect("the seat fought the last pass")
    }

    pub fn points(&self, seat: u8) -> i16 {
        self.game.points(Seat(seat))
    }

    /// Sets a seat's points by editing the serialized state, the way a saved
    /// game could be prepared.
    pub fn set_points(&mut self, seat: u8, points: i16) -> &mut Script {
        let mut v = serde_json::to_value(self.game).expect("state serializes");
        v["players"][usize::from(seat)]["points"] = points.into();
        self.game = serde_json::from_value(v).expect("state deserializes");
        self
    }
}

impl Script {
    /// Gives `seat`'s knight in the lists these injury dice, by editing the
    /// serialized state (a prepared position, like a saved game).
    pub fn set_injuries(&mut self, seat: u8, minor: u8, major: u8) -> &mut Script {
        let mut v = serde_json::to_value(self.game).expect("state serializes");
        let knight = &mut v["players"][usize::from(seat)]["knight"];
        assert!(
            knight.is_object(),
            "seat {} has no knight in the lists",
            seat + 1
        );
        knight["minor"] = minor.into();
        knight["major"] = major.into();
        self.game = serde_json::from_value(v).expect("state deserializes");
        self
    }

    /// Both duelists keep their knights, if they are asked.
    pub fn keep_knights(&mut self) -> &mut Script {
        while self.game.phase() == Phase::Knights {
            let ToMove::Seats(set) = self.game.to_move() else {
                break;
            };
            let Some(seat) = set.first_seat() else { break };
            self.act(seat.0, Action::Knight(KnightChoice::Keep));
        }
        self
    }
}

impl Script {
    /// Two players: a whole quiet-push pass given each seat's part, whoever
    /// challenges; standing knights are kept.
    #[track_caller]
    pub fn pass_by_seat(&mut self, seat0: Duelist, seat1: Duelist) -> &mut Script {
        self.keep_knights();
        if self.duelists()[0] == Seat(0) {
            self.plain_pass(seat0, seat1)
        } else {
            self.plain_pass(seat1, seat0)
        }
    }

    /// The winners, once the event is over.
    pub fn winners(&self) -> Option<Vec<Seat>> {
        match self.game.to_move() {
            ToMove::Over(o) => Some(o.winners.iter().collect()),
            _ => None,
        }
    }
}
