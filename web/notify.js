// @ts-check
// Telling a player in another tab that it is their turn: the tab's title
// changes, and, if they switched it on, a short chime plays.

import { remember } from './storage.js';

let restoreTitle = null;

export function yourTurn(title) {
  if (!document.hidden) return;
  if (restoreTitle === null) restoreTitle = document.title;
  document.title = `● Your turn — ${title}`;
  if (remember.sound()) chime();
}

document.addEventListener('visibilitychange', () => {
  if (!document.hidden && restoreTitle !== null) {
    document.title = restoreTitle;
    restoreTitle = null;
  }
});

function chime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.6);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.6);
  } catch (e) {
    // No audio in this browser: the title is notice enough.
  }
}
