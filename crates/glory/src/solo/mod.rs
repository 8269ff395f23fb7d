//! Solo mode: one seat against Otto, the automa (rulebook section IX).
//!
//! Otto sits in player slot [`OTTO`] of an ordinary two-player table, so
//! the board's circles, the initiative track and the tournaments work as
//! they do for two. He never decides anything: each of his pawns is a chance
//! step that reveals an automa card (the private `automa` module), and the
//! card's first action he can carry out in full is taken by rule. In
//! Rivalry mode he also registers for tournaments by the placement rules
//! in [`register`] and fights as the knight tile of the chosen difficulty.
//!
//! What counts as winning depends on the mode ([`SoloMode`]): Champion,
//! every Joust à Plaisance; Score, a glory target; Rivalry, more glory than
//! Otto.

mod automa;
pub(crate) use automa::otto_action_text;
pub mod register;

use crate::config::{Difficulty, Handicap, Solo, SoloMode};
use crate::content::{self, OTTO_GLORY, RIVALRY_KNIGHTS, SCORE_TARGETS, TITLES};
use crate::events::Sink;
use crate::state::{Glory, NONE, SeatSlot};
use serde::{Deserialize, Serialize};
use tourney_core::{Pile, Seat, SeatSet};

/// Champion mode's starting gear handicap at difficulty `d`.
const fn champion_gear(d: Difficulty) -> Handicap {
    match d {
        Difficulty::Easy => Handicap::None,
        Difficulty::Medium => Handicap::Mount,
        Difficulty::Hard => Handicap::Both,
    }
}

const DIFFICULTIES: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

fn difficulty_word(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "easy",
        Difficulty::Medium => "medium",
        Difficulty::Hard => "hard",
    }
}

/// What the difficulty of `settings` changes in its mode, in words: this
/// difficulty's setting, then the other two's ("at medium Otto fights as
/// …; easy: …, hard: …"). Otto's starting glory is the same at all three.
pub(crate) fn difficulty_text(settings: Solo) -> String {
    let d = settings.difficulty;
    let others = |what: &dyn Fn(Difficulty) -> String| -> String {
        DIFFICULTIES
            .iter()
            .filter(|&&x| x != d)
            .map(|&x| format!("{}: {}", difficulty_word(x), what(x)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    match settings.mode {
        SoloMode::Rivalry => {
            let knight = |x: Difficulty| content::knight(x.pick(RIVALRY_KNIGHTS));
            let short = |x: Difficulty| {
                knight(x).map_or_else(String::new, |k| format!("{}, attack {}", k.name, k.attack))
            };
            let this = knight(d).map_or_else(String::new, |k| {
                format!(
                    "{}, a {}-type knight tile with attack {} and prestige {}",
                    k.name,
                    crate::describe::knight_type_name(k.kind),
                    k.attack,
                    k.prestige
                )
            });
            format!(
                "Otto fights as {this} ({}); he starts with {OTTO_GLORY} glory at every difficulty",
                others(&short)
            )
        }
        SoloMode::Score => format!(
            "you must reach {} glory ({}); Otto's glory does not count in this mode",
            d.pick(SCORE_TARGETS),
            others(&|x| x.pick(SCORE_TARGETS).to_string())
        ),
        SoloMode::Champion => {
            let gear = |x: Difficulty| match champion_gear(x) {
                Handicap::None => "your character's mount and armor",
                Handicap::Mount => "a level I mount",
                Handicap::Armor => "level I armor",
                Handicap::Both => "a level I mount and level I armor",
            };
            format!(
                "you start with {} ({}); Otto's glory does not count in this mode",
                gear(d),
                others(&|x| gear(x).to_string())
            )
        }
    }
}

/// A list in prose: "a", "a or b", "a, b or c".
fn join_or(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// How Otto scores glory in Rivalry, in words, from the data: duels and
/// trophies as a knight, discards, the Crusade and Siege, and titles.
pub(crate) fn otto_scoring_text() -> String {
    use crate::content::{
        MINSTREL_GLORY, PLAYER_GLORY, PLAYER_GLORY_AHEAD, SPECIAL_GLORY, Support,
    };
    let mut groups: Vec<String> = Vec::new();
    let most = SPECIAL_GLORY.iter().copied().max().unwrap_or(0);
    for value in (1..=most).rev() {
        let names: Vec<String> = Support::ALL
            .iter()
            .filter(|s| SPECIAL_GLORY.get(s.index()).copied() == Some(value))
            .map(|s| s.name().to_string())
            .collect();
        if !names.is_empty() {
            groups.push(format!("{value} (the {} support)", join_or(&names)));
        }
    }
    format!(
        "he scores the glory value of each knight he beats, {PLAYER_GLORY} for beating you \
         ({PLAYER_GLORY_AHEAD} if you had more glory than he), and a trophy's glory when he wins a \
         Joust à Plaisance; {MINSTREL_GLORY} for discarding the Minstrel support; for discarding a \
         special support, {}; {} for the Crusade and {} for the Siege event action; and at the \
         end the glory of every public title and of each objective he holds, without having to \
         complete them",
        groups.join(", "),
        automa::CRUSADE_GLORY,
        automa::SIEGE_GLORY
    )
}

/// Otto's player slot: the second place at a two-player table.
pub const OTTO: Seat = Seat(1);

/// The solo player's slot, the first: the one seat that decides.
pub(crate) const PLAYER: Seat = Seat(0);

/// Otto's side of the table: the solo settings, his automa deck and what
/// he did last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Otto {
    /// The mode, difficulty and automa deck chosen for the game.
    pub settings: Solo,
    /// Rivalry mode: the knight tile giving his attack and prestige
    /// (`NONE` in the other modes, where he never fights).
    pub tile: u8,
    /// Automa cards not yet revealed since the last shuffle.
    pub pile: Pile<13>,
    /// The automa card Otto revealed last (`NONE` since the shuffle).
    pub last_card: u8,
    /// Which of its actions (0-2) he took; `NONE` when none could be
    /// carried out and he reveals another.
    pub last_action: u8,
    /// Joust à Plaisance tournaments the solo player has won (Champion).
    pub trophies: u8,
}

impl Otto {
    /// Otto at the start of a solo game with `settings`: his knight tile
    /// if the mode needs one, an automa pile still to be shuffled, nothing
    /// revealed yet.
    pub fn new(settings: Solo) -> Otto {
        let tile = if settings.mode == SoloMode::Rivalry {
            settings.difficulty.pick(RIVALRY_KNIGHTS)
        } else {
            NONE
        };
        Otto {
            settings,
            tile,
            pile: Pile::default(),
            last_card: NONE,
            last_action: NONE,
            trophies: 0,
        }
    }

    /// The Score mode's glory target.
    pub fn target(&self) -> u16 {
        self.settings.difficulty.pick(SCORE_TARGETS)
    }
}

impl Glory {
    pub(crate) fn otto(&self) -> Option<Seat> {
        self.solo.as_ref().map(|_| OTTO)
    }

    pub(crate) fn is_otto(&self, p: Seat) -> bool {
        self.otto() == Some(p)
    }

    /// Solo Rivalry mode: Otto registers, fights and scores.
    pub(crate) fn rivalry(&self) -> bool {
        self.solo
            .as_ref()
            .is_some_and(|o| o.settings.mode == SoloMode::Rivalry)
    }

    pub(crate) fn solo_mode(&self) -> Option<SoloMode> {
        self.solo.as_ref().map(|o| o.settings.mode)
    }

    /// Otto's knight tile, in Rivalry mode.
    pub(crate) fn otto_tile(&self) -> Option<u8> {
        self.solo.as_ref().map(|o| o.tile).filter(|&t| t != NONE)
    }

    /// Otto's (glory, prestige) as a knight: what "certain to defeat" is
    /// judged by, as between two knights.
    pub(crate) fn otto_key(&self) -> (u8, u8) {
        self.otto_tile()
            .and_then(content::knight)
            .map_or((0, 0), content::KnightTile::standing)
    }

    /// Setup: Otto takes his starting glory; the player is first on the
    /// initiative track and Otto second.
    pub(crate) fn seat_otto(&mut self) {
        if self.solo.is_none() {
            return;
        }
        self.order[0] = SeatSlot::of(PLAYER);
        self.order[1] = SeatSlot::of(OTTO);
        if let Some(pl) = self.player_mut(OTTO) {
            pl.glory = OTTO_GLORY;
        }
    }

    /// Champion mode's difficulty as a gear handicap: medium starts with a
    /// level I mount, hard with a level I mount and armor.
    pub(crate) fn champion_handicap(&self, p: Seat) -> Handicap {
        match &self.solo {
            Some(o) if o.settings.mode == SoloMode::Champion && !self.is_otto(p) => {
                champion_gear(o.settings.difficulty)
            }
            _ => Handicap::None,
        }
    }

    /// Setup, Rivalry: the title Otto drew is his hidden objective.
    pub(crate) fn otto_keeps_offer(&mut self, ev: &mut Sink) {
        if let Some(pl) = self.player_mut(OTTO) {
            let mut offer = std::mem::take(&mut pl.offer);
            let kept = !offer.is_empty();
            pl.titles.absorb(&mut offer);
            if kept {
                self.tell_title_kept(OTTO, None, ev);
            }
        }
    }

    /// Title phase, Rivalry: Otto scores every revealed title and all his
    /// objectives, whether or not he could have completed them.
    pub(crate) fn otto_titles(&mut self, ev: &mut Sink) {
        if !self.rivalry() {
            return;
        }
        let public = self.board.public;
        let Some(pl) = self.player_mut(OTTO) else {
            return;
        };
        let mut bits = 0u16;
        for t in 0..TITLES.len() as u8 {
            if public.contains(&t) || pl.titles.count(usize::from(t)) > 0 {
                bits |= 1 << t;
            }
        }
        let glory: u16 = (0..TITLES.len() as u8)
            .filter(|t| bits & (1 << t) != 0)
            .filter_map(content::title)
            .map(|t| u16::from(t.glory))
            .sum();
        pl.completed = bits;
        pl.gain_glory(glory);
        let total = pl.glory;
        ev.everyone(|| self.titles_event(OTTO, bits, glory, 0, total));
    }

    /// The solo player's goal in words (`None` at a table of several).
    pub(crate) fn solo_goal(&self) -> Option<String> {
        let o = self.solo.as_ref()?;
        Some(match o.settings.mode {
            SoloMode::Champion => "win all three Joust à Plaisance tournaments".to_string(),
            SoloMode::Score => format!("finish with at least {} glory", o.target()),
            SoloMode::Rivalry => "finish with more glory than Otto".to_string(),
        })
    }

    /// How far the solo player stands from the goal, in words (`None` at a
    /// table of several): glory against the target, against Otto's, or
    /// the trophies won so far.
    pub(crate) fn solo_progress(&self) -> Option<String> {
        let (o, me) = (self.solo.as_ref()?, self.player(PLAYER)?);
        Some(match o.settings.mode {
            SoloMode::Score => {
                let target = o.target();
                match target.checked_sub(me.glory).filter(|&left| left > 0) {
                    Some(left) => {
                        format!("{} of the {target} glory needed: {left} to go", me.glory)
                    }
                    None => format!("{} glory: the target of {target} is reached", me.glory),
                }
            }
            SoloMode::Rivalry => {
                let otto = self.player(OTTO).map_or(0, |pl| pl.glory);
                let standing = match me.glory.cmp(&otto) {
                    std::cmp::Ordering::Greater => format!("{} ahead", me.glory.abs_diff(otto)),
                    std::cmp::Ordering::Less => format!("{} behind", me.glory.abs_diff(otto)),
                    std::cmp::Ordering::Equal => "level (a tie is not enough)".to_string(),
                };
                format!("{} glory against Otto's {otto}: {standing}", me.glory)
            }
            SoloMode::Champion => {
                let won = o.trophies.min(3);
                if won < self.jousts_fought() {
                    format!(
                        "{won} of 3 won; a Joust à Plaisance was lost, so the goal can no longer be met"
                    )
                } else {
                    format!("{won} of 3 won so far")
                }
            }
        })
    }

    /// Tournaments of the game already fought to the end.
    fn jousts_fought(&self) -> u8 {
        use crate::state::Stage;
        match self.stage {
            Stage::Titles | Stage::Over { .. } => 3,
            _ => self.round.saturating_sub(1).min(3),
        }
    }

    /// Whether the solo player met the mode's condition.
    pub(crate) fn solo_won(&self) -> bool {
        let (Some(o), Some(me)) = (&self.solo, self.player(PLAYER)) else {
            return false;
        };
        match o.settings.mode {
            SoloMode::Champion => o.trophies >= 3,
            SoloMode::Score => me.glory >= o.target(),
            SoloMode::Rivalry => me.glory > self.player(OTTO).map_or(0, |pl| pl.glory),
        }
    }

    pub(crate) fn solo_winners(&self) -> SeatSet {
        if self.solo_won() {
            SeatSet::single(PLAYER)
        } else {
            SeatSet::EMPTY
        }
    }
}
