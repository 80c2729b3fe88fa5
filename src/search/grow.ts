// Growable typed arrays: the stacks of a search grow by doubling, which keeps the cost of growth
// constant per element pushed and leaves the hot path a bounds check.

type Typed = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/** `a` itself when it holds at least `need` elements, else a new array of the same kind, at
 *  least twice as long and at least `need`, with `a`'s elements at the start. */
export function grown<T extends Typed>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 16));
  b.set(a as never);
  return b;
}
