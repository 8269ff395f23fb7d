//! The terminal drawing of a [`View`], built only from the view's own
//! fields, so it can never show more than the view holds.

use crate::actions::KnightChoice;
use crate::knight::{Injury, Knight};
use crate::state::Phase;
use crate::view::{DiceView, View};
use std::fmt::{self, Write as _};
use tourney_core::text::plural;

fn knight_text(k: &Knight) -> String {
    let mut t = format!("knight {}", k.number);
    match (k.minor, k.major) {
        (0, 0) => t.push_str(" (unhurt)"),
        (m, 0) => write!(t, " ({m} minor)").unwrap_or(()),
        (0, j) => write!(t, " ({j} major)").unwrap_or(()),
        (m, j) => write!(t, " ({m} minor, {j} major)").unwrap_or(()),
    }
    t
}

fn list(v: &[u8]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    s.join(" ")
}

/// Die numbers as a player says them: "#1 #3".
fn numbered(v: &[u8]) -> String {
    let s: Vec<String> = v.iter().map(|x| format!("#{x}")).collect();
    s.join(" ")
}

fn dice_text(d: &DiceView) -> String {
    let mut t = String::new();
    if !d.d12.is_empty() {
        write!(t, "d12 [{}]", list(&d.d12)).unwrap_or(());
        if d.kept.len() < d.d12.len() && !d.kept.is_empty() {
            write!(t, " keeps {}", numbered(&d.kept)).unwrap_or(());
        }
    }
    if !d.pushed.is_empty() {
        write!(t, ", pushed {}", numbered(&d.pushed)).unwrap_or(());
    }
    if let Some(b) = d.bonus {
        write!(t, ", bonus {b}").unwrap_or(());
    }
    if !d.minor.is_empty() {
        write!(t, ", minor d6 [{}]", list(&d.minor)).unwrap_or(());
    }
    if !d.major.is_empty() {
        write!(t, ", major d6 [{}]", list(&d.major)).unwrap_or(());
    }
    if !d.injury_roll.is_empty() {
        write!(t, ", injury roll [{}]", list(&d.injury_roll)).unwrap_or(());
    }
    t
}

/// "   9 pts", "   1 pt ": the number right-aligned in four columns and the
/// whole eight wide, so the standings line up whatever the noun.
fn points_column(points: i16) -> String {
    let text = plural(points, "pt", "pts");
    let digits = text.find(' ').unwrap_or(text.len());
    let pad = " ".repeat(4usize.saturating_sub(digits));
    format!("{:<8}", format!("{pad}{text}"))
}

fn injury_word(i: Injury) -> &'static str {
    match i {
        Injury::None => "",
        Injury::Minor => "a minor injury",
        Injury::Major => "a major injury",
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.phase == Phase::Over {
            let passes = plural(self.passes, "pass", "passes");
            write!(f, "Card Joust, over after {passes}")?;
        } else {
            write!(f, "Card Joust, pass {}", u32::from(self.passes) + 1)?;
        }
        match self.viewer {
            Some(s) => writeln!(f, " (as seen by {s})")?,
            None => writeln!(f, " (spectator)")?,
        }
        write!(
            f,
            "Win at {} points with a knight standing",
            self.target_points
        )?;
        if let Some(t) = self.points_threshold {
            write!(f, "; the event stops at {t} points in all")?;
        }
        writeln!(f, ".")?;
        for p in &self.players {
            let mark = if p.seat == self.turn { '>' } else { ' ' };
            let points = points_column(p.points);
            write!(f, "{mark} {:<7} {points}  ", p.seat.to_string())?;
            if !p.in_event {
                writeln!(f, "out of the event")?;
                continue;
            }
            match &p.knight {
                Some(k) => write!(f, "{} in the lists", knight_text(k))?,
                None => write!(f, "no knight in the lists")?,
            }
            write!(f, ", {} waiting", p.knights_waiting)?;
            if p.gift {
                write!(f, ", princesses' gift")?;
            }
            writeln!(f, "; pile {}, discards {}", p.pile, p.discard.len())?;
            let aims: Vec<String> = p
                .aims_seen
                .iter()
                .filter(|&(_, &n)| n > 0)
                .map(|(slot, &n)| format!("{slot} {}", plural(n, "time", "times")))
                .collect();
            if !aims.is_empty() {
                writeln!(f, "{:20}earlier aims this event: {}", "", aims.join(", "))?;
            }
        }
        if let Some(j) = &self.joust {
            let [a, b] = &j.duelists;
            writeln!(
                f,
                "\nPass in progress: {} (challenger) against {}",
                a.seat, b.seat
            )?;
            for d in &j.duelists {
                write!(f, "  {} on knight {}", d.seat, d.knight)?;
                if let Some(c) = d.knight_choice {
                    write!(
                        f,
                        " ({})",
                        if c == KnightChoice::Keep {
                            "kept"
                        } else {
                            "fresh"
                        }
                    )?;
                }
                if d.deciding {
                    write!(f, " - choosing")?;
                }
                writeln!(f)?;
                if !d.hand.is_empty() || d.hand_size > 0 {
                    if d.hand.is_empty() {
                        let cards = plural(d.hand_size, "card", "cards");
                        writeln!(f, "    hand: {cards}, face down")?;
                    } else {
                        writeln!(f, "    hand: {}", list(&d.hand))?;
                    }
                }
                if d.slots.iter().any(|s| s.occupied) {
                    let cells: Vec<String> = d
                        .slots
                        .iter()
                        .map(|s| match (s.card, s.face_up) {
                            _ if !s.occupied => format!("{} empty", s.slot),
                            (Some(c), true) => format!("{} [{c}]", s.slot),
                            (Some(c), false) => format!("{} ({c})", s.slot),
                            (None, _) => format!("{} [##]", s.slot),
                        })
                        .collect();
                    writeln!(f, "    {}", cells.join("  "))?;
                }
                let mut line = String::new();
                if let Some(a) = d.aim {
                    write!(line, "aims at the {a}").unwrap_or(());
                    if let Some(t) = d.target {
                        write!(line, " (target {t})").unwrap_or(());
                    }
                }
                if let Some(g) = d.gear {
                    if !line.is_empty() {
                        line.push_str("; ");
                    }
                    write!(line, "{g}").unwrap_or(());
                }
                if !line.is_empty() {
                    writeln!(f, "    {line}")?;
                }
                let dice = dice_text(&d.dice);
                if !dice.is_empty() {
                    writeln!(f, "    {dice}")?;
                }
            }
            writeln!(
                f,
                "  ([n] face up, (n) face down but yours, [##] face down)"
            )?;
        }
        if let Some(last) = &self.last_pass {
            writeln!(f, "\nLast pass: {} against {}", last[0].seat, last[1].seat)?;
            for p in last {
                write!(f, "  {} on knight {}: ", p.seat, p.knight)?;
                let mut parts = Vec::new();
                if let Some(a) = p.aim {
                    parts.push(format!("aimed at the {a} (target {})", p.target));
                }
                if let Some(g) = p.gear {
                    parts.push(g.to_string());
                }
                parts.push(dice_text(&p.dice));
                parts.retain(|s| !s.is_empty());
                writeln!(f, "{}", parts.join("; "))?;
                write!(
                    f,
                    "    {}, {}",
                    plural(p.net, "net success", "net successes"),
                    plural(p.ones, "one", "ones")
                )?;
                if p.fumble {
                    write!(f, ", fumbled")?;
                }
                let sign = if p.points >= 0 { "+" } else { "" };
                write!(f, "; {sign}{}", plural(p.points, "point", "points"))?;
                if p.dealt != Injury::None {
                    write!(f, "; gave {}", injury_word(p.dealt))?;
                }
                if p.push_injury != Injury::None {
                    write!(f, "; took {} pushing", injury_word(p.push_injury))?;
                }
                if p.dismounted {
                    write!(f, "; knight {} unhorsed", p.knight)?;
                }
                if p.left_by_injury {
                    write!(f, "; knight {} left the event, injured", p.knight)?;
                }
                if p.gift {
                    write!(f, "; earned the gift")?;
                }
                writeln!(f)?;
            }
        }
        if let Some(w) = &self.winners {
            let names: Vec<String> = w.iter().map(|s| s.to_string()).collect();
            match names.len() {
                1 => writeln!(f, "\nThe event is over: {} wins.", names.join(""))?,
                0 => writeln!(f, "\nThe event is over: nobody wins.")?,
                _ => writeln!(
                    f,
                    "\nThe event is over: a draw between {}.",
                    names.join(" and ")
                )?,
            }
        } else if !self.on_move.is_empty() {
            let names: Vec<String> = self.on_move.iter().map(|s| s.to_string()).collect();
            writeln!(
                f,
                "\nWaiting for {} ({}).",
                names.join(" and "),
                phase_word(self.phase)
            )?;
        }
        Ok(())
    }
}

fn phase_word(p: Phase) -> &'static str {
    match p {
        Phase::Challenge => "choosing an opponent",
        Phase::Knights => "keeping or replacing a knight",
        Phase::Place => "placing cards",
        Phase::Aim => "aiming",
        Phase::Gear => "choosing mount and lance",
        Phase::Push => "deciding whether to push",
        _ => "dice and cards",
    }
}
