import { describe, expect, it } from 'vitest';
import { grown } from '../../src/search/grow.js';

describe('grown', () => {
  it('keeps an array that is long enough', () => {
    const a = new Int32Array(8);
    expect(grown(a, 8)).toBe(a);
  });
  it('doubles until the need is met, keeps the kind and the elements', () => {
    const a = Float64Array.from({ length: 20 }, (_, i) => i + 0.5);
    const b = grown(a, 21);
    expect(b).toBeInstanceOf(Float64Array);
    expect(b.length).toBe(40);
    expect(Array.from(b.subarray(0, 20))).toEqual(Array.from(a));
    expect(grown(new Int32Array(20), 100).length).toBe(160);
    expect(grown(new Uint8Array(2), 3).length).toBe(16);
  });
  it('stops at the cap, unless the need is larger', () => {
    expect(grown(new Int8Array(64), 65, 100).length).toBe(100);
    expect(grown(new Int8Array(64), 120, 100).length).toBe(120);
  });
});
