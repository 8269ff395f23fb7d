//! What one seat, or a spectator, may see: the whole board, every Relic and
//! discard pile, counts of hands and decks, and one's own hand, known deck
//! top and face-down Conflict card.

use crate::cards::{self, Card};
use crate::content::{CellKind, RELICS, RelicEffect, RelicKind, relic};
use crate::ids::{Cell, RelicRef};
use crate::map::bits;
use crate::state::{
    Combat, CombatStep, Commit, DownBy, Phase, Stage, State, Target, Took, of_side,
};
use serde::Serialize;
use tourney_core::{Outcome, Seat};

/// What one seat, or a spectator, may see of a game. It is drawn for the
/// terminal by its `Display` and sent to clients as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct View {
    /// Whose view this is (`None`: a spectator's).
    pub viewer: Option<Seat>,
    /// Players at the table.
    pub players: u8,
    /// "setup", "turn" or "over".
    pub phase: &'static str,
    /// Points one player needs (13, or 11 in a Skirmish).
    pub goal: u16,
    /// Points a team needs under Loyalty (0 without teams).
    pub team_goal: u16,
    /// Rounds every player has finished a turn in.
    pub rounds_played: u16,
    /// Rounds after which the most points win (0: no limit).
    pub round_limit: u16,
    /// Every hex of the map, in cell-number order.
    pub cells: Vec<CellView>,
    /// Every player, in seat order.
    pub seats: Vec<SeatView>,
    /// The turn in progress, once setup is over.
    pub turn: Option<TurnView>,
    /// The combat being fought, if any.
    pub combat: Option<CombatView>,
    /// The last combat fought to its end, kept until the next one ends.
    pub last_combat: Option<LastCombatView>,
    /// A Crown announced and waiting for Destroy responses.
    pub crown: Option<CrownView>,
    /// The Crown of Insight at work.
    pub insight: Option<InsightView>,
    /// A player drawing cards.
    pub drawing: Option<Seat>,
    /// Who won, once the game is over.
    pub outcome: Option<Outcome>,
}

/// One hex of the map as everyone sees it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CellView {
    /// The cell's number on the map.
    pub cell: Cell,
    /// Where the cell is drawn: doubled hex coordinates (neighbours differ
    /// by two columns in a row, or one column and one row).
    pub x: u8,
    /// The row the cell is drawn in, from the top.
    pub y: u8,
    /// "castle", "lake", "territory" or "homeland".
    pub kind: &'static str,
    /// A castle's seat, or the seat a homeland lies next to.
    pub of_seat: Option<Seat>,
    /// The territory tile's name, once dealt.
    pub tile: Option<&'static str>,
    /// The territory tile's id, once dealt: its entry in the components'
    /// `tiles`.
    pub tile_id: Option<&'static str>,
    /// Points the territory gives its controller.
    pub points: u16,
    /// The tile's effects in words.
    pub effects: String,
    /// Most knights one player may have here.
    pub capacity: u8,
    /// The player whose knights stand here, if anybody's.
    pub owner: Option<Seat>,
    /// Knights here (a castle's: its player's castle knights).
    pub knights: u8,
    /// Whether the owner has a supply line here.
    pub supplied: bool,
    /// The cells next to this one: those it shares an edge with, lakes
    /// included, in cell-number order.
    pub neighbours: Vec<Cell>,
    /// The cells linked to this one across a lake it borders (through any
    /// lakes that touch that one), which are not among `neighbours`: for
    /// marching and supply lines they count as next to it. Empty for a lake.
    pub across_lake: Vec<Cell>,
}

/// One of a player's Relics; the card is known to everyone once dealt.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RelicView {
    /// Crown, Sceptre or Orb.
    pub kind: RelicKind,
    /// The card's id, once dealt.
    pub id: Option<&'static str>,
    /// The card's name, once dealt.
    pub name: Option<&'static str>,
    /// What the card does, once dealt.
    pub text: Option<&'static str>,
    /// Advice on when to use it, for help (none for most cards).
    pub tip: Option<&'static str>,
    /// Whether it is dealt and not turned face down.
    pub face_up: bool,
}

/// One player as the viewer sees them: everything but another player's
/// hand and known deck top, which are only counted.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SeatView {
    /// The player.
    pub seat: Seat,
    /// Team number under Loyalty (the seat's own number otherwise).
    pub team: u8,
    /// Knights in the castle.
    pub castle: u8,
    /// Victory points from the territories the player controls.
    pub points: u16,
    /// Cards in hand.
    pub hand_size: usize,
    /// Only in the seat's own view.
    pub hand: Option<Vec<Card>>,
    /// Cards in the deck, known top included.
    pub deck_size: usize,
    /// Cards on top of the deck whose order the seat knows (Crown of Insight).
    pub known_top_size: usize,
    /// Only in the seat's own view, top first.
    pub known_top: Option<Vec<Card>>,
    /// The discard pile, which lies face up.
    pub discard: Vec<Card>,
    /// Crown, Sceptre and Orb, in that order.
    pub relics: Vec<RelicView>,
    /// Knights the castle can still take before the dice run out.
    pub castle_room: u8,
}

/// The turn in progress.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TurnView {
    /// The player on turn.
    pub seat: Seat,
    /// The turn's number, counted over the whole game from 1.
    pub number: u16,
    /// Whether the Crown has been used this turn.
    pub crown_used: bool,
    /// Whether the redistribution before the turn's next march is used up.
    pub redistributed: bool,
    /// Whether the turn's march is made (and no further one granted yet).
    pub marched: bool,
    /// Further marches, each with a redistribution before it, granted this
    /// turn (Tactical March, Crown of Command) and not begun yet.
    pub extra_rounds: u8,
    /// "free", "redistributing", "choosing_knights" or "combat".
    pub stage: &'static str,
    /// The cell being marched into or fought over.
    pub march_target: Option<Cell>,
}

/// One combatant's Conflict card, as far as the viewer may know it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ConflictView {
    /// "choosing", "face_down", "none" or "revealed".
    pub state: &'static str,
    /// The card, once revealed (or to its owner while face down).
    pub card: Option<Card>,
}

/// The cards one player has put on the table in the combat.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PlayedView {
    /// The player.
    pub seat: Seat,
    /// Their cards, face up (a face-down Conflict card is not among them).
    pub cards: Vec<Card>,
}

/// The combat being fought.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CombatView {
    /// Where they fight.
    pub cell: Cell,
    /// The marching player.
    pub attacker: Seat,
    /// The player holding the territory (or the castle, under Siege).
    pub defender: Seat,
    /// The attacker's knights in the fight.
    pub attacker_knights: u8,
    /// The defender's knights in the fight.
    pub defender_knights: u8,
    /// Combat values, attacker first.
    pub values: [i16; 2],
    /// "drawing", "crown_and_aid", "sceptres", "conflict", "ambush",
    /// "support", "survival", "orbs" or "finish".
    pub step: &'static str,
    /// Each side's Conflict card, attacker first.
    pub conflict: [ConflictView; 2],
    /// Cards on the table, by seat.
    pub played: Vec<PlayedView>,
    /// Whose turn it is to play a Support card or pass, during step 5.
    pub support_turn: Option<Seat>,
    /// Players who have passed on Support cards.
    pub passed: Vec<Seat>,
    /// The winner, once the result is decided.
    pub winner: Option<Seat>,
    /// What the winner won by, once the result is decided.
    pub margin: Option<i16>,
    /// Chaos survival dice the winner still has to roll.
    pub survival_dice_left: u8,
    /// Whether the territory forbids Support cards.
    pub no_support: bool,
    /// The seat asked to answer with Destroy in the Sceptre or Orb window.
    pub responder: Option<Seat>,
}

/// The last combat fought to its end: what decided it and what it cost.
/// Everything in it was face up by then, so every viewer sees the same.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LastCombatView {
    /// Combats fought to their end in this game, this one included: tells
    /// one report from the next.
    pub number: u16,
    /// Where they fought.
    pub cell: Cell,
    /// The marching player.
    pub attacker: Seat,
    /// The player who held the territory (or the castle, under Siege).
    pub defender: Seat,
    /// Knights in the fight at its end, before the losses, attacker first.
    pub knights: [u8; 2],
    /// The Conflict cards turned up, attacker first (`null`: none).
    pub conflict: [Option<Card>; 2],
    /// What each side's Ambush die showed, attacker first (`null`: none
    /// rolled).
    pub ambush: [Option<u8>; 2],
    /// Every card put on the table, by seat, Conflict cards included.
    pub played: Vec<PlayedView>,
    /// The final combat values, attacker first.
    pub values: [i16; 2],
    /// What each final value is made of, attacker first; the parts add up
    /// to `values`.
    pub parts: [ValueParts; 2],
    /// Each side's Sceptre or Orb that would have taken effect in this
    /// combat but lay face down when its step came, attacker first: why
    /// that Relic did not count. Each says whether a Crown or a Destroy
    /// card turned it down.
    pub relics_down: [Vec<RelicDownView>; 2],
    /// Each side's Crown, Sceptre and Orb that took effect in this combat,
    /// in that order, attacker first: a Crown the attacker used during the
    /// combat, the Sceptres of step 3 and the Orbs of step 7, each with
    /// what it did.
    pub relics_applied: [Vec<RelicAppliedView>; 2],
    /// Who won.
    pub winner: Seat,
    /// What the winner won by (0 when Chaos turned the result).
    pub margin: i16,
    /// Chaos: knights the winner's survival dice took.
    pub survival_lost: u8,
    /// Chaos: the survival dice took the winner's last knight, and the
    /// other side won.
    pub reversed: bool,
    /// Who lost.
    pub loser: Seat,
    /// Knights the loser lost.
    pub lost: u8,
    /// The loser's knights that retreated into its castle.
    pub retreated: u8,
    /// Knights that had to retreat and found no room in the castle.
    pub retreat_lost: u8,
    /// The attacker conquered the territory.
    pub conquered: bool,
    /// The attacker took the defender's castle (Siege), which ends the game.
    pub castle_taken: bool,
}

/// A combatant's Sceptre or Orb that would have taken effect in a combat
/// but lay face down, and what turned it down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RelicDownView {
    /// Sceptre or Orb.
    pub kind: RelicKind,
    /// The Relic's id: its entry in the components' `relics`.
    pub relic: Option<&'static str>,
    /// The player who turned it face down.
    pub by: Seat,
    /// The Crown that turned it face down (its id in the components'
    /// `relics`); `null` when a Destroy card did.
    pub crown: Option<&'static str>,
}

/// A combatant's Crown, Sceptre or Orb that took effect in a combat, and
/// what it did there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RelicAppliedView {
    /// Crown, Sceptre or Orb.
    pub kind: RelicKind,
    /// The Relic's id: its entry in the components' `relics`.
    pub relic: Option<&'static str>,
    /// What it did in this combat, in a player's words, the fighters
    /// named by their roles: "added 1 to the defender's combat value",
    /// "no effect: the rival has no knights there".
    pub effect: String,
}

/// What one side's combat value is made of.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ValueParts {
    /// Knights in the fight when it began (a castle under Siege counts as
    /// its fixed defence).
    pub knights: i16,
    /// The territory's attack bonus (attacker) or defence bonus (defender).
    pub territory: i16,
    /// Sceptres: +1 from one's own, -1 from the rival's.
    pub sceptres: i16,
    /// The Conflict card's printed value (0 for Ambush, which rolls).
    pub conflict: i16,
    /// The Ambush die.
    pub ambush: i16,
    /// Support cards played for this side, by its player or teammates.
    pub support: i16,
}

/// A Crown announced and waiting for the other players' Destroy answers.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CrownView {
    /// The Crown's owner.
    pub user: Seat,
    /// The Crown's name.
    pub crown: Option<&'static str>,
    /// What it is used on, in words.
    pub target: String,
    /// The seat asked to answer with Destroy.
    pub responder: Seat,
}

/// The Crown of Insight at work: cards looked at, then put back in order.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct InsightView {
    /// The Crown's owner.
    pub seat: Seat,
    /// Cards looked at so far.
    pub looked_at: usize,
    /// Only for the seat using the Crown: cards still to put back.
    pub to_put_back: Option<Vec<Card>>,
    /// Only for the seat using the Crown: cards put back, top first.
    pub put_back: Option<Vec<Card>>,
}

impl State {
    /// What `viewer` may see (`None`: a spectator).
    pub fn make_view(&self, viewer: Option<Seat>) -> View {
        let mine = |s: Seat| viewer == Some(s);
        let map = self.map();
        let supplied: Vec<u64> = self.table_seats().map(|s| self.supplied(s)).collect();
        let cells = map
            .cells
            .iter()
            .zip((0..=u8::MAX).map(Cell))
            .map(|(info, c)| {
                let place = self.place(c);
                let tile = self.tile_at(c);
                let owner = place.owner();
                CellView {
                    cell: c,
                    x: info.x,
                    y: info.y,
                    kind: match info.kind {
                        CellKind::Castle => "castle",
                        CellKind::Lake => "lake",
                        CellKind::Territory => "territory",
                        CellKind::Homeland => "homeland",
                    },
                    of_seat: info.seat,
                    tile: tile.map(|t| t.name),
                    tile_id: tile.map(|t| t.id),
                    points: self.worth(c),
                    effects: tile.map(|t| t.effects()).unwrap_or_default(),
                    capacity: self.capacity(c),
                    owner,
                    knights: if info.kind == CellKind::Castle {
                        self.castle_owner(c).map_or(0, |s| self.player(s).castle)
                    } else {
                        place.knights
                    },
                    supplied: owner
                        .and_then(|o| supplied.get(o.index()))
                        .is_some_and(|m| m & c.bit() != 0),
                    neighbours: bits(info.adj).collect(),
                    across_lake: bits(self.across_lake(c)).collect(),
                }
            })
            .collect();
        let seats = self
            .table_seats()
            .map(|s| {
                let p = self.player(s);
                SeatView {
                    seat: s,
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
                            let info = relic(*kind.of(&p.relics));
                            RelicView {
                                kind,
                                id: info.map(|r| r.id),
                                name: info.map(|r| r.name),
                                text: info.map(|r| r.text),
                                tip: info.and_then(|r| r.tip),
                                face_up: self.face_up(RelicRef {
                                    seat: s,
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
            seat: t.seat,
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
                Stage::MarchSize { target } => Some(target),
                Stage::Combat(ref c) => Some(c.cell),
                _ => None,
            },
        });
        View {
            viewer,
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
            last_combat: self.last_combat_view(),
            crown: self.turn().and_then(|t| t.crown).map(|c| CrownView {
                user: c.user,
                crown: relic(self.player(c.user).relics[0]).map(|r| r.name),
                target: self.target_text(c.target),
                responder: crate::flow::seat_after(c.user, c.next, self.players),
            }),
            insight: self.peek.map(|p| InsightView {
                seat: p.seat,
                looked_at: p
                    .seen
                    .len()
                    .saturating_add(p.order.iter().flatten().count()),
                to_put_back: mine(p.seat).then(|| cards::list(&p.seen)),
                put_back: mine(p.seat).then(|| p.order.iter().flatten().copied().collect()),
            }),
            drawing: self.draw.map(|d| d.seat),
            outcome: match self.phase {
                Phase::Over(o) => Some(o),
                _ => None,
            },
        }
    }

    fn combat_view(&self, viewer: Option<Seat>) -> Option<CombatView> {
        let c = self.combat()?;
        let revealed = !matches!(
            c.step,
            CombatStep::Window | CombatStep::Sceptres | CombatStep::Conflict
        );
        let conflict = [0, 1].map(|side| {
            let owner = viewer == Some(c.seat_of(side));
            match *of_side(&c.commit, side) {
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
            cell: c.cell,
            attacker: c.attacker,
            defender: c.defender,
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
            played: self
                .table_seats()
                .map(|s| (s, c.played_by(s)))
                .filter(|(_, played)| !played.is_empty())
                .map(|(seat, played)| PlayedView {
                    seat,
                    cards: cards::list(&played),
                })
                .collect(),
            support_turn: (c.step == CombatStep::Support).then_some(c.support_turn),
            passed: self
                .table_seats()
                .filter(|&s| c.passed & crate::combat::seat_bit(s) != 0)
                .collect(),
            winner: decided.then_some(c.seat_of(usize::from(c.winner))),
            margin: decided.then_some(c.margin),
            survival_dice_left: c.dice_left,
            no_support: self
                .tile_at(c.cell)
                .is_some_and(|t| t.no_support && self.castle_owner(c.cell).is_none()),
            responder: matches!(c.step, CombatStep::Sceptres | CombatStep::Orbs).then_some(
                crate::flow::seat_after(c.attacker, c.responder, self.players),
            ),
        })
    }

    /// What side `side`'s value in combat `c` is made of. Every change to a
    /// combat value is one of these sources, so the knights are what is
    /// left once the others are counted (which also covers a castle's
    /// fixed defence under Siege).
    fn value_parts(&self, c: &Combat, side: usize) -> ValueParts {
        let on_side = |seat: Seat| {
            let lead = c.seat_of(side);
            seat == lead || self.teammates(seat, lead)
        };
        let support: i16 = self
            .table_seats()
            .filter(|&s| on_side(s))
            .flat_map(|s| cards::list(&c.played_by(s)))
            .map(Card::support_value)
            .sum();
        let conflict = match of_side(&c.commit, side) {
            Commit::Card(card) => card.conflict_value(),
            Commit::Pending | Commit::Nothing => 0,
        };
        let ambush = i16::from(*of_side(&c.ambush_faces, side));
        let territory = *of_side(&c.territory, side);
        let sceptres = *of_side(&c.sceptres, side);
        let counted = [territory, sceptres, conflict, ambush, support]
            .into_iter()
            .fold(0i16, i16::saturating_add);
        ValueParts {
            knights: of_side(&c.value, side).saturating_sub(counted),
            territory,
            sceptres,
            conflict,
            ambush,
            support,
        }
    }

    fn last_combat_view(&self) -> Option<LastCombatView> {
        let l = self.last_combat.as_ref()?;
        let c = &l.combat;
        let winner = usize::from(c.winner);
        // By the end of a combat every Conflict card put down is face up.
        let conflict = c.commit.map(|commit| match commit {
            Commit::Card(card) => Some(card),
            Commit::Pending | Commit::Nothing => None,
        });
        let attacker_won = winner == 0;
        let parts = [0, 1].map(|side| self.value_parts(c, side));
        let relics_down = [0, 1].map(|side| self.relics_down(c, side));
        let relics_applied = [0, 1].map(|side| self.relics_applied(c, side));
        Some(LastCombatView {
            number: l.number,
            cell: c.cell,
            attacker: c.attacker,
            defender: c.defender,
            knights: [c.att_knights, l.defenders],
            conflict,
            ambush: c.ambush_faces.map(|face| (face != 0).then_some(face)),
            played: self
                .table_seats()
                .map(|s| (s, c.played_by(s)))
                .filter(|(_, played)| !played.is_empty())
                .map(|(seat, played)| PlayedView {
                    seat,
                    cards: cards::list(&played),
                })
                .collect(),
            values: c.value,
            parts,
            relics_down,
            relics_applied,
            winner: c.seat_of(winner),
            margin: c.margin,
            survival_lost: c.survival_ones,
            reversed: c.flipped,
            loser: c.seat_of(usize::from(attacker_won)),
            lost: l.lost,
            retreated: l.retreated,
            retreat_lost: l.retreat_lost,
            conquered: attacker_won && !l.castle && c.att_knights > 0,
            castle_taken: attacker_won && l.castle,
        })
    }

    /// Side `side`'s Relics that lay face down when they would have taken
    /// effect in combat `c`, Sceptre first.
    fn relics_down(&self, c: &Combat, side: usize) -> Vec<RelicDownView> {
        let seat = c.seat_of(side);
        let id_of =
            |seat: Seat, kind: RelicKind| relic(*kind.of(&self.player(seat).relics)).map(|r| r.id);
        [RelicKind::Sceptre, RelicKind::Orb]
            .into_iter()
            .zip(of_side(&c.relics_out, side))
            .filter_map(|(kind, out)| {
                let cause = (*out)?;
                Some(RelicDownView {
                    kind,
                    relic: id_of(seat, kind),
                    by: cause.seat(),
                    crown: match cause {
                        DownBy::Crown(user) => id_of(user, RelicKind::Crown),
                        DownBy::Destroy(_) => None,
                    },
                })
            })
            .collect()
    }

    /// Side `side`'s Relics that took effect in combat `c`, Crown first.
    fn relics_applied(&self, c: &Combat, side: usize) -> Vec<RelicAppliedView> {
        let seat = c.seat_of(side);
        RelicKind::ALL
            .iter()
            .zip(of_side(&c.relics_in, side))
            .filter_map(|(&kind, took)| {
                let took = (*took)?;
                let info = relic(*kind.of(&self.player(seat).relics));
                Some(RelicAppliedView {
                    kind,
                    relic: info.map(|r| r.id),
                    effect: self.applied_text(c, side, info.map(|r| r.effect), took),
                })
            })
            .collect()
    }

    /// What a Relic of side `side` with `effect` did in combat `c`, in
    /// the past tense, the fighters named by their roles.
    fn applied_text(
        &self,
        c: &Combat,
        side: usize,
        effect: Option<RelicEffect>,
        took: Took,
    ) -> String {
        let role = |s: usize| {
            if s == 0 {
                "the attacker"
            } else {
                "the defender"
            }
        };
        let (own, rival) = (role(side), role(usize::from(side == 0)));
        // A seat as the report names it: by its role if it fought.
        let who = |seat: tourney_core::Seat| {
            if seat == c.attacker {
                "the attacker".to_string()
            } else if seat == c.defender {
                "the defender".to_string()
            } else {
                seat.to_string()
            }
        };
        let target = match took {
            Took::Idle(idle) => return format!("no effect: {}", idle.why()),
            Took::Effect(target) => target,
        };
        match (effect, target) {
            (Some(RelicEffect::Rage | RelicEffect::Valor | RelicEffect::Oath), _) => {
                format!("added 1 to {own}'s combat value")
            }
            (Some(RelicEffect::Defiance | RelicEffect::Influence), _) => {
                format!("took 1 off {rival}'s combat value")
            }
            (Some(RelicEffect::Wisdom | RelicEffect::Greed | RelicEffect::Vitality), _) => {
                format!("{own} drew cards up to 6 in hand")
            }
            (Some(RelicEffect::Savagery), _) => {
                format!("{rival} lost 1 more knight in the fight")
            }
            (Some(RelicEffect::Resolve), _) => {
                format!("a knight from {own}'s castle joined the fight")
            }
            (Some(RelicEffect::Purification), _) => {
                format!("{own}'s face-down Relics were turned face up")
            }
            (Some(RelicEffect::SelfSacrifice), _) => {
                format!("{own} gained 1 knight in their castle")
            }
            (Some(RelicEffect::Revival), _) => format!("{own} lost 1 knight fewer"),
            (Some(RelicEffect::Insight), _) => format!(
                "{own} looked at the top cards of their deck and put them back in an order of their choosing"
            ),
            (Some(RelicEffect::Command), _) => {
                format!("{own} may redistribute and march once more this turn")
            }
            (Some(RelicEffect::Prosperity), Target::Seat(seat)) => {
                format!("{} gained 1 knight in their castle", who(seat))
            }
            (Some(RelicEffect::Corruption), Target::Relic(r)) => {
                let name = relic(*r.relic.of(&self.player(r.seat).relics))
                    .map_or(r.relic.name(), |info| info.name);
                format!("turned {}'s {name} face down", who(r.seat))
            }
            (Some(RelicEffect::Decay), Target::Cell(cell)) => {
                format!("hex {cell} lost a knight")
            }
            _ => "took effect".to_string(),
        }
    }

    pub(crate) fn target_text(&self, target: crate::state::Target) -> String {
        use crate::state::Target;
        match target {
            Target::Owner => "its owner".to_string(),
            Target::Seat(s) => s.to_string(),
            Target::Relic(r) => self.relic_text(r),
            Target::Cell(c) => format!("hex {c}"),
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
