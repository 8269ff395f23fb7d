//! What a seat (or a spectator) sees; `render.rs` draws it for the terminal.
//!
//! Ritter is played in the open: cards, wounds, prizes and dice are on the
//! table. The only secrets are a seat's preparation (training and who rides)
//! and its choice of duellist until everyone has committed, so a view shows
//! those only to their own seat.

use crate::combat::{Ending, JoustStep};
use crate::content::{KNIGHTS, LADIES, Trait};
use crate::knight::NONE;
use crate::state::{Phase, Ritter, ids};
use serde::Serialize;
use tourney_core::Seat;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Whose view this is (`None`: a spectator).
    pub viewer: Option<Seat>,
    pub seats: u8,
    pub day: u8,
    pub days: u8,
    pub ladies_in_play: bool,
    pub wound_penalty: bool,
    pub phase: PhaseView,
    /// Seats that owe an action now.
    pub on_move: Vec<Seat>,
    /// Who won the starting roll (and started day 1).
    pub starting_player: Option<Seat>,
    /// Who starts the favours and challenges of the current day.
    pub day_starter: Option<Seat>,
    /// The knights dealt, by id.
    pub knights: Vec<KnightView>,
    /// The ladies dealt, by id.
    pub ladies: Vec<LadyView>,
    pub joust: Option<JoustView>,
    pub last_round: Option<RoundView>,
    pub last_joust: Option<JoustResultView>,
    /// The day winner of each finished day (null: none).
    pub day_winners: Vec<Option<u8>>,
    /// Each seat's prizes: its knights' plus its ladies'.
    pub scores: Vec<u32>,
    /// Seats still tied for the lead while decisive duels are fought.
    pub duel_contenders: Vec<Seat>,
    /// Set when the game is over.
    pub winners: Option<Vec<Seat>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "name", rename_all = "snake_case")]
pub enum PhaseView {
    Deal,
    /// The dice rolled so far for the starting player (null: not rolled or
    /// not in the roll-off).
    StartRoll {
        rolls: Vec<Option<u8>>,
    },
    /// Seats that are done preparing (their choices stay secret until all are).
    Prepare {
        prepared: Vec<Seat>,
    },
    Favours {
        turn: Seat,
    },
    /// `knight`'s owner chooses between the lady he wears and `newcomer`.
    FavourTie {
        knight: u8,
        wearing: Option<u8>,
        newcomer: u8,
    },
    Challenge {
        turn: Seat,
    },
    Joust,
    DayWinner {
        owner: Seat,
        candidates: Vec<u8>,
    },
    /// The duellists' seats; `chosen` says who has chosen, `mine` is the
    /// viewer's own choice.
    DuelChoice {
        pair: Vec<Seat>,
        chosen: Vec<bool>,
        mine: Option<u8>,
    },
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KnightStatus {
    /// Not riding today (or the day has not begun).
    Resting,
    Ready,
    /// Lost a joust today.
    Beaten,
    /// Ten wounds: out of the tournament.
    Out,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KnightView {
    pub id: u8,
    pub name: &'static str,
    pub owner: Seat,
    pub dice: u8,
    /// Covered hit fields per number, fields 1 to 6.
    pub covered: [u8; 6],
    pub wounds: u8,
    pub prizes: u16,
    pub day_prizes: u8,
    /// Training points for the coming preparation.
    pub training: u8,
    /// Dice lost today to the wound-penalty option.
    pub penalty: u8,
    pub status: KnightStatus,
    pub favour: Option<u8>,
    pub prefers: [Trait; 3],
    /// The viewer's own secret preparation for this knight.
    pub plan: Option<PlanView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanView {
    pub extra_dice: u8,
    pub extra_covered: [u8; 6],
    pub points_left: u8,
    pub send: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LadyView {
    pub id: u8,
    pub name: &'static str,
    pub owner: Seat,
    pub traits: [Trait; 4],
    pub prizes: u16,
    /// The knight wearing her favour today.
    pub knight: Option<u8>,
    /// Turned away today and to be offered again first.
    pub turned_away: bool,
    /// Knights who turned her away today.
    pub refused_by: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JoustView {
    pub attacker: u8,
    pub defender: u8,
    pub foot: bool,
    pub furious: bool,
    pub duel: bool,
    pub step: JoustStep,
    /// Dice each side rolls this round.
    pub need: [u8; 2],
    /// Faces rolled so far this round, attacker first.
    pub dice: [Vec<u8>; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoundView {
    pub attacker: u8,
    pub defender: u8,
    pub foot: bool,
    pub furious: bool,
    pub duel: bool,
    pub dice: [Vec<u8>; 2],
    /// Wounds the attacker and the defender took.
    pub wounds: [u8; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JoustResultView {
    pub attacker: u8,
    pub defender: u8,
    pub winner: Option<u8>,
    pub ending: Ending,
    pub duel: bool,
}

fn some(id: u8) -> Option<u8> {
    (id != NONE).then_some(id)
}

impl Ritter {
    pub(crate) fn make_view(&self, viewer: Option<Seat>) -> View {
        let me = viewer.map(|s| s.0);
        let on_move = match tourney_core::Game::to_move(self) {
            tourney_core::ToMove::Seats(set) => set.iter().collect(),
            _ => Vec::new(),
        };
        let seats: Vec<Seat> = self.seat_set().iter().collect();
        let rolled = !matches!(self.phase, Phase::Deal | Phase::StartRoll { .. });
        let phase = match self.phase {
            Phase::Deal => PhaseView::Deal,
            Phase::StartRoll { contenders, rolls } => PhaseView::StartRoll {
                rolls: seats
                    .iter()
                    .map(|s| {
                        rolls
                            .get(s.index())
                            .copied()
                            .filter(|&r| r > 0 && contenders.contains(*s))
                    })
                    .collect(),
            },
            Phase::Prepare => PhaseView::Prepare {
                prepared: self
                    .prepared
                    .iter()
                    .filter(|s| self.preparing_seats().contains(*s))
                    .collect(),
            },
            Phase::Favours { turn } => PhaseView::Favours { turn: Seat(turn) },
            Phase::FavourTie {
                knight, newcomer, ..
            } => PhaseView::FavourTie {
                knight,
                wearing: self.knight(knight).and_then(|k| some(k.favour)),
                newcomer,
            },
            Phase::Challenge { turn } => PhaseView::Challenge { turn: Seat(turn) },
            Phase::Joust(_) => PhaseView::Joust,
            Phase::DayWinner { owner, candidates } => PhaseView::DayWinner {
                owner: Seat(owner),
                candidates: candidates.iter().collect(),
            },
            Phase::DuelChoice { pair, chosen } => PhaseView::DuelChoice {
                pair: pair.iter().map(|&s| Seat(s)).collect(),
                chosen: chosen.iter().map(|&c| c != NONE).collect(),
                mine: pair
                    .iter()
                    .zip(chosen)
                    .find(|(s, _)| Some(**s) == me)
                    .and_then(|(_, c)| some(c)),
            },
            Phase::Over { .. } => PhaseView::Over,
        };
        let preparing = matches!(self.phase, Phase::Prepare);
        let knights = ids()
            .filter_map(|id| {
                let k = self.knight(id).filter(|k| k.dealt())?;
                let card = KNIGHTS.get(usize::from(id))?;
                let status = if k.out {
                    KnightStatus::Out
                } else if k.ready() {
                    KnightStatus::Ready
                } else if k.sent && k.beaten {
                    KnightStatus::Beaten
                } else {
                    KnightStatus::Resting
                };
                Some(KnightView {
                    id,
                    name: card.name,
                    owner: Seat(k.owner),
                    dice: k.dice,
                    covered: k.covered,
                    wounds: k.wounds,
                    prizes: k.prizes,
                    day_prizes: k.day_prizes,
                    training: k.training,
                    penalty: k.penalty,
                    status,
                    favour: some(k.favour),
                    prefers: card.prefers,
                    plan: (preparing && Some(k.owner) == me).then(|| PlanView {
                        extra_dice: k.plan.dice,
                        extra_covered: k.plan.covered,
                        points_left: k.points_left(),
                        send: k.plan.send,
                    }),
                })
            })
            .collect();
        let ladies = ids()
            .filter_map(|id| {
                let l = self.lady(id).filter(|l| l.dealt())?;
                let card = LADIES.get(usize::from(id))?;
                Some(LadyView {
                    id,
                    name: card.name,
                    owner: Seat(l.owner),
                    traits: card.traits,
                    prizes: l.prizes,
                    knight: some(l.knight),
                    turned_away: l.returned,
                    refused_by: ids().filter(|&k| l.refused_by(k)).collect(),
                })
            })
            .collect();
        let joust = match self.phase {
            Phase::Joust(j) => Some(JoustView {
                attacker: j.knights[0],
                defender: j.knights[1],
                foot: j.foot,
                furious: j.furious,
                duel: j.duel,
                step: j.step,
                need: j.need,
                dice: [j.faces(0).to_vec(), j.faces(1).to_vec()],
            }),
            _ => None,
        };
        let last_round = self.last_round.map(|r| {
            let faces = |side: usize| {
                let n = usize::from(r.rolled[side]).min(r.dice[side].len());
                r.dice[side][..n].to_vec()
            };
            RoundView {
                attacker: r.knights[0],
                defender: r.knights[1],
                foot: r.foot,
                furious: r.furious,
                duel: r.duel,
                dice: [faces(0), faces(1)],
                wounds: r.wounds,
            }
        });
        let finished_days = match self.phase {
            Phase::Over { .. } | Phase::DuelChoice { .. } => self.day,
            Phase::Joust(j) if j.duel => self.day,
            _ => self.day.saturating_sub(1),
        };
        View {
            viewer,
            seats: self.n(),
            day: self.day,
            days: self.config.days,
            ladies_in_play: self.config.ladies,
            wound_penalty: self.config.wound_penalty,
            phase,
            on_move,
            starting_player: rolled.then_some(Seat(self.first_starter)),
            day_starter: rolled.then_some(Seat(self.day_starter())),
            knights,
            ladies,
            joust,
            last_round,
            last_joust: self.last_joust.map(|j| JoustResultView {
                attacker: j.knights[0],
                defender: j.knights[1],
                winner: some(j.winner),
                ending: j.ending,
                duel: j.duel,
            }),
            day_winners: (1..=finished_days).map(|d| self.day_winner_of(d)).collect(),
            scores: seats.iter().map(|s| self.score(s.0)).collect(),
            duel_contenders: match self.phase {
                Phase::DuelChoice { .. } | Phase::Joust(_) | Phase::Over { .. } => {
                    self.duel_pool.iter().collect()
                }
                _ => Vec::new(),
            },
            winners: match self.phase {
                Phase::Over { winners } => Some(winners.iter().collect()),
                _ => None,
            },
        }
    }
}
