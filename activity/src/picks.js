// Putting an action together from what the player points at. Each legal
// action that is composed (a turn: a kind, a count, an order, a draw) names
// its fields; a card's `pick` sets some of them; Play plays the one action
// every pick matches. A field the player has not picked takes its default
// (no order, the supply) where a legal action has it, else stays open. The
// client checks nothing else: the server does.

export class Composer {
  constructor() {
    this.picked = {}; // what the player chose
    this.at = null; // the game and version the picks were made at
  }

  // New picks for a new moment of the game.
  reset(scene, at) {
    if (this.at === at) return false;
    this.picked = {};
    this.at = at;
    return true;
  }

  clear() {
    this.picked = {};
  }

  matches(scene, chosen) {
    return scene.actions.filter(
      (a) => a.fields && Object.entries(chosen).every(([f, v]) => (a.fields[f] ?? "-") === v),
    );
  }

  // The picks with every default that some legal action still has.
  picks(scene) {
    const found = { ...this.picked };
    for (const [field, value] of Object.entries(scene.defaults || {})) {
      if (field in found) continue;
      if (this.matches(scene, { ...found, [field]: value }).length) found[field] = value;
    }
    return found;
  }

  pressed(scene, pick) {
    const picks = this.picks(scene);
    return Object.entries(pick).every(([f, v]) => picks[f] === v);
  }

  usable(scene, pick) {
    return this.matches(scene, { ...this.picked, ...pick }).length > 0 || this.matches(scene, pick).length > 0;
  }

  // Point at a pick: choose it (keeping what else fits), or, pointed at
  // again, let it go.
  toggle(scene, pick) {
    if (Object.entries(pick).every(([f, v]) => this.picked[f] === v)) this.release(pick);
    else this.choose(scene, pick);
  }

  choose(scene, pick) {
    const merged = { ...this.picked, ...pick };
    this.picked = this.matches(scene, merged).length ? merged : { ...pick };
  }

  release(pick) {
    for (const field of Object.keys(pick)) delete this.picked[field];
  }

  // A stack of picks (a pile of one kind: 1, 2, … of them): which one is chosen.
  level(scene, card) {
    return card.picks.findIndex((p) => Object.entries(p.pick).every(([f, v]) => this.picked[f] === v));
  }

  // The one action the picks name, if exactly one.
  one(scene) {
    const found = this.matches(scene, this.picks(scene));
    return found.length === 1 ? found[0] : null;
  }
}
