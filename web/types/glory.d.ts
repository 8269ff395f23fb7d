// Glory: A Game of Knights: the JSON shapes of its views, actions, events, config and
// components, generated from the Rust types (crates/server/src/web_types.rs).
// Do not edit: `TOURNEY_WRITE_TYPES=1 cargo test -p tourney-server --test web_types`
// rewrites this file.

/** A seat's decision. */
export type Action = {
  character: number;
} | {
  keep_title: number;
} | {
  exchange: number;
} | {
  place: Space;
} | {
  market: Gear;
} | {
  support: number;
} | {
  herald: number;
} | {
  loot: Gear;
} | {
  take: number;
} | {
  draw: JourneyType;
} | {
  play: number;
} | {
  choose: number;
} | {
  register: number;
} | {
  tournament: TournamentKind;
} | "attempt" | {
  use: Support;
} | {
  strength: number;
} | "faith" | {
  reroll: {
    /** Which dice of the side to look among. */
    colour: Colour;
    /**
     * The face the chosen die shows; of several such dice the first
     * one not yet picked is taken.
     */
    face: number;
  };
} | "roll" | {
  relic: Relic;
} | {
  reactivate_support: Support;
} | {
  reactivate_relic: Relic;
} | "pass";

/** One card of Otto's automa deck. */
export interface AutomaCardView {
  /**
   * Its actions I, II and III in priority order, in words: Otto takes
   * the first he can carry out in full.
   */
  actions: string[];
  /** The card's name ("Solo card 3"). */
  name: string;
  /**
   * Turned up since the last shuffle, so not among the cards left; all
   * of them go back at the next shuffle. False for every card before
   * the first Action phase, when the deck is still to be shuffled.
   */
  turned_up: boolean;
}

/**
 * Which cards make up Otto's automa deck: the 9 Solo cards alone, or with
 * the two Warrior or the two Pious character cards.
 */
export type AutomaDeck = "solo" | "warrior" | "pious";

/** Copies of one card or tile in a pile, named. */
export interface CardCount {
  /** How many copies the pile holds. */
  count: number;
  /** The card's (or tile's) id. */
  id: number;
  /** The name printed on it. */
  name: string;
}

/** What a step changed of a player's open resources. */
export interface Change {
  /** The new level of upgraded armor. */
  armor?: number | null;
  /** Coins gained (or paid). */
  coins: number;
  /** Faith tokens gained (or paid). */
  faith: number;
  /** Glory gained (or lost, below zero). */
  glory: number;
  /** The new level of an upgraded mount. */
  mount?: number | null;
  /** Prestige tokens gained. */
  prestige: Prestige[];
  /** Relics gained. */
  relics: Relic[];
  /** Strength tokens gained (or paid). */
  strength: number;
  /** Supports gained. */
  supports: Support[];
}

/** A character card. */
export interface CharacterInfo {
  /** Starting armor level, 1 to 4. */
  armor: number;
  /** Starting coins. */
  coins: number;
  /** Starting Faith tokens. */
  faith: number;
  /** Starting glory. */
  glory: number;
  /** Coins, Strength and Faith each Maintenance phase. */
  income: number[];
  /** Romance, Market and Challenge cards drawn at setup. */
  journey: number[];
  /** Its level, 1 to 3. */
  level: number;
  /** Starting mount level, 1 to 4. */
  mount: number;
  /** The card's name. */
  name: string;
  /** Starting Strength tokens. */
  strength: number;
  /** The special support a level III card grants. */
  support?: Support | null;
  /** Titles drawn and kept at setup. */
  titles: number[];
}

/** How characters are handed out. */
export type Characters = "deal" | "level_one";

/** How one clash ended. */
export interface ClashReport {
  /** Both sides' attack values, left side first. */
  attack: number[];
  /** What decided it. */
  by: TieBreak;
  /** Both sides' prestige at the comparison. */
  prestige: number[];
  /**
   * What each side's attack value was made of, left side first. (Saved
   * games from before it read all zero.)
   */
  sides?: ClashSide[];
  /** The side that won the clash: 0 left, 1 right. */
  winner: number;
}

/**
 * What one side's attack value in a clash was made of: it is `printed`
 * plus the dice plus `modifier`.
 */
export interface ClashSide {
  /**
   * The value each colour counted (red, black, white): a player's best
   * die of that colour, a Polish Noble's white die; `null` where no die
   * of it was rolled.
   */
  dice: (number | null)[];
  /** This clash's attack modifier (Cook, Veteran, relics, events ...). */
  modifier: number;
  /** A knight's (or Otto's tile's) printed attack; 0 for a player. */
  printed: number;
}

/** A die colour: red Strength, black Mount, white Armor. */
export type Colour = "strength" | "mount" | "armor";

/** Every component fact a Glory board shows, as the data files state it. */
export interface Components {
  /**
   * The 12 character cards (the four identical level I cards each
   * counted): a character's id is its index here.
   */
  characters: CharacterInfo[];
  /**
   * The three dice, in the order of every per-colour array of the view
   * (a side's `dice` and `values`, a knight's `fewer`).
   */
  dice: DieInfo[];
  /** The 12 event cards: an event's id is its index here. */
  events: EventInfo[];
  /**
   * The Journey cards: a card's id (in the view's cards and in the
   * `take`, `play` and `exchange` actions) is its index here.
   */
  journey: JourneyInfo[];
  /**
   * What the rulebook calls the cards of the three Journey decks
   * (`journey.toml`, `[deck] name`).
   */
  journey_name: string;
  /**
   * The three Journey card types, in the order of every per-type array
   * of the view (`journey_rows`, `journey_decks`, `hand_size`, `played`).
   */
  journey_types: JourneyTypeInfo[];
  /** The five knight types, which the view names by word. */
  knight_types: KnightTypeInfo[];
  /** The 32 knight tiles: a knight's id is his index here. */
  knights: KnightInfo[];
  /**
   * The six prestige tokens, in the order of the view's
   * `prestige_supply`.
   */
  prestige: PrestigeInfo[];
  /** The four relics, in the order of the view's `relic_supply`. */
  relics: RelicInfo[];
  /**
   * How to play, for a newcomer, and a glossary of every word the board
   * and the terminal show (`rules.toml`); `{key}` in a text stands for
   * the table's option `key` (see `RulesText::fill`).
   */
  rules: RulesText;
  /**
   * The action spaces of the town, one entry each; the view names a
   * space by its word (`space`).
   */
  spaces: SpaceInfo[];
  /**
   * The 22 supports, in the rules' order: the view names a support by
   * its word (`support`), a `scroll_stack` entry by its index here.
   */
  supports: SupportInfo[];
  /** The 14 title cards: a title's id is its index here. */
  titles: TitleInfo[];
  /** The two kinds of tournament, which the view names by word. */
  tournament_kinds: TournamentKindInfo[];
  /**
   * The four trophy tiles; the view names the tournament's trophy by
   * its name.
   */
  trophies: TrophyInfo[];
}

/** Glory's options. Every field has a default; unknown fields are refused. */
export interface Config {
  /** Characters dealt to choose from, or the level I card for everyone. */
  characters?: Characters;
  /** Level I mount and/or armor for experienced players, by seat. */
  handicap?: Handicap[];
  /** Journey cards one at a time round the table, or each player's in one go. */
  journey?: JourneyOrder;
  /** Personal objectives are shown to everyone (the introductory game). */
  open_objectives?: boolean;
  /**
   * Solo mode against Otto: one seat only (with one seat and no `solo`
   * settings, Rivalry at medium with the 9 Solo cards).
   */
  solo?: Solo | null;
  /**
   * Whether rounds 2 and 3 keep their `tournaments` type or have it
   * chosen at the table between rounds.
   */
  tournament_choice?: TournamentChoice;
  /** The tournament type of rounds 1, 2 and 3. */
  tournaments?: TournamentKind[];
  /** What the winner of a Joust à Plaisance receives. */
  trophies?: Trophies;
}

/** A die colour. */
export interface DieInfo {
  /** The colour as the view and the `reroll` action name it. */
  colour: Colour;
  /** The value of each face, by face number; the last is the symbol. */
  faces: number[];
  /** What the colour stands for (Strength, Mount, Armor). */
  name: string;
  /** What an activated symbol is worth. */
  symbol: number;
}

/**
 * How hard the solo game is: in each mode it picks one of three settings
 * (Champion's starting gear, Score's target, Otto's knight tile in Rivalry).
 */
export type Difficulty = "easy" | "medium" | "hard";

/** What a duel is fought for. */
export type DuelCtx = {
  journey: {
    /** The Challenge card (Journey card kind). */
    card: number;
    /** Who played the card; the card goes back to them if they lose. */
    player: Seat;
  };
} | {
  pas_d_armes: {
    /** The tournament space fought on: town * 3 + place. */
    space: number;
  };
} | {
  joust: {
    /** The match: 0-3 lower row, 4-5 middle row, 6 the final. */
    game: number;
  };
} | {
  title: {
    /** Who fights for the title. */
    player: Seat;
    /** The title asking for the duel. */
    title: number;
  };
};

/** How a finished duel went. */
export interface DuelReport {
  /** How each clash was decided, first to third (`null`: not fought). */
  clashes?: (ClashReport | null)[];
  /**
   * Set when no dice were rolled: Otto against a knight is settled at
   * once by comparing each side's glory value, then prestige, the left
   * side winning a tie. Holds `[glory, prestige]` for each side, so a
   * reader sees why, and `wins` stays `[0, 0]`.
   */
  compared?: number[][] | null;
  /** What the duel was fought for. */
  ctx: DuelCtx;
  /** The two sides, left first. */
  fighters: Fighter[];
  /** Glory each side gained for the duel. */
  glory: number[];
  /**
   * Each side's glory value when the duel was scored: what beating that
   * side was worth (a knight's printed glory; 7 or 9 for a player or
   * Otto). The loser's glory, when it won one clash, is half the
   * winner's value, rounded down. 0 for duels that pay no glory by
   * themselves (a Challenge card's, a title's) and those settled
   * without dice.
   */
  values?: number[];
  /** The side that won the duel: 0 left, 1 right. */
  winner: number;
  /** Clashes each side won. */
  wins: number[];
}

/** Where a duel stands. */
export type DuelStep = "tent" | {
  wake: {
    /** A relic (Hermit), else a support (Lady-in-Waiting). */
    relic: boolean;
  };
} | "strength" | "roll" | "faith" | {
  pick: {
    /**
     * The Ring asked for the re-roll (up to four dice, then the relic
     * step goes on), not a Faith token.
     */
    ring: boolean;
  };
} | {
  reroll: {
    /** As in [`DuelStep::Pick`]: where the clash goes on afterwards. */
    ring: boolean;
  };
} | {
  lance: {
    /** The second of the two lance turns. */
    second: boolean;
  };
} | "relic" | "resolve" | {
  recover: {
    /** Picking a relic; the support (if any) was picked before. */
    relic: boolean;
  };
} | "done";

/** The duel being fought. */
export interface DuelView {
  /** The side acting now (0 left, 1 right). */
  acting?: number | null;
  /** The clash being fought, 1 to 3. */
  clash: number;
  /** Both fighters' names, left first. */
  fighters: string[];
  /** How the last clash was decided. */
  last_clash?: ClashReport | null;
  /** How many dice the re-roll may take. */
  pick_limit: number;
  /** Dice picked for a re-roll, as slot numbers. */
  picked: number[];
  /** Both sides, left first. */
  sides: SideView[];
  /** Where the clash stands. */
  step: DuelStep;
  /** Clashes won by each side. */
  wins: number[];
}

/** Who holds a space of the Joust à Plaisance ladder. */
export type Entrant = {
  player: Seat;
} | {
  knight: KnightView;
};

/** One thing the rules made happen. */
export type Event = {
  /** The glory it is worth to whoever completes it. */
  glory: number;
  kind: "public_title";
  /** Its name. */
  name: string;
  /** The title's id. */
  title: number;
} | {
  /** The character card's id. */
  character: number;
  kind: "character_dealt";
  /** Its level, 2 or 3. */
  level: number;
  /** Its name. */
  name: string;
  /** Who is dealt the card. */
  player: Seat;
} | ({
  /** The armor level the player starts with. */
  armor: number;
  /** The character card's id. */
  character: number;
  /** Coins the player starts with. */
  coins: number;
  /** Faith tokens the player starts with. */
  faith: number;
  /** Glory the player starts with. */
  glory: number;
  kind: "character_chosen";
  /** Its level, 1 to 3. */
  level: number;
  /** The mount level the player starts with (a handicap lowers it). */
  mount: number;
  /** Its name. */
  name: string;
  /** Who plays the character. */
  player: Seat;
  /** The Prestige tokens that support gave (a King, a Vassal). */
  prestige: Prestige[];
  /** Strength tokens the player starts with. */
  strength: number;
  /** A level III card's special support. */
  support?: Support | null;
}) | {
  kind: "initiative_drawn";
  /** The place it takes: 0 = first. */
  place: number;
  /** Whose coat of arms. */
  player: Seat;
} | {
  /** Challenge cards they draw: one per place behind the first. */
  cards: number;
  /** Glory received: one per place behind the first. */
  glory: number;
  kind: "compensation";
  /** Their place on the initiative track (0 = first). */
  place: number;
  /** Who is compensated. */
  player: Seat;
  /** Their glory after it. */
  total: number;
} | {
  kind: "title_drawn";
  /** Its name. */
  name: string;
  /** Who draws it. */
  player: Seat;
  /** The title's id. */
  title: number;
} | ({
  kind: "title_kept";
  /** Its name, likewise. */
  name?: string | null;
  /** Who keeps it. */
  player: Seat;
  /** The title (`None` in the version for those who may not see it). */
  title?: number | null;
  /** Their name in the log ("Seat 1", or "Otto"). */
  who: string;
}) | {
  /** How many go back. */
  count: number;
  kind: "titles_returned";
  /** Whose titles. */
  player: Seat;
} | {
  kind: "title_discarded";
  /** Its name. */
  name: string;
  /** Who discards it. */
  player: Seat;
  /** The title's id. */
  title: number;
  /** Their name in the log ("Seat 1", or "Otto"). */
  who: string;
} | {
  /** Titles in the new deck. */
  count: number;
  kind: "title_deck_reshuffled";
} | {
  kind: "tournament_chosen";
  /**
   * They chose as the player last on the initiative track (false:
   * the solo player, who always chooses).
   */
  last_in_order: boolean;
  /** Who chose. */
  player: Seat;
  /** The round whose tournament it is. */
  round: number;
  /** The type chosen. */
  tournament: TournamentKind;
  /** Their name in the log. */
  who: string;
} | {
  /** What the space costs in coins. */
  cost: number;
  kind: "support_drawn";
  /** The track space it lies on: 0 = leftmost. */
  space: number;
  /** A space for special supports. */
  special: boolean;
  /** The tile. */
  support: Support;
} | {
  kind: "event_support";
  /** The tile. */
  support: Support;
} | {
  /** The card's kind. */
  card: number;
  /** The deck it came from. */
  journey: JourneyType;
  kind: "journey_drawn";
  /** Its name. */
  name: string;
  /** Who draws it. */
  player: Seat;
} | ({
  /** The card (`None` in the version everyone is told). */
  card?: number | null;
  kind: "exchanged";
  /** Its name, likewise. */
  name?: string | null;
  /** Who gives the card back. */
  player: Seat;
  /** The player's Strength tokens after it. */
  strength: number;
}) | {
  /** The card's kind. */
  card: number;
  /** The row (and deck) it belongs to. */
  journey: JourneyType;
  kind: "card_revealed";
  /** Its name. */
  name: string;
} | {
  /** The event card's id. */
  event: number;
  kind: "event_revealed";
  /** Its name. */
  name: string;
  /** The round it belongs to. */
  round: number;
} | {
  /** The card's id. */
  card: number;
  kind: "tournament_card";
  /** The round. */
  round: number;
  /** The tournament type the card is for. */
  tournament: TournamentKind;
} | ({
  /** Placed after the registration, on a space nobody took. */
  added: boolean;
  /** He adds a white die every clash. */
  armor_die: boolean;
  /** His attack value. */
  attack: number;
  /** Dice his opponent rolls fewer: Strength, Mount, Armor. */
  fewer: number[];
  /** The glory he is worth. */
  glory: number;
  kind: "knight_placed";
  /** The tile's id. */
  knight: number;
  /** His type. */
  knight_type: KnightType;
  /** The knight's name. */
  name: string;
  /** His prestige. */
  prestige: number;
  /** Joust à Plaisance: the lower-row space. */
  space?: number | null;
  /** Pas d'Armes: the town (0 Florence, 1 Paris, 2 Munich). */
  town?: number | null;
}) | {
  kind: "trophy_drawn";
  /** Its name. */
  name: string;
  /** What it gives the winner, in words. */
  reward: string;
  /** The tile's id. */
  trophy: number;
} | ({
  /** What it does to the round, in words. */
  effect?: string | null;
  /** The round's event card (`None` if none was drawn). */
  event?: number | null;
  kind: "round_begins";
  /** Its name. */
  name?: string | null;
  /** The round, 1 to 3. */
  round: number;
}) | {
  kind: "phase";
  /** The phase beginning. */
  phase: Phase;
  /** The round. */
  round: number;
} | {
  /** What changed. */
  change: Change;
  /**
   * The player chose this reward (one half of an "A / B" card), so
   * the line retells that choice. Absent when false.
   */
  chosen?: boolean;
  /** Their glory after it. */
  glory: number;
  kind: "resources";
  /** Whose resources. */
  player: Seat;
  /** What paid or cost it: an action space, a card, a trophy. */
  source: string;
  /** Their name in the log ("Seat 1", or "Otto"). */
  who: string;
} | {
  kind: "registered";
  /** The space in words (the knight challenged, the neighbours). */
  place: string;
  /** Whose coat of arms. */
  player: Seat;
  /** The space: town * 3 + place, or the lower-row space. */
  space: number;
  /** The tournament type. */
  tournament: TournamentKind;
  /** Their name in the log ("Seat 1", or "Otto"). */
  who: string;
} | {
  kind: "initiative";
  /** Their names, in the same order. */
  names: string[];
  /** The players, first to last. */
  order: Seat[];
} | {
  /** Coins received. */
  coins: number;
  /** Faith tokens received. */
  faith: number;
  kind: "income";
  /** Who collects. */
  player: Seat;
  /** Strength tokens received. */
  strength: number;
} | {
  /** Their names with the numbers printed on their tile or card. */
  cards: string[];
  /** What it is fought for. */
  ctx: DuelCtx;
  /** The two sides, left first. */
  fighters: Fighter[];
  kind: "duel_begins";
  /** Their names. */
  names: string[];
} | {
  /** The side's attack value after the roll. */
  attack: number;
  /**
   * A player's attack beyond their best die of each colour: what the
   * supports and relics used this clash add or take (the Cook's +1,
   * the other side's Rogue's -1); 0 for a knight, and when nothing
   * was used.
   */
  bonus?: number;
  kind: "rolled";
  /** A re-roll (Faith or the Ring), not the clash's first roll. */
  reroll: boolean;
  /** The side: 0 left, 1 right. */
  side: number;
  /**
   * What the dice count, red, black and white (an active symbol at
   * its best).
   */
  values: number[][];
  /** Its name. */
  who: string;
} | ({
  /** Both sides' attack values right after. */
  attack: number[];
  /**
   * Used after the roll (a lance support, a relic): what it did, in
   * words, before the attack values it left. Absent before the roll.
   */
  does?: string | null;
  /**
   * Used before the clash's dice are rolled (a tent support): what
   * it does in the clash to come, in words, since the attack values
   * count no dice yet. Absent after the roll.
   */
  effect?: string | null;
  /** The glory total after a Rogue or a Witch cost a point. */
  glory?: number | null;
  /** What was used, in words. */
  item: string;
  kind: "used";
  /** Both sides' names. */
  names: string[];
  /** Who used it. */
  player: Seat;
  /** Both sides' prestige right after. */
  prestige: number[];
  /** Their side: 0 left, 1 right. */
  side: number;
}) | ({
  /** Both sides' attack values. */
  attack: number[];
  /** What decided it. */
  by: TieBreak;
  /** The clash, 1 to 3. */
  clash: number;
  /** The Prestige token the winner of a tie flipped. */
  flipped?: Prestige | null;
  kind: "clash";
  /** Both sides' names. */
  names: string[];
  /** Both sides' prestige. */
  prestige: number[];
  /** The side that won: 0 left, 1 right. */
  winner: number;
  /** Clashes each side has won so far. */
  wins: number[];
}) | ({
  /** What it was fought for. */
  ctx: DuelCtx;
  /** Glory each side scored for the duel. */
  glory: number[];
  /**
   * When the loser scored half a glory value (one clash won): the
   * winner's value that was halved. Absent otherwise.
   */
  halved?: number | null;
  kind: "duel_won";
  /** Both sides' names. */
  names: string[];
  /** Each scoring side's glory after it. */
  totals: (number | null)[];
  /** The side that won: 0 left, 1 right. */
  winner: number;
  /** Clashes each side won. */
  wins: number[];
}) | ({
  /** What it was fought for. */
  ctx: DuelCtx;
  /** What the winner scored (Otto). */
  glory: number;
  kind: "decided";
  /** Both sides' names. */
  names: string[];
  /** Each side's glory value and prestige, as compared. */
  standing: number[][];
  /** His glory after it. */
  total?: number | null;
  /** The side that won: 0 left, 1 right. */
  winner: number;
}) | {
  /** The match. */
  ctx: DuelCtx;
  kind: "bye";
  /** Who moves up. */
  name: string;
} | ({
  /**
   * The player chose the support or relic among several, a step of
   * its own ("Flip ... back"); false for what comes back by rule:
   * the tokens, or the only support or relic that could.
   */
  chosen?: boolean;
  /** Faith tokens recovered (at most 1). */
  faith: number;
  kind: "recovered";
  /** Who recovers. */
  player: Seat;
  /** The Prestige token flipped back. */
  prestige?: Prestige | null;
  /** The relic flipped back. */
  relic?: Relic | null;
  /** Strength tokens recovered (at most 1). */
  strength: number;
  /** The support flipped back. */
  support?: Support | null;
}) | {
  /** The card's kind. */
  card: number;
  kind: "challenge_kept";
  /** Its name. */
  name: string;
  /** Whose card. */
  player: Seat;
} | {
  /** Journey cards they may play in the extra Journey phase. */
  extra: number;
  kind: "knocked_out";
  /** Who is out. */
  player: Seat;
  /** Where: 0 lower row, 1 middle row, 2 the final. */
  row: number;
} | {
  /** The Chroniclers' extra glory: one per title each. */
  chronicler: number;
  /** The glory the titles are worth. */
  glory: number;
  kind: "titles";
  /** Their names, in the same order. */
  names: string[];
  /** Whose titles. */
  player: Seat;
  /** The titles completed (ids). */
  titles: number[];
  /** Glory after scoring. */
  total: number;
  /** Their name in the log ("Seat 1", or "Otto"). */
  who: string;
} | ({
  /** Solo: the goal the player had to meet. */
  goal?: string | null;
  kind: "game_over";
  /** Every player's final standing, by seat. */
  scores: Score[];
  /**
   * The winners (more than one for a shared victory; none for a
   * solo game lost).
   */
  winners: Seat[];
}) | ({
  /** The action taken, 0-2 (`None`: none could be carried out). */
  action?: number | null;
  /** The automa card's id. */
  card: number;
  /** What that action did, in words. */
  does?: string | null;
  kind: "automa";
  /** Its name. */
  name: string;
}) | {
  kind: "otto_gives_up";
  /** Pawns he has left this round. */
  pawns_left: number;
};

/** An event card. */
export interface EventInfo {
  /** What it does, as a rule (two cards share Recruitment). */
  effect: EventKind;
  /** The card's name. */
  name: string;
  /** The round set it belongs to, 1 to 3. */
  set: number;
  /** What it does, in words. */
  text: string;
}

/**
 * What an event does (its rules are in `actions.rs` and `round.rs`). Two
 * cards share Recruitment, so this is the effect, not the card.
 */
export type EventKind = "crusade" | "bountiful_harvest" | "royal_wedding" | "recruitment" | "journey" | "to_arms" | "war" | "loot" | "siege" | "wandering_knight" | "volunteer";

/** Who fights on one side of a duel. */
export type Fighter = {
  player: Seat;
} | {
  knight: number;
} | {
  card: number;
} | {
  title: number;
} | {
  otto: number;
};

/** A piece of equipment the Market (or Loot) upgrades. */
export type Gear = "mount" | "armor";

/** One glossary entry. */
export interface GlossaryEntry {
  /** Other words a player may look it up by. */
  also?: string[];
  /**
   * Its id: lower case, words joined by `_` (`flying_mount`); what a
   * board or `tourney rules GAME TERM` looks it up by.
   */
  id: string;
  /** The term as a player reads it ("Flying mount"). */
  term: string;
  /** What it means or does, in a sentence or three. */
  text: string;
}

/**
 * A seat's gear handicap: start with level I of these instead of the
 * character's mount and armor ("for fairness towards beginners").
 */
export type Handicap = "none" | "mount" | "armor" | "both";

/** A Journey card. */
export interface JourneyInfo {
  /** Challenge cards: the attack of the opponent on it. */
  attack?: number | null;
  /** Copies of it in its deck. */
  copies: number;
  /** Market cards: the coins it costs. */
  cost?: number | null;
  /** Its type: the deck and face-up row it belongs to. */
  kind: JourneyType;
  /** The card's name. */
  name: string;
  /** Challenge cards: the opponent's prestige. */
  prestige?: number | null;
  /**
   * What playing it gives, in words: one reward, or two the player
   * picks one of.
   */
  rewards: string[];
  /**
   * For each reward, the mount and the armor level its upgrade reaches
   * (0: no upgrade). An upgrade is received only by a player exactly
   * one level below it; anyone else gets nothing of it.
   */
  upgrades: number[][];
}

/** How the players take their Journey cards. */
export type JourneyOrder = "in_turns" | "simultaneous";

/**
 * The three Journey card types: each has its own deck and face-up column,
 * and titles count discarded cards by type.
 */
export type JourneyType = "romance" | "market" | "challenge";

/** A Journey card type. */
export interface JourneyTypeInfo {
  /** The type as the view and the `draw` action name it. */
  kind: JourneyType;
  /** The type as the rulebook prints it. */
  name: string;
}

/** A knight tile. */
export interface KnightInfo {
  /** His attack value. */
  attack: number;
  /** Dice his opponent rolls fewer, by colour (see `dice`). */
  fewer: number[];
  /** Glory for beating him. */
  glory: number;
  /** His type, printed on the back. */
  kind: KnightType;
  /** The knight's name. */
  name: string;
  /** His prestige (stars). */
  prestige: number;
}

/**
 * The five kinds of knight tile, recognisable by their backs; tournament
 * cards ask for knights by kind, not by name.
 */
export type KnightType = "champion" | "veteran" | "king" | "noble" | "polish_noble";

/** A knight type. */
export interface KnightTypeInfo {
  /** The type as the view names it. */
  kind: KnightType;
  /** The type as printed on the tiles' backs. */
  name: string;
}

/** A knight tile with the numbers printed on it. */
export interface KnightView {
  /** Adds a white die in every clash. */
  armor_die: boolean;
  /** His attack value in a duel. */
  attack: number;
  /** Dice an opponent rolls fewer: strength, mount, armor. */
  fewer: number[];
  /** The glory he is worth to whoever beats him. */
  glory: number;
  /** The tile's id. */
  id: number;
  /** The knight's name. */
  name: string;
  /** His prestige, for ties. */
  prestige: number;
  /** His type, which tournament cards ask for. */
  type: KnightType;
}

/**
 * One round's section of a tournament card: which kinds of knight it
 * brings, by the words `knight_types` names.
 */
export interface LayoutView {
  /**
   * Joust à Plaisance: the types that fill the spaces still free after
   * registration, left to right, as many as are needed.
   */
  add: KnightType[];
  /**
   * Joust à Plaisance: the lower row's eight spaces as set up, left to
   * right (`null`: a space left free for the players).
   */
  place: (KnightType | null)[];
  /** Pas d'Armes: the knight types drawn for Florence, Paris and Munich. */
  towns: KnightType[][];
}

/** A card or tile named by id. */
export interface Named {
  /** The id the actions and events use for it. */
  id: number;
  /** The name printed on it. */
  name: string;
}

/** Copies of one support, relic or prestige token a player owns. */
export interface Owned {
  /** Of those, copies on their active side. */
  active: number;
  /** Which one. */
  kind: Support;
  /** Copies owned. */
  owned: number;
}

/** Copies of one support, relic or prestige token a player owns. */
export interface Owned2 {
  /** Of those, copies on their active side. */
  active: number;
  /** Which one. */
  kind: Relic;
  /** Copies owned. */
  owned: number;
}

/** Copies of one support, relic or prestige token a player owns. */
export interface Owned3 {
  /** Of those, copies on their active side. */
  active: number;
  /** Which one. */
  kind: Prestige;
  /** Copies owned. */
  owned: number;
}

/** A phase after the Action phase. */
export type Phase = "journey" | "extra_journey" | "maintenance" | "registration" | "tournament" | "final_journey" | "titles";

/** One player's area, as the viewer may see it. */
export interface PlayerView {
  /** Armor level, 1 to 4. */
  armor: number;
  /** The character played (`None` during setup). */
  character?: Named | null;
  /** Coins. */
  coins: number;
  /** Titles scored in the Title phase. */
  completed_titles: Named[];
  /** The level II and III cards dealt at setup. */
  dealt: Named[];
  /** Faith tokens. */
  faith: number;
  /** Glory points. */
  glory: number;
  /** The whole hand: the owner only. */
  hand?: CardCount[] | null;
  /** Journey cards in hand by type (the backs everyone sees). */
  hand_size: number[];
  /** Journey cards they may still play this Journey phase. */
  journey_left: number;
  /**
   * Cards in the hand everyone has seen (taken face up, or kept after a
   * lost duel).
   */
  known_cards: CardCount[];
  /** Mount level, 1 to 4. */
  mount: number;
  /**
   * Personal objectives: the owner only (everyone with open objectives,
   * and everyone once the game is over).
   */
  objectives?: Named[] | null;
  /** How many personal objectives they hold: public even when hidden. */
  objectives_held: number;
  /** Action pawns not yet on the board this round. */
  pawns_left: number;
  /** Discarded (played) cards by type: Romance, Market, Challenge. */
  played: number[];
  /** Prestige tokens owned (one of a type), active or flipped. */
  prestige: Owned3[];
  /** Relics owned, and how many are still active. */
  relics: Owned2[];
  /** Ever used a Rogue, which the Noble title forbids. */
  rogue_used: boolean;
  /** Whose area. */
  seat: Seat;
  /** Strength tokens. */
  strength: number;
  /** Supports owned, and how many of each are still active. */
  supports: Owned[];
  /** Titles drawn and not yet kept: the owner only. */
  title_offer?: Named[] | null;
  /** Took the Initiative action this round (once a round only). */
  took_initiative: boolean;
}

/**
 * The six kinds of prestige token. They are interchangeable in play; the
 * order decides which token a tie flips first and is the one
 * `PRESTIGE_COPIES` counts them in.
 */
export type Prestige = "charmer" | "overlord" | "warrior" | "royal" | "chamberlain" | "champion";

/** A kind of prestige token. */
export interface PrestigeInfo {
  /** Copies in the box. */
  copies: number;
  /** The name printed on it. */
  name: string;
  /** The token as the view names it. */
  prestige: Prestige;
  /** Where the token comes from, in words. */
  text: string;
}

/** The four relics. The order is the one `RELIC_COPIES` counts them in. */
export type Relic = "medallion" | "amulet" | "ring" | "rosary";

/** A relic. */
export interface RelicInfo {
  /** Copies in the box. */
  copies: number;
  /** The name printed on it. */
  name: string;
  /** The relic as the view names it. */
  relic: Relic;
  /** What it does, in words. */
  text: string;
}

/** One part of "How to play". */
export interface RulesSection {
  /**
   * Its text. `{key}` stands for the table's option `key` (see
   * [`RulesText::fill`]), so a table shows its own target or days.
   */
  text: string;
  /** Its heading, such as "The goal". */
  title: string;
}

/** A game's rules summary and glossary. */
export interface RulesText {
  /** Every term and component the board or the terminal shows, explained. */
  glossary: GlossaryEntry[];
  /**
   * "How to play", in order: the goal, a turn, how a result is decided,
   * how the game ends. Under a page in all.
   */
  how_to_play: RulesSection[];
  /**
   * How an option's value reads in a sentence, where its code does not
   * (`pas_d_armes` is "Pas d'Armes"); see [`RulesText::fill_words`].
   */
  value_words?: { [key: string]: string };
}

/** A player's final standing. */
export interface Score {
  /** Final glory: what decides the winner. */
  glory: number;
  /** Whose standing. */
  player: Seat;
  /** Prestige tokens held, active or not: the tiebreak. */
  prestige: number;
  /** Their name ("Seat 1", or "Otto"). */
  who: string;
}

/** One place at the table, numbered from 0. Shown to people from 1 ("seat 1"). */
export type Seat = number;

/** One side of the duel being fought. */
export interface SideView {
  /** The attack value right now (dice not yet rolled count nothing). */
  attack: number;
  /** This clash's attack modifier. */
  attack_modifier: number;
  /**
   * Dice faces by colour (`null`: being rolled); values count the
   * symbol when it is active.
   */
  dice: ((number | null)[])[];
  /** The clash's one Faith re-roll is spent. */
  faith_used: boolean;
  /** Who fights on this side. */
  fighter: Fighter;
  /** A Polish Noble's white die (its face). */
  knight_die?: number | null;
  /** Active prestige plus this clash's modifier. */
  prestige: number;
  /** This clash's prestige modifier. */
  prestige_modifier: number;
  /** The clash's one relic is used. */
  relic_used: boolean;
  /**
   * Strength tokens put in this duel (four turn the red symbol to its
   * best).
   */
  strength_tokens: number;
  /** What those dice count, in the same places. */
  values: ((number | null)[])[];
}

/** The solo game's settings; used only when the table has one seat. */
export interface Solo {
  /** Which cards Otto's automa deck holds: they decide where he goes. */
  deck?: AutomaDeck;
  /** How hard the chosen mode is. */
  difficulty?: Difficulty;
  /** What the solo player plays for. */
  mode?: SoloMode;
}

/** What a solo player plays for against Otto. */
export type SoloMode = "champion" | "score" | "rivalry";

/** The solo game against Otto. */
export interface SoloView {
  /**
   * Cards in the whole automa deck: the 9 Solo cards, plus the chosen
   * pair of character cards. All of them are shuffled at the start of
   * every Action phase and whenever `automa_left` runs out.
   */
  automa_cards: number;
  /** Automa cards not yet revealed since the last shuffle. */
  automa_left: number;
  /** The cards making up Otto's automa deck. */
  deck: AutomaDeck;
  /**
   * Every card of Otto's automa deck (the 9 Solo cards, plus the chosen
   * pair), in the order of `automa.toml`: their faces are no secret, and
   * which are turned up since the last shuffle everyone has seen.
   */
  deck_cards: AutomaCardView[];
  /** How hard the mode was set. */
  difficulty: Difficulty;
  /**
   * What that difficulty changes in this mode, in words, with the
   * other difficulties' settings (Otto's knight tile, the glory
   * target or the starting gear).
   */
  difficulty_text: string;
  /** What the solo player must do to win, in words. */
  goal: string;
  /** Rivalry mode: the knight tile Otto fights as. */
  knight?: KnightView | null;
  /**
   * The three actions printed on that card, in priority order (I, II,
   * III), in words; empty while no card is revealed.
   */
  last_actions: string[];
  /** The card Otto revealed last and what he did with it. */
  last_card?: string | null;
  /**
   * Which of them he took: 0 for action I (`None`: none of them could
   * be carried out, or no card is revealed).
   */
  last_taken?: number | null;
  /** What the solo player plays for. */
  mode: SoloMode;
  /** Otto's index in `players`. */
  otto: Seat;
  /**
   * Rivalry mode: what Otto scores glory for, in words (`None` in the
   * other modes, where his glory never changes).
   */
  otto_scores?: string | null;
  /** The glory Otto starts with, having no character card. */
  otto_start: number;
  /**
   * How far the solo player stands from that goal now, in words
   * ("52 of the 75 glory needed: 23 to go").
   */
  progress: string;
  /** Score mode: the glory to reach. */
  target?: number | null;
  /** Joust à Plaisance tournaments won by the solo player. */
  trophies: number;
}

/**
 * An action space of the main board. The first ten have circles (or an
 * open zone) given in `data/table.toml`; the initiative track and the
 * event card are handled apart.
 */
export type Space = "training" | "prayer" | "service" | "travel_plans" | "patrol" | "warm_up" | "market" | "support" | "herald" | "new_objective" | "initiative" | "event";

/** An action space. */
export interface SpaceInfo {
  /** The name printed on the board. */
  name: string;
  /** The space as the view and the `place` action name it. */
  space: Space;
  /** What a pawn there gives, in words. */
  text: string;
}

/** One action space of the main board. */
export interface SpaceView {
  /** Circles at this table (`null`: an open zone). */
  circles?: number | null;
  /** Pawns per player. */
  pawns: number[];
  /** Which space. */
  space: Space;
}

/**
 * The 22 supports, in the rulebook's order. The order is an index into
 * every per-support table (`SUPPORT_STACKS`, `Need::support_list`,
 * `SPECIAL_GLORY`), so `supports.toml` must list them in it.
 */
export type Support = "hermit" | "minstrel" | "rogue" | "veteran" | "squire" | "weapons_master" | "chronicler" | "sister" | "queen" | "armorer" | "king" | "bishop" | "emissary" | "lady_in_waiting" | "lady" | "jester" | "moneylender" | "cook" | "herald" | "witch" | "diplomat" | "vassal";

/** A support. */
export interface SupportInfo {
  /** The name printed on the tile. */
  name: string;
  /** The support as the view and the actions name it. */
  support: Support;
  /** What it does, in words. */
  text: string;
  /** When it is used. */
  timing: Timing;
}

/** What decided a clash. */
export type TieBreak = "attack" | "prestige" | "initiative";

/**
 * When a support is used (the icon on its centre band): it decides at
 * which step of a turn or a duel the rules offer the tile.
 */
export type Timing = "one_time" | "passive" | "tent" | "lance";

/** A title card. */
export interface TitleInfo {
  /**
   * A title won by a single duel: the attack and prestige of the knight
   * fought (the `attempt` action fights him).
   */
  duel?: number[] | null;
  /** The glory it is worth when completed. */
  glory: number;
  /** The title's name. */
  name: string;
  /** What a player must have to complete it, in words. */
  need: string;
}

/** How the tournament type of each round is settled. */
export type TournamentChoice = "fixed" | "between_rounds";

/** The two kinds of tournament card, which run by different rules. */
export type TournamentKind = "pas_d_armes" | "joust_a_plaisance";

/** A kind of tournament. */
export interface TournamentKindInfo {
  /** The kind as the view names it. */
  kind: TournamentKind;
  /** The kind as the rulebook prints it. */
  name: string;
}

/** The tournament board. */
export interface TournamentView {
  /** The tournament card drawn (`None` before it is). */
  card?: number | null;
  /** This round's tournament type. */
  kind: TournamentKind;
  /** Joust à Plaisance: lower row (8), middle (4), upper (2), winner (1). */
  ladder: (Entrant | null)[];
  /**
   * What the drawn card's section for this round puts on the board
   * (`null` before the card is drawn).
   */
  layout?: LayoutView | null;
  /**
   * Each round's tournament type in words: the type of every round set
   * up so far (chosen during play or not), and for the rounds to come
   * the agreed type or who chooses it and when.
   */
  plan: string;
  /** Pas d'Armes: Florence, Paris, Munich. */
  towns: TownView[];
  /** Joust à Plaisance: the trophy the winner takes. */
  trophy?: string | null;
}

/** A knight in a Pas d'Armes town and who challenges him. */
export interface TownKnight {
  /** The player (or Otto) registered against him. */
  challenger?: Seat | null;
  /** The knight on the space. */
  knight: KnightView;
  /** The tournament space (town * 3 + place), as `register` names it. */
  space: number;
}

/** One Pas d'Armes town. */
export interface TownView {
  /** The knights waiting there, best first. */
  knights: TownKnight[];
  /** Florence, Paris or Munich. */
  town: string;
}

/** One space of the support track. */
export interface TrackView {
  /** Its price in coins (before Diplomats). */
  cost: number;
  /** Locked spaces are not used at this player count. */
  locked: boolean;
  /** A space for special supports. */
  special: boolean;
  /** The tile lying there, if any. */
  support?: Support | null;
}

/** Which trophy the winner of a Joust à Plaisance receives. */
export type Trophies = "standard" | "tiles";

/** A trophy tile. */
export interface TrophyInfo {
  /** The tile's name, as the view's `tournament.trophy` gives it. */
  name: string;
  /** What it gives the tournament's winner, in words. */
  reward: string;
}

/**
 * The table as one seat, or a spectator, may see it: the JSON a client
 * draws from and what the terminal prints.
 */
export interface View {
  /** The duel being fought, if any. */
  duel?: DuelView | null;
  /** The special support lying on a Recruitment or Volunteer card. */
  event_support?: Support | null;
  /** The events of rounds 1-3 (`null`: not revealed yet). */
  events: (Named | null)[];
  /**
   * Who put a pawn on each space under the initiative track, first
   * space first: next round's order starts with them.
   */
  initiative_spaces: (Seat | null)[];
  /** Cards left in each Journey deck. */
  journey_decks: number[];
  /** Face-up Journey cards: Romance, Market, Challenge. */
  journey_rows: ((Named | null)[])[];
  /**
   * Duels between two knights settled without dice since that one (a
   * Joust à Plaisance ladder's games): the log tells them, later than
   * `last_duel`.
   */
  knight_duels_since: number;
  /** How the last finished duel went that a player (or Otto) fought. */
  last_duel?: DuelReport | null;
  /**
   * The seats whose decision the game waits for (empty at a chance
   * step and at the end).
   */
  on_move: Seat[];
  /** The initiative track, first to last. */
  order: Seat[];
  /** Every player's area, by seat (Otto's too). */
  players: PlayerView[];
  /** Prestige tokens left in the supply, by type. */
  prestige_supply: number[];
  /** The three titles everyone may complete. */
  public_titles: Named[];
  /** Relic tiles left in the supply, by kind. */
  relic_supply: number[];
  /**
   * The Journey card whose reward a player is choosing (one of its two
   * halves), while that choice is pending.
   */
  reward_card?: Named | null;
  /** 1 to 3. */
  round: number;
  /** The scroll stack is picked from by name: its tiles are known. */
  scroll_stack: CardCount[];
  /** Players at the table, Otto included. */
  seats: number;
  /** Solo mode: the goal and Otto's side of the table. */
  solo?: SoloView | null;
  /** The action spaces and the pawns on them. */
  spaces: SpaceView[];
  /**
   * setup, prepare, actions, journey, extra_journey, final_journey,
   * maintenance, registration, tournament, titles, over.
   */
  stage: string;
  /** Tiles left in the special, scroll and three regular stacks. */
  support_stacks: number[];
  /** The support track, leftmost space first. */
  support_track: TrackView[];
  /** Titles left in the deck. */
  title_deck: number;
  /**
   * The face-up title discard pile (New Objective, The Quest, Otto):
   * the next deck once this one runs out.
   */
  title_discards: Named[];
  /** The tournament board. */
  tournament: TournamentView;
  /**
   * Who is choosing the coming round's tournament type, while that
   * choice is pending (`tournament_choice = "between_rounds"`).
   */
  tournament_chooser?: Seat | null;
  /** The seat this view is for (`None`: a spectator). */
  viewer?: Seat | null;
  /** What the game waits for, in words. */
  waiting_for: string;
  /** Who won, once the game is over (empty: a solo game lost). */
  winners?: Seat[] | null;
}
