//! The terminal drawing of a [`View`], built only from the view's own fields
//! (so it can never show more than the seat may see).

use crate::combat::{Ending, JoustStep};
use crate::content::{KnightId, knight_name, lady_name};
use crate::knight::KNOCKOUT;
use crate::view::{KnightStatus, PhaseView, View};
use std::fmt::{self, Write as _};
use tourney_core::Seat;
use tourney_core::text::plural;

impl View {
    fn knight_label(&self, id: KnightId) -> String {
        match self.knights.iter().find(|k| k.id == id) {
            Some(k) => format!("{} ({})", k.name, seat_word(k.owner)),
            None => knight_name(id).to_string(),
        }
    }

    fn short(&self, id: KnightId) -> &'static str {
        let name = knight_name(id);
        name.split(' ').next().unwrap_or(name)
    }
}

/// How to read [`fields`], printed above the knights.
const FIELDS_LEGEND: &str = "  (hit fields: [n] is covered and wards off one die showing n; \
     mounted 1-3 left of the |, foot 4-6 right)";

/// The twelve hit fields of a card, covered ones in brackets:
/// `[1] 1 [2] 2 [3] 3 | [4] 4 5 5 6 6`.
fn fields(covered: &[u8; 6]) -> String {
    let mut s = String::new();
    for (i, &c) in covered.iter().enumerate() {
        if i == 3 {
            s.push_str("| ");
        }
        for copy in 0..2u8 {
            let n = i.saturating_add(1);
            if copy < c {
                let _ = write!(s, "[{n}] ");
            } else {
                let _ = write!(s, "{n} ");
            }
        }
    }
    s.trim_end().to_string()
}

/// The fields a plan adds cover to, one number per copy covered ("2 2 5"),
/// or "no more fields".
fn planned_fields(extra: &[u8; 6]) -> String {
    let numbers: Vec<String> = extra
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| std::iter::repeat_n(i.saturating_add(1).to_string(), usize::from(c)))
        .collect();
    if numbers.is_empty() {
        "no more fields".to_string()
    } else {
        numbers.join(" ")
    }
}

/// "seat 3" for seat index 2; written here rather than with `Seat`'s own
/// `Display`, which cannot count past seat 255 of a corrupt state.
fn seat_word(seat: Seat) -> String {
    format!("seat {}", u16::from(seat.0) + 1)
}

fn dice_text(faces: &[u8]) -> String {
    if faces.is_empty() {
        return "-".to_string();
    }
    faces
        .iter()
        .map(|f| f.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn seat_list(seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|&s| seat_word(s))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Ritter ohne Furcht und Tadel — day {} of {}",
            self.day, self.days
        )?;
        if let Some(s) = self.day_starter {
            write!(f, " ({} starts the day)", seat_word(s))?;
        }
        writeln!(f)?;
        match &self.phase {
            PhaseView::Deal => writeln!(f, "Dealing the cards.")?,
            PhaseView::StartRoll { rolls } => {
                let shown: Vec<String> = rolls
                    .iter()
                    .enumerate()
                    .filter_map(|(i, r)| r.map(|r| format!("seat {}: {r}", i.saturating_add(1))))
                    .collect();
                writeln!(f, "Rolling for the starting player. {}", shown.join("  "))?
            }
            PhaseView::Prepare { prepared } => writeln!(
                f,
                "Preparing in secret (training, then who rides). Done: {}",
                if prepared.is_empty() {
                    "nobody yet".to_string()
                } else {
                    seat_list(prepared)
                }
            )?,
            PhaseView::Favours { turn } => writeln!(
                f,
                "Favours: {} offers the favour of one of their own ladies (favours go round until every riding knight wears one or no lady can be placed).",
                seat_word(*turn)
            )?,
            PhaseView::FavourTie {
                knight,
                wearing,
                newcomer,
            } => writeln!(
                f,
                "{} is offered {}'s favour, as well matched as {}'s: his owner chooses.",
                self.knight_label(*knight),
                lady_name(*newcomer),
                wearing.map_or("nobody", lady_name)
            )?,
            PhaseView::Challenge { turn } => {
                writeln!(f, "Challenges: {} challenges.", seat_word(*turn))?
            }
            PhaseView::Joust => {}
            PhaseView::DayWinner { owner, candidates } => {
                let names: Vec<&str> = candidates.iter().map(|&k| self.short(k)).collect();
                writeln!(
                    f,
                    "{} names the day winner among {}.",
                    seat_word(*owner),
                    names.join(", ")
                )?
            }
            PhaseView::DuelChoice { pair, chosen, mine } => {
                writeln!(
                    f,
                    "Decisive duel between {}: each chooses a knight in secret.",
                    seat_list(pair)
                )?;
                let done: Vec<String> = pair
                    .iter()
                    .zip(chosen)
                    .map(|(s, c)| {
                        format!(
                            "{}: {}",
                            seat_word(*s),
                            if *c { "chosen" } else { "choosing" }
                        )
                    })
                    .collect();
                write!(f, "  {}", done.join("  "))?;
                if let Some(k) = mine {
                    write!(f, "  (your choice: {})", self.short(*k))?;
                }
                writeln!(f)?
            }
            PhaseView::Over => writeln!(f, "The tournament is over.")?,
        }
        if !self.on_move.is_empty() {
            writeln!(f, "On move: {}", seat_list(&self.on_move))?;
        }
        writeln!(f)?;
        writeln!(f, "Knights")?;
        if !self.knights.is_empty() {
            writeln!(f, "{FIELDS_LEGEND}")?;
        }
        for k in &self.knights {
            let status = match k.status {
                KnightStatus::Unchosen => "not chosen to ride yet",
                KnightStatus::Resting => "resting",
                KnightStatus::DaysOver => "days over",
                KnightStatus::Ready => "ready",
                KnightStatus::Beaten => "beaten today",
                KnightStatus::Out => "OUT of the tournament",
            };
            writeln!(
                f,
                "  #{} {} — {}, {}",
                k.id.0,
                k.name,
                seat_word(k.owner),
                status
            )?;
            write!(f, "      dice {}", k.dice)?;
            if k.penalty > 0 {
                write!(f, " (-{} for wounds)", k.penalty)?;
            }
            writeln!(
                f,
                "   fields {}   wounds {}/{}   prizes {} (today {})   training {}",
                fields(&k.covered),
                k.wounds,
                KNOCKOUT,
                k.prizes,
                k.day_prizes,
                k.training
            )?;
            let prefers: Vec<&str> = k.prefers.iter().map(|t| t.word()).collect();
            write!(f, "      prefers {}", prefers.join(" > "))?;
            if let Some(l) = k.favour {
                write!(f, "   wears the favour of {}", lady_name(l))?;
            }
            writeln!(f)?;
            if let Some(p) = &k.plan {
                writeln!(
                    f,
                    "      your plan: +{}, covers {}, {} left, {}",
                    plural(p.extra_dice, "die", "dice"),
                    planned_fields(&p.extra_covered),
                    plural(p.points_left, "point", "points"),
                    if p.send { "rides" } else { "rests" }
                )?;
            }
        }
        if !self.ladies.is_empty() {
            writeln!(f, "Ladies")?;
            for l in &self.ladies {
                let traits: Vec<&str> = l.traits.iter().map(|t| t.word()).collect();
                write!(
                    f,
                    "  #{} {} — {}, {}   prizes {}",
                    l.id.0,
                    l.name,
                    seat_word(l.owner),
                    traits.join(", "),
                    l.prizes
                )?;
                if let Some(k) = l.knight {
                    write!(f, "   favour on {}", self.short(k))?;
                }
                if l.turned_away {
                    write!(f, "   (turned away: offered again first)")?;
                }
                writeln!(f)?;
            }
        }
        if let Some(j) = &self.joust {
            writeln!(f)?;
            let kind = match (j.duel, j.foot, j.furious) {
                (true, _, _) if j.foot => "decisive duel, on foot",
                (true, _, true) => "decisive duel, mounted, furious",
                (true, _, _) => "decisive duel, mounted",
                (false, true, _) => "on foot",
                (false, false, true) => "mounted, furious",
                (false, false, false) => "mounted",
            };
            writeln!(
                f,
                "Joust: {} against {} — {kind}",
                self.knight_label(j.attacker),
                self.knight_label(j.defender)
            )?;
            writeln!(
                f,
                "  {} rolls {} of {}: {}   {} rolls {} of {}: {}",
                self.short(j.attacker),
                j.dice[0].len(),
                j.need[0],
                dice_text(&j.dice[0]),
                self.short(j.defender),
                j.dice[1].len(),
                j.need[1],
                dice_text(&j.dice[1])
            )?;
            match j.step {
                JoustStep::AttackerDecides => {
                    writeln!(f, "  {} yields or fights on.", self.short(j.attacker))?
                }
                JoustStep::DefenderDecides => {
                    writeln!(f, "  {} yields or fights on.", self.short(j.defender))?
                }
                JoustStep::Rolling => {}
            }
        }
        if let Some(r) = &self.last_round {
            writeln!(
                f,
                "Last round ({}{}): {} rolled {} and took {}; {} rolled {} and took {}.",
                if r.foot { "on foot" } else { "mounted" },
                if r.furious { ", furious" } else { "" },
                self.short(r.attacker),
                dice_text(&r.dice[0]),
                plural(r.wounds[0], "wound", "wounds"),
                self.short(r.defender),
                dice_text(&r.dice[1]),
                plural(r.wounds[1], "wound", "wounds")
            )?;
        }
        if let Some(j) = &self.last_joust {
            let loser = |w: KnightId| {
                if w == j.attacker {
                    j.defender
                } else {
                    j.attacker
                }
            };
            match (j.winner, j.ending) {
                (Some(w), Ending::Yielded) => writeln!(
                    f,
                    "Last joust: {} yielded to {}.",
                    self.short(loser(w)),
                    self.short(w)
                )?,
                (Some(w), Ending::KnockedOut) => writeln!(
                    f,
                    "Last joust: {} knocked {} out of the tournament.",
                    self.short(w),
                    self.short(loser(w))
                )?,
                (Some(w), _) => writeln!(
                    f,
                    "Last joust: {} unhorsed {}.",
                    self.short(w),
                    self.short(loser(w))
                )?,
                (None, Ending::BothKnockedOut) => writeln!(
                    f,
                    "Last joust: {} and {} both reached ten wounds; nobody won.",
                    self.short(j.attacker),
                    self.short(j.defender)
                )?,
                (None, _) => writeln!(
                    f,
                    "Last joust: {} and {} could not wound each other; nobody won.",
                    self.short(j.attacker),
                    self.short(j.defender)
                )?,
            }
            if !j.rounds.is_empty() {
                let rounds: Vec<String> = j.rounds.iter().map(round_brief).collect();
                writeln!(
                    f,
                    "  Round by round, wounds taken by {} and {}: {}.",
                    self.short(j.attacker),
                    self.short(j.defender),
                    rounds.join("; ")
                )?;
            }
        }
        if !self.day_winners.is_empty() {
            let days: Vec<String> = self
                .day_winners
                .iter()
                .enumerate()
                .map(|(d, w)| {
                    format!(
                        "day {}: {}",
                        d.saturating_add(1),
                        w.map_or("none", |k| self.short(k))
                    )
                })
                .collect();
            writeln!(f, "Day winners: {}", days.join(", "))?;
        }
        let scores: Vec<String> = self
            .scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("seat {}: {s}", i.saturating_add(1)))
            .collect();
        writeln!(f, "Scores: {}", scores.join("  "))?;
        if !self.duel_contenders.is_empty() && self.winners.is_none() {
            writeln!(f, "Tied for the lead: {}", seat_list(&self.duel_contenders))?;
        }
        if let Some(w) = &self.winners {
            match w.len() {
                0 => writeln!(f, "Nobody wins.")?,
                1 => writeln!(f, "Winner: {}", seat_list(w))?,
                _ => writeln!(f, "Shared win: {}", seat_list(w))?,
            }
        }
        Ok(())
    }
}

/// One round of a finished joust for the terminal: "2 on foot 1-2 (1
/// warded)", wounds attacker first.
fn round_brief(r: &crate::view::RoundBriefView) -> String {
    let warded: u8 = r
        .hits
        .iter()
        .zip(r.wounds)
        .map(|(&h, w)| h.saturating_sub(w))
        .fold(0, u8::saturating_add);
    format!(
        "{} {}{} {}-{}{}",
        r.number,
        if r.foot { "on foot" } else { "mounted" },
        if r.furious { ", furious," } else { "" },
        r.wounds[0],
        r.wounds[1],
        if warded > 0 {
            format!(" ({warded} warded)")
        } else {
            String::new()
        }
    )
}
