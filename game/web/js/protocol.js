// The page's side of the network protocol described in game/net/protocol.py: versioned JSON
// objects over the websocket. Kept beside that description on purpose: the test
// tests/network/test_web_client.py reads KINDS below and checks that every kind the server
// sends (SERVER_SCHEMAS) is here and handled by the page (connection.js), and that every kind
// the page sends is in CLIENT_SCHEMAS with only the fields the server allows.
//
// Each kind of message the page sends is built by ONE function below, so a change to a
// message (a new required field...) is a change of one line here.

export const PROTOCOL_VERSION = 4;
export const MAX_NAME_LENGTH = 16;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_TOKEN_LENGTH = 64;

// What each kind of message holds: the page sends `sent`, the server `received` (the fields
// every such message must have).
export const KINDS = /*KINDS*/ {
  "sent": {
    "hello": ["name", "password", "game", "seat", "token", "id"],
    "action": ["id", "seat", "token", "n", "action"],
    "state": ["id"],
    "ping": ["id"],
    "leave": ["id"],
    "fill": ["id"]
  },
  "received": {
    "welcome": ["seat", "token", "game", "rejoined", "n"],
    "lobby": ["game", "seats", "started", "password"],
    "state": ["seq", "seat", "view", "to_move", "over"],
    "update": ["seq", "actor", "action", "events", "computer", "to_move", "over"],
    "error": ["reason", "code"],
    "pong": [],
    "bye": ["reason"],
    "story": ["seq", "since", "entries", "total", "actions", "matches", "luck"]
  }
} /*END*/;

let lastId = 0;

/** A request number for matching the server's answer. */
export function nextId() {
  lastId += 1;
  return lastId;
}

function message(kind, fields) {
  const allowed = KINDS.sent[kind];
  const out = { v: PROTOCOL_VERSION, type: kind };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (!allowed.includes(key)) throw new Error(`a ${kind} message has no '${key}'`);
    out[key] = value;
  }
  return out;
}

/** Join an open seat (no token) or take one's seat back (seat and token). */
export function helloMessage({ name, password, game, seat, token }) {
  return message("hello", {
    name: String(name).slice(0, MAX_NAME_LENGTH),
    password: password ? String(password).slice(0, MAX_PASSWORD_LENGTH) : undefined,
    game, seat, token, id: nextId(),
  });
}

/** One engine action (a plain object: {kind: "claim", territory: "alaska"}...) for the
 * page's own seat, proven by its token, numbered `n`: the seat's next action number (the
 * server applies each number once, so a message sent again is never played twice). */
export function actionMessage(seat, token, n, action) {
  return message("action", { id: nextId(), seat, token, n, action });
}

/** The seat's whole view again (after a missed update). */
export function stateMessage() {
  return message("state", { id: nextId() });
}

export function pingMessage() {
  return message("ping", { id: nextId() });
}

/** Give the seat up before the game starts (after, it is kept for a return). */
export function leaveMessage() {
  return message("leave", { id: nextId() });
}

/** Start now: the table's open seats to computer generals (where the host allows it). */
export function fillMessage() {
  return message("fill", { id: nextId() });
}

/** A received text as a checked message, or null (logged) if it is not one: the page trusts
 * the server no more than the server trusts it. */
export function readMessage(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    console.warn("the server sent something that is not JSON");
    return null;
  }
  if (msg === null || typeof msg !== "object" || Array.isArray(msg)) return null;
  if (msg.v !== PROTOCOL_VERSION) {
    console.warn(`the server speaks protocol version ${msg.v}, this page ${PROTOCOL_VERSION}`);
    return null;
  }
  const needed = KINDS.received[msg.type];
  if (!needed) return null;
  for (const field of needed) {
    if (!(field in msg)) {
      console.warn(`a ${msg.type} message without '${field}'`);
      return null;
    }
  }
  return msg;
}

// The engine's actions, as game/engine/actions.py writes them (to_dict): the page builds
// them only through these, and the server checks each one as it checks any client's.
export const actions = {
  claim: (territory) => ({ kind: "claim", territory }),
  place: (territory, count) => ({ kind: "place", territory, count }),
  chooseHeadquarters: (territory) => ({ kind: "choose_hq", territory }),
  trade: (cards) => ({ kind: "trade", cards: [cards[0], cards[1], cards[2]] }),
  attack: (source, target, dice, mode) => ({ kind: "attack", source, target, dice, mode }),
  defend: (dice) => ({ kind: "defend", dice }),
  useAdvantage: (advantage) => ({ kind: "use_advantage", advantage }),
  declineAdvantage: () => ({ kind: "decline_advantage" }),
  occupy: (count) => ({ kind: "occupy", count }),
  fortify: (source, target, count) => ({ kind: "fortify", source, target, count }),
  endTurn: () => ({ kind: "end_turn" }),
  undoPlacements: () => ({ kind: "undo_placements" }),
};
