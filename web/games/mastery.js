// Medieval Mastery's table: the hex realm with its castles, lakes and
// territories, every lord's Relics and cards, the hand, and the combat in
// progress. Everything is drawn from `view`, which already hides what this
// viewer may not see; legal actions are placed on the thing they name.

import { html, useEffect, useState } from '../vendor/preact-htm.js';
import { ActButton } from './act.js';

const R = 40; // hex corner radius, in viewBox units
const W = Math.sqrt(3) * R; // a pointy-top hex is this wide

// Six lords: a pale fill for the land they hold (dark ink stays readable on
// it) and a deep colour for their marks (white text stays readable on it).
// The seat number is always printed too, so colour is never the only clue.
const FILL = ['#f3cfc9', '#cddcf3', '#d3ebc9', '#f3e4a8', '#e1d3f1', '#c9ebe7'];
const DEEP = ['#a3262a', '#1f4f9a', '#2e6a27', '#7d5f00', '#6a3d9a', '#0f6660'];
const fill = (s) => FILL[s % 6];
const deep = (s) => DEEP[s % 6];

const CARD = {
  conflict_2: ['Conflict 2', 'Conflict', '2', 'Played face down: adds 2.'],
  conflict_3: ['Conflict 3', 'Conflict', '3', 'Played face down: adds 3.'],
  conflict_4: ['Conflict 4', 'Conflict', '4', 'Played face down: adds 4.'],
  conflict_5: ['Conflict 5', 'Conflict', '5', 'Played face down: adds 5.'],
  ambush: ['Ambush', 'Conflict', '1d6', 'Played face down: adds a die roll.'],
  heroic_effort_1: ['Heroic Effort +1', 'Support', '+1', 'In combat: adds 1.'],
  heroic_effort_2: ['Heroic Effort +2', 'Support', '+2', 'In combat: adds 2.'],
  summon: ['Summon', 'Aid', '', 'Your turn: 2 knights to your castle.'],
  influential_person: ['Influential Person', 'Aid', '', 'Played when drawn: draw 2 more.'],
  tactical_march: ['Tactical March', 'Aid', '', 'Your turn: redistribute and march once more.'],
  destroy: ['Destroy', 'Aid', '', "Turn a rival's Relic face down."],
};
const cardName = (id) => (CARD[id] ? CARD[id][0] : String(id ?? 'card'));

const RELIC_KIND = { crown: 'Crown', sceptre: 'Sceptre', orb: 'Orb' };

const STEP = {
  drawing: 'Step 2: both draw up to 5 cards',
  crown_and_aid: 'The attacker may use the Crown or Aid cards, or go on',
  sceptres: 'Step 3: the Sceptres',
  conflict: 'Step 4: Conflict cards, face down',
  ambush: 'Step 4: the Ambush die',
  support: 'Step 5: Support cards, in turn',
  survival: 'Chaos: the winner rolls survival dice',
  orbs: 'Step 7: the Orbs',
  finish: 'Steps 8–9: losses, retreat and conquest',
};

const STAGE = {
  free: 'between steps',
  redistributing: 'redistributing knights',
  choosing_knights: 'choosing how many knights march',
  combat: 'in combat',
};

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const has = (a, key) => a && typeof a.action === 'object' && a.action !== null && key in a.action;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// Buttons drawn on the board answer to Enter and Space as real ones do.
function keyAct(fn) {
  return (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fn();
    }
  };
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

function winnersOf(view) {
  const mask = view?.outcome?.winners;
  if (typeof mask !== 'number') return [];
  const out = [];
  for (let s = 0; s < 32; s++) if (mask & (1 << s)) out.push(s);
  return out;
}

// The cells mentioned by the latest steps, to ring what just changed.
function freshCells(last) {
  const cells = new Set();
  for (const step of last ?? []) {
    for (const ev of step?.events ?? []) {
      if (ev && typeof ev.cell === 'number') cells.add(ev.cell);
      for (const t of ev?.territories ?? ev?.homelands ?? []) if (t && typeof t.cell === 'number') cells.add(t.cell);
    }
  }
  return cells;
}

// Dice rolled in the latest steps (Ambush, Chaos survival), so a fresh
// roll is shown even when the combat it belonged to is already over.
function freshDice(last) {
  const dice = [];
  let result = null;
  for (const step of last ?? []) {
    for (const ev of step?.events ?? []) {
      if (ev?.kind === 'ambush_rolled' || ev?.kind === 'survival_die') dice.push(ev);
      if (ev?.kind === 'combat_result') result = ev;
    }
  }
  return { dice, result };
}

export function Board(props) {
  const { view, actions: given, act, you, seatName: namer } = props;
  const actions = Array.isArray(given) ? given : [];
  const seatName = typeof namer === 'function' ? namer : (s) => `Seat ${s + 1}`;
  const [from, setFrom] = useState(null); // source of a knight being moved
  const [picked, setPicked] = useState(null); // a hex with several actions
  const actKey = actions.map((a) => a.index + ':' + JSON.stringify(a.action)).join('|');
  useEffect(() => {
    setFrom(null);
    setPicked(null);
  }, [actKey]);

  if (!view || !Array.isArray(view.cells)) {
    return html`<p class="mastery-empty">The realm is not laid out yet.</p>`;
  }
  const go = (a) => {
    setFrom(null);
    setPicked(null);
    act(a.index);
  };
  const seats = Array.isArray(view.seats) ? view.seats : [];
  const viewer = view.viewer ?? you ?? null;
  const me = seats.find((s) => s.seat === viewer) ?? null;
  const winners = winnersOf(view);
  const over = view.phase === 'over';

  const cellsOk = view.cells.filter((c) => c && typeof c.x === 'number' && typeof c.y === 'number');
  const box = cellsOk.length ? layout(cellsOk) : null;
  const wide = box && box.width > box.height * 1.05;
  return html`<div class="mastery">
    <${Status} view=${view} seatName=${seatName} winners=${winners} over=${over} />
    <div class=${`mastery-top${wide ? ' mastery-wide' : ''}`}>
      <div class="mastery-map-col">
        <${HexMap} view=${view} actions=${actions} go=${go} from=${from} setFrom=${setFrom}
          picked=${picked} setPicked=${setPicked} seatName=${seatName} last=${props.last} />
        <${Legend} view=${view} />
      </div>
      <div class="mastery-play-col">
        <${Controls} view=${view} actions=${actions} go=${go} />
        <${Split} view=${view} actions=${actions} go=${go} />
        <${March} view=${view} actions=${actions} go=${go} />
        <${CrownNotice} view=${view} seatName=${seatName} />
        <${Combat} view=${view} seatName=${seatName} last=${props.last} />
        <${Insight} view=${view} actions=${actions} go=${go} seatName=${seatName} />
        ${me && html`<${Hand} seat=${me} view=${view} actions=${actions} go=${go} />`}
      </div>
    </div>
    <section class="mastery-lords" aria-label="The lords">
      ${seats.map((s) => html`<${Lord} key=${s.seat} seat=${s} view=${view} actions=${actions}
        go=${go} seatName=${seatName} mine=${s.seat === viewer} winner=${winners.includes(s.seat)} />`)}
    </section>
  </div>`;
}

function Status({ view, seatName, winners, over }) {
  const t = view.turn;
  const goal = view.team_goal ? `${view.team_goal} points for a team` : `${view.goal ?? 13} points win`;
  const rounds = view.round_limit ? `round ${view.rounds_played ?? 0} of ${view.round_limit} played` : `${view.rounds_played ?? 0} rounds played`;
  let now;
  if (over) {
    now = winners.length ? `Game over: ${winners.map(seatName).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}.` : 'Game over: nobody won.';
  } else if (view.phase === 'setup' || !t) {
    now = 'Setting up the realm: tiles, Relics and starting knights.';
  } else {
    const flags = [];
    if (t.redistributed) flags.push('redistributed');
    if (t.marched) flags.push('marched');
    if (t.crown_used) flags.push('Crown used');
    if (t.extra_rounds) flags.push(`${plural(t.extra_rounds, 'extra round', 'extra rounds')} to come`);
    now = `Turn ${t.number ?? '?'}: ${seatName(t.seat)}, ${STAGE[t.stage] ?? t.stage ?? ''}${flags.length ? ` (${flags.join(', ')})` : ''}.`;
  }
  // Under Loyalty the goal belongs to the team, so the team sums are shown.
  let teams = '';
  if (view.team_goal && Array.isArray(view.seats)) {
    const sums = new Map();
    for (const s of view.seats) sums.set(s.team ?? s.seat, (sums.get(s.team ?? s.seat) ?? 0) + (s.points ?? 0));
    teams = [...sums].map(([t, p]) => `team ${t + 1}: ${p}`).join(', ');
  }
  const drawing = typeof view.drawing === 'number' ? ` ${seatName(view.drawing)} is drawing cards.` : '';
  return html`<div class="mastery-status">
    <span class="mastery-goal">${goal}; ${rounds}.${teams && ` Points: ${teams}.`}</span>
    <span class="mastery-now">${now}${drawing}</span>
  </div>`;
}

// ---- the map ----

function layout(cells) {
  const xs = cells.map((c) => c.x * (W / 2));
  const ys = cells.map((c) => c.y * 1.5 * R);
  const minX = Math.min(...xs) - W / 2 - 4;
  const maxX = Math.max(...xs) + W / 2 + 4;
  const minY = Math.min(...ys) - R - 4;
  const maxY = Math.max(...ys) + R + 4;
  return { minX, minY, width: maxX - minX, height: maxY - minY };
}

const centre = (c) => [c.x * (W / 2), c.y * 1.5 * R];

// What a hex can do now: march there, aim a Crown of Decay, or be one end of
// a knight's move during redistribution.
function hexActions(cell, actions, from) {
  const out = [];
  for (const a of actions) {
    if (has(a, 'march_to') && a.action.march_to === cell) out.push({ a, short: 'March here' });
    else if (has(a, 'crown_on_cell') && a.action.crown_on_cell === cell) out.push({ a, short: 'Crown on this territory' });
    else if (has(a, 'move') && from !== null && a.action.move?.from === from && a.action.move?.to === cell) out.push({ a, short: 'Move a knight here' });
  }
  return out;
}

function HexMap({ view, actions, go, from, setFrom, picked, setPicked, seatName, last }) {
  const cells = view.cells.filter((c) => c && typeof c.x === 'number' && typeof c.y === 'number');
  if (cells.length === 0) return null;
  const box = layout(cells);
  const byNo = new Map(cells.map((c) => [c.cell, c]));
  const moves = actions.filter((a) => has(a, 'move'));
  const sources = new Set(moves.map((a) => a.action.move?.from));
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
      label = `Stop moving knights from ${c.cell}`;
    } else if (list.length === 1) {
      onGo = () => go(list[0].a);
      label = list[0].a.label;
    } else if (list.length > 1) {
      onGo = () => setPicked(c.cell);
      label = `${list.length} actions on ${c.cell}: ${list.map((x) => x.a.label).join('; ')}`;
    } else if (isSource) {
      onGo = () => setFrom(c.cell);
      label = `Move a knight from ${c.cell} (then choose where)`;
    }
    return { key: c.cell, c, onGo, label, isFrom, fresh: fresh.has(c.cell), fight: combatCell === c.cell,
      target: target === c.cell, seatName };
  });
  // Three layers: the hex grounds, the supply bridges over them, then the
  // marks and the clickable tops, so a bridge never hides a number.
  const base = hexProps.map((p) => html`<${Hex} ...${p} layer="base" />`);
  const hexes = hexProps.map((p) => html`<${Hex} ...${p} layer="top" />`);

  const fromCell = from !== null ? byNo.get(from) : null;
  // On a phone a wide realm keeps a readable size and scrolls sideways
  // inside its own box instead of shrinking its names away.
  return html`<div class="mastery-map-wrap" style=${`--mastery-min:${Math.round(box.width)}px`}>
    <svg class="mastery-map" viewBox=${`${box.minX.toFixed(1)} ${box.minY.toFixed(1)} ${box.width.toFixed(1)} ${box.height.toFixed(1)}`}
      role=${interactive ? 'group' : 'img'} aria-label=${`The realm: ${cells.length} hexes`}>
      ${!interactive && html`<title>The realm: castles, lakes and territories</title>`}
      <g class="mastery-base" aria-hidden="true">${base}</g>
      <g class="mastery-supply" aria-hidden="true">
        ${lines.map((l) => html`<g key=${l.key}>
          <line x1=${l.x1} y1=${l.y1} x2=${l.x2} y2=${l.y2} class="mastery-supply-back" />
          <line x1=${l.x1} y1=${l.y1} x2=${l.x2} y2=${l.y2} stroke=${deep(l.seat)} class="mastery-supply-line" />
        </g>`)}
      </g>
      <g class="mastery-hexes">${hexes}</g>
    </svg>
    ${fromCell && html`<p class="mastery-hint" role="status">Moving a knight from ${from}${fromCell.tile ? ` (${fromCell.tile})` : ''}: choose a hex outlined in green, or
      <button class="mastery-small" onClick=${() => setFrom(null)}>choose another source</button></p>`}
    ${pickedList.length > 1 && html`<div class="mastery-chooser" role="group" aria-label=${`Actions on ${picked}`}>
      <span>On ${picked}:</span>
      ${pickedList.map((x) => html`<${ActButton} a=${x.a} onPick=${go}>${x.a.label}<//>`)}
      <button class="mastery-small" onClick=${() => setPicked(null)}>Cancel</button>
    </div>`}
  </div>`;
}

// A supply line is drawn as a short bridge across the shared edge of two
// hexes that carry it: the castle to a supplied territory, supplied
// territories of one lord, and a supplied territory to a lake that links it
// on. Unsupplied land gets no bridge, so a cut line shows as a gap.
function supplyLines(cells, byNo) {
  const out = [];
  const seen = new Set();
  const link = (a, b, seat) => {
    const key = a.cell < b.cell ? `${a.cell}-${b.cell}-${seat}` : `${b.cell}-${a.cell}-${seat}`;
    if (seen.has(key)) return;
    seen.add(key);
    const [ax, ay] = centre(a);
    const [bx, by] = centre(b);
    out.push({ key, seat, x1: (ax + (bx - ax) * 0.36).toFixed(1), y1: (ay + (by - ay) * 0.36).toFixed(1),
      x2: (ax + (bx - ax) * 0.64).toFixed(1), y2: (ay + (by - ay) * 0.64).toFixed(1) });
  };
  const land = (c) => c.kind === 'territory' || c.kind === 'homeland';
  for (const c of cells) {
    if (!land(c) || c.owner === null || c.owner === undefined || !c.supplied) continue;
    for (const n of c.neighbours ?? []) {
      const d = byNo.get(n);
      if (!d) continue;
      if (d.kind === 'castle' && d.of_seat === c.owner) link(c, d, c.owner);
      else if (land(d) && d.owner === c.owner && d.supplied) link(c, d, c.owner);
      else if (d.kind === 'lake') {
        // Only a lake that touches another supplied hex of this lord (or
        // their castle) carries the line anywhere.
        const onward = (d.neighbours ?? []).some((m) => {
          if (m === c.cell) return false;
          const e = byNo.get(m);
          return e && ((e.kind === 'castle' && e.of_seat === c.owner) || (land(e) && e.owner === c.owner && e.supplied));
        });
        if (onward) link(c, d, c.owner);
      }
    }
  }
  return out;
}

function describeCell(c, seatName) {
  const bits = [`${c.cell}`];
  if (c.kind === 'castle') {
    bits.push(`castle of ${seatName(c.of_seat ?? 0)}`, plural(c.knights ?? 0, 'knight', 'knights'));
    return bits.join(', ');
  }
  if (c.kind === 'lake') return `${c.cell}, lake: links every territory beside it`;
  bits.push(c.tile ? `${c.tile}, ${c.points ?? 0} VP` : 'tile not yet turned up');
  if (c.effects) bits.push(c.effects);
  if ((c.capacity ?? 6) < 6) bits.push(`holds ${c.capacity}`);
  if (c.owner !== null && c.owner !== undefined) {
    bits.push(`${seatName(c.owner)} with ${plural(c.knights ?? 0, 'knight', 'knights')}`);
    if (!c.supplied) bits.push('no supply line');
  } else bits.push('nobody holds it');
  return bits.join(', ');
}

function Hex({ c, onGo, label, isFrom, fresh, fight, target, seatName, layer }) {
  const [cx, cy] = centre(c);
  const owner = c.owner ?? null;
  const kind = c.kind;
  let bg = '#efe6cf';
  if (kind === 'lake') bg = '#bcd6ea';
  else if (kind === 'castle') bg = '#ddd6c8';
  else if (owner !== null) bg = fill(owner);
  else if (!c.tile) bg = '#e2d8c0';
  const cls = ['mastery-hex', `mastery-${kind}`];
  if (onGo && layer !== 'base') cls.push('act-target', 'mastery-go');
  if (isFrom) cls.push('mastery-from');
  if (fresh) cls.push('mastery-fresh');
  if (owner !== null && !c.supplied && kind !== 'castle') cls.push('mastery-cut');
  const title = describeCell(c, seatName) + (fight ? ' (combat here)' : target ? ' (march target)' : '');
  // A clickable hex is a button on its top outline, which holds no text:
  // the words drawn in the hex are not all in its name, and axe (rightly,
  // for speech input) refuses a button whose visible words its name leaves
  // out. The drawing beneath is hidden from assistive tech; the name says it.
  const live = onGo && layer !== 'base';
  const button = live ? { onClick: onGo } : {};
  const top = live ? { role: 'button', tabindex: '0', 'aria-label': `${label}. ${title}`, onKeyDown: keyAct(onGo) } : {};
  const castleSeat = kind === 'castle' ? (c.of_seat ?? 0) : null;
  return html`<g class=${cls.join(' ')} ...${button}>
    ${!onGo && layer !== 'base' && html`<title>${title}</title>`}
    ${layer === 'base' ? html`<polygon class="mastery-hex-shape" points=${hexPoints(cx, cy, R - 1.5)} fill=${bg}
      stroke=${castleSeat !== null ? deep(castleSeat) : '#8c806c'} stroke-width=${castleSeat !== null ? 3 : 1.2} />`
    : html`<g aria-hidden=${live ? 'true' : null}>
    ${(fight || target) && html`<polygon points=${hexPoints(cx, cy, R - 6)} class="mastery-fight-ring" />`}
    <text x=${cx} y=${cy - 21} text-anchor="middle" class="mastery-cellno">${c.cell}</text>
    ${kind === 'lake' && html`<${Lake} cx=${cx} cy=${cy} />`}
    ${kind === 'castle' && html`<${Castle} cx=${cx} cy=${cy} c=${c} seat=${castleSeat} />`}
    ${(kind === 'territory' || kind === 'homeland') && html`<${Land} cx=${cx} cy=${cy} c=${c} />`}
    ${fight && html`<text x=${cx - 10} y=${cy - 20} class="mastery-fight-mark" text-anchor="end">⚔</text>`}
    </g><polygon class="mastery-hex-top" points=${hexPoints(cx, cy, R - 1.5)} ...${top} />`}
  </g>`;
}

function Lake({ cx, cy }) {
  const wave = (dy) => `M${cx - 20},${cy + dy} q5,-5 10,0 t10,0 t10,0 t10,0`;
  return html`<g aria-hidden="true">
    <path d=${wave(-6)} class="mastery-wave" /><path d=${wave(4)} class="mastery-wave" />
    <text x=${cx} y=${cy + 22} text-anchor="middle" class="mastery-tile">Lake</text>
  </g>`;
}

function Castle({ cx, cy, c, seat }) {
  // Three merlons and an arched gate: our own little keep.
  const kx = cx - 24;
  const ky = cy + 16;
  return html`<g>
    <text x=${cx} y=${cy - 7} text-anchor="middle" class="mastery-tile">Castle ${seat + 1}</text>
    <path d=${`M${kx},${ky} v-14 h4 v3 h4 v-3 h4 v3 h4 v-3 h4 v14 z`} fill=${deep(seat)} aria-hidden="true" />
    <path d=${`M${kx + 7},${ky} v-4 a3,3 0 0 1 6,0 v4 z`} fill="#ddd6c8" aria-hidden="true" />
    <${Knights} cx=${cx + 10} cy=${cy + 9} n=${c.knights ?? 0} seat=${seat} wide=${true} />
  </g>`;
}

function Knights({ cx, cy, n, seat, wide }) {
  const w = wide || n > 9 ? 26 : 20;
  return html`<g class="mastery-knights">
    <rect x=${cx - w / 2} y=${cy - 10} width=${w} height="20" rx="4" fill="#fff" stroke=${deep(seat)} stroke-width="2.2" />
    <text x=${cx} y=${cy + 5} text-anchor="middle" class="mastery-knight-n">${n}</text>
  </g>`;
}

function Land({ cx, cy, c }) {
  const owner = c.owner ?? null;
  // Homelands are never dealt, so one is named even before setup is done.
  const name = c.tile ?? (c.kind === 'homeland' ? 'Homeland' : 'face down');
  const small = name.length > 9;
  const cut = owner !== null && !c.supplied;
  return html`<g>
    <text x=${cx} y=${cy - 7} text-anchor="middle" class=${`mastery-tile${small ? ' mastery-tile-small' : ''}`}>${name}</text>
    ${owner !== null && html`<g aria-hidden="true">
      <circle cx=${cx - 12} cy=${cy + 9} r="9" fill=${deep(owner)} />
      <text x=${cx - 12} y=${cy + 13} text-anchor="middle" class="mastery-badge">${owner + 1}</text>
    </g>`}
    ${owner !== null
      ? html`<${Knights} cx=${cx + 10} cy=${cy + 9} n=${c.knights ?? 0} seat=${owner} />`
      : c.tile && html`<text x=${cx} y=${cy + 12} text-anchor="middle" class="mastery-empty-mark">empty</text>`}
    ${(c.capacity ?? 6) < 6 && html`<text x=${cx + 22} y=${cy + 12} class="mastery-cap">≤${c.capacity}</text>`}
    ${c.tile && html`<text x=${cx} y=${cy + 28} text-anchor="middle" class="mastery-vp">${c.points ?? 0} VP</text>`}
    ${cut && html`<g aria-hidden="true">
      <rect x=${cx + 7} y=${cy - 29} width="17" height="10" rx="2" fill="#fff" stroke="#9b1111" />
      <text x=${cx + 15.5} y=${cy - 21} text-anchor="middle" class="mastery-cut-mark">cut</text>
    </g>`}
  </g>`;
}

function Legend({ view }) {
  const tiles = new Map();
  for (const c of view.cells) {
    if (c?.tile && c.kind !== 'castle' && !tiles.has(c.tile)) tiles.set(c.tile, c.effects || (c.kind === 'homeland' ? 'next to a castle' : 'no effect'));
  }
  return html`<details class="mastery-legend">
    <summary>Key and territory effects</summary>
    <ul>
      <li><span class="mastery-key-badge">2</span> the lord holding the land (seat number); the white box: knights there</li>
      <li><span class="mastery-key-cut">cut</span> no supply line; <span class="mastery-key-line"></span> a supply line across a border</li>
      <li><span aria-hidden="true">⚔</span> the territory being marched into or fought over; "≤3": holds at most 3 knights</li>
      ${[...tiles].map(([name, fx]) => html`<li><b>${name}</b>: ${fx}</li>`)}
    </ul>
  </details>`;
}

// ---- the actions that are steps of the turn ----


const CONTROL = { redistribute: 'Redistribute knights', done: 'Done redistributing', continue: 'Go on to the Sceptres', end_turn: 'End the turn', pass: 'Pass', use_crown: 'Use the Crown' };

function Controls({ actions, go }) {
  const list = actions.filter((a) => typeof a.action === 'string' && a.action in CONTROL && a.action !== 'use_crown');
  if (!list.length) return null;
  return html`<div class="mastery-controls" role="group" aria-label="Steps of the turn">
    ${list.map((a) => html`<${ActButton} a=${a} onPick=${go}>${a.label || CONTROL[a.action]}<//>`)}
  </div>`;
}

function Split({ view, actions, go }) {
  const list = actions.filter((a) => has(a, 'split'));
  if (!list.length) return null;
  const me = view.viewer;
  const homes = view.cells.filter((c) => c.kind === 'homeland' && c.of_seat === me).map((c) => c.cell);
  return html`<section class="mastery-panel" aria-label="Starting knights">
    <h3>Your six starting knights</h3>
    <p class="mastery-note">Choose how many stand in ${homes.length > 1 ? `your homelands ${homes.join(' and ')}` : `your homeland ${homes[0] ?? ''}`}; the rest wait in your castle.</p>
    <div class="mastery-choices">
      ${list.map((a) => {
        const parts = Array.isArray(a.action.split) ? a.action.split : [];
        const shown = homes.map((h, i) => `${h}: ${parts[i] ?? 0}`);
        const castle = 6 - homes.reduce((t, _, i) => t + (parts[i] ?? 0), 0);
        return html`<${ActButton} a=${a} onPick=${go}>${shown.join(' · ')} · castle: ${castle}<//>`;
      })}
    </div>
  </section>`;
}

function March({ view, actions, go }) {
  const sends = actions.filter((a) => has(a, 'send'));
  const back = actions.find((a) => a.action === 'back');
  const t = view.turn;
  if (!sends.length && !(t?.stage === 'choosing_knights')) return null;
  const cell = view.cells.find((c) => c.cell === t?.march_target);
  const where = cell ? `${cell.cell}${cell.tile ? ` (${cell.tile})` : cell.kind === 'castle' ? ` (castle of seat ${(cell.of_seat ?? 0) + 1})` : ''}` : 'the target';
  return html`<section class="mastery-panel" aria-label="The march">
    <h3>March into ${where}</h3>
    ${sends.length ? html`<p class="mastery-note">How many knights leave the castle?</p>
      <div class="mastery-choices">
        ${sends.map((a) => html`<${ActButton} cls="mastery-die-btn" a=${a} onPick=${go}>${a.action.send}<//>`)}
        ${back && html`<${ActButton} a=${back} onPick=${go}>${back.label}<//>`}
      </div>` : html`<p class="mastery-note">The knights are being counted out.</p>`}
  </section>`;
}

function CrownNotice({ view, seatName }) {
  const c = view.crown;
  if (!c) return null;
  return html`<section class="mastery-panel mastery-crown-note" aria-label="A Crown announced">
    <h3><${RelicIcon} kind="crown" /> ${seatName(c.user)} uses the ${c.crown ?? 'Crown'}</h3>
    <p class="mastery-note">On ${c.target || 'no target'}. ${typeof c.responder === 'number' ? `${seatName(c.responder)} may answer with Destroy.` : ''}</p>
  </section>`;
}

// ---- combat ----

function Combat({ view, seatName, last }) {
  const c = view.combat;
  const { dice, result } = freshDice(last);
  if (!c) {
    if (!result && !dice.length) return null;
    // The fight is over; keep its outcome and dice in sight for a moment.
    return html`<section class="mastery-panel mastery-combat" aria-label="The last combat">
      <h3>Combat just fought${result ? ` in ${result.cell}` : ''}</h3>
      ${dice.length > 0 && html`<${DiceRow} dice=${dice} seatName=${seatName} />`}
      ${result && html`<p class="mastery-result">${`${seatName(result.winner)} won by ${result.margin} (attacker ${result.values?.[0]}, defender ${result.values?.[1]}).`}</p>`}
    </section>`;
  }
  const cell = view.cells.find((x) => x.cell === c.cell);
  const where = cell ? (cell.kind === 'castle' ? `castle of seat ${(cell.of_seat ?? 0) + 1}` : `${cell.cell} (${cell.tile ?? 'territory'})`) : String(c.cell);
  const sides = [
    { seat: c.attacker, role: 'Attacker', knights: c.attacker_knights, value: c.values?.[0], conflict: c.conflict?.[0] },
    { seat: c.defender, role: 'Defender', knights: c.defender_knights, value: c.values?.[1], conflict: c.conflict?.[1] },
  ];
  const played = Array.isArray(c.played) ? c.played : [];
  const helpers = played.filter((p) => p.seat !== c.attacker && p.seat !== c.defender);
  const passed = Array.isArray(c.passed) ? c.passed : [];
  return html`<section class="mastery-panel mastery-combat" aria-label="The combat">
    <h3><span aria-hidden="true">⚔</span> Combat in ${where}</h3>
    <p class="mastery-note">${STEP[c.step] ?? c.step}${c.no_support ? ' · no Support cards here' : ''}${
      typeof c.support_turn === 'number' ? ` · ${seatName(c.support_turn)} to play or pass` : ''}${
      typeof c.responder === 'number' ? ` · ${seatName(c.responder)} may answer with Destroy` : ''}${
      c.survival_dice_left ? ` · ${plural(c.survival_dice_left, 'survival die', 'survival dice')} to roll` : ''}</p>
    <div class="mastery-sides">
      ${sides.map((s) => {
        // The turned-up Conflict card is also listed among the cards on the
        // table; it is drawn once, in its own slot.
        const cards = [...(played.find((p) => p.seat === s.seat)?.cards ?? [])];
        if (s.conflict?.state === 'revealed' && s.conflict.card) {
          const at = cards.indexOf(s.conflict.card);
          if (at >= 0) cards.splice(at, 1);
        }
        return html`<div class="mastery-side" style=${`border-color:${deep(s.seat)}`}>
          <div class="mastery-side-head"><span class="mastery-key-badge" style=${`background:${deep(s.seat)}`}>${s.seat + 1}</span>
            <b>${s.role}</b> ${seatName(s.seat)}${c.winner === s.seat ? html` <span class="mastery-won">won${c.margin !== null && c.margin !== undefined ? ` by ${c.margin}` : ''}</span>` : ''}
            ${passed.includes(s.seat) ? html` <span class="mastery-passed">passed</span>` : ''}</div>
          <div class="mastery-side-row">
            <span class="mastery-value" aria-label=${`combat value ${s.value ?? 0}`}>${s.value ?? 0}</span>
            <span>${plural(s.knights ?? 0, 'knight', 'knights')}</span>
          </div>
          <div class="mastery-side-cards">
            <${ConflictSlot} conflict=${s.conflict} />
            ${cards.map((id, i) => html`<${Card} key=${i} id=${id} small=${true} />`)}
          </div>
        </div>`;
      })}
    </div>
    ${helpers.map((p) => html`<p class="mastery-note">${seatName(p.seat)} helped with ${p.cards.map(cardName).join(', ')}</p>`)}
    ${dice.length > 0 && html`<${DiceRow} dice=${dice} seatName=${seatName} />`}
  </section>`;
}

function ConflictSlot({ conflict }) {
  const state = conflict?.state;
  if (state === 'revealed' && conflict.card) return html`<${Card} id=${conflict.card} small=${true} />`;
  if (state === 'face_down') {
    return conflict.card
      ? html`<div class="mastery-slot-mine"><${Card} id=${conflict.card} small=${true} /><span class="mastery-note">face down; only you see it</span></div>`
      : html`<${CardBack} label="Conflict card, face down" small=${true} />`;
  }
  if (state === 'none') return html`<div class="mastery-card mastery-card-small mastery-none">No Conflict card: 0</div>`;
  if (state === 'choosing') return html`<div class="mastery-card mastery-card-small mastery-none">Choosing a Conflict card…</div>`;
  return null;
}

// Dice in runs by who rolled them and why; a survival 1 is crossed out as
// well as coloured, since it costs a knight.
function DiceRow({ dice, seatName }) {
  const runs = [];
  for (const d of dice) {
    const why = d.kind === 'ambush_rolled' ? 'Ambush' : 'survival';
    const run = runs[runs.length - 1];
    if (run && run.seat === d.seat && run.why === why) run.faces.push(d.face);
    else runs.push({ seat: d.seat, why, faces: [d.face] });
  }
  return html`<div class="mastery-dice">
    ${runs.map((r, i) => html`<div key=${i} class="mastery-dice-run">
      <span class="mastery-note">${seatName(r.seat)}, ${r.why === 'Ambush' ? 'Ambush die' : 'survival dice (1 loses a knight)'}:</span>
      ${r.faces.map((f, j) => {
        const bad = r.why === 'survival' && f === 1;
        return html`<span key=${j} class=${`die mastery-die${bad ? ' mastery-die-bad' : ''}`} role="img"
          aria-label=${bad ? 'die showing 1: a knight lost' : `die showing ${f}`}>${f}${bad ? html`<span class="mastery-x" aria-hidden="true">✗</span>` : ''}</span>`;
      })}
    </div>`)}
  </div>`;
}

// ---- cards ----

function Card({ id, small, action, go }) {
  const info = CARD[id] ?? [String(id), '', '', ''];
  const [name, type, value, text] = info;
  const cls = `mastery-card mastery-type-${(type || 'x').toLowerCase()}${small ? ' mastery-card-small' : ''}${action ? ' act-target' : ''}`;
  const body = html`<span class="mastery-card-type">${type}</span>
    <span class="mastery-card-name">${name}</span>
    ${value && html`<span class="mastery-card-value" aria-hidden="true">${value}</span>`}
    ${!small && html`<span class="mastery-card-text">${text}</span>`}`;
  if (action) return html`<button class=${cls} onClick=${() => go(action)}>${body}<span class="sr-only">: ${action.label}</span></button>`;
  return html`<div class=${cls}>${body}</div>`;
}

function CardBack({ label, small }) {
  return html`<div class=${`mastery-card mastery-back${small ? ' mastery-card-small' : ''}`} role="img" aria-label=${label}>
    <span aria-hidden="true">✠</span></div>`;
}

// A card in hand is played from the hand itself: Conflict and Support cards
// in combat, Summon and Tactical March on one's turn.
function cardAction(id, actions) {
  return actions.find((a) => (has(a, 'conflict') && a.action.conflict === id) || (has(a, 'support') && a.action.support === id)
    || (typeof a.action === 'string' && a.action === id && (id === 'summon' || id === 'tactical_march')));
}

function Hand({ seat, view, actions, go }) {
  const hand = Array.isArray(seat.hand) ? seat.hand : [];
  const top = Array.isArray(seat.known_top) ? seat.known_top : [];
  return html`<section class="mastery-panel" aria-label="Your hand">
    <h3>Your hand <span class="mastery-note">(${plural(hand.length, 'card', 'cards')}; deck ${seat.deck_size ?? 0})</span></h3>
    ${hand.length === 0 ? html`<p class="mastery-note">No cards in hand.</p>` : html`<div class="mastery-hand">
      ${hand.map((id, i) => html`<${Card} key=${i} id=${id} action=${cardAction(id, actions)} go=${go} />`)}
    </div>`}
    ${top.length > 0 && html`<p class="mastery-note">Top of your deck, as the Crown of Insight showed it (top first): ${top.map(cardName).join(', ')}</p>`}
  </section>`;
}

function Insight({ view, actions, go, seatName }) {
  const ins = view.insight;
  if (!ins) return null;
  const mine = Array.isArray(ins.to_put_back);
  const tops = actions.filter((a) => has(a, 'top'));
  return html`<section class="mastery-panel" aria-label="Crown of Insight">
    <h3><${RelicIcon} kind="crown" /> Crown of Insight: ${seatName(ins.seat)} looks at ${plural(ins.looked_at ?? 0, 'card', 'cards')}</h3>
    ${mine ? html`
      <p class="mastery-note">Put them back one by one; the first goes on top.</p>
      <div class="mastery-hand">${ins.to_put_back.map((id, i) => html`<${Card} key=${i} id=${id} small=${true}
        action=${tops.find((a) => a.action.top === id)} go=${go} />`)}</div>
      ${(ins.put_back ?? []).length > 0 && html`<p class="mastery-note">Back on the deck, top first: ${ins.put_back.map(cardName).join(', ')}</p>`}`
    : html`<div class="mastery-hand">${Array.from({ length: Math.min(ins.looked_at ?? 0, 8) }, (_, i) =>
        html`<${CardBack} key=${i} small=${true} label="A card looked at, face down" />`)}</div>`}
  </section>`;
}

// ---- the lords: points, castle, cards and Relics ----

function RelicIcon({ kind }) {
  const p = {
    crown: 'M2,13 L3,5 L6,9 L9,3 L12,9 L15,5 L16,13 Z',
    sceptre: 'M8,2 a2.5,2.5 0 1 1 0.1,0 M7.2,6 h1.6 v10 h-1.6 Z',
    orb: 'M9,5 a5.5,5.5 0 1 1 -0.1,0 Z M8.3,0.5 h1.4 v4 h-1.4 Z M6.8,2 h4.4 v1.2 h-4.4 Z',
  }[kind];
  return html`<svg class="mastery-relic-icon" viewBox="0 0 18 17" aria-hidden="true"><path d=${p ?? ''} /></svg>`;
}

// Whatever may be done to this Relic now: destroy it, corrupt it with a
// Crown, or (one's own Crown) use it.
function relicActions(seat, relic, actions) {
  return actions.filter((a) =>
    (has(a, 'destroy') && a.action.destroy?.seat === seat && a.action.destroy?.relic === relic.kind)
    || (has(a, 'crown_on_relic') && a.action.crown_on_relic?.seat === seat && a.action.crown_on_relic?.relic === relic.kind)
    || (relic.kind === 'crown' && a.action === 'use_crown' && relic.mine));
}

function Relic({ seat, relic, actions, go }) {
  const kindName = RELIC_KIND[relic.kind] ?? relic.kind;
  const list = relicActions(seat, relic, actions);
  const down = relic.id && !relic.face_up;
  if (!relic.id) {
    return html`<div class="mastery-relic mastery-relic-back" role="img" aria-label=${`${kindName}, not yet dealt`}>
      <${RelicIcon} kind=${relic.kind} /> <span>${kindName}</span><span class="mastery-note">not dealt</span></div>`;
  }
  return html`<div class=${`mastery-relic${down ? ' mastery-relic-down' : ''}${list.length ? ' mastery-relic-live' : ''}`}>
    <div class="mastery-relic-name"><${RelicIcon} kind=${relic.kind} /> ${relic.name}</div>
    ${down ? html`<div class="mastery-relic-state">Face down (destroyed): no effect until repaired</div>`
      : html`<div class="mastery-relic-text">${relic.text}</div>`}
    ${!down && relic.tip ? html`<div class="mastery-relic-tip">Tip: ${relic.tip}</div>` : null}
    ${list.map((a) => html`<${ActButton} cls="mastery-small" a=${a} onPick=${go}>${
      has(a, 'destroy') ? 'Destroy it' : a.action === 'use_crown' ? 'Use it' : 'Use your Crown on it'}<//>`)}
  </div>`;
}

function Lord({ seat, view, actions, go, seatName, mine, winner }) {
  const s = seat.seat;
  const onTurn = view.turn?.seat === s && view.phase === 'turn';
  const crownOn = actions.find((a) => has(a, 'crown_on_seat') && a.action.crown_on_seat === s);
  const discard = Array.isArray(seat.discard) ? seat.discard : [];
  const relics = Array.isArray(seat.relics) ? seat.relics : [];
  const teamNote = view.team_goal ? ` · team ${(seat.team ?? s) + 1}` : '';
  return html`<article class=${`mastery-lord${mine ? ' mastery-lord-mine' : ''}${onTurn ? ' mastery-lord-on' : ''}`}
      style=${`border-top-color:${deep(s)}`} aria-label=${seatName(s)}>
    <header class="mastery-lord-head">
      <span class="mastery-key-badge" style=${`background:${deep(s)}`} aria-hidden="true">${s + 1}</span>
      <b>${seatName(s)}</b>${mine ? ' (you)' : ''}
      ${onTurn && html`<span class="mastery-tag">on turn</span>`}
      ${winner && html`<span class="mastery-tag mastery-tag-win">winner</span>`}
    </header>
    <p class="mastery-lord-stats">
      <span><b>${seat.points ?? 0}</b> / ${view.goal ?? 13} VP${teamNote}</span>
      <span>castle <b>${seat.castle ?? 0}</b> knights</span>
      <span>hand ${seat.hand_size ?? 0}</span>
      <span>deck ${seat.deck_size ?? 0}${seat.known_top_size ? ` (${seat.known_top_size} known)` : ''}</span>
      <span>discard ${discard.length}</span>
    </p>
    ${!mine && (seat.hand_size ?? 0) > 0 && html`<div class="mastery-backs" role="img" aria-label=${`${plural(seat.hand_size, 'card', 'cards')} in hand, face down`}>
      ${Array.from({ length: Math.min(seat.hand_size, 10) }, (_, i) => html`<span key=${i} class="mastery-mini-back" aria-hidden="true"></span>`)}
    </div>`}
    ${discard.length > 0 && html`<details class="mastery-discard">
      <summary>Discard pile: ${cardName(discard[discard.length - 1])} on top${discard.length > 1 ? `, ${discard.length - 1} below` : ''}</summary>
      <p class="mastery-note">Bottom to top: ${discard.map(cardName).join(', ')}</p>
    </details>`}
    <div class="mastery-relics">
      ${relics.map((r, i) => html`<${Relic} key=${i} seat=${s} relic=${{ ...r, mine }} actions=${actions} go=${go} />`)}
    </div>
    ${crownOn && html`<${ActButton} a=${crownOn} onPick=${go}>${crownOn.label}<//>`}
  </article>`;
}
