//! Setting the table: the fifteen setup steps, in the rulebook's order.

use crate::actions::Action;
use crate::config::{Characters, Config};
use crate::content::{
    CHARACTERS, JOURNEY, JourneyType, PRESTIGE_COPIES, RELIC_COPIES, SPECIAL, SUPPORT_STACKS,
};
use crate::events::{Event, Sink};
use crate::state::{
    Board, Glory, MAX_PLAYERS, NONE, SeatSlot, SetupStep, Stage, Task, Tiles, Titles, Tourney,
};
use tourney_core::{Events, Pile, Seat, SetupError};

impl Glory {
    pub(crate) fn setup(config: &Config, seats: usize) -> Result<Glory, SetupError> {
        config.validate(seats)?;
        let mut deck = Pile::default();
        for (k, card) in JOURNEY.iter().enumerate() {
            for _ in 0..card.copies {
                deck.put(k);
            }
        }
        let board = Board {
            pawns: [[0; MAX_PLAYERS]; 12],
            initiative: [SeatSlot::EMPTY; MAX_PLAYERS],
            track: [NONE; 9],
            stacks: SUPPORT_STACKS.map(Tiles::from_counts),
            deck,
            rows: [[NONE; 4]; 3],
            title_deck: Titles::uniform(1),
            title_discards: Titles::default(),
            public: [NONE; 3],
            events: [NONE; 3],
            event_support: NONE,
            dealt: 0,
            relics: RELIC_COPIES,
            prestige: PRESTIGE_COPIES,
        };
        let mut game = Glory {
            config: *config,
            // `Game::new` has checked the count (1 to 4) already.
            seats: u8::try_from(seats).unwrap_or(u8::MAX),
            round: 1,
            stage: Stage::Setup(SetupStep::PublicTitles),
            task: Task::Idle,
            cursor: 0,
            players: Default::default(),
            order: [SeatSlot::EMPTY; MAX_PLAYERS],
            board,
            tourney: Tourney::default(),
            duel: None,
            last_duel: None,
            knight_duels_since: 0,
            solo: (seats == 1).then(|| crate::solo::Otto::new(config.solo.unwrap_or_default())),
        };
        game.seat_otto();
        // What the board shows of round 1's tournament during setup is the
        // type agreed for it, not the default (round 1 sets it again).
        game.tourney.kind = game.agreed_tournament(1);
        // Nobody can listen before the game exists; setup runs only up to
        // the first draw, which is a step of its own.
        game.advance(&mut Events::off());
        Ok(game)
    }

    pub(crate) fn setup_step(&mut self, step: SetupStep, ev: &mut Sink) {
        let n = self.n();
        let next = |s: SetupStep| Stage::Setup(s);
        match step {
            SetupStep::PublicTitles => {
                self.task = Task::PublicTitle;
                self.stage = next(SetupStep::DealCharacters);
            }
            SetupStep::DealCharacters => {
                if self.config.characters == Characters::LevelOne {
                    for p in self.ids() {
                        if self.is_otto(p) {
                            continue;
                        }
                        let id = self.level_one_card(p);
                        self.take_character(p, id, ev);
                    }
                    self.stage = next(SetupStep::Initiative);
                } else {
                    self.task = Task::Characters;
                    self.stage = next(SetupStep::ChooseCharacters);
                    self.cursor = 0;
                }
            }
            SetupStep::ChooseCharacters => {
                // The cursor walks the seats.
                let seat = Seat(self.cursor);
                if self.is_otto(seat) {
                    self.cursor = self.cursor.saturating_add(1);
                } else if self.cursor < n {
                    self.task = Task::ChooseCharacter { seat };
                    self.cursor = self.cursor.saturating_add(1);
                } else {
                    self.stage = next(SetupStep::Initiative);
                }
            }
            // Solo: the player is first and Otto second, with no
            // compensation (Otto starts with his own glory).
            SetupStep::Initiative if self.solo.is_some() => {
                self.stage = next(SetupStep::DealTitles);
                self.cursor = 0;
            }
            SetupStep::Initiative => {
                self.task = Task::Initiative;
                self.stage = next(SetupStep::Compensation);
                self.cursor = 1;
            }
            SetupStep::Compensation => {
                // One glory and one Challenge card per place behind the first.
                if self.cursor < n {
                    let place = self.cursor;
                    self.cursor = self.cursor.saturating_add(1);
                    // The track is full by now: every place has a player.
                    let Some(p) = self.at_place(place) else {
                        return;
                    };
                    if let Some(pl) = self.player_mut(p) {
                        pl.gain_glory(u16::from(place));
                        let total = pl.glory;
                        ev.everyone(|| Event::Compensation {
                            player: p,
                            place,
                            glory: u16::from(place),
                            total,
                            cards: place,
                        });
                    }
                    self.task = Task::Journey {
                        player: p,
                        ty: JourneyType::Challenge,
                        count: place,
                        picks: 0,
                    };
                } else {
                    self.stage = next(SetupStep::DealTitles);
                    self.cursor = 0;
                }
            }
            SetupStep::DealTitles => {
                if self.cursor < n {
                    let p = Seat(self.cursor);
                    let count = if self.is_otto(p) {
                        u8::from(self.rivalry())
                    } else {
                        self.character_of(p).map_or(0, |c| c.titles_drawn)
                    };
                    self.task = Task::Titles {
                        player: p,
                        count,
                        keep: 0,
                    };
                    self.cursor = self.cursor.saturating_add(1);
                } else {
                    self.stage = next(SetupStep::KeepTitles);
                    self.cursor = 0;
                }
            }
            SetupStep::KeepTitles => {
                if self.cursor < n {
                    let Some(p) = self.at_place(self.cursor) else {
                        self.cursor = self.cursor.saturating_add(1);
                        return;
                    };
                    if self.is_otto(p) {
                        // Otto keeps the title he drew, unseen.
                        self.otto_keeps_offer(ev);
                        self.cursor = self.cursor.saturating_add(1);
                        return;
                    }
                    let keep = self.character_of(p).map_or(0, |c| c.titles_kept);
                    let held = self.player(p).map_or(0, |pl| pl.offer.len() as u8);
                    self.task = Task::KeepTitle {
                        player: p,
                        left: keep.min(held),
                    };
                    self.cursor = self.cursor.saturating_add(1);
                } else {
                    self.stage = next(SetupStep::Track);
                }
            }
            SetupStep::Track => {
                self.task = Task::Track;
                self.stage = next(SetupStep::DealJourney);
                self.cursor = 0;
            }
            SetupStep::DealJourney => {
                if self.cursor < n.saturating_mul(3) {
                    let p = Seat(self.cursor / 3);
                    let t = usize::from(self.cursor % 3);
                    self.cursor = self.cursor.saturating_add(1);
                    let dealt = self.character_of(p).map_or([0; 3], |c| c.journey);
                    if let Some((ty, count)) = JourneyType::ALL.into_iter().zip(dealt).nth(t)
                        && count > 0
                    {
                        self.task = Task::Journey {
                            player: p,
                            ty,
                            count,
                            picks: 0,
                        };
                    }
                } else {
                    self.stage = next(SetupStep::Exchange);
                    self.cursor = 0;
                }
            }
            SetupStep::Exchange => {
                if self.cursor < n {
                    let p = self.at_place(self.cursor);
                    self.cursor = self.cursor.saturating_add(1);
                    if let Some(p) = p
                        && self.player(p).is_some_and(|pl| !pl.hand.is_empty())
                    {
                        self.task = Task::Exchange { player: p };
                    }
                } else {
                    self.stage = next(SetupStep::Rows);
                }
            }
            SetupStep::Rows => {
                self.task = Task::Rows;
                self.stage = next(SetupStep::Events);
            }
            SetupStep::Events => {
                self.task = Task::Events { upto: 2 };
                self.stage = Stage::Prepare { round: 1 };
                self.cursor = 0;
            }
        }
    }

    /// Player `p`'s copy of the (identical) level I card.
    fn level_one_card(&self, p: Seat) -> u8 {
        CHARACTERS
            .iter()
            .enumerate()
            .filter(|(_, c)| c.level == 1)
            .nth(p.index())
            .map_or(0, |(i, _)| i as u8)
    }

    pub(crate) fn character_of(&self, p: Seat) -> Option<&'static crate::content::Character> {
        self.player(p)
            .and_then(|pl| crate::content::character(pl.character))
    }

    pub(crate) fn character_choices(&self, p: Seat, out: &mut dyn FnMut(Action)) {
        out(Action::Character(self.level_one_card(p)));
        if let Some(pl) = self.player(p) {
            for &c in &pl.offered {
                if c != NONE {
                    out(Action::Character(c));
                }
            }
        }
    }

    /// `p` plays character `id`: starting resources, glory, gear, and a
    /// level III card's special support.
    pub(crate) fn take_character(&mut self, p: Seat, id: u8, ev: &mut Sink) {
        let Some(c) = crate::content::character(id) else {
            return;
        };
        if let Some(pl) = self.player_mut(p) {
            pl.character = id;
            pl.glory = u16::from(c.glory);
            pl.coins = c.coins;
            pl.strength = c.strength;
            pl.faith = c.faith;
            pl.mount = c.mount;
            pl.armor = c.armor;
        }
        // The veterans' handicap and Champion mode's difficulty both swap
        // the character's gear for level I.
        let handicap = self
            .config
            .handicap
            .seat(p)
            .union(self.champion_handicap(p));
        if let Some(pl) = self.player_mut(p) {
            if handicap.mount() {
                pl.mount = 1;
            }
            if handicap.armor() {
                pl.armor = 1;
            }
        }
        let mut support = None;
        if let Some(s) = c.support
            && self.board.stacks[SPECIAL].take(s.index()).is_ok()
        {
            self.gain_support(p, s);
            support = Some(s);
        }
        if let Some(pl) = self.player(p) {
            ev.everyone(|| Event::CharacterChosen {
                player: p,
                character: id,
                name: c.name.to_string(),
                level: c.level,
                glory: pl.glory,
                coins: pl.coins,
                strength: pl.strength,
                faith: pl.faith,
                mount: pl.mount,
                armor: pl.armor,
                support,
                prestige: crate::content::Prestige::ALL
                    .into_iter()
                    .filter(|t| pl.prestige & t.bit() != 0)
                    .collect(),
            });
        }
    }
}
