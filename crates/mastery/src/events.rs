//! What the rules tell the table as they resolve a step: knights placed,
//! territories conquered, every combat step with its values, Relics turned
//! down and repaired, the end of the game. Each event is reported into the
//! core's `Events` sink; a card only its owner may know (drawn, looked at,
//! put back with the Crown of Insight) goes to that seat alone, and is told
//! to everyone only when the rules show it (an Influential Person played,
//! a Conflict card turned up).
//!
//! Events carry names (tiles, Relics, cards) rather than indices, so that a
//! line of the log reads on its own and a client needs no data tables.

use crate::cards::Card;
use crate::content::RelicKind;
use crate::ids::Cell;
use serde::{Deserialize, Serialize};
use std::fmt;
use tourney_core::text::plural;
use tourney_core::{Events, Seat};

/// The sink the rules code reports into.
pub(crate) type Ev = Events<Event>;

/// Knights standing on one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Stationed {
    /// The cell.
    pub cell: Cell,
    /// Knights there now.
    pub knights: u8,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player (or a team) reached the points goal.
    Goal,
    /// A castle was conquered (Siege).
    Castle,
    /// The round limit was reached; the most points won.
    RoundLimit,
}

/// Something the rules made happen, in the order it happened.
///
/// Wherever an event names a `seat`, it is the player the event is about:
/// the one who acts, draws, gains or loses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// Setup: a player's six starting knights are placed.
    StartingKnights {
        /// The player.
        seat: Seat,
        /// Knights in the castle.
        castle: u8,
        /// Knights on each of the player's homelands.
        homelands: Vec<Stationed>,
    },
    /// A turn begins and its three knights are placed in the castle.
    TurnBegins {
        /// The player on turn.
        seat: Seat,
        /// The turn's number, counted over the whole game from 1.
        turn: u16,
        /// Knights placed.
        placed: u8,
        /// Knights the dice could not show, lost.
        lost: u8,
        /// Knights in the castle now.
        castle: u8,
    },
    /// Knights are placed in a castle: Summon, a conquest effect, the Crown
    /// of Prosperity, the Orb of Self-sacrifice.
    KnightsAdded {
        /// The castle's player.
        seat: Seat,
        /// The card, tile or Relic that placed them.
        by: String,
        /// Knights placed.
        placed: u8,
        /// Knights the dice could not show, lost.
        lost: u8,
        /// Knights in the castle now.
        castle: u8,
        /// Told in the very step that used a Crown (no opponent could
        /// answer with Destroy), so the line retells that step. Absent when
        /// false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_once: bool,
    },
    /// A redistribution is finished: the knights now on every cell that
    /// gave or received some.
    Redistributed {
        /// The player who redistributed.
        seat: Seat,
        /// The castle's knights, if it took part.
        castle: Option<u8>,
        /// The territories that took part, with their knights now.
        territories: Vec<Stationed>,
    },
    /// Another redistribution and march this turn.
    RoundGranted {
        /// The player on turn.
        seat: Seat,
        /// The card or Relic that granted it.
        by: String,
        /// Told in the very step that used a Crown (no opponent could
        /// answer with Destroy), so the line retells that step. Absent when
        /// false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_once: bool,
    },
    /// A Relic is turned face down by Destroy or the Crown of Corruption.
    RelicTurnedDown {
        /// The player who turned it down.
        by: Seat,
        /// "Destroy", or the Crown's name.
        with: String,
        /// The Relic's owner.
        seat: Seat,
        /// Which of the owner's Relics.
        relic: RelicKind,
        /// The Relic's name.
        name: String,
        /// Told in the very step that used a Crown (no opponent could
        /// answer with Destroy), so the line retells that step. Absent when
        /// false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_once: bool,
    },
    /// An announced Crown was destroyed before it could take effect.
    CrownCancelled {
        /// The Crown's owner.
        seat: Seat,
        /// The Crown's name.
        crown: String,
    },
    /// A knight is taken from a territory (Crown of Decay, Marshland, Orb
    /// of Savagery).
    KnightLost {
        /// The player whose knight it is.
        seat: Seat,
        /// Where the knight stood.
        cell: Cell,
        /// The Relic or tile that took it.
        by: String,
        /// Whose Relic it is (none for a territory's effect).
        by_seat: Option<Seat>,
        /// Knights left there.
        left: u8,
        /// Told in the very step that used a Crown (no opponent could
        /// answer with Destroy), so the line retells that step. Absent when
        /// false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_once: bool,
    },
    /// A player takes a territory, by marching into an empty one or by
    /// winning a combat as the attacker.
    Conquered {
        /// The conqueror.
        seat: Seat,
        /// The territory.
        cell: Cell,
        /// The territory tile's name.
        tile: String,
        /// Points the territory is worth.
        worth: u16,
        /// Knights the conqueror has there.
        knights: u8,
        /// The conqueror's points now.
        points: u16,
        /// Taken by the march into it (an empty territory), in the step of
        /// that march; false for a combat won, whose end is a step of its
        /// own.
        #[serde(default)]
        by_march: bool,
    },
    /// Combat step 1: who fights where with how many, and the territory's
    /// effect on the values.
    CombatBegins {
        /// The marching player.
        attacker: Seat,
        /// The player holding the territory (or the castle, under Siege).
        defender: Seat,
        /// Where they fight.
        cell: Cell,
        /// The territory tile; none when a castle is attacked (Siege).
        tile: Option<String>,
        /// Knights in the fight, attacker first.
        knights: [u8; 2],
        /// The territory's bonus to each side.
        bonus: [i16; 2],
        /// The combat values to start from, attacker first.
        values: [i16; 2],
    },
    /// Combat step 3: a Sceptre changes a combat value.
    SceptreApplied {
        /// The Sceptre's owner.
        seat: Seat,
        /// The Sceptre's name.
        sceptre: String,
        /// Whose value it changes.
        target: Seat,
        /// What it adds (negative: takes away).
        change: i16,
        /// The combat values now, attacker first.
        values: [i16; 2],
    },
    /// A Relic makes its owner draw until the hand holds `cards`.
    DrawsUpTo {
        /// The Relic's owner, who draws.
        seat: Seat,
        /// The Relic's name.
        by: String,
        /// The hand size drawn up to.
        cards: u8,
        /// Told in the very step that used a Crown (no opponent could
        /// answer with Destroy), so the line retells that step. Absent when
        /// false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_once: bool,
    },
    /// Combat step 4: a combatant holds no Conflict card (it counts as 0).
    NoConflictCard {
        /// The combatant.
        seat: Seat,
    },
    /// Combat step 4: both Conflict cards are turned up together.
    ConflictRevealed {
        /// The attacker.
        attacker: Seat,
        /// The defender.
        defender: Seat,
        /// Attacker first; none for a combatant who had no Conflict card.
        cards: [Option<Card>; 2],
        /// The values with the printed cards added (Ambush dice still to come).
        values: [i16; 2],
    },
    /// An Ambush card's die.
    AmbushRolled {
        /// The combatant who played Ambush.
        seat: Seat,
        /// What the die shows, added to their value.
        face: u8,
        /// The combat values now, attacker first.
        values: [i16; 2],
    },
    /// Combat step 5 is skipped on Mountains.
    NoSupport {
        /// The territory fought over.
        cell: Cell,
        /// Its tile's name.
        tile: String,
    },
    /// Combat step 5: a Support card played.
    SupportPlayed {
        /// The player who played it.
        seat: Seat,
        /// The card.
        card: Card,
        /// The combatant it helps (a teammate under Loyalty).
        for_seat: Seat,
        /// The combat values now, attacker first.
        values: [i16; 2],
    },
    /// Combat step 6: the result.
    CombatResult {
        /// Where they fought.
        cell: Cell,
        /// The attacker.
        attacker: Seat,
        /// The defender.
        defender: Seat,
        /// Whichever of the two won.
        winner: Seat,
        /// The final combat values, attacker first.
        values: [i16; 2],
        /// What the winner won by (a tie counts 1 for the defender).
        margin: i16,
    },
    /// Chaos: one survival die of the winner.
    SurvivalDie {
        /// The winner, who rolls.
        seat: Seat,
        /// Where they fought.
        cell: Cell,
        /// What the die shows; a 1 costs a knight.
        face: u8,
        /// The winner's knights left there.
        left: u8,
    },
    /// Chaos: the survival dice took the winner's last knight.
    ResultReversed {
        /// Where they fought.
        cell: Cell,
        /// The side that lost the combat and wins it now.
        winner: Seat,
        /// The side whose knights the dice took.
        loser: Seat,
    },
    /// Orb of Resolve: a castle knight joins the fight.
    KnightJoins {
        /// The Orb's owner.
        seat: Seat,
        /// Where they fight.
        cell: Cell,
        /// The Orb's name.
        by: String,
        /// Knights there now.
        knights: u8,
    },
    /// A Relic or territory effect that finds nothing to do.
    NoEffect {
        /// The player it would have helped or hurt.
        seat: Seat,
        /// The Relic or tile.
        source: String,
        /// Why nothing happens, in a player's words.
        why: String,
    },
    /// Orb of Revival: the loser loses fewer knights.
    LossesSpared {
        /// The Orb's owner, who lost the combat.
        seat: Seat,
        /// The Orb's name.
        by: String,
        /// Knights fewer lost.
        spared: u8,
    },
    /// Face-down Relics turned face up: at the end of their owner's turn,
    /// or by the Orb of Purification (`by`).
    RelicsRepaired {
        /// The Relics' owner.
        seat: Seat,
        /// The names of the Relics turned face up.
        relics: Vec<String>,
        /// The Orb that did it; none at the end of a turn.
        by: Option<String>,
    },
    /// Combat step 8: the loser's losses and retreat.
    CombatLosses {
        /// The loser.
        seat: Seat,
        /// Where they fought.
        cell: Cell,
        /// Knights lost in the combat.
        lost: u8,
        /// Knights that made it back to the castle.
        retreated: u8,
        /// Retreating knights the castle's dice could not show, lost.
        retreat_lost: u8,
        /// Knights in the loser's castle now.
        castle: u8,
    },
    /// Combat step 9: the defender keeps the territory.
    Defended {
        /// The defender.
        seat: Seat,
        /// The territory.
        cell: Cell,
        /// Knights left there; with none, nobody holds it any more.
        knights: u8,
    },
    /// Siege: a castle is conquered.
    CastleTaken {
        /// The conqueror.
        seat: Seat,
        /// The player whose castle it was.
        castle_of: Seat,
    },
    /// Cut-Throat: a territory without a supply line loses its knights.
    SupplyCut {
        /// The player who held it.
        seat: Seat,
        /// The territory.
        cell: Cell,
        /// Knights removed.
        knights: u8,
        /// The player's points now.
        points: u16,
    },
    /// A card drawn into a hand. Told only to the drawer.
    CardDrawn {
        /// The drawer.
        seat: Seat,
        /// The card.
        card: Card,
        /// It came from the top the drawer knew (Crown of Insight).
        known: bool,
    },
    /// A card drawn from the known top of a deck: no chance step shows it,
    /// so the table is told a card was drawn (not which).
    KnownCardDrawn {
        /// The drawer.
        seat: Seat,
    },
    /// Influential Person is shown and played, for more cards.
    InfluentialPerson {
        /// The player who drew it.
        seat: Seat,
        /// Cards they draw for it.
        draws: u8,
        /// Drawn from the deck by the chance step telling it, and played
        /// at once (as an extra card, or as the card that filled the
        /// hand): the event tells that draw, to the drawer too, who is told
        /// the card by no other event. False when drawn earlier while the
        /// hand was filled, or from the known top of the deck.
        #[serde(default)]
        drawn: bool,
    },
    /// A player's discard pile is shuffled into a new deck.
    DeckReshuffled {
        /// The player.
        seat: Seat,
        /// Cards shuffled into it.
        cards: u8,
    },
    /// A card looked at with the Crown of Insight. Told only to its owner.
    CardSeen {
        /// The Crown's owner.
        seat: Seat,
        /// The card.
        card: Card,
        /// It lay on the top its owner knew from an earlier use of the
        /// Crown, and is looked at again with no chance step. Absent when
        /// false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        known: bool,
    },
    /// The looked-at cards are back on the deck, top first. Told only to
    /// their owner.
    DeckTopSet {
        /// The Crown's owner.
        seat: Seat,
        /// The cards, top first.
        cards: Vec<Card>,
    },
    /// The looked-at cards are back on the deck, in an order only their
    /// owner knows. Told to everyone but the owner, who is told
    /// [`Event::DeckTopSet`] instead.
    DeckTopPutBack {
        /// The Crown's owner.
        seat: Seat,
        /// How many cards went back.
        cards: u8,
    },
    /// Every player has had a turn.
    RoundOver {
        /// Rounds completed so far.
        round: u16,
    },
    /// The game is over.
    GameOver {
        /// Who won (several share a team's or a tied win).
        winners: Vec<Seat>,
        /// Every seat's points at the end.
        points: Vec<u16>,
        /// What ended it.
        reason: EndReason,
    },
}

/// "1 knight", "3 knights", and "no knights" for none (where "0 knights"
/// would read oddly; [`plural`] writes the 0 elsewhere).
fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 0 {
        format!("no {many}")
    } else {
        plural(n, one, many)
    }
}

/// "1 knight", "3 knights", "0 knights".
pub(crate) fn knight_count(n: impl Into<i64>) -> String {
    plural(n, "knight", "knights")
}

/// "1 point", "13 points", "0 points".
pub(crate) fn point_count(n: impl Into<i64>) -> String {
    plural(n, "point", "points")
}

/// Capitalises the first letter: `Seat` prints "seat 2".
fn cap(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => s,
    }
}

fn values(v: &[i16; 2]) -> String {
    format!("combat values: attacker {}, defender {}", v[0], v[1])
}

fn signed(n: i16) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn lost_for_dice(lost: u8) -> String {
    match lost {
        0 => String::new(),
        1 => format!("; {} is lost, the dice cannot show it", knight_count(1)),
        n => format!("; {} are lost, the dice cannot show them", knight_count(n)),
    }
}

/// "2 extra cards follow": Influential Person's draws, which are told one
/// by one after its line.
fn extra_cards(n: u8) -> String {
    if n == 1 {
        "1 extra card follows".to_string()
    } else {
        format!("{n} extra cards follow")
    }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn seats(seats: &[Seat]) -> String {
    if seats.is_empty() {
        return "nobody".to_string();
    }
    let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    list(&names)
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Event::StartingKnights {
                seat,
                castle,
                homelands,
            } => {
                let mut parts: Vec<String> = homelands
                    .iter()
                    .map(|h| format!("{} in hex {}", knight_count(h.knights), h.cell))
                    .collect();
                parts.push(format!("{} in the castle", knight_count(*castle)));
                format!("{seat} starts with {}", list(&parts))
            }
            Event::TurnBegins {
                seat,
                turn,
                placed,
                lost,
                castle,
            } => format!(
                "Turn {turn}: {seat} places {} in their castle (now {castle}){}",
                count(*placed, "new knight", "new knights"),
                lost_for_dice(*lost)
            ),
            Event::KnightsAdded {
                seat,
                by,
                placed,
                lost,
                castle,
                ..
            } => format!(
                "{by}: {seat} places {} in their castle (now {castle}){}",
                count(*placed, "knight", "knights"),
                lost_for_dice(*lost)
            ),
            Event::Redistributed {
                seat,
                castle,
                territories,
            } => {
                let mut parts: Vec<String> = castle
                    .iter()
                    .map(|k| format!("{} in the castle", knight_count(*k)))
                    .collect();
                parts.extend(
                    territories
                        .iter()
                        .map(|t| format!("{} in hex {}", knight_count(t.knights), t.cell)),
                );
                if parts.is_empty() {
                    format!("{seat} redistributes no knights")
                } else {
                    format!("{seat} redistributes: now {}", list(&parts))
                }
            }
            Event::RoundGranted { seat, by, .. } => {
                format!("{by}: {seat} may redistribute and march once more this turn")
            }
            Event::RelicTurnedDown {
                by,
                with,
                seat,
                name,
                ..
            } => {
                if with == "Destroy" {
                    format!("{by} plays Destroy on {seat}'s {name}: it is turned face down")
                } else {
                    format!("{by}'s {with} turns {seat}'s {name} face down")
                }
            }
            Event::CrownCancelled { seat, crown } => {
                format!("{seat}'s {crown} was destroyed and has no effect")
            }
            Event::KnightLost {
                seat,
                cell,
                by,
                by_seat,
                left,
                ..
            } => {
                let by = match by_seat {
                    Some(owner) => format!("{owner}'s {by}"),
                    None => by.clone(),
                };
                format!(
                    "{by}: {seat} loses a knight in hex {cell} ({} left)",
                    knight_count(*left)
                )
            }
            Event::Conquered {
                seat,
                cell,
                tile,
                worth,
                knights,
                points,
                by_march,
            } => {
                if *by_march {
                    // The march is told here, in one line with the conquest.
                    format!(
                        "{seat} marches {} into hex {cell} ({tile}, {}), finds it empty and conquers it: {} now",
                        knight_count(*knights),
                        point_count(*worth),
                        point_count(*points)
                    )
                } else {
                    format!(
                        "{seat} conquers hex {cell} ({tile}, {}) with {}: {} now",
                        point_count(*worth),
                        knight_count(*knights),
                        point_count(*points)
                    )
                }
            }
            Event::CombatBegins {
                attacker,
                defender,
                cell,
                tile,
                knights,
                bonus,
                values: v,
            } => {
                // The march that starts the combat is told here, in one
                // line with the attack.
                let marched = knight_count(knights[0]);
                let attack = match tile {
                    Some(t) => format!(
                        "{attacker} marches {marched} into hex {cell} ({t}) and attacks {defender}'s {} there",
                        knight_count(knights[1])
                    ),
                    None => format!(
                        "{attacker} marches {marched} against {defender}'s castle in hex {cell}, which defends as {}",
                        v[1].saturating_sub(bonus[1])
                    ),
                };
                let mut effects = Vec::new();
                for (who, bonus) in ["attacker", "defender"].iter().zip(bonus) {
                    if *bonus != 0 {
                        effects.push(format!("{who} {}", signed(*bonus)));
                    }
                }
                let effects = match (tile, effects.is_empty()) {
                    (Some(t), false) => format!(" {t}: {};", effects.join(", ")),
                    _ => String::new(),
                };
                format!("{attack};{effects} {}", values(v))
            }
            Event::SceptreApplied {
                seat,
                sceptre,
                target,
                change,
                values: v,
            } => format!(
                "{seat}'s {sceptre}: {target} {}; {}",
                signed(*change),
                values(v)
            ),
            Event::DrawsUpTo {
                seat, by, cards, ..
            } => {
                format!(
                    "{seat}'s {by}: {seat} draws until holding {}",
                    plural(*cards, "card", "cards")
                )
            }
            Event::NoConflictCard { seat } => {
                format!("{seat} holds no Conflict card: it counts as 0")
            }
            Event::ConflictRevealed {
                attacker,
                defender,
                cards,
                values: v,
            } => {
                let shown = |c: &Option<Card>| match c {
                    Some(Card::Ambush) => "Ambush (its die is rolled next)".to_string(),
                    Some(c) => c.name().to_string(),
                    None => "no card".to_string(),
                };
                format!(
                    "Conflict cards turned up: {attacker} {}, {defender} {}; {}",
                    shown(&cards[0]),
                    shown(&cards[1]),
                    values(v)
                )
            }
            Event::AmbushRolled {
                seat,
                face,
                values: v,
            } => format!("{seat}'s Ambush die shows {face}: +{face}; {}", values(v)),
            Event::NoSupport { cell, tile } => {
                format!("No Support cards may be played in hex {cell} ({tile})")
            }
            Event::SupportPlayed {
                seat,
                card,
                for_seat,
                values: v,
            } => {
                let help = if for_seat == seat {
                    String::new()
                } else {
                    format!(" for {for_seat}")
                };
                format!("{seat} plays {}{help}; {}", card.name(), values(v))
            }
            Event::CombatResult {
                cell,
                defender,
                winner,
                values: v,
                margin,
                ..
            } => {
                if v[0] == v[1] && winner == defender {
                    format!(
                        "The combat in hex {cell} is tied at {}: {winner}, the defender, wins by {margin}",
                        v[0]
                    )
                } else {
                    format!(
                        "{winner} wins the combat in hex {cell} by {margin} ({})",
                        values(v)
                    )
                }
            }
            Event::SurvivalDie {
                seat,
                cell,
                face,
                left,
            } => {
                if *face == 1 {
                    format!(
                        "{seat}'s survival die shows 1: a knight is lost in hex {cell} ({} left)",
                        knight_count(*left)
                    )
                } else {
                    format!("{seat}'s survival die shows {face}: the knight survives")
                }
            }
            Event::ResultReversed {
                cell,
                winner,
                loser,
            } => format!(
                "{loser} has no knights left in hex {cell}: {winner} wins the combat instead, losing nothing"
            ),
            Event::KnightJoins {
                seat,
                cell,
                by,
                knights,
            } => format!(
                "{seat}'s {by}: a knight from the castle joins the fight in hex {cell} ({} there now)",
                knight_count(*knights)
            ),
            Event::NoEffect { seat, source, why } => {
                format!("{seat}'s {source} has no effect: {why}")
            }
            Event::LossesSpared { seat, by, spared } => format!(
                "{seat}'s {by}: {seat} loses {} fewer",
                knight_count(*spared)
            ),
            Event::RelicsRepaired { seat, relics, by } => {
                let names = list(relics);
                match by {
                    Some(by) => format!("{seat}'s {by} repairs their {names}"),
                    None => format!("{seat} repairs their {names} at the end of the turn"),
                }
            }
            Event::CombatLosses {
                seat,
                cell,
                lost,
                retreated,
                retreat_lost,
                castle,
            } => {
                let losses = format!(
                    "{seat} loses {} in hex {cell}",
                    count(*lost, "knight", "knights")
                );
                let retreat = match (*retreated, *retreat_lost) {
                    (0, 0) => "; none are left to retreat".to_string(),
                    // The noun is the one just counted ("loses 2 knights
                    // in 5; 2 retreat"); the verb agrees with the number.
                    (1, _) => format!("; 1 retreats to the castle (now {castle})"),
                    (0, _) => String::new(),
                    (n, _) => format!("; {n} retreat to the castle (now {castle})"),
                };
                format!("{losses}{retreat}{}", lost_for_dice(*retreat_lost))
            }
            Event::Defended {
                seat,
                cell,
                knights,
            } => {
                if *knights == 0 {
                    format!("{seat} has no knights left in hex {cell}: it belongs to nobody now")
                } else {
                    format!("{seat} holds hex {cell} with {}", knight_count(*knights))
                }
            }
            Event::CastleTaken { seat, castle_of } => {
                format!("{seat} conquers {castle_of}'s castle")
            }
            Event::SupplyCut {
                seat,
                cell,
                knights,
                points,
            } => format!(
                "{seat}'s {} in hex {cell} {} removed: no supply line reaches hex {cell} ({} now)",
                knight_count(*knights),
                if *knights == 1 { "is" } else { "are" },
                point_count(*points)
            ),
            Event::CardDrawn { seat, card, known } => {
                if *known {
                    format!("{seat} draws {}, the known top card", card.name())
                } else {
                    format!("{seat} draws {}", card.name())
                }
            }
            Event::KnownCardDrawn { seat } => format!(
                "{seat} draws the top card of their deck, one they know from the Crown of Insight"
            ),
            // The extra cards are told as they are drawn, each on a line of
            // its own; this line only says they are coming.
            Event::InfluentialPerson {
                seat,
                draws,
                drawn: false,
            } => format!("{seat} plays Influential Person: {}", extra_cards(*draws)),
            Event::InfluentialPerson {
                seat,
                draws,
                drawn: true,
            } => format!(
                "{seat} draws Influential Person and plays it: {}",
                extra_cards(*draws)
            ),
            Event::DeckReshuffled { seat, cards } => format!(
                "{seat} shuffles their discard pile ({}) into a new deck",
                plural(*cards, "card", "cards")
            ),
            Event::CardSeen { seat, card, known } => {
                if *known {
                    format!(
                        "{seat} looks again at {}, a card they had put on top of their deck (Crown of Insight)",
                        card.name()
                    )
                } else {
                    format!("{seat} looks at {} (Crown of Insight)", card.name())
                }
            }
            Event::DeckTopSet { seat, cards } => {
                let names: Vec<&str> = cards.iter().map(|c| c.name()).collect();
                format!(
                    "{seat} puts back on their deck, top first: {}",
                    names.join(", ")
                )
            }
            Event::DeckTopPutBack { seat, cards } => format!(
                "{seat} puts {} back on top of their deck, in an order only they know",
                plural(*cards, "looked-at card", "looked-at cards")
            ),
            Event::RoundOver { round } => format!("Round {round} is over"),
            Event::GameOver {
                winners,
                points,
                reason,
            } => {
                let why = match reason {
                    EndReason::Goal => "the points goal is reached",
                    EndReason::Castle => "a castle has fallen",
                    EndReason::RoundLimit => "the round limit is reached",
                };
                let verb = if winners.len() > 1 { "win" } else { "wins" };
                let scores: Vec<String> = points
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("{} {p}", Seat::new(i)))
                    .collect();
                format!(
                    "The game is over, {why}: {} {verb}. Points: {}",
                    seats(winners),
                    scores.join(", ")
                )
            }
        };
        f.write_str(&cap(text))
    }
}
