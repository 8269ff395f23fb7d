//! What seats decide and what the dice and cards show, as JSON-friendly types.
//! Knights and ladies are named by card id (their index in the data file).

use crate::content::{KnightId, LadyId};
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

/// A decision a seat makes at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Spend one of a knight's training points (secret until every seat
    /// has prepared).
    Train {
        /// One of the seat's own knights still in the tournament.
        knight: KnightId,
        /// What the point goes to.
        gain: Gain,
    },
    /// Which of the seat's knights take part in the coming day (secret until
    /// every seat has prepared). Ends the seat's preparation.
    Send {
        /// The riders; the seat's other knights rest (an empty set sends
        /// nobody).
        knights: KnightSet,
    },
    /// Place a lady's favour on a ready knight.
    Offer {
        /// One of the seat's own ladies whose favour is not given yet.
        lady: LadyId,
        /// Any ready knight, the seat's own or another player's.
        knight: KnightId,
    },
    /// Two equally matched ladies want the seat's knight: the one he wears.
    KeepFavour {
        /// The lady he wears already or the one just offered; the other is
        /// turned away.
        lady: LadyId,
    },
    /// Challenge another player's ready knight with one of the seat's own.
    Challenge {
        /// The seat's own ready knight, who rolls first.
        attacker: KnightId,
        /// A ready knight of another seat, who must accept.
        defender: KnightId,
    },
    /// Give up the foot combat after a round.
    Yield,
    /// Fight another foot round.
    FightOn,
    /// The seat's knights tie for the most prizes of the day: which one is
    /// the day winner.
    DayWinner {
        /// One of the tied knights.
        knight: KnightId,
    },
    /// The knight who fights the decisive duel for the seat (secret until
    /// both duellists have chosen).
    Champion {
        /// One of the seat's knights still in the tournament.
        knight: KnightId,
    },
}

/// What one training point buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Gain {
    /// One more combat die.
    Die,
    /// Cover one more hit field with this number: 1–3 mounted, 4–6 foot.
    Cover(u8),
}

/// What a chance step showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Chance {
    /// The knight card dealt (its id).
    Knight(KnightId),
    /// The lady card dealt (her id).
    Lady(LadyId),
    /// A d6 face, 1 to 6.
    Die(u8),
}

/// A set of knight ids as a bit mask, written in JSON as a list of ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KnightSet(pub u16);

impl KnightSet {
    /// No knight at all: sending nobody, or no day leader.
    pub const EMPTY: KnightSet = KnightSet(0);

    /// Whether `id` is in the set (never, for an id past the mask).
    pub fn contains(self, id: KnightId) -> bool {
        self.0 & id.bit() != 0
    }

    /// The set with `id` added; an id past the mask leaves it unchanged.
    pub fn with(self, id: KnightId) -> KnightSet {
        KnightSet(self.0 | id.bit())
    }

    /// Whether the set holds no knight.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many knights the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The knights in the set, lowest id first (the order the JSON lists
    /// them in).
    pub fn iter(self) -> impl Iterator<Item = KnightId> {
        (0..16u8).map(KnightId).filter(move |&id| self.contains(id))
    }
}

impl FromIterator<KnightId> for KnightSet {
    fn from_iter<I: IntoIterator<Item = KnightId>>(iter: I) -> Self {
        iter.into_iter().fold(KnightSet::EMPTY, KnightSet::with)
    }
}

// Written as the list of ids it holds.
tourney_core::schema_as!(KnightSet, Vec<KnightId>);

impl Serialize for KnightSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for KnightSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ids = Vec::<KnightId>::deserialize(d)?;
        let mut set = KnightSet::EMPTY;
        for id in ids {
            if id.0 >= 16 || set.contains(id) {
                return Err(D::Error::custom(format!(
                    "knight {} is no knight id or is listed twice",
                    id.0
                )));
            }
            set = set.with(id);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_shapes_are_readable() {
        let cases = [
            (
                Action::Train {
                    knight: KnightId(0),
                    gain: Gain::Die,
                },
                json!({"train": {"knight": 0, "gain": "die"}}),
            ),
            (
                Action::Train {
                    knight: KnightId(1),
                    gain: Gain::Cover(4),
                },
                json!({"train": {"knight": 1, "gain": {"cover": 4}}}),
            ),
            (
                Action::Send {
                    knights: [KnightId(0), KnightId(3)].into_iter().collect(),
                },
                json!({"send": {"knights": [0, 3]}}),
            ),
            (
                Action::Offer {
                    lady: LadyId(0),
                    knight: KnightId(0),
                },
                json!({"offer": {"lady": 0, "knight": 0}}),
            ),
            (
                Action::KeepFavour { lady: LadyId(1) },
                json!({"keep_favour": {"lady": 1}}),
            ),
            (
                Action::Challenge {
                    attacker: KnightId(0),
                    defender: KnightId(1),
                },
                json!({"challenge": {"attacker": 0, "defender": 1}}),
            ),
            (Action::Yield, json!("yield")),
            (Action::FightOn, json!("fight_on")),
            (
                Action::DayWinner {
                    knight: KnightId(2),
                },
                json!({"day_winner": {"knight": 2}}),
            ),
            (
                Action::Champion {
                    knight: KnightId(2),
                },
                json!({"champion": {"knight": 2}}),
            ),
        ];
        for (action, shape) in cases {
            assert_eq!(serde_json::to_value(action).unwrap(), shape);
            assert_eq!(serde_json::from_value::<Action>(shape).unwrap(), action);
        }
        assert_eq!(
            serde_json::to_value(Chance::Die(6)).unwrap(),
            json!({"die": 6})
        );
        assert_eq!(
            serde_json::to_value(Chance::Knight(KnightId(3))).unwrap(),
            json!({"knight": 3})
        );
        assert_eq!(
            serde_json::to_value(Chance::Lady(LadyId(9))).unwrap(),
            json!({"lady": 9})
        );
        assert!(serde_json::from_value::<Action>(json!({"send": {"knights": [1, 1]}})).is_err());
        assert!(serde_json::from_value::<Action>(json!({"send": {"knights": [99]}})).is_err());
    }
}
