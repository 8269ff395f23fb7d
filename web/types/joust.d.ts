// Card Joust: the JSON shapes of its views, actions, events, config and
// components, generated from the Rust types (crates/server/src/web_types.rs).
// Do not edit: `TOURNEY_WRITE_TYPES=1 cargo test -p tourney-server --test web_types`
// rewrites this file.

/** A seat's decision. */
export type Action = {
  challenge: Seat;
} | {
  knight: KnightChoice;
} | {
  place: Placement;
} | {
  aim: Slot;
} | {
  gear: Gear;
} | {
  push: number[];
} | "keep_roll";

/**
 * Every component of Card Joust a player reads: names, numbers and the
 * text of effects. The lists are in table order; a view's ids are looked
 * up in them by `id`.
 */
export interface Components {
  /**
   * The injuries a lance or a push deals, looked up by a view's `dealt`
   * and `push_injury` (`none` has no entry: nothing was dealt).
   */
  injuries: InjuryInfo[];
  /** The six-sided dice of a knight's injury pool. */
  injury_die: InjuryDie;
  /** The twelve-sided dice rolled against the target card. */
  jousting_die: JoustingDie;
  /** The knights in a player's hand. */
  knight: KnightCard;
  /** The two lances, looked up by a view's `gear.lance`. */
  lances: LanceCard[];
  /** The two mounts, looked up by a view's `gear.mount`. */
  mounts: MountCard[];
  /** The number cards of a player's face-down pile. */
  number_cards: NumberCards;
  /**
   * "How to play" and the glossary, from `data/rules.toml`: what a
   * newcomer reads beside the board or in `tourney rules joust`. A
   * `{key}` in a text stands for the table's option `key`
   * (`RulesText::fill`).
   */
  rules: RulesText;
  /**
   * The five target slots of a knight in table order (the order cards
   * are laid), looked up by a view's slot ids (`slots[].slot`, `aim`).
   */
  slots: SlotInfo[];
  /**
   * The suits of the number cards; each rank comes once in every suit.
   * They play no part in the rules.
   */
  suits: Suit[];
}

/**
 * Event options. Every field has a default, so `{}` (or an empty TOML file)
 * is the standard game.
 */
export interface Config {
  /**
   * A minor injury to a knight that already holds three minor-injury dice
   * becomes a major injury; when false it is ignored.
   */
  fourth_minor_becomes_major?: boolean;
  /** Knights each player brings (the three Kings of the hand by default). */
  knights_per_player?: number;
  /** If set, the event stops once all players' points together reach this. */
  points_threshold?: number | null;
  /** Points for a hit, by slot. */
  scoring?: Scoring;
  /** Points that win when the player's knight is still standing at the end of a pass. */
  target_points?: number;
}

/** Dice of one duelist in one pass. */
export interface DiceView {
  /** The lance of war's shield bonus die, once rolled. */
  bonus?: number | null;
  /** Jousting dice in rolling order (pushed dice show their new face). */
  d12: number[];
  /** Faces of major-injury rolls of the whole pool. */
  injury_roll: number[];
  /** Numbers (from 1) of the jousting dice that count. */
  kept: number[];
  /** Faces of the major-injury dice rolled with them, lowest first. */
  major: number[];
  /**
   * Faces of the minor-injury dice rolled with the jousting dice, lowest
   * first.
   */
  minor: number[];
  /** Numbers (from 1) of the jousting dice pushed and rolled again. */
  pushed: number[];
}

/** A die face with a name of its own. */
export interface DieFace {
  /** What rolling it does, in a player's words. */
  effect: string;
  /** The number the face shows. */
  face: number;
  /** What a player calls it, such as "Raven". */
  name: string;
}

/**
 * One duelist of the pass in progress. Its cards and choices show to its
 * owner at once, to the others only once revealed.
 */
export interface DuelistView {
  /** Where it aims: shown to its owner, to all once both have aimed. */
  aim?: Slot | null;
  /** This duelist still owes the current choice. */
  deciding: boolean;
  /** Its dice so far this pass. */
  dice: DiceView;
  /** Its mount and lance: shown to its owner, to all once both have chosen. */
  gear?: Gear | null;
  /** Drawn cards not yet placed: only the owner sees them. */
  hand: number[];
  /** Cards it holds unplaced: open to all, unlike the cards themselves. */
  hand_size: number;
  /** Number of the knight riding (a replacement shows after the reveal). */
  knight: number;
  /** Keep or replace: shown to its owner, and to all once both chose. */
  knight_choice?: KnightChoice | null;
  /** The duelist's seat. */
  seat: Seat;
  /** Its five slots, in table order. */
  slots: SlotView[];
  /** The opponent's card this duelist rolls against, once turned up. */
  target?: number | null;
}

/** Why the event ended. */
export type EndReason = "target" | "last_in_event" | "fell_together" | "threshold";

/** One thing that happened in Card Joust, in the words of the log. */
export type Event = {
  /** The seat it rides against (the only other one, with two players). */
  challenged: Seat;
  /** The seat whose turn it is; it draws and rolls first. */
  challenger: Seat;
  kind: "pass_begins";
  /** The pass's number, from 1. */
  pass: number;
} | ({
  kind: "knight_sent";
  /** The new knight's number, from 1 in the order sent. */
  knight: number;
  /** The duelist sending it. */
  seat: Seat;
  /** The number of the standing knight it replaces, which never returns. */
  withdrawn?: number | null;
}) | {
  kind: "knight_kept";
  /** The number of the knight that stays in. */
  knight: number;
  /** Major-injury dice it rides with. */
  major: number;
  /** Minor-injury dice it rides with. */
  minor: number;
  /** The duelist keeping it. */
  seat: Seat;
} | {
  /** The rank drawn. */
  card: number;
  kind: "card_drawn";
  /** The drawer, the only seat told. */
  seat: Seat;
} | {
  /** Cards shuffled in: the new pile's size. */
  cards: number;
  kind: "discards_shuffled";
  /** Whose pile ran out. */
  seat: Seat;
} | {
  /** The rank of the card on its shield. */
  card: number;
  kind: "shield_card";
  /** The duelist, the only seat told: the shield card stays face down. */
  seat: Seat;
} | {
  kind: "aim";
  /** The duelist aimed at. */
  opponent: Seat;
  /** The aiming duelist. */
  seat: Seat;
  /** Where on the opponent's knight. */
  slot: Slot;
  /** The rank of the card there: what each jousting die must reach. */
  target: number;
} | {
  /** The mount and lance it rides with this pass. */
  gear: Gear;
  kind: "gear";
  /** The duelist who chose it. */
  seat: Seat;
} | {
  /** What the knight took. */
  injury: Injury;
  kind: "push_injury";
  /** The number of the knight that pays for the push. */
  knight: number;
  /** The duelist who pushed. */
  seat: Seat;
} | ({
  /** The slot it aimed at. */
  aim: Slot;
  /** The duelist fell this pass, so it scores nothing. */
  fell: boolean;
  /**
   * More ones than net successes: each one costs a point, unless a strong
   * hit unhorses the duelist first.
   */
  fumble: boolean;
  /**
   * With the princesses' gift, the two jousting dice that counted and
   * the one dropped; left out of the JSON on a roll of two dice.
   */
  gift_dice?: GiftDice | null;
  /** Points for the slot aimed at. */
  hit: number;
  kind: "scored";
  /** Points for breaking the lance of peace. */
  lance: number;
  /** Successes left after the snakes. */
  net: number;
  /** Kept jousting dice showing 1, and the bonus die if it did. */
  ones: number;
  /** The duelist it rode against. */
  opponent: Seat;
  /** The change to the player's points (negative after a fumble). */
  points: number;
  /** The duelist whose roll this is. */
  seat: Seat;
  /** Snakes on the duelist's own injury dice. */
  snakes: number;
  /** Successes of the kept dice and the shield bonus die, before the snakes. */
  successes: number;
  /** The rank of the opponent's card on that slot. */
  target: number;
  /** The player's points after the change. */
  total: number;
  /** Points for unhorsing the opponent. */
  unhorse: number;
}) | {
  /** The opponent's net successes. */
  by_net: number;
  /** Why it fell. */
  cause: Fall;
  kind: "unhorsed";
  /** The fallen knight's number. */
  knight: number;
  /** Whose knight fell. */
  seat: Seat;
} | {
  /** The duelist whose lance struck. */
  by: Seat;
  /** What the lance gave: minor for one net success, major for more. */
  dealt: Injury;
  kind: "injury_dealt";
  /** The struck knight's number. */
  knight: number;
  /** Major-injury dice it holds after. */
  major: number;
  /** Minor-injury dice it holds after. */
  minor: number;
  /** The duelist whose knight was struck. */
  seat: Seat;
  /** What the knight took, after the fourth-minor-injury option. */
  took: Injury;
} | {
  kind: "gift_earned";
  /** The player who earned it. */
  seat: Seat;
} | {
  /** Dice in the pool. */
  dice: number;
  kind: "injury_roll_due";
  /** The number of the knight rolling. */
  knight: number;
  /** Rolls owed in all: a push and a lance can each give a major injury. */
  of: number;
  /** The number of this roll, and how many the knight owes this pass. */
  roll: number;
  /** Whose knight rolls. */
  seat: Seat;
} | {
  /** The faces the roll showed, lowest first. */
  faces?: number[];
  kind: "injury_roll_survived";
  /** The number of the knight that rides on. */
  knight: number;
  /** Whose knight rolled. */
  seat: Seat;
} | {
  /**
   * The faces the roll showed: the roll stops at its first snake, so
   * the dice before it, lowest first, and the snake (1) last.
   */
  faces?: number[];
  kind: "left_by_injury";
  /** The number of the knight that leaves. */
  knight: number;
  /** Whose knight leaves. */
  seat: Seat;
} | {
  /** Minor-injury dice that left the pool. */
  healed: number;
  kind: "healed";
  /** The number of the knight healed. */
  knight: number;
  /** Minor dice left. */
  minor: number;
  /** Whose knight healed. */
  seat: Seat;
} | {
  kind: "out_of_event";
  /** The player who is out. */
  seat: Seat;
} | {
  kind: "event_over";
  /** The winners' points. */
  points: number;
  /** What ended it. */
  reason: EndReason;
  /** Lowest seat first; two or more share a draw. */
  winners: Seat[];
};

/** Why a knight falls from its horse. */
export type Fall = "struck" | "caught_fumbling" | "fumbled_flying";

/**
 * The mount and lance a duelist rides with in one pass, chosen hidden
 * and turned up once both duelists chose.
 */
export interface Gear {
  /** The Ace: war or peace. */
  lance: Lance;
  /** The Joker: ground or flying. */
  mount: Mount;
}

/**
 * A roll with the princesses' gift: three jousting dice, of which the two
 * highest count.
 */
export interface GiftDice {
  /** The face of the die that was dropped. */
  dropped: number;
  /** The faces of the two dice that counted, highest first. */
  kept: number[];
}

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

/** What a lance or a push did to a knight. */
export type Injury = "none" | "minor" | "major";

/** The injury die, a d6. */
export interface InjuryDie {
  /** What the dice are, in a player's words. */
  effect: string;
  /** The face on which a minor-injury die heals. */
  heal: DieFace;
  /** Minor-injury dice a knight can hold. */
  most_minor: number;
  /** What a player calls one, such as "Injury die". */
  name: string;
  /** Its faces, numbered from 1. */
  sides: number;
  /**
   * The face that cancels a success (and, in a roll for a major injury,
   * ends the knight's event).
   */
  snake: DieFace;
}

/** One kind of injury. */
export interface InjuryInfo {
  /** What it does to a knight, in a player's words. */
  effect: string;
  /** The id the views give (`minor` or `major`). */
  id: Injury;
  /** What a player calls it, such as "Minor injury". */
  name: string;
}

/** The pass in progress. */
export interface JoustView {
  /** The seat whose turn it is; it draws and rolls first. */
  challenger: Seat;
  /** Both duelists, the challenger first. */
  duelists: DuelistView[];
  /**
   * The choices owed now (keep or replace, placing, aim, mount and
   * lance) are made face down: both duelists choose at once, `deciding`
   * tells who still owes one, and neither sees the other's choice until
   * both have chosen (a placed card stays hidden until an aim turns it up).
   */
  hidden_choices: boolean;
}

/** The jousting die, a d12. */
export interface JoustingDie {
  /** Dice rolled in a pass (one more with the ground mount's gift). */
  count: number;
  /** How a roll is read, in a player's words. */
  effect: string;
  /** The face below it: one success, two on a flying mount. */
  feather: DieFace;
  /** What a player calls one, such as "Jousting die". */
  name: string;
  /** The top face: two successes. */
  raven: DieFace;
  /** Its faces, numbered from 1. */
  sides: number;
}

/** The knight a player has in the lists. */
export interface Knight {
  /** Major-injury dice: permanent. */
  major: number;
  /** Minor-injury dice: they can heal. */
  minor: number;
  /** Which of the player's knights this is, counting from 1 in the order sent. */
  number: number;
}

/** The knights: the Kings in hand. */
export interface KnightCard {
  /** The playing card that stands for a knight. */
  card: string;
  /** Knights in hand: what the knights-per-player option brings by default. */
  count: number;
  /** What a knight does, in a player's words. */
  effect: string;
  /** The most knights the knights-per-player option allows. */
  most: number;
  /**
   * What a player calls one, such as "Knight"; a view gives each knight a
   * number (its `knight`), counting from 1 in the order sent.
   */
  name: string;
}

/** The choice of a duelist whose knight is still in the lists. */
export type KnightChoice = "keep" | "replace";

/** The Ace beside the mount. */
export type Lance = "war" | "peace";

/** One lance: an Ace beside the mount. */
export interface LanceCard {
  /** The playing card that stands for it. */
  card: string;
  /** What it does, in a player's words. */
  effect: string;
  /** The id a view's `gear.lance` gives. */
  id: Lance;
  /** What a player calls it, such as "Lance of war". */
  name: string;
}

/** The Joker beside the knight. */
export type Mount = "ground" | "flying";

/** One mount: a Joker beside the knight. */
export interface MountCard {
  /** The playing card that stands for it. */
  card: string;
  /** What riding it does, in a player's words. */
  effect: string;
  /** The id a view's `gear.mount` gives. */
  id: Mount;
  /** What a player calls it, such as "Ground mount". */
  name: string;
}

/** The number cards, 2 to 10 by default. */
export interface NumberCards {
  /** Copies of each rank in one player's pile: one per suit. */
  copies_per_rank: number;
  /** What a number card does, in a player's words. */
  effect: string;
  /** The highest rank in the pile. */
  highest_rank: number;
  /** The lowest rank in the pile. */
  lowest_rank: number;
  /** What a player calls one of them, such as "Number card". */
  name: string;
}

/** What one duelist's last pass came to. */
export interface PassView {
  /** The slot it aimed at. */
  aim?: Slot | null;
  /** What its lance did to the opponent's knight. */
  dealt: Injury;
  /** Every die it rolled in the pass. */
  dice: DiceView;
  /** Its knight fell from its horse and left the event. */
  dismounted: boolean;
  /** More ones than net successes. */
  fumble: boolean;
  /** Its mount and lance. */
  gear?: Gear | null;
  /** It earned the ground mount's gift for its next pass. */
  gift: boolean;
  /** The number of the knight that rode. */
  knight: number;
  /** A major-injury roll showed a snake: its knight left the event. */
  left_by_injury: boolean;
  /** Successes left after the snakes. */
  net: number;
  /** Kept jousting dice showing 1, and the bonus die if it did. */
  ones: number;
  /** Points gained (negative: lost). */
  points: number;
  /** What pushing cost its own knight. */
  push_injury: Injury;
  /** Whose pass this is. */
  seat: Seat;
  /** Snakes on its injury dice. */
  snakes: number;
  /** Successes of the kept dice and the bonus die, before the snakes. */
  successes: number;
  /** The rank of the opponent's card there: what each die had to reach. */
  target: number;
}

/**
 * Where the event stands. The order is the order of a pass, which the views
 * use to tell what has been revealed.
 */
export type Phase = "starting_player" | "challenge" | "knights" | "draw" | "place" | "aim" | "gear" | "roll" | "push" | "reroll" | "bonus" | "injury_roll" | "over";

/**
 * One number card laid face down on one slot. A duelist places its five
 * cards one at a time in table order (head, body, left arm, right arm); the
 * last card goes on the shield by itself.
 */
export interface Placement {
  /** The rank of the card, one the duelist holds. */
  card: number;
  /**
   * The slot it goes on, which must be the next in table order; naming it
   * keeps a record readable.
   */
  slot: Slot;
}

/** One player's side of the event; nothing in it is hidden. */
export interface PlayerView {
  /**
   * How often this player has aimed at each slot so far, by slot id:
   * aims are revealed every pass, so this is what an attentive player
   * would remember anyway.
   */
  aims_seen: { [key: string]: number };
  /** The open discard pile, lowest first. */
  discard: number[];
  /** The ground mount's gift for this player's next pass. */
  gift: boolean;
  /** Still has a knight, waiting or in the lists. */
  in_event: boolean;
  /** The knight in the lists and its injury dice. */
  knight?: Knight | null;
  /** Knights not yet sent. */
  knights_waiting: number;
  /** Cards left in the face-down pile. */
  pile: number;
  /** Event points; fumbles can take them below zero. */
  points: number;
  /** Whose side this is. */
  seat: Seat;
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

/** Points a hit scores, by the slot aimed at. */
export interface Scoring {
  /** Either arm. */
  arm?: number;
  /** Points for a hit on the body. */
  body?: number;
  /** Points for a hit on the head. */
  head?: number;
  /** Points for a hit on the shield. */
  shield?: number;
}

/** One place at the table, numbered from 0. Shown to people from 1 ("seat 1"). */
export type Seat = number;

/** Where a card lies on a knight, and where a lance is aimed. */
export type Slot = "head" | "body" | "left_arm" | "right_arm" | "shield";

/** One target slot of a knight. */
export interface SlotInfo {
  /** What the slot is for, in a player's words. */
  effect: string;
  /** The id the views and actions give. */
  id: Slot;
  /** What a player calls it, such as "Left arm". */
  name: string;
  /**
   * Points a hit on it scores by default; a table's own points are in
   * its view (`slot_points`).
   */
  points: number;
}

/** One slot of a duelist's knight, as the viewer may see it. */
export interface SlotView {
  /** The card, if this viewer may see it. */
  card?: number | null;
  /** Turned up by the opponent's aim: the card is then open to all. */
  face_up: boolean;
  /** A card lies there. */
  occupied: boolean;
  /** Which slot, so a client need not count. */
  slot: Slot;
}

/** One suit of the number cards. */
export interface Suit {
  /** `red` or `black`. */
  colour: string;
  /** The suit's name, such as "Hearts". */
  name: string;
}

/** The table as one seat (or a spectator, `viewer: null`) sees it. */
export interface View {
  /**
   * Why the event ended, once it is over: the banner says it, since a
   * winner short of the target is otherwise a puzzle.
   */
  end_reason?: EndReason | null;
  /** The pass in progress. */
  joust?: JoustView | null;
  /** Knights each player brought to the event. */
  knights_per_player: number;
  /** The last pass fought to the end, challenger first. */
  last_pass?: PassView[] | null;
  /** Seats that owe a choice now (empty while dice or cards are pending). */
  on_move: Seat[];
  /** Passes fought to the end so far. */
  passes: number;
  /** Where the event stands. */
  phase: Phase;
  /** Every player, in seat order. */
  players: PlayerView[];
  /** All players' points together that stop the event, if set. */
  points_threshold?: number | null;
  /** Points a hit scores, by slot. */
  scoring: Scoring;
  /**
   * The same points for every slot id: what a hit on that slot scores at
   * this table (both arms score `scoring.arm`).
   */
  slot_points: { [key: string]: number };
  /** Points that win with a knight standing at the end of a pass. */
  target_points: number;
  /** Whose turn it is: the challenger. */
  turn: Seat;
  /**
   * Whose eyes these are (`None`: a spectator): hidden cards and choices
   * show only to their owner.
   */
  viewer?: Seat | null;
  /** Set once the event is over; several seats share a draw. */
  winners?: Seat[] | null;
}
