// @ts-check
// A legal action drawn on a board as a button, shared by the boards.
//
// Its visible words start its accessible name, and the rules' own label
// follows in a visually hidden span when the words differ, instead of an
// aria-label that would replace them: speech-input users say what they
// see, and axe's label-content-name-mismatch holds every board to it.
// Without children the button shows the label itself.

import { html } from '../vendor/preact-htm.js';

export function ActButton({ a, onPick, cls = '', children }) {
  if (!a) return null;
  const words = children === undefined ? a.label : children;
  const extra = [].concat(words).join('') === a.label ? '' : html`<span class="sr-only">: ${a.label}</span>`;
  return html`<button type="button" class=${`act-target ${cls}`.trim()} title=${a.label}
    data-index=${a.index} onClick=${() => onPick(a)}>${words}${extra}</button>`;
}
