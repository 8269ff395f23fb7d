//! What the rules tell the table as they resolve a step: the starting roll,
//! the reveal of every seat's secret preparation, where the ladies' favours
//! land, each round of a joust with its dice and wounds, who won and what it
//! paid, the day winner, the night, the final bonuses and the result.
//!
//! Knights and ladies are named by card id in the JSON (as in actions and
//! views) and by their card names in the text. The seats' secret choices
//! (training, who rides, the duellist) are told only to their own seat as
//! they are made; everyone learns them from the reveal events.

use crate::actions::Gain;
use crate::combat::{Ending, of_side};
use crate::content::{KnightId, LadyId, knight_name, knight_short, lady_name, match_mask};
use crate::describe::gain_text;
use serde::{Deserialize, Serialize};
use std::fmt;
use tourney_core::text::plural;
use tourney_core::{Events, Seat};

/// The sink the rules code reports into.
pub(crate) type Sink = Events<Event>;

/// A lady's share of a knight's prize: she gains what he gains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LadyShare {
    /// The lady whose favour the winner wears.
    pub lady: LadyId,
    /// Her owner, who scores her prizes.
    pub seat: Seat,
    /// Her prizes after the gain.
    pub prizes: u16,
}

/// Something the rules made happen. See `docs/protocol/ritter.md` for the
/// JSON of each kind and who is told.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The highest roll for the starting player is shared: those seats roll again.
    StartRollTied {
        /// The seats that rolled it, who alone roll again.
        seats: Vec<Seat>,
        /// The shared face.
        roll: u8,
    },
    /// The starting roll is won: this seat starts day 1.
    StartingPlayer {
        /// The winner of the roll.
        seat: Seat,
        /// The face that won it.
        roll: u8,
        /// The winner made the last roll, which decided it: this line then
        /// retells that roll.
        #[serde(default)]
        last_roll: bool,
    },
    /// A tournament day begins with the secret preparation.
    DayBegins {
        /// The day now starting, from 1.
        day: u8,
        /// How many days the tournament has.
        days: u8,
        /// Who places the first favour and makes the first challenge.
        starter: Seat,
    },
    /// Only the seat: it spent one of its knight's training points.
    TrainingPlanned {
        /// The seat training, the only one told.
        seat: Seat,
        /// The knight the point went to.
        knight: KnightId,
        /// What it bought.
        gain: Gain,
        /// His points still to spend in this preparation.
        points_left: u8,
    },
    /// Only the seat: the knights it chose to ride today.
    RidersChosen {
        /// The seat choosing, the only one told.
        seat: Seat,
        /// Its riders for the day (empty: none).
        knights: Vec<KnightId>,
    },
    /// The seat has finished its preparation (what it chose stays hidden).
    Prepared {
        /// The seat now done.
        seat: Seat,
    },
    /// The reveal: training a knight took, and his card after it.
    Trained {
        /// His owner.
        seat: Seat,
        /// The knight trained.
        knight: KnightId,
        /// Combat dice the training added.
        extra_dice: u8,
        /// Fields newly covered, per number 1 to 6.
        extra_covered: [u8; 6],
        /// His combat dice now.
        dice: u8,
        /// His covered fields now, per number 1 to 6.
        covered: [u8; 6],
    },
    /// The reveal: which of the seat's knights ride today and which rest.
    Rides {
        /// The seat whose choice is revealed.
        seat: Seat,
        /// Its knights who ride.
        knights: Vec<KnightId>,
        /// Its knights still in the tournament who stay out today.
        resting: Vec<KnightId>,
    },
    /// The wound-penalty option takes dice from a knight for today (or for
    /// the decisive duel).
    WoundPenalty {
        /// The knight losing dice.
        knight: KnightId,
        /// The wounds that cost them.
        wounds: u8,
        /// Combat dice taken away.
        dice_lost: u8,
        /// The dice he rolls in a round (never below one).
        dice: u8,
    },
    /// A lady's favour goes to a knight who wore none.
    FavourGiven {
        /// The seat that offered her.
        seat: Seat,
        /// The lady whose favour he now wears.
        lady: LadyId,
        /// The knight.
        knight: KnightId,
        /// How many of the knight's three preferences she meets.
        matches: u8,
    },
    /// A lady's favour displaces the one the knight wore, whose lady must be
    /// offered again.
    FavourDisplaced {
        /// The seat that offered her.
        seat: Seat,
        /// The lady who now wins his favour.
        lady: LadyId,
        /// The knight.
        knight: KnightId,
        /// How many of his preferences she meets.
        matches: u8,
        /// The lady he wore until now, turned away.
        displaced: LadyId,
        /// How many of his preferences the displaced lady meets.
        displaced_matches: u8,
    },
    /// The offered lady suits the knight exactly as well as the one he
    /// wears: his owner chooses.
    FavourTie {
        /// The knight's owner, who decides next.
        owner: Seat,
        /// The knight both ladies want.
        knight: KnightId,
        /// The lady he wears.
        wearing: LadyId,
        /// The lady just offered.
        newcomer: LadyId,
        /// How many of his preferences each of them meets.
        matches: u8,
    },
    /// After a tie: the favour the knight keeps and the lady turned away.
    FavourKept {
        /// The knight who chose.
        knight: KnightId,
        /// The lady whose favour he wears from now on.
        kept: LadyId,
        /// The lady he sent back, to be offered again.
        turned_away: LadyId,
    },
    /// The favours are placed; the day's challenges begin.
    JoustingBegins {
        /// The day, from 1.
        day: u8,
        /// The first seat to challenge (none: nobody can joust today).
        first: Option<Seat>,
    },
    /// A joust begins (a challenge, or a decisive duel).
    JoustBegins {
        /// The challenging knight, who rolls first.
        attacker: KnightId,
        /// His owner.
        attacker_seat: Seat,
        /// The challenged knight.
        defender: KnightId,
        /// His owner.
        defender_seat: Seat,
        /// A decisive duel for the lead rather than a day's joust.
        duel: bool,
        /// Combat dice each rolls in a plain mounted round.
        dice: [u8; 2],
    },
    /// A round of combat is resolved; attacker first in every pair.
    Round {
        /// The attacking knight.
        attacker: KnightId,
        /// The defending knight.
        defender: KnightId,
        /// Fought on foot (4–6 hit) rather than mounted (1–3 hit).
        foot: bool,
        /// A mounted round with the extra furious die.
        furious: bool,
        /// Part of a decisive duel.
        duel: bool,
        /// The faces each rolled.
        dice: [Vec<u8>; 2],
        /// Dice of the hitting numbers rolled against each knight.
        hits: [u8; 2],
        /// Of those, the ones his covered fields did not ward off.
        wounds: [u8; 2],
        /// Each knight's wounds after the round.
        total: [u8; 2],
    },
    /// Neither knight fell: both ride again with one extra die.
    Furious {
        /// The attacking knight.
        attacker: KnightId,
        /// The defending knight.
        defender: KnightId,
        /// The dice each rolls in the furious round.
        dice: [u8; 2],
    },
    /// The joust goes on on foot: both fell, or neither could ever unhorse
    /// the other even furious.
    OnFoot {
        /// The attacking knight.
        attacker: KnightId,
        /// The defending knight.
        defender: KnightId,
        /// Both were wounded in the saddle (`false`: they dismounted because
        /// mounted combat could never decide).
        both_fell: bool,
        /// The dice each rolls on foot.
        dice: [u8; 2],
    },
    /// Ten wounds: the knight is out of the whole tournament.
    KnockedOut {
        /// The knight leaving the tournament.
        knight: KnightId,
        /// His owner.
        seat: Seat,
        /// His wounds, ten or more.
        wounds: u8,
    },
    /// How a joust ended.
    JoustEnds {
        /// The attacking knight.
        attacker: KnightId,
        /// The defending knight.
        defender: KnightId,
        /// Who won (none: a double knock-out or a stalemate).
        winner: Option<KnightId>,
        /// Who lost, whenever someone won.
        loser: Option<KnightId>,
        /// Why it ended.
        ending: Ending,
        /// It was a decisive duel.
        duel: bool,
    },
    /// The winner of a joust and the lady he wears each gain a prize.
    Prize {
        /// The winner.
        knight: KnightId,
        /// His owner.
        seat: Seat,
        /// His prizes after the gain.
        prizes: u16,
        /// What the lady he wears gains (none if he wears no favour).
        lady: Option<LadyShare>,
    },
    /// The day's jousts are over.
    DayEnds {
        /// The day just ended.
        day: u8,
        /// The knights with the most prizes today (empty: nobody won one).
        leaders: Vec<KnightId>,
        /// Their prizes today.
        prizes: u8,
        /// The seat that names the day winner among its tied knights.
        chooser: Option<Seat>,
    },
    /// The day winner and the lady he wears gain the day's bonus.
    DayWinner {
        /// The day he won.
        day: u8,
        /// The day winner.
        knight: KnightId,
        /// His owner.
        seat: Seat,
        /// Extra prizes for him and for his lady: the day's number.
        bonus: u16,
        /// His prizes after the bonus.
        prizes: u16,
        /// What the lady he wears gains (none if he wears no favour).
        lady: Option<LadyShare>,
    },
    /// At night a knight heals and learns how much he may train.
    Rests {
        /// The knight resting.
        knight: KnightId,
        /// His owner.
        seat: Seat,
        /// Wounds healed overnight.
        healed: u8,
        /// Wounds left in the morning.
        wounds: u8,
        /// Training points for the coming preparation.
        training: u8,
    },
    /// After the last day: the knights and the ladies with the most prizes
    /// each gain the final bonus.
    TournamentBest {
        /// The knights tied for the most prizes (empty: nobody has one).
        knights: Vec<KnightId>,
        /// Their prizes before the bonus.
        knight_prizes: u16,
        /// The ladies tied for the most prizes (empty: nobody has one).
        ladies: Vec<LadyId>,
        /// Their prizes before the bonus.
        lady_prizes: u16,
        /// What each of them gains.
        bonus: u16,
    },
    /// Every seat's total: its knights' and its ladies' prizes.
    Totals {
        /// Each seat's total, in seat order.
        scores: Vec<u32>,
        /// The seats with the highest total; two or more fight duels.
        leaders: Vec<Seat>,
    },
    /// Two seats tied for the lead fight a decisive duel.
    DuelCalled {
        /// The two seats, lower first; the first one's knight attacks.
        seats: Vec<Seat>,
    },
    /// Only the seat: its knight for the decisive duel.
    ChampionChosen {
        /// The seat choosing, the only one told.
        seat: Seat,
        /// The knight it sends.
        knight: KnightId,
    },
    /// Seats tied for the lead with no knight left to fight for it.
    NoChampion {
        /// The seats that drop out of the tie.
        seats: Vec<Seat>,
    },
    /// The game is over.
    GameOver {
        /// The seats sharing the win (one, unless a tie could not be
        /// fought out).
        winners: Vec<Seat>,
        /// Each seat's final total, in seat order.
        scores: Vec<u32>,
    },
}

/// "Seat 3" for seat index 2: the start of a sentence.
pub(crate) fn seat_cap(seat: Seat) -> String {
    format!("Seat {}", u16::from(seat.0) + 1)
}

/// "seat 3" for seat index 2, inside a sentence.
/// The preference that makes `lady` better-ranked than `other` for
/// `knight` when both meet as many: the highest-ranked one she meets and
/// `other` does not, as its ordinal ("1st") and its trait word.
fn deciding_preference(
    knight: KnightId,
    lady: LadyId,
    other: LadyId,
) -> Option<(&'static str, &'static str)> {
    let only_hers = match_mask(knight, lady) & !match_mask(knight, other);
    let prefers = knight.card()?.prefers;
    // Bit 2 is the 1st preference, bit 1 the 2nd, bit 0 the 3rd.
    ["1st", "2nd", "3rd"]
        .into_iter()
        .zip(prefers)
        .zip([4u8, 2, 1])
        .find(|&(_, bit)| only_hers & bit != 0)
        .map(|((rank, t), _)| (rank, t.word()))
}

fn seat_word(seat: Seat) -> String {
    format!("seat {}", u16::from(seat.0) + 1)
}

/// "a, b and c".
fn and_list<T: AsRef<str>>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

fn knight_list(ids: &[KnightId]) -> String {
    let names: Vec<&str> = ids.iter().map(|&id| knight_name(id)).collect();
    and_list(&names)
}

fn seat_list(seats: &[Seat]) -> String {
    let words: Vec<String> = seats.iter().map(|&s| seat_word(s)).collect();
    and_list(&words)
}

fn faces(dice: &[u8]) -> String {
    if dice.is_empty() {
        return "no dice".to_string();
    }
    let words: Vec<String> = dice.iter().map(u8::to_string).collect();
    words.join(" ")
}

/// Two knights' dice: "6 dice each", "6 and 8 dice", "1 die and 3 dice".
fn dice_pair(dice: &[u8; 2]) -> String {
    let [a, b] = *dice;
    if a == b {
        format!("{} each", plural(a, "die", "dice"))
    } else if a != 1 && b != 1 {
        format!("{a} and {b} dice")
    } else {
        format!(
            "{} and {}",
            plural(a, "die", "dice"),
            plural(b, "die", "dice")
        )
    }
}

/// The covered hit fields, mounted then foot, in words: "mounted 1 1 2 3
/// and foot 4 5 6 covered" ("no field covered").
fn covered_fields(covered: &[u8; 6]) -> String {
    let numbers = |from: usize, to: usize, word: &str| {
        let words: Vec<String> = (from..to)
            .flat_map(|i| {
                let n = covered.get(i).copied().unwrap_or(0);
                std::iter::repeat_n(i.saturating_add(1).to_string(), usize::from(n))
            })
            .collect();
        (!words.is_empty()).then(|| format!("{word} {}", words.join(" ")))
    };
    let groups: Vec<String> = numbers(0, 3, "mounted")
        .into_iter()
        .chain(numbers(3, 6, "foot"))
        .collect();
    if groups.is_empty() {
        "no field covered".to_string()
    } else {
        format!("{} covered", groups.join(" and "))
    }
}

/// What one knight's side of a round did to him: "3 hits on Harald, 1
/// warded off by a covered field: 2 wounds (2 in all)". `hits` counts the
/// dice of the hitting numbers, warded or not, so the warded ones are named:
/// "2 wounds of 3 hits" read as if a hit could fail to wound for no reason.
fn hits_on(knight: KnightId, hits: u8, wounds: u8, total: u8) -> String {
    let name = knight_short(knight);
    let warded = hits.saturating_sub(wounds);
    let on = format!("{} on {name}", plural(hits, "hit", "hits"));
    match (hits, warded) {
        (0, _) => format!("no hit on {name}"),
        (1, 1) => format!("{on}, warded off by a covered field"),
        (2, 2) => format!("{on}, both warded off by covered fields"),
        (_, w) if w == hits => format!("{on}, all warded off by covered fields"),
        (_, 0) => format!(
            "{on}: {} ({total} in all)",
            plural(wounds, "wound", "wounds")
        ),
        (_, w) => format!(
            "{on}, {w} warded off by {}: {} ({total} in all)",
            if w == 1 {
                "a covered field"
            } else {
                "covered fields"
            },
            plural(wounds, "wound", "wounds")
        ),
    }
}

/// The tail of a prize sentence: the lady he wears gains the same.
fn lady_share(f: &mut fmt::Formatter<'_>, share: &Option<LadyShare>) -> fmt::Result {
    match share {
        Some(l) => write!(
            f,
            ", and so does {} of {}, whose favour he wears ({} in all)",
            lady_name(l.lady),
            seat_word(l.seat),
            l.prizes
        ),
        None => Ok(()),
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::StartRollTied { seats, roll } => write!(
                f,
                "{} tie for the start with {roll} each and roll again",
                capitalize(&seat_list(seats))
            ),
            Event::StartingPlayer { seat, roll, .. } => write!(
                f,
                "{} rolls highest ({roll}) and starts the first day",
                seat_cap(*seat)
            ),
            Event::DayBegins { day, days, starter } => write!(
                f,
                "Day {day} of {days} begins, {} starting: every seat trains its knights and picks who rides, in secret",
                seat_word(*starter)
            ),
            Event::TrainingPlanned {
                seat,
                knight,
                gain,
                points_left,
            } => write!(
                f,
                "{} trains {} in secret: {} ({} left)",
                seat_cap(*seat),
                knight_name(*knight),
                gain_text(*gain),
                plural(*points_left, "point", "points")
            ),
            Event::RidersChosen { seat, knights } if knights.is_empty() => write!(
                f,
                "{} chooses no knight to ride today (hidden from the others until every seat has prepared)",
                seat_cap(*seat)
            ),
            Event::RidersChosen { seat, knights } => write!(
                f,
                "{} chooses {} to ride today (hidden from the others until every seat has prepared)",
                seat_cap(*seat),
                knight_list(knights)
            ),
            Event::Prepared { seat } => write!(f, "{} has prepared for the day", seat_cap(*seat)),
            Event::Trained {
                seat,
                knight,
                extra_dice,
                extra_covered,
                dice,
                covered,
            } => {
                let mut gains = Vec::new();
                if *extra_dice > 0 {
                    gains.push(format!(
                        "gains {}",
                        plural(*extra_dice, "combat die", "combat dice")
                    ));
                }
                let cover = |from: usize, to: usize, word: &str| {
                    let numbers: Vec<String> = (from..to)
                        .flat_map(|i| {
                            let n = extra_covered.get(i).copied().unwrap_or(0);
                            std::iter::repeat_n(i.saturating_add(1).to_string(), usize::from(n))
                        })
                        .collect();
                    (!numbers.is_empty()).then(|| format!("covers {word} {}", and_list(&numbers)))
                };
                gains.extend(cover(0, 3, "mounted"));
                gains.extend(cover(3, 6, "foot"));
                write!(
                    f,
                    "{}'s training is revealed: {} {}; he now has {}, with {}",
                    seat_cap(*seat),
                    knight_name(*knight),
                    and_list(&gains),
                    plural(*dice, "die", "dice"),
                    covered_fields(covered)
                )
            }
            Event::Rides {
                seat,
                knights,
                resting,
            } => {
                write!(f, "{}'s choice is revealed: ", seat_cap(*seat))?;
                match knights.len() {
                    0 => write!(f, "no knight rides today")?,
                    1 => write!(f, "{} rides today", knight_list(knights))?,
                    _ => write!(f, "{} ride today", knight_list(knights))?,
                }
                match resting.len() {
                    0 => Ok(()),
                    1 => write!(f, "; {} rests", knight_list(resting)),
                    _ => write!(f, "; {} rest", knight_list(resting)),
                }
            }
            Event::WoundPenalty {
                knight,
                wounds,
                dice_lost,
                dice,
            } => write!(
                f,
                "{} carries {}: {} fewer, he rolls {}",
                knight_name(*knight),
                plural(*wounds, "wound", "wounds"),
                plural(*dice_lost, "die", "dice"),
                plural(*dice, "die", "dice")
            ),
            Event::FavourGiven {
                seat,
                lady,
                knight,
                matches,
            } => write!(
                f,
                "{} gives {}'s favour to {}; she meets {} of his 3 preferences",
                seat_cap(*seat),
                lady_name(*lady),
                knight_name(*knight),
                matches
            ),
            Event::FavourDisplaced {
                seat,
                lady,
                knight,
                matches,
                displaced,
                displaced_matches,
            } => {
                write!(
                    f,
                    "{} offers {}'s favour to {}, and she displaces {}: ",
                    seat_cap(*seat),
                    lady_name(*lady),
                    knight_name(*knight),
                    lady_name(*displaced)
                )?;
                if matches > displaced_matches {
                    write!(
                        f,
                        "she meets {matches} of his preferences, the other lady {displaced_matches}"
                    )?;
                } else {
                    write!(f, "both meet {matches} of his preferences, but ")?;
                    match deciding_preference(*knight, *lady, *displaced) {
                        Some((rank, word)) => write!(
                            f,
                            "she meets his {rank} preference ({word}) and the other lady does not"
                        )?,
                        None => write!(f, "hers ranks higher")?,
                    }
                }
                write!(f, "; {} must be offered again", lady_name(*displaced))
            }
            Event::FavourTie {
                owner,
                knight,
                wearing,
                newcomer,
                matches,
            } => write!(
                f,
                "{} suits {} exactly as well as {} ({} each): {} chooses which favour he wears",
                lady_name(*newcomer),
                knight_name(*knight),
                lady_name(*wearing),
                plural(*matches, "match", "matches"),
                seat_word(*owner)
            ),
            Event::FavourKept {
                knight,
                kept,
                turned_away,
            } => write!(
                f,
                "{} wears {}'s favour; {} is turned away and must be offered again",
                knight_name(*knight),
                lady_name(*kept),
                lady_name(*turned_away)
            ),
            Event::JoustingBegins { day, first } => match first {
                Some(seat) => write!(
                    f,
                    "The jousts of day {day} begin; {} challenges first",
                    seat_word(*seat)
                ),
                None => write!(
                    f,
                    "No two players have a knight riding on day {day}: nobody jousts"
                ),
            },
            Event::JoustBegins {
                attacker,
                attacker_seat,
                defender,
                defender_seat,
                duel,
                dice,
            } => write!(
                f,
                "{}: {} of {} against {} of {}, {} against {}",
                if *duel { "Decisive duel" } else { "Joust" },
                knight_name(*attacker),
                seat_word(*attacker_seat),
                knight_name(*defender),
                seat_word(*defender_seat),
                plural(dice[0], "die", "dice"),
                dice[1]
            ),
            Event::Round {
                attacker,
                defender,
                foot,
                furious,
                dice,
                hits,
                wounds,
                total,
                ..
            } => {
                let kind = match (foot, furious) {
                    (true, _) => "Foot round",
                    (false, true) => "Furious mounted round",
                    (false, false) => "Mounted round",
                };
                write!(
                    f,
                    "{kind}: {} rolls {}, {} rolls {}",
                    knight_short(*attacker),
                    faces(&dice[0]),
                    knight_short(*defender),
                    faces(&dice[1])
                )?;
                for (side, id) in [(0, *attacker), (1, *defender)] {
                    write!(
                        f,
                        "; {}",
                        hits_on(
                            id,
                            *of_side(hits, side),
                            *of_side(wounds, side),
                            *of_side(total, side)
                        )
                    )?;
                }
                Ok(())
            }
            Event::Furious {
                attacker,
                defender,
                dice,
            } => write!(
                f,
                "Neither knight falls: {} and {} grow furious and ride again with {}",
                knight_short(*attacker),
                knight_short(*defender),
                dice_pair(dice)
            ),
            Event::OnFoot {
                attacker,
                defender,
                both_fell,
                dice,
            } => {
                if *both_fell {
                    write!(
                        f,
                        "Both {} and {} fall from their horses",
                        knight_short(*attacker),
                        knight_short(*defender)
                    )?;
                } else {
                    write!(
                        f,
                        "{} and {} cannot unhorse each other even furious and dismount",
                        knight_short(*attacker),
                        knight_short(*defender)
                    )?;
                }
                write!(
                    f,
                    ": they fight on on foot with {}, where 4, 5 and 6 hit",
                    dice_pair(dice)
                )
            }
            Event::KnockedOut {
                knight,
                seat,
                wounds,
            } => write!(
                f,
                "{} of {} has {} and is out of the tournament",
                knight_name(*knight),
                seat_word(*seat),
                plural(*wounds, "wound", "wounds")
            ),
            Event::JoustEnds {
                attacker,
                defender,
                winner,
                loser,
                ending,
                duel,
            } => {
                let prize = if *duel {
                    "the decisive duel"
                } else {
                    "the joust"
                };
                match (winner, loser, ending) {
                    (Some(w), Some(l), Ending::Unhorsed) => write!(
                        f,
                        "{} unhorses {} and wins {prize}",
                        knight_name(*w),
                        knight_name(*l)
                    )?,
                    (Some(w), Some(l), Ending::Yielded) => write!(
                        f,
                        "{} yields: {} wins {prize}",
                        knight_name(*l),
                        knight_name(*w)
                    )?,
                    (Some(w), Some(l), _) => write!(
                        f,
                        "{} wins {prize}: {} is beaten to the ground",
                        knight_name(*w),
                        knight_name(*l)
                    )?,
                    (_, _, Ending::BothKnockedOut) => {
                        return write!(
                            f,
                            "{} and {} both fall with ten wounds: nobody wins {prize}",
                            knight_name(*attacker),
                            knight_name(*defender)
                        );
                    }
                    _ => {
                        return write!(
                            f,
                            "{} and {} can never wound each other: {prize} ends undecided{}",
                            knight_name(*attacker),
                            knight_name(*defender),
                            if *duel {
                                ""
                            } else {
                                " and both sit out the rest of the day"
                            }
                        );
                    }
                }
                match (loser, duel, ending) {
                    (Some(_), true, _) | (Some(_), false, Ending::KnockedOut) => Ok(()),
                    (Some(l), false, _) => {
                        write!(f, "; {} is out for the rest of the day", knight_short(*l))
                    }
                    (None, _, _) => Ok(()),
                }
            }
            Event::Prize {
                knight,
                seat,
                prizes,
                lady,
            } => {
                write!(
                    f,
                    "{} of {} wins a prize ({prizes} in all)",
                    knight_name(*knight),
                    seat_word(*seat)
                )?;
                lady_share(f, lady)
            }
            Event::DayEnds {
                day,
                leaders,
                prizes,
                chooser,
            } => {
                write!(f, "Day {day}'s jousts are over")?;
                match (leaders.as_slice(), chooser) {
                    ([], _) => write!(f, ": no knight won a joust, so there is no day winner"),
                    ([one], _) => write!(
                        f,
                        ": {} won the most prizes today ({prizes})",
                        knight_name(*one)
                    ),
                    (_, Some(seat)) => write!(
                        f,
                        ": {}'s {} tie with {} each, and {} names the day winner",
                        seat_word(*seat),
                        knight_list(leaders),
                        plural(*prizes, "prize", "prizes"),
                        seat_word(*seat)
                    ),
                    (_, None) => write!(
                        f,
                        ": {} tie with {} each, so there is no day winner",
                        knight_list(leaders),
                        plural(*prizes, "prize", "prizes")
                    ),
                }
            }
            Event::DayWinner {
                day,
                knight,
                seat,
                bonus,
                prizes,
                lady,
            } => {
                write!(
                    f,
                    "{} of {} is day {day}'s winner and gains {} ({prizes} in all)",
                    knight_name(*knight),
                    seat_word(*seat),
                    plural(*bonus, "extra prize", "extra prizes")
                )?;
                lady_share(f, lady)
            }
            Event::Rests {
                knight,
                healed,
                wounds,
                training,
                ..
            } => {
                write!(f, "At night {} ", knight_name(*knight))?;
                if *healed > 0 {
                    write!(
                        f,
                        "heals {} ({} left)",
                        plural(*healed, "wound", "wounds"),
                        wounds
                    )?;
                } else {
                    write!(f, "rests unhurt")?;
                }
                match training {
                    0 => write!(f, " and cannot train"),
                    t => write!(f, " and may train {}", plural(*t, "point", "points")),
                }
            }
            Event::TournamentBest {
                knights,
                knight_prizes,
                ladies,
                lady_prizes,
                bonus,
            } => {
                if knights.is_empty() && ladies.is_empty() {
                    return write!(f, "Nobody won a prize in the whole tournament");
                }
                let mut best = Vec::new();
                if !knights.is_empty() {
                    best.push(format!(
                        "{} with {}",
                        knight_list(knights),
                        plural(*knight_prizes, "prize", "prizes")
                    ));
                }
                if !ladies.is_empty() {
                    let names: Vec<&str> = ladies.iter().map(|&l| lady_name(l)).collect();
                    best.push(format!(
                        "{} with {}",
                        and_list(&names),
                        plural(*lady_prizes, "prize", "prizes")
                    ));
                }
                let gain = if knights.len().saturating_add(ladies.len()) > 1 {
                    "each gains"
                } else {
                    "gains"
                };
                write!(
                    f,
                    "Most prizes of the tournament: {}; {gain} {bonus} more",
                    best.join("; ")
                )
            }
            Event::Totals { scores, leaders } => {
                let list: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("seat {} {s}", i.saturating_add(1)))
                    .collect();
                write!(f, "Totals: {}", list.join(", "))?;
                if leaders.len() > 1 {
                    write!(
                        f,
                        "; {} tie for the lead, and decisive duels decide",
                        seat_list(leaders)
                    )?;
                }
                Ok(())
            }
            Event::DuelCalled { seats } => write!(
                f,
                "{} are tied for the lead and fight a decisive duel",
                capitalize(&seat_list(seats))
            ),
            Event::ChampionChosen { seat, knight } => write!(
                f,
                "{} sends {} into the decisive duel (secret until both have chosen)",
                seat_cap(*seat),
                knight_name(*knight)
            ),
            Event::NoChampion { seats } => write!(
                f,
                "{} {} no knight left to fight for the lead",
                capitalize(&seat_list(seats)),
                if seats.len() == 1 { "has" } else { "have" }
            ),
            Event::GameOver { winners, scores } => {
                let score = |s: &Seat| scores.get(s.index()).copied().unwrap_or(0);
                match winners.as_slice() {
                    [] => write!(f, "The tournament is over: nobody wins"),
                    [one] => write!(
                        f,
                        "The tournament is over: {} wins with {}",
                        seat_word(*one),
                        plural(score(one), "prize", "prizes")
                    ),
                    many => write!(
                        f,
                        "The tournament is over: {} share the win",
                        seat_list(many)
                    ),
                }
            }
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
