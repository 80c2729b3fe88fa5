import { describe, expect, it } from 'vitest';
import { allSuits, groupOrder, levelOf, rankComponent, suitedComponent } from './parterre-levels.js';
import { dealFromSeed } from '../../src/games/parterre/deal.js';
import { PtPosition } from '../../src/games/parterre/position.js';
import { formatMove } from '../../src/games/parterre/notation.js';
import { lcg } from '../../test/parterre/helpers.js';

// research/parterre/parterre-levels.ts counts a level's component as (rank arrangements) x (the group of suit
// trades its walks make); here that count against the component searched position by position.
describe('parterre levels: the parked-card puzzle', () => {
  it('a component is its rank component times its group (random playouts)', () => {
    const rnd = lcg(41);
    let compared = 0,
      traded = 0;
    for (let d = 0; d < 12; d++) {
      const pos = new PtPosition(dealFromSeed(String(200 + d)));
      const buf = new Int32Array(200);
      for (let i = 0; i < 240; i++) {
        if (i % 12 === 11) {
          const { arrangement } = levelOf(pos);
          const suited = suitedComponent(arrangement, 30_000);
          if (!suited.cut) {
            const rc = rankComponent(arrangement);
            const g = groupOrder(rc.generators, rc.cards.length);
            expect(rc.cut).toBe(false);
            expect(g).toBeLessThanOrEqual(allSuits(rc.cards));
            expect(rc.structures * g).toBe(suited.positions);
            compared++;
            if (g > 1) traded++;
          }
        }
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        const home = [];
        for (let j = 0; j < n; j++) if (formatMove(buf[j]).endsWith('>F')) home.push(buf[j]);
        pos.make(home.length && rnd() < 0.3 ? home[Math.floor(rnd() * home.length)] : buf[Math.floor(rnd() * n)]);
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(traded).toBeGreaterThan(10);
  });
});
