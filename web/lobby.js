// @ts-check
// The lobby: a display name, a form to set up a table, and the tables
// that are open, being played and finished.

import { html, useEffect, useState } from './vendor/preact-htm.js';
import { api } from './api.js';
import { remember } from './storage.js';
import { navigate } from './app.js';
import { OptionsForm, configFrom } from './options.js';

const CHOICES = [
  ['me', 'Me'],
  ['friend', 'A friend (invite link)'],
  ['easy', 'Bot: easy'],
  ['medium', 'Bot: medium'],
  ['hard', 'Bot: hard'],
];

export function Lobby() {
  const [catalog, setCatalog] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    document.title = 'Tourney';
    api.games().then(setCatalog, (e) => setError(e.message));
  }, []);
  return html`
    <header class="site"><a href="/" data-nav class="brand">Tourney</a>
      <span class="tagline">knightly games at one table, near or far</span></header>
    <main class="lobby">
      <${NameField} />
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${catalog ? html`<${CreateTable} catalog=${catalog} />` : !error && html`<p>Loading the games…</p>`}
      <${YourGames} />
      <${TableList} status="open" title="Open tables" verb="Join" />
      <${TableList} status="playing" title="Games in progress" verb="Watch" />
      <${TableList} status="finished" title="Finished games" verb="Replay" />
    </main>`;
}

function NameField() {
  const [name, setName] = useState(remember.name());
  return html`<section class="card name">
    <label for="display-name">Your name at the table</label>
    <input id="display-name" maxlength="40" autocomplete="nickname" value=${name}
      placeholder="e.g. Ann"
      onInput=${(e) => { setName(e.target.value); remember.setName(e.target.value.trim()); }} />
  </section>`;
}

function CreateTable({ catalog }) {
  const games = catalog.games;
  const [gameName, setGameName] = useState(games[0].name);
  const game = games.find((g) => g.name === gameName);
  const [count, setCount] = useState(2);
  const [seats, setSeats] = useState(['me', 'medium']);
  const [values, setValues] = useState({});
  const [privateTable, setPrivate] = useState(true);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);

  const pickGame = (name) => {
    const next = games.find((g) => g.name === name);
    const n = Math.min(Math.max(count, next.min_seats), next.max_seats);
    setGameName(name);
    setValues({});
    resize(n);
  };
  const resize = (n) => {
    setCount(n);
    setSeats((old) => Array.from({ length: n }, (_, i) => old[i] ?? (i === 0 ? 'me' : 'medium')));
  };
  const submit = async (event) => {
    event.preventDefault();
    setError(null);
    const name = remember.name();
    const mine = seats.filter((s) => s === 'me').length;
    if (mine > 1) return setError('Choose "Me" for one seat only; a friend gets an invite link.');
    if (mine === 1 && !name) return setError('Type your name at the top first: it is shown at your seat.');
    let config;
    try {
      config = configFrom(game, values);
    } catch (e) {
      return setError(e.message);
    }
    const body = {
      game: gameName,
      seats: seats.map((s) => s === 'me' ? { kind: 'person', name }
        : s === 'friend' ? { kind: 'person' } : { kind: 'bot', bot: s }),
      private: privateTable,
    };
    if (Object.keys(config).length) body.config = config;
    setBusy(true);
    try {
      const made = await api.create(body);
      remember.created(made);
      navigate(made.url);
    } catch (e) {
      setError(e.message);
      setBusy(false);
    }
  };
  const sizes = [];
  for (let n = game.min_seats; n <= game.max_seats; n++) sizes.push(n);
  return html`<section class="card create">
    <h2>New table</h2>
    <form onSubmit=${submit}>
      <div class="row">
        <label for="game">Game</label>
        <select id="game" value=${gameName} onChange=${(e) => pickGame(e.target.value)}>
          ${games.map((g) => html`<option value=${g.name}>${g.title}</option>`)}
        </select>
        <label for="players">Players</label>
        <select id="players" value=${count} onChange=${(e) => resize(Number(e.target.value))}>
          ${sizes.map((n) => html`<option value=${n}>${n}${n === 1 ? ' (solo)' : ''}</option>`)}
        </select>
      </div>
      <fieldset class="seats"><legend>Seats</legend>
        ${seats.map((s, i) => html`<div class="seat-choice">
          <label for=${`seat-${i}`}>Seat ${i + 1}</label>
          <select id=${`seat-${i}`} value=${s}
            onChange=${(e) => setSeats(seats.map((old, j) => j === i ? e.target.value : old))}>
            ${CHOICES.map(([value, text]) => html`<option value=${value}>${text}</option>`)}
          </select></div>`)}
      </fieldset>
      <details class="options"><summary>Rules options for ${game.title}</summary>
        <${OptionsForm} game=${game} values=${values} setValues=${setValues} />
      </details>
      <label class="check"><input type="checkbox" checked=${privateTable}
        onChange=${(e) => setPrivate(e.target.checked)} />
        Private: in no list of the lobby; open seats only for invite links</label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" class="primary" disabled=${busy}>Create the table</button>
    </form>
  </section>`;
}

function TableList({ status, title, verb }) {
  const [page, setPage] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    const load = () => api.lobby(status).then(
      (p) => { if (live) { setPage(p); setError(null); } },
      (e) => { if (live) setError(e.message); });
    load();
    // A lobby left open stays current without hammering the server.
    const timer = setInterval(() => { if (!document.hidden) load(); }, 5000);
    return () => { live = false; clearInterval(timer); };
  }, [status]);
  return html`<section class="card tables">
    <h2>${title}${page ? html` <span class="count">(${page.total})</span>` : ''}</h2>
    ${error && html`<p class="error">${error}</p>`}
    ${page && page.tables.length === 0 && html`<p class="quiet">None just now.</p>`}
    ${page && page.tables.length > 0 && html`<ul class="table-list">
      ${page.tables.map((t) => html`<li>
        <a href=${`/t/${t.id}`} data-nav>${remember.seat(t.id) ? 'Resume' : verb}</a>
        <span class="game">${t.title}</span>
        <span class="who">${t.seats.map((s) => s.taken ? s.name : 'open').join(' · ')}</span>
        <span class="quiet">${t.steps} steps</span>
      </li>`)}
    </ul>`}
  </section>`;
}

// How many of this browser's tables "Your games" asks the server about.
const YOUR_GAMES = 10;

/**
 * Whose turn it is at a table, in a few words for a list.
 * @param {any} state the table as `GET /api/tables/{id}` answers it
 */
function turnWords(state) {
  const turn = state.turn;
  if (turn.kind === 'waiting') return 'waiting for players to join';
  if (turn.kind === 'over') return 'over';
  if (turn.kind === 'chance') return 'the dice are rolling';
  if (turn.seats.includes(state.you)) return 'your turn';
  const names = turn.seats.map((/** @type {number} */ s) => state.seats[s]?.name ?? `seat ${s + 1}`);
  return `waiting for ${names.join(' and ')}`;
}

/**
 * The tables this browser holds a seat at, newest first, to resume: the
 * games a person came back for. A table the server no longer knows, or
 * whose seat is no longer this browser's, is forgotten.
 */
function YourGames() {
  const [games, setGames] = useState(/** @type {any[] | null} */ (null));
  useEffect(() => {
    let live = true;
    const load = async () => {
      const held = remember.seats().slice(0, YOUR_GAMES);
      const answers = await Promise.all(held.map((h) => api.table(h.table, h.token).then(
        (state) => state,
        (e) => {
          if (e.status === 404 || e.status === 401) remember.forgetSeat(h.table);
          return null;
        })));
      if (live) setGames(answers.filter((state) => state !== null && state.you !== null));
    };
    load();
    const timer = setInterval(() => { if (!document.hidden) load(); }, 15000);
    return () => { live = false; clearInterval(timer); };
  }, []);
  if (!games || games.length === 0) return null;
  return html`<section class="card tables your-games">
    <h2>Your games <span class="count">(${games.length})</span></h2>
    <ul class="table-list">
      ${games.map((state) => {
        const words = turnWords(state);
        return html`<li class=${words === 'your turn' ? 'mine' : ''}>
          <a href=${`/t/${state.id}`} data-nav>${state.status === 'finished' ? 'See the end' : 'Resume'}</a>
          <span class="game">${state.title}</span>
          <span class="who">${state.seats.map((/** @type {any} */ s) => s.taken ? s.name : 'open').join(' · ')}</span>
          <span class="turn-state">${words}</span>
        </li>`;
      })}
    </ul>
  </section>`;
}
