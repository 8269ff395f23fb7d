//! The game state and the small helpers every phase uses.

use crate::actions::KnightSet;
use crate::combat::{Joust, JoustLog, RoundLog};
use crate::config::{Config, MAX_DAYS};
use crate::content::{CARDS, KnightId, LadyId};
use crate::knight::{Knight, Lady, NOBODY};
use serde::{Deserialize, Serialize};
use tourney_core::{Seat, SeatSet};

/// The most players: two knights each for up to five, one each for six to ten.
pub const MAX_PLAYERS: usize = 10;

/// Where the tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Dealing knight cards, then lady cards, one chance step per card.
    Deal,
    /// Each contender rolls a d6 for the starting player; ties roll again.
    /// `rolls[seat]` is 0 until that seat has rolled.
    StartRoll {
        contenders: SeatSet,
        rolls: [u8; MAX_PLAYERS],
    },
    /// Before a day: every seat secretly spends training points and picks
    /// the knights it sends; all is revealed when the last seat is done.
    Prepare,
    /// `turn` places one lady's favour.
    Favours {
        turn: Seat,
    },
    /// `newcomer` matches `knight` exactly as well as the lady he wears: his
    /// owner chooses. Then the seat after `offerer` is on turn.
    FavourTie {
        knight: KnightId,
        newcomer: LadyId,
        offerer: Seat,
    },
    /// `turn` challenges.
    Challenge {
        turn: Seat,
    },
    Joust(Joust),
    /// `owner`'s knights tie for the most prizes of the day: he names one.
    DayWinner {
        owner: Seat,
        candidates: KnightSet,
    },
    /// The two seats of a decisive duel choose their knights in secret;
    /// `chosen` is [`KnightId::NONE`] until a seat has chosen.
    DuelChoice {
        pair: [Seat; 2],
        chosen: [KnightId; 2],
    },
    Over {
        winners: SeatSet,
    },
}

/// A game of Ritter ohne Furcht und Tadel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Ritter {
    pub(crate) seats: u8,
    pub(crate) config: Config,
    /// Indexed by knight id (card order in the data file).
    pub(crate) knights: [Knight; CARDS],
    /// Indexed by lady id.
    pub(crate) ladies: [Lady; CARDS],
    pub(crate) phase: Phase,
    /// The current day, from 1.
    pub(crate) day: u8,
    /// Who won the starting roll: day N starts with the seat N−1 places to
    /// the left.
    pub(crate) first_starter: Seat,
    /// Cards dealt so far (knights first, then ladies).
    pub(crate) dealt: u8,
    /// Seats done preparing for the coming day.
    pub(crate) prepared: SeatSet,
    /// Seats still tied for the lead while decisive duels are fought.
    pub(crate) duel_pool: SeatSet,
    /// The day winner of each day so far ([`KnightId::NONE`]: no day
    /// winner).
    pub(crate) day_winners: [KnightId; MAX_DAYS as usize],
    pub(crate) last_round: Option<RoundLog>,
    pub(crate) last_joust: Option<JoustLog>,
}

impl Ritter {
    /// The seat count, never 0 (so a corrupt state cannot divide by zero).
    pub(crate) fn n(&self) -> u8 {
        self.seats.clamp(1, MAX_PLAYERS as u8)
    }

    /// [`Ritter::n`] as the trait counts seats.
    pub(crate) fn seat_count(&self) -> usize {
        usize::from(self.n())
    }

    /// Knights (and ladies) each player holds.
    pub(crate) fn per_seat(&self) -> u8 {
        if self.seats <= 5 { 2 } else { 1 }
    }

    pub(crate) fn day_starter(&self) -> Seat {
        self.seat_left_of(self.first_starter, self.day.saturating_sub(1))
    }

    /// The seat `steps` places to the left of `from`, round the table.
    fn seat_left_of(&self, from: Seat, steps: u8) -> Seat {
        let n = u16::from(self.n());
        let index = u16::from(from.0)
            .saturating_add(u16::from(steps))
            .checked_rem(n)
            .unwrap_or(0);
        // Below the seat count, so it always fits.
        u8::try_from(index).map_or(from, Seat)
    }

    /// The seat after `seat`, round the table. A corrupt seat 255 becomes
    /// seat 0 before the table size is applied, as it always has.
    pub(crate) fn seat_after(&self, seat: Seat) -> Seat {
        Seat(seat.0.wrapping_add(1).checked_rem(self.n()).unwrap_or(0))
    }

    /// The first seat, going left from `from` (inclusive), that satisfies `ok`.
    pub(crate) fn next_seat(&self, from: Seat, ok: impl Fn(&Ritter, Seat) -> bool) -> Option<Seat> {
        (0..self.n())
            .map(|step| self.seat_left_of(from, step))
            .find(|&seat| ok(self, seat))
    }

    pub(crate) fn knight(&self, id: KnightId) -> Option<&Knight> {
        self.knights.get(id.index())
    }

    pub(crate) fn knight_mut(&mut self, id: KnightId) -> Option<&mut Knight> {
        self.knights.get_mut(id.index())
    }

    pub(crate) fn lady(&self, id: LadyId) -> Option<&Lady> {
        self.ladies.get(id.index())
    }

    pub(crate) fn lady_mut(&mut self, id: LadyId) -> Option<&mut Lady> {
        self.ladies.get_mut(id.index())
    }

    /// Ids of the knights `seat` holds.
    pub(crate) fn knights_of(&self, seat: Seat) -> impl Iterator<Item = KnightId> + '_ {
        KnightId::all().filter(move |&id| self.knight(id).is_some_and(|k| k.owner == seat))
    }

    pub(crate) fn ladies_of(&self, seat: Seat) -> impl Iterator<Item = LadyId> + '_ {
        LadyId::all().filter(move |&id| self.lady(id).is_some_and(|l| l.owner == seat))
    }

    /// Who holds `knight`: `None` for an id that is no card or a card not
    /// dealt.
    pub(crate) fn owner_of(&self, knight: KnightId) -> Option<Seat> {
        self.knight(knight)
            .map(|k| k.owner)
            .filter(|&s| s != NOBODY)
    }

    /// [`Ritter::owner_of`] as the events and texts name him, which only a
    /// corrupt state can make [`NOBODY`].
    pub(crate) fn owner_or_nobody(&self, knight: KnightId) -> Seat {
        self.owner_of(knight).unwrap_or(NOBODY)
    }

    pub(crate) fn ready_knights(&self) -> impl Iterator<Item = KnightId> + '_ {
        KnightId::all().filter(move |&id| self.knight(id).is_some_and(Knight::ready))
    }

    pub(crate) fn seat_set(&self) -> SeatSet {
        SeatSet::first(usize::from(self.n()))
    }

    /// A seat from a caller, if it sits at this table.
    pub(crate) fn at_table(&self, seat: Seat) -> Option<Seat> {
        (seat.index() < usize::from(self.n())).then_some(seat)
    }
}
