// Ritter ohne Furcht und Tadel: the JSON shapes of its views, actions, events, config and
// components, generated from the Rust types (crates/server/src/web_types.rs).
// Do not edit: `TOURNEY_WRITE_TYPES=1 cargo test -p tourney-server --test web_types`
// rewrites this file.

/** A decision a seat makes at the table. */
export type Action = {
  train: {
    /** What the point goes to. */
    gain: Gain;
    /** One of the seat's own knights still in the tournament. */
    knight: KnightId;
  };
} | {
  send: {
    /**
     * The riders; the seat's other knights rest (an empty set sends
     * nobody).
     */
    knights: KnightId[];
  };
} | {
  offer: {
    /** Any ready knight, the seat's own or another player's. */
    knight: KnightId;
    /** One of the seat's own ladies whose favour is not given yet. */
    lady: LadyId;
  };
} | {
  keep_favour: {
    /**
     * The lady he wears already or the one just offered; the other is
     * turned away.
     */
    lady: LadyId;
  };
} | {
  challenge: {
    /** The seat's own ready knight, who rolls first. */
    attacker: KnightId;
    /** A ready knight of another seat, who must accept. */
    defender: KnightId;
  };
} | "yield" | "fight_on" | {
  day_winner: {
    /** One of the tied knights. */
    knight: KnightId;
  };
} | {
  champion: {
    /** One of the seat's knights still in the tournament. */
    knight: KnightId;
  };
};

/**
 * Ritter's components: the knight and lady cards and the lady traits, as
 * the data file states them.
 */
export interface Components {
  /**
   * Every knight card, in card order. A view, action or event names a
   * knight by `id`; look that id up here.
   */
  knights: KnightComponent[];
  /** Every lady card, in card order, looked up by `id` like the knights. */
  ladies: LadyComponent[];
  /**
   * "How to play" and the glossary, from `data/rules.toml`: what a
   * newcomer reads beside the board or in `tourney rules ritter`. A
   * `{key}` in a text stands for the table's option `key`
   * (`RulesText::fill`).
   */
  rules: RulesText;
  /**
   * Every lady trait, hair first, then build, temperament and height:
   * what a trait id in `prefers` or on a lady card is called.
   */
  traits: TraitComponent[];
}

/** Ritter's options. Every field has a default, unknown fields are refused. */
export interface Config {
  /** Tournament days (1 to 10). Day N's winner gains N extra prizes. */
  days?: number;
  /** `false` plays without lady cards (the simplified game). */
  ladies?: boolean;
  /**
   * The extension rule: a knight starting a day with 4–6 wounds rolls one
   * combat die fewer, with 7–9 wounds three fewer.
   */
  wound_penalty?: boolean;
}

/** How a joust ended. */
export type Ending = "unhorsed" | "yielded" | "knocked_out" | "both_knocked_out" | "stalemate";

/**
 * Something the rules made happen. See `docs/protocol/ritter.md` for the
 * JSON of each kind and who is told.
 */
export type Event = {
  kind: "start_roll_tied";
  /** The shared face. */
  roll: number;
  /** The seats that rolled it, who alone roll again. */
  seats: Seat[];
} | {
  kind: "starting_player";
  /**
   * The winner made the last roll, which decided it: this line then
   * retells that roll.
   */
  last_roll?: boolean;
  /** The face that won it. */
  roll: number;
  /** The winner of the roll. */
  seat: Seat;
} | {
  /** The day now starting, from 1. */
  day: number;
  /** How many days the tournament has. */
  days: number;
  kind: "day_begins";
  /** Who places the first favour and makes the first challenge. */
  starter: Seat;
} | {
  /** What it bought. */
  gain: Gain;
  kind: "training_planned";
  /** The knight the point went to. */
  knight: KnightId;
  /** His points still to spend in this preparation. */
  points_left: number;
  /** The seat training, the only one told. */
  seat: Seat;
} | {
  kind: "riders_chosen";
  /** Its riders for the day (empty: none). */
  knights: KnightId[];
  /** The seat choosing, the only one told. */
  seat: Seat;
} | {
  kind: "prepared";
  /** The seat now done. */
  seat: Seat;
} | {
  /** His covered fields now, per number 1 to 6. */
  covered: number[];
  /** His combat dice now. */
  dice: number;
  /** Fields newly covered, per number 1 to 6. */
  extra_covered: number[];
  /** Combat dice the training added. */
  extra_dice: number;
  kind: "trained";
  /** The knight trained. */
  knight: KnightId;
  /** His owner. */
  seat: Seat;
} | {
  kind: "rides";
  /** Its knights who ride. */
  knights: KnightId[];
  /** Its knights still in the tournament who stay out today. */
  resting: KnightId[];
  /** The seat whose choice is revealed. */
  seat: Seat;
} | {
  /** The dice he rolls in a round (never below one). */
  dice: number;
  /** Combat dice taken away. */
  dice_lost: number;
  kind: "wound_penalty";
  /** The knight losing dice. */
  knight: KnightId;
  /** The wounds that cost them. */
  wounds: number;
} | {
  kind: "favour_given";
  /** The knight. */
  knight: KnightId;
  /** The lady whose favour he now wears. */
  lady: LadyId;
  /** How many of the knight's three preferences she meets. */
  matches: number;
  /** The seat that offered her. */
  seat: Seat;
} | {
  /** The lady he wore until now, turned away. */
  displaced: LadyId;
  /** How many of his preferences the displaced lady meets. */
  displaced_matches: number;
  kind: "favour_displaced";
  /** The knight. */
  knight: KnightId;
  /** The lady who now wins his favour. */
  lady: LadyId;
  /** How many of his preferences she meets. */
  matches: number;
  /** The seat that offered her. */
  seat: Seat;
} | {
  kind: "favour_tie";
  /** The knight both ladies want. */
  knight: KnightId;
  /** How many of his preferences each of them meets. */
  matches: number;
  /** The lady just offered. */
  newcomer: LadyId;
  /** The knight's owner, who decides next. */
  owner: Seat;
  /** The lady he wears. */
  wearing: LadyId;
} | {
  /** The lady whose favour he wears from now on. */
  kept: LadyId;
  kind: "favour_kept";
  /** The knight who chose. */
  knight: KnightId;
  /** The lady he sent back, to be offered again. */
  turned_away: LadyId;
} | ({
  /** The day, from 1. */
  day: number;
  /** The first seat to challenge (none: nobody can joust today). */
  first?: Seat | null;
  kind: "jousting_begins";
}) | {
  /** The challenging knight, who rolls first. */
  attacker: KnightId;
  /** His owner. */
  attacker_seat: Seat;
  /** The challenged knight. */
  defender: KnightId;
  /** His owner. */
  defender_seat: Seat;
  /** Combat dice each rolls in a plain mounted round. */
  dice: number[];
  /** A decisive duel for the lead rather than a day's joust. */
  duel: boolean;
  kind: "joust_begins";
} | {
  /** The attacking knight. */
  attacker: KnightId;
  /** The defending knight. */
  defender: KnightId;
  /** The faces each rolled. */
  dice: number[][];
  /** Part of a decisive duel. */
  duel: boolean;
  /** Fought on foot (4–6 hit) rather than mounted (1–3 hit). */
  foot: boolean;
  /** A mounted round with the extra furious die. */
  furious: boolean;
  /** Dice of the hitting numbers rolled against each knight. */
  hits: number[];
  kind: "round";
  /** Each knight's wounds after the round. */
  total: number[];
  /** Of those, the ones his covered fields did not ward off. */
  wounds: number[];
} | {
  /** The attacking knight. */
  attacker: KnightId;
  /** The defending knight. */
  defender: KnightId;
  /** The dice each rolls in the furious round. */
  dice: number[];
  kind: "furious";
} | {
  /** The attacking knight. */
  attacker: KnightId;
  /**
   * Both were wounded in the saddle (`false`: they dismounted because
   * mounted combat could never decide).
   */
  both_fell: boolean;
  /** The defending knight. */
  defender: KnightId;
  /** The dice each rolls on foot. */
  dice: number[];
  kind: "on_foot";
} | {
  kind: "knocked_out";
  /** The knight leaving the tournament. */
  knight: KnightId;
  /** His owner. */
  seat: Seat;
  /** His wounds, ten or more. */
  wounds: number;
} | ({
  /** The attacking knight. */
  attacker: KnightId;
  /** The defending knight. */
  defender: KnightId;
  /** It was a decisive duel. */
  duel: boolean;
  /** Why it ended. */
  ending: Ending;
  kind: "joust_ends";
  /** Who lost, whenever someone won. */
  loser?: KnightId | null;
  /** Who won (none: a double knock-out or a stalemate). */
  winner?: KnightId | null;
}) | ({
  kind: "prize";
  /** The winner. */
  knight: KnightId;
  /** What the lady he wears gains (none if he wears no favour). */
  lady?: LadyShare | null;
  /** His prizes after the gain. */
  prizes: number;
  /** His owner. */
  seat: Seat;
}) | ({
  /** The seat that names the day winner among its tied knights. */
  chooser?: Seat | null;
  /** The day just ended. */
  day: number;
  kind: "day_ends";
  /** The knights with the most prizes today (empty: nobody won one). */
  leaders: KnightId[];
  /** Their prizes today. */
  prizes: number;
}) | ({
  /** Extra prizes for him and for his lady: the day's number. */
  bonus: number;
  /** The day he won. */
  day: number;
  kind: "day_winner";
  /** The day winner. */
  knight: KnightId;
  /** What the lady he wears gains (none if he wears no favour). */
  lady?: LadyShare | null;
  /** His prizes after the bonus. */
  prizes: number;
  /** His owner. */
  seat: Seat;
}) | {
  /** Wounds healed overnight. */
  healed: number;
  kind: "rests";
  /** The knight resting. */
  knight: KnightId;
  /** His owner. */
  seat: Seat;
  /** Training points for the coming preparation. */
  training: number;
  /** Wounds left in the morning. */
  wounds: number;
} | {
  /** What each of them gains. */
  bonus: number;
  kind: "tournament_best";
  /** Their prizes before the bonus. */
  knight_prizes: number;
  /** The knights tied for the most prizes (empty: nobody has one). */
  knights: KnightId[];
  /** The ladies tied for the most prizes (empty: nobody has one). */
  ladies: LadyId[];
  /** Their prizes before the bonus. */
  lady_prizes: number;
} | {
  kind: "totals";
  /** The seats with the highest total; two or more fight duels. */
  leaders: Seat[];
  /** Each seat's total, in seat order. */
  scores: number[];
} | {
  kind: "duel_called";
  /** The two seats, lower first; the first one's knight attacks. */
  seats: Seat[];
} | {
  kind: "champion_chosen";
  /** The knight it sends. */
  knight: KnightId;
  /** The seat choosing, the only one told. */
  seat: Seat;
} | {
  kind: "no_champion";
  /** The seats that drop out of the tie. */
  seats: Seat[];
} | {
  kind: "game_over";
  /** Each seat's final total, in seat order. */
  scores: number[];
  /**
   * The seats sharing the win (one, unless a tie could not be
   * fought out).
   */
  winners: Seat[];
};

/** What one training point buys. */
export type Gain = "die" | {
  cover: number;
};

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

/** How the most recent joust ended. */
export interface JoustResultView {
  /** The attacking knight. */
  attacker: KnightId;
  /** The defending knight. */
  defender: KnightId;
  /** It was a decisive duel. */
  duel: boolean;
  /** Why it ended. */
  ending: Ending;
  /**
   * Its rounds, oldest first: all of them, or in a joust of more than
   * twelve rounds the last twelve (`rounds_fought` counts them all).
   */
  rounds: RoundBriefView[];
  /** How many rounds the joust lasted. */
  rounds_fought: number;
  /** Who won (null: a double knock-out or a stalemate). */
  winner?: KnightId | null;
  /**
   * The wounds the attacker and the defender had when it ended (the
   * knight cards show today's, after any night's healing).
   */
  wounds: number[];
}

/** What the joust waits for. */
export type JoustStep = "rolling" | "attacker_decides" | "defender_decides";

/** The joust in progress, attacker first in every pair. */
export interface JoustView {
  /** The challenging knight. */
  attacker: KnightId;
  /** The challenged knight. */
  defender: KnightId;
  /** Faces rolled so far this round, attacker first. */
  dice: number[][];
  /** A decisive duel: nobody yields, nobody wins prizes. */
  duel: boolean;
  /** Fought on foot (4–6 hit) rather than mounted (1–3 hit). */
  foot: boolean;
  /** This mounted round is furious: one extra die each. */
  furious: boolean;
  /** Dice each side rolls this round. */
  need: number[];
  /** What the joust waits for: dice, or a knight's choice to go on. */
  step: JoustStep;
}

/** A knight card as printed: what he starts the tournament with. */
export interface KnightComponent {
  /**
   * Hit fields the card covers from the start, per number 1 to 6 (0 to
   * 2 each); 1–3 ward off mounted hits, 4–6 hits on foot.
   */
  covered: number[];
  /** Combat dice printed on the card, before any training. */
  dice: number;
  /** The id views, actions and events name him by. */
  id: KnightId;
  /** His full name, unique among all cards. */
  name: string;
  /** The three lady traits he prefers, the most important first. */
  prefers: Trait[];
}

/**
 * A knight card, by its place in [`KNIGHTS`]: how actions, events and
 * views name a knight. Written in JSON as that bare number; the served
 * components' `knights` hold the card with this `id`.
 * 
 * Any number deserializes, so that a state read back from a damaged file
 * can be refused by the rules rather than by the parser; an id that is no
 * card simply finds no knight.
 * 
 * ```
 * use tourney_ritter::{KNIGHTS, KnightId};
 * let harald = KnightId(1);
 * assert_eq!(serde_json::to_string(&harald).unwrap(), "1");
 * assert_eq!(harald.card().map(|c| c.name), Some(KNIGHTS[1].name));
 * assert!(KnightId(200).card().is_none());
 * ```
 */
export type KnightId = number;

/** Where a knight stands today, as shown on his card. */
export type KnightStatus = "unchosen" | "resting" | "ready" | "beaten" | "days_over" | "out";

/** One dealt knight as the viewer sees his card. */
export interface KnightView {
  /** Covered hit fields per number, fields 1 to 6. */
  covered: number[];
  /** Prizes won today, which decide the day winner. */
  day_prizes: number;
  /** Combat dice per round, training included (before any penalty). */
  dice: number;
  /** The lady whose favour he wears today. */
  favour?: LadyId | null;
  /** Which card he is. */
  id: KnightId;
  /**
   * His printed name, as built in (a client draws the components'
   * `name` for his `id`).
   */
  name: string;
  /** The seat that holds him. */
  owner: Seat;
  /** Dice lost today to the wound-penalty option. */
  penalty: number;
  /** The viewer's own secret preparation for this knight. */
  plan?: PlanView | null;
  /** His three preferred lady traits, most important first. */
  prefers: Trait[];
  /** Prizes won in the whole tournament so far. */
  prizes: number;
  /** Whether he rides, lost or is out. */
  status: KnightStatus;
  /** Training points for the coming preparation. */
  training: number;
  /** Wounds taken; ten put him out of the tournament. */
  wounds: number;
}

/** A lady card as printed: her name and her four traits. */
export interface LadyComponent {
  /** Her build: a trait of kind `build`. */
  build: Trait;
  /** Her hair colour: a trait of kind `hair`. */
  hair: Trait;
  /** Her height: a trait of kind `height`. */
  height: Trait;
  /** The id views, actions and events name her by. */
  id: LadyId;
  /** Her full name, unique among all cards. */
  name: string;
  /** Her temperament: a trait of kind `temperament`. */
  temperament: Trait;
}

/**
 * A lady card, by her place in [`LADIES`]: how actions, events and views
 * name a lady. Written in JSON as that bare number; the served
 * components' `ladies` hold the card with this `id`. Like [`KnightId`],
 * any number deserializes and one that is no card finds no lady.
 */
export type LadyId = number;

/** A lady's share of a knight's prize: she gains what he gains. */
export interface LadyShare {
  /** The lady whose favour the winner wears. */
  lady: LadyId;
  /** Her prizes after the gain. */
  prizes: number;
  /** Her owner, who scores her prizes. */
  seat: Seat;
}

/** One dealt lady as the viewer sees her card. */
export interface LadyView {
  /** Which card she is. */
  id: LadyId;
  /** The knight wearing her favour today. */
  knight?: KnightId | null;
  /**
   * Her printed name, as built in (a client draws the components'
   * `name` for her `id`).
   */
  name: string;
  /** The seat that holds her and scores her prizes. */
  owner: Seat;
  /** Her prizes so far, which count for her owner. */
  prizes: number;
  /** Knights who turned her away today. */
  refused_by: KnightId[];
  /** Her hair, build, temperament and height. */
  traits: Trait[];
  /** Turned away today and to be offered again first. */
  turned_away: boolean;
}

/**
 * The phase of the tournament as a viewer sees it, with the little each
 * phase needs beyond the rest of the view. In JSON, tagged by `name`.
 */
export type PhaseView = {
  name: "deal";
} | ({
  name: "start_roll";
  /** One entry per seat, in seat order. */
  rolls: (number | null)[];
}) | {
  name: "prepare";
  /** Of the seats that prepare, those finished. */
  prepared: Seat[];
} | {
  name: "favours";
  /** The seat placing one now. */
  turn: Seat;
} | ({
  /** The knight both ladies want. */
  knight: KnightId;
  name: "favour_tie";
  /** The lady just offered, as well matched as `wearing`. */
  newcomer: LadyId;
  /** The lady he wears (null only in a damaged state). */
  wearing?: LadyId | null;
}) | {
  name: "challenge";
  /** The seat that challenges next. */
  turn: Seat;
} | {
  name: "joust";
} | {
  /** Its tied knights. */
  candidates: KnightId[];
  name: "day_winner";
  /** The seat that names the day winner. */
  owner: Seat;
} | ({
  /** For each of them, whether it has chosen its knight. */
  chosen: boolean[];
  /** The knight the viewer chose, if the viewer is one of the pair. */
  mine?: KnightId | null;
  name: "duel_choice";
  /** The two seats about to duel, the attacker's first. */
  pair: Seat[];
}) | {
  name: "over";
};

/**
 * A knight's preparation that is not revealed yet: only his owner's view
 * holds it, while the seats prepare.
 */
export interface PlanView {
  /** Hit fields the planned training covers, per number 1 to 6. */
  extra_covered: number[];
  /** Combat dice the planned training adds. */
  extra_dice: number;
  /** Training points not yet spent. */
  points_left: number;
  /** Whether he is to ride in the coming day. */
  send: boolean;
}

/** One round of a finished joust: what each knight took, attacker first. */
export interface RoundBriefView {
  /** It was fought on foot. */
  foot: boolean;
  /** It was a furious mounted round. */
  furious: boolean;
  /** Hits each knight took, warded off or not. */
  hits: number[];
  /** Its number in the joust, from 1. */
  number: number;
  /** Wounds each knight took: the hits his covered fields did not ward off. */
  wounds: number[];
}

/** The most recent round of combat, attacker first in every pair. */
export interface RoundView {
  /** The attacking knight. */
  attacker: KnightId;
  /** The defending knight. */
  defender: KnightId;
  /** The faces each side rolled. */
  dice: number[][];
  /** It belonged to a decisive duel. */
  duel: boolean;
  /** It was fought on foot. */
  foot: boolean;
  /** It was a furious mounted round. */
  furious: boolean;
  /** Wounds the attacker and the defender took. */
  wounds: number[];
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

/** One place at the table, numbered from 0. Shown to people from 1 ("seat 1"). */
export type Seat = number;

/**
 * A lady's trait, as knights name them in their preferences. What the
 * texts call each one is in the data file (`[[trait]]`).
 */
export type Trait = "blond" | "brown" | "black" | "red" | "slim" | "plump" | "lively" | "reserved" | "small" | "tall";

/** A lady trait: what it describes and what the texts call it. */
export interface TraitComponent {
  /** The id preferences and lady cards name it by. */
  id: Trait;
  /** What it describes: hair, build, temperament or height. */
  kind: TraitKind;
  /** The word the texts use for it ("red-haired"). */
  word: string;
}

/** What a trait describes: every lady has one trait of each kind. */
export type TraitKind = "hair" | "build" | "temperament" | "height";

/**
 * Everything one seat (or a spectator) may know about the tournament, as
 * the table and clients draw it. Built fresh by `Game::view`; the only
 * secrets it can hold are the viewer's own.
 */
export interface View {
  /** The current day, from 1. */
  day: number;
  /** Who starts the favours and challenges of the current day. */
  day_starter?: Seat | null;
  /** The day winner of each finished day (null: none). */
  day_winners: (KnightId | null)[];
  /** How many days the tournament lasts. */
  days: number;
  /** Seats still tied for the lead while decisive duels are fought. */
  duel_contenders: Seat[];
  /** The joust being fought, if one is. */
  joust?: JoustView | null;
  /** The knights dealt, by id. */
  knights: KnightView[];
  /** The ladies dealt, by id. */
  ladies: LadyView[];
  /** Whether the lady cards take part (the `ladies` option). */
  ladies_in_play: boolean;
  /** How the most recent joust ended. */
  last_joust?: JoustResultView | null;
  /** The most recent round of combat, kept after its joust for the log. */
  last_round?: RoundView | null;
  /** Seats that owe an action now. */
  on_move: Seat[];
  /** What the table is doing now. */
  phase: PhaseView;
  /** Each seat's prizes: its knights' plus its ladies'. */
  scores: number[];
  /** How many players sit at the table. */
  seats: number;
  /** Who won the starting roll (and started day 1). */
  starting_player?: Seat | null;
  /** Whose view this is (`None`: a spectator). */
  viewer?: Seat | null;
  /** Set when the game is over. */
  winners?: Seat[] | null;
  /** Whether wounds cost dice at the start of a day (the extension rule). */
  wound_penalty: boolean;
}
