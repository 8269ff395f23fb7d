// @ts-check
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
//
// Every component name, number and effect text comes from `components`
// (GET /api/games/joust/components, read from the game's data file): a view
// names a slot, mount, lance or injury by its id, and the board looks the
// id up there. Where a name is shown, its effect is the hover text.

import { html } from '../vendor/preact-htm.js';
import { ActButton } from './act.js';
import { ResultPanel } from '../result.js';
import { term } from '../glossary.js';

/**
 * @typedef {import('../types/joust').View} View
 * @typedef {import('../types/joust').Components} Components
 * @typedef {import('../types/joust').Action} Action
 * @typedef {import('../types/joust').Event} Event
 * @typedef {import('../types/joust').Seat} Seat
 * @typedef {import('../types/joust').Slot} Slot
 * @typedef {import('../types/joust').Gear} Gear
 * @typedef {import('../types/joust').Injury} Injury
 * @typedef {import('../types/joust').PlayerView} PlayerView
 * @typedef {import('../types/joust').DuelistView} DuelistView
 * @typedef {import('../types/joust').EndReason} EndReason
 * @typedef {import('../types/joust').SlotView} SlotView
 * @typedef {import('../types/joust').DiceView} DiceView
 * @typedef {import('../types/joust').PassView} PassView
 * @typedef {import('../types/joust').DieFace} DieFace
 * @typedef {import('../types/joust').JoustingDie} JoustingDie
 * @typedef {{index: number, label: string, action: Action}} LegalAction
 * @typedef {{name: string, effect: string}} Named
 * @typedef {object} BoardProps
 * @property {View | null} view the viewer's view; null before the game starts
 * @property {Components} components the game's components, as the server states them
 * @property {LegalAction[]} actions what the viewer may do now
 * @property {Seat | null} you the viewer's seat, null for a spectator
 * @property {(seat: Seat) => string} seatName a seat in a person's words
 * @property {(index: number) => void} act sends the action of that index
 * @property {string} [text] the terminal drawing, drawn when there is no view
 * @property {{events: Event[]}[]} [last] the steps just taken, with their events
 */

// ---- words from the components ----

/**
 * The entry of `id` in a list of the components; a made-up one named by the
 * id itself if the list lacks it (the server hands out empty components
 * when its data file could not be read).
 * @template {{id: string}} T
 * @param {T[]} list
 * @param {T['id']} id
 * @returns {T | Named & {id: T['id']}}
 */
function byId(list, id) {
  return list.find((x) => x.id === id) ?? { id, name: String(id), effect: '' };
}

/** A name inside a sentence: "Left arm" becomes "left arm". */
const inSentence = (/** @type {string} */ name) => name.charAt(0).toLowerCase() + name.slice(1);
const withArticle = (/** @type {string} */ words) => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
const plural = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) => `${n} ${n === 1 ? one : many}`;

/** @param {Components} c @param {Slot | null | undefined} slot */
const slotWord = (c, slot) => (slot ? inSentence(byId(c.slots, slot).name) : '–');

/**
 * A component's name inside a sentence: `word` is its glossary entry, and
 * the component's own effect text shows under that entry (web/glossary.js).
 */
function Term({ of, word, cls = '' }) {
  return html`<span class=${`joust-term ${cls}`.trim()} ...${term(word)} data-tip=${of.effect}>${inSentence(of.name)}</span>`;
}

/**
 * Mount and lance, as "ground mount, lance of war".
 * @param {{c: Components, gear: Gear | null | undefined}} props
 */
function GearWords({ c, gear }) {
  if (!gear) return null;
  return html`<${Term} of=${byId(c.mounts, gear.mount)} word=${`${gear.mount}_mount`} />, <${Term} of=${byId(c.lances, gear.lance)} word=${`lance_of_${gear.lance}`} />`;
}

/** @type {Record<View['phase'], (who: string, c: Components) => string>} */
const PHASE = {
  starting_player: () => 'Lots are drawn for the first challenger.',
  challenge: (who) => `${who} chooses whom to challenge.`,
  knights: (_, c) => `Each duelist keeps the ${inSentence(c.knight.name)} in the lists or sends a fresh one, in secret.`,
  draw: (_, c) => `The duelists draw their ${c.slots.length} cards.`,
  place: (_, c) => {
    const names = c.slots.map((s) => inSentence(s.name));
    const last = names.pop() ?? '';
    return `The duelists lay their cards face down: ${names.join(', ')}; the last goes on the ${last}.`;
  },
  aim: () => 'Each duelist aims at a slot of the other, in secret.',
  gear: () => 'Each duelist picks a mount and a lance, in secret.',
  roll: () => 'The dice are rolling.',
  push: (who, c) => `${who} may push: re-roll dice at the risk of ${withArticle(inSentence(byId(c.injuries, 'minor').name))}.`,
  reroll: () => 'A pushed die is rolling again.',
  bonus: (_, c) => `The ${inSentence(byId(c.lances, 'war').name)} rolls its bonus die against the ${slotWord(c, 'shield')}.`,
  injury_roll: (_, c) => `A ${inSentence(c.knight.name)} rolls its whole injury pool for ${withArticle(inSentence(byId(c.injuries, 'major').name))}.`,
  over: () => 'The event is over.',
};

// ---- legal actions, by kind ----

/** The kind of an action: its key, or the word itself ("keep_roll"). @param {Action} action */
const actionKind = (action) => (typeof action === 'string' ? action : Object.keys(action)[0]);
/** @param {LegalAction[]} actions @param {string} kind */
const actionsOfKind = (actions, kind) => actions.filter((a) => actionKind(a.action) === kind);

const Act = ({ a, act, cls = '', children }) =>
  html`<${ActButton} a=${a} onPick=${(x) => act(x.index)} cls=${`joust-act ${cls}`}>${children}<//>`;

/** @param {BoardProps} props */
export function Board(props) {
  const { view, components } = props;
  if (!view) return html`<pre class="text-view">${props.text ?? ''}</pre>`;
  const fresh = (props.last ?? []).some((s) => s.events.some((e) => e.kind === 'scored'));
  const c = components;
  return html`<div class="joust">
    <${EventHead} view=${view} c=${c} seatName=${props.seatName} />
    <${Standings} ...${props} c=${c} />
    ${view.last_pass && html`<${ResultPanel} resultKey=${`pass ${view.passes}`}
      cls=${`joust-panel joust-last${fresh ? ' joust-fresh' : ''}`}
      summary=${`The last pass (pass ${view.passes}): ${passPoints(view.last_pass, props.seatName)}`}>
      <${LastPass} passes=${view.last_pass} c=${c} seatName=${props.seatName} /></${ResultPanel}>`}
    ${view.joust ? html`<${Pass} ...${props} joust=${view.joust} c=${c} />` : null}
  </div>`;
}

// ---- the event's head and the standings ----

/** @param {{view: View, c: Components, seatName: (seat: Seat) => string}} props */
function EventHead({ view, c, seatName }) {
  const who = seatName(view.phase === 'push' ? view.on_move[0] ?? view.turn : view.turn);
  const text = PHASE[view.phase](who, c);
  const over = view.phase === 'over';
  const points = c.slots.map((s, i) => html`${i ? ', ' : ''}<${Term} of=${s} word="slots" /> ${view.slot_points[s.id]}`);
  return html`<section class="joust-panel joust-head" aria-label="The event">
    <h3>${over ? 'The event is over' : `Pass ${view.passes + 1}`}</h3>
    <p>First to <span ...${term('target_points')}>${view.target_points} points</span> with a <span ...${term('knight')} data-tip=${c.knight.effect}>${inSentence(c.knight.name)}</span> still standing wins${
      view.points_threshold ? html`; the event stops when all points together reach <span ...${term('points_threshold')}>${view.points_threshold}</span>` : ''}.</p>
    <p class="joust-small">A hit scores by the slot aimed at: ${points}.</p>
    ${over ? html`<${Winners} view=${view} seatName=${seatName} />` : html`<p class="joust-phase">${text}</p>`}
  </section>`;
}

/** @param {{view: View, seatName: (seat: Seat) => string}} props */
function Winners({ view, seatName }) {
  const won = view.winners ?? [];
  if (!won.length) return html`<p class="joust-phase">Nobody wins.</p>`;
  const names = won.map((s) => seatName(s)).join(' and ');
  const points = view.players.find((p) => p.seat === won[0])?.points ?? 0;
  // Why it ended, said here and not only in the log: a winner short of
  // the target is otherwise a puzzle.
  const threshold = view.points_threshold ?? 0;
  /** @type {Record<EndReason, string>} */
  const WHY = {
    target: `, reaching the ${view.target_points} needed with a knight standing`,
    last_in_event: `: short of ${view.target_points}, but the last player with knights left`,
    fell_together: ': the last knights fell together, and no one had more points',
    threshold: `: the players' points together reached ${threshold}, which ends the event, and no one had more`,
  };
  const why = view.end_reason ? WHY[view.end_reason] : '';
  return html`<p class="joust-phase joust-won">${names} ${won.length > 1 ? 'share the win' : 'wins'} with ${plural(points, 'point', 'points')}${why}.</p>`;
}

/** @param {BoardProps & {view: View, c: Components}} props */
function Standings({ view, c, actions, act, you, seatName }) {
  /** @param {Seat} seat */
  const challengeOf = (seat) => actions.find((a) => typeof a.action === 'object' && 'challenge' in a.action && a.action.challenge === seat);
  return html`<section class="joust-players" aria-label="The players">
    ${view.players.map((p) => html`<${Player} key=${p.seat} p=${p} view=${view} c=${c} you=${you} seatName=${seatName}
      challenge=${challengeOf(p.seat)} act=${act} />`)}
  </section>`;
}

/**
 * @param {{p: PlayerView, view: View, c: Components, you: Seat | null, seatName: (seat: Seat) => string,
 *   challenge: LegalAction | undefined, act: (index: number) => void}} props
 */
function Player({ p, view, c, you, seatName, challenge, act }) {
  const onTurn = view.phase === 'challenge' && view.turn === p.seat;
  const won = (view.winners ?? []).includes(p.seat);
  const cls = ['joust-panel', 'joust-player'];
  if (p.seat === you) cls.push('joust-mine');
  if (onTurn) cls.push('joust-onturn');
  if (!p.in_event) cls.push('joust-out');
  // How often this player has aimed at each slot in the passes fought so
  // far (what a bot remembers of their habits too), said as a count of
  // times, not a bare number; the glossary's "earlier aims" says what it is for.
  const aims = c.slots.filter((s) => p.aims_seen[s.id] > 0)
    .map((s) => `${inSentence(s.name)} ${plural(p.aims_seen[s.id], 'time', 'times')}`);
  const ground = byId(c.mounts, 'ground');
  const knight = inSentence(c.knight.name);
  // What the pile holds, in the board's terms: face-down number cards and
  // their ranks (the physical cards' suits never show here).
  const cards = c.number_cards;
  const ranks = cards.highest_rank - cards.lowest_rank + 1;
  const pileTitle = `${plural(p.pile, `face-down ${inSentence(cards.name)}`, `face-down ${inSentence(cards.name)}s`)} left to draw. A full pile holds ${
    ranks * cards.copies_per_rank}: ranks ${cards.lowest_rank} to ${cards.highest_rank}, ${cards.copies_per_rank} of each.`;
  return html`<article class=${cls.join(' ')} aria-label=${seatName(p.seat)}>
    <h4>${seatName(p.seat)}${p.seat === you ? ' (you)' : ''}
      ${won && html`<span class="joust-badge joust-badge-won">winner</span>`}
      ${onTurn && html`<span class="joust-badge joust-badge-turn">challenges next</span>`}
      ${p.gift && view.phase !== 'over' && html`<span class="joust-badge joust-badge-gift" ...${term('gift')} data-tip=${`${ground.name}: ${ground.effect}`}>gift: +1 die</span>`}
      ${!p.in_event && html`<span class="joust-badge">out of the event</span>`}</h4>
    <div class="joust-points">
      <meter min="0" max=${view.target_points} value=${Math.max(0, p.points)} aria-hidden="true"></meter>
      <span><strong>${p.points}</strong> of ${view.target_points} points</span>
    </div>
    <p class="joust-small">${p.knight
      ? html`<span ...${term('knight')} data-tip=${c.knight.effect}>${c.knight.name} ${p.knight.number}</span> in the lists <${Injuries} c=${c} minor=${p.knight.minor} major=${p.knight.major} />`
      : `No ${knight} in the lists`}; ${p.knights_waiting > 0 ? `${p.knights_waiting} fresh ${knight}${p.knights_waiting === 1 ? '' : 's'} waiting` : 'none waiting'}</p>
    <p class="joust-small joust-quiet"><span ...${term('pile')} data-tip=${pileTitle}>Pile ${p.pile}</span> · <span ...${term('discards')} data-tip=${p.discard.length ? `Face up, lowest first: ${p.discard.join(', ')}` : 'None yet.'}>discards ${p.discard.length}</span>${
      aims.length ? html` · <span ...${term('earlier_aims')}>earlier aims this event</span>: ${aims.join(', ')}` : ''}</p>
    ${challenge && html`<${Act} a=${challenge} act=${act}>Challenge ${seatName(p.seat)}<//>`}
  </article>`;
}

/** @param {{c: Components, minor: number, major: number}} props */
function Injuries({ c, minor, major }) {
  if (!minor && !major) return html`<span class="joust-quiet">(unhurt)</span>`;
  /** @type {[Injury, number][]} */
  const held = [['minor', minor], ['major', major]];
  const words = held.filter(([, n]) => n > 0)
    .map(([id, n], i) => html`${i ? ', ' : ''}<${Term} of=${byId(c.injuries, id)} word=${`${id}_injury`} />${n > 1 ? ` ×${n}` : ''}`);
  return html`<span class="joust-injuries"><span class="joust-pips" aria-hidden="true">${Array.from({ length: minor }, (_, i) => html`<span key=${`m${i}`} class="joust-d6 joust-d6-minor"></span>`)}${
      Array.from({ length: major }, (_, i) => html`<span key=${`M${i}`} class="joust-d6 joust-d6-major"></span>`)}</span> (${words})</span>`;
}

// ---- the pass under way ----

/** @param {BoardProps & {view: View, joust: import('../types/joust').JoustView, c: Components}} props */
function Pass(props) {
  const [a, b] = props.joust.duelists;
  return html`<section class="joust-lists" aria-label="The pass under way">
    <${Duelist} ...${props} d=${a} other=${b} role="challenger" />
    <${Duelist} ...${props} d=${b} other=${a} role="challenged" />
  </section>`;
}

/**
 * @param {BoardProps & {view: View, joust: import('../types/joust').JoustView, c: Components,
 *   d: DuelistView, other: DuelistView, role: string}} props
 */
function Duelist({ view, joust, c, actions, act, you, seatName, d, other, role }) {
  const mine = d.seat === you;
  const deciding = view.on_move.includes(d.seat);
  // While the choices are made face down, only whether each duelist has
  // chosen shows.
  const said = joust.hidden_choices ? (d.deciding ? 'choosing…' : 'has chosen') : null;
  const cls = ['joust-panel', 'joust-duelist', `joust-${role}`];
  if (deciding) cls.push('joust-deciding');
  if (mine) cls.push('joust-mine');
  const my = mine ? actions : [];
  // The aim buttons belong on this duelist's slots when the viewer rides
  // against it.
  const aimAt = (/** @type {Slot} */ slot) =>
    mine ? undefined : actions.find((x) => typeof x.action === 'object' && 'aim' in x.action && x.action.aim === slot);
  const next = mine && view.phase === 'place' ? d.slots.find((s) => !s.occupied)?.slot : undefined;
  const aimText = aimLine(view, c, d);
  return html`<article class=${cls.join(' ')} aria-label=${`${seatName(d.seat)}, the ${role}`}>
    <h3>${seatName(d.seat)}${mine ? ' (you)' : ''} <span class="joust-quiet">· <span ...${term(role === 'challenger' ? 'challenger' : 'duelist')}>${role}</span> · <span ...${term('knight')} data-tip=${c.knight.effect}>${inSentence(c.knight.name)} ${d.knight}</span></span>
      ${said && html`<span class=${`joust-badge${d.deciding ? ' joust-badge-turn' : ''}`}>${said}</span>`}
      ${!said && deciding && html`<span class="joust-badge joust-badge-turn">to decide</span>`}</h3>
    ${d.knight_choice && html`<p class="joust-small">${d.knight_choice === 'keep' ? `Keeps the ${inSentence(c.knight.name)} in the lists.` : `Sends a fresh ${inSentence(c.knight.name)}.`}</p>`}
    <${Choices} list=${actionsOfKind(my, 'knight')} act=${act} title="Your knight" />
    <div class="joust-row" role="group" aria-label=${`${seatName(d.seat)}'s knight row`}>
      ${d.slots.map((s) => html`<${SlotBox} key=${s.slot} slot=${s} c=${c}
        next=${next === s.slot} aimed=${other.aim === s.slot} aim=${aimAt(s.slot)} act=${act} />`)}
    </div>
    <${Hand} d=${d} c=${c} mine=${mine} places=${actionsOfKind(my, 'place')} act=${act} />
    ${(aimText || d.gear) && html`<p class="joust-small">${aimText}${aimText && d.gear ? '; ' : ''}<${GearWords} c=${c} gear=${d.gear} /></p>`}
    <${Choices} list=${actionsOfKind(my, 'gear')} act=${act} title="Mount and lance" />
    <${DiceRow} dice=${d.dice} target=${d.target} flying=${d.gear?.mount === 'flying'} c=${c} />
    <${PushChoices} pushes=${actionsOfKind(my, 'push')} keep=${actionsOfKind(my, 'keep_roll')} d=${d} c=${c} act=${act} />
  </article>`;
}

/** @param {View} view @param {Components} c @param {DuelistView} d */
function aimLine(view, c, d) {
  if (d.aim) return `Aims at the ${slotWord(c, d.aim)}${d.target != null ? ` (target ${d.target})` : ''}`;
  if (view.phase === 'aim' && !d.deciding) return 'Aim chosen, hidden until both have aimed';
  if (view.phase === 'gear' && !d.deciding && !d.gear) return 'Mount and lance chosen, hidden until both have chosen';
  return '';
}

/** @param {{list: LegalAction[], act: (index: number) => void, title: string}} props */
function Choices({ list, act, title }) {
  if (!list.length) return null;
  return html`<div class="joust-choices" role="group" aria-label=${title}>
    ${list.map((a) => html`<${Act} key=${a.index} a=${a} act=${act} />`)}
  </div>`;
}

/**
 * The push buttons and "keep the roll". A push re-rolls the dice it names,
 * and a new face can count less than the old one: a push that would re-roll
 * a die counting now says so under its button, read from the view (the
 * faces, the target, the mount, which dice count with the gift) and the
 * die's named faces in the components.
 * @param {{pushes: LegalAction[], keep: LegalAction[], d: DuelistView, c: Components,
 *   act: (index: number) => void}} props
 */
function PushChoices({ pushes, keep, d, c, act }) {
  if (!pushes.length && !keep.length) return null;
  const risk = pushRisk(d, c);
  return html`<div class="joust-choices" role="group" aria-label="Push or keep">
    ${pushes.map((a) => {
      const dice = typeof a.action === 'object' && 'push' in a.action ? a.action.push : [];
      const warning = risk(dice);
      if (!warning) return html`<${Act} key=${a.index} a=${a} act=${act} />`;
      return html`<div key=${a.index} class="joust-push">
        <${Act} a=${a} act=${act} cls=${warning.loses ? 'joust-act-risky' : ''} />
        <span class=${`joust-warn${warning.loses ? '' : ' joust-warn-mild'}`}>${warning.text}</span>
      </div>`;
    })}
    ${keep.map((a) => html`<${Act} key=${a.index} a=${a} act=${act} />`)}
  </div>`;
}

/**
 * What re-rolling a set of one duelist's jousting dice puts at stake: the
 * successes those dice count now, against this duelist's target and mount,
 * and how many of the roll's successes the push could cost at worst (every
 * re-rolled die counting nothing). With the gift only the two best dice
 * count, so a die left out risks nothing, and the spare may make up for a
 * re-rolled one.
 * @param {DuelistView} d @param {Components} c
 * @returns {(dice: number[]) => {text: string, loses: boolean} | null}
 */
function pushRisk(d, c) {
  const { d12, kept } = d.dice;
  const flying = d.gear?.mount === 'flying';
  const counted = kept.length > 0 && kept.length < d12.length ? kept.length : d12.length;
  const worth = (/** @type {number} */ face) => worthOf(c.jousting_die, face, d.target, flying);
  // The successes of the dice that count: the highest faces, as the gift keeps them.
  const total = (/** @type {number[]} */ faces) => [...faces].sort((a, b) => b - a).slice(0, counted)
    .reduce((sum, face) => sum + worth(face).successes, 0);
  const now = total(d12);
  const counts = (/** @type {number} */ n) => kept.length === 0 || kept.length >= d12.length || kept.includes(n);
  return (dice) => {
    // Face 0 stands for a re-rolled die that counts nothing (nor as a one).
    const stake = now - total(d12.map((face, i) => (dice.includes(i + 1) ? 0 : face)));
    if (stake <= 0) return null;
    const at = dice.filter((n) => n >= 1 && n <= d12.length && counts(n))
      .map((n) => ({ n, worth: worth(d12[n - 1]) }));
    const two = at.filter((x) => x.worth.successes >= 2);
    const one = at.filter((x) => x.worth.successes === 1);
    const names = (/** @type {typeof at} */ list) => list.map((x) => `#${x.n}`).join(' and ');
    const bits = [];
    if (two.length) {
      const words = two.map((x) => (x.worth.named ? inSentence(x.worth.named.name) : String(d12[x.n - 1])));
      const what = words.every((w) => w === words[0]) && words.length > 1 ? `${words[0]}s` : words.map(withArticle).join(' and ');
      bits.push(`⚠ ${two.length === 1 ? 'Die' : 'Dice'} ${names(two)} ${two.length === 1 ? 'counts 2 successes' : 'count 2 successes each'} now (${what}); a re-roll may lose them.`);
    }
    if (one.length) bits.push(`${one.length === 1 ? 'Die' : 'Dice'} ${names(one)} ${one.length === 1 ? 'is a success' : 'are successes'} now; a re-roll may miss.`);
    bits.push(`This push risks up to ${stake} of your ${plural(now, 'success', 'successes')}.`);
    return { text: bits.join(' '), loses: two.length > 0 };
  };
}

/**
 * One slot of a knight row: its name (its use and points on hover), its
 * card, and the aim button on it when the viewer may aim there.
 * @param {{slot: SlotView, c: Components, next: boolean, aimed: boolean, aim: LegalAction | undefined,
 *   act: (index: number) => void}} props
 */
function SlotBox({ slot, c, next, aimed, aim, act }) {
  const info = byId(c.slots, slot.slot);
  const cls = ['joust-slot'];
  if (next) cls.push('joust-next');
  if (aimed) cls.push('joust-aimed');
  const face = html`<${Card} slot=${slot} />`;
  // It may sit in the aim button: the word alone, no tab stop of its own.
  const name = html`<span class="joust-slot-name" data-term="slots" data-tip=${info.effect}>${info.name}</span>`;
  const badges = html`${aimed ? html`<span class="joust-slot-mark">aimed at</span>` : ''}${next ? html`<span class="joust-slot-mark">next</span>` : ''}`;
  if (aim) {
    return html`<button type="button" class=${`${cls.join(' ')} act-target joust-act-slot`} title=${aim.label}
      onClick=${() => act(aim.index)}>${name}${face}${badges}<span class="sr-only">: ${aim.label}</span></button>`;
  }
  return html`<div class=${cls.join(' ')}>${name}${face}${badges}</div>`;
}

// A slot's card: face up, face down but the viewer's own (its rank shown
// dashed), face down (a back), or no card yet.
/** @param {{slot: SlotView}} props */
function Card({ slot }) {
  if (!slot.occupied) return html`<span class="joust-card joust-empty"><span class="sr-only">empty</span></span>`;
  if (slot.card == null) {
    return html`<span class="joust-card joust-back"><span class="sr-only">face down</span></span>`;
  }
  if (slot.face_up) return html`<span class="joust-card joust-up">${slot.card}<span class="sr-only"> face up</span></span>`;
  return html`<span class="joust-card joust-own" title="Face down: only you see it">${slot.card}<span class="sr-only"> face down, only you see it</span></span>`;
}

/**
 * @param {{d: DuelistView, c: Components, mine: boolean, places: LegalAction[],
 *   act: (index: number) => void}} props
 */
function Hand({ d, c, mine, places, act }) {
  const size = d.hand_size;
  if (!size) return null;
  if (!mine || !d.hand.length) {
    return html`<div class="joust-hand"><span class="joust-small">Hand:</span>
      <span class="joust-backs" aria-hidden="true">${Array.from({ length: size }, (_, i) => html`<span key=${i} class="joust-card joust-back joust-mini"></span>`)}</span>
      <span class="joust-small">${plural(size, 'card', 'cards')}, face down</span></div>`;
  }
  return html`<div class="joust-hand" role="group" aria-label="Your hand">
    <span class="joust-small">Your hand${places.length ? ' (click a card to lay it on the next slot)' : ''}:</span>
    ${d.hand.map((card, i) => {
      const a = places.find((x) => typeof x.action === 'object' && 'place' in x.action && x.action.place.card === card);
      return a
        ? html`<${Act} key=${i} a=${a} act=${act} cls="joust-card joust-up joust-handcard">${card}<//>`
        : html`<span key=${i} class="joust-card joust-up joust-handcard" ...${term('number_card')} data-tip=${c.number_cards.effect}>${card}</span>`;
    })}
  </div>`;
}

// ---- dice ----

const ONE = 1; // the lowest face of every die: a kept one counts against the roll

/**
 * What one jousting die earns against a target: the raven two successes,
 * the feather one (two on a flying mount), a face at or above the target
 * card one; a one counts against the roll.
 * @param {JoustingDie} die @param {number} face @param {number | null | undefined} target @param {boolean} flying
 * @returns {{cls: string, word: string, named?: DieFace, successes: number}}
 */
function worthOf(die, face, target, flying) {
  if (face === die.raven.face) return { cls: 'joust-crit', word: 'two successes', named: die.raven, successes: 2 };
  if (face === die.feather.face) {
    return flying
      ? { cls: 'joust-crit', word: 'two successes (flying)', named: die.feather, successes: 2 }
      : { cls: 'joust-hit', word: 'a success', named: die.feather, successes: 1 };
  }
  if (face === ONE) return { cls: 'joust-one', word: 'a one', successes: 0 };
  if (target == null) return { cls: '', word: '', successes: 0 };
  if (face >= target) return { cls: 'joust-hit', word: 'a success', successes: 1 };
  return { cls: 'joust-miss', word: 'a miss', successes: 0 };
}

/**
 * @param {{dice: DiceView, target: number | null | undefined, flying: boolean, c: Components}} props
 */
function DiceRow({ dice, target, flying, c }) {
  const { d12, kept, pushed } = dice;
  const dropped = (/** @type {number} */ i) => kept.length > 0 && kept.length < d12.length && !kept.includes(i + 1);
  if (!d12.length && dice.bonus == null && !dice.minor.length && !dice.major.length && !dice.injury_roll.length) return null;
  // Keys carry the face, so a die rolled or re-rolled mounts anew and
  // plays the arrival animation (joust.css) while the others stay still.
  return html`<ul class="joust-dice" aria-label="Dice">
    ${d12.map((f, i) => html`<${D12} key=${`j${i}-${f}`} c=${c} face=${f} n=${i + 1} target=${target} flying=${flying}
      dropped=${dropped(i)} pushed=${pushed.includes(i + 1)} />`)}
    ${dice.bonus != null && html`<${D12} c=${c} face=${dice.bonus} bonus=${true} target=${target} flying=${flying} />`}
    ${dice.minor.map((f, i) => html`<${D6} key=${`m${i}-${f}`} c=${c} face=${f} pool="minor" />`)}
    ${dice.major.map((f, i) => html`<${D6} key=${`M${i}-${f}`} c=${c} face=${f} pool="major" />`)}
    ${dice.injury_roll.map((f, i) => html`<${D6} key=${`r${i}-${f}`} c=${c} face=${f} pool="roll" />`)}
  </ul>`;
}

// The words under a d12: the raven's or feather's name, its worth (a star
// a success), then what became of it. The face's number is on the die.
function d12Caption(worth, { bonus, dropped, pushed }) {
  if (dropped) return 'dropped';
  const stars = { 'joust-crit': '★★', 'joust-hit': '★', 'joust-one': 'one', 'joust-miss': 'miss' }[worth.cls] ?? '';
  const named = worth.named ? inSentence(worth.named.name) : '';
  return [named, stars, bonus ? 'bonus' : pushed ? 'pushed' : ''].filter(Boolean).join(' ');
}

/**
 * @param {{c: Components, face: number, n?: number, target: number | null | undefined, flying: boolean,
 *   dropped?: boolean, pushed?: boolean, bonus?: boolean}} props
 */
function D12({ c, face, n, target, flying, dropped, pushed, bonus }) {
  const die = c.jousting_die;
  const worth = worthOf(die, face, target, flying);
  const cls = ['die', 'joust-d12', worth.cls];
  if (dropped) cls.push('joust-dropped');
  const what = [bonus ? 'bonus die' : `die ${n}`, `shows ${face}`];
  if (worth.named) what.push(`a ${inSentence(worth.named.name)}`);
  if (worth.word && !dropped) what.push(worth.word);
  if (dropped) what.push('not counted');
  if (pushed) what.push('pushed');
  const title = worth.named ? `${worth.named.name}: ${worth.named.effect}` : `${die.name}: ${die.effect}`;
  const word = worth.named === die.raven ? 'raven' : worth.named === die.feather ? 'feather' : bonus ? 'bonus_die' : 'jousting_die';
  return html`<li class="joust-die" ...${term(word)} data-tip=${title}><span class=${cls.join(' ')} aria-hidden="true">${face}</span>
    <span class="joust-tiny" aria-hidden="true">${d12Caption(worth, { bonus, dropped, pushed })}</span>
    <span class="sr-only">${what.join(', ')}</span></li>`;
}

/**
 * An injury die: of the minor or major pool rolled with the jousting dice,
 * or of a roll of the whole pool for a major injury.
 * @param {{c: Components, face: number, pool: 'minor' | 'major' | 'roll'}} props
 */
function D6({ c, face, pool }) {
  const die = c.injury_die;
  const snake = face === die.snake.face;
  const heal = pool === 'minor' && face === die.heal.face;
  const named = snake ? die.snake : heal ? die.heal : null;
  const injury = pool === 'roll' ? null : byId(c.injuries, pool);
  const name = injury ? `${inSentence(injury.name)} die` : `${inSentence(die.name)} rolled for ${withArticle(inSentence(byId(c.injuries, 'major').name))}`;
  const caption = named ? inSentence(named.name) : pool === 'roll' ? `no ${inSentence(die.snake.name)}` : pool;
  const title = named ? `${named.name}: ${named.effect}` : `${die.name}: ${die.effect}`;
  const word = snake ? 'snake' : heal ? 'heal' : pool === 'roll' ? 'major_injury' : 'injury_die';
  return html`<li class="joust-die" ...${term(word)} data-tip=${title}><span class=${`die joust-d6 joust-d6-${pool}${snake ? ' joust-snake' : ''}`} aria-hidden="true">${face}</span>
    <span class="joust-tiny" aria-hidden="true">${caption}</span>
    <span class="sr-only">${name} shows ${face}${named ? `, ${withArticle(inSentence(named.name))}` : ''}</span></li>`;
}

// ---- the last pass fought ----

/** @param {{passes: PassView[], c: Components, seatName: (seat: Seat) => string}} props */
function LastPass({ passes, c, seatName }) {
  return html`<div class="joust-lastlist">
    ${passes.map((e, i) => html`<div key=${i} class="joust-lastone">
      <p><strong>${seatName(e.seat)}</strong> on ${inSentence(c.knight.name)} ${e.knight}: aimed at the ${slotWord(c, e.aim)} (target ${e.target}); <${GearWords} c=${c} gear=${e.gear} /></p>
      <${DiceRow} dice=${e.dice} target=${e.target} flying=${e.gear?.mount === 'flying'} c=${c} />
      <p class="joust-small">${outcome(c, e)}</p>
    </div>`)}
  </div>`;
}

/**
 * Each duelist's points from a pass, for the folded panel's one line.
 * @param {PassView[]} passes @param {(seat: Seat) => string} seatName
 */
function passPoints(passes, seatName) {
  return passes.map((e) => `${seatName(e.seat)} ${e.points > 0 ? '+' : ''}${e.points}`).join(', ');
}

/** What one duelist's pass came to, in words. @param {Components} c @param {PassView} e */
function outcome(c, e) {
  const snake = inSentence(c.injury_die.snake.name);
  const bits = [`${plural(e.net, 'net success', 'net successes')} (${e.successes} rolled, ${plural(e.snakes, snake, `${snake}s`)})`];
  if (e.ones) bits.push(plural(e.ones, 'one', 'ones'));
  if (e.fumble) bits.push('a fumble');
  bits.push(`${e.points > 0 ? '+' : ''}${e.points} points`);
  const injury = (/** @type {Injury} */ id) => c.injuries.find((x) => x.id === id);
  const dealt = injury(e.dealt);
  const paid = injury(e.push_injury);
  // Both strike at once: a knight unhorsed in the pass still wounds with
  // its lance of war, though its hit scores nothing.
  if (dealt) bits.push(`gave ${withArticle(inSentence(dealt.name))}${e.dismounted ? ' (the wound stands though this knight fell)' : ''}`);
  if (paid) bits.push(`pushing cost ${withArticle(inSentence(paid.name))}`);
  if (e.dismounted) bits.push('unhorsed');
  // A roll of the whole injury pool for a major injury: its faces and what they meant.
  const roll = e.dice.injury_roll;
  if (roll.length) {
    const major = inSentence(byId(c.injuries, 'major').name);
    const found = e.left_by_injury ? withArticle(snake) : `no ${snake}`;
    const then = e.left_by_injury ? `the ${inSentence(c.knight.name)} left the event` : 'it rides on';
    bits.push(`${found} in the injury dice rolled for ${withArticle(major)} (${roll.join(', ')}): ${then}`);
  } else if (e.left_by_injury) bits.push('left the event hurt');
  if (e.gift) bits.push('earned the gift');
  return bits.join('; ');
}
