// The keyboard: a group of cards is one stop of the Tab key, and the arrow
// keys move within it (a roving tab stop); what had the focus keeps it when
// the table is drawn again, found by its key.

import { on } from "./dom.js";

const current = new Map(); // group -> the key of its item that takes the Tab stop

function items(group) {
  return [...group.querySelectorAll(":scope [data-key]")].filter((e) => e.closest("[data-roving]") === group);
}

// Make `group` one Tab stop: its remembered item, else its first, is reachable.
// The handlers find the group's items when they run: the group in the page
// may be one kept from an earlier drawing, its items brought up to date.
export function roving(group) {
  group.setAttribute("data-roving", "");
  const all = items(group);
  if (!all.length) return;
  // Read out here: the handlers below must not hold this built group (and its
  // whole tree) once a kept group in the page has taken them.
  const remembered = current.get(group.dataset.group);
  const keep = all.find((e) => e.dataset.key === remembered) || all[0];
  for (const item of all) item.tabIndex = item === keep ? 0 : -1;
  on(group, "focusin", (event) => {
    const now = items(event.currentTarget);
    const item = event.target.closest("[data-key]");
    if (!item || !now.includes(item)) return;
    current.set(event.currentTarget.dataset.group, item.dataset.key);
    for (const other of now) other.tabIndex = other === item ? 0 : -1;
  });
  on(group, "keydown", (event) => {
    const now = items(event.currentTarget);
    const at = now.indexOf(document.activeElement);
    if (at < 0) return;
    const both = event.currentTarget.dataset.axis === "both";
    let next = null;
    if (event.key === "ArrowRight" || (event.key === "ArrowDown" && both)) next = (at + 1) % now.length;
    else if (event.key === "ArrowLeft" || (event.key === "ArrowUp" && both)) next = (at - 1 + now.length) % now.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = now.length - 1;
    if (next === null) return;
    event.preventDefault();
    now[next].focus();
  });
}

// What has the focus now, to find it again after drawing.
export function focusedKey() {
  const active = document.activeElement;
  if (!active || !active.dataset || !active.dataset.key) return null;
  const group = active.closest("[data-roving]");
  return { key: active.dataset.key, group: group ? group.dataset.group : null };
}

export function restoreFocus(root, was) {
  if (!was) return;
  let again = root.querySelector(`[data-key="${CSS.escape(was.key)}"]`);
  if (!again && was.group) {
    const group = root.querySelector(`[data-group="${CSS.escape(was.group)}"]`);
    again = group && group.querySelector('[tabindex="0"]');
  }
  if (again) again.focus({ preventScroll: true });
}
