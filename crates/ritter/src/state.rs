//! The game state and the small helpers every phase uses.

use crate::actions::KnightSet;
use crate::combat::{Joust, JoustLog, RoundLog};
use crate::config::{Config, MAX_DAYS};
use crate::content::CARDS;
use crate::knight::{Knight, Lady, NONE};
use serde::{Deserialize, Serialize};
use tourney_core::{Seat, SeatSet};

/// The most players: two knights each for up to five, one each for six to ten.
pub const MAX_PLAYERS: usize = 10;

/// Where the tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
        turn: u8,
    },
    /// `newcomer` matches `knight` exactly as well as the lady he wears: his
    /// owner chooses. Then the seat after `offerer` is on turn.
    FavourTie {
        knight: u8,
        newcomer: u8,
        offerer: u8,
    },
    /// `turn` challenges.
    Challenge {
        turn: u8,
    },
    Joust(Joust),
    /// `owner`'s knights tie for the most prizes of the day: he names one.
    DayWinner {
        owner: u8,
        candidates: KnightSet,
    },
    /// The two seats of a decisive duel choose their knights in secret;
    /// `chosen` is [`NONE`] until a seat has chosen.
    DuelChoice {
        pair: [u8; 2],
        chosen: [u8; 2],
    },
    Over {
        winners: SeatSet,
    },
}

/// A game of Ritter ohne Furcht und Tadel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    pub(crate) first_starter: u8,
    /// Cards dealt so far (knights first, then ladies).
    pub(crate) dealt: u8,
    /// Seats done preparing for the coming day.
    pub(crate) prepared: SeatSet,
    /// Seats still tied for the lead while decisive duels are fought.
    pub(crate) duel_pool: SeatSet,
    /// The day winner of each day so far ([`NONE`]: no day winner).
    pub(crate) day_winners: [u8; MAX_DAYS as usize],
    pub(crate) last_round: Option<RoundLog>,
    pub(crate) last_joust: Option<JoustLog>,
}

impl Ritter {
    /// The seat count, never 0 (so a corrupt state cannot divide by zero).
    pub(crate) fn n(&self) -> u8 {
        self.seats.clamp(1, MAX_PLAYERS as u8)
    }

    /// Knights (and ladies) each player holds.
    pub(crate) fn per_seat(&self) -> u8 {
        if self.seats <= 5 { 2 } else { 1 }
    }

    pub(crate) fn day_starter(&self) -> u8 {
        let n = u16::from(self.n());
        let offset = u16::from(self.day.saturating_sub(1));
        ((u16::from(self.first_starter) + offset) % n) as u8
    }

    /// The first seat, going left from `from` (inclusive), that satisfies `ok`.
    pub(crate) fn next_seat(&self, from: u8, ok: impl Fn(&Ritter, u8) -> bool) -> Option<u8> {
        let n = self.n();
        (0..n)
            .map(|step| ((u16::from(from) + u16::from(step)) % u16::from(n)) as u8)
            .find(|&seat| ok(self, seat))
    }

    pub(crate) fn knight(&self, id: u8) -> Option<&Knight> {
        self.knights.get(usize::from(id))
    }

    pub(crate) fn knight_mut(&mut self, id: u8) -> Option<&mut Knight> {
        self.knights.get_mut(usize::from(id))
    }

    pub(crate) fn lady(&self, id: u8) -> Option<&Lady> {
        self.ladies.get(usize::from(id))
    }

    pub(crate) fn lady_mut(&mut self, id: u8) -> Option<&mut Lady> {
        self.ladies.get_mut(usize::from(id))
    }

    /// Ids of the knights `seat` holds.
    pub(crate) fn knights_of(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        ids().filter(move |&id| self.knight(id).is_some_and(|k| k.owner == seat))
    }

    pub(crate) fn ladies_of(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        ids().filter(move |&id| self.lady(id).is_some_and(|l| l.owner == seat))
    }

    pub(crate) fn owner_of(&self, knight: u8) -> u8 {
        self.knight(knight).map_or(NONE, |k| k.owner)
    }

    pub(crate) fn ready_knights(&self) -> impl Iterator<Item = u8> + '_ {
        ids().filter(move |&id| self.knight(id).is_some_and(Knight::ready))
    }

    pub(crate) fn seat_set(&self) -> SeatSet {
        SeatSet::first(usize::from(self.n()))
    }

    /// A seat number from a caller, if it sits at this table.
    pub(crate) fn seat_index(&self, seat: Seat) -> Option<u8> {
        (seat.index() < usize::from(self.n())).then_some(seat.0)
    }
}

/// Every card id.
pub(crate) fn ids() -> impl Iterator<Item = u8> {
    0..CARDS as u8
}
