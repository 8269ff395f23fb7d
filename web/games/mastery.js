// @ts-check
// Medieval Mastery's table: the hex realm with its castles, lakes and
// territories, every lord's Relics and cards, the hand, and the combat in
// progress. Everything is drawn from `view`, which already hides what this
// viewer may not see, and from `components`, which name and explain every
// card, Relic and tile a view names by id; legal actions are placed on the
// thing they name.

import { html, useEffect, useRef, useState } from '../vendor/preact-htm.js';
import { ActButton } from './act.js';
import { ResultPanel } from '../result.js';
import { term } from '../glossary.js';

/** @typedef {import('../types/mastery').View} View */
/** @typedef {import('../types/mastery').CellView} CellView */
/** @typedef {import('../types/mastery').SeatView} SeatView */
/** @typedef {import('../types/mastery').RelicView} RelicView */
/** @typedef {import('../types/mastery').RelicKind} RelicKind */
/** @typedef {import('../types/mastery').ConflictView} ConflictView */
/** @typedef {import('../types/mastery').Card} Card */
/** @typedef {import('../types/mastery').CardKind} CardKind */
/** @typedef {import('../types/mastery').Action} Action */
/** @typedef {import('../types/mastery').Event} Event */
/** @typedef {import('../types/mastery').Components} Components */
/** @typedef {import('../types/mastery').CardFacts} CardFacts */
/** @typedef {import('../types/mastery').RelicFacts} RelicFacts */
/** @typedef {import('../types/mastery').TileFacts} TileFacts */
/** @typedef {{index: number, label: string, action: Action}} Legal a legal action */
/** @typedef {{events: Event[]}} Step a step just played, with what it did */
/** @typedef {(seat: number) => string} SeatName */
/** @typedef {(a: Legal) => void} Go */

/**
 * @typedef {object} BoardProps
 * @property {View | null} view the viewer's view, once the game has one
 * @property {Components} components names, numbers and texts by id
 * @property {Legal[]} actions the viewer's legal actions (empty when not on move)
 * @property {number | null} you the viewer's seat
 * @property {SeatName} seatName
 * @property {(index: number) => void} act
 * @property {Step[]} [last] the latest steps, for what just changed
 */

const R = 40; // hex corner radius, in viewBox units
const W = Math.sqrt(3) * R; // a pointy-top hex is this wide

// Six lords: a pale fill for the land they hold (dark ink stays readable on
// it) and a deep colour for their marks (white text stays readable on it).
// The seat number is always printed too, so colour is never the only clue.
const FILL = ['#f3cfc9', '#cddcf3', '#d3ebc9', '#f3e4a8', '#e1d3f1', '#c9ebe7'];
const DEEP = ['#a3262a', '#1f4f9a', '#2e6a27', '#7d5f00', '#6a3d9a', '#0f6660'];
const fill = (s) => FILL[s % 6];
const deep = (s) => DEEP[s % 6];

// The components, looked up by the ids views use. Every id a view names
// is in the lists (the server checks its data files for it); the name
// words below stand in only for a component the lists lack.

/**
 * @typedef {object} Facts
 * @property {(id: Card) => CardFacts | undefined} card
 * @property {(kind: CardKind) => string} cardKindName
 * @property {(id: string) => RelicFacts | undefined} relic
 * @property {(kind: RelicKind) => string} relicKindName
 * @property {(kind: RelicKind) => string} relicKindText
 * @property {(id: string) => TileFacts | undefined} tile
 * @property {TileFacts | undefined} homeland the tile that lies next to a castle
 */

/** @param {Components} components @returns {Facts} */
function factsOf(components) {
  const cards = new Map(components.cards.map((c) => [c.id, c]));
  const cardKinds = new Map(components.card_kinds.map((k) => [k.id, k]));
  const relics = new Map(components.relics.map((r) => [r.id, r]));
  const relicKinds = new Map(components.relic_kinds.map((k) => [k.id, k]));
  const tiles = new Map(components.tiles.map((t) => [t.id, t]));
  return {
    card: (id) => cards.get(id),
    cardKindName: (kind) => cardKinds.get(kind)?.name ?? kind,
    relic: (id) => relics.get(id),
    relicKindName: (kind) => relicKinds.get(kind)?.name ?? kind,
    relicKindText: (kind) => relicKinds.get(kind)?.text ?? '',
    tile: (id) => tiles.get(id),
    homeland: components.tiles.find((t) => t.homeland),
  };
}

/** @param {Facts} facts @param {Card} id */
const cardName = (facts, id) => facts.card(id)?.name ?? id;

/** What a card shows in its corner: its value, "+n" for Support, a die. */
function cardValue(/** @type {CardFacts} */ card) {
  if (card.die) return '1d6';
  if (card.value === null || card.value === undefined) return '';
  return card.kind === 'support' ? `+${card.value}` : String(card.value);
}

/** A seat's Relic of one kind, as the view shows it. */
function seatRelic(/** @type {View} */ view, /** @type {number} */ seat, /** @type {RelicKind} */ kind) {
  return view.seats.find((s) => s.seat === seat)?.relics.find((r) => r.kind === kind);
}

/** The name of a seat's Crown once dealt, else the kind's name. */
function crownName(/** @type {Facts} */ facts, /** @type {View} */ view, /** @type {number} */ seat) {
  const id = seatRelic(view, seat, 'crown')?.id;
  return (id && facts.relic(id)?.name) || facts.relicKindName('crown');
}

/** @param {Facts} facts @returns {Record<string, string>} */
function stepTexts(facts) {
  const [crown, sceptre, orb] = [facts.relicKindName('crown'), facts.relicKindName('sceptre'), facts.relicKindName('orb')];
  return {
    drawing: 'Step 2: both draw up to 5 cards',
    crown_and_aid: `The attacker may use the ${crown} or ${facts.cardKindName('aid')} cards, or go on`,
    sceptres: `Step 3: the ${sceptre}s`,
    conflict: `Step 4: ${facts.cardKindName('conflict')} cards, face down`,
    ambush: `Step 4: the ${cardName(facts, 'ambush')} die`,
    support: `Step 5: ${facts.cardKindName('support')} cards, in turn`,
    survival: 'Chaos: the winner rolls survival dice',
    orbs: `Step 7: the ${orb}s`,
    finish: 'Steps 8–9: losses, retreat and conquest',
  };
}

/** @type {Record<string, string>} */
const STAGE = {
  free: 'choosing what to do next',
  redistributing: 'redistributing knights',
  choosing_knights: 'choosing how many knights march',
  combat: 'in combat',
};

/**
 * Whether a legal action is the object form with `key` (`{march_to: 5}`).
 * @template {string} K
 * @param {Legal} a
 * @param {K} key
 * @returns {a is Legal & {action: Extract<Action, Record<K, unknown>>}}
 */
const has = (a, key) => typeof a.action === 'object' && key in a.action;
/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// Buttons drawn on the board answer to Enter and Space as real ones do.
/** @param {() => void} fn */
function keyAct(fn) {
  return (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fn();
    }
  };
}

/** @param {number} cx @param {number} cy @param {number} r */
function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** @param {View} view @returns {number[]} */
function winnersOf(view) {
  const mask = view.outcome?.winners;
  if (mask === undefined) return [];
  const out = [];
  for (let s = 0; s < 32; s++) if (mask & (1 << s)) out.push(s);
  return out;
}

// The cells mentioned by the latest steps, to ring what just changed.
/** @param {Step[] | undefined} last */
function freshCells(last) {
  /** @type {Set<number>} */
  const cells = new Set();
  for (const step of last ?? []) {
    for (const ev of step.events) {
      if ('cell' in ev && typeof ev.cell === 'number') cells.add(ev.cell);
      const stationed = 'territories' in ev ? ev.territories : 'homelands' in ev ? ev.homelands : [];
      for (const t of stationed) cells.add(t.cell);
    }
  }
  return cells;
}

/** @typedef {Extract<Event, {kind: 'ambush_rolled' | 'survival_die'}>} DieEvent */
/** @typedef {Extract<Event, {kind: 'combat_result'}>} ResultEvent */

// Dice rolled in the latest steps (Ambush, Chaos survival), so a fresh
// roll is shown even when the combat it belonged to is already over.
/** @param {Step[] | undefined} last */
function freshDice(last) {
  /** @type {DieEvent[]} */
  const dice = [];
  /** @type {ResultEvent | null} */
  let result = null;
  for (const step of last ?? []) {
    for (const ev of step.events) {
      if (ev.kind === 'ambush_rolled' || ev.kind === 'survival_die') dice.push(ev);
      if (ev.kind === 'combat_result') result = ev;
    }
  }
  return { dice, result };
}

/** @param {BoardProps} props */
export function Board(props) {
  const { view, actions, act, you, seatName, components } = props;
  const [from, setFrom] = useState(/** @type {number | null} */ (null)); // source of a knight being moved
  const [picked, setPicked] = useState(/** @type {number | null} */ (null)); // a hex with several actions
  const actKey = actions.map((a) => a.index + ':' + JSON.stringify(a.action)).join('|');
  useEffect(() => {
    setFrom(null);
    setPicked(null);
  }, [actKey]);

  if (!view) {
    return html`<p class="mastery-empty">The realm is not laid out yet.</p>`;
  }
  const facts = factsOf(components);
  /** @type {Go} */
  const go = (a) => {
    setFrom(null);
    setPicked(null);
    act(a.index);
  };
  const seats = view.seats;
  const viewer = view.viewer ?? you ?? null;
  const me = seats.find((s) => s.seat === viewer) ?? null;
  const winners = winnersOf(view);
  const over = view.phase === 'over';

  const box = view.cells.length ? layout(view.cells) : null;
  const wide = box && box.width > box.height * 1.05;
  const common = { view, facts, seatName };
  return html`<div class="mastery">
    <${Status} ...${common} winners=${winners} over=${over} />
    <div class=${`mastery-top${wide ? ' mastery-wide' : ''}`}>
      <div class="mastery-map-col">
        <${HexMap} ...${common} actions=${actions} go=${go} from=${from} setFrom=${setFrom}
          picked=${picked} setPicked=${setPicked} last=${props.last} />
        ${box && html`<${MapKey} view=${view} />`}
        <${Legend} ...${common} />
        <${MapList} ...${common} />
      </div>
      <div class="mastery-play-col">
        <${Controls} actions=${actions} go=${go} />
        <${Split} view=${view} actions=${actions} go=${go} />
        <${March} ...${common} actions=${actions} go=${go} />
        <${CrownNotice} ...${common} />
        <${LastCombat} ...${common} last=${props.last} />
        <${Combat} ...${common} last=${props.last} />
        <${Insight} ...${common} actions=${actions} go=${go} />
        ${me && html`<${Hand} ...${common} seat=${me} actions=${actions} go=${go} />`}
      </div>
    </div>
    <section class="mastery-lords" aria-label="The lords">
      ${seats.map((s) => html`<${Lord} key=${s.seat} ...${common} seat=${s} actions=${actions}
        go=${go} mine=${s.seat === viewer} winner=${winners.includes(s.seat)} />`)}
    </section>
  </div>`;
}

/** @param {{view: View, facts: Facts, seatName: SeatName, winners: number[], over: boolean}} props */
function Status({ view, facts, seatName, winners, over }) {
  const t = view.turn;
  const goal = view.team_goal ? `${view.team_goal} points for a team` : `${view.goal} points win`;
  const rounds = view.round_limit ? `round ${view.rounds_played} of ${view.round_limit} played` : `${view.rounds_played} rounds played`;
  let now;
  if (over) {
    now = winners.length ? `Game over: ${winners.map(seatName).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}.` : 'Game over: nobody won.';
  } else if (view.phase === 'setup' || !t) {
    now = 'Setting up the realm: tiles, Relics and starting knights.';
  } else {
    const flags = [];
    // A turn's marches each have one redistribution before them; a
    // "round" is the whole table's turns, so these words never say it.
    if (t.redistributed && !t.marched) flags.push('has redistributed before the march');
    if (t.marched) flags.push('has marched');
    if (t.crown_used) flags.push(`${facts.relicKindName('crown')} used`);
    if (t.extra_rounds) flags.push(`${plural(t.extra_rounds, 'more march', 'more marches')} to come, each after a redistribution`);
    // "Turn" opens its glossary entry, which says what the stage and the
    // things already done mean.
    now = html`<span ...${term('turn')}>Turn ${t.number}</span>: ${seatName(t.seat)}, ${STAGE[t.stage] ?? t.stage}${flags.length ? ` (${flags.join(', ')})` : ''}.`;
  }
  // Under Loyalty the goal belongs to the team, so the team sums are shown.
  let teams = '';
  if (view.team_goal) {
    /** @type {Map<number, number>} */
    const sums = new Map();
    for (const s of view.seats) sums.set(s.team, (sums.get(s.team) ?? 0) + s.points);
    teams = [...sums].map(([t, p]) => `team ${t + 1}: ${p}`).join(', ');
  }
  const drawing = typeof view.drawing === 'number' ? ` ${seatName(view.drawing)} is drawing cards.` : '';
  return html`<div class="mastery-status">
    <span class="mastery-goal"><span ...${term(view.team_goal ? 'loyalty' : 'victory_points')}>${goal}</span>; <span ...${term(view.round_limit ? 'round_limit' : 'round')}>${rounds}</span>.${teams && ` Points: ${teams}.`}</span>
    <span class="mastery-now">${now}${drawing}</span>
  </div>`;
}

// ---- the map ----

/** @param {CellView[]} cells */
function layout(cells) {
  const xs = cells.map((c) => c.x * (W / 2));
  const ys = cells.map((c) => c.y * 1.5 * R);
  const minX = Math.min(...xs) - W / 2 - 4;
  const maxX = Math.max(...xs) + W / 2 + 4;
  const minY = Math.min(...ys) - R - 4;
  const maxY = Math.max(...ys) + R + 4;
  return { minX, minY, width: maxX - minX, height: maxY - minY };
}

/** @param {CellView} c @returns {[number, number]} */
const centre = (c) => [c.x * (W / 2), c.y * 1.5 * R];

/** The tile dealt on a cell, as the components state it. */
function tileOn(/** @type {Facts} */ facts, /** @type {CellView} */ c) {
  return c.tile_id ? facts.tile(c.tile_id) : undefined;
}

// What a hex can do now: march there, aim a Crown of Decay, or be one end of
// a knight's move during redistribution.
/** @param {number} cell @param {Legal[]} actions @param {number | null} from @returns {Legal[]} */
function hexActions(cell, actions, from) {
  return actions.filter((a) =>
    (has(a, 'march_to') && a.action.march_to === cell)
    || (has(a, 'crown_on_cell') && a.action.crown_on_cell === cell)
    || (has(a, 'move') && from !== null && a.action.move.from === from && a.action.move.to === cell));
}

/**
 * @param {{view: View, facts: Facts, seatName: SeatName, actions: Legal[], go: Go,
 *   from: number | null, setFrom: (cell: number | null) => void,
 *   picked: number | null, setPicked: (cell: number | null) => void, last?: Step[]}} props
 */
function HexMap({ view, facts, actions, go, from, setFrom, picked, setPicked, seatName, last }) {
  const cells = view.cells;
  if (cells.length === 0) return null;
  const box = layout(cells);
  const byNo = new Map(cells.map((c) => [c.cell, c]));
  const sources = new Set(actions.filter((a) => has(a, 'move')).map((a) => a.action.move.from));
  const fresh = freshCells(last);
  const combatCell = view.combat?.cell ?? null;
  const target = view.turn?.march_target ?? null;
  const lines = supplyLines(cells, byNo);
  const interactive = actions.some((a) => has(a, 'march_to') || has(a, 'crown_on_cell') || has(a, 'move'));
  const pickedList = picked !== null ? hexActions(picked, actions, from) : [];

  const hexProps = cells.map((c) => {
    const list = hexActions(c.cell, actions, from);
    const isSource = from === null && sources.has(c.cell);
    const isFrom = from === c.cell;
    let onGo = null;
    let label = null;
    if (isFrom) {
      onGo = () => setFrom(null);
      label = `Stop moving knights from hex ${c.cell}`;
    } else if (list.length === 1) {
      onGo = () => go(list[0]);
      label = list[0].label;
    } else if (list.length > 1) {
      onGo = () => setPicked(c.cell);
      label = `${list.length} actions on hex ${c.cell}: ${list.map((a) => a.label).join('; ')}`;
    } else if (isSource) {
      onGo = () => setFrom(c.cell);
      label = `Move a knight from hex ${c.cell} (then choose where)`;
    }
    return { key: c.cell, c, onGo, label, isFrom, fresh: fresh.has(c.cell), fight: combatCell === c.cell,
      target: target === c.cell, seatName, facts, byNo };
  });
  // Three layers: the hex grounds, the supply bridges over them, then the
  // marks and the clickable tops, so a bridge never hides a number.
  const base = hexProps.map((p) => html`<${Hex} ...${p} layer="base" />`);
  const hexes = hexProps.map((p) => html`<${Hex} ...${p} layer="top" />`);

  const fromCell = from !== null ? byNo.get(from) : null;
  const fromTile = fromCell && tileOn(facts, fromCell);
  // On a phone a wide realm keeps a readable size and scrolls sideways
  // inside its own box instead of shrinking its names away.
  return html`<div class="mastery-map-wrap" style=${`--mastery-min:${Math.round(box.width)}px`}>
    <svg class="mastery-map" viewBox=${`${box.minX.toFixed(1)} ${box.minY.toFixed(1)} ${box.width.toFixed(1)} ${box.height.toFixed(1)}`}
      role="group" aria-label=${`The realm: ${cells.length} hexes, each named by its number`}>
      <g class="mastery-base" aria-hidden="true">${base}</g>
      <g class="mastery-supply" aria-hidden="true">
        ${lines.map((l) => html`<g key=${l.key}>
          <line x1=${l.x1} y1=${l.y1} x2=${l.x2} y2=${l.y2} class="mastery-supply-back" />
          <line x1=${l.x1} y1=${l.y1} x2=${l.x2} y2=${l.y2} stroke=${deep(l.seat)} class="mastery-supply-line" />
        </g>`)}
      </g>
      <g class="mastery-hexes">${hexes}</g>
    </svg>
    ${fromCell && html`<p class="mastery-hint" role="status">Moving a knight from hex ${from}${fromTile ? html` (<span title=${fromTile.effects}>${fromTile.name}</span>)` : ''}: choose a hex outlined in green, or
      <button class="mastery-small" onClick=${() => setFrom(null)}>choose another source</button></p>`}
    ${pickedList.length > 1 && html`<div class="mastery-chooser" role="group" aria-label=${`Actions on hex ${picked}`}>
      <span>On hex ${picked}:</span>
      ${pickedList.map((a) => html`<${ActButton} a=${a} onPick=${go}>${a.label}<//>`)}
      <button class="mastery-small" onClick=${() => setPicked(null)}>Cancel</button>
    </div>`}
  </div>`;
}

// A supply line is drawn as a short bridge across the shared edge of two
// hexes that carry it: the castle to a supplied territory, supplied
// territories of one lord, and a supplied territory to a lake that links it
// on. Unsupplied land gets no bridge, so a cut line shows as a gap.
/** @param {CellView[]} cells @param {Map<number, CellView>} byNo */
function supplyLines(cells, byNo) {
  /** @type {{key: string, seat: number, x1: string, y1: string, x2: string, y2: string}[]} */
  const out = [];
  const seen = new Set();
  /** @param {CellView} a @param {CellView} b @param {number} seat */
  const link = (a, b, seat) => {
    const key = a.cell < b.cell ? `${a.cell}-${b.cell}-${seat}` : `${b.cell}-${a.cell}-${seat}`;
    if (seen.has(key)) return;
    seen.add(key);
    const [ax, ay] = centre(a);
    const [bx, by] = centre(b);
    out.push({ key, seat, x1: (ax + (bx - ax) * 0.36).toFixed(1), y1: (ay + (by - ay) * 0.36).toFixed(1),
      x2: (ax + (bx - ax) * 0.64).toFixed(1), y2: (ay + (by - ay) * 0.64).toFixed(1) });
  };
  /** @param {CellView} c */
  const land = (c) => c.kind === 'territory' || c.kind === 'homeland';
  for (const c of cells) {
    const owner = c.owner;
    if (!land(c) || owner === null || owner === undefined || !c.supplied) continue;
    for (const n of c.neighbours) {
      const d = byNo.get(n);
      if (!d) continue;
      if (d.kind === 'castle' && d.of_seat === owner) link(c, d, owner);
      else if (land(d) && d.owner === owner && d.supplied) link(c, d, owner);
      else if (d.kind === 'lake') {
        // Only a lake that touches another supplied hex of this lord (or
        // their castle) carries the line anywhere.
        const onward = d.neighbours.some((m) => {
          if (m === c.cell) return false;
          const e = byNo.get(m);
          return e && ((e.kind === 'castle' && e.of_seat === owner) || (land(e) && e.owner === owner && e.supplied));
        });
        if (onward) link(c, d, owner);
      }
    }
  }
  return out;
}

/**
 * A hex as a list of hexes names it: "hex 12 (City)", "hex 8 (lake)",
 * "Ann's castle (hex 1)".
 * @param {number} n @param {Map<number, CellView>} byNo @param {Facts} facts @param {SeatName} seatName
 */
function hexName(n, byNo, facts, seatName) {
  const c = byNo.get(n);
  if (!c) return `hex ${n}`;
  if (c.kind === 'castle') return `${seatName(c.of_seat ?? 0)}'s castle (hex ${n})`;
  if (c.kind === 'lake') return `hex ${n} (lake)`;
  const tile = tileOn(facts, c) ?? (c.kind === 'homeland' ? facts.homeland : undefined);
  return `hex ${n} (${tile ? tile.name : 'tile not yet turned up'})`;
}

/**
 * The hexes a hex shares an edge with, by name, as the view lists them,
 * then those a lake it borders links it to (they count as next to it):
 * "; borders hex 3 (Forest), hex 8 (lake); across the lake: hex 11 (City)".
 * @param {CellView} c @param {Map<number, CellView>} byNo @param {Facts} facts @param {SeatName} seatName
 */
function bordersOf(c, byNo, facts, seatName) {
  const name = (/** @type {number} */ n) => hexName(n, byNo, facts, seatName);
  const across = c.across_lake ?? [];
  const borders = c.neighbours.length ? `; borders ${c.neighbours.map(name).join(', ')}` : '';
  return borders + (across.length ? `; across the lake: ${across.map(name).join(', ')}` : '');
}

/**
 * A hex in words, for its tooltip and its name to a screen reader (the
 * borders follow): "Hex 12: City (3 VP; defender +1), Ann's, 4 knights".
 */
function describeHex(/** @type {CellView} */ c, /** @type {Facts} */ facts, /** @type {SeatName} */ seatName) {
  const head = `Hex ${c.cell}`;
  if (c.kind === 'castle') {
    return `${head}: ${seatName(c.of_seat ?? 0)}'s castle, ${plural(c.knights, 'knight', 'knights')}`;
  }
  if (c.kind === 'lake') return `${head}: lake, which makes every territory beside it adjacent to the others`;
  const tile = tileOn(facts, c) ?? (c.kind === 'homeland' ? facts.homeland : undefined);
  const bits = [];
  if (tile) {
    bits.push(`${tile.name} (${c.points} VP${tile.effects ? `; ${tile.effects}` : ''})`);
  } else bits.push('tile not yet turned up');
  // A tile that holds fewer knights says so in its effects already.
  if (c.capacity < 6 && tile?.capacity !== c.capacity) bits.push(`holds at most ${c.capacity}`);
  if (c.owner !== null && c.owner !== undefined) {
    bits.push(`${seatName(c.owner)}'s`, plural(c.knights, 'knight', 'knights'));
    if (!c.supplied) bits.push('no supply line');
  } else bits.push('empty');
  return `${head}: ${bits.join(', ')}`;
}

/**
 * @param {{c: CellView, facts: Facts, onGo: (() => void) | null, label: string | null, isFrom: boolean,
 *   fresh: boolean, fight: boolean, target: boolean, seatName: SeatName, byNo: Map<number, CellView>,
 *   layer: 'base' | 'top'}} props
 */
function Hex({ c, facts, onGo, label, isFrom, fresh, fight, target, seatName, byNo, layer }) {
  const [cx, cy] = centre(c);
  const owner = c.owner ?? null;
  const kind = c.kind;
  let bg = '#efe6cf';
  if (kind === 'lake') bg = '#bcd6ea';
  else if (kind === 'castle') bg = '#ddd6c8';
  else if (owner !== null) bg = fill(owner);
  else if (!c.tile_id) bg = '#e2d8c0';
  const cls = ['mastery-hex', `mastery-${kind}`];
  if (onGo && layer !== 'base') cls.push('act-target', 'mastery-go');
  if (isFrom) cls.push('mastery-from');
  if (fresh) cls.push('mastery-fresh');
  if (owner !== null && !c.supplied && kind !== 'castle') cls.push('mastery-cut');
  const title = describeHex(c, facts, seatName) + (fight ? ' (combat here)' : target ? ' (march target)' : '')
    + bordersOf(c, byNo, facts, seatName);
  // A clickable hex is a button on its top outline, which holds no text:
  // the words drawn in the hex are not all in its name, and axe (rightly,
  // for speech input) refuses a button whose visible words its name leaves
  // out. The drawing beneath is hidden from assistive tech; the name says it.
  const live = onGo && layer !== 'base';
  const button = live ? { onClick: onGo } : {};
  const top = live ? { role: 'button', tabindex: '0', 'aria-label': `${label}. ${title}`, onKeyDown: keyAct(onGo) } : {};
  // A hex nobody can pick now is a picture named by its words (the drawn
  // numbers alone would read as bare numbers).
  const named = !live && layer !== 'base' ? { role: 'img', 'aria-label': title } : {};
  const castleSeat = kind === 'castle' ? (c.of_seat ?? 0) : null;
  return html`<g class=${cls.join(' ')} ...${button} ...${named}>
    ${layer !== 'base' && html`<title>${title}</title>`}
    ${layer === 'base' ? html`<polygon class="mastery-hex-shape" points=${hexPoints(cx, cy, R - 1.5)} fill=${bg}
      stroke=${castleSeat !== null ? deep(castleSeat) : '#8c806c'} stroke-width=${castleSeat !== null ? 3 : 1.2} />`
    : html`<g aria-hidden=${live ? 'true' : null}>
    ${(fight || target) && html`<polygon points=${hexPoints(cx, cy, R - 6)} class="mastery-fight-ring" />`}
    <text x=${cx} y=${cy - 21} text-anchor="middle" class="mastery-cellno">${c.cell}</text>
    ${kind === 'lake' && html`<${Lake} cx=${cx} cy=${cy} />`}
    ${castleSeat !== null && html`<${Castle} cx=${cx} cy=${cy} c=${c} seat=${castleSeat} />`}
    ${(kind === 'territory' || kind === 'homeland') && html`<${Land} cx=${cx} cy=${cy} c=${c} facts=${facts} />`}
    ${fight && html`<text x=${cx - 10} y=${cy - 20} class="mastery-fight-mark" text-anchor="end">⚔</text>`}
    </g><polygon class="mastery-hex-top" points=${hexPoints(cx, cy, R - 1.5)} ...${top} />`}
  </g>`;
}

/** @param {{cx: number, cy: number}} props */
function Lake({ cx, cy }) {
  /** @param {number} dy */
  const wave = (dy) => `M${cx - 20},${cy + dy} q5,-5 10,0 t10,0 t10,0 t10,0`;
  return html`<g aria-hidden="true">
    <path d=${wave(-6)} class="mastery-wave" /><path d=${wave(4)} class="mastery-wave" />
    <text x=${cx} y=${cy + 22} text-anchor="middle" class="mastery-tile">Lake</text>
  </g>`;
}

/** @param {{cx: number, cy: number, c: CellView, seat: number}} props */
function Castle({ cx, cy, c, seat }) {
  // Three merlons and an arched gate: our own little keep.
  const kx = cx - 24;
  const ky = cy + 16;
  return html`<g>
    <text x=${cx} y=${cy - 7} text-anchor="middle" class="mastery-tile">Castle ${seat + 1}</text>
    <path d=${`M${kx},${ky} v-14 h4 v3 h4 v-3 h4 v3 h4 v-3 h4 v14 z`} fill=${deep(seat)} aria-hidden="true" />
    <path d=${`M${kx + 7},${ky} v-4 a3,3 0 0 1 6,0 v4 z`} fill="#ddd6c8" aria-hidden="true" />
    <${Knights} cx=${cx + 10} cy=${cy + 9} n=${c.knights} seat=${seat} wide=${true} />
  </g>`;
}

/** @param {{cx: number, cy: number, n: number, seat: number, wide?: boolean}} props */
function Knights({ cx, cy, n, seat, wide }) {
  const w = wide || n > 9 ? 26 : 20;
  return html`<g class="mastery-knights">
    <rect x=${cx - w / 2} y=${cy - 10} width=${w} height="20" rx="4" fill="#fff" stroke=${deep(seat)} stroke-width="2.2" />
    <text x=${cx} y=${cy + 5} text-anchor="middle" class="mastery-knight-n">${n}</text>
  </g>`;
}

/** @param {{cx: number, cy: number, c: CellView, facts: Facts}} props */
function Land({ cx, cy, c, facts }) {
  const owner = c.owner ?? null;
  // Homelands are never dealt, so one is named even before setup is done.
  // (The hex's own tooltip says what the tile does.)
  const tile = tileOn(facts, c) ?? (c.kind === 'homeland' ? facts.homeland : undefined);
  const name = tile ? tile.name : 'face down';
  const small = name.length > 9;
  const cut = owner !== null && !c.supplied;
  return html`<g>
    <text x=${cx} y=${cy - 7} text-anchor="middle" class=${`mastery-tile${small ? ' mastery-tile-small' : ''}`}>${name}</text>
    ${owner !== null && html`<g aria-hidden="true">
      <circle cx=${cx - 12} cy=${cy + 9} r="9" fill=${deep(owner)} />
      <text x=${cx - 12} y=${cy + 13} text-anchor="middle" class="mastery-badge">${owner + 1}</text>
    </g>`}
    ${owner !== null
      ? html`<${Knights} cx=${cx + 10} cy=${cy + 9} n=${c.knights} seat=${owner} />`
      : c.tile_id && html`<text x=${cx} y=${cy + 12} text-anchor="middle" class="mastery-empty-mark">empty</text>`}
    ${c.capacity < 6 && html`<text x=${cx + 22} y=${cy + 12} class="mastery-cap">≤${c.capacity}</text>`}
    ${c.tile_id && html`<text x=${cx} y=${cy + 28} text-anchor="middle" class="mastery-vp">${c.points} VP</text>`}
    ${cut && html`<g aria-hidden="true">
      <rect x=${cx + 7} y=${cy - 29} width="17" height="10" rx="2" fill="#fff" stroke="#9b1111" />
      <text x=${cx + 15.5} y=${cy - 21} text-anchor="middle" class="mastery-cut-mark">cut</text>
    </g>`}
  </g>`;
}

// The tiles on the map, each once by name, with what it does.
/** @param {{view: View, facts: Facts}} props */
function Legend({ view, facts }) {
  /** @type {Map<string, string>} */
  const tiles = new Map();
  for (const c of view.cells) {
    const tile = tileOn(facts, c);
    if (tile && c.kind !== 'castle' && !tiles.has(tile.name)) tiles.set(tile.name, tile.effects || (c.kind === 'homeland' ? 'next to a castle' : 'no effect'));
  }
  return html`<details class="mastery-legend">
    <summary>Key and territory effects</summary>
    <ul>
      <li>The marks in a hex and the lines between hexes are named in the keys under the map.</li>
      ${[...tiles].map(([name, fx]) => html`<li><b title=${fx}>${name}</b>: ${fx}</li>`)}
    </ul>
  </details>`;
}

/**
 * The map in words, for a reader without the picture: every hex in number
 * order with what it is, who holds it with how many knights, and the hexes
 * it borders by name, all from the view (the same words as each hex's
 * title).
 * @param {{view: View, facts: Facts, seatName: SeatName}} props
 */
function MapList({ view, facts, seatName }) {
  if (view.cells.length === 0) return null;
  const byNo = new Map(view.cells.map((c) => [c.cell, c]));
  return html`<details class="mastery-maplist">
    <summary>The map as a list</summary>
    <p class="mastery-note">Every hex by its number: what it is, who holds it and with how many knights, and the hexes it
      <span ...${term('adjacent')}>borders</span>. Hexes across a <span ...${term('lake')}>lake</span> count as next to each other.</p>
    <ul>
      ${view.cells.map((c) => html`<li key=${c.cell}>${describeHex(c, facts, seatName)}${bordersOf(c, byNo, facts, seatName)}.</li>`)}
    </ul>
  </details>`;
}

// A line as the map draws it, for the key: a short stretch of hex edge
// (or bridge) on the colour of open land.
/** @param {{kind: string, ink?: string}} props */
function Swatch({ kind, ink }) {
  return html`<svg class="mastery-swatch" viewBox="0 0 32 14" width="32" height="14" aria-hidden="true">
    <rect width="32" height="14" fill="#efe6cf" />
    ${kind === 'supply' && html`<line x1="6" y1="7" x2="26" y2="7" class="mastery-supply-back" />`}
    <line x1=${kind === 'supply' ? 6 : 1} y1="7" x2=${kind === 'supply' ? 26 : 31} y2="7" class=${`mastery-sw-${kind}`}
      stroke=${ink ?? null} />
  </svg>`;
}

/**
 * The key to the lines on the map, always beside it: the edges and
 * bridges between hexes, and the outlines that mark a hex. Each line's
 * word opens its glossary entry. Lines in a lord's colour are shown in
 * the viewer's (or seat 1's).
 * @param {{view: View}} props
 */
function MapKey({ view }) {
  const seat = view.viewer ?? 0;
  const ink = deep(seat);
  return html`<ul class="mastery-mapkey mastery-markkey" aria-label="Key to the marks in a hex">
    <li><span class="mastery-key-no" aria-hidden="true">12</span><span>small number at the top: the <span ...${term('hex')}>hex</span>'s number; buttons and the log call it "hex 12"</span></li>
    <li><span class="mastery-key-badge" style=${`background:${ink}`} aria-hidden="true">${seat + 1}</span><span>disc in a lord's colour: the seat that holds this land (here seat ${seat + 1})</span></li>
    <li><span class="mastery-key-box" style=${`border-color:${ink}`} aria-hidden="true">4</span><span>number in a white box: the <span ...${term('knight')}>knights</span> standing there (in a castle, the castle's knights)</span></li>
    <li><span class="mastery-key-mark" aria-hidden="true">≤3</span><span>holds at most 3 knights</span></li>
    <li><span class="mastery-key-mark" aria-hidden="true">2 VP</span><span>the <span ...${term('victory_points')}>victory points</span> the territory is worth, set by its place on the map</span></li>
    <li><span class="mastery-key-mark" aria-hidden="true">empty</span><span>nobody holds it: a march there takes it without a fight</span></li>
  </ul>
  <ul class="mastery-mapkey" aria-label="Key to the lines on the map">
    <li><${Swatch} kind="border" /><span>thin edge: a <span ...${term('adjacent')}>border</span>; hexes sharing one are adjacent (a hex's hover, and "The map as a list" under the map, name the hexes it borders)</span></li>
    <li><${Swatch} kind="supply" ink=${ink} /><span>bar across a border, in the lord's colour: their <span ...${term('supply_line')}>supply line</span> runs there</span></li>
    <li><${Swatch} kind="cut" /><span>red dashed edge, marked "cut": <span ...${term('supply_line')}>no supply line</span></span></li>
    <li><${Swatch} kind="castle" ink=${ink} /><span>thick edge in a lord's colour: their <span ...${term('castle')}>castle</span></span></li>
    <li><${Swatch} kind="ring" /><span>dashed inner ring: the <span ...${term('march')}>march target</span>; with ⚔, the <span ...${term('combat')}>combat</span> there</span></li>
    <li><${Swatch} kind="pick" /><span>green dashed edge: a hex you can pick now</span></li>
    <li><${Swatch} kind="fresh" /><span>thick gold edge: changed by the last move</span></li>
  </ul>`;
}

// ---- the actions that are steps of the turn ----

// The turn's steps that have a button of their own (the Crown is used from
// the Crown itself); each shows the rules' label.
const CONTROLS = new Set(['redistribute', 'done', 'continue', 'end_turn', 'pass']);

/** @param {{actions: Legal[], go: Go}} props */
function Controls({ actions, go }) {
  const list = actions.filter((a) => typeof a.action === 'string' && CONTROLS.has(a.action));
  if (!list.length) return null;
  return html`<div class="mastery-controls" role="group" aria-label="Steps of the turn">
    ${list.map((a) => html`<${ActButton} a=${a} onPick=${go}>${a.label}<//>`)}
  </div>`;
}

/** @param {{view: View, actions: Legal[], go: Go}} props */
function Split({ view, actions, go }) {
  const list = actions.filter((a) => has(a, 'split'));
  if (!list.length) return null;
  const me = view.viewer;
  const homes = view.cells.filter((c) => c.kind === 'homeland' && c.of_seat === me).map((c) => c.cell);
  return html`<section class="mastery-panel" aria-label="Starting knights">
    <h3>Your six starting knights</h3>
    <p class="mastery-note">Choose how many stand in ${homes.length > 1 ? `your homelands, hexes ${homes.join(' and ')}` : `your homeland, hex ${homes[0] ?? ''}`}; the rest wait in your castle.</p>
    <div class="mastery-choices">
      ${list.map((a) => {
        const parts = a.action.split;
        const shown = homes.map((h, i) => `hex ${h}: ${parts[i] ?? 0}`);
        const castle = 6 - homes.reduce((t, _, i) => t + (parts[i] ?? 0), 0);
        return html`<${ActButton} a=${a} onPick=${go}>${shown.join(' · ')} · castle: ${castle}<//>`;
      })}
    </div>
  </section>`;
}

/** A cell as a heading names it: its number and tile, or whose castle. */
function placeName(/** @type {CellView} */ cell, /** @type {Facts} */ facts) {
  if (cell.kind === 'castle') return `castle of seat ${(cell.of_seat ?? 0) + 1}`;
  const tile = tileOn(facts, cell);
  return `hex ${cell.cell} (${tile ? tile.name : 'territory'})`;
}

/** @param {{view: View, facts: Facts, actions: Legal[], go: Go}} props */
function March({ view, facts, actions, go }) {
  const sends = actions.filter((a) => has(a, 'send'));
  const back = actions.find((a) => a.action === 'back');
  const t = view.turn;
  const panel = useRef(/** @type {HTMLElement | null} */ (null));
  // The picker is drawn below the map: bring it to the player who just
  // tapped a hex, who would otherwise not see that a choice is waiting.
  useEffect(() => {
    if (sends.length) panel.current?.scrollIntoView({ block: 'center', behavior: 'auto' });
  }, [t?.march_target, sends.length > 0]);
  if (!sends.length && !(t?.stage === 'choosing_knights')) return null;
  const cell = view.cells.find((c) => c.cell === t?.march_target);
  const tile = cell && tileOn(facts, cell);
  const where = cell ? `hex ${cell.cell}${tile ? ` (${tile.name})` : cell.kind === 'castle' ? ` (castle of seat ${(cell.of_seat ?? 0) + 1})` : ''}` : 'the target';
  return html`<section class="mastery-panel" aria-label="The march" ref=${panel}>
    <h3>March into ${where}</h3>
    ${sends.length ? html`<p class="mastery-note">How many knights leave the castle?</p>
      <div class="mastery-choices">
        ${sends.map((a) => html`<${ActButton} cls="mastery-die-btn" a=${a} onPick=${go}>${a.action.send}<//>`)}
        ${back && html`<${ActButton} a=${back} onPick=${go}>${back.label}<//>`}
      </div>` : html`<p class="mastery-note">The knights are being counted out.</p>`}
  </section>`;
}

/** @param {{view: View, facts: Facts, seatName: SeatName}} props */
function CrownNotice({ view, facts, seatName }) {
  const c = view.crown;
  if (!c) return null;
  const crownId = seatRelic(view, c.user, 'crown')?.id;
  const crown = crownId ? facts.relic(crownId) : undefined;
  return html`<section class="mastery-panel mastery-crown-note" aria-label=${`A ${facts.relicKindName('crown')} announced`}>
    <h3><${RelicIcon} kind="crown" /> ${seatName(c.user)} uses the <span title=${crown?.text ?? facts.relicKindText('crown')}>${crownName(facts, view, c.user)}</span></h3>
    <p class="mastery-note">On ${c.target || 'no target'}. ${`${seatName(c.responder)} may answer with ${cardName(facts, 'destroy')}.`}</p>
  </section>`;
}

// ---- combat ----

/** @param {{view: View, facts: Facts, seatName: SeatName, last?: Step[]}} props */
function Combat({ view, facts, seatName, last }) {
  const c = view.combat;
  const { dice } = freshDice(last);
  // A combat over is told by its own panel (LastCombat).
  if (!c) return null;
  const cell = view.cells.find((x) => x.cell === c.cell);
  const where = cell ? placeName(cell, facts) : String(c.cell);
  const sides = [
    { seat: c.attacker, role: 'Attacker', knights: c.attacker_knights, value: c.values[0], conflict: c.conflict[0] },
    { seat: c.defender, role: 'Defender', knights: c.defender_knights, value: c.values[1], conflict: c.conflict[1] },
  ];
  const helpers = c.played.filter((p) => p.seat !== c.attacker && p.seat !== c.defender);
  const support = facts.cardKindName('support');
  return html`<section class="mastery-panel mastery-combat" aria-label="The combat">
    <h3><span aria-hidden="true">⚔</span> Combat in ${where}</h3>
    <p class="mastery-note">${stepTexts(facts)[c.step] ?? c.step}${c.no_support ? ` · no ${support} cards here` : ''}${
      typeof c.support_turn === 'number' ? ` · ${seatName(c.support_turn)} to play or pass` : ''}${
      typeof c.responder === 'number' ? ` · ${seatName(c.responder)} may answer with ${cardName(facts, 'destroy')}` : ''}${
      c.survival_dice_left ? ` · ${plural(c.survival_dice_left, 'survival die', 'survival dice')} to roll` : ''}</p>
    <div class="mastery-sides">
      ${sides.map((s) => {
        // The turned-up Conflict card is also listed among the cards on the
        // table; it is drawn once, in its own slot.
        const cards = [...(c.played.find((p) => p.seat === s.seat)?.cards ?? [])];
        if (s.conflict.state === 'revealed' && s.conflict.card) {
          const at = cards.indexOf(s.conflict.card);
          if (at >= 0) cards.splice(at, 1);
        }
        return html`<div class="mastery-side" style=${`border-color:${deep(s.seat)}`}>
          <div class="mastery-side-head"><span class="mastery-key-badge" style=${`background:${deep(s.seat)}`}>${s.seat + 1}</span>
            <b ...${term(s.role.toLowerCase())}>${s.role}</b> ${seatName(s.seat)}${c.winner === s.seat ? html` <span class="mastery-won">won${c.margin !== null && c.margin !== undefined ? ` by ${c.margin}` : ''}</span>` : ''}
            ${c.passed.includes(s.seat) ? html` <span class="mastery-passed">passed</span>` : ''}</div>
          <div class="mastery-side-row">
            <span class="mastery-value" role="img" aria-label=${`combat value ${s.value}`} ...${term('combat_value')}>${s.value}</span>
            <span>${plural(s.knights, 'knight', 'knights')}</span>
          </div>
          <div class="mastery-side-cards">
            <${ConflictSlot} conflict=${s.conflict} facts=${facts} />
            ${cards.map((id, i) => html`<${CardFace} key=${i} id=${id} facts=${facts} small=${true} />`)}
          </div>
        </div>`;
      })}
    </div>
    ${helpers.map((p) => html`<p class="mastery-note">${seatName(p.seat)} helped with <${CardNames} ids=${p.cards} facts=${facts} /></p>`)}
    ${dice.length > 0 && html`<${DiceRow} dice=${dice} facts=${facts} seatName=${seatName} />`}
  </section>`;
}

/**
 * The last combat fought to its end, from the view's report: who fought
 * with what, the Ambush dice, the values, the winner and what the loser
 * lost. Its panel opens when the combat ends and stays open until this
 * viewer's next choice (result.js), so the result is not gone when the
 * turn moves on.
 * @param {{view: View, facts: Facts, seatName: SeatName, last?: Step[]}} props
 */
function LastCombat({ view, facts, seatName, last }) {
  const r = view.last_combat;
  if (!r) return null;
  const cell = view.cells.find((x) => x.cell === r.cell);
  const where = cell ? placeName(cell, facts) : String(r.cell);
  // Dice rolled in the latest steps while no combat runs are this one's.
  const { dice } = view.combat ? { dice: [] } : freshDice(last);
  const by = r.margin > 0 ? ` by ${r.margin}` : '';
  const sides = [
    { seat: r.attacker, role: 'Attacker', side: 0 },
    { seat: r.defender, role: 'Defender', side: 1 },
  ];
  const ambush = cardName(facts, 'ambush');
  return html`<${ResultPanel} resultKey=${`combat ${r.number}`} cls="mastery-panel mastery-combat mastery-last-combat"
    summary=${`Last combat, in ${where}: ${seatName(r.winner)} won${by}`}>
    <div class="mastery-sides">
      ${sides.map((s) => {
        const conflict = r.conflict[s.side];
        const face = r.ambush[s.side];
        // The Conflict card is named on its own line; the rest of the
        // cards this seat put down follow it.
        const cards = [...(r.played.find((p) => p.seat === s.seat)?.cards ?? [])];
        if (conflict) cards.splice(cards.indexOf(conflict), 1);
        return html`<div class="mastery-side" style=${`border-color:${deep(s.seat)}`}>
          <div class="mastery-side-head"><span class="mastery-key-badge" style=${`background:${deep(s.seat)}`}>${s.seat + 1}</span>
            <b>${s.role}</b> ${seatName(s.seat)}${r.winner === s.seat ? html` <span class="mastery-won">won${by}</span>` : ''}</div>
          <div class="mastery-side-row">
            <span class="mastery-value" aria-label=${`combat value ${r.values[s.side]}`}>${r.values[s.side]}</span>
            <span>${plural(r.knights[s.side], 'knight', 'knights')} in the fight, before losses</span>
          </div>
          <p class="mastery-note mastery-sum">${valueSum(r.parts[s.side], r.values[s.side], facts)}</p>
          ${(r.relics_applied?.[s.side] ?? []).map((a, i) => html`<${RelicIn} key=${i} applied=${a} facts=${facts} />`)}
          ${(r.relics_down[s.side] ?? []).map((d, i) => html`<${RelicOut} key=${i} down=${d} facts=${facts} seatName=${seatName} />`)}
          <p class="mastery-note">${conflict ? html`<${CardNames} ids=${[conflict]} facts=${facts} />` : `No ${facts.cardKindName('conflict')} card`}${
            face != null ? `; ${ambush} die ${face}` : ''}${cards.length ? html`; also <${CardNames} ids=${cards} facts=${facts} />` : ''}</p>
        </div>`;
      })}
    </div>
    ${r.played.filter((p) => p.seat !== r.attacker && p.seat !== r.defender).map((p) =>
      html`<p class="mastery-note">${seatName(p.seat)} helped with <${CardNames} ids=${p.cards} facts=${facts} /></p>`)}
    ${dice.length > 0 && html`<${DiceRow} dice=${dice} facts=${facts} seatName=${seatName} />`}
    <p class="mastery-result">${seatName(r.winner)} won${by} (attacker ${r.values[0]}, defender ${r.values[1]})${
      r.reversed ? `, the survival dice having taken all of ${seatName(r.loser)}'s knights` : ''}${
      r.survival_lost && !r.reversed ? `; the survival dice cost ${plural(r.survival_lost, 'knight', 'knights')}` : ''}.</p>
    <p class="mastery-note">${seatName(r.loser)} lost ${plural(r.lost, 'knight', 'knights')}${
      r.retreated ? `; ${r.retreated} retreated to the castle` : ''}${
      r.retreat_lost ? `; ${plural(r.retreat_lost, 'knight', 'knights')} found no room in the castle and ${r.retreat_lost === 1 ? 'was' : 'were'} lost` : ''}.${
      r.conquered ? ` ${seatName(r.attacker)} conquered ${where}.` : ''}${
      r.castle_taken ? ` ${seatName(r.attacker)} took the castle.` : ''}</p>
  </${ResultPanel}>`;
}

// A combatant's Crown, Sceptre or Orb that took effect in the combat, with
// what it did, so the report names every Relic that counted.
/** @param {{applied: import('../types/mastery').RelicAppliedView, facts: Facts}} props */
function RelicIn({ applied, facts }) {
  const card = applied.relic ? facts.relic(applied.relic) : undefined;
  const name = card?.name ?? facts.relicKindName(applied.kind);
  return html`<p class="mastery-note mastery-relic-in"><${RelicIcon} kind=${applied.kind} /> <span ...${term(applied.kind)} data-tip=${card?.text ?? ''}>${name}</span> applied: ${applied.effect}.</p>`;
}

// A combatant's Relic that would have applied but lay face down, flagged in
// the report with what turned it down, so the reader sees why it did not
// count.
/** @param {{down: import('../types/mastery').RelicDownView, facts: Facts, seatName: SeatName}} props */
function RelicOut({ down, facts, seatName }) {
  const card = down.relic ? facts.relic(down.relic) : undefined;
  const name = card?.name ?? facts.relicKindName(down.kind);
  const crown = down.crown ? facts.relic(down.crown) : undefined;
  const by = down.crown
    ? html`${seatName(down.by)}'s <span ...${term('crown')} data-tip=${crown?.text ?? ''}>${crown?.name ?? facts.relicKindName('crown')}</span>`
    : html`${seatName(down.by)}'s <span ...${term('destroy')}>${cardName(facts, 'destroy')}</span> card`;
  return html`<p class="mastery-note mastery-relic-out"><span aria-hidden="true">⚑ </span><span ...${term(down.kind)} data-tip=${card?.text ?? ''}>${name}</span> lay face down, turned by ${by}: it did not apply in this combat.</p>`;
}

// A final combat value as the sum of what made it, so a reader can check
// the result from the panel alone: "10 = 3 knights + 1 Sceptre + …".
/** @param {import('../types/mastery').ValueParts} p @param {number} total @param {Facts} facts */
function valueSum(p, total, facts) {
  /** @type {Array<[number, string]>} */
  const all = [
    [p.knights, p.knights === 1 ? 'knight' : 'knights'],
    [p.territory, 'territory bonus'],
    [p.sceptres, facts.relicKindName('sceptre')],
    [p.conflict, `${facts.cardKindName('conflict')} card`],
    [p.ambush, `${cardName(facts, 'ambush')} die`],
    [p.support, `${facts.cardKindName('support')} cards`],
  ];
  const terms = all.filter(([n]) => n !== 0);
  if (terms.length === 0) return `Value ${total}`;
  const text = terms.map(([n, what], i) => {
    const sign = n < 0 ? '− ' : i === 0 ? '' : '+ ';
    return `${sign}${Math.abs(n)} ${what}`;
  }).join(' ');
  return `Value ${total} = ${text}`;
}

/** @param {{conflict: ConflictView, facts: Facts}} props */
function ConflictSlot({ conflict, facts }) {
  const state = conflict.state;
  const kind = facts.cardKindName('conflict');
  if (state === 'revealed' && conflict.card) return html`<${CardFace} id=${conflict.card} facts=${facts} small=${true} />`;
  if (state === 'face_down') {
    return conflict.card
      ? html`<div class="mastery-slot-mine"><${CardFace} id=${conflict.card} facts=${facts} small=${true} /><span class="mastery-note">face down; only you see it</span></div>`
      : html`<${CardBack} label=${`${kind} card, face down`} small=${true} />`;
  }
  if (state === 'none') return html`<div class="mastery-card mastery-card-small mastery-none">No ${kind} card: 0</div>`;
  if (state === 'choosing') return html`<div class="mastery-card mastery-card-small mastery-none">Choosing a ${kind} card…</div>`;
  return null;
}

// Dice in runs by who rolled them and why; a survival 1 is crossed out as
// well as coloured, since it costs a knight.
/** @param {{dice: DieEvent[], facts: Facts, seatName: SeatName}} props */
function DiceRow({ dice, facts, seatName }) {
  /** @type {{seat: number, ambush: boolean, faces: number[]}[]} */
  const runs = [];
  for (const d of dice) {
    const ambush = d.kind === 'ambush_rolled';
    const run = runs[runs.length - 1];
    if (run && run.seat === d.seat && run.ambush === ambush) run.faces.push(d.face);
    else runs.push({ seat: d.seat, ambush, faces: [d.face] });
  }
  return html`<div class="mastery-dice">
    ${runs.map((r, i) => html`<div key=${i} class="mastery-dice-run">
      <span class="mastery-note">${seatName(r.seat)}, ${r.ambush ? `${cardName(facts, 'ambush')} die` : 'survival dice (1 loses a knight)'}:</span>
      ${r.faces.map((f, j) => {
        const bad = !r.ambush && f === 1;
        return html`<span key=${j} class=${`die mastery-die${bad ? ' mastery-die-bad' : ''}`} role="img"
          aria-label=${bad ? 'die showing 1: a knight lost' : `die showing ${f}`}>${f}${bad ? html`<span class="mastery-x" aria-hidden="true">✗</span>` : ''}</span>`;
      })}
    </div>`)}
  </div>`;
}

// ---- cards ----

// Card names in a sentence, each explained on hover.
/** @param {{ids: Card[], facts: Facts}} props */
function CardNames({ ids, facts }) {
  return ids.map((id, i) => html`${i > 0 ? ', ' : ''}<span title=${facts.card(id)?.text ?? ''}>${cardName(facts, id)}</span>`);
}

/** @param {{id: Card, facts: Facts, small?: boolean, action?: Legal, go?: Go}} props */
function CardFace({ id, facts, small, action, go }) {
  const card = facts.card(id);
  const name = card ? card.name : id;
  const type = card ? facts.cardKindName(card.kind) : '';
  const value = card ? cardValue(card) : '';
  const text = card ? card.text : '';
  const cls = `mastery-card mastery-type-${card ? card.kind : 'x'}${small ? ' mastery-card-small' : ''}${action ? ' act-target' : ''}`;
  // The card's kind opens its glossary entry; the word may sit in a button.
  const body = html`<span class="mastery-card-type" data-term=${card ? `${card.kind}_card` : undefined}>${type}</span>
    <span class="mastery-card-name">${name}</span>
    ${value && html`<span class="mastery-card-value" aria-hidden="true">${value}</span>`}
    ${!small && html`<span class="mastery-card-text">${text}</span>`}`;
  if (action && go) return html`<button class=${cls} title=${text} onClick=${() => go(action)}>${body}<span class="sr-only">: ${action.label}</span></button>`;
  return html`<div class=${cls} title=${text}>${body}</div>`;
}

/** @param {{label: string, small?: boolean}} props */
function CardBack({ label, small }) {
  return html`<div class=${`mastery-card mastery-back${small ? ' mastery-card-small' : ''}`} role="img" aria-label=${label}>
    <span aria-hidden="true">✠</span></div>`;
}

// A pile's cards by name, each kind once with how many there are, in the
// order the pile lists them: "Conflict 2 (2 copies), Destroy".
/** @param {{ids: Card[], facts: Facts}} props */
function CardCounts({ ids, facts }) {
  /** @type {Map<Card, number>} */
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, n], i) => html`${i > 0 ? ', ' : ''}<span title=${facts.card(id)?.text ?? ''}>${cardName(facts, id)}</span>${n > 1 ? ` (${n} copies)` : ''}`);
}

// A card in hand is played from the hand itself: Conflict and Support cards
// in combat, Summon and Tactical March on one's turn.
/** @param {Card} id @param {Legal[]} actions */
function cardAction(id, actions) {
  return actions.find((a) => (has(a, 'conflict') && a.action.conflict === id) || (has(a, 'support') && a.action.support === id)
    || (typeof a.action === 'string' && a.action === id && (id === 'summon' || id === 'tactical_march')));
}

/** @param {{seat: SeatView, view: View, facts: Facts, actions: Legal[], go: Go}} props */
function Hand({ seat, view, facts, actions, go }) {
  const hand = seat.hand ?? [];
  const top = seat.known_top ?? [];
  return html`<section class="mastery-panel" aria-label="Your hand">
    <h3><span ...${term('hand')}>Your hand</span> <span class="mastery-note">(${plural(hand.length, 'card', 'cards')}; <span ...${term('deck')}>deck ${seat.deck_size}</span>)</span></h3>
    ${hand.length === 0 ? html`<p class="mastery-note">No cards in hand.</p>` : html`<div class="mastery-hand">
      ${hand.map((id, i) => html`<${CardFace} key=${i} id=${id} facts=${facts} action=${cardAction(id, actions)} go=${go} />`)}
    </div>`}
    ${top.length > 0 && html`<p class="mastery-note">Top of your deck, as the ${crownName(facts, view, seat.seat)} showed it (top first): <${CardNames} ids=${top} facts=${facts} /></p>`}
  </section>`;
}

/** @param {{view: View, facts: Facts, actions: Legal[], go: Go, seatName: SeatName}} props */
function Insight({ view, facts, actions, go, seatName }) {
  const ins = view.insight;
  if (!ins) return null;
  const tops = actions.filter((a) => has(a, 'top'));
  const crown = crownName(facts, view, ins.seat);
  const toPutBack = ins.to_put_back;
  const putBack = ins.put_back ?? [];
  return html`<section class="mastery-panel" aria-label=${crown}>
    <h3><${RelicIcon} kind="crown" /> ${crown}: ${seatName(ins.seat)} looks at ${plural(ins.looked_at, 'card', 'cards')}</h3>
    ${toPutBack ? html`
      <p class="mastery-note">Put them back one by one; the first goes on top.</p>
      <div class="mastery-hand">${toPutBack.map((id, i) => html`<${CardFace} key=${i} id=${id} facts=${facts} small=${true}
        action=${tops.find((a) => a.action.top === id)} go=${go} />`)}</div>
      ${putBack.length > 0 && html`<p class="mastery-note">Back on the deck, top first: <${CardNames} ids=${putBack} facts=${facts} /></p>`}`
    : html`<div class="mastery-hand">${Array.from({ length: Math.min(ins.looked_at, 8) }, (_, i) =>
        html`<${CardBack} key=${i} small=${true} label="A card looked at, face down" />`)}</div>`}
  </section>`;
}

// ---- the lords: points, castle, cards and Relics ----

/** @type {Record<RelicKind, string>} */
const RELIC_ICON = {
  crown: 'M2,13 L3,5 L6,9 L9,3 L12,9 L15,5 L16,13 Z',
  sceptre: 'M8,2 a2.5,2.5 0 1 1 0.1,0 M7.2,6 h1.6 v10 h-1.6 Z',
  orb: 'M9,5 a5.5,5.5 0 1 1 -0.1,0 Z M8.3,0.5 h1.4 v4 h-1.4 Z M6.8,2 h4.4 v1.2 h-4.4 Z',
};

/** @param {{kind: RelicKind}} props */
function RelicIcon({ kind }) {
  return html`<svg class="mastery-relic-icon" viewBox="0 0 18 17" aria-hidden="true"><path d=${RELIC_ICON[kind]} /></svg>`;
}

// Whatever may be done to this Relic now: destroy it, corrupt it with a
// Crown, or (one's own Crown) use it.
/** @param {number} seat @param {RelicView} relic @param {boolean} mine @param {Legal[]} actions */
function relicActions(seat, relic, mine, actions) {
  return actions.filter((a) =>
    (has(a, 'destroy') && a.action.destroy.seat === seat && a.action.destroy.relic === relic.kind)
    || (has(a, 'crown_on_relic') && a.action.crown_on_relic.seat === seat && a.action.crown_on_relic.relic === relic.kind)
    || (relic.kind === 'crown' && a.action === 'use_crown' && mine));
}

/** @param {{seat: number, relic: RelicView, mine: boolean, facts: Facts, actions: Legal[], go: Go}} props */
function Relic({ seat, relic, mine, facts, actions, go }) {
  const kindName = facts.relicKindName(relic.kind);
  const list = relicActions(seat, relic, mine, actions);
  const card = relic.id ? facts.relic(relic.id) : undefined;
  if (!relic.id) {
    return html`<div class="mastery-relic mastery-relic-back" role="img" aria-label=${`${kindName}, not yet dealt`}>
      <${RelicIcon} kind=${relic.kind} /> <span data-term=${relic.kind} data-tip=${facts.relicKindText(relic.kind)}>${kindName}</span><span class="mastery-note">not dealt</span></div>`;
  }
  const down = !relic.face_up;
  const name = card ? card.name : relic.id;
  const text = card ? card.text : '';
  const tip = card?.tip;
  return html`<div class=${`mastery-relic${down ? ' mastery-relic-down' : ''}${list.length ? ' mastery-relic-live' : ''}`}>
    <div class="mastery-relic-name" ...${term(relic.kind)} data-tip=${text}><${RelicIcon} kind=${relic.kind} /> ${name}</div>
    ${down ? html`<div class="mastery-relic-state">Face down (destroyed): no effect until repaired</div>`
      : html`<div class="mastery-relic-text">${text}</div>`}
    ${!down && tip ? html`<div class="mastery-relic-tip">Tip: ${tip}</div>` : null}
    ${list.map((a) => html`<${ActButton} cls="mastery-small" a=${a} onPick=${go}>${
      has(a, 'destroy') ? `${cardName(facts, 'destroy')} it` : a.action === 'use_crown' ? 'Use it' : `Use your ${facts.relicKindName('crown')} on it`}<//>`)}
  </div>`;
}

/**
 * @param {{seat: SeatView, view: View, facts: Facts, actions: Legal[], go: Go, seatName: SeatName,
 *   mine: boolean, winner: boolean}} props
 */
function Lord({ seat, view, facts, actions, go, seatName, mine, winner }) {
  const s = seat.seat;
  const onTurn = view.turn?.seat === s && view.phase === 'turn';
  const crownOn = actions.find((a) => has(a, 'crown_on_seat') && a.action.crown_on_seat === s);
  // The discard pile keeps no order (it is shuffled into a new deck when
  // the deck runs out), so no card of it is named as being on top.
  const discard = seat.discard;
  const teamNote = view.team_goal ? ` · team ${seat.team + 1}` : '';
  // Cards on top of a deck in an order its owner has seen (the Crown of
  // Insight): only the owner knows them, so the count says who knows.
  const knower = mine ? 'you' : seatName(s);
  const knownTip = seat.known_top_size
    ? `${crownName(facts, view, s)}: ${mine ? 'you' : seatName(s)} put the top ${plural(seat.known_top_size, 'card', 'cards')} of this deck back in a chosen order and ${mine ? 'know' : 'knows'} ${seat.known_top_size === 1 ? 'it' : 'them'}; nobody else does.${mine ? ' They are listed under your hand.' : ''}`
    : undefined;
  return html`<article class=${`mastery-lord${mine ? ' mastery-lord-mine' : ''}${onTurn ? ' mastery-lord-on' : ''}`}
      style=${`border-top-color:${deep(s)}`} aria-label=${seatName(s)}>
    <header class="mastery-lord-head">
      <span class="mastery-key-badge" style=${`background:${deep(s)}`} aria-hidden="true">${s + 1}</span>
      <b>${seatName(s)}</b>${mine ? ' (you)' : ''}
      ${onTurn && html`<span class="mastery-tag">on turn</span>`}
      ${winner && html`<span class="mastery-tag mastery-tag-win">winner</span>`}
    </header>
    <p class="mastery-lord-stats">
      <span ...${term('victory_points')}><b>${seat.points}</b> / ${view.goal} VP${teamNote}</span>
      <span ...${term('castle')}>castle <b>${seat.castle}</b> knights</span>
      <span ...${term('dice')}>room for ${seat.castle_room} more</span>
      <span ...${term('hand')}>hand ${seat.hand_size}</span>
      <span ...${term('deck')} data-tip=${knownTip}>deck ${seat.deck_size}${seat.known_top_size ? ` (${seat.known_top_size} on top known to ${knower})` : ''}</span>
      <span ...${term('discard_pile')}>discard ${discard.length}</span>
    </p>
    ${!mine && seat.hand_size > 0 && html`<div class="mastery-backs" role="img" aria-label=${`${plural(seat.hand_size, 'card', 'cards')} in hand, face down`}>
      ${Array.from({ length: Math.min(seat.hand_size, 10) }, (_, i) => html`<span key=${i} class="mastery-mini-back" aria-hidden="true"></span>`)}
    </div>`}
    <p class="mastery-discard"><span ...${term('discard_pile')}>Discard pile</span>, face up${discard.length
      ? html` (${plural(discard.length, 'card', 'cards')}, in no order): <${CardCounts} ids=${discard} facts=${facts} />`
      : ': empty'}</p>
    <div class="mastery-relics">
      ${seat.relics.map((r, i) => html`<${Relic} key=${i} seat=${s} relic=${r} mine=${mine} facts=${facts} actions=${actions} go=${go} />`)}
    </div>
    ${crownOn && html`<${ActButton} a=${crownOn} onPick=${go}>${crownOn.label}<//>`}
  </article>`;
}
