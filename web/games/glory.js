// Glory: A Game of Knights. The table drawn from the viewer's view: the
// town's districts, the support track, the Journey rows, the tournament of
// the round, the duel being fought, every knight's board, and Otto in the
// solo game. Legal actions are found by their JSON and drawn as buttons on
// the thing they act on; anything not placed here is still in the word list.

import { html } from '../vendor/preact-htm.js';

// The view names components by id only; these few facts from the rulebook's
// tables let a player read a card without opening the book.
const ROMAN = ['0', 'I', 'II', 'III', 'IV'];
const SPACES = {
  training: ['Training', '3 Strength tokens'],
  prayer: ['Prayer', '3 Faith tokens'],
  service: ['Service', '3 coins'],
  travel_plans: ['Travel Plans', 'take 2 Journey cards'],
  patrol: ['Patrol', '2 coins'],
  warm_up: ['Warm-Up', '2 Strength tokens'],
  market: ['Market', 'a better mount or armor'],
  support: ['Support', 'take a tile from the track'],
  herald: ['Herald', 'register now for the tournament'],
  new_objective: ['New Objective', 'draw 3 titles, keep 1'],
  initiative: ['Initiative', '1 coin and a better place'],
  event: ['Event', 'the event card\'s action'],
};
const TITLES = [
  ['Strong', 5, '5 Challenge cards played and won'], ['Charming', 4, '5 Romance cards played'],
  ['Traveler', 4, '5 Market cards played'], ['Influential', 4, '5 supports'],
  ['Noble', 6, 'no Rogue ever used; a Minstrel, a Queen and a Squire'], ['Dreaded', 5, '2 Weapons Masters and 2 Rogues'],
  ['Pious', 5, 'a Sister, 3 relics, 3 Faith'], ['Religious', 4, '4 relics and 2 coins'],
  ['Patron', 4, '2 Minstrels and 3 coins'], ['Fortunate', 3, '3 coins and 3 Strength'],
  ['Wealthy', 3, '6 coins'], ['Prestigious', 5, '4 Prestige tokens'],
  ['Brave', 6, 'win one duel against a knight of attack 11, prestige 1'], ['Equipped', 5, 'mount and armor at level IV'],
];
const EVENTS = [
  'Action: 1 coin for 3 glory and 3 Faith', 'Everyone gains 2 coins', 'Everyone gains 2 Strength',
  'Action: 1 coin for the support on the card', 'Action: 1 coin to take 3 Journey cards',
  'Everyone plays with one pawn fewer', 'Everyone loses 2 coins', 'Action: 1 coin for the support on the card',
  'Action: 2 Strength to raise a level III mount or armor to IV', 'Action: 2 Strength for 5 glory',
  'Action: 1 coin for 5 Strength', 'Action: take the support on the card',
];
// Journey cards: [cost or opponent, reward]. Ids 0-11 Romance, 12-22 Market, 23-35 Challenge.
const JOURNEY = [
  ['', '2 coins'], ['', '1 glory / Charmer token'], ['', 'Ring relic'], ['', 'draw 2 titles, keep 1'],
  ['', '2 Faith'], ['', '2 Strength'], ['', '2 glory'], ['', 'Medallion relic'], ['', '3 coins / Overlord token'],
  ['', 'Squire / 2 Strength'], ['', 'Minstrel / 2 glory'], ['', 'Rosary relic / 2 Faith'],
  ['1 coin', 'Weapons Master'], ['3 coins', '3 glory and Chamberlain token'], ['1 coin', 'Rosary relic'],
  ['4 coins', 'mount III → IV'], ['4 coins', 'armor III → IV'], ['2 coins', 'mount II → III'],
  ['2 coins', 'armor II → III'], ['3 coins', 'Amulet relic'], ['2 coins', 'Armorer'], ['2 coins', 'Cook'],
  ['1 coin', '3 Strength'],
  ['7/0', 'Sister / 3 Faith'], ['8/1', 'armor II → III / 3 coins'], ['10/1', 'mount III → IV'],
  ['10/1', 'armor III → IV'], ['6/0', '2 coins / 2 glory'], ['7/0', '3 glory'], ['8/0', 'Warrior token / 3 Strength'],
  ['9/1', '5 glory'], ['8/0', 'mount II → III / 3 coins'], ['9/1', 'Amulet relic / 3 Faith'],
  ['9/2', 'Medallion relic and 2 glory'], ['11/1', '7 glory'], ['7/1', '2 glory and 2 coins'],
];
const KINDS = ['Romance', 'Market', 'Challenge'];
const kindOf = (id) => (id < 12 ? 0 : id < 23 ? 1 : 2);
const SUPPORTS = {
  hermit: 'start of a duel: flip a relic back', minstrel: '4 glory at once', rogue: '1st clash: lose 1 glory, opponent −1 attack',
  veteran: '+1 attack in a clash', squire: 'a Mount die to 4', weapons_master: 'a Strength die to 5',
  chronicler: '+1 glory per title', sister: 'Faith re-rolls 1 more die', queen: 'Travel Plans: 1 more card',
  armorer: 'an Armor die to 3', king: 'Royal Prestige token', bishop: 'Faith re-rolls 2 more dice',
  emissary: '1 more Journey card', lady_in_waiting: 'start of a duel: flip a support back', lady: '5 glory at once',
  jester: '1st clash: opponent −2 prestige', moneylender: '6 coins, −2 glory', cook: '1st clash: +1 attack',
  herald: 'start of a duel: flip a Prestige token back', witch: 'lose 1 glory, opponent −1 attack',
  diplomat: 'Market and Support cost 1 less', vassal: 'Overlord Prestige token',
};
const RELICS = { medallion: '+1 attack', amulet: '+2 attack', ring: 're-roll up to 4 dice', rosary: 'an Armor die to 3' };
const COLOURS = [['strength', 'Strength', 'red'], ['mount', 'Mount', 'black'], ['armor', 'Armor', 'white']];
const KNIGHT_TYPES = { champion: 'Champion', veteran: 'Veteran', king: 'King', noble: 'Noble', polish_noble: 'Polish Noble' };
const STAGES = {
  setup: 'Setting up', prepare: 'Setting up the tournament', actions: 'Action phase', journey: 'Journey phase',
  extra_journey: 'Journey cards of the knocked-out', final_journey: 'Final Journey', maintenance: 'Maintenance',
  registration: 'Registration', tournament: 'Tournament', titles: 'Title phase', over: 'Game over',
};

const nice = (s) => (s === 'lady_in_waiting' ? 'Lady-in-Waiting'
  : String(s ?? '').split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '));
const arr = (x) => (Array.isArray(x) ? x : []);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The legal actions, searchable by their JSON shape.
function finder(actions) {
  const list = arr(actions);
  return {
    obj: (k, v) => list.find((a) => a.action && typeof a.action === 'object' && k in a.action
      && (v === undefined || same(a.action[k], v))),
    all: (k) => list.filter((a) => a.action && typeof a.action === 'object' && k in a.action),
    unit: (s) => list.find((a) => a.action === s),
  };
}

// A thing on the board that may also be an action: a real button when the
// action is legal, plain otherwise, so nothing illegal is clickable.
function Act({ a, act, cls = '', children, label }) {
  if (!a) return html`<span class=${cls}>${children}</span>`;
  // The rules' label follows the visible text instead of replacing it, so
  // what a sighted player reads stays part of the button's name.
  return html`<button type="button" class=${`${cls} glory-btn act-target`} title=${a.label}
    onClick=${() => act(a.index)}>${children}<span class="sr-only">${label ? ` ${label}` : ''}: ${a.label}</span></button>`;
}

function Coat({ p, name }) {
  if (p === null || p === undefined) return null;
  return html`<span class=${`glory-coat glory-p${p % 4}`} title=${name(p)}><span aria-hidden="true">${p + 1}</span><span class="sr-only">${name(p)}</span></span>`;
}

function Back({ kind, n }) {
  return html`<span class="glory-card glory-back" title=${`${kind}: face down`}>
    <span class="glory-small">${kind}</span><span aria-hidden="true">✠</span>${n > 1 ? html`<b>×${n}</b>` : ''}
    <span class="sr-only">face down${n > 1 ? `, ${n} cards` : ''}</span></span>`;
}

function JCard({ c, a, act, extra }) {
  if (!c) return html`<span class="glory-card glory-empty">empty</span>`;
  const k = kindOf(c.id);
  const [cost, reward] = JOURNEY[c.id] ?? ['', ''];
  const costText = k === 2 && cost ? `attack ${cost.split('/')[0]}, prestige ${cost.split('/')[1]}` : cost;
  return html`<${Act} a=${a} act=${act} cls=${`glory-card glory-k${k}`}>
    <span class="glory-small">${KINDS[k]}</span>
    <span class="glory-cname">${c.name}${c.count > 1 ? ` ×${c.count}` : ''}</span>
    ${costText && html`<span class="glory-small">${k === 2 ? '⚔ ' : 'pay '}${costText}</span>`}
    <span class="glory-reward">${reward}</span>${extra}
  </${Act}>`;
}

function TitleCard({ t, a, act, done }) {
  if (!t) return null;
  const [name, glory, req] = TITLES[t.id] ?? [t.name, '?', ''];
  return html`<${Act} a=${a} act=${act} cls="glory-card glory-title">
    <span class="glory-cname">${t.name ?? name}</span><span class="glory-small">${glory} glory${done ? ' · completed ✓' : ''}</span>
    <span class="glory-reward">${req}</span></${Act}>`;
}

function Knight({ k, extra, compact }) {
  if (!k) return null;
  if (compact) {
    return html`<span class=${`glory-knight glory-compact glory-kt-${k.type}`} title=${`${KNIGHT_TYPES[k.type] ?? ''}: attack ${k.attack}, glory ${k.glory}, prestige ${k.prestige}`}>
      <span class="glory-cname">${k.name}</span>
      <span class="glory-small">${KNIGHT_TYPES[k.type] ?? nice(k.type)}</span>
      <span class="glory-small">⚔${k.attack} ★${k.glory} ♛${k.prestige}<span class="sr-only"> (attack, glory, prestige)</span></span></span>`;
  }
  const fewer = arr(k.fewer).map((n, i) => (n ? `−${n} ${COLOURS[i][1]} die` : null)).filter(Boolean);
  return html`<span class=${`glory-knight glory-kt-${k.type}`}>
    <span class="glory-small">${KNIGHT_TYPES[k.type] ?? nice(k.type)}</span>
    <span class="glory-cname">${k.name}</span>
    <span class="glory-stats"><span>⚔ ${k.attack}<span class="sr-only"> attack</span></span><span>★ ${k.glory}<span class="sr-only"> glory</span></span><span>♛ ${k.prestige}<span class="sr-only"> prestige</span></span></span>
    ${(fewer.length > 0 || k.armor_die) && html`<span class="glory-small">${fewer.join(', ')}${k.armor_die ? '+ white die' : ''}</span>`}
    ${extra}</span>`;
}

// ---- The town: the districts where the pawns go ----

function Town({ v, f, act, name }) {
  const n = v.seats ?? arr(v.players).length;
  const round = v.round ?? 1;
  const ev = arr(v.events)[round - 1];
  return html`<section class="glory-panel" aria-label="The town">
    <h3>The town</h3>
    <p class="glory-key">Pawns: <span aria-hidden="true">●</span> a circle taken · ○ a free circle · ∞ an open zone.</p>
    <div class="glory-town">
      ${arr(v.spaces).map((s) => {
        const [title, gives] = SPACES[s.space] ?? [nice(s.space), ''];
        if (s.space === 'event' && !ev) return null;
        const pawns = [];
        arr(s.pawns).forEach((c, p) => { for (let i = 0; i < c; i++) pawns.push(p); });
        const free = s.circles === null || s.circles === undefined ? null : Math.max(0, s.circles - pawns.length);
        const a = f.obj('place', s.space);
        return html`<div class=${`glory-district${s.space === 'event' ? ' glory-ev' : ''}`}>
          <${Act} a=${a} act=${act} cls="glory-dhead">
            <span class="glory-cname">${s.space === 'event' ? `Event: ${ev.name}` : title}</span>
            <span class="glory-small">${s.space === 'event' ? EVENTS[ev.id] ?? '' : gives}</span>
          </${Act}>
          <span class="glory-pawns" aria-label=${`${title}: ${pawns.length} pawns, ${free === null ? 'open zone' : `${free} circles free`}`}>
            ${pawns.map((p) => html`<${Coat} p=${p} name=${name} />`)}
            ${free === null ? html`<span class="glory-free" title="open zone">∞</span>`
              : Array.from({ length: free }, () => html`<span class="glory-free" title="free circle">○</span>`)}
          </span>
          ${s.space === 'market' && html`<span class="glory-row">${['mount', 'armor'].map((g) => {
            const m = f.obj('market', g);
            return m && html`<${Act} a=${m} act=${act} cls="glory-chip">${m.label.replace(/^Market: /, '')}</${Act}>`;
          })}</span>`}
          ${s.space === 'event' && v.event_support && html`<span class="glory-small">On the card: ${nice(v.event_support)}</span>`}
          ${s.space === 'initiative' && html`<span class="glory-small">Under the track: ${
            arr(v.initiative_spaces).some((x) => x !== null) ? arr(v.initiative_spaces).map((x, i) => (x === null ? null
              : html`<span>${i + 1}. <${Coat} p=${x} name=${name} /> </span>`)) : 'nobody yet'}</span>`}
          ${s.space === 'herald' && f.all('herald').length > 0 && html`<span class="glory-small">Choose the knight on the tournament board ↓</span>`}
        </div>`;
      })}
    </div>
    <${Track} v=${v} f=${f} act=${act} />
    <p class="glory-small">${n === 1 ? 'Solo: the town is laid out for two.' : `Laid out for ${n} players.`}</p>
  </section>`;
}

function Track({ v, f, act }) {
  const stacks = arr(v.support_stacks);
  return html`<div class="glory-sub" aria-label="Support track">
    <h4>Support track</h4>
    <div class="glory-track">
      ${arr(v.support_track).map((t, i) => {
        if (t.locked) return html`<span class="glory-slot glory-locked"><span class="glory-small">locked</span><span class="glory-small">not used at this table</span></span>`;
        const a = f.obj('support', i);
        return html`<${Act} a=${a} act=${act} cls=${`glory-slot${t.special ? ' glory-special' : ''}`}>
          <span class="glory-small">${t.special ? '✦ special · ' : ''}${t.cost} coin${t.cost === 1 ? '' : 's'}</span>
          <span class="glory-cname">${t.support ? nice(t.support) : '—'}</span>
          <span class="glory-reward">${t.support ? SUPPORTS[t.support] ?? '' : 'empty'}</span>
        </${Act}>`;
      })}
    </div>
    ${stacks.length > 0 && html`<p class="glory-small">Tiles left: special ${stacks[0]}, scroll ${stacks[1]}, stacks ${stacks.slice(2).join(' / ')}.
      ${arr(v.scroll_stack).length > 0 && ` Scroll supports (only from Journey cards): ${arr(v.scroll_stack).map((s) => `${s.name} ×${s.count}`).join(', ')}.`}</p>`}
  </div>`;
}

// ---- Journey cards: the three rows and their decks ----

function Journey({ v, f, act }) {
  const rows = arr(v.journey_rows);
  const decks = arr(v.journey_decks);
  return html`<section class="glory-panel" aria-label="Journey cards">
    <h3>Journey cards</h3>
    <div class="glory-journey">
      ${KINDS.map((k, t) => {
        const d = f.obj('draw', k.toLowerCase());
        const taken = new Set();
        return html`<div class="glory-jrow">
          <${Act} a=${d} act=${act} cls=${`glory-card glory-back glory-k${t}`}>
            <span class="glory-small">${k} deck</span><span aria-hidden="true">✠</span><b>${decks[t] ?? 0} left</b>
          </${Act}>
          ${arr(rows[t]).map((c) => {
            // Two face-up copies share one action; mark only the first so
            // the same action is not offered twice side by side.
            const a = c && !taken.has(c.id) ? f.obj('take', c.id) : null;
            if (c) taken.add(c.id);
            return html`<${JCard} c=${c} a=${a} act=${act} />`;
          })}
        </div>`;
      })}
    </div>
  </section>`;
}

// ---- The tournament of the round ----

function Tournament({ v, f, act, name }) {
  const t = v.tournament;
  if (!t) return null;
  const slotAct = (space) => f.obj('herald', space) ?? f.obj('register', space);
  const head = t.kind === 'joust_a_plaisance' ? 'Joust à Plaisance' : 'Pas d\'Armes';
  const rnd = v.round ?? 1;
  const chooser = v.tournament_chooser;
  if (chooser !== null && chooser !== undefined) {
    // Between rounds the type is still open: what was on the board is the
    // last round's, so show the choice instead.
    const picks = f.all('tournament');
    return html`<section class="glory-panel" aria-label="Tournament: to be chosen">
      <h3>Tournament of round ${rnd}: to be chosen</h3>
      <p>${name(chooser)} chooses a Pas d'Armes or a Joust à Plaisance for this round.</p>
      ${picks.length > 0 && html`<div class="glory-row">${picks.map((a) => html`<button type="button"
        class="glory-chip act-target" onClick=${() => act(a.index)}>${a.label}</button>`)}</div>`}
    </section>`;
  }
  return html`<section class="glory-panel" aria-label=${`Tournament: ${head}`}>
    <h3>Tournament of round ${rnd}: ${head}</h3>
    ${t.card === null || t.card === undefined ? html`<p class="quiet">The tournament card is not drawn yet.</p>` : ''}
    ${t.kind === 'pas_d_armes' ? html`<div class="glory-towns">
      ${arr(t.towns).map((town) => html`<div class="glory-town-col">
        <h4>${town.town}</h4>
        ${arr(town.knights).length === 0 && html`<p class="glory-small">No knights yet.</p>`}
        ${arr(town.knights).map((s) => {
          const a = slotAct(s.space);
          return html`<div class="glory-pas">
            <${Knight} k=${s.knight} />
            <${Act} a=${a} act=${act} cls="glory-challenger" label=${`Challenge ${s.knight?.name ?? 'this knight'}`}>
              ${s.challenger === null || s.challenger === undefined
                ? html`<span class="glory-small">${a ? 'Register here' : 'no challenger'}</span>`
                : html`<span class="glory-small">challenger</span> <${Coat} p=${s.challenger} name=${name} /> <span class="glory-small">${name(s.challenger)}</span>`}
            </${Act}>
          </div>`;
        })}
      </div>`)}
    </div>` : html`<${Ladder} t=${t} slotAct=${slotAct} act=${act} name=${name} />`}
    ${t.trophy && html`<p class="glory-small">Trophy: ${t.trophy}</p>`}
    ${!v.duel && v.stage === 'registration' && f.unit('pass') && html`<button type="button" class="glory-chip act-target"
      onClick=${() => act(f.unit('pass').index)}>${f.unit('pass').label}</button>`}
  </section>`;
}

// The ladder as a bracket: 8 entrants below, the winner on top.
function Ladder({ t, slotAct, act, name }) {
  const l = arr(t.ladder);
  const rows = [['Champion', 14, 1], ['Final', 12, 2], ['Middle row', 8, 4], ['Lower row', 0, 8]];
  const entry = (e, i) => {
    const a = i < 8 ? slotAct(i) : null;
    let body;
    if (!e) body = html`<span class="glory-small">${a ? 'Register here' : 'empty'}</span>`;
    else if (e.player !== undefined) body = html`<span class="glory-entrant"><${Coat} p=${e.player} name=${name} /> ${name(e.player)}</span>`;
    else body = html`<${Knight} k=${e.knight} compact=${true} />`;
    return html`<${Act} a=${a} act=${act} cls=${`glory-lslot${i >= 8 && e ? ' glory-up' : ''}`} label=${`Lower row space ${i + 1}`}>${body}</${Act}>`;
  };
  return html`<div class="glory-scroll"><div class="glory-ladder" role="group" aria-label="The ladder">
    ${rows.map(([label, from, count]) => html`<div class="glory-lrow" style=${`grid-template-columns: repeat(${count}, minmax(0, 1fr))`}>
      <span class="glory-lname">${label}</span>
      ${Array.from({ length: count }, (_, j) => entry(l[from + j] ?? null, from + j))}
    </div>`)}
  </div></div>`;
}

// ---- The duel ----

function Die({ colour, face, value, a, act, picked, fresh }) {
  const [, label, hue] = colour;
  const sym = face === 5;
  const shown = value === null || value === undefined ? '…' : value;
  const text = `${label} die: ${value === null || value === undefined ? 'rolling' : value}${sym ? ' (symbol)' : ''}${picked ? ', picked to re-roll' : ''}`;
  const inner = html`<span class=${`glory-die glory-d-${hue}${picked ? ' glory-picked' : ''}${fresh ? ' glory-fresh' : ''}`}>${shown}${sym ? html`<sup aria-hidden="true">☆</sup>` : ''}</span>`;
  if (a) return html`<button type="button" class="glory-btn glory-diebtn act-target" title=${a.label} onClick=${() => act(a.index)}>${inner}<span class="sr-only">: ${text}. ${a.label}</span></button>`;
  return html`<span role="img" aria-label=${text} title=${text}>${inner}</span>`;
}

// The last duel names its fighters by id only; find a name the view or
// the card tables already give.
const CHALLENGES = ['Rescue', 'Louis of Gruuthuse', 'Louis II of Brzeg', 'Riccio of Parma', 'Highwayman', 'Robber Baron',
  'Errant Knight', 'Black Knight', 'Horse Thief', 'Relic Guardian', 'Tourney Champion', 'Giant of the Woods', 'Marauder'];
function fighterName(fi, v, name) {
  if (!fi) return '?';
  if (fi.player !== undefined) return name(fi.player);
  if (fi.otto !== undefined) return 'Otto';
  if (fi.card !== undefined) return CHALLENGES[fi.card - 23] ?? 'the Challenge card\'s knight';
  if (fi.title !== undefined) return 'Brave\'s knight';
  const t = v.tournament ?? {};
  const all = [...arr(t.towns).flatMap((x) => arr(x.knights).map((s) => s.knight)), ...arr(t.ladder).map((e) => e && e.knight)];
  return all.find((k) => k && k.id === fi.knight)?.name ?? 'the knight';
}

function Duel({ v, f, act, name, last }) {
  const d = v.duel;
  if (!d) return v.last_duel ? html`<section class="glory-panel glory-duelpanel" aria-label="The last duel">
    <h3>Last duel</h3><p>${arr(v.last_duel.fighters).map((fi, i) => `${fighterName(fi, v, name)}`).join(' against ')}:
    ${' '}${fighterName(arr(v.last_duel.fighters)[v.last_duel.winner], v, name)} won, ${arr(v.last_duel.wins).join(' to ')} clashes${
      arr(v.last_duel.glory).some((g) => g > 0) ? `; glory scored ${arr(v.last_duel.glory).join(' / ')}` : ''}.</p></section>` : null;
  const step = typeof d.step === 'string' ? d.step : Object.keys(d.step ?? {})[0] ?? '';
  const freshSides = new Set(arr(last).flatMap((s) => arr(s.events)).filter((e) => e && e.kind === 'rolled').map((e) => e.side));
  const rerolls = f.all('reroll');
  const used = new Set();
  const side = (s, i) => {
    const n = arr(d.fighters)[i] ?? fighterName(s.fighter, v, name);
    const acting = d.acting === i;
    return html`<div class=${`glory-side${acting ? ' glory-acting' : ''}`}>
      <h4>${n} ${acting ? html`<span class="glory-tag">acting</span>` : ''}</h4>
      <p class="glory-stats"><span>⚔ attack ${s.attack}${s.attack_modifier ? ` (${s.attack_modifier > 0 ? '+' : ''}${s.attack_modifier})` : ''}</span>
        <span>♛ prestige ${s.prestige}${s.prestige_modifier ? ` (${s.prestige_modifier > 0 ? '+' : ''}${s.prestige_modifier})` : ''}</span>
        <span>clashes won ${arr(d.wins)[i] ?? 0}</span></p>
      ${s.fighter && s.fighter.player !== undefined && html`<p class="glory-small">Strength tokens committed: ${s.strength_tokens}
        ${s.faith_used ? ' · Faith used this clash' : ''}${s.relic_used ? ' · relic used this clash' : ''}</p>`}
      ${COLOURS.map((c, ci) => {
        const dice = arr(arr(s.dice)[ci]);
        if (dice.length === 0) return null;
        return html`<div class="glory-dicerow"><span class="glory-small">${c[1]} (${c[2]})</span>
          ${dice.map((face, di) => {
            const slot = ci * 3 + di;
            let a = null;
            if (i === d.acting && !used.has(`${c[0]}${face}`)) {
              a = rerolls.find((r) => r.action.reroll.colour === c[0] && r.action.reroll.face === face) ?? null;
              if (a) used.add(`${c[0]}${face}`);
            }
            return html`<${Die} colour=${c} face=${face} value=${arr(arr(s.values)[ci])[di]} a=${a} act=${act}
              picked=${i === d.acting && arr(d.picked).includes(slot)} fresh=${freshSides.has(i)} />`;
          })}</div>`;
      })}
      ${s.knight_die !== null && s.knight_die !== undefined && html`<div class="glory-dicerow"><span class="glory-small">Knight's white die</span>
        <${Die} colour=${COLOURS[2]} face=${s.knight_die} value=${[0, 1, 1, 2, 3, 0][s.knight_die]} /></div>`}
    </div>`;
  };
  // The duel's own choices sit in the duel, next to the dice they change.
  const buttons = [...f.all('strength'), f.unit('faith'), f.unit('roll'), ...f.all('relic'), f.unit('attempt'), f.unit('pass')].filter(Boolean);
  const lc = d.last_clash;
  return html`<section class="glory-panel glory-duelpanel" aria-label="The duel">
    <h3>Duel: ${arr(d.fighters).join(' against ')}</h3>
    <p class="glory-small">Clash ${d.clash} of up to 3 · step: ${nice(step)}${d.pick_limit ? ` · may pick ${d.pick_limit} dice to re-roll` : ''}</p>
    ${lc && html`<p class="glory-small">Last clash: attack ${arr(lc.attack).join(' to ')}, prestige ${arr(lc.prestige).join(' to ')};
      ${arr(d.fighters)[lc.winner] ?? ''} won on ${lc.by}.</p>`}
    <div class="glory-sides">${arr(d.sides).map(side)}</div>
    ${buttons.length > 0 && html`<div class="glory-row">${buttons.map((a) => html`<button type="button" class="glory-chip act-target"
      onClick=${() => act(a.index)}>${a.label}</button>`)}</div>`}
  </section>`;
}

// ---- A knight's board ----

function Gear({ what, level, a, act }) {
  const lv = Math.max(0, Math.min(4, level ?? 0));
  return html`<${Act} a=${a} act=${act} cls="glory-gear">
    <span class="glory-small">${what}</span>
    <span class="glory-level" aria-hidden="true">${[1, 2, 3, 4].map((i) => html`<i class=${i <= lv ? 'on' : ''}>${ROMAN[i]}</i>`)}</span>
    <b>= ${ROMAN[lv]}<span class="sr-only"> (level ${lv} of 4)</span></b>
  </${Act}>`;
}

function Tiles({ list, names, tip, f, act, keys, p }) {
  return arr(list).map((t) => {
    const a = keys.map((k) => f.obj(k, t.kind)).find(Boolean);
    const inactive = t.owned - t.active;
    return html`<${Act} a=${a} act=${act} cls=${`glory-tile${t.active === 0 ? ' glory-spent' : ''}`}>
      <span class="glory-cname">${names(t.kind)}${t.owned > 1 ? ` ×${t.owned}` : ''}</span>
      <span class="glory-small">${t.active} active${inactive ? `, ${inactive} flipped` : ''}</span>
      ${tip && tip[t.kind] && html`<span class="glory-reward">${tip[t.kind]}</span>`}
    </${Act}>`;
  });
}

function Player({ p, i, v, f, act, name, mine }) {
  const otto = v.solo && v.solo.otto === i;
  const onMove = arr(v.on_move).includes(i);
  const hand = mine ? arr(p.hand) : null;
  const sizes = arr(p.hand_size);
  const known = arr(p.known_cards);
  const who = otto ? 'Otto (the automa)' : name(i);
  const init = arr(v.order).indexOf(i);
  const done = new Set(arr(p.completed_titles).map((t) => t.id));
  const res = [['★', 'glory', p.glory], ['¤', 'coins', p.coins], ['▲', 'Strength', p.strength], ['✝', 'Faith', p.faith]];
  return html`<section class=${`glory-panel glory-player glory-pb${i % 4}${onMove ? ' glory-onmove' : ''}`} aria-label=${`Board of ${who}`}>
    <h3><${Coat} p=${i} name=${(x) => (otto ? 'Otto' : name(x))} /> ${who}${mine ? ' — you' : ''}${onMove ? html` <span class="glory-tag">to move</span>` : ''}</h3>
    <p class="glory-small">${p.character ? `${p.character.name}` : otto ? 'Otto has no character' : 'No character yet'}${
      init >= 0 ? ` · initiative ${init + 1} of ${arr(v.order).length}` : ''}${p.took_initiative ? ' · took Initiative' : ''}${
      v.stage === 'actions' && !otto ? ` · pawns left ${p.pawns_left}` : ''}</p>
    ${(arr(p.dealt).length > 0 || f.all('character').length > 0) && mine && !p.character && html`<div class="glory-row" aria-label="Character cards">
      ${characterChoices(p, f).map(({ c, a }) => html`<${Act} a=${a} act=${act} cls="glory-card glory-char">
        <span class="glory-small">Character</span><span class="glory-cname">${c.name}</span></${Act}>`)}</div>`}
    ${!otto && html`<div class="glory-res">
      ${res.map(([sym, label, n]) => html`<span class="glory-count"><span aria-hidden="true">${sym}</span> <b>${n ?? 0}</b> ${label}</span>`)}
    </div>
    <div class="glory-row">
      <${Gear} what="Mount" level=${p.mount} a=${mine ? f.obj('loot', 'mount') : null} act=${act} />
      <${Gear} what="Armor" level=${p.armor} a=${mine ? f.obj('loot', 'armor') : null} act=${act} />
    </div>`}
    ${otto && html`<p class="glory-count"><span aria-hidden="true">★</span> <b>${p.glory ?? 0}</b> glory</p>`}
    ${(arr(p.supports).length + arr(p.relics).length + arr(p.prestige).length > 0) && html`<div class="glory-row">
      <${Tiles} list=${p.supports} names=${nice} tip=${SUPPORTS} f=${f} act=${act} keys=${mine ? ['use', 'reactivate_support'] : []} />
      <${Tiles} list=${p.relics} names=${(k) => `${nice(k)} relic`} tip=${RELICS} f=${f} act=${act} keys=${mine ? ['relic', 'reactivate_relic'] : []} />
      <${Tiles} list=${p.prestige} names=${(k) => `${nice(k)} prestige`} f=${f} act=${act} keys=${[]} />
    </div>`}
    ${!otto && html`<h4>Journey cards in hand <span class="glory-small">(played this phase: ${arr(p.played).map((n, t) => `${KINDS[t]} ${n}`).join(', ')}${
      p.journey_left !== undefined ? ` · may play ${p.journey_left} more` : ''})</span></h4>
    <div class="glory-hand">
      ${hand ? (hand.length === 0 ? html`<span class="glory-small">none</span>` : hand.map((c) => html`<${JCard} c=${c}
          a=${f.obj('play', c.id) ?? f.obj('exchange', c.id)} act=${act} />`))
        : sizes.some((n) => n > 0) ? hiddenHand(sizes, known) : html`<span class="glory-small">none</span>`}
    </div>
    ${mine && html`<div class="glory-row">${[...f.all('choose'), handPass(v, f)].filter(Boolean).map((a) => html`<button type="button"
      class="glory-chip act-target" onClick=${() => act(a.index)}>${a.label}</button>`)}</div>`}`}
    ${!mine && known.length > 0 && html`<p class="glory-small">Known to all: ${known.map((c) => `${c.name}${c.count > 1 ? ` ×${c.count}` : ''}`).join(', ')}</p>`}
    ${mine && arr(p.title_offer).length > 0 && html`<h4>Titles offered: keep one</h4>
      <div class="glory-hand">${arr(p.title_offer).map((t) => html`<${TitleCard} t=${t} a=${f.obj('keep_title', t.id)} act=${act} />`)}</div>`}
    <h4>Personal objectives <span class="glory-small">(${p.objectives_held ?? 0})</span></h4>
    <div class="glory-hand">
      ${Array.isArray(p.objectives)
        ? (p.objectives.length ? p.objectives.map((t) => html`<${TitleCard} t=${t} a=${t.id === 12 ? f.unit('attempt') : null} act=${act} done=${done.has(t.id)} />`) : html`<span class="glory-small">none</span>`)
        : (p.objectives_held ? html`<${Back} kind="Title" n=${p.objectives_held} />` : html`<span class="glory-small">none</span>`)}
    </div>
    ${arr(p.completed_titles).length > 0 && html`<p class="glory-small">Titles completed: ${p.completed_titles.map((t) => t.name).join(', ')}</p>`}
  </section>`;
}

// "pass" means different things by phase; offer it beside what it ends.
function handPass(v, f) {
  if (v.duel) return null;
  const journeying = ['journey', 'extra_journey', 'final_journey'].includes(v.stage) || f.all('exchange').length > 0;
  return journeying ? f.unit('pass') : null;
}

function hiddenHand(sizes, known) {
  return KINDS.map((k, t) => (sizes[t] ? html`<${Back} kind=${k} n=${sizes[t]} />` : null));
}

// The level I card is offered by action but not listed in `dealt`, so the
// choices are the actions themselves, named by their labels.
function characterChoices(p, f) {
  const acts = f.all('character');
  if (acts.length) return acts.map((a) => ({ c: { name: a.label.replace(/^Play /, '') }, a }));
  return arr(p.dealt).map((c) => ({ c, a: null }));
}

// ---- Otto and the solo goal ----

function Solo({ v }) {
  const s = v.solo;
  if (!s) return null;
  return html`<section class="glory-panel glory-solo" aria-label="The solo game">
    <h3>Solo game against Otto</h3>
    <p>Mode: <b>${nice(s.mode)}</b> · difficulty ${s.difficulty} · automa deck: ${s.deck}</p>
    <p>Goal: <b>${s.goal ?? '—'}</b>${s.target ? ` (${s.target} glory)` : ''}${s.mode === 'champion' ? ` · Joust à Plaisance won: ${s.trophies ?? 0}` : ''}</p>
    <div class="glory-row">
      ${s.knight && html`<span><span class="glory-small">Otto fights as</span><${Knight} k=${s.knight} /></span>`}
      <span class="glory-card glory-back"><span class="glory-small">Automa deck</span><span aria-hidden="true">✠</span><b>${s.automa_left ?? 0} left</b></span>
      ${s.last_card && html`<span class="glory-card glory-automa"><span class="glory-small">Last automa card</span><span class="glory-reward">${s.last_card}</span></span>`}
    </div>
  </section>`;
}

function Summary({ v, name }) {
  const round = v.round ?? 1;
  return html`<section class="glory-panel glory-head" aria-label="Round and events">
    <p><b>Round ${round} of 3</b> · ${STAGES[v.stage] ?? nice(v.stage)}${v.waiting_for ? html` · <span>${v.waiting_for}</span>` : ''}</p>
    <div class="glory-row">
      ${[0, 1, 2].map((r) => {
        const e = arr(v.events)[r];
        return e ? html`<span class=${`glory-card glory-event${r + 1 === round ? ' glory-now' : ''}`}>
            <span class="glory-small">Event, round ${r + 1}${r + 1 === round ? ' (now)' : ''}</span>
            <span class="glory-cname">${e.name}</span><span class="glory-reward">${EVENTS[e.id] ?? ''}</span></span>`
          : html`<${Back} kind=${`Event, round ${r + 1}`} n=${1} />`;
      })}
      <span class="glory-track-order"><span class="glory-small">Initiative track</span>
        ${arr(v.order).length ? html`<ol>${arr(v.order).map((p) => html`<li><${Coat} p=${p} name=${name} /> ${name(p)}</li>`)}</ol>` : html`<span class="glory-small">not drawn yet</span>`}</span>
    </div>
  </section>`;
}

function Titles({ v, f, act }) {
  return html`<section class="glory-panel" aria-label="Public titles">
    <h3>Public titles <span class="glory-small">(title deck: ${v.title_deck ?? 0})</span></h3>
    <div class="glory-hand">${arr(v.public_titles).map((t) => html`<${TitleCard} t=${t} a=${t.id === 12 ? f.unit('attempt') : null} act=${act} />`)}</div>
    <p class="glory-small glory-title-discards">Title discard pile${arr(v.title_discards).length
      ? html` (shuffled into a new deck when the deck runs out): ${v.title_discards.map((t) => t.name).join(', ')}`
      : ': empty'}</p>
    ${!v.duel && v.stage === 'titles' && f.unit('pass') && html`<button type="button" class="glory-chip act-target"
      onClick=${() => act(f.unit('pass').index)}>${f.unit('pass').label}</button>`}
    ${arr(v.relic_supply).length === 4 && html`<p class="glory-small">Relics in the supply: ${Object.keys(RELICS).map((k, i) => `${nice(k)} ${v.relic_supply[i]}`).join(', ')}</p>`}
  </section>`;
}

function End({ v, name }) {
  if (v.stage !== 'over' && !Array.isArray(v.winners)) return null;
  const w = arr(v.winners);
  const ranked = arr(v.players).map((p, i) => ({ i, g: p.glory ?? 0 })).sort((a, b) => b.g - a.g);
  return html`<section class="glory-panel glory-end" aria-label="Final scores">
    <h3>Final glory</h3>
    <ol>${ranked.map((r) => html`<li>${r.i === v.solo?.otto ? 'Otto' : name(r.i)}: <b>${r.g}</b> glory${w.includes(r.i) ? ' — 🏆 winner' : ''}</li>`)}</ol>
    ${v.solo && html`<p><b>${w.includes(0) ? 'You met the goal' : 'The goal was not met'}</b>: ${v.solo.goal ?? ''}</p>`}
  </section>`;
}

export function Board({ view, actions, act, you, seatName }) {
  const v = view;
  if (!v || typeof v !== 'object' || !Array.isArray(v.players)) {
    return html`<p class="quiet">The table is being laid out…</p>`;
  }
  const f = finder(actions);
  const go = typeof act === 'function' ? act : () => {};
  const base = typeof seatName === 'function' ? seatName : (s) => `Seat ${s + 1}`;
  const name = (p) => (v.solo && v.solo.otto === p ? 'Otto' : base(p));
  const me = v.viewer ?? you ?? null;
  const order = arr(v.players).map((p, i) => i).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const fight = v.stage === 'registration' || v.stage === 'tournament' || v.stage === 'prepare';
  const players = order.map((i) => html`<${Player} p=${v.players[i]} i=${i} v=${v} f=${f} act=${go} name=${name} mine=${i === me} />`);
  return html`<div class="glory">
    <${Summary} v=${v} name=${name} />
    <${End} v=${v} name=${name} />
    <${Duel} v=${v} f=${f} act=${go} name=${name} />
    ${fight && html`<${Tournament} v=${v} f=${f} act=${go} name=${name} />`}
    <div class="glory-players">${players.slice(0, 1)}</div>
    <${Town} v=${v} f=${f} act=${go} name=${name} />
    <${Journey} v=${v} f=${f} act=${go} />
    ${!fight && html`<${Tournament} v=${v} f=${f} act=${go} name=${name} />`}
    <${Titles} v=${v} f=${f} act=${go} />
    <${Solo} v=${v} />
    <div class="glory-players">${players.slice(1)}</div>
  </div>`;
}
