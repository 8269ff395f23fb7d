//! Every game Tourney knows, by its short name, with the bots built for it.
//!
//! Bots are generic over the game type while front ends drive games through
//! [`DynGame`]; each entry therefore carries small functions, monomorphised
//! per game, that build a bot behind [`DynBot`] and play whole bot games at
//! full speed.

use serde_json::Value;
use tourney_bots::{Bot, BotSpec, Stop};
use tourney_core::playout::GameSummary;
use tourney_core::{
    Applied, DynGame, Evaluate, Game, GameEntry, GameRecord, GameRng, Seat, Session,
};

/// A bot for one game, whatever the game: it looks at a type-erased game
/// and answers with an action in the game's JSON.
pub trait DynBot: Send {
    /// The action `seat` takes now, as the game's JSON.
    fn choose(&mut self, game: &dyn DynGame, seat: Seat) -> Result<Value, String>;

    /// As [`DynBot::choose`], answering early with the best action found
    /// by then once `stop` is set.
    fn choose_until(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
        stop: &Stop,
    ) -> Result<Value, String>;

    /// Chooses for `seat` and applies the choice.
    fn play(&mut self, game: &mut dyn DynGame, seat: Seat) -> Result<Applied, String> {
        let action = self.choose(game, seat)?;
        game.apply_json(seat, &action).map_err(|e| e.to_string())
    }
}

/// A typed bot behind [`DynBot`]: the one place the game type comes back.
struct Typed<G: Game>(Box<dyn Bot<G>>);

impl<G: Game> DynBot for Typed<G> {
    fn choose(&mut self, game: &dyn DynGame, seat: Seat) -> Result<Value, String> {
        let session = session_of::<G>(game)?;
        let action = self.0.choose(session.state(), seat);
        encode(action, seat)
    }

    fn choose_until(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
        stop: &Stop,
    ) -> Result<Value, String> {
        let session = session_of::<G>(game)?;
        let action = self.0.choose_until(session.state(), seat, stop);
        encode(action, seat)
    }
}

fn session_of<G: Game>(game: &dyn DynGame) -> Result<&Session<G>, String> {
    game.as_any()
        .downcast_ref::<Session<G>>()
        .ok_or_else(|| format!("a {} bot was asked to play another game", G::INFO.name))
}

fn encode<A: serde::Serialize>(action: Option<A>, seat: Seat) -> Result<Value, String> {
    let action = action.ok_or_else(|| format!("the bot at {seat} found no move"))?;
    serde_json::to_value(&action).map_err(|e| format!("the bot's move does not encode: {e}"))
}

/// Config, one spec and seed per seat, the chance generator, the step bound,
/// and (to record the game) the seat names and run seed.
pub type BotGameFn = fn(
    config: &Value,
    bots: &[(BotSpec, u64)],
    chance: &mut GameRng,
    max_steps: usize,
    record: Option<(Vec<String>, u64)>,
) -> Result<(GameSummary, Option<GameRecord>), String>;

/// One game: its core entry plus bot support.
#[derive(Clone, Copy)]
pub struct GameKit {
    /// The game itself, type-erased: its name, seat limits and options, and
    /// how to create, check and replay a game of it.
    pub entry: GameEntry,
    /// Builds a bot for this game from a spec and a seed.
    pub new_bot: fn(spec: &BotSpec, seed: u64) -> Box<dyn DynBot>,
    /// Plays one whole game between bots; records it when seat names are given.
    pub bot_game: BotGameFn,
}

impl GameKit {
    /// The kit of game `G`, its bot functions monomorphised for `G`.
    pub(crate) fn of<G: Evaluate>() -> GameKit {
        GameKit {
            entry: GameEntry::of::<G>(),
            new_bot: |spec, seed| Box::new(Typed::<G>(spec.build::<G>(seed))),
            bot_game: bot_game::<G>,
        }
    }

    /// The game's short name, as players type it (`joust`, `glory`).
    pub fn name(&self) -> &'static str {
        self.entry.info.name
    }
}

fn bot_game<G: Evaluate>(
    config: &Value,
    specs: &[(BotSpec, u64)],
    chance: &mut GameRng,
    max_steps: usize,
    record: Option<(Vec<String>, u64)>,
) -> Result<(GameSummary, Option<GameRecord>), String> {
    let config = tourney_core::parse_config::<G>(config).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot<G>>> = specs
        .iter()
        .map(|(spec, seed)| spec.build::<G>(*seed))
        .collect();
    match record {
        Some((names, seed)) => {
            let mut session =
                Session::<G>::new(config, names, Some(seed)).map_err(|e| e.to_string())?;
            let report = tourney_bots::play_session(&mut session, &mut bots, chance, max_steps);
            let summary = GameSummary::of(report, session.state());
            Ok((summary, Some(session.record())))
        }
        None => {
            let mut state = G::new(&config, bots.len()).map_err(|e| e.to_string())?;
            let report = tourney_bots::play_from(&mut state, &mut bots, chance, max_steps);
            Ok((GameSummary::of(report, &state), None))
        }
    }
}

/// Every game, in the order menus list them.
pub fn all() -> [GameKit; 4] {
    [
        GameKit::of::<tourney_joust::CardJoust>(),
        GameKit::of::<tourney_ritter::Ritter>(),
        GameKit::of::<tourney_glory::Glory>(),
        GameKit::of::<tourney_mastery::Mastery>(),
    ]
}

/// A game name nobody knows, with the names that are known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{name}`; the games are: {known}")]
pub struct UnknownGame {
    pub(crate) name: String,
    pub(crate) known: String,
}

/// The game called `name` (any case).
pub fn find(name: &str) -> Result<GameKit, UnknownGame> {
    let games = all();
    games
        .iter()
        .find(|g| g.name().eq_ignore_ascii_case(name))
        .copied()
        .ok_or_else(|| UnknownGame {
            name: name.to_string(),
            known: games
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourney_core::ToMove;

    #[test]
    fn finds_games_by_name_in_any_case() {
        assert_eq!(find("Ritter").map(|k| k.name()), Ok("ritter"));
        let err = find("chess").err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("unknown game `chess`; the games are: joust, ritter, glory, mastery")
        );
    }

    /// A bot behind `DynBot` plays a whole game of every game through the
    /// type-erased layer, and refuses a game of another type.
    #[test]
    fn erased_bots_finish_every_game() {
        for kit in all() {
            let seats = kit
                .entry
                .info
                .min_seats
                .max(2)
                .min(kit.entry.info.max_seats);
            let config = (kit.entry.default_config)();
            let names = vec!["greedy".to_string(); seats];
            let mut game = (kit.entry.create)(&config, names, Some(3)).unwrap();
            let spec = BotSpec::parse("greedy:1").unwrap();
            let mut bots: Vec<_> = (0..seats).map(|s| (kit.new_bot)(&spec, s as u64)).collect();
            let mut rng = GameRng::seed_from_u64(5);
            let mut steps = 0;
            while steps < 100_000 {
                match game.to_move() {
                    ToMove::Over(_) => break,
                    ToMove::Chance => {
                        game.sample_chance(&mut rng).unwrap();
                    }
                    ToMove::Seats(on) => {
                        let seat = on.first_seat().unwrap();
                        bots[seat.index()].play(game.as_mut(), seat).unwrap();
                    }
                }
                steps += 1;
            }
            assert!(
                matches!(game.to_move(), ToMove::Over(_)),
                "{} did not finish",
                kit.name()
            );
            let other = all().into_iter().find(|k| k.name() != kit.name()).unwrap();
            let mut stranger = (other.new_bot)(&spec, 1);
            let err = stranger.choose(game.as_ref(), Seat::new(0)).unwrap_err();
            assert!(err.contains("another game"), "{err}");
        }
    }
}
