// Draws a scene (bot/web/scene.py) and puts actions together from what the
// player points at. Every card and control is a real button or a labelled
// element, so the table is played by keyboard and read by screen readers.

let picks = {};
let picksFor = null; // the game and version the picks were made at
let queue = []; // reveal steps still to show, one by one
let shownSteps = [];
let stepTimer = null;
let lastFrame = null;

const STEP_MS = 450;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// --- putting an action together ------------------------------------------------

function matches(actions, chosen) {
  return actions.filter(
    (a) => a.fields && Object.entries(chosen).every(([f, v]) => (a.fields[f] ?? "-") === v),
  );
}

function pressed(pick) {
  return Object.entries(pick).every(([f, v]) => picks[f] === v);
}

function choose(scene, pick) {
  const defaults = scene.defaults || {};
  if (pressed(pick)) {
    for (const f of Object.keys(pick)) {
      if (f in defaults) picks[f] = defaults[f];
      else delete picks[f];
    }
    return;
  }
  const merged = { ...picks, ...pick };
  picks = matches(scene.actions, merged).length ? merged : { ...defaults, ...pick };
}

// --- drawing -------------------------------------------------------------------

function card(c, scene, table, key) {
  const classes = `card ${c.tone || ""}${c.down ? " down" : ""}${c.small ? " small" : ""}`;
  const body = [el("span", { class: "face", text: c.face })];
  if (c.detail) body.push(el("span", { class: "detail", text: c.detail }));
  if (c.count !== undefined && !c.down) body.push(el("span", { class: "count", text: `×${c.count}` }));
  if (c.act !== undefined) {
    const action = scene.actions[c.act];
    return el(
      "button",
      {
        class: `${classes} can`,
        "aria-label": `${c.label} — ${action.label}`,
        title: action.label,
        "data-key": key,
        onclick: () => table.send(action.action),
      },
      ...body,
    );
  }
  if (c.pick) {
    const usable = matches(scene.actions, { ...picks, ...c.pick }).length > 0
      || matches(scene.actions, { ...(scene.defaults || {}), ...c.pick }).length > 0;
    return el(
      "button",
      {
        class: `${classes} can`,
        "aria-label": c.label,
        "aria-pressed": pressed(c.pick) ? "true" : "false",
        disabled: !usable,
        title: c.label,
        "data-key": key,
        onclick: () => {
          choose(scene, c.pick);
          redraw(table);
        },
      },
      ...body,
    );
  }
  return el("div", { class: classes, role: "img", "aria-label": c.label, title: c.label }, ...body);
}

function zone(z, scene, table) {
  const classes = ["zone", z.tone, z.mine && "mine", z.turn && "turn", z.piles && "piles"];
  const id = `zone-${z.id}`;
  const cards = (z.cards || []).map((c, i) => card(c, scene, table, `${z.id}:${i}`));
  const lines = (z.lines || []).map((line) => el("p", { class: "line", text: line }));
  let body = cards.length ? el("div", { class: "cards" }, ...cards) : null;
  if (z.piles && cards.length) {
    // A zone whose cards lie in piles: each pile under its label.
    body = el("div", { class: "pile-row" });
    for (const [key, label] of Object.entries(z.piles)) {
      const lying = cards.filter((_, i) => z.cards[i].pile === key);
      body.append(
        el("div", { class: "pile", role: "group", "aria-label": label },
          el("p", { class: "pile-label", text: label }),
          el("div", { class: "cards" }, ...lying)),
      );
    }
  }
  return el(
    "section",
    { class: classes.filter(Boolean).join(" "), "aria-labelledby": id, "data-zone": z.id },
    el("h2", { id, text: z.label }),
    ...lines,
    body,
  );
}

function controls(scene, table) {
  const bar = el("div", { class: "controls", role: "group", "aria-label": scene.ui.choose });
  scene.actions.forEach((a, i) => {
    if (a.direct) {
      bar.append(
        el("button", {
          class: "action",
          text: a.label,
          "data-key": `act:${i}`,
          onclick: () => table.send(a.action),
        }),
      );
    }
  });
  const composed = scene.actions.filter((a) => a.fields);
  if (composed.length) {
    const found = matches(scene.actions, picks);
    const one = found.length === 1 ? found[0] : null;
    bar.append(
      el("button", {
        class: "action play",
        text: one ? `${scene.ui.play}: ${one.label}` : scene.ui.play,
        disabled: !one,
        "data-key": "play",
        onclick: () => one && table.send(one.action),
      }),
      el("button", {
        class: "action clear",
        text: scene.ui.clear,
        "data-key": "clear",
        onclick: () => {
          picks = { ...(scene.defaults || {}) };
          redraw(table);
        },
      }),
    );
    if (!one) bar.append(el("p", { class: "hint", text: scene.ui.choose }));
  }
  return bar.childElementCount ? bar : null;
}

function stepsPanel(scene) {
  // The latest step in words, and the cards just shown in a row (the oven's
  // reveal, card by card); only this frame's steps, never a history of plays.
  if (!shownSteps.length) return null;
  const latest = shownSteps[shownSteps.length - 1];
  const cards = shownSteps.filter((s) => s.card).map((s, i) => card({ ...s.card, small: true }, scene, null, `step:${i}`));
  return el(
    "section",
    { class: "steps", "aria-labelledby": "steps-title" },
    el("h2", { id: "steps-title", text: scene.ui.steps }),
    el("p", { class: "step", "aria-live": "polite", text: latest.text }),
    cards.length ? el("div", { class: "cards" }, ...cards) : null,
  );
}

function playSteps(table) {
  if (stepTimer || !queue.length) return;
  stepTimer = setTimeout(() => {
    stepTimer = null;
    shownSteps.push(queue.shift());
    shownSteps = shownSteps.slice(-6);
    updateSteps();
    playSteps(table);
  }, STEP_MS);
}

// Only the steps' panel changes as they play: the rest of the table stays
// put, so that a click in progress is never lost to a redraw.
function updateSteps() {
  if (!lastFrame) return;
  const { root, frame } = lastFrame;
  const panel = stepsPanel(frame.scene);
  const old = root.querySelector(".steps");
  if (old && panel) old.replaceWith(panel);
  else if (old) old.remove();
  else if (panel) root.insertBefore(panel, root.querySelector(".board"));
}

function redraw(table) {
  if (lastFrame) draw(lastFrame.root, lastFrame.frame, table, lastFrame.notice);
}

function draw(root, frame, table, notice) {
  lastFrame = { root, frame, notice };
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.key : null;
  const scene = frame.scene;
  const header = el(
    "header",
    {},
    el("h1", { text: scene.title }),
    el("p", { class: "status", text: scene.status }),
    scene.latest ? el("p", { class: "latest", text: scene.latest }) : null,
    frame.seat === null && frame.view ? el("p", { class: "watching", text: scene.ui.spectator }) : null,
    scene.clock ? el("p", { class: "clock", role: "timer", "data-label": scene.clock.label }) : null,
    ...(scene.notes || []).map((note) => el("p", { class: "note", text: note })),
    notice ? el("p", { class: "notice", role: "alert", text: notice }) : null,
  );
  const groups = { players: [], middle: [], mine: [], other: [] };
  for (const z of scene.zones) {
    const group = z.group || (z.mine ? "mine" : "other");
    groups[group].push(zone(z, scene, table));
  }
  const board = el(
    "div",
    { class: "board" },
    groups.middle.length ? el("div", { class: "middle" }, ...groups.middle) : null,
    groups.players.length ? el("div", { class: "players" }, ...groups.players) : null,
    ...groups.other,
  );
  const prompt = scene.prompt ? el("section", { class: "prompt" }, ...scene.prompt.split("\n").map((t) => el("p", { text: t }))) : null;
  const final = scene.final
    ? el(
        "section",
        { class: "final", "aria-labelledby": "final-title" },
        el("h2", { id: "final-title", text: scene.final.title }),
        el("ul", {}, ...scene.final.lines.filter(Boolean).map((t) => el("li", { text: t }))),
      )
    : null;
  const parts = [header, final, prompt, controls(scene, table), ...groups.mine, stepsPanel(scene), board];
  root.replaceChildren(...parts.filter(Boolean));
  if (focused) {
    const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

// The move's clock counts down from what the server said when it sent the frame.
let clockEnds = null;
function tick() {
  const shown = document.querySelector(".clock");
  if (!shown || clockEnds === null) return;
  const left = Math.max(0, Math.round((clockEnds - performance.now()) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  shown.textContent = `${shown.dataset.label}: ${text}`;
}
setInterval(tick, 1000);

export function render(root, frame, table, notice) {
  if (!frame) {
    root.replaceChildren(el("p", { class: "notice", role: "alert", text: notice }));
    return;
  }
  const at = `${frame.game}:${frame.version}`;
  if (picksFor !== at) {
    picks = { ...(frame.scene.defaults || {}) };
    if (picksFor && !picksFor.startsWith(`${frame.game}:`)) shownSteps = [];
    picksFor = at;
    queue.push(...(frame.scene.steps || []));
    clockEnds = frame.scene.clock ? performance.now() + frame.scene.clock.seconds * 1000 : null;
  }
  draw(root, frame, table, notice);
  tick();
  playSteps(table);
}
