import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC, docBlocks, docViews, layout } from './strategy-views.js';

// docs/strategies.md shows the views a strategy file receives. They are printed from real
// positions by the code that makes them (strategy-views.ts); here each block of the page must
// still be what that code prints now (after a deliberate change: npx tsx test/docs/strategy-views.ts --write).

describe('the views in docs/strategies.md', () => {
  const blocks = docBlocks(readFileSync(DOC, 'utf8'));
  const views = docViews();

  it('the page has a block for every printed view, and no other', () => {
    expect(Object.keys(blocks).sort()).toEqual(Object.keys(views).sort());
  });

  for (const [name, text] of Object.entries(views)) {
    it(`${name}: the block is what the code prints`, () => {
      expect(blocks[name]).toBe(text);
      expect(layout(JSON.parse(blocks[name]))).toBe(blocks[name]); // and it is plain JSON
    });
  }
});
