// @ts-check
// Glory: A Game of Knights. The table drawn from the viewer's view: the
// town's districts, the support track, the Journey rows, the tournament of
// the round, the duel being fought, every knight's board, and Otto in the
// solo game. Legal actions are found by their JSON and drawn as buttons on
// the thing they act on; anything not placed here is still in the word list.
//
// The view names components by id; every name, number and effect text is
// looked up in the `components` the server reads from the game's data files
// (docs/protocol/glory.md, "Components"), so this board keeps no copy.

import { html } from '../vendor/preact-htm.js';
import { ResultPanel } from '../result.js';
// `term` names the Journey cards' word in this file; the glossary's is glossaryTerm.
import { term as glossaryTerm } from '../glossary.js';

/** @typedef {import('../types/glory').View} View */
/** @typedef {import('../types/glory').Action} Action */
/** @typedef {import('../types/glory').Components} Components */
/** @typedef {import('../types/glory').Named} Named */
/** @typedef {import('../types/glory').CardCount} CardCount */
/** @typedef {import('../types/glory').KnightView} KnightView */
/** @typedef {import('../types/glory').PlayerView} PlayerView */
/** @typedef {import('../types/glory').Fighter} Fighter */
/** @typedef {import('../types/glory').Colour} Colour */
/** @typedef {import('../types/glory').Space} Space */
/** @typedef {import('../types/glory').Support} Support */
/** @typedef {import('../types/glory').Relic} Relic */
/** @typedef {import('../types/glory').Prestige} Prestige */
/** @typedef {import('../types/glory').JourneyType} JourneyType */
/** @typedef {import('../types/glory').KnightType} KnightType */
/** @typedef {import('../types/glory').TournamentKind} TournamentKind */
/** @typedef {import('../types/glory').DieInfo} DieInfo */
/** @typedef {{index: number, label: string, action: Action}} Listed */
/** @typedef {(seat: number) => string} NameOf */
/** @typedef {(index: number) => void} ActFn */
/** @typedef {ReturnType<typeof finder>} Finder */
/** @typedef {ReturnType<typeof lookup>} Facts */

// Presentation only: level numerals, the dice's CSS hues and stage labels.
const ROMAN = ['0', 'I', 'II', 'III', 'IV'];
/** @type {Record<Colour, string>} */
const HUES = { strength: 'red', mount: 'black', armor: 'white' };
// The glossary entry (data/rules.toml) of each Journey card type and
// tournament type.
/** @type {Record<JourneyType, string>} */
const JOURNEY_TERM = { romance: 'romance', market: 'market_card', challenge: 'challenge' };
/** @type {Record<TournamentKind, string>} */
const TOURNAMENT_TERM = { pas_d_armes: 'pas_d_armes', joust_a_plaisance: 'joust_a_plaisance' };
// The entries of the resources a knight's board counts, in its order.
const RESOURCE_TERM = ['glory', 'coins', 'strength', 'faith'];
// Words that name two things (a knight type and a support, an action space
// and a support, a knight type, a prestige token and a solo mode) point to
// the entry of the one meant; the others to their kind's entry. A support
// points to its own entry (see `lookup`).
/** @type {Partial<Record<KnightType, string>>} */
const KNIGHT_TERM = { veteran: 'veteran_knight', king: 'king_knight', champion: 'champion_knight' };
/** @type {Partial<Record<Prestige, string>>} */
const PRESTIGE_TERM = { champion: 'champion_prestige' };
/** @type {Partial<Record<Space, string>>} */
const SPACE_TERM = { herald: 'herald_space' };

/**
 * The stage as a heading; the Journey phases use the cards' own name.
 * @param {string} stage @param {string} journey
 */
function stageLabel(stage, journey) {
  /** @type {Record<string, string>} */
  const labels = {
    setup: 'Setting up', prepare: 'Setting up the tournament', actions: 'Action phase', journey: `${journey} phase`,
    extra_journey: `${journey} cards of the knocked-out`, final_journey: `Final ${journey}`, maintenance: 'Maintenance',
    registration: 'Registration', tournament: 'Tournament', titles: 'Title phase', over: 'Game over',
  };
  return labels[stage] ?? nice(stage);
}

/** A rules word (`extra_journey`) as words. @param {string} s */
const nice = (s) => s.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
/** @param {unknown} a @param {unknown} b */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A text as a regular expression that matches it literally. @param {string} s */
const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The components, indexed by the words the view names them with.
 * @param {Components} c
 */
function lookup(c) {
  const entries = new Set((c.rules?.glossary ?? []).map((e) => e.id));
  // Longest names first, so "Lady-in-Waiting" is not read as "Lady". A
  // name followed by "space", "knight" or "action" is that namesake (the
  // Herald space, a Veteran knight), not the support.
  const names = [...c.supports].sort((a, b) => b.name.length - a.name.length).map((x) => literal(x.name));
  const supportNames = names.length
    ? new RegExp(`(?<![\\p{L}-])(${names.join('|')})(?![\\p{L}-])(?! (?:space|knight|action))`, 'gu') : null;
  return {
    c,
    /**
     * A support's glossary entry: the one that tells it from a namesake
     * (`veteran_support`), else its own (`weapons_master`); none if the
     * served glossary has neither.
     * @type {(k: Support) => string | undefined}
     */
    supportTerm: (k) => [`${k}_support`, k].find((id) => entries.has(id)),
    supportNamed: new Map(c.supports.map((x) => [x.name, x.support])),
    supportNames,
    support: new Map(c.supports.map((x) => [x.support, x])),
    space: new Map(c.spaces.map((x) => [x.space, x])),
    relic: new Map(c.relics.map((x) => [x.relic, x])),
    prestige: new Map(c.prestige.map((x) => [x.prestige, x])),
    knightType: new Map(c.knight_types.map((x) => [x.kind, x.name])),
    tournamentKind: new Map(c.tournament_kinds.map((x) => [x.kind, x.name])),
    journeyType: new Map(c.journey_types.map((x) => [x.kind, x.name])),
    trophy: new Map(c.trophies.map((x) => [x.name, x])),
    /** @type {(colour: Colour) => DieInfo} */
    die: (colour) => c.dice.find((d) => d.colour === colour) ?? { colour, name: colour, faces: [0, 0, 0, 0, 0, 0], symbol: 0 },
    /** @type {(s: Space) => string} */
    spaceName: (s) => c.spaces.find((x) => x.space === s)?.name ?? nice(s),
  };
}

/**
 * `text` with every support it names marked as that support's glossary
 * word, so "own 2 Weapons Master tiles" or "a Sister" explains the tile on
 * hover, focus or a long press. Marked with `data-term` alone: the text may
 * sit inside a button (a card to play).
 * @param {string} text @param {Facts} facts
 */
function withSupports(text, facts) {
  const re = facts.supportNames;
  if (!re || !text) return text;
  /** @type {unknown[]} */
  const out = [];
  let at = 0;
  for (const m of text.matchAll(re)) {
    const k = facts.supportNamed.get(m[1]);
    const id = k ? facts.supportTerm(k) : undefined;
    if (!id || m.index === undefined) continue;
    out.push(text.slice(at, m.index), html`<span data-term=${id}>${m[1]}</span>`);
    at = m.index + m[1].length;
  }
  if (!out.length) return text;
  out.push(text.slice(at));
  return out;
}

// The legal actions, searchable by their JSON shape.
/** @param {Listed[]} list */
function finder(list) {
  return {
    /** @type {(k: string, v?: unknown) => Listed | undefined} */
    obj: (k, v) => list.find((a) => typeof a.action === 'object' && k in a.action
      && (v === undefined || same(a.action[k], v))),
    /** @type {(k: string) => Listed[]} */
    all: (k) => list.filter((a) => typeof a.action === 'object' && k in a.action),
    /** @type {(s: string) => Listed | undefined} */
    unit: (s) => list.find((a) => a.action === s),
  };
}

// A thing on the board that may also be an action: a real button when the
// action is legal, plain otherwise, so nothing illegal is clickable.
/** @param {{a?: Listed | null, act: ActFn, cls?: string, children?: unknown, label?: string}} props */
function Act({ a, act, cls = '', children, label }) {
  if (!a) return html`<span class=${cls}>${children}</span>`;
  // The rules' label follows the visible text instead of replacing it, so
  // what a sighted player reads stays part of the button's name.
  return html`<button type="button" class=${`${cls} glory-btn act-target`} title=${a.label}
    onClick=${() => act(a.index)}>${children}<span class="sr-only">${label ? ` ${label}` : ''}: ${a.label}</span></button>`;
}

// A coat of arms: the player's colour with the first letter of their
// name. Beside the name written out (`bare`), it is only the colour, and
// says nothing more to a screen reader.
/** @param {{p: number | null | undefined, name: NameOf, bare?: boolean}} props */
function Coat({ p, name, bare }) {
  if (p === null || p === undefined) return null;
  const who = name(p);
  if (bare) return html`<span class=${`glory-coat glory-p${p % 4}`} aria-hidden="true"></span>`;
  return html`<span class=${`glory-coat glory-p${p % 4}`} title=${who}><span aria-hidden="true">${who.trim().charAt(0).toUpperCase()}</span><span class="sr-only">${who}</span></span>`;
}

/** "1st", "2nd", … for a place counted from 0. @param {number} i */
function ordinal(i) {
  const n = i + 1;
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/**
 * A text of the rules that names players "Seat N" (the view's words), with
 * each seat's name instead.
 * @param {string} text @param {NameOf} name
 */
const withNames = (text, name) => text.replace(/\b[Ss]eat (\d+)\b/g, (m, n) => name(Number(n) - 1) || m);

/** @param {{kind: string, n: number}} props */
function Back({ kind, n }) {
  return html`<span class="glory-card glory-back" title=${`${kind}: face down`}>
    <span class="glory-small">${kind}</span><span aria-hidden="true">✠</span>${n > 1 ? html`<b>×${n}</b>` : ''}
    <span class="sr-only">face down${n > 1 ? `, ${n} cards` : ''}</span></span>`;
}

/** A Journey card type's place in the per-type rows (its CSS tint). @param {Facts} facts @param {JourneyType} kind */
const typeIndex = (facts, kind) => facts.c.journey_types.findIndex((t) => t.kind === kind);

/**
 * What of a card's rewards the viewer cannot receive: an upgrade goes one
 * level up from the level below it, so a mount or armor at any other level
 * gets nothing of it.
 * @param {import('../types/glory').JourneyInfo} card @param {PlayerView | undefined} me @param {Facts} facts
 */
function upgradeNotes(card, me, facts) {
  if (!me) return [];
  return (card.upgrades ?? []).flatMap((levels) => levels.map((to, g) => {
    const have = g === 0 ? me.mount : me.armor;
    if (!to || have + 1 === to) return null;
    const gear = facts.die(g === 0 ? 'mount' : 'armor').name;
    return have >= to ? `your ${gear} is already ${ROMAN[have]}: nothing for you`
      : `your ${gear} is ${ROMAN[have]}: nothing for you until it is ${ROMAN[to - 1]}`;
  })).filter((n) => n !== null);
}

/** @param {{c: Named | CardCount | null, a?: Listed | null, act: ActFn, facts: Facts, extra?: unknown, me?: PlayerView}} props */
function JCard({ c, a, act, facts, extra, me }) {
  if (!c) return html`<span class="glory-card glory-empty">empty</span>`;
  const card = facts.c.journey[c.id];
  if (!card) return html`<span class="glory-card glory-empty">?</span>`;
  const type = facts.journeyType.get(card.kind) ?? nice(card.kind);
  const cost = card.kind === 'challenge'
    ? `⚔ attack ${card.attack ?? '?'}, prestige ${card.prestige ?? '?'}`
    : card.cost !== null && card.cost !== undefined ? `pay ${card.cost} coin${card.cost === 1 ? '' : 's'}` : '';
  const notes = upgradeNotes(card, me, facts);
  const reward = card.rewards.join(' / ') + (notes.length ? ` — ${notes.join('; ')}` : '');
  const count = 'count' in c && c.count > 1 ? ` ×${c.count}` : '';
  const effects = namedEffects(card.rewards, facts);
  return html`<${Act} a=${a} act=${act} cls=${`glory-card glory-k${typeIndex(facts, card.kind)}`}>
    <span class="glory-small" data-term=${JOURNEY_TERM[card.kind]}>${type}</span>
    <span class="glory-cname" title=${`${type}${cost ? ` (${cost})` : ''}: ${reward}${effects.length ? `. ${effects.join(' ')}` : ''}`}>${card.name}${count}</span>
    ${cost && html`<span class="glory-small">${cost}</span>`}
    <span class="glory-reward">${withSupports(reward, facts)}</span>${extra}
  </${Act}>`;
}

/** @param {{t: Named, a?: Listed | null, act: ActFn, facts: Facts, done?: boolean, otto?: boolean}} props */
function TitleCard({ t, a, act, facts, done, otto }) {
  // Otto scores each of his titles whether he fulfils it or not: never a
  // tick that claims he did.
  const mark = !done ? '' : otto ? ' · scored by Otto (he need not complete it)' : ' · completed ✓';
  const title = facts.c.titles[t.id];
  if (!title) return null;
  return html`<${Act} a=${a} act=${act} cls="glory-card glory-title">
    <span class="glory-cname" title=${`${title.glory} glory: ${title.need}`}>${title.name}</span><span class="glory-small">${title.glory} glory${mark}</span>
    <span class="glory-reward">${withSupports(title.need, facts)}</span></${Act}>`;
}

/** A title won by a duel offers the duel (`attempt`) on its card. @param {Named} t @param {Facts} facts @param {Finder} f */
const attemptOf = (t, facts, f) => (facts.c.titles[t.id]?.duel ? f.unit('attempt') : null);

/** @param {{k: KnightView, facts: Facts, extra?: unknown, compact?: boolean}} props */
function Knight({ k, facts, extra, compact }) {
  const tile = facts.c.knights[k.id];
  const name = tile?.name ?? k.name;
  const type = facts.knightType.get(k.type) ?? nice(k.type);
  const fewer = (tile?.fewer ?? k.fewer).map((n, i) => (n ? `−${n} ${facts.c.dice[i].name} die` : null)).filter(Boolean);
  const rule = `${fewer.join(', ')}${k.armor_die ? `+ ${HUES.armor} die` : ''}`;
  const about = `${type}: attack ${k.attack}, glory ${k.glory}, prestige ${k.prestige}${rule ? `; ${rule}` : ''}`;
  // Knights sit inside buttons (a ladder space to register on): the word
  // carries data-term alone.
  const typeTerm = KNIGHT_TERM[k.type] ?? 'knight_type';
  if (compact) {
    return html`<span class=${`glory-knight glory-compact glory-kt-${k.type}`} title=${about}>
      <span class="glory-cname">${name}</span>
      <span class="glory-small" data-term=${typeTerm}>${type}</span>
      <span class="glory-small">⚔${k.attack} ★${k.glory} ♛${k.prestige}<span class="sr-only"> (attack, glory, prestige)</span></span></span>`;
  }
  return html`<span class=${`glory-knight glory-kt-${k.type}`}>
    <span class="glory-small" data-term=${typeTerm}>${type}</span>
    <span class="glory-cname" title=${about}>${name}</span>
    <span class="glory-stats"><span>⚔ ${k.attack}<span class="sr-only"> attack</span></span><span>★ ${k.glory}<span class="sr-only"> glory</span></span><span>♛ ${k.prestige}<span class="sr-only"> prestige</span></span></span>
    ${rule && html`<span class="glory-small">${rule}</span>`}
    ${extra}</span>`;
}

// ---- The town: the districts where the pawns go ----

/** @param {{v: View, f: Finder, act: ActFn, name: NameOf, facts: Facts}} props */
function Town({ v, f, act, name, facts }) {
  const n = v.seats;
  const named = v.events[v.round - 1];
  const ev = named ? facts.c.events[named.id] : undefined;
  const eventWord = facts.spaceName('event');
  return html`<section class="glory-panel" aria-label="The town">
    <h3>The town</h3>
    <p class="glory-key">Pawns: <span aria-hidden="true">●</span> a circle taken · ○ a free circle · ∞ an open zone ·
      <span aria-hidden="true">◇</span> the one place on the ${eventWord.toLowerCase()} card, this round only.</p>
    <div class="glory-town">
      ${v.spaces.map((s) => {
        const space = facts.space.get(s.space);
        const title = space?.name ?? nice(s.space);
        if (s.space === 'event' && !ev) return null;
        if (s.space === 'event') return html`<${EventSpace} s=${s} v=${v} f=${f} act=${act} name=${name} facts=${facts} />`;
        const pawns = [];
        s.pawns.forEach((c, p) => { for (let i = 0; i < c; i++) pawns.push(p); });
        const free = s.circles === null || s.circles === undefined ? null : Math.max(0, s.circles - pawns.length);
        const a = f.obj('place', s.space);
        const head = title;
        const gives = space?.text ?? '';
        return html`<div class="glory-district">
          <${Act} a=${a} act=${act} cls="glory-dhead">
            <span class="glory-cname" title=${gives} data-term=${SPACE_TERM[s.space]}>${head}</span>
            <span class="glory-small">${gives}</span>
          </${Act}>
          <span class="glory-pawns" aria-label=${`${title}: ${pawns.length} pawns, ${free === null ? 'open zone' : `${free} circles free`}`}>
            ${pawns.map((p) => html`<${Coat} p=${p} name=${name} />`)}
            ${free === null ? html`<span class="glory-free" title="open zone">∞</span>`
              : Array.from({ length: free }, () => html`<span class="glory-free" title="free circle">○</span>`)}
          </span>
          ${s.space === 'market' && html`<span class="glory-row">${/** @type {const} */ (['mount', 'armor']).map((g) => {
            const m = f.obj('market', g);
            return m && html`<${Act} a=${m} act=${act} cls="glory-chip">${m.label.replace(/^[^:]*: /, '')}</${Act}>`;
          })}</span>`}
          ${s.space === 'initiative' && html`<span class="glory-small">Under the track (the front of the track at Maintenance): ${
            v.initiative_spaces.some((x) => x !== null) ? v.initiative_spaces.map((x, i) => (x === null ? null
              : html`<span>${ordinal(i)}: <${Coat} p=${x} name=${name} bare=${true} /> ${name(x)} </span>`)) : 'nobody yet'}</span>`}
          ${s.space === 'herald' && f.all('herald').length > 0 && html`<span class="glory-small">Choose the knight on the tournament board ↓</span>`}
        </div>`;
      })}
    </div>
    <${Track} v=${v} f=${f} act=${act} facts=${facts} />
    <p class="glory-small">${n === 1 ? 'Solo: the town is laid out for two.' : `Laid out for ${n} players.`}</p>
  </section>`;
}

// The round's event card: not a district of the town but a card lying
// beside it for this round, with one place when it adds an action (◇), and
// none when it acts on everyone at the start of the round.
/** @param {{s: View['spaces'][number], v: View, f: Finder, act: ActFn, name: NameOf, facts: Facts}} props */
function EventSpace({ s, v, f, act, name, facts }) {
  const named = v.events[v.round - 1];
  const ev = named ? facts.c.events[named.id] : undefined;
  if (!ev) return null;
  const word = facts.spaceName('event');
  const onCard = v.event_support ? facts.support.get(v.event_support) : undefined;
  const a = f.obj('place', 'event');
  const places = s.circles ?? 0;
  /** @type {number[]} */
  const pawns = [];
  s.pawns.forEach((c, p) => { for (let i = 0; i < c; i++) pawns.push(p); });
  const free = Math.max(0, places - pawns.length);
  const state = places === 0 ? 'no place: it acts on every player at the start of the round'
    : free > 0 ? 'one place, free: the first pawn takes the action' : 'its one place is taken';
  return html`<div class="glory-district glory-evspace">
    <span class="glory-small glory-evtag" ...${glossaryTerm('event_space')}>${word} card, round ${v.round} only</span>
    <${Act} a=${a} act=${act} cls="glory-dhead">
      <span class="glory-cname" title=${ev.text}>${ev.name}</span>
      <span class="glory-small">${ev.text}</span>
    </${Act}>
    <span class="glory-pawns" aria-label=${`${word} card: ${pawns.length} pawns, ${state}`}>
      ${pawns.map((p) => html`<${Coat} p=${p} name=${name} />`)}
      ${free > 0 && html`<span class="glory-free glory-evslot" aria-hidden="true">◇</span>`}
      <span class="glory-small">${state}</span>
    </span>
    ${onCard && html`<span class="glory-small">On the card: <span data-term=${facts.supportTerm(onCard.support)} data-tip=${onCard.text}>${onCard.name}</span></span>`}
  </div>`;
}

/** @param {{v: View, f: Finder, act: ActFn, facts: Facts}} props */
function Track({ v, f, act, facts }) {
  const stacks = v.support_stacks;
  const heading = `${facts.spaceName('support')} track`;
  // A scroll-stack entry's id is the support's place in the components' list.
  const scroll = v.scroll_stack.map((s, i) => {
    const tile = facts.c.supports[s.id];
    return html`${i ? ', ' : ''}<span tabindex="0" data-tip=${tile?.text}>${tile?.name ?? s.name}</span> ×${s.count}`;
  });
  return html`<div class="glory-sub" aria-label=${heading}>
    <h4><span ...${glossaryTerm('support_track')}>${heading}</span></h4>
    <div class="glory-track">
      ${v.support_track.map((t, i) => {
        if (t.locked) return html`<span class="glory-slot glory-locked"><span class="glory-small" data-term="locked_space">locked</span><span class="glory-small">not used at this table</span></span>`;
        const a = f.obj('support', i);
        const tile = t.support ? facts.support.get(t.support) : undefined;
        return html`<${Act} a=${a} act=${act} cls=${`glory-slot${t.special ? ' glory-special' : ''}`}>
          <span class="glory-small">${t.special ? '✦ special · ' : ''}${t.cost} coin${t.cost === 1 ? '' : 's'}</span>
          <span class="glory-cname" data-term=${t.support ? facts.supportTerm(t.support) : undefined} title=${tile?.text ?? ''}>${tile ? tile.name : '—'}</span>
          <span class="glory-reward">${tile ? tile.text : 'empty'}</span>
        </${Act}>`;
      })}
    </div>
    ${stacks.length > 0 && html`<p class="glory-small"><span ...${glossaryTerm('support_stacks')}>${facts.spaceName('support')} stacks</span>, tiles left face down:
      special ${stacks[0]} (for the ✦ spaces) · scroll ${stacks[1]} (only ${facts.c.journey_name} cards take these) ·
      regular ${stacks.slice(2).map((k, i) => `${['1st', '2nd', '3rd'][i] ?? i + 1} ${k}`).join(', ')} (the track is refilled from the 1st until it is empty, then the 2nd, then the 3rd).
      ${scroll.length > 0 && html` Scroll supports: ${scroll}.`}</p>`}
  </div>`;
}

// ---- Journey cards: the three rows and their decks ----

/** @param {{v: View, f: Finder, act: ActFn, facts: Facts, me?: PlayerView}} props */
function JourneyRows({ v, f, act, facts, me }) {
  const term = facts.c.journey_name;
  return html`<section class="glory-panel" aria-label=${`${term} cards`}>
    <h3><span ...${glossaryTerm('journey_card')}>${term} cards</span></h3>
    <div class="glory-journey">
      ${facts.c.journey_types.map((type, t) => {
        const d = f.obj('draw', type.kind);
        const taken = new Set();
        return html`<div class="glory-jrow">
          <${Act} a=${d} act=${act} cls=${`glory-card glory-back glory-k${t}`}>
            <span class="glory-small">${type.name} deck</span><span aria-hidden="true">✠</span><b>${v.journey_decks[t]} left</b>
          </${Act}>
          ${v.journey_rows[t].map((c) => {
            // Two face-up copies share one action; mark only the first so
            // the same action is not offered twice side by side.
            const a = c && !taken.has(c.id) ? f.obj('take', c.id) : null;
            if (c) taken.add(c.id);
            return html`<${JCard} c=${c} a=${a} act=${act} facts=${facts} me=${me} />`;
          })}
        </div>`;
      })}
    </div>
  </section>`;
}

// ---- The tournament of the round ----

/** @param {{v: View, f: Finder, act: ActFn, name: NameOf, facts: Facts}} props */
function Tournament({ v, f, act, name, facts }) {
  const t = v.tournament;
  /** @param {number} space */
  const slotAct = (space) => f.obj('herald', space) ?? f.obj('register', space);
  const head = facts.tournamentKind.get(t.kind) ?? nice(t.kind);
  const rnd = v.round;
  // After the third tournament the board is cleared: no empty towns.
  if (['final_journey', 'titles', 'over'].includes(v.stage)) {
    return html`<section class="glory-panel" aria-label="Tournaments">
      <h3><span ...${glossaryTerm('tournament')}>Tournaments</span></h3>
      <p class="glory-small">All three tournaments have been fought; every duel and the glory it paid are in the log.</p>
      <p class="glory-small">This game's tournaments: ${withNames(t.plan, name)}.</p>
    </section>`;
  }
  const chooser = v.tournament_chooser;
  if (chooser !== null && chooser !== undefined) {
    // Between rounds the type is still open: what was on the board is the
    // last round's, so show the choice instead.
    const picks = f.all('tournament');
    const kinds = facts.c.tournament_kinds.map((k) => k.name).join(' or a ');
    return html`<section class="glory-panel" aria-label="Tournament: to be chosen">
      <h3>Tournament of round ${rnd}: to be chosen</h3>
      <p>${name(chooser)} chooses a ${kinds} for this round.</p>
      <p class="glory-small">This game's tournaments: ${withNames(t.plan, name)}.</p>
      ${picks.length > 0 && html`<div class="glory-row">${picks.map((a) => html`<button type="button"
        class="glory-chip act-target" onClick=${() => act(a.index)}>${a.label}</button>`)}</div>`}
    </section>`;
  }
  const trophy = t.trophy ? facts.trophy.get(t.trophy) : undefined;
  return html`<section class="glory-panel" aria-label=${`Tournament: ${head}`}>
    <h3><span ...${glossaryTerm('tournament')}>Tournament of round ${rnd}</span>: <span ...${glossaryTerm(TOURNAMENT_TERM[t.kind])}>${head}</span></h3>
    <p class="glory-small">This game's tournaments: ${withNames(t.plan, name)}.</p>
    ${t.card === null || t.card === undefined ? html`<p class="quiet">The tournament card is not drawn yet.</p>` : ''}
    ${t.layout && html`<${CardLayout} layout=${t.layout} kind=${t.kind} towns=${t.towns.map((x) => x.town)} facts=${facts} />`}
    ${t.kind === 'pas_d_armes' ? html`<div class="glory-towns">
      ${t.towns.map((town) => html`<div class="glory-town-col">
        <h4>${town.town}</h4>
        ${town.knights.length === 0 && html`<p class="glory-small">No knights drawn here yet.</p>`}
        ${town.knights.map((s) => {
          const a = slotAct(s.space);
          const knight = facts.c.knights[s.knight.id]?.name ?? s.knight.name;
          return html`<div class="glory-pas">
            <${Knight} k=${s.knight} facts=${facts} />
            <${Act} a=${a} act=${act} cls="glory-challenger" label=${`Challenge ${knight}`}>
              ${s.challenger === null || s.challenger === undefined
                ? html`<span class="glory-small">${a ? 'Register here' : 'no challenger'}</span>`
                : html`<span class="glory-small">challenger</span> <${Coat} p=${s.challenger} name=${name} bare=${true} /> <span class="glory-small">${name(s.challenger)}</span>`}
            </${Act}>
          </div>`;
        })}
      </div>`)}
    </div>` : html`<${Ladder} ladder=${t.ladder} slotAct=${slotAct} act=${act} name=${name} facts=${facts} />`}
    ${t.trophy && html`<p class="glory-small"><span ...${glossaryTerm('trophy')}>Trophy</span>: <span title=${trophy?.reward ?? ''}>${t.trophy}</span>${trophy ? ` (${trophy.reward})` : ''}</p>`}
    ${!v.duel && v.stage === 'registration' && f.unit('pass') && html`<button type="button" class="glory-chip act-target"
      onClick=${() => act(f.unit('pass')?.index ?? -1)}>${f.unit('pass')?.label}</button>`}
  </section>`;
}

/**
 * What this round's section of the tournament card brings, by knight
 * type: the towns' draws in a Pas d'Armes; in a Joust à Plaisance the
 * lower row as set up and the knights that fill what the players leave
 * free.
 * @param {{layout: import('../types/glory').LayoutView, kind: string, towns: string[], facts: Facts}} props
 */
function CardLayout({ layout, kind, towns, facts }) {
  /** @param {import('../types/glory').KnightType} k */
  const type = (k) => facts.knightType.get(k) ?? nice(k);
  const head = html`<span ...${glossaryTerm('tournament')}>Tournament card</span>, this round (<span ...${glossaryTerm('knight_type')}>knight types</span>)`;
  if (kind === 'pas_d_armes') {
    return html`<p class="glory-small glory-cardlayout">${head}: ${towns.map((town, i) =>
      `${town} ${(layout.towns[i] ?? []).map(type).join(', ') || 'none'}`).join(' · ')}; each town's knights are drawn at random from those types.</p>`;
  }
  const row = layout.place.map((k) => (k ? type(k) : 'free')).join(', ');
  const add = layout.add.map(type).join(', ');
  return html`<p class="glory-small glory-cardlayout">${head}: the lower row from left to right ${row}.
    ${add ? ` After registration the spaces still free get, left to right, as many as needed of: ${add}.` : ''}</p>`;
}

// The ladder as a bracket: 8 entrants below, the winner on top.
/** @param {{ladder: View['tournament']['ladder'], slotAct: (space: number) => Listed | undefined, act: ActFn, name: NameOf, facts: Facts}} props */
function Ladder({ ladder, slotAct, act, name, facts }) {
  /** @type {[string, number, number][]} */
  const rows = [['Winner', 14, 1], ['Final', 12, 2], ['Middle row', 8, 4], ['Lower row', 0, 8]];
  /** @param {View['tournament']['ladder'][number] | undefined} e @param {number} i */
  const entry = (e, i) => {
    const a = i < 8 ? slotAct(i) : null;
    let body;
    if (!e) body = html`<span class="glory-small">${a ? 'Register here' : 'empty'}</span>`;
    else if ('player' in e) body = html`<span class="glory-entrant"><${Coat} p=${e.player} name=${name} bare=${true} /> ${name(e.player)}</span>`;
    else body = html`<${Knight} k=${e.knight} facts=${facts} compact=${true} />`;
    return html`<${Act} a=${a} act=${act} cls=${`glory-lslot${i >= 8 && e ? ' glory-up' : ''}`} label=${`Lower row space ${i + 1}`}>${body}</${Act}>`;
  };
  // A scrolling box must be reachable by keyboard even when it holds no
  // button (axe: scrollable-region-focusable).
  return html`<div class="glory-scroll" tabindex="0" role="region" aria-label="The ladder, scrolls sideways"><div class="glory-ladder" role="group" aria-label="The ladder">
    ${rows.map(([label, from, count]) => html`<div class="glory-lrow" style=${`grid-template-columns: repeat(${count}, minmax(0, 1fr))`}>
      <span class="glory-lname">${label}</span>
      ${Array.from({ length: count }, (_, j) => entry(ladder[from + j] ?? null, from + j))}
    </div>`)}
  </div></div>`;
}

// ---- The duel ----

/** @param {{die: DieInfo, face: number | null, value: number | null | undefined, a?: Listed | null, act?: ActFn, picked?: boolean}} props */
function Die({ die, face, value, a, act, picked }) {
  const hue = HUES[die.colour];
  const sym = face === 5;
  const shown = value === null || value === undefined ? '…' : value;
  const text = `${die.name} die: ${value === null || value === undefined ? 'rolling' : value}${sym ? ' (symbol)' : ''}${picked ? ', picked to re-roll' : ''}`;
  const inner = html`<span class=${`glory-die glory-d-${hue}${picked ? ' glory-picked' : ''}`}>${shown}${sym ? html`<sup aria-hidden="true">☆</sup>` : ''}</span>`;
  if (a && act) return html`<button type="button" class="glory-btn glory-diebtn act-target" title=${a.label} onClick=${() => act(a.index)}>${inner}<span class="sr-only">: ${text}. ${a.label}</span></button>`;
  return html`<span role="img" aria-label=${text} title=${text}>${inner}</span>`;
}

// A duel names its fighters by id: look their names up.
/** @param {Fighter | undefined} fi @param {View} v @param {NameOf} name @param {Facts} facts */
function fighterName(fi, v, name, facts) {
  if (!fi) return '?';
  if ('player' in fi) return name(fi.player);
  if ('otto' in fi) return 'Otto';
  if ('card' in fi) return facts.c.journey[fi.card]?.name ?? 'the card\'s knight';
  if ('title' in fi) return `${facts.c.titles[fi.title]?.name ?? 'the title'}'s knight`;
  return facts.c.knights[fi.knight]?.name ?? 'the knight';
}

// How a duel was won: by clashes, or, with no dice rolled (Otto against a
// knight), by the glory values and prestige compared; then the glory it
// paid, and for a loser who won a clash, whose value was halved.
/** @param {import('../types/glory').DuelReport} report @param {string[]} names @param {View} v @param {Facts} facts */
function duelHow(report, names, v, facts) {
  const c = report.compared;
  let how;
  if (!c) how = `${report.wins.join(' to ')} clashes`;
  else {
    // Only what decided it: the glory values if they differ, else the
    // prestige, else where each stood (Otto fights a knight as a knight).
    const w = report.winner;
    const [mine, theirs] = w === 0 ? c : [c[1], c[0]];
    const winner = names[w];
    if (mine[0] !== theirs[0]) how = `settled without dice: ${winner} has the higher glory value, ${mine[0]} to ${theirs[0]}`;
    else if (mine[1] !== theirs[1]) how = `settled without dice: level on glory value (${mine[0]} each), ${winner} has more prestige, ${mine[1]} to ${theirs[1]}`;
    else {
      const rule = 'pas_d_armes' in report.ctx ? 'the challenged knight keeps his place' : 'the side on the left wins, as between two knights';
      how = `settled without dice: level on glory value (${mine[0]} each) and prestige (${mine[1]} each), so ${rule}`;
    }
  }
  // A Challenge card or a title pays its own reward, never glory by the duel.
  const ctx = report.ctx;
  const w0 = report.fighters[report.winner];
  if ('journey' in ctx) {
    const won = !!w0 && 'player' in w0 && w0.player === ctx.journey.player;
    const card = facts.c.journey[ctx.journey.card]?.name ?? 'the card';
    if (!won) return `${how}; a lost Challenge pays nothing: ${card} goes back to the hand, to try again later`;
    // While the winner picks one half of the reward nothing is paid yet.
    return `${how}; ${v.reward_card?.id === ctx.journey.card
      ? `${names[report.winner]} is choosing one of ${card}'s rewards (nothing is paid until then)`
      : `${card}'s reward went to ${names[report.winner]} (the log says what it paid)`}`;
  }
  if ('title' in ctx) {
    const won = !!w0 && 'player' in w0 && w0.player === ctx.title.player;
    return `${how}; ${won ? 'the title will be scored' : 'the one attempt at the title failed'}`;
  }
  if (!report.glory.some((g) => g > 0)) return how;
  const w = report.winner;
  const l = 1 - w;
  const half = report.glory[l] > 0 && report.values
    ? `: ${names[l]} won a clash and takes half of ${names[w]}'s ${report.values[w]}, rounded down` : '';
  return `${how}; glory scored ${report.glory.join(' / ')}${half}`;
}

/** @param {{v: View, f: Finder, act: ActFn, name: NameOf, facts: Facts}} props */
function Duel({ v, f, act, name, facts }) {
  const d = v.duel;
  const report = v.last_duel;
  // The last duel fought is a result: its panel opens when it is new and
  // stays open until this viewer's next choice, above the next duel if one
  // begins first (result.js). The view counts no duels, so the report
  // itself tells one from the next; two alike in every number in a row
  // would share it.
  const names = report ? report.fighters.map((fi) => fighterName(fi, v, name, facts)) : [];
  // The panel keeps the latest duel someone's result hangs on: a player's,
  // or Otto's in a solo game; never two knights'.
  const lastWhose = v.solo ? 'Last duel of yours or Otto\'s' : 'Last duel with a player';
  const last = report && html`<${ResultPanel} resultKey=${`duel ${JSON.stringify(report)}`} cls="glory-panel glory-duelpanel"
    summary=${`${lastWhose}: ${fighterName(report.fighters[report.winner], v, name, facts)} won`}>
    <p>${names.join(' against ')}:
    ${' '}${names[report.winner]} won, ${duelHow(report, names, v, facts)}.</p>
    <${Clashes} clashes=${report.clashes} names=${names} facts=${facts} />
    ${v.knight_duels_since > 0 && html`<p class="glory-small">Since then ${v.knight_duels_since === 1 ? '1 duel' : `${v.knight_duels_since} duels`} between two knights ${v.knight_duels_since === 1 ? 'was' : 'were'} settled without dice, by glory value then prestige; the log tells ${v.knight_duels_since === 1 ? 'it' : 'them'}.</p>`}</${ResultPanel}>`;
  if (!d) return last || null;
  const step = typeof d.step === 'string' ? d.step : Object.keys(d.step)[0] ?? '';
  const rerolls = f.all('reroll');
  const used = new Set();
  const strength = facts.die('strength').name;
  const fighters = d.sides.map((s) => fighterName(s.fighter, v, name, facts));
  /** @param {import('../types/glory').SideView} s @param {number} i */
  const side = (s, i) => {
    const n = fighters[i];
    const acting = d.acting === i;
    // A player's attack counts dice; before any is rolled it is only this
    // clash's modifier (a Cook's +1, say), which the roll is added to.
    const rolled = !('player' in s.fighter) || s.values.some((vs) => vs.some((x) => x !== null && x !== undefined));
    const mod = s.attack_modifier;
    return html`<div class=${`glory-side${acting ? ' glory-acting' : ''}`}>
      <h4>${n} ${acting ? html`<span class="glory-tag">acting</span>` : ''}</h4>
      <p class="glory-stats"><span ...${glossaryTerm('attack_value')}>⚔ attack ${rolled ? s.attack : 'not rolled yet'}</span>
        ${mod ? html`<span ...${glossaryTerm('attack_modifier')}>${mod > 0 ? '+' : ''}${mod} this clash${rolled ? ' (counted)' : ', added to the dice once rolled'}</span>` : ''}
        <span ...${glossaryTerm('prestige')}>♛ prestige ${s.prestige}${s.prestige_modifier ? ` (${s.prestige_modifier > 0 ? '+' : ''}${s.prestige_modifier})` : ''}</span>
        <span>clashes won ${d.wins[i]}</span></p>
      ${'player' in s.fighter && html`<p class="glory-small">${strength} tokens committed: ${s.strength_tokens}
        ${s.faith_used ? ' · Faith used this clash' : ''}${s.relic_used ? ' · relic used this clash' : ''}</p>`}
      ${facts.c.dice.map((die, ci) => {
        const dice = s.dice[ci];
        if (dice.length === 0) return null;
        return html`<div class="glory-dicerow"><span class="glory-small">${die.name} (${HUES[die.colour]})</span>
          ${dice.map((face, di) => {
            const slot = ci * 3 + di;
            let a = null;
            if (i === d.acting && !used.has(`${die.colour}${face}`)) {
              a = rerolls.find((r) => typeof r.action === 'object' && 'reroll' in r.action
                && r.action.reroll.colour === die.colour && r.action.reroll.face === face) ?? null;
              if (a) used.add(`${die.colour}${face}`);
            }
            return html`<${Die} die=${die} face=${face} value=${s.values[ci][di]} a=${a} act=${act}
              picked=${i === d.acting && d.picked.includes(slot)} />`;
          })}</div>`;
      })}
      ${s.knight_die !== null && s.knight_die !== undefined && html`<div class="glory-dicerow"><span class="glory-small">Knight's ${HUES.armor} die</span>
        <${Die} die=${facts.die('armor')} face=${s.knight_die} value=${facts.die('armor').faces[s.knight_die]} /></div>`}
    </div>`;
  };
  // The duel's own choices sit in the duel, next to the dice they change.
  const buttons = [...f.all('strength'), f.unit('faith'), f.unit('roll'), ...f.all('relic'), f.unit('attempt'), f.unit('pass')].filter((a) => a !== undefined);
  const lc = d.last_clash;
  return html`${last}<section class="glory-panel glory-duelpanel" aria-label="The duel">
    <h3>Duel: ${fighters.join(' against ')}</h3>
    <p class="glory-small"><span ...${glossaryTerm('clash')}>Clash ${d.clash} of up to 3</span> · step: ${nice(step)}${d.pick_limit ? ` · may pick ${d.pick_limit} dice to re-roll` : ''}</p>
    ${lc && html`<p class="glory-small">Last clash: attack ${lc.attack.join(' to ')}, prestige ${lc.prestige.join(' to ')};
      ${fighters[lc.winner]} won ${clashDecider(lc)}.</p>`}
    <div class="glory-sides">${d.sides.map(side)}</div>
    ${buttons.length > 0 && html`<div class="glory-row">${buttons.map((a) => html`<button type="button" class="glory-chip act-target"
      data-tip=${effectOf(a, facts)} onClick=${() => act(a.index)}>${a.label}</button>`)}</div>`}
  </section>`;
}

/**
 * What decided a clash, after "X won".
 * @param {import('../types/glory').ClashReport} c
 */
function clashDecider(c) {
  if (c.by === 'prestige' && c.prestige[0] === c.prestige[1]) {
    return 'the tie: against a knight, equal prestige is enough for the player';
  }
  return c.by === 'attack' ? 'on attack' : `the tie of attack on ${c.by}`;
}

/**
 * A finished duel's clashes, each with what its attack values were made
 * of, so the result adds up from the page: "Clash 1: Ann 13 (red 5 +
 * black 4 + white 3, +1 this clash) against Renowned Jouster 10 (printed
 * 8 + white 2); Ann won on attack."
 * @param {{clashes: (import('../types/glory').ClashReport | null)[] | undefined, names: string[], facts: Facts}} props
 */
function Clashes({ clashes, names, facts }) {
  const fought = (clashes ?? []).flatMap((c, i) => (c ? [{ c, n: i + 1 }] : []));
  if (fought.length === 0) return null;
  /** @param {import('../types/glory').ClashSide} s */
  const parts = (s) => {
    const bits = s.printed ? [`printed ${s.printed}`] : [];
    facts.c.dice.forEach((die, ci) => {
      const value = s.dice[ci];
      if (value !== null && value !== undefined) bits.push(`${HUES[die.colour]} ${value}`);
    });
    const dice = bits.length ? bits.join(' + ') : 'no dice';
    return s.modifier ? `${dice}, ${s.modifier > 0 ? '+' : ''}${s.modifier} this clash` : dice;
  };
  return html`<ul class="glory-small glory-clashes">${fought.map(({ c, n }) => html`<li>
    <span ...${glossaryTerm('clash')}>Clash ${n}</span>: ${[0, 1].map((i) => {
      const made = c.sides?.[i];
      return `${names[i]} ${c.attack[i]}${made ? ` (${parts(made)})` : ''}`;
    }).join(' against ')}${
      c.by === 'attack' ? '' : `; prestige ${c.prestige.join(' to ')}`}; ${names[c.winner]} won ${clashDecider(c)}.</li>`)}</ul>`;
}

/**
 * The effect text of the relic or support an action uses, from the
 * components (`undefined` for any other action).
 * @param {Listed} a @param {Facts} facts
 */
function effectOf(a, facts) {
  const x = a.action;
  if (typeof x !== 'object') return undefined;
  if ('relic' in x) return facts.relic.get(x.relic)?.text;
  if ('use' in x) return facts.support.get(x.use)?.text;
  return undefined;
}

/**
 * The relics and supports a card's rewards name, each with its effect,
 * from the components: "Ring relic: Re-roll up to 4 dice."
 * @param {string[]} rewards @param {Facts} facts
 */
function namedEffects(rewards, facts) {
  // The rewards' parts: "a Ring relic", "a Sister", "3 Faith".
  const parts = rewards.flatMap((r) => r.split(' and ')).map((x) => x.replace(/^an? /, ''));
  return [
    ...facts.c.relics.filter((r) => parts.includes(`${r.name} relic`)).map((r) => `${r.name} relic: ${r.text}`),
    ...facts.c.supports.filter((t) => parts.includes(t.name)).map((t) => `${t.name} support: ${t.text}`),
  ];
}

// ---- A knight's board ----

/** @param {{what: string, word: string, level: number, a?: Listed | null, act: ActFn}} props */
function Gear({ what, word, level, a, act }) {
  const lv = Math.max(0, Math.min(4, level));
  return html`<${Act} a=${a} act=${act} cls="glory-gear">
    <span class="glory-small" data-term=${word}>${what}</span>
    <span class="glory-level" aria-hidden="true">${[1, 2, 3, 4].map((i) => html`<i class=${i <= lv ? 'on' : ''}>${ROMAN[i]}</i>`)}</span>
    <b>= ${ROMAN[lv]}<span class="sr-only"> (level ${lv} of 4)</span></b>
  </${Act}>`;
}

/**
 * A player's tiles of one sort (supports, relics, prestige tokens), named
 * and explained from the components.
 * @template {string} K
 * `term` names the glossary entry a tile's name points to, if any; its own
 * text comes with it as the tip.
 * A support the tile's text names is marked as its word too (`facts`).
 * @param {{list: {kind: K, owned: number, active: number}[], about: (kind: K) => {name: string, text?: string} | undefined, suffix?: string, f: Finder, act: ActFn, keys: string[], term?: (kind: K) => string | undefined, facts?: Facts}} props
 */
function Tiles({ list, about, suffix = '', f, act, keys, term = () => undefined, facts }) {
  return list.map((t) => {
    const a = keys.map((k) => f.obj(k, t.kind)).find(Boolean);
    const inactive = t.owned - t.active;
    const tile = about(t.kind);
    return html`<${Act} a=${a} act=${act} cls=${`glory-tile${t.active === 0 ? ' glory-spent' : ''}`}>
      <span class="glory-cname" data-term=${term(t.kind)} data-tip=${tile?.text || undefined}>${tile?.name ?? nice(t.kind)}${suffix}${t.owned > 1 ? ` ×${t.owned}` : ''}</span>
      <span class="glory-small">${t.active} active${inactive ? `, ${inactive} flipped` : ''}</span>
      ${tile?.text && html`<span class="glory-reward">${facts ? withSupports(tile.text, facts) : tile.text}</span>`}
    </${Act}>`;
  });
}

/** @param {{p: PlayerView, i: number, v: View, f: Finder, act: ActFn, name: NameOf, mine: boolean, facts: Facts}} props */
function Player({ p, i, v, f, act, name, mine, facts }) {
  const otto = v.solo?.otto === i;
  const onMove = v.on_move.includes(i);
  const hand = mine ? p.hand ?? [] : null;
  const sizes = p.hand_size;
  const known = p.known_cards;
  const who = otto ? 'Otto (the automa)' : name(i);
  const init = v.order.indexOf(i);
  const done = new Set(p.completed_titles.map((t) => t.id));
  const character = p.character ? facts.c.characters[p.character.id] : undefined;
  const term = facts.c.journey_name;
  /** @type {[string, string, number][]} */
  const res = [['★', 'glory', p.glory], ['¤', 'coins', p.coins], ['▲', facts.die('strength').name, p.strength], ['✝', 'Faith', p.faith]];
  return html`<section class=${`glory-panel glory-player glory-pb${i % 4}${onMove ? ' glory-onmove' : ''}`} aria-label=${`Board of ${who}`}>
    <h3><${Coat} p=${i} name=${name} bare=${true} /> ${who}${mine ? ' — you' : ''}${onMove ? html` <span class="glory-tag">to move</span>` : ''}</h3>
    <p class="glory-small">${character ? character.name : otto ? 'Otto has no character' : 'No character yet'}${
      init >= 0 ? ` · initiative ${init + 1} of ${v.order.length}` : ''}${p.took_initiative ? ` · took ${facts.spaceName('initiative')}` : ''}${
      v.stage === 'actions' && !otto ? ` · pawns left ${p.pawns_left}` : ''}</p>
    ${(p.dealt.length > 0 || f.all('character').length > 0) && mine && !p.character && html`<h4 ...${glossaryTerm('character')}>Choose your character</h4>
      <p class="glory-small">Play one of these cards for the whole game: the level I card anyone may take, or one of the two dealt to you. It sets what you start with and your income at each Maintenance.</p>
      <div class="glory-row" aria-label="Character cards">
      ${characterChoices(p, f, facts).map(({ c, a }) => html`<${Act} a=${a} act=${act} cls="glory-card glory-char glory-charcard">
        <span class="glory-small">Character${c ? `, level ${ROMAN[c.level]}` : ''}</span><span class="glory-cname">${c ? c.name : '?'}</span>
        ${c && html`<span class="glory-reward">${withSupports(characterText(c, facts), facts)}</span>`}</${Act}>`)}</div>`}
    ${character && !otto && html`<${CharacterCard} c=${character} facts=${facts} />`}
    ${!otto && html`<div class="glory-res">
      ${res.map(([sym, label, n], r) => html`<span class="glory-count" ...${glossaryTerm(RESOURCE_TERM[r])}><span aria-hidden="true">${sym}</span> <b>${n}</b> ${label}</span>`)}
    </div>
    <div class="glory-row">
      <${Gear} what=${facts.die('mount').name} word="mount" level=${p.mount} a=${mine ? f.obj('loot', 'mount') : null} act=${act} />
      <${Gear} what=${facts.die('armor').name} word="armor" level=${p.armor} a=${mine ? f.obj('loot', 'armor') : null} act=${act} />
    </div>`}
    ${otto && html`<p class="glory-count"><span ...${glossaryTerm('otto_glory')}><span aria-hidden="true">★</span> <b>${p.glory}</b> glory</span>
      <span class="glory-small">${v.solo?.mode === 'rivalry'
        ? `he began with ${v.solo.otto_start}, having no character card; ${v.solo.otto_scores ?? ''}. You must end with more glory than he has.`
        : `he began with ${v.solo?.otto_start ?? p.glory}, having no character card; in this mode it never changes and decides nothing`}</span></p>`}
    ${(p.supports.length + p.relics.length + p.prestige.length > 0) && html`<div class="glory-row">
      <${Tiles} list=${p.supports} about=${(/** @type {Support} */ k) => facts.support.get(k)} f=${f} act=${act} keys=${mine ? ['use', 'reactivate_support'] : []}
        term=${(/** @type {Support} */ k) => facts.supportTerm(k)} facts=${facts} />
      <${Tiles} list=${p.relics} about=${(/** @type {Relic} */ k) => facts.relic.get(k)} suffix=" relic" f=${f} act=${act} keys=${mine ? ['relic', 'reactivate_relic'] : []} facts=${facts} />
      <${Tiles} list=${p.prestige} about=${(/** @type {Prestige} */ k) => facts.prestige.get(k)} suffix=" prestige" f=${f} act=${act} keys=${[]}
        term=${(/** @type {Prestige} */ k) => PRESTIGE_TERM[k] ?? 'prestige'} facts=${facts} />
    </div>`}
    ${!otto && html`<h4>${term} cards in hand <span class="glory-small">(played in the game so far: ${p.played.map((n, t) => `${facts.c.journey_types[t]?.name ?? ''} ${n}`).join(', ')}${v.stage.endsWith('journey') ? ` · may play ${p.journey_left} more this phase` : ''})</span></h4>
    <div class="glory-hand">
      ${hand ? (hand.length === 0 ? html`<span class="glory-small">none</span>` : hand.map((c) => html`<${JCard} c=${c}
          a=${f.obj('play', c.id) ?? f.obj('exchange', c.id)} act=${act} facts=${facts} me=${p} />`))
        : sizes.some((n) => n > 0) ? hiddenHand(sizes, facts) : html`<span class="glory-small">none</span>`}
    </div>
    ${mine && v.reward_card && f.all('choose').length > 0 && html`<h4>Choose the reward of ${v.reward_card.name}</h4>
      <div class="glory-hand"><${JCard} c=${v.reward_card} act=${act} facts=${facts} me=${p} /></div>`}
    ${mine && html`<div class="glory-row">${[...f.all('choose'), handPass(v, f)].filter((a) => a !== null && a !== undefined).map((a) => html`<button type="button"
      class="glory-chip act-target" onClick=${() => act(a.index)}>${a.label}</button>`)}</div>`}`}
    ${!mine && known.length > 0 && html`<p class="glory-small">Known to all: ${known.map((c) => `${facts.c.journey[c.id]?.name ?? c.name}${c.count > 1 ? ` ×${c.count}` : ''}`).join(', ')}</p>`}
    ${mine && p.title_offer && p.title_offer.length > 0 && html`<h4>Titles offered: keep one</h4>
      <div class="glory-hand">${p.title_offer.map((t) => html`<${TitleCard} t=${t} a=${f.obj('keep_title', t.id)} act=${act} facts=${facts} />`)}</div>`}
    <h4>${otto ? html`<span ...${glossaryTerm('otto_titles')}>Otto's hidden titles</span>` : html`<span ...${glossaryTerm('objective')}>Personal objectives</span>`} <span class="glory-small">(${p.objectives_held})</span></h4>
    <div class="glory-hand">
      ${p.objectives
        ? (p.objectives.length ? p.objectives.map((t) => html`<${TitleCard} t=${t} a=${attemptOf(t, facts, f)} act=${act} facts=${facts} done=${done.has(t.id)} otto=${otto} />`) : html`<span class="glory-small">none</span>`)
        : (p.objectives_held ? html`<${Back} kind="Title" n=${p.objectives_held} />` : html`<span class="glory-small">none</span>`)}
    </div>
    ${!p.objectives && p.objectives_held > 0 && p.completed_titles.length === 0 && html`<p class="glory-small">${hiddenTitles(p.objectives_held, otto, facts)}</p>`}
    ${p.completed_titles.length > 0 && html`<p class="glory-small">${otto ? 'Titles scored (he need not complete them)' : 'Titles completed'}: ${p.completed_titles.map((t) => facts.c.titles[t.id]?.name ?? t.name).join(', ')}</p>`}
  </section>`;
}

/**
 * What a face-down objective hides and when it shows: which titles they
 * are is secret; what any title may be worth is on the components.
 * @param {number} n @param {boolean} otto @param {Facts} facts
 */
function hiddenTitles(n, otto, facts) {
  const values = facts.c.titles.map((t) => t.glory);
  const span = values.length ? `${Math.min(...values)} to ${Math.max(...values)} glory` : 'glory';
  // One title: its worth is the span itself, with no "each" and no sum.
  if (n === 1) {
    return otto
      ? `1 hidden title: ${span} for him at the end. Which one is secret; in the Title phase he scores it whether or not he fulfils it, and it is shown then.`
      : `1 hidden title: ${span} if completed. Which one is secret until the Title phase, when it is shown (and scored if completed).`;
  }
  const range = values.length ? `${span} each` : 'glory';
  const which = `${n} hidden titles`;
  // Otto's are all scored: their sum lies between that of the n cheapest
  // titles and that of the n dearest.
  const sorted = [...values].sort((x, y) => x - y);
  const sum = (/** @type {number[]} */ xs) => xs.reduce((x, y) => x + y, 0);
  const total = sorted.length ? `${sum(sorted.slice(0, n))} to ${sum(sorted.slice(-n))} glory in all` : 'glory';
  return otto
    ? `${which}: ${total} for him at the end (${range}). Which ones is secret; in the Title phase he scores every one whether or not he fulfils it, and they are shown then.`
    : `${which}: which ones is secret until the Title phase, when those completed are scored (${range}) and shown.`;
}

// "pass" means different things by phase; offer it beside what it ends.
/** @param {View} v @param {Finder} f */
function handPass(v, f) {
  if (v.duel) return null;
  const journeying = ['journey', 'extra_journey', 'final_journey'].includes(v.stage) || f.all('exchange').length > 0;
  return journeying ? f.unit('pass') : null;
}

/** @param {number[]} sizes @param {Facts} facts */
function hiddenHand(sizes, facts) {
  return facts.c.journey_types.map((type, t) => (sizes[t] ? html`<${Back} kind=${type.name} n=${sizes[t]} />` : null));
}

// A dealt character is offered by its `character` action, whose id is the
// card's; a card the actions do not name is shown without a button.
/** @param {PlayerView} p @param {Finder} f @param {Facts} facts */
function characterChoices(p, f, facts) {
  const acts = f.all('character');
  /** @param {number} id */
  const card = (id) => facts.c.characters[id];
  if (acts.length) {
    return acts.map((a) => ({
      c: typeof a.action === 'object' && 'character' in a.action ? card(a.action.character) : undefined,
      a,
    }));
  }
  return p.dealt.map((c) => ({ c: card(c.id), a: null }));
}

/**
 * What a character card gives, from the components: at setup (the start,
 * the gear, the Journey cards and titles, a level III card's support) and
 * at each Maintenance (the income).
 * @param {import('../types/glory').CharacterInfo} c @param {Facts} facts
 */
function characterGives(c, facts) {
  const [romance, market, challenge] = c.journey;
  const cards = facts.c.journey_types.map((t, i) => [t.name, [romance, market, challenge][i]])
    .filter(([, n]) => n).map(([t, n]) => `${n} ${t}`).join(', ');
  const support = c.support ? facts.support.get(c.support) : undefined;
  const [ic, is, ifa] = c.income;
  /** @param {number} n */
  const coins = (n) => `${n} coin${n === 1 ? '' : 's'}`;
  const strength = facts.die('strength').name;
  const start = `${c.glory} glory, ${coins(c.coins)}, ${c.strength} ${strength}, ${c.faith} Faith; `
    + `${facts.die('mount').name} ${ROMAN[c.mount]}, ${facts.die('armor').name} ${ROMAN[c.armor]}`
    + `${cards ? `; ${facts.c.journey_name} cards: ${cards}` : ''}; titles: draw ${c.titles[0]}, keep ${c.titles[1]}`
    + `${support ? `; the ${support.name} support (${support.text})` : ''}`;
  return { start, income: `${coins(ic)}, ${is} ${strength}, ${ifa} Faith` };
}

/** A character card in one sentence: start, then income. @param {import('../types/glory').CharacterInfo} c @param {Facts} facts */
function characterText(c, facts) {
  const { start, income } = characterGives(c, facts);
  return `Start: ${start}. Income: ${income}.`;
}

/**
 * On a player's board, what their character card pays at each Maintenance
 * and what it gave at setup, as printed (a handicap may have lowered the
 * gear; the board's levels are the ones that count).
 * @param {{c: import('../types/glory').CharacterInfo, facts: Facts}} props
 */
function CharacterCard({ c, facts }) {
  const { start, income } = characterGives(c, facts);
  return html`<p class="glory-small glory-income">
    <span><span ...${glossaryTerm('character')}>Character card</span>, level ${ROMAN[c.level]}.</span>
    <span><b>Income</b> at each <span ...${glossaryTerm('maintenance')}>Maintenance</span>: <b>${income}</b>.</span>
    <span>At setup the card gives: ${withSupports(start, facts)}.</span></p>`;
}

// ---- Otto and the solo goal ----

/** @param {{v: View, facts: Facts}} props */
function Solo({ v, facts }) {
  const s = v.solo;
  if (!s) return null;
  // The deck: the Solo cards, plus the pair of character cards chosen.
  const pair = s.deck === 'solo' ? '' : ` and the 2 ${nice(s.deck)} cards`;
  const deckWords = `${s.automa_cards} cards: the Solo cards${pair}`;
  // "Solo card 2: discards …": the card's name is before the colon.
  const cardName = s.last_card ? s.last_card.split(': ')[0] : '';
  return html`<section class="glory-panel glory-solo" aria-label="The solo game">
    <h3><span ...${glossaryTerm('otto')}>Solo game against Otto</span></h3>
    <p>Mode: <b ...${glossaryTerm(s.mode === 'champion' ? 'champion_mode' : 'solo_mode')}>${nice(s.mode)}</b>
      · <span ...${glossaryTerm('automa_deck')}>automa deck</span>: ${deckWords}</p>
    <p><span ...${glossaryTerm('solo_mode')}>Difficulty</span> <b>${s.difficulty}</b>: ${s.difficulty_text}.</p>
    <p>Goal: <b>${s.goal}</b>${s.target ? ` (${s.target} glory)` : ''}${s.mode === 'champion' ? ` · ${facts.tournamentKind.get('joust_a_plaisance') ?? ''} won: ${s.trophies}` : ''}</p>
    <p class="glory-solo-progress">So far: <b>${s.progress}</b></p>
    <div class="glory-row">
      ${s.knight && html`<span><span class="glory-small">Otto fights as</span><${Knight} k=${s.knight} facts=${facts} /></span>`}
      <span class="glory-card glory-back"><span class="glory-small" ...${glossaryTerm('automa_deck')}>Automa deck</span><span aria-hidden="true">✠</span>
        ${!s.last_card && s.automa_left === 0
          ? html`<b>${s.automa_cards} cards, not shuffled yet</b><span class="glory-small">they are shuffled when the Action phase begins, and again at each Action phase or when none is left</span>`
          : html`<b>${s.automa_left} of ${s.automa_cards} cards left</b><span class="glory-small">all ${s.automa_cards} are shuffled again at each Action phase, or when none is left</span>`}</span>
      ${s.last_card && html`<span class="glory-card glory-automa"><span class="glory-small" ...${glossaryTerm('automa_card')}>Last automa card: ${cardName}</span>
        <ol class="glory-automa-actions" aria-label="Its actions, tried in order">
          ${s.last_actions.map((a, i) => {
            // Each action is a verb phrase after Otto's name; what became
            // of it follows the sentence.
            const taken = s.last_taken;
            const state = i === taken ? html` <span class="glory-tag">done</span>`
              : taken === null || taken === undefined || i < taken ? html` <span class="glory-small">— not possible in full, skipped</span>`
              : html` <span class="glory-small">— not reached</span>`;
            return html`<li class=${i === taken ? 'glory-taken' : ''}><b>${ROMAN[i + 1]}.</b> Otto ${withSupports(a, facts)}${state}</li>`;
          })}
        </ol>
        ${(s.last_taken === null || s.last_taken === undefined) && html`<span class="glory-small">none possible: he turned up another card</span>`}</span>`}
    </div>
    <${AutomaDeck} s=${s} facts=${facts} />
  </section>`;
}

/**
 * Every card of Otto's automa deck, face up in a closed panel: the cards
 * are no secret, only their order, and which were turned up since the
 * last shuffle everyone saw.
 * @param {{s: NonNullable<View['solo']>, facts: Facts}} props
 */
function AutomaDeck({ s, facts }) {
  const cards = s.deck_cards ?? [];
  if (!cards.length) return null;
  const turned = cards.filter((c) => c.turned_up).length;
  const state = turned ? `${cards.length - turned} still in the deck, ${turned} turned up since the last shuffle` : 'all still in the deck';
  return html`<details class="glory-automa-deck">
    <summary>Otto's automa deck: all ${cards.length} cards (${state})</summary>
    <p class="glory-small">Each <span ...${glossaryTerm('automa_card')}>automa card</span> lists three actions in priority order: Otto takes the first he can carry out in full. The order of the deck is secret; the cards are not.</p>
    <ul class="glory-automa-list">
      ${cards.map((card) => html`<li class=${`glory-automa-card${card.turned_up ? ' glory-turned' : ''}`}>
        <b>${card.name}</b> <span class="glory-small">${card.turned_up ? 'turned up since the last shuffle' : 'still in the deck'}</span>
        <ol class="glory-automa-actions" aria-label=${`${card.name}: its actions, tried in order`}>
          ${card.actions.map((a, i) => html`<li><b>${ROMAN[i + 1]}.</b> Otto ${withSupports(a, facts)}</li>`)}
        </ol></li>`)}
    </ul>
  </details>`;
}

/** @param {{v: View, name: NameOf, facts: Facts}} props */
function Summary({ v, name, facts }) {
  const round = v.round;
  const eventWord = facts.spaceName('event');
  return html`<section class="glory-panel glory-head" aria-label="Round and events">
    <p><b ...${glossaryTerm('round')}>Round ${round} of 3</b> · ${stageLabel(v.stage, facts.c.journey_name)}${v.waiting_for ? html` · <span>${withNames(v.waiting_for, name)}</span>` : ''}</p>
    <div class="glory-row">
      ${[0, 1, 2].map((r) => {
        const named = v.events[r];
        const e = named ? facts.c.events[named.id] : undefined;
        return e ? html`<span class=${`glory-card glory-event${r + 1 === round ? ' glory-now' : ''}`}>
            <span class="glory-small" ...${glossaryTerm('event')}>${eventWord}, round ${r + 1}${r + 1 === round ? ' (now)' : ''}</span>
            <span class="glory-cname" title=${e.text}>${e.name}</span><span class="glory-reward">${e.text}</span></span>`
          : html`<${Back} kind=${`${eventWord}, round ${r + 1}`} n=${1} />`;
      })}
      <span class="glory-track-order"><span class="glory-small" ...${glossaryTerm('initiative')}>${facts.spaceName('initiative')} track</span>
        ${v.order.length ? html`<ul>${v.order.map((p, i) => html`<li>${ordinal(i)}: <${Coat} p=${p} name=${name} bare=${true} /> ${name(p)}</li>`)}</ul>` : html`<span class="glory-small">not drawn yet</span>`}
        <span class="glory-small">Whoever is earlier acts first in every phase and wins a tie of attack and prestige against another player. ${facts.spaceName('initiative')} action: ${facts.space.get('initiative')?.text ?? ''}.</span></span>
    </div>
  </section>`;
}

/** @param {{v: View, f: Finder, act: ActFn, facts: Facts}} props */
function Titles({ v, f, act, facts }) {
  const pass = f.unit('pass');
  return html`<section class="glory-panel" aria-label="Public titles">
    <h3><span ...${glossaryTerm('public_titles')}>Public titles</span> <span class="glory-small">(title deck: ${v.title_deck})</span></h3>
    <div class="glory-hand">${v.public_titles.map((t) => html`<${TitleCard} t=${t} a=${attemptOf(t, facts, f)} act=${act} facts=${facts} />`)}</div>
    <p class="glory-small glory-title-discards">Title discard pile${v.title_discards.length
      ? html` (shuffled into a new deck when the deck runs out): ${v.title_discards.map((t) => facts.c.titles[t.id]?.name ?? t.name).join(', ')}`
      : ': empty'}</p>
    ${!v.duel && v.stage === 'titles' && pass && html`<button type="button" class="glory-chip act-target"
      onClick=${() => act(pass.index)}>${pass.label}</button>`}
    ${v.relic_supply.length === facts.c.relics.length && html`<p class="glory-small"><span ...${glossaryTerm('relic')}>Relics</span> in the supply: ${facts.c.relics.map((r, i) => html`${i ? ', ' : ''}<span tabindex="0" data-tip=${r.text}>${r.name}</span> ${v.relic_supply[i]}`)}</p>
      <ul class="glory-small glory-effects">${facts.c.relics.map((r) => html`<li><b>${r.name}</b>: ${r.text}</li>`)}</ul>`}
  </section>`;
}

/** @param {{v: View, name: NameOf}} props */
function End({ v, name }) {
  if (v.stage !== 'over' && !v.winners) return null;
  const w = v.winners ?? [];
  const ranked = v.players.map((p, i) => ({ i, g: p.glory })).sort((a, b) => b.g - a.g);
  return html`<section class="glory-panel glory-end" aria-label="Final scores">
    <h3>Final glory</h3>
    <ol>${ranked.map((r) => html`<li>${r.i === v.solo?.otto ? 'Otto' : name(r.i)}: <b>${r.g}</b> glory${w.includes(r.i) ? html` <span class="glory-winner">winner</span>` : ''}</li>`)}</ol>
    ${v.solo && html`<p><b>${w.includes(0) ? 'You met the goal' : 'The goal was not met'}</b>: ${v.solo.goal}</p>`}
  </section>`;
}

/**
 * @param {{view: View | null, components: Components, actions: Listed[], act: ActFn, you: number | null, seatName: NameOf}} props
 */
export function Board({ view, components, actions, act, you, seatName }) {
  const v = view;
  if (!v) return html`<p class="quiet">The table is being laid out…</p>`;
  const facts = lookup(components);
  const f = finder(actions);
  /** @param {number} p */
  const name = (p) => (v.solo?.otto === p ? 'Otto' : seatName(p));
  const me = v.viewer ?? you ?? null;
  const order = v.players.map((p, i) => i).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const fight = v.stage === 'registration' || v.stage === 'tournament' || v.stage === 'prepare';
  const players = order.map((i) => html`<${Player} p=${v.players[i]} i=${i} v=${v} f=${f} act=${act} name=${name} mine=${i === me} facts=${facts} />`);
  return html`<div class="glory">
    <${Summary} v=${v} name=${name} facts=${facts} />
    <${End} v=${v} name=${name} />
    <${Duel} v=${v} f=${f} act=${act} name=${name} facts=${facts} />
    ${fight && html`<${Tournament} v=${v} f=${f} act=${act} name=${name} facts=${facts} />`}
    <div class="glory-players">${players.slice(0, 1)}</div>
    <${Town} v=${v} f=${f} act=${act} name=${name} facts=${facts} />
    <${JourneyRows} v=${v} f=${f} act=${act} facts=${facts} me=${me === null ? undefined : v.players[me]} />
    ${!fight && html`<${Tournament} v=${v} f=${f} act=${act} name=${name} facts=${facts} />`}
    <${Titles} v=${v} f=${f} act=${act} facts=${facts} />
    <${Solo} v=${v} facts=${facts} />
    <div class="glory-players">${players.slice(1)}</div>
  </div>`;
}
