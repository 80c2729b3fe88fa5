import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { dealFromSeed, withVariant, type BcDeal } from '../../src/games/besieged-city/deal.js';
import { estimate, GUIDES, NEED, type GuideWeights } from '../../src/games/besieged-city/heuristic.js';
import { CELLS, PILE_CAP, PLAY_ORDER, RANK, STOCK_SIZE, SUIT, TRENCHES } from '../../src/games/besieged-city/layout.js';
import { BcPosition, MAX_MOVES, T2F, S2F } from '../../src/games/besieged-city/position.js';
import { BcView } from '../../src/games/besieged-city/view.js';
import { DEFAULT_EVAL } from '../../src/games/besieged-city/strategies/eval.js';

// The guide estimate() prices only the cards the foundations look for, from per-deal lookups;
// it must give exactly what the plain version below gives (every card priced, the whole talon and
// stock scanned: the code estimate() had before), or searches would take other decisions.

const BIG = 1 << 20;
const refCost = new Int32Array(52);
function referenceEstimate(p: BcPosition, w: GuideWeights, stockKnown: boolean): number {
  const cost = refCost;
  cost.fill(BIG);
  const piles = p.piles,
    plen = p.plen,
    found = p.found;
  let blockers = 0;
  for (let t = 0; t < TRENCHES; t++) {
    const n = plen[t];
    if (n === 0) continue;
    const base = t * PILE_CAP;
    const h = found[SUIT[piles[base]]] * 14;
    let minBelow = 99;
    for (let j = 0; j < n; j++) {
      const c = piles[base + j];
      const v = 1 + 2 * (n - 1 - j);
      if (v < cost[c]) cost[c] = v;
      const need = NEED[h + RANK[c]];
      if (need > minBelow) blockers++;
      else minBelow = need;
    }
  }
  for (let c = 0; c < CELLS; c++) {
    const x = p.reserve[c];
    if (x >= 0 && 3 < cost[x]) cost[x] = 3;
  }
  const tlen = p.tlen;
  for (let k = 0; k < tlen; k++) {
    const x = p.stock[p.talon[tlen - 1 - k]];
    const v = 4 + 2 * k;
    if (v < cost[x]) cost[x] = v;
  }
  if (stockKnown) {
    const first = p.rules.stockToFoundation ? 1 : 4;
    for (let i = p.sp; i < STOCK_SIZE; i++) {
      const x = p.stock[i];
      const v = first + (i - p.sp);
      if (v < cost[x]) cost[x] = v;
    }
  }
  const unseen = w.unseen ?? 40;
  let h = w.found * (104 - p.foundTotal) + w.blocker * blockers + w.talon * tlen;
  const look = w.look;
  for (let s = 0; s < 4; s++) {
    const f = found[s];
    for (let j = 0; j < look.length && f + j < 26; j++) {
      const v = cost[s * 13 + PLAY_ORDER[f + j] - 1];
      h += look[j] * (v >= BIG ? unseen : v);
    }
  }
  return h;
}

// Every guide, the planner's weights, and a long look-ahead (every foundation card of a suit).
const WEIGHTS: GuideWeights[] = [
  ...GUIDES,
  DEFAULT_EVAL,
  { found: 7, look: Array.from({ length: 26 }, (_, i) => i + 1), blocker: 2, talon: 5, unseen: 9 },
];
const VARIANTS = [
  'default',
  'trench-order=directional',
  'trench-order=ordinary',
  'trench-order=play-order',
  'stock-to-foundation=no',
  'trench-fill=deferred',
  'trench-order=directional,trench-fill=deferred,stock-to-foundation=no',
];

/** Compares both versions on p for every weight set, stock known and not; returns how many
 *  positions it checked (1). */
function check(p: BcPosition, where: string): number {
  for (const w of WEIGHTS) {
    for (const known of [true, false]) {
      const got = estimate(p, w, known),
        want = referenceEstimate(p, w, known);
      if (got !== want)
        expect.fail(`${where}: estimate ${got}, reference ${want} (known=${known}, look ${w.look.length})`);
    }
  }
  return 1;
}

/** Random legal play (foundation moves favoured, so deals get far; some moves taken back, so
 *  unmake is covered), checking every position, and views of some of them (stock unknown: -1
 *  cards; or a guessed order, as the sampler builds them). */
function walk(deal: BcDeal, seed: string, steps: number, views: boolean): number {
  const rng = seedrandom(seed);
  const p = new BcPosition(deal);
  const buf = new Int32Array(MAX_MOVES),
    line: number[] = [];
  let checked = check(p, `${seed} start`),
    maxTalon = 0;
  for (let step = 0; step < steps; step++) {
    const n = line.length > 0 && rng() < 0.15 ? 0 : p.moves(buf, 0);
    if (n === 0) {
      // Take back a move (or a few, at a dead end, so the walk goes on).
      for (let k = rng() < 0.5 ? 1 : 5; k > 0 && line.length > 0; k--) p.unmake(line.pop()!);
    } else {
      let m = buf[Math.floor(rng() * n)];
      const k = buf[0] & 7,
        r = rng();
      if ((k === T2F || k === S2F) && r < 0.6) m = buf[0];
      else if (r > 0.75) m = buf[n - 1]; // a deal when the stock has cards: long talons
      p.make(m);
      line.push(m);
    }
    maxTalon = Math.max(maxTalon, p.tlen);
    checked += check(p, `${seed} step ${step}`);
    if (views && step % 25 === 0 && p.pending < 0) {
      const view = new BcView();
      view.observe(p);
      checked += check(view.position().pos, `${seed} step ${step} view`);
      const hidden = view.unseen();
      for (let i = hidden.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [hidden[i], hidden[j]] = [hidden[j], hidden[i]];
      }
      checked += check(view.position(hidden).pos, `${seed} step ${step} guess`);
    }
  }
  talons.push(maxTalon);
  return checked;
}
/** The longest talon of each walk: the talon pricing is only tested when talons get long. */
const talons: number[] = [];

describe('estimate() equals the plain every-card version', () => {
  it('on thousands of positions from random play, under every variant, stock known and not', () => {
    let checked = 0;
    for (const v of VARIANTS) {
      for (const seed of [1, 7, 42, 296])
        checked += walk(withVariant(dealFromSeed(seed), v), `${v}:${seed}`, 400, seed === 7);
    }
    expect(checked).toBeGreaterThan(10_000);
    console.log(checked, talons.join(' '));
    expect(Math.max(...talons)).toBeGreaterThan(20);
  });

  it('with a stock holding a card many times (setup positions fill unused places with one card)', () => {
    const deal = dealFromSeed(5);
    const stock = deal.stock.slice();
    for (let i = 0; i < 30; i++) stock[i] = stock[40];
    expect(walk({ ...deal, stock }, 'repeats', 400, false)).toBeGreaterThan(300);
  });

  it('after a reset to another deal (the stock lookups are rebuilt)', () => {
    const p = new BcPosition(dealFromSeed(3));
    const buf = new Int32Array(MAX_MOVES);
    for (const seed of [3, 4, 5]) {
      p.reset(dealFromSeed(seed));
      for (let step = 0; step < 60; step++) {
        const n = p.moves(buf, 0);
        p.make(buf[n - 1]); // deals when it can: the stock and talon matter most
        check(p, `reset ${seed} step ${step}`);
      }
    }
  });
});
