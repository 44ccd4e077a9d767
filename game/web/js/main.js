// The page's start: load the board, the map art and the font from this server, then show the
// tables (lobby.js), or take back the seat this browser kept, and play (play.js). One frame
// loop draws whichever screen is shown.

import { Board } from "./board.js";
import { PixelFont } from "./font.js";
import { HitMask } from "./hittest.js";
import { MapView } from "./mapview.js";
import { Screen } from "./screen.js";
import { Input } from "./input.js";
import { Connection, SeatStore } from "./connection.js";
import { LobbyScreen } from "./lobby.js";
import { PlayScreen } from "./play.js";
import * as palette from "./palette.js";

async function json(path) {
  const answer = await fetch(path, { cache: "no-cache" });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}

function image(path) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`${path} could not be loaded`));
    img.src = path;
  });
}

class App {
  constructor(board, font, world, maskImage) {
    this.board = board;
    this.font = font;
    this.screen = new Screen(document.getElementById("screen"), font);
    this.hit = new HitMask(maskImage, board);
    this.map = new MapView(board, world, this.hit, font);
    this.store = new SeatStore();
    this.play = new PlayScreen(this);
    this.lobby = new LobbyScreen(this);
    this.conn = new Connection(this, this.store);
    this.current = null;
    this.input = new Input(this.screen, null);
    this.facts = {};
    this.last = performance.now();
  }

  async start() {
    // this tab's own seat after a reload, or a closed tab's the browser kept (connection.js)
    const kept = await this.store.claim();
    if (kept) {
      // a reload or a return: take the kept seat back at once (hello + seat + token)
      this.showPlay();
      this.play.say("Taking your seat back...", palette.CREAM);
      this.conn.credentials = { ...kept };
      this.conn.join({ name: kept.name, password: this.store.password(), game: kept.game,
        seat: kept.seat, token: kept.token });
    } else {
      this.showLobby();
    }
    requestAnimationFrame((t) => this.frame(t));
  }

  show(screen) {
    if (this.current && this.current.leave) this.current.leave();
    this.current = screen;
    this.input.target = screen;
  }

  showLobby(note = null) {
    this.show(this.lobby);
    this.lobby.enter(note);
  }

  showPlay() {
    this.play.reset();
    this.show(this.play);
  }

  publish(facts) {
    this.screen.publish(facts);
  }

  frame(now) {
    const dt = Math.min(0.1, Math.max(0, (now - this.last) / 1000));
    this.last = now;
    this.screen.beginFrame();
    if (this.current.update) this.current.update(dt);
    this.current.draw();
    requestAnimationFrame((t) => this.frame(t));
  }

  // -- the connection's listener (connection.js) ------------------------------------------
  onWelcome(msg) {
    if (this.current !== this.play) this.showPlay();
    this.play.onWelcome(msg);
  }

  onJoinRefused(msg, kept) {
    const note = kept && msg.code === "password"
      ? ["Type the game password to take your seat back.", palette.ALERT_RED] : null;
    this.showLobby(note);
    if (!note) this.lobby.refused(msg);
  }

  onLobby(msg) { this.play.onLobby(msg); }
  onState(msg) { this.play.onState(msg); }
  onUpdate(msg) { this.play.onUpdate(msg); }
  onError(msg) { this.play.onError(msg); }
  onStory(msg) { this.play.onStory(msg); }
  onBye(msg) { this.play.onBye(msg); }
  onStatus(status) { this.play.onStatus(status); }
}

async function boot() {
  const canvas = document.getElementById("screen");
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = palette.css(palette.NAVY);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  try {
    const [boardData, layout, fontData, world, mask] = await Promise.all([
      json("/board.json"), json("/art/layout.json"), json("/art/font.json"),
      image("/art/world.png"), image("/art/mask.png"),
    ]);
    const app = new App(new Board(boardData, layout), new PixelFont(fontData), world, mask);
    await app.start();
  } catch (error) {
    ctx.fillStyle = palette.css(palette.WHITE);
    ctx.font = "12px monospace";
    ctx.fillText(`The game could not be loaded: ${error.message}`, 10, 20);
    canvas.dataset.screen = JSON.stringify({ screen: "failed", error: String(error.message) });
  }
}

boot();
