// Medieval Mastery: the JSON shapes of its views, actions, events, config and
// components, generated from the Rust types (crates/server/src/web_types.rs).
// Do not edit: `TOURNEY_WRITE_TYPES=1 cargo test -p tourney-server --test web_types`
// rewrites this file.

/** A decision a player makes at the table. */
export type Action = {
  split: number[];
} | "redistribute" | {
  move: {
    /** The cell the knight leaves: the castle or a supplied territory. */
    from: number;
    /** The cell the knight joins. */
    to: number;
  };
} | "done" | {
  march_to: number;
} | {
  send: number;
} | "back" | "summon" | "tactical_march" | {
  destroy: RelicRef;
} | "use_crown" | {
  crown_on_seat: Seat;
} | {
  crown_on_relic: RelicRef;
} | {
  crown_on_cell: number;
} | "end_turn" | "continue" | "pass" | {
  conflict: Card;
} | {
  support: Card;
} | {
  top: Card;
};

/** The card kinds. Decks, hands and discard piles are multisets of these. */
export type Card = "conflict_2" | "conflict_3" | "conflict_4" | "conflict_5" | "ambush" | "heroic_effort_1" | "heroic_effort_2" | "summon" | "influential_person" | "tactical_march" | "destroy";

/** One card kind of a player's deck. */
export interface CardFacts {
  /** Copies in a player's 18-card deck. */
  count: number;
  /** Whether the card's value is one die roll instead (Ambush). */
  die: boolean;
  /** The card, as views and actions name it. */
  id: Card;
  /** Conflict, Support or Aid. */
  kind: CardKind;
  /** Its name ("Heroic Effort +1"). */
  name: string;
  /** What the card does, in one sentence. */
  text: string;
  /**
   * A Conflict card's printed value, or what a Support card adds (none
   * for Aid cards and for a card whose value is a die roll).
   */
  value?: number | null;
}

/** What a card is for: when it is played. */
export type CardKind = "conflict" | "support" | "aid";

/** A kind of deck card. */
export interface CardKindFacts {
  /** The kind, as a card's `kind` names it. */
  id: CardKind;
  /** Its name ("Support"). */
  name: string;
  /** When cards of this kind are played, in one sentence. */
  text: string;
}

/** One hex of the map as everyone sees it. */
export interface CellView {
  /**
   * The cells linked to this one across a lake it borders (through any
   * lakes that touch that one), which are not among `neighbours`: for
   * marching and supply lines they count as next to it. Empty for a lake.
   */
  across_lake: number[];
  /** Most knights one player may have here. */
  capacity: number;
  /** The cell's number on the map. */
  cell: number;
  /** The tile's effects in words. */
  effects: string;
  /** "castle", "lake", "territory" or "homeland". */
  kind: string;
  /** Knights here (a castle's: its player's castle knights). */
  knights: number;
  /**
   * The cells next to this one: those it shares an edge with, lakes
   * included, in cell-number order.
   */
  neighbours: number[];
  /** A castle's seat, or the seat a homeland lies next to. */
  of_seat?: Seat | null;
  /** The player whose knights stand here, if anybody's. */
  owner?: Seat | null;
  /** Points the territory gives its controller. */
  points: number;
  /** Whether the owner has a supply line here. */
  supplied: boolean;
  /** The territory tile's name, once dealt. */
  tile?: string | null;
  /**
   * The territory tile's id, once dealt: its entry in the components'
   * `tiles`.
   */
  tile_id?: string | null;
  /**
   * Where the cell is drawn: doubled hex coordinates (neighbours differ
   * by two columns in a row, or one column and one row).
   */
  x: number;
  /** The row the cell is drawn in, from the top. */
  y: number;
}

/** The combat being fought. */
export interface CombatView {
  /** The marching player. */
  attacker: Seat;
  /** The attacker's knights in the fight. */
  attacker_knights: number;
  /** Where they fight. */
  cell: number;
  /** Each side's Conflict card, attacker first. */
  conflict: ConflictView[];
  /** The player holding the territory (or the castle, under Siege). */
  defender: Seat;
  /** The defender's knights in the fight. */
  defender_knights: number;
  /** What the winner won by, once the result is decided. */
  margin?: number | null;
  /** Whether the territory forbids Support cards. */
  no_support: boolean;
  /** Players who have passed on Support cards. */
  passed: Seat[];
  /** Cards on the table, by seat. */
  played: PlayedView[];
  /** The seat asked to answer with Destroy in the Sceptre or Orb window. */
  responder?: Seat | null;
  /**
   * "drawing", "crown_and_aid", "sceptres", "conflict", "ambush",
   * "support", "survival", "orbs" or "finish".
   */
  step: string;
  /** Whose turn it is to play a Support card or pass, during step 5. */
  support_turn?: Seat | null;
  /** Chaos survival dice the winner still has to roll. */
  survival_dice_left: number;
  /** Combat values, attacker first. */
  values: number[];
  /** The winner, once the result is decided. */
  winner?: Seat | null;
}

/** Everything a player may read about Medieval Mastery's components. */
export interface Components {
  /** Conflict, Support and Aid: the kinds of deck card and when each is played. */
  card_kinds: CardKindFacts[];
  /** One entry per card kind of a player's deck (every `Card` id once). */
  cards: CardFacts[];
  /** Crown, Sceptre and Orb: the kinds of Relic and when each applies. */
  relic_kinds: RelicKindFacts[];
  /** The 18 Relic cards (every Relic id a view names, once). */
  relics: RelicFacts[];
  /**
   * How to play, for a newcomer, and a glossary of every word the board
   * and the terminal show (`rules.toml`); `{key}` in a text stands for
   * the table's option `key` (see `RulesText::fill`).
   */
  rules: RulesText;
  /** The territory tile kinds (every `tile_id` a view names, once). */
  tiles: TileFacts[];
}

/**
 * The options a table is set up with. Every field has a default, so a
 * config file names only what it changes; unknown keys are refused.
 */
export interface Config {
  /** 6 more starting knights; winners roll to keep their knights. */
  chaos?: boolean;
  /** Knights in a territory that loses its supply line are removed. */
  cut_throat?: boolean;
  /** Whether players form teams, and how. */
  loyalty?: Loyalty;
  /**
   * After this many rounds the player (or team) with the most points
   * wins; 0 plays on until someone reaches the goal.
   */
  round_limit?: number;
  /** Castles may be attacked; they defend as 8 knights; taking one wins. */
  siege?: boolean;
  /** 11 points win; homelands are worth nothing. */
  skirmish?: boolean;
  /**
   * Who decides how the starting knights are spread over castle and
   * homelands.
   */
  starting_knights?: StartingKnights;
}

/** One combatant's Conflict card, as far as the viewer may know it. */
export interface ConflictView {
  /** The card, once revealed (or to its owner while face down). */
  card?: Card | null;
  /** "choosing", "face_down", "none" or "revealed". */
  state: string;
}

/** What a territory tile does when it is conquered. */
export type Conquest = "none" | "extra_knight" | "lose_knight";

/** A Crown announced and waiting for the other players' Destroy answers. */
export interface CrownView {
  /** The Crown's name. */
  crown?: string | null;
  /** The seat asked to answer with Destroy. */
  responder: Seat;
  /** What it is used on, in words. */
  target: string;
  /** The Crown's owner. */
  user: Seat;
}

/** Why the game ended. */
export type EndReason = "goal" | "castle" | "round_limit";

/**
 * Something the rules made happen, in the order it happened.
 * 
 * Wherever an event names a `seat`, it is the player the event is about:
 * the one who acts, draws, gains or loses.
 */
export type Event = {
  /** Knights in the castle. */
  castle: number;
  /** Knights on each of the player's homelands. */
  homelands: Stationed[];
  kind: "starting_knights";
  /** The player. */
  seat: Seat;
} | {
  /** Knights in the castle now. */
  castle: number;
  kind: "turn_begins";
  /** Knights the dice could not show, lost. */
  lost: number;
  /** Knights placed. */
  placed: number;
  /** The player on turn. */
  seat: Seat;
  /** The turn's number, counted over the whole game from 1. */
  turn: number;
} | {
  /**
   * Told in the very step that used a Crown (no opponent could
   * answer with Destroy), so the line retells that step. Absent when
   * false.
   */
  at_once?: boolean;
  /** The card, tile or Relic that placed them. */
  by: string;
  /** Knights in the castle now. */
  castle: number;
  kind: "knights_added";
  /** Knights the dice could not show, lost. */
  lost: number;
  /** Knights placed. */
  placed: number;
  /** The castle's player. */
  seat: Seat;
} | ({
  /** The castle's knights, if it took part. */
  castle?: number | null;
  kind: "redistributed";
  /** The player who redistributed. */
  seat: Seat;
  /** The territories that took part, with their knights now. */
  territories: Stationed[];
}) | {
  /**
   * Told in the very step that used a Crown (no opponent could
   * answer with Destroy), so the line retells that step. Absent when
   * false.
   */
  at_once?: boolean;
  /** The card or Relic that granted it. */
  by: string;
  kind: "round_granted";
  /** The player on turn. */
  seat: Seat;
} | {
  /**
   * Told in the very step that used a Crown (no opponent could
   * answer with Destroy), so the line retells that step. Absent when
   * false.
   */
  at_once?: boolean;
  /** The player who turned it down. */
  by: Seat;
  kind: "relic_turned_down";
  /** The Relic's name. */
  name: string;
  /** Which of the owner's Relics. */
  relic: RelicKind;
  /** The Relic's owner. */
  seat: Seat;
  /** "Destroy", or the Crown's name. */
  with: string;
} | {
  /** The Crown's name. */
  crown: string;
  kind: "crown_cancelled";
  /** The Crown's owner. */
  seat: Seat;
} | ({
  /**
   * Told in the very step that used a Crown (no opponent could
   * answer with Destroy), so the line retells that step. Absent when
   * false.
   */
  at_once?: boolean;
  /** The Relic or tile that took it. */
  by: string;
  /** Whose Relic it is (none for a territory's effect). */
  by_seat?: Seat | null;
  /** Where the knight stood. */
  cell: number;
  kind: "knight_lost";
  /** Knights left there. */
  left: number;
  /** The player whose knight it is. */
  seat: Seat;
}) | {
  /**
   * Taken by the march into it (an empty territory), in the step of
   * that march; false for a combat won, whose end is a step of its
   * own.
   */
  by_march?: boolean;
  /** The territory. */
  cell: number;
  kind: "conquered";
  /** Knights the conqueror has there. */
  knights: number;
  /** The conqueror's points now. */
  points: number;
  /** The conqueror. */
  seat: Seat;
  /** The territory tile's name. */
  tile: string;
  /** Points the territory is worth. */
  worth: number;
} | ({
  /** The marching player. */
  attacker: Seat;
  /** The territory's bonus to each side. */
  bonus: number[];
  /** Where they fight. */
  cell: number;
  /** The player holding the territory (or the castle, under Siege). */
  defender: Seat;
  kind: "combat_begins";
  /** Knights in the fight, attacker first. */
  knights: number[];
  /** The territory tile; none when a castle is attacked (Siege). */
  tile?: string | null;
  /** The combat values to start from, attacker first. */
  values: number[];
}) | {
  /** What it adds (negative: takes away). */
  change: number;
  kind: "sceptre_applied";
  /** The Sceptre's name. */
  sceptre: string;
  /** The Sceptre's owner. */
  seat: Seat;
  /** Whose value it changes. */
  target: Seat;
  /** The combat values now, attacker first. */
  values: number[];
} | {
  /**
   * Told in the very step that used a Crown (no opponent could
   * answer with Destroy), so the line retells that step. Absent when
   * false.
   */
  at_once?: boolean;
  /** The Relic's name. */
  by: string;
  /** The hand size drawn up to. */
  cards: number;
  kind: "draws_up_to";
  /** The Relic's owner, who draws. */
  seat: Seat;
} | {
  kind: "no_conflict_card";
  /** The combatant. */
  seat: Seat;
} | ({
  /** The attacker. */
  attacker: Seat;
  /** Attacker first; none for a combatant who had no Conflict card. */
  cards: (Card | null)[];
  /** The defender. */
  defender: Seat;
  kind: "conflict_revealed";
  /** The values with the printed cards added (Ambush dice still to come). */
  values: number[];
}) | {
  /** What the die shows, added to their value. */
  face: number;
  kind: "ambush_rolled";
  /** The combatant who played Ambush. */
  seat: Seat;
  /** The combat values now, attacker first. */
  values: number[];
} | {
  /** The territory fought over. */
  cell: number;
  kind: "no_support";
  /** Its tile's name. */
  tile: string;
} | {
  /** The card. */
  card: Card;
  /** The combatant it helps (a teammate under Loyalty). */
  for_seat: Seat;
  kind: "support_played";
  /** The player who played it. */
  seat: Seat;
  /** The combat values now, attacker first. */
  values: number[];
} | {
  /** The attacker. */
  attacker: Seat;
  /** Where they fought. */
  cell: number;
  /** The defender. */
  defender: Seat;
  kind: "combat_result";
  /** What the winner won by (a tie counts 1 for the defender). */
  margin: number;
  /** The final combat values, attacker first. */
  values: number[];
  /** Whichever of the two won. */
  winner: Seat;
} | {
  /** Where they fought. */
  cell: number;
  /** What the die shows; a 1 costs a knight. */
  face: number;
  kind: "survival_die";
  /** The winner's knights left there. */
  left: number;
  /** The winner, who rolls. */
  seat: Seat;
} | {
  /** Where they fought. */
  cell: number;
  kind: "result_reversed";
  /** The side whose knights the dice took. */
  loser: Seat;
  /** The side that lost the combat and wins it now. */
  winner: Seat;
} | {
  /** The Orb's name. */
  by: string;
  /** Where they fight. */
  cell: number;
  kind: "knight_joins";
  /** Knights there now. */
  knights: number;
  /** The Orb's owner. */
  seat: Seat;
} | {
  kind: "no_effect";
  /** The player it would have helped or hurt. */
  seat: Seat;
  /** The Relic or tile. */
  source: string;
  /** Why nothing happens, in a player's words. */
  why: string;
} | {
  /** The Orb's name. */
  by: string;
  kind: "losses_spared";
  /** The Orb's owner, who lost the combat. */
  seat: Seat;
  /** Knights fewer lost. */
  spared: number;
} | ({
  /** The Orb that did it; none at the end of a turn. */
  by?: string | null;
  kind: "relics_repaired";
  /** The names of the Relics turned face up. */
  relics: string[];
  /** The Relics' owner. */
  seat: Seat;
}) | {
  /** Knights in the loser's castle now. */
  castle: number;
  /** Where they fought. */
  cell: number;
  kind: "combat_losses";
  /** Knights lost in the combat. */
  lost: number;
  /** Retreating knights the castle's dice could not show, lost. */
  retreat_lost: number;
  /** Knights that made it back to the castle. */
  retreated: number;
  /** The loser. */
  seat: Seat;
} | {
  /** The territory. */
  cell: number;
  kind: "defended";
  /** Knights left there; with none, nobody holds it any more. */
  knights: number;
  /** The defender. */
  seat: Seat;
} | {
  /** The player whose castle it was. */
  castle_of: Seat;
  kind: "castle_taken";
  /** The conqueror. */
  seat: Seat;
} | {
  /** The territory. */
  cell: number;
  kind: "supply_cut";
  /** Knights removed. */
  knights: number;
  /** The player's points now. */
  points: number;
  /** The player who held it. */
  seat: Seat;
} | {
  /** The card. */
  card: Card;
  kind: "card_drawn";
  /** It came from the top the drawer knew (Crown of Insight). */
  known: boolean;
  /** The drawer. */
  seat: Seat;
} | {
  kind: "known_card_drawn";
  /** The drawer. */
  seat: Seat;
} | {
  /**
   * Drawn from the deck by the chance step telling it, and played
   * at once (as an extra card, or as the card that filled the
   * hand): the event tells that draw, to the drawer too, who is told
   * the card by no other event. False when drawn earlier while the
   * hand was filled, or from the known top of the deck.
   */
  drawn?: boolean;
  /** Cards they draw for it. */
  draws: number;
  kind: "influential_person";
  /** The player who drew it. */
  seat: Seat;
} | {
  /** Cards shuffled into it. */
  cards: number;
  kind: "deck_reshuffled";
  /** The player. */
  seat: Seat;
} | {
  /** The card. */
  card: Card;
  kind: "card_seen";
  /**
   * It lay on the top its owner knew from an earlier use of the
   * Crown, and is looked at again with no chance step. Absent when
   * false.
   */
  known?: boolean;
  /** The Crown's owner. */
  seat: Seat;
} | {
  /** The cards, top first. */
  cards: Card[];
  kind: "deck_top_set";
  /** The Crown's owner. */
  seat: Seat;
} | {
  /** How many cards went back. */
  cards: number;
  kind: "deck_top_put_back";
  /** The Crown's owner. */
  seat: Seat;
} | {
  kind: "round_over";
  /** Rounds completed so far. */
  round: number;
} | {
  kind: "game_over";
  /** Every seat's points at the end. */
  points: number[];
  /** What ended it. */
  reason: EndReason;
  /** Who won (several share a team's or a tied win). */
  winners: Seat[];
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

/** The Crown of Insight at work: cards looked at, then put back in order. */
export interface InsightView {
  /** Cards looked at so far. */
  looked_at: number;
  /** Only for the seat using the Crown: cards put back, top first. */
  put_back?: Card[] | null;
  /** The Crown's owner. */
  seat: Seat;
  /** Only for the seat using the Crown: cards still to put back. */
  to_put_back?: Card[] | null;
}

/**
 * The last combat fought to its end: what decided it and what it cost.
 * Everything in it was face up by then, so every viewer sees the same.
 */
export interface LastCombatView {
  /**
   * What each side's Ambush die showed, attacker first (`null`: none
   * rolled).
   */
  ambush: (number | null)[];
  /** The marching player. */
  attacker: Seat;
  /** The attacker took the defender's castle (Siege), which ends the game. */
  castle_taken: boolean;
  /** Where they fought. */
  cell: number;
  /** The Conflict cards turned up, attacker first (`null`: none). */
  conflict: (Card | null)[];
  /** The attacker conquered the territory. */
  conquered: boolean;
  /** The player who held the territory (or the castle, under Siege). */
  defender: Seat;
  /** Knights in the fight at its end, before the losses, attacker first. */
  knights: number[];
  /** Who lost. */
  loser: Seat;
  /** Knights the loser lost. */
  lost: number;
  /** What the winner won by (0 when Chaos turned the result). */
  margin: number;
  /**
   * Combats fought to their end in this game, this one included: tells
   * one report from the next.
   */
  number: number;
  /**
   * What each final value is made of, attacker first; the parts add up
   * to `values`.
   */
  parts: ValueParts[];
  /** Every card put on the table, by seat, Conflict cards included. */
  played: PlayedView[];
  /**
   * Each side's Crown, Sceptre and Orb that took effect in this combat,
   * in that order, attacker first: a Crown the attacker used during the
   * combat, the Sceptres of step 3 and the Orbs of step 7, each with
   * what it did.
   */
  relics_applied: RelicAppliedView[][];
  /**
   * Each side's Sceptre or Orb that would have taken effect in this
   * combat but lay face down when its step came, attacker first: why
   * that Relic did not count. Each says whether a Crown or a Destroy
   * card turned it down.
   */
  relics_down: RelicDownView[][];
  /** Knights that had to retreat and found no room in the castle. */
  retreat_lost: number;
  /** The loser's knights that retreated into its castle. */
  retreated: number;
  /**
   * Chaos: the survival dice took the winner's last knight, and the
   * other side won.
   */
  reversed: boolean;
  /** Chaos: knights the winner's survival dice took. */
  survival_lost: number;
  /** The final combat values, attacker first. */
  values: number[];
  /** Who won. */
  winner: Seat;
}

/** The Loyalty optional rule: teams. */
export type Loyalty = "off" | "pairs" | "triples";

/** How a finished game came out. */
export interface Outcome {
  /**
   * One seat: it won. Several: they share the win (a draw between them).
   * None: nobody won.
   */
  winners: SeatSet;
}

/** The cards one player has put on the table in the combat. */
export interface PlayedView {
  /** Their cards, face up (a face-down Conflict card is not among them). */
  cards: Card[];
  /** The player. */
  seat: Seat;
}

/**
 * A combatant's Crown, Sceptre or Orb that took effect in a combat, and
 * what it did there.
 */
export interface RelicAppliedView {
  /**
   * What it did in this combat, in a player's words, the fighters
   * named by their roles: "added 1 to the defender's combat value",
   * "no effect: the rival has no knights there".
   */
  effect: string;
  /** Crown, Sceptre or Orb. */
  kind: RelicKind;
  /** The Relic's id: its entry in the components' `relics`. */
  relic?: string | null;
}

/**
 * A combatant's Sceptre or Orb that would have taken effect in a combat
 * but lay face down, and what turned it down.
 */
export interface RelicDownView {
  /** The player who turned it face down. */
  by: Seat;
  /**
   * The Crown that turned it face down (its id in the components'
   * `relics`); `null` when a Destroy card did.
   */
  crown?: string | null;
  /** Sceptre or Orb. */
  kind: RelicKind;
  /** The Relic's id: its entry in the components' `relics`. */
  relic?: string | null;
}

/** One Relic card. */
export interface RelicFacts {
  /** The card's id, as a view's Relic names it (`"orb_of_greed"`). */
  id: string;
  /** Crown, Sceptre or Orb. */
  kind: RelicKind;
  /** Its name ("Orb of Greed"). */
  name: string;
  /** What it does, in one sentence. */
  text: string;
  /** Advice on when to use it, for help (most cards have none). */
  tip?: string | null;
}

/** The three kinds of Relic; every player holds one of each. */
export type RelicKind = "crown" | "sceptre" | "orb";

/** A kind of Relic. */
export interface RelicKindFacts {
  /** The kind, as a Relic's `kind` names it. */
  id: RelicKind;
  /** Its name ("Sceptre"). */
  name: string;
  /** When Relics of this kind apply, in one sentence. */
  text: string;
}

/** One player's Relic of one kind (every player holds one of each). */
export interface RelicRef {
  /** Which of their three Relics. */
  relic: RelicKind;
  /** The player holding the Relic. */
  seat: Seat;
}

/** One of a player's Relics; the card is known to everyone once dealt. */
export interface RelicView {
  /** Whether it is dealt and not turned face down. */
  face_up: boolean;
  /** The card's id, once dealt. */
  id?: string | null;
  /** Crown, Sceptre or Orb. */
  kind: RelicKind;
  /** The card's name, once dealt. */
  name?: string | null;
  /** What the card does, once dealt. */
  text?: string | null;
  /** Advice on when to use it, for help (none for most cards). */
  tip?: string | null;
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
 * A set of seats as a bit mask: several seats can be on move at once
 * (simultaneous choices) and several can share a result, without allocating.
 */
export type SeatSet = number;

/**
 * One player as the viewer sees them: everything but another player's
 * hand and known deck top, which are only counted.
 */
export interface SeatView {
  /** Knights in the castle. */
  castle: number;
  /** Knights the castle can still take before the dice run out. */
  castle_room: number;
  /** Cards in the deck, known top included. */
  deck_size: number;
  /** The discard pile, which lies face up. */
  discard: Card[];
  /** Only in the seat's own view. */
  hand?: Card[] | null;
  /** Cards in hand. */
  hand_size: number;
  /** Only in the seat's own view, top first. */
  known_top?: Card[] | null;
  /** Cards on top of the deck whose order the seat knows (Crown of Insight). */
  known_top_size: number;
  /** Victory points from the territories the player controls. */
  points: number;
  /** Crown, Sceptre and Orb, in that order. */
  relics: RelicView[];
  /** The player. */
  seat: Seat;
  /** Team number under Loyalty (the seat's own number otherwise). */
  team: number;
}

/** How the six starting knights are placed. */
export type StartingKnights = "even" | "choice";

/** Knights standing on one cell. */
export interface Stationed {
  /** The cell. */
  cell: number;
  /** Knights there now. */
  knights: number;
}

/** One kind of territory tile (several identical tiles share a kind). */
export interface TileFacts {
  /** Added to the attacker's combat value in a combat here. */
  attack: number;
  /** Most knights one player may have here. */
  capacity: number;
  /** What happens to the conqueror when the territory is taken. */
  conquest: Conquest;
  /** Identical tiles of this kind in the box. */
  count: number;
  /** Added to the defender's combat value in a combat here. */
  defence: number;
  /**
   * The effects above in a player's words ("defender +1, conqueror +1
   * knight"); empty for a tile without any.
   */
  effects: string;
  /**
   * The homeland tile: it lies next to a castle from the start instead
   * of being dealt.
   */
  homeland: boolean;
  /** The kind's id, as a view's cell names it in `tile_id` (`"city_3"`). */
  id: string;
  /** The name printed on the tile ("City"). */
  name: string;
  /** No Support cards may be played in a combat here. */
  no_support: boolean;
  /** Victory points the territory gives whoever controls it. */
  value: number;
}

/** The turn in progress. */
export interface TurnView {
  /** Whether the Crown has been used this turn. */
  crown_used: boolean;
  /**
   * Further marches, each with a redistribution before it, granted this
   * turn (Tactical March, Crown of Command) and not begun yet.
   */
  extra_rounds: number;
  /** The cell being marched into or fought over. */
  march_target?: number | null;
  /** Whether the turn's march is made (and no further one granted yet). */
  marched: boolean;
  /** The turn's number, counted over the whole game from 1. */
  number: number;
  /** Whether the redistribution before the turn's next march is used up. */
  redistributed: boolean;
  /** The player on turn. */
  seat: Seat;
  /** "free", "redistributing", "choosing_knights" or "combat". */
  stage: string;
}

/** What one side's combat value is made of. */
export interface ValueParts {
  /** The Ambush die. */
  ambush: number;
  /** The Conflict card's printed value (0 for Ambush, which rolls). */
  conflict: number;
  /**
   * Knights in the fight when it began (a castle under Siege counts as
   * its fixed defence).
   */
  knights: number;
  /** Sceptres: +1 from one's own, -1 from the rival's. */
  sceptres: number;
  /** Support cards played for this side, by its player or teammates. */
  support: number;
  /** The territory's attack bonus (attacker) or defence bonus (defender). */
  territory: number;
}

/**
 * What one seat, or a spectator, may see of a game. It is drawn for the
 * terminal by its `Display` and sent to clients as JSON.
 */
export interface View {
  /** Every hex of the map, in cell-number order. */
  cells: CellView[];
  /** The combat being fought, if any. */
  combat?: CombatView | null;
  /** A Crown announced and waiting for Destroy responses. */
  crown?: CrownView | null;
  /** A player drawing cards. */
  drawing?: Seat | null;
  /** Points one player needs (13, or 11 in a Skirmish). */
  goal: number;
  /** The Crown of Insight at work. */
  insight?: InsightView | null;
  /** The last combat fought to its end, kept until the next one ends. */
  last_combat?: LastCombatView | null;
  /** Who won, once the game is over. */
  outcome?: Outcome | null;
  /** "setup", "turn" or "over". */
  phase: string;
  /** Players at the table. */
  players: number;
  /** Rounds after which the most points win (0: no limit). */
  round_limit: number;
  /** Rounds every player has finished a turn in. */
  rounds_played: number;
  /** Every player, in seat order. */
  seats: SeatView[];
  /** Points a team needs under Loyalty (0 without teams). */
  team_goal: number;
  /** The turn in progress, once setup is over. */
  turn?: TurnView | null;
  /** Whose view this is (`None`: a spectator's). */
  viewer?: Seat | null;
}
