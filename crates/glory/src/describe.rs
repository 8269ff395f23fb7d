//! Menu, log and refusal texts in a player's words.

use crate::actions::{Action, Chance, Gear, Space};
use crate::content::{
    self, JourneyType, KnightType, Support, TOURNAMENTS, TRACK, TROPHIES, journey_name,
    knight_name, title_name,
};
use crate::duel::{DuelStep, Fighter};
use crate::state::{Glory, KNIGHT, NONE, Task, seat_entrant};
use tourney_core::text::{a_or_an, plural};
use tourney_core::{Game, Seat};

pub(crate) fn gear_name(g: Gear) -> &'static str {
    match g {
        Gear::Mount => "mount",
        Gear::Armor => "armor",
    }
}

pub(crate) fn roman(level: u8) -> &'static str {
    match level {
        1 => "I",
        2 => "II",
        3 => "III",
        4 => "IV",
        _ => "?",
    }
}

pub(crate) fn knight_type_name(t: KnightType) -> &'static str {
    match t {
        KnightType::Champion => "Champion",
        KnightType::Veteran => "Veteran",
        KnightType::King => "King",
        KnightType::Noble => "Noble",
        KnightType::PolishNoble => "Polish Noble",
    }
}

pub(crate) const TOWNS: [&str; 3] = ["Florence", "Paris", "Munich"];

/// A sum of money in words: "1 coin", "0 coins", "3 coins".
fn coins(n: u8) -> String {
    plural(n, "coin", "coins")
}

/// A reward in words: "2 coins and the Charmer token".
pub(crate) fn reward_text(r: &content::Reward) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut amount = |n: u8, one: &str, many: &str| {
        if n > 0 {
            parts.push(plural(n, one, many));
        }
    };
    amount(r.glory, "glory point", "glory points");
    amount(r.coins, "coin", "coins");
    amount(r.strength, "Strength token", "Strength tokens");
    amount(r.faith, "Faith token", "Faith tokens");
    if let Some(t) = r.prestige {
        parts.push(format!("the {} Prestige token", t.name()));
    }
    if let Some(k) = r.relic {
        parts.push(format!("{} {} relic", a_or_an(k.name()), k.name()));
    }
    if let Some(s) = r.support {
        parts.push(format!("the {} support", s.name()));
    }
    if r.mount > 0 {
        parts.push(format!("a level {} mount", roman(r.mount)));
    }
    if r.armor > 0 {
        parts.push(format!("level {} armor", roman(r.armor)));
    }
    if r.titles > 0 {
        parts.push(format!(
            "{} to keep one",
            plural(r.titles, "title", "titles")
        ));
    }
    parts.join(" and ")
}

impl Glory {
    /// Menu text of `seat`'s action; in Rivalry it also says where Otto
    /// registers because of it, as the log's line for his registration
    /// will word it.
    pub(crate) fn action_text(&self, seat: Seat, action: &Action) -> String {
        let text = self.action_words(seat, action);
        self.with_otto_registration(text, |g| g.apply(seat, action).is_ok())
    }

    /// Log text of `seat`'s action, after the mover's name: the menu's
    /// facts in the third person. Where Otto registers because of it is
    /// not added: his own `registered` event tells it, on its own line.
    pub(crate) fn done_text(&self, seat: Seat, action: &Action) -> String {
        self.done_words(seat, action)
    }

    /// Log text of a chance outcome (where Otto registers because of it
    /// is told by his own `registered` event).
    pub(crate) fn chance_text(&self, outcome: &Chance) -> String {
        self.chance_words(outcome)
    }

    /// `text`, followed by where Otto registers as a consequence of the
    /// step `step` takes (Rivalry mode only; the step is tried on a copy).
    fn with_otto_registration(
        &self,
        text: String,
        step: impl FnOnce(&mut Glory) -> bool,
    ) -> String {
        if !self.rivalry() {
            return text;
        }
        let mut after = self.clone();
        match step(&mut after)
            .then(|| self.otto_registered_text(&after))
            .flatten()
        {
            Some(otto) => format!("{text}; then {otto}"),
            None => text,
        }
    }

    pub(crate) fn fighter_name(&self, f: Fighter) -> String {
        match f {
            Fighter::Player(p) => self.player_name(p),
            Fighter::Otto(_) => "Otto".to_string(),
            Fighter::Knight(k) => knight_name(k).to_string(),
            Fighter::Card(c) => journey_name(c).to_string(),
            Fighter::Title(t) => format!("the {} title's knight", title_name(t)),
        }
    }

    /// The tournament space `slot` in words.
    pub(crate) fn space_text(&self, slot: u8) -> String {
        if self.is_joust() {
            let who = match self.tourney.ladder.get(usize::from(slot)).copied() {
                Some(e) if e != NONE && e >= KNIGHT => {
                    format!(", next to {}", knight_name(e.saturating_sub(KNIGHT)))
                }
                _ => String::new(),
            };
            let neighbour = match self.tourney.ladder.get(usize::from(slot ^ 1)).copied() {
                Some(e) if e >= KNIGHT && e != NONE => {
                    format!(" (facing {})", knight_name(e.saturating_sub(KNIGHT)))
                }
                e => e.and_then(seat_entrant).map_or_else(String::new, |p| {
                    format!(" (facing {})", self.player_name(p))
                }),
            };
            format!(
                "space {} of the lower row{who}{neighbour}",
                u16::from(slot) + 1
            )
        } else {
            let k = self
                .tourney
                .town
                .get(usize::from(slot))
                .copied()
                .unwrap_or(NONE);
            let town = TOWNS.get(usize::from(slot / 3)).copied().unwrap_or("?");
            match content::knight(k) {
                Some(t) => format!(
                    "{} in {town} (attack {}, glory {}, prestige {})",
                    t.name, t.attack, t.glory, t.prestige
                ),
                None => format!("a space in {town}"),
            }
        }
    }

    fn action_words(&self, p: Seat, a: &Action) -> String {
        match *a {
            Action::Character(id) => match content::character(id) {
                Some(c) => format!("Play {} (level {})", c.name, roman(c.level)),
                None => "Play an unknown character".to_string(),
            },
            Action::KeepTitle(t) => match content::title(t) {
                Some(x) => format!("Keep {} ({} glory)", x.name, x.glory),
                None => "Keep an unknown title".to_string(),
            },
            Action::Exchange(k) => format!("Give back {} for 1 Strength token", journey_name(k)),
            Action::Place(space) => match space {
                Space::Training => "Training: 3 Strength tokens".to_string(),
                Space::Prayer => "Prayer: 3 Faith tokens".to_string(),
                Space::Service => "Service: 3 coins".to_string(),
                Space::Patrol => "Patrol: 2 coins".to_string(),
                Space::WarmUp => "Warm-Up: 2 Strength tokens".to_string(),
                Space::Initiative => {
                    "Initiative: 1 coin now, and at Maintenance a place at the front of the initiative track"
                        .to_string()
                }
                Space::TravelPlans => {
                    let queens = self.player(p).map_or(0, |pl| pl.owned(Support::Queen));
                    let n = u16::from(queens).saturating_add(2);
                    format!(
                        "Travel Plans: take {}",
                        plural(n, "Journey card", "Journey cards")
                    )
                }
                Space::NewObjective => "New Objective: draw 3 titles, keep 1".to_string(),
                Space::Event => match self.event_kind() {
                    Some(kind) => format!("Event action: {}", event_action_text(kind)),
                    None => "Event action".to_string(),
                },
                other => other.name().to_string(),
            },
            Action::Market(g) => {
                let level = self.player(p).map_or(0, |pl| match g {
                    Gear::Mount => pl.mount,
                    Gear::Armor => pl.armor,
                });
                let price = self.market_price(p, g).unwrap_or(0);
                format!(
                    "Market: {} to level {} for {}",
                    gear_name(g),
                    roman(level.saturating_add(1)),
                    coins(price)
                )
            }
            Action::Support(i) => {
                let tile = self
                    .board
                    .track
                    .get(usize::from(i))
                    .copied()
                    .unwrap_or(NONE);
                let name = Support::from_index(usize::from(tile)).map_or("?", |s| s.name());
                let cost = TRACK
                    .get(usize::from(i))
                    .map_or(0, |t| t.cost)
                    .saturating_sub(self.player(p).map_or(0, |pl| pl.diplomats()));
                format!("Support: take the {name} for {}", coins(cost))
            }
            Action::Herald(slot) => format!("Herald: register now on {}", self.space_text(slot)),
            Action::Loot(g) => format!("Loot: 2 Strength tokens for a level IV {}", gear_name(g)),
            Action::Take(k) => format!("Take {} (face up)", journey_name(k)),
            Action::Draw(t) => format!("Draw a {} card blind", t.name()),
            Action::Play(k) => match content::journey(k) {
                Some(c) if c.kind == JourneyType::Challenge => {
                    // Challenges can always be played, even when the reward
                    // (an upgrade from the level just below) is out of reach.
                    let empty = if c.options.iter().any(|r| self.reward_viable(p, r)) {
                        ""
                    } else {
                        "; a win would give you nothing now"
                    };
                    format!(
                        "Play {}: duel (attack {}, prestige {}){empty}",
                        c.name, c.attack, c.prestige
                    )
                }
                Some(c) if c.cost > 0 => format!("Play {} (pay {})", c.name, coins(c.cost)),
                Some(c) => format!("Play {}", c.name),
                None => "Play an unknown card".to_string(),
            },
            Action::Choose(i) => {
                let card = match self.task {
                    Task::Reward { card, .. } => content::journey(card),
                    _ => None,
                };
                match card.and_then(|c| c.options.get(usize::from(i))) {
                    Some(r) => format!("Take {}", reward_text(r)),
                    None => format!("Take reward {}", u16::from(i) + 1),
                }
            }
            Action::Register(slot) => format!("Register on {}", self.space_text(slot)),
            Action::Attempt => "Fight the Brave duel (attack 11, prestige 1)".to_string(),
            Action::Tournament(kind) => {
                format!("Hold a {} in round {}", kind.name(), self.round)
            }
            Action::Use(s) => format!("Use the {}", s.name()),
            Action::Strength(0) => "Add no Strength tokens".to_string(),
            Action::Strength(n) => {
                let total = self
                    .duel
                    .and_then(|d| {
                        d.side_of_player(p)
                            .and_then(|s| d.side(s))
                            .map(|x| x.tokens)
                    })
                    .unwrap_or(0)
                    .saturating_add(n);
                format!(
                    "Add {} ({total} this duel)",
                    plural(n, "Strength token", "Strength tokens")
                )
            }
            Action::Faith => "Spend a Faith token to re-roll dice".to_string(),
            Action::Reroll { colour, face } => {
                let active = self.symbol_active(p, colour.index());
                let value = content::die_value(colour.index(), face, active);
                let symbol = if face == content::SYMBOL_FACE {
                    " (symbol)"
                } else {
                    ""
                };
                let name = colour.name();
                format!(
                    "Re-roll {} {name} die showing {value}{symbol}",
                    a_or_an(name)
                )
            }
            Action::Roll => "Roll the picked dice".to_string(),
            Action::Relic(r) => format!("Use the {} relic", r.name()),
            Action::ReactivateSupport(s) => format!("Flip the {} back", s.name()),
            Action::ReactivateRelic(r) => format!("Flip the {} relic back", r.name()),
            Action::Pass => match self.task {
                Task::PlayJourney { .. } => "Stop playing Journey cards".to_string(),
                Task::Register { .. } if self.is_joust() => {
                    "Wait for now: you are asked again after the others have had their turn"
                        .to_string()
                }
                Task::Register { .. } => "Register in no other town this tournament".to_string(),
                Task::Exchange { .. } => "Keep these cards".to_string(),
                Task::Brave { .. } => "Do not fight for Brave".to_string(),
                // Which duel step is let go by.
                Task::Duel => match self.duel.map(|d| d.step) {
                    Some(DuelStep::Tent) => "Pass: no tent support this duel".to_string(),
                    Some(DuelStep::Faith) => "Pass: no Faith re-roll this clash".to_string(),
                    Some(DuelStep::Lance { second: false }) => {
                        "Pass: no support at the first lance step".to_string()
                    }
                    Some(DuelStep::Lance { second: true }) => {
                        "Pass: no support at the second lance step".to_string()
                    }
                    Some(DuelStep::Relic) => "Pass: no relic this clash".to_string(),
                    Some(step) => format!("Pass ({})", crate::view::step_word(step)),
                    None => "Pass".to_string(),
                },
                _ => "Pass".to_string(),
            },
        }
    }

    fn done_words(&self, p: Seat, a: &Action) -> String {
        match *a {
            Action::Character(id) => match content::character(id) {
                Some(c) => format!("plays {} (level {})", c.name, roman(c.level)),
                None => "plays an unknown character".to_string(),
            },
            Action::KeepTitle(t) => match content::title(t) {
                Some(x) => format!("keeps {} ({} glory)", x.name, x.glory),
                None => "keeps an unknown title".to_string(),
            },
            Action::Exchange(k) => {
                format!("gives back {} for 1 Strength token", journey_name(k))
            }
            Action::Place(_) => format!("places an action pawn on {}", self.action_words(p, a)),
            Action::Market(g) => {
                let level = self.player(p).map_or(0, |pl| match g {
                    Gear::Mount => pl.mount,
                    Gear::Armor => pl.armor,
                });
                let price = self.market_price(p, g).unwrap_or(0);
                format!(
                    "upgrades the {} to level {} at the Market for {}",
                    gear_name(g),
                    roman(level.saturating_add(1)),
                    coins(price)
                )
            }
            Action::Support(_) => {
                let words = self.action_words(p, a);
                let rest = words.strip_prefix("Support: take ").unwrap_or(&words);
                format!("takes {rest}")
            }
            Action::Herald(slot) => format!(
                "registers at once through the Herald on {}",
                self.space_text(slot)
            ),
            Action::Loot(g) => format!("loots: 2 Strength tokens for a level IV {}", gear_name(g)),
            Action::Take(k) => format!("takes {} (face up)", journey_name(k)),
            Action::Draw(t) => format!("chooses to draw blind from the {} deck", t.name()),
            Action::Play(k) => match content::journey(k) {
                Some(c) if c.kind == JourneyType::Challenge => format!(
                    "plays {}: duel (attack {}, prestige {})",
                    c.name, c.attack, c.prestige
                ),
                Some(c) if c.cost > 0 => format!("plays {} (pays {})", c.name, coins(c.cost)),
                Some(c) => format!("plays {}", c.name),
                None => "plays an unknown card".to_string(),
            },
            Action::Choose(_) => {
                let words = self.action_words(p, a);
                format!("takes {}", words.strip_prefix("Take ").unwrap_or(&words))
            }
            Action::Register(slot) => format!("registers on {}", self.space_text(slot)),
            Action::Attempt => "fights the Brave duel (attack 11, prestige 1)".to_string(),
            Action::Tournament(kind) => {
                format!("chooses a {} for round {}", kind.name(), self.round)
            }
            Action::Use(s) => format!("uses the {}", s.name()),
            Action::Strength(0) => "adds no Strength tokens".to_string(),
            Action::Strength(_) => {
                let words = self.action_words(p, a);
                format!("adds {}", words.strip_prefix("Add ").unwrap_or(&words))
            }
            Action::Faith => "spends a Faith token to re-roll dice".to_string(),
            Action::Reroll { .. } => {
                let words = self.action_words(p, a);
                let die = words.strip_prefix("Re-roll ").unwrap_or(&words);
                format!("picks {die} to re-roll")
            }
            Action::Roll => "rolls the picked dice".to_string(),
            Action::Relic(r) => format!("uses the {} relic", r.name()),
            Action::ReactivateSupport(s) => format!("flips the {} back", s.name()),
            Action::ReactivateRelic(r) => format!("flips the {} relic back", r.name()),
            Action::Pass => self.passed_words(),
        }
    }

    /// What a pass let go by, after the mover's name.
    fn passed_words(&self) -> String {
        match self.task {
            Task::PlayJourney { .. } => "stops playing Journey cards".to_string(),
            Task::Register { .. } if self.is_joust() => {
                "waits for now, to be asked again after the others have had their turn".to_string()
            }
            Task::Register { .. } => "registers in no other town this tournament".to_string(),
            Task::Exchange { .. } => "keeps the Journey cards".to_string(),
            Task::Brave { .. } => "does not fight for Brave".to_string(),
            Task::Duel => match self.duel.map(|d| d.step) {
                Some(DuelStep::Tent) => "passes: no tent support this duel".to_string(),
                Some(DuelStep::Faith) => "passes: no Faith re-roll this clash".to_string(),
                Some(DuelStep::Lance { second: false }) => {
                    "passes: no support at the first lance step".to_string()
                }
                Some(DuelStep::Lance { second: true }) => {
                    "passes: no support at the second lance step".to_string()
                }
                Some(DuelStep::Relic) => "passes: no relic this clash".to_string(),
                Some(step) => format!("passes ({})", crate::view::step_word(step)),
                None => "passes".to_string(),
            },
            _ => "passes".to_string(),
        }
    }

    /// Whether `p`'s dice of `colour` count their symbol at its best.
    pub(crate) fn symbol_active(&self, p: Seat, colour: usize) -> bool {
        let tokens = self
            .duel
            .and_then(|d| {
                d.side_of_player(p)
                    .and_then(|s| d.side(s))
                    .map(|x| x.tokens)
            })
            .unwrap_or(0);
        self.player(p).is_some_and(|pl| match colour {
            0 => tokens >= 4,
            1 => pl.mount >= 4,
            _ => pl.armor >= 4,
        })
    }

    pub(crate) fn chance_step_text(&self) -> String {
        let seat = |p: Seat| self.player_name(p);
        match self.task {
            Task::PublicTitle => "A public title is revealed".to_string(),
            Task::Characters => "Character cards are dealt".to_string(),
            Task::Initiative => "The next place on the initiative track is drawn".to_string(),
            Task::Journey { player, ty, .. } => {
                format!("{} draws a {} card", seat(player), ty.name())
            }
            Task::Rows => "A Journey card is revealed".to_string(),
            Task::Titles { player, .. } => format!("{} draws a title card", seat(player)),
            Task::Track => "A support tile is drawn for the track".to_string(),
            Task::EventSupport => "A special support is drawn for the event".to_string(),
            Task::Events { .. } => "An event card is drawn".to_string(),
            Task::TournamentCard => "The tournament card is drawn".to_string(),
            Task::Knights => match self.next_knight_space() {
                Some((_, t)) => format!("A {} tile is drawn", knight_type_name(t)),
                None => "A knight tile is drawn".to_string(),
            },
            Task::Trophy => "The trophy is drawn".to_string(),
            Task::Automa => "Otto reveals an automa card".to_string(),
            Task::OttoObjective { left } if left > 1 => {
                "Otto draws a title and discards it".to_string()
            }
            Task::OttoObjective { .. } => "Otto draws a title and keeps it".to_string(),
            Task::Duel => match self.duel.and_then(|d| d.next_die().map(|x| (d, x))) {
                Some((d, (s, slot))) => {
                    let who = d
                        .side(s)
                        .map_or_else(String::new, |x| self.fighter_name(x.fighter));
                    let colour = crate::duel::slot_colour(slot);
                    let die = ["a red Strength", "a black Mount", "a white Armor"]
                        .get(colour)
                        .copied()
                        .unwrap_or("a");
                    format!("{who} rolls {die} die")
                }
                None => "Nothing is rolled".to_string(),
            },
            _ => "Nothing is drawn".to_string(),
        }
    }

    /// "Seat N", or "Otto" for the automa's slot.
    pub(crate) fn player_name(&self, p: Seat) -> String {
        if self.is_otto(p) {
            "Otto".to_string()
        } else {
            crate::events::seat(p)
        }
    }

    /// An automa card and what Otto does with it in this position.
    fn automa_text(&self, card: u8) -> String {
        let Some(c) = content::AUTOMA.get(usize::from(card)) else {
            return "?".to_string();
        };
        match self.automa_choice(card) {
            Some((i, action)) => {
                let mut what = crate::solo::otto_action_text(action);
                if action == content::OttoAction::Herald
                    && let Some(slot) = self.otto_entry(true)
                {
                    let verb = if self.is_joust() {
                        "on"
                    } else {
                        "to challenge"
                    };
                    what = format!(
                        "uses the Herald space to register at once {verb} {}",
                        self.space_text(slot)
                    );
                }
                let number = ["I", "II", "III"].get(i).copied().unwrap_or("?");
                format!(
                    "{} — {what} (action {number} of the card's 3, the first he can carry out in full)",
                    c.name
                )
            }
            None => format!("{} — none of it can be done; he reveals another", c.name),
        }
    }

    fn chance_words(&self, c: &Chance) -> String {
        match *c {
            Chance::Seat(p) => crate::events::seat(p),
            Chance::Character(id) => content::character(id).map_or("?", |x| x.name).to_string(),
            Chance::Title(t) => title_name(t).to_string(),
            Chance::Journey(k) => journey_name(k).to_string(),
            Chance::Support(s) => s.name().to_string(),
            Chance::Event(e) => content::event(e).map_or("?", |x| x.name).to_string(),
            Chance::Tournament(t) => match TOURNAMENTS.get(usize::from(t)) {
                Some(card) => format!("{} card {}", card.kind.name(), u16::from(t) + 1),
                None => "?".to_string(),
            },
            Chance::Knight(k) => knight_name(k).to_string(),
            Chance::Automa(card) => self.automa_text(card),
            Chance::Trophy(t) => TROPHIES
                .get(usize::from(t))
                .map_or("?", |x| x.name)
                .to_string(),
            Chance::Die(face) => {
                let next = self
                    .duel
                    .and_then(|d| d.next_die().map(|(s, slot)| (d, s, slot)));
                let colour = next.map_or(0, |(_, _, slot)| crate::duel::slot_colour(slot));
                if face == content::SYMBOL_FACE {
                    // What the symbol counts, said at once: its plain
                    // value, or its best once activated.
                    let active = next.is_some_and(|(d, s, _)| {
                        self.symbols_active(&d, s)
                            .get(colour)
                            .copied()
                            .unwrap_or(false)
                    });
                    let value = content::die_value(colour, face, active);
                    if active {
                        format!("the symbol, which counts {value} (activated)")
                    } else {
                        format!("the symbol, which counts {value} (not activated)")
                    }
                } else {
                    content::die_value(colour, face, false).to_string()
                }
            }
        }
    }

    /// Why `a` is refused, in words.
    pub(crate) fn why_not(&self, _p: Seat, a: &Action) -> String {
        let step = self.duel.map(|d| d.step);
        match (self.task, a) {
            (Task::ChooseCharacter { .. }, _) => "choose one of the three character cards you were dealt".into(),
            (Task::KeepTitle { .. }, _) => "keep one of the title cards you drew".into(),
            (Task::Exchange { .. }, _) => "give back a Journey card from your hand, or keep them".into(),
            (Task::Place { .. }, Action::Market(_)) => "you cannot upgrade that now: the Market is full, it is at level IV, or you lack the coins".into(),
            (Task::Place { .. }, Action::Support(_)) => "there is no support on that space, or you cannot pay for it".into(),
            (Task::Place { .. }, Action::Herald(_)) => "you cannot register there (space taken, town already entered, or the Herald is full)".into(),
            (Task::Place { .. }, Action::Place(crate::Space::NewObjective)) if self.titles_to_draw() == 0 => {
                "no title is left to draw: the title deck and its discard pile are both empty".into()
            }
            (Task::Place { .. }, _) => "that action space is full, cannot be paid for, or gives nothing now".into(),
            (Task::Pick { .. }, _) => "take a face-up Journey card or draw one blind from a deck that has cards".into(),
            (Task::Reward { .. }, _) => "choose one of the card's rewards you can receive".into(),
            (Task::PlayJourney { .. }, Action::Play(_)) => "you cannot play that card now: it is not in your hand, you cannot pay for it, or it would give you nothing".into(),
            (Task::PlayJourney { .. }, _) => "play a Journey card from your hand, or stop".into(),
            (Task::Register { optional: false, .. }, Action::Pass) => "you must register now".into(),
            (Task::Register { .. }, _) => "register on a free space (one coat of arms per town in a Pas d'Armes)".into(),
            (Task::Brave { .. }, _) => "fight the Brave duel or let it go".into(),
            (Task::ChooseTournament { .. }, _) => {
                "choose the coming round's tournament: a Pas d'Armes or a Joust à Plaisance".into()
            }
            (Task::Duel, _) => match step {
                Some(DuelStep::Tent) => "before the first clash you may use one tent support you can pay for, or pass".into(),
                Some(DuelStep::Strength) => "add Strength tokens you have, up to four in the whole duel".into(),
                Some(DuelStep::Faith) => "spend a Faith token to re-roll, or pass".into(),
                Some(DuelStep::Pick { .. }) => "pick one of your dice to re-roll (up to your limit), or roll the picked ones".into(),
                Some(DuelStep::Lance { .. }) => "use one lance support that can act now, or pass".into(),
                Some(DuelStep::Relic) => "use one active relic, or pass".into(),
                Some(DuelStep::Wake { .. }) => "choose something of yours that is flipped to reactivate".into(),
                Some(DuelStep::Recover { .. }) => "choose one of the things you used in this duel to recover".into(),
                _ => "the dice are being rolled".into(),
            },
            _ => "that is not possible now".into(),
        }
    }

    pub(crate) fn why_impossible(&self, c: &Chance) -> String {
        match (self.task, c) {
            (Task::Duel, Chance::Die(_)) => "a die shows a face from 0 to 5".into(),
            (Task::Duel, _) => "a die is being rolled, not a card drawn".into(),
            _ => format!("that cannot come up now ({})", self.chance_step_text()),
        }
    }
}

pub(crate) fn event_action_text(kind: content::EventKind) -> &'static str {
    use content::EventKind as E;
    match kind {
        E::Crusade => "pay 1 coin for 3 glory points and 3 Faith tokens",
        E::Recruitment => "pay 1 coin for the special support on the card",
        E::Volunteer => "take the special support on the card",
        E::Journey => "pay 1 coin to take 3 Journey cards",
        E::Loot => "pay 2 Strength tokens to upgrade a level III mount or armor to IV",
        E::Siege => "pay 2 Strength tokens for 5 glory points",
        E::WanderingKnight => "pay 1 coin for 5 Strength tokens",
        E::BountifulHarvest => "every player received 2 coins",
        E::RoyalWedding => "every player received 2 Strength tokens",
        E::ToArms => "every player has one pawn fewer this round",
        E::War => "every player lost 2 coins",
    }
}
