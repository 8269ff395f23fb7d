//! The game state: players, the main board, the tournament board, where the
//! game stands and what it waits for. Everything is fixed-size, so a state
//! clones without touching the heap.

use crate::config::Config;
use crate::content::{JOURNEY_KINDS, JourneyType, TournamentKind};
use crate::duel::Duel;
use serde::{Deserialize, Serialize};
use tourney_core::{Pile, Seat, SeatSet};

/// The most players at the table.
pub const MAX_PLAYERS: usize = 4;
/// "Nobody" / "nothing" in the one-byte fields.
pub const NONE: u8 = u8::MAX;
/// A tournament entrant that is a knight tile: `KNIGHT + id`.
pub const KNIGHT: u8 = 16;

/// The knight tile an entrant code stands for, if it is one.
pub fn knight_entrant(e: u8) -> Option<u8> {
    (KNIGHT..KNIGHT + 32).contains(&e).then(|| e - KNIGHT)
}

pub type Hand = Pile<JOURNEY_KINDS>;
pub type Titles = Pile<14>;
pub type Tiles = Pile<22>;

/// One player's table area.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// The character card played (id), `NONE` during setup.
    pub character: u8,
    /// The level II and III cards dealt at setup.
    pub offered: [u8; 2],
    pub glory: u16,
    pub coins: u8,
    pub strength: u8,
    pub faith: u8,
    pub mount: u8,
    pub armor: u8,
    /// Support tiles owned, by kind.
    pub supports: [u8; 22],
    /// Of those, how many are flipped to their inactive side.
    pub used: [u8; 22],
    pub relics: [u8; 4],
    pub used_relics: [u8; 4],
    /// Prestige tokens owned (bit per type) and which are flipped.
    pub prestige: u8,
    pub flipped: u8,
    /// Personal objectives (hidden from the others).
    pub titles: Titles,
    /// Titles drawn and not yet kept or returned (hidden).
    pub offer: Titles,
    /// The Journey hand (hidden), and the part of it the table has seen
    /// (cards taken face up, or played and kept after a lost duel).
    pub hand: Hand,
    pub known: Hand,
    /// Cards in the personal discard pile, by type (Romance, Market,
    /// Challenge).
    pub played: [u8; 3],
    /// Action pawns this round, and how many are on the board.
    pub pawns: u8,
    pub placed: u8,
    /// Took the Initiative action this round.
    pub initiative: bool,
    /// Ever used a Rogue (the Noble title forbids it).
    pub rogue_used: bool,
    /// Journey cards this player may still play in the current Journey
    /// phase, and whether they stopped.
    pub journey_left: u8,
    pub journey_done: bool,
    /// Joust à Plaisance: the row this player was knocked out in (`NONE`).
    pub knocked_out: u8,
    /// Titles completed in the Title phase (bit per title id).
    pub completed: u16,
    /// The Brave duel: 0 not fought, 1 won, 2 lost.
    pub brave: u8,
}

impl Default for Player {
    fn default() -> Self {
        Player {
            character: NONE,
            offered: [NONE; 2],
            glory: 0,
            coins: 0,
            strength: 0,
            faith: 0,
            mount: 2,
            armor: 2,
            supports: [0; 22],
            used: [0; 22],
            relics: [0; 4],
            used_relics: [0; 4],
            prestige: 0,
            flipped: 0,
            titles: Titles::default(),
            offer: Titles::default(),
            hand: Hand::default(),
            known: Hand::default(),
            played: [0; 3],
            pawns: 0,
            placed: 0,
            initiative: false,
            rogue_used: false,
            journey_left: 0,
            journey_done: false,
            knocked_out: NONE,
            completed: 0,
            brave: 0,
        }
    }
}

/// The main board and the supplies around it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// Pawns on each action space ([`crate::Space`] order), by player.
    pub pawns: [[u8; MAX_PLAYERS]; 12],
    /// Who put a pawn on each space under the initiative track (`NONE`).
    pub initiative: [u8; MAX_PLAYERS],
    /// The support track: a support index per space, `NONE` when empty.
    pub track: [u8; 9],
    /// The support stacks: special, scroll, then the three regular ones.
    pub stacks: [Tiles; 5],
    /// The Journey decks (each kind belongs to one type).
    pub deck: Hand,
    /// Face-up Journey cards: Romance, Market and Challenge columns.
    pub rows: [[u8; 4]; 3],
    pub title_deck: Titles,
    /// The three public titles.
    pub public: [u8; 3],
    /// The events of rounds 1 to 3 (`NONE` until drawn).
    pub events: [u8; 3],
    /// The special support lying on a Recruitment or Volunteer card.
    pub event_support: u8,
    /// Character cards dealt (bit per id).
    pub dealt: u16,
    /// Relic tiles and Prestige tokens left in the supply.
    pub relics: [u8; 4],
    pub prestige: [u8; 6],
}

/// The tournament board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tourney {
    pub kind: TournamentKind,
    /// The tournament card (`NONE` until drawn), and the cards used so far.
    pub card: u8,
    pub played: u16,
    /// Knight tiles on the board (bit per id).
    pub knights: u32,
    /// The trophy tile (`NONE`: the standard trophy) and tiles used.
    pub trophy: u8,
    pub trophies: u8,
    /// Pas d'Armes: the knight on each space (town * 3 + place) and the
    /// player challenging him.
    pub town: [u8; 9],
    pub challenger: [u8; 9],
    /// Joust à Plaisance: lower row 0-7, middle 8-11, upper 12-13, winner
    /// 14. A player is their index, a knight `KNIGHT + id`, `NONE` empty.
    pub ladder: [u8; 15],
    /// Knights are being added after registration.
    pub adding: bool,
}

impl Default for Tourney {
    fn default() -> Self {
        Tourney {
            kind: TournamentKind::PasDArmes,
            card: NONE,
            played: 0,
            knights: 0,
            trophy: NONE,
            trophies: 0,
            town: [NONE; 9],
            challenger: [NONE; 9],
            ladder: [NONE; 15],
            adding: false,
        }
    }
}

/// The steps of the game's setup, in the rulebook's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupStep {
    PublicTitles,
    DealCharacters,
    ChooseCharacters,
    Initiative,
    Compensation,
    DealTitles,
    KeepTitles,
    Track,
    DealJourney,
    Exchange,
    Rows,
    Events,
}

/// Which Journey phase is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JourneyPhase {
    Normal,
    /// Cards played by players knocked out of a Joust à Plaisance.
    Extra,
    Final,
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Setup(SetupStep),
    /// Setting up the tournament of `round`.
    Prepare {
        round: u8,
    },
    Actions,
    Journey(JourneyPhase),
    Maintenance,
    Registration,
    Tournament,
    Titles,
    Over {
        winners: SeatSet,
    },
}

/// What the game waits for now: a chance step, a seat's decision, or
/// nothing (`Idle`: the stage moves on by itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    Idle,
    // ---- chance steps ----
    /// The public titles.
    PublicTitle,
    /// Each seat's level II and level III character cards.
    Characters,
    /// The next place on the initiative track.
    Initiative,
    /// `count` Journey cards of `ty` into `player`'s hand, blind; then
    /// `picks` more Travel Plans picks.
    Journey {
        player: u8,
        ty: JourneyType,
        count: u8,
        picks: u8,
    },
    /// The face-up Journey rows.
    Rows,
    /// `count` titles into `player`'s offer, then `keep` of them kept.
    Titles {
        player: u8,
        count: u8,
        keep: u8,
    },
    /// The empty spaces of the support track.
    Track,
    /// The special support on the event card.
    EventSupport,
    /// The events not yet drawn up to round `upto`.
    Events {
        upto: u8,
    },
    TournamentCard,
    /// The knights the tournament card places (or adds).
    Knights,
    Trophy,
    // ---- decisions ----
    ChooseCharacter {
        seat: u8,
    },
    KeepTitle {
        player: u8,
        left: u8,
    },
    Exchange {
        player: u8,
    },
    Place {
        player: u8,
    },
    Pick {
        player: u8,
        left: u8,
    },
    /// Which reward of an "A / B" card (`card`, or a trophy `NONE`).
    Reward {
        player: u8,
        card: u8,
    },
    PlayJourney {
        player: u8,
    },
    Register {
        player: u8,
        optional: bool,
    },
    Brave {
        player: u8,
    },
    /// The running duel (`Glory::duel`) waits for a die or a decision.
    Duel,
    // ---- solo mode: Otto's chance steps ----
    /// Otto reveals the next card of his automa deck.
    Automa,
    /// New Objective: Otto draws `left` more titles; all but the last are
    /// discarded face up, the last he keeps face down.
    OttoObjective {
        left: u8,
    },
}

impl Task {
    /// A chance step (not a seat's decision).
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Task::PublicTitle
                | Task::Characters
                | Task::Initiative
                | Task::Journey { .. }
                | Task::Rows
                | Task::Titles { .. }
                | Task::Track
                | Task::EventSupport
                | Task::Events { .. }
                | Task::TournamentCard
                | Task::Knights
                | Task::Trophy
                | Task::Automa
                | Task::OttoObjective { .. }
        )
    }
}

/// A game of Glory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Glory {
    pub(crate) config: Config,
    pub(crate) seats: u8,
    /// 1 to 3.
    pub(crate) round: u8,
    pub(crate) stage: Stage,
    pub(crate) task: Task,
    /// A counter the current stage walks with (seat, duel, step …).
    pub(crate) cursor: u8,
    pub(crate) players: [Player; MAX_PLAYERS],
    /// The initiative track, left (first) to right.
    pub(crate) order: [u8; MAX_PLAYERS],
    pub(crate) board: Board,
    pub(crate) tourney: Tourney,
    pub(crate) duel: Option<Duel>,
    /// How the last finished duel went, for the views.
    pub(crate) last_duel: Option<crate::duel::DuelReport>,
    /// Solo mode: Otto the automa sits in player slot [`crate::solo::OTTO`].
    pub(crate) solo: Option<crate::solo::Otto>,
}

impl Glory {
    /// The player count, 2 to 4: the seats, plus Otto in a solo game (a
    /// corrupt state is clamped, never trusted).
    pub(crate) fn n(&self) -> u8 {
        let automa = u8::from(self.solo.is_some());
        (self.seats.clamp(1, MAX_PLAYERS as u8) + automa).min(MAX_PLAYERS as u8)
    }

    /// The number of seats (people or bots deciding), 1 to 4.
    pub(crate) fn seat_count(&self) -> u8 {
        self.seats.clamp(1, MAX_PLAYERS as u8)
    }

    pub(crate) fn player(&self, p: u8) -> Option<&Player> {
        if p < self.n() {
            self.players.get(usize::from(p))
        } else {
            None
        }
    }

    pub(crate) fn player_mut(&mut self, p: u8) -> Option<&mut Player> {
        if p < self.n() {
            self.players.get_mut(usize::from(p))
        } else {
            None
        }
    }

    /// Players by index.
    pub(crate) fn ids(&self) -> impl Iterator<Item = u8> + use<> {
        0..self.n()
    }

    /// Players in initiative order.
    pub(crate) fn in_order(&self) -> impl Iterator<Item = u8> + '_ {
        self.order
            .iter()
            .take(usize::from(self.n()))
            .copied()
            .filter(|&p| p != NONE)
    }

    /// A player's place on the initiative track (0 = first); unplaced
    /// players count as last.
    pub(crate) fn rank(&self, p: u8) -> u8 {
        self.order
            .iter()
            .take(usize::from(self.n()))
            .position(|&q| q == p)
            .map_or(NONE, |i| i as u8)
    }

    pub(crate) fn seat_of(&self, seat: Seat) -> Option<u8> {
        (seat.index() < usize::from(self.seat_count())).then_some(seat.0)
    }

    /// The player whose decision the game waits for, if any.
    pub(crate) fn deciding(&self) -> Option<u8> {
        match self.task {
            Task::ChooseCharacter { seat } => Some(seat),
            Task::KeepTitle { player, .. }
            | Task::Exchange { player }
            | Task::Place { player }
            | Task::Pick { player, .. }
            | Task::Reward { player, .. }
            | Task::PlayJourney { player }
            | Task::Register { player, .. }
            | Task::Brave { player } => Some(player),
            Task::Duel => self.duel.as_ref().and_then(|d| d.deciding()),
            _ => None,
        }
    }

    /// How many players the board's circles and tracks are laid out for.
    pub(crate) fn table_size(&self) -> u8 {
        self.n().clamp(2, 4)
    }
}
