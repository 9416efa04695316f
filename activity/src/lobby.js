// Before a game: the launcher (no game in the channel: choose one and its
// settings, open its lobby) and the lobby (the seats, everyone here with
// the table open, computers, Start). The lobby is the channel's own: players
// with buttons join the same one. Words are the server's.

import { face } from "./art.js";
import { el, svg, use } from "./dom.js";
import { focusedKey, restoreFocus } from "./keys.js";

const chosen = { game: null, options: {} }; // the launcher's choices, kept across frames

function person(p, ui, badges = []) {
  return el(
    "li",
    { class: `person${p.you ? " you" : ""}` },
    face(p),
    el("span", { class: "name", text: p.name }),
    ...badges.filter(Boolean).map((b) => el("span", { class: "tag", text: b })),
  );
}

function people(scene) {
  if (!scene.people || !scene.people.length) return null;
  return el(
    "section",
    { class: "people", "aria-labelledby": "people-title" },
    el("h2", { id: "people-title", text: scene.ui.people }),
    el("ul", {}, ...scene.people.map((p) => person(p, scene.ui, [p.you ? scene.ui.you : null]))),
  );
}

export function launcher(app, frame) {
  const scene = frame.scene;
  const was = focusedKey();
  if (!scene.games.some((g) => g.name === chosen.game)) chosen.game = scene.games[0].name;
  const game = scene.games.find((g) => g.name === chosen.game);
  const options = (chosen.options[game.name] ||= {});
  const redraw = () => launcher(app, frame);

  const games = el("fieldset", { class: "games" }, el("legend", { class: "sr", text: scene.title }));
  for (const g of scene.games) {
    const id = `game-${g.name}`;
    games.append(
      el(
        "label",
        { class: `game-choice${g.name === game.name ? " on" : ""}`, for: id },
        el("input", {
          type: "radio",
          name: "game",
          id,
          value: g.name,
          checked: g.name === game.name,
          "data-key": `game:${g.name}`,
          onchange: () => {
            chosen.game = g.name;
            redraw();
          },
        }),
        g.emblem ? svg("svg", { class: "emblem", viewBox: "0 0 40 40", "aria-hidden": "true", focusable: "false" }, use(g.emblem, 0, 0, 40, 40)) : null,
        el("span", { class: "game-title", text: g.title }),
        el("span", { class: "game-players", text: g.players }),
      ),
    );
  }
  const settings = el("div", { class: "settings" });
  for (const option of game.options) {
    const value = options[option.name] ?? option.value;
    const set = el("fieldset", { class: "option" }, el("legend", { text: option.label }));
    for (const choice of option.choices) {
      const id = `opt-${option.name}-${choice.value || "default"}`;
      set.append(
        el(
          "label",
          { class: `chip${choice.value === value ? " on" : ""}`, for: id },
          el("input", {
            type: "radio",
            name: option.name,
            id,
            value: choice.value,
            checked: choice.value === value,
            "data-key": `opt:${option.name}:${choice.value}`,
            onchange: () => {
              options[option.name] = choice.value;
              redraw();
            },
          }),
          el("span", { text: choice.label }),
        ),
      );
    }
    settings.append(set);
  }
  const open = scene.actions[0];
  const form = el(
    "form",
    {
      class: "launcher",
      onsubmit: (event) => {
        event.preventDefault();
        const sent = {};
        for (const option of game.options) sent[option.name] = options[option.name] ?? option.value;
        app.send({ type: "lobby", verb: "open", game: game.name, options: sent });
      },
    },
    games,
    settings,
    el("div", { class: "dock" }, el("div", { class: "controls" }, el("button", { type: "submit", class: "action play", "data-key": "open", text: open.label }))),
  );
  app.root.replaceChildren(el("header", { class: "bar" }, el("h1", { class: "title", text: scene.title })), form, people(scene));
  app.root.dataset.kind = "launcher";
  app.root.dataset.version = "none";
  restoreFocus(app.root, was);
}

export function lobby(app, frame) {
  const scene = frame.scene;
  const was = focusedKey();
  const seats = el(
    "section",
    { class: "lobby-seats", "aria-labelledby": "seats-title" },
    el("h2", { id: "seats-title", text: scene.seats_title }),
    el("ol", {}, ...scene.seats.map((s) => person(s, scene.ui, [s.host ? scene.ui.host : null, s.you ? scene.ui.you : null]))),
  );
  const controls = el("div", { class: "controls", role: "group", "aria-label": scene.title });
  let level = null;
  for (const a of scene.actions) {
    if (a.verb === "addbot") {
      level = el(
        "select",
        { class: "level", "aria-label": scene.ui.level, "data-key": "level" },
        ...a.levels.map((l) => el("option", { value: l.value, title: l.about, text: l.label })),
      );
      controls.append(
        el(
          "span",
          { class: "addbot" },
          level,
          el("button", {
            class: "action",
            "data-key": "addbot",
            text: a.label,
            onclick: () => app.send({ type: "lobby", verb: "addbot", level: level.value }),
          }),
        ),
      );
      continue;
    }
    const ready = a.ready !== false;
    controls.append(
      el("button", {
        class: `action${a.main ? " play" : ""}`,
        "data-key": a.verb,
        text: a.label,
        "aria-disabled": ready ? null : "true",
        onclick: () => ready && app.send({ type: "lobby", verb: a.verb }),
      }),
    );
  }
  app.root.replaceChildren(
    el("header", { class: "bar" }, el("h1", { class: "title", text: scene.title })),
    el("ul", { class: "settings-lines", "aria-label": scene.ui.settings }, ...scene.settings.map((l) => el("li", { text: l }))),
    seats,
    people(scene),
    el("div", { class: "dock" }, controls),
  );
  app.root.dataset.kind = "lobby";
  app.root.dataset.version = `${frame.game}:lobby:${scene.seats.length}`;
  restoreFocus(app.root, was);
}
