// Putting an action together from what the player points at. Each legal
// action that is composed (a turn: a kind, a count, an order, a draw) names
// its fields; a card's `pick` sets some of them; Play plays the one action
// every pick matches. The client checks nothing else: the server does.

export class Composer {
  constructor() {
    this.picks = {};
    this.at = null; // the game and version the picks were made at
  }

  // New picks for a new moment of the game (its defaults picked already).
  reset(scene, at) {
    if (this.at === at) return false;
    this.picks = { ...(scene.defaults || {}) };
    this.at = at;
    return true;
  }

  clear(scene) {
    this.picks = { ...(scene.defaults || {}) };
  }

  matches(scene, chosen = this.picks) {
    return scene.actions.filter(
      (a) => a.fields && Object.entries(chosen).every(([f, v]) => (a.fields[f] ?? "-") === v),
    );
  }

  pressed(pick) {
    return Object.entries(pick).every(([f, v]) => this.picks[f] === v);
  }

  usable(scene, pick) {
    return (
      this.matches(scene, { ...this.picks, ...pick }).length > 0 ||
      this.matches(scene, { ...(scene.defaults || {}), ...pick }).length > 0
    );
  }

  // Point at a pick: choose it (keeping what else fits), or, pointed at
  // again, let it go back to its default.
  toggle(scene, pick) {
    if (this.pressed(pick)) {
      this.release(scene, pick);
      return;
    }
    this.choose(scene, pick);
  }

  choose(scene, pick) {
    const merged = { ...this.picks, ...pick };
    this.picks = this.matches(scene, merged).length ? merged : { ...(scene.defaults || {}), ...pick };
  }

  release(scene, pick) {
    const defaults = scene.defaults || {};
    for (const f of Object.keys(pick)) {
      if (f in defaults) this.picks[f] = defaults[f];
      else delete this.picks[f];
    }
  }

  // A stack of picks (a pile of one kind: 1, 2, … of them): which one is chosen.
  level(card) {
    return card.picks.findIndex((p) => this.pressed(p.pick));
  }

  // The one action the picks name, if exactly one.
  one(scene) {
    const found = this.matches(scene);
    return found.length === 1 ? found[0] : null;
  }
}
