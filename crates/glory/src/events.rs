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
use crate::duel::{DuelCtx, Fighter, TieBreak, on_side, ordered, other_side};
use crate::state::{Glory, Player};
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};
use tourney_core::text::join_and;
// Every count in a text is written by core's helper; the re-export keeps
// `crate::events::plural` working for the modules that call it so.
pub(crate) use tourney_core::text::plural;
use tourney_core::{Events, Seat};

/// The sink the rules report into.
pub(crate) type Sink = Events<Event>;

/// One thing the rules made happen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    // ---- setup and the board ----
    /// One of the three public titles is turned up.
    PublicTitle {
        /// The title's id.
        title: u8,
        /// Its name.
        name: String,
        /// The glory it is worth to whoever completes it.
        glory: u8,
    },
    /// A level II or III character card is dealt face up to a player.
    CharacterDealt {
        /// Who is dealt the card.
        player: Seat,
        /// The character card's id.
        character: u8,
        /// Its name.
        name: String,
        /// Its level, 2 or 3.
        level: u8,
    },
    /// A player takes a character and its starting resources.
    CharacterChosen {
        /// Who plays the character.
        player: Seat,
        /// The character card's id.
        character: u8,
        /// Its name.
        name: String,
        /// Its level, 1 to 3.
        level: u8,
        /// Glory the player starts with.
        glory: u16,
        /// Coins the player starts with.
        coins: u8,
        /// Strength tokens the player starts with.
        strength: u8,
        /// Faith tokens the player starts with.
        faith: u8,
        /// The mount level the player starts with (a handicap lowers it).
        mount: u8,
        /// The armor level the player starts with.
        armor: u8,
        /// A level III card's special support.
        support: Option<Support>,
        /// The Prestige tokens that support gave (a King, a Vassal).
        prestige: Vec<Prestige>,
    },
    /// A player's coat of arms is drawn for a place on the initiative track.
    InitiativeDrawn {
        /// Whose coat of arms.
        player: Seat,
        /// The place it takes: 0 = first.
        place: u8,
    },
    /// Setup: a place behind the first pays glory and Challenge cards.
    Compensation {
        /// Who is compensated.
        player: Seat,
        /// Their place on the initiative track (0 = first).
        place: u8,
        /// Glory received: one per place behind the first.
        glory: u16,
        /// Their glory after it.
        total: u16,
        /// Challenge cards they draw: one per place behind the first.
        cards: u8,
    },
    /// A title drawn into a player's hand (owner only).
    TitleDrawn {
        /// Who draws it.
        player: Seat,
        /// The title's id.
        title: u8,
        /// Its name.
        name: String,
    },
    /// A title kept as a personal objective: named to its owner, unnamed to
    /// everyone (named to all with open objectives).
    TitleKept {
        /// Who keeps it.
        player: Seat,
        /// Their name in the log ("Seat 1", or "Otto").
        who: String,
        /// The title (`None` in the version for those who may not see it).
        title: Option<u8>,
        /// Its name, likewise.
        name: Option<String>,
    },
    /// The titles a player did not keep go back into the deck.
    TitlesReturned {
        /// Whose titles.
        player: Seat,
        /// How many go back.
        count: u8,
    },
    /// A title drawn with New Objective or The Quest and not kept (or the
    /// first two of Otto's New Objective) goes face up onto the title
    /// discard pile.
    TitleDiscarded {
        /// Who discards it.
        player: Seat,
        /// Their name in the log ("Seat 1", or "Otto").
        who: String,
        /// The title's id.
        title: u8,
        /// Its name.
        name: String,
    },
    /// A title was to be drawn from an empty deck: the discard pile is
    /// shuffled to form the new deck.
    TitleDeckReshuffled {
        /// Titles in the new deck.
        count: u8,
    },
    /// Between rounds (`tournament_choice = "between_rounds"`): the type
    /// of the coming round's tournament, as a player chose it.
    TournamentChosen {
        /// Who chose.
        player: Seat,
        /// Their name in the log.
        who: String,
        /// The round whose tournament it is.
        round: u8,
        /// The type chosen.
        tournament: TournamentKind,
        /// They chose as the player last on the initiative track (false:
        /// the solo player, who always chooses).
        last_in_order: bool,
    },
    /// A support tile laid on the support track.
    SupportDrawn {
        /// The tile.
        support: Support,
        /// The track space it lies on: 0 = leftmost.
        space: u8,
        /// What the space costs in coins.
        cost: u8,
        /// A space for special supports.
        special: bool,
    },
    /// The special support laid on a Recruitment or Volunteer card.
    EventSupport {
        /// The tile.
        support: Support,
    },
    /// A Journey card drawn blind into a hand (owner only).
    JourneyDrawn {
        /// Who draws it.
        player: Seat,
        /// The card's kind.
        card: u8,
        /// Its name.
        name: String,
        /// The deck it came from.
        journey: JourneyType,
    },
    /// Setup: a Journey card given back for a Strength token; the card is
    /// named to its owner only.
    Exchanged {
        /// Who gives the card back.
        player: Seat,
        /// The card (`None` in the version everyone is told).
        card: Option<u8>,
        /// Its name, likewise.
        name: Option<String>,
        /// The player's Strength tokens after it.
        strength: u8,
    },
    /// A Journey card turned face up in its row.
    CardRevealed {
        /// The card's kind.
        card: u8,
        /// Its name.
        name: String,
        /// The row (and deck) it belongs to.
        journey: JourneyType,
    },
    /// The event card of a round is turned up.
    EventRevealed {
        /// The round it belongs to.
        round: u8,
        /// The event card's id.
        event: u8,
        /// Its name.
        name: String,
    },
    /// The tournament card of a round.
    TournamentCard {
        /// The round.
        round: u8,
        /// The tournament type the card is for.
        tournament: TournamentKind,
        /// The card's id.
        card: u8,
    },
    /// A knight tile enters the tournament: a Pas d'Armes town, or a space
    /// of the Joust à Plaisance lower row.
    KnightPlaced {
        /// The tile's id.
        knight: u8,
        /// The knight's name.
        name: String,
        /// His type.
        knight_type: KnightType,
        /// His attack value.
        attack: u8,
        /// The glory he is worth.
        glory: u8,
        /// His prestige.
        prestige: u8,
        /// Dice his opponent rolls fewer: Strength, Mount, Armor.
        fewer: [u8; 3],
        /// He adds a white die every clash.
        armor_die: bool,
        /// Pas d'Armes: the town (0 Florence, 1 Paris, 2 Munich).
        town: Option<u8>,
        /// Joust à Plaisance: the lower-row space.
        space: Option<u8>,
        /// Placed after the registration, on a space nobody took.
        added: bool,
    },
    /// The Joust à Plaisance trophy tile.
    TrophyDrawn {
        /// The tile's id.
        trophy: u8,
        /// Its name.
        name: String,
        /// What it gives the winner, in words.
        reward: String,
    },
    // ---- rounds and phases ----
    /// A round's Action phase begins, with its event's effect.
    RoundBegins {
        /// The round, 1 to 3.
        round: u8,
        /// The round's event card (`None` if none was drawn).
        event: Option<u8>,
        /// Its name.
        name: Option<String>,
        /// What it does to the round, in words.
        effect: Option<String>,
    },
    /// A later phase of the round begins.
    Phase {
        /// The round.
        round: u8,
        /// The phase beginning.
        phase: Phase,
    },
    /// What a player (or Otto) paid and gained by an action, a card, a
    /// reward or a trophy.
    Resources {
        /// Whose resources.
        player: Seat,
        /// Their name in the log ("Seat 1", or "Otto").
        who: String,
        /// What paid or cost it: an action space, a card, a trophy.
        source: String,
        /// What changed.
        change: Change,
        /// Their glory after it.
        glory: u16,
        /// The player chose this reward (one half of an "A / B" card), so
        /// the line retells that choice. Absent when false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chosen: bool,
    },
    /// A coat of arms (or Otto's) on a tournament space.
    Registered {
        /// Whose coat of arms.
        player: Seat,
        /// Their name in the log ("Seat 1", or "Otto").
        who: String,
        /// The tournament type.
        tournament: TournamentKind,
        /// The space: town * 3 + place, or the lower-row space.
        space: u8,
        /// The space in words (the knight challenged, the neighbours).
        place: String,
    },
    /// Maintenance: the initiative track from this round's registration
    /// on (the tournament, then the next round's actions and journeys).
    Initiative {
        /// The players, first to last.
        order: Vec<Seat>,
        /// Their names, in the same order.
        names: Vec<String>,
    },
    /// Maintenance: a player's income.
    Income {
        /// Who collects.
        player: Seat,
        /// Coins received.
        coins: u8,
        /// Strength tokens received.
        strength: u8,
        /// Faith tokens received.
        faith: u8,
    },
    // ---- duels ----
    /// A duel starts.
    DuelBegins {
        /// What it is fought for.
        ctx: DuelCtx,
        /// The two sides, left first.
        fighters: [Fighter; 2],
        /// Their names.
        names: [String; 2],
        /// Their names with the numbers printed on their tile or card.
        cards: [String; 2],
    },
    /// One side's dice after a roll or a re-roll.
    Rolled {
        /// The side: 0 left, 1 right.
        side: u8,
        /// Its name.
        who: String,
        /// What the dice count, red, black and white (an active symbol at
        /// its best).
        values: [Vec<u8>; 3],
        /// The side's attack value after the roll.
        attack: i16,
        /// A player's attack beyond their best die of each colour: what the
        /// supports and relics used this clash add or take (the Cook's +1,
        /// the other side's Rogue's -1); 0 for a knight, and when nothing
        /// was used.
        #[serde(default, skip_serializing_if = "is_zero")]
        bonus: i16,
        /// A re-roll (Faith or the Ring), not the clash's first roll.
        reroll: bool,
    },
    /// A player used a support or a relic in a duel.
    Used {
        /// Who used it.
        player: Seat,
        /// Their side: 0 left, 1 right.
        side: u8,
        /// What was used, in words.
        item: String,
        /// The glory total after a Rogue or a Witch cost a point.
        glory: Option<u16>,
        /// Both sides' names.
        names: [String; 2],
        /// Both sides' attack values right after.
        attack: [i16; 2],
        /// Both sides' prestige right after.
        prestige: [i16; 2],
        /// Used before the clash's dice are rolled (a tent support): what
        /// it does in the clash to come, in words, since the attack values
        /// count no dice yet. Absent after the roll.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        effect: Option<String>,
        /// Used after the roll (a lance support, a relic): what it did, in
        /// words, before the attack values it left. Absent before the roll.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        does: Option<String>,
    },
    /// A clash was decided.
    Clash {
        /// The clash, 1 to 3.
        clash: u8,
        /// Both sides' names.
        names: [String; 2],
        /// Both sides' attack values.
        attack: [i16; 2],
        /// Both sides' prestige.
        prestige: [i16; 2],
        /// The side that won: 0 left, 1 right.
        winner: u8,
        /// What decided it.
        by: TieBreak,
        /// Clashes each side has won so far.
        wins: [u8; 2],
        /// The Prestige token the winner of a tie flipped.
        flipped: Option<Prestige>,
    },
    /// A duel was decided.
    DuelWon {
        /// What it was fought for.
        ctx: DuelCtx,
        /// Both sides' names.
        names: [String; 2],
        /// The side that won: 0 left, 1 right.
        winner: u8,
        /// Clashes each side won.
        wins: [u8; 2],
        /// Glory each side scored for the duel.
        glory: [u16; 2],
        /// Each scoring side's glory after it.
        totals: [Option<u16>; 2],
        /// When the loser scored half a glory value (one clash won): the
        /// winner's value that was halved. Absent otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        halved: Option<u16>,
    },
    /// A duel between knights (Otto fights knights as one) settled without
    /// dice: glory value, then prestige, then the rule for a full tie.
    Decided {
        /// What it was fought for.
        ctx: DuelCtx,
        /// Both sides' names.
        names: [String; 2],
        /// Each side's glory value and prestige, as compared.
        standing: [[u8; 2]; 2],
        /// The side that won: 0 left, 1 right.
        winner: u8,
        /// What the winner scored (Otto).
        glory: u16,
        /// His glory after it.
        total: Option<u16>,
    },
    /// A Joust à Plaisance entrant without an opponent moves up.
    Bye {
        /// The match.
        ctx: DuelCtx,
        /// Who moves up.
        name: String,
    },
    /// What the loser of a duel turned back to its active side.
    Recovered {
        /// Who recovers.
        player: Seat,
        /// Strength tokens recovered (at most 1).
        strength: u8,
        /// Faith tokens recovered (at most 1).
        faith: u8,
        /// The Prestige token flipped back.
        prestige: Option<Prestige>,
        /// The support flipped back.
        support: Option<Support>,
        /// The relic flipped back.
        relic: Option<Relic>,
        /// The player chose the support or relic among several, a step of
        /// its own ("Flip ... back"); false for what comes back by rule:
        /// the tokens, or the only support or relic that could.
        #[serde(default)]
        chosen: bool,
    },
    /// A lost Challenge card goes back to its player's hand, known to all.
    ChallengeKept {
        /// Whose card.
        player: Seat,
        /// The card's kind.
        card: u8,
        /// Its name.
        name: String,
    },
    /// A player is out of the Joust à Plaisance.
    KnockedOut {
        /// Who is out.
        player: Seat,
        /// Where: 0 lower row, 1 middle row, 2 the final.
        row: u8,
        /// Journey cards they may play in the extra Journey phase.
        extra: u8,
    },
    // ---- the end ----
    /// The Title phase: what a player (or Otto) completed and scored.
    Titles {
        /// Whose titles.
        player: Seat,
        /// Their name in the log ("Seat 1", or "Otto").
        who: String,
        /// The titles completed (ids).
        titles: Vec<u8>,
        /// Their names, in the same order.
        names: Vec<String>,
        /// The glory the titles are worth.
        glory: u16,
        /// The Chroniclers' extra glory: one per title each.
        chronicler: u16,
        /// Glory after scoring.
        total: u16,
    },
    /// The game is over: the final scores and who won.
    GameOver {
        /// Every player's final standing, by seat.
        scores: Vec<Score>,
        /// The winners (more than one for a shared victory; none for a
        /// solo game lost).
        winners: Vec<Seat>,
        /// Solo: the goal the player had to meet.
        goal: Option<String>,
    },
    // ---- solo: Otto ----
    /// Otto turns up an automa card and takes its first action he can carry
    /// out in full, or none of them.
    Automa {
        /// The automa card's id.
        card: u8,
        /// Its name.
        name: String,
        /// The action taken, 0-2 (`None`: none could be carried out).
        action: Option<u8>,
        /// What that action did, in words.
        does: Option<String>,
    },
    /// None of Otto's cards can be carried out: he gives a pawn up.
    OttoGivesUp {
        /// Pawns he has left this round.
        pawns_left: u8,
    },
}

/// A phase after the Action phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The Journey phase.
    Journey,
    /// Players knocked out of a Joust à Plaisance play their extra cards.
    ExtraJourney,
    /// The Maintenance phase.
    Maintenance,
    /// The Registration phase.
    Registration,
    /// The tournament.
    Tournament,
    /// The Final Journey, after the last tournament.
    FinalJourney,
    /// The Title phase.
    Titles,
}

/// What a step changed of a player's open resources.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Change {
    /// Glory gained (or lost, below zero).
    pub glory: i32,
    /// Coins gained (or paid).
    pub coins: i32,
    /// Strength tokens gained (or paid).
    pub strength: i32,
    /// Faith tokens gained (or paid).
    pub faith: i32,
    /// The new level of an upgraded mount.
    pub mount: Option<u8>,
    /// The new level of upgraded armor.
    pub armor: Option<u8>,
    /// Supports gained.
    pub supports: Vec<Support>,
    /// Relics gained.
    pub relics: Vec<Relic>,
    /// Prestige tokens gained.
    pub prestige: Vec<Prestige>,
}

impl Change {
    /// Nothing changed: no event is told for it.
    pub fn is_empty(&self) -> bool {
        *self == Change::default()
    }
}

/// A player's final standing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Score {
    /// Whose standing.
    pub player: Seat,
    /// Their name ("Seat 1", or "Otto").
    pub who: String,
    /// Final glory: what decides the winner.
    pub glory: u16,
    /// Prestige tokens held, active or not: the tiebreak.
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
        let d = |a: u8, b: u8| i32::from(b).saturating_sub(i32::from(a));
        Change {
            glory: i32::from(now.glory).saturating_sub(i32::from(self.glory)),
            coins: d(self.coins, now.coins),
            strength: d(self.strength, now.strength),
            faith: d(self.faith, now.faith),
            mount: (now.mount != self.mount).then_some(now.mount),
            armor: (now.armor != self.armor).then_some(now.armor),
            supports: Support::ALL
                .into_iter()
                .flat_map(|s| {
                    let count = |p: &Purse| p.supports.get(s.index()).copied().unwrap_or(0);
                    std::iter::repeat_n(s, usize::from(count(now).saturating_sub(count(self))))
                })
                .collect(),
            relics: Relic::ALL
                .into_iter()
                .flat_map(|r| {
                    let count = |p: &Purse| p.relics.get(r.index()).copied().unwrap_or(0);
                    std::iter::repeat_n(r, usize::from(count(now).saturating_sub(count(self))))
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
    pub(crate) fn purse(&self, p: Seat, ev: &Sink) -> Option<Purse> {
        if !ev.is_on() {
            return None;
        }
        self.player(p).map(Purse::of)
    }

    /// Tells what `p` paid and gained since `before` was taken, if anything.
    pub(crate) fn tell_resources(
        &self,
        p: Seat,
        before: Option<Purse>,
        source: &str,
        ev: &mut Sink,
    ) {
        self.tell_change(p, before, source, false, ev);
    }

    /// Tells what the reward `p` chose from card `source` gave.
    pub(crate) fn tell_reward_chosen(
        &self,
        p: Seat,
        before: Option<Purse>,
        source: &str,
        ev: &mut Sink,
    ) {
        self.tell_change(p, before, source, true, ev);
    }

    fn tell_change(
        &self,
        p: Seat,
        before: Option<Purse>,
        source: &str,
        chosen: bool,
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
            chosen,
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
/// For serde: a zero bonus is left out of the JSON.
fn is_zero(value: &i16) -> bool {
    *value == 0
}

fn joust_stage(game: u8) -> String {
    match game {
        0..=3 => format!("lower row match {}", u16::from(game) + 1),
        4 | 5 => format!("middle row match {}", game.saturating_sub(3)),
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
pub(crate) fn seat(p: Seat) -> String {
    format!("Seat {}", p.index().saturating_add(1))
}

/// `name` opening a sentence: "The Brave title's knight wins …".
pub(crate) fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
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
    // A Moneylender pays out 6 coins for 2 glory points as he is taken:
    // told apart from what was paid for him, which the net change hides
    // (3 coins paid and 6 received would read "gains 3 coins"). His glory
    // cost is what the step lost, at most 2 each (glory stops at 0).
    let lenders = c
        .supports
        .iter()
        .filter(|&&s| s == Support::Moneylender)
        .count() as i32;
    let lent = lenders.saturating_mul(6);
    let lender_cost = lenders
        .saturating_mul(2)
        .min(c.glory.min(0).saturating_neg());
    let (coins, glory) = (
        c.coins.saturating_sub(lent),
        c.glory.saturating_add(lender_cost),
    );
    let mut paid = Vec::new();
    let mut gained = Vec::new();
    let mut lost = None;
    if glory > 0 {
        gained.push(now(plural(glory, "glory point", "glory points")));
    } else if glory < 0 {
        lost = Some(now(plural(
            glory.saturating_neg(),
            "glory point",
            "glory points",
        )));
    }
    for (n, one, many) in [
        (coins, "coin", "coins"),
        (c.strength, "Strength token", "Strength tokens"),
        (c.faith, "Faith token", "Faith tokens"),
    ] {
        match n {
            n if n > 0 => gained.push(plural(n, one, many)),
            n if n < 0 => paid.push(plural(n.saturating_neg(), one, many)),
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
    if lenders > 0 {
        let cost = plural(lender_cost, "glory point", "glory points");
        clauses.push(format!(
            "receives {} from him for {}",
            plural(lent, "coin", "coins"),
            if glory == 0 { now(cost) } else { cost }
        ));
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
                "{}, {} on the initiative track, receives {} (now {total}) and {}: \
                 one of each per place behind the first, for acting later",
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
            // Setup step 7: back into the deck, never onto the discard
            // pile (that is for New Objective and The Quest).
            Event::TitlesReturned { player, count } => write!(
                f,
                "{} shuffles {} back into the title deck",
                seat(*player),
                plural(*count, "unkept title", "unkept titles")
            ),
            Event::TitleDiscarded { who, name, .. } => {
                write!(f, "{who} discards the title {name} face up")
            }
            Event::TournamentChosen {
                who,
                round,
                tournament,
                last_in_order,
                ..
            } => write!(
                f,
                "{who}{} chooses a {} for round {round}",
                if *last_in_order {
                    ", last on the initiative track,"
                } else {
                    ""
                },
                tournament.name()
            ),
            Event::TitleDeckReshuffled { count } => write!(
                f,
                "The title deck is empty: the discard pile ({}) is shuffled to form a new deck",
                plural(*count, "title", "titles")
            ),
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
                    "Initiative order from this round's registration and tournament on: {}",
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
                bonus,
                reroll,
                ..
            } => {
                let mut dice: Vec<String> = values
                    .iter()
                    .zip(["red", "black", "white"])
                    .filter(|(v, _)| !v.is_empty())
                    .map(|(v, c)| {
                        let list: Vec<String> = v.iter().map(u8::to_string).collect();
                        format!("{c} {}", list.join(", "))
                    })
                    .collect();
                // The dice alone do not add up to the attack then: say
                // what makes up the rest, so the sum can be checked.
                if *bonus != 0 {
                    dice.push(format!(
                        "{bonus:+} from supports and relics used this clash"
                    ));
                }
                write!(
                    f,
                    "{}'s attack{}: {attack} (dice {})",
                    capitalised(who),
                    if *reroll { " after the re-roll" } else { "" },
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
                effect,
                does,
                ..
            } => {
                let me = on_side(names, *side);
                write!(f, "{} uses the {item}", capitalised(me))?;
                if let Some(g) = glory {
                    write!(f, " and loses 1 glory point (now {g})")?;
                }
                // What a lance support or relic did, once the dice are down.
                match (does, glory) {
                    (Some(does), None) => write!(f, ", which {does}")?,
                    (Some(does), Some(_)) => write!(f, "; it {does}")?,
                    (None, _) => {}
                }
                // Before the roll an attack value counts no dice: say what
                // the support does instead of a number that reads as a roll.
                if let Some(effect) = effect {
                    return write!(f, " before the roll: {effect}");
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
                let [name_w, name_l] = ordered(names, *winner);
                let [attack_w, attack_l] = ordered(attack, *winner);
                let [prestige_w, prestige_l] = ordered(prestige, *winner);
                // Level on prestige, only a player against a knight gets
                // this far: the binding ruling gives such a tie to the player.
                let even = *by == TieBreak::Prestige && prestige_w == prestige_l;
                let beats = if even {
                    "wins the tie against"
                } else {
                    "beats"
                };
                write!(f, "Clash {clash}: {name_w} {beats} {name_l} ")?;
                match by {
                    TieBreak::Attack => write!(f, "on attack, {attack_w} to {attack_l}")?,
                    TieBreak::Prestige if even => write!(
                        f,
                        "(attack {attack_w} to {attack_l}, prestige {prestige_w} each: \
                         against a knight, equal prestige is enough for the player)"
                    )?,
                    TieBreak::Prestige => write!(
                        f,
                        "on prestige, {prestige_w} to {prestige_l} \
                         (attack {attack_w} to {attack_l})"
                    )?,
                    TieBreak::Initiative => write!(
                        f,
                        "on initiative (attack {attack_w} to {attack_l}, \
                         prestige {prestige_w} to {prestige_l})"
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
                halved,
                ..
            } => {
                let [name_w, name_l] = ordered(names, *winner);
                let [wins_w, wins_l] = ordered(wins, *winner);
                write!(
                    f,
                    "{} wins the duel against {name_l}, {wins_w} clashes to {wins_l}",
                    capitalised(name_w),
                )?;
                for s in [*winner, other_side(*winner)] {
                    let glory = *on_side(glory, s);
                    if glory > 0 {
                        write!(
                            f,
                            "; {} scores {}",
                            on_side(names, s),
                            plural(glory, "glory point", "glory points")
                        )?;
                        if let Some(v) = halved.filter(|_| s != *winner) {
                            write!(
                                f,
                                ", half of {}'s {v}, rounded down, for the clash won",
                                on_side(names, *winner)
                            )?;
                        }
                        if let Some(t) = on_side(totals, s) {
                            write!(f, " (now {t})")?;
                        }
                    }
                }
                Ok(())
            }
            Event::Decided {
                ctx,
                names,
                standing,
                winner,
                glory,
                total,
            } => {
                let [name_w, name_l] = ordered(names, *winner);
                let [[glory_w, prestige_w], [glory_l, prestige_l]] = ordered(standing, *winner);
                // Say only what decided it: the glory values if they
                // differ, else the prestige, else where each one stood.
                write!(f, "{name_w} beats {name_l}, settled without dice: ")?;
                if glory_w != glory_l {
                    write!(
                        f,
                        "{name_w} has the higher glory value ({glory_w} to {glory_l})"
                    )?;
                } else if prestige_w != prestige_l {
                    write!(
                        f,
                        "level on glory value ({glory_w} each), {name_w} has more prestige \
                         ({prestige_w} to {prestige_l})"
                    )?;
                } else {
                    write!(
                        f,
                        "level on glory value ({glory_w} each) and prestige ({prestige_w} each), "
                    )?;
                    match ctx {
                        // In a Pas d'Armes that is the knight Otto
                        // challenged, who holds his place.
                        DuelCtx::PasDArmes { .. } => {
                            write!(f, "so the challenged knight keeps his place")?
                        }
                        // Otto fights knights as a knight does.
                        _ if name_w == "Otto" => write!(
                            f,
                            "so Otto wins from the left, as the knight on the left would"
                        )?,
                        _ => write!(f, "so the knight on the left wins")?,
                    }
                }
                if *glory > 0 {
                    write!(
                        f,
                        "; {name_w} scores {}",
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
                ..
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
                "{} gets nothing for the lost duel and takes {name} back into hand, \
                 now known to all, to try again later",
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
                        " and may play {}",
                        plural(*extra, "more Journey card", "more Journey cards")
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
                let otto = who == "Otto";
                let verb = if otto { "scores" } else { "completes" };
                write!(
                    f,
                    "{who} {verb} {}: {}",
                    join_and(names),
                    plural(*glory, "glory point", "glory points")
                )?;
                if *chronicler > 0 {
                    write!(f, " and {chronicler} more for the Chronicler")?;
                }
                write!(f, " (now {total})")?;
                // A reader who sees Otto score titles he never worked for
                // is told why.
                if otto {
                    write!(
                        f,
                        "; Otto need not complete titles: he scores every revealed one and \
                         each objective he holds"
                    )?;
                }
                Ok(())
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
                let name = |p: &Seat| {
                    scores
                        .iter()
                        .find(|s| s.player == *p)
                        .map_or_else(|| seat(*p), |s| s.who.clone())
                };
                // Who else reached the winners' glory: a tie the prestige
                // tokens broke, or one they could not.
                let best = winners
                    .first()
                    .and_then(|w| scores.iter().find(|s| s.player == *w));
                let level: Vec<&Score> = best.map_or_else(Vec::new, |b| {
                    scores
                        .iter()
                        .filter(|s| s.glory == b.glory && !winners.contains(&s.player))
                        .collect()
                });
                match (goal, winners.as_slice()) {
                    (Some(g), []) => write!(f, "; Seat 1 loses the solo game (the goal: {g})"),
                    (Some(g), _) => write!(f, "; Seat 1 wins the solo game (the goal: {g})"),
                    (None, []) => write!(f, "; nobody wins"),
                    (None, [one]) => {
                        write!(f, "; {} wins", name(one))?;
                        match (best, level.as_slice()) {
                            (Some(b), [_, ..]) => {
                                let others: Vec<String> =
                                    level.iter().map(|s| s.who.clone()).collect();
                                let theirs: Vec<String> =
                                    level.iter().map(|s| s.prestige.to_string()).collect();
                                write!(
                                    f,
                                    ": level with {} on {} glory, the tie-break on prestige \
                                     tokens decides it, {} to {}",
                                    join_and(&others),
                                    b.glory,
                                    b.prestige,
                                    join_and(&theirs)
                                )
                            }
                            _ => Ok(()),
                        }
                    }
                    (None, many) => {
                        let names: Vec<String> = many.iter().map(name).collect();
                        write!(f, "; {} share the victory", join_and(&names))?;
                        match best {
                            Some(b) => write!(
                                f,
                                ", level on {} glory and on prestige tokens ({} each)",
                                b.glory, b.prestige
                            ),
                            None => Ok(()),
                        }
                    }
                }
            }
            Event::Automa {
                name, action, does, ..
            } => match (action, does) {
                // The card's actions are tried in order: say which ones
                // could not be carried out before the one he took.
                (Some(i), Some(d)) => {
                    let number = ["I", "II", "III"]
                        .get(usize::from(*i))
                        .copied()
                        .unwrap_or("?");
                    match i {
                        0 => write!(f, "Otto reveals {name} and takes its action I: he {d}"),
                        1 => write!(
                            f,
                            "Otto reveals {name}; action I cannot be carried out in full, \
                             so he takes action {number}: he {d}"
                        ),
                        _ => write!(
                            f,
                            "Otto reveals {name}; actions I and II cannot be carried out in full, \
                             so he takes action {number}: he {d}"
                        ),
                    }
                }
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
    pub(crate) fn tell_title_kept(&self, p: Seat, title: Option<u8>, ev: &mut Sink) {
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
        // The owner reads the title named, the others that one was kept.
        if title.is_some() && !self.is_otto(p) {
            ev.only(p, || named(title));
            ev.others(p, || named(None));
        } else {
            ev.everyone(|| named(None));
        }
    }

    /// A Journey card given back for a Strength token: named to its owner.
    pub(crate) fn tell_exchange(&self, p: Seat, card: u8, ev: &mut Sink) {
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
        ev.only(p, || event(Some(card)));
        ev.others(p, || event(None));
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

/// What a support used before the first clash's roll does, in words: the
/// attack values count no dice yet, so a number would read as a roll.
fn before_roll_effect(tool: Tool, names: &[String; 2], s: u8) -> Option<String> {
    let me = on_side(names, s);
    let them = on_side(names, other_side(s));
    let first = "in the first clash only, added to the dice once they are rolled";
    let Tool::Support(k) = tool else {
        return None;
    };
    Some(match k {
        Support::Cook => format!("+1 attack for {me} {first}"),
        Support::Rogue => format!("-1 attack for {them} in the first clash only"),
        Support::Jester => format!("-2 prestige for {them} in the first clash only"),
        Support::Herald => format!("{me} turns a flipped prestige token face up again"),
        Support::Hermit => format!("{me} turns a flipped relic face up again"),
        Support::LadyInWaiting => format!("{me} turns another flipped support face up again"),
        _ => return None,
    })
}

/// What a lance support or a relic used after the roll did, in words (it
/// follows "uses the Weapons Master, which").
fn after_roll_effect(tool: Tool, names: &[String; 2], s: u8) -> Option<String> {
    let me = on_side(names, s);
    let them = on_side(names, other_side(s));
    Some(match tool {
        Tool::Support(Support::Veteran) => format!("gives {me} +1 attack this clash"),
        Tool::Support(Support::WeaponsMaster) => {
            format!("turns one of {me}'s red Strength dice to 5")
        }
        Tool::Support(Support::Squire) => format!("turns one of {me}'s black Mount dice to 4"),
        Tool::Support(Support::Armorer) | Tool::Relic(Relic::Rosary) => {
            format!("turns one of {me}'s white Armor dice to 3")
        }
        Tool::Support(Support::Witch) => format!("takes 1 attack from {them} this clash"),
        Tool::Relic(Relic::Medallion) => format!("gives {me} +1 attack this clash"),
        Tool::Relic(Relic::Amulet) => format!("gives {me} +2 attack this clash"),
        Tool::Relic(Relic::Ring) => format!("lets {me} pick up to 4 dice to re-roll"),
        Tool::Support(_) => return None,
    })
}

impl Event {
    /// A support or relic the loser of a duel turned back; `chosen`: by
    /// its own choice among several, not by rule.
    pub(crate) fn recovered_item(
        player: Seat,
        support: Option<Support>,
        relic: Option<Relic>,
        chosen: bool,
    ) -> Event {
        Event::Recovered {
            player,
            strength: 0,
            faith: 0,
            prestige: None,
            support,
            relic,
            chosen,
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
        let names = [
            self.fighter_name(d.sides[0].fighter),
            self.fighter_name(d.sides[1].fighter),
        ];
        // No die of the clash is down yet: a tent support, before the roll.
        let before_roll = d
            .side(s)
            .is_some_and(|x| x.dice.iter().all(|&f| f == crate::state::NONE));
        let (effect, does) = if before_roll {
            (before_roll_effect(tool, &names, s), None)
        } else {
            (None, after_roll_effect(tool, &names, s))
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
            names,
            attack: [self.attack(d, 0), self.attack(d, 1)],
            prestige: [self.duel_prestige(d, 0), self.duel_prestige(d, 1)],
            effect,
            does,
        });
    }

    /// Whether the symbol of each colour (red, black, white) counts its
    /// best value for side `s` of duel `d`: red with four Strength tokens
    /// in the duel, black and white at mount or armor level IV; never for
    /// a knight tile's die.
    pub(crate) fn symbols_active(&self, d: &crate::duel::Duel, s: u8) -> [bool; 3] {
        let side = d.at(s);
        match side.fighter {
            Fighter::Player(p) => {
                let (mount, armor) = self.player(p).map_or((0, 0), |pl| (pl.mount, pl.armor));
                [side.tokens >= 4, mount >= 4, armor >= 4]
            }
            _ => [false; 3],
        }
    }

    /// Side `s` of duel `d` has rolled (or re-rolled) all its dice.
    pub(crate) fn rolled(&self, d: &crate::duel::Duel, s: u8) -> Event {
        let side = d.at(s);
        let mut values: [Vec<u8>; 3] = Default::default();
        match side.fighter {
            Fighter::Player(_) => {
                let active = self.symbols_active(d, s);
                for ((c, list), active) in values.iter_mut().enumerate().zip(active) {
                    *list = side
                        .slots(c)
                        .filter_map(|i| side.dice.get(i).copied())
                        .filter(|&f| f != crate::state::NONE)
                        .map(|f| content::die_value(c, f, active))
                        .collect();
                }
            }
            _ if side.knight_die != crate::state::NONE => {
                values[content::WHITE] =
                    vec![content::die_value(content::WHITE, side.knight_die, false)];
            }
            _ => {}
        }
        let attack = self.attack(d, s);
        let bonus = match side.fighter {
            Fighter::Player(_) => {
                let best: i16 = values
                    .iter()
                    .map(|v| i16::from(v.iter().copied().max().unwrap_or(0)))
                    .sum();
                attack.saturating_sub(best)
            }
            _ => 0,
        };
        Event::Rolled {
            side: s,
            who: self.fighter_name(side.fighter),
            values,
            attack,
            bonus,
            reroll: matches!(d.step, crate::duel::DuelStep::Reroll { .. }),
        }
    }
}
