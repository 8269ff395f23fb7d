//! Menu and log texts in a player's words.

use crate::actions::{Action, Chance, Gain};
use crate::combat::{JoustStep, of_side};
use crate::content::{knight_name, knight_short, lady_name};
use crate::events::seat_cap;
use crate::setup::Card;
use crate::state::{Phase, Ritter};
use tourney_core::{Seat, Series};

pub(crate) fn gain_text(gain: Gain) -> String {
    match gain {
        Gain::Die => "one more combat die".to_string(),
        Gain::Cover(f @ 1..=3) => format!("cover a mounted {f}"),
        Gain::Cover(f) => format!("cover a foot {f}"),
    }
}

impl Ritter {
    /// Menu and log text of an action; every seat reads the same words, so
    /// the seat taking it does not change them.
    pub(crate) fn action_text(&self, _seat: Seat, action: &Action) -> String {
        match *action {
            Action::Train { knight, gain } => {
                format!("Train {}: {}", knight_name(knight), gain_text(gain))
            }
            Action::Send { knights } if knights.is_empty() => {
                "Choose no knight to ride today".to_string()
            }
            Action::Send { knights } => {
                let names: Vec<&str> = knights.iter().map(knight_name).collect();
                format!("Choose {} to ride today", names.join(" and "))
            }
            Action::Offer { lady, knight } => {
                format!(
                    "Offer {}'s favour to {}",
                    lady_name(lady),
                    knight_name(knight)
                )
            }
            Action::KeepFavour { lady } => match self.phase {
                Phase::FavourTie { knight, .. } => {
                    format!("{} wears {}'s favour", knight_name(knight), lady_name(lady))
                }
                _ => format!("Keep {}'s favour", lady_name(lady)),
            },
            Action::Challenge { attacker, defender } => {
                format!(
                    "Challenge {} with {}",
                    knight_name(defender),
                    knight_short(attacker)
                )
            }
            Action::Yield => "Yield".to_string(),
            Action::FightOn => "Fight on".to_string(),
            Action::DayWinner { knight } => format!("Name {} day winner", knight_name(knight)),
            Action::Champion { knight } => {
                format!("Send {} into the decisive duel", knight_name(knight))
            }
        }
    }

    /// Log text of an action, after the mover's name: the menu's facts in
    /// the third person.
    pub(crate) fn done_text(&self, _seat: Seat, action: &Action) -> String {
        match *action {
            Action::Train { knight, gain } => {
                format!("trains {}: {}", knight_name(knight), gain_text(gain))
            }
            Action::Send { knights } if knights.is_empty() => {
                "chooses no knight to ride today".to_string()
            }
            Action::Send { knights } => {
                let names: Vec<&str> = knights.iter().map(knight_name).collect();
                format!("chooses {} to ride today", names.join(" and "))
            }
            Action::Offer { lady, knight } => format!(
                "offers {}'s favour to {}",
                lady_name(lady),
                knight_name(knight)
            ),
            Action::KeepFavour { lady } => match self.phase {
                Phase::FavourTie { knight, .. } => format!(
                    "has {} wear {}'s favour",
                    knight_name(knight),
                    lady_name(lady)
                ),
                _ => format!("keeps {}'s favour", lady_name(lady)),
            },
            Action::Challenge { attacker, defender } => format!(
                "challenges {} with {}",
                knight_name(defender),
                knight_short(attacker)
            ),
            Action::Yield => "yields".to_string(),
            Action::FightOn => "fights on".to_string(),
            Action::DayWinner { knight } => format!("names {} day winner", knight_name(knight)),
            Action::Champion { knight } => {
                format!("sends {} into the decisive duel", knight_name(knight))
            }
        }
    }

    pub(crate) fn chance_step_text(&self) -> String {
        match self.phase {
            Phase::Deal => match self.next_deal() {
                Some((seat, Card::Knight)) => format!("{} is dealt a knight card", seat_cap(seat)),
                Some((seat, Card::Lady)) => format!("{} is dealt a lady card", seat_cap(seat)),
                None => "nothing is dealt".to_string(),
            },
            Phase::StartRoll { contenders, rolls } => match Ritter::next_roller(contenders, &rolls)
            {
                Some(seat) => format!("{} rolls for the starting player", seat_cap(seat)),
                None => "nothing is rolled".to_string(),
            },
            Phase::Joust(j) if j.step == JoustStep::Rolling => match self.chance_series() {
                Some(run) => format!("{} ({} of {})", run.stem, run.index, run.of),
                None => "nothing is rolled".to_string(),
            },
            _ => "nothing is rolled or dealt".to_string(),
        }
    }

    /// A knight's combat dice are a run of like steps; a log shows each run
    /// on one line.
    pub(crate) fn chance_series(&self) -> Option<Series> {
        let Phase::Joust(j) = self.phase else {
            return None;
        };
        let side = j.roller().filter(|_| j.step == JoustStep::Rolling)?;
        let knight = *of_side(&j.knights, side);
        Some(Series {
            stem: format!(
                "{} rolls a combat die for {}",
                seat_cap(self.owner_or_nobody(knight)),
                knight_name(knight)
            ),
            index: u16::from(*of_side(&j.rolled, side)) + 1,
            of: u16::from(*of_side(&j.need, side)),
        })
    }

    pub(crate) fn chance_text(&self, outcome: &Chance) -> String {
        match *outcome {
            Chance::Knight(id) => knight_name(id).to_string(),
            Chance::Lady(id) => lady_name(id).to_string(),
            Chance::Die(face) => face.to_string(),
        }
    }
}
