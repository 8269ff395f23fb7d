// @ts-check
// Where the keyboard goes after a move, and the guard against a move made
// twice. After a choice the page is redrawn: the button that had focus now
// holds another action, or is gone and focus falls to the page's body. So
// when the table's step changes, focus moves to the next sensible control
// (the first thing to do next, where the last move was made), and for a
// short while any activation is ignored, so a quick second Enter or tap
// never plays a move the player has not read.

import { useEffect, useRef } from './vendor/preact-htm.js';

/** How long after the choices change an activation is ignored, in ms. */
export const GUARD_MS = 400;

/**
 * The first enabled control in `root` matching `css`.
 * @param {ParentNode} root
 * @param {string} css
 * @returns {HTMLElement | null}
 */
function firstEnabled(root, css) {
  for (const el of root.querySelectorAll(css)) {
    if (el instanceof HTMLElement && !el.hasAttribute('disabled') && el.offsetParent !== null) return el;
  }
  return null;
}

/**
 * Keeps focus and the guard in step with the table.
 * @param {number | null} seq the table's step
 * @returns {{ guarded: () => boolean, moved: (from: 'board' | 'list') => void }}
 */
export function useMoveFocus(seq) {
  const changedAt = useRef(0);
  const lastFrom = useRef(/** @type {'board' | 'list' | null} */ (null));
  const hadFocus = useRef(false);
  const drawnSeq = useRef(/** @type {number | null} */ (null));
  // The guard starts while the new choices are drawn, not after: a press
  // that lands between the redraw and the effects below is already
  // guarded. The page's first look at the table changes nothing under a
  // finger, so it starts no guard.
  if (seq !== null && seq !== drawnSeq.current) {
    if (drawnSeq.current !== null) changedAt.current = performance.now();
    drawnSeq.current = seq;
  }
  useEffect(() => {
    if (seq === null) return;
    const from = lastFrom.current;
    lastFrom.current = null;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    // Only a player who was using the page is moved along: a page left
    // alone keeps its focus where it was (or nowhere).
    if (!from && !(lost && hadFocus.current)) return;
    const play = document.querySelector('.play');
    if (!play) return;
    const next = (from === 'list' ? null : firstEnabled(play, '.board .act-target'))
      ?? firstEnabled(play, 'ol.actions button.action')
      ?? firstEnabled(play, '.board .act-target')
      ?? /** @type {HTMLElement | null} */ (play.querySelector('.actions-box h2'));
    next?.focus({ preventScroll: false });
  }, [seq]);
  useEffect(() => {
    // Remembers whether a control had focus, so a redraw that drops it
    // can give it back.
    const track = () => { hadFocus.current = document.activeElement !== document.body; };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, []);
  return {
    guarded: () => performance.now() - changedAt.current < GUARD_MS,
    moved: (from) => { lastFrom.current = from; },
  };
}
