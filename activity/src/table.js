// The table: the seats around it (each player's face, name, colour and
// counts, the one to move lit), the piles in its middle, the viewer's own
// cards and the piles they draw from, and the dock with what confirms. Drawn
// from a scene (bot/web/scene.py); every card and control is a real button
// or a labelled picture, so the table is played by keyboard and read by
// screen readers; the words are all the server's.

import { cardArt, backArt, counted, face, pizzaArt, shipArt } from "./art.js";
import { el, hidden, on, patch, reducedMotion, svg, use } from "./dom.js";
import { focusedKey, restoreFocus, roving } from "./keys.js";
import { anchors, Pacer, pop, travel, turnOver } from "./motion.js";
import { Composer } from "./picks.js";

// How far from the middle of the row of seats a seat sits (0 in the middle, 1
// at the ends): on a wide screen the seats follow the table's curve.
function arc(index, count) {
  const half = (count - 1) / 2;
  return half ? Math.abs(index - half) / half : 0;
}

export class TableView {
  constructor(app) {
    this.app = app;
    this.composer = new Composer();
    this.frame = null;
    this.sentAt = null;
    this.strip = el("div", { class: "reveal", role: "list" });
    this.strip._own = true; // placed by placeStrip(), not by draw()
    this.stripShown = false;
    this.stripTimer = null;
    // Once the last step's pause is over, the strip may go: a frame that came
    // during it kept the strip (busy), and nothing else would look again.
    this.pacer = new Pacer((step) => this.showStep(step), () => this.settleStrip());
    this.clockEnds = null;
    this.held = false; // the dock waits for the reveal's cards still to turn
    this.keptFocus = null;
    this.counts = {}; // cards counted out, by group (what to ask for, what pays)
    setInterval(() => this.tick(), 1000);
  }

  get scene() {
    return this.frame.scene;
  }

  // A new frame: draw it, keep the focus, move what moved, queue the steps.
  update(frame) {
    const first = !this.frame || this.frame.game !== frame.game;
    if (first) {
      this.pacer.clear();
      this.strip.replaceChildren();
      this.strip.remove();
      this.stripShown = false;
    }
    const at = `${frame.game}:${frame.version}`;
    const moment = this.composer.reset(frame.scene, at);
    // Where things stand before the draw, only when something will travel:
    // measuring forces a layout the page would not otherwise need.
    const moving = moment && !first && !reducedMotion() && Boolean(frame.scene.moves?.length);
    const before = moving ? anchors(this.app.root) : null;
    this.frame = frame;
    if (moment) {
      this.counts = {};
      this.clockEnds = frame.scene.clock ? performance.now() + frame.scene.clock.seconds * 1000 : null;
    }
    this.draw();
    if (moving) {
      travel(this.app.root, frame.scene.moves, before);
    }
    if (moment) {
      const paced = (frame.scene.steps || []).filter((s) => s.paced);
      if (!first && paced.length) this.pacer.add(paced, frame.scene.pace);
      if (this.pacer.waiting > 0 && !this.held) this.draw(); // the dock waits for them
      if (!paced.length || first) this.app.say(frame.scene.live);
      this.settleStrip();
    }
  }

  redraw() {
    if (this.frame) this.draw();
  }

  draw() {
    const root = this.app.root;
    const was = focusedKey() || this.keptFocus;
    const scene = this.scene;
    const frame = this.frame;
    const mine = scene.seats.find((s) => s.mine);
    const others = scene.seats.filter((s) => !s.mine);
    const parts = [
      this.header(),
      this.felt(others, mine || scene.hand ? this.mine(mine) : null),
      scene.final ? this.final() : null,
      this.panels(),
      this.dock(),
    ].filter(Boolean);
    // The table drawn again changes only what changed; what showed the
    // launcher or a lobby goes whole (none of their nodes is kept).
    if (root.dataset.kind === "table") patch(root, parts);
    else root.replaceChildren(...parts);
    root.dataset.version = `${frame.game}:${frame.version}`;
    root.dataset.kind = "table";
    // The dock waits while the reveal's cards before this moment are still
    // being turned (`dock`): what had the focus there has it again after.
    this.held = this.pacer.waiting > 0;
    root.dataset.held = this.held ? "true" : "false";
    this.keptFocus = this.held ? was : null;
    if (this.stripShown) this.placeStrip();
    this.countOven();
    restoreFocus(root, was);
    this.tick();
  }

  send(action) {
    const at = `${this.frame.game}:${this.frame.version}`;
    if (this.sentAt === at) return;
    this.sentAt = at;
    this.app.send({ type: "act", version: this.frame.version, action });
  }

  // Refused: the same moment may be tried again.
  refused() {
    this.sentAt = null;
  }

  // --- the parts of the page ----------------------------------------------------

  header() {
    const scene = this.scene;
    const bar = el("header", { class: "bar" }, el("h1", { class: "title", text: scene.title }));
    if (scene.clock) bar.append(el("span", { class: "clock", "data-label": scene.clock.label }));
    if (this.frame.seat === null && this.frame.view) bar.append(el("p", { class: "watching", text: scene.ui.spectator }));
    for (const note of scene.notes || []) bar.append(el("p", { class: "note", text: note }));
    return bar;
  }

  felt(others, mine) {
    const scene = this.scene;
    const seats = el("ul", { class: `seats n${others.length}`, "aria-label": scene.ui.seats });
    others.forEach((s, i) => seats.append(this.seat(s, i, others.length)));
    const centre = el("div", { class: "centre", role: "group", "aria-label": scene.ui.centre });
    for (const p of scene.centre) centre.append(this.pile(p));
    return el("section", { class: "felt", "aria-label": scene.ui.table }, seats, centre, mine);
  }

  seat(s, index, count) {
    const classes = ["seat", s.turn && "turn", s.mine && "mine", s.away && "away"].filter(Boolean).join(" ");
    const marks = (s.marks || []).map((m) =>
      el("span", { class: "mark", role: "img", "aria-label": m.label, title: m.label }, svg("svg", { viewBox: "0 0 40 40", focusable: "false" }, use(m.use, 0, 0, 40, 40))),
    );
    const who = el(
      "div",
      { class: "who" },
      face(s),
      el("span", { class: "name", text: s.name }),
      ...marks,
    );
    const node = el(
      "li",
      {
        class: classes,
        "data-anchor": s.anchor,
        "aria-current": s.turn ? "true" : null,
        style: { "--seat": `var(--c-${s.colour})`, "--arc": String(arc(index, count)) },
      },
      who,
      el("div", { class: "counts", "aria-hidden": "true" }, ...(s.counts || []).map(counted)),
      hidden(s.label),
    );
    if (s.pizzas) node.append(this.pizzas(s));
    if (s.cards && s.cards.length) {
      node.append(el("div", { class: "delivered" }, ...s.cards.map((c) => this.card(c, "tiny"))));
    }
    return node;
  }

  pizzas(s) {
    const box = el("div", { class: "pizzas" });
    if (!s.pizzas.length) box.append(el("p", { class: "empty", text: s.empty }));
    for (const pizza of s.pizzas) {
      const pointable = pizza.places.some((p) => p.act !== undefined || p.pick);
      const art = pizzaArt(pizza, (spot, g) => this.place(spot, g));
      box.append(el("div", { class: `pizza${pointable ? " pointable" : ""}`, role: "group", "aria-label": pizza.label }, art));
    }
    return box;
  }

  // A place of a pizza: a picture with its words, or something to point at.
  place(spot, g) {
    const act = spot.act !== undefined ? this.scene.actions[spot.act] : null;
    if (!act && !spot.pick) {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", spot.label);
      return g;
    }
    const label = act ? `${spot.label}: ${act.label}` : spot.label;
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", label);
    g.setAttribute("data-key", `place:${spot.key}`);
    g.classList.add("can");
    if (spot.pick) g.setAttribute("aria-pressed", this.composer.pressed(this.scene, spot.pick) ? "true" : "false");
    const run = () => {
      if (act) this.send(act.action);
      else {
        this.composer.toggle(this.scene, spot.pick);
        this.draw();
      }
    };
    on(g, "click", run);
    on(g, "keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        run();
      }
    });
    g.append(svg("title", { text: label }));
    return g;
  }

  pile(p, drawn = false) {
    const scene = this.scene;
    const act = p.act !== undefined ? scene.actions[p.act] : null;
    const inside = [];
    if (p.shape === "ship") {
      const deck = el("div", { class: "deck-cards" }, ...p.cards.map((c) => this.card(c, "small")));
      inside.push(el("div", { class: "ship" }, shipArt(), deck));
    } else if (p.cards) {
      const row = el("div", { class: "row" }, ...p.cards.map((c) => this.card(c, "small")));
      if (!p.cards.length && p.empty) row.append(el("p", { class: "empty", text: p.empty }));
      inside.push(row);
    } else {
      const stack = el("div", { class: `stack${p.count > 1 ? " deep" : ""}${p.count ? "" : " none"}` }, backArt(p.back));
      stack.append(el("span", { class: "badge", "data-count": p.id, text: String(p.count) }));
      // The top card lies face up on the pile (the oven's, MM-T7).
      const top = p.top ? el("div", { class: `top ${p.top.art.t}` }, cardArt(p.top.art)) : null;
      inside.push(top ? el("div", { class: "heap" }, stack, top) : stack);
    }
    const title = el("span", { class: "pile-title", "aria-hidden": "true", text: p.title });
    const note = p.note ? el("span", { class: "pile-note", "aria-hidden": "true", text: p.note }) : null;
    const label = p.note ? `${p.label}. ${p.note}` : p.label;
    const classes = `pile ${p.id}`;
    // A pile the player draws from stays a control when it is not their turn,
    // so that the focus has somewhere to stay.
    if (act || p.pick || drawn) {
      const pressed = p.pick ? this.composer.pressed(scene, p.pick) : null;
      const usable = act || (p.pick && this.composer.usable(scene, p.pick));
      return el(
        "button",
        {
          class: `${classes} can`,
          "data-anchor": p.anchor,
          "data-key": `pile:${p.id}`,
          "aria-label": act ? `${label}: ${act.label}` : label,
          "aria-pressed": p.pick ? String(pressed) : null,
          "aria-disabled": usable ? null : "true",
          onclick: () => this.pointPile(p, act, false),
          onkeydown: (event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              this.pointPile(p, act, true);
            }
          },
        },
        title,
        ...inside,
        note,
      );
    }
    return el("div", { class: classes, "data-anchor": p.anchor, role: "group", "aria-label": label }, title, ...inside, note);
  }

  pointPile(p, act, enter) {
    if (!act && !p.pick) return;
    if (act) {
      this.send(act.action);
      return;
    }
    if (!this.composer.usable(this.scene, p.pick)) return;
    if (enter) {
      this.composer.choose(this.scene, p.pick);
      if (this.playIfOne()) return;
    } else {
      this.composer.toggle(this.scene, p.pick);
    }
    this.draw();
  }

  playIfOne() {
    const one = this.composer.one(this.scene);
    if (!one) return false;
    this.send(one.action);
    return true;
  }

  // A card: a picture with its words, or a button that chooses or plays.
  card(c, size = "") {
    const scene = this.scene;
    const art = cardArt(c.art);
    const classes = ["card", size, c.art && c.art.t].filter(Boolean).join(" ");
    const extra = [];
    if (c.n !== undefined && c.n !== null && !c.picks) extra.push(el("span", { class: "badge", "aria-hidden": "true", text: String(c.n) }));
    if (c.act !== undefined) {
      const act = scene.actions[c.act];
      return el(
        "button",
        {
          class: `${classes} can`,
          "data-key": `card:${c.key || c.label}`,
          "aria-label": `${c.label}: ${act.label}`,
          title: act.label,
          onclick: () => this.send(act.action),
        },
        art,
        ...extra,
      );
    }
    if (c.picks) return this.stack(c, classes, art);
    if (c.pick) {
      const usable = this.composer.usable(scene, c.pick);
      return el(
        "button",
        {
          class: `${classes} can`,
          "data-key": `card:${c.key || c.label}`,
          "aria-label": c.label,
          "aria-pressed": this.composer.pressed(scene, c.pick) ? "true" : "false",
          "aria-disabled": usable ? null : "true",
          title: c.label,
          onclick: () => {
            if (!this.composer.usable(this.scene, c.pick)) return;
            this.composer.toggle(this.scene, c.pick);
            this.draw();
          },
          onkeydown: (event) => {
            if (event.key === "Enter" && this.composer.pressed(this.scene, c.pick) && this.playIfOne()) event.preventDefault();
          },
        },
        art,
        ...extra,
      );
    }
    const attrs = { class: classes, role: "img", "aria-label": c.label, title: c.label };
    if (c.key) attrs["data-mark"] = c.key;
    return el("div", attrs, art, ...extra);
  }

  // A pile of one kind in the hand: pointing takes one more of it, the
  // arrow keys up and down one more or fewer, a digit that many.
  stack(c, classes, art) {
    const scene = this.scene;
    const level = this.composer.level(this.scene, c);
    const usable = c.picks.some((p) => this.composer.usable(scene, p.pick));
    const chosen = level >= 0 ? c.picks[level] : null;
    const layers = Math.min(c.n, 4);
    const body = el("span", { class: "layers", style: { "--layers": String(layers - 1) } }, art);
    const node = el(
      "button",
      {
        class: `${classes} can stackable${chosen ? " chosen" : ""}`,
        "data-key": `card:${c.key}`,
        "aria-label": chosen ? chosen.label : c.label,
        "aria-pressed": chosen ? "true" : "false",
        "aria-disabled": usable ? null : "true",
        title: chosen ? chosen.label : c.label,
        onclick: () => this.pickLevel(c, level + 1 >= c.picks.length ? -1 : level + 1),
        onkeydown: (event) => this.stackKey(event, c),
      },
      body,
      el("span", { class: "badge", "aria-hidden": "true", text: chosen ? `${level + 1}/${c.n}` : String(c.n) }),
    );
    return node;
  }

  stackKey(event, c) {
    const level = this.composer.level(this.scene, c);
    if (event.key === "ArrowUp") this.pickLevel(c, Math.min(level + 1, c.picks.length - 1));
    else if (event.key === "ArrowDown") this.pickLevel(c, level - 1);
    else if (/^[1-9]$/.test(event.key) && Number(event.key) <= c.picks.length) this.pickLevel(c, Number(event.key) - 1);
    else if (event.key === " ") this.pickLevel(c, level + 1 >= c.picks.length ? -1 : level + 1);
    else if (event.key === "Enter") {
      if (level >= 0 && this.playIfOne()) {
        event.preventDefault();
        return;
      }
      this.pickLevel(c, level + 1 >= c.picks.length ? -1 : level + 1);
    } else return;
    event.preventDefault();
  }

  pickLevel(c, level) {
    const scene = this.scene;
    const now = this.composer.level(scene, c);
    if (level < 0) {
      if (now >= 0) this.composer.release(c.picks[now].pick);
    } else if (this.composer.usable(scene, c.picks[level].pick)) {
      this.composer.choose(scene, c.picks[level].pick);
    }
    this.draw();
  }

  mine(s) {
    const scene = this.scene;
    const section = el("section", { class: "mine", "aria-label": scene.hand ? scene.hand.label : s ? s.name : "" });
    if (s) {
      const line = this.seat(s, 0, 1);
      line.classList.add("myseat");
      section.append(el("ul", { class: "me" }, line));
    }
    if (scene.hand) {
      const orders = scene.hand.cards.filter((c) => c.art && c.art.t === "order").length;
      const crowd = orders > 6 ? " many crowded" : orders > 4 ? " many" : "";
      const hand = el("div", { class: `hand${crowd}`, role: "toolbar", "aria-label": scene.ui.hand, "data-group": "hand" });
      for (const c of scene.hand.cards) hand.append(this.card(c));
      if (!scene.hand.cards.length) hand.append(el("p", { class: "empty", text: scene.hand.empty }));
      section.append(hand);
      roving(hand);
    }
    if (scene.draw && scene.draw.length) {
      const draw = el("div", { class: "draw", role: "toolbar", "aria-label": scene.ui.draw, "data-group": "draw" });
      for (const p of scene.draw) draw.append(this.pile(p, true));
      section.append(draw);
      roving(draw);
    }
    return section;
  }

  final() {
    const scene = this.scene;
    return el(
      "section",
      { class: "final", "aria-labelledby": "final-title" },
      el("h2", { id: "final-title", text: scene.final.title }),
      el("ul", {}, ...scene.final.lines.filter(Boolean).map((t) => el("li", { text: t }))),
    );
  }

  panels() {
    const panels = this.scene.panels || [];
    if (!panels.length) return null;
    return el(
      "aside",
      { class: "panels" },
      ...panels.map((p) => el("section", { class: "panel" }, el("h2", { text: p.title }), ...p.lines.map((l) => el("p", { text: l })))),
    );
  }

  // What confirms: a decision's own buttons, the choices a card would also
  // give, Play with the one action the picks name, and after a game its end.
  // Held (nothing) while the reveal's cards that led here are still being
  // turned at the game's pace: a decision shows once its order's card has,
  // as the channel's buttons do, and its clock starts then too (the server's).
  dock() {
    const scene = this.scene;
    if (this.pacer.waiting > 0) return null;
    const dock = el("footer", { class: "dock" });
    if (scene.prompt) dock.append(el("div", { class: "prompt" }, ...scene.prompt.split("\n").map((t) => el("p", { text: t }))));
    const buttons = el("div", { class: "controls", role: "group", "aria-label": scene.ui.choose });
    for (const group of scene.counters || []) dock.append(this.counter(group));
    if (scene.choice) dock.append(this.chooser(scene.choice, buttons));
    scene.actions.forEach((a, i) => {
      if (a.fields || a.group) return;
      const onCard = !a.direct;
      buttons.append(
        el("button", {
          class: `action${onCard ? " also" : ""}`,
          text: a.label,
          "data-key": `act:${i}:${a.label}`,
          onclick: () => this.send(a.action),
        }),
      );
    });
    if (!scene.choice && scene.actions.some((a) => a.fields)) {
      const one = this.composer.one(scene);
      buttons.append(
        el("button", {
          class: "action play",
          text: one ? `${scene.ui.play}: ${one.label}` : scene.ui.play,
          "aria-disabled": one ? null : "true",
          "data-key": "play",
          onclick: () => one && this.send(one.action),
        }),
        el("button", {
          class: "action clear",
          text: scene.ui.clear,
          "data-key": "clear",
          onclick: () => {
            this.composer.clear();
            this.draw();
          },
        }),
      );
    }
    for (const after of scene.after || []) {
      buttons.append(
        el("button", {
          class: `action${after.verb === "again" ? " play" : ""}`,
          text: after.label,
          "data-key": `after:${after.verb}`,
          onclick: () => this.app.send({ type: "lobby", verb: after.verb }),
        }),
      );
    }
    if (buttons.childElementCount) dock.append(buttons);
    return dock.childElementCount ? dock : null;
  }

  // A choice made in steps (a Pepper: the cards that refill the Ship, the
  // others' order, then on top or under the deck). Each step is a row of
  // options, one of them chosen (the first that still fits until the player
  // chooses another): the arrow keys or a digit choose within a row. The
  // last step's buttons play the one action the choices name.
  chooser(choice, buttons) {
    const scene = this.scene;
    const picked = this.composer.picked;
    const box = el("div", { class: "chooser" });
    if (choice.seen) {
      const cards = el("div", { class: "row" }, ...choice.seen.map((c) => this.card(c, "small")));
      const title = el("p", { class: "choice-title", "aria-hidden": "true", text: choice.title });
      box.append(el("section", { class: "choice-seen", "aria-label": choice.title }, title, cards));
    }
    let fitting = scene.actions.filter((a) => a.fields);
    for (const step of choice.steps) {
      const values = new Set(fitting.map((a) => a.fields[step.field]));
      const options = step.options.filter((o) => values.has(o.value));
      if (step.confirm) {
        for (const o of options) {
          const act = fitting.find((a) => a.fields[step.field] === o.value);
          buttons.append(
            el("button", {
              class: "action play confirm",
              text: o.label,
              "aria-label": `${o.label}: ${act.label}`,
              "data-key": `confirm:${step.field}:${o.value}`,
              onclick: () => this.send(act.action),
            }),
          );
        }
        continue;
      }
      if (!values.has(picked[step.field])) picked[step.field] = options.length ? options[0].value : [...values][0];
      fitting = fitting.filter((a) => a.fields[step.field] === picked[step.field]);
      if (options.length < 2) continue; // nothing to choose: the one way there is
      box.append(this.choiceRow(step, options, picked[step.field]));
    }
    return box;
  }

  choiceRow(step, options, chosen) {
    const row = el("div", { class: "options", role: "radiogroup", "aria-label": step.title, "data-group": `choice-${step.field}` });
    options.forEach((o, i) => {
      row.append(
        el(
          "button",
          {
            class: "option",
            role: "radio",
            "aria-checked": String(o.value === chosen),
            "aria-label": o.label,
            "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
            title: o.label,
            "data-key": `option:${step.field}:${o.value}`,
            onclick: () => this.choose(step.field, o.value),
          },
          el("span", { class: "digit", "aria-hidden": "true", text: String(i + 1) }),
          ...o.cards.map((c) => el("span", { class: "card tiny slice", "aria-hidden": "true" }, cardArt(c.art))),
        ),
      );
    });
    roving(row);
    // A radio group: moving along it chooses; a digit chooses that option.
    on(row, "keydown", (event) => {
      let target = null;
      if (/^[1-9]$/.test(event.key)) target = options[Number(event.key) - 1];
      else if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
        target = options.find((o) => `option:${step.field}:${o.value}` === document.activeElement.dataset.key);
      }
      if (!target) return;
      event.preventDefault();
      this.choose(step.field, target.value);
    });
    return el("section", { class: "choice-step" }, el("p", { class: "choice-title", "aria-hidden": "true", text: step.title }), row);
  }

  choose(field, value) {
    this.composer.picked[field] = value;
    this.draw();
    const key = `option:${field}:${value}`;
    const again = this.app.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }

  // Cards of several kinds counted out (what to ask the others for, what pays
  // a Bombastica): a counter per kind, and the one way they name, to confirm.
  counter(group) {
    const scene = this.scene;
    const counts = (this.counts[group.group] ||= Object.fromEntries(group.kinds.map((k) => [k.kind, 0])));
    const ways = scene.actions.filter((a) => a.group === group.group);
    const match = ways.find((a) => group.kinds.every((k) => (a.counts[k.kind] || 0) === counts[k.kind]));
    const change = (kind, by, max) => {
      counts[kind] = Math.max(0, Math.min(max, counts[kind] + by));
      this.draw();
    };
    const rows = group.kinds.map((k) =>
      el(
        "div",
        { class: "counted", role: "group", "aria-label": `${k.label}: ${counts[k.kind]}` },
        el("span", { class: "card small" }, cardArt(k.art)),
        el("button", {
          class: "step",
          text: "−",
          "aria-label": k.fewer,
          "data-key": `fewer:${group.group}:${k.kind}`,
          "aria-disabled": counts[k.kind] > 0 ? null : "true",
          onclick: () => change(k.kind, -1, k.max),
        }),
        el("span", { class: "n", "aria-hidden": "true", text: String(counts[k.kind]) }),
        el("button", {
          class: "step",
          text: "+",
          "aria-label": k.more,
          "data-key": `more:${group.group}:${k.kind}`,
          "aria-disabled": counts[k.kind] < k.max ? null : "true",
          onclick: () => change(k.kind, 1, k.max),
        }),
      ),
    );
    return el(
      "section",
      { class: "counter", "aria-label": group.title, "data-group": `count-${group.group}` },
      el("p", { class: "counter-title", text: group.title }),
      el("div", { class: "counted-rows" }, ...rows),
      el("button", {
        class: "action play",
        text: match ? match.label : group.title,
        "aria-disabled": match ? null : "true",
        "data-key": `confirm:${group.group}`,
        onclick: () => match && this.send(match.action),
      }),
    );
  }

  // --- the paced steps: the oven's reveal, card by card ---------------------------------

  showStep(step) {
    this.app.say(step.text);
    if (step.reveal === "start") {
      this.strip.replaceChildren();
      this.stripShown = true;
    }
    if (step.card) {
      this.stripShown = true;
      const node = el("div", { class: "revealed", role: "listitem" }, this.card(step.card, "small"));
      if (step.card.key) node.dataset.mark = step.card.key;
      this.strip.append(node);
      this.placeStrip();
      turnOver(node);
    }
    if (step.mark) {
      const target = [...this.strip.querySelectorAll(".revealed[data-mark]")].reverse().find((n) => n.dataset.mark === step.key);
      if (target) {
        const mark = el("span", { class: "outcome", role: "img", "aria-label": step.text }, svg("svg", { viewBox: "0 0 40 40", focusable: "false" }, use(step.mark, 0, 0, 40, 40)));
        target.querySelector(".outcome")?.remove();
        target.append(mark);
        pop(mark);
      }
    }
    this.countOven();
    this.settleStrip();
    if (this.held && !this.pacer.waiting) this.draw(); // the last card turned: the dock
  }

  placeStrip() {
    const centre = this.app.root.querySelector(".felt .centre");
    if (centre && this.strip.parentElement !== centre) centre.append(this.strip);
    this.fitStrip();
  }

  // The strip lies over the table's middle only, never over a seat, the
  // player's own place or what confirms: beside the oven where there is room
  // (its count going down in sight), and as many of the last cards turned as fit.
  fitStrip() {
    const centre = this.strip.parentElement;
    if (!centre) return;
    const box = centre.getBoundingClientRect();
    const oven = centre.querySelector(".pile.oven");
    const r = oven ? oven.getBoundingClientRect() : null;
    const beside = r && box.right - r.right >= 160;
    this.strip.style.left = beside ? `${Math.round(r.right - box.left + 6)}px` : "0px";
    // A tall dock (a payment's counters) may rise over the table's middle: the strip ends above it.
    const dock = this.app.root.querySelector(".dock");
    const top = dock ? dock.getBoundingClientRect().top : box.bottom;
    this.strip.style.bottom = `${Math.max(0, Math.round(box.bottom - top + 4))}px`;
    // No room above the dock at all (a phone with the counters open): no strip
    // rather than one over what confirms; the status line still says each card.
    this.strip.style.display = "";
    if (this.strip.getBoundingClientRect().bottom > top) {
      this.strip.style.display = "none";
      return;
    }
    while (this.strip.childElementCount > 1 && this.strip.scrollHeight > this.strip.clientHeight + 1) {
      this.strip.firstElementChild.remove();
    }
  }

  // The strip of revealed cards stays while the reveal goes on, then goes
  // once its last step has been seen.
  settleStrip() {
    const busy = this.frame && (this.scene.revealing || this.pacer.waiting || this.pacer.timer !== null);
    if (busy) {
      clearTimeout(this.stripTimer);
      this.stripTimer = null;
      if (this.stripShown) this.placeStrip();
      return;
    }
    if (!this.stripShown || this.stripTimer) return;
    this.stripTimer = setTimeout(() => {
      this.stripTimer = null;
      if (this.scene.revealing || this.pacer.waiting) return;
      this.stripShown = false;
      this.strip.replaceChildren();
      this.strip.remove();
    }, Math.max(1200, 2 * (this.scene.pace || 0)));
  }

  // The oven's count goes down as its cards are turned.
  countOven() {
    const badge = this.app.root.querySelector('[data-count="oven"]');
    const oven = this.frame && this.scene.centre.find((p) => p.id === "oven");
    if (!badge || !oven) return;
    const left = this.pacer.queue.filter((s) => s.card && s.from === "oven").length;
    const count = String(oven.count + left);
    if (badge.textContent !== count) badge.textContent = count; // the same text set again is laid out again
  }

  tick() {
    const shown = this.app.root.querySelector(".clock");
    if (!shown || this.clockEnds === null) return;
    const left = Math.max(0, Math.round((this.clockEnds - performance.now()) / 1000));
    const text = `${shown.dataset.label}: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    if (shown.textContent !== text) shown.textContent = text;
  }
}
