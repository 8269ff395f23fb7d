// @ts-check
// What the browser remembers between visits: the display name, and for
// each table the seat this browser holds (its token) and the invites it
// made. A reload or a new tab finds its seat here.

const NAME = 'tourney.name';
const SEATS = 'tourney.seats';
const INVITES = 'tourney.invites';
const SOUND = 'tourney.sound';
const JOIN_KEYS = 'tourney.join-keys';

function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch (e) {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (e) {
    // Storage full or refused (private mode): the page still works, it
    // only forgets on reload.
  }
}

export const remember = {
  name: () => read(NAME, ''),
  setName: (name) => write(NAME, name),
  seat: (table) => read(SEATS, {})[table] ?? null,
  setSeat(table, seat, token) {
    const all = read(SEATS, {});
    all[table] = { seat, token, at: Date.now() };
    write(SEATS, all);
  },
  /**
   * Every table this browser holds a seat at, the newest taken first.
   * @returns {{table: string, seat: number, token: string}[]}
   */
  seats() {
    /** @type {Record<string, {seat: number, token: string, at?: number}>} */
    const all = read(SEATS, {});
    return Object.entries(all)
      .map(([table, held]) => ({ table, ...held, at: held.at ?? 0 }))
      .sort((a, b) => b.at - a.at);
  },
  forgetSeat(table) {
    const all = read(SEATS, {});
    delete all[table];
    write(SEATS, all);
  },
  /**
   * The idempotency key of this browser's join at a table, made once and
   * kept until the join is answered: a join repeated after a lost answer
   * (the server restarted, the network dropped) gets the same seat back
   * instead of taking a second one.
   * @param {string} table
   * @returns {string}
   */
  joinKey(table) {
    const all = read(JOIN_KEYS, {});
    if (!all[table]) {
      // getRandomValues, not randomUUID: a server reached over plain http
      // on a home network is no secure context, and randomUUID needs one.
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      all[table] = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      write(JOIN_KEYS, all);
    }
    return all[table];
  },
  forgetJoinKey(table) {
    const all = read(JOIN_KEYS, {});
    delete all[table];
    write(JOIN_KEYS, all);
  },
  invites: (table) => read(INVITES, {})[table] ?? [],
  setInvites(table, invites) {
    const all = read(INVITES, {});
    all[table] = invites;
    write(INVITES, all);
  },
  // A table just made (or a rematch): its one seat for this browser, if
  // any, and the invites to hand out.
  created(made) {
    const token = made.tokens[0];
    if (token) this.setSeat(made.id, token.seat, token.token);
    this.setInvites(made.id, made.invites);
  },
  sound: () => read(SOUND, false),
  setSound: (on) => write(SOUND, on),
};
