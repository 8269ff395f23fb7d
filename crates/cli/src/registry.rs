//! Every game the binary knows, by its command-line name, with the bots
//! built for it.
//!
//! Bots are generic over the game type while the CLI drives games through
//! `DynGame`; each entry therefore carries small functions, monomorphised per
//! game, that build a bot and let it move in a type-erased game.

use crate::failure::{Failure, Result};
use serde_json::Value;
use std::any::Any;
use tourney_bots::{Bot, BotSpec};
use tourney_core::playout::PlayoutReport;
use tourney_core::{Applied, DynGame, Game, GameEntry, GameRecord, GameRng, Seat, Session};

/// A bot whose game type has been erased (a `Box<dyn Bot<G>>` inside).
pub type ErasedBot = Box<dyn Any + Send>;

/// One game: its core entry plus bot support.
#[derive(Clone, Copy)]
pub struct GameKit {
    pub entry: GameEntry,
    /// Builds a bot for this game from a spec and a seed.
    pub new_bot: fn(spec: &BotSpec, seed: u64) -> ErasedBot,
    /// Lets a bot built by `new_bot` move for `seat`.
    pub bot_move: fn(
        bot: &mut ErasedBot,
        game: &mut dyn DynGame,
        seat: Seat,
    ) -> std::result::Result<Applied, String>,
    /// Plays one whole game between bots; records it when seat names are given.
    pub bot_game: BotGameFn,
}

/// Config, one spec and seed per seat, the chance generator, the step bound,
/// and (to record the game) the seat names and run seed.
pub type BotGameFn = fn(
    config: &Value,
    bots: &[(BotSpec, u64)],
    chance: &mut GameRng,
    max_steps: usize,
    record: Option<(Vec<String>, u64)>,
) -> std::result::Result<(PlayoutReport, Option<GameRecord>), String>;

impl GameKit {
    fn of<G: Game>() -> GameKit {
        GameKit {
            entry: GameEntry::of::<G>(),
            new_bot: |spec, seed| Box::new(spec.build::<G>(seed)),
            bot_move: bot_move::<G>,
            bot_game: bot_game::<G>,
        }
    }
}

fn bot_move<G: Game>(
    bot: &mut ErasedBot,
    game: &mut dyn DynGame,
    seat: Seat,
) -> std::result::Result<Applied, String> {
    let bot = bot
        .downcast_mut::<Box<dyn Bot<G>>>()
        .ok_or("a bot was built for another game")?;
    let session = game
        .as_any_mut()
        .downcast_mut::<Session<G>>()
        .ok_or("a bot was asked to play another game")?;
    let action = bot
        .choose(session.state(), seat)
        .ok_or_else(|| format!("the bot at {seat} found no move"))?;
    let applied = Applied {
        label: session.state().describe_action(seat, &action),
        open: session.state().action_is_open(seat, &action),
    };
    session.apply(seat, action).map_err(|e| e.to_string())?;
    Ok(applied)
}

fn bot_game<G: Game>(
    config: &Value,
    specs: &[(BotSpec, u64)],
    chance: &mut GameRng,
    max_steps: usize,
    record: Option<(Vec<String>, u64)>,
) -> std::result::Result<(PlayoutReport, Option<GameRecord>), String> {
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
            Ok((report, Some(session.record())))
        }
        None => {
            let report = tourney_bots::play_game(&config, &mut bots, chance, max_steps)
                .map_err(|e| e.to_string())?;
            Ok((report, None))
        }
    }
}

pub fn all() -> Vec<GameKit> {
    vec![
        GameKit::of::<tourney_joust::CardJoust>(),
        GameKit::of::<tourney_ritter::Ritter>(),
        GameKit::of::<tourney_glory::Glory>(),
        GameKit::of::<tourney_mastery::Mastery>(),
    ]
}

pub fn find(name: &str) -> Result<GameKit> {
    let games = all();
    games
        .iter()
        .find(|g| g.entry.info.name.eq_ignore_ascii_case(name))
        .copied()
        .ok_or_else(|| {
            let names: Vec<&str> = games.iter().map(|g| g.entry.info.name).collect();
            Failure::bad(format!(
                "unknown game `{name}`; the games are: {}",
                names.join(", ")
            ))
        })
}
