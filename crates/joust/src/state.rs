//! The state of an event: small, heap-free and `Copy`, sized for six players.

use crate::actions::{DiceMask, KnightChoice, MOST_D12};
use crate::config::Config;
use crate::content::{RANKS, rank_index};
use crate::dice::{self, Faces};
use crate::gear::Gear;
use crate::knight::{Injury, Knight, Player};
use crate::report::SideReport;
use crate::slot::{SLOTS, Slot};
use serde::{Deserialize, Serialize};
use tourney_core::{Pile, Seat, SeatSet};

/// The most players Card Joust seats.
pub const MAX_PLAYERS: usize = 6;

/// Where the event stands. The order is the order of a pass, which the views
/// use to tell what has been revealed.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance: who starts.
    StartingPlayer,
    /// Three or more players: the seat whose turn it is picks an opponent.
    Challenge,
    /// Duelists whose knight still stands keep it or replace it (hidden until both chose).
    Knights,
    /// Chance: each duelist draws five number cards, the challenger first.
    Draw,
    /// Both lay their cards face down, one at a time in table order (head,
    /// body, left arm, right arm); the last card goes on the shield by itself.
    Place,
    /// Both aim at once; the aimed cards are then turned face up.
    Aim,
    /// Both choose mount and lance at once.
    Gear,
    /// Chance: jousting dice and injury dice, the challenger first.
    Roll,
    /// One duelist decides whether to push.
    Push,
    /// Chance: the pushed dice are rolled again.
    Reroll,
    /// Chance: the lance of war's shield bonus die.
    Bonus,
    /// Chance: a major injury's roll of the whole injury pool.
    InjuryRoll,
    /// The event has ended; nothing more is due.
    Over,
}

impl Phase {
    /// Both duelists choose at once and face down in this phase: keep or
    /// replace, placing, aim, mount and lance.
    pub const fn choices_hidden(self) -> bool {
        matches!(
            self,
            Phase::Knights | Phase::Place | Phase::Aim | Phase::Gear
        )
    }
}

/// One duelist's part of the pass in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub(crate) struct Side {
    pub seat: Seat,
    pub knight: u8,
    /// Owes nothing more in the simultaneous phase in progress.
    pub done: bool,
    /// The keep-or-replace choice (hidden from the opponent until both chose).
    pub choice: Option<KnightChoice>,
    /// Cards drawn and not yet placed.
    pub hand: [u8; SLOTS],
    pub hand_len: u8,
    /// Cards on the slots, in table order (0: empty).
    pub slots: [u8; SLOTS],
    /// Slots turned face up, a bit each.
    pub face_up: u8,
    /// The slot aimed at on the opponent.
    pub aim: Option<Slot>,
    pub gear: Option<Gear>,
    pub d12: [u8; MOST_D12],
    pub d12_count: u8,
    pub d12_rolled: u8,
    /// Injury dice rolled with the jousting dice: the pool at the start of the roll.
    pub minor_dice: u8,
    pub major_dice: u8,
    pub injury_rolled: u8,
    pub minor_faces: Faces,
    pub major_faces: Faces,
    /// `Some` once decided (an empty mask: kept the roll).
    pub push: Option<DiceMask>,
    pub push_injury: Injury,
    pub bonus: u8,
    pub successes: u8,
    pub snakes: u8,
    pub net: u8,
    pub ones: u8,
    pub fumble: bool,
    pub points: i16,
    pub dealt: Injury,
    pub dismounted: bool,
    pub gift: bool,
    /// Major-injury rolls still owed, and dice rolled in the current one.
    pub injury_rolls_left: u8,
    pub injury_roll_die: u8,
    pub injury_roll_faces: Faces,
    /// The faces of the major-injury roll in progress only, which the
    /// roll's outcome event carries as data once it ends
    /// (`injury_roll_faces` sums every roll of the pass).
    /// Defaulted, so a state saved before it existed still reads.
    #[serde(default)]
    pub injury_roll_now: Faces,
    pub left_by_injury: bool,
}

impl Side {
    pub const fn new(seat: Seat) -> Side {
        Side {
            seat,
            knight: 0,
            done: false,
            choice: None,
            hand: [0; SLOTS],
            hand_len: 0,
            slots: [0; SLOTS],
            face_up: 0,
            aim: None,
            gear: None,
            d12: [0; MOST_D12],
            d12_count: 0,
            d12_rolled: 0,
            minor_dice: 0,
            major_dice: 0,
            injury_rolled: 0,
            minor_faces: [0; 6],
            major_faces: [0; 6],
            push: None,
            push_injury: Injury::None,
            bonus: 0,
            successes: 0,
            snakes: 0,
            net: 0,
            ones: 0,
            fumble: false,
            points: 0,
            dealt: Injury::None,
            dismounted: false,
            gift: false,
            injury_rolls_left: 0,
            injury_roll_die: 0,
            injury_roll_faces: [0; 6],
            injury_roll_now: [0; 6],
            left_by_injury: false,
        }
    }

    pub fn flying(&self) -> bool {
        self.gear.is_some_and(|g| g.flying())
    }

    /// The card on `slot` (0: none).
    pub fn card(&self, slot: Slot) -> u8 {
        *slot.of(&self.slots)
    }

    /// Cards drawn and not yet placed, in drawing order.
    pub fn held(&self) -> &[u8] {
        let n = usize::from(self.hand_len).min(SLOTS);
        self.hand.get(..n).unwrap_or_default()
    }

    /// The slot the next card goes on while placing. Slots fill in table
    /// order, so it follows from how many cards are still in hand.
    pub fn next_slot(&self) -> Option<Slot> {
        match usize::from(self.hand_len) {
            0 => None,
            held => Slot::ALL.get(SLOTS.checked_sub(held)?).copied(),
        }
    }

    /// Moves one `card` from the hand onto the next slot (the rest keep their
    /// drawing order). A last card left alone goes on the shield by itself.
    /// A card not in hand changes nothing.
    pub fn place(&mut self, card: u8) {
        let held = self.held().len();
        let (Some(slot), Some(i)) = (
            self.next_slot(),
            self.held().iter().position(|&c| c == card),
        ) else {
            return;
        };
        // The card was found among the held ones, so `held` is at least 1.
        let left = held.saturating_sub(1);
        if let Some(rest) = self.hand.get_mut(i..held) {
            rest.rotate_left(1);
        }
        if let Some(freed) = self.hand.get_mut(left) {
            *freed = 0;
        }
        self.hand_len = left as u8;
        *slot.of_mut(&mut self.slots) = card;
        if let ([last], Some(slot)) = (self.held(), self.next_slot()) {
            *slot.of_mut(&mut self.slots) = *last;
            self.hand = [0; SLOTS];
            self.hand_len = 0;
        }
    }

    pub fn face_up(&self, slot: Slot) -> bool {
        self.face_up & slot.bit() != 0
    }

    /// Successes and ones of the kept jousting dice against `target`.
    pub fn tally(&self, target: u8) -> dice::Tally {
        dice::tally(&self.d12, self.d12_count, target, self.flying())
    }

    /// A roll of the whole injury pool begins: no die of it rolled yet.
    pub fn begin_injury_roll(&mut self) {
        self.injury_roll_die = 0;
        self.injury_roll_now = [0; 6];
    }

    pub fn injury_dice(&self) -> u8 {
        self.minor_dice.saturating_add(self.major_dice)
    }

    pub fn report(&self, target: u8) -> SideReport {
        SideReport {
            seat: self.seat,
            knight: self.knight,
            aim: self.aim,
            target,
            gear: self.gear,
            d12: self.d12,
            d12_count: self.d12_count,
            kept: DiceMask(dice::kept(&self.d12, self.d12_count)),
            pushed: self.push.unwrap_or_default(),
            bonus: self.bonus,
            minor_dice: self.minor_faces,
            major_dice: self.major_faces,
            successes: self.successes,
            snakes: self.snakes,
            net: self.net,
            ones: self.ones,
            fumble: self.fumble,
            points: self.points,
            dealt: self.dealt,
            push_injury: self.push_injury,
            dismounted: self.dismounted,
            injury_rolls: self.injury_roll_faces,
            left_by_injury: self.left_by_injury,
            gift: self.gift,
        }
    }
}

/// The pass in progress: challenger first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub(crate) struct Duel {
    pub sides: [Side; 2],
    /// The side whose card, die or push decision comes next.
    pub cursor: u8,
    /// Pushed dice not yet rolled again, a bit each.
    pub reroll: u8,
}

impl Duel {
    /// Side `k` of the pass: 0 the challenger, any other number the one
    /// challenged.
    pub fn at(&self, k: usize) -> &Side {
        pick(&self.sides, k)
    }

    /// Side `k` of the pass, to change.
    pub fn at_mut(&mut self, k: usize) -> &mut Side {
        pick_mut(&mut self.sides, k)
    }
}

/// The other side of a pass: the one challenged for the challenger (0), and
/// the challenger for the other.
pub(crate) const fn other(k: usize) -> usize {
    if k == 0 { 1 } else { 0 }
}

/// Entry `k` of a pair kept challenger first: 0 the first, any other number
/// the second.
pub(crate) fn pick<T>(pair: &[T; 2], k: usize) -> &T {
    let [first, second] = pair;
    if k == 0 { first } else { second }
}

/// Entry `k` of a pair kept challenger first, to change.
pub(crate) fn pick_mut<T>(pair: &mut [T; 2], k: usize) -> &mut T {
    let [first, second] = pair;
    if k == 0 { first } else { second }
}

/// A Card Joust event: the state the rules act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CardJoust {
    pub(crate) config: Config,
    pub(crate) seats: u8,
    pub(crate) phase: Phase,
    /// The seat whose turn it is: the challenger of the pass.
    pub(crate) turn: Seat,
    pub(crate) passes: u16,
    pub(crate) players: [Player; MAX_PLAYERS],
    pub(crate) duel: Duel,
    pub(crate) last_pass: Option<[SideReport; 2]>,
    pub(crate) winners: SeatSet,
}

impl CardJoust {
    /// Seats at the table, trusted no further than the arrays allow.
    pub(crate) fn seat_count(&self) -> usize {
        usize::from(self.seats).min(MAX_PLAYERS)
    }

    pub(crate) fn seat_ok(&self, seat: Seat) -> bool {
        seat.index() < self.seat_count()
    }

    /// The options the event is played with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Where the event stands, and so what it waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is (the challenger of the current or next pass).
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Passes fought to the end so far.
    pub fn passes(&self) -> u16 {
        self.passes
    }

    /// `seat`'s side of the event; `None` for a seat not at this table.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        if self.seat_ok(seat) {
            self.players.get(seat.index())
        } else {
            None
        }
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> Option<&mut Player> {
        if self.seat_ok(seat) {
            self.players.get_mut(seat.index())
        } else {
            None
        }
    }

    /// `seat`'s event points (0 for a seat not at the table).
    pub fn points(&self, seat: Seat) -> i16 {
        self.player(seat).map_or(0, |p| p.points)
    }

    /// The knight `seat` has in the lists.
    pub fn knight(&self, seat: Seat) -> Option<Knight> {
        self.player(seat).and_then(|p| p.knight)
    }

    /// Knights `seat` still has in the event (waiting or in the lists).
    pub fn knights_left(&self, seat: Seat) -> u8 {
        self.player(seat)
            .map_or(0, |p| p.knights_left(self.config.knights_per_player))
    }

    /// Whether `seat` still has a knight, waiting or in the lists: only such a
    /// seat can be challenged.
    pub fn in_event(&self, seat: Seat) -> bool {
        self.knights_left(seat) > 0
    }

    /// `seat`'s face-down pile by rank index. The state's truth, not a view:
    /// what is missing from it gives away the seat's hand and face-down
    /// cards, so a fair bot reads views instead.
    pub fn pile(&self, seat: Seat) -> Pile<RANKS> {
        self.player(seat).map_or_else(Pile::default, |p| p.pile)
    }

    /// `seat`'s discard pile by rank index: open to all, as the views show.
    pub fn discard(&self, seat: Seat) -> Pile<RANKS> {
        self.player(seat).map_or_else(Pile::default, |p| p.discard)
    }

    /// The report of the last pass fought to the end, challenger first.
    pub fn last_pass(&self) -> Option<&[SideReport; 2]> {
        self.last_pass.as_ref()
    }

    /// The two seats of the pass in progress, challenger first.
    pub fn duelists(&self) -> Option<[Seat; 2]> {
        self.in_pass().then(|| self.duel.sides.map(|s| s.seat))
    }

    pub(crate) fn in_pass(&self) -> bool {
        self.phase >= Phase::Knights && self.phase < Phase::Over
    }

    /// The duel side of `seat` in the pass in progress.
    pub(crate) fn side_of(&self, seat: Seat) -> Option<usize> {
        if !self.in_pass() {
            return None;
        }
        self.duel.sides.iter().position(|s| s.seat == seat)
    }

    pub(crate) fn side(&self, k: usize) -> Option<&Side> {
        self.duel.sides.get(k)
    }

    /// The target number side `k` rolls against: the opponent's card on the aimed slot.
    pub(crate) fn target(&self, k: usize) -> u8 {
        let (Some(me), Some(them)) = (self.side(k), self.side(other(k))) else {
            return 0;
        };
        me.aim.map_or(0, |slot| them.card(slot))
    }

    /// Cards of `seat` nobody else can see, put back among its unseen cards:
    /// the pile plus its hand and face-down slot cards.
    pub(crate) fn unseen_cards(&self, seat: Seat) -> Pile<RANKS> {
        let mut unseen = self.pile(seat);
        if let Some(k) = self.side_of(seat)
            && let Some(side) = self.side(k)
        {
            for &c in side.hand.iter().take(usize::from(side.hand_len)) {
                put(&mut unseen, c);
            }
            for slot in Slot::ALL {
                if !side.face_up(slot) {
                    put(&mut unseen, side.card(slot));
                }
            }
        }
        unseen
    }
}

pub(crate) fn put(pile: &mut Pile<RANKS>, rank: u8) {
    if let Some(i) = rank_index(rank) {
        pile.put(i);
    }
}

/// A set of seats, skipping any number no table has.
pub(crate) fn seat_set(seats: impl IntoIterator<Item = Seat>) -> SeatSet {
    let mut set = SeatSet::EMPTY;
    for s in seats {
        if s.index() < MAX_PLAYERS {
            set.insert(s);
        }
    }
    set
}
