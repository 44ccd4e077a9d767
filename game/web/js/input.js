// Mouse, touch and keys, turned into what the screens understand: a press at a logical point
// (a click or a tap that did not move), a drag of the map (a mouse or a finger), the wheel,
// the pointer's position (for the mouse's hover) and keys. Pointer events serve the mouse,
// touch and pens alike, so every step works with each of them alone.

// How far (in the page's pixels, whatever the scale) a press must move to become a drag: a
// finger's tap wobbles a little and is still a tap; a press that moves further is never a
// press, even where nothing can be dragged.
const DRAG_START = 8;

export class Input {
  constructor(screen, target) {
    this.screen = screen;
    this.target = target; // the screen shown now: {press, drag, hover, wheel, key}
    this.down = null;
    const canvas = screen.canvas;
    canvas.addEventListener("pointerdown", (e) => this.pointerDown(e));
    canvas.addEventListener("pointermove", (e) => this.pointerMove(e));
    canvas.addEventListener("pointerup", (e) => this.pointerUp(e));
    canvas.addEventListener("pointercancel", () => {
      this.down = null;
    });
    canvas.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "mouse" && !this.down) this.call("hover", null);
    });
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [dx, dy] = e.shiftKey ? [e.deltaY, 0] : [e.deltaX, e.deltaY];
      this.call("wheel", Math.sign(dx) * Math.min(60, Math.abs(dx)),
        Math.sign(dy) * Math.min(60, Math.abs(dy)));
    }, { passive: false });
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    window.addEventListener("keydown", (e) => this.keyDown(e));
  }

  call(name, ...args) {
    const target = this.target;
    if (target && typeof target[name] === "function") return target[name](...args);
    return undefined;
  }

  pointerDown(e) {
    if (e.button !== undefined && e.button > 0) return; // the main button, a touch or a pen
    this.screen.canvas.focus({ preventScroll: true });
    const [x, y] = this.screen.toLogical(e.clientX, e.clientY);
    this.down = { id: e.pointerId, x, y, lastX: x, lastY: y, dragging: false, moved: false,
      clientX: e.clientX, clientY: e.clientY, type: e.pointerType };
    try {
      this.screen.canvas.setPointerCapture(e.pointerId);
    } catch {
      // (a synthetic pointer cannot be captured: nothing is lost)
    }
    e.preventDefault();
  }

  pointerMove(e) {
    const [x, y] = this.screen.toLogical(e.clientX, e.clientY);
    const down = this.down;
    if (down && down.id === e.pointerId) {
      if (!down.dragging && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) >= DRAG_START) {
        down.moved = true;
        if (this.call("canDrag", down.x, down.y)) down.dragging = true;
      }
      if (down.dragging) {
        this.call("drag", down.lastX - x, down.lastY - y);
        down.lastX = x;
        down.lastY = y;
      }
      return;
    }
    if (e.pointerType === "mouse") this.call("hover", [x, y]);
  }

  pointerUp(e) {
    const down = this.down;
    this.down = null;
    if (!down || down.id !== e.pointerId) return;
    const [x, y] = this.screen.toLogical(e.clientX, e.clientY);
    if (!down.dragging && !down.moved) this.call("press", x, y, down.type);
    if (e.pointerType === "mouse") this.call("hover", [x, y]);
  }

  keyDown(e) {
    const typing = e.target && e.target.tagName === "INPUT";
    if (typing && !["Enter", "Escape", "Tab"].includes(e.key)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.call("key", e)) e.preventDefault();
  }
}
