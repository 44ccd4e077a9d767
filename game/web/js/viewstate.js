// What the page's seat knows of its game: the view the server sent (game/net/views.py: the
// board, armies and public facts, this seat's own cards, mission and headquarters, nobody
// else's), kept up to date by each update's changes and patches (game/net/updates.py). An
// update whose number does not follow the last one is not applied: the whole view is asked
// for again, as the desktop client does.

export class ViewState {
  constructor() {
    this.view = null;
    this.seq = -1;
    this.seat = null;
    this.toMove = null;
    this.over = false;
  }

  get ready() {
    return this.view !== null;
  }

  /** A whole view (joining, rejoining, asked for). */
  takeState(msg) {
    if (!isObject(msg.view) || !isObject(msg.view.owner) || !Array.isArray(msg.view.players)) {
      return false;
    }
    this.view = msg.view;
    this.seq = msg.seq;
    this.seat = msg.seat;
    this.toMove = msg.to_move;
    this.over = Boolean(msg.over);
    return true;
  }

  /** One action's update; false if it does not fit (a gap: ask for the whole view). */
  takeUpdate(msg) {
    if (this.view === null || msg.seq !== this.seq + 1) return false;
    let next;
    if (isObject(msg.view)) {
      next = msg.view;
    } else {
      next = applyChanges(this.view, msg.changes || {}, msg.patches || {});
      if (next === null) return false;
    }
    this.view = next;
    this.seq = msg.seq;
    this.toMove = msg.to_move;
    this.over = Boolean(msg.over);
    return true;
  }

  forget() {
    this.view = null;
    this.seq = -1;
  }
}

/** The view brought up to date (a new object), or null if a change names what it lacks. */
export function applyChanges(view, changes, patches) {
  if (!isObject(changes) || !isObject(patches)) return null;
  for (const key of Object.keys(changes)) {
    if (!(key in view)) return null;
  }
  const next = { ...view, ...changes };
  for (const [key, entries] of Object.entries(patches)) {
    const table = next[key];
    if (!isObject(table) || !isObject(entries)) return null;
    for (const name of Object.keys(entries)) {
      if (!(name in table)) return null;
    }
    next[key] = { ...table, ...entries };
  }
  return next;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
