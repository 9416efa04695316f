// Small helpers to build the page: HTML and SVG elements from plain data.
// Text is always set as text (never parsed as HTML).

const SVG = "http://www.w3.org/2000/svg";

function set(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else if (key === "style" && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) node.style.setProperty(name, v);
    }
    else if (key.startsWith("on")) on(node, key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  return node;
}

// A node's handlers live in a list on it, run by one listener per type: a
// node the table keeps when it is drawn again (`patch`) takes the handlers of
// the node built in its place, so no handler acts on a scene that is gone.
function dispatch(event) {
  for (const handler of this._on?.[event.type] ?? []) handler(event);
}

export function on(node, type, handler) {
  node._on ||= {};
  (node._on[type] ||= []).push(handler);
  node.addEventListener(type, dispatch); // once per type: the same listener is not added twice
}

export function el(tag, attrs = {}, ...children) {
  const node = set(document.createElement(tag), attrs);
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  const node = set(document.createElementNS(SVG, tag), attrs);
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

// Make the children of `parent` what `fresh` (nodes built, not in the page)
// shows, changing only what differs: a node of the same tag and `data-key`
// is kept, with its attributes and handlers brought up to date, so a table
// drawn again after a small change costs the browser only that change's
// style and layout. A node marked `_own` (the reveal's strip, placed by the
// table itself) is left where it is.
export function patch(parent, fresh) {
  const keys = new Set(fresh.map(key).filter(Boolean));
  let at = parent.firstChild;
  const skip = () => {
    while (at && at._own) at = at.nextSibling;
  };
  for (const node of fresh) {
    skip();
    // A keyed node gone (a card played) goes, so that the rest line up again.
    while (at && key(at) && !keys.has(key(at))) {
      const gone = at;
      at = at.nextSibling;
      gone.remove();
      skip();
    }
    if (at && at.nodeName === node.nodeName && key(at) === key(node)) {
      sync(at, node);
      at = at.nextSibling;
    } else if (!at || (key(at) && keys.has(key(at)))) {
      parent.insertBefore(node, at); // a new node before one still to come
    } else {
      const old = at;
      at = at.nextSibling;
      parent.replaceChild(node, old);
    }
  }
  for (let next; at; at = next) {
    next = at.nextSibling;
    if (!at._own) at.remove();
  }
}

function key(node) {
  return node.nodeType === 1 ? node.getAttribute("data-key") : null;
}

function sync(old, node) {
  if (old.nodeType !== 1) {
    if (old.data !== node.data) old.data = node.data;
    return;
  }
  // Most of a table drawn again is as it was (the cards' pictures above all):
  // the browser compares such a part faster than a walk here would.
  if (old.isEqualNode(node)) {
    adopt(old, node);
    return;
  }
  for (const { name } of [...old.attributes]) if (!node.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of node.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  handlers(old, node);
  patch(old, [...node.childNodes]);
}

function handlers(old, node) {
  old._on = node._on;
  for (const type of Object.keys(node._on || {})) old.addEventListener(type, dispatch);
}

// The same tree: only the handlers are new.
function adopt(old, node) {
  if (old._on || node._on) handlers(old, node);
  for (let a = old.firstElementChild, b = node.firstElementChild; a; a = a.nextElementSibling, b = b.nextElementSibling) adopt(a, b);
}

// A symbol of the art sprite (bot/web/art.py), placed in a box of the drawing.
export function use(id, x, y, w, h, attrs = {}) {
  return svg("use", { href: `#${id}`, x, y, width: w, height: h, ...attrs });
}

// Text a screen reader reads but the screen does not show.
export function hidden(text) {
  return el("span", { class: "sr", text });
}

export const reducedMotion = () =>
  window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
