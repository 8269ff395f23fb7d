//! Setting up an event: every player with a full hand of knights and no
//! points; the first chance step then chooses the starting player.

use crate::config::Config;
use crate::knight::Player;
use crate::state::{CardJoust, Duel, MAX_PLAYERS, Phase, Side};
use tourney_core::{Seat, SeatSet};

impl CardJoust {
    pub(crate) fn setup(config: Config, seats: usize) -> CardJoust {
        CardJoust {
            config,
            seats: seats.min(MAX_PLAYERS) as u8,
            phase: Phase::StartingPlayer,
            turn: Seat(0),
            passes: 0,
            players: [Player::new(); MAX_PLAYERS],
            duel: Duel {
                sides: [Side::new(Seat(0)), Side::new(Seat(1))],
                cursor: 0,
                reroll: 0,
            },
            last_pass: None,
            winners: SeatSet::EMPTY,
        }
    }
}
