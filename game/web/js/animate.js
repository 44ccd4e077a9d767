// Others' moves as they arrive: each update's events become short effects on the map (the
// territory flashes, the attacker and defender show their letters, the dice roll and settle
// in the battle box) and the camera glides to where it happens. The view itself is already
// up to date: effects only show how it got there, and end by themselves.

const FLASH_SECONDS = 0.9;
const BATTLE_SECONDS = 1.6;
const ROLL_SECONDS = 0.35;

export class Animator {
  constructor(map) {
    this.map = map;
    this.flashes = new Map(); // territory -> seconds left
    this.battle = null; // {source, target, attacker: [..], defender: [..], left, rolling}
    this.now = 0;
  }

  /** The effects of one update; `follow` moves the camera to them (others' moves). */
  take(events, follow) {
    const seen = [];
    for (const e of events) {
      switch (e.event) {
        case "TerritoryClaimed":
        case "ArmiesPlaced":
        case "NeutralReinforced":
        case "CardBonus":
          this.flash(e.territory);
          seen.push(e.territory);
          break;
        case "DiceRolled":
          this.battle = { source: e.source, target: e.target, attacker: e.attacker_dice,
            attackerSeat: e.attacker, defenderSeat: e.defender,
            defender: e.defender_dice, left: BATTLE_SECONDS, rolling: ROLL_SECONDS,
            losses: null };
          seen.push(e.source, e.target);
          break;
        case "AdvantageUsed":
          if (this.battle) this.battle.attacker = e.attacker_dice;
          break;
        case "BattleResolved":
          if (this.battle) this.battle.losses = [e.attacker_losses, e.defender_losses];
          break;
        case "TerritoryConquered":
        case "ArmiesMoved":
          this.flash(e.target);
          seen.push(e.source, e.target);
          break;
        default:
          break;
      }
    }
    if (follow && seen.length) this.map.show(...seen.slice(-2));
  }

  flash(territory) {
    if (territory) this.flashes.set(territory, FLASH_SECONDS);
  }

  update(dt) {
    this.now += dt;
    for (const [t, left] of this.flashes) {
      if (left - dt <= 0) this.flashes.delete(t);
      else this.flashes.set(t, left - dt);
    }
    if (this.battle) {
      this.battle.left -= dt;
      this.battle.rolling = Math.max(0, this.battle.rolling - dt);
      if (this.battle.left <= 0) this.battle.keep = true;
    }
  }

  /** The territories flashing now (on for a blink, off for a blink). */
  flashing() {
    const on = [];
    for (const [t, left] of this.flashes) {
      if (Math.floor(left * 6) % 2 === 0) on.push(t);
    }
    return on;
  }

  /** The dice to show: while rolling, random faces; after, the roll itself. */
  dice() {
    const b = this.battle;
    if (!b) return null;
    const face = () => 1 + Math.floor(Math.random() * 6);
    if (b.rolling > 0) {
      return { attacker: b.attacker.map(face), defender: b.defender.map(face), losses: null,
        source: b.source, target: b.target, fresh: true, seats: [b.attackerSeat, b.defenderSeat] };
    }
    return { attacker: b.attacker, defender: b.defender, losses: b.losses, source: b.source,
      target: b.target, fresh: b.left > 0, seats: [b.attackerSeat, b.defenderSeat] };
  }

  /** Whether something is still being shown (the tests and the screen wait for it). */
  get busy() {
    return this.flashes.size > 0 || (this.battle !== null && this.battle.rolling > 0);
  }

  clearBattle() {
    this.battle = null;
  }
}
