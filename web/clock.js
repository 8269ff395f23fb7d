// @ts-check
// Turn clocks at a table that has one: each person's time, counting down
// while they are on move, who is away (a stand-in bot plays for them),
// and, for your own seat, leaving the table to a bot or taking it back.
// The figures come from the server (`clock` of a state or steps message);
// this page only counts down from them between messages.

import { html, useEffect, useState } from './vendor/preact-htm.js';
import { api } from './api.js';

/** Milliseconds as a clock reads: 4:05, 1:02:03. */
export function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function describe(clock) {
  const per = clockText(clock.seconds * 1000);
  const rule = clock.mode === 'move' ? `${per} per move` : `${per} each for the game${clock.increment ? `, +${clock.increment}s a move` : ''}`;
  const then = clock.on_timeout === 'forfeit' ? 'running out forfeits the game' : 'running out hands the seat to a bot until its player is back';
  return `Clock: ${rule}; ${then}.`;
}

/** Redraws every quarter second while a clock is running. */
function useTick(running) {
  const [, setNow] = useState(0);
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
}

export function Clocks({ table, token, seatName, onNotice }) {
  const clock = table.clock;
  const running = !!clock && table.status === 'playing' && clock.seats.some((s) => s.running);
  useTick(running);
  if (!clock) return null;
  const elapsed = performance.now() - (table.clockAt ?? performance.now());
  const you = table.you;
  const yours = you !== null ? table.seats[you] : null;
  const toggle = async () => {
    try {
      if (yours?.away) await api.back(table.id, token);
      else await api.leave(table.id, token);
    } catch (e) {
      onNotice(e.message);
    }
  };
  return html`<section class="clocks" aria-label="Clocks">
    <p class="clock-rule">${describe(clock)}</p>
    <ul class="clock-list">
      ${clock.seats.filter((c) => table.seats[c.seat]?.kind === 'person').map((c) => {
        const left = c.running ? c.remaining_ms - elapsed : c.remaining_ms;
        const low = c.running && left < 10_000;
        const away = table.seats[c.seat]?.away;
        return html`<li class=${`clock${c.running ? ' running' : ''}${low ? ' low' : ''}`} data-seat=${c.seat}>
          <span class="clock-name">${seatName(c.seat)}</span>
          <span class="clock-time" role="timer" aria-label=${`${seatName(c.seat)}: ${clockText(left)} left`}>${clockText(left)}</span>
          ${away && html`<span class="clock-away"> away: a bot plays</span>`}
        </li>`;
      })}
    </ul>
    ${yours && table.status === 'playing' && html`<button class="secondary clock-leave" onClick=${toggle}>
      ${yours.away ? 'Take my seat back' : 'Leave: let a bot finish for me'}</button>`}
  </section>`;
}
