//! Duels and clashes, exactly as the Duel section and the Game Aid run them.
//!
//! A duel is best of three clashes. Before the first clash each player may
//! use one tent support; every clash then runs: Strength tokens, the roll,
//! one Faith re-roll, two lance supports, one relic, and the comparison.
//! Every step is taken by the player who is behind first (lower attack,
//! then lower prestige, then worse initiative), then by the other. Every
//! die is its own chance step.

mod flow;
mod moves;

pub(crate) use moves::slot_colour;

use crate::content::{self, BLACK, RED, WHITE, die_value};
use crate::state::NONE;
use serde::{Deserialize, Serialize};
use tourney_core::Seat;

/// Who fights on one side of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Fighter {
    /// A player.
    Player(Seat),
    /// A knight tile (id).
    Knight(u8),
    /// The opponent on a Challenge card (Journey card kind).
    Card(u8),
    /// The opponent a title card names (title id).
    Title(u8),
    /// Solo mode: Otto, fighting with the values of this knight tile.
    Otto(u8),
}

impl Fighter {
    /// The player fighting, if this side is one (Otto is not: he fights
    /// with a knight's numbers).
    pub fn player(self) -> Option<Seat> {
        match self {
            Fighter::Player(p) => Some(p),
            _ => None,
        }
    }

    /// Printed attack and prestige of a non-player fighter.
    pub fn printed(self) -> (u8, u8) {
        match self {
            Fighter::Player(_) => (0, 0),
            Fighter::Knight(k) | Fighter::Otto(k) => {
                content::knight(k).map_or((0, 0), |t| (t.attack, t.prestige))
            }
            Fighter::Card(c) => content::journey(c).map_or((0, 0), |j| (j.attack, j.prestige)),
            Fighter::Title(t) => content::title(t)
                .and_then(|t| t.need.duel)
                .unwrap_or((0, 0)),
        }
    }

    /// Dice the opponent rolls fewer (Veterans).
    pub fn fewer(self) -> [u8; 3] {
        match self {
            Fighter::Knight(k) | Fighter::Otto(k) => content::knight(k).map_or([0; 3], |t| t.fewer),
            _ => [0; 3],
        }
    }

    /// Polish Nobles roll a white die every clash.
    pub fn rolls_die(self) -> bool {
        match self {
            Fighter::Knight(k) | Fighter::Otto(k) => {
                content::knight(k).is_some_and(|t| t.rolls_armor_die())
            }
            _ => false,
        }
    }
}

/// What a duel is fought for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DuelCtx {
    /// A Challenge card played from a player's hand.
    Journey {
        /// Who played the card; the card goes back to them if they lose.
        player: Seat,
        /// The Challenge card (Journey card kind).
        card: u8,
    },
    /// A Pas d'Armes duel.
    PasDArmes {
        /// The tournament space fought on: town * 3 + place.
        space: u8,
    },
    /// A Joust à Plaisance match.
    Joust {
        /// The match: 0-3 lower row, 4-5 middle row, 6 the final.
        game: u8,
    },
    /// The single attempt at a title's duel (Brave).
    Title {
        /// Who fights for the title.
        player: Seat,
        /// The title asking for the duel.
        title: u8,
    },
}

impl DuelCtx {
    /// Whether the duel is part of a tournament: only those pay glory by
    /// themselves (a card or a title pays its own reward).
    pub fn in_tournament(self) -> bool {
        matches!(self, DuelCtx::PasDArmes { .. } | DuelCtx::Joust { .. })
    }
}

/// Where a duel stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DuelStep {
    /// Before the first clash: one tent support each.
    Tent,
    /// Hermit or Lady-in-Waiting: which relic or support flips back.
    Wake {
        /// A relic (Hermit), else a support (Lady-in-Waiting).
        relic: bool,
    },
    /// Add Strength tokens.
    Strength,
    /// The dice are rolled (chance steps).
    Roll,
    /// One Faith token for a re-roll.
    Faith,
    /// Picking the dice a Faith token (or the Ring) re-rolls.
    Pick {
        /// The Ring asked for the re-roll (up to four dice, then the relic
        /// step goes on), not a Faith token.
        ring: bool,
    },
    /// The picked dice are rolled again (chance steps).
    Reroll {
        /// As in [`DuelStep::Pick`]: where the clash goes on afterwards.
        ring: bool,
    },
    /// One lance support each, twice over.
    Lance {
        /// The second of the two lance turns.
        second: bool,
    },
    /// One relic each.
    Relic,
    /// Attack values are compared.
    Resolve,
    /// The loser picks what to recover.
    Recover {
        /// Picking a relic; the support (if any) was picked before.
        relic: bool,
    },
    /// The duel is over and only waits to be settled.
    Done,
}

/// One side of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Side {
    /// Who fights on this side.
    pub fighter: Fighter,
    /// Strength tokens put on the player board this duel (at most 4).
    pub tokens: u8,
    /// Faith tokens spent this duel.
    pub faith_spent: u8,
    /// Die faces (0-5, `NONE` not rolled): three red, three black, three
    /// white slots.
    pub dice: [u8; 9],
    /// Dice rolled this clash, by colour.
    pub count: [u8; 3],
    /// A Polish Noble's white die this clash.
    pub knight_die: u8,
    /// Attack modifier of this clash (Cook, Veteran, Rogue, relics …).
    pub attack_mod: i8,
    /// Prestige modifier of this clash (a Jester opposite).
    pub prestige_mod: i8,
    /// A Faith token was spent this clash: one re-roll per clash.
    pub faith_used: bool,
    /// A relic was used this clash: one relic per clash.
    pub relic_used: bool,
    /// Supports flipped in this duel, by kind: what a loser may recover
    /// one of.
    pub spent: [u8; 22],
    /// Relics flipped in this duel, by kind.
    pub spent_relics: [u8; 4],
    /// Prestige tokens flipped in this duel (bit per type).
    pub flipped: u8,
}

impl Side {
    fn new(fighter: Fighter) -> Side {
        Side {
            fighter,
            tokens: 0,
            faith_spent: 0,
            dice: [NONE; 9],
            count: [0; 3],
            knight_die: NONE,
            attack_mod: 0,
            prestige_mod: 0,
            faith_used: false,
            relic_used: false,
            spent: [0; 22],
            spent_relics: [0; 4],
            flipped: 0,
        }
    }

    /// Dice slots in play this clash, by colour.
    pub fn slots(&self, colour: usize) -> std::ops::Range<usize> {
        let n = usize::from(self.count.get(colour).copied().unwrap_or(0).min(3));
        let first = colour.saturating_mul(3);
        first..first.saturating_add(n)
    }

    /// How many dice this side rolled this clash, all colours together.
    pub fn dice_in_play(&self) -> u8 {
        self.count.iter().map(|&c| c.min(3)).sum()
    }

    /// The best value of a colour; `active` turns the symbol to its best.
    pub fn best(&self, colour: usize, active: bool) -> u8 {
        self.slots(colour)
            .filter_map(|i| self.dice.get(i).copied())
            .filter(|&f| f != NONE)
            .map(|f| die_value(colour, f, active))
            .max()
            .unwrap_or(0)
    }

    /// Turns one die of `colour` to its best plain face (Squire, Weapons
    /// Master, Armorer, Rosary).
    pub fn turn_die(&mut self, colour: usize) {
        if let Some(i) = self.slots(colour).next()
            && let Some(d) = self.dice.get_mut(i)
        {
            *d = BEST_FACE;
        }
    }

    /// Whether this side rolled a die of `colour` this clash (what the
    /// supports that turn a die need).
    pub fn has_die(&self, colour: usize) -> bool {
        !self.slots(colour).is_empty()
    }
}

/// The face showing a die's best printed value (5, 4 and 3).
pub const BEST_FACE: u8 = 4;

/// How one clash ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClashReport {
    /// Both sides' attack values, left side first.
    pub attack: [i16; 2],
    /// Both sides' prestige at the comparison.
    pub prestige: [i16; 2],
    /// The side that won the clash: 0 left, 1 right.
    pub winner: u8,
    /// What decided it.
    pub by: TieBreak,
    /// What each side's attack value was made of, left side first. (Saved
    /// games from before it read all zero.)
    #[serde(default)]
    pub sides: [ClashSide; 2],
}

/// What one side's attack value in a clash was made of: it is `printed`
/// plus the dice plus `modifier`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct ClashSide {
    /// The value each colour counted (red, black, white): a player's best
    /// die of that colour, a Polish Noble's white die; `null` where no die
    /// of it was rolled.
    pub dice: [Option<u8>; 3],
    /// A knight's (or Otto's tile's) printed attack; 0 for a player.
    pub printed: u8,
    /// This clash's attack modifier (Cook, Veteran, relics, events ...).
    pub modifier: i8,
}

impl ClashSide {
    /// The attack value: printed attack, dice and modifier together.
    pub fn total(&self) -> i16 {
        let dice: i16 = self.dice.iter().flatten().map(|&v| i16::from(v)).sum();
        i16::from(self.printed)
            .saturating_add(dice)
            .saturating_add(i16::from(self.modifier))
    }
}

/// What decided a clash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The higher attack value.
    Attack,
    /// Equal attack: the higher prestige (against a knight, the player
    /// needs at least his).
    Prestige,
    /// Equal attack and prestige between players (or a player and Otto):
    /// the better place on the initiative track.
    Initiative,
}

/// A duel in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Duel {
    /// What the duel is fought for, which decides what it pays.
    pub ctx: DuelCtx,
    /// The left side (the one who started it, or the left tournament
    /// space) and the right one.
    pub sides: [Side; 2],
    /// Clashes won by each side; two win the duel.
    pub wins: [u8; 2],
    /// 1 to 3.
    pub clash: u8,
    /// The step the current clash is at.
    pub step: DuelStep,
    /// Sides in acting order for this step: the side behind goes first.
    pub order: [u8; 2],
    /// How many sides of `order` have acted at this step.
    pub pos: u8,
    /// Dice waiting to be rolled, per side (bit 9: a Polish Noble's die).
    pub to_roll: [u16; 2],
    /// Dice slots picked for a re-roll (bit per slot).
    pub picked: u16,
    /// How many dice the re-roll being picked may take.
    pub limit: u8,
    /// The side that won (`NONE` while the duel runs).
    pub winner: u8,
    /// How each clash fought so far was decided, first to third.
    #[serde(default)]
    pub clashes: [Option<ClashReport>; 3],
}

/// How a finished duel went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DuelReport {
    /// What the duel was fought for.
    pub ctx: DuelCtx,
    /// The two sides, left first.
    pub fighters: [Fighter; 2],
    /// Clashes each side won.
    pub wins: [u8; 2],
    /// The side that won the duel: 0 left, 1 right.
    pub winner: u8,
    /// Glory each side gained for the duel.
    pub glory: [u16; 2],
    /// Each side's glory value when the duel was scored: what beating that
    /// side was worth (a knight's printed glory; 7 or 9 for a player or
    /// Otto). The loser's glory, when it won one clash, is half the
    /// winner's value, rounded down. 0 for duels that pay no glory by
    /// themselves (a Challenge card's, a title's) and those settled
    /// without dice.
    #[serde(default)]
    pub values: [u16; 2],
    /// Set when no dice were rolled: Otto against a knight is settled at
    /// once by comparing each side's glory value, then prestige, the left
    /// side winning a tie. Holds `[glory, prestige]` for each side, so a
    /// reader sees why, and `wins` stays `[0, 0]`.
    #[serde(default)]
    pub compared: Option<[[u8; 2]; 2]>,
    /// How each clash was decided, first to third (`null`: not fought).
    #[serde(default)]
    pub clashes: [Option<ClashReport>; 3],
}

impl Duel {
    /// How the latest clash fought was decided, if one was.
    pub fn last_clash(&self) -> Option<ClashReport> {
        self.clashes.iter().rev().flatten().next().copied()
    }

    /// A duel about to begin: `a` on the left, `b` on the right, at the
    /// tent step of the first clash.
    pub fn new(ctx: DuelCtx, a: Fighter, b: Fighter) -> Duel {
        Duel {
            ctx,
            sides: [Side::new(a), Side::new(b)],
            wins: [0; 2],
            clash: 1,
            step: DuelStep::Tent,
            order: [0, 1],
            pos: 0,
            to_roll: [0; 2],
            picked: 0,
            limit: 0,
            winner: NONE,
            clashes: [None; 3],
        }
    }

    /// Side `s` (0 left, 1 right); `None` for any other number.
    pub fn side(&self, s: u8) -> Option<&Side> {
        self.sides.get(usize::from(s))
    }

    /// Side `s`, to change.
    pub fn side_mut(&mut self, s: u8) -> Option<&mut Side> {
        self.sides.get_mut(usize::from(s))
    }

    /// Side `s` where the side is known to fight: 0 the left, any other
    /// number the right (as [`on_side`] reads it).
    pub(crate) fn at(&self, s: u8) -> &Side {
        on_side(&self.sides, s)
    }

    /// Side `s` where the side is known to fight, to change.
    pub(crate) fn at_mut(&mut self, s: u8) -> &mut Side {
        on_side_mut(&mut self.sides, s)
    }

    /// The side whose decision the duel waits for.
    pub fn acting(&self) -> Option<u8> {
        match self.step {
            DuelStep::Roll | DuelStep::Reroll { .. } | DuelStep::Resolve | DuelStep::Done => None,
            DuelStep::Recover { .. } => (self.winner < 2).then(|| other_side(self.winner)),
            _ => self.order.get(usize::from(self.pos)).copied(),
        }
    }

    /// The player whose decision the duel waits for.
    pub fn deciding(&self) -> Option<Seat> {
        self.acting()
            .and_then(|s| self.side(s))
            .and_then(|s| s.fighter.player())
    }

    /// The die the next chance step rolls: (side, slot); slot 9 is a
    /// Polish Noble's die.
    pub fn next_die(&self) -> Option<(u8, u8)> {
        if !matches!(self.step, DuelStep::Roll | DuelStep::Reroll { .. }) {
            return None;
        }
        (0..2u8).find_map(|s| {
            let mask = self.to_roll.get(usize::from(s)).copied().unwrap_or(0);
            (mask != 0).then(|| (s, mask.trailing_zeros() as u8))
        })
    }

    /// The side player `p` fights on, if they are in this duel.
    pub fn side_of_player(&self, p: Seat) -> Option<u8> {
        (0..2u8).find(|&s| self.side(s).and_then(|x| x.fighter.player()) == Some(p))
    }
}

/// Colours by their index in the dice arrays.
pub(crate) const COLOURS: [usize; 3] = [RED, BLACK, WHITE];

/// Side `s`'s entry of a per-side pair: 0 the left, any other number the
/// right, so a side number read from the state can never index past it.
pub(crate) fn on_side<T>(pair: &[T; 2], s: u8) -> &T {
    let [left, right] = pair;
    if s == 0 { left } else { right }
}

/// Side `s`'s entry of a per-side pair, to change.
pub(crate) fn on_side_mut<T>(pair: &mut [T; 2], s: u8) -> &mut T {
    let [left, right] = pair;
    if s == 0 { left } else { right }
}

/// A per-side pair with side `first`'s entry first (0 the left, any other
/// number the right): a winner's and a loser's numbers, say.
pub(crate) fn ordered<T>(pair: &[T; 2], first: u8) -> [&T; 2] {
    let [left, right] = pair;
    if first == 0 {
        [left, right]
    } else {
        [right, left]
    }
}

/// The side facing side `s`: the right for the left (0), the left for any
/// other number.
pub(crate) const fn other_side(s: u8) -> u8 {
    if s == 0 { 1 } else { 0 }
}
