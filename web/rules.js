// @ts-check
// "How to play": a newcomer's panel at the top of a table, from the rules
// summary each game serves with its components (`rules`, the shape of
// tourney_core::RulesText) and the table's own options (`config`), so the
// text names this table's target points or days. A glossary below it lists
// every word the board uses, with a box to filter it.

import { html, useEffect, useState } from './vendor/preact-htm.js';
import { componentsOf } from './games/index.js';
import { explainTerms } from './glossary.js';

/**
 * @typedef {{title: string, text: string}} RulesSection
 * @typedef {{id: string, term: string, text: string, also?: string[]}} GlossaryEntry
 * @typedef {{how_to_play: RulesSection[], glossary: GlossaryEntry[], value_words?: Record<string, string>}} RulesText
 */

/**
 * An option's value as words, as the server's `RulesText::fill_words`
 * writes it: the game's words for a value where it gives them (`words`),
 * else `_` in a word as a space; yes/no as on/off, nothing as "none"; a list
 * joined by commas.
 * @param {unknown} value
 * @param {Record<string, string>} [words]
 * @returns {string}
 */
function optionWords(value, words = {}) {
  if (typeof value === 'string') return words[value] ?? value.replaceAll('_', ' ');
  if (Array.isArray(value) && value.length === 0) return 'none';
  if (Array.isArray(value)) return value.map((v) => optionWords(v, words)).join(', ');
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (value === null) return 'none';
  return JSON.stringify(value) ?? String(value);
}

/**
 * `text` with each `{key}` replaced by the table's option `key`; a key the
 * config lacks stays as it is (the server's `RulesText::fill_words`).
 * @param {string} text
 * @param {Record<string, unknown> | null | undefined} config
 * @param {Record<string, string>} [words] the game's `value_words`
 * @returns {string}
 */
export function fillRules(text, config, words = {}) {
  return text.replace(/\{([^{}]*)\}/g, (whole, key) =>
    config && Object.prototype.hasOwnProperty.call(config, key) ? optionWords(config[key], words) : whole);
}

/**
 * Whether a glossary entry matches what was typed in the filter box.
 * @param {GlossaryEntry} entry
 * @param {string} query
 */
function matches(entry, query) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [entry.term, entry.text, ...(entry.also ?? [])].some((s) => s.toLowerCase().includes(q));
}

/**
 * The panel: closed at first, titled "How to play <title>". Draws nothing
 * for a game that serves no rules summary yet.
 * @param {{title: string, rules?: RulesText | null, config?: Record<string, unknown> | null}} props
 */
export function RulesPanel({ title, rules, config }) {
  const [query, setQuery] = useState('');
  if (!rules || !rules.how_to_play?.length) return null;
  const shown = rules.glossary.filter((e) => matches(e, query));
  return html`<details class="rules card">
    <summary>How to play ${title}</summary>
    <div class="rules-body">
      ${rules.how_to_play.map((s) => html`<section class="rules-section" key=${s.title}>
        <h3>${s.title}</h3><p>${fillRules(s.text, config, rules.value_words)}</p></section>`)}
      <section class="glossary" aria-label="Glossary">
        <h3>Glossary</h3>
        <label class="glossary-filter">Find a word
          <input type="search" value=${query} placeholder="snake, favour…"
            onInput=${(e) => setQuery(e.currentTarget.value)} /></label>
        <div class="glossary-list" role="region" aria-label="Glossary entries" tabindex="0">
          <dl>
            ${shown.map((e) => html`<div class="glossary-entry" key=${e.id} data-term=${e.id}>
              <dt>${e.term}</dt><dd>${fillRules(e.text, config, rules.value_words)}</dd></div>`)}
          </dl>
        </div>
        ${!shown.length && html`<p class="glossary-none">No word matches “${query}”.</p>`}
      </section>
    </div>
  </details>`;
}

/**
 * The panel for a table: the game's rules from its components (fetched
 * once, shared with the board), filled with the table's config.
 * @param {{game: string, title: string, config?: Record<string, unknown> | null}} props
 */
export function TableRules({ game, title, config }) {
  const [rules, setRules] = useState(/** @type {RulesText | null} */ (null));
  useEffect(() => {
    let live = true;
    componentsOf(game).then(
      (c) => { if (live) setRules(c?.rules ?? null); },
      // The board reports a failed fetch; the table plays on without the panel.
      () => {},
    );
    return () => { live = false; };
  }, [game]);
  // The same entries explain the board's words in place (web/glossary.js).
  useEffect(() => (rules?.glossary.length ? explainTerms(rules.glossary, (t) => fillRules(t, config, rules.value_words)) : undefined),
    [rules, config]);
  return html`<${RulesPanel} title=${title} rules=${rules} config=${config} />`;
}
