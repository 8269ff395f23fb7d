//! What a seat (or a spectator) sees; `render.rs` draws it for the terminal.
//!
//! Ritter is played in the open: cards, wounds, prizes and dice are on the
//! table. The only secrets are a seat's preparation (training and who rides)
//! and its choice of duellist until everyone has committed, so a view shows
//! those only to their own seat.

use crate::combat::{Ending, JoustStep, RoundsFought, of_side};
use crate::content::{KnightId, LadyId, Trait};
use crate::knight::Knight;
use crate::state::{Phase, Ritter};
use serde::Serialize;
use tourney_core::Seat;

/// Everything one seat (or a spectator) may know about the tournament, as
/// the table and clients draw it. Built fresh by `Game::view`; the only
/// secrets it can hold are the viewer's own.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct View {
    /// Whose view this is (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// How many players sit at the table.
    pub seats: u8,
    /// The current day, from 1.
    pub day: u8,
    /// How many days the tournament lasts.
    pub days: u8,
    /// Whether the lady cards take part (the `ladies` option).
    pub ladies_in_play: bool,
    /// Whether wounds cost dice at the start of a day (the extension rule).
    pub wound_penalty: bool,
    /// What the table is doing now.
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
    /// The joust being fought, if one is.
    pub joust: Option<JoustView>,
    /// The most recent round of combat, kept after its joust for the log.
    pub last_round: Option<RoundView>,
    /// How the most recent joust ended.
    pub last_joust: Option<JoustResultView>,
    /// The day winner of each finished day (null: none).
    pub day_winners: Vec<Option<KnightId>>,
    /// Each seat's prizes: its knights' plus its ladies'.
    pub scores: Vec<u32>,
    /// Seats still tied for the lead while decisive duels are fought.
    pub duel_contenders: Vec<Seat>,
    /// Set when the game is over.
    pub winners: Option<Vec<Seat>>,
}

/// The phase of the tournament as a viewer sees it, with the little each
/// phase needs beyond the rest of the view. In JSON, tagged by `name`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(tag = "name", rename_all = "snake_case")]
pub enum PhaseView {
    /// The cards are still being dealt.
    Deal,
    /// The dice rolled so far for the starting player (null: not rolled or
    /// not in the roll-off).
    StartRoll {
        /// One entry per seat, in seat order.
        rolls: Vec<Option<u8>>,
    },
    /// Seats that are done preparing (their choices stay secret until all are).
    Prepare {
        /// Of the seats that prepare, those finished.
        prepared: Vec<Seat>,
    },
    /// The ladies' favours are being placed.
    Favours {
        /// The seat placing one now.
        turn: Seat,
    },
    /// `knight`'s owner chooses between the lady he wears and `newcomer`.
    FavourTie {
        /// The knight both ladies want.
        knight: KnightId,
        /// The lady he wears (null only in a damaged state).
        wearing: Option<LadyId>,
        /// The lady just offered, as well matched as `wearing`.
        newcomer: LadyId,
    },
    /// The day's jousts: seats challenge in turn.
    Challenge {
        /// The seat that challenges next.
        turn: Seat,
    },
    /// A joust is under way; the view's `joust` tells its state.
    Joust,
    /// Knights of one seat tie for the day's most prizes.
    DayWinner {
        /// The seat that names the day winner.
        owner: Seat,
        /// Its tied knights.
        candidates: Vec<KnightId>,
    },
    /// The duellists' seats; `chosen` says who has chosen, `mine` is the
    /// viewer's own choice.
    DuelChoice {
        /// The two seats about to duel, the attacker's first.
        pair: Vec<Seat>,
        /// For each of them, whether it has chosen its knight.
        chosen: Vec<bool>,
        /// The knight the viewer chose, if the viewer is one of the pair.
        mine: Option<KnightId>,
    },
    /// The tournament is decided; the view's `winners` say who won.
    Over,
}

/// Where a knight stands today, as shown on his card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KnightStatus {
    /// The riders of the coming day are not chosen yet: he may still be
    /// sent. "Resting" before the choice read as a choice already made.
    Unchosen,
    /// His owner chose not to send him today.
    Resting,
    /// Riding today and not beaten: he may challenge and be challenged.
    Ready,
    /// Lost a joust today.
    Beaten,
    /// The last day is over: no more day's jousts, only a decisive duel
    /// if his owner is tied for the lead and picks him.
    DaysOver,
    /// Ten wounds: out of the tournament.
    Out,
}

/// One dealt knight as the viewer sees his card.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct KnightView {
    /// Which card he is.
    pub id: KnightId,
    /// His printed name, as built in (a client draws the components'
    /// `name` for his `id`).
    pub name: &'static str,
    /// The seat that holds him.
    pub owner: Seat,
    /// Combat dice per round, training included (before any penalty).
    pub dice: u8,
    /// Covered hit fields per number, fields 1 to 6.
    pub covered: [u8; 6],
    /// Wounds taken; ten put him out of the tournament.
    pub wounds: u8,
    /// Prizes won in the whole tournament so far.
    pub prizes: u16,
    /// Prizes won today, which decide the day winner.
    pub day_prizes: u8,
    /// Training points for the coming preparation.
    pub training: u8,
    /// Dice lost today to the wound-penalty option.
    pub penalty: u8,
    /// Whether he rides, lost or is out.
    pub status: KnightStatus,
    /// The lady whose favour he wears today.
    pub favour: Option<LadyId>,
    /// His three preferred lady traits, most important first.
    pub prefers: [Trait; 3],
    /// The viewer's own secret preparation for this knight.
    pub plan: Option<PlanView>,
}

/// A knight's preparation that is not revealed yet: only his owner's view
/// holds it, while the seats prepare.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PlanView {
    /// Combat dice the planned training adds.
    pub extra_dice: u8,
    /// Hit fields the planned training covers, per number 1 to 6.
    pub extra_covered: [u8; 6],
    /// Training points not yet spent.
    pub points_left: u8,
    /// Whether he is to ride in the coming day.
    pub send: bool,
}

/// One dealt lady as the viewer sees her card.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LadyView {
    /// Which card she is.
    pub id: LadyId,
    /// Her printed name, as built in (a client draws the components'
    /// `name` for her `id`).
    pub name: &'static str,
    /// The seat that holds her and scores her prizes.
    pub owner: Seat,
    /// Her hair, build, temperament and height.
    pub traits: [Trait; 4],
    /// Her prizes so far, which count for her owner.
    pub prizes: u16,
    /// The knight wearing her favour today.
    pub knight: Option<KnightId>,
    /// Turned away today and to be offered again first.
    pub turned_away: bool,
    /// Knights who turned her away today.
    pub refused_by: Vec<KnightId>,
}

/// The joust in progress, attacker first in every pair.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct JoustView {
    /// The challenging knight.
    pub attacker: KnightId,
    /// The challenged knight.
    pub defender: KnightId,
    /// Fought on foot (4–6 hit) rather than mounted (1–3 hit).
    pub foot: bool,
    /// This mounted round is furious: one extra die each.
    pub furious: bool,
    /// A decisive duel: nobody yields, nobody wins prizes.
    pub duel: bool,
    /// What the joust waits for: dice, or a knight's choice to go on.
    pub step: JoustStep,
    /// Dice each side rolls this round.
    pub need: [u8; 2],
    /// Faces rolled so far this round, attacker first.
    pub dice: [Vec<u8>; 2],
}

/// The most recent round of combat, attacker first in every pair.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RoundView {
    /// The attacking knight.
    pub attacker: KnightId,
    /// The defending knight.
    pub defender: KnightId,
    /// It was fought on foot.
    pub foot: bool,
    /// It was a furious mounted round.
    pub furious: bool,
    /// It belonged to a decisive duel.
    pub duel: bool,
    /// The faces each side rolled.
    pub dice: [Vec<u8>; 2],
    /// Wounds the attacker and the defender took.
    pub wounds: [u8; 2],
}

/// How the most recent joust ended.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct JoustResultView {
    /// The attacking knight.
    pub attacker: KnightId,
    /// The defending knight.
    pub defender: KnightId,
    /// Who won (null: a double knock-out or a stalemate).
    pub winner: Option<KnightId>,
    /// Why it ended.
    pub ending: Ending,
    /// It was a decisive duel.
    pub duel: bool,
    /// The wounds the attacker and the defender had when it ended (the
    /// knight cards show today's, after any night's healing).
    pub wounds: [u8; 2],
    /// Its rounds, oldest first: all of them, or in a joust of more than
    /// twelve rounds the last twelve (`rounds_fought` counts them all).
    pub rounds: Vec<RoundBriefView>,
    /// How many rounds the joust lasted.
    pub rounds_fought: u8,
}

/// One round of a finished joust: what each knight took, attacker first.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RoundBriefView {
    /// Its number in the joust, from 1.
    pub number: u8,
    /// It was fought on foot.
    pub foot: bool,
    /// It was a furious mounted round.
    pub furious: bool,
    /// Hits each knight took, warded off or not.
    pub hits: [u8; 2],
    /// Wounds each knight took: the hits his covered fields did not ward off.
    pub wounds: [u8; 2],
}

/// A joust's rounds as the view lists them, numbered.
fn round_briefs(rounds: &RoundsFought) -> Vec<RoundBriefView> {
    let (first, kept) = rounds.kept();
    (0u8..)
        .zip(kept)
        .map(|(i, r)| RoundBriefView {
            number: first.saturating_add(i),
            foot: r.foot,
            furious: r.furious,
            hits: r.hits,
            wounds: r.wounds,
        })
        .collect()
}

impl Ritter {
    /// Where `k` stands today. `sent` is only the day's choice between the
    /// reveal and the day's end: before it (and after the last day) every
    /// knight has it unset, which is no choice to rest.
    fn status_of(&self, k: &Knight) -> KnightStatus {
        let outside_a_day = match self.phase {
            Phase::Deal | Phase::StartRoll { .. } | Phase::Prepare => Some(KnightStatus::Unchosen),
            Phase::DuelChoice { .. } | Phase::Over { .. } => Some(KnightStatus::DaysOver),
            Phase::Joust(j) if j.duel => Some(KnightStatus::DaysOver),
            _ => None,
        };
        if k.out {
            KnightStatus::Out
        } else if let Some(status) = outside_a_day {
            status
        } else if k.ready() {
            KnightStatus::Ready
        } else if k.sent && k.beaten {
            KnightStatus::Beaten
        } else {
            KnightStatus::Resting
        }
    }

    pub(crate) fn make_view(&self, viewer: Option<Seat>) -> View {
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
            Phase::Favours { turn } => PhaseView::Favours { turn },
            Phase::FavourTie {
                knight, newcomer, ..
            } => PhaseView::FavourTie {
                knight,
                wearing: self.knight(knight).and_then(|k| k.favour.some()),
                newcomer,
            },
            Phase::Challenge { turn } => PhaseView::Challenge { turn },
            Phase::Joust(_) => PhaseView::Joust,
            Phase::DayWinner { owner, candidates } => PhaseView::DayWinner {
                owner,
                candidates: candidates.iter().collect(),
            },
            Phase::DuelChoice { pair, chosen } => PhaseView::DuelChoice {
                pair: pair.to_vec(),
                chosen: chosen.iter().map(|&c| c != KnightId::NONE).collect(),
                mine: pair
                    .iter()
                    .zip(chosen)
                    .find(|(s, _)| Some(**s) == viewer)
                    .and_then(|(_, c)| c.some()),
            },
            Phase::Over { .. } => PhaseView::Over,
        };
        let preparing = matches!(self.phase, Phase::Prepare);
        let knights = KnightId::all()
            .filter_map(|id| {
                let k = self.knight(id).filter(|k| k.dealt())?;
                let card = id.card()?;
                let status = self.status_of(k);
                Some(KnightView {
                    id,
                    name: card.name,
                    owner: k.owner,
                    dice: k.dice,
                    covered: k.covered,
                    wounds: k.wounds,
                    prizes: k.prizes,
                    day_prizes: k.day_prizes,
                    training: k.training,
                    penalty: k.penalty,
                    status,
                    favour: k.favour.some(),
                    prefers: card.prefers,
                    plan: (preparing && Some(k.owner) == viewer).then(|| PlanView {
                        extra_dice: k.plan.dice,
                        extra_covered: k.plan.covered,
                        points_left: k.points_left(),
                        send: k.plan.send,
                    }),
                })
            })
            .collect();
        let ladies = LadyId::all()
            .filter_map(|id| {
                let l = self.lady(id).filter(|l| l.dealt())?;
                let card = id.card()?;
                Some(LadyView {
                    id,
                    name: card.name,
                    owner: l.owner,
                    traits: card.traits,
                    prizes: l.prizes,
                    knight: l.knight.some(),
                    turned_away: l.returned,
                    refused_by: KnightId::all().filter(|&k| l.refused_by(k)).collect(),
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
                let dice = of_side(&r.dice, side);
                let n = usize::from(*of_side(&r.rolled, side)).min(dice.len());
                dice.get(..n).unwrap_or_default().to_vec()
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
            starting_player: rolled.then_some(self.first_starter),
            day_starter: rolled.then_some(self.day_starter()),
            knights,
            ladies,
            joust,
            last_round,
            last_joust: self.last_joust.map(|j| JoustResultView {
                attacker: j.knights[0],
                defender: j.knights[1],
                winner: j.winner.some(),
                ending: j.ending,
                duel: j.duel,
                wounds: j.wounds,
                rounds: round_briefs(&j.rounds),
                rounds_fought: j.rounds.count,
            }),
            day_winners: (1..=finished_days).map(|d| self.day_winner_of(d)).collect(),
            scores: seats.iter().map(|&s| self.score(s)).collect(),
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
