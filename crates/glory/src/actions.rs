//! The decisions seats make and the outcomes of chance steps.

use crate::content::{JourneyType, Relic, Support, TournamentKind};
use serde::{Deserialize, Serialize};
use tourney_core::Seat;

pub use crate::vocab::Space;

/// A piece of equipment the Market (or Loot) upgrades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Gear {
    /// The horse: its level is how many black dice a duel rolls.
    Mount,
    /// Its level is how many white dice a duel rolls.
    Armor,
}

/// A die colour: red Strength, black Mount, white Armor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Red: one die per Strength token put in, up to three.
    Strength,
    /// Black: as many as the mount's level, up to three.
    Mount,
    /// White: as many as the armor's level, up to three.
    Armor,
}

impl Colour {
    /// The three colours in the order the dice arrays keep them.
    pub const ALL: [Colour; 3] = [Colour::Strength, Colour::Mount, Colour::Armor];

    /// The colour's place in [`Colour::ALL`] (red 0, black 1, white 2).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The die's colour word as the rules name it ("Strength").
    pub fn name(self) -> &'static str {
        match self {
            Colour::Strength => "Strength",
            Colour::Mount => "Mount",
            Colour::Armor => "Armor",
        }
    }
}

/// A seat's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Setup: play this character card (by id).
    Character(u8),
    /// Keep this title card as a personal objective.
    KeepTitle(u8),
    /// Setup: give back a Journey card of this kind for 1 Strength token.
    Exchange(u8),
    /// Put a pawn on an action space that needs nothing more.
    Place(Space),
    /// Market action: upgrade this item by one level.
    Market(Gear),
    /// Support action: take the tile on this track space (0 = leftmost).
    Support(u8),
    /// Herald action: register on this tournament space now.
    Herald(u8),
    /// The Loot event's action: this item from level III to IV.
    Loot(Gear),
    /// Take a face-up Journey card of this kind.
    Take(u8),
    /// Draw a Journey card of this type blind.
    Draw(JourneyType),
    /// Play a Journey card of this kind from the hand.
    Play(u8),
    /// Take this reward of an "A / B" card (0 = A).
    Choose(u8),
    /// Register on this tournament space.
    Register(u8),
    /// Between rounds: hold this type of tournament in the coming round.
    Tournament(TournamentKind),
    /// Title phase: fight the Brave title's duel.
    Attempt,
    /// Duel: use this tent or lance support.
    Use(Support),
    /// Duel: add this many Strength tokens (0 adds none).
    Strength(u8),
    /// Duel: spend a Faith token to re-roll dice.
    Faith,
    /// Duel: pick a die of this colour showing this face (0-5, 5 = the
    /// symbol) for the coming re-roll.
    Reroll {
        /// Which dice of the side to look among.
        colour: Colour,
        /// The face the chosen die shows; of several such dice the first
        /// one not yet picked is taken.
        face: u8,
    },
    /// Duel: re-roll the picked dice.
    Roll,
    /// Duel: use a relic.
    Relic(Relic),
    /// Flip this support back to its active side (Lady-in-Waiting, or what
    /// a defeated player recovers).
    ReactivateSupport(Support),
    /// Flip this relic back to its active side (Hermit, or recovery).
    ReactivateRelic(Relic),
    /// Decline: stop playing Journey cards, wait in the registration, use
    /// nothing at this duel step, finish exchanging, skip the Brave duel.
    Pass,
}

/// What a die showed or which card or tile came up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// The seat taking the next place on the initiative track.
    Seat(Seat),
    /// A character card (id).
    Character(u8),
    /// A title card (id).
    Title(u8),
    /// A Journey card (kind).
    Journey(u8),
    /// A support tile.
    Support(Support),
    /// An event card (id).
    Event(u8),
    /// A tournament card (id).
    Tournament(u8),
    /// A knight tile (id).
    Knight(u8),
    /// A trophy tile (id).
    Trophy(u8),
    /// A die face, 0 to 5 (5 = the symbol).
    Die(u8),
    /// Solo mode: the automa card Otto reveals (id in `data/automa.toml`).
    Automa(u8),
}
