//! The full game state. Everything is fixed-size, so cloning a state (which
//! bots and the testkit do constantly) never allocates.

use crate::cards::{Card, Cards};
use crate::config::Config;
use crate::content::{
    MAPS, MAX_CELLS, MapInfo, RelicEffect, RelicKind, TILE_KINDS, map_for, relic,
};
use crate::ids::{Cell, RelicRef, array, cell_index};
use serde::{Deserialize, Serialize};
use tourney_core::{Outcome, Pile, Seat};

pub(crate) const MAX_PLAYERS: usize = 6;
/// "Nobody" / "no tile" / "not dealt yet" in the byte-sized fields.
pub(crate) const NONE: u8 = u8::MAX;
/// Dice per player: every location a player's knights stand on needs one die
/// per six knights, and nobody has more than ten dice.
pub(crate) const DICE: u8 = 10;
/// Knights one die can show.
pub(crate) const PER_DIE: u8 = 6;
/// The number of cards looked at by the Crown of Insight.
pub(crate) const PEEK: usize = 4;

/// One cell's contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Place {
    /// The territory tile lying here (`NONE` for castles, lakes, undealt positions).
    pub tile: u8,
    /// The seat whose knights stand here, `NONE` if nobody's: saved states
    /// hold it as one byte, so it stays one. Read and written through
    /// [`Place::owner`] and [`Place::set_owner`].
    owner: u8,
    pub knights: u8,
}

impl Place {
    /// The seat whose knights stand here, if anybody's.
    pub fn owner(&self) -> Option<Seat> {
        (self.owner != NONE).then_some(Seat(self.owner))
    }

    /// Whether `seat` controls the territory: one byte compared, since
    /// [`State::owned`] asks this of every cell in the evaluation's loops.
    #[inline]
    pub fn is_held_by(&self, seat: Seat) -> bool {
        self.owner == seat.0
    }

    pub fn set_owner(&mut self, owner: Option<Seat>) {
        self.owner = owner.map_or(NONE, |s| s.0);
    }
}

impl Default for Place {
    fn default() -> Self {
        Place {
            tile: NONE,
            owner: NONE,
            knights: 0,
        }
    }
}

/// One player's things.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub(crate) struct Player {
    pub castle: u8,
    pub hand: Cards,
    /// The unordered, face-down part of the deck.
    pub deck: Cards,
    /// Cards on top of the deck in a known order (top first), put there by
    /// the Crown of Insight. Only their owner knows them.
    pub top: [Option<Card>; PEEK],
    pub discard: Cards,
    /// Relic card ids by kind (Crown, Sceptre, Orb); `NONE` before dealing.
    pub relics: [u8; 3],
    /// For each Relic: face down since this turn number.
    pub down: [Option<u16>; 3],
    /// For each Relic lying face down: what turned it down (`None` for one
    /// arranged face down, and in states saved before this was kept). Read
    /// only while the Relic is down.
    #[serde(default)]
    pub down_by: [Option<DownBy>; 3],
}

/// What turned a Relic face down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum DownBy {
    /// A Destroy card this seat played.
    Destroy(Seat),
    /// This seat's Crown (of Corruption).
    Crown(Seat),
}

impl DownBy {
    /// The player who turned the Relic down.
    pub fn seat(self) -> Seat {
        match self {
            DownBy::Destroy(seat) | DownBy::Crown(seat) => seat,
        }
    }
}

impl Player {
    pub fn top_len(&self) -> usize {
        self.top.iter().take_while(|c| c.is_some()).count()
    }

    /// Cards in the deck, known top included.
    pub fn deck_len(&self) -> usize {
        self.deck.len().saturating_add(self.top_len())
    }
}

/// Cards still to be drawn by one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DrawJob {
    pub seat: Seat,
    /// Draw until the hand holds this many (0: no such target left).
    pub until: u8,
    /// Then draw this many more (Influential Person).
    pub extra: u8,
}

/// The Crown of Insight at work: cards being looked at, then put back in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Peek {
    pub seat: Seat,
    /// Cards still to be turned up from the deck.
    pub left: u8,
    /// Looked-at cards not yet put back.
    pub seen: Cards,
    /// Cards put back so far, top first.
    pub order: [Option<Card>; PEEK],
}

/// What a Crown is used on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Target {
    Owner,
    Seat(Seat),
    Relic(RelicRef),
    Cell(#[serde(with = "cell_index")] Cell),
}

/// An announced Crown waiting for the other players' Destroy responses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CrownUse {
    pub user: Seat,
    pub target: Target,
    /// Seats after the user (1 = the next seat clockwise) still to be asked.
    pub next: u8,
    /// Some opponent was asked for Destroy, so the Crown takes effect in a
    /// later step than the one that used it.
    #[serde(default)]
    pub asked: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Phase {
    /// Territory tiles are dealt; `next` indexes the map's deal order.
    DealTiles {
        next: u8,
    },
    /// Relics are dealt: all Crowns round the table, then Sceptres, then Orbs.
    DealRelics {
        next: u8,
    },
    /// A player chooses how to split their starting knights (`seat` one
    /// past the last: everyone has).
    Split {
        seat: Seat,
    },
    /// Opening hands: `seat` is the next player to draw.
    Opening {
        seat: Seat,
    },
    /// The starting player is drawn.
    Starter,
    Turn(Turn),
    Over(Outcome),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Turn {
    pub seat: Seat,
    pub crown_used: bool,
    /// Redistribute-and-march rounds granted (Tactical March, Crown of
    /// Command) and not begun yet.
    pub extra_rounds: u8,
    /// The current round's redistribution is used up.
    pub redistributed: bool,
    /// The current round's march is used up.
    pub marched: bool,
    /// March targets taken back ("back") this round: not offered again
    /// until the next round, so a player cannot pick a target and take it
    /// back forever (a bot once did, and the game never ended).
    #[serde(default)]
    pub withdrawn: u64,
    pub stage: Stage,
    /// A Crown announcement waiting for responses; it interrupts the stage.
    pub crown: Option<CrownUse>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Stage {
    /// Between the turn's steps: Aid cards, the Crown, Destroy, starting a
    /// redistribution or a march, ending the turn.
    Free,
    /// Knights are being moved one at a time. A cell knights were taken from
    /// never receives any in the same redistribution and vice versa, which
    /// reaches every end position the rule allows while keeping it finite.
    Redistribute {
        sources: u64,
        targets: u64,
    },
    /// A march target is chosen; the number of knights is next.
    MarchSize {
        #[serde(with = "cell_index")]
        target: Cell,
    },
    Combat(Combat),
}

/// A face-down Conflict card choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Commit {
    Pending,
    Card(Card),
    /// No Conflict card in hand: it counts as 0.
    Nothing,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum CombatStep {
    /// The attacker may use their Crown or play Aid cards before the Sceptres.
    Window,
    /// Destroy responses against Sceptres, then the Sceptres apply.
    Sceptres,
    Conflict,
    Ambush,
    Support,
    /// Chaos: the winner's survival dice.
    Survival,
    /// Destroy responses against Orbs, then the Orbs apply.
    Orbs,
    /// Losses, retreat and conquest.
    Finish,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Combat {
    #[serde(with = "cell_index")]
    pub cell: Cell,
    pub attacker: Seat,
    pub defender: Seat,
    /// The attacker's knights in the conflict territory (the defender's are
    /// the territory's own knights, or the castle's under Siege).
    pub att_knights: u8,
    /// Combat values, attacker first.
    pub value: [i16; 2],
    pub step: CombatStep,
    pub commit: [Commit; 2],
    /// Ambush dice still to roll, attacker first.
    pub ambush: [bool; 2],
    /// Cards each seat has put on the table in this combat.
    pub played: [Cards; MAX_PLAYERS],
    /// Seats done with Support cards (bit per seat, see
    /// `combat::seat_bit`). A byte in saved states, so not a `SeatSet`.
    pub passed: u8,
    pub support_turn: Seat,
    /// Sides (bit 0 attacker, bit 1 defender) still to draw up to `draw_to`.
    pub draws_due: u8,
    pub draw_to: u8,
    /// Offset from the attacker of the next seat asked in a Destroy window.
    pub responder: u8,
    /// 0: the attacker won, 1: the defender (from step 6 on).
    pub winner: u8,
    pub margin: i16,
    /// Chaos survival dice still to roll.
    pub dice_left: u8,
    /// Knights the loser is spared (Orb of Revival).
    pub spared: u8,
    /// Chaos turned the result around.
    pub flipped: bool,
    /// What each side's Ambush die showed, attacker first (0: none rolled),
    /// kept for the report of the combat once it is over. Saved states
    /// from before it read as none rolled.
    #[serde(default)]
    pub ambush_faces: [u8; 2],
    /// Chaos: the winner's survival dice that showed 1.
    #[serde(default)]
    pub survival_ones: u8,
    /// The territory's attack and defence bonus each side began with,
    /// attacker first; kept so the report can say what made each value.
    #[serde(default)]
    pub territory: [i16; 2],
    /// The net change Sceptres made to each side's value, attacker first.
    #[serde(default)]
    pub sceptres: [i16; 2],
    /// Each side's Sceptre and Orb (in that order) that would have taken
    /// effect when its step came but lay face down, with what turned it
    /// down; attacker first. Kept for the report of the combat.
    #[serde(default)]
    pub relics_out: [[Option<DownBy>; 2]; 2],
    /// Each side's Crown, Sceptre and Orb (in that order) that took effect
    /// in this combat, with what came of it; attacker first. Kept for the
    /// report of the combat; saved states from before it read as none.
    #[serde(default)]
    pub relics_in: [[Option<Took>; 3]; 2],
}

/// What came of a combatant's Relic that took effect in a combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Took {
    /// It did what its card says; a Crown, on this target.
    Effect(Target),
    /// It applied but there was nothing for it to do.
    Idle(Idle),
}

/// Why a Relic that applied changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Idle {
    /// The rival had no knights left in the fight to lose.
    RivalHasNone,
    /// A defending castle is its own reserve.
    CastleDefends,
    /// No knight was left in the owner's castle.
    CastleEmpty,
    /// The territory had no room for another knight.
    NoRoom,
    /// None of the owner's Relics was face down.
    NoneDown,
}

impl Idle {
    /// Why nothing happened, in a player's words (the log's too).
    pub fn why(self) -> &'static str {
        match self {
            Idle::RivalHasNone => "the rival has no knights there",
            Idle::CastleDefends => "a defending castle is its own reserve",
            Idle::CastleEmpty => "no knight is left in the castle",
            Idle::NoRoom => "the territory has no room",
            Idle::NoneDown => "no Relic is face down",
        }
    }
}

impl Combat {
    pub fn seat_of(&self, side: usize) -> Seat {
        if side == 0 {
            self.attacker
        } else {
            self.defender
        }
    }

    /// The cards `seat` has put on the table in this combat.
    pub fn played_by(&self, seat: Seat) -> Cards {
        self.played.get(seat.index()).copied().unwrap_or_default()
    }

    pub fn played_mut(&mut self, seat: Seat) -> Option<&mut Cards> {
        self.played.get_mut(seat.index())
    }
}

/// The last combat fought to its end, kept after it so a player can still
/// read what decided it and what it cost once the turn has moved on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LastCombat {
    /// Combats fought to their end in this game, this one included: tells
    /// one report from the next even when two look alike.
    pub number: u16,
    /// The combat as it stood when the losses were taken.
    pub combat: Combat,
    /// The defender's knights in the fight then (the attacker's are the
    /// combat's own).
    pub defenders: u8,
    /// The fight was for a castle (Siege).
    pub castle: bool,
    /// Knights the loser lost.
    pub lost: u8,
    /// The loser's knights that retreated into its castle.
    pub retreated: u8,
    /// Knights that had to retreat and found no room in the castle.
    pub retreat_lost: u8,
}

/// A side's entry in a pair kept attacker first (`value`, `commit`,
/// `ambush`): side 0 is the attacker and any other the defender, as in
/// [`Combat::seat_of`].
pub(crate) fn of_side<T>(pair: &[T; 2], side: usize) -> &T {
    let [attacker, defender] = pair;
    if side == 0 { attacker } else { defender }
}

pub(crate) fn of_side_mut<T>(pair: &mut [T; 2], side: usize) -> &mut T {
    let [attacker, defender] = pair;
    if side == 0 { attacker } else { defender }
}

/// The other side of a combat.
pub(crate) fn rival(side: usize) -> usize {
    usize::from(side == 0)
}

/// The game state. Decks, hands and discard piles are multisets; the only
/// ordered cards are a deck's known top section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct State {
    pub config: Config,
    pub players: u8,
    #[serde(with = "array")]
    pub places: [Place; MAX_CELLS],
    /// Territory tiles not dealt.
    pub tiles: Pile<TILE_KINDS>,
    /// Relic cards not dealt (bit per relic id).
    pub relics_left: u32,
    pub seats: [Player; MAX_PLAYERS],
    /// The starting player, `NONE` before it is drawn (one byte in saved
    /// states); read through [`State::starter`].
    pub starter: u8,
    /// Turns begun so far; the current turn's number.
    pub turn_no: u16,
    /// Rounds completed (every player has had a turn).
    pub rounds: u16,
    pub phase: Phase,
    pub draw: Option<DrawJob>,
    pub peek: Option<Peek>,
    /// The last combat fought to its end; states saved before it existed
    /// read as none fought.
    #[serde(default)]
    pub last_combat: Option<LastCombat>,
}

impl State {
    pub fn seat_count(&self) -> usize {
        usize::from(self.players)
    }

    /// The seats at the table, in order.
    pub fn table_seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players).map(Seat)
    }

    /// The starting player, once drawn.
    pub fn starter(&self) -> Option<Seat> {
        (self.starter != NONE).then_some(Seat(self.starter))
    }

    pub fn map(&self) -> &'static MapInfo {
        map_for(self.seat_count()).unwrap_or(&MAPS[0])
    }

    // Every seat and cell goes through these four. Indices are reduced
    // modulo the array length so that even a corrupt state can never index
    // out of bounds; `validate` refuses such states at the door anyway.
    #[allow(clippy::indexing_slicing)] // reduced modulo the array's length
    pub fn player(&self, seat: Seat) -> &Player {
        &self.seats[seat.index() % MAX_PLAYERS]
    }

    #[allow(clippy::indexing_slicing)] // reduced modulo the array's length
    pub fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.seats[seat.index() % MAX_PLAYERS]
    }

    #[allow(clippy::indexing_slicing)] // reduced modulo the array's length
    pub fn place(&self, cell: Cell) -> &Place {
        &self.places[cell.index() % MAX_CELLS]
    }

    #[allow(clippy::indexing_slicing)] // reduced modulo the array's length
    pub fn place_mut(&mut self, cell: Cell) -> &mut Place {
        &mut self.places[cell.index() % MAX_CELLS]
    }

    pub fn turn(&self) -> Option<&Turn> {
        match &self.phase {
            Phase::Turn(t) => Some(t),
            _ => None,
        }
    }

    pub fn turn_mut(&mut self) -> Option<&mut Turn> {
        match &mut self.phase {
            Phase::Turn(t) => Some(t),
            _ => None,
        }
    }

    pub fn combat(&self) -> Option<&Combat> {
        match self.turn().map(|t| &t.stage) {
            Some(Stage::Combat(c)) => Some(c),
            _ => None,
        }
    }

    pub fn combat_mut(&mut self) -> Option<&mut Combat> {
        match self.turn_mut().map(|t| &mut t.stage) {
            Some(Stage::Combat(c)) => Some(c),
            _ => None,
        }
    }

    pub fn relic_id(&self, r: RelicRef) -> u8 {
        *r.relic.of(&self.player(r.seat).relics)
    }

    pub fn face_up(&self, r: RelicRef) -> bool {
        self.relic_id(r) != NONE && r.relic.of(&self.player(r.seat).down).is_none()
    }

    /// The effect of a seat's Relic of a kind, if it is face up.
    pub fn effect(&self, seat: Seat, kind: RelicKind) -> Option<RelicEffect> {
        let r = RelicRef { seat, relic: kind };
        if self.face_up(r) {
            relic(self.relic_id(r)).map(|info| info.effect)
        } else {
            None
        }
    }

    /// Refuses states no sequence of moves can reach in shape: seats, cells,
    /// tiles and relics out of range. Rules code can then trust indices.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.seat_count();
        let map =
            map_for(n).ok_or_else(|| format!("{n} players is not a Medieval Mastery game"))?;
        let cells = map.cells.len();
        let seat_ok = |s: Seat| s.index() < n;
        let cell_ok = |c: Cell| c.index() < cells;
        for (i, p) in self.places.iter().enumerate() {
            if i >= cells && *p != Place::default() {
                return Err(format!("cell {} is not on the map", i.saturating_add(1)));
            }
            if p.owner().is_some_and(|o| !seat_ok(o)) {
                return Err(format!(
                    "cell {} belongs to a seat not at the table",
                    i.saturating_add(1)
                ));
            }
            if p.tile != NONE && usize::from(p.tile) >= TILE_KINDS {
                return Err(format!(
                    "cell {} holds an unknown tile",
                    i.saturating_add(1)
                ));
            }
        }
        if self.relics_left >> 18 != 0 {
            return Err("unknown relic in the undealt relics".into());
        }
        for p in &self.seats {
            if p.relics.iter().any(|&r| r != NONE && relic(r).is_none()) {
                return Err("a player holds an unknown relic".into());
            }
            if p.down_by.iter().flatten().any(|b| !seat_ok(b.seat())) {
                return Err("a Relic turned down by a seat not at the table".into());
            }
        }
        if self.starter().is_some_and(|s| !seat_ok(s)) {
            return Err("the starting player is not at the table".into());
        }
        if let Some(d) = &self.draw
            && !seat_ok(d.seat)
        {
            return Err("a seat not at the table is drawing".into());
        }
        if let Some(p) = &self.peek
            && (!seat_ok(p.seat) || usize::from(p.left) > PEEK)
        {
            return Err("a bad Crown of Insight".into());
        }
        if let Some(l) = &self.last_combat {
            let c = &l.combat;
            let out_ok = c
                .relics_out
                .iter()
                .flatten()
                .flatten()
                .all(|b| seat_ok(b.seat()));
            if !cell_ok(c.cell)
                || !seat_ok(c.attacker)
                || !seat_ok(c.defender)
                || c.winner > 1
                || !out_ok
            {
                return Err("a bad report of the last combat".into());
            }
        }
        match &self.phase {
            Phase::DealTiles { next } if usize::from(*next) > map.deal_order.len() => {
                Err("tile dealing past the end".into())
            }
            Phase::DealRelics { next } if usize::from(*next) > n.saturating_mul(3) => {
                Err("relic dealing past the end".into())
            }
            Phase::Split { seat } | Phase::Opening { seat } if seat.index() > n => {
                Err("setup past the last seat".into())
            }
            Phase::Over(o) if o.winners.iter().any(|s| s.index() >= n) => {
                Err("a winner not at the table".into())
            }
            Phase::Turn(t) => {
                if !seat_ok(t.seat) {
                    return Err("a seat not at the table is on turn".into());
                }
                if let Some(c) = &t.crown {
                    let target_ok = match c.target {
                        Target::Owner => true,
                        Target::Seat(s) => seat_ok(s),
                        Target::Relic(r) => seat_ok(r.seat),
                        Target::Cell(c) => cell_ok(c),
                    };
                    if !seat_ok(c.user) || !target_ok {
                        return Err("a bad Crown announcement".into());
                    }
                }
                match &t.stage {
                    Stage::MarchSize { target } if !cell_ok(*target) => {
                        Err("march to a cell not on the map".into())
                    }
                    Stage::Combat(c)
                        if !cell_ok(c.cell)
                            || !seat_ok(c.attacker)
                            || !seat_ok(c.defender)
                            || !seat_ok(c.support_turn)
                            || c.winner > 1 =>
                    {
                        Err("a bad combat".into())
                    }
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
}
