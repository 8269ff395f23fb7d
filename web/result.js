// @ts-check
// The panel each board keeps for the last result (a pass, a joust, a duel,
// a combat). It is a <details>, so it folds to one line when it is old
// news, but it opens by itself when a new result arrives and stays open
// until this viewer makes their next choice: a result that lands while a
// bot plays on, or just before the screen moves to the next pass, is not
// gone before the person has seen it. Folding or opening it by hand wins
// over both.

import { createContext, html, useContext, useRef, useState } from './vendor/preact-htm.js';

/**
 * What the table tells its result panels: which table (so two tables in
 * one page never share a result) and how many choices this viewer has sent
 * there. A board outside a table (the replay) gets the default, where
 * every new result opens and nothing folds it.
 * @type {any} the vendored Preact's declarations leave contexts untyped
 */
export const ResultContext = createContext({ table: '', acted: 0 });

// For each result seen in this page: the number of choices the viewer had
// made when it arrived, and whether they opened (true) or folded (false)
// it by hand. Kept outside the panel because a board may draw a result in
// another place when the game moves on (Ritter's last joust beside the
// next one), and the new place must not count it as new again.
/** @type {Map<string, {acted: number, byHand: boolean | null}>} */
const seen = new Map();

/**
 * @param {{resultKey: string, summary: any, cls?: string, children?: any}} props
 *   `resultKey` tells this result from every other of the game (a pass
 *   number, a combat number); `summary` is the line shown when folded.
 */
export function ResultPanel({ resultKey, summary, cls = '', children }) {
  const { table, acted } = /** @type {{table: string, acted: number}} */ (useContext(ResultContext));
  const key = `${table} ${resultKey}`;
  let mark = seen.get(key);
  if (!mark) {
    mark = { acted, byHand: null };
    seen.set(key, mark);
  }
  const [, redraw] = useState(0);
  const fresh = acted === mark.acted;
  const open = mark.byHand ?? fresh;
  // What this panel last drew, to tell a person's click on the summary
  // from the toggle event of an `open` the panel set itself.
  const drawn = useRef(open);
  drawn.current = open;
  const onToggle = (/** @type {Event} */ event) => {
    const now = /** @type {HTMLDetailsElement} */ (event.currentTarget).open;
    if (now === drawn.current || !mark) return;
    mark.byHand = now;
    redraw((n) => n + 1);
  };
  return html`<details class=${`result-panel${fresh ? ' result-new' : ''} ${cls}`.trim()} open=${open}
    data-result=${resultKey} onToggle=${onToggle}>
    <summary>${summary}${fresh ? html` <span class="result-tag" title="Decided by the latest move; this panel stays open until the next choice">just decided</span>` : ''}</summary>
    ${children}
  </details>`;
}
