// The keyboard: a group of cards is one stop of the Tab key, and the arrow
// keys move within it (a roving tab stop); what had the focus keeps it when
// the table is drawn again, found by its key.

const current = new Map(); // group -> the key of its item that takes the Tab stop

function items(group) {
  return [...group.querySelectorAll(":scope [data-key]")].filter((e) => e.closest("[data-roving]") === group);
}

// Make `group` one Tab stop: its remembered item, else its first, is reachable.
export function roving(group) {
  group.setAttribute("data-roving", "");
  const all = items(group);
  if (!all.length) return;
  const name = group.dataset.group;
  const keep = all.find((e) => e.dataset.key === current.get(name)) || all[0];
  for (const item of all) item.tabIndex = item === keep ? 0 : -1;
  group.addEventListener("focusin", (event) => {
    const item = event.target.closest("[data-key]");
    if (!item || !all.includes(item)) return;
    current.set(name, item.dataset.key);
    for (const other of all) other.tabIndex = other === item ? 0 : -1;
  });
  group.addEventListener("keydown", (event) => {
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || (event.key === "ArrowDown" && group.dataset.axis === "both")) next = (at + 1) % all.length;
    else if (event.key === "ArrowLeft" || (event.key === "ArrowUp" && group.dataset.axis === "both")) next = (at - 1 + all.length) % all.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    if (next === null) return;
    event.preventDefault();
    all[next].focus();
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
