//! The components, compiled in from `data/*.toml` by `build.rs` (which also
//! checks them), and the small vocabulary they are written in. Effects that
//! are rules (what a Squire does, what a title needs to be checked against)
//! live in the rules modules; this module holds only printed and house data.

use serde::{Deserialize, Serialize};

/// The five kinds of knight tile, recognisable by their backs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnightType {
    Champion,
    Veteran,
    King,
    Noble,
    PolishNoble,
}

/// A knight tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnightTile {
    pub name: &'static str,
    pub kind: KnightType,
    pub attack: u8,
    /// Glory a player earns by beating him in a tournament.
    pub glory: u8,
    pub prestige: u8,
    /// Dice his opponent rolls fewer (Veterans), by colour.
    pub fewer: [u8; 3],
}

impl KnightTile {
    /// What a duel between knights compares: glory value, then prestige.
    pub const fn standing(&self) -> (u8, u8) {
        (self.glory, self.prestige)
    }

    /// Polish Nobles add a white die to their attack in every clash.
    pub const fn rolls_armor_die(&self) -> bool {
        matches!(self.kind, KnightType::PolishNoble)
    }
}

/// A character card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Character {
    pub name: &'static str,
    pub level: u8,
    pub glory: u8,
    pub coins: u8,
    pub strength: u8,
    pub faith: u8,
    /// Coins, Strength and Faith each maintenance phase.
    pub income: [u8; 3],
    pub mount: u8,
    pub armor: u8,
    pub titles_drawn: u8,
    pub titles_kept: u8,
    /// Romance, Market and Challenge cards drawn at setup.
    pub journey: [u8; 3],
    /// The special support a level III card grants.
    pub support: Option<Support>,
}

/// The 22 supports, in the rulebook's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Support {
    Hermit,
    Minstrel,
    Rogue,
    Veteran,
    Squire,
    WeaponsMaster,
    Chronicler,
    Sister,
    Queen,
    Armorer,
    King,
    Bishop,
    Emissary,
    LadyInWaiting,
    Lady,
    Jester,
    Moneylender,
    Cook,
    Herald,
    Witch,
    Diplomat,
    Vassal,
}

impl Support {
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

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Support> {
        Support::ALL.get(i).copied()
    }

    pub fn name(self) -> &'static str {
        SUPPORT_INFO[self.index()].name
    }

    pub fn timing(self) -> Timing {
        SUPPORT_INFO[self.index()].timing
    }
}

/// When a support is used (the icon on its centre band).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SupportInfo {
    pub name: &'static str,
    pub timing: Timing,
}

/// The support stacks, in the order the track is refilled from.
pub const SPECIAL: usize = 0;
pub const SCROLL: usize = 1;
pub const REGULAR: [usize; 3] = [2, 3, 4];

/// A space of the support track.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackSpace {
    pub special: bool,
    /// The smallest player count using this space.
    pub players: u8,
    pub cost: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JourneyType {
    Romance,
    Market,
    Challenge,
}

impl JourneyType {
    pub const ALL: [JourneyType; 3] = [
        JourneyType::Romance,
        JourneyType::Market,
        JourneyType::Challenge,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            JourneyType::Romance => "Romance",
            JourneyType::Market => "Market",
            JourneyType::Challenge => "Challenge",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Relic {
    Medallion,
    Amulet,
    Ring,
    Rosary,
}

impl Relic {
    pub const ALL: [Relic; 4] = [Relic::Medallion, Relic::Amulet, Relic::Ring, Relic::Rosary];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Relic::Medallion => "Medallion",
            Relic::Amulet => "Amulet",
            Relic::Ring => "Ring",
            Relic::Rosary => "Rosary",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prestige {
    Charmer,
    Overlord,
    Warrior,
    Royal,
    Chamberlain,
    Champion,
}

impl Prestige {
    pub const ALL: [Prestige; 6] = [
        Prestige::Charmer,
        Prestige::Overlord,
        Prestige::Warrior,
        Prestige::Royal,
        Prestige::Chamberlain,
        Prestige::Champion,
    ];

    pub const fn bit(self) -> u8 {
        1 << (self as u8)
    }

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

/// What a card, trophy or event gives. Zero fields give nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reward {
    pub coins: u8,
    pub glory: u8,
    pub faith: u8,
    pub strength: u8,
    pub prestige: Option<Prestige>,
    pub relic: Option<Relic>,
    /// A support taken from the scroll stack.
    pub support: Option<Support>,
    /// The level a mount upgrade reaches (0: none).
    pub mount: u8,
    pub armor: u8,
    /// Titles drawn, one kept as a personal objective.
    pub titles: u8,
}

/// A Journey card kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JourneyCard {
    pub name: &'static str,
    pub kind: JourneyType,
    pub copies: u8,
    /// Coins a Market card costs.
    pub cost: u8,
    /// A Challenge card's opponent.
    pub attack: u8,
    pub prestige: u8,
    /// "A / B": the player picks one of the first `choices` rewards.
    pub options: [Reward; 2],
    pub choices: u8,
}

/// What a title requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    pub romance: u8,
    pub market: u8,
    pub challenge: u8,
    /// Support tiles of any kind.
    pub supports: u8,
    /// Named supports, counted by kind.
    pub support_list: [u8; 22],
    pub relics: u8,
    pub coins: u8,
    pub strength: u8,
    pub faith: u8,
    pub prestige: u8,
    pub mount: u8,
    pub armor: u8,
    pub never_rogue: bool,
    /// A single duel against a knight of this attack and prestige.
    pub duel: Option<(u8, u8)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TitleCard {
    pub name: &'static str,
    pub glory: u8,
    pub need: Need,
}

/// What an event does (its rules are in `actions.rs` and `round.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Crusade,
    BountifulHarvest,
    RoyalWedding,
    Recruitment,
    Journey,
    ToArms,
    War,
    Loot,
    Siege,
    WanderingKnight,
    Volunteer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventCard {
    pub name: &'static str,
    pub kind: EventKind,
    /// The round set (dots on the back), 1 to 3.
    pub set: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum TournamentKind {
    #[default]
    #[serde(rename = "pas_d_armes")]
    PasDArmes,
    #[serde(rename = "joust_a_plaisance")]
    JoustAPlaisance,
}

impl TournamentKind {
    pub fn name(self) -> &'static str {
        match self {
            TournamentKind::PasDArmes => "Pas d'Armes",
            TournamentKind::JoustAPlaisance => "Joust à Plaisance",
        }
    }
}

/// One round's section of a tournament card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Pas d'Armes: the knight types of Florence, Paris and Munich.
    pub towns: [[Option<KnightType>; 3]; 3],
    /// Joust à Plaisance: the lower row's spaces filled at setup.
    pub place: [Option<KnightType>; 8],
    /// Joust à Plaisance: the types filling the free spaces after registration.
    pub add: [Option<KnightType>; 5],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentCard {
    pub kind: TournamentKind,
    /// For 3-4 players (else 1-2).
    pub large: bool,
    pub rounds: [Layout; 3],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trophy {
    pub name: &'static str,
    pub reward: Reward,
}

/// One action printed on an automa card (solo mode, `data/automa.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OttoAction {
    Training,
    Prayer,
    Service,
    /// The first space of the initiative track.
    Initiative,
    /// Rivalry mode only: register for the tournament.
    Herald,
    /// The event card's action space.
    Event,
    /// Discard two titles from the deck and keep a third.
    NewObjective,
    /// Discard the special support from the track.
    SpecialSupport,
    /// Remove the four face-up Journey cards of a type.
    TravelPlans(JourneyType),
    /// Discard the first of these found on the track's 1-coin spaces.
    Support(&'static [Support]),
}

/// A card of Otto's automa deck: three actions in priority order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AutomaCard {
    pub name: &'static str,
    /// The Solo cards are always in the deck; the Warrior or the Pious
    /// pair join it when chosen.
    pub deck: crate::config::AutomaDeck,
    pub actions: [OttoAction; 3],
}

use crate::config::AutomaDeck;

include!(concat!(env!("OUT_DIR"), "/content_data.rs"));

/// Dice colours, in the order attack values add them up.
pub const RED: usize = 0;
pub const BLACK: usize = 1;
pub const WHITE: usize = 2;
/// The face index of the special symbol.
pub const SYMBOL_FACE: u8 = 5;

/// A die's value: `face` is 0..=5; the symbol counts its best value when active.
pub fn die_value(colour: usize, face: u8, active: bool) -> u8 {
    if face == SYMBOL_FACE && active {
        return SYMBOL.get(colour).copied().unwrap_or(0);
    }
    DICE.get(colour)
        .and_then(|d| d.get(usize::from(face)))
        .copied()
        .unwrap_or(0)
}

pub fn knight(id: u8) -> Option<&'static KnightTile> {
    KNIGHTS.get(usize::from(id))
}

pub fn journey(kind: u8) -> Option<&'static JourneyCard> {
    JOURNEY.get(usize::from(kind))
}

pub fn title(id: u8) -> Option<&'static TitleCard> {
    TITLES.get(usize::from(id))
}

pub fn event(id: u8) -> Option<&'static EventCard> {
    EVENTS.get(usize::from(id))
}

pub fn character(id: u8) -> Option<&'static Character> {
    CHARACTERS.get(usize::from(id))
}

pub fn knight_name(id: u8) -> &'static str {
    knight(id).map_or("an unknown knight", |k| k.name)
}

pub fn journey_name(kind: u8) -> &'static str {
    journey(kind).map_or("an unknown card", |c| c.name)
}

pub fn title_name(id: u8) -> &'static str {
    title(id).map_or("an unknown title", |t| t.name)
}

/// The title that needs a duel (Brave).
pub fn brave_title() -> Option<u8> {
    TITLES
        .iter()
        .position(|t| t.need.duel.is_some())
        .map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_examples_are_kept() {
        let david = KNIGHTS.iter().find(|k| k.name == "David Mathew").unwrap();
        assert_eq!((david.attack, david.glory, david.prestige), (8, 2, 1));
        let powala = KNIGHTS.iter().find(|k| k.name.starts_with("Powa")).unwrap();
        assert_eq!(powala.attack, 9);
        assert!(powala.rolls_armor_die());
        let talbot = KNIGHTS.iter().find(|k| k.name == "John Talbot").unwrap();
        assert_eq!(talbot.fewer, [0, 0, 1]);
        let fleece = JOURNEY.iter().find(|c| c.name == "Golden Fleece").unwrap();
        assert_eq!(fleece.cost, 3);
        assert_eq!(fleece.options[0].glory, 3);
        assert_eq!(fleece.options[0].prestige, Some(Prestige::Chamberlain));
        let gruuthuse = JOURNEY
            .iter()
            .find(|c| c.name == "Louis of Gruuthuse")
            .unwrap();
        assert_eq!((gruuthuse.attack, gruuthuse.prestige), (8, 1));
        assert_eq!(TITLES[3].name, "Influential");
        assert_eq!(TITLES[3].glory, 4);
        assert_eq!(TITLES[3].need.supports, 5);
        let brave = title(brave_title().unwrap()).unwrap();
        assert_eq!(brave.need.duel, Some((11, 1)));
        assert_eq!(CHARACTERS[4].income, [2, 6, 1]);
    }

    #[test]
    fn dice_follow_the_rulings() {
        assert_eq!(die_value(RED, 5, false), 1);
        assert_eq!(die_value(RED, 5, true), 5);
        assert_eq!(die_value(BLACK, 5, false), 0);
        assert_eq!(die_value(BLACK, 5, true), 4);
        assert_eq!(die_value(WHITE, 5, true), 3);
        assert_eq!(die_value(WHITE, 2, false), 1);
        assert_eq!(die_value(7, 9, true), 0);
    }

    #[test]
    fn component_counts_match_the_box() {
        let cards: u32 = JOURNEY.iter().map(|c| u32::from(c.copies)).sum();
        assert_eq!(cards, 74);
        let tiles: u32 = SUPPORT_STACKS.iter().flatten().map(|&c| u32::from(c)).sum();
        assert_eq!(tiles, 48);
        assert_eq!(RELIC_COPIES.iter().sum::<u8>(), 16);
        assert_eq!(PRESTIGE_COPIES.iter().sum::<u8>(), 17);
        for (i, s) in Support::ALL.iter().enumerate() {
            assert_eq!(s.index(), i);
        }
    }
}
