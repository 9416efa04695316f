() => {
  const problems = [];
  // The dock floats over the page by design (it stays at the bottom of the
  // screen as the page scrolls): the layout is checked with it in its place.
  const docks = [...document.querySelectorAll(".dock")];
  for (const dock of docks) dock.style.position = "static";
  const doc = document.documentElement;
  const width = doc.clientWidth;
  if (doc.scrollWidth > width + 1) {
    problems.push(`page wider than the screen: ${doc.scrollWidth} > ${width}`);
  }
  // What is drawn: not hidden, and not scrolled out of a list that scrolls.
  const rects = new Map();
  const rect = (e) => {
    if (!rects.has(e)) {
      let r = e.getBoundingClientRect();
      const box = e.parentElement && e.parentElement.closest(".controls, .prompt");
      if (box) {
        const b = box.getBoundingClientRect();
        const top = Math.max(r.top, b.top);
        const bottom = Math.min(r.bottom, b.bottom);
        r = bottom > top ? new DOMRect(r.left, top, r.width, bottom - top) : new DOMRect(0, 0, 0, 0);
      }
      rects.set(e, r);
    }
    return rects.get(e);
  };
  const shown = (e) => {
    const r = rect(e);
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const named = (e) => {
    const words = (e.getAttribute("aria-label") || e.textContent).slice(0, 40);
    return `${e.getAttribute("class") || e.tagName} ${words}`;
  };
  const texts = [
    "#table h1", "#table h2", "#table p", "#table li", ".card", ".action", ".pile", ".seat",
    ".chip", ".game-choice", ".person", ".live",
  ].join(", ");
  for (const e of [...document.querySelectorAll(texts)].filter(shown)) {
    const r = rect(e);
    if (r.left < -1 || r.right > width + 1) problems.push(`clipped: ${named(e)}`);
    const scrolls = getComputedStyle(e).overflowX === "auto";
    if (e.scrollWidth > e.clientWidth + 1 && !scrolls) problems.push(`overflows: ${named(e)}`);
  }
  // Every control and picture says what it is to a screen reader, and is big enough to touch.
  const controls = [
    "#table button", "#table [role=button]", "#table label.chip", "#table label.game-choice",
    "#table select",
  ].join(", ");
  for (const e of document.querySelectorAll(`${controls}, #table [role=img]`)) {
    const name = (e.getAttribute("aria-label") || e.textContent || "").trim();
    if (!name) problems.push(`unnamed: ${e.outerHTML.slice(0, 80)}`);
  }
  for (const e of [...document.querySelectorAll(controls)].filter(shown)) {
    const r = e.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      problems.push(`too small to touch (${Math.round(r.width)}x${Math.round(r.height)}): ${named(e)}`);
    }
  }
  const drawn = [
    ".card", ".action", ".pile", ".seat", ".pizza", ".chip", ".game-choice", ".person",
    "#table h1", "#table h2",
  ].join(", ");
  const boxes = [...document.querySelectorAll(drawn)]
    .filter(shown)
    .filter((e) => !e.closest(".dock") || e.matches(".action, .option"))
    .filter((e) => !e.closest(".reveal")); // the reveal's strip: checked apart (reveal_over.js)
  const found = boxes.map(rect);
  for (let i = 0; i < boxes.length; i++) {
    const a = found[i];
    for (let j = i + 1; j < boxes.length; j++) {
      const b = found[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      if (w <= 1) continue;
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (h <= 1) continue;
      if (boxes[i].contains(boxes[j]) || boxes[j].contains(boxes[i])) continue;
      problems.push(`overlap: ${named(boxes[i])} / ${named(boxes[j])}`);
    }
  }
  for (const dock of docks) dock.style.position = "";
  return problems;
}
