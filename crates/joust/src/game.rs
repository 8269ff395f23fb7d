//! `tourney_core::Game` for Card Joust, and the words menus use.

use crate::actions::{Action, Chance, KnightChoice};
use crate::chance::Pending;
use crate::config::Config;
use crate::content::{FEATHER, HEAL, MOST_MINOR, RAVEN, SNAKE};
use crate::evaluate::RivalAims;
use crate::events::Event;
use crate::gear::Mount;
use crate::state::{CardJoust, MAX_PLAYERS, Phase};
use crate::view::View;
use tourney_core::{
    Events, Game, GameInfo, GameRng, OptionInfo, RuleError, Seat, SetupError, ToMove, Weight,
};

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "knights_per_player",
        default: "3",
        help: "Knights each player brings to the event (1 to 4).",
    },
    OptionInfo {
        key: "target_points",
        default: "21",
        help: "Points that win, counted at the end of a pass in which the player's knight stayed on its horse.",
    },
    OptionInfo {
        key: "points_threshold",
        default: "none",
        help: "When all players' points together reach this, the event stops and the highest-scoring player still in it wins.",
    },
    OptionInfo {
        key: "scoring",
        default: "{ head = 4, body = 3, arm = 2, shield = 1 }",
        help: "Points a hit scores, by the slot aimed at.",
    },
    OptionInfo {
        key: "fourth_minor_becomes_major",
        default: "true",
        help: "A minor injury to a knight with three minor-injury dice counts as a major one; false ignores it.",
    },
];

fn seat_name(seat: Seat) -> String {
    format!("Seat {}", seat.index() + 1)
}

impl Game for CardJoust {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const INFO: GameInfo = GameInfo {
        name: "joust",
        title: "Card Joust",
        rules_version: "2",
        min_seats: 2,
        max_seats: MAX_PLAYERS,
        options: OPTIONS,
    };

    fn new(config: &Config, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        config.validate()?;
        Ok(CardJoust::start(*config, seats))
    }

    fn seats(&self) -> usize {
        self.seat_count()
    }

    fn to_move(&self) -> ToMove {
        self.on_move()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.list_actions(seat, out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Weight)>) {
        self.list_outcomes(out);
    }

    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.act(seat, action, events)
    }

    fn apply_chance_with_events(
        &mut self,
        outcome: &Chance,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RuleError> {
        self.chance(outcome, events)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.make_view(seat)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        self.determinized(seat, rng)
    }

    /// Points towards the target, knights left and their injuries, the gift,
    /// and the pass in progress as far as the seat can see it (`evaluate.rs`).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.evaluation(seat, RivalAims::Even)
    }

    /// The evaluation with each rival's unrevealed aim weighted by the aims
    /// it has turned up so far, as [`Game::habit`] predicts it.
    fn evaluate_with_habits(&self, seat: Seat) -> f64 {
        self.evaluation(seat, RivalAims::Habits)
    }

    fn describe_action(&self, seat: Seat, action: &Action) -> String {
        match *action {
            Action::Challenge(target) => format!("Challenge seat {}", target.index() + 1),
            Action::Knight(KnightChoice::Keep) => match self.knight(seat) {
                Some(k) => {
                    let minor = dice_count(k.minor, "minor injury");
                    let major = dice_count(k.major, "major injury");
                    let hurt = match (k.minor, k.major) {
                        (0, 0) => "unhurt".to_string(),
                        (_, 0) => minor,
                        (0, _) => major,
                        _ => format!("{minor}, {major}"),
                    };
                    format!("Keep knight {} in the lists ({hurt})", k.number)
                }
                None => "Keep your knight in the lists".to_string(),
            },
            Action::Knight(KnightChoice::Replace) => {
                let sent = self.player(seat).map_or(0, |p| p.sent);
                format!(
                    "Withdraw knight {sent} for good and send knight {}",
                    u16::from(sent) + 1
                )
            }
            Action::Place(p) => format!("Put the {} on the {}", p.card, p.slot),
            Action::Aim(slot) => format!("Aim at the {slot}"),
            Action::Gear(g) => {
                let mount = match g.mount {
                    Mount::Ground => "Ground mount",
                    Mount::Flying => "Flying mount",
                };
                format!("{mount}, {}", g.lance)
            }
            Action::Push(mask) => {
                let faces = self
                    .side_of(seat)
                    .and_then(|k| self.side(k))
                    .map_or([0; 3], |s| s.d12);
                let dice: Vec<String> = mask
                    .numbers()
                    .map(|n| {
                        let face = faces.get(usize::from(n) - 1).copied().unwrap_or(0);
                        format!("#{n} (showing {face})")
                    })
                    .collect();
                let cost = match self.knight(seat) {
                    Some(k) if k.minor >= MOST_MINOR && self.config.fourth_minor_becomes_major => {
                        "take a major injury: a fourth minor one"
                    }
                    Some(k) if k.minor >= MOST_MINOR => {
                        "no injury: the knight already has three minor ones"
                    }
                    _ => "take a minor injury",
                };
                format!("Push: re-roll d12 {} ({cost})", dice.join(" and "))
            }
            Action::KeepRoll => "Keep the roll".to_string(),
        }
    }

    /// An unrevealed aim is predicted by the aims the player has turned up
    /// so far ([`crate::Player::aim_weight`]); no other choice has a record.
    fn habit(&self, seat: Seat, action: &Action) -> Option<Weight> {
        match action {
            Action::Aim(slot) if self.phase == Phase::Aim => {
                self.player(seat).map(|p| p.aim_weight(*slot))
            }
            _ => None,
        }
    }

    /// Challenges and push decisions are made in the open; keep-or-replace,
    /// aims and gear are face-down until both duelists chose, and then the
    /// views show them. Each card placed stays face down (the views show only
    /// that a slot is taken) until an aim turns it up.
    fn action_is_open(&self, _seat: Seat, action: &Action) -> bool {
        matches!(
            action,
            Action::Challenge(_) | Action::Push(_) | Action::KeepRoll
        )
    }

    /// Dice are rolled in the open; a drawn card is seen only by its drawer.
    fn chance_is_open(&self) -> bool {
        !matches!(self.pending(), Pending::Card(_))
    }

    fn describe_chance_step(&self) -> String {
        let k = usize::from(self.duel.cursor);
        let side = self.side(k);
        let who = side.map_or_else(|| "Nobody".to_string(), |s| seat_name(s.seat));
        match (self.phase, self.pending()) {
            (_, Pending::StartingSeat) => "Choose the starting player".to_string(),
            (_, Pending::Card(seat)) => {
                let n = u16::from(side.map_or(0, |s| s.hand_len)) + 1;
                format!("{} draws a number card ({n} of 5)", seat_name(seat))
            }
            (Phase::Roll, Pending::D12) => {
                let (i, n) = side.map_or((0, 0), |s| (s.d12_rolled, s.d12_count));
                let gift = if n > crate::content::JOUSTING_DICE {
                    ", with the princesses' gift"
                } else {
                    ""
                };
                format!(
                    "{who} rolls jousting d12 #{} of {n}{gift}",
                    u16::from(i) + 1
                )
            }
            (Phase::Roll, Pending::D6) => {
                let minor = side.is_some_and(|s| s.injury_rolled < s.minor_dice);
                format!(
                    "{who} rolls a {}-injury d6",
                    if minor { "minor" } else { "major" }
                )
            }
            (Phase::Reroll, _) => {
                let die = self.duel.reroll.trailing_zeros() + 1;
                format!("{who} re-rolls pushed jousting d12 #{die}")
            }
            (Phase::Bonus, _) => {
                format!("{who} rolls the lance of war's bonus d12 against the shield")
            }
            (Phase::InjuryRoll, _) => {
                let i = u16::from(side.map_or(0, |s| s.injury_roll_die)) + 1;
                let n = side
                    .and_then(|s| self.knight(s.seat))
                    .map_or(0, |kn| kn.pool());
                format!(
                    "{who} rolls injury d6 {i} of {n} for a major injury (a snake ends the knight's event)"
                )
            }
            _ => "Nothing to roll or draw".to_string(),
        }
    }

    fn describe_chance(&self, outcome: &Chance) -> String {
        match *outcome {
            Chance::Seat(s) => s.to_string(),
            Chance::Card(r) => format!("card {r}"),
            Chance::D12(f) if f == RAVEN => format!("{f} (raven)"),
            Chance::D12(f) if f == FEATHER => format!("{f} (feather)"),
            Chance::D12(f) => f.to_string(),
            Chance::D6(f) if f == SNAKE => format!("{f} (snake)"),
            Chance::D6(f) if f == HEAL && self.phase == Phase::Roll => {
                format!("{f} (heal, if a minor-injury die)")
            }
            Chance::D6(f) => f.to_string(),
        }
    }
}

/// "1 minor injury die", "2 minor injury dice".
fn dice_count(n: u8, kind: &str) -> String {
    format!("{n} {kind} {}", if n == 1 { "die" } else { "dice" })
}
