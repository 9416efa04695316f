// Cards, piles, pizzas and faces, drawn in SVG from the scene's art
// descriptors and the sprite's symbols (the pictures' own parts, drawn by the
// server: bot/web/art.py). No words here: every name comes from the scene.

import { el, svg, use } from "./dom.js";

const INK = "#261e1c";
const FACE = "#faf3e4";

// A card face: an ingredient (a symbol on its colour), an order (its owner's
// band, then what it needs), a slice (its colour's pattern, its shape, its
// hero), or a back (a pattern).
export function cardArt(art, className = "art") {
  if (!art) return null;
  if (art.t === "order") return orderArt(art, className);
  const box = svg("svg", { class: className, viewBox: "0 0 50 70", "aria-hidden": "true", focusable: "false" });
  if (art.t === "kind") {
    box.append(
      svg("rect", { x: 1, y: 1, width: 48, height: 68, rx: 6, fill: art.bg, stroke: INK, "stroke-width": 1.5 }),
      use(art.use, 5, 15, 40, 40),
    );
  } else if (art.t === "slice") {
    box.append(
      svg("rect", { x: 1, y: 1, width: 48, height: 68, rx: 6, fill: `url(#${art.fill})`, stroke: INK, "stroke-width": 1.5 }),
      use(art.shape, 9, art.hero ? 28 : 19, 32, 32),
    );
    if (art.hero) box.append(use(art.hero, 13, 3, 24, 24));
  } else {
    box.append(back(art.fill || art.back));
  }
  return box;
}

function back(fill) {
  return svg("rect", { x: 1, y: 1, width: 48, height: 68, rx: 6, fill: `url(#${fill})`, stroke: "#ffffff66", "stroke-width": 1.5 });
}

export function backArt(fill, className = "art") {
  return svg("svg", { class: className, viewBox: "0 0 50 70", "aria-hidden": "true", focusable: "false" }, back(fill));
}

// An order card: the owner's colour band, and its needs in one row or two,
// each a count, an "or more", and a symbol (or two, for either of two kinds).
function orderArt(art, className) {
  const W = 100;
  const H = 70;
  const box = svg("svg", { class: `${className} order`, viewBox: `0 0 ${W} ${H}`, "aria-hidden": "true", focusable: "false" });
  box.append(
    svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 6, fill: FACE, stroke: INK, "stroke-width": 1.5 }),
    svg("path", { d: `M1 13 V7 a6 6 0 0 1 6 -6 H${W - 7} a6 6 0 0 1 6 6 V13 Z`, fill: `url(#${art.band})`, stroke: INK, "stroke-width": 1.2 }),
  );
  const widths = art.needs.map(needWidth);
  const total = widths.reduce((a, b) => a + b, 0) + 3 * (widths.length - 1);
  const rows = total > W - 8 && art.needs.length > 1 ? split(widths) : [art.needs.map((_, i) => i)];
  const rowH = (H - 18) / rows.length;
  const scale = Math.min(1, (W - 8) / Math.max(...rows.map((r) => rowWidth(r, widths))), rowH / 26);
  rows.forEach((row, r) => {
    const width = rowWidth(row, widths) * scale;
    let x = (W - width) / 2;
    const y = 16 + rowH * r + (rowH - 24 * scale) / 2;
    for (const i of row) {
      drawNeed(box, art.needs[i], x, y, scale);
      x += (widths[i] + 3) * scale;
    }
  });
  return box;
}

function needWidth(need) {
  let w = 24;
  if (need.n > 1) w += 8 * String(need.n).length + 1;
  if (need.more) w += 8;
  if (need.or) w += 34;
  return w;
}

function rowWidth(row, widths) {
  return row.reduce((a, i) => a + widths[i], 0) + 3 * (row.length - 1);
}

function split(widths) {
  const total = widths.reduce((a, b) => a + b, 0);
  const first = [];
  let acc = 0;
  widths.forEach((w, i) => {
    if (acc + w / 2 <= total / 2 || !first.length) {
      first.push(i);
      acc += w;
    }
  });
  const second = widths.map((_, i) => i).filter((i) => !first.includes(i));
  return second.length ? [first, second] : [first];
}

function drawNeed(box, need, x, y, s) {
  if (need.n > 1) {
    const digits = String(need.n);
    box.append(svg("text", { x: x + 4 * digits.length * s, y: y + 12 * s, "font-size": 15 * s, "font-weight": 700, "text-anchor": "middle", "dominant-baseline": "central", fill: INK, text: digits }));
    x += (8 * digits.length + 1) * s;
  }
  if (need.more) {
    box.append(svg("path", { d: `M${x + 1 * s} ${y + 6 * s} h${6 * s} M${x + 4 * s} ${y + 3 * s} v${6 * s}`, stroke: INK, "stroke-width": 1.8 * s }));
    x += 8 * s;
  }
  box.append(use(need.use, x, y, 24 * s, 24 * s));
  if (need.or) {
    x += 24 * s;
    box.append(svg("path", { d: `M${x + 3 * s} ${y + 20 * s} L${x + 7 * s} ${y + 4 * s}`, stroke: INK, "stroke-width": 2 * s, "stroke-linecap": "round" }));
    box.append(use(need.or, x + 10 * s, y, 24 * s, 24 * s));
  }
}

// A round pizza: six places clockwise from the top, each a
// wedge in its slice's colour and pattern with its shape, heroes outside the
// rim. `place(i, wedge)` may make a place something to point at.
export function pizzaArt(pizza, place) {
  const R = 50;
  const box = svg("svg", { class: "pizza-art", viewBox: "-66 -66 132 132", focusable: "false" });
  box.append(svg("circle", { r: R + 4, fill: "#b77b3f", stroke: INK, "stroke-width": 2 }));
  pizza.places.forEach((spot, i) => {
    const a0 = ((-90 + i * 60) * Math.PI) / 180;
    const a1 = ((-90 + (i + 1) * 60) * Math.PI) / 180;
    const mid = (a0 + a1) / 2;
    const filled = !!spot.art;
    const wedge = svg("path", {
      d: `M0 0 L${R * Math.cos(a0)} ${R * Math.sin(a0)} A${R} ${R} 0 0 1 ${R * Math.cos(a1)} ${R * Math.sin(a1)} Z`,
      fill: filled ? `url(#${spot.art.fill})` : "#363940",
      stroke: "#2b2d31",
      "stroke-width": 2.5,
    });
    const g = svg("g", { class: `place${filled ? " filled" : ""}` }, wedge);
    const cx = R * 0.6 * Math.cos(mid);
    const cy = R * 0.6 * Math.sin(mid);
    g.append(use(spot.shape, cx - 11, cy - 11, 22, 22));
    if (spot.art && spot.art.hero) {
      const hx = R * 1.12 * Math.cos(mid);
      const hy = R * 1.12 * Math.sin(mid);
      g.append(use(spot.art.hero, hx - 11, hy - 11, 22, 22));
    }
    box.append(place ? place(spot, g, i) : g);
  });
  return box;
}

// The Captain's Ship: the ship, and its cards standing on deck.
export function shipArt() {
  return svg("svg", { class: "ship-art", viewBox: "0 0 300 110", "aria-hidden": "true", focusable: "false" }, use("ship", 0, 0, 300, 110));
}

// A player's face: their Discord avatar (served by the bot), else their
// initial in their colour, or a computer's face.
export function face(seat) {
  const holder = el("span", { class: "avatar", "aria-hidden": "true" });
  if (seat.computer) {
    holder.append(svg("svg", { viewBox: "0 0 40 40", focusable: "false" }, use("computer", 0, 0, 40, 40)));
    return holder;
  }
  const initial = () => el("span", { class: "initial", text: (Array.from(seat.name || "?")[0] || "?").toUpperCase() });
  if (seat.avatar) {
    const img = el("img", { src: seat.avatar, alt: "", width: 40, height: 40, decoding: "async" });
    img.addEventListener("error", () => img.replaceWith(initial()), { once: true });
    holder.append(img);
  } else {
    holder.append(initial());
  }
  return holder;
}

// A small symbol with a number beside it (a seat's counts).
export function counted(item) {
  const box = svg("svg", { viewBox: "0 0 40 40", focusable: "false", "aria-hidden": "true" });
  if (item.use === "pile") box.append(svg("rect", { x: 9, y: 4, width: 22, height: 32, rx: 3, fill: `url(#${item.fill})`, stroke: "#fff8", "stroke-width": 1.5 }));
  else box.append(use(item.use, 0, 0, 40, 40));
  return el("span", { class: "count", "data-anchor": item.anchor }, box, el("span", { class: "n", text: item.n === null || item.n === undefined ? "–" : String(item.n) }));
}
