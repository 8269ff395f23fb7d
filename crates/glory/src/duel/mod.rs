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

/// Who fights on one side of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fighter {
    /// A player (index).
    Player(u8),
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
    pub fn player(self) -> Option<u8> {
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelCtx {
    /// A Challenge card played from `player`'s hand.
    Journey { player: u8, card: u8 },
    /// A Pas d'Armes duel on tournament space `space` (town * 3 + place).
    PasDArmes { space: u8 },
    /// Joust à Plaisance match `game` (0-3 lower row, 4-5 middle, 6 final).
    Joust { game: u8 },
    /// The single attempt at a title's duel (Brave).
    Title { player: u8, title: u8 },
}

impl DuelCtx {
    pub fn in_tournament(self) -> bool {
        matches!(self, DuelCtx::PasDArmes { .. } | DuelCtx::Joust { .. })
    }
}

/// Where a duel stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelStep {
    /// Before the first clash: one tent support each.
    Tent,
    /// Hermit or Lady-in-Waiting: which relic or support flips back.
    Wake {
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
        ring: bool,
    },
    /// The picked dice are rolled again (chance steps).
    Reroll {
        ring: bool,
    },
    Lance {
        second: bool,
    },
    Relic,
    /// Attack values are compared.
    Resolve,
    /// The loser picks what to recover.
    Recover {
        relic: bool,
    },
    Done,
}

/// One side of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
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
    /// Attack and prestige modifiers of this clash.
    pub attack_mod: i8,
    pub prestige_mod: i8,
    pub faith_used: bool,
    pub relic_used: bool,
    /// Supports, relics and prestige tokens flipped in this duel: what a
    /// loser may recover from.
    pub spent: [u8; 22],
    pub spent_relics: [u8; 4],
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
        colour * 3..colour * 3 + n
    }

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

    pub fn has_die(&self, colour: usize) -> bool {
        !self.slots(colour).is_empty()
    }
}

/// The face showing a die's best printed value (5, 4 and 3).
pub const BEST_FACE: u8 = 4;

/// How one clash ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClashReport {
    pub attack: [i16; 2],
    pub prestige: [i16; 2],
    pub winner: u8,
    pub by: TieBreak,
}

/// What decided a clash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    Attack,
    Prestige,
    Initiative,
}

/// A duel in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duel {
    pub ctx: DuelCtx,
    pub sides: [Side; 2],
    pub wins: [u8; 2],
    /// 1 to 3.
    pub clash: u8,
    pub step: DuelStep,
    /// Sides in acting order for this step, and how many have acted.
    pub order: [u8; 2],
    pub pos: u8,
    /// Dice waiting to be rolled, per side (bit 9: a Polish Noble's die).
    pub to_roll: [u16; 2],
    /// Dice picked for a re-roll, and how many may be picked.
    pub picked: u16,
    pub limit: u8,
    /// The side that won (`NONE` while the duel runs).
    pub winner: u8,
    pub last_clash: Option<ClashReport>,
}

/// How a finished duel went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelReport {
    pub ctx: DuelCtx,
    pub fighters: [Fighter; 2],
    pub wins: [u8; 2],
    pub winner: u8,
    /// Glory each side gained for the duel.
    pub glory: [u16; 2],
}

impl Duel {
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
            last_clash: None,
        }
    }

    pub fn side(&self, s: u8) -> Option<&Side> {
        self.sides.get(usize::from(s))
    }

    pub fn side_mut(&mut self, s: u8) -> Option<&mut Side> {
        self.sides.get_mut(usize::from(s))
    }

    /// The side whose decision the duel waits for.
    pub fn acting(&self) -> Option<u8> {
        match self.step {
            DuelStep::Roll | DuelStep::Reroll { .. } | DuelStep::Resolve | DuelStep::Done => None,
            DuelStep::Recover { .. } => (self.winner < 2).then(|| 1 - self.winner),
            _ => self.order.get(usize::from(self.pos)).copied(),
        }
    }

    /// The player whose decision the duel waits for.
    pub fn deciding(&self) -> Option<u8> {
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

    pub fn side_of_player(&self, p: u8) -> Option<u8> {
        (0..2u8).find(|&s| self.side(s).and_then(|x| x.fighter.player()) == Some(p))
    }
}

/// Colours by their index in the dice arrays.
pub(crate) const COLOURS: [usize; 3] = [RED, BLACK, WHITE];
