// @ts-check
// The pieces around every game's board: seats, the turn, the actions in
// words, the log, joining, invites and the end of the game.

import { html, useEffect, useRef, useState } from './vendor/preact-htm.js';
import { api } from './api.js';
import { remember } from './storage.js';
import { navigate } from './app.js';
import { DiceCheck } from './verify.js';

export function seatNamer(seats) {
  return (seat) => {
    const s = seats[seat];
    // One name per person, as the log writes it: "Ann", "Bot (medium)";
    // a seat nobody has taken yet is known by its number.
    return s && s.name ? s.name : `Seat ${seat + 1}`;
  };
}

export function TurnBanner({ table, seatName }) {
  const turn = table.turn;
  let text;
  let tone = 'wait';
  if (turn.kind === 'waiting') {
    const open = table.seats.filter((s) => !s.taken).length;
    text = `Waiting for ${open} more ${open === 1 ? 'player' : 'players'} to join`;
  } else if (turn.kind === 'chance') {
    text = 'The dice are rolling…';
  } else if (turn.kind === 'over') {
    const winners = turn.winners ?? [];
    // A table of one person is a solo game: no winner means it was lost.
    const solo = table.seats.length === 1;
    text = winners.length === 0 ? (solo ? `The game is over: ${seatName(0)} lost the solo game` : 'The game is over: nobody won')
      : winners.includes(table.you) ? (winners.length > 1 ? 'The game is over: you share the win' : 'You won!')
      : `The game is over: ${winners.map(seatName).join(' and ')} won`;
    tone = 'over';
  } else if (table.you !== null && turn.seats.includes(table.you)) {
    const others = turn.seats.filter((s) => s !== table.you);
    text = others.length ? `Your turn (with ${others.map(seatName).join(', ')})` : 'Your turn';
    tone = 'mine';
  } else {
    text = `Waiting for ${turn.seats.map(seatName).join(' and ')}`;
  }
  return html`<p class=${`turn ${tone}`} aria-live="polite" data-turn=${tone}>${text}</p>`;
}

export function Seats({ table }) {
  const on = table.turn.kind === 'seats' ? table.turn.seats : [];
  return html`<ul class="seats-bar" aria-label="Seats">
    ${table.seats.map((s) => html`<li class=${`seat-tag${on.includes(s.seat) ? ' on-move' : ''}${s.seat === table.you ? ' you' : ''}`}
      title=${s.bot ? `A bot; engine ${s.bot}` : undefined}>
      <span class="seat-no">${s.seat + 1}</span>
      <span class="seat-name">${s.taken ? s.name : 'open seat'}</span>
      ${s.seat === table.you && html`<span class="you-mark"> (you)</span>`}
      ${s.away && html`<span class="away-mark" title="A bot plays for this player until they are back"> (away)</span>`}
      ${on.includes(s.seat) && html`<span class="sr-only"> to move</span>`}
    </li>`)}
  </ul>`;
}

export function ActionList({ actions, act, busy, mine, watching }) {
  const [filter, setFilter] = useState('');
  // On a phone the box rides at the bottom of the screen over the board;
  // a player who needs to see the board's lower part folds it away.
  const [folded, setFolded] = useState(false);
  const list = useRef(null);
  const shown = filter
    ? actions.filter((a) => a.label.toLowerCase().includes(filter.toLowerCase()))
    : actions;
  // Arrow keys move between the actions, as in a menu; Enter or Space
  // takes the one that has focus.
  const onKey = (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...list.current.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1) : Math.max(at - 1, 0);
    buttons[next]?.focus();
    event.preventDefault();
  };
  if (watching) return html`<section class="actions-box" aria-label="Watching"><h2>Watching</h2>
    <p class="quiet">You are watching: you see what lies face up, and the seats' choices once they are shown.</p></section>`;
  if (!mine) return html`<section class="actions-box" aria-label="Your actions"><h2 tabindex="-1">Your actions</h2>
    <p class="quiet">Nothing to do just now.</p></section>`;
  return html`<section class=${`actions-box${folded ? ' folded' : ''}`} aria-label="Your actions">
    <h2 tabindex="-1">Your actions <span class="count">(${actions.length})</span>
      <button type="button" class="actions-fold" aria-expanded=${!folded} aria-controls="action-list"
        onClick=${() => setFolded(!folded)}>${folded ? 'Show' : 'Hide'}</button></h2>
    ${actions.length > 10 && html`<input class="filter" type="search" aria-label="Filter the actions"
      placeholder="Filter…" value=${filter} onInput=${(e) => setFilter(e.target.value)} />`}
    <ol class="actions" id="action-list" ref=${list} onKeyDown=${onKey} tabindex="0" aria-label="Actions you may take">
      ${shown.map((a) => html`<li><button class="action" data-index=${a.index} disabled=${busy}
        onClick=${() => act(a.index)}>${a.label}</button></li>`)}
    </ol>
  </section>`;
}

export function Log({ log }) {
  const box = useRef(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [log.length]);
  return html`<section class="log-box" aria-label="What happened">
    <h2>Log</h2>
    <p class="quiet log-key">Every line starts with its step number: each move, die roll and card drawn is one step of the game's record.</p>
    <ol class="log" ref=${box} tabindex="0" aria-label="Game log">
      ${log.length === 0 && html`<li class="quiet">Nothing has happened yet.</li>`}
      ${log.map((line) => html`<li data-seq=${line.seq}><span class="seq" title=${`Step ${line.seq}`}>${line.seq}</span> ${line.text}</li>`)}
    </ol>
  </section>`;
}

/**
 * Joins, asking again with the same key when the answer is lost (no
 * answer, or a server restarting): the repeat gets the seat the first
 * took, never a second one.
 * @param {string} id
 * @param {Record<string, unknown>} body
 */
async function joinSurely(id, body) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.join(id, body);
    } catch (e) {
      const lost = e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504;
      if (!lost || attempt === 3) throw e;
      await new Promise((done) => setTimeout(done, 500 * attempt));
    }
  }
}

export function JoinPanel({ table, onJoined }) {
  const params = new URLSearchParams(location.search);
  const invite = params.get('invite');
  const inviteSeat = params.has('seat') ? Number(params.get('seat')) : null;
  const [name, setName] = useState(remember.name());
  const [error, setError] = useState(null);
  if (table.you !== null) return null;
  const open = table.seats.filter((s) => !s.taken && s.kind === 'person');
  if (open.length === 0) return null;
  const take = async (seat) => {
    setError(null);
    const trimmed = name.trim();
    if (!trimmed) return setError('Type your name first: it is shown at your seat.');
    remember.setName(trimmed);
    const body = { name: trimmed, seat, idempotency_key: remember.joinKey(table.id) };
    if (invite && seat === inviteSeat) body.invite = invite;
    try {
      const joined = await joinSurely(table.id, body);
      remember.forgetJoinKey(table.id);
      onJoined(joined);
    } catch (e) {
      setError(e.message);
    }
  };
  return html`<section class="card join">
    <h2>${invite ? 'You are invited to this table' : 'Take a seat'}</h2>
    <label for="join-name">Your name</label>
    <input id="join-name" maxlength="40" value=${name} onInput=${(e) => setName(e.target.value)} />
    <div class="join-seats">
      ${open.filter((s) => inviteSeat === null || s.seat === inviteSeat).map((s) => html`
        <button class="primary" onClick=${() => take(s.seat)}>Take seat ${s.seat + 1}</button>`)}
    </div>
    ${error && html`<p class="error" role="alert">${error}</p>`}
  </section>`;
}

/**
 * What an invite link says when it can no longer seat anyone: its seat is
 * taken (the invite was used, or someone else sat there) or the game has
 * begun. Whoever opened it watches; this says so instead of leaving them
 * to wonder.
 */
export function InviteNotice({ table }) {
  const params = new URLSearchParams(location.search);
  if (!params.has('invite') || table.you !== null) return null;
  const seat = Number(params.get('seat'));
  const taken = table.seats[seat]?.taken ?? true;
  if (table.status === 'open' && !taken) return null;
  const why = table.status === 'finished' ? 'this game is over'
    : taken ? `seat ${seat + 1} is already taken` : 'this game has begun';
  return html`<p class="notice invite-used" role="status">This invite can no longer seat you: ${why}. You are watching the table.</p>`;
}

export function InvitePanel({ id, table }) {
  const invites = remember.invites(id).filter((i) => !table.seats[i.seat]?.taken);
  const [copied, setCopied] = useState(null);
  if (invites.length === 0) return null;
  const copy = async (seat, url) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(seat);
    } catch (e) {
      setCopied(null);
    }
  };
  return html`<section class="card invites">
    <h2>Invite a friend</h2>
    <p class="quiet">Send this link; whoever opens it takes the seat.</p>
    ${invites.map((i) => {
      const url = `${location.origin}${i.url}`;
      return html`<div class="invite">
        <label for=${`invite-${i.seat}`}>Seat ${i.seat + 1}</label>
        <input id=${`invite-${i.seat}`} readonly value=${url} onFocus=${(e) => e.target.select()} />
        <button onClick=${() => copy(i.seat, url)}>${copied === i.seat ? 'Copied' : 'Copy link'}</button>
      </div>`;
    })}
  </section>`;
}

export function EndPanel({ table, seat, seatName, replaying, setReplaying }) {
  const [error, setError] = useState(null);
  const rematch = async () => {
    try {
      const made = await api.rematch(table.id, seat.token);
      remember.created(made);
      navigate(made.url);
    } catch (e) {
      setError(e.message);
    }
  };
  const download = async () => {
    try {
      const record = await api.record(table.id);
      const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `tourney-${table.game}-${table.id}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    } catch (e) {
      setError(e.message);
    }
  };
  const winners = table.turn.kind === 'over' ? table.turn.winners ?? [] : [];
  return html`<section class="card end" aria-label="The result">
    <h2>Game over</h2>
    ${table.rematch && table.you !== null && html`<p class="notice rematch-offer" role="status">A rematch is ready at a new table, with your seat kept for you.</p>`}
    <p class="result">${winners.length ? `Winner: ${winners.map(seatName).join(', ')}`
      : table.seats.length === 1 ? `${seatName(0)} lost the solo game` : 'No winner'}</p>
    <div class="end-buttons">
      ${table.you !== null && seat && html`<button class="primary rematch" onClick=${rematch}>${table.rematch ? 'Join the rematch' : 'Rematch'}</button>`}
      <button class="replay-toggle" onClick=${() => setReplaying(!replaying)}>${replaying ? 'Back to the table' : 'Replay step by step'}</button>
      <button onClick=${download}>Download the record</button>
    </div>
    <${DiceCheck} table=${table} />
    ${error && html`<p class="error" role="alert">${error}</p>`}
  </section>`;
}

export function SoundToggle() {
  const [on, setOn] = useState(remember.sound());
  return html`<label class="check sound"><input type="checkbox" checked=${on}
    onChange=${(e) => { setOn(e.target.checked); remember.setSound(e.target.checked); }} />
    Chime when it becomes my turn in another tab</label>`;
}
