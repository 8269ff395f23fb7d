//! What one seat (or a spectator) sees of the table. Journey hands and
//! personal objectives are shown to their owner only (the card backs — how
//! many of each type — to everyone); decks and stacks show only their size.

use crate::content::{
    self, CIRCLES, JOURNEY_KINDS, Prestige, Relic, Support, TRACK, TROPHIES, TournamentKind,
};
use crate::describe::TOWNS;
use crate::duel::{ClashReport, DuelReport, DuelStep, Fighter};
use crate::state::{Glory, Hand, KNIGHT, NONE, Stage, Task, seat_entrant};
use serde::Serialize;
use tourney_core::{Game, Seat, ToMove};

/// A card or tile named by id.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Named {
    /// The id the actions and events use for it.
    pub id: u8,
    /// The name printed on it.
    pub name: &'static str,
}

/// Copies of one card or tile in a pile, named.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CardCount {
    /// The card's (or tile's) id.
    pub id: u8,
    /// The name printed on it.
    pub name: &'static str,
    /// How many copies the pile holds.
    pub count: u8,
}

/// The table as one seat, or a spectator, may see it: the JSON a client
/// draws from and what the terminal prints.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct View {
    /// The seat this view is for (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Players at the table, Otto included.
    pub seats: u8,
    /// 1 to 3.
    pub round: u8,
    /// setup, prepare, actions, journey, extra_journey, final_journey,
    /// maintenance, registration, tournament, titles, over.
    pub stage: &'static str,
    /// What the game waits for, in words.
    pub waiting_for: String,
    /// The seats whose decision the game waits for (empty at a chance
    /// step and at the end).
    pub on_move: Vec<Seat>,
    /// The initiative track, first to last.
    pub order: Vec<Seat>,
    /// The events of rounds 1-3 (`null`: not revealed yet).
    pub events: Vec<Option<Named>>,
    /// The special support lying on a Recruitment or Volunteer card.
    pub event_support: Option<Support>,
    /// The action spaces and the pawns on them.
    pub spaces: Vec<SpaceView>,
    /// Who put a pawn on each space under the initiative track, first
    /// space first: next round's order starts with them.
    pub initiative_spaces: Vec<Option<Seat>>,
    /// The support track, leftmost space first.
    pub support_track: Vec<TrackView>,
    /// Tiles left in the special, scroll and three regular stacks.
    pub support_stacks: [u8; 5],
    /// The scroll stack is picked from by name: its tiles are known.
    pub scroll_stack: Vec<CardCount>,
    /// Face-up Journey cards: Romance, Market, Challenge.
    pub journey_rows: [Vec<Option<Named>>; 3],
    /// Cards left in each Journey deck.
    pub journey_decks: [u8; 3],
    /// The three titles everyone may complete.
    pub public_titles: Vec<Named>,
    /// Titles left in the deck.
    pub title_deck: u8,
    /// The face-up title discard pile (New Objective, The Quest, Otto):
    /// the next deck once this one runs out.
    pub title_discards: Vec<Named>,
    /// Relic tiles left in the supply, by kind.
    pub relic_supply: [u8; 4],
    /// Prestige tokens left in the supply, by type.
    pub prestige_supply: [u8; 6],
    /// The tournament board.
    pub tournament: TournamentView,
    /// The Journey card whose reward a player is choosing (one of its two
    /// halves), while that choice is pending.
    pub reward_card: Option<Named>,
    /// Who is choosing the coming round's tournament type, while that
    /// choice is pending (`tournament_choice = "between_rounds"`).
    pub tournament_chooser: Option<Seat>,
    /// Every player's area, by seat (Otto's too).
    pub players: Vec<PlayerView>,
    /// The duel being fought, if any.
    pub duel: Option<DuelView>,
    /// How the last finished duel went that a player (or Otto) fought.
    pub last_duel: Option<DuelReport>,
    /// Duels between two knights settled without dice since that one (a
    /// Joust à Plaisance ladder's games): the log tells them, later than
    /// `last_duel`.
    pub knight_duels_since: u8,
    /// Who won, once the game is over (empty: a solo game lost).
    pub winners: Option<Vec<Seat>>,
    /// Solo mode: the goal and Otto's side of the table.
    pub solo: Option<SoloView>,
}

/// The solo game against Otto.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SoloView {
    /// What the solo player plays for.
    pub mode: crate::config::SoloMode,
    /// How hard the mode was set.
    pub difficulty: crate::config::Difficulty,
    /// What that difficulty changes in this mode, in words, with the
    /// other difficulties' settings (Otto's knight tile, the glory
    /// target or the starting gear).
    pub difficulty_text: String,
    /// The cards making up Otto's automa deck.
    pub deck: crate::config::AutomaDeck,
    /// What the solo player must do to win, in words.
    pub goal: String,
    /// How far the solo player stands from that goal now, in words
    /// ("52 of the 75 glory needed: 23 to go").
    pub progress: String,
    /// Otto's index in `players`.
    pub otto: Seat,
    /// The glory Otto starts with, having no character card.
    pub otto_start: u16,
    /// Rivalry mode: what Otto scores glory for, in words (`None` in the
    /// other modes, where his glory never changes).
    pub otto_scores: Option<String>,
    /// Rivalry mode: the knight tile Otto fights as.
    pub knight: Option<KnightView>,
    /// Score mode: the glory to reach.
    pub target: Option<u16>,
    /// Joust à Plaisance tournaments won by the solo player.
    pub trophies: u8,
    /// Automa cards not yet revealed since the last shuffle.
    pub automa_left: u8,
    /// Cards in the whole automa deck: the 9 Solo cards, plus the chosen
    /// pair of character cards. All of them are shuffled at the start of
    /// every Action phase and whenever `automa_left` runs out.
    pub automa_cards: u8,
    /// The card Otto revealed last and what he did with it.
    pub last_card: Option<String>,
    /// The three actions printed on that card, in priority order (I, II,
    /// III), in words; empty while no card is revealed.
    pub last_actions: Vec<String>,
    /// Which of them he took: 0 for action I (`None`: none of them could
    /// be carried out, or no card is revealed).
    pub last_taken: Option<u8>,
    /// Every card of Otto's automa deck (the 9 Solo cards, plus the chosen
    /// pair), in the order of `automa.toml`: their faces are no secret, and
    /// which are turned up since the last shuffle everyone has seen.
    pub deck_cards: Vec<AutomaCardView>,
}

/// One card of Otto's automa deck.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct AutomaCardView {
    /// The card's name ("Solo card 3").
    pub name: &'static str,
    /// Its actions I, II and III in priority order, in words: Otto takes
    /// the first he can carry out in full.
    pub actions: Vec<String>,
    /// Turned up since the last shuffle, so not among the cards left; all
    /// of them go back at the next shuffle. False for every card before
    /// the first Action phase, when the deck is still to be shuffled.
    pub turned_up: bool,
}

impl View {
    /// "Seat N", or "Otto" for the automa.
    pub fn player_name(&self, p: Seat) -> String {
        match &self.solo {
            Some(s) if s.otto == p => "Otto".to_string(),
            _ => crate::events::seat(p),
        }
    }
}

/// One action space of the main board.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SpaceView {
    /// Which space.
    pub space: crate::actions::Space,
    /// Pawns per player.
    pub pawns: Vec<u8>,
    /// Circles at this table (`null`: an open zone).
    pub circles: Option<u8>,
}

/// One space of the support track.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TrackView {
    /// The tile lying there, if any.
    pub support: Option<Support>,
    /// Its price in coins (before Diplomats).
    pub cost: u8,
    /// A space for special supports.
    pub special: bool,
    /// Locked spaces are not used at this player count.
    pub locked: bool,
}

/// The tournament board.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TournamentView {
    /// This round's tournament type.
    pub kind: TournamentKind,
    /// The tournament card drawn (`None` before it is).
    pub card: Option<u8>,
    /// Joust à Plaisance: the trophy the winner takes.
    pub trophy: Option<&'static str>,
    /// Pas d'Armes: Florence, Paris, Munich.
    pub towns: Vec<TownView>,
    /// Joust à Plaisance: lower row (8), middle (4), upper (2), winner (1).
    pub ladder: Vec<Option<Entrant>>,
    /// Each round's tournament type in words: the type of every round set
    /// up so far (chosen during play or not), and for the rounds to come
    /// the agreed type or who chooses it and when.
    pub plan: String,
    /// What the drawn card's section for this round puts on the board
    /// (`null` before the card is drawn).
    pub layout: Option<LayoutView>,
}

/// One round's section of a tournament card: which kinds of knight it
/// brings, by the words `knight_types` names.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LayoutView {
    /// Pas d'Armes: the knight types drawn for Florence, Paris and Munich.
    pub towns: Vec<Vec<content::KnightType>>,
    /// Joust à Plaisance: the lower row's eight spaces as set up, left to
    /// right (`null`: a space left free for the players).
    pub place: Vec<Option<content::KnightType>>,
    /// Joust à Plaisance: the types that fill the spaces still free after
    /// registration, left to right, as many as are needed.
    pub add: Vec<content::KnightType>,
}

/// A tournament card's section as the view gives it: the towns of a Pas
/// d'Armes, the lower row and the additions of a Joust à Plaisance.
fn layout_view(l: &content::Layout, kind: TournamentKind) -> LayoutView {
    let joust = kind == TournamentKind::JoustAPlaisance;
    LayoutView {
        towns: if joust {
            Vec::new()
        } else {
            l.towns
                .iter()
                .map(|t| t.iter().flatten().copied().collect())
                .collect()
        },
        place: if joust { l.place.to_vec() } else { Vec::new() },
        add: l.add.iter().flatten().copied().collect(),
    }
}

/// One Pas d'Armes town.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TownView {
    /// Florence, Paris or Munich.
    pub town: &'static str,
    /// The knights waiting there, best first.
    pub knights: Vec<TownKnight>,
}

/// A knight in a Pas d'Armes town and who challenges him.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TownKnight {
    /// The tournament space (town * 3 + place), as `register` names it.
    pub space: u8,
    /// The knight on the space.
    pub knight: KnightView,
    /// The player (or Otto) registered against him.
    pub challenger: Option<Seat>,
}

/// A knight tile with the numbers printed on it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct KnightView {
    /// The tile's id.
    pub id: u8,
    /// The knight's name.
    pub name: &'static str,
    /// His type, which tournament cards ask for.
    #[serde(rename = "type")]
    pub kind: content::KnightType,
    /// His attack value in a duel.
    pub attack: u8,
    /// The glory he is worth to whoever beats him.
    pub glory: u8,
    /// His prestige, for ties.
    pub prestige: u8,
    /// Dice an opponent rolls fewer: strength, mount, armor.
    pub fewer: [u8; 3],
    /// Adds a white die in every clash.
    pub armor_die: bool,
}

/// Who holds a space of the Joust à Plaisance ladder.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Entrant {
    /// A player's coat of arms (or Otto's).
    Player(Seat),
    /// A knight tile.
    Knight(KnightView),
}

/// One player's area, as the viewer may see it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PlayerView {
    /// Whose area.
    pub seat: Seat,
    /// The character played (`None` during setup).
    pub character: Option<Named>,
    /// The level II and III cards dealt at setup.
    pub dealt: Vec<Named>,
    /// Glory points.
    pub glory: u16,
    /// Coins.
    pub coins: u8,
    /// Strength tokens.
    pub strength: u8,
    /// Faith tokens.
    pub faith: u8,
    /// Mount level, 1 to 4.
    pub mount: u8,
    /// Armor level, 1 to 4.
    pub armor: u8,
    /// Supports owned, and how many of each are still active.
    pub supports: Vec<Owned<Support>>,
    /// Relics owned, and how many are still active.
    pub relics: Vec<Owned<Relic>>,
    /// Prestige tokens owned (one of a type), active or flipped.
    pub prestige: Vec<Owned<Prestige>>,
    /// Journey cards in hand by type (the backs everyone sees).
    pub hand_size: [u8; 3],
    /// The whole hand: the owner only.
    pub hand: Option<Vec<CardCount>>,
    /// Cards in the hand everyone has seen (taken face up, or kept after a
    /// lost duel).
    pub known_cards: Vec<CardCount>,
    /// Personal objectives: the owner only (everyone with open objectives,
    /// and everyone once the game is over).
    pub objectives: Option<Vec<Named>>,
    /// How many personal objectives they hold: public even when hidden.
    pub objectives_held: u8,
    /// Titles drawn and not yet kept: the owner only.
    pub title_offer: Option<Vec<Named>>,
    /// Discarded (played) cards by type: Romance, Market, Challenge.
    pub played: [u8; 3],
    /// Action pawns not yet on the board this round.
    pub pawns_left: u8,
    /// Took the Initiative action this round (once a round only).
    pub took_initiative: bool,
    /// Journey cards they may still play this Journey phase.
    pub journey_left: u8,
    /// Ever used a Rogue, which the Noble title forbids.
    pub rogue_used: bool,
    /// Titles scored in the Title phase.
    pub completed_titles: Vec<Named>,
}

/// Copies of one support, relic or prestige token a player owns.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Owned<T> {
    /// Which one.
    pub kind: T,
    /// Copies owned.
    pub owned: u8,
    /// Of those, copies on their active side.
    pub active: u8,
}

/// The duel being fought.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct DuelView {
    /// Both fighters' names, left first.
    pub fighters: [String; 2],
    /// Both sides, left first.
    pub sides: [SideView; 2],
    /// Clashes won by each side.
    pub wins: [u8; 2],
    /// The clash being fought, 1 to 3.
    pub clash: u8,
    /// Where the clash stands.
    pub step: DuelStep,
    /// The side acting now (0 left, 1 right).
    pub acting: Option<u8>,
    /// Dice picked for a re-roll, as slot numbers.
    pub picked: Vec<u8>,
    /// How many dice the re-roll may take.
    pub pick_limit: u8,
    /// How the last clash was decided.
    pub last_clash: Option<ClashReport>,
}

/// One side of the duel being fought.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SideView {
    /// Who fights on this side.
    pub fighter: Fighter,
    /// The attack value right now (dice not yet rolled count nothing).
    pub attack: i16,
    /// Active prestige plus this clash's modifier.
    pub prestige: i16,
    /// Strength tokens put in this duel (four turn the red symbol to its
    /// best).
    pub strength_tokens: u8,
    /// Dice faces by colour (`null`: being rolled); values count the
    /// symbol when it is active.
    pub dice: [Vec<Option<u8>>; 3],
    /// What those dice count, in the same places.
    pub values: [Vec<Option<u8>>; 3],
    /// A Polish Noble's white die (its face).
    pub knight_die: Option<u8>,
    /// This clash's attack modifier.
    pub attack_modifier: i8,
    /// This clash's prestige modifier.
    pub prestige_modifier: i8,
    /// The clash's one Faith re-roll is spent.
    pub faith_used: bool,
    /// The clash's one relic is used.
    pub relic_used: bool,
}

pub(crate) fn knight_view(id: u8) -> Option<KnightView> {
    content::knight(id).map(|k| KnightView {
        id,
        name: k.name,
        kind: k.kind,
        attack: k.attack,
        glory: k.glory,
        prestige: k.prestige,
        fewer: k.fewer,
        armor_die: k.rolls_armor_die(),
    })
}

fn named_title(t: u8) -> Named {
    Named {
        id: t,
        name: content::title_name(t),
    }
}

fn cards(pile: &crate::state::Hand) -> Vec<CardCount> {
    (0..JOURNEY_KINDS)
        .filter(|&k| pile.count(k) > 0)
        .map(|k| CardCount {
            id: k as u8,
            name: content::journey_name(k as u8),
            count: pile.count(k),
        })
        .collect()
}

fn titles(pile: &crate::state::Titles) -> Vec<Named> {
    (0..14u8)
        .filter(|&t| pile.count(usize::from(t)) > 0)
        .map(named_title)
        .collect()
}

impl Glory {
    fn stage_name(&self) -> &'static str {
        match self.stage {
            Stage::Setup(_) => "setup",
            Stage::Prepare { .. } => "prepare",
            Stage::Actions => "actions",
            Stage::Journey(crate::state::JourneyPhase::Normal) => "journey",
            Stage::Journey(crate::state::JourneyPhase::Extra) => "extra_journey",
            Stage::Journey(crate::state::JourneyPhase::Final) => "final_journey",
            Stage::Maintenance => "maintenance",
            Stage::Registration => "registration",
            Stage::Tournament => "tournament",
            Stage::Titles => "titles",
            Stage::Over { .. } => "over",
        }
    }

    fn waiting_text(&self) -> String {
        let seat = |p: Seat| self.player_name(p);
        match self.task {
            Task::ChooseCharacter { seat: p } => format!("{} chooses a character", seat(p)),
            Task::KeepTitle { player, left } => format!(
                "{} keeps {}",
                seat(player),
                tourney_core::text::plural(left, "title", "titles")
            ),
            Task::Exchange { player } => {
                format!("{} may give back Journey cards for Strength", seat(player))
            }
            Task::Place { player } => format!("{} places an action pawn", seat(player)),
            Task::Pick { player, left } => {
                format!(
                    "{} takes {}",
                    seat(player),
                    tourney_core::text::plural(left, "more Journey card", "more Journey cards")
                )
            }
            // The card is named: after a Challenge card's duel it has left
            // the hand, and the buttons name only the rewards.
            Task::Reward { player, card } => match crate::content::journey(card) {
                Some(c) => format!(
                    "{} chooses the reward of {}: {}",
                    seat(player),
                    c.name,
                    c.options
                        .iter()
                        .take(usize::from(c.choices.min(2)))
                        .map(crate::describe::reward_text)
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
                None => format!("{} chooses a card's reward", seat(player)),
            },
            Task::PlayJourney { player } => {
                format!("{} plays a Journey card or stops", seat(player))
            }
            Task::Register { player, optional } => format!(
                "{} registers for the tournament{}",
                seat(player),
                match (optional, self.is_joust()) {
                    (false, _) => "",
                    (true, true) => " or waits for now",
                    (true, false) => " in another town, or in no other",
                }
            ),
            Task::Brave { player } => format!("{} decides on the Brave duel", seat(player)),
            Task::ChooseTournament { player } => format!(
                "{} chooses the tournament of round {}",
                seat(player),
                self.round
            ),
            Task::Duel => match self.duel {
                Some(d) => match (d.deciding(), d.step) {
                    (Some(p), step) => format!("{} decides ({})", seat(p), step_word(step)),
                    (None, _) => self.chance_step_text(),
                },
                None => String::new(),
            },
            Task::Idle => match self.stage {
                Stage::Over { .. } => "The game is over".to_string(),
                _ => String::new(),
            },
            _ => self.chance_step_text(),
        }
    }

    pub(crate) fn make_view(&self, viewer: Option<Seat>) -> View {
        let viewer = viewer.and_then(|s| self.seat_of(s));
        let n = self.n();
        let on_move = match self.to_move() {
            ToMove::Seats(s) => s.iter().collect(),
            _ => Vec::new(),
        };
        let events = self
            .board
            .events
            .iter()
            .map(|&id| content::event(id).map(|e| Named { id, name: e.name }))
            .collect();
        let spaces = crate::actions::Space::ALL
            .iter()
            .map(|&space| SpaceView {
                space,
                pawns: self
                    .pawns_on(space)
                    .into_iter()
                    .take(usize::from(n))
                    .collect(),
                circles: match space {
                    crate::actions::Space::Initiative => Some(n),
                    // One place on the event card, if this round's event
                    // adds an action at all.
                    crate::actions::Space::Event => Some(u8::from(
                        self.event_kind().is_some_and(content::EventKind::has_space),
                    )),
                    s => CIRCLES
                        .get(s.index())
                        .copied()
                        .flatten()
                        .map(|c| self.for_table_size(c)),
                },
            })
            .collect();
        let support_track = TRACK
            .iter()
            .zip(self.board.track)
            .map(|(t, s)| TrackView {
                support: Support::from_index(usize::from(s)),
                cost: t.cost,
                special: t.special,
                locked: t.players > self.table_size(),
            })
            .collect();
        let scroll = &self.board.stacks[content::SCROLL];
        let scroll_stack = Support::ALL
            .iter()
            .filter(|s| scroll.count(s.index()) > 0)
            .map(|s| CardCount {
                id: *s as u8,
                name: s.name(),
                count: scroll.count(s.index()),
            })
            .collect();
        let journey_rows = self.board.rows.map(|row| {
            row.iter()
                .map(|&k| {
                    content::journey(k).map(|c| Named {
                        id: k,
                        name: c.name,
                    })
                })
                .collect()
        });
        let journey_decks = count_by_type(&self.board.deck);
        let winners = match self.stage {
            Stage::Over { winners } => Some(winners.iter().collect()),
            _ => None,
        };
        View {
            viewer,
            seats: n,
            round: self.round,
            stage: self.stage_name(),
            waiting_for: self.waiting_text(),
            on_move,
            order: self.in_order().collect(),
            events,
            event_support: Support::from_index(usize::from(self.board.event_support)),
            spaces,
            initiative_spaces: self
                .board
                .initiative
                .iter()
                .take(usize::from(n))
                .map(|s| s.seat())
                .collect(),
            support_track,
            support_stacks: self.board.stacks.map(|s| s.len().min(255) as u8),
            scroll_stack,
            journey_rows,
            journey_decks,
            public_titles: self
                .board
                .public
                .iter()
                .filter(|&&t| t != NONE)
                .map(|&t| named_title(t))
                .collect(),
            title_deck: self.board.title_deck.len().min(255) as u8,
            title_discards: (0..14u8)
                .filter(|&t| self.board.title_discards.count(usize::from(t)) > 0)
                .map(named_title)
                .collect(),
            relic_supply: self.board.relics,
            prestige_supply: self.board.prestige,
            tournament: self.tournament_view(),
            reward_card: match self.task {
                Task::Reward { card, .. } => content::journey(card).map(|c| Named {
                    id: card,
                    name: c.name,
                }),
                _ => None,
            },
            tournament_chooser: match self.task {
                Task::ChooseTournament { player } => Some(player),
                _ => None,
            },
            players: self.ids().map(|p| self.player_view(p, viewer)).collect(),
            duel: self.duel_view(),
            last_duel: self.last_duel,
            knight_duels_since: self.knight_duels_since,
            winners,
            solo: self.solo_view(),
        }
    }

    fn solo_view(&self) -> Option<SoloView> {
        use crate::config::{AutomaDeck, SoloMode};
        let o = self.solo.as_ref()?;
        let goal = self.solo_goal().unwrap_or_default();
        let progress = self.solo_progress().unwrap_or_default();
        let last_card = content::AUTOMA.get(usize::from(o.last_card)).map(|c| {
            match c.actions.get(usize::from(o.last_action)) {
                Some(&a) => format!("{}: {}", c.name, crate::solo::otto_action_text(a)),
                None => format!("{}: nothing he could do", c.name),
            }
        });
        let card = content::AUTOMA.get(usize::from(o.last_card));
        let last_actions = card.map_or_else(Vec::new, |c| {
            c.actions
                .iter()
                .map(|&a| crate::solo::otto_action_text(a))
                .collect()
        });
        let last_taken = (usize::from(o.last_action) < last_actions.len()).then_some(o.last_action);
        let automa_cards = content::AUTOMA
            .iter()
            .filter(|c| c.deck == AutomaDeck::Solo || c.deck == o.settings.deck)
            .count()
            .min(255) as u8;
        // Before the first shuffle the pile is empty and nothing is turned
        // up; after it, a card of the deck missing from the pile was
        // turned up (face up, for all to see) since the last shuffle.
        let shuffled = !o.pile.is_empty() || o.last_card != NONE;
        let deck_cards = content::AUTOMA
            .iter()
            .enumerate()
            .filter(|(_, c)| c.deck == AutomaDeck::Solo || c.deck == o.settings.deck)
            .map(|(id, c)| AutomaCardView {
                name: c.name,
                actions: c
                    .actions
                    .iter()
                    .map(|&a| crate::solo::otto_action_text(a))
                    .collect(),
                turned_up: shuffled && o.pile.count(id) == 0,
            })
            .collect();
        Some(SoloView {
            mode: o.settings.mode,
            difficulty: o.settings.difficulty,
            difficulty_text: crate::solo::difficulty_text(o.settings),
            deck: o.settings.deck,
            goal,
            progress,
            otto: crate::solo::OTTO,
            otto_start: content::OTTO_GLORY,
            otto_scores: (o.settings.mode == SoloMode::Rivalry)
                .then(crate::solo::otto_scoring_text),
            knight: knight_view(o.tile),
            target: (o.settings.mode == SoloMode::Score).then(|| o.target()),
            trophies: o.trophies,
            automa_left: o.pile.len().min(255) as u8,
            automa_cards,
            last_card,
            last_actions,
            last_taken,
            deck_cards,
        })
    }

    fn tournament_view(&self) -> TournamentView {
        let t = &self.tourney;
        let towns = if t.kind == TournamentKind::PasDArmes {
            TOWNS
                .iter()
                .zip((0..9usize).step_by(3))
                .map(|(&town, first)| TownView {
                    town,
                    knights: (first..first.saturating_add(3))
                        .filter_map(|s| {
                            knight_view(t.knight_on(s)).map(|knight| TownKnight {
                                space: s as u8,
                                knight,
                                challenger: t.challenger_on(s).seat(),
                            })
                        })
                        .collect(),
                })
                .collect()
        } else {
            Vec::new()
        };
        let ladder = if t.kind == TournamentKind::JoustAPlaisance {
            t.ladder
                .iter()
                .map(|&e| match e {
                    NONE => None,
                    e if e >= KNIGHT => knight_view(e.saturating_sub(KNIGHT)).map(Entrant::Knight),
                    p => seat_entrant(p).map(Entrant::Player),
                })
                .collect()
        } else {
            Vec::new()
        };
        TournamentView {
            kind: t.kind,
            card: (t.card != NONE).then_some(t.card),
            trophy: if t.kind == TournamentKind::JoustAPlaisance {
                Some(
                    TROPHIES
                        .get(usize::from(t.trophy))
                        .map_or("standard (1 glory, 1 coin)", |x| x.name),
                )
            } else {
                None
            },
            towns,
            ladder,
            plan: self.tournament_plan(),
            layout: self.layout().map(|l| layout_view(l, t.kind)),
        }
    }

    fn player_view(&self, p: Seat, viewer: Option<Seat>) -> PlayerView {
        // A seat past the table reads the last player area, never past it.
        let [.., last] = &self.players;
        let pl = self.players.get(p.index()).unwrap_or(last);
        let mine = viewer == Some(p);
        let hand_size = count_by_type(&pl.hand);
        let named_char = |id: u8| content::character(id).map(|c| Named { id, name: c.name });
        PlayerView {
            seat: p,
            character: named_char(pl.character),
            dealt: pl.offered.iter().filter_map(|&c| named_char(c)).collect(),
            glory: pl.glory,
            coins: pl.coins,
            strength: pl.strength,
            faith: pl.faith,
            mount: pl.mount,
            armor: pl.armor,
            supports: Support::ALL
                .iter()
                .filter(|s| pl.owned(**s) > 0)
                .map(|&s| Owned {
                    kind: s,
                    owned: pl.owned(s),
                    active: pl.active(s),
                })
                .collect(),
            relics: Relic::ALL
                .iter()
                .filter(|r| pl.owned_relic(**r) > 0)
                .map(|&r| Owned {
                    kind: r,
                    owned: pl.owned_relic(r),
                    active: pl.active_relic(r),
                })
                .collect(),
            prestige: Prestige::ALL
                .iter()
                .filter(|t| pl.prestige & t.bit() != 0)
                .map(|&t| Owned {
                    kind: t,
                    owned: 1,
                    active: u8::from(pl.flipped & t.bit() == 0),
                })
                .collect(),
            hand_size,
            hand: mine.then(|| cards(&pl.hand)),
            known_cards: cards(&pl.known),
            // Once the game is over every title has been scored in the
            // open: each player's (and Otto's) are shown to all.
            objectives: (mine
                || self.config.open_objectives
                || matches!(self.stage, Stage::Over { .. }))
            .then(|| titles(&pl.titles)),
            objectives_held: pl.titles.len().min(255) as u8,
            title_offer: mine.then(|| titles(&pl.offer)),
            played: pl.played,
            pawns_left: pl.pawns.saturating_sub(pl.placed),
            took_initiative: pl.initiative,
            journey_left: pl.journey_left,
            rogue_used: pl.rogue_used,
            completed_titles: (0..14u8)
                .filter(|&t| pl.completed & (1 << t) != 0)
                .map(named_title)
                .collect(),
        }
    }

    fn duel_view(&self) -> Option<DuelView> {
        let d = self.duel?;
        let side = |s: u8| {
            let x = *d.at(s);
            let active = |c: usize| match x.fighter {
                Fighter::Player(p) => self.symbol_active(p, c),
                _ => false,
            };
            let colour = |c: usize| -> (Vec<Option<u8>>, Vec<Option<u8>>) {
                x.slots(c)
                    .map(|i| {
                        let f = x.dice.get(i).copied().unwrap_or(NONE);
                        (
                            (f != NONE).then_some(f),
                            (f != NONE).then(|| content::die_value(c, f, active(c))),
                        )
                    })
                    .unzip()
            };
            let (r, rv) = colour(0);
            let (b, bv) = colour(1);
            let (w, wv) = colour(2);
            SideView {
                fighter: x.fighter,
                attack: self.attack(&d, s),
                prestige: self.duel_prestige(&d, s),
                strength_tokens: x.tokens,
                dice: [r, b, w],
                values: [rv, bv, wv],
                knight_die: (x.knight_die != NONE).then_some(x.knight_die),
                attack_modifier: x.attack_mod,
                prestige_modifier: x.prestige_mod,
                faith_used: x.faith_used,
                relic_used: x.relic_used,
            }
        };
        Some(DuelView {
            fighters: [
                self.fighter_name(d.sides[0].fighter),
                self.fighter_name(d.sides[1].fighter),
            ],
            sides: [side(0), side(1)],
            wins: d.wins,
            clash: d.clash,
            step: d.step,
            acting: d.acting(),
            picked: (0..10u8).filter(|&i| d.picked & (1 << i) != 0).collect(),
            pick_limit: d.limit,
            last_clash: d.last_clash(),
        })
    }
}

pub(crate) fn step_word(step: DuelStep) -> &'static str {
    match step {
        DuelStep::Tent => "tent support",
        DuelStep::Wake { .. } => "what to flip back",
        DuelStep::Strength => "Strength tokens",
        DuelStep::Roll => "roll",
        DuelStep::Faith => "Faith",
        DuelStep::Pick { .. } => "dice to re-roll",
        DuelStep::Reroll { .. } => "re-roll",
        DuelStep::Lance { second: false } => "first lance support",
        DuelStep::Lance { second: true } => "second lance support",
        DuelStep::Relic => "relic",
        DuelStep::Resolve => "comparison",
        DuelStep::Recover { .. } => "what to recover",
        DuelStep::Done => "end",
    }
}

/// Journey cards of each type among `cards` (Romance, Market, Challenge).
fn count_by_type(cards: &Hand) -> [u8; 3] {
    let mut by_type = [0u8; 3];
    for (k, &c) in cards.counts().iter().enumerate() {
        if let Some(card) = content::journey(k as u8)
            && let Some(n) = by_type.get_mut(card.kind.index())
        {
            *n = n.saturating_add(c);
        }
    }
    by_type
}
