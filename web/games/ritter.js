// @ts-check
// Ritter ohne Furcht und Tadel: the tournament ground in the middle (the
// joust under way, or the last one fought), the day track and standings on
// top, and each seat's pavilion with its knight cards and lady cards below.
// Every choice the rules offer is drawn on the thing it concerns: training
// on the card's dice column and hit fields, favours and challenges on the
// knight they go to, "keep her favour" on the lady, yield or fight on
// beside the knight who must decide.
//
// The view names knights, ladies and traits by id; their names, printed
// numbers and words come from the served components (`cards` below), so
// the board keeps no copy of the cards.

import { html } from '../vendor/preact-htm.js';
import { ActButton } from './act.js';
import { ResultPanel } from '../result.js';
import { term } from '../glossary.js';

/** @typedef {import('../types/ritter').View} View */
/** @typedef {import('../types/ritter').Action} Action */
/** @typedef {import('../types/ritter').Components} Components */
/** @typedef {import('../types/ritter').KnightComponent} KnightComponent */
/** @typedef {import('../types/ritter').LadyComponent} LadyComponent */
/** @typedef {import('../types/ritter').KnightView} KnightView */
/** @typedef {import('../types/ritter').LadyView} LadyView */
/** @typedef {import('../types/ritter').PlanView} PlanView */
/** @typedef {import('../types/ritter').KnightId} KnightId */
/** @typedef {import('../types/ritter').LadyId} LadyId */
/** @typedef {import('../types/ritter').Trait} Trait */
/** @typedef {import('../types/ritter').KnightStatus} KnightStatus */
/** @typedef {import('../types/ritter').Ending} Ending */
/** @typedef {import('../types/ritter').Event} Event */
/** @typedef {import('../types/ritter').Seat} Seat */
/** @typedef {{index: number, label: string, action: Action}} Legal a legal action as the table lists it */
/** @typedef {{events: Event[]}} Step one step of the latest move, with what it told this viewer */
/** @typedef {(seat: Seat) => string} SeatName */
/** @typedef {(index: number) => void} Act */

// The dot in a lady's crest is her hair colour. Colour alone tells a
// newcomer nothing, so the crest names it (a glossary tip) and the same dot
// stands beside the hair word in her trait list as its key.
/** @type {Partial<Record<Trait, string>>} */
const HAIR_FILL = { blond: '#e8c65a', brown: '#7a4a24', black: '#1f1b16', red: '#b8431f' };
/** @type {Record<KnightStatus, string>} */
const STATUS_WORDS = {
  unchosen: 'not chosen to ride yet',
  ready: 'ready to ride',
  resting: 'resting today',
  days_over: 'days over',
  beaten: 'beaten today',
  out: 'out of the tournament',
};
// The glossary entry (data/rules.toml) each status word opens.
/** @type {Record<KnightStatus, string>} */
const STATUS_TERM = {
  unchosen: 'who_rides', ready: 'ready', resting: 'who_rides', days_over: 'day', beaten: 'beaten', out: 'out',
};
// What befell the knights, by how the joust ended: said of the loser (or,
// with no winner, of both), since "X wins (unhorsed)" read as if the winner
// fell. `a` and `d` are the attacker's and the defender's first names.
/** @type {Record<Ending, (names: {loser: string, a: string, d: string}) => string>} */
const ENDING_WORDS = {
  unhorsed: ({ loser }) => `${loser} is unhorsed`,
  yielded: ({ loser }) => `${loser} yields`,
  knocked_out: ({ loser }) => `${loser} has ten wounds and is out of the tournament`,
  both_knocked_out: ({ a, d }) => `${a} and ${d} both reach ten wounds and are out of the tournament`,
  stalemate: ({ a, d }) => `${a} and ${d} can never wound each other`,
};

/** The first word of a name, as players call a knight across the table. @param {string} name */
const firstName = (name) => name.split(' ')[0];

// ---- the cards behind the ids --------------------------------------------

/** A knight's preferences by rank, the most important first. */
const RANKS = ['1st', '2nd', '3rd'];

/**
 * How many of his preferences a lady meets, and which, as a knight card
 * says it: "2 of 3: his 1st and 3rd".
 * @param {CardBook} cards @param {KnightId} knight @param {LadyId} lady
 */
function metText(cards, knight, lady) {
  const met = cards.ranksMet(knight, lady);
  const which = met.length === 3 ? ': all' : met.length ? `: his ${met.join(' and ')}` : '';
  return `${met.length} of 3${which}`;
}

/**
 * The served components, looked up by the ids a view names.
 * @param {Components} components
 */
function cardBook(components) {
  const knights = new Map(components.knights.map((k) => [k.id, k]));
  const ladies = new Map(components.ladies.map((l) => [l.id, l]));
  const words = new Map(components.traits.map((t) => [t.id, t.word]));
  /** @param {Trait} id */
  const traitWord = (id) => words.get(id) ?? id;
  /** @param {LadyComponent} card */
  const ladyTraits = (card) => [card.hair, card.build, card.temperament, card.height];
  return {
    /** @param {KnightId} id */
    knight: (id) => knights.get(id),
    /** @param {LadyId} id */
    lady: (id) => ladies.get(id),
    traitWord,
    ladyTraits,
    /** A knight's name, or a stand-in for an id that is no card. @param {KnightId} id */
    knightName: (id) => knights.get(id)?.name ?? 'an unknown knight',
    /** @param {LadyId} id */
    ladyName: (id) => ladies.get(id)?.name ?? 'an unknown lady',
    /**
     * What his card says, for a hover over his name.
     * @param {KnightId} id
     */
    knightNote: (id) => {
      const card = knights.get(id);
      if (!card) return '';
      const fields = card.covered.flatMap((n, i) => Array.from({ length: n }, () => i + 1));
      return `On the card: ${card.dice} combat ${card.dice === 1 ? 'die' : 'dice'}, covers ${
        fields.length ? fields.join(' ') : 'no hit field'}; prefers ${card.prefers.map(traitWord).join(' › ')}`;
    },
    /**
     * Her traits, for a hover over her name.
     * @param {LadyId} id
     */
    ladyNote: (id) => {
      const card = ladies.get(id);
      return card ? ladyTraits(card).map(traitWord).join(', ') : '';
    },
    /**
     * Which of a knight's preferences a lady meets, by rank ("1st", "2nd",
     * "3rd"). The rules compare how many first; among ladies who meet as
     * many, the one meeting the
     * highest-ranked preference the other does not suits him better.
     * @param {KnightId} knight
     * @param {LadyId} lady
     */
    ranksMet: (knight, lady) => {
      const k = knights.get(knight);
      const l = ladies.get(lady);
      if (!k || !l) return [];
      const traits = ladyTraits(l);
      return k.prefers.flatMap((p, i) => (traits.includes(p) ? [RANKS[i]] : []));
    },
  };
}
/** @typedef {ReturnType<typeof cardBook>} CardBook */

// ---- the legal actions -------------------------------------------------

// The action JSON is the game's own: a unit action is a string ("yield"),
// any other an object with one key, its kind.

/**
 * The body of `action` if it is of the kind `kind` (`{"train": {…}}` gives
 * the `{…}`).
 * @template {string} K
 * @param {Action} action
 * @param {K} kind
 * @returns {Extract<Action, Record<K, unknown>>[K] | undefined}
 */
function bodyOf(action, kind) {
  return typeof action === 'object' && kind in action ? /** @type {any} */ (action)[kind] : undefined;
}

/**
 * The legal actions of the kind `kind` whose body passes `test`.
 * @template {string} K
 * @param {Legal[]} actions
 * @param {K} kind
 * @param {(body: Extract<Action, Record<K, unknown>>[K]) => boolean} [test]
 */
function pick(actions, kind, test = () => true) {
  return actions.filter((a) => {
    const body = bodyOf(a.action, kind);
    return body !== undefined && test(body);
  });
}

/** @param {{a: Legal, act: Act, cls?: string, children?: unknown}} props */
const ActOn = ({ a, act, cls = '', children }) =>
  html`<${ActButton} a=${a} onPick=${(/** @type {Legal} */ x) => act(x.index)} cls=${`ritter-act ${cls}`}>${children}<//>`;

// ---- dice ------------------------------------------------------------

/** Pip centres per face. @type {Record<number, [number, number][]>} */
const PIPS = {
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[7, 7], [12, 12], [17, 17]],
  4: [[7, 7], [17, 7], [7, 17], [17, 17]],
  5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]],
  6: [[7, 6], [17, 6], [7, 12], [17, 12], [7, 18], [17, 18]],
};
/** @typedef {'hit' | 'warded' | 'miss'} Mark what a die did to the other knight */
/** What a die did, naming the knight it was rolled at. @type {Record<Mark, (target: string) => string>} */
const MARK = {
  hit: (target) => `hits ${target}: a wound on ${target}`,
  warded: (target) => `hits ${target}, warded off by ${target}'s covered field`,
  miss: () => 'no hit',
};
/** @type {Record<Mark, string>} */
const MARK_SHORT = { hit: '✕ hit', warded: '◆ ward', miss: '·' };

/**
 * A die; face 0 is one not rolled yet. `target` is the first name of the
 * knight it was rolled at, whom its mark concerns.
 * @param {{face: number, state?: Mark, fresh?: boolean, target?: string}} props
 */
function Die({ face, state, fresh, target = 'the other knight' }) {
  const pips = PIPS[face] ?? [];
  const label = face ? `${face}${state ? `: ${MARK[state](target)}` : ''}` : 'not rolled yet';
  return html`<li class=${`ritter-die ritter-die-${face ? state ?? 'plain' : 'none'}${fresh ? ' ritter-fresh' : ''}`}>
    <svg viewBox="0 0 24 24" role="img" aria-label=${label}>
      <rect x="1.5" y="1.5" width="21" height="21" rx="4" class="ritter-die-face" />
      ${face ? pips.map(([x, y]) => html`<circle cx=${x} cy=${y} r="2.3" class="ritter-pip" />`)
        : html`<text x="12" y="16.5" text-anchor="middle" class="ritter-die-q">?</text>`}
    </svg>
    <span class="ritter-die-mark" aria-hidden="true">${face && state ? MARK_SHORT[state] : ''}</span>
  </li>`;
}

/**
 * Which of one side's dice hit the other knight, which his covered fields
 * ward off (one field, one die, first dice first) and which miss: the
 * same counting the rules do, so the reader can follow the wounds.
 * @param {number[]} faces
 * @param {KnightView | undefined} target
 * @param {boolean} foot
 * @returns {Mark[]}
 */
function judge(faces, target, foot) {
  const used = [0, 0, 0, 0, 0, 0, 0];
  return faces.map((f) => {
    const hits = foot ? f >= 4 && f <= 6 : f >= 1 && f <= 3;
    if (!hits) return 'miss';
    used[f] += 1;
    return used[f] <= (target ? target.covered[f - 1] : 0) ? 'warded' : 'hit';
  });
}

// ---- the knights on the tournament ground ------------------------------

// A rider on his horse facing right, lance couched; drawn from plain
// shapes so it scales with the ground.
/** @param {{side: string}} props */
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
/** @param {{side: string}} props */
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

/**
 * @param {{attacker: string, defender: string, foot: boolean}} props the
 * two knights' names and where they fight
 */
function Ground({ attacker, defender, foot }) {
  const label = `${attacker} (attacker) facing ${defender} (defender), ${foot ? 'on foot' : 'on horseback'}`;
  const Fig = foot ? OnFoot : Mounted;
  return html`<svg class="ritter-ground" viewBox="0 0 240 84" role="img" aria-label=${label}>
    <rect x="0" y="77" width="240" height="7" class="ritter-sand" />
    ${!foot && html`<rect x="116" y="50" width="8" height="28" class="ritter-tilt" />
      <rect x="60" y="50" width="120" height="5" class="ritter-tilt" />`}
    <g transform=${foot ? 'translate(48 0)' : 'translate(4 0)'}><${Fig} side="a" /></g>
    <g transform=${foot ? 'translate(192 0) scale(-1 1)' : 'translate(236 0) scale(-1 1)'}><${Fig} side="d" /></g>
  </svg>`;
}

/**
 * One knight's half of the ground: who he is, his wounds, his dice this
 * round and, when it is his to decide, yield or fight on. His dice are
 * marked by what they did to the other knight (`foe`), and the caption
 * says so: a mark under his dice is never a wound of his own. `total` is
 * the wounds his track shows: those he has now, or, for a joust fought to
 * its end (`ended`), those he had when it ended (a night may have healed
 * some since).
 * @param {{id: KnightId, foe: KnightId, knight: KnightView | undefined, role: 'attacker' | 'defender', faces: number[],
 *   need: number, states: Mark[], wounds: number, total: number, ended: boolean, fresh: boolean, seatName: SeatName, decide: Legal[],
 *   act: Act, cards: CardBook}} props
 */
function Side({ id, foe, knight, role, faces, need, states, wounds, total, ended, fresh, seatName, decide, act, cards }) {
  const missing = Math.max(0, need - faces.length);
  const name = cards.knightName(id);
  const first = firstName(name);
  const other = firstName(cards.knightName(foe));
  const favour = knight && knight.favour != null ? knight.favour : null;
  return html`<div class=${`ritter-side ritter-side-${role === 'attacker' ? 'a' : 'd'}`}>
    <p class="ritter-side-role"><span ...${term('attacker')}>${role === 'attacker' ? '▶ Attacker' : 'Defender ◀'}</span></p>
    <p class="ritter-side-name" title=${cards.knightNote(id)}>${name}</p>
    <p class="ritter-small">${knight ? seatName(knight.owner) : ''}${favour != null
      ? html` · ♥ <span title=${cards.ladyNote(favour)}>${cards.ladyName(favour)}</span>` : ''}</p>
    <${Wounds} n=${total} who=${first} after=${ended} />
    ${wounds > 0 && html`<p class="ritter-small"><strong>${first} takes ${wounds} ${wounds === 1 ? 'wound' : 'wounds'} this round</strong></p>`}
    <p class="ritter-small">${faces.length || missing
      ? `${first}'s ${faces.length + missing === 1 ? 'die' : 'dice'}, rolled at ${other}:` : `${first} has no dice yet`}</p>
    <ul class="ritter-dice" aria-label=${`${first}'s dice, rolled at ${other}`}>
      ${faces.map((f, i) => html`<${Die} face=${f} state=${states[i]} fresh=${fresh} target=${other} />`)}
      ${Array.from({ length: missing }, () => html`<${Die} face=${0} />`)}
    </ul>
    ${decide.length > 0 && html`<div class="ritter-decide">
      ${decide.map((a) => html`<${ActOn} a=${a} act=${act} cls=${a.action === 'yield' ? 'ritter-yield' : 'ritter-fight'}>
        ${a.action === 'yield' ? '⚐ Yield' : '⚔ Fight on'}</${ActOn}>`)}
    </div>`}
  </div>`;
}

/** @param {{view: View, actions: Legal[], act: Act, seatName: SeatName, cards: CardBook, last?: Step[]}} props */
function Lists({ view, actions, act, seatName, cards, last }) {
  /** @param {KnightId} id */
  const byId = (id) => view.knights.find((k) => k.id === id);
  const j = view.joust;
  const lr = view.last_round;
  const lj = view.last_joust;
  // The joust under way, or else the last round fought, so the dice that
  // decided it stay on the ground until the next challenge.
  const round = j ?? lr;
  if (!round) return null;
  const attacker = byId(round.attacker);
  const defender = byId(round.defender);
  const foot = round.foot;
  const dice = round.dice;
  const roundInProgress = j && j.step === 'rolling';
  const fresh = (last ?? []).some((step) => step.events.some((e) => e.kind === 'round'));
  const sameAsLast = lr && lr.attacker === round.attacker && lr.defender === round.defender;
  /** @param {number} side */
  const woundsOf = (side) => (!roundInProgress && lr && sameAsLast ? lr.wounds[side] : 0);
  const decide = actions.filter((a) => a.action === 'yield' || a.action === 'fight_on');
  const step = j ? j.step : null;
  const title = round.duel ? 'Decisive duel' : j ? 'Joust' : 'Last joust';
  const rule = foot ? 'foot combat: 4, 5 and 6 hit' : 'mounted combat: 1, 2 and 3 hit';
  let result = null;
  const ended = !j && !!lj && lj.attacker === round.attacker && lj.defender === round.defender;
  if (ended) result = joustResult(lj, cards);
  // A joust fought to its end shows the wounds it left, not today's: the
  // night after it heals some.
  /** @param {number} side @param {KnightView | undefined} k */
  const totalOf = (side, k) => (ended ? lj.wounds[side] : k ? k.wounds : 0);
  let waiting = null;
  if (step === 'attacker_decides') waiting = `${firstName(cards.knightName(round.attacker))} decides first: yield or fight on`;
  if (step === 'defender_decides') waiting = `${firstName(cards.knightName(round.defender))} decides: yield or fight on`;
  if (step === 'rolling') waiting = 'The dice are rolling';
  // The head may be a <summary>, where nothing else may take focus: the
  // words carry data-term alone (hover and long press explain them).
  const head = html`${round.duel ? html`<span data-term="decisive_duel">${title}</span>` : title}: <span class="ritter-rule" data-term=${foot ? 'foot' : 'mounted'}>${rule}</span>
      ${round.furious && html`<span class="ritter-badge ritter-furious" data-term="furious">Furious! +1 die each</span>`}`;
  const inner = html`
    <${Ground} attacker=${cards.knightName(round.attacker)} defender=${cards.knightName(round.defender)} foot=${foot} />
    <div class="ritter-sides">
      <${Side} id=${round.attacker} foe=${round.defender} knight=${attacker} role="attacker" faces=${dice[0]} need=${j ? j.need[0] : 0}
        states=${judge(dice[0], defender, foot)} wounds=${woundsOf(0)} total=${totalOf(0, attacker)} ended=${ended} fresh=${fresh} seatName=${seatName}
        decide=${step === 'attacker_decides' ? decide : []} act=${act} cards=${cards} />
      <${Side} id=${round.defender} foe=${round.attacker} knight=${defender} role="defender" faces=${dice[1]} need=${j ? j.need[1] : 0}
        states=${judge(dice[1], attacker, foot)} wounds=${woundsOf(1)} total=${totalOf(1, defender)} ended=${ended} fresh=${fresh} seatName=${seatName}
        decide=${step === 'defender_decides' ? decide : []} act=${act} cards=${cards} />
    </div>
    <p class="ritter-legend">Under each die, what it did to the other knight: <span ...${term('hit')}>✕ a hit that wounds him</span> · <span ...${term('ward')}>◆ a hit his covered field wards off</span> · · no hit</p>
    ${waiting && html`<p class="ritter-status">${waiting}</p>`}
    ${result && html`<p class="ritter-status"><strong>${result}</strong></p>`}
    ${ended && html`<${RoundByRound} lj=${lj} cards=${cards} />`}`;
  // A joust fought to its end is a result: its panel opens when it is new
  // and stays open until this viewer's next choice, then folds away so the
  // favours, training and the next joust have the room (result.js).
  if (!j && lj) {
    return html`<${ResultPanel} resultKey=${joustKey(lj)} cls="ritter-lists ritter-past"
      summary=${html`${head}${result ? ` — ${result}` : ''}`}>${inner}</${ResultPanel}>`;
  }
  // While the next joust is fought, the last one's result stays above it
  // (its panel, open if the viewer has not chosen since it ended).
  const before = j && lj && html`<${ResultPanel} resultKey=${joustKey(lj)} cls="ritter-lists ritter-past"
    summary=${`Last joust: ${joustResult(lj, cards)}`}>
    <p class="ritter-status">${cards.knightName(lj.attacker)} against ${cards.knightName(lj.defender)}${lj.duel ? ', a decisive duel' : ''} — <strong>${joustResult(lj, cards)}</strong></p>
    <p class="ritter-small"><span ...${term('wounds')}>Wounds</span> after it: ${firstName(cards.knightName(lj.attacker))} ${lj.wounds[0]} of 10, ${
      firstName(cards.knightName(lj.defender))} ${lj.wounds[1]} of 10</p>
    <${RoundByRound} lj=${lj} cards=${cards} />
  </${ResultPanel}>`;
  return html`${before}<section class=${`ritter-lists${j ? ' ritter-live' : ''}`} aria-label=${title}>
    <h3 class="ritter-h">${head}</h3>${inner}
  </section>`;
}

/**
 * Every round of a finished joust, so the wounds of the mounted rounds
 * stay in sight after it went on foot: "Round 1, mounted: Gottfried took
 * 1 wound (2 hits, 1 warded off), Wolfram none".
 * @param {{lj: import('../types/ritter').JoustResultView, cards: CardBook}} props
 */
function RoundByRound({ lj, cards }) {
  if (!lj.rounds || lj.rounds.length === 0) return null;
  const names = [lj.attacker, lj.defender].map((id) => firstName(cards.knightName(id)));
  /** @param {import('../types/ritter').RoundBriefView} r @param {number} side */
  const took = (r, side) => {
    const w = r.wounds[side];
    const warded = r.hits[side] - w;
    const wounds = w === 0 ? 'no wound' : w === 1 ? '1 wound' : `${w} wounds`;
    return `${names[side]} took ${wounds}${warded > 0 ? ` (${warded} ${warded === 1 ? 'hit' : 'hits'} warded off)` : ''}`;
  };
  const untold = lj.rounds_fought - lj.rounds.length;
  return html`<div class="ritter-rounds">
    <p class="ritter-small">Round by round${untold > 0 ? ` (the last ${lj.rounds.length} of ${lj.rounds_fought})` : ''}:</p>
    <ul class="ritter-small">${lj.rounds.map((r) => html`<li>
      Round ${r.number}, <span data-term=${r.foot ? 'foot' : 'mounted'}>${r.foot ? 'on foot' : 'mounted'}</span>${r.furious ? html`, <span data-term="furious">furious</span>` : ''}: ${took(r, 0)}; ${took(r, 1)}</li>`)}</ul>
  </div>`;
}

/**
 * What tells one joust's result from the next. The view counts no jousts,
 * so it is the result itself: two jousts in a row between the same knights
 * with the same ending and winner would share it, and the second would not
 * open its panel again.
 * @param {import('../types/ritter').JoustResultView} lj
 */
const joustKey = (lj) => `joust ${lj.attacker} ${lj.defender} ${lj.duel} ${lj.ending} ${lj.winner ?? '-'}`;

/** @param {import('../types/ritter').JoustResultView} lj @param {CardBook} cards */
function joustResult(lj, cards) {
  /** @param {KnightId} id */
  const first = (id) => firstName(cards.knightName(id));
  // The view names no loser: whoever of the two did not win.
  const loser = lj.winner === lj.attacker ? lj.defender : lj.attacker;
  const what = ENDING_WORDS[lj.ending]({ loser: first(loser), a: first(lj.attacker), d: first(lj.defender) });
  return lj.winner != null ? `${first(lj.winner)} wins: ${what}` : `Nobody wins: ${what}`;
}

// ---- a knight card -----------------------------------------------------

/**
 * The wounds track, ten cells; `who` names the knight on the ground, where
 * two tracks stand side by side, and `after` says they are the wounds a
 * joust fought to its end left him with (his card shows today's).
 * @param {{n: number, who?: string, after?: boolean}} props
 */
function Wounds({ n, who, after }) {
  const w = Math.max(0, Math.min(10, n));
  const label = who ? `${who}'s wounds${after ? ' after the joust' : ''}` : 'Wounds';
  return html`<div class="ritter-track" role="img" aria-label=${`${label}: ${w} of 10`} ...${term('wounds')}>
    <span class="ritter-track-label" aria-hidden="true">${label} ${w}/10</span>
    <span class="ritter-cells" aria-hidden="true">
      ${Array.from({ length: 10 }, (_, i) => html`<span class=${`ritter-cell${i < w ? ' ritter-wound' : ''}`}>${i < w ? '✕' : ''}</span>`)}
    </span>
  </div>`;
}

/** @param {{k: KnightView, plan: PlanView | null, train: Legal | undefined, act: Act}} props */
function DiceColumn({ k, plan, train, act }) {
  const dice = k.dice;
  const extra = plan ? plan.extra_dice : 0;
  const penalty = k.penalty;
  const cells = [];
  for (let i = 0; i < 10; i += 1) {
    if (i < dice) {
      const lost = i >= dice - penalty;
      cells.push(html`<span class=${`ritter-slot ritter-slot-on${lost ? ' ritter-slot-lost' : ''}`} aria-hidden="true">${lost ? '✕' : '●'}</span>`);
    } else if (i < dice + extra) {
      cells.push(html`<span class="ritter-slot ritter-slot-plan" aria-hidden="true">+</span>`);
    } else if (i === dice + extra && train) {
      cells.push(html`<${ActOn} a=${train} act=${act} cls="ritter-slot ritter-pick">+1</${ActOn}>`);
    } else {
      cells.push(html`<span class="ritter-slot" aria-hidden="true"></span>`);
    }
  }
  const words = `${dice} combat ${dice === 1 ? 'die' : 'dice'}${extra ? `, +${extra} planned` : ''}${
    penalty ? `, ${penalty} fewer today for wounds` : ''}`;
  return html`<div class="ritter-row">
    <span class="ritter-row-label" ...${term('combat_dice')}>Dice <strong>${dice}</strong>${extra ? ` +${extra}` : ''}</span>
    <span class="ritter-slots"><span class="sr-only">${words}</span>${cells}</span>
  </div>`;
}

/**
 * Two hit fields per number: 1–3 count in the saddle, 4–6 on foot. A
 * covered field is drawn as a shield, a field planned in secret training
 * as a dashed shield, and the next free field of a number a training
 * point could cover as a button of its own look (`ritter-pick`: filled,
 * solid-edged, square), so a field one may still pick is never taken for
 * one already picked.
 * @param {{k: KnightView, plan: PlanView | null, trains: Legal[], act: Act}} props
 */
function HitFields({ k, plan, trains, act }) {
  const covered = k.covered;
  const extra = plan ? plan.extra_covered : [0, 0, 0, 0, 0, 0];
  /** @param {number} n @param {number} j */
  const field = (n, j) => {
    const c = covered[n - 1];
    const e = extra[n - 1];
    if (j < c) return html`<span class="ritter-field ritter-field-on" title=${`${n}: covered`}><span aria-hidden="true">${n}</span><span class="sr-only">${n} covered</span></span>`;
    if (j < c + e) return html`<span class="ritter-field ritter-field-plan" title=${`${n}: to be covered`}><span aria-hidden="true">${n}</span><span class="sr-only">${n} to be covered</span></span>`;
    const a = j === c + e ? trains.find((t) => {
      const gain = bodyOf(t.action, 'train')?.gain;
      return typeof gain === 'object' && gain.cover === n;
    }) : undefined;
    if (a) return html`<${ActOn} a=${a} act=${act} cls="ritter-field ritter-pick">${n}</${ActOn}>`;
    return html`<span class="ritter-field" title=${`${n}: open`}><span aria-hidden="true">${n}</span><span class="sr-only">${n} open</span></span>`;
  };
  /** @param {number} from @param {string} name */
  const group = (from, name) => html`<span class="ritter-fields" role="group" aria-label=${`${name} hit fields`}>
    ${[from, from + 1, from + 2].map((n) => html`<span class="ritter-pair">${field(n, 0)}${field(n, 1)}</span>`)}
  </span>`;
  return html`<div class="ritter-row ritter-hits">
    <span class="ritter-row-label" ...${term('covered')}>Covers</span>
    <span class="ritter-hitgroups">
      <span class="ritter-hitgroup"><span class="ritter-tiny" ...${term('mounted')}>mounted</span>${group(1, 'Mounted')}</span>
      <span class="ritter-hitgroup"><span class="ritter-tiny" ...${term('foot')}>on foot</span>${group(4, 'Foot')}</span>
    </span>
  </div>`;
}

/** How the knight cards draw their hit fields: the key the glossary's "Covered field" points to. */
function FieldKey() {
  return html`<p class="ritter-legend ritter-field-key">
    How the knight cards draw a <span ...${term('hit_fields')}>hit field</span>, with field 2 as the sample:
    a dark shield like <span class="ritter-field ritter-field-on">2</span> is <span ...${term('covered')}>covered</span> (it wards off one die of its number) ·
    a plain box like <span class="ritter-field">2</span> is open ·
    a dashed shield like <span class="ritter-field ritter-field-plan">2</span> is to be covered by your training, still secret ·
    a filled green button like <span class="ritter-field ritter-pick">2</span> is a field your <span ...${term('training')}>training</span> may still pick:
    press it to spend a point covering it (it then turns into a dashed shield); the <span class="ritter-slot ritter-pick ritter-key-slot">+1</span> button
    in the dice column spends a point on a combat die the same way</p>`;
}

/** @param {{k: KnightView, view: View, actions: Legal[], act: Act, seatName: SeatName, cards: CardBook}} props */
function KnightCard({ k, view, actions, act, seatName, cards }) {
  const name = cards.knightName(k.id);
  const favour = k.favour != null ? k.favour : null;
  const plan = k.plan ?? null;
  const trains = pick(actions, 'train', (b) => b.knight === k.id);
  const trainDie = trains.find((t) => bodyOf(t.action, 'train')?.gain === 'die');
  const offers = pick(actions, 'offer', (b) => b.knight === k.id);
  const challenges = pick(actions, 'challenge', (b) => b.defender === k.id);
  const dayWinner = pick(actions, 'day_winner', (b) => b.knight === k.id)[0];
  const champion = pick(actions, 'champion', (b) => b.knight === k.id)[0];
  const phase = view.phase;
  const inJoust = view.joust && (view.joust.attacker === k.id || view.joust.defender === k.id);
  const secret = phase.name === 'prepare' && view.viewer !== k.owner && !plan;
  const mine = phase.name === 'duel_choice' && phase.mine === k.id;
  const candidate = phase.name === 'day_winner' && phase.candidates.includes(k.id);
  const tied = phase.name === 'favour_tie' && phase.knight === k.id;
  const prefers = cards.knight(k.id)?.prefers ?? [];
  // The crest holds the knight's initial: an index there read as a number
  // a newcomer had to learn.
  return html`<article class=${`ritter-card ritter-knight ritter-st-${k.status}${inJoust || tied ? ' ritter-jousting' : ''}`}
      aria-label=${`Knight ${name}`}>
    <header class="ritter-card-head">
      <svg class="ritter-crest" viewBox="0 0 20 24" aria-hidden="true">
        <path d="M1 1 h18 v10 q0 8 -9 12 q-9 -4 -9 -12 z" />
        <text x="10" y="14" text-anchor="middle">${name.charAt(0)}</text>
      </svg>
      <div>
        <h4 class="ritter-name" title=${cards.knightNote(k.id)}>${name}</h4>
        <p class="ritter-small">${seatName(k.owner)} · <span class="ritter-status-word" ...${term(STATUS_TERM[k.status])}>${
          k.status === 'out' ? '✕ ' : k.status === 'beaten' ? '↓ ' : k.status === 'ready' ? '⚑ ' : ''}${STATUS_WORDS[k.status]}</span>
          ${inJoust && html` · <strong>jousting now</strong>`}</p>
      </div>
    </header>
    <p class="ritter-prizes"><span class="ritter-star" aria-hidden="true">★</span> <span ...${term('prizes')}>${k.prizes} ${
      k.prizes === 1 ? 'prize' : 'prizes'}</span>${k.day_prizes ? ` (${k.day_prizes} today)` : ''}</p>
    <${DiceColumn} k=${k} plan=${plan} train=${trainDie} act=${act} />
    <${HitFields} k=${k} plan=${plan} trains=${trains} act=${act} />
    <${Wounds} n=${k.wounds} />
    ${(plan || (k.training > 0 && phase.name === 'prepare')) && html`<p class="ritter-small"><span ...${term('training')}>Training</span>: ${
      plan ? `${plan.points_left} of ${k.training} points left${plan.send ? ' · rides today' : ''}`
        : `${k.training} points`}</p>`}
    ${secret && html`<div class="ritter-sealed">
      <span class="ritter-back" aria-hidden="true"></span><span class="ritter-small">His training and whether he rides: hidden until every seat has prepared</span></div>`}
    ${prefers.length > 0 && html`<p class="ritter-small ritter-prefers"><span ...${term('preferences')}>Prefers</span>: ${prefers.map((p, i) =>
      html`<span>${i ? ' › ' : ''}<span class="ritter-quiet" ...${term('rank')}>${RANKS[i]}</span> ${cards.traitWord(p)}</span>`)}</p>`}
    ${view.ladies_in_play && html`<p class="ritter-favour">${favour != null
      ? html`<span aria-hidden="true">♥ </span>Wears <span title=${cards.ladyNote(favour)}>${cards.ladyName(favour)}</span>'s <span ...${term('favour')}>favour</span> <span class="ritter-quiet">(meets <span ...${term('rank')}>${metText(cards, k.id, favour)}</span>)</span>`
      : html`<span class="ritter-quiet" ...${term('favour')}>No favour</span>`}</p>`}
    ${mine && html`<p class="ritter-badge">Your champion for the duel</p>`}
    ${tied && html`<p class="ritter-badge">♥ Two ladies suit him equally: which favour does he keep?</p>`}
    ${candidate && !dayWinner && html`<p class="ritter-badge">Day winner candidate</p>`}
    ${(offers.length > 0 || challenges.length > 0 || dayWinner || champion) && html`<div class="ritter-card-acts">
      ${offers.map((a) => {
        const lady = bodyOf(a.action, 'offer')?.lady;
        return html`<${ActOn} a=${a} act=${act}>♥ Offer ${lady != null ? cards.ladyName(lady) : 'a favour'} <span class="ritter-quiet">(${
          lady != null ? metText(cards, k.id, lady) : '0 of 3'})</span></${ActOn}>`;
      })}
      ${challenges.map((a) => {
        const by = bodyOf(a.action, 'challenge')?.attacker;
        return html`<${ActOn} a=${a} act=${act}>⚔ Challenge with ${by != null ? firstName(cards.knightName(by)) : '?'}</${ActOn}>`;
      })}
      ${dayWinner && html`<${ActOn} a=${dayWinner} act=${act}>★ Name day winner</${ActOn}>`}
      ${champion && html`<${ActOn} a=${champion} act=${act}>⚔ Send into the duel</${ActOn}>`}
    </div>`}
  </article>`;
}

// ---- a lady card -------------------------------------------------------

/** The crest's hair dot, small, as the key beside her hair word. @param {{fill: string}} props */
const HairDot = ({ fill }) => html`<svg class="ritter-hair-dot" viewBox="0 0 10 10" aria-hidden="true">
  <circle cx="5" cy="5" r="4" fill=${fill} /></svg>`;

/** @param {{l: LadyView, view: View, actions: Legal[], act: Act, seatName: SeatName, cards: CardBook}} props */
function LadyCard({ l, view, actions, act, seatName, cards }) {
  const name = cards.ladyName(l.id);
  const card = cards.lady(l.id);
  const wears = l.knight != null ? l.knight : null;
  const keep = pick(actions, 'keep_favour', (b) => b.lady === l.id)[0];
  const tieKnight = view.phase.name === 'favour_tie' ? cards.knightName(view.phase.knight) : 'He';
  const traits = card ? cards.ladyTraits(card) : [];
  const refused = l.refused_by.map((id) => firstName(cards.knightName(id)));
  const hair = card ? cards.traitWord(card.hair) : '';
  const fill = (card && HAIR_FILL[card.hair]) ?? '#999';
  return html`<article class="ritter-card ritter-lady" aria-label=${`${name}, lady`}>
    <header class="ritter-card-head">
      <span class="ritter-crest-hold" role="img" aria-label=${`Hair colour: ${hair}`} ...${term('traits')}
          data-tip=${`The dot is her hair colour: ${hair}.`}>
        <svg class="ritter-crest ritter-crest-lady" viewBox="0 0 20 24" aria-hidden="true">
          <circle cx="10" cy="12" r="9" /><circle cx="10" cy="12" r="5" fill=${fill} />
        </svg>
      </span>
      <div>
        <h4 class="ritter-name" title=${cards.ladyNote(l.id)}>${name}</h4>
        <p class="ritter-small">${seatName(l.owner)}</p>
      </div>
    </header>
    <p class="ritter-prizes"><span class="ritter-star" aria-hidden="true">★</span> <span ...${term('prizes')}>${l.prizes} ${l.prizes === 1 ? 'prize' : 'prizes'}</span></p>
    <ul class="ritter-traits" aria-label="Traits" ...${term('traits')}>${traits.map((t) => html`<li>${
      card && t === card.hair ? html`<${HairDot} fill=${fill} />` : ''}${cards.traitWord(t)}</li>`)}</ul>
    <p class="ritter-favour">${wears != null
      ? html`<span aria-hidden="true">♥ </span>Favour on <span title=${cards.knightNote(wears)}>${cards.knightName(wears)}</span> <span class="ritter-quiet">(meets ${metText(cards, wears, l.id)})</span>`
      : html`<span class="ritter-quiet">No favour worn today (favours last one day)</span>`}</p>
    ${l.turned_away && html`<p class="ritter-badge">↺ Turned away: must be offered again</p>`}
    ${refused.length > 0 && html`<p class="ritter-small">Refused today by ${refused.join(', ')}</p>`}
    ${keep && html`<div class="ritter-card-acts"><${ActOn} a=${keep} act=${act}>♥ ${firstName(tieKnight)} keeps her favour</${ActOn}></div>`}
  </article>`;
}

// ---- the day, the standings and what is going on -----------------------

/** @param {{view: View, cards: CardBook}} props */
function DayTrack({ view, cards }) {
  const days = view.days;
  const winners = view.day_winners;
  if (!days) return null;
  return html`<ol class="ritter-days" aria-label="Tournament days">
    ${Array.from({ length: days }, (_, i) => {
      const d = i + 1;
      const done = i < winners.length;
      const now = !done && d === view.day && view.phase.name !== 'over';
      const w = done ? winners[i] : null;
      return html`<li class=${`ritter-day${now ? ' ritter-day-now' : ''}${done ? ' ritter-day-done' : ''}`}>
        <span class="ritter-day-no">${now ? '▶ ' : ''}Day ${d}</span>
        <span class="ritter-tiny" ...${term('day_winner')}>day winner: +${d} ${d === 1 ? 'prize' : 'prizes'}</span>
        <span class="ritter-day-who">${done ? (w != null ? `★ ${firstName(cards.knightName(w))}` : 'no winner') : now ? 'today' : '—'}</span>
      </li>`;
    })}
    <li class="ritter-day ritter-day-final"><span class="ritter-day-no">End</span>
      <span class="ritter-tiny" ...${term('final_bonus')}>final bonus</span><span class="ritter-day-who">+4 prizes each to the best knight${
        view.ladies_in_play ? ' and the best lady' : ''}</span></li>
  </ol>`;
}

/** @param {{view: View, seatName: SeatName}} props */
function Standings({ view, seatName }) {
  const scores = view.scores;
  if (!scores.length) return null;
  const best = Math.max(...scores);
  const winners = view.winners ?? [];
  return html`<ul class="ritter-scores" aria-label="Standings">
    ${scores.map((s, seat) => html`<li class=${seat === view.viewer ? 'ritter-you' : ''}>
      ${winners.includes(seat) ? '♛ ' : s === best && best > 0 ? '★ ' : ''}${seatName(seat)}: <strong>${s}</strong> ${s === 1 ? 'prize' : 'prizes'}
      ${winners.includes(seat) && html`<span class="ritter-quiet"> — wins</span>`}
    </li>`)}
  </ul>`;
}

/** Seats in words: "seat 1, seat 2 and seat 3". @param {Seat[]} list @param {SeatName} seatName */
function seatList(list, seatName) {
  const n = list.map(seatName);
  return n.length < 2 ? n.join('') : `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

/** @param {{view: View, actions: Legal[], act: Act, seatName: SeatName, cards: CardBook}} props */
function Phase({ view, actions, act, seatName, cards }) {
  const p = view.phase;
  /** @type {unknown} */
  let text = '';
  let extra = null;
  switch (p.name) {
    case 'deal':
      text = 'The knight and lady cards are being dealt.';
      break;
    case 'start_roll': {
      text = 'Every seat rolls a die: the highest starts the first day.';
      extra = html`<ul class="ritter-rolls">${p.rolls.map((r, seat) => html`<li>
        <span>${seatName(seat)}</span><ul class="ritter-dice">${html`<${Die} face=${r ?? 0} />`}</ul></li>`)}</ul>`;
      break;
    }
    case 'prepare': {
      const done = p.prepared;
      text = `Preparation, in secret: every seat trains its knights, then picks who rides.${
        done.length ? ` Prepared: ${seatList(done, seatName)}.` : ''}`;
      const sends = pick(actions, 'send');
      if (sends.length) {
        extra = html`<div class="ritter-send" role="group" aria-label="Who rides today">
          <span class="ritter-row-label" ...${term('who_rides')}>Who rides today:</span>
          ${sends.map((a) => {
            const ids = bodyOf(a.action, 'send')?.knights ?? [];
            return html`<${ActOn} a=${a} act=${act}>${ids.length ? `⚑ ${ids.map((id) => firstName(cards.knightName(id))).join(' & ')}` : 'Nobody today'}</${ActOn}>`;
          })}
        </div>`;
      } else if (pick(actions, 'train').length) {
        extra = html`<p class="ritter-small">Spend each training point on a card: press the green <span class="ritter-key">+1</span> button in the dice column or a green hit-field button (the key above the knight cards shows them). Every point must be spent before you send your knights.</p>`;
      }
      break;
    }
    case 'favours':
      text = html`<span ...${term('favour')}>Favours</span>: ${seatName(p.turn)} offers the favour of one of their own ladies to a riding knight.`;
      extra = html`<p class="ritter-small">Offering is compulsory: the player on turn must offer a favour and may not pass while one of their ladies can still be placed (a player who has none left to place is passed over). Favours go round in seat order until every riding knight wears one, or no lady can be placed any more; then the jousts begin.</p>`;
      break;
    case 'favour_tie': {
      const k = view.knights.find((x) => x.id === p.knight);
      text = `${cards.ladyName(p.newcomer)} suits ${cards.knightName(p.knight)} exactly as well as ${
        p.wearing != null ? cards.ladyName(p.wearing) : 'the lady he wears'}: ${k ? seatName(k.owner) : 'his owner'} chooses whose favour he keeps.`;
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
        p.candidates.map(cards.knightName).join(' and ')}.`;
      break;
    case 'duel_choice': {
      const chosen = p.chosen;
      text = `${seatList(p.pair, seatName)} are tied for the lead: each picks a knight for the decisive duel, in secret.`;
      extra = html`<ul class="ritter-rolls">${p.pair.map((seat, i) => html`<li>
        ${chosen[i] ? html`<span class="ritter-back" aria-hidden="true"></span>` : ''}
        ${seatName(seat)}: ${chosen[i] ? (seat === view.viewer && p.mine != null ? `chose ${cards.knightName(p.mine)}` : 'has chosen (hidden until both have chosen)') : 'still choosing'}</li>`)}</ul>`;
      break;
    }
    case 'over': {
      const w = view.winners ?? [];
      text = w.length ? `The tournament is over: ${seatList(w, seatName)} ${w.length > 1 ? 'share the win' : 'wins'}.`
        : 'The tournament is over.';
      break;
    }
  }
  const contenders = view.duel_contenders;
  return html`<div class="ritter-phase">
    <p class="ritter-phase-text">${text}</p>
    ${contenders.length > 1 && p.name !== 'over' && p.name !== 'duel_choice' && html`<p class="ritter-small">Still tied for the lead: ${seatList(contenders, seatName)}</p>`}
    ${extra}
  </div>`;
}

// ---- the board ---------------------------------------------------------

/**
 * @typedef {object} BoardProps
 * @property {View | null} view what the viewer sees (null before the game has one)
 * @property {Components} components the cards and traits, as the data files state them
 * @property {Legal[]} actions the viewer's legal actions (empty when not on move)
 * @property {Seat | null} you the viewer's seat, null for a spectator
 * @property {SeatName} seatName a seat's name as the table shows it
 * @property {Act} act takes the legal action of this index
 * @property {Step[]} [last] the steps of the latest move, with their events
 */

/** @param {BoardProps} props */
export function Board({ view, components, actions, act, seatName, last }) {
  if (!view) {
    return html`<p class="ritter-quiet">The tournament has not begun yet.</p>`;
  }
  const cards = cardBook(components);
  const onMove = view.on_move;
  const prepared = view.phase.name === 'prepare' ? view.phase.prepared : [];
  const common = { view, actions, act, seatName, cards };
  return html`<div class="ritter">
    <div class="ritter-top">
      <h3 class="ritter-title"><span ...${term('day')}>Day ${view.day} of ${view.days}</span>${
        view.wound_penalty ? html` <span class="ritter-badge" ...${term('wound_penalty')}>wound penalty</span>` : ''}${
        !view.ladies_in_play ? html` <span class="ritter-badge" ...${term('without_ladies')}>no ladies</span>` : ''}</h3>
      <${DayTrack} view=${view} cards=${cards} />
      <${Standings} view=${view} seatName=${seatName} />
      <${Phase} ...${common} />
    </div>
    <${Lists} ...${common} last=${last} />
    ${view.knights.length > 0 && html`<${FieldKey} />`}
    <div class="ritter-pavilions">
      ${Array.from({ length: view.seats }, (_, seat) => {
        const ks = view.knights.filter((k) => k.owner === seat);
        const ls = view.ladies.filter((l) => l.owner === seat);
        return html`<section class=${`ritter-pavilion${seat === view.viewer ? ' ritter-you' : ''}${onMove.includes(seat) ? ' ritter-on-move' : ''}`}
            aria-label=${`${seatName(seat)}'s pavilion`}>
          <h3 class="ritter-h">${seatName(seat)}${seat === view.viewer ? ' (you)' : ''}
            ${onMove.includes(seat) && html`<span class="ritter-badge ritter-move">▶ to move</span>`}
            ${prepared.includes(seat) && html`<span class="ritter-badge">✓ prepared</span>`}
            ${seat === view.day_starter && html`<span class="ritter-badge" ...${term('starting_player')}>starts the day</span>`}</h3>
          ${ks.length + ls.length === 0 ? html`<p class="ritter-quiet">No cards dealt yet.</p>` : html`
          ${ks.length > 0 && html`<div class="ritter-cards">
            ${ks.map((k) => html`<${KnightCard} key=${`k${k.id}`} k=${k} ...${common} />`)}
          </div>`}
          ${ls.length > 0 && html`<div class="ritter-cards ritter-ladies">
            ${ls.map((l) => html`<${LadyCard} key=${`l${l.id}`} l=${l} ...${common} />`)}
          </div>`}`}
        </section>`;
      })}
    </div>
  </div>`;
}
