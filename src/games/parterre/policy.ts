import type { AutoPolicy } from '../../search/policy.js';

// How the 'auto' search spends its budget on Parterre, where the defaults (src/search/policy.ts)
// do worse. Each value was measured against the default and its neighbours (bench/history.md,
// Parterre's sections); the figures below are solved / unsolvable / unknown deals.

export const PT_POLICY: Partial<AutoPolicy> = {
  /** Half the budget to the guided runs (default 0.75): the exhaustive pass here often solves,
   *  and proves deals lost, within a few hundred milliseconds (seeds 1..200 at 1 s: 140 / 13 /
   *  47 against 136 / 12 / 52). */
  firstPassShare: 0.5,
  /** 5k nodes for each guide in round 0 (the default at a time budget is 20k): easy deals fall
   *  sooner (seeds 1..60 at 1M nodes: median solved deal 22k nodes against 55k, as many solved). */
  firstRoundNodes: 5000,
  /** Each guide at weight 0.5 (f = g + 0.5 h, an effective weight of 4 on L + R: see
   *  GUIDE_SCALE, search.ts) before the greedy runs: many deals that greedy misses in 5k nodes fall
   *  to the weighted run in 2-4k (seeds 1..100 at 100k nodes: median solved deal 4.7k nodes
   *  against 12.2k, as many solved; weight 0.5 alone solves fewer). */
  firstRoundWeights: [0.5, Infinity],
  /** Guides 0 (L + R) and 4 (L + R plus D), PtSearch.heuristic(): their wins overlap little; other
   *  second guides solved fewer of the deals guide 0 leaves unknown. */
  guideOrder: [0, 4],
  /** The streamliner (every card that fits goes home at once, keys without suits) solves many
   *  deals that are easy but not greedy: seeds 1..300 at 1M nodes, 200 solved without it, 229 at
   *  a share of 0.1, 242 at 0.3; the runs below use 0.4. */
  streamlinerShare: 0.4,
  /** A depth-first run of level 0 (in move order 1) on at most 75% of the streamliner's budget,
   *  then best-first runs (weight 0.5; guides 4 and 0 at level 2, under foundations=removable
   *  guide 4 at level 3 — level 1 taking cards off the foundations — on at most a tenth, then
   *  guide 4 at level 1) on the rest. Level 3 comes before level 1 on a share of its own so that
   *  level 1, last, keeps what it has under final (deal 255 under removable: won by level 1 at
   *  0.98M nodes, cut off at 0.93M when level 3 came last on an equal part); level 3 is optional:
   *  its space is seldom exhausted (cut off on 9 of 10 deals of seeds 1..420 undecided at 5M nodes
   *  that were probed), so the hint for the relaxation asks only for the others. The suit-blind
   *  key lets the first position met stand for all that differ in suits only, so a search in
   *  another order meets other representatives and other wins; most restricted spaces are
   *  exhausted in a fraction of their part (seeds 2001..2400 at 7M nodes: 346 / 37 / 17 against
   *  341 / 37 / 22 with one depth-first run at 0.3, no deal lost). */
  streamlinerRuns: [
    // In move order 1 (searchMoves() in search-moves.ts: shortest pile first, Solvitaire's order): of seeds
    // 1..420 the level-0 space is won within 1.5M nodes 348 times in order 1, 345 in order 0 and
    // 348 in order 2, wins that overlap but not wholly (307: 74k nodes in order 1, not in 2.5M
    // in orders 0 and 2). First in order 2 instead (retry in order 1), 258 is won but 410 lost
    // (bench/history.md, "Parterre: the streamliner's move order").
    { share: 0.75, order: 1 },
    { weight: 0.5, guide: 4, level: 2 },
    { weight: 0.5, guide: 0, level: 2 },
    { weight: 0.5, guide: 4, level: 3, share: 0.1, optional: true },
    { weight: 0.5, guide: 4, level: 1 },
  ],
  /** When every streamlined run has exhausted its space without a win (a hint, not a proof, that
   *  the deal is lost), the guided runs stop at 20% of the budget and the exhaustive pass gets the
   *  rest (seeds 2001..2400 at 7M nodes: one more deal proved lost, none lost). */
  exhaustedFirstPassShare: 0.2,
  /** The suit relaxation (suit-relaxation.ts), searched to the end once every streamlined run has
   *  exhausted its space (under foundations=removable: once every run but the optional level-3
   *  one has, and that one was cut off; ptSearchGame()): it proves lost deals that the
   *  exhaustive pass cannot finish. Of seeds
   *  1..420 at 5M nodes, the exhaustive pass that follows a relaxation cut off by its share decided
   *  one deal at 0.3 (78, lost, in 1.83M nodes), which the relaxation itself exhausts in 1.73M;
   *  at 0.9 the relaxation also proves 406 lost (4.16M) and no verdict changes (bench/history.md,
   *  "Parterre: the budget split"). A relaxation that wins ends at once and leaves the rest. */
  relaxationShare: 0.9,
  /** The relaxation also on the weaker hint, half the budget (at most what is left): the level-0
   *  space exhausted without a win while a best-first run was cut off. Of the 254 deals of seeds
   *  1..10,000 undecided at 5M nodes (foundations=final), the relaxation alone proves 33 lost in
   *  0.47-4.4M nodes, 30 of them on this hint, which the best-first runs' cut-offs withheld from
   *  it (950: lost in 2.28M); on this share 23 are proved lost, and the 132 deals decided in more
   *  than 2M nodes keep their verdicts (bench/history.md, "Parterre: the relaxation on a weaker
   *  hint"). */
  firstExhaustedRelaxationShare: 0.5,
  /** The relaxation as soon as the level-0 space is exhausted without a win, before the
   *  best-first runs, on 0.9 of the budget, taken from the exhaustive pass's part (under
   *  foundations=final only: ptSearchGame()). On lost deals the best-first runs after the level-0
   *  run are seldom exhausted, and their cut-offs took the budget the relaxation needed: of seeds
   *  1..10,000 at 5M nodes, 9 of the 231 undecided deals are proved lost (3.4-4.9M nodes), no
   *  other verdict changes; 617 deals proved lost take a median 32k fewer nodes, 231 solved ones
   *  32k more (the median solved deal unchanged; bench/history.md, "Parterre: the relaxation
   *  early"). */
  earlyRelaxationShare: 0.9,
  /** The level-0 space again, from scratch, on half the budget when its first run was cut off
   *  (neither won nor exhausted): of seeds 1..420 at 5M nodes the exhaustive pass decided none of
   *  the deals where that happened and no later run won, while the level-0 space holds the wins of
   *  156, 181 and 410 at 1.5-2.4M nodes in move order 0, past the run's 1.5M (bench/history.md,
   *  "Parterre: the budget split"). */
  streamlinerRetryShare: 0.5,
  /** The retry searches the level-0 space in move order 2 (searchMoves(), search-moves.ts), one the first run
   *  did not use. Of seeds 1..420, the level-0 space (depth-first alone, 2.5M nodes each order)
   *  is won by the first run or the retry 356 times with order 2 here, 354 with order 0, 351 with
   *  order 1 again: order 2 wins 258 (1.36M nodes) and 333 (512k), which the other two miss, and
   *  every deal order 0 wins on the retry (130 313 410: 2.0M, 22k, 2.25M in order 2). */
  streamlinerRetryRun: { order: 2 },
};
