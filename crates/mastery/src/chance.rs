//! Dice and cards: the chance steps, what can come up, and what happens when
//! it does.

use crate::cards::Card;
use crate::content::{RELICS, TILES};
use crate::events::Ev;
use crate::flow::ChanceKind;
use crate::ids::{RelicId, TileId};
use crate::state::State;
use serde::{Deserialize, Serialize};
use tourney_core::{RuleError, Seat, Weight};

/// What a chance step produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// A territory tile turned up from its value pile.
    Tile(TileId),
    /// A Relic card dealt.
    Relic(RelicId),
    /// A card drawn (or looked at) from a deck.
    Card(Card),
    /// A die face, 1 to 6.
    Die(u8),
    /// The starting player.
    Starter(Seat),
}

impl State {
    /// Appends every outcome the pending chance step may have, with its
    /// weight, to `out`.
    pub fn list_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        self.each_outcome(&mut |c, w| out.push((c, w)));
    }

    /// Calls `f` with every outcome the pending chance step may have.
    pub fn each_outcome(&self, f: &mut dyn FnMut(Chance, Weight)) {
        let Ok(kind) = self.need().chance_due() else {
            return;
        };
        match kind {
            ChanceKind::Tile(cell) => {
                let value = self.cell_info(cell).map_or(0, |c| c.value);
                for (i, t) in TILES.iter().enumerate() {
                    let left = self.tiles.count(i);
                    if !t.homeland && t.value == value && left > 0 {
                        f(Chance::Tile(TileId(i as u8)), Weight::from(left));
                    }
                }
            }
            ChanceKind::Relic { kind, .. } => {
                for (i, r) in RELICS.iter().enumerate() {
                    if r.kind == kind && self.relics_left >> i & 1 == 1 {
                        f(Chance::Relic(RelicId(i as u8)), 1);
                    }
                }
            }
            ChanceKind::Draw(seat) | ChanceKind::Peek(seat) => {
                let deck = &self.player(seat).deck;
                for card in Card::ALL {
                    let left = deck.count(card.index());
                    if left > 0 {
                        f(Chance::Card(card), Weight::from(left));
                    }
                }
            }
            ChanceKind::Ambush(_) | ChanceKind::Survival(_) => {
                for face in 1..=6 {
                    f(Chance::Die(face), 1);
                }
            }
            ChanceKind::Starter => {
                for seat in self.table_seats() {
                    f(Chance::Starter(seat), 1);
                }
            }
        }
    }

    /// Lets `outcome` come up if the pending chance step can show it, then
    /// carries out the automatic steps that follow.
    pub fn chance(&mut self, outcome: &Chance, ev: &mut Ev) -> Result<(), RuleError> {
        let outcome = *outcome;
        let kind = self.need().chance_due()?;
        let mut possible = false;
        self.each_outcome(&mut |c, _| possible |= c == outcome);
        if !possible {
            return Err(RuleError::impossible(self.impossible(kind, outcome)));
        }
        match (kind, outcome) {
            (ChanceKind::Tile(cell), Chance::Tile(t)) => self.deal_tile(cell, t.0),
            (ChanceKind::Relic { seat, kind }, Chance::Relic(r)) => {
                self.deal_relic(seat, kind, r.0)
            }
            (ChanceKind::Draw(_), Chance::Card(card)) => self.drawn_from_deck(card, ev),
            (ChanceKind::Peek(_), Chance::Card(card)) => self.peeked(card, ev),
            (ChanceKind::Ambush(_), Chance::Die(face)) => self.ambush_rolled(face, ev),
            (ChanceKind::Survival(_), Chance::Die(face)) => self.survival_rolled(face, ev),
            (ChanceKind::Starter, Chance::Starter(seat)) => self.first_turn(seat, ev),
            _ => {}
        }
        self.advance(ev);
        Ok(())
    }

    fn impossible(&self, kind: ChanceKind, outcome: Chance) -> String {
        match (kind, outcome) {
            (ChanceKind::Tile(_), Chance::Tile(_)) => {
                "that tile is not left in the pile of this position's value".into()
            }
            (ChanceKind::Relic { kind, .. }, Chance::Relic(_)) => {
                format!("that is not an undealt {}", kind.name())
            }
            (ChanceKind::Draw(seat) | ChanceKind::Peek(seat), Chance::Card(_)) => {
                format!("{seat}'s deck holds no such card")
            }
            (ChanceKind::Ambush(_) | ChanceKind::Survival(_), Chance::Die(_)) => {
                "a die shows 1 to 6".into()
            }
            (ChanceKind::Starter, Chance::Starter(_)) => "that seat is not at the table".into(),
            _ => format!("{} is pending, not that", self.chance_step_text()),
        }
    }
}
