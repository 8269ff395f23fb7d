//! What one seat, or a spectator, sees of the table, as JSON; `render.rs`
//! draws it for the terminal.

use crate::actions::{DiceMask, KnightChoice};
use crate::config::Scoring;
use crate::content::rank_of;
use crate::dice::Faces;
use crate::events::EndReason;
use crate::gear::Gear;
use crate::knight::{Injury, Knight};
use crate::report::SideReport;
use crate::slot::{SLOTS, Slot};
use crate::state::{CardJoust, Phase, Side};
use serde::Serialize;
use std::collections::BTreeMap;
use tourney_core::{Seat, ToMove};

/// The table as one seat (or a spectator, `viewer: null`) sees it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct View {
    /// Whose eyes these are (`None`: a spectator): hidden cards and choices
    /// show only to their owner.
    pub viewer: Option<Seat>,
    /// Where the event stands.
    pub phase: Phase,
    /// Passes fought to the end so far.
    pub passes: u16,
    /// Whose turn it is: the challenger.
    pub turn: Seat,
    /// Seats that owe a choice now (empty while dice or cards are pending).
    pub on_move: Vec<Seat>,
    /// Set once the event is over; several seats share a draw.
    pub winners: Option<Vec<Seat>>,
    /// Why the event ended, once it is over: the banner says it, since a
    /// winner short of the target is otherwise a puzzle.
    pub end_reason: Option<EndReason>,
    /// Points that win with a knight standing at the end of a pass.
    pub target_points: u16,
    /// All players' points together that stop the event, if set.
    pub points_threshold: Option<u16>,
    /// Knights each player brought to the event.
    pub knights_per_player: u8,
    /// Points a hit scores, by slot.
    pub scoring: Scoring,
    /// The same points for every slot id: what a hit on that slot scores at
    /// this table (both arms score `scoring.arm`).
    pub slot_points: BTreeMap<Slot, u8>,
    /// Every player, in seat order.
    pub players: Vec<PlayerView>,
    /// The pass in progress.
    pub joust: Option<JoustView>,
    /// The last pass fought to the end, challenger first.
    pub last_pass: Option<[PassView; 2]>,
}

/// One player's side of the event; nothing in it is hidden.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PlayerView {
    /// Whose side this is.
    pub seat: Seat,
    /// Event points; fumbles can take them below zero.
    pub points: i16,
    /// Knights not yet sent.
    pub knights_waiting: u8,
    /// The knight in the lists and its injury dice.
    pub knight: Option<Knight>,
    /// Still has a knight, waiting or in the lists.
    pub in_event: bool,
    /// The ground mount's gift for this player's next pass.
    pub gift: bool,
    /// Cards left in the face-down pile.
    pub pile: u8,
    /// The open discard pile, lowest first.
    pub discard: Vec<u8>,
    /// How often this player has aimed at each slot so far, by slot id:
    /// aims are revealed every pass, so this is what an attentive player
    /// would remember anyway.
    pub aims_seen: BTreeMap<Slot, u8>,
}

/// The pass in progress.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct JoustView {
    /// The seat whose turn it is; it draws and rolls first.
    pub challenger: Seat,
    /// Both duelists, the challenger first.
    pub duelists: [DuelistView; 2],
    /// The choices owed now (keep or replace, placing, aim, mount and
    /// lance) are made face down: both duelists choose at once, `deciding`
    /// tells who still owes one, and neither sees the other's choice until
    /// both have chosen (a placed card stays hidden until an aim turns it up).
    pub hidden_choices: bool,
}

/// One duelist of the pass in progress. Its cards and choices show to its
/// owner at once, to the others only once revealed.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct DuelistView {
    /// The duelist's seat.
    pub seat: Seat,
    /// Number of the knight riding (a replacement shows after the reveal).
    pub knight: u8,
    /// Keep or replace: shown to its owner, and to all once both chose.
    pub knight_choice: Option<KnightChoice>,
    /// Drawn cards not yet placed: only the owner sees them.
    pub hand: Vec<u8>,
    /// Cards it holds unplaced: open to all, unlike the cards themselves.
    pub hand_size: u8,
    /// Its five slots, in table order.
    pub slots: [SlotView; 5],
    /// Where it aims: shown to its owner, to all once both have aimed.
    pub aim: Option<Slot>,
    /// The opponent's card this duelist rolls against, once turned up.
    pub target: Option<u8>,
    /// Its mount and lance: shown to its owner, to all once both have chosen.
    pub gear: Option<Gear>,
    /// This duelist still owes the current choice.
    pub deciding: bool,
    /// Its dice so far this pass.
    pub dice: DiceView,
}

/// One slot of a duelist's knight, as the viewer may see it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SlotView {
    /// Which slot, so a client need not count.
    pub slot: Slot,
    /// A card lies there.
    pub occupied: bool,
    /// Turned up by the opponent's aim: the card is then open to all.
    pub face_up: bool,
    /// The card, if this viewer may see it.
    pub card: Option<u8>,
}

/// Dice of one duelist in one pass.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct DiceView {
    /// Jousting dice in rolling order (pushed dice show their new face).
    pub d12: Vec<u8>,
    /// Numbers (from 1) of the jousting dice that count.
    pub kept: Vec<u8>,
    /// Numbers (from 1) of the jousting dice pushed and rolled again.
    pub pushed: Vec<u8>,
    /// The lance of war's shield bonus die, once rolled.
    pub bonus: Option<u8>,
    /// Faces of the minor-injury dice rolled with the jousting dice, lowest
    /// first.
    pub minor: Vec<u8>,
    /// Faces of the major-injury dice rolled with them, lowest first.
    pub major: Vec<u8>,
    /// Faces of major-injury rolls of the whole pool.
    pub injury_roll: Vec<u8>,
}

/// What one duelist's last pass came to.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PassView {
    /// Whose pass this is.
    pub seat: Seat,
    /// The number of the knight that rode.
    pub knight: u8,
    /// The slot it aimed at.
    pub aim: Option<Slot>,
    /// The rank of the opponent's card there: what each die had to reach.
    pub target: u8,
    /// Its mount and lance.
    pub gear: Option<Gear>,
    /// Every die it rolled in the pass.
    pub dice: DiceView,
    /// Successes of the kept dice and the bonus die, before the snakes.
    pub successes: u8,
    /// Snakes on its injury dice.
    pub snakes: u8,
    /// Successes left after the snakes.
    pub net: u8,
    /// Kept jousting dice showing 1, and the bonus die if it did.
    pub ones: u8,
    /// More ones than net successes.
    pub fumble: bool,
    /// Points gained (negative: lost).
    pub points: i16,
    /// What its lance did to the opponent's knight.
    pub dealt: Injury,
    /// What pushing cost its own knight.
    pub push_injury: Injury,
    /// Its knight fell from its horse and left the event.
    pub dismounted: bool,
    /// A major-injury roll showed a snake: its knight left the event.
    pub left_by_injury: bool,
    /// It earned the ground mount's gift for its next pass.
    pub gift: bool,
}

fn faces_list(faces: &Faces) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, &n) in faces.iter().enumerate() {
        out.extend(std::iter::repeat_n(
            (i as u8).saturating_add(1),
            usize::from(n),
        ));
    }
    out
}

/// A per-slot table (table order) keyed by slot id.
fn per_slot(table: &[u8; SLOTS]) -> BTreeMap<Slot, u8> {
    Slot::ALL.into_iter().map(|s| (s, *s.of(table))).collect()
}

fn mask_list(mask: DiceMask) -> Vec<u8> {
    mask.numbers().collect()
}

/// The dice of a report; `rolled` jousting dice are on the table so far.
fn dice_of(r: &SideReport, rolled: u8) -> DiceView {
    let rolled = usize::from(rolled.min(3));
    let kept = if rolled >= usize::from(r.d12_count) && rolled > 0 {
        mask_list(r.kept)
    } else {
        Vec::new()
    };
    DiceView {
        d12: r.d12.iter().take(rolled).copied().collect(),
        kept,
        pushed: mask_list(r.pushed),
        bonus: (r.bonus != 0).then_some(r.bonus),
        minor: faces_list(&r.minor_dice),
        major: faces_list(&r.major_dice),
        injury_roll: faces_list(&r.injury_rolls),
    }
}

impl PassView {
    fn new(r: &SideReport) -> PassView {
        PassView {
            seat: r.seat,
            knight: r.knight,
            aim: r.aim,
            target: r.target,
            gear: r.gear,
            dice: dice_of(r, r.d12_count),
            successes: r.successes,
            snakes: r.snakes,
            net: r.net,
            ones: r.ones,
            fumble: r.fumble,
            points: r.points,
            dealt: r.dealt,
            push_injury: r.push_injury,
            dismounted: r.dismounted,
            left_by_injury: r.left_by_injury,
            gift: r.gift,
        }
    }
}

impl CardJoust {
    pub(crate) fn make_view(&self, viewer: Option<Seat>) -> View {
        let knights = self.config.knights_per_player;
        let players = (0..self.seat_count())
            .map(Seat::new)
            .filter_map(|seat| {
                let p = self.player(seat)?;
                let mut discard = Vec::new();
                for (i, &n) in p.discard.counts().iter().enumerate() {
                    discard.extend(std::iter::repeat_n(rank_of(i), usize::from(n)));
                }
                Some(PlayerView {
                    seat,
                    points: p.points,
                    knights_waiting: p.fresh(knights),
                    knight: p.knight,
                    in_event: p.knights_left(knights) > 0,
                    gift: p.gift,
                    pile: p.pile.len().min(255) as u8,
                    discard,
                    aims_seen: per_slot(&p.aims),
                })
            })
            .collect();
        let on_move = match self.on_move() {
            ToMove::Seats(set) => set.iter().collect(),
            _ => Vec::new(),
        };
        let joust = self.in_pass().then(|| JoustView {
            challenger: self.duel.sides[0].seat,
            duelists: [0, 1].map(|k| self.duelist_view(k, viewer)),
            hidden_choices: self.phase.choices_hidden(),
        });
        View {
            viewer,
            phase: self.phase,
            passes: self.passes,
            turn: self.turn,
            on_move,
            winners: (self.phase == Phase::Over).then(|| self.winners.iter().collect()),
            // The state at the end is the one the last pass decided on.
            end_reason: (self.phase == Phase::Over)
                .then(|| self.decide().map(|(_, reason)| reason))
                .flatten(),
            target_points: self.config.target_points,
            points_threshold: self.config.points_threshold,
            knights_per_player: knights,
            scoring: self.config.scoring,
            slot_points: per_slot(&self.config.scoring.table()),
            players,
            joust,
            last_pass: self
                .last_pass
                .as_ref()
                .map(|r| [PassView::new(&r[0]), PassView::new(&r[1])]),
        }
    }

    fn duelist_view(&self, k: usize, viewer: Option<Seat>) -> DuelistView {
        let s: &Side = self.duel.at(k);
        let own = viewer == Some(s.seat);
        let phase = self.phase;
        let simultaneous = phase.choices_hidden();
        let slots = Slot::ALL.map(|slot| {
            let card = s.card(slot);
            SlotView {
                slot,
                occupied: card != 0,
                face_up: s.face_up(slot),
                card: (card != 0 && (own || s.face_up(slot))).then_some(card),
            }
        });
        let aims_open = phase > Phase::Aim;
        DuelistView {
            seat: s.seat,
            knight: s.knight,
            knight_choice: s.choice.filter(|_| own || phase > Phase::Knights),
            hand: if own {
                s.hand
                    .iter()
                    .take(usize::from(s.hand_len))
                    .copied()
                    .collect()
            } else {
                Vec::new()
            },
            hand_size: s.hand_len,
            slots,
            aim: s.aim.filter(|_| own || aims_open),
            target: aims_open.then(|| self.target(k)).filter(|&t| t != 0),
            gear: s.gear.filter(|_| own || phase > Phase::Gear),
            deciding: simultaneous && !s.done,
            dice: dice_of(&s.report(0), s.d12_rolled),
        }
    }
}
