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
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  return node;
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
