// @ts-check
// Talking to the server: every call answers JSON or throws an ApiError
// carrying the server's own sentence, so the page can show it as it is.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{body?: unknown, token?: string | null}} [options]
 */
async function call(method, path, { body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'offline', 'the server does not answer; is it running?');
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch (e) {
    // Not JSON: a proxy's page, say. Fall through to a plain error.
  }
  if (!response.ok) {
    throw new ApiError(response.status, json?.error ?? 'http', json?.message ?? `the server answered ${response.status}`);
  }
  return json;
}

export const api = {
  games: () => call('GET', '/api/games'),
  components: (game) => call('GET', `/api/games/${game}/components`),
  lobby: (status, limit = 20) => call('GET', `/api/tables?status=${status}&limit=${limit}`),
  create: (body) => call('POST', '/api/tables', { body }),
  table: (id, token) => call('GET', `/api/tables/${id}`, { token }),
  join: (id, body) => call('POST', `/api/tables/${id}/join`, { body }),
  act: (id, token, body) => call('POST', `/api/tables/${id}/actions`, { body, token }),
  leave: (id, token) => call('POST', `/api/tables/${id}/leave`, { token }),
  back: (id, token) => call('POST', `/api/tables/${id}/back`, { token }),
  rematch: (id, token) => call('POST', `/api/tables/${id}/rematch`, { token }),
  record: (id) => call('GET', `/api/tables/${id}/record`),
  replay: (id, at) => call('GET', `/api/tables/${id}/replay?at=${at}`),
  verify: (id) => call('GET', `/api/tables/${id}/verify`),
};
