//! The components, compiled in from `data/*.toml` by `build.rs` (which also
//! checks them), and the small vocabulary they are written in (defined in
//! `vocab.rs`, which `build.rs` compiles too, and re-exported here). Effects
//! that are rules (what a Squire does, what a title needs to be checked
//! against) live in the rules modules; this module holds only printed and
//! house data.

pub use crate::vocab::{
    EventKind, JourneyType, KnightType, Prestige, Relic, Support, Timing, TournamentKind,
};

impl Support {
    /// When the tile is used. The timing is a fact of `supports.toml`,
    /// checked by the build script like the tile's stacks, so the rules read
    /// it from the generated table rather than from the vocabulary.
    pub fn timing(self) -> Timing {
        SUPPORT_INFO
            .get(self.index())
            .map_or(Timing::Passive, |info| info.timing)
    }
}

/// A knight tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnightTile {
    /// The historical knight on the tile (the rulebook's coat-of-arms
    /// list), shown in logs, views and menus.
    pub name: &'static str,
    /// His type, printed on the back: tournament cards ask for knights by
    /// type, and some types carry a die rule.
    pub kind: KnightType,
    /// The attack value a player's clash total is compared with (before a
    /// Polish Noble's white die is added).
    pub attack: u8,
    /// Glory a player earns by beating him in a tournament.
    pub glory: u8,
    /// His stars: on equal attack the player needs at least this much
    /// active prestige to win; between two knights it breaks a glory tie.
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
    /// The card's title, shown in logs, views and menus.
    pub name: &'static str,
    /// 1 to 3 (I to III): each player is dealt one card of each level; the
    /// four level I cards are identical.
    pub level: u8,
    /// Where the player's marker starts on the score track.
    pub glory: u8,
    /// Coins the player starts with.
    pub coins: u8,
    /// Strength tokens the player starts with.
    pub strength: u8,
    /// Faith tokens the player starts with.
    pub faith: u8,
    /// Coins, Strength and Faith each maintenance phase.
    pub income: [u8; 3],
    /// The mount level (1-4, I to IV) the player starts with; a handicap
    /// can lower it to I.
    pub mount: u8,
    /// The armor level (1-4) the player starts with; a handicap can lower
    /// it to I.
    pub armor: u8,
    /// Title cards dealt to the player at setup, to keep some from.
    pub titles_drawn: u8,
    /// How many of the drawn titles the player keeps as personal
    /// objectives; the rest go back into the title deck.
    pub titles_kept: u8,
    /// Romance, Market and Challenge cards drawn at setup.
    pub journey: [u8; 3],
    /// The special support a level III card grants.
    pub support: Option<Support>,
}

/// One support's row of `supports.toml`, as `SUPPORT_INFO` holds it
/// (indexed by `Support::index`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SupportInfo {
    /// The name printed on the tile; the build script checks it against
    /// `Support::name`, so the table and the enum cannot drift apart.
    pub name: &'static str,
    /// When the tile is played, read by `Support::timing`.
    pub timing: Timing,
}

/// Index of the special-support stack in `SUPPORT_STACKS` and the board's
/// stacks: it fills the track's special spaces first and supplies level III
/// characters, Recruitment and Volunteer.
pub const SPECIAL: usize = 0;
/// Index of the scroll stack, which only Journey card rewards draw from;
/// the track is never refilled from it.
pub const SCROLL: usize = 1;
/// Indices of the three regular stacks, in the order the track is refilled
/// from them: the next one is used once the one before is empty.
pub const REGULAR: [usize; 3] = [2, 3, 4];

/// A space of the support track.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackSpace {
    /// Whether this is one of the leftmost spaces for special supports,
    /// filled from the special stack before the regular ones.
    pub special: bool,
    /// The smallest player count using this space.
    pub players: u8,
    /// Coins the Support action pays for this space's tile, before any
    /// Diplomat discount.
    pub cost: u8,
}

/// What a card, trophy or event gives. Zero fields give nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reward {
    /// Coins gained.
    pub coins: u8,
    /// Glory points scored.
    pub glory: u8,
    /// Faith tokens gained.
    pub faith: u8,
    /// Strength tokens gained.
    pub strength: u8,
    /// A prestige token of this kind from the supply (`None`: no token);
    /// nothing comes of it if the player already has one of that kind.
    pub prestige: Option<Prestige>,
    /// A relic of this kind from the supply (`None`: no relic); nothing if
    /// the supply has run out of that kind.
    pub relic: Option<Relic>,
    /// A support taken from the scroll stack.
    pub support: Option<Support>,
    /// The level a mount upgrade reaches (0: none).
    pub mount: u8,
    /// The level an armor upgrade reaches (0: none); like the mount, it
    /// applies only from the level just below.
    pub armor: u8,
    /// Titles drawn, one kept as a personal objective.
    pub titles: u8,
}

/// A Journey card kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JourneyCard {
    /// The card's title, shown in logs, views and menus.
    pub name: &'static str,
    /// Which deck the card belongs to, and so how it is played: Romance
    /// for free, Market for `cost`, Challenge by winning a duel.
    pub kind: JourneyType,
    /// How many identical cards of this kind are shuffled into its deck.
    pub copies: u8,
    /// Coins a Market card costs.
    pub cost: u8,
    /// A Challenge card's opponent.
    pub attack: u8,
    /// A Challenge card's opponent's prestige, compared on equal attack
    /// (0 on other cards).
    pub prestige: u8,
    /// "A / B": the player picks one of the first `choices` rewards.
    pub options: [Reward; 2],
    /// How many entries of `options` are real: 1 (the second slot repeats
    /// the first) or 2 (an "A / B" card).
    pub choices: u8,
}

/// What a title requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    /// Romance cards the player must have played.
    pub romance: u8,
    /// Market cards the player must have played.
    pub market: u8,
    /// Challenge cards the player must have won (a lost one stays in hand).
    pub challenge: u8,
    /// Support tiles of any kind.
    pub supports: u8,
    /// Named supports, counted by kind.
    pub support_list: [u8; 22],
    /// Relic tiles of any kind the player must hold.
    pub relics: u8,
    /// Coins the player must hold at the Title phase.
    pub coins: u8,
    /// Strength tokens the player must hold.
    pub strength: u8,
    /// Faith tokens the player must hold.
    pub faith: u8,
    /// Prestige tokens the player must own, active or flipped.
    pub prestige: u8,
    /// The lowest mount level that satisfies the title (0: any). Levels are
    /// not used up, so two titles share one mount.
    pub mount: u8,
    /// The lowest armor level that satisfies the title (0: any).
    pub armor: u8,
    /// The title is closed to a player who has used a Rogue at any time
    /// during the game.
    pub never_rogue: bool,
    /// A single duel against a knight of this attack and prestige.
    pub duel: Option<(u8, u8)>,
}

/// A title card: a requirement checked at the Title phase, scored by
/// whoever holds it as a public title or a personal objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TitleCard {
    /// The title's name as printed ("Influential"), shown in logs and views.
    pub name: &'static str,
    /// Glory points the player scores for completing it.
    pub glory: u8,
    /// What the player must have to complete it.
    pub need: Need,
}

/// An event card: one is revealed each round, from that round's set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventCard {
    /// The card's name as printed, shown in logs and views.
    pub name: &'static str,
    /// What the card does; two cards share the Recruitment effect.
    pub kind: EventKind,
    /// The round set (dots on the back), 1 to 3.
    pub set: u8,
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

/// A tournament card: which knights the tournament board gets in each
/// round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentCard {
    /// The tournament the card sets up; a round draws only cards of the
    /// kind the game's configuration picked for it.
    pub kind: TournamentKind,
    /// For 3-4 players (else 1-2).
    pub large: bool,
    /// The sections for rounds 1, 2 and 3, in that order.
    pub rounds: [Layout; 3],
}

/// A trophy tile, the prize of a Joust à Plaisance final when the trophy
/// tiles option is on (otherwise `STANDARD_TROPHY` is given).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trophy {
    /// The tile's name, shown in logs and views as the source of the reward.
    pub name: &'static str,
    /// What the winner receives; Otto takes only its glory.
    pub reward: Reward,
}

/// One action printed on an automa card (solo mode, `data/automa.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OttoAction {
    /// Put a pawn on Training, blocking it (Otto takes no Strength).
    Training,
    /// Put a pawn on Prayer, blocking it (Otto takes no Faith).
    Prayer,
    /// Put a pawn on Service, blocking it (Otto takes no coins).
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
    /// The card's label in `automa.toml`, shown when Otto reveals it.
    pub name: &'static str,
    /// The Solo cards are always in the deck; the Warrior or the Pious
    /// pair join it when chosen.
    pub deck: crate::config::AutomaDeck,
    /// Actions I, II and III: Otto carries out the first he can complete.
    pub actions: [OttoAction; 3],
}

use crate::config::AutomaDeck;

include!(concat!(env!("OUT_DIR"), "/content_data.rs"));

/// Dice colours, in the order attack values add them up; the index into
/// `DICE`, `SYMBOL`, `KnightTile::fewer` and a duel's dice. Red: the
/// Strength dice, bought with Strength tokens.
pub const RED: usize = 0;
/// The black Mount dice: one per mount level, at most three, and level IV
/// activates their symbol.
pub const BLACK: usize = 1;
/// The white Armor dice, counted from the armor level like the black ones;
/// a Polish Noble also rolls one each clash.
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

/// The knight tile with this id (its index in `KNIGHTS`); `None` for an
/// id out of range, since ids come from a state a client may have sent.
pub fn knight(id: u8) -> Option<&'static KnightTile> {
    KNIGHTS.get(usize::from(id))
}

/// The Journey card kind with this id (its index in `JOURNEY`, not a
/// `JourneyType`); `None` for an id out of range.
pub fn journey(kind: u8) -> Option<&'static JourneyCard> {
    JOURNEY.get(usize::from(kind))
}

/// The title card with this id (its index in `TITLES`); `None` for an id
/// out of range.
pub fn title(id: u8) -> Option<&'static TitleCard> {
    TITLES.get(usize::from(id))
}

/// The event card with this id (its index in `EVENTS`); `None` for an id
/// out of range.
pub fn event(id: u8) -> Option<&'static EventCard> {
    EVENTS.get(usize::from(id))
}

/// The character card with this id (its index in `CHARACTERS`, where the
/// level I card appears four times); `None` for an id out of range.
pub fn character(id: u8) -> Option<&'static Character> {
    CHARACTERS.get(usize::from(id))
}

/// A knight's name for messages; a placeholder phrase, not a panic, for an
/// unknown id.
pub fn knight_name(id: u8) -> &'static str {
    knight(id).map_or("an unknown knight", |k| k.name)
}

/// A Journey card kind's name for messages; a placeholder phrase for an
/// unknown id.
pub fn journey_name(kind: u8) -> &'static str {
    journey(kind).map_or("an unknown card", |c| c.name)
}

/// A title's name for messages; a placeholder phrase for an unknown id.
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
    }
}
