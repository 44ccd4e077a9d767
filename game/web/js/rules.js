// Questions the screen asks of the seat's view, to offer only sensible choices: which
// territories a click may mean now, how many dice, how many armies. They follow the engine's
// rules (game/engine/core.py and its mixins) but decide nothing: every action goes to the
// server, which checks it with the engine and refuses it with the engine's reason. The rules'
// numbers (the army limit, the hand that forces a trade, the most dice) are the engine's own,
// sent with the board (/board.json: `rules`): the page keeps no copy of them.

export const ATTACK_MODES = ["single", "continuous", "do_or_die"];
export const MODE_WORDS = { single: "SINGLE", continuous: "CONTINUOUS", do_or_die: "DO OR DIE" };

export class Rules {
  constructor(board, view, seat) {
    this.board = board;
    this.view = view;
    this.seat = seat;
    this.numbers = board.rules; // the engine's (game/net/web.py: RULE_NUMBERS)
  }

  get phase() {
    return this.view.phase;
  }

  get current() {
    return this.view.current;
  }

  get players() {
    return this.view.players;
  }

  /** Who must act now: the defender while dice are asked of it, else the current player. */
  get toMove() {
    const v = this.view;
    if (v.phase === "defend" && v.battle) return v.owner[v.battle.target];
    return v.current;
  }

  get isMyMove() {
    return this.toMove === this.seat && this.phase !== "game_over";
  }

  get neutralId() {
    const players = this.view.players;
    return players.length && players[players.length - 1].is_neutral ? players.length - 1 : null;
  }

  me() {
    return this.view.players[this.seat];
  }

  owner(t) {
    return this.view.owner[t];
  }

  armies(t) {
    return this.view.armies[t];
  }

  territoriesOf(pid) {
    return this.board.ids.filter((t) => this.view.owner[t] === pid);
  }

  armyLimit(t) {
    const neutral = this.neutralId;
    if (t !== undefined && neutral !== null && this.view.owner[t] === neutral) {
      return this.numbers.army_limit;
    }
    return this.view.variants.army_limit || this.numbers.army_limit;
  }

  room(t) {
    return Math.max(0, this.armyLimit(t) - this.view.armies[t]);
  }

  attackDice(source) {
    return Math.min(this.numbers.attack_dice, this.view.armies[source] - 1);
  }

  defenceDice(target) {
    return Math.min(this.numbers.defence_dice, this.view.armies[target]);
  }

  /** (least, most) armies the conqueror may have in the conquered territory. */
  occupyRange() {
    const v = this.view;
    const b = v.battle;
    const most = v.occupy_moved + Math.min(v.armies[b.source] - 1, this.room(b.target));
    return [v.occupy_moved, Math.max(v.occupy_moved, most)];
  }

  /** How many armies one press may place on `t` in the set-up or reinforcement now. */
  placeMost(t) {
    const v = this.view;
    const owner = v.owner[t];
    if (v.phase === "place") {
      if (owner !== null && owner === this.neutralId && v.neutral_quota > 0) {
        return v.neutral_quota;
      }
      return owner === v.current ? Math.min(v.quota, this.room(t)) : 0;
    }
    if (v.phase === "reinforce") {
      return owner === v.current && !this.mustTrade() ? Math.min(v.reinforcements, this.room(t)) : 0;
    }
    return 0;
  }

  mustTrade() {
    const v = this.view;
    if (v.phase !== "reinforce") return false;
    const hand = v.players[v.current].hand.length;
    return v.return_to_attack ? hand > this.numbers.elimination_trade_above
      : hand >= this.numbers.forced_trade_hand;
  }

  canUndo() {
    const v = this.view;
    return (v.phase === "reinforce" || v.phase === "attack") && v.placements.length > 0
      && !v.has_attacked && !v.return_to_attack;
  }

  canAttackFrom(t) {
    return this.view.owner[t] === this.seat && this.view.armies[t] >= 2
      && this.board.neighbours(t).some((n) => this.view.owner[n] !== this.seat);
  }

  canMoveFrom(t) {
    return this.view.owner[t] === this.seat && this.view.armies[t] >= 2
      && this.board.neighbours(t).some((n) => this.view.owner[n] === this.seat && this.room(n) > 0);
  }

  /** Whether three cards make a set: three of a kind, one of each, or two and a wild. */
  isSet(cards) {
    if (cards.length !== 3 || new Set(cards).size !== 3) return false;
    const kinds = cards.map((c) => this.board.cardKind(c));
    const wild = kinds.filter((k) => k === "wild").length;
    const suits = new Set(kinds.filter((k) => k !== "wild"));
    if (wild >= 1) return true;
    return suits.size === 1 || suits.size === 3;
  }

  /** The sets in a hand, in hand order. */
  sets(hand) {
    const found = [];
    for (let a = 0; a < hand.length; a++) {
      for (let b = a + 1; b < hand.length; b++) {
        for (let c = b + 1; c < hand.length; c++) {
          const trio = [hand[a], hand[b], hand[c]];
          if (this.isSet(trio)) found.push(trio);
        }
      }
    }
    return found;
  }

  /** What trading these three cards would give now (before any territory bonus), as the
   * engine's set_value reckons it: a wild card counts as whatever makes the set worth most. */
  setValue(cards) {
    if (this.view.config.set_values !== "fixed") return this.view.next_set_value;
    const { fixed, mixed } = this.board.setValues;
    const kinds = cards.map((c) => this.board.cardKind(c));
    const suits = Object.keys(fixed);
    let best = 0;
    const resolve = (i, chosen) => {
      if (i === kinds.length) {
        const distinct = new Set(chosen).size;
        if (distinct === 3) best = Math.max(best, mixed);
        else if (distinct === 1) best = Math.max(best, fixed[chosen[0]]);
        return;
      }
      for (const kind of kinds[i] === "wild" ? suits : [kinds[i]]) resolve(i + 1, [...chosen, kind]);
    };
    resolve(0, []);
    return best;
  }

  /** The value of the next set, when sets rise (null when they have fixed values). */
  nextSetValue() {
    return this.view.config.set_values === "increasing" ? this.view.next_set_value : null;
  }

  /** The territories a press on the map may mean now, for the keyboard's Tab and the
   * highlights; `source` is the territory chosen first (an attack's or a move's), `moving`
   * whether FREE MOVE was chosen (the presses then choose a move). */
  accepted(source, moving = false) {
    const v = this.view;
    if (!this.isMyMove) return [];
    const mine = (t) => v.owner[t] === this.seat;
    switch (v.phase) {
      case "claim":
        return this.board.ids.filter((t) => v.owner[t] === null);
      case "place":
      case "reinforce":
        return this.board.ids.filter((t) => this.placeMost(t) > 0);
      case "choose_hq":
        return this.board.ids.filter(mine);
      case "attack":
      case "fortify":
        if (moving || v.phase === "fortify") {
          if (source) return this.board.neighbours(source).filter((n) => mine(n) && this.room(n) > 0);
          return this.board.ids.filter((t) => this.canMoveFrom(t));
        }
        if (source) return this.board.neighbours(source).filter((n) => !mine(n));
        return this.board.ids.filter((t) => this.canAttackFrom(t));
      default:
        return [];
    }
  }
}
