() => {
  const regions = [...document.querySelectorAll(
    "[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log], [role=marquee], output")];
  return {
    lang: document.documentElement.lang,
    regions: regions.map((e) => ({ id: e.id, text: e.textContent, chars: e.textContent.length })),
  };
}
