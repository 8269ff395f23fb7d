//! The text drawing of a view, for the terminal.

use crate::content;
use crate::describe::{knight_type_name, roman};
use crate::duel::{DuelCtx, Fighter};
use crate::view::{Entrant, KnightView, PlayerView, View};
use std::fmt::{self, Write as _};
use tourney_core::Seat;
use tourney_core::text::plural;

fn knight_short(k: &KnightView) -> String {
    let mut s = format!(
        "{} [{} A{} G{} P{}",
        k.name,
        knight_type_name(k.kind),
        k.attack,
        k.glory,
        k.prestige
    );
    if k.armor_die {
        s.push_str(" +white die");
    }
    for (n, what) in k.fewer.iter().zip(["Strength", "Mount", "Armor"]) {
        if *n > 0 {
            let _ = write!(s, " -{n} {what} die");
        }
    }
    s.push(']');
    s
}

/// One player's line; `automa` draws Otto's short line (he holds nothing
/// but glory and objectives).
fn player_line(p: &PlayerView, name: &str, automa: bool) -> String {
    if automa {
        let mut s = format!("Otto (automa): {} glory", p.glory);
        // His objectives are secret until he scores them, completed or not.
        if p.objectives_held > 0 && p.completed_titles.is_empty() {
            let _ = write!(
                s,
                " | {} (scored at the end, completed or not)",
                plural(p.objectives_held, "hidden title", "hidden titles")
            );
        }
        if !p.completed_titles.is_empty() {
            let list: Vec<&str> = p.completed_titles.iter().map(|x| x.name).collect();
            let _ = write!(s, " | titles scored: {}", list.join(", "));
        }
        return s;
    }
    let mut s = format!(
        "{name}{}: {} glory | {}, {} Strength, {} Faith | mount {}, armor {}",
        p.character
            .map_or(String::new(), |c| format!(" ({})", c.name)),
        p.glory,
        plural(p.coins, "coin", "coins"),
        p.strength,
        p.faith,
        roman(p.mount),
        roman(p.armor)
    );
    let _ = write!(
        s,
        " | hand R{} M{} C{} | played R{} M{} C{}",
        p.hand_size[0], p.hand_size[1], p.hand_size[2], p.played[0], p.played[1], p.played[2]
    );
    if !p.supports.is_empty() {
        let list: Vec<String> = p
            .supports
            .iter()
            .map(|o| {
                let name = o.kind.name();
                match (o.owned, o.active) {
                    (1, 1) => name.to_string(),
                    (1, 0) => format!("{name} (used)"),
                    (n, a) => format!("{name} x{n} ({a} active)"),
                }
            })
            .collect();
        let _ = write!(s, "\n    supports: {}", list.join(", "));
    }
    if !p.relics.is_empty() {
        let list: Vec<String> = p
            .relics
            .iter()
            .map(|o| format!("{} {}/{}", o.kind.name(), o.active, o.owned))
            .collect();
        let _ = write!(s, "\n    relics (active/owned): {}", list.join(", "));
    }
    if !p.prestige.is_empty() {
        let list: Vec<String> = p
            .prestige
            .iter()
            .map(|o| {
                format!(
                    "{}{}",
                    o.kind.name(),
                    if o.active == 0 { " (flipped)" } else { "" }
                )
            })
            .collect();
        let _ = write!(s, "\n    prestige: {}", list.join(", "));
    }
    if let Some(hand) = &p.hand {
        let list: Vec<String> = hand
            .iter()
            .map(|c| {
                if c.count > 1 {
                    format!("{} x{}", c.name, c.count)
                } else {
                    c.name.to_string()
                }
            })
            .collect();
        let _ = write!(
            s,
            "\n    hand: {}",
            if list.is_empty() {
                "-".to_string()
            } else {
                list.join(", ")
            }
        );
    } else if !p.known_cards.is_empty() {
        let list: Vec<&str> = p.known_cards.iter().map(|c| c.name).collect();
        let _ = write!(s, "\n    known cards in hand: {}", list.join(", "));
    }
    match &p.objectives {
        Some(t) if !t.is_empty() => {
            let list: Vec<&str> = t.iter().map(|x| x.name).collect();
            let _ = write!(s, "\n    objectives: {}", list.join(", "));
        }
        None if p.objectives_held > 0 => {
            let _ = write!(s, "\n    objectives: {} hidden", p.objectives_held);
        }
        _ => {}
    }
    if let Some(offer) = &p.title_offer
        && !offer.is_empty()
    {
        let list: Vec<&str> = offer.iter().map(|x| x.name).collect();
        let _ = write!(s, "\n    titles drawn: {}", list.join(", "));
    }
    if !p.completed_titles.is_empty() {
        let list: Vec<&str> = p.completed_titles.iter().map(|x| x.name).collect();
        let _ = write!(s, "\n    titles completed: {}", list.join(", "));
    }
    s
}

impl View {
    /// Who fought, in words.
    fn fighter_label(&self, fighter: Fighter) -> String {
        match fighter {
            Fighter::Player(p) => self.player_name(p),
            Fighter::Otto(_) => "Otto".to_string(),
            Fighter::Knight(k) => content::knight(k)
                .map_or("a knight", |t| t.name)
                .to_string(),
            Fighter::Card(c) => content::journey(c)
                .map_or("a Challenge", |j| j.name)
                .to_string(),
            Fighter::Title(t) => content::title(t).map_or("a title's knight".to_string(), |x| {
                format!("the {} title's knight", x.name)
            }),
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // No banner of its own: the terminal wraps the view in its own headings
        // ("=== Game over ===").
        writeln!(f, "Glory — round {} — {}", self.round, self.stage)?;
        let events: Vec<String> = self
            .events
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let round = i.saturating_add(1);
                format!("R{round}: {}", e.map_or("?", |x| x.name))
            })
            .collect();
        write!(f, "Events: {}", events.join(" | "))?;
        if let Some(s) = self.event_support {
            write!(f, " (on the card: {})", s.name())?;
        }
        writeln!(f)?;
        let order: Vec<String> = self.order.iter().map(|&p| self.player_name(p)).collect();
        if let Some(solo) = &self.solo {
            write!(
                f,
                "Solo, {:?} {:?}: {}",
                solo.mode, solo.difficulty, solo.goal
            )?;
            if let Some(k) = &solo.knight {
                write!(f, " | Otto fights as {}", knight_short(k))?;
            }
            if solo.mode == crate::config::SoloMode::Champion {
                write!(f, " | trophies won: {}", solo.trophies)?;
            }
            writeln!(f)?;
            writeln!(f, "So far: {}", solo.progress)?;
            writeln!(f, "Difficulty: {}", solo.difficulty_text)?;
            if let Some(scores) = &solo.otto_scores {
                writeln!(f, "Otto began with {} glory; {scores}", solo.otto_start)?;
            }
            if let Some(last) = &solo.last_card {
                // Which of the card's three actions, tried in order, he took.
                let taken = solo.last_taken.map_or_else(
                    || " (none of its 3 actions possible)".to_string(),
                    |i| {
                        let n = ["I", "II", "III"]
                            .get(usize::from(i))
                            .copied()
                            .unwrap_or("?");
                        format!(" (action {n} of the card's 3, the first he could carry out)")
                    },
                );
                writeln!(
                    f,
                    "Otto's automa deck: {} of its {} cards left before the reshuffle | \
                     last revealed: {last}{taken}",
                    solo.automa_left, solo.automa_cards
                )?;
            }
        }
        writeln!(f, "Initiative: {}", order.join(" > "))?;
        let mut spaces = Vec::new();
        for s in &self.spaces {
            let taken: Vec<String> = s
                .pawns
                .iter()
                .enumerate()
                .flat_map(|(p, &n)| {
                    let tag = match &self.solo {
                        Some(solo) if solo.otto.index() == p => "Otto".to_string(),
                        _ => format!("S{}", p.saturating_add(1)),
                    };
                    std::iter::repeat_n(tag, usize::from(n))
                })
                .collect();
            let cap = s.circles.map_or("open".to_string(), |c| c.to_string());
            let who = if taken.is_empty() {
                String::new()
            } else {
                format!(" {}", taken.join(","))
            };
            spaces.push(format!("{} [{}/{cap}{who}]", s.space.name(), taken.len()));
        }
        writeln!(f, "Actions: {}", spaces.join("  "))?;
        let track: Vec<String> = self
            .support_track
            .iter()
            .filter(|t| !t.locked)
            .map(|t| match t.support {
                Some(s) => format!(
                    "{} ({}c){}",
                    s.name(),
                    t.cost,
                    if t.special { "*" } else { "" }
                ),
                None => "-".to_string(),
            })
            .collect();
        writeln!(f, "Support track: {}", track.join(" | "))?;
        let types = ["Romance", "Market", "Challenge"];
        for ((row, ty), in_deck) in self.journey_rows.iter().zip(types).zip(self.journey_decks) {
            let cards: Vec<&str> = row.iter().map(|c| c.map_or("-", |x| x.name)).collect();
            writeln!(f, "{ty} ({in_deck} in deck): {}", cards.join(" | "))?;
        }
        let titles: Vec<&str> = self.public_titles.iter().map(|t| t.name).collect();
        writeln!(f, "Public titles: {}", titles.join(", "))?;
        let discards: Vec<&str> = self.title_discards.iter().map(|t| t.name).collect();
        writeln!(
            f,
            "Title deck: {} | discard pile: {}",
            tourney_core::text::plural(self.title_deck, "title", "titles"),
            if discards.is_empty() {
                "empty".to_string()
            } else {
                discards.join(", ")
            }
        )?;
        let t = &self.tournament;
        writeln!(f, "Tournament: {}", t.kind.name())?;
        for town in &t.towns {
            let list: Vec<String> = town
                .knights
                .iter()
                .map(|k| {
                    let who = k
                        .challenger
                        .map_or("open".to_string(), |p| self.player_name(p));
                    // Counted from 1, as the joust's "space 3 of the lower row".
                    format!(
                        "#{} {} vs {who}",
                        u16::from(k.space) + 1,
                        knight_short(&k.knight)
                    )
                })
                .collect();
            writeln!(f, "  {}: {}", town.town, list.join("; "))?;
        }
        if !t.ladder.is_empty() {
            let name = |e: &Option<Entrant>| match e {
                Some(Entrant::Player(p)) => self.player_name(*p),
                Some(Entrant::Knight(k)) => knight_short(k),
                None => "-".to_string(),
            };
            for (label, range) in [
                ("lower", 0..8),
                ("middle", 8..12),
                ("upper", 12..14),
                ("winner", 14..15),
            ] {
                let row = t.ladder.get(range).unwrap_or_default();
                let list: Vec<String> = row.iter().map(name).collect();
                writeln!(f, "  {label}: {}", list.join(" | "))?;
            }
            if let Some(trophy) = t.trophy {
                writeln!(f, "  trophy: {trophy}")?;
            }
        }
        for p in &self.players {
            let automa = self.solo.as_ref().is_some_and(|s| s.otto == p.seat);
            writeln!(f, "{}", player_line(p, &self.player_name(p.seat), automa))?;
        }
        if let Some(d) = &self.duel {
            writeln!(
                f,
                "Duel: {} vs {} — clash {}, wins {}-{}, step: {}",
                d.fighters[0],
                d.fighters[1],
                d.clash,
                d.wins[0],
                d.wins[1],
                crate::view::step_word(d.step)
            )?;
            for (s, fighter) in d.sides.iter().zip(&d.fighters) {
                let dice: Vec<String> = s
                    .values
                    .iter()
                    .zip(["red", "black", "white"])
                    .filter(|(v, _)| !v.is_empty())
                    .map(|(v, c)| {
                        let faces: Vec<String> = v
                            .iter()
                            .map(|x| x.map_or("?".to_string(), |n| n.to_string()))
                            .collect();
                        format!("{c} {}", faces.join(","))
                    })
                    .collect();
                let tokens = match s.fighter {
                    crate::duel::Fighter::Player(_) => {
                        format!(
                            ", {}",
                            plural(s.strength_tokens, "Strength token", "Strength tokens")
                        )
                    }
                    _ => String::new(),
                };
                writeln!(
                    f,
                    "  {}: attack {}, prestige {}{tokens}{}{}",
                    crate::events::capitalised(fighter),
                    s.attack,
                    s.prestige,
                    if dice.is_empty() {
                        String::new()
                    } else {
                        format!(", dice {}", dice.join("; "))
                    },
                    // The face index means nothing to a player: say what it counts.
                    s.knight_die.map_or(String::new(), |f| format!(
                        ", white die {}",
                        content::die_value(content::WHITE, f, false)
                    ))
                )?;
            }
        }
        if let Some(last) = &self.last_duel {
            let names = last.fighters.map(|x| self.fighter_label(x));
            let winner = names
                .get(usize::from(last.winner))
                .map_or("?", String::as_str);
            match last.compared {
                // No dice were rolled: say what was compared instead of a
                // "0-0" clash count that reads as a drawn duel.
                Some(compared) => write!(
                    f,
                    "Last duel: {} vs {}, settled without dice: {}",
                    names[0],
                    names[1],
                    settled_text(compared, last.winner, winner, last.ctx)
                )?,
                None => write!(
                    f,
                    "Last duel: {} vs {}, clashes {}-{}, {winner} won",
                    names[0], names[1], last.wins[0], last.wins[1]
                )?,
            }
            // Only tournament duels pay glory by themselves; a Challenge or
            // a title pays its own reward, which "+0" would hide.
            let won =
                |p: Seat| last.fighters.get(usize::from(last.winner)) == Some(&Fighter::Player(p));
            match last.ctx {
                DuelCtx::Journey { player, .. } if won(player) => {
                    writeln!(f, "; the card's reward is paid")?
                }
                DuelCtx::Journey { .. } => writeln!(f, "; the card goes back to the hand")?,
                DuelCtx::Title { player, title } => {
                    let name = content::title(title).map_or("the title", |t| t.name);
                    if won(player) {
                        writeln!(f, "; {name} will be scored")?
                    } else {
                        writeln!(f, "; the single attempt at {name} failed")?
                    }
                }
                _ => {
                    write!(f, "; glory +{} / +{}", last.glory[0], last.glory[1])?;
                    // A loser who won a clash scores half of the winner's
                    // value: say whose, and which value.
                    let loser = usize::from(last.winner == 0);
                    let half = last.glory.get(loser).copied().unwrap_or(0);
                    let value = last.values.get(usize::from(last.winner)).copied();
                    match (names.get(loser), value) {
                        (Some(who), Some(v)) if half > 0 => {
                            writeln!(f, " ({who}: half of {winner}'s {v}, rounded down)")?
                        }
                        _ => writeln!(f)?,
                    }
                }
            }
        }
        if let (Some(w), Some(solo)) = (&self.winners, &self.solo) {
            let verdict = if w.is_empty() { "lost" } else { "won" };
            writeln!(f, "Solo game {verdict}: the goal was to {}", solo.goal)?;
        } else if let Some(w) = &self.winners {
            let list: Vec<String> = w.iter().map(|&p| self.player_name(p)).collect();
            writeln!(f, "Winner: {}", list.join(" and "))?;
        } else if !self.waiting_for.is_empty() {
            writeln!(f, "Waiting for: {}", self.waiting_for)?;
        }
        Ok(())
    }
}

/// Why a duel settled without dice went to `winner` (side `side`), from
/// the `[glory value, prestige]` compared: only what decided it.
fn settled_text(compared: [[u8; 2]; 2], side: u8, winner: &str, ctx: DuelCtx) -> String {
    let [left, right] = compared;
    let [[glory_w, prestige_w], [glory_l, prestige_l]] = if side == 0 {
        [left, right]
    } else {
        [right, left]
    };
    if glory_w != glory_l {
        format!("{winner} has the higher glory value ({glory_w} to {glory_l}), so {winner} won")
    } else if prestige_w != prestige_l {
        format!(
            "level on glory value ({glory_w} each), {winner} has more prestige ({prestige_w} to \
             {prestige_l}), so {winner} won"
        )
    } else if matches!(ctx, DuelCtx::PasDArmes { .. }) {
        format!(
            "level on glory value ({glory_w} each) and prestige ({prestige_w} each), the \
             challenged knight keeps his place: {winner} won"
        )
    } else {
        format!(
            "level on glory value ({glory_w} each) and prestige ({prestige_w} each), the left \
             side wins: {winner} won"
        )
    }
}
