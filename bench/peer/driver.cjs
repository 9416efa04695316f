// Our side of the comparison with the peer (the one other open Mamma Mia!
// implementation, a TypeScript web app): a Node driver that loads a bundle
// of the peer's game code, whose path is given on the command line, and
// asks its bots about positions, or times whole games of its engine.
//
// The bundle is the user's to provide (it is the peer's code, not ours): one
// CommonJS module exporting what the peer's src/game/{setup,engine,scoring,
// bot,rollout}.ts and cards.ts export. Nothing of it is in this repository.
//
//   node bench/peer/driver.cjs BUNDLE turns     < positions.jsonl > answers.jsonl
//   node bench/peer/driver.cjs BUNDLE games SEATS GAMES heuristic|random SEED
//
// `turns` reads one position a line (bench/peer/positions.py writes them) and
// prints the peer's answer a line. `games` plays whole games and prints
// {"games", "seconds", "cpu_seconds", "actions"}, timed inside the process
// (the CPU seconds of all its threads: V8 compiles and collects on others).
'use strict';

const fs = require('fs');
const path = require('path');

const [bundlePath, command, ...rest] = process.argv.slice(2);
if (!bundlePath || !command) {
  process.stderr.write('usage: driver.cjs BUNDLE turns|games ...\n');
  process.exit(2);
}
const peer = require(path.resolve(bundlePath));

const COLOURS = ['yellow', 'green', 'brown', 'purple', 'red'];

function orderCard(order, colour) {
  // One of our order cards as the peer's OrderCard: `needs` as [kind, n]
  // pairs in the card's own order (the peer's key order).
  let requirement;
  if (order.shape === 'bombastica') requirement = { kind: 'bombastica' };
  else if (order.shape === 'monotoni') requirement = { kind: 'monotoni', jokerCount: order.amount };
  else if (order.shape === 'minimale') requirement = { kind: 'minimale', otherCount: order.amount };
  else requirement = { kind: 'normal', requirements: Object.fromEntries(order.needs) };
  return { id: order.id, kind: 'order', color: colour, name: order.id, requirement };
}

function dummyOrder(colour, i) {
  return { id: `pile-${colour}-${i}`, kind: 'order', color: colour, name: 'pile', requirement: { kind: 'bombastica' } };
}

let nextCard = 0;
function ingredient(kind) {
  nextCard += 1;
  return { id: `c${nextCard}`, kind: 'ingredient', ingredient: kind };
}

function stateOf(pos) {
  // The position as the peer's GameState: what its bots read is the acting
  // player's hand, orders and pile size, the oven's tally, its own orders in
  // the oven, the supply's size and the number of players.
  const players = [];
  for (let seat = 0; seat < pos.seats; seat += 1) {
    const colour = pos.colours[seat];
    const mine = seat === pos.seat;
    players.push({
      id: `player-${seat}`,
      name: `p${seat}`,
      color: colour,
      hand: mine ? pos.ingredients.map(ingredient) : [],
      waiter: mine ? Array.from({ length: pos.pile }, (_, i) => dummyOrder(colour, i)) : [],
      handOrders: mine ? pos.orders.map((o) => orderCard(o, colour)) : [],
      delivered: [],
      hasMammaMia: false,
      isBot: true,
    });
  }
  const colour = pos.colours[pos.seat];
  return {
    players,
    currentPlayerIndex: pos.seat,
    supply: Array.from({ length: pos.supply }, () => ingredient('salami')),
    oven: pos.own_oven.map((o) => orderCard(o, colour)),
    round: pos.round,
    maxRounds: 3,
    phase: { name: 'turn', step: 'ingredients' },
    log: [],
    nextLogId: 0,
    hasPlayedIngredientThisTurn: false,
    ovenIngredientTally: { ...pos.tally },
  };
}

function turn(pos) {
  // The three steps of a turn, as the peer's heuristic playout runs them.
  let s = stateOf(pos);
  let me = s.players[pos.seat];
  const answer = { kind: null, count: 0, order: null, draw: null };
  const ids = peer.chooseIngredientsToPlay(s, me);
  if (ids) {
    const card = me.hand.find((c) => c.id === ids[0]);
    answer.kind = card.ingredient;
    answer.count = ids.length;
    s = peer.placeIngredients(s, ids);
    me = s.players[pos.seat];
    const order = me.handOrders.length > 0 ? peer.choosePlaceOrder(s, me) : null;
    answer.order = order;
    s = peer.placeOrder(s, order);
  } else {
    s = peer.placeNoIngredients(s);
  }
  me = s.players[pos.seat];
  answer.draw = peer.chooseDrawSource(s, me) === 'waiter' ? 'orders' : 'supply';
  answer.hand_after = me.hand.length + me.handOrders.length;
  return answer;
}

function reveal(pos) {
  // A reveal decision: Monotoni's kind, a Minimale's tie, or paying from hand.
  const sorted = Object.fromEntries(Object.entries(pos.table).map(([k, n]) => [k, Array(n).fill(null)]));
  const held = { salami: 0, pineapple: 0, mushroom: 0, pepper: 0, olive: 0, ...pos.held };
  if (pos.decision === 'monotoni') return { kind: peer.chooseJokerIngredient(sorted, pos.personal, held, pos.amount) };
  if (pos.decision === 'minimale') return { kind: peer.chooseMinimaleTieBreak(pos.candidates, sorted, held, pos.amount) };
  const owner = { hand: pos.hand.map(ingredient) };
  return { pay: peer.chooseHandTopUp(owner, pos.missing) !== null };
}

function answerLines() {
  const lines = fs.readFileSync(0, 'utf8').split('\n').filter((l) => l.trim());
  const out = [];
  for (const line of lines) {
    const pos = JSON.parse(line);
    out.push(JSON.stringify(pos.reveal ? reveal(pos) : turn(pos)));
  }
  process.stdout.write(out.join('\n') + '\n');
}

function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomGame(start, random) {
  // Random players on the peer's engine: a uniform ingredient card's kind and
  // any count of it, an order half the time, any pile (see below); at the
  // reveal, pay when the hand can, a random kind when asked for one.
  let s = start;
  let actions = 0;
  const pick = (items) => items[Math.floor(random() * items.length)];
  while (s.phase.name !== 'gameEnd') {
    actions += 1;
    if (s.phase.name === 'passDevice') {
      s = peer.confirmPassDevice(s);
      continue;
    }
    if (s.phase.name === 'turn') {
      const p = s.players[s.currentPlayerIndex];
      if (s.phase.step === 'ingredients') {
        const cards = p.hand.filter((c) => c.kind === 'ingredient');
        if (cards.length === 0) {
          s = peer.placeNoIngredients(s);
        } else {
          const kind = pick(cards).ingredient;
          const same = cards.filter((c) => c.ingredient === kind);
          const n = 1 + Math.floor(random() * same.length);
          s = peer.placeIngredients(s, same.slice(0, n).map((c) => c.id));
        }
      } else if (s.phase.step === 'order') {
        const order = p.handOrders.length > 0 && random() < 0.5 ? pick(p.handOrders).id : null;
        s = peer.placeOrder(s, order);
      } else {
        // Orders only with an ingredient in hand: the peer's rules have no
        // escape for a hand of orders alone (our engine's MM-T4 valve).
        const sources = [];
        if (s.supply.length > 0) sources.push('supply');
        if (p.waiter.length > 0 && p.hand.some((c) => c.kind === 'ingredient')) sources.push('waiter');
        const after = peer.drawCards(s, sources.length ? pick(sources) : 'supply');
        s = after.phase.name === 'roundEnd' ? peer.startRoundEnd(after) : after;
      }
      continue;
    }
    const pending = s.roundEnd.pending;
    if (!pending) {
      s = peer.revealNext(s);
      continue;
    }
    const owner = s.players.find((p) => p.color === pending.order.color);
    if (pending.type === 'awaitingJokerChoice') {
      const personal = peer.PERSONAL_INGREDIENT[owner.color];
      s = peer.chooseJoker(s, pick(['salami', 'pineapple', 'mushroom', 'pepper', 'olive'].filter((k) => k !== personal)));
    } else if (pending.type === 'awaitingMinimaleChoice') {
      s = peer.chooseMinimaleIngredient(s, pick(pending.candidates));
    } else {
      s = peer.resolveHandTopUp(s, peer.chooseHandTopUp(owner, pending.shortfall));
    }
  }
  return actions;
}

function games(args) {
  const [seats, count, policy, seed] = [Number(args[0]), Number(args[1]), args[2], Number(args[3] ?? 1)];
  const random = mulberry32(seed);
  const setups = Array.from({ length: seats }, (_, i) => ({ name: `p${i}`, isBot: true }));
  let actions = 0;
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let g = 0; g < count; g += 1) {
    const start = peer.createGame(setups, { random });
    if (policy === 'random') actions += randomGame(start, random);
    else peer.heuristicPlayout(start);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6; // every thread of the process
  process.stdout.write(
    JSON.stringify({ games: count, seconds, cpu_seconds: cpuSeconds, actions, policy, seats }) + '\n',
  );
}

if (command === 'turns') answerLines();
else if (command === 'games') games(rest);
else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exit(2);
}
