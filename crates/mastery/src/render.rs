//! The terminal drawing of a view: two hex sketches of the map (cell numbers;
//! who holds what), a list of territories, the players, the turn and any
//! combat, from the view's own fields only.

use crate::events::{knight_count, point_count};
use crate::view::{CombatView, View};
use std::fmt::{self, Write as _};
use tourney_core::Seat;
use tourney_core::text::plural;

fn seat_name(s: Seat, viewer: Option<Seat>) -> String {
    if Some(s) == viewer {
        format!("{s} (you)")
    } else {
        s.to_string()
    }
}

impl View {
    /// The map drawn twice side by side: cell numbers, then occupants
    /// ("2:4" = seat 2 with 4 knights, "C3" = seat 3's castle, "~~" a lake).
    fn sketch(&self, out: &mut String) {
        let width = self
            .cells
            .iter()
            .map(|c| usize::from(c.x))
            .max()
            .unwrap_or(0)
            .saturating_mul(2)
            .saturating_add(4);
        let height = self
            .cells
            .iter()
            .map(|c| usize::from(c.y))
            .max()
            .map_or(0, |h| h.saturating_add(1));
        let mut left = vec![vec![b' '; width]; height];
        let mut right = vec![vec![b' '; width]; height];
        for cell in &self.cells {
            let (x, y) = (usize::from(cell.x) * 2, usize::from(cell.y));
            let number = match cell.kind {
                "castle" => format!("C{}", cell.of_seat.map_or(0, |s| u16::from(s.0) + 1)),
                "lake" => "~~".to_string(),
                _ => format!("{:<2}", cell.cell),
            };
            let occupant = match (cell.kind, cell.owner) {
                ("castle", _) => format!("C{}", cell.of_seat.map_or(0, |s| u16::from(s.0) + 1)),
                ("lake", _) => "~~".to_string(),
                (_, Some(o)) => format!("{}:{}", u16::from(o.0) + 1, cell.knights),
                (_, None) => "...".to_string(),
            };
            for (grid, text) in [(&mut left, number), (&mut right, occupant)] {
                if let Some(row) = grid.get_mut(y) {
                    for (i, b) in text.bytes().enumerate() {
                        if let Some(slot) = row.get_mut(x.saturating_add(i)) {
                            *slot = b;
                        }
                    }
                }
            }
        }
        for (l, r) in left.iter().zip(&right) {
            let line = format!(
                "  {}    {}",
                String::from_utf8_lossy(l),
                String::from_utf8_lossy(r)
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }

    fn territories(&self, out: &mut String) {
        for c in self
            .cells
            .iter()
            .filter(|c| c.kind == "territory" || c.kind == "homeland")
        {
            let name = match (c.tile, c.kind) {
                (Some(t), _) => t,
                (None, "homeland") => "Homeland",
                _ => "(not dealt)",
            };
            let holder = match c.owner {
                Some(o) => format!(
                    "{} x{}{}",
                    o,
                    c.knights,
                    if c.supplied { "" } else { " (no supply line)" }
                ),
                None => "empty".to_string(),
            };
            let next: Vec<String> = c.neighbours.iter().map(|n| n.to_string()).collect();
            let _ = writeln!(
                out,
                "  {:>2} {:<11} {}VP {:<34} {:<28} next to {}",
                c.cell,
                name,
                c.points,
                c.effects,
                holder,
                next.join(" ")
            );
        }
    }

    fn players(&self, out: &mut String) {
        for s in &self.seats {
            let relics: Vec<String> = s
                .relics
                .iter()
                .map(|r| match r.name {
                    None => format!("{} not dealt yet", r.kind.name()),
                    Some(name) if r.face_up => name.to_string(),
                    Some(name) => format!("{name} (face down)"),
                })
                .collect();
            let team = if self.team_goal > 0 {
                format!(", team {}", s.team.saturating_add(1))
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {}{}: {}, castle {} (room for {} more), hand {}, deck {}, discard {}",
                seat_name(s.seat, self.viewer),
                team,
                point_count(s.points),
                knight_count(s.castle),
                s.castle_room,
                s.hand_size,
                s.deck_size,
                s.discard.len()
            );
            let _ = writeln!(out, "      Relics: {}", relics.join(", "));
            if let Some(hand) = &s.hand {
                let cards: Vec<&str> = hand.iter().map(|c| c.name()).collect();
                let _ = writeln!(
                    out,
                    "      Your hand: {}",
                    if cards.is_empty() {
                        "(empty)".to_string()
                    } else {
                        cards.join(", ")
                    }
                );
            }
            if let Some(top) = s.known_top.as_ref().filter(|t| !t.is_empty()) {
                let cards: Vec<&str> = top.iter().map(|c| c.name()).collect();
                let _ = writeln!(out, "      Top of your deck: {}", cards.join(", "));
            }
        }
    }

    fn combat(&self, c: &CombatView, out: &mut String) {
        let _ = writeln!(
            out,
            "Combat in {}: {} attacks with {}, {} defends with {} ({})",
            c.cell,
            seat_name(c.attacker, self.viewer),
            knight_count(c.attacker_knights),
            seat_name(c.defender, self.viewer),
            knight_count(c.defender_knights),
            c.step.replace('_', " ")
        );
        let _ = writeln!(
            out,
            "  Combat values: attacker {}, defender {}",
            c.values[0], c.values[1]
        );
        for (who, conflict) in ["attacker", "defender"].iter().zip(&c.conflict) {
            let card = conflict
                .card
                .map_or(String::new(), |k| format!(": {}", k.name()));
            let _ = writeln!(
                out,
                "  {who}'s Conflict card: {}{card}",
                conflict.state.replace('_', " ")
            );
        }
        for p in &c.played {
            let cards: Vec<&str> = p.cards.iter().map(|k| k.name()).collect();
            let _ = writeln!(out, "  On the table for {}: {}", p.seat, cards.join(", "));
        }
        if c.no_support {
            let _ = writeln!(out, "  No Support cards may be played here.");
        }
        if let (Some(w), Some(m)) = (c.winner, c.margin) {
            let _ = writeln!(out, "  {} wins by {m}", seat_name(w, self.viewer));
        }
        if let Some(r) = c.responder {
            let _ = writeln!(
                out,
                "  {} may answer with Destroy",
                seat_name(r, self.viewer)
            );
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        let goal = if self.team_goal > 0 {
            format!("teams win with {}", point_count(self.team_goal))
        } else {
            format!("{} win", point_count(self.goal))
        };
        let limit = if self.round_limit > 0 {
            format!(" of {}", self.round_limit)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "Medieval Mastery, {} players: {goal}; rounds played {}{limit}",
            self.players, self.rounds_played
        );
        self.sketch(&mut out);
        self.territories(&mut out);
        out.push('\n');
        self.players(&mut out);
        if let Some(t) = &self.turn {
            let _ = writeln!(
                out,
                "Turn {}: {}{}{}{}",
                t.number,
                seat_name(t.seat, self.viewer),
                if t.redistributed {
                    ", has redistributed"
                } else {
                    ""
                },
                if t.marched { ", has marched" } else { "" },
                if t.crown_used { ", Crown used" } else { "" }
            );
        }
        if let Some(c) = &self.combat {
            self.combat(c, &mut out);
        }
        if let Some(c) = &self.crown {
            let _ = writeln!(
                out,
                "{} uses the {} on {}; {} may answer with Destroy",
                c.user,
                c.crown.unwrap_or("Crown"),
                c.target,
                seat_name(c.responder, self.viewer)
            );
        }
        if let Some(i) = &self.insight {
            let _ = writeln!(
                out,
                "{} is looking at the top of their deck ({})",
                i.seat,
                plural(i.looked_at as u16, "card", "cards")
            );
            if let (Some(rest), Some(back)) = (&i.to_put_back, &i.put_back) {
                let rest: Vec<&str> = rest.iter().map(|c| c.name()).collect();
                let back: Vec<&str> = back.iter().map(|c| c.name()).collect();
                let _ = writeln!(
                    out,
                    "  Put back so far (top first): {}; still to put back: {}",
                    back.join(", "),
                    rest.join(", ")
                );
            }
        }
        if let Some(o) = &self.outcome {
            let _ = writeln!(
                out,
                "The game is over. Winner: {}",
                if o.winners.is_empty() {
                    "nobody".to_string()
                } else {
                    o.winners.to_string()
                }
            );
        }
        f.write_str(&out)
    }
}
