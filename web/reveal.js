// @ts-check
// "Just now": the lines of the latest `steps` message, drawn one after
// another. One move and the dice it sets rolling arrive as one message and
// the board jumps straight to where they end; this strip tells the way
// there in order (the card played, the dice falling, the points added).
//
// It is quick (a quarter of a second a line, a long catch-up faster), the
// board and the actions never wait for it, and any click or key shows the
// rest at once. A setting kept in this browser turns it off, and it is off
// whenever the system asks for reduced motion: then the lines appear
// together.

import { html, useEffect, useRef, useState } from './vendor/preact-htm.js';

const SETTING = 'tourney.reveal';
/** Between two lines. */
const PACE_MS = 250;
/** A message with many lines (a reconnect's catch-up) is told within this. */
const LONGEST_MS = 2500;

/** Whether the system asks for as little motion as possible. */
function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The setting as stored: on unless this browser turned it off. */
function storedOn() {
  try {
    return localStorage.getItem(SETTING) !== 'off';
  } catch (e) {
    return true;
  }
}

function store(on) {
  try {
    localStorage.setItem(SETTING, on ? 'on' : 'off');
  } catch (e) {
    // Storage refused (private mode): the choice lasts until the reload.
  }
}

/** Whether a new message's lines are drawn one by one. */
function revealing() {
  return storedOn() && !reducedMotion();
}

/**
 * @param {{seq: number, steps?: {log: string[]}[]}} props the table's step
 *   number and the steps of the latest message (none before the first)
 */
export function Reveal({ seq, steps }) {
  const lines = (steps ?? []).flatMap((step) => step.log);
  const first = revealing() && lines.length > 1 ? 1 : lines.length;
  const [at, setAt] = useState({ seq, shown: first });
  // The message whose rest a click or key asked for. Read while drawing,
  // so a key pressed the instant a message arrives (before any effect
  // below has run) already counts.
  const skipped = useRef(/** @type {number | null} */ (null));
  const current = useRef(seq);
  current.current = seq;
  const [, redraw] = useState(0);
  // A new message starts from its first line in this very drawing, so its
  // lines never flash in full before the reveal begins.
  const shown = skipped.current === seq ? lines.length : at.seq === seq ? at.shown : first;
  const running = shown < lines.length;
  const box = useRef(null);

  useEffect(() => {
    // Any click or key shows the rest. Listened to in the capture phase and
    // never stopped, so the click that skips still reaches its button.
    const skip = () => {
      if (skipped.current === current.current) return;
      skipped.current = current.current;
      redraw((n) => n + 1);
    };
    document.addEventListener('click', skip, true);
    document.addEventListener('keydown', skip, true);
    return () => {
      document.removeEventListener('click', skip, true);
      document.removeEventListener('keydown', skip, true);
    };
  }, []);

  useEffect(() => {
    setAt({ seq, shown: first });
    if (first >= lines.length || skipped.current === seq) return undefined;
    const pace = Math.min(PACE_MS, LONGEST_MS / (lines.length - 1));
    let count = first;
    const timer = setInterval(() => {
      count += 1;
      if (skipped.current === seq || count >= lines.length) clearInterval(timer);
      setAt({ seq, shown: count });
    }, pace);
    return () => clearInterval(timer);
  }, [seq]);

  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [seq, shown]);

  // "Show all" needs no handler of its own: its click is one of the
  // clicks the document listens for above.
  return html`<section class="reveal" aria-label="Just now" data-state=${running ? 'running' : 'done'}
      data-seq=${seq} data-shown=${shown} data-total=${lines.length}>
    <h2>Just now ${running && html`<button type="button" class="link reveal-skip">Show all</button>`}</h2>
    <ol class="reveal-lines" ref=${box} aria-live="polite" tabindex="0" aria-label="The latest move's lines">
      ${lines.length === 0 && html`<li class="quiet">The latest move and what it set off (dice rolled, cards turned, points scored) appear here, one line at a time.</li>`}
      ${lines.slice(0, shown).map((line, i) => html`<li key=${`${seq}-${i}`} class="reveal-line">${line}</li>`)}
    </ol>
  </section>`;
}

/** The setting, beside the chime's: on by default, off for reduced motion. */
export function RevealToggle() {
  const [on, setOn] = useState(storedOn);
  const reduced = reducedMotion();
  return html`<label class="check reveal-setting"><input type="checkbox" checked=${on && !reduced} disabled=${reduced}
    onChange=${(e) => { setOn(e.target.checked); store(e.target.checked); }} />
    Show each move's steps one by one${reduced ? ' (off: this device asks for reduced motion)' : ''}
    <span class="quiet setting-help">In "Just now", a move's dice, cards and points appear line by line; off shows them all at once.</span></label>`;
}
