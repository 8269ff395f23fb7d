//! Who sits at a server table: people who join with a display name and
//! hold a token, and bots that move by themselves.

use crate::clock::ClockPlan;
use crate::error::{ApiError, ApiResult};
use crate::protocol::{SeatInfo, SeatSpec};
use serde::{Deserialize, Serialize};
use tourney_bots::BotSpec;
use tourney_core::{DiceSeed, Seat};
use tourney_store::SeatRow;
use tourney_table::{DynBot, GameKit};

/// A seat as stored: a person's seat, or a bot by its canonical spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum StoredSeat {
    Person,
    Bot { bot: String },
}

/// What the `seats` column of a table holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPlan {
    pub seats: Vec<StoredSeat>,
    #[serde(default)]
    pub private: bool,
    /// The table's turn clock, if it has one. Left out of the JSON when
    /// absent, so tables made before clocks read and write as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockPlan>,
}

impl SeatPlan {
    /// Checks the seats a creator asked for; bots by level or spec.
    pub fn from_request(
        specs: &[SeatSpec],
        private: bool,
        clock: Option<ClockPlan>,
    ) -> ApiResult<SeatPlan> {
        if let Some(clock) = &clock {
            clock
                .check()
                .map_err(|e| ApiError::unprocessable("bad_clock", e))?;
        }
        let seats = specs
            .iter()
            .enumerate()
            .map(|(i, spec)| match spec {
                SeatSpec::Person { name } => {
                    if let Some(name) = name {
                        check_name(name)?;
                    }
                    Ok(StoredSeat::Person)
                }
                SeatSpec::Bot { bot } => tourney_table::seats::parse_bot(bot)
                    .map_err(|e| e.to_string())
                    .and_then(fair_and_bounded)
                    .map(|spec| StoredSeat::Bot {
                        bot: spec.to_string(),
                    })
                    .map_err(|e| ApiError::unprocessable("bad_seats", format!("seat {i}: {e}"))),
            })
            .collect::<ApiResult<Vec<_>>>()?;
        Ok(SeatPlan {
            seats,
            private,
            clock,
        })
    }
}

/// The most iterations a server bot may search per move: a little more
/// than the `hard` level, so nobody can make the server think for minutes.
pub const MOST_BOT_ITERATIONS: u32 = 20_000;
/// The longest thinking time a server bot may ask for per move.
pub const MOST_BOT_TIME: std::time::Duration = std::time::Duration::from_secs(5);

/// Bots open to anyone on the net: no cheating search (it reads hidden
/// cards, which is for measuring luck offline), and a bounded budget.
fn fair_and_bounded(spec: BotSpec) -> Result<BotSpec, String> {
    use tourney_bots::Budget;
    match &spec {
        BotSpec::Ismcts(config) if config.sees_all => {
            Err("`sees-all` reads hidden cards; it is not offered at a table".to_string())
        }
        BotSpec::Ismcts(config) => match config.budget {
            Budget::Iterations(n) if n > MOST_BOT_ITERATIONS => Err(format!(
                "at most {MOST_BOT_ITERATIONS} iterations per move here"
            )),
            Budget::Time(t) if t > MOST_BOT_TIME => Err(format!(
                "at most {} seconds per move here",
                MOST_BOT_TIME.as_secs()
            )),
            _ => Ok(spec),
        },
        _ => Ok(spec),
    }
}

/// The bot that plays for an away person: quick, and sound enough that
/// the others' game is not spoilt (`greedy`, the `easy` level).
pub const STAND_IN: &str = "greedy";

/// One seat at a live table.
#[derive(Debug, Clone, PartialEq)]
struct Place {
    stored: StoredSeat,
    name: Option<String>,
    token_hash: Option<String>,
    invite_hash: Option<String>,
    /// The hash of the idempotency key the seat was joined with.
    join_key_hash: Option<String>,
    /// When the seat was taken (Unix ms).
    joined_at: Option<i64>,
    /// A stand-in bot plays for the seat's person, who is away.
    away: bool,
}

/// The seats of a live table.
#[derive(Debug, Clone, PartialEq)]
pub struct Seating {
    places: Vec<Place>,
    private: bool,
    clock: Option<ClockPlan>,
}

/// A display name: 1 to 40 characters, no control characters, trimmed.
pub fn check_name(name: &str) -> ApiResult<String> {
    let name = name.trim();
    let length = name.chars().count();
    if length == 0 || length > 40 {
        return Err(ApiError::unprocessable(
            "bad_name",
            "a display name is 1 to 40 characters",
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(
            "bad_name",
            "a display name cannot hold control characters",
        ));
    }
    Ok(name.to_string())
}

impl Seating {
    pub fn from_stored(plan_json: &str, rows: Vec<SeatRow>) -> Result<Seating, String> {
        let plan: SeatPlan = serde_json::from_str(plan_json).map_err(|e| format!("seats: {e}"))?;
        let mut places: Vec<Place> = plan
            .seats
            .into_iter()
            .map(|stored| Place {
                stored,
                name: None,
                token_hash: None,
                invite_hash: None,
                join_key_hash: None,
                joined_at: None,
                away: false,
            })
            .collect();
        for row in rows {
            let place = places
                .get_mut(row.seat as usize)
                .ok_or_else(|| format!("a seat row for seat {} of {}", row.seat, plan_json))?;
            place.name = row.name;
            place.token_hash = row.token_hash;
            place.invite_hash = row.invite_hash;
            place.join_key_hash = row.join_key_hash;
            place.joined_at = row.joined_at;
            place.away = row.away;
        }
        Ok(Seating {
            places,
            private: plan.private,
            clock: plan.clock,
        })
    }

    pub fn plan(&self) -> SeatPlan {
        SeatPlan {
            seats: self.places.iter().map(|p| p.stored.clone()).collect(),
            private: self.private,
            clock: self.clock,
        }
    }

    pub fn clock(&self) -> Option<ClockPlan> {
        self.clock
    }

    /// When the last seat was taken (Unix ms), if any was: the moment a
    /// game whose seats were not all taken at creation began.
    pub fn last_joined(&self) -> Option<i64> {
        self.places.iter().filter_map(|p| p.joined_at).max()
    }

    /// Whether a stand-in bot plays for the seat's person now.
    pub fn is_away(&self, seat: Seat) -> bool {
        self.places.get(seat.index()).is_some_and(|p| p.away)
    }

    pub fn set_away(&mut self, seat: Seat, away: bool) {
        if let Some(place) = self.places.get_mut(seat.index()) {
            place.away = away;
        }
    }

    /// Whether a bot moves for the seat: its own, or a stand-in.
    pub fn is_played_by_bot(&self, seat: Seat) -> bool {
        self.is_bot(seat) || self.is_away(seat)
    }

    pub fn count(&self) -> usize {
        self.places.len()
    }

    pub fn is_bot(&self, seat: Seat) -> bool {
        matches!(
            self.places.get(seat.index()).map(|p| &p.stored),
            Some(StoredSeat::Bot { .. })
        )
    }

    /// Every person's seat is taken.
    pub fn is_full(&self) -> bool {
        self.places
            .iter()
            .all(|p| p.token_hash.is_some() || matches!(p.stored, StoredSeat::Bot { .. }))
    }

    /// The names a record gives the seats: display names and bot specs.
    pub fn names(&self) -> Vec<String> {
        self.places
            .iter()
            .enumerate()
            .map(|(i, p)| match (&p.stored, &p.name) {
                (StoredSeat::Bot { bot }, _) => bot.clone(),
                (StoredSeat::Person, Some(name)) => name.clone(),
                (StoredSeat::Person, None) => format!("seat {}", i + 1),
            })
            .collect()
    }

    /// The names a person reads: display names, and bots by their level
    /// ("Bot (medium)"), never an engine spec.
    /// Names two seats share are told apart by the seat (see
    /// [`tourney_table::seats::told_apart`]).
    pub fn display_names(&self) -> Vec<String> {
        let names: Vec<String> = self
            .places
            .iter()
            .zip(self.names())
            .map(|(p, name)| match &p.stored {
                StoredSeat::Bot { bot } => tourney_table::seats::bot_name(bot),
                StoredSeat::Person => name,
            })
            .collect();
        tourney_table::seats::told_apart(names)
    }

    /// How the log names a seat: the person's name or the bot's level, as
    /// everywhere a person reads ("Alice", "Bot (easy)").
    pub fn who(&self, seat: Seat) -> String {
        let mut names = self.display_names();
        if seat.index() < names.len() {
            names.swap_remove(seat.index())
        } else {
            seat.to_string()
        }
    }

    pub fn infos(&self) -> Vec<SeatInfo> {
        let names = self.display_names();
        self.places
            .iter()
            .zip(names)
            .enumerate()
            .map(|(i, (p, name))| {
                let bot = matches!(p.stored, StoredSeat::Bot { .. });
                let taken = bot || p.token_hash.is_some();
                SeatInfo {
                    seat: i as u8,
                    kind: if bot { "bot" } else { "person" },
                    name: taken.then_some(name),
                    bot: match &p.stored {
                        StoredSeat::Bot { bot } => Some(bot.clone()),
                        StoredSeat::Person => None,
                    },
                    taken,
                    away: p.away,
                }
            })
            .collect()
    }

    pub fn seat_of_token(&self, hash: &str) -> Option<Seat> {
        self.places
            .iter()
            .position(|p| {
                p.token_hash
                    .as_deref()
                    .is_some_and(|h| crate::auth::same_hash(h, hash))
            })
            .map(Seat::new)
    }

    /// The seat a join asks for, if the joiner may have it.
    pub fn choose_seat(&self, wanted: Option<u8>, invite: Option<&str>) -> ApiResult<Seat> {
        let open = |p: &Place| matches!(p.stored, StoredSeat::Person) && p.token_hash.is_none();
        let index = match wanted {
            Some(seat) => {
                let place = self.places.get(usize::from(seat)).ok_or_else(|| {
                    ApiError::unprocessable(
                        "bad_seat",
                        format!("the table has seats 0 to {}", self.places.len() - 1),
                    )
                })?;
                if !open(place) {
                    return Err(ApiError::conflict(
                        "seat_taken",
                        format!("{} is not open", Seat(seat)),
                    ));
                }
                usize::from(seat)
            }
            None => self.places.iter().position(open).ok_or_else(|| {
                ApiError::conflict("seat_taken", "every seat at this table is taken")
            })?,
        };
        let place = &self.places[index];
        let invited = match (invite, &place.invite_hash) {
            (Some(invite), Some(hash)) => crate::auth::same_hash(&crate::auth::hash(invite), hash),
            _ => false,
        };
        if invite.is_some() && !invited {
            return Err(ApiError::forbidden(format!(
                "this invite is not for {}",
                Seat::new(index)
            )));
        }
        if self.private && !invited {
            return Err(ApiError::forbidden(
                "this table is private: join it with the invite you were sent",
            ));
        }
        Ok(Seat::new(index))
    }

    /// The seat is taken: by whom, the hash of their token, and of the
    /// join's idempotency key if it had one.
    pub fn claim(
        &mut self,
        seat: Seat,
        name: String,
        token_hash: String,
        join_key_hash: Option<String>,
        joined_at: i64,
    ) {
        if let Some(place) = self.places.get_mut(seat.index()) {
            place.name = Some(name);
            place.token_hash = Some(token_hash);
            place.join_key_hash = join_key_hash;
            place.joined_at = Some(joined_at);
        }
    }

    /// The seat already joined with this idempotency key, if any: a join
    /// repeated because its answer was lost. At a private table the repeat
    /// must bring the seat's invite too, as the first join did.
    pub fn joined_with(&self, key_hash: &str, invite: Option<&str>) -> ApiResult<Option<Seat>> {
        let Some(index) = self.places.iter().position(|p| {
            p.join_key_hash
                .as_deref()
                .is_some_and(|h| crate::auth::same_hash(h, key_hash))
        }) else {
            return Ok(None);
        };
        let invited = match (invite, &self.places[index].invite_hash) {
            (Some(invite), Some(hash)) => crate::auth::same_hash(&crate::auth::hash(invite), hash),
            _ => false,
        };
        if self.private && !invited {
            return Err(ApiError::forbidden(format!(
                "this join key took {}; repeat the join with that seat's invite",
                Seat::new(index)
            )));
        }
        Ok(Some(Seat::new(index)))
    }

    /// The seat's holder has a new token (a repeated join).
    pub fn reissue(&mut self, seat: Seat, token_hash: String) {
        if let Some(place) = self.places.get_mut(seat.index()) {
            place.token_hash = Some(token_hash);
        }
    }

    /// The bot that plays for an away person at `seat`, seeded as a seat's
    /// own bot is (from the table's dice seed and the seat).
    pub fn stand_in(&self, seat: Seat, kit: &GameKit, dice: &DiceSeed) -> Option<Box<dyn DynBot>> {
        let spec = BotSpec::parse(STAND_IN).ok()?;
        let seed = dice.rng(u64::MAX - 64 - seat.index() as u64).next_u64();
        Some((kit.new_bot)(&spec, seed))
    }

    /// The bots, each seeded from the table's dice seed and its seat, so a
    /// reloaded table's bots start as the first ones did.
    pub fn build_bots(&self, kit: &GameKit, dice: &DiceSeed) -> Vec<Option<Box<dyn DynBot>>> {
        self.places
            .iter()
            .enumerate()
            .map(|(i, p)| match &p.stored {
                StoredSeat::Bot { bot } => BotSpec::parse(bot).ok().map(|spec| {
                    let seed = dice.rng(u64::MAX - i as u64).next_u64();
                    (kit.new_bot)(&spec, seed)
                }),
                StoredSeat::Person => None,
            })
            .collect()
    }
}
