// Each game draws its own table; this maps a game's short name to its
// board. A board gets the viewer's `view` (docs/protocol/<game>.md), the
// legal `actions` ([{index, label, action}], empty when not on move), `you`
// (a seat number or null), `seatName(seat)` and `act(index)`, and returns
// the drawing. Actions a board cannot place stay in the word list beside it.

import { Board as Joust } from './joust.js';
import { Board as Ritter } from './ritter.js';
import { Board as Glory } from './glory.js';
import { Board as Mastery } from './mastery.js';

export const boards = { joust: Joust, ritter: Ritter, glory: Glory, mastery: Mastery };
