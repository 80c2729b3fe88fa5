// Probes of Parterre's undecided deals: what a proof or a search would have to beat. Each probe is
// counted in nodes, so its figures do not depend on the machine's load.
//
//   npx tsx research/parterre/parterre-probes.ts PROBE NODES SEED...
//
// PROBE is one of:
//   empty   depth-first search, every proof on, whose goal is the first position with an empty pile.
//           A winning line passes through one (at the latest at its end), and the search's prunings
//           keep a winning line from every winnable position, so exhausting this search would prove
//           the deal lost. Prints whether a pile can be emptied and the nodes it took.
//   lazy    the plain depth-first search with a candidate pruning: a pile-to-pile move whose card,
//           and the card it uncovers, could not be used by the next move judged by rank alone (no
//           available card of a rank that could land on either, no landing of the uncovered card's
//           rank + 1 among tops, cards under a top and the bouquet, no empty pile, the uncovered card
//           does not fit its foundation). Prints how many moves it would prune (no proof: a count).
//   stream  the streamliner's depth-first runs at levels 0 and 1 (PtSearch.streamline: level 0 sends
//           every fitting card home and keys without suits, level 1 forces only the proved safe
//           moves and keys without suits): exhausted, won, or unknown. Restrictions: a win is
//           real, an exhausted space proves nothing.
//   home    depth-first search with exact keys where a card that fits goes home when its rank is at
//           most (lowest foundation) + K (K from PT_HOME_K, default 3; the proved rule is K = 2):
//           whether forcing more home moves alone makes the space small (a restriction, no proof).
//   ranks   the rank relaxation (research/parterre/parterre-rank-relaxation.ts), searched depth-first to
//           the end: exhausted proves the deal lost.
//   suits   the suit relaxation (src/games/parterre/suit-relaxation.ts), searched depth-first to
//           the end: exhausted proves the deal lost.
//   near    the suit relaxation in which a card is loose only while far from home (rank above its
//           foundation + K, for each K in PT_NEAR, default 1,2,3: SuitRelaxationModes' `near`, suit-relaxation-modes.ts),
//           searched depth-first to the end: exhausted proves the deal lost (final reading).
//   inner   the suit relaxation inside the search: after the forced moves from the deal, the
//           relaxation of every child and (where a child's is not exhausted) grandchild that the
//           search tries, each on NODES: how many it proves lost, and the nodes that cost.
//   guides  best-first with the guides the portfolio does not run (PtSearch.heuristic 1, 2, 3) at
//           weights 0.5 and 3: S(nodes) solved, X exhausted, - unknown.
import { dealFromSeed, withVariant } from '../../src/games/parterre/deal.js';
import { BOUQUET_SIZE, PILES } from '../../src/games/parterre/deal.js';
import {
  B2F,
  P2F,
  P2P,
  PILE_CAP,
  moveCard,
  moveFrom,
  moveKind,
  moveTo,
  packMove,
} from '../../src/games/parterre/position.js';
import { RankRelaxation } from './parterre-rank-relaxation.js';
import { PtSearch } from '../../src/games/parterre/search.js';
import { SuitRelaxation } from '../../src/games/parterre/suit-relaxation.js';
import { RESOLVE, SuitRelaxationModes } from './suit-relaxation-modes.js';
import { solve } from '../../src/search/solve.js';
import { StateTable } from '../../src/search/table.js';

const [probe, nodesText, ...seeds] = process.argv.slice(2);
const maxNodes = Number(nodesText);
if (!probe || !Number.isFinite(maxNodes) || seeds.length === 0) {
  console.error(
    'usage: npx tsx research/parterre/parterre-probes.ts empty|lazy|stream|home|ranks|suits|near|inner|guides NODES SEED...',
  );
  process.exit(2);
}
const variant = process.env.PT_VARIANT ?? 'foundations=final';
const rank = (c: number) => (c % 13) + 1;
const table = new StateTable(1 << 27);

/** Wins at the first position with an empty pile. */
class FirstEmpty extends PtSearch {
  override won(): boolean {
    for (let p = 0; p < PILES; p++) if (this.plen[p] === 0) return true;
    return false;
  }
}

/** Counts the pile-to-pile moves the candidate rule would drop (and drops them). */
class Lazy extends PtSearch {
  pruned = 0;
  override searchMoves(out: Int32Array, offset: number): number {
    const n = super.searchMoves(out, offset);
    const piles = this.piles,
      plen = this.plen;
    let avail = 0,
      empty = 0;
    for (let p = 0; p < PILES; p++) {
      const l = plen[p];
      if (l === 0) {
        empty++;
        continue;
      }
      avail |= 1 << rank(piles[p * PILE_CAP + l - 1]);
      if (l >= 2) avail |= 1 << rank(piles[p * PILE_CAP + l - 2]);
    }
    for (let k = 0; k < BOUQUET_SIZE; k++) if (this.bmask & (1 << k)) avail |= 1 << rank(this.bouquet[k]);
    let j = offset;
    for (let i = offset; i < offset + n; i++) {
      const m = out[i];
      let keep = true;
      if (moveKind(m) === P2P && plen[moveFrom(m)] >= 2) {
        const p = moveFrom(m),
          w = piles[p * PILE_CAP + plen[p] - 2],
          rw = rank(w),
          rc = rank(moveCard(m));
        keep =
          this.found[(w / 13) | 0] === rw - 1 ||
          empty - (plen[moveTo(m)] === 0 ? 1 : 0) > 0 ||
          (rw < 13 && (avail & (1 << (rw + 1))) !== 0) ||
          (rw > 1 && (avail & (1 << (rw - 1))) !== 0) ||
          (rc > 1 && (avail & (1 << (rc - 1))) !== 0);
      }
      if (keep) out[j++] = m;
      else this.pruned++;
    }
    return j - offset;
  }
}

/** Sends home every fitting card of rank <= lowest foundation + k. */
class HomeK extends PtSearch {
  constructor(
    deal: ConstructorParameters<typeof PtSearch>[0],
    readonly k: number,
  ) {
    super(deal);
  }
  override forcedMove(): number {
    const f = this.found;
    const maxR = Math.min(f[0], f[1], f[2], f[3]) + this.k;
    for (let p = 0; p < PILES; p++) {
      const n = this.plen[p];
      if (n === 0) continue;
      const c = this.piles[p * PILE_CAP + n - 1];
      if (rank(c) <= maxR && f[(c / 13) | 0] === rank(c) - 1) return packMove(P2F, p, 0, c);
    }
    for (let k = 0; k < BOUQUET_SIZE; k++) {
      if (!(this.bmask & (1 << k))) continue;
      const c = this.bouquet[k];
      if (rank(c) <= maxR && f[(c / 13) | 0] === rank(c) - 1) return packMove(B2F, k, 0, c);
    }
    return -1;
  }
}

const verdict = (o: string) => (o === 'unsolvable' ? 'exhausted' : o);
for (const seed of seeds) {
  const deal = withVariant(dealFromSeed(seed), variant);
  const parts: string[] = [];
  if (probe === 'empty') {
    const r = solve(new FirstEmpty(deal), { algorithm: 'dfs', maxNodes, table });
    parts.push(r.outcome === 'solved' ? `a pile emptied after ${r.line.length} moves` : verdict(r.outcome));
    parts.push(`${r.stats.nodes} nodes`);
  } else if (probe === 'lazy') {
    const g = new Lazy(deal);
    const r = solve(g, { algorithm: 'dfs', maxNodes, table });
    parts.push(`${r.outcome}, ${r.stats.unique} states, pruned ${g.pruned} moves`);
  } else if (probe === 'stream') {
    for (const level of [0, 1]) {
      const g = new PtSearch(deal);
      g.streamline(true, level);
      const r = solve(g, { algorithm: 'dfs', maxNodes, table });
      parts.push(`level ${level}: ${verdict(r.outcome)} at ${r.stats.nodes}`);
    }
  } else if (probe === 'home') {
    const k = Number(process.env.PT_HOME_K ?? 3);
    const r = solve(new HomeK(deal, k), { algorithm: 'dfs', maxNodes, table });
    parts.push(`K=${k}: ${verdict(r.outcome)} at ${r.stats.nodes}, ${r.stats.unique} states`);
  } else if (probe === 'ranks') {
    const r = solve(new RankRelaxation(new PtSearch(deal)), { algorithm: 'dfs', maxNodes, table });
    parts.push(`${verdict(r.outcome)} at ${r.stats.nodes}, ${r.stats.unique} states`);
  } else if (probe === 'suits') {
    const g = new SuitRelaxationModes(new PtSearch(deal), process.env.PT_BOUQUET_LOOSE !== '0');
    const r = solve(g, { algorithm: 'dfs', maxNodes, table });
    parts.push(`${verdict(r.outcome)} at ${r.stats.nodes}, ${r.stats.unique} states`);
  } else if (probe === 'near') {
    for (const k of (process.env.PT_NEAR ?? '1,2,3').split(',').map(Number)) {
      const r = solve(new SuitRelaxationModes(new PtSearch(deal), true, undefined, k), {
        algorithm: 'dfs',
        maxNodes,
        table,
      });
      // A won line's exchanges: with none it would be a real line.
      const exchanges =
        r.outcome === 'solved' ? `, ${r.moves.filter((m) => m & RESOLVE).length} exchanges in its line` : '';
      parts.push(`K=${k}: ${verdict(r.outcome)} at ${r.stats.nodes}, ${r.stats.unique} states${exchanges}`);
    }
  } else if (probe === 'inner') {
    const g = new PtSearch(deal);
    for (let f = g.forcedMove(); f >= 0; f = g.forcedMove()) g.make(f);
    const tally: Record<string, number> = {};
    let spent = 0;
    const check = (depth: number) => {
      const r = solve(new SuitRelaxation(g), { algorithm: 'dfs', maxNodes, table });
      spent += r.stats.nodes;
      const k = `depth ${depth} ${verdict(r.outcome)}`;
      tally[k] = (tally[k] ?? 0) + 1;
      return r.outcome === 'unsolvable';
    };
    const children = (): number[] => {
      const f = g.forcedMove();
      if (f >= 0) return [f];
      const buf = new Int32Array(g.maxMoves);
      return Array.from(buf.subarray(0, g.searchMoves(buf, 0)));
    };
    for (const m of children()) {
      g.make(m);
      if (!check(1))
        for (const m2 of children()) {
          g.make(m2);
          check(2);
          g.unmake(m2);
        }
      g.unmake(m);
    }
    parts.push(
      Object.entries(tally)
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
      `${spent} relaxation nodes`,
    );
  } else if (probe === 'guides') {
    for (const guide of [1, 2, 3])
      for (const weight of [0.5, 3]) {
        const r = solve(new PtSearch(deal), { algorithm: 'best-first', guide, weight, maxNodes, table });
        const o = r.outcome === 'solved' ? `S(${r.stats.nodes})` : r.outcome === 'unsolvable' ? 'X' : '-';
        parts.push(`g${guide}w${weight}:${o}`);
      }
  } else {
    console.error(`unknown probe ${probe}`);
    process.exit(2);
  }
  console.log(`${seed.padStart(4)}  ${parts.join('  ')}`);
}
