//! Menu and log texts.

use crate::actions::Action;
use crate::chance::Chance;
use crate::content::{RELICS, RelicKind, TILES, relic};
use crate::events::knight_count;
use crate::flow::{ChanceKind, Decision, Need};
use crate::ids::Cell;
use crate::state::{Stage, State};
use tourney_core::Seat;
use tourney_core::text::a_or_an;

/// A seat at the start of a log line: "Seat 2", capitalised as the other
/// games' logs write it (`Seat`'s own `Display` says "seat 2" for use
/// mid-sentence).
fn starts(seat: Seat) -> String {
    format!("Seat {}", seat.index().saturating_add(1))
}

impl State {
    /// "your castle", "hex 12 (City, seat 2's, 3 knights)", "seat 3's castle".
    fn place_text(&self, seat: Seat, cell: Cell) -> String {
        self.place_words(Some(seat), cell)
    }

    /// A place as `me` reads it, or with no "your" at all for `None` (what
    /// a log line every seat reads says).
    fn place_words(&self, me: Option<Seat>, cell: Cell) -> String {
        if let Some(owner) = self.castle_owner(cell) {
            return if Some(owner) == me {
                "your castle".to_string()
            } else {
                format!("{owner}'s castle")
            };
        }
        let name = self.tile_at(cell).map_or("territory", |t| t.name);
        let p = self.place(cell);
        let holder = match p.owner() {
            Some(owner) if Some(owner) == me => format!("yours, {}", knight_count(p.knights)),
            Some(owner) if owner.index() < self.seat_count() => {
                format!("{owner}'s, {}", knight_count(p.knights))
            }
            _ => "empty".to_string(),
        };
        format!("hex {cell} ({name}, {holder})")
    }

    fn crown_name(&self, seat: Seat) -> &'static str {
        relic(*RelicKind::Crown.of(&self.player(seat).relics)).map_or("Crown", |r| r.name)
    }

    /// Menu text for `seat`'s action, in the player's words.
    pub fn action_text(&self, seat: Seat, action: &Action) -> String {
        match *action {
            Action::Split([a, b]) => {
                let mut homes = self.homelands(seat);
                let first = homes
                    .next()
                    .map_or(String::new(), |c| format!("{a} in hex {c}"));
                let second = homes
                    .next()
                    .map_or(String::new(), |c| format!(", {b} in hex {c}"));
                let castle = 6u8.saturating_sub(a).saturating_sub(b);
                format!("Place {first}{second} and {castle} in your castle")
            }
            Action::Redistribute => "Redistribute your knights".to_string(),
            Action::Move { from, to } => format!(
                "Move a knight from {} to {}",
                self.place_text(seat, from),
                self.place_text(seat, to)
            ),
            Action::Done => "Finish redistributing".to_string(),
            Action::MarchTo(cell) => format!("March into {}", self.place_text(seat, cell)),
            Action::Send(n) => {
                let target = match self.turn().map(|t| &t.stage) {
                    Some(Stage::MarchSize { target }) => self.place_text(seat, *target),
                    _ => "the target".to_string(),
                };
                format!("March {} into {target}", knight_count(n))
            }
            Action::Back => "Go back (march elsewhere, or not at all)".to_string(),
            Action::Summon => "Play Summon: 2 more knights in your castle".to_string(),
            Action::TacticalMarch => {
                "Play Tactical March: redistribute and march once more".to_string()
            }
            Action::Destroy(r) => format!("Play Destroy on {}", self.relic_text(r)),
            Action::UseCrown => {
                let text = relic(self.player(seat).relics[0]).map_or("", |r| r.text);
                format!("Use your {}: {text}", self.crown_name(seat))
            }
            Action::CrownOnSeat(s) => format!(
                "Use your {} on {}",
                self.crown_name(seat),
                self.seat_text(seat, s)
            ),
            Action::CrownOnRelic(r) => format!(
                "Use your {} on {}",
                self.crown_name(seat),
                self.relic_text(r)
            ),
            Action::CrownOnCell(c) => format!(
                "Use your {} on {}",
                self.crown_name(seat),
                self.place_text(seat, c)
            ),
            Action::EndTurn => "End your turn".to_string(),
            Action::Continue => {
                "Go on: each fighter's Sceptre now takes effect, then both put down a Conflict card"
                    .to_string()
            }
            Action::Pass => match self.need() {
                Need::Decide(Decision::Support(_)) => "Play no more Support cards".to_string(),
                _ => "Do not play Destroy".to_string(),
            },
            Action::Conflict(card) => {
                format!("Put {} face down as your Conflict card", card.name())
            }
            Action::Support(card) => format!("Play {}", card.name()),
            Action::Top(card) => {
                let placed = self.peek.map_or(0, |p| p.order.iter().flatten().count());
                if placed == 0 {
                    format!("Put {} on top of your deck", card.name())
                } else {
                    format!("Put {} next, below the cards already put back", card.name())
                }
            }
        }
    }

    /// Log text of `seat`'s action, after the mover's name: the menu's
    /// facts in the third person, with places named for every reader.
    pub fn done_text(&self, seat: Seat, action: &Action) -> String {
        let place = |cell| self.place_words(None, cell);
        let crown = self.crown_name(seat);
        match *action {
            Action::Split([a, b]) => {
                let castle = 6u8.saturating_sub(a).saturating_sub(b);
                let homes: Vec<String> = self
                    .homelands(seat)
                    .zip([a, b])
                    .map(|(c, n)| format!("{n} in hex {c}"))
                    .collect();
                format!("places {} and {castle} in the castle", homes.join(", "))
            }
            Action::Redistribute => "redistributes knights".to_string(),
            Action::Move { from, to } => {
                format!("moves a knight from {} to {}", place(from), place(to))
            }
            Action::Done => "finishes redistributing".to_string(),
            // The march itself is told by the step that sends the knights
            // (the conquest or the attack it starts).
            Action::MarchTo(cell) => format!("chooses {} as the march target", place(cell)),
            Action::Send(n) => match self.turn().map(|t| &t.stage) {
                Some(Stage::MarchSize { target }) => {
                    format!("marches {} into {}", knight_count(n), place(*target))
                }
                _ => format!("marches {}", knight_count(n)),
            },
            Action::Back => "goes back to march elsewhere, or not at all".to_string(),
            Action::Summon => "plays Summon: 2 more knights in the castle".to_string(),
            Action::TacticalMarch => {
                "plays Tactical March: redistributes and marches once more".to_string()
            }
            Action::Destroy(r) => format!("plays Destroy on {}", self.relic_text(r)),
            Action::UseCrown => format!("uses the {crown}"),
            Action::CrownOnSeat(s) if s == seat => format!("uses the {crown} on themselves"),
            Action::CrownOnSeat(s) => format!("uses the {crown} on {s}"),
            Action::CrownOnRelic(r) => format!("uses the {crown} on {}", self.relic_text(r)),
            Action::CrownOnCell(c) => format!("uses the {crown} on {}", place(c)),
            Action::EndTurn => "ends the turn".to_string(),
            Action::Continue => {
                "goes on: each fighter's Sceptre now takes effect, then both put down a Conflict card"
                    .to_string()
            }
            Action::Pass => match self.need() {
                Need::Decide(Decision::Support(_)) => "plays no more Support cards".to_string(),
                _ => "does not play Destroy".to_string(),
            },
            Action::Conflict(card) => {
                format!("puts {} face down as the Conflict card", card.name())
            }
            Action::Support(card) => format!("plays {}", card.name()),
            Action::Top(card) => {
                let placed = self.peek.map_or(0, |p| p.order.iter().flatten().count());
                if placed == 0 {
                    format!("puts {} on top of the deck", card.name())
                } else {
                    format!(
                        "puts {} next, below the cards already put back",
                        card.name()
                    )
                }
            }
        }
    }

    fn seat_text(&self, me: Seat, s: Seat) -> String {
        if s == me {
            "yourself".to_string()
        } else {
            s.to_string()
        }
    }

    /// What the pending chance step is, in words.
    pub fn chance_step_text(&self) -> String {
        match self.need() {
            Need::Chance(kind) => match kind {
                ChanceKind::Tile(cell) => format!(
                    "The territory tile for hex {cell} (worth {}) is turned up",
                    self.cell_info(cell).map_or(0, |c| c.value)
                ),
                ChanceKind::Relic { seat, kind } => {
                    let name = kind.name();
                    format!("{} is dealt {} {name}", starts(seat), a_or_an(name))
                }
                ChanceKind::Draw(seat) => format!("{} draws a card", starts(seat)),
                ChanceKind::Peek(seat) => {
                    format!("{} looks at the next card of their deck", starts(seat))
                }
                ChanceKind::Ambush(seat) => format!("{} rolls the Ambush die", starts(seat)),
                ChanceKind::Survival(seat) => {
                    format!("{} rolls a survival die for a knight", starts(seat))
                }
                ChanceKind::Starter => "The starting player is drawn".to_string(),
            },
            _ => "nothing is being rolled or drawn".to_string(),
        }
    }

    /// Text for one outcome of the pending chance step.
    pub fn chance_text(&self, outcome: &Chance) -> String {
        match *outcome {
            Chance::Tile(t) => {
                TILES
                    .get(usize::from(t.0))
                    .map_or("an unknown tile".to_string(), |t| {
                        let effects = t.effects();
                        if effects.is_empty() {
                            format!("{} ({} VP)", t.name, t.value)
                        } else {
                            format!("{} ({} VP; {effects})", t.name, t.value)
                        }
                    })
            }
            Chance::Relic(r) => RELICS
                .get(usize::from(r.0))
                .map_or("an unknown Relic".to_string(), |r| {
                    format!("{}: {}", r.name, r.text)
                }),
            Chance::Card(c) => c.name().to_string(),
            Chance::Die(face) => face.to_string(),
            Chance::Starter(seat) => format!("{} starts", starts(seat)),
        }
    }
}
