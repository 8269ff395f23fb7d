// @ts-check
// One table's live stream over a WebSocket. When the connection drops it
// comes back by itself with `?after=<last step seen>`, so the server sends
// exactly the steps that were missed, and nothing twice.

export function connect({ id, token, lastSeq, onMessage, onStatus, onRefused }) {
  let socket = null;
  let closed = false;
  let failures = 0;
  let timer = null;

  const open = () => {
    const params = new URLSearchParams();
    const after = lastSeq();
    if (after !== null) params.set('after', String(after));
    if (token) params.set('token', token);
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = params.toString();
    socket = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/ws${query ? `?${query}` : ''}`);
    onStatus(failures === 0 ? 'connecting' : 'reconnecting');
    socket.onopen = () => {
      failures = 0;
      onStatus('live');
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      onMessage(message);
    };
    socket.onclose = () => {
      socket = null;
      if (closed) return;
      failures += 1;
      onStatus('reconnecting');
      // A refused upgrade looks like any other drop; every few tries, ask
      // over HTTP why, so a stale token or a vanished table is said.
      if (failures % 3 === 0) onRefused();
      const wait = Math.min(500 * 2 ** Math.min(failures - 1, 4), 8000);
      timer = setTimeout(open, wait);
    };
  };
  open();

  return {
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify(message));
        return true;
      }
      return false;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
