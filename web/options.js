// @ts-check
// A game's rule options as a form, built from what `/api/games` says:
// each option's key, default and help text. Only changed values are sent,
// so the server's defaults stay the single source of them.

import { html } from './vendor/preact-htm.js';

function kind(value) {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'text';
  return 'json';
}

// What an empty field stands for. A structured default or "none" read as
// raw JSON (`null`, `{"arm":2,…}`) in a newcomer's check: the help line
// below the field says the default in words.
function placeholder(type, fallback) {
  if (type !== 'json') return String(fallback);
  return fallback === null ? 'none' : 'the default (below)';
}

export function OptionsForm({ game, values, setValues }) {
  const set = (key, value) => setValues({ ...values, [key]: value });
  return html`<div class="option-list">
    ${game.options.map((option) => {
      const fallback = game.defaults[option.key];
      const id = `opt-${option.key}`;
      const help = `${id}-help`;
      const value = values[option.key];
      const type = kind(fallback);
      const input = type === 'bool'
        ? html`<input id=${id} type="checkbox" aria-describedby=${help}
            checked=${value ?? fallback} onChange=${(e) => set(option.key, e.target.checked)} />`
        : html`<input id=${id} type=${type === 'number' ? 'number' : 'text'} aria-describedby=${help}
            value=${value ?? ''} placeholder=${placeholder(type, fallback)}
            onInput=${(e) => set(option.key, e.target.value)} />`;
      return html`<div class="option">
        <label for=${id}>${option.key.replaceAll('_', ' ')}</label>
        ${input}
        <p id=${help} class="help">${option.help} <span class="quiet">(default ${option.default})</span></p>
      </div>`;
    })}
  </div>`;
}

// The config object to send: what differs from the defaults, typed.
export function configFrom(game, values) {
  const config = {};
  for (const [key, raw] of Object.entries(values)) {
    const fallback = game.defaults[key];
    const type = kind(fallback);
    if (type === 'bool') {
      if (raw !== fallback) config[key] = raw;
      continue;
    }
    const text = String(raw).trim();
    if (text === '') continue;
    if (type === 'number') {
      const number = Number(text);
      if (!Number.isFinite(number)) throw new Error(`Option ${key}: "${text}" is not a number.`);
      config[key] = number;
    } else if (type === 'text') {
      config[key] = text;
    } else {
      try {
        config[key] = JSON.parse(text);
      } catch (e) {
        throw new Error(`Option ${key}: "${text}" is not JSON (the default is ${JSON.stringify(fallback)}).`);
      }
    }
  }
  return config;
}
