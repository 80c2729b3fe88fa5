// An exact transposition table on typed arrays: open addressing with linear probing, and the
// full variable-length key of every state kept in an append-only arena, so a hit is a real
// match and never a hash collision (a false "seen" would make an "unsolvable" verdict wrong).
//
// Layout per slot: a tag (u8, 0 = empty: 8 bits of the hash), hash (u32), arena offset (u32),
// value (i32, for the search's use). A probe reads only the tags until one matches: they take a
// quarter of the hashes' memory, so fewer probes of a large table miss the processor's caches
// (bench/compare-builds.ts times two builds on the pinned searches; bench/history.md,
// "Core speed, round 11"). A matching tag goes straight to the key's words (a false match,
// about 1 in 255, costs one compare). The hashes are kept for growing and evicting, which rehash
// without reading the keys.
// Arena: [len, w0, w1, …] per key. The table starts small and doubles up to its memory budget,
// so small searches stay cheap to clear; past the budget insert() reports FULL.
// The arena is stored in chunks of CHUNK words that never move (a key never straddles two: one
// that does not fit a chunk's end starts the next), so growing it copies nothing (copying one
// doubling array, and faulting in its fresh pages, took a noticeable share of a deep search's
// time: `npx tsx bench/same-searches.ts --group bc-296` times such a search; bench/history.md,
// "Core speed, round 6"). Its budget is counted as one array of `arenaCap` words that doubles, so
// FULL comes at a state that does not depend on the chunk size; the chunks in use never exceed
// that count by more than the few words a chunk's end may leave unused.
// The slot arrays too are views of longer arrays that are allocated ahead (their pages untouched
// until used) and kept across clear(), as are the arena's chunks: growing in place faults in only
// the pages grown into, a fresh page's fault being dear, and a search after a clear grows without
// any (bench/table-refill.ts times fills and refills of two builds; bench/history.md,
// "The state table keeps its arrays"). The slots' layout, FULL and evictions stay those of a table that starts afresh.
//
// Why typed arrays: they insert several times faster than a Map keyed by numbers (and far faster
// than one keyed by strings), and a Map stops at 2^24 entries.

export const FULL = -1;

const SLOT_BYTES = 13;
/** How far ahead of need growSlots() allocates (pages untouched until the table grows into them). */
const AHEAD = 16;
const MIN_SLOTS = 1 << 14;
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;
const MIN_ARENA = CHUNK;
/** The fewest slots a table has, however small its budget. */
const FEWEST_SLOTS = 64;

/** The slots a table with this budget starts with: `wanted`, or fewer when a quarter of the
 *  budget would not hold them (a power of two). */
function startSlots(budget: number, wanted: number): number {
  let n = wanted;
  while (n > FEWEST_SLOTS && n * SLOT_BYTES > budget / 4) n >>= 1;
  return n;
}

/** The arena's first size in words: a chunk, or a quarter of a small budget. The first chunk is
 *  then that short, and grows to a whole chunk as the arena does (growArena()). */
const startArena = (budget: number): number => Math.max(MAX_KEY + 1, Math.min(MIN_ARENA, Math.floor(budget / 16)));
/** Longest key in words (the games' keys are at most 24); a chunk's unused end is under this. */
const MAX_KEY = 63;
/** evictLowest()'s mark on a kept record's length word, and the length's own bits. */
const KEEP = 0x80000000;
const LEN_MASK = 0x3f;
/** How many values evictLowest() samples for its threshold; the offset of a slot it drops. */
const SAMPLE = 1 << 16;
const DROPPED = 0xffffffff;
/** The arena's largest counted size: its chunks' offsets, unused ends included, fit 32 bits. */
const MAX_ARENA = 2 ** 32 - 2 ** (32 - CHUNK_BITS) * (MAX_KEY + 1) * 2;

/** A slot's tag for hash h: its top 8 bits, never 0 (0 marks an empty slot). */
const tagOf = (h: number) => h >>> 24 || 1;

/** Hash of a packed key (murmur3-style mixing of whole words; never 0). */
export function hashKey(key: Uint32Array, len: number): number {
  return hashWords(key, 0, len);
}

/** hashKey() of words[from..from + len). */
function hashWords(words: Uint32Array, from: number, len: number): number {
  let h = 0x9e3779b9 ^ len;
  for (let i = from; i < from + len; i++) {
    let k = Math.imul(words[i], 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h === 0 ? 1 : h >>> 0;
}

/** The storage of a table's slot arrays: arrays longer than the slots in use, allocated ahead
 *  and kept across clear(), of which the table's slot arrays are views. */
class SlotStore {
  tags!: Uint8Array;
  hashes!: Uint32Array;
  offsets!: Uint32Array;
  values!: Int32Array;
  /** The most slots used so far (the arrays' pages beyond it were never touched). */
  used = 0;

  constructor(n: number) {
    this.allocate(n, n);
  }

  /** New arrays of n slots, of which `used` are counted as used. */
  allocate(n: number, used: number): void {
    this.tags = new Uint8Array(n);
    this.hashes = new Uint32Array(n);
    this.offsets = new Uint32Array(n);
    this.values = new Int32Array(n);
    this.used = used;
  }
}

export class StateTable {
  // The slot arrays are views of the first `mask + 1` elements of the longer arrays of `store`,
  // kept across clear(): a table that grows again after a clear (the portfolio's runs, a batch's
  // deals) grows in place, without allocating or faulting in fresh pages.
  private tags: Uint8Array;
  private hashes: Uint32Array;
  private offsets: Uint32Array;
  /** A value per slot for the search (e.g. an A* node id); index with the slot insert() gave. */
  values: Int32Array;
  private readonly store: SlotStore;
  /** The arena's chunks; a slot's offset is chunk index << CHUNK_BITS | word within the chunk. */
  private chunks: Uint32Array[];
  /** The chunk keys are appended to, and the next free word in it. */
  private chunk = 0;
  private chunkUsed = 0;
  /** Words of keys stored (lengths included) and the arena's counted capacity (see above). */
  private arenaUsed = 0;
  private arenaCap = MIN_ARENA;
  private mask: number;
  /** Number of distinct states stored. */
  size = 0;
  /** After insert(): true when the key was already present. */
  found = false;

  /** minSlots (a power of two): the slots it starts with and shrinks back to; a table cleared
   *  very often for a few thousand states (the suit puzzles' own) clears faster with fewer. A
   *  small budget starts smaller still (a quarter of the budget for the slots, a quarter for the
   *  arena), so that the table never holds more than its budget. */
  constructor(
    private budget: number,
    private readonly slotsWanted = MIN_SLOTS,
  ) {
    this.minSlots = startSlots(budget, slotsWanted);
    this.minArena = startArena(budget);
    const store = (this.store = new SlotStore(this.minSlots));
    this.tags = store.tags;
    this.hashes = store.hashes;
    this.offsets = store.offsets;
    this.values = store.values;
    this.chunks = [new Uint32Array(this.minArena)];
    this.arenaCap = this.minArena;
    this.mask = this.minSlots - 1;
  }

  /** Makes the slot arrays the first n elements of the kept ones. */
  private view(n: number): void {
    const store = this.store;
    this.tags = store.tags.subarray(0, n);
    this.hashes = store.hashes.subarray(0, n);
    this.offsets = store.offsets.subarray(0, n);
    this.values = store.values.subarray(0, n);
    this.mask = n - 1;
    if (n > store.used) store.used = n;
  }

  /** Bytes the table's arrays take in memory: the slots used since they were allocated and every
   *  chunk, kept ones included: at most the budget (see fit()) and the unused end of the chunk
   *  being written (the arena's counted size may end within it). */
  get heldBytes(): number {
    let words = 0;
    for (const c of this.chunks) words += c.length;
    return this.store.used * SLOT_BYTES + Math.max(words, this.arenaCap) * 4;
  }

  /** Lets go of what was kept from earlier searches when the table, about to count `slots` slots
   *  and `words` words of arena, would hold more than its budget with it (a search whose keys are
   *  longer, or shorter, than the last one's). */
  private fit(slots: number, words: number): void {
    let held = 0;
    for (const c of this.chunks) held += c.length;
    if (
      this.chunks.length > this.chunk + 1 &&
      Math.max(this.store.used, slots) * SLOT_BYTES + Math.max(held, words) * 4 > this.budget
    ) {
      this.chunks.length = this.chunk + 1;
      held = 0;
      for (const c of this.chunks) held += c.length;
    }
    const n = this.hashes.length,
      store = this.store;
    if (store.used > Math.max(n, slots) && store.used * SLOT_BYTES + Math.max(held, words) * 4 > this.budget) {
      store.tags = this.tags.slice();
      store.hashes = this.hashes.slice();
      store.offsets = this.offsets.slice();
      store.values = this.values.slice();
      store.used = n;
      this.view(n);
    }
  }

  private minSlots: number;
  private minArena: number;

  /** The memory budget in bytes: the table never holds more (insert() reports FULL instead). */
  get memoryBytes(): number {
    return this.budget;
  }

  /** Empties the table and gives it a new budget (a search that shares its memory with other
   *  structures sets the table's part before it starts). */
  setBudget(bytes: number): void {
    if (bytes === this.budget) {
      this.clear();
      return;
    }
    this.budget = bytes;
    this.minSlots = startSlots(bytes, this.slotsWanted);
    this.minArena = startArena(bytes);
    this.clear(true);
  }

  /** Bytes held by the table's arrays now. */
  get bytes(): number {
    return this.hashes.length * SLOT_BYTES + this.arenaCap * 4;
  }

  clear(shrink = false): void {
    if (shrink) {
      // A new budget: nothing kept (the arrays may not fit it).
      this.store.allocate(this.minSlots, this.minSlots);
      this.view(this.minSlots);
      this.chunks = [new Uint32Array(this.minArena)];
      this.arenaCap = this.minArena;
    } else if (this.hashes.length > MIN_SLOTS * 16) {
      // Shrink back so that the next (usually small) search starts cheap: only its slots' tags
      // are emptied. The longer arrays and the arena's chunks are kept for the searches to come.
      this.view(this.minSlots);
      this.tags.fill(0);
      this.arenaCap = this.minArena;
    } else {
      this.tags.fill(0);
      // (The arena's counted size stays: FULL comes where it came before a clear.)
    }
    this.chunk = 0;
    this.chunkUsed = 0;
    this.arenaUsed = 0;
    this.size = 0;
  }

  /** Finds or adds key[0..len). Returns the slot (found tells which), or FULL when the memory
   *  budget cannot hold another state. */
  insert(key: Uint32Array, len: number): number {
    return this.insertHashed(key, len, hashKey(key, len));
  }

  /** insert() for a caller that has the key's hashKey() already (e.g. to look the same key up
   *  in two tables). */
  insertHashed(key: Uint32Array, len: number, h: number): number {
    if (len > MAX_KEY) throw new RangeError(`StateTable: keys of at most ${MAX_KEY} words`);
    const tags = this.tags,
      offsets = this.offsets,
      chunks = this.chunks,
      tag = tagOf(h);
    let i = h & this.mask;
    for (;;) {
      const st = tags[i];
      if (st === 0) break;
      if (st === tag) {
        const off = offsets[i],
          arena = chunks[off >>> CHUNK_BITS],
          o = off & CHUNK_MASK;
        if (arena[o] === len) {
          let j = 0;
          while (j < len && arena[o + 1 + j] === key[j]) j++;
          if (j === len) {
            this.found = true;
            return i;
          }
        }
      }
      i = (i + 1) & this.mask;
    }
    this.found = false;
    if (this.arenaUsed + len + 1 > this.arenaCap && !this.growArena(len + 1)) return FULL;
    if ((this.size + 1) * 2 > tags.length) {
      if (!this.growSlots()) return FULL;
      return this.insertNew(h, key, len);
    }
    return this.place(i, h, key, len);
  }

  /** The value stored for the key, or -1 when absent (does not insert). */
  get(key: Uint32Array, len: number): number {
    return this.getHashed(key, len, hashKey(key, len));
  }

  /** get() with the key's hashKey() given. */
  getHashed(key: Uint32Array, len: number, h: number): number {
    const tags = this.tags,
      tag = tagOf(h);
    let i = h & this.mask;
    for (;;) {
      const st = tags[i];
      if (st === 0) return -1;
      if (st === tag) {
        const off = this.offsets[i],
          arena = this.chunks[off >>> CHUNK_BITS],
          o = off & CHUNK_MASK;
        if (arena[o] === len) {
          let j = 0;
          while (j < len && arena[o + 1 + j] === key[j]) j++;
          if (j === len) return this.values[i];
        }
      }
      i = (i + 1) & this.mask;
    }
  }

  private insertNew(h: number, key: Uint32Array, len: number): number {
    let i = h & this.mask;
    while (this.tags[i] !== 0) i = (i + 1) & this.mask;
    return this.place(i, h, key, len);
  }

  private place(i: number, h: number, key: Uint32Array, len: number): number {
    let o = this.chunkUsed;
    if (o + len + 1 > CHUNK) {
      // Keys are at most a few dozen words, far under a chunk: start the next chunk. A length 0
      // ends this one for evictLowest()'s walk (keys are never empty).
      if (o < CHUNK) this.chunks[this.chunk][o] = 0;
      if (++this.chunk === this.chunks.length) this.chunks.push(new Uint32Array(CHUNK));
      o = 0;
    }
    const arena = this.chunks[this.chunk];
    arena[o] = len;
    for (let j = 0; j < len; j++) arena[o + 1 + j] = key[j];
    this.chunkUsed = o + len + 1;
    this.arenaUsed += len + 1;
    this.tags[i] = tagOf(h);
    this.hashes[i] = h;
    this.offsets[i] = (this.chunk << CHUNK_BITS) | o;
    this.values[i] = 0;
    this.size++;
    return i;
  }

  /** Copies the key stored at slot (as insert() gave it, while the table has not grown since)
   *  to out; returns its length. */
  keyAt(slot: number, out: Uint32Array): number {
    const off = this.offsets[slot],
      arena = this.chunks[off >>> CHUNK_BITS],
      o = off & CHUNK_MASK;
    const len = arena[o] & LEN_MASK;
    for (let j = 0; j < len; j++) out[j] = arena[o + 1 + j];
    return len;
  }

  /** Calls visit(words, from, len) for every key stored, in the order they were added: the key
   *  is words[from..from + len), valid only during the call. */
  forEachKey(visit: (words: Uint32Array, from: number, len: number) => void): void {
    for (let c = 0; c <= this.chunk; c++) {
      const words = this.chunks[c],
        end = c === this.chunk ? this.chunkUsed : CHUNK;
      for (let o = 0; o < end; ) {
        const len = words[o] & LEN_MASK;
        if (len === 0) break; // the end mark of a chunk
        visit(words, o + 1, len);
        o += len + 1;
      }
    }
  }

  /** The replacement policy for a full table, for a search that keeps in each state's value how
   *  much it is worth keeping (depth-first search: minus its depth): keeps about the `share` of the
   *  states with the largest values and drops the rest, in place (the arena is compacted, the
   *  slots rebuilt, the kept states keep their values; nothing is allocated but a sample of the
   *  values). Returns the number of states dropped, at least one. A search may forget a state
   *  only where searching it again is correct (see dfs.ts). */
  evictLowest(share = 0.5): number {
    const before = this.size;
    if (before === 0) return 0;
    const threshold = this.evictionThreshold(share);
    // Mark: a kept state's record gets bit 31 of its length word (lengths are under 64); a
    // dropped state's slot gets the offset DROPPED.
    const tags = this.tags,
      values = this.values,
      offsets = this.offsets,
      chunks = this.chunks;
    for (let i = 0; i < tags.length; i++) {
      if (tags[i] === 0) continue;
      const off = offsets[i];
      if (values[i] < threshold) offsets[i] = DROPPED;
      else chunks[off >>> CHUNK_BITS][off & CHUNK_MASK] |= KEEP;
    }
    const kept = this.compactMarked();
    this.rehashKept();
    this.size = kept;
    return before - kept;
  }

  /** The value below which evictLowest() drops a state, read off a sorted sample of the values
   *  (any distribution, outliers too). Values tied with it go or stay together, whichever comes
   *  nearer the share (many states may share a value); when they are the smallest they go, so
   *  that room is made. */
  private evictionThreshold(share: number): number {
    const tags = this.tags,
      values = this.values;
    const sample = new Int32Array(Math.min(this.size, SAMPLE));
    const stride = tags.length / sample.length;
    let n = 0;
    for (let i = 0; i < tags.length && n < sample.length; i++) {
      if (tags[i] !== 0 && i >= n * stride) sample[n++] = values[i];
    }
    const sorted = sample.subarray(0, n).sort();
    const drop = Math.min(n - 1, Math.floor((1 - share) * n));
    const q = sorted[drop];
    let below = drop,
      upTo = drop;
    while (below > 0 && sorted[below - 1] === q) below--;
    while (upTo < n && sorted[upTo] === q) upTo++;
    return below === 0 || upTo - drop < drop - below ? q + 1 : q;
  }

  /** Compacts the arena in place to the records marked KEEP (records move only towards the
   *  start, in their order; the mark is cleared), each kept record's slot, found by its hash and
   *  old offset, pointed at the new place. Returns how many were kept. */
  private compactMarked(): number {
    const tags = this.tags,
      hashes = this.hashes,
      offsets = this.offsets,
      chunks = this.chunks,
      mask = this.mask;
    let wc = 0,
      wo = 0,
      used = 0,
      kept = 0;
    for (let c = 0; c <= this.chunk; c++) {
      const src = chunks[c],
        end = c === this.chunk ? this.chunkUsed : CHUNK;
      for (let o = 0; o < end; ) {
        const word = src[o];
        const len = word & LEN_MASK;
        if (len === 0) break; // the end mark of a chunk
        if (word & KEEP) {
          const h = hashWords(src, o + 1, len),
            old = (c << CHUNK_BITS) | o;
          let i = h & mask;
          // (An empty slot may still hold the hash and offset of a state cleared before.)
          while (tags[i] === 0 || hashes[i] !== h || offsets[i] !== old) i = (i + 1) & mask;
          if (wo + len + 1 > CHUNK) {
            if (wo < CHUNK) chunks[wc][wo] = 0;
            wc++;
            wo = 0;
          }
          const dst = chunks[wc];
          if (dst === src) dst.copyWithin(wo, o, o + len + 1);
          else dst.set(src.subarray(o, o + len + 1), wo);
          dst[wo] = len;
          offsets[i] = (wc << CHUNK_BITS) | wo;
          wo += len + 1;
          used += len + 1;
          kept++;
        }
        o += len + 1;
      }
    }
    this.chunk = wc;
    this.chunkUsed = wo;
    this.arenaUsed = used;
    return kept;
  }

  /** Empties the slots of the dropped states (offset DROPPED), then puts every kept state back
   *  where a probe from its hash finds it: taken in ring order from an empty slot, each state's
   *  probe meets only states already placed (linear probing's rehash in place). */
  private rehashKept(): void {
    const tags = this.tags,
      hashes = this.hashes,
      values = this.values,
      offsets = this.offsets,
      mask = this.mask;
    let empty = -1;
    for (let i = 0; i < tags.length; i++) {
      if (tags[i] !== 0 && offsets[i] === DROPPED) tags[i] = 0;
      if (tags[i] === 0 && empty < 0) empty = i;
    }
    for (let k = 1; k <= tags.length; k++) {
      const i = (empty + k) & mask,
        tag = tags[i];
      if (tag === 0) continue;
      const h = hashes[i],
        off = offsets[i],
        v = values[i];
      tags[i] = 0;
      let j = h & mask;
      while (tags[j] !== 0) j = (j + 1) & mask;
      tags[j] = tag;
      hashes[j] = h;
      offsets[j] = off;
      values[j] = v;
    }
  }

  /** Raises the arena's counted capacity by doubling (see the arena above); the chunks
   *  themselves are added by place() as keys need them. */
  private growArena(need: number): boolean {
    let n = this.arenaCap * 2;
    while (n < this.arenaUsed + need) n *= 2;
    if (this.hashes.length * SLOT_BYTES + n * 4 > this.memoryBytes) {
      // Use what is left of the budget, if it still helps.
      n = Math.floor((this.memoryBytes - this.hashes.length * SLOT_BYTES) / 4);
      if (n < this.arenaUsed + need) return false;
    }
    if (n > MAX_ARENA) {
      n = MAX_ARENA;
      if (n < this.arenaUsed + need) return false;
    }
    this.fit(this.hashes.length, n);
    this.arenaCap = n;
    // A short first chunk (a small budget) grows to what the arena may hold, up to a chunk.
    const first = this.chunks[0];
    if (first.length < CHUNK && first.length < n) {
      const longer = new Uint32Array(Math.min(CHUNK, n));
      longer.set(first);
      this.chunks[0] = longer;
    }
    return true;
  }

  private growSlots(): boolean {
    const n = this.hashes.length * 2;
    if (n * SLOT_BYTES + this.arenaCap * 4 > this.memoryBytes) return false;
    this.fit(n, this.arenaCap);
    if (n <= this.store.tags.length) {
      this.growInPlace(n);
      return true;
    }
    const ot = this.tags,
      oh = this.hashes,
      oo = this.offsets,
      ov = this.values;
    let m = n;
    while (m < n * AHEAD && m * 2 * SLOT_BYTES + this.arenaCap * 4 <= this.memoryBytes) m *= 2;
    this.store.allocate(m, 0);
    this.view(n);
    for (let i = 0; i < oh.length; i++) {
      if (ot[i] === 0) continue;
      const h = oh[i];
      let j = h & this.mask;
      while (this.tags[j] !== 0) j = (j + 1) & this.mask;
      this.tags[j] = ot[i];
      this.hashes[j] = h;
      this.offsets[j] = oo[i];
      this.values[j] = ov[i];
    }
    return true;
  }

  /** growSlots() within the kept arrays: the same layout as moving the states, in slot order,
   *  into an empty table of n slots, as growSlots() does. The states of the lower half that a
   *  probe (from a cluster that wrapped around the old end) places past the slot being moved
   *  wait in `ahead` until the pass reaches their slot. */
  private growInPlace(n: number): void {
    const half = n >>> 1,
      mask = n - 1;
    this.store.tags.fill(0, half, n);
    this.view(n);
    const tags = this.tags,
      hashes = this.hashes,
      offsets = this.offsets,
      values = this.values;
    const ahead = new Map<number, number>(),
      held: number[] = [];
    for (let i = 0; i < half; i++) {
      const tag = tags[i],
        h = hashes[i],
        off = offsets[i],
        v = values[i];
      tags[i] = 0;
      if (ahead.size > 0) {
        const k = ahead.get(i);
        if (k !== undefined) {
          ahead.delete(i);
          tags[i] = tagOf(held[k]);
          hashes[i] = held[k];
          offsets[i] = held[k + 1];
          values[i] = held[k + 2];
        }
      }
      if (tag === 0) continue;
      let j = h & mask;
      // Slots i + 1 .. half - 1 still hold the old table: there, only `ahead` is the new one.
      while (j > i && j < half ? ahead.has(j) : tags[j] !== 0) j = (j + 1) & mask;
      if (j > i && j < half) {
        ahead.set(j, held.length);
        held.push(h, off, v);
      } else {
        tags[j] = tag;
        hashes[j] = h;
        offsets[j] = off;
        values[j] = v;
      }
    }
  }
}
