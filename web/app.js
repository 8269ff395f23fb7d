// @ts-check
// The client's entry: a tiny router over two screens, the lobby (`/`) and
// a table (`/t/<id>`). Links inside the page change the address without a
// reload; the back button works.

import { html, render, useEffect, useState } from './vendor/preact-htm.js';
import { Lobby } from './lobby.js';
import { TableScreen } from './table.js';

export function navigate(path) {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

function route() {
  const match = location.pathname.match(/^\/t\/([0-9a-f]{16})$/);
  return match ? { screen: 'table', id: match[1] } : { screen: 'lobby' };
}

function App() {
  const [where, setWhere] = useState(route());
  useEffect(() => {
    const onPop = () => setWhere(route());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  return where.screen === 'table'
    ? html`<${TableScreen} key=${where.id} id=${where.id} />`
    : html`<${Lobby} />`;
}

// Same-origin links are handled here, so a click keeps the page (and its
// open connection) instead of loading it again.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-nav]') : null;
  if (link && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
    event.preventDefault();
    navigate(link.getAttribute('href'));
  }
});

const root = document.getElementById('app');
if (root) render(html`<${App} />`, root);
