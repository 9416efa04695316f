() => {
  // The reveal's strip lies over the table's middle (the oven it turns over),
  // never over a seat, the player's own place or what confirms.
  const over = [];
  const kept = [".seat", ".mine", ".hand", ".draw", ".dock .action", ".dock .counter"].join(", ");
  for (const strip of document.querySelectorAll(".reveal")) {
    const s = strip.getBoundingClientRect();
    if (!s.width || !s.height) continue;
    for (const e of document.querySelectorAll(kept)) {
      const r = e.getBoundingClientRect();
      const w = Math.min(s.right, r.right) - Math.max(s.left, r.left);
      const h = Math.min(s.bottom, r.bottom) - Math.max(s.top, r.top);
      if (w > 1 && h > 1) {
        const words = (e.getAttribute("aria-label") || e.textContent).slice(0, 40);
        over.push(`reveal over: ${e.getAttribute("class")} ${words}`);
      }
    }
  }
  return over;
}
