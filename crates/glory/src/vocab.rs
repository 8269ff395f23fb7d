//! The words Glory's data files and rules code share: knight types,
//! supports and their timings, relics, prestige tokens, Journey card types,
//! events, tournament kinds, action spaces and Otto's automa decks.
//!
//! This file has two readers. The library uses it as a module and
//! re-exports every type from `content`; `build.rs` compiles the same file
//! with `#[path]`, so it parses the data files into these very enums and
//! prints them back as Rust, instead of keeping copies of the lists that
//! could drift from the rules code. That is why nothing here may name
//! another module of the crate, and why it needs no more than serde.
//!
//! Each enum's serde name (`weapons_master`, `polish_noble`, …) is the word
//! the data files use and the word the JSON protocol uses, so one derive
//! serves both. A `name()` is what the box prints, which the data files use
//! where they list the components themselves (`name = "Weapons Master"`).

use serde::{Deserialize, Serialize};

/// The five kinds of knight tile, recognisable by their backs; tournament
/// cards ask for knights by kind, not by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KnightType {
    /// The strongest tiles: beating one takes Strength, level III-IV gear
    /// and supports.
    Champion,
    /// Takes away some of the opponent's dice (`KnightTile::fewer`).
    Veteran,
    /// Strong but plain: no die rule applies to a King, which is why Otto
    /// borrows Kings' values in Rivalry mode.
    King,
    /// Beatable with a character's starting gear.
    Noble,
    /// Adds a white (armor) die to his attack in every clash.
    PolishNoble,
}

impl KnightType {
    /// Every type, in declaration order.
    pub const ALL: [KnightType; 5] = [
        KnightType::Champion,
        KnightType::Veteran,
        KnightType::King,
        KnightType::Noble,
        KnightType::PolishNoble,
    ];

    /// The type as the rulebook prints it on the tile's back.
    pub fn name(self) -> &'static str {
        match self {
            KnightType::Champion => "Champion",
            KnightType::Veteran => "Veteran",
            KnightType::King => "King",
            KnightType::Noble => "Noble",
            KnightType::PolishNoble => "Polish Noble",
        }
    }
}

/// The 22 supports, in the rulebook's order. The order is an index into
/// every per-support table (`SUPPORT_STACKS`, `Need::support_list`,
/// `SPECIAL_GLORY`), so `supports.toml` must list them in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Support {
    /// Tent: wakes a flipped relic.
    Hermit,
    /// One-time: 4 glory.
    Minstrel,
    /// Tent: costs its owner 1 glory, takes 1 off the opponent's attack.
    Rogue,
    /// Lance: +1 attack.
    Veteran,
    /// Lance: turns a black (mount) die to its best plain face.
    Squire,
    /// Lance: turns a red (strength) die to its best plain face.
    WeaponsMaster,
    /// Passive: glory at the end for each completed title.
    Chronicler,
    /// Passive: one more die to re-roll with Faith.
    Sister,
    /// Passive: one more pick on Travel Plans.
    Queen,
    /// Lance: turns a white (armor) die to its best plain face.
    Armorer,
    /// One-time: the Royal prestige token.
    King,
    /// Passive: two more dice to re-roll with Faith.
    Bishop,
    /// Passive: one more Journey card a Journey phase.
    Emissary,
    /// Tent: wakes another flipped support.
    LadyInWaiting,
    /// One-time: 5 glory.
    Lady,
    /// Tent: takes 2 off the opponent's prestige.
    Jester,
    /// One-time: 6 coins for 2 glory.
    Moneylender,
    /// Tent: +1 attack.
    Cook,
    /// Tent: wakes a flipped prestige token.
    Herald,
    /// Lance: costs its owner 1 glory, takes 1 off the opponent's attack.
    Witch,
    /// Passive: the Market and the support track cost 1 coin less.
    Diplomat,
    /// One-time: the Overlord prestige token.
    Vassal,
}

impl Support {
    /// Every support in index order, for tables and loops over all kinds.
    pub const ALL: [Support; 22] = [
        Support::Hermit,
        Support::Minstrel,
        Support::Rogue,
        Support::Veteran,
        Support::Squire,
        Support::WeaponsMaster,
        Support::Chronicler,
        Support::Sister,
        Support::Queen,
        Support::Armorer,
        Support::King,
        Support::Bishop,
        Support::Emissary,
        Support::LadyInWaiting,
        Support::Lady,
        Support::Jester,
        Support::Moneylender,
        Support::Cook,
        Support::Herald,
        Support::Witch,
        Support::Diplomat,
        Support::Vassal,
    ];

    /// The support's position in the per-support tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The support at a table position; `None` past the end, because
    /// positions come from the state, which a client may have sent.
    pub fn from_index(i: usize) -> Option<Support> {
        Support::ALL.get(i).copied()
    }

    /// The name printed on the tile, which `supports.toml` lists.
    pub fn name(self) -> &'static str {
        match self {
            Support::Hermit => "Hermit",
            Support::Minstrel => "Minstrel",
            Support::Rogue => "Rogue",
            Support::Veteran => "Veteran",
            Support::Squire => "Squire",
            Support::WeaponsMaster => "Weapons Master",
            Support::Chronicler => "Chronicler",
            Support::Sister => "Sister",
            Support::Queen => "Queen",
            Support::Armorer => "Armorer",
            Support::King => "King",
            Support::Bishop => "Bishop",
            Support::Emissary => "Emissary",
            Support::LadyInWaiting => "Lady-in-Waiting",
            Support::Lady => "Lady",
            Support::Jester => "Jester",
            Support::Moneylender => "Moneylender",
            Support::Cook => "Cook",
            Support::Herald => "Herald",
            Support::Witch => "Witch",
            Support::Diplomat => "Diplomat",
            Support::Vassal => "Vassal",
        }
    }
}

/// When a support is used (the icon on its centre band): it decides at
/// which step of a turn or a duel the rules offer the tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// A bonus the moment it is taken.
    OneTime,
    /// A lasting bonus, never flipped.
    Passive,
    /// Before the first clash of a duel; one per duel.
    Tent,
    /// During a clash after the roll; up to two per clash.
    Lance,
}

/// The three Journey card types: each has its own deck and face-up column,
/// and titles count discarded cards by type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JourneyType {
    /// Cards that give resources outright.
    Romance,
    /// Cards bought with coins.
    Market,
    /// Cards won by beating the opponent printed on them.
    Challenge,
}

impl JourneyType {
    /// Every type in index order, for the per-type decks and columns.
    pub const ALL: [JourneyType; 3] = [
        JourneyType::Romance,
        JourneyType::Market,
        JourneyType::Challenge,
    ];

    /// The type's position in the per-type decks and columns.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The type as the rulebook prints it.
    pub fn name(self) -> &'static str {
        match self {
            JourneyType::Romance => "Romance",
            JourneyType::Market => "Market",
            JourneyType::Challenge => "Challenge",
        }
    }
}

/// The four relics. The order is the one `RELIC_COPIES` counts them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relic {
    /// +1 attack.
    Medallion,
    /// +2 attack.
    Amulet,
    /// Re-roll up to four dice.
    Ring,
    /// Turns a white (armor) die to its best plain face.
    Rosary,
}

impl Relic {
    /// Every relic in index order, for the per-relic counts.
    pub const ALL: [Relic; 4] = [Relic::Medallion, Relic::Amulet, Relic::Ring, Relic::Rosary];

    /// The relic's position in the per-relic counts.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name printed on the relic, which `table.toml` lists.
    pub fn name(self) -> &'static str {
        match self {
            Relic::Medallion => "Medallion",
            Relic::Amulet => "Amulet",
            Relic::Ring => "Ring",
            Relic::Rosary => "Rosary",
        }
    }
}

/// The six kinds of prestige token. They are interchangeable in play; the
/// order decides which token a tie flips first and is the one
/// `PRESTIGE_COPIES` counts them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Prestige {
    /// The Charmer token.
    Charmer,
    /// The Overlord token, which the Vassal gives.
    Overlord,
    /// The Warrior token.
    Warrior,
    /// The Royal token, which the King gives.
    Royal,
    /// The Chamberlain token.
    Chamberlain,
    /// The Champion token.
    Champion,
}

impl Prestige {
    /// Every token kind in index order, for the per-kind counts and masks.
    pub const ALL: [Prestige; 6] = [
        Prestige::Charmer,
        Prestige::Overlord,
        Prestige::Warrior,
        Prestige::Royal,
        Prestige::Chamberlain,
        Prestige::Champion,
    ];

    /// The kind's bit in a `u8` set of token kinds (flipped, owned).
    pub const fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// The name printed on the token, which `table.toml` lists.
    pub fn name(self) -> &'static str {
        match self {
            Prestige::Charmer => "Charmer",
            Prestige::Overlord => "Overlord",
            Prestige::Warrior => "Warrior",
            Prestige::Royal => "Royal",
            Prestige::Chamberlain => "Chamberlain",
            Prestige::Champion => "Champion",
        }
    }
}

/// What an event does (its rules are in `actions.rs` and `round.rs`). Two
/// cards share Recruitment, so this is the effect, not the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// Action: pay 1 coin for 3 glory and 3 Faith.
    Crusade,
    /// Every player receives 2 coins.
    BountifulHarvest,
    /// Every player receives 2 Strength.
    RoyalWedding,
    /// Action: pay 1 coin for the special support on the card.
    Recruitment,
    /// Action: pay 1 coin for 3 Journey cards.
    Journey,
    /// Every player has one pawn fewer this round.
    ToArms,
    /// Every player loses 2 coins.
    War,
    /// Action: pay 2 Strength to upgrade a level III mount or armor to IV.
    Loot,
    /// Action: pay 2 Strength for 5 glory.
    Siege,
    /// Action: pay 1 coin for 5 Strength.
    WanderingKnight,
    /// Action: take the special support on the card.
    Volunteer,
}

impl EventKind {
    /// Whether the card adds an action space for its round (the others
    /// act on every player at the start of the round).
    pub const fn has_space(self) -> bool {
        matches!(
            self,
            EventKind::Crusade
                | EventKind::Recruitment
                | EventKind::Journey
                | EventKind::Loot
                | EventKind::Siege
                | EventKind::WanderingKnight
                | EventKind::Volunteer
        )
    }
}

/// The two kinds of tournament card, which run by different rules.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
pub enum TournamentKind {
    /// Duels against knights in three towns.
    #[default]
    #[serde(rename = "pas_d_armes")]
    PasDArmes,
    /// A ladder of eight, knocked out duel by duel.
    #[serde(rename = "joust_a_plaisance")]
    JoustAPlaisance,
}

impl TournamentKind {
    /// The kind as the rulebook prints it.
    pub fn name(self) -> &'static str {
        match self {
            TournamentKind::PasDArmes => "Pas d'Armes",
            TournamentKind::JoustAPlaisance => "Joust à Plaisance",
        }
    }
}

/// An action space of the main board. The first ten have circles (or an
/// open zone) given in `data/table.toml`; the initiative track and the
/// event card are handled apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Space {
    /// 3 Strength tokens.
    Training,
    /// 3 Faith tokens.
    Prayer,
    /// 3 coins.
    Service,
    /// Two Journey cards (more with a Queen), face up or blind.
    TravelPlans,
    /// 2 coins; an open zone.
    Patrol,
    /// 2 Strength tokens; an open zone.
    WarmUp,
    /// One level more for the mount or the armor, paid in coins.
    Market,
    /// A tile bought from the support track.
    Support,
    /// Registering for the coming tournament before the Registration phase.
    Herald,
    /// Three titles drawn, one kept as a personal objective.
    NewObjective,
    /// A place under the initiative track and 1 coin, once a round.
    Initiative,
    /// The action the round's event card adds, if it adds one.
    Event,
}

impl Space {
    /// Every space, in the order of the pawn counts in `state::Board`.
    pub const ALL: [Space; 12] = [
        Space::Training,
        Space::Prayer,
        Space::Service,
        Space::TravelPlans,
        Space::Patrol,
        Space::WarmUp,
        Space::Market,
        Space::Support,
        Space::Herald,
        Space::NewObjective,
        Space::Initiative,
        Space::Event,
    ];

    /// The space's place in [`Space::ALL`], to index per-space tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name printed on the board, for menus and logs.
    pub fn name(self) -> &'static str {
        match self {
            Space::Training => "Training",
            Space::Prayer => "Prayer",
            Space::Service => "Service",
            Space::TravelPlans => "Travel Plans",
            Space::Patrol => "Patrol",
            Space::WarmUp => "Warm-Up",
            Space::Market => "Market",
            Space::Support => "Support",
            Space::Herald => "Herald",
            Space::NewObjective => "New Objective",
            Space::Initiative => "Initiative",
            Space::Event => "Event",
        }
    }
}

/// Which cards make up Otto's automa deck: the 9 Solo cards alone, or with
/// the two Warrior or the two Pious character cards.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum AutomaDeck {
    /// The 9 Solo cards only.
    #[default]
    Solo,
    /// The Solo cards and the two Warrior character cards.
    Warrior,
    /// The Solo cards and the two Pious character cards.
    Pious,
}

impl AutomaDeck {
    /// Every deck, in the order `automa.toml` lists their cards.
    pub const ALL: [AutomaDeck; 3] = [AutomaDeck::Solo, AutomaDeck::Warrior, AutomaDeck::Pious];

    /// How many cards of this deck `automa.toml` lists, one after the other.
    pub const fn cards(self) -> usize {
        match self {
            AutomaDeck::Solo => 9,
            AutomaDeck::Warrior | AutomaDeck::Pious => 2,
        }
    }
}

/// `index()` is the variant's discriminant, so an `ALL` list out of
/// declaration order would put every per-kind table out of step with it.
macro_rules! in_declaration_order {
    ($($ty:ident),*) => {$(
        // Walked by slice patterns: the library denies indexing.
        const _: () = {
            let mut rest: &[$ty] = &$ty::ALL;
            let mut i = 0;
            while let [first, tail @ ..] = rest {
                assert!(*first as usize == i, "ALL is out of declaration order");
                i += 1;
                rest = tail;
            }
        };
    )*};
}
in_declaration_order!(
    KnightType,
    Support,
    JourneyType,
    Relic,
    Prestige,
    Space,
    AutomaDeck
);

// A set of token kinds is a `u8` (`Prestige::bit`).
const _: () = assert!(Prestige::ALL.len() <= 8);
