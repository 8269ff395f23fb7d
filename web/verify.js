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

/**
 * The dice commitment from the first step on: the hash of the seed every
 * die and card comes from, fixed before anyone moved. The seed itself is
 * shown, and checked against it, when the game is over.
 * @param {{table: {dice_commitment: string}}} props
 */
export function DiceSeal({ table }) {
  const short = `${table.dice_commitment.slice(0, 8)}…${table.dice_commitment.slice(-4)}`;
  return html`<p class="dice-seal quiet" title=${`Dice commitment ${table.dice_commitment}: the SHA-256 of the seed every die and card of this game comes from, fixed before the first move. The seed is revealed at the end, and this page checks it then.`}>
    Fair dice: every roll and card of this game comes from a secret number, the seed, locked in before the
    first move. Its fingerprint is <code>${short}</code>; when the game ends the seed is shown and this page
    checks that it matches, so nobody could have changed the dice on the way.</p>`;
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
    <p class="quiet">Fingerprint locked in at the start: ${short}${local === true ? '; this browser also checked that the revealed seed matches it'
      : local === false ? html`; <strong>but the revealed seed does not match it</strong>` : ''}.</p>
  </div>`;
}
