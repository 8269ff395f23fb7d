// @ts-check
// Glossary tips: every word a board shows explains itself in a small
// popover next to it, from the glossary each game serves with its
// components (`rules.glossary`, filled with the table's options), never
// from text kept here.
//
// A board marks a word with `data-term="<glossary id>"` (see `term()`);
// a component with an effect text of its own may add `data-tip="<text>"`,
// shown under the entry. A board element that has only a `title` (a card
// or tile whose effect the data states) shows that title on a tap too,
// since a touch screen never shows a `title`.
//
// When the tip opens, as Board Game Arena players expect it:
// - a mouse pointer resting on the word, or keyboard focus on it (a
//   focus ring, not a mouse click's focus);
// - a click or tap on a word that does nothing else: the tip stays until
//   Escape, a tap elsewhere, or a second tap on the word;
// - a word on an action button (a card to play, a support to buy): a tap
//   there plays the move, as it always has, and never opens a tip; the
//   explanation comes with hovering, with keyboard focus, or with a long
//   press on a touch screen (the press then does not play the move). A
//   separate "i" button on every card would double the touch targets on
//   a phone board that is already crowded, and BGA's mobile client also
//   keeps long press for "tell me about this".
//
// One tip at a time, `role="tooltip"`, pointed to from the word by
// `aria-describedby` while it shows, placed below the word (above when
// there is no room below) and kept inside the viewport at any width.

/**
 * @typedef {{id: string, term: string, text: string, also?: string[]}} Entry
 * @typedef {{entries: Entry[], fill: (text: string) => string}} Book
 */

const TIP_ID = 'glossary-tip';
// Only a board's words: the rules panel lists the same entries in full.
const SCOPE = '.board';
// What makes an element a move of its own: a tap on it must play it.
const ACTION = 'button, a[href], [role="button"], input, select, textarea, summary, label';
const HOVER_MS = 250;
const LEAVE_MS = 200;
const LONG_PRESS_MS = 500;
const MARGIN = 8;

/** @type {Book | null} */
let book = null;
let installed = false;
/** @type {HTMLElement | null} */
let tip = null;
/** @type {HTMLElement | null} the word whose tip shows */
let shownFor = null;
let pinned = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let hoverTimer;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let leaveTimer;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let pressTimer;
/** @type {{x: number, y: number} | null} */
let pressAt = null;
/** @type {HTMLElement | null} the word under a press that may become long */
let pressed = null;
// After a long press opened a tip, the click the finger's lift makes is
// not a move.
let swallowClickUntil = 0;
/** @type {MutationObserver | null} */
let watcher = null;

/**
 * The attributes that mark an element as the glossary word `id`: the
 * word, and a place in the tab order so keyboard users reach it. Not for
 * an element inside a button (a focusable element in a button is not
 * allowed); give those `data-term` alone.
 * @param {string} id
 */
export function term(id) {
  return { 'data-term': id, tabindex: '0' };
}

/** Words compared as `RulesText::entry` compares them. @param {string} s */
const normalise = (s) => s.toLowerCase().replace(/[-_\s]+/g, ' ').trim();

/**
 * The entry a word names: its id, its term or one of its other words.
 * @param {string} word
 * @returns {Entry | undefined}
 */
export function entryOf(word) {
  if (!book) return undefined;
  const wanted = normalise(word);
  return book.entries.find((e) => e.id === word)
    ?? book.entries.find((e) => [e.id, e.term, ...(e.also ?? [])].some((w) => normalise(w) === wanted));
}

/**
 * Makes the board's words explain themselves with this game's glossary
 * (texts filled by `fill` with the table's options). Returns the undo,
 * for a table that is left.
 * @param {Entry[]} entries
 * @param {(text: string) => string} fill
 * @returns {() => void}
 */
export function explainTerms(entries, fill) {
  const mine = { entries, fill };
  book = mine;
  if (!installed) install();
  return () => {
    if (book === mine) {
      book = null;
      hide();
    }
  };
}

// ---- what an element explains ----

/**
 * The element a tip would explain at `node`, if any: a marked word, or
 * (for `withTitle`) an element of the board with a title.
 * @param {EventTarget | null} node
 * @param {boolean} withTitle
 * @returns {HTMLElement | null}
 */
function explained(node, withTitle) {
  if (!(node instanceof Element)) return null;
  const el = node.closest(withTitle ? '[data-term], [data-tip], [title]' : '[data-term], [data-tip]');
  if (!(el instanceof HTMLElement) || !el.closest(SCOPE)) return null;
  // An action button's title is its move's label, not an explanation.
  if (!el.dataset.term && !el.dataset.tip && el.matches(ACTION)) return null;
  return content(el) ? el : null;
}

/** Whether a tap on `el` is a move (it is, or sits in, an action). @param {HTMLElement} el */
const isAction = (el) => el.closest(ACTION) !== null;

/**
 * What the tip says for `el`: the glossary entry (heading and text), then
 * the component's own text, or the element's title.
 * @param {HTMLElement} el
 * @returns {{head: string, text: string, more: string} | null}
 */
function content(el) {
  const found = el.dataset.term ? entryOf(el.dataset.term) : undefined;
  const more = el.dataset.tip ?? '';
  if (found && book) return { head: found.term, text: book.fill(found.text), more: more === found.text ? '' : more };
  if (more) return { head: '', text: more, more: '' };
  const title = el.getAttribute('title') ?? '';
  return title ? { head: '', text: title, more: '' } : null;
}

// ---- the tip ----

function tipElement() {
  if (tip && tip.isConnected) return tip;
  tip = document.createElement('div');
  tip.id = TIP_ID;
  tip.className = 'glossary-tip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  document.body.append(tip);
  return tip;
}

/** @param {HTMLElement} el @param {boolean} pin */
function show(el, pin) {
  const said = content(el);
  if (!said) return;
  clearTimeout(hoverTimer);
  clearTimeout(leaveTimer);
  if (shownFor && shownFor !== el) unlink(shownFor);
  const box = tipElement();
  box.replaceChildren();
  if (said.head) {
    const head = document.createElement('strong');
    head.className = 'glossary-tip-term';
    head.textContent = said.head;
    box.append(head);
  }
  const text = document.createElement('span');
  text.className = 'glossary-tip-text';
  text.textContent = said.text;
  box.append(text);
  if (said.more) {
    const more = document.createElement('span');
    more.className = 'glossary-tip-more';
    more.textContent = said.more;
    box.append(more);
  }
  shownFor = el;
  pinned = pin;
  // A tip the pointer merely rests on lets every click through to the
  // board under it (glossary-tip-pinned in style.css), so it never
  // stands in the way of a move; a tapped one takes taps, to close it.
  box.classList.toggle('glossary-tip-pinned', pin);
  // Added to what the element is already described by, and taken away
  // again on hiding; the board's own markup never sets it.
  const by = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((x) => x && x !== TIP_ID);
  el.setAttribute('aria-describedby', [...by, TIP_ID].join(' '));
  box.hidden = false;
  place();
  watch();
}

/** @param {HTMLElement} el */
function unlink(el) {
  const by = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((x) => x && x !== TIP_ID);
  if (by.length) el.setAttribute('aria-describedby', by.join(' '));
  else el.removeAttribute('aria-describedby');
}

function hide() {
  clearTimeout(hoverTimer);
  clearTimeout(leaveTimer);
  if (shownFor) unlink(shownFor);
  shownFor = null;
  pinned = false;
  if (tip) tip.hidden = true;
  watcher?.disconnect();
}

// Next to the word: below it, or above when the viewport has no room
// below, and never past either side of the viewport (a phone is 390 px).
function place() {
  if (!tip || !shownFor || tip.hidden) return;
  const width = document.documentElement.clientWidth || window.innerWidth;
  const height = window.innerHeight;
  tip.style.maxWidth = `${Math.max(120, Math.min(352, width - 2 * MARGIN))}px`;
  tip.style.left = '0px';
  tip.style.top = '0px';
  const r = shownFor.getBoundingClientRect();
  const t = tip.getBoundingClientRect();
  let left = r.left + r.width / 2 - t.width / 2;
  left = Math.max(MARGIN, Math.min(left, width - t.width - MARGIN));
  let top = r.bottom + 6;
  if (top + t.height > height - MARGIN && r.top - t.height - 6 >= MARGIN) top = r.top - t.height - 6;
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(top)}px`;
}

// A board redraws with every move: a tip whose word is gone goes too.
function watch() {
  if (!watcher) {
    watcher = new MutationObserver(() => {
      if (shownFor && !shownFor.isConnected) hide();
    });
  }
  watcher.disconnect();
  watcher.observe(document.body, { childList: true, subtree: true });
}

/** Whether `node` is the word shown or inside the tip. @param {EventTarget | null} node */
function near(node) {
  return node instanceof Node && ((shownFor?.contains(node) ?? false) || (tip?.contains(node) ?? false));
}

// ---- the listeners, on the document once ----

function install() {
  installed = true;
  document.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse' || !book) return;
    if (near(e.target)) {
      clearTimeout(leaveTimer);
      return;
    }
    const el = explained(e.target, false);
    clearTimeout(hoverTimer);
    if (el) hoverTimer = setTimeout(() => show(el, false), HOVER_MS);
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType !== 'mouse') return;
    clearTimeout(hoverTimer);
    if (!shownFor || pinned || near(e.relatedTarget)) return;
    clearTimeout(leaveTimer);
    leaveTimer = setTimeout(hide, LEAVE_MS);
  });
  document.addEventListener('focusin', (e) => {
    const target = e.target;
    if (!(target instanceof HTMLElement) || !book) return;
    // A mouse click focuses a button too; only a keyboard's focus asks.
    if (!target.matches(':focus-visible')) return;
    const el = explained(target, false) ?? /** @type {HTMLElement | null} */ (target.matches(ACTION) ? target.querySelector('[data-term]') : null);
    if (el && explained(el, false)) show(el, false);
  });
  document.addEventListener('focusout', (e) => {
    if (shownFor && !pinned && !near(e.relatedTarget)) hide();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && shownFor) hide();
  });
  // A press held on a word of an action button explains it instead of
  // playing: the click its lift makes is swallowed (a new press forgets
  // that, should no click come).
  const longPress = () => {
    clearTimeout(pressTimer);
    if (!pressed) return;
    show(pressed, true);
    pressed = null;
    swallowClickUntil = Date.now() + 1500;
  };
  const endPress = () => {
    clearTimeout(pressTimer);
    pressed = null;
  };
  document.addEventListener('pointerdown', (e) => {
    if (shownFor && !near(e.target)) hide();
    endPress();
    swallowClickUntil = 0;
    pressAt = null;
    if (e.pointerType === 'mouse' || !book) return;
    const el = explained(e.target, true);
    if (!el || !isAction(el)) return;
    pressAt = { x: e.clientX, y: e.clientY };
    pressed = el;
    pressTimer = setTimeout(longPress, LONG_PRESS_MS);
  });
  document.addEventListener('pointerup', endPress);
  document.addEventListener('pointercancel', endPress);
  document.addEventListener('pointermove', (e) => {
    if (pressAt && Math.hypot(e.clientX - pressAt.x, e.clientY - pressAt.y) > 10) endPress();
  });
  // The browser's own long-press menu (copy, share) would cover the tip;
  // it may come a moment before the timer, so it opens the tip itself.
  document.addEventListener('contextmenu', (e) => {
    if (pressed) longPress();
    if (Date.now() < swallowClickUntil) e.preventDefault();
  });
  // Capture: a long press's click is stopped before the button's own
  // handler sees it.
  document.addEventListener('click', (e) => {
    if (Date.now() < swallowClickUntil) {
      swallowClickUntil = 0;
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (tip && e.target instanceof Node && tip.contains(e.target)) {
      hide();
      return;
    }
    if (!book) return;
    const el = explained(e.target, true);
    if (!el || isAction(el)) return;
    if (shownFor === el && pinned) hide();
    else show(el, true);
  }, true);
  window.addEventListener('scroll', place, { passive: true, capture: true });
  window.addEventListener('resize', place, { passive: true });
}
