// How the 'auto' search spends its budget (solve.ts, auto()): a policy, apart from the game.
// The defaults below suit a game the search knows nothing of; a game whose measurements say
// otherwise keeps its overrides in its own folder and the caller passes them to solve()
// (SolveOptions.policy), which resolves the policy once.

/** One run of the streamlined pass: depth-first without a weight, else best-first on
 *  f = g + weight * heuristic(guide). `level` selects the game's streamliner (default 0), `order`
 *  its move order (default 0).
 *  `share`: at most this share of the streamliner's budget (default an equal part of what the
 *  runs before it left, the last run all of it). */
export interface StreamlinerRun {
  weight?: number;
  guide?: number;
  level?: number;
  share?: number;
  /** A run whose space is seldom exhausted: the relaxation (relaxationShare) runs when every
   *  other run has exhausted its space, whatever this one did (the hint that moves budget to the
   *  exhaustive pass, exhaustedFirstPassShare, still asks for every run). */
  optional?: boolean;
  /** The game's move order for the run (Streamliner.streamline; default 0). */
  order?: number;
}

export interface AutoPolicy {
  /** The share of the node and time budget the best-first portfolio may use before the
   *  exhaustive pass. */
  firstPassShare: number;
  /** The node budget of each guided run in the portfolio's first round (it doubles every
   *  round); absent: an eighth of the first pass within 5k..20k (most wins take a few thousand
   *  nodes; a small budget is better spread over more guides). */
  firstRoundNodes?: number;
  /** The weights of the portfolio's first round (f = g + w*h; Infinity: greedy). */
  firstRoundWeights: readonly number[];
  /** The weights of the later rounds, each run on every guide. */
  weights: readonly number[];
  /** The order in which the portfolio tries the game's guides, heuristic(guideOrder[i]) for
   *  i < Guides.guideCount; absent: 0, 1, 2, … */
  guideOrder?: readonly number[];
  /** The streamlined runs before round 0's guided runs (default: after them): where the
   *  restricted space wins most deals, the guided runs' nodes are spent only on those it leaves. */
  streamlinerFirst?: boolean;
  /** The share of the budget for the streamlined pass when the game has a streamliner (0 skips
   *  it). */
  streamlinerShare: number;
  /** The first pass's share once every streamlined run has exhausted its restricted space
   *  without a win, a hint that the deal may be lost; absent: unchanged. A smaller share leaves
   *  more to the exhaustive pass. */
  exhaustedFirstPassShare?: number;
  /** For a game with guides: the streamlined runs, in order, sharing the streamliner's budget.
   *  With a key that merges positions which are not equal, the order of a search decides which
   *  of them stands for the rest, so runs in different orders find different wins in the same
   *  restricted space. */
  streamlinerRuns: readonly StreamlinerRun[];
  /** The share of the budget for an exhaustive search of the game's relaxation
   *  (Relaxation.relaxation()), run once after the streamlined runs when every one of them (but
   *  the optional ones) has exhausted its space without a win (a hint that the deal is lost);
   *  absent or 0: none. */
  relaxationShare?: number;
  /** The relaxation's share on a weaker hint: the first streamlined run exhausted its space
   *  while a later one was cut off, none won (asked as partial); absent or 0: none on that hint. */
  firstExhaustedRelaxationShare?: number;
  /** The relaxation's share as soon as the first streamlined run has exhausted its space without
   *  a win, before the later runs (asked as 'early'); what it spends comes out of the exhaustive
   *  pass's part, not the streamliner's: the later runs keep theirs, within what it left of the
   *  whole. It runs once at most: after it, the hints above run no relaxation. Absent or 0:
   *  none. */
  earlyRelaxationShare?: number;
  /** For a game with guides: when the first streamlined run was cut off by its budget (its space
   *  neither won nor exhausted) and no run has won, that run is made again from scratch, after
   *  the first pass and before the exhaustive one, on this share of the budget (at most what is
   *  left); absent or 0: never. */
  streamlinerRetryShare?: number;
  /** The run the retry makes (above); absent: the first streamlined run again. */
  streamlinerRetryRun?: StreamlinerRun;
}

/** A portfolio because on Besieged City no one guide solves most deals, while the greedy guides
 *  together solve nearly all and weighted runs many of the rest
 *  (`npm run bench -- --algorithm best-first` runs one greedy guide, the default `auto` this
 *  policy; bench/history.md, "Besieged City solver (step 2)"). Round 0 runs the greedy guides
 *  only (the weighted runs come later, when the greedy ones have had a try), and the exhaustive
 *  pass keeps a quarter of the budget. */
export const DEFAULT_POLICY: AutoPolicy = {
  firstPassShare: 0.75,
  firstRoundWeights: [Infinity],
  weights: [0.5, 0.2, 3, Infinity],
  streamlinerShare: 0.1,
  streamlinerRuns: [{}],
};

/** The policy with each layer's defined fields over the ones before it (defaults, then the
 *  game's overrides, then the caller's): a field set to undefined leaves the one below. */
export function resolvePolicy(...layers: (Partial<AutoPolicy> | undefined)[]): AutoPolicy {
  const p: Record<string, unknown> = { ...DEFAULT_POLICY };
  for (const layer of layers) {
    if (!layer) continue;
    for (const [k, v] of Object.entries(layer)) if (v !== undefined) p[k] = v;
  }
  return p as unknown as AutoPolicy;
}
