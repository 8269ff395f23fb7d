// @ts-check
// The dice check at the end of a game. The server replays the record and
// draws every die and card again from the revealed seed; the browser
// itself checks that the seed is the one whose hash was shown at the start.

import { html, useEffect, useState } from './vendor/preact-htm.js';
import { api } from './api.js';

async function sha256Hex(hex) {
  const bytes = new Uint8Array(hex.match(/../g).map((b) => parseInt(b, 16)));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function DiceCheck({ table }) {
  const [server, setServer] = useState(null);
  const [local, setLocal] = useState(null);
  useEffect(() => {
    api.verify(table.id).then(setServer, (e) => setServer({ verified: false, message: e.message }));
    if (table.dice_seed && globalThis.crypto?.subtle) {
      sha256Hex(table.dice_seed).then((hash) => setLocal(hash === table.dice_commitment), () => setLocal(null));
    }
  }, [table.id, table.dice_seed]);
  const short = `${table.dice_commitment.slice(0, 8)}…${table.dice_commitment.slice(-4)}`;
  return html`<div class="dice-check" data-verified=${server ? String(server.verified) : 'pending'}>
    ${server === null ? html`<p>Checking the dice…</p>`
      : server.verified ? html`<p class="ok">✓ Dice verified: ${server.message}.</p>`
      : html`<p class="bad">✗ The dice check failed: ${server.message}</p>`}
    <p class="quiet">Commitment ${short}${local === true ? ', and this browser finds the revealed seed hashes to it'
      : local === false ? html`, <strong>but the revealed seed does not hash to it</strong>` : ''}.</p>
  </div>`;
}
