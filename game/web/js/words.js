// Plain words for the message area: what each event of an update means to the players, as
// the desktop says it (game/scenes/play/narrate.py). Secrets stay secret: another player's
// drawn card is only "a RISK card" (the server sends this seat nobody else's card anyway).

import * as palette from "./palette.js";

const WIN_REASONS = { world: "conquers the world", mission: "completes the mission",
  headquarters: "holds the headquarters needed" };
const STOP_REASONS = { "attacker lost a battle": "the attacker lost a battle",
  "one army left": "only one army is left to attack with" };

export function plural(count, one = "army", many = null) {
  const word = count === 1 ? one : (many || (one === "army" ? "armies" : `${one}s`));
  return `${count} ${word}`;
}

export function sentence(text) {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

/** [text, colour] lines for one update's events; `mySeat` is told of its own card. */
export function narrate(events, board, view, mySeat) {
  const lines = [];
  const rolls = events.filter((e) => e.event === "BattleResolved");
  if (rolls.length) {
    const lostA = rolls.reduce((s, e) => s + e.attacker_losses, 0);
    const lostD = rolls.reduce((s, e) => s + e.defender_losses, 0);
    const battles = rolls.length > 1 ? `${rolls.length} battles: ` : "";
    lines.push([sentence(`${battles}attacker loses ${lostA}, defender loses ${lostD}.`),
      palette.LIGHT]);
  }
  for (const e of events) {
    const line = one(e, board, view, mySeat);
    if (line) lines.push([sentence(line[0]), line[1] || palette.WHITE]);
  }
  return lines;
}

function one(e, board, view, mySeat) {
  const name = (pid) => (view.players[pid] ? view.players[pid].name : `Player ${pid + 1}`);
  const where = (t) => board.name(t);
  switch (e.event) {
    case "FirstPlayerChosen": return [`${name(e.player)} plays first.`, palette.CREAM];
    case "TerritoryClaimed": return [`${name(e.player)} claims ${where(e.territory)}.`];
    case "ArmiesPlaced": return [`${name(e.player)} places ${plural(e.count)} on ${where(e.territory)}.`];
    case "PlacementsUndone": return [`${name(e.player)} takes back ${plural(e.count)}.`, palette.CREAM];
    case "HeadquartersChosen": return [`${name(e.player)} has chosen a headquarters (secret).`];
    case "HeadquartersRevealed": {
      const text = e.headquarters.map(([p, t]) => `${name(p)}: ${where(t)}`).join(", ");
      return [`Headquarters revealed - ${text}.`, palette.AMBER];
    }
    case "TurnStarted": return [`Turn ${e.turn}: ${name(e.player)} to play.`, palette.AMBER];
    case "ReinforcementsReceived": {
      const extra = e.continents.length
        ? ` and ${e.continents.map((c) => board.continentName(c)).join(", ")}` : "";
      return [`${name(e.player)} receives ${plural(e.count)} for ${plural(e.territories, "territory", "territories")}${extra}.`];
    }
    case "NeutralReinforced": return [`Neutral reinforces ${where(e.territory)} with ${plural(e.count)}.`];
    case "SetTraded": return [`${name(e.player)} trades a set of cards for ${plural(e.value)}.`, palette.CREAM];
    case "CardBonus": return [`${plural(e.count)} more on ${where(e.territory)} for its card.`, palette.CREAM];
    case "ArmiesLostToLimit": {
      const place = e.territory ? ` on ${where(e.territory)}` : "";
      return [`Armies lost to the army limit${place}: ${e.count}.`, palette.AMBER];
    }
    case "AdvantageUsed": {
      const kind = e.advantage === "reroll" ? "Attack Advantage" : "Computer Advantage";
      return [`${name(e.player)} uses ${kind}: a ${e.before} becomes a ${e.after}.`, palette.CREAM];
    }
    case "DefenceRequested":
      return [`${name(view.owner[e.source])} attacks ${where(e.target)} (${view.armies[e.target]}) from ${where(e.source)} (${view.armies[e.source]}).`];
    case "AttackStopped": {
      const reason = STOP_REASONS[e.reason];
      return reason ? [`The attack on ${where(e.target)} stops: ${reason}.`] : null;
    }
    case "TerritoryConquered": return [`${name(e.player)} conquers ${where(e.target)}!`, palette.AMBER];
    case "ArmiesMoved":
      if (e.reason === "fortify") {
        return [`${name(e.player)} moves ${plural(e.count)} from ${where(e.source)} to ${where(e.target)}.`];
      }
      return [`${plural(e.count)} occupy ${where(e.target)}.`];
    case "PlayerEliminated": {
      const cards = e.cards_taken ? ` and takes ${plural(e.cards_taken, "card")}` : "";
      // the taker first, as the desktop says it (game/engine/words.py elimination): told the
      // other way round, the loser read as the one taking the cards
      return [`${name(e.by)} eliminates ${name(e.player)}${cards}!`, palette.ALERT_RED];
    }
    case "CardDrawn":
      if (e.player === mySeat && e.card) {
        return [`${name(e.player)}, you receive a RISK card: ${board.cardName(e.card)}.`, palette.CREAM];
      }
      return [`${name(e.player)} receives a RISK card.`];
    case "MissionChanged":
      return [`${name(e.player)}'s mission changes (${e.reason}): conquer 24 territories.`, palette.AMBER];
    case "GameWon": return [`${name(e.player)} ${WIN_REASONS[e.reason] || "wins"} and wins the game!`, palette.GOLD];
    case "GameAbandoned": return ["The game is abandoned.", palette.AMBER];
    default: return null;
  }
}
