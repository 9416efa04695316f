(selectors) => {
  window.scrollTo(0, 0);
  const height = window.innerHeight;
  const width = document.documentElement.clientWidth;
  const off = [];
  for (const selector of selectors) {
    const found = [...document.querySelectorAll(selector)];
    if (!found.length) off.push(`missing: ${selector}`);
    for (const e of found) {
      const r = e.getBoundingClientRect();
      if (r.top < 0 || r.bottom > height + 0.5 || r.left < 0 || r.right > width + 0.5) {
        off.push(`${selector} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${height}`);
      }
      // Drawn over by the dock: not on the screen for the player either.
      const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
      const top = document.elementFromPoint(x, y);
      if (top && !e.contains(top) && !top.contains(e)) off.push(`${selector} covered by ${top.className}`);
    }
  }
  return off;
}
