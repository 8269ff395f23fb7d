// @ts-check
// A finished game, step by step: the board as a spectator saw it after
// each step, with buttons and the arrow keys to go back and forth.

import { html, useEffect, useState } from './vendor/preact-htm.js';
import { api } from './api.js';
import { GameBoard } from './games/index.js';

export function Replay({ id, table, seatName }) {
  const total = table.steps;
  const [at, setAt] = useState(total);
  const [frame, setFrame] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    api.replay(id, at).then((f) => live && setFrame(f), (e) => live && setError(e.message));
    return () => { live = false; };
  }, [id, at]);
  const go = (n) => setAt(Math.max(0, Math.min(total, n)));
  const onKey = (event) => {
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total };
    if (event.key in moves) {
      go(moves[event.key]);
      event.preventDefault();
    }
  };
  return html`<section class="replay" aria-label="Replay" onKeyDown=${onKey}>
    <div class="replay-controls">
      <button data-go="first" onClick=${() => go(0)}>« First</button>
      <button data-go="back" onClick=${() => go(at - 1)}>‹ Back</button>
      <input type="range" min="0" max=${total} value=${at} aria-label="Step"
        onInput=${(e) => go(Number(e.target.value))} />
      <button data-go="forward" onClick=${() => go(at + 1)}>Next ›</button>
      <button data-go="last" onClick=${() => go(total)}>Last »</button>
      <span class="replay-at" aria-live="polite">Step ${at} of ${total}</span>
    </div>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${frame && html`<p class="replay-step">${frame.step ?? 'Before the first step.'}</p>
      <div class="board"><${GameBoard} game=${table.game} view=${frame.view} text=${frame.text} actions=${[]} you=${null}
        seats=${table.seats} seatName=${seatName} act=${() => {}} /></div>`}
  </section>`;
}
