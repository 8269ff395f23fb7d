// Placeholder board: the terminal's drawing of the view, until the game's
// own board is drawn.

import { html } from '../vendor/preact-htm.js';

export function Board({ text }) {
  return html`<pre class="text-view">${text ?? ''}</pre>`;
}
