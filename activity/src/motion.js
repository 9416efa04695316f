// Movement: what travels across the table (a play from a hand to the oven,
// a draw from its pile to a hand) and the paced steps (the oven's cards
// turned one by one, each order's fate marked on it). With
// `prefers-reduced-motion` nothing moves: the table simply shows where
// things are, and the steps still come one at a time.

import { backArt, cardArt } from "./art.js";
import { el, reducedMotion } from "./dom.js";

const TRAVEL_MS = 420;

// Where each anchor is on the screen now (before a new frame is drawn).
export function anchors(root) {
  const found = new Map();
  for (const e of root.querySelectorAll("[data-anchor]")) {
    const r = e.getBoundingClientRect();
    if (r.width && r.height) found.set(e.dataset.anchor, r);
  }
  return found;
}

// Play the frame's moves: each card flies from where it was to where it went.
export function travel(root, moves, before) {
  if (reducedMotion() || !moves || !moves.length) return;
  const after = anchors(root);
  moves.forEach((move, i) => {
    const from = before.get(move.from) || after.get(move.from);
    const to = after.get(move.to) || before.get(move.to);
    if (!from || !to) return;
    const shown = Math.min(move.n || 1, 3);
    for (let k = 0; k < shown; k++) {
      const art = move.card ? cardArt(move.card.art, "art") : backArt(move.back || "back-ingredient");
      const flyer = el("div", { class: "flyer", "aria-hidden": "true" }, art);
      document.body.append(flyer);
      const w = 44;
      const h = move.card && move.card.art && move.card.art.t === "order" ? 31 : 62;
      const x0 = from.left + from.width / 2 - w / 2;
      const y0 = from.top + from.height / 2 - h / 2;
      const x1 = to.left + to.width / 2 - w / 2;
      const y1 = to.top + to.height / 2 - h / 2;
      Object.assign(flyer.style, { width: `${w}px`, height: `${h}px`, left: "0px", top: "0px" });
      const animation = flyer.animate(
        [
          { transform: `translate(${x0}px, ${y0}px) scale(1)`, opacity: 1 },
          { transform: `translate(${(x0 + x1) / 2}px, ${Math.min(y0, y1) - 30}px) scale(1.1)`, opacity: 1, offset: 0.5 },
          { transform: `translate(${x1}px, ${y1}px) scale(0.9)`, opacity: 0.2 },
        ],
        { duration: TRAVEL_MS, delay: (i * 3 + k) * 90, easing: "ease-in-out", fill: "both" },
      );
      animation.onfinish = () => flyer.remove();
      animation.oncancel = () => flyer.remove();
    }
  });
}

// Turn a card over as it arrives (the reveal).
export function turnOver(node) {
  if (reducedMotion()) return;
  node.animate(
    [
      { transform: "rotateY(90deg) translateY(-12px)", opacity: 0.3 },
      { transform: "rotateY(0deg) translateY(0)", opacity: 1 },
    ],
    { duration: 320, easing: "ease-out" },
  );
}

export function pop(node) {
  if (reducedMotion()) return;
  node.animate([{ transform: "scale(0.2)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }], {
    duration: 260,
    easing: "ease-out",
  });
}

// Steps shown one by one at the game's pace.
export class Pacer {
  constructor(show, done = () => {}) {
    this.show = show; // (step) => void
    this.done = done; // () => void: the last step's pause is over, nothing queued
    this.queue = [];
    this.timer = null;
    this.pace = 1000;
  }

  add(steps, pace) {
    this.pace = Math.max(0, pace ?? this.pace);
    this.queue.push(...steps);
    this.next();
  }

  get waiting() {
    return this.queue.length;
  }

  next() {
    if (this.timer !== null || !this.queue.length) return;
    const step = this.queue.shift();
    this.show(step);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.queue.length) this.next();
      else this.done();
    }, step.paced ? this.pace : 0);
  }

  clear() {
    this.queue = [];
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
