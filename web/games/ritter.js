// Ritter ohne Furcht und Tadel: the tournament ground in the middle (the
// joust under way, or the last one fought), the day track and standings on
// top, and each seat's pavilion with its knight cards and lady cards below.
// Every choice the rules offer is drawn on the thing it concerns: training
// on the card's dice column and hit fields, favours and challenges on the
// knight they go to, "keep her favour" on the lady, yield or fight on
// beside the knight who must decide.

import { html } from '../vendor/preact-htm.js';
import { ActButton } from './act.js';

const HAIR = { blond: 'blond', brown: 'brown-haired', black: 'black-haired', red: 'red-haired' };
// Hair swatches only decorate; the word beside them carries the trait.
const HAIR_FILL = { blond: '#e8c65a', brown: '#7a4a24', black: '#1f1b16', red: '#b8431f' };
const STATUS = {
  ready: 'ready to ride',
  resting: 'resting',
  beaten: 'beaten today',
  out: 'out of the tournament',
};
const ENDING = {
  unhorsed: 'unhorsed',
  yielded: 'yielded',
  knocked_out: 'knocked out',
  both_knocked_out: 'both knocked out',
  stalemate: 'undecided',
};

const arr = (x) => (Array.isArray(x) ? x : []);
const traitWord = (t) => HAIR[t] ?? t;
const short = (name) => (name ? String(name).split(' ')[0] : '?');

// The action JSON is the game's own; a board only ever compares its keys,
// so an unknown shape simply finds no place on the board.
const kindOf = (action) => (typeof action === 'string' ? action : action && Object.keys(action)[0]);
const body = (a) => (a && typeof a.action === 'object' ? Object.values(a.action)[0] ?? {} : {});
function pick(actions, kind, test = () => true) {
  return arr(actions).filter((a) => kindOf(a.action) === kind && test(body(a)));
}

const Act = ({ a, act, cls = '', children }) =>
  html`<${ActButton} a=${a} onPick=${(x) => act(x.index)} cls=${`ritter-act ${cls}`}>${children}<//>`;

// How many of a knight's three preferences a lady meets: the number the
// rules compare when two favours compete.
function matches(knight, lady) {
  const traits = arr(lady?.traits);
  return arr(knight?.prefers).filter((p) => traits.includes(p)).length;
}

// ---- dice ------------------------------------------------------------

const PIPS = {
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[7, 7], [12, 12], [17, 17]],
  4: [[7, 7], [17, 7], [7, 17], [17, 17]],
  5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]],
  6: [[7, 6], [17, 6], [7, 12], [17, 12], [7, 18], [17, 18]],
};
const MARK = { hit: 'hit', warded: 'warded', miss: 'no hit' };
const MARK_SHORT = { hit: '✕ hit', warded: '◆ ward', miss: '·' };

function Die({ face, state, fresh }) {
  const pips = PIPS[face] ?? [];
  const label = face ? `${face}${state ? `: ${MARK[state]}` : ''}` : 'not rolled yet';
  return html`<li class=${`ritter-die ritter-die-${face ? state ?? 'plain' : 'none'}${fresh ? ' ritter-fresh' : ''}`}>
    <svg viewBox="0 0 24 24" role="img" aria-label=${label}>
      <rect x="1.5" y="1.5" width="21" height="21" rx="4" class="ritter-die-face" />
      ${face ? pips.map(([x, y]) => html`<circle cx=${x} cy=${y} r="2.3" class="ritter-pip" />`)
        : html`<text x="12" y="16.5" text-anchor="middle" class="ritter-die-q">?</text>`}
    </svg>
    <span class="ritter-die-mark" aria-hidden="true">${face ? MARK_SHORT[state] ?? '' : ''}</span>
  </li>`;
}

// Which of one side's dice hit the other knight, which his covered fields
// ward off (one field, one die, first dice first) and which miss: the
// same counting the rules do, so the reader can follow the wounds.
function judge(faces, target, foot) {
  const used = [0, 0, 0, 0, 0, 0, 0];
  return arr(faces).map((f) => {
    const hits = foot ? f >= 4 && f <= 6 : f >= 1 && f <= 3;
    if (!hits) return 'miss';
    used[f] += 1;
    return used[f] <= (arr(target?.covered)[f - 1] ?? 0) ? 'warded' : 'hit';
  });
}

// ---- the knights on the tournament ground ------------------------------

// A rider on his horse facing right, lance couched; drawn from plain
// shapes so it scales with the ground.
function Mounted({ side }) {
  return html`<g class=${`ritter-fig ritter-fig-${side}`}>
    <path class="ritter-horse" d="M14 52 q-9 2 -12 14 l4 1 q2 -8 8 -10 z" />
    <ellipse class="ritter-horse" cx="36" cy="52" rx="24" ry="11" />
    <path class="ritter-horse" d="M52 48 L64 28 L73 30 L71 36 L64 38 L60 54 z" />
    <rect class="ritter-horse" x="17" y="58" width="4.5" height="19" />
    <rect class="ritter-horse" x="25" y="58" width="4.5" height="19" />
    <rect class="ritter-horse" x="45" y="58" width="4.5" height="19" />
    <rect class="ritter-horse" x="53" y="58" width="4.5" height="19" />
    <path class="ritter-cloth" d="M14 46 h44 v12 q-22 6 -44 0 z" />
    <rect class="ritter-body" x="30" y="22" width="11" height="24" rx="3" />
    <circle class="ritter-body" cx="35.5" cy="15" r="6.5" />
    <path class="ritter-cloth" d="M34 8 q4 -8 10 -6 q-5 2 -6 7 z" />
    <line class="ritter-lance" x1="26" y1="36" x2="104" y2="26" />
    <path class="ritter-shield" d="M38 26 h11 v9 q0 7 -5.5 10 q-5.5 -3 -5.5 -10 z" />
  </g>`;
}

// A knight on foot, sword raised and shield forward.
function OnFoot({ side }) {
  return html`<g class=${`ritter-fig ritter-fig-${side}`}>
    <rect class="ritter-body" x="24" y="56" width="5" height="22" />
    <rect class="ritter-body" x="33" y="56" width="5" height="22" />
    <path class="ritter-cloth" d="M21 30 h20 l3 28 h-26 z" />
    <circle class="ritter-body" cx="31" cy="22" r="7" />
    <path class="ritter-cloth" d="M30 14 q4 -9 11 -7 q-6 2 -7 8 z" />
    <line class="ritter-lance" x1="40" y1="36" x2="62" y2="12" />
    <path class="ritter-shield" d="M40 34 h14 v11 q0 9 -7 13 q-7 -4 -7 -13 z" />
  </g>`;
}

function Ground({ attacker, defender, foot }) {
  const a = attacker?.name ?? 'the attacker';
  const d = defender?.name ?? 'the defender';
  const label = `${a} (attacker) facing ${d} (defender), ${foot ? 'on foot' : 'on horseback'}`;
  const Fig = foot ? OnFoot : Mounted;
  return html`<svg class="ritter-ground" viewBox="0 0 240 84" role="img" aria-label=${label}>
    <rect x="0" y="77" width="240" height="7" class="ritter-sand" />
    ${!foot && html`<rect x="116" y="50" width="8" height="28" class="ritter-tilt" />
      <rect x="60" y="50" width="120" height="5" class="ritter-tilt" />`}
    <g transform=${foot ? 'translate(48 0)' : 'translate(4 0)'}><${Fig} side="a" /></g>
    <g transform=${foot ? 'translate(192 0) scale(-1 1)' : 'translate(236 0) scale(-1 1)'}><${Fig} side="d" /></g>
  </svg>`;
}

function Side({ knight, role, faces, need, states, wounds, fresh, seatName, decide, act, view }) {
  const rolled = arr(faces);
  const missing = Math.max(0, (need ?? 0) - rolled.length);
  const lady = knight && knight.favour != null ? arr(view.ladies).find((l) => l.id === knight.favour) : null;
  return html`<div class=${`ritter-side ritter-side-${role === 'attacker' ? 'a' : 'd'}`}>
    <p class="ritter-side-role">${role === 'attacker' ? '▶ Attacker' : 'Defender ◀'}</p>
    <p class="ritter-side-name">${knight?.name ?? 'Unknown knight'}</p>
    <p class="ritter-small">${knight ? seatName(knight.owner) : ''}${lady ? html` · ♥ ${lady.name}` : ''}</p>
    <${Wounds} n=${knight?.wounds ?? 0} />
    <p class="ritter-small">${rolled.length || missing ? `${rolled.length + missing} dice` : 'no dice yet'}${
      wounds ? html` · <strong>+${wounds} ${wounds === 1 ? 'wound' : 'wounds'}</strong>` : ''}</p>
    <ul class="ritter-dice" aria-label=${`${short(knight?.name)}'s dice`}>
      ${rolled.map((f, i) => html`<${Die} face=${f} state=${states[i]} fresh=${fresh} />`)}
      ${Array.from({ length: missing }, () => html`<${Die} face=${0} />`)}
    </ul>
    ${decide.length > 0 && html`<div class="ritter-decide">
      ${decide.map((a) => html`<${Act} a=${a} act=${act} cls=${kindOf(a.action) === 'yield' ? 'ritter-yield' : 'ritter-fight'}>
        ${kindOf(a.action) === 'yield' ? '⚐ Yield' : '⚔ Fight on'}</${Act}>`)}
    </div>`}
  </div>`;
}

function Lists({ view, actions, act, seatName, last }) {
  const knights = arr(view.knights);
  const byId = (id) => knights.find((k) => k.id === id);
  const j = view.joust;
  const lr = view.last_round;
  const lj = view.last_joust;
  // The joust under way, or else the last round fought, so the dice that
  // decided it stay on the ground until the next challenge.
  const round = j ?? lr;
  if (!round) return null;
  const attacker = byId(round.attacker);
  const defender = byId(round.defender);
  const foot = !!round.foot;
  const dice = arr(round.dice);
  const roundInProgress = j && j.step === 'rolling';
  const fresh = arr(last).some((s) => arr(s.events).some((e) => e && e.kind === 'round'));
  const sameAsLast = lr && lr.attacker === round.attacker && lr.defender === round.defender;
  const woundsOf = (i) => (!roundInProgress && sameAsLast ? arr(lr.wounds)[i] ?? 0 : 0);
  const decide = pick(actions, 'yield').concat(pick(actions, 'fight_on'));
  const step = j?.step;
  const title = round.duel ? 'Decisive duel' : j ? 'Joust' : 'Last joust';
  const rule = foot ? 'foot combat: 4, 5 and 6 hit' : 'mounted combat: 1, 2 and 3 hit';
  let result = null;
  if (!j && lj && lj.attacker === round.attacker && lj.defender === round.defender) {
    const w = byId(lj.winner);
    result = w ? `${w.name} wins (${ENDING[lj.ending] ?? lj.ending})`
      : `Nobody wins (${ENDING[lj.ending] ?? lj.ending ?? 'undecided'})`;
  }
  let waiting = null;
  if (step === 'attacker_decides') waiting = `${short(attacker?.name)} decides first: yield or fight on`;
  if (step === 'defender_decides') waiting = `${short(defender?.name)} decides: yield or fight on`;
  if (step === 'rolling') waiting = 'The dice are rolling';
  const head = html`${title}: <span class="ritter-rule">${rule}</span>
      ${round.furious && html`<span class="ritter-badge ritter-furious">Furious! +1 die each</span>`}`;
  const inner = html`
    <${Ground} attacker=${attacker} defender=${defender} foot=${foot} />
    <div class="ritter-sides">
      <${Side} knight=${attacker} role="attacker" faces=${dice[0]} need=${j ? arr(j.need)[0] : 0}
        states=${judge(dice[0], defender, foot)} wounds=${woundsOf(0)} fresh=${fresh} seatName=${seatName}
        decide=${step === 'attacker_decides' ? decide : []} act=${act} view=${view} />
      <${Side} knight=${defender} role="defender" faces=${dice[1]} need=${j ? arr(j.need)[1] : 0}
        states=${judge(dice[1], attacker, foot)} wounds=${woundsOf(1)} fresh=${fresh} seatName=${seatName}
        decide=${step === 'defender_decides' ? decide : []} act=${act} view=${view} />
    </div>
    <p class="ritter-legend">✕ hit · ◆ warded by a covered field · · no hit</p>
    ${waiting && html`<p class="ritter-status">${waiting}</p>`}
    ${result && html`<p class="ritter-status"><strong>${result}</strong></p>`}`;
  // Before the day's jousts begin, yesterday's last joust is history: it
  // folds away so the favours and training have the room.
  const early = !j && ['prepare', 'favours', 'favour_tie', 'deal', 'start_roll'].includes(view.phase?.name);
  if (early) {
    return html`<details class="ritter-lists ritter-past"><summary class="ritter-h">${head}</summary>${inner}</details>`;
  }
  return html`<section class=${`ritter-lists${j ? ' ritter-live' : ''}`} aria-label=${title}>
    <h3 class="ritter-h">${head}</h3>${inner}
  </section>`;
}

// ---- a knight card -----------------------------------------------------

function Wounds({ n }) {
  const w = Math.max(0, Math.min(10, n ?? 0));
  return html`<div class="ritter-track" role="img" aria-label=${`${w} of 10 wounds`}>
    <span class="ritter-track-label" aria-hidden="true">Wounds ${w}/10</span>
    <span class="ritter-cells" aria-hidden="true">
      ${Array.from({ length: 10 }, (_, i) => html`<span class=${`ritter-cell${i < w ? ' ritter-wound' : ''}`}>${i < w ? '✕' : ''}</span>`)}
    </span>
  </div>`;
}

function DiceColumn({ k, plan, train, act }) {
  const dice = k.dice ?? 0;
  const extra = plan?.extra_dice ?? 0;
  const penalty = k.penalty ?? 0;
  const cells = [];
  for (let i = 0; i < 10; i += 1) {
    if (i < dice) {
      const lost = i >= dice - penalty;
      cells.push(html`<span class=${`ritter-slot ritter-slot-on${lost ? ' ritter-slot-lost' : ''}`} aria-hidden="true">${lost ? '✕' : '●'}</span>`);
    } else if (i < dice + extra) {
      cells.push(html`<span class="ritter-slot ritter-slot-plan" aria-hidden="true">+</span>`);
    } else if (i === dice + extra && train) {
      cells.push(html`<${Act} a=${train} act=${act} cls="ritter-slot">+1</${Act}>`);
    } else {
      cells.push(html`<span class="ritter-slot" aria-hidden="true"></span>`);
    }
  }
  const words = `${dice} combat ${dice === 1 ? 'die' : 'dice'}${extra ? `, +${extra} planned` : ''}${
    penalty ? `, ${penalty} fewer today for wounds` : ''}`;
  return html`<div class="ritter-row">
    <span class="ritter-row-label">Dice <strong>${dice}</strong>${extra ? ` +${extra}` : ''}</span>
    <span class="ritter-slots"><span class="sr-only">${words}</span>${cells}</span>
  </div>`;
}

// Two hit fields per number: 1–3 count in the saddle, 4–6 on foot. A
// covered field is drawn as a shield, a field planned in secret training
// as a dashed shield, and the next free field of a number a training
// point could cover as a button.
function HitFields({ k, plan, trains, act }) {
  const covered = arr(k.covered);
  const extra = arr(plan?.extra_covered);
  const field = (n, j) => {
    const c = covered[n - 1] ?? 0;
    const e = extra[n - 1] ?? 0;
    if (j < c) return html`<span class="ritter-field ritter-field-on" title=${`${n}: covered`}><span aria-hidden="true">${n}</span><span class="sr-only">${n} covered</span></span>`;
    if (j < c + e) return html`<span class="ritter-field ritter-field-plan" title=${`${n}: to be covered`}><span aria-hidden="true">${n}</span><span class="sr-only">${n} to be covered</span></span>`;
    const a = j === c + e ? trains.find((t) => body(t).gain?.cover === n) : null;
    if (a) return html`<${Act} a=${a} act=${act} cls="ritter-field">${n}</${Act}>`;
    return html`<span class="ritter-field" title=${`${n}: open`}><span aria-hidden="true">${n}</span><span class="sr-only">${n} open</span></span>`;
  };
  const group = (from, name) => html`<span class="ritter-fields" role="group" aria-label=${`${name} hit fields`}>
    ${[from, from + 1, from + 2].map((n) => html`<span class="ritter-pair">${field(n, 0)}${field(n, 1)}</span>`)}
  </span>`;
  return html`<div class="ritter-row ritter-hits">
    <span class="ritter-row-label">Covers</span>
    <span class="ritter-hitgroups">
      <span class="ritter-hitgroup"><span class="ritter-tiny">mounted</span>${group(1, 'Mounted')}</span>
      <span class="ritter-hitgroup"><span class="ritter-tiny">on foot</span>${group(4, 'Foot')}</span>
    </span>
  </div>`;
}

function Knight({ k, view, actions, act, seatName }) {
  const ladies = arr(view.ladies);
  const lady = k.favour != null ? ladies.find((l) => l.id === k.favour) : null;
  const plan = k.plan;
  const trains = pick(actions, 'train', (b) => b.knight === k.id);
  const trainDie = trains.find((t) => body(t).gain === 'die');
  const offers = pick(actions, 'offer', (b) => b.knight === k.id);
  const challenges = pick(actions, 'challenge', (b) => b.defender === k.id);
  const dayWinner = pick(actions, 'day_winner', (b) => b.knight === k.id)[0];
  const champion = pick(actions, 'champion', (b) => b.knight === k.id)[0];
  const phase = view.phase?.name;
  const inJoust = view.joust && (view.joust.attacker === k.id || view.joust.defender === k.id);
  const secret = phase === 'prepare' && view.viewer !== k.owner && !plan;
  const mine = phase === 'duel_choice' && view.phase.mine === k.id;
  const candidate = phase === 'day_winner' && arr(view.phase.candidates).includes(k.id);
  const tied = phase === 'favour_tie' && view.phase.knight === k.id;
  const status = STATUS[k.status] ?? k.status ?? '';
  const prefers = arr(k.prefers);
  return html`<article class=${`ritter-card ritter-knight ritter-st-${k.status}${inJoust || tied ? ' ritter-jousting' : ''}`}
      aria-label=${`Knight ${k.name}`}>
    <header class="ritter-card-head">
      <svg class="ritter-crest" viewBox="0 0 20 24" aria-hidden="true">
        <path d="M1 1 h18 v10 q0 8 -9 12 q-9 -4 -9 -12 z" />
        <text x="10" y="14" text-anchor="middle">${k.id}</text>
      </svg>
      <div>
        <h4 class="ritter-name">${k.name}</h4>
        <p class="ritter-small">${seatName(k.owner)} · <span class="ritter-status-word">${
          k.status === 'out' ? '✕ ' : k.status === 'beaten' ? '↓ ' : k.status === 'ready' ? '⚑ ' : ''}${status}</span>
          ${inJoust && html` · <strong>in the lists</strong>`}</p>
      </div>
    </header>
    <p class="ritter-prizes"><span class="ritter-star" aria-hidden="true">★</span> ${k.prizes ?? 0} ${
      k.prizes === 1 ? 'prize' : 'prizes'}${k.day_prizes ? ` (${k.day_prizes} today)` : ''}</p>
    <${DiceColumn} k=${k} plan=${plan} train=${trainDie} act=${act} />
    <${HitFields} k=${k} plan=${plan} trains=${trains} act=${act} />
    <${Wounds} n=${k.wounds} />
    ${(plan || (k.training > 0 && phase === 'prepare')) && html`<p class="ritter-small">Training: ${
      plan ? `${plan.points_left ?? 0} of ${k.training ?? 0} points left${plan.send ? ' · rides today' : ''}`
        : `${k.training} points`}</p>`}
    ${secret && html`<div class="ritter-sealed" role="img" aria-label="Training and riding plan: secret until every seat is ready">
      <span class="ritter-back" aria-hidden="true"></span><span class="ritter-small">plan face down</span></div>`}
    ${prefers.length > 0 && html`<p class="ritter-small ritter-prefers">Prefers: ${prefers.map((p, i) =>
      html`<span>${i ? ' › ' : ''}${traitWord(p)}</span>`)}</p>`}
    ${view.ladies_in_play !== false && html`<p class="ritter-favour">${lady
      ? html`<span aria-hidden="true">♥ </span>Wears ${lady.name}'s favour <span class="ritter-quiet">(${matches(k, lady)} of 3)</span>`
      : html`<span class="ritter-quiet">No favour</span>`}</p>`}
    ${mine && html`<p class="ritter-badge">Your champion for the duel</p>`}
    ${tied && html`<p class="ritter-badge">♥ Two ladies suit him equally: which favour does he keep?</p>`}
    ${candidate && !dayWinner && html`<p class="ritter-badge">Day winner candidate</p>`}
    ${(offers.length > 0 || challenges.length > 0 || dayWinner || champion) && html`<div class="ritter-card-acts">
      ${offers.map((a) => {
        const l = ladies.find((x) => x.id === body(a).lady);
        return html`<${Act} a=${a} act=${act}>♥ Offer ${l ? l.name : 'a favour'} <span class="ritter-quiet">(${matches(k, l)} of 3)</span></${Act}>`;
      })}
      ${challenges.map((a) => {
        const by = arr(view.knights).find((x) => x.id === body(a).attacker);
        return html`<${Act} a=${a} act=${act}>⚔ Challenge with ${short(by?.name)}</${Act}>`;
      })}
      ${dayWinner && html`<${Act} a=${dayWinner} act=${act}>★ Name day winner</${Act}>`}
      ${champion && html`<${Act} a=${champion} act=${act}>⚔ Send into the duel</${Act}>`}
    </div>`}
  </article>`;
}

// ---- a lady card -------------------------------------------------------

function Lady({ l, view, actions, act, seatName }) {
  const knights = arr(view.knights);
  const wears = l.knight != null ? knights.find((k) => k.id === l.knight) : null;
  const keep = pick(actions, 'keep_favour', (b) => b.lady === l.id)[0];
  const tieKnight = view.phase?.name === 'favour_tie' ? knights.find((k) => k.id === view.phase.knight) : null;
  const traits = arr(l.traits);
  const refused = arr(l.refused_by).map((id) => short(knights.find((k) => k.id === id)?.name));
  return html`<article class="ritter-card ritter-lady" aria-label=${`Lady ${l.name}`}>
    <header class="ritter-card-head">
      <svg class="ritter-crest ritter-crest-lady" viewBox="0 0 20 24" aria-hidden="true">
        <circle cx="10" cy="12" r="9" /><circle cx="10" cy="12" r="5" fill=${HAIR_FILL[traits[0]] ?? '#999'} />
      </svg>
      <div>
        <h4 class="ritter-name">${l.name}</h4>
        <p class="ritter-small">${seatName(l.owner)}</p>
      </div>
    </header>
    <p class="ritter-prizes"><span class="ritter-star" aria-hidden="true">★</span> ${l.prizes ?? 0} ${l.prizes === 1 ? 'prize' : 'prizes'}</p>
    <ul class="ritter-traits" aria-label="Traits">${traits.map((t) => html`<li>${traitWord(t)}</li>`)}</ul>
    <p class="ritter-favour">${wears ? html`<span aria-hidden="true">♥ </span>Favour on ${wears.name}`
      : html`<span class="ritter-quiet">Favour not given</span>`}</p>
    ${l.turned_away && html`<p class="ritter-badge">↺ Turned away: must be offered again</p>`}
    ${refused.length > 0 && html`<p class="ritter-small">Refused today by ${refused.join(', ')}</p>`}
    ${keep && html`<div class="ritter-card-acts"><${Act} a=${keep} act=${act}>♥ ${short(tieKnight?.name ?? 'He')} keeps her favour</${Act}></div>`}
  </article>`;
}

// ---- the day, the standings and what is going on -----------------------

function DayTrack({ view, seatName }) {
  const days = view.days ?? 0;
  const knights = arr(view.knights);
  const winners = arr(view.day_winners);
  if (!days) return null;
  return html`<ol class="ritter-days" aria-label="Tournament days">
    ${Array.from({ length: days }, (_, i) => {
      const d = i + 1;
      const done = i < winners.length;
      const now = !done && d === view.day && view.phase?.name !== 'over';
      const w = done && winners[i] != null ? knights.find((k) => k.id === winners[i]) : null;
      return html`<li class=${`ritter-day${now ? ' ritter-day-now' : ''}${done ? ' ritter-day-done' : ''}`}>
        <span class="ritter-day-no">${now ? '▶ ' : ''}Day ${d}</span>
        <span class="ritter-tiny">winner +${d}</span>
        <span class="ritter-day-who">${done ? (w ? `★ ${short(w.name)}` : 'no winner') : now ? 'today' : '—'}</span>
      </li>`;
    })}
    <li class="ritter-day ritter-day-final"><span class="ritter-day-no">End</span>
      <span class="ritter-tiny">best knight${view.ladies_in_play !== false ? ' & lady' : ''}</span><span class="ritter-day-who">+4</span></li>
  </ol>`;
}

function Standings({ view, seatName }) {
  const scores = arr(view.scores);
  if (!scores.length) return null;
  const best = Math.max(...scores);
  const winners = arr(view.winners);
  return html`<ul class="ritter-scores" aria-label="Standings">
    ${scores.map((s, seat) => html`<li class=${seat === view.viewer ? 'ritter-you' : ''}>
      ${winners.includes(seat) ? '♛ ' : s === best && best > 0 ? '★ ' : ''}${seatName(seat)}: <strong>${s}</strong> ${s === 1 ? 'prize' : 'prizes'}
      ${winners.includes(seat) && html`<span class="ritter-quiet"> — wins</span>`}
    </li>`)}
  </ul>`;
}

function names(list, seatName) {
  const n = arr(list).map(seatName);
  return n.length < 2 ? n.join('') : `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

function Phase({ view, actions, act, seatName }) {
  const p = view.phase ?? {};
  const knights = arr(view.knights);
  const ladies = arr(view.ladies);
  const kn = (id) => knights.find((k) => k.id === id);
  const la = (id) => ladies.find((l) => l.id === id);
  let text;
  let extra = null;
  switch (p.name) {
    case 'deal':
      text = 'The knight and lady cards are being dealt.';
      break;
    case 'start_roll': {
      const rolls = arr(p.rolls);
      text = 'Every seat rolls a die: the highest starts the first day.';
      extra = html`<ul class="ritter-rolls">${rolls.map((r, seat) => html`<li>
        <span>${seatName(seat)}</span><ul class="ritter-dice">${html`<${Die} face=${r ?? 0} />`}</ul></li>`)}</ul>`;
      break;
    }
    case 'prepare': {
      const done = arr(p.prepared);
      text = `Preparation, in secret: every seat trains its knights, then picks who rides.${
        done.length ? ` Ready: ${names(done, seatName)}.` : ''}`;
      const sends = pick(actions, 'send');
      if (sends.length) {
        extra = html`<div class="ritter-send" role="group" aria-label="Who rides today">
          <span class="ritter-row-label">Send to the lists:</span>
          ${sends.map((a) => {
            const ids = arr(body(a).knights);
            return html`<${Act} a=${a} act=${act}>${ids.length ? `⚑ ${ids.map((id) => short(kn(id)?.name)).join(' & ')}` : 'Nobody today'}</${Act}>`;
          })}
        </div>`;
      } else if (pick(actions, 'train').length) {
        extra = html`<p class="ritter-small">Spend each training point on a card: a <span class="ritter-key">+1</span> in the dice column or a free hit field. Every point must be spent before you send your knights.</p>`;
      }
      break;
    }
    case 'favours':
      text = `Favours: ${seatName(p.turn)} offers a lady's favour to a knight ready to ride.`;
      break;
    case 'favour_tie': {
      const k = kn(p.knight);
      text = `${la(p.newcomer)?.name ?? 'A lady'} suits ${k?.name ?? 'the knight'} exactly as well as ${
        la(p.wearing)?.name ?? 'the lady he wears'}: ${k ? seatName(k.owner) : 'his owner'} chooses whose favour he keeps.`;
      break;
    }
    case 'challenge':
      text = `Challenges: ${seatName(p.turn)} challenges a knight of another seat.`;
      break;
    case 'joust':
      text = view.joust?.duel ? 'A decisive duel is fought: no yielding.' : 'A joust is under way.';
      break;
    case 'day_winner':
      text = `The day's jousts are over: ${seatName(p.owner)} names the day winner among ${
        arr(p.candidates).map((id) => kn(id)?.name ?? '?').join(' and ')}.`;
      break;
    case 'duel_choice': {
      const pair = arr(p.pair);
      const chosen = arr(p.chosen);
      text = `${names(pair, seatName)} are tied for the lead: each picks a knight for the decisive duel, in secret.`;
      extra = html`<ul class="ritter-rolls">${pair.map((seat, i) => html`<li>
        ${chosen[i] ? html`<span class="ritter-back" aria-hidden="true"></span>` : ''}
        ${seatName(seat)}: ${chosen[i] ? (seat === view.viewer && p.mine != null ? `chose ${kn(p.mine)?.name}` : 'has chosen (face down)') : 'still choosing'}</li>`)}</ul>`;
      break;
    }
    case 'over': {
      const w = arr(view.winners);
      text = w.length ? `The tournament is over: ${names(w, seatName)} ${w.length > 1 ? 'share the win' : 'wins'}.`
        : 'The tournament is over.';
      break;
    }
    default:
      text = p.name ? `Phase: ${p.name}` : 'Waiting for the tournament to begin.';
  }
  const contenders = arr(view.duel_contenders);
  return html`<div class="ritter-phase">
    <p class="ritter-phase-text">${text}</p>
    ${contenders.length > 1 && p.name !== 'over' && p.name !== 'duel_choice' && html`<p class="ritter-small">Still tied for the lead: ${names(contenders, seatName)}</p>`}
    ${extra}
  </div>`;
}

// ---- the board ---------------------------------------------------------

export function Board(props) {
  const view = props.view;
  const actions = arr(props.actions);
  const act = typeof props.act === 'function' ? props.act : () => {};
  const seatName = typeof props.seatName === 'function' ? props.seatName : (s) => `Seat ${Number(s) + 1}`;
  if (!view || typeof view !== 'object') {
    return html`<p class="ritter-quiet">The tournament has not begun yet.</p>`;
  }
  const knights = arr(view.knights);
  const ladies = arr(view.ladies);
  const seats = view.seats ?? arr(props.seats).length;
  const onMove = arr(view.on_move);
  const prepared = view.phase?.name === 'prepare' ? arr(view.phase.prepared) : [];
  const common = { view, actions, act, seatName };
  return html`<div class="ritter">
    <div class="ritter-top">
      <h3 class="ritter-title">Day ${view.day ?? 1} of ${view.days ?? '?'}${
        view.wound_penalty ? html` <span class="ritter-badge">wound penalty</span>` : ''}${
        view.ladies_in_play === false ? html` <span class="ritter-badge">no ladies</span>` : ''}</h3>
      <${DayTrack} view=${view} seatName=${seatName} />
      <${Standings} view=${view} seatName=${seatName} />
      <${Phase} ...${common} />
    </div>
    <${Lists} ...${common} last=${props.last} />
    <div class="ritter-pavilions">
      ${Array.from({ length: seats }, (_, seat) => {
        const ks = knights.filter((k) => k.owner === seat);
        const ls = ladies.filter((l) => l.owner === seat);
        return html`<section class=${`ritter-pavilion${seat === view.viewer ? ' ritter-you' : ''}${onMove.includes(seat) ? ' ritter-on-move' : ''}`}
            aria-label=${`${seatName(seat)}'s pavilion`}>
          <h3 class="ritter-h">${seatName(seat)}${seat === view.viewer ? ' (you)' : ''}
            ${onMove.includes(seat) && html`<span class="ritter-badge ritter-move">▶ to move</span>`}
            ${prepared.includes(seat) && html`<span class="ritter-badge">✓ ready</span>`}
            ${seat === view.day_starter && html`<span class="ritter-badge">starts the day</span>`}</h3>
          ${ks.length + ls.length === 0 ? html`<p class="ritter-quiet">No cards dealt yet.</p>` : html`
          ${ks.length > 0 && html`<div class="ritter-cards">
            ${ks.map((k) => html`<${Knight} key=${`k${k.id}`} k=${k} ...${common} />`)}
          </div>`}
          ${ls.length > 0 && html`<div class="ritter-cards ritter-ladies">
            ${ls.map((l) => html`<${Lady} key=${`l${l.id}`} l=${l} ...${common} />`)}
          </div>`}`}
        </section>`;
      })}
    </div>
  </div>`;
}
