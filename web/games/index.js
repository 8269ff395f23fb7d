// @ts-check
// Each game draws its own table. A board gets the viewer's `view`
// (docs/protocol/<game>.md), the game's `components` as the server states
// them from the data files (names, numbers, effects: a board keeps no copy
// of its own), the legal `actions` ([{index, label, action}],
// empty when not on move), `you` (a seat number or null), `seatName(seat)`
// and `act(index)`, and returns the drawing. Actions a board cannot place
// stay in the word list beside it.
//
// Boards are loaded on first use, one module per game, so a page for one
// game fetches only its own board, and a board that fails to load or to
// draw leaves the terminal's drawing in its place: the table stays playable
// from the word list. The failure still goes to the console, where the
// browser tests look for it.

import { html, useErrorBoundary, useEffect, useState } from '../vendor/preact-htm.js';
import { api } from '../api.js';

const modules = {
  joust: () => import('./joust.js'),
  ritter: () => import('./ritter.js'),
  glory: () => import('./glory.js'),
  mastery: () => import('./mastery.js'),
};
// game → {Board, components}, once both have arrived.
const loaded = new Map();
// game → the promise of its components: fetched once for the board and the
// "How to play" panel (web/rules.js) alike.
const fetched = new Map();

/**
 * The game's components as the server states them, fetched once per page.
 * @param {string} game
 * @returns {Promise<any>}
 */
export function componentsOf(game) {
  let answer = fetched.get(game);
  if (!answer) {
    answer = api.components(game).then((a) => a.components);
    // A failed fetch may be tried again by the next caller.
    answer.catch(() => fetched.delete(game));
    fetched.set(game, answer);
  }
  return answer;
}

async function load(game) {
  const [module, components] = await Promise.all([modules[game](), componentsOf(game)]);
  return { Board: module.Board, components };
}

function TextBoard({ text, why }) {
  return html`${why && html`<p class="notice">${why}</p>`}<pre class="text-view">${text ?? ''}</pre>`;
}

export function GameBoard({ game, ...props }) {
  const [kit, setKit] = useState(() => loaded.get(game) ?? null);
  const [failed, setFailed] = useState(false);
  const [drawError, resetError] = useErrorBoundary((e) => console.error(`the ${game} board failed to draw:`, e));
  useEffect(() => {
    if (kit || !modules[game]) return;
    let live = true;
    load(game)
      .then((k) => {
        loaded.set(game, k);
        if (live) setKit(k);
      })
      .catch((e) => {
        console.error(`the ${game} board failed to load:`, e);
        if (live) setFailed(true);
      });
    return () => { live = false; };
  }, [game]);
  // A new view may draw where the last one failed.
  useEffect(() => { if (drawError) resetError(); }, [props.view]);
  if (drawError || failed) {
    return html`<${TextBoard} text=${props.text} why="The board could not be drawn; here is the table in words." />`;
  }
  if (!kit) return html`<${TextBoard} text=${props.text} />`;
  return html`<${kit.Board} components=${kit.components} ...${props} />`;
}
