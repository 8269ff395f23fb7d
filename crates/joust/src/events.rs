//! What the rules tell the table as a step resolves: the choices turned up
//! when both duelists have committed, what a pass scored and who fell or was
//! hurt, and why a knight rolls for a major injury. The dice and the open
//! moves are already in the log as they happen; these say what they did.
//!
//! Each event is built only when someone listens (`tourney_core::Events`),
//! so playouts pay nothing for them. The JSON shapes are documented in
//! `docs/protocol/joust.md`.

use crate::actions::MOST_D12;
use crate::content::{HEAL, SNAKE};
use crate::dice::{self, Faces};
use crate::gear::Gear;
use crate::knight::Injury;
use crate::pass::Fall;
use crate::slot::Slot;
use serde::{Deserialize, Serialize};
use std::fmt;
use tourney_core::Seat;
use tourney_core::text::plural;

/// One thing that happened in Card Joust, in the words of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A pass begins between two seats (the challenger first).
    PassBegins {
        /// The pass's number, from 1.
        pass: u16,
        /// The seat whose turn it is; it draws and rolls first.
        challenger: Seat,
        /// The seat it rides against (the only other one, with two players).
        challenged: Seat,
    },
    /// A fresh knight rides into the lists: the seat had none standing, or
    /// withdrew the one it had (`withdrawn`, for good).
    KnightSent {
        /// The duelist sending it.
        seat: Seat,
        /// The new knight's number, from 1 in the order sent.
        knight: u8,
        /// The number of the standing knight it replaces, which never returns.
        withdrawn: Option<u8>,
    },
    /// A duelist chose to keep its standing knight, with these injury dice.
    KnightKept {
        /// The duelist keeping it.
        seat: Seat,
        /// The number of the knight that stays in.
        knight: u8,
        /// Minor-injury dice it rides with.
        minor: u8,
        /// Major-injury dice it rides with.
        major: u8,
    },
    /// Told only to the drawer: the number card it drew.
    CardDrawn {
        /// The drawer, the only seat told.
        seat: Seat,
        /// The rank drawn.
        card: u8,
    },
    /// The seat's pile ran out: its discards, `cards` of them, are shuffled
    /// into a new face-down pile.
    DiscardsShuffled {
        /// Whose pile ran out.
        seat: Seat,
        /// Cards shuffled in: the new pile's size.
        cards: u8,
    },
    /// Told only to the duelist: its last card went on the shield by itself.
    ShieldCard {
        /// The duelist, the only seat told: the shield card stays face down.
        seat: Seat,
        /// The rank of the card on its shield.
        card: u8,
    },
    /// An aim turned up once both duelists aimed: `seat` aims at `slot` on
    /// `opponent`'s knight, whose card there (`target`) turns face up.
    Aim {
        /// The aiming duelist.
        seat: Seat,
        /// The duelist aimed at.
        opponent: Seat,
        /// Where on the opponent's knight.
        slot: Slot,
        /// The rank of the card there: what each jousting die must reach.
        target: u8,
    },
    /// A duelist's mount and lance, turned up once both chose.
    Gear {
        /// The duelist who chose it.
        seat: Seat,
        /// The mount and lance it rides with this pass.
        gear: Gear,
    },
    /// What pushing cost the duelist's own knight: a minor injury, a major
    /// one (a fourth minor one, which means a major-injury roll after the
    /// pass), or nothing (three minor already, the option off).
    PushInjury {
        /// The duelist who pushed.
        seat: Seat,
        /// The number of the knight that pays for the push.
        knight: u8,
        /// What the knight took.
        injury: Injury,
    },
    /// How a duelist's roll counted at the end of the pass and the points it
    /// made: `hit`, `lance` and `unhorse` are what a roll that does not
    /// fumble earns for the slot, the lance of peace and unhorsing (all
    /// lost when the duelist falls), `points` the change, `total` the
    /// player's points after it.
    Scored {
        /// The duelist whose roll this is.
        seat: Seat,
        /// The duelist it rode against.
        opponent: Seat,
        /// The slot it aimed at.
        aim: Slot,
        /// The rank of the opponent's card on that slot.
        target: u8,
        /// Successes of the kept dice and the shield bonus die, before the snakes.
        successes: u8,
        /// Snakes on the duelist's own injury dice.
        snakes: u8,
        /// Successes left after the snakes.
        net: u8,
        /// Kept jousting dice showing 1, and the bonus die if it did.
        ones: u8,
        /// With the princesses' gift, the two jousting dice that counted and
        /// the one dropped; left out of the JSON on a roll of two dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gift_dice: Option<GiftDice>,
        /// More ones than net successes: each one costs a point, unless a strong
        /// hit unhorses the duelist first.
        fumble: bool,
        /// Points for the slot aimed at.
        hit: i16,
        /// Points for breaking the lance of peace.
        lance: i16,
        /// Points for unhorsing the opponent.
        unhorse: i16,
        /// The duelist fell this pass, so it scores nothing.
        fell: bool,
        /// The change to the player's points (negative after a fumble).
        points: i16,
        /// The player's points after the change.
        total: i16,
    },
    /// A knight fell from its horse and is out of the event.
    Unhorsed {
        /// Whose knight fell.
        seat: Seat,
        /// The fallen knight's number.
        knight: u8,
        /// Why it fell.
        cause: Fall,
        /// The opponent's net successes.
        by_net: u8,
    },
    /// The lance of war struck: `by`'s lance gave `seat`'s knight `dealt`,
    /// and the knight took `took` (a fourth minor injury may count as a
    /// major one, or be ignored); `minor` and `major` are its dice after.
    /// A major injury means a roll of the whole pool after the pass.
    InjuryDealt {
        /// The duelist whose lance struck.
        by: Seat,
        /// The duelist whose knight was struck.
        seat: Seat,
        /// The struck knight's number.
        knight: u8,
        /// What the lance gave: minor for one net success, major for more.
        dealt: Injury,
        /// What the knight took, after the fourth-minor-injury option.
        took: Injury,
        /// Minor-injury dice it holds after.
        minor: u8,
        /// Major-injury dice it holds after.
        major: u8,
    },
    /// A ground mount's 4 or more points earned the princesses' gift: an
    /// extra jousting die on the player's next pass.
    GiftEarned {
        /// The player who earned it.
        seat: Seat,
    },
    /// A roll of the whole injury pool for a major injury is due.
    InjuryRollDue {
        /// Whose knight rolls.
        seat: Seat,
        /// The number of the knight rolling.
        knight: u8,
        /// Dice in the pool.
        dice: u8,
        /// The number of this roll, and how many the knight owes this pass.
        roll: u8,
        /// Rolls owed in all: a push and a lance can each give a major injury.
        of: u8,
    },
    /// The major-injury roll showed no snake: the knight rides on. Its
    /// line says only that; each die of the roll has a line of its own.
    InjuryRollSurvived {
        /// Whose knight rolled.
        seat: Seat,
        /// The number of the knight that rides on.
        knight: u8,
        /// The faces the roll showed, lowest first.
        #[serde(default)]
        faces: Vec<u8>,
    },
    /// A major-injury roll showed a snake: the knight leaves the event. Its
    /// line says only that; each die of the roll has a line of its own.
    LeftByInjury {
        /// Whose knight leaves.
        seat: Seat,
        /// The number of the knight that leaves.
        knight: u8,
        /// The faces the roll showed: the roll stops at its first snake, so
        /// the dice before it, lowest first, and the snake (1) last.
        #[serde(default)]
        faces: Vec<u8>,
    },
    /// Minor-injury dice that showed the heal face left the pool.
    Healed {
        /// Whose knight healed.
        seat: Seat,
        /// The number of the knight healed.
        knight: u8,
        /// Minor-injury dice that left the pool.
        healed: u8,
        /// Minor dice left.
        minor: u8,
    },
    /// The seat has no knight left, standing or waiting.
    OutOfEvent {
        /// The player who is out.
        seat: Seat,
    },
    /// The event is over.
    EventOver {
        /// Lowest seat first; two or more share a draw.
        winners: Vec<Seat>,
        /// The winners' points.
        points: i16,
        /// What ended it.
        reason: EndReason,
    },
}

/// A roll with the princesses' gift: three jousting dice, of which the two
/// highest count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GiftDice {
    /// The faces of the two dice that counted, highest first.
    pub kept: [u8; 2],
    /// The face of the die that was dropped.
    pub dropped: u8,
}

impl GiftDice {
    /// How a roll of `count` jousting dice showing `faces` splits; `None`
    /// for a roll without the gift's third die, where every die counts.
    pub(crate) fn of(faces: &[u8; MOST_D12], count: u8) -> Option<GiftDice> {
        if usize::from(count) < MOST_D12 {
            return None;
        }
        let keep = dice::kept(faces, count);
        let mut gift = GiftDice {
            kept: [0; 2],
            dropped: 0,
        };
        let mut n = 0;
        for (i, &face) in faces.iter().enumerate() {
            if keep & (1 << i) == 0 {
                gift.dropped = face;
            } else if let Some(k) = gift.kept.get_mut(n) {
                *k = face;
                n = n.saturating_add(1);
            }
        }
        gift.kept.sort_unstable_by(|a, b| b.cmp(a));
        Some(gift)
    }
}

/// The faces of a major-injury roll, from its counts by face, in the order
/// the log tells them: lowest first, and a snake, which stops the roll, last.
pub(crate) fn roll_faces(counts: &Faces) -> Vec<u8> {
    let snake = usize::from(SNAKE - 1);
    let order = (0..counts.len()).filter(|&i| i != snake).chain([snake]);
    order
        .flat_map(|i| {
            let n = counts.get(i).map_or(0, |&n| usize::from(n));
            std::iter::repeat_n((i as u8).saturating_add(1), n)
        })
        .collect()
}

/// Why the event ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A duelist reached the target with its knight standing.
    Target,
    /// Only the winner has knights left.
    LastInEvent,
    /// The last knights fell together: more points wins.
    FellTogether,
    /// All players' points together reached the threshold.
    Threshold,
}

/// "Seat 1", to begin a sentence.
struct Cap(Seat);

impl fmt::Display for Cap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat {}", self.0.index().saturating_add(1))
    }
}

/// "unhurt", "1 minor-injury die", "2 minor-injury dice, 1 major-injury die".
fn injury_dice(minor: u8, major: u8) -> String {
    let minor_dice = plural(minor, "minor-injury die", "minor-injury dice");
    let major_dice = plural(major, "major-injury die", "major-injury dice");
    match (minor, major) {
        (0, 0) => "unhurt".to_string(),
        (_, 0) => minor_dice,
        (0, _) => major_dice,
        _ => format!("{minor_dice}, {major_dice}"),
    }
}

/// "+3 points", "-1 point": a change of points with its sign.
fn points_change(points: i16) -> String {
    let sign = if points > 0 { "+" } else { "" };
    format!("{sign}{}", plural(points, "point", "points"))
}

/// "a 7", "an 8": a number card as a player names it.
struct A(u8);

impl fmt::Display for A {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let article = if matches!(self.0, 8 | 11 | 18) {
            "an"
        } else {
            "a"
        };
        write!(f, "{article} {}", self.0)
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::PassBegins {
                pass,
                challenger,
                challenged,
            } => write!(
                f,
                "Pass {pass}: {challenger} (challenger) against {challenged}"
            ),
            Event::KnightSent {
                seat,
                knight,
                withdrawn: Some(old),
            } => write!(
                f,
                "{} withdraws knight {old} for good and sends knight {knight} into the lists",
                Cap(seat)
            ),
            Event::KnightSent {
                seat,
                knight,
                withdrawn: None,
            } => write!(f, "{} sends knight {knight} into the lists", Cap(seat)),
            Event::KnightKept {
                seat,
                knight,
                minor,
                major,
            } => write!(
                f,
                "{} keeps knight {knight} in the lists ({})",
                Cap(seat),
                injury_dice(minor, major)
            ),
            Event::CardDrawn { seat, card } => write!(f, "{} draws {}", Cap(seat), A(card)),
            Event::DiscardsShuffled { seat, cards } => write!(
                f,
                "{}'s pile is empty: it shuffles its discards ({}) into a new pile",
                Cap(seat),
                plural(cards, "card", "cards")
            ),
            Event::ShieldCard { seat, card } => write!(
                f,
                "{}'s last card, the {card}, goes on the shield",
                Cap(seat)
            ),
            Event::Aim {
                seat,
                opponent,
                slot,
                target,
            } => write!(
                f,
                "{} aims at {opponent}'s {slot}: the card there, {}, turns face up",
                Cap(seat),
                A(target)
            ),
            Event::Gear { seat, gear } => write!(
                f,
                "{} rides a {} with the {}",
                Cap(seat),
                gear.mount,
                gear.lance
            ),
            Event::PushInjury {
                seat,
                knight,
                injury,
            } => match injury {
                Injury::Minor => write!(f, "Pushing costs {seat}'s knight {knight} a minor injury"),
                Injury::Major => write!(
                    f,
                    "Pushing costs {seat}'s knight {knight} a fourth minor injury, which counts \
                     as a major one: it rolls for it after the pass"
                ),
                Injury::None => write!(
                    f,
                    "Pushing costs {seat}'s knight {knight} nothing: it already has three \
                     minor injuries"
                ),
            },
            Event::Scored {
                seat,
                opponent,
                aim,
                target,
                successes,
                snakes,
                net,
                ones,
                gift_dice,
                fumble,
                hit,
                lance,
                unhorse,
                fell,
                points,
                total,
            } => {
                let nets = match net {
                    0 => "no net success".to_string(),
                    n => plural(n, "net success", "net successes"),
                };
                let count = if snakes > 0 {
                    format!(
                        "{} less {}: {nets}",
                        plural(successes, "success", "successes"),
                        plural(snakes, "snake", "snakes"),
                    )
                } else {
                    nets
                };
                write!(f, "{} ", Cap(seat))?;
                if let Some(g) = gift_dice {
                    let [high, low] = g.kept;
                    write!(
                        f,
                        "keeps its {high} and {low}, drops the {}, and ",
                        g.dropped
                    )?;
                }
                if fumble {
                    write!(
                        f,
                        "fumbles: {} against {count}",
                        plural(ones, "one", "ones")
                    )?;
                    if points == 0 {
                        write!(f, "; its fall spares it the loss")?;
                    }
                } else if net == 0 {
                    write!(f, "misses {opponent}'s {aim} (target {target}): {count}")?;
                } else {
                    write!(f, "hits {opponent}'s {aim} (target {target}) with {count}")?;
                    let mut parts = vec![format!("{hit} for the {aim}")];
                    if lance > 0 {
                        parts.push(format!("{lance} for the lance of peace"));
                    }
                    if unhorse > 0 {
                        parts.push(format!("{unhorse} for unhorsing"));
                    }
                    if fell {
                        write!(
                            f,
                            ", worth {} ({}), but scores nothing: it fell",
                            hit.saturating_add(lance).saturating_add(unhorse),
                            parts.join(", ")
                        )?;
                    } else if parts.len() > 1 {
                        write!(f, " ({})", parts.join(", "))?;
                    }
                }
                match points {
                    0 => write!(f, "; no points, {total} in all"),
                    p => write!(f, "; {}, {total} in all", points_change(p)),
                }
            }
            Event::Unhorsed {
                seat,
                knight,
                cause,
                by_net,
            } => {
                write!(f, "{}'s knight {knight} ", Cap(seat))?;
                match cause {
                    Fall::Struck => write!(
                        f,
                        "is unhorsed by {}",
                        plural(by_net, "net success", "net successes")
                    )?,
                    Fall::CaughtFumbling => write!(
                        f,
                        "fumbles, is caught by a strong hit ({}) and falls",
                        plural(by_net, "net success", "net successes")
                    )?,
                    Fall::FumbledFlying => write!(f, "fumbles on a flying mount and falls")?,
                }
                write!(f, ": it leaves the event")
            }
            Event::InjuryDealt {
                by,
                seat,
                knight,
                dealt,
                took,
                minor,
                major,
            } => {
                write!(
                    f,
                    "{}'s lance of war gives {seat}'s knight {knight} ",
                    Cap(by)
                )?;
                match (dealt, took) {
                    (Injury::Major, _) => write!(f, "a major injury")?,
                    (_, Injury::Major) => {
                        write!(f, "a fourth minor injury, which counts as a major one")?
                    }
                    (_, Injury::None) => write!(
                        f,
                        "a minor injury, which it shrugs off: it already has three"
                    )?,
                    _ => write!(f, "a minor injury")?,
                }
                write!(f, " (now {})", injury_dice(minor, major))?;
                if took == Injury::Major {
                    write!(f, ": it rolls for it after the pass")?;
                }
                Ok(())
            }
            Event::GiftEarned { seat } => write!(
                f,
                "{} earns the princesses' gift: an extra jousting die next pass",
                Cap(seat)
            ),
            Event::InjuryRollDue {
                seat,
                knight,
                dice: pool,
                roll,
                of,
            } => {
                // Told before the first die: the outcome is not known yet.
                write!(
                    f,
                    "{}'s knight {knight} must roll its {} for a major injury",
                    Cap(seat),
                    plural(pool, "injury die", "injury dice")
                )?;
                if of > 1 {
                    write!(f, " (roll {roll} of {of})")?;
                }
                write!(f, ": a snake would end its event")
            }
            // Each die of the roll has its own line (the chance step's), so
            // these tell only what the roll did, and begin with the injury,
            // not with the seat, as neither a die's line nor the next roll's
            // announcement does.
            Event::InjuryRollSurvived { seat, knight, .. } => write!(
                f,
                "The major injury spares {seat}'s knight {knight}: it stays in the lists"
            ),
            Event::LeftByInjury { seat, knight, .. } => write!(
                f,
                "The major injury is too much for {seat}'s knight {knight}: it leaves the event"
            ),
            Event::Healed {
                seat,
                knight,
                healed,
                minor,
            } => write!(
                f,
                "{}'s knight {knight} heals {} that showed the heal face ({HEAL}) this pass ({minor} left)",
                Cap(seat),
                plural(healed, "minor-injury die", "minor-injury dice")
            ),
            Event::OutOfEvent { seat } => write!(
                f,
                "{} has no knights left and is out of the event",
                Cap(seat)
            ),
            Event::EventOver {
                ref winners,
                points,
                reason,
            } => {
                let names: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
                match names.len() {
                    0 => write!(f, "The event is over: nobody wins")?,
                    1 => write!(
                        f,
                        "The event is over: {} wins with {}",
                        names.join(""),
                        plural(points, "point", "points")
                    )?,
                    _ => write!(
                        f,
                        "The event is over: a draw between {} with {} each",
                        tourney_core::text::join_and(&names),
                        plural(points, "point", "points")
                    )?,
                }
                f.write_str(match reason {
                    EndReason::Target => " (the target reached with a knight standing)",
                    EndReason::LastInEvent => " (the last player with knights)",
                    EndReason::FellTogether => " (the last knights fell together)",
                    EndReason::Threshold => " (the points threshold reached)",
                })
            }
        }
    }
}

/// The sink the rules report into.
pub(crate) type Told = tourney_core::Events<Event>;
