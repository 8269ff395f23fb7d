//! Menu and log texts in a player's words: what an action does, what the
//! chance step due is, and what an outcome means.

use crate::actions::{Action, Chance, DiceMask, KnightChoice};
use crate::chance::Pending;
use crate::content::{FEATHER, HEAL, MOST_MINOR, RAVEN, SNAKE};
use crate::gear::Mount;
use crate::knight::Knight;
use crate::state::{CardJoust, Phase};
use tourney_core::text::plural;
use tourney_core::{Seat, Series};

/// A knight's injuries: "unhurt", "1 minor injury die, 2 major injury dice".
fn hurt(k: Knight) -> String {
    let minor = plural(k.minor, "minor injury die", "minor injury dice");
    let major = plural(k.major, "major injury die", "major injury dice");
    match (k.minor, k.major) {
        (0, 0) => "unhurt".to_string(),
        (_, 0) => minor,
        (0, _) => major,
        _ => format!("{minor}, {major}"),
    }
}

fn mount_name(mount: Mount) -> &'static str {
    match mount {
        Mount::Ground => "Ground mount",
        Mount::Flying => "Flying mount",
    }
}

fn seat_name(seat: Seat) -> String {
    format!("Seat {}", seat.index().saturating_add(1))
}

impl CardJoust {
    pub(crate) fn action_text(&self, seat: Seat, action: &Action) -> String {
        match *action {
            Action::Challenge(target) => {
                format!("Challenge seat {}", target.index().saturating_add(1))
            }
            Action::Knight(KnightChoice::Keep) => match self.knight(seat) {
                Some(k) => format!("Keep knight {} in the lists ({})", k.number, hurt(k)),
                None => "Keep your knight in the lists".to_string(),
            },
            Action::Knight(KnightChoice::Replace) => {
                let sent = self.player(seat).map_or(0, |p| p.sent);
                format!(
                    "Withdraw knight {sent} for good and send knight {}",
                    u16::from(sent) + 1
                )
            }
            Action::Place(p) => format!("Put the {} on the {}", p.card, p.slot),
            Action::Aim(slot) => format!("Aim at the {slot}"),
            Action::Gear(g) => format!("{}, {}", mount_name(g.mount), g.lance),
            Action::Push(mask) => format!(
                "Push: re-roll {} (take {})",
                self.pushed_dice(seat, mask),
                self.push_cost(seat)
            ),
            Action::KeepRoll => "Keep the roll".to_string(),
        }
    }

    /// Log text of `seat`'s action, after the mover's name: the same facts
    /// as the menu's, in the third person.
    pub(crate) fn done_text(&self, seat: Seat, action: &Action) -> String {
        match *action {
            Action::Challenge(target) => {
                format!("challenges seat {}", target.index().saturating_add(1))
            }
            Action::Knight(KnightChoice::Keep) => match self.knight(seat) {
                Some(k) => format!("keeps knight {} in the lists ({})", k.number, hurt(k)),
                None => "keeps the knight in the lists".to_string(),
            },
            Action::Knight(KnightChoice::Replace) => {
                let sent = self.player(seat).map_or(0, |p| p.sent);
                format!(
                    "withdraws knight {sent} for good and sends knight {}",
                    u16::from(sent) + 1
                )
            }
            Action::Place(p) => format!("puts the {} on the {}", p.card, p.slot),
            Action::Aim(slot) => format!("aims at the {slot}"),
            Action::Gear(g) => format!("rides a {}, {}", mount_name(g.mount), g.lance),
            // What the push costs is told by its own event, just after.
            Action::Push(mask) => format!("pushes: re-rolls {}", self.pushed_dice(seat, mask)),
            Action::KeepRoll => "keeps the roll".to_string(),
        }
    }

    /// The dice a push re-rolls: "jousting die #1 (showing 4)", "jousting
    /// dice #1 (showing 4) and #3 (showing 9)".
    fn pushed_dice(&self, seat: Seat, mask: DiceMask) -> String {
        let faces = self
            .side_of(seat)
            .and_then(|k| self.side(k))
            .map_or([0; 3], |s| s.d12);
        let dice: Vec<String> = mask
            .numbers()
            .map(|n| {
                let face = usize::from(n)
                    .checked_sub(1)
                    .and_then(|i| faces.get(i))
                    .copied()
                    .unwrap_or(0);
                format!("#{n} (showing {face})")
            })
            .collect();
        let noun = if dice.len() == 1 {
            "jousting die"
        } else {
            "jousting dice"
        };
        format!("{noun} {}", dice.join(" and "))
    }

    /// What a push costs `seat`'s knight: "a minor injury".
    fn push_cost(&self, seat: Seat) -> &'static str {
        match self.knight(seat) {
            Some(k) if k.minor >= MOST_MINOR && self.config.fourth_minor_becomes_major => {
                "a major injury: a fourth minor one"
            }
            Some(k) if k.minor >= MOST_MINOR => {
                "no injury: the knight already has three minor ones"
            }
            _ => "a minor injury",
        }
    }

    pub(crate) fn chance_step_text(&self) -> String {
        let k = usize::from(self.duel.cursor);
        let side = self.side(k);
        let who = side.map_or_else(|| "Nobody".to_string(), |s| seat_name(s.seat));
        match (self.phase, self.pending()) {
            (_, Pending::StartingSeat) => "Choose the starting player".to_string(),
            (_, Pending::Card(_)) | (Phase::Roll, Pending::D12) => {
                let Some(run) = self.chance_series() else {
                    return "Nothing to roll or draw".to_string();
                };
                match self.pending() {
                    Pending::Card(_) => format!("{} ({} of {})", run.stem, run.index, run.of),
                    // The count reads best after the die and before the gift.
                    _ => format!(
                        "{who} rolls jousting die #{} of {}{}",
                        run.index,
                        run.of,
                        self.gift_words()
                    ),
                }
            }
            (Phase::Roll, Pending::D6) => {
                let kind = if self.minor_die_due() {
                    "minor"
                } else {
                    "major"
                };
                format!("{who} rolls a {kind}-injury die")
            }
            (Phase::Reroll, _) => {
                let die = self.duel.reroll.trailing_zeros().saturating_add(1);
                format!("{who} re-rolls pushed jousting die #{die}")
            }
            (Phase::Bonus, _) => {
                format!("{who} rolls the lance of war's bonus jousting die against the shield")
            }
            (Phase::InjuryRoll, _) => {
                let i = u16::from(side.map_or(0, |s| s.injury_roll_die)) + 1;
                let n = side
                    .and_then(|s| self.knight(s.seat))
                    .map_or(0, |kn| kn.pool());
                format!(
                    "{who} rolls injury die {i} of {n} for a major injury (a snake ends the knight's event)"
                )
            }
            _ => "Nothing to roll or draw".to_string(),
        }
    }

    /// The card draws of a hand and the jousting dice of a roll are runs of
    /// like steps; a log shows each run on one line.
    pub(crate) fn chance_series(&self) -> Option<Series> {
        let side = self.side(usize::from(self.duel.cursor));
        match (self.phase, self.pending()) {
            (_, Pending::Card(seat)) => Some(Series {
                stem: format!("{} draws a number card", seat_name(seat)),
                index: u16::from(side.map_or(0, |s| s.hand_len)) + 1,
                of: 5,
            }),
            (Phase::Roll, Pending::D12) => {
                let side = side?;
                Some(Series {
                    stem: format!(
                        "{} rolls jousting die{}",
                        seat_name(side.seat),
                        self.gift_words()
                    ),
                    index: u16::from(side.d12_rolled) + 1,
                    of: u16::from(side.d12_count),
                })
            }
            _ => None,
        }
    }

    /// Said of a roll with more jousting dice than the usual three.
    fn gift_words(&self) -> &'static str {
        let side = self.side(usize::from(self.duel.cursor));
        if side.is_some_and(|s| s.d12_count > crate::content::JOUSTING_DICE) {
            ", with the princesses' gift"
        } else {
            ""
        }
    }

    pub(crate) fn chance_text(&self, outcome: &Chance) -> String {
        match *outcome {
            Chance::Seat(s) => s.to_string(),
            Chance::Card(r) => format!("card {r}"),
            Chance::D12(f) if f == RAVEN => format!("{f} (raven)"),
            Chance::D12(f) if f == FEATHER => format!("{f} (feather)"),
            Chance::D12(f) => f.to_string(),
            Chance::D6(f) => self.injury_face_text(f),
        }
    }

    /// An injury die's face and what it does, so the log line says both
    /// (no comma: a menu of faces is a comma-separated list, and a person
    /// at a real table types the part before the colon):
    /// in the pass roll a snake takes away a success and a minor-injury
    /// die's heal face heals it (a major die never heals); in a roll for a
    /// major injury a snake ends the knight's event and any other face is
    /// safe.
    fn injury_face_text(&self, f: u8) -> String {
        match self.phase {
            Phase::Roll if f == SNAKE => format!("a snake ({f}): cancels one success"),
            Phase::Roll if f == HEAL && self.minor_die_due() => {
                format!("a heal ({f}): this minor-injury die heals after the pass")
            }
            Phase::Roll => format!("a {f}: no effect"),
            Phase::InjuryRoll if f == SNAKE => {
                format!("a snake ({f}): the knight leaves the event")
            }
            Phase::InjuryRoll => format!("a {f}: not a snake"),
            _ if f == SNAKE => format!("a snake ({f})"),
            _ => format!("a {f}"),
        }
    }

    /// The pass roll's next injury die is a minor-injury one: the duelist
    /// rolls its minor dice before its major ones.
    fn minor_die_due(&self) -> bool {
        self.side(usize::from(self.duel.cursor))
            .is_some_and(|s| s.injury_rolled < s.minor_dice)
    }
}
