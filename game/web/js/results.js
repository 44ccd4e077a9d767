// How the game went, once it is over, as the desktop's game-over screen shows it
// (game/scenes/play/gameover.py): the winner in big letters, how they won, a line graph each
// of the players' territories and armies over the turns (the view brings the statistics'
// history at the end), and the league table of battles and invasions.

import * as palette from "./palette.js";
import { plural } from "./words.js";

const REASONS = { world: "conquers the World", mission: "completes a mission",
  headquarters: "occupies the headquarters" };
const GRAPH_TERRITORIES = { x: 14, y: 96, w: 300, h: 150 };
const GRAPH_ARMIES = { x: 326, y: 96, w: 300, h: 150 };
const GROW_SECONDS = 1.6;

/** Per player, a history value at the start of each turn, then the end's. */
function series(view, key, board) {
  const count = view.players.length;
  const history = (view.stats && view.stats.history) || [];
  const points = view.players.map((_, p) => history
    .filter((h) => Array.isArray(h[key]) && h[key].length === count).map((h) => Number(h[key][p]) || 0));
  const end = view.players.map((_, p) => board.ids.reduce((s, t) => s + (view.owner[t] === p
    ? (key === "armies" ? view.armies[t] : 1) : 0), 0));
  points.forEach((line, p) => line.push(end[p]));
  return points;
}

export class ResultsScreen {
  constructor({ view, board, name, buttons }) {
    this.name = "results";
    this.view = view;
    this.board = board;
    this.playerName = name;
    this.commands = buttons; // [{label, key, press}]
    this.time = 0;
    this.focus = buttons.length - 1;
    this.cancel = null;
    this.territories = series(view, "territories", board);
    this.armies = series(view, "armies", board);
  }

  get headline() {
    const v = this.view;
    if (v.winner === null || v.winner === undefined) return "GAME ABANDONED";
    return `${this.playerName(v.winner).toUpperCase()} WINS`;
  }

  get subline() {
    const v = this.view;
    if (v.winner === null || v.winner === undefined) {
      return "Nobody won this one. The statistics show how it stood.";
    }
    let text = REASONS[v.end_reason] || "wins the game";
    const mission = v.end_reason === "mission" && v.players[v.winner].mission;
    if (mission) text += `: ${this.board.missionText(mission)}`;
    return `${text.slice(0, 1).toUpperCase()}${text.slice(1)} after ${plural(v.turn, "turn")}.`;
  }

  update(dt) {
    this.time += dt;
  }

  draw(screen) {
    const font = screen.font;
    const v = this.view;
    screen.fill(palette.SEA_DEEP, 0, 0, 640, 400);
    screen.fill(palette.NAVY, 0, 8, 640, 66);
    screen.fill(palette.GOLD, 0, 8, 640, 1);
    screen.fill(palette.GOLD, 0, 73, 640, 1);
    const title = font.render(this.headline, palette.GOLD, true);
    screen.ctx.drawImage(title, 320 - title.width, 18, title.width * 2, title.height * 2);
    if (v.winner !== null && v.winner !== undefined) {
      const colour = palette.playerColour(v.players[v.winner].colour);
      screen.fill(palette.INK, 320 - title.width - 28, 18, 18, 18);
      screen.fill(colour.rgb, 320 - title.width - 27, 19, 16, 16);
    }
    screen.text(font.ellipsize(this.subline, 620), 320, 48, palette.CREAM, "center");
    const grown = Math.min(1, this.time / GROW_SECONDS);
    this.graph(screen, GRAPH_TERRITORIES, "TERRITORIES", this.territories, grown);
    this.graph(screen, GRAPH_ARMIES, "ARMIES", this.armies, grown);
    this.table(screen, { x: 14, y: 262, w: 612, h: 104 });
    let x = 630;
    for (let i = this.commands.length - 1; i >= 0; i--) {
      const b = this.commands[i];
      x -= 84;
      screen.button(x, 374, 84, 17, b.label, b.press, { key: b.key, focused: i === this.focus,
        bold: i === this.commands.length - 1 });
      x -= 8;
    }
  }

  graph(screen, r, title, lines, grown) {
    const font = screen.font;
    screen.text(title, r.x, r.y - 12, palette.WHITE, "left", true);
    screen.fill(palette.LIGHT, r.x, r.y, r.w, r.h);
    screen.frame(palette.INK, r.x, r.y, r.w, r.h);
    const plot = { x: r.x + 29, y: r.y + 9, w: r.w - 34, h: r.h - 22 };
    const top = Math.max(1, ...lines.map((line) => Math.max(0, ...line)));
    for (let k = 0; k < 5; k++) {
      const y = plot.y + plot.h - Math.floor(plot.h * k / 4);
      for (let x = plot.x; x < plot.x + plot.w; x += 3) screen.fill(palette.FACE, x, y, 1, 1);
      screen.text(String(Math.round(top * k / 4)), plot.x - 4, y - 4, palette.SHADOW, "right");
    }
    const turns = Math.max(0, ...lines.map((line) => line.length));
    screen.text("turns", plot.x + plot.w, r.y + r.h - 11, palette.SHADOW, "right");
    if (turns < 2) {
      screen.text("No turns were played.", plot.x + Math.floor(plot.w / 2), plot.y + Math.floor(plot.h / 2), palette.SHADOW, "center");
      return;
    }
    const shown = Math.max(2, Math.round(1 + (turns - 1) * grown));
    const ctx = screen.ctx;
    lines.forEach((line, pid) => {
      if (line.length < 2) return;
      const points = line.slice(0, shown).map((value, i) => [
        plot.x + Math.floor(plot.w * i / (turns - 1)),
        plot.y + plot.h - Math.floor(plot.h * value / top)]);
      const colour = palette.playerColour(this.view.players[pid].colour);
      for (const [rgb, width] of [[palette.INK, 4], [colour.rgb, 2]]) {
        ctx.strokeStyle = palette.css(rgb);
        ctx.lineWidth = width;
        ctx.lineJoin = "round";
        ctx.beginPath();
        points.forEach(([x, y], i) => (i ? ctx.lineTo(x + 0.5, y + 0.5) : ctx.moveTo(x + 0.5, y + 0.5)));
        ctx.stroke();
      }
    });
  }

  table(screen, r) {
    const v = this.view;
    const s = v.stats || {};
    screen.fill(palette.NAVY, r.x, r.y, r.w, r.h);
    screen.frame(palette.SELECT_BLUE, r.x, r.y, r.w, r.h);
    const columns = [["BATTLES WON", 250], ["LOST", 310], ["INVASIONS WON", 450], ["LOST", 510],
      ["TERRITORIES", 600]];
    const x = r.x + 8;
    let y = r.y + 5;
    screen.text("PLAYER", x + 16, y, palette.SKY_BLUE, "left", true);
    for (const [header, right] of columns) screen.text(header, r.x + right, y, palette.SKY_BLUE, "right", true);
    y += 13;
    const at = (key, p) => (Array.isArray(s[key]) ? Number(s[key][p]) || 0 : 0);
    const rows = v.players.map((p, pid) => ({ pid, name: p.name, colour: palette.playerColour(p.colour),
      values: [at("battles_won", pid), at("battles_lost", pid), at("invasions_won", pid),
        at("invasions_lost", pid), this.board.ids.filter((t) => v.owner[t] === pid).length] }));
    // the desktop's league order: invasions won, then battles won, then fewest battles lost
    rows.sort((a, b) => b.values[2] - a.values[2] || b.values[0] - a.values[0] || a.values[1] - b.values[1]);
    const step = Math.min(12, Math.floor((r.y + r.h - y - 2) / Math.max(1, rows.length)));
    for (const row of rows) {
      screen.fill(palette.INK, x, y, 11, 9);
      screen.fill(row.colour.rgb, x + 1, y + 1, 9, 7);
      const ink = row.pid === v.winner ? palette.GOLD : palette.WHITE;
      screen.text(row.name, x + 16, y + 1, ink, "left", true);
      row.values.forEach((value, i) => screen.text(String(value), r.x + columns[i][1], y + 1, ink, "right"));
      y += step;
    }
  }

  /** The keys: the arrows and Tab walk the buttons, Return presses, a button's letter too;
   * the first key or press while the graphs grow finishes them. */
  key(event) {
    const count = this.commands.length;
    if (["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "Tab"].includes(event.key)) {
      const back = event.key === "ArrowLeft" || event.key === "ArrowUp" || (event.key === "Tab" && event.shiftKey);
      this.focus = (this.focus + (back ? -1 : 1) + count) % count;
      return true;
    }
    if (event.key === "Enter" || event.key === " ") {
      if (this.time < GROW_SECONDS) this.time = GROW_SECONDS;
      else this.commands[this.focus].press();
      return true;
    }
    const b = this.commands.find((c) => c.key && c.key === event.key.toLowerCase());
    if (b) {
      b.press();
      return true;
    }
    return false;
  }
}
