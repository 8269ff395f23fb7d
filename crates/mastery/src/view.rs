//! What one seat, or a spectator, may see: the whole board, every Relic and
//! discard pile, counts of hands and decks, and one's own hand, known deck
//! top and face-down Conflict card.

use crate::cards::{self, Card};
use crate::content::{CellKind, RELICS, RelicKind, relic};
use crate::ids::{Cell, RelicRef};
use crate::map::bits;
use crate::state::{CombatStep, Commit, NONE, Phase, Stage, State};
use serde::Serialize;
use tourney_core::{Outcome, Seat};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Whose view this is (`None`: a spectator's).
    pub viewer: Option<Seat>,
    pub players: u8,
    /// "setup", "turn" or "over".
    pub phase: &'static str,
    /// Points one player needs (13, or 11 in a Skirmish).
    pub goal: u16,
    /// Points a team needs under Loyalty (0 without teams).
    pub team_goal: u16,
    pub rounds_played: u16,
    pub round_limit: u16,
    pub cells: Vec<CellView>,
    pub seats: Vec<SeatView>,
    pub turn: Option<TurnView>,
    pub combat: Option<CombatView>,
    /// A Crown announced and waiting for Destroy responses.
    pub crown: Option<CrownView>,
    /// The Crown of Insight at work.
    pub insight: Option<InsightView>,
    /// A player drawing cards.
    pub drawing: Option<Seat>,
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellView {
    pub cell: Cell,
    /// Where the cell is drawn: doubled hex coordinates (neighbours differ
    /// by two columns in a row, or one column and one row).
    pub x: u8,
    pub y: u8,
    /// "castle", "lake", "territory" or "homeland".
    pub kind: &'static str,
    /// A castle's seat, or the seat a homeland lies next to.
    pub of_seat: Option<Seat>,
    /// The territory tile's name, once dealt.
    pub tile: Option<&'static str>,
    /// Points the territory gives its controller.
    pub points: u16,
    /// The tile's effects in words.
    pub effects: String,
    pub capacity: u8,
    pub owner: Option<Seat>,
    pub knights: u8,
    /// Whether the owner has a supply line here.
    pub supplied: bool,
    pub neighbours: Vec<Cell>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RelicView {
    pub kind: RelicKind,
    pub id: Option<&'static str>,
    pub name: Option<&'static str>,
    pub text: Option<&'static str>,
    pub face_up: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    /// Team number under Loyalty (the seat's own number otherwise).
    pub team: u8,
    pub castle: u8,
    pub points: u16,
    pub hand_size: usize,
    /// Only in the seat's own view.
    pub hand: Option<Vec<Card>>,
    pub deck_size: usize,
    /// Cards on top of the deck whose order the seat knows (Crown of Insight).
    pub known_top_size: usize,
    /// Only in the seat's own view, top first.
    pub known_top: Option<Vec<Card>>,
    pub discard: Vec<Card>,
    pub relics: Vec<RelicView>,
    /// Knights the castle can still take before the dice run out.
    pub castle_room: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnView {
    pub seat: Seat,
    pub number: u16,
    pub crown_used: bool,
    pub redistributed: bool,
    pub marched: bool,
    /// Further redistribute-and-march rounds granted this turn.
    pub extra_rounds: u8,
    /// "free", "redistributing", "choosing_knights" or "combat".
    pub stage: &'static str,
    pub march_target: Option<Cell>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConflictView {
    /// "choosing", "face_down", "none" or "revealed".
    pub state: &'static str,
    /// The card, once revealed (or to its owner while face down).
    pub card: Option<Card>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayedView {
    pub seat: Seat,
    pub cards: Vec<Card>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CombatView {
    pub cell: Cell,
    pub attacker: Seat,
    pub defender: Seat,
    pub attacker_knights: u8,
    pub defender_knights: u8,
    /// Combat values, attacker first.
    pub values: [i16; 2],
    /// "drawing", "crown_and_aid", "sceptres", "conflict", "ambush",
    /// "support", "survival", "orbs" or "finish".
    pub step: &'static str,
    pub conflict: [ConflictView; 2],
    /// Cards on the table, by seat.
    pub played: Vec<PlayedView>,
    pub support_turn: Option<Seat>,
    pub passed: Vec<Seat>,
    pub winner: Option<Seat>,
    pub margin: Option<i16>,
    pub survival_dice_left: u8,
    pub no_support: bool,
    /// The seat asked to answer with Destroy in the Sceptre or Orb window.
    pub responder: Option<Seat>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrownView {
    pub user: Seat,
    pub crown: Option<&'static str>,
    /// What it is used on, in words.
    pub target: String,
    /// The seat asked to answer with Destroy.
    pub responder: Seat,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InsightView {
    pub seat: Seat,
    /// Cards looked at so far.
    pub looked_at: usize,
    /// Only for the seat using the Crown: cards still to put back.
    pub to_put_back: Option<Vec<Card>>,
    /// Only for the seat using the Crown: cards put back, top first.
    pub put_back: Option<Vec<Card>>,
}

fn seat_opt(s: u8) -> Option<Seat> {
    (s != NONE).then_some(Seat(s))
}

impl State {
    pub fn make_view(&self, viewer: Option<u8>) -> View {
        let mine = |s: u8| viewer == Some(s);
        let map = self.map();
        let supplied: Vec<u64> = (0..self.players).map(|s| self.supplied(s)).collect();
        let cells = map
            .cells
            .iter()
            .enumerate()
            .map(|(i, info)| {
                let c = i as u8;
                let place = self.place(c);
                let tile = self.tile_at(c);
                let owner = (place.owner != NONE).then_some(place.owner);
                CellView {
                    cell: Cell(c),
                    x: info.x,
                    y: info.y,
                    kind: match info.kind {
                        CellKind::Castle => "castle",
                        CellKind::Lake => "lake",
                        CellKind::Territory => "territory",
                        CellKind::Homeland => "homeland",
                    },
                    of_seat: seat_opt(info.seat),
                    tile: tile.map(|t| t.name),
                    points: self.worth(c),
                    effects: tile.map(|t| t.effects()).unwrap_or_default(),
                    capacity: self.capacity(c),
                    owner: owner.map(Seat),
                    knights: if info.kind == CellKind::Castle {
                        self.castle_owner(c).map_or(0, |s| self.player(s).castle)
                    } else {
                        place.knights
                    },
                    supplied: owner
                        .and_then(|o| supplied.get(usize::from(o)))
                        .is_some_and(|m| m & (1 << i) != 0),
                    neighbours: bits(info.adj).map(Cell).collect(),
                }
            })
            .collect();
        let seats = (0..self.players)
            .map(|s| {
                let p = self.player(s);
                SeatView {
                    seat: Seat(s),
                    team: self.team(s),
                    castle: p.castle,
                    points: self.points(s),
                    hand_size: p.hand.len(),
                    hand: mine(s).then(|| cards::list(&p.hand)),
                    deck_size: p.deck_len(),
                    known_top_size: p.top_len(),
                    known_top: mine(s).then(|| p.top.iter().flatten().copied().collect()),
                    discard: cards::list(&p.discard),
                    relics: RelicKind::ALL
                        .iter()
                        .map(|&kind| {
                            let info = relic(p.relics[kind.index()]);
                            RelicView {
                                kind,
                                id: info.map(|r| r.id),
                                name: info.map(|r| r.name),
                                text: info.map(|r| r.text),
                                face_up: self.face_up(RelicRef {
                                    seat: Seat(s),
                                    relic: kind,
                                }),
                            }
                        })
                        .collect(),
                    castle_room: self.castle_room(s),
                }
            })
            .collect();
        let turn = self.turn().map(|t| TurnView {
            seat: Seat(t.seat),
            number: self.turn_no,
            crown_used: t.crown_used,
            redistributed: t.redistributed,
            marched: t.marched,
            extra_rounds: t.extra_rounds,
            stage: match t.stage {
                Stage::Free => "free",
                Stage::Redistribute { .. } => "redistributing",
                Stage::MarchSize { .. } => "choosing_knights",
                Stage::Combat(_) => "combat",
            },
            march_target: match t.stage {
                Stage::MarchSize { target } => Some(Cell(target)),
                Stage::Combat(ref c) => Some(Cell(c.cell)),
                _ => None,
            },
        });
        View {
            viewer: viewer.map(Seat),
            players: self.players,
            phase: match self.phase {
                Phase::Turn(_) => "turn",
                Phase::Over(_) => "over",
                _ => "setup",
            },
            goal: self.config.goal(),
            team_goal: if self.config.loyalty == crate::config::Loyalty::Off {
                0
            } else {
                self.config.team_goal()
            },
            rounds_played: self.rounds,
            round_limit: self.config.round_limit,
            cells,
            seats,
            turn,
            combat: self.combat_view(viewer),
            crown: self.turn().and_then(|t| t.crown).map(|c| CrownView {
                user: Seat(c.user),
                crown: relic(self.player(c.user).relics[0]).map(|r| r.name),
                target: self.target_text(c.target),
                responder: Seat(crate::flow::seat_after(c.user, c.next, self.players)),
            }),
            insight: self.peek.map(|p| InsightView {
                seat: Seat(p.seat),
                looked_at: p.seen.len() + p.order.iter().flatten().count(),
                to_put_back: mine(p.seat).then(|| cards::list(&p.seen)),
                put_back: mine(p.seat).then(|| p.order.iter().flatten().copied().collect()),
            }),
            drawing: self.draw.map(|d| Seat(d.seat)),
            outcome: match self.phase {
                Phase::Over(o) => Some(o),
                _ => None,
            },
        }
    }

    fn combat_view(&self, viewer: Option<u8>) -> Option<CombatView> {
        let c = self.combat()?;
        let revealed = !matches!(
            c.step,
            CombatStep::Window | CombatStep::Sceptres | CombatStep::Conflict
        );
        let conflict = [0, 1].map(|side| {
            let owner = viewer == Some(c.seat_of(side));
            match c.commit[side] {
                Commit::Pending => ConflictView {
                    state: "choosing",
                    card: None,
                },
                Commit::Nothing => ConflictView {
                    state: "none",
                    card: None,
                },
                Commit::Card(card) if revealed => ConflictView {
                    state: "revealed",
                    card: Some(card),
                },
                Commit::Card(card) => ConflictView {
                    state: "face_down",
                    card: owner.then_some(card),
                },
            }
        });
        let decided = matches!(
            c.step,
            CombatStep::Survival | CombatStep::Orbs | CombatStep::Finish
        );
        Some(CombatView {
            cell: Cell(c.cell),
            attacker: Seat(c.attacker),
            defender: Seat(c.defender),
            attacker_knights: self.knights_of(0),
            defender_knights: self.knights_of(1),
            values: c.value,
            step: match c.step {
                _ if c.draws_due != 0 || self.draw.is_some() => "drawing",
                CombatStep::Window => "crown_and_aid",
                CombatStep::Sceptres => "sceptres",
                CombatStep::Conflict => "conflict",
                CombatStep::Ambush => "ambush",
                CombatStep::Support => "support",
                CombatStep::Survival => "survival",
                CombatStep::Orbs => "orbs",
                CombatStep::Finish => "finish",
            },
            conflict,
            played: (0..self.players)
                .filter(|&s| !c.played[usize::from(s)].is_empty())
                .map(|s| PlayedView {
                    seat: Seat(s),
                    cards: cards::list(&c.played[usize::from(s)]),
                })
                .collect(),
            support_turn: (c.step == CombatStep::Support).then_some(Seat(c.support_turn)),
            passed: (0..self.players)
                .filter(|&s| c.passed & crate::combat::seat_bit(s) != 0)
                .map(Seat)
                .collect(),
            winner: decided.then_some(Seat(c.seat_of(usize::from(c.winner)))),
            margin: decided.then_some(c.margin),
            survival_dice_left: c.dice_left,
            no_support: self
                .tile_at(c.cell)
                .is_some_and(|t| t.no_support && self.castle_owner(c.cell).is_none()),
            responder: matches!(c.step, CombatStep::Sceptres | CombatStep::Orbs).then_some(Seat(
                crate::flow::seat_after(c.attacker, c.responder, self.players),
            )),
        })
    }

    pub(crate) fn target_text(&self, target: crate::state::Target) -> String {
        use crate::state::Target;
        match target {
            Target::Owner => "its owner".to_string(),
            Target::Seat(s) => Seat(s).to_string(),
            Target::Relic(r) => self.relic_text(r),
            Target::Cell(c) => format!("territory {}", Cell(c)),
        }
    }

    /// "seat 2's Sceptre of Rage".
    pub(crate) fn relic_text(&self, r: RelicRef) -> String {
        let name = RELICS
            .get(usize::from(self.relic_id(r)))
            .map_or(r.relic.name(), |info| info.name);
        format!("{}'s {name}", r.seat)
    }
}
