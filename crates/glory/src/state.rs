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
    e.checked_sub(KNIGHT).filter(|&k| k < 32)
}

/// The index of round `round` (1 to 3) into the per-round tables; a
/// corrupt round is clamped, never trusted.
pub(crate) fn round_index(round: u8) -> usize {
    usize::from(round.clamp(1, 3).saturating_sub(1))
}

/// The player (or Otto) an entrant code of the Joust à Plaisance ladder
/// stands for: every code below [`KNIGHT`] is a seat.
pub(crate) fn seat_entrant(e: u8) -> Option<Seat> {
    (e < KNIGHT).then_some(Seat(e))
}

/// The ladder's entrant code for a player: the seat's own number.
pub(crate) const fn entrant_code(seat: Seat) -> u8 {
    seat.0
}

/// A place that holds one player's pawn or coat of arms, or nobody: a
/// place on the initiative track, a space under it, a Pas d'Armes
/// challenger's space. It is stored as the seat's number with [`NONE`] for
/// nobody, so a saved state reads exactly as it did when these places were
/// plain numbers (an `Option<Seat>` would write `null`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct SeatSlot(u8);

impl SeatSlot {
    /// Nobody holds the place.
    pub const EMPTY: SeatSlot = SeatSlot(NONE);

    /// `seat` holds the place.
    pub const fn of(seat: Seat) -> SeatSlot {
        SeatSlot(seat.0)
    }

    /// Who holds the place, if anyone.
    pub const fn seat(self) -> Option<Seat> {
        if self.0 == NONE {
            None
        } else {
            Some(Seat(self.0))
        }
    }

    /// Whether nobody holds the place.
    pub const fn is_empty(self) -> bool {
        self.0 == NONE
    }
}

/// Journey cards by kind: a hand, the part of it others have seen, or the
/// decks.
pub type Hand = Pile<JOURNEY_KINDS>;
/// Title cards by id: the deck, an offer, a player's objectives.
pub type Titles = Pile<14>;
/// Support tiles by kind: one support stack.
pub type Tiles = Pile<22>;

/// One player's table area.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Player {
    /// The character card played (id), `NONE` during setup.
    pub character: u8,
    /// The level II and III cards dealt at setup.
    pub offered: [u8; 2],
    /// Glory points: the score.
    pub glory: u16,
    /// Coins, paid for actions, Market cards and supports.
    pub coins: u8,
    /// Strength tokens: each one put into a duel is a red die.
    pub strength: u8,
    /// Faith tokens: each buys one re-roll in a clash.
    pub faith: u8,
    /// Mount level, 1 to 4 (black dice; IV turns its symbol to its best).
    pub mount: u8,
    /// Armor level, 1 to 4 (white dice; IV turns its symbol to its best).
    pub armor: u8,
    /// Support tiles owned, by kind.
    pub supports: [u8; 22],
    /// Of those, how many are flipped to their inactive side.
    pub used: [u8; 22],
    /// Relic tiles owned, by kind.
    pub relics: [u8; 4],
    /// Of those, how many are flipped to their inactive side.
    pub used_relics: [u8; 4],
    /// Prestige tokens owned (bit per type).
    pub prestige: u8,
    /// Which of them are flipped (bit per type), till Maintenance or a
    /// lost duel's recovery.
    pub flipped: u8,
    /// Personal objectives (hidden from the others).
    pub titles: Titles,
    /// Titles drawn and not yet kept or returned (hidden).
    pub offer: Titles,
    /// The Journey hand (hidden).
    pub hand: Hand,
    /// The part of the hand the table has seen (cards taken face up, or
    /// played and kept after a lost duel): a redeal keeps these.
    pub known: Hand,
    /// Cards in the personal discard pile, by type (Romance, Market,
    /// Challenge).
    pub played: [u8; 3],
    /// Action pawns this round.
    pub pawns: u8,
    /// How many of them are on the board.
    pub placed: u8,
    /// Took the Initiative action this round.
    pub initiative: bool,
    /// Ever used a Rogue (the Noble title forbids it).
    pub rogue_used: bool,
    /// Journey cards this player may still play in the current Journey
    /// phase.
    pub journey_left: u8,
    /// They chose to stop playing cards this phase.
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Board {
    /// Pawns on each action space ([`crate::Space`] order), by player.
    pub pawns: [[u8; MAX_PLAYERS]; 12],
    /// Who put a pawn on each space under the initiative track.
    pub initiative: [SeatSlot; MAX_PLAYERS],
    /// The support track: a support index per space, `NONE` when empty.
    pub track: [u8; 9],
    /// The support stacks: special, scroll, then the three regular ones.
    pub stacks: [Tiles; 5],
    /// The Journey decks (each kind belongs to one type).
    pub deck: Hand,
    /// Face-up Journey cards: Romance, Market and Challenge columns.
    pub rows: [[u8; 4]; 3],
    /// The title cards not drawn yet.
    pub title_deck: Titles,
    /// The face-up title discard pile: titles drawn with New Objective or
    /// The Quest and not kept (Otto's too). When the deck runs out it is
    /// shuffled to form the new deck.
    #[serde(default)]
    pub title_discards: Titles,
    /// The three public titles.
    pub public: [u8; 3],
    /// The events of rounds 1 to 3 (`NONE` until drawn).
    pub events: [u8; 3],
    /// The special support lying on a Recruitment or Volunteer card.
    pub event_support: u8,
    /// Character cards dealt (bit per id).
    pub dealt: u16,
    /// Relic tiles left in the supply, by kind.
    pub relics: [u8; 4],
    /// Prestige tokens left in the supply, by type.
    pub prestige: [u8; 6],
}

/// The tournament board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Tourney {
    /// This round's tournament type.
    pub kind: TournamentKind,
    /// The tournament card (`NONE` until drawn).
    pub card: u8,
    /// Tournament cards used so far (bit per id): none comes twice.
    pub played: u16,
    /// Knight tiles on the board (bit per id).
    pub knights: u32,
    /// The trophy tile (`NONE`: the standard trophy).
    pub trophy: u8,
    /// Trophy tiles used so far (bit per id).
    pub trophies: u8,
    /// Pas d'Armes: the knight on each space (town * 3 + place).
    pub town: [u8; 9],
    /// Pas d'Armes: the player challenging the knight on each space.
    pub challenger: [SeatSlot; 9],
    /// Joust à Plaisance: lower row 0-7, middle 8-11, upper 12-13, winner
    /// 14. A player is their index, a knight `KNIGHT + id`, `NONE` empty.
    pub ladder: [u8; 15],
    /// Knights are being added after registration.
    pub adding: bool,
    /// Each round's tournament type once its tournament is set up (agreed
    /// before the game or chosen between rounds), round 1 first: what
    /// the board shows of the rounds already set up.
    #[serde(default)]
    pub kinds: [Option<TournamentKind>; 3],
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
            challenger: [SeatSlot::EMPTY; 9],
            ladder: [NONE; 15],
            adding: false,
            kinds: [None; 3],
        }
    }
}

impl Board {
    /// The support on track space `i`: `NONE` when the space is empty or
    /// past the track.
    pub(crate) fn tile_on(&self, i: usize) -> u8 {
        self.track.get(i).copied().unwrap_or(NONE)
    }

    /// Takes the support off track space `i`, leaving the space empty;
    /// what lay there (`NONE`: nothing).
    pub(crate) fn take_tile(&mut self, i: usize) -> u8 {
        self.track
            .get_mut(i)
            .map_or(NONE, |t| std::mem::replace(t, NONE))
    }

    /// The face-up Journey cards of type `ty` (`NONE`: an empty space).
    pub(crate) fn row(&self, ty: JourneyType) -> [u8; 4] {
        self.rows.get(ty.index()).copied().unwrap_or([NONE; 4])
    }
}

impl Tourney {
    /// The knight on Pas d'Armes space `s` (town * 3 + place): `NONE` when
    /// the space is empty or past the board.
    pub(crate) fn knight_on(&self, s: usize) -> u8 {
        self.town.get(s).copied().unwrap_or(NONE)
    }

    /// Who challenges the knight on Pas d'Armes space `s`.
    pub(crate) fn challenger_on(&self, s: usize) -> SeatSlot {
        self.challenger.get(s).copied().unwrap_or(SeatSlot::EMPTY)
    }

    /// The challengers' spaces of town `town` (0 to 2; none past them).
    pub(crate) fn town_challengers(&self, town: usize) -> &[SeatSlot] {
        self.challenger
            .chunks_exact(3)
            .nth(town)
            .unwrap_or_default()
    }

    /// The entrant on ladder space `s`: `NONE` when the space is empty or
    /// past the ladder.
    pub(crate) fn entrant_on(&self, s: usize) -> u8 {
        self.ladder.get(s).copied().unwrap_or(NONE)
    }

    /// Puts `entrant` on ladder space `s` (a space past the ladder takes
    /// nobody).
    pub(crate) fn set_entrant(&mut self, s: usize, entrant: u8) {
        if let Some(e) = self.ladder.get_mut(s) {
            *e = entrant;
        }
    }
}

/// The steps of the game's setup, in the rulebook's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SetupStep {
    /// Three titles turned face up for everyone.
    PublicTitles,
    /// A level II and a level III character dealt to each player (or the
    /// level I card played at once, with that option).
    DealCharacters,
    /// Each player keeps one of their three characters.
    ChooseCharacters,
    /// Coats of arms drawn for the initiative track.
    Initiative,
    /// Players behind the first get glory and Challenge cards.
    Compensation,
    /// The titles each character draws.
    DealTitles,
    /// Each player keeps the titles their character allows.
    KeepTitles,
    /// The support track is filled.
    Track,
    /// The Journey cards each character starts with.
    DealJourney,
    /// Each player may give Journey cards back for Strength tokens.
    Exchange,
    /// The face-up Journey rows are dealt.
    Rows,
    /// The events of rounds 1 and 2 are drawn.
    Events,
}

/// Which Journey phase is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JourneyPhase {
    /// A round's Journey phase, after the Action phase.
    Normal,
    /// Cards played by players knocked out of a Joust à Plaisance.
    Extra,
    /// After the last tournament, before the titles are scored.
    Final,
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Setting the table, at this step.
    Setup(SetupStep),
    /// Setting up the tournament of a round.
    Prepare {
        /// The round the tournament belongs to.
        round: u8,
    },
    /// Pawns go on action spaces.
    Actions,
    /// Journey cards are played.
    Journey(JourneyPhase),
    /// Pawns come home, used things flip back, income and fresh cards.
    Maintenance,
    /// Players register for the tournament.
    Registration,
    /// The tournament's duels.
    Tournament,
    /// The Title phase, after the Final Journey.
    Titles,
    /// The game is over.
    Over {
        /// Who won (empty: a solo game lost).
        winners: SeatSet,
    },
}

/// What the game waits for now: a chance step, a seat's decision, or
/// nothing (`Idle`: the stage moves on by itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// Nothing pending: the stage takes its next step.
    Idle,
    // ---- chance steps ----
    /// The public titles.
    PublicTitle,
    /// Each seat's level II and level III character cards.
    Characters,
    /// The next place on the initiative track.
    Initiative,
    /// Journey cards drawn blind into a hand.
    Journey {
        /// Whose hand.
        player: Seat,
        /// The deck drawn from.
        ty: JourneyType,
        /// Cards still to draw.
        count: u8,
        /// Travel Plans picks the player has left after the draw.
        picks: u8,
    },
    /// The face-up Journey rows.
    Rows,
    /// Titles drawn into a player's offer.
    Titles {
        /// Who draws.
        player: Seat,
        /// Titles still to draw.
        count: u8,
        /// How many of the offer they keep afterwards (0: setup, where
        /// everyone keeps once all have drawn).
        keep: u8,
    },
    /// The empty spaces of the support track.
    Track,
    /// The special support on the event card.
    EventSupport,
    /// The event cards not drawn yet.
    Events {
        /// The last round whose event is drawn now.
        upto: u8,
    },
    /// The round's tournament card.
    TournamentCard,
    /// The knights the tournament card places (or adds).
    Knights,
    /// The Joust à Plaisance trophy tile (with trophy tiles in use).
    Trophy,
    // ---- decisions ----
    /// Setup: a player keeps one of their characters.
    ChooseCharacter {
        /// Who chooses.
        seat: Seat,
    },
    /// A player keeps titles from their offer.
    KeepTitle {
        /// Who keeps.
        player: Seat,
        /// How many more they keep.
        left: u8,
    },
    /// Setup: a player may give Journey cards back for Strength tokens.
    Exchange {
        /// Who gives back.
        player: Seat,
    },
    /// A player puts an action pawn on the board.
    Place {
        /// Whose pawn.
        player: Seat,
    },
    /// Travel Plans or the Journey event: a card face up or blind.
    Pick {
        /// Who picks.
        player: Seat,
        /// Cards still to take.
        left: u8,
    },
    /// Which reward of an "A / B" card (`card`, or a trophy `NONE`).
    Reward {
        /// Who is paid.
        player: Seat,
        /// The card whose reward it is.
        card: u8,
    },
    /// A player plays a Journey card or stops.
    PlayJourney {
        /// Who plays.
        player: Seat,
    },
    /// A player registers for the tournament.
    Register {
        /// Who registers.
        player: Seat,
        /// They may pass (the second Pas d'Armes coat of arms, or waiting
        /// in a Joust à Plaisance).
        optional: bool,
    },
    /// Between rounds (`tournament_choice = "between_rounds"`): a player
    /// chooses the type of the coming round's tournament.
    ChooseTournament {
        /// Who chooses.
        player: Seat,
    },
    /// Title phase: a player fights the Brave title's duel or not.
    Brave {
        /// Who decides.
        player: Seat,
    },
    /// The running duel (`Glory::duel`) waits for a die or a decision.
    Duel,
    // ---- solo mode: Otto's chance steps ----
    /// Otto reveals the next card of his automa deck.
    Automa,
    /// New Objective: Otto draws `left` more titles; all but the last are
    /// discarded face up, the last he keeps face down.
    OttoObjective {
        /// Titles Otto still draws.
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
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
    pub(crate) order: [SeatSlot; MAX_PLAYERS],
    pub(crate) board: Board,
    pub(crate) tourney: Tourney,
    pub(crate) duel: Option<Duel>,
    /// How the last finished duel went, for the views.
    pub(crate) last_duel: Option<crate::duel::DuelReport>,
    /// Duels between two knights settled since `last_duel` (the ladder's
    /// games no player or Otto fights): told in the log, not reported.
    #[serde(default)]
    pub(crate) knight_duels_since: u8,
    /// Solo mode: Otto the automa sits in player slot [`crate::solo::OTTO`].
    pub(crate) solo: Option<crate::solo::Otto>,
}

impl Glory {
    /// The player count, 2 to 4: the seats, plus Otto in a solo game (a
    /// corrupt state is clamped, never trusted).
    pub(crate) fn n(&self) -> u8 {
        let automa = u8::from(self.solo.is_some());
        let seats = self.seats.clamp(1, MAX_PLAYERS as u8);
        seats.saturating_add(automa).min(MAX_PLAYERS as u8)
    }

    /// The number of seats (people or bots deciding), 1 to 4.
    pub(crate) fn seat_count(&self) -> usize {
        usize::from(self.seats.clamp(1, MAX_PLAYERS as u8))
    }

    /// The table area of player `p`, if the table has that player.
    pub(crate) fn player(&self, p: Seat) -> Option<&Player> {
        if p.index() < usize::from(self.n()) {
            self.players.get(p.index())
        } else {
            None
        }
    }

    pub(crate) fn player_mut(&mut self, p: Seat) -> Option<&mut Player> {
        if p.index() < usize::from(self.n()) {
            self.players.get_mut(p.index())
        } else {
            None
        }
    }

    /// Players by index, Otto included.
    pub(crate) fn ids(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.n()).map(Seat)
    }

    /// Who holds place `place` on the initiative track (0 = first), if
    /// anyone.
    pub(crate) fn at_place(&self, place: u8) -> Option<Seat> {
        self.order.get(usize::from(place)).and_then(|s| s.seat())
    }

    /// The place on the initiative track `steps` after `place`, going round
    /// the table's players.
    pub(crate) fn place_after(&self, place: u8, steps: u8) -> u8 {
        let sum = u16::from(place).saturating_add(u16::from(steps));
        sum.checked_rem(u16::from(self.n())).map_or(0, |p| p as u8)
    }

    /// Players in initiative order.
    pub(crate) fn in_order(&self) -> impl Iterator<Item = Seat> + '_ {
        self.order
            .iter()
            .take(usize::from(self.n()))
            .filter_map(|s| s.seat())
    }

    /// A player's place on the initiative track (0 = first); unplaced
    /// players count as last.
    pub(crate) fn rank(&self, p: Seat) -> u8 {
        self.order
            .iter()
            .take(usize::from(self.n()))
            .position(|&q| q == SeatSlot::of(p))
            .map_or(NONE, |i| i as u8)
    }

    /// `seat`, if it is one of the seats deciding at this table (Otto's
    /// slot is not: nobody plays for him).
    pub(crate) fn seat_of(&self, seat: Seat) -> Option<Seat> {
        (seat.index() < self.seat_count()).then_some(seat)
    }

    /// The player whose decision the game waits for, if any.
    pub(crate) fn deciding(&self) -> Option<Seat> {
        match self.task {
            Task::ChooseCharacter { seat } => Some(seat),
            Task::KeepTitle { player, .. }
            | Task::Exchange { player }
            | Task::Place { player }
            | Task::Pick { player, .. }
            | Task::Reward { player, .. }
            | Task::PlayJourney { player }
            | Task::Register { player, .. }
            | Task::ChooseTournament { player }
            | Task::Brave { player } => Some(player),
            Task::Duel => self.duel.as_ref().and_then(|d| d.deciding()),
            _ => None,
        }
    }

    /// How many players the board's circles and tracks are laid out for.
    pub(crate) fn table_size(&self) -> u8 {
        self.n().clamp(2, 4)
    }

    /// This table's entry of a row printed per table size (2, 3, 4 players).
    pub(crate) fn for_table_size(&self, per_size: [u8; 3]) -> u8 {
        let [two, three, four] = per_size;
        match self.table_size() {
            ..=2 => two,
            3 => three,
            _ => four,
        }
    }

    /// The pawns on action space `space`, by player.
    pub(crate) fn pawns_on(&self, space: crate::Space) -> [u8; MAX_PLAYERS] {
        self.board
            .pawns
            .get(space.index())
            .copied()
            .unwrap_or_default()
    }
}
