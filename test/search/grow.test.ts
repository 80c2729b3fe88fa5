import { describe, expect, it } from 'vitest';
import { grown } from '../../src/search/grow.js';

describe('grown', () => {
  it('keeps an array that is long enough', () => {
    const a = new Int32Array(8);
    expect(grown(a, 8)).toBe(a);
  });
  it('doubles at least, keeps the kind and the elements', () => {
    const a = Float64Array.from([1.5, 2.5, 3.5]);
    const b = grown(a, 4);
    expect(b).toBeInstanceOf(Float64Array);
    expect(b.length).toBeGreaterThanOrEqual(Math.max(6, 4));
    expect(Array.from(b.subarray(0, 3))).toEqual([1.5, 2.5, 3.5]);
    expect(grown(new Uint8Array(2), 100).length).toBe(100);
  });
});
