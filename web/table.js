// @ts-check
// A table: the board of its game, whose turn it is, what you may do, the
// log, and, once the game is over, the result, a rematch, the replay and
// the dice check. Everything comes from the table's stream.

import { html, useEffect, useReducer, useRef, useState } from './vendor/preact-htm.js';
import { api } from './api.js';
import { connect } from './connection.js';
import { remember } from './storage.js';
import { yourTurn } from './notify.js';
import { GameBoard } from './games/index.js';
import { ActionList, Log, Seats, TurnBanner, JoinPanel, InvitePanel, InviteNotice, EndPanel, SoundToggle, seatNamer } from './parts.js';
import { DiceSeal } from './verify.js';
import { Replay } from './replay.js';
import { TableRules } from './rules.js';
import { Reveal, RevealToggle } from './reveal.js';
import { ResultContext } from './result.js';
import { useMoveFocus } from './focus.js';
import { Clocks } from './clock.js';

function lines(log) {
  return log.map((entry) => ({ seq: entry.seq, text: entry.text }));
}

// The table as this viewer knows it, advanced by each stream message.
function reduce(table, message) {
  switch (message.type) {
    case 'state':
      // When the clocks were read, so the page counts down from there.
      return { ...message, log: lines(message.log), clockAt: performance.now() };
    case 'steps': {
      if (!table || message.seq <= table.seq) return table;
      const added = [];
      for (const step of message.steps) {
        for (const text of step.log) added.push({ seq: step.seq, text });
      }
      return {
        ...table,
        seq: message.seq,
        steps: message.seq,
        turn: message.turn,
        status: message.status,
        view: message.view,
        actions: message.actions,
        log: table.log.concat(added),
        last: message.steps,
        clock: message.clock ?? table.clock,
        clockAt: performance.now(),
      };
    }
    case 'seats':
      return table && { ...table, seats: message.seats, status: message.status };
    case 'rematch':
      return table && { ...table, rematch: message.id };
    default:
      return table;
  }
}

export function TableScreen({ id }) {
  const [seat, setSeat] = useState(() => remember.seat(id));
  const [table, dispatch] = useReducer(reduce, null);
  const [link, setLink] = useState('connecting');
  const [notice, setNotice] = useState(null);
  const [busy, setBusy] = useState(false);
  const [replaying, setReplaying] = useState(false);
  // Choices this page has sent: a result panel stays open until the next.
  const [acted, setActed] = useState(0);
  const connection = useRef(null);
  const seqRef = useRef(null);
  seqRef.current = table ? table.seq : null;
  const focus = useMoveFocus(table ? table.seq : null);

  useEffect(() => {
    // A new connection (first load, or a seat just taken) starts from a
    // full state message; only its reconnects resume with `?after=`.
    let loaded = false;
    const stream = connect({
      id,
      token: seat?.token,
      lastSeq: () => (loaded ? seqRef.current : null),
      onStatus: setLink,
      onMessage: (message) => {
        if (message.type === 'state') loaded = true;
        if (message.type === 'ack') setBusy(false);
        if (message.type === 'error') {
          setBusy(false);
          setNotice(message.message);
        }
        dispatch(message);
      },
      onRefused: () => api.table(id, seat?.token).catch((e) => {
        if (e.status === 401) {
          // The seat's token is no longer good here: watch instead.
          setNotice('Your saved seat is not valid at this table any more; you are watching.');
          setSeat(null);
        } else if (e.status === 404) {
          setNotice('There is no such table.');
        }
      }),
    });
    connection.current = stream;
    return () => stream.close();
  }, [id, seat?.token]);

  const mine = table?.turn?.kind === 'seats' && table.you !== null && table.turn.seats.includes(table.you);
  const wasMine = useRef(false);
  useEffect(() => {
    if (!table) return;
    document.title = `${mine ? '● ' : ''}${table.title} — Tourney`;
    if (mine && !wasMine.current) yourTurn(table.title);
    wasMine.current = mine;
  }, [mine, table?.title]);

  if (!table) {
    return html`<${Frame} link=${link}><p class="loading">${notice ?? 'Opening the table…'}</p></${Frame}>`;
  }
  const seatName = seatNamer(table.seats);
  const act = (index) => {
    // A second activation right after the choices changed would play a
    // move the player has not seen: ignored (see focus.js).
    if (busy || focus.guarded()) return;
    setNotice(null);
    setBusy(true);
    const sent = connection.current?.send({ type: 'act', id: String(index), seq: table.seq, index });
    if (sent) setActed((n) => n + 1);
    if (!sent) {
      setBusy(false);
      setNotice('Not connected just now; your move was not sent. Reconnecting…');
    }
  };
  const joined = (taken) => {
    remember.setSeat(id, taken.seat, taken.token);
    history.replaceState(null, '', `/t/${id}`);
    setSeat({ seat: taken.seat, token: taken.token });
  };
  const finished = table.status === 'finished';
  return html`<${Frame} link=${link} title=${table.title}>
    <div class="table-top">
      <${TurnBanner} table=${table} seatName=${seatName} />
      <${Seats} table=${table} />
      ${table.you !== null && table.status !== 'finished' && html`<${SoundToggle} />`}
      ${!finished && html`<${RevealToggle} />`}
      ${!finished && html`<${DiceSeal} table=${table} />`}
    </div>
    <${Clocks} table=${table} token=${seat?.token} seatName=${seatName} onNotice=${setNotice} />
    <${TableRules} game=${table.game} title=${table.title} config=${table.config} />
    <${InviteNotice} table=${table} />
    ${notice && html`<p class="notice" role="alert">${notice}
      <button class="link" onClick=${() => setNotice(null)}><span aria-hidden="true">×</span><span class="sr-only">Dismiss</span></button></p>`}
    ${table.status === 'open' && html`<${JoinPanel} table=${table} onJoined=${joined} />`}
    ${table.status === 'open' && html`<${InvitePanel} id=${id} table=${table} />`}
    ${finished && html`<${EndPanel} table=${table} seat=${seat} seatName=${seatName}
      replaying=${replaying} setReplaying=${setReplaying} />`}
    ${replaying
      ? html`<${Replay} id=${id} table=${table} seatName=${seatName} />`
      : html`<div class="play">
          <section class="board" aria-label="The table">
            <${ResultContext.Provider} value=${{ table: id, acted }}>
            <${GameBoard} game=${table.game} view=${table.view} text=${table.text} actions=${busy ? [] : table.actions}
              you=${table.you} seats=${table.seats} seatName=${seatName} act=${(i) => { focus.moved('board'); act(i); }} last=${table.last} />
            </${ResultContext.Provider}>
          </section>
          <aside class="side">
            <${Reveal} seq=${table.seq} steps=${table.last} />
            <${ActionList} actions=${table.actions} act=${(i) => { focus.moved('list'); act(i); }} busy=${busy} mine=${mine}
              watching=${table.you === null && table.status !== 'open'} />
            <${Log} log=${table.log} />
          </aside>
        </div>`}
  </${Frame}>`;
}

function Frame({ link, title, children }) {
  return html`
    <header class="site"><a href="/" data-nav class="brand">Tourney</a>
      ${title && html`<span class="tagline">${title}</span>`}
      <span class=${`link-state ${link}`} role="status">${
        link === 'live' ? 'connected' : link === 'connecting' ? 'connecting…' : 'reconnecting…'}</span>
    </header>
    <main class="table-screen">${children}</main>`;
}
