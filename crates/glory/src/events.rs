//! What the rules tell the table as a step resolves: cards and tiles turned
//! up, resources paid and gained, registrations, every roll, clash and duel
//! with its numbers, Otto's automa cards, phase and round changes, titles
//! and the final scores.
//!
//! Players are named by their index (as in the views: 0 = "Seat 1"; in a
//! solo game Otto is player 1). An event that can name Otto carries the
//! name too (`who`), since its text cannot look the table up. A card drawn
//! blind, a title drawn or kept, a Journey card given back: these are told
//! only to their owner; what the others learn (that a title was kept, that
//! a card went back for a Strength token) is told to everyone without it.
//!
//! Events are built only when someone listens: the rules call
//! [`tourney_core::Events`] with closures, and the snapshots taken to tell
//! what a step paid out (`Purse`) are taken only when the sink is on.

use crate::content::{
    self, EventKind, JourneyType, KnightType, Prestige, Relic, Support, TournamentKind,
    journey_name, knight_name, title_name,
};
use crate::describe::{TOWNS, knight_type_name, roman};
use crate::duel::{DuelCtx, Fighter, TieBreak};
use crate::state::{Glory, Player};
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};
use tourney_core::{Events, Seat};

/// The sink the rules report into.
pub(crate) type Sink = Events<Event>;

/// One thing the rules made happen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    // ---- setup and the board ----
    /// One of the three public titles is turned up.
    PublicTitle { title: u8, name: String, glory: u8 },
    /// A level II or III character card is dealt face up to a player.
    CharacterDealt {
        player: u8,
        character: u8,
        name: String,
        level: u8,
    },
    /// A player takes a character and its starting resources.
    CharacterChosen {
        player: u8,
        character: u8,
        name: String,
        level: u8,
        glory: u16,
        coins: u8,
        strength: u8,
        faith: u8,
        mount: u8,
        armor: u8,
        /// A level III card's special support, and the prestige it gave.
        support: Option<Support>,
        prestige: Vec<Prestige>,
    },
    /// A player's coat of arms is drawn for a place on the initiative track
    /// (`place` 0 = first).
    InitiativeDrawn { player: u8, place: u8 },
    /// Setup: a place behind the first pays glory and Challenge cards.
    Compensation {
        player: u8,
        place: u8,
        glory: u16,
        total: u16,
        cards: u8,
    },
    /// A title drawn into a player's hand (owner only).
    TitleDrawn { player: u8, title: u8, name: String },
    /// A title kept as a personal objective: named to its owner, unnamed to
    /// everyone (named to all with open objectives).
    TitleKept {
        player: u8,
        who: String,
        title: Option<u8>,
        name: Option<String>,
    },
    /// The titles a player did not keep go back into the deck.
    TitlesReturned { player: u8, count: u8 },
    /// Otto's New Objective: a title discarded face up.
    TitleDiscarded { title: u8, name: String },
    /// A support tile laid on the support track (`space` 0 = leftmost).
    SupportDrawn {
        support: Support,
        space: u8,
        cost: u8,
        special: bool,
    },
    /// The special support laid on a Recruitment or Volunteer card.
    EventSupport { support: Support },
    /// A Journey card drawn blind into a hand (owner only).
    JourneyDrawn {
        player: u8,
        card: u8,
        name: String,
        journey: JourneyType,
    },
    /// Setup: a Journey card given back for a Strength token; the card is
    /// named to its owner only.
    Exchanged {
        player: u8,
        card: Option<u8>,
        name: Option<String>,
        strength: u8,
    },
    /// A Journey card turned face up in its row.
    CardRevealed {
        card: u8,
        name: String,
        journey: JourneyType,
    },
    /// The event card of a round is turned up.
    EventRevealed { round: u8, event: u8, name: String },
    /// The tournament card of a round.
    TournamentCard {
        round: u8,
        tournament: TournamentKind,
        card: u8,
    },
    /// A knight tile enters the tournament: a Pas d'Armes town, or a space
    /// of the Joust à Plaisance lower row (`added`: after registration).
    KnightPlaced {
        knight: u8,
        name: String,
        knight_type: KnightType,
        attack: u8,
        glory: u8,
        prestige: u8,
        fewer: [u8; 3],
        armor_die: bool,
        town: Option<u8>,
        space: Option<u8>,
        added: bool,
    },
    /// The Joust à Plaisance trophy tile.
    TrophyDrawn {
        trophy: u8,
        name: String,
        reward: String,
    },
    // ---- rounds and phases ----
    /// A round's Action phase begins, with its event's effect.
    RoundBegins {
        round: u8,
        event: Option<u8>,
        name: Option<String>,
        effect: Option<String>,
    },
    /// A later phase of the round begins.
    Phase { round: u8, phase: Phase },
    /// What a player (or Otto) paid and gained by an action, a card, a
    /// reward or a trophy; `glory` is the total after it.
    Resources {
        player: u8,
        who: String,
        source: String,
        change: Change,
        glory: u16,
    },
    /// A coat of arms (or Otto's) on a tournament space.
    Registered {
        player: u8,
        who: String,
        tournament: TournamentKind,
        space: u8,
        place: String,
    },
    /// Maintenance: the initiative track for the next round.
    Initiative { order: Vec<u8>, names: Vec<String> },
    /// Maintenance: a player's income.
    Income {
        player: u8,
        coins: u8,
        strength: u8,
        faith: u8,
    },
    // ---- duels ----
    /// A duel starts; `cards` are the fighters with the numbers printed on
    /// their tile or card.
    DuelBegins {
        ctx: DuelCtx,
        fighters: [Fighter; 2],
        names: [String; 2],
        cards: [String; 2],
    },
    /// One side's dice after a roll or a re-roll: the values they count
    /// (red, black, white; an active symbol at its best), and the attack.
    Rolled {
        side: u8,
        who: String,
        values: [Vec<u8>; 3],
        attack: i16,
        reroll: bool,
    },
    /// A player used a support or a relic in a duel; attack and prestige of
    /// both sides right after.
    Used {
        player: u8,
        side: u8,
        item: String,
        /// The glory total after a Rogue or a Witch cost a point.
        glory: Option<u16>,
        names: [String; 2],
        attack: [i16; 2],
        prestige: [i16; 2],
    },
    /// A clash was decided (`winner` is a side, 0 = left).
    Clash {
        clash: u8,
        names: [String; 2],
        attack: [i16; 2],
        prestige: [i16; 2],
        winner: u8,
        by: TieBreak,
        wins: [u8; 2],
        /// The Prestige token the winner of a tie flipped.
        flipped: Option<Prestige>,
    },
    /// A duel was decided; `glory` each side scored and their totals.
    DuelWon {
        ctx: DuelCtx,
        names: [String; 2],
        winner: u8,
        wins: [u8; 2],
        glory: [u16; 2],
        totals: [Option<u16>; 2],
    },
    /// A duel between knights (Otto fights knights as one) settled without
    /// dice: glory value, then prestige, then the rule for a full tie.
    Decided {
        ctx: DuelCtx,
        names: [String; 2],
        standing: [[u8; 2]; 2],
        winner: u8,
        /// What the winner scored (Otto), and his total.
        glory: u16,
        total: Option<u16>,
    },
    /// A Joust à Plaisance entrant without an opponent moves up.
    Bye { ctx: DuelCtx, name: String },
    /// What the loser of a duel turned back to its active side.
    Recovered {
        player: u8,
        strength: u8,
        faith: u8,
        prestige: Option<Prestige>,
        support: Option<Support>,
        relic: Option<Relic>,
    },
    /// A lost Challenge card goes back to its player's hand, known to all.
    ChallengeKept { player: u8, card: u8, name: String },
    /// A player is out of the Joust à Plaisance (`row` 0 lower, 1 middle,
    /// 2 final) and may play `extra` more Journey cards.
    KnockedOut { player: u8, row: u8, extra: u8 },
    // ---- the end ----
    /// The Title phase: what a player (or Otto) completed and scored.
    Titles {
        player: u8,
        who: String,
        titles: Vec<u8>,
        names: Vec<String>,
        glory: u16,
        chronicler: u16,
        total: u16,
    },
    GameOver {
        scores: Vec<Score>,
        winners: Vec<u8>,
        /// Solo: the goal the player had to meet.
        goal: Option<String>,
    },
    // ---- solo: Otto ----
    /// Otto turns up an automa card and takes its first action he can carry
    /// out in full (`action` 0-2), or none of them.
    Automa {
        card: u8,
        name: String,
        action: Option<u8>,
        does: Option<String>,
    },
    /// None of Otto's cards can be carried out: he gives a pawn up.
    OttoGivesUp { pawns_left: u8 },
}

/// A phase after the Action phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Journey,
    /// Players knocked out of a Joust à Plaisance play their extra cards.
    ExtraJourney,
    Maintenance,
    Registration,
    Tournament,
    FinalJourney,
    Titles,
}

/// What a step changed of a player's open resources.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Change {
    pub glory: i32,
    pub coins: i32,
    pub strength: i32,
    pub faith: i32,
    /// The new level of an upgraded mount or armor.
    pub mount: Option<u8>,
    pub armor: Option<u8>,
    pub supports: Vec<Support>,
    pub relics: Vec<Relic>,
    pub prestige: Vec<Prestige>,
}

impl Change {
    pub fn is_empty(&self) -> bool {
        *self == Change::default()
    }
}

/// A player's final standing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Score {
    pub player: u8,
    pub who: String,
    pub glory: u16,
    pub prestige: u8,
}

/// A player's open resources, copied before a step so the event can tell
/// what it changed. Fixed-size: taking one never allocates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Purse {
    glory: u16,
    coins: u8,
    strength: u8,
    faith: u8,
    mount: u8,
    armor: u8,
    supports: [u8; 22],
    relics: [u8; 4],
    prestige: u8,
}

impl Purse {
    fn of(pl: &Player) -> Purse {
        Purse {
            glory: pl.glory,
            coins: pl.coins,
            strength: pl.strength,
            faith: pl.faith,
            mount: pl.mount,
            armor: pl.armor,
            supports: pl.supports,
            relics: pl.relics,
            prestige: pl.prestige,
        }
    }

    fn change(&self, now: &Purse) -> Change {
        let d = |a: u8, b: u8| i32::from(b) - i32::from(a);
        Change {
            glory: i32::from(now.glory) - i32::from(self.glory),
            coins: d(self.coins, now.coins),
            strength: d(self.strength, now.strength),
            faith: d(self.faith, now.faith),
            mount: (now.mount != self.mount).then_some(now.mount),
            armor: (now.armor != self.armor).then_some(now.armor),
            supports: Support::ALL
                .into_iter()
                .flat_map(|s| {
                    let i = s.index();
                    std::iter::repeat_n(
                        s,
                        usize::from(now.supports[i].saturating_sub(self.supports[i])),
                    )
                })
                .collect(),
            relics: Relic::ALL
                .into_iter()
                .flat_map(|r| {
                    let i = r.index();
                    std::iter::repeat_n(
                        r,
                        usize::from(now.relics[i].saturating_sub(self.relics[i])),
                    )
                })
                .collect(),
            prestige: Prestige::ALL
                .into_iter()
                .filter(|t| now.prestige & !self.prestige & t.bit() != 0)
                .collect(),
        }
    }
}

impl Glory {
    /// A copy of `p`'s open resources, only when someone listens.
    pub(crate) fn purse(&self, p: u8, ev: &Sink) -> Option<Purse> {
        if !ev.is_on() {
            return None;
        }
        self.player(p).map(Purse::of)
    }

    /// Tells what `p` paid and gained since `before` was taken, if anything.
    pub(crate) fn tell_resources(
        &self,
        p: u8,
        before: Option<Purse>,
        source: &'static str,
        ev: &mut Sink,
    ) {
        let (Some(before), Some(pl)) = (before, self.player(p)) else {
            return;
        };
        let change = before.change(&Purse::of(pl));
        if change.is_empty() {
            return;
        }
        ev.everyone(|| Event::Resources {
            player: p,
            who: self.player_name(p),
            source: source.to_string(),
            change,
            glory: pl.glory,
        });
    }

    /// A fighter with the numbers the table sees on his tile or card.
    pub(crate) fn fighter_card_text(&self, f: Fighter) -> String {
        let name = self.fighter_name(f);
        match f {
            Fighter::Player(_) => name,
            Fighter::Knight(k) | Fighter::Otto(k) => match content::knight(k) {
                Some(t) => format!(
                    "{name} (attack {}, prestige {}{})",
                    t.attack,
                    t.prestige,
                    knight_extra(t.fewer, t.rolls_armor_die())
                ),
                None => name,
            },
            Fighter::Card(_) | Fighter::Title(_) => {
                let (attack, prestige) = f.printed();
                format!("{name} (attack {attack}, prestige {prestige})")
            }
        }
    }
}

/// "lower row match 2", "middle row match 1", "the final".
fn joust_stage(game: u8) -> String {
    match game {
        0..=3 => format!("lower row match {}", u16::from(game) + 1),
        4 | 5 => format!("middle row match {}", u16::from(game) - 3),
        _ => "the final".to_string(),
    }
}

fn knight_extra(fewer: [u8; 3], armor_die: bool) -> String {
    let mut s = String::new();
    if armor_die {
        s.push_str(", + white die");
    }
    for (n, what) in fewer.iter().zip(["Strength", "Mount", "Armor"]) {
        if *n > 0 {
            let _ = write!(s, ", -{n} {what} die");
        }
    }
    s
}

/// "Seat 1" for a player index (players who are never Otto).
fn seat(p: u8) -> String {
    format!("Seat {}", u16::from(p) + 1)
}

fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "a", "a and b", "a, b and c".
fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn ordinal(place: u8) -> String {
    let n = u16::from(place) + 1;
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn relic_text(r: Relic) -> String {
    format!(
        "{} {} relic",
        tourney_core::text::a_or_an(r.name()),
        r.name()
    )
}

/// A change in words: what was paid, what glory was lost, what was gained;
/// `total` is the glory after it.
fn change_text(c: &Change, total: Option<u16>) -> String {
    let now = |s: String| match total {
        Some(t) => format!("{s} (now {t})"),
        None => s,
    };
    let mut paid = Vec::new();
    let mut gained = Vec::new();
    let mut lost = None;
    if c.glory > 0 {
        gained.push(now(plural(c.glory, "glory point", "glory points")));
    } else if c.glory < 0 {
        lost = Some(now(plural(-c.glory, "glory point", "glory points")));
    }
    for (n, one, many) in [
        (c.coins, "coin", "coins"),
        (c.strength, "Strength token", "Strength tokens"),
        (c.faith, "Faith token", "Faith tokens"),
    ] {
        match n {
            n if n > 0 => gained.push(plural(n, one, many)),
            n if n < 0 => paid.push(plural(-n, one, many)),
            _ => {}
        }
    }
    if let Some(l) = c.mount {
        gained.push(format!("a level {} mount", roman(l)));
    }
    if let Some(l) = c.armor {
        gained.push(format!("level {} armor", roman(l)));
    }
    gained.extend(
        c.supports
            .iter()
            .map(|s| format!("the {} support", s.name())),
    );
    gained.extend(c.relics.iter().map(|&r| relic_text(r)));
    gained.extend(c.prestige.iter().map(|t| format!("the {} token", t.name())));
    let mut clauses = Vec::new();
    if !paid.is_empty() {
        clauses.push(format!("pays {}", join_and(&paid)));
    }
    if let Some(l) = lost {
        clauses.push(format!("loses {l}"));
    }
    if !gained.is_empty() {
        clauses.push(format!("gains {}", join_and(&gained)));
    }
    if clauses.is_empty() {
        "changes nothing".to_string()
    } else {
        join_and(&clauses)
    }
}

fn duel_stage_text(ctx: DuelCtx) -> String {
    match ctx {
        DuelCtx::Joust { game } => format!("Joust à Plaisance, {}", joust_stage(game)),
        DuelCtx::PasDArmes { space } => format!(
            "Pas d'Armes in {}",
            TOWNS.get(usize::from(space / 3)).copied().unwrap_or("?")
        ),
        DuelCtx::Journey { card, .. } => format!("Challenge card {}", journey_name(card)),
        DuelCtx::Title { title, .. } => format!("the {} title", title_name(title)),
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::PublicTitle { name, glory, .. } => {
                write!(f, "Public title revealed: {name} ({glory} glory points)")
            }
            Event::CharacterDealt {
                player,
                name,
                level,
                ..
            } => write!(
                f,
                "{} is dealt the {name} (level {})",
                seat(*player),
                roman(*level)
            ),
            Event::CharacterChosen {
                player,
                name,
                level,
                glory,
                coins,
                strength,
                faith,
                mount,
                armor,
                support,
                prestige,
                ..
            } => {
                write!(
                    f,
                    "{} plays the {name} (level {}): {glory} glory, {}, {}, {}, mount {}, armor {}",
                    seat(*player),
                    roman(*level),
                    plural(*coins, "coin", "coins"),
                    plural(*strength, "Strength token", "Strength tokens"),
                    plural(*faith, "Faith token", "Faith tokens"),
                    roman(*mount),
                    roman(*armor)
                )?;
                if let Some(s) = support {
                    write!(f, ", and the {} support", s.name())?;
                    if !prestige.is_empty() {
                        let list: Vec<String> = prestige
                            .iter()
                            .map(|t| format!("the {} token", t.name()))
                            .collect();
                        write!(f, " with {}", join_and(&list))?;
                    }
                }
                Ok(())
            }
            Event::InitiativeDrawn { player, place } => write!(
                f,
                "{} takes the {} place on the initiative track",
                seat(*player),
                ordinal(*place)
            ),
            Event::Compensation {
                player,
                place,
                glory,
                total,
                cards,
            } => write!(
                f,
                "{}, {} on the initiative track, receives {} (now {total}) and {}",
                seat(*player),
                ordinal(*place),
                plural(*glory, "glory point", "glory points"),
                plural(*cards, "Challenge card", "Challenge cards")
            ),
            Event::TitleDrawn { player, name, .. } => {
                write!(f, "{} draws the title {name}", seat(*player))
            }
            Event::TitleKept { who, name, .. } => match name {
                Some(n) => write!(f, "{who} keeps {n} as a personal objective"),
                None => write!(f, "{who} keeps a title as a hidden personal objective"),
            },
            Event::TitlesReturned { player, count } => write!(
                f,
                "{} returns {} to the deck",
                seat(*player),
                plural(*count, "title", "titles")
            ),
            Event::TitleDiscarded { name, .. } => {
                write!(f, "Otto discards the title {name} face up")
            }
            Event::SupportDrawn {
                support,
                space,
                cost,
                special,
            } => write!(
                f,
                "The {} is laid on {}space {} of the support track ({})",
                support.name(),
                if *special { "the special " } else { "" },
                u16::from(*space) + 1,
                plural(*cost, "coin", "coins")
            ),
            Event::EventSupport { support } => {
                write!(f, "The {} is laid on the event card", support.name())
            }
            Event::JourneyDrawn {
                player,
                name,
                journey,
                ..
            } => write!(
                f,
                "{} draws {name} ({} card)",
                seat(*player),
                journey.name()
            ),
            Event::Exchanged {
                player,
                name,
                strength,
                ..
            } => write!(
                f,
                "{} gives back {} for 1 Strength token (now {strength})",
                seat(*player),
                name.as_deref().unwrap_or("a Journey card")
            ),
            Event::CardRevealed { name, journey, .. } => {
                write!(f, "{name} is turned face up in the {} row", journey.name())
            }
            Event::EventRevealed { round, name, .. } => {
                write!(f, "Round {round}'s event is revealed: {name}")
            }
            Event::TournamentCard {
                round,
                tournament,
                card,
            } => write!(
                f,
                "Round {round}'s tournament is a {}: tournament card {}",
                tournament.name(),
                u16::from(*card) + 1
            ),
            Event::KnightPlaced {
                name,
                knight_type,
                attack,
                glory,
                prestige,
                fewer,
                armor_die,
                town,
                space,
                added,
                ..
            } => {
                write!(
                    f,
                    "{name} ({}, attack {attack}, glory {glory}, prestige {prestige}{}) ",
                    knight_type_name(*knight_type),
                    knight_extra(*fewer, *armor_die)
                )?;
                match (town, space) {
                    (Some(t), _) => write!(
                        f,
                        "takes the field in {}",
                        TOWNS.get(usize::from(*t)).copied().unwrap_or("?")
                    ),
                    (None, Some(s)) => write!(
                        f,
                        "{} space {} of the lower row",
                        if *added { "is added on" } else { "takes" },
                        u16::from(*s) + 1
                    ),
                    (None, None) => write!(f, "enters the tournament"),
                }
            }
            Event::TrophyDrawn { name, reward, .. } => {
                write!(f, "The tournament trophy is the {name}: {reward}")
            }
            Event::RoundBegins {
                round,
                name,
                effect,
                ..
            } => {
                write!(f, "Round {round} begins")?;
                match (name, effect) {
                    (Some(n), Some(e)) => write!(f, " with the event {n}: {e}"),
                    (Some(n), None) => write!(f, " with the event {n}"),
                    _ => Ok(()),
                }
            }
            Event::Phase { round, phase } => {
                let what = match phase {
                    Phase::Journey => "the Journey phase begins",
                    Phase::ExtraJourney => {
                        "players knocked out of the joust may play their extra Journey cards"
                    }
                    Phase::Maintenance => {
                        "Maintenance: the pawns come home and everything used flips back"
                    }
                    Phase::Registration => "registration for the tournament",
                    Phase::Tournament => "the tournament begins",
                    Phase::FinalJourney => "the Final Journey begins",
                    Phase::Titles => "the Title phase begins",
                };
                write!(f, "Round {round}: {what}")
            }
            Event::Resources {
                who,
                source,
                change,
                glory,
                ..
            } => write!(f, "{source}: {who} {}", change_text(change, Some(*glory))),
            Event::Registered {
                who,
                tournament,
                place,
                ..
            } => match tournament {
                TournamentKind::PasDArmes => write!(f, "{who} registers to challenge {place}"),
                TournamentKind::JoustAPlaisance => write!(f, "{who} registers on {place}"),
            },
            Event::Initiative { names, .. } => {
                write!(
                    f,
                    "Initiative order for the next round: {}",
                    names.join(", ")
                )
            }
            Event::Income {
                player,
                coins,
                strength,
                faith,
            } => {
                let parts = [
                    plural(*coins, "coin", "coins"),
                    plural(*strength, "Strength token", "Strength tokens"),
                    plural(*faith, "Faith token", "Faith tokens"),
                ];
                write!(f, "{} collects {}", seat(*player), join_and(&parts))
            }
            Event::DuelBegins { ctx, cards, .. } => write!(
                f,
                "Duel ({}): {} against {}",
                duel_stage_text(*ctx),
                cards[0],
                cards[1]
            ),
            Event::Rolled {
                who,
                values,
                attack,
                reroll,
                ..
            } => {
                let dice: Vec<String> = values
                    .iter()
                    .zip(["red", "black", "white"])
                    .filter(|(v, _)| !v.is_empty())
                    .map(|(v, c)| {
                        let list: Vec<String> = v.iter().map(u8::to_string).collect();
                        format!("{c} {}", list.join(", "))
                    })
                    .collect();
                write!(
                    f,
                    "{who} {} {}: attack {attack}",
                    if *reroll { "re-rolls, now" } else { "rolls" },
                    dice.join("; ")
                )
            }
            Event::Used {
                side,
                item,
                glory,
                names,
                attack,
                prestige,
                ..
            } => {
                let me = &names[usize::from((*side).min(1))];
                write!(f, "{me} uses the {item}")?;
                if let Some(g) = glory {
                    write!(f, " and loses 1 glory point (now {g})")?;
                }
                write!(
                    f,
                    "; {} has attack {}, prestige {}; {} attack {}, prestige {}",
                    names[0], attack[0], prestige[0], names[1], attack[1], prestige[1]
                )
            }
            Event::Clash {
                clash,
                names,
                attack,
                prestige,
                winner,
                by,
                wins,
                flipped,
            } => {
                let w = usize::from((*winner).min(1));
                let l = 1 - w;
                write!(f, "Clash {clash}: {} beats {} ", names[w], names[l])?;
                match by {
                    TieBreak::Attack => write!(f, "on attack, {} to {}", attack[w], attack[l])?,
                    TieBreak::Prestige => write!(
                        f,
                        "on prestige, {} to {} (attack {} to {})",
                        prestige[w], prestige[l], attack[w], attack[l]
                    )?,
                    TieBreak::Initiative => write!(
                        f,
                        "on initiative (attack {} to {}, prestige {} to {})",
                        attack[w], attack[l], prestige[w], prestige[l]
                    )?,
                }
                if let Some(t) = flipped {
                    write!(f, " and flips the {} token", t.name())?;
                }
                write!(
                    f,
                    "; clashes won: {} {}, {} {}",
                    names[0], wins[0], names[1], wins[1]
                )
            }
            Event::DuelWon {
                names,
                winner,
                wins,
                glory,
                totals,
                ..
            } => {
                let w = usize::from((*winner).min(1));
                let l = 1 - w;
                write!(
                    f,
                    "{} wins the duel against {}, {} clashes to {}",
                    names[w], names[l], wins[w], wins[l]
                )?;
                for s in [w, l] {
                    if glory[s] > 0 {
                        write!(
                            f,
                            "; {} scores {}",
                            names[s],
                            plural(glory[s], "glory point", "glory points")
                        )?;
                        if let Some(t) = totals[s] {
                            write!(f, " (now {t})")?;
                        }
                    }
                }
                Ok(())
            }
            Event::Decided {
                names,
                standing,
                winner,
                glory,
                total,
                ..
            } => {
                let w = usize::from((*winner).min(1));
                let l = 1 - w;
                write!(
                    f,
                    "{} beats {} without dice (glory value {} to {}, prestige {} to {}",
                    names[w],
                    names[l],
                    standing[w][0],
                    standing[l][0],
                    standing[w][1],
                    standing[l][1]
                )?;
                if standing[0] == standing[1] {
                    write!(f, ", a tie the rules give to {}", names[w])?;
                }
                write!(f, ")")?;
                if *glory > 0 {
                    write!(
                        f,
                        " and scores {}",
                        plural(*glory, "glory point", "glory points")
                    )?;
                    if let Some(t) = total {
                        write!(f, " (now {t})")?;
                    }
                }
                Ok(())
            }
            Event::Bye { ctx, name } => {
                write!(f, "{name} moves up unopposed ({})", duel_stage_text(*ctx))
            }
            Event::Recovered {
                player,
                strength,
                faith,
                prestige,
                support,
                relic,
            } => {
                let mut parts = Vec::new();
                if *strength > 0 {
                    parts.push(plural(*strength, "Strength token", "Strength tokens"));
                }
                if *faith > 0 {
                    parts.push(plural(*faith, "Faith token", "Faith tokens"));
                }
                if let Some(t) = prestige {
                    parts.push(format!("the {} token", t.name()));
                }
                if let Some(s) = support {
                    parts.push(format!("the {}", s.name()));
                }
                if let Some(r) = relic {
                    parts.push(format!("the {} relic", r.name()));
                }
                write!(f, "{} recovers {}", seat(*player), join_and(&parts))
            }
            Event::ChallengeKept { player, name, .. } => write!(
                f,
                "{} takes {name} back into hand, now known to all, to try again later",
                seat(*player)
            ),
            Event::KnockedOut { player, row, extra } => {
                let at = match row {
                    0 => "in the lower row",
                    1 => "in the middle row",
                    _ => "in the final",
                };
                write!(f, "{} is out of the Joust à Plaisance {at}", seat(*player))?;
                if *extra > 0 {
                    write!(
                        f,
                        " and may play {extra} more Journey card{}",
                        if *extra == 1 { "" } else { "s" }
                    )?;
                }
                Ok(())
            }
            Event::Titles {
                who,
                names,
                glory,
                chronicler,
                total,
                ..
            } => {
                if names.is_empty() {
                    return write!(f, "{who} completes no title (now {total} glory points)");
                }
                let verb = if who == "Otto" { "scores" } else { "completes" };
                write!(
                    f,
                    "{who} {verb} {}: {}",
                    join_and(names),
                    plural(*glory, "glory point", "glory points")
                )?;
                if *chronicler > 0 {
                    write!(f, " and {chronicler} more for the Chronicler")?;
                }
                write!(f, " (now {total})")
            }
            Event::GameOver {
                scores,
                winners,
                goal,
            } => {
                let list: Vec<String> = scores
                    .iter()
                    .map(|s| format!("{} {} glory ({} prestige)", s.who, s.glory, s.prestige))
                    .collect();
                write!(f, "Game over: {}", list.join(", "))?;
                let name = |p: &u8| {
                    scores
                        .iter()
                        .find(|s| s.player == *p)
                        .map_or_else(|| seat(*p), |s| s.who.clone())
                };
                match (goal, winners.as_slice()) {
                    (Some(g), []) => write!(f, "; Seat 1 loses the solo game (the goal: {g})"),
                    (Some(g), _) => write!(f, "; Seat 1 wins the solo game (the goal: {g})"),
                    (None, []) => write!(f, "; nobody wins"),
                    (None, [one]) => write!(f, "; {} wins", name(one)),
                    (None, many) => {
                        let names: Vec<String> = many.iter().map(name).collect();
                        write!(f, "; {} share the victory", join_and(&names))
                    }
                }
            }
            Event::Automa {
                name, action, does, ..
            } => match (action, does) {
                (Some(i), Some(d)) => write!(
                    f,
                    "Otto reveals {name}: action {}, he {d}",
                    ["I", "II", "III"]
                        .get(usize::from(*i))
                        .copied()
                        .unwrap_or("?")
                ),
                _ => write!(
                    f,
                    "Otto reveals {name}: none of its actions can be carried out; he reveals another"
                ),
            },
            Event::OttoGivesUp { pawns_left } => write!(
                f,
                "Otto can carry out none of his automa cards and gives up a pawn ({} left)",
                pawns_left
            ),
        }
    }
}

/// A knight tile entering the tournament, with its printed numbers.
pub(crate) fn knight_placed(knight: u8, town: Option<u8>, space: Option<u8>, added: bool) -> Event {
    let tile = content::knight(knight);
    Event::KnightPlaced {
        knight,
        name: knight_name(knight).to_string(),
        knight_type: tile.map_or(KnightType::Noble, |t| t.kind),
        attack: tile.map_or(0, |t| t.attack),
        glory: tile.map_or(0, |t| t.glory),
        prestige: tile.map_or(0, |t| t.prestige),
        fewer: tile.map_or([0; 3], |t| t.fewer),
        armor_die: tile.is_some_and(|t| t.rolls_armor_die()),
        town,
        space,
        added,
    }
}

/// What an event card does to the round, in words.
pub(crate) fn event_effect(kind: EventKind) -> String {
    let text = crate::describe::event_action_text(kind);
    match kind {
        EventKind::BountifulHarvest
        | EventKind::RoyalWedding
        | EventKind::ToArms
        | EventKind::War => text.to_string(),
        _ => format!("its action space lets one player {text}"),
    }
}

impl Glory {
    /// A title kept as an objective: its owner is told which, the others
    /// only that one was kept (unless objectives are open).
    pub(crate) fn tell_title_kept(&self, p: u8, title: Option<u8>, ev: &mut Sink) {
        if !ev.is_on() {
            return;
        }
        let named = |title: Option<u8>| Event::TitleKept {
            player: p,
            who: self.player_name(p),
            title,
            name: title.map(|t| title_name(t).to_string()),
        };
        if self.config.open_objectives {
            ev.everyone(|| named(title));
            return;
        }
        if title.is_some() && !self.is_otto(p) {
            ev.only(Seat(p), || named(title));
        }
        ev.everyone(|| named(None));
    }

    /// A Journey card given back for a Strength token: named to its owner.
    pub(crate) fn tell_exchange(&self, p: u8, card: u8, ev: &mut Sink) {
        if !ev.is_on() {
            return;
        }
        let strength = self.player(p).map_or(0, |pl| pl.strength);
        let event = |card: Option<u8>| Event::Exchanged {
            player: p,
            card,
            name: card.map(|k| journey_name(k).to_string()),
            strength,
        };
        ev.only(Seat(p), || event(Some(card)));
        ev.everyone(|| event(None));
    }
}

impl Glory {
    pub(crate) fn tell_phase(&self, phase: Phase, ev: &mut Sink) {
        ev.everyone(|| Event::Phase {
            round: self.round,
            phase,
        });
    }
}

/// What a player used in a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tool {
    Support(Support),
    Relic(Relic),
}

impl Event {
    /// A support or relic the loser of a duel turned back.
    pub(crate) fn recovered_item(
        player: u8,
        support: Option<Support>,
        relic: Option<Relic>,
    ) -> Event {
        Event::Recovered {
            player,
            strength: 0,
            faith: 0,
            prestige: None,
            support,
            relic,
        }
    }
}

impl Glory {
    /// A duel settled without dice between `sides` (knights, or Otto and a
    /// knight); `glory` is what the winner scored.
    pub(crate) fn decided(
        &self,
        ctx: DuelCtx,
        sides: [Fighter; 2],
        winner: u8,
        glory: u16,
    ) -> Event {
        let standing = |f: Fighter| match f {
            Fighter::Otto(_) => self.otto_key(),
            Fighter::Knight(k) => content::knight(k).map_or((0, 0), |t| t.standing()),
            _ => (0, 0),
        };
        let [a, b] = sides.map(standing);
        let total = sides
            .get(usize::from(winner.min(1)))
            .and_then(|&f| self.glory_holder(f))
            .filter(|_| glory > 0)
            .and_then(|p| self.player(p))
            .map(|pl| pl.glory);
        Event::Decided {
            ctx,
            names: sides.map(|f| self.fighter_name(f)),
            standing: [[a.0, a.1], [b.0, b.1]],
            winner,
            glory,
            total,
        }
    }

    /// Side `s` used a support or a relic in duel `d`.
    pub(crate) fn tell_used(
        &self,
        d: &crate::duel::Duel,
        s: u8,
        tool: Tool,
        cost_glory: bool,
        ev: &mut Sink,
    ) {
        if !ev.is_on() {
            return;
        }
        let Some(p) = d.side(s).and_then(|x| x.fighter.player()) else {
            return;
        };
        ev.everyone(|| Event::Used {
            player: p,
            side: s,
            item: match tool {
                Tool::Support(k) => k.name().to_string(),
                Tool::Relic(r) => format!("{} relic", r.name()),
            },
            glory: if cost_glory {
                self.player(p).map(|pl| pl.glory)
            } else {
                None
            },
            names: [
                self.fighter_name(d.sides[0].fighter),
                self.fighter_name(d.sides[1].fighter),
            ],
            attack: [self.attack(d, 0), self.attack(d, 1)],
            prestige: [self.duel_prestige(d, 0), self.duel_prestige(d, 1)],
        });
    }

    /// Side `s` of duel `d` has rolled (or re-rolled) all its dice.
    pub(crate) fn rolled(&self, d: &crate::duel::Duel, s: u8) -> Event {
        let side = d.sides[usize::from(s.min(1))];
        let mut values: [Vec<u8>; 3] = Default::default();
        match side.fighter {
            Fighter::Player(p) => {
                let (mount, armor) = self.player(p).map_or((0, 0), |pl| (pl.mount, pl.armor));
                let active = [side.tokens >= 4, mount >= 4, armor >= 4];
                for (c, list) in values.iter_mut().enumerate() {
                    *list = side
                        .slots(c)
                        .filter_map(|i| side.dice.get(i).copied())
                        .filter(|&f| f != crate::state::NONE)
                        .map(|f| content::die_value(c, f, active[c]))
                        .collect();
                }
            }
            _ if side.knight_die != crate::state::NONE => {
                values[content::WHITE] =
                    vec![content::die_value(content::WHITE, side.knight_die, false)];
            }
            _ => {}
        }
        Event::Rolled {
            side: s,
            who: self.fighter_name(side.fighter),
            values,
            attack: self.attack(d, s),
            reroll: matches!(d.step, crate::duel::DuelStep::Reroll { .. }),
        }
    }
}
