// Growable typed arrays: the stacks of a search grow by doubling, which keeps the cost of growth
// constant per element pushed and leaves the hot path a bounds check.

type Typed = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/** `a` itself when it holds at least `need` elements, else a new array of the same kind with
 *  `a`'s elements at the start: `a`'s length (at least 16) doubled until it holds `need`, but no
 *  longer than `cap` (an array never grows past `cap` unless `need` does). */
export function grown<T extends Typed>(a: T, need: number, cap = Number.POSITIVE_INFINITY): T {
  if (need <= a.length) return a;
  let n = Math.max(a.length, 16);
  while (n < need) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(Math.min(n, Math.max(cap, need)));
  b.set(a as never);
  return b;
}
