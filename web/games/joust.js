// Card Joust: the standings on top (points towards the target, the knight
// in the lists with its injury dice, the knights still waiting), then the
// pass under way: each duelist's knight row of five slots, the hand of
// drawn cards, aim, mount and lance, and the d12s as they fall. Between
// passes the last pass fought stays on the table so its dice can be read.
//
// Every choice is drawn where it belongs: a hand card is laid by clicking
// it, an aim by clicking the opponent's slot, the challenge on the player
// challenged; mount and lance, pushes and keep-or-replace are buttons
// beside the knight. The word list beside the board offers the same.

import { html } from '../vendor/preact-htm.js';
import { ActButton } from './act.js';

const SLOTS = ['head', 'body', 'left_arm', 'right_arm', 'shield'];
const SLOT_NAME = { head: 'Head', body: 'Body', left_arm: 'Left arm', right_arm: 'Right arm', shield: 'Shield' };
const slotWord = (s) => (SLOT_NAME[s] ?? String(s)).toLowerCase();
const SECRET = new Set(['knights', 'place', 'aim', 'gear']);
const PHASE = {
  starting_player: 'Lots are drawn for the first challenger.',
  challenge: (who) => `${who} chooses whom to challenge.`,
  knights: 'Each duelist keeps the knight in the lists or sends a fresh one, in secret.',
  draw: 'The duelists draw their five cards.',
  place: 'The duelists lay their cards face down: head, body, left arm, right arm; the last goes on the shield.',
  aim: 'Each duelist aims at a slot of the other, in secret.',
  gear: 'Each duelist picks a mount and a lance, in secret.',
  roll: 'The jousting dice are rolling.',
  push: (who) => `${who} may push: re-roll jousting dice at the risk of an injury.`,
  reroll: 'A pushed die is rolling again.',
  bonus: 'The lance of war rolls its shield bonus die.',
  injury_roll: 'A knight rolls its injury dice for a major injury.',
  over: 'The event is over.',
};
const DEALT = { minor: 'a minor injury', major: 'a major injury' };

const arr = (x) => (Array.isArray(x) ? x : []);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const kindOf = (action) => (typeof action === 'string' ? action : action && Object.keys(action)[0]);
const bodyOf = (a) => (a && typeof a.action === 'object' ? Object.values(a.action)[0] : undefined);
const find = (actions, kind, test = () => true) => arr(actions).filter((a) => kindOf(a.action) === kind && test(bodyOf(a)));

const Act = ({ a, act, cls = '', children }) =>
  html`<${ActButton} a=${a} onPick=${(x) => act(x.index)} cls=${`joust-act ${cls}`}>${children}<//>`;

const gearWords = (g) => (g ? `${g.mount === 'flying' ? 'flying' : 'ground'} mount, lance of ${g.lance === 'war' ? 'war' : 'peace'}` : '');

export function Board(props) {
  const { view } = props;
  if (!view || !Array.isArray(view.players)) return html`<pre class="text-view">${props.text ?? ''}</pre>`;
  const fresh = arr(props.last).some((s) => arr(s.events).some((e) => e && e.kind === 'scored'));
  return html`<div class="joust">
    <${Head} view=${view} seatName=${props.seatName} />
    <${Standings} ...${props} />
    ${view.joust ? html`<${Pass} ...${props} />` : null}
    ${view.last_pass && (view.joust
      ? html`<details class="joust-panel joust-last"><summary>The last pass</summary><${LastPass} view=${view} seatName=${props.seatName} /></details>`
      : html`<section class=${`joust-panel joust-last${fresh ? ' joust-fresh' : ''}`} aria-label="The last pass">
          <h3>The last pass</h3><${LastPass} view=${view} seatName=${props.seatName} /></section>`)}
  </div>`;
}

// ---- the event's head and the standings ----

function Head({ view, seatName }) {
  const s = view.scoring ?? {};
  const phase = PHASE[view.phase];
  const who = seatName(view.phase === 'push' ? arr(view.on_move)[0] ?? view.turn : view.turn);
  const text = typeof phase === 'function' ? phase(who) : phase;
  const over = view.phase === 'over';
  return html`<section class="joust-panel joust-head" aria-label="The event">
    <h3>${over ? 'The event is over' : `Pass ${(view.passes ?? 0) + 1}`}</h3>
    <p>First to ${view.target_points} points with a knight still standing wins${
      view.points_threshold ? `; the event stops when all points together reach ${view.points_threshold}` : ''}.</p>
    <p class="joust-small">A hit scores by the slot aimed at: head ${s.head}, body ${s.body}, an arm ${s.arm}, the shield ${s.shield}.</p>
    ${over ? html`<${Winners} view=${view} seatName=${seatName} />` : text && html`<p class="joust-phase">${text}</p>`}
  </section>`;
}

function Winners({ view, seatName }) {
  const won = arr(view.winners);
  if (!won.length) return html`<p class="joust-phase">Nobody wins.</p>`;
  const names = won.map((s) => seatName(s)).join(' and ');
  const points = view.players.find((p) => p.seat === won[0])?.points ?? 0;
  return html`<p class="joust-phase joust-won">${names} ${won.length > 1 ? 'share the win' : 'wins'} with ${plural(points, 'point', 'points')}.</p>`;
}

function Standings({ view, actions, act, you, seatName }) {
  return html`<section class="joust-players" aria-label="The players">
    ${view.players.map((p) => html`<${Player} key=${p.seat} p=${p} view=${view} you=${you} seatName=${seatName}
      challenge=${find(actions, 'challenge', (s) => s === p.seat)[0]} act=${act} />`)}
  </section>`;
}

function Player({ p, view, you, seatName, challenge, act }) {
  const onTurn = view.phase === 'challenge' && view.turn === p.seat;
  const won = arr(view.winners).includes(p.seat);
  const cls = ['joust-panel', 'joust-player'];
  if (p.seat === you) cls.push('joust-mine');
  if (onTurn) cls.push('joust-onturn');
  if (!p.in_event) cls.push('joust-out');
  const aims = SLOTS.map((s, i) => [s, arr(p.aims_seen)[i] ?? 0]).filter(([, n]) => n > 0);
  return html`<article class=${cls.join(' ')} aria-label=${seatName(p.seat)}>
    <h4>${seatName(p.seat)}${p.seat === you ? ' (you)' : ''}
      ${won && html`<span class="joust-badge joust-badge-won">winner</span>`}
      ${onTurn && html`<span class="joust-badge joust-badge-turn">challenges next</span>`}
      ${p.gift && html`<span class="joust-badge joust-badge-gift" title="The ground mount's gift: an extra jousting die next pass">gift: +1 die</span>`}
      ${!p.in_event && html`<span class="joust-badge">out of the event</span>`}</h4>
    <div class="joust-points">
      <meter min="0" max=${view.target_points} value=${Math.max(0, p.points)} aria-hidden="true"></meter>
      <span><strong>${p.points}</strong> of ${view.target_points} points</span>
    </div>
    <p class="joust-small">${p.knight
      ? html`Knight ${p.knight.number} in the lists <${Injuries} minor=${p.knight.minor} major=${p.knight.major} />`
      : 'No knight in the lists'}; ${p.knights_waiting > 0 ? `${plural(p.knights_waiting, 'fresh knight', 'fresh knights')} waiting` : 'none waiting'}</p>
    <p class="joust-small joust-quiet">Pile ${p.pile} · discards ${arr(p.discard).length}${
      aims.length ? ` · has aimed at ${aims.map(([s, n]) => `${slotWord(s)} ${n}`).join(', ')}` : ''}</p>
    ${challenge && html`<${Act} a=${challenge} act=${act}>Challenge ${seatName(p.seat)}<//>`}
  </article>`;
}

function Injuries({ minor = 0, major = 0 }) {
  if (!minor && !major) return html`<span class="joust-quiet">(unhurt)</span>`;
  const words = [minor && plural(minor, 'minor injury', 'minor injuries'), major && plural(major, 'major injury', 'major injuries')].filter(Boolean).join(', ');
  return html`<span class="joust-injuries"><span class="joust-pips" aria-hidden="true">${Array.from({ length: minor }, (_, i) => html`<span key=${`m${i}`} class="joust-d6 joust-d6-minor"></span>`)}${
      Array.from({ length: major }, (_, i) => html`<span key=${`M${i}`} class="joust-d6 joust-d6-major"></span>`)}</span> (${words})</span>`;
}

// ---- the pass under way ----

function Pass(props) {
  const { view } = props;
  const [a, b] = arr(view.joust.duelists);
  if (!a || !b) return null;
  return html`<section class="joust-lists" aria-label="The pass under way">
    <${Duelist} ...${props} d=${a} other=${b} role="challenger" />
    <${Duelist} ...${props} d=${b} other=${a} role="challenged" />
  </section>`;
}

function status(view, d) {
  if (!SECRET.has(view.phase)) return null;
  return d.deciding ? 'choosing…' : 'has chosen';
}

function Duelist({ view, actions, act, you, seatName, d, other, role }) {
  const mine = d.seat === you;
  const deciding = arr(view.on_move).includes(d.seat);
  const said = status(view, d);
  const cls = ['joust-panel', 'joust-duelist', `joust-${role}`];
  if (deciding) cls.push('joust-deciding');
  if (mine) cls.push('joust-mine');
  const my = mine ? actions : [];
  const aims = mine ? [] : arr(actions).filter((x) => kindOf(x.action) === 'aim');
  // The aim buttons belong on this duelist's slots when the viewer rides
  // against it.
  const aimAt = (slot) => aims.find((x) => x.action.aim === slot);
  const aimedBy = other.aim ?? null;
  const next = mine && view.phase === 'place' ? SLOTS.find((s) => !arr(d.slots).find((x) => x.slot === s)?.occupied) : null;
  return html`<article class=${cls.join(' ')} aria-label=${`${seatName(d.seat)}, the ${role}`}>
    <h3>${seatName(d.seat)}${mine ? ' (you)' : ''} <span class="joust-quiet">· ${role} · knight ${d.knight ?? '–'}</span>
      ${said && html`<span class=${`joust-badge${d.deciding ? ' joust-badge-turn' : ''}`}>${said}</span>`}
      ${!said && deciding && html`<span class="joust-badge joust-badge-turn">to decide</span>`}</h3>
    ${d.knight_choice && html`<p class="joust-small">${d.knight_choice === 'keep' ? 'Keeps the knight in the lists.' : 'Sends a fresh knight.'}</p>`}
    <${Choices} list=${find(my, 'knight')} act=${act} title="Your knight" />
    <div class="joust-row" role="group" aria-label=${`${seatName(d.seat)}'s knight row`}>
      ${SLOTS.map((s) => html`<${Slot} key=${s} slot=${arr(d.slots).find((x) => x.slot === s) ?? { slot: s }}
        next=${next === s} aimed=${aimedBy === s} aim=${aimAt(s)} act=${act} />`)}
    </div>
    <${Hand} d=${d} mine=${mine} places=${find(my, 'place')} act=${act} />
    ${(aimLine(view, d) || d.gear) && html`<p class="joust-small">${[aimLine(view, d), gearWords(d.gear)].filter(Boolean).join('; ')}</p>`}
    <${Choices} list=${find(my, 'gear')} act=${act} title="Mount and lance" />
    <${DiceRow} dice=${d.dice ?? {}} target=${d.target} flying=${d.gear?.mount === 'flying'} />
    <${Choices} list=${[...find(my, 'push'), ...find(my, 'keep_roll')]} act=${act} title="Push or keep" />
  </article>`;
}

function aimLine(view, d) {
  if (d.aim) return `Aims at the ${slotWord(d.aim)}${d.target !== null && d.target !== undefined ? ` (target ${d.target})` : ''}`;
  if (view.phase === 'aim' && !d.deciding) return 'Aim chosen, hidden until both have aimed';
  if (view.phase === 'gear' && !d.deciding && !d.gear) return 'Mount and lance chosen, hidden until both have chosen';
  return '';
}

function Choices({ list, act, title }) {
  if (!list.length) return null;
  return html`<div class="joust-choices" role="group" aria-label=${title}>
    ${list.map((a) => html`<${Act} key=${a.index} a=${a} act=${act} />`)}
  </div>`;
}

function Slot({ slot, next, aimed, aim, act }) {
  const name = SLOT_NAME[slot.slot] ?? slot.slot;
  const cls = ['joust-slot'];
  if (next) cls.push('joust-next');
  if (aimed) cls.push('joust-aimed');
  const face = html`<${Card} slot=${slot} />`;
  const caption = html`<span class="joust-slot-name">${name}</span>`;
  const marks = html`${aimed ? html`<span class="joust-slot-mark">aimed at</span>` : ''}${next ? html`<span class="joust-slot-mark">next</span>` : ''}`;
  if (aim) {
    return html`<button type="button" class=${`${cls.join(' ')} act-target joust-act-slot`} title=${aim.label}
      onClick=${() => act(aim.index)}>${caption}${face}${marks}<span class="sr-only">: ${aim.label}</span></button>`;
  }
  return html`<div class=${cls.join(' ')}>${caption}${face}${marks}</div>`;
}

// A slot's card: face up, face down but the viewer's own (its rank shown
// dashed), face down (a back), or no card yet.
function Card({ slot }) {
  if (!slot.occupied) return html`<span class="joust-card joust-empty"><span class="sr-only">empty</span></span>`;
  if (slot.card === null || slot.card === undefined) {
    return html`<span class="joust-card joust-back"><span class="sr-only">face down</span></span>`;
  }
  if (slot.face_up) return html`<span class="joust-card joust-up">${slot.card}<span class="sr-only"> face up</span></span>`;
  return html`<span class="joust-card joust-own" title="Face down: only you see it">${slot.card}<span class="sr-only"> face down, only you see it</span></span>`;
}

function Hand({ d, mine, places, act }) {
  const size = d.hand_size ?? arr(d.hand).length;
  if (!size) return null;
  if (!mine || !arr(d.hand).length) {
    return html`<div class="joust-hand"><span class="joust-small">Hand:</span>
      <span class="joust-backs" aria-hidden="true">${Array.from({ length: size }, (_, i) => html`<span key=${i} class="joust-card joust-back joust-mini"></span>`)}</span>
      <span class="joust-small">${plural(size, 'card', 'cards')}, face down</span></div>`;
  }
  return html`<div class="joust-hand" role="group" aria-label="Your hand">
    <span class="joust-small">Your hand${places.length ? ' (click a card to lay it on the next slot)' : ''}:</span>
    ${arr(d.hand).map((card, i) => {
      const a = places.find((x) => x.action.place?.card === card);
      return a
        ? html`<${Act} key=${i} a=${a} act=${act} cls="joust-card joust-up joust-handcard">${card}<//>`
        : html`<span key=${i} class="joust-card joust-up joust-handcard">${card}</span>`;
    })}
  </div>`;
}

// ---- dice ----

// What one jousting die earns against a target: 12 is two successes, 11
// one (two on a flying mount), a face at or above the target card one;
// a 1 counts against the roll.
function marks(face, target, flying) {
  if (face === 12) return { cls: 'joust-crit', word: 'two successes' };
  if (face === 11) return flying ? { cls: 'joust-crit', word: 'two successes (flying)' } : { cls: 'joust-hit', word: 'a success' };
  if (face === 1) return { cls: 'joust-one', word: 'a one' };
  if (target !== null && target !== undefined && face >= target) return { cls: 'joust-hit', word: 'a success' };
  if (target === null || target === undefined) return { cls: '', word: '' };
  return { cls: 'joust-miss', word: 'a miss' };
}

function DiceRow({ dice, target, flying }) {
  const d12 = arr(dice.d12);
  const kept = arr(dice.kept);
  const pushed = arr(dice.pushed);
  const dropped = (i) => kept.length > 0 && kept.length < d12.length && !kept.includes(i + 1);
  const d6s = [dice.minor, dice.major, dice.injury_roll].map(arr);
  if (!d12.length && dice.bonus == null && d6s.every((x) => !x.length)) return null;
  // Keys carry the face, so a die rolled or re-rolled mounts anew and
  // plays the arrival animation (joust.css) while the others stay still.
  return html`<ul class="joust-dice" aria-label="Dice">
    ${d12.map((f, i) => html`<${D12} key=${`j${i}-${f}`} face=${f} n=${i + 1} target=${target} flying=${flying}
      dropped=${dropped(i)} pushed=${pushed.includes(i + 1)} />`)}
    ${dice.bonus !== null && dice.bonus !== undefined && html`<${D12} face=${dice.bonus} bonus=${true} target=${target} flying=${flying} />`}
    ${d6s[0].map((f, i) => html`<${D6} key=${`m${i}-${f}`} face=${f} kind="minor" />`)}
    ${d6s[1].map((f, i) => html`<${D6} key=${`M${i}-${f}`} face=${f} kind="major" />`)}
    ${d6s[2].map((f, i) => html`<${D6} key=${`r${i}-${f}`} face=${f} kind="roll" />`)}
  </ul>`;
}

// The word under a d12: its worth (a star a success), then what became
// of it.
function caption(m, { bonus, dropped, pushed }) {
  if (dropped) return 'dropped';
  const worth = { 'joust-crit': '★★', 'joust-hit': '★', 'joust-one': 'one' }[m.cls] ?? '';
  return [worth, bonus ? 'bonus' : pushed ? 'pushed' : ''].filter(Boolean).join(' ');
}

function D12({ face, n, target, flying, dropped, pushed, bonus }) {
  const m = marks(face, target, flying);
  const cls = ['die', 'joust-d12', m.cls];
  if (dropped) cls.push('joust-dropped');
  const what = [bonus ? 'shield bonus die' : `die ${n}`, `shows ${face}`];
  if (m.word && !dropped) what.push(m.word);
  if (dropped) what.push('not counted');
  if (pushed) what.push('pushed');
  return html`<li class="joust-die"><span class=${cls.join(' ')} aria-hidden="true">${face}</span>
    <span class="joust-tiny" aria-hidden="true">${caption(m, { bonus, dropped, pushed })}</span>
    <span class="sr-only">${what.join(', ')}</span></li>`;
}

function D6({ face, kind }) {
  const snake = face === 1;
  const heal = kind === 'minor' && face === 6;
  const name = kind === 'minor' ? 'minor-injury die' : kind === 'major' ? 'major-injury die' : 'injury roll';
  const word = snake ? 'a snake' : heal ? 'heals' : '';
  return html`<li class="joust-die"><span class=${`die joust-d6 joust-d6-${kind}${snake ? ' joust-snake' : ''}`} aria-hidden="true">${face}</span>
    <span class="joust-tiny" aria-hidden="true">${snake ? 'snake' : heal ? 'heal' : kind === 'roll' ? 'roll' : kind}</span>
    <span class="sr-only">${name} shows ${face}${word ? `, ${word}` : ''}</span></li>`;
}

// ---- the last pass fought ----

function LastPass({ view, seatName }) {
  return html`<div class="joust-lastlist">
    ${arr(view.last_pass).map((e, i) => html`<div key=${i} class="joust-lastone">
      <p><strong>${seatName(e.seat)}</strong> on knight ${e.knight}: aimed at the ${slotWord(e.aim)}${
        e.target !== null && e.target !== undefined ? ` (target ${e.target})` : ''}; ${gearWords(e.gear)}</p>
      <${DiceRow} dice=${e.dice ?? {}} target=${e.target} flying=${e.gear?.mount === 'flying'} />
      <p class="joust-small">${outcome(e)}</p>
    </div>`)}
  </div>`;
}

function outcome(e) {
  const bits = [`${plural(e.net ?? 0, 'net success', 'net successes')} (${e.successes ?? 0} rolled, ${plural(e.snakes ?? 0, 'snake', 'snakes')})`];
  if (e.ones) bits.push(plural(e.ones, 'one', 'ones'));
  if (e.fumble) bits.push('a fumble');
  bits.push(`${e.points > 0 ? '+' : ''}${e.points ?? 0} points`);
  if (DEALT[e.dealt]) bits.push(`gave ${DEALT[e.dealt]}`);
  if (DEALT[e.push_injury]) bits.push(`pushing cost ${DEALT[e.push_injury]}`);
  if (e.dismounted) bits.push('unhorsed');
  if (e.left_by_injury) bits.push('left the event hurt');
  if (e.gift) bits.push('earned the gift');
  return bits.join('; ');
}
