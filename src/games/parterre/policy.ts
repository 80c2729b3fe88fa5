import type { AutoPolicy } from '../../search/policy.js';

// How the 'auto' search spends its budget on Parterre, where the defaults (src/search/policy.ts)
// do worse. Each value was chosen against the default and its neighbours: bench/parterre.ts runs
// the policy with one value changed (PT_SHARE, PT_START, PT_W0, PT_STREAM, PT_RUNS, PT_XSHARE,
// PT_RETRY; e.g. `PT_START=20000 NODES=1000000 npx tsx bench/parterre.ts 60 0`), and each value
// below names the section of bench/history.md that records its runs.

export const PT_POLICY: Partial<AutoPolicy> = {
  /** Half the budget to the guided runs (default 0.75): the exhaustive pass here often solves,
   *  and proves deals lost, quickly, so at a short budget its larger part decides more (PT_SHARE;
   *  bench/history.md, "Parterre solver (step 4)"). */
  firstPassShare: 0.5,
  /** 5k nodes for each guide in round 0 (the default at a time budget is 20k): easy deals fall
   *  sooner, as many solved (PT_START; bench/history.md,
   *  "Solvitaire's ideas"). */
  firstRoundNodes: 5000,
  /** Each guide at weight 0.5 (f = g + 0.5 h, an effective weight of 4 on L + R: see
   *  GUIDE_SCALE, search.ts) before the greedy runs: many deals that greedy misses in round 0 fall
   *  to the weighted run, in fewer nodes, as many solved; weight 0.5 alone solves fewer (PT_W0;
   *  bench/history.md, "Parterre, third pass: hot path, first round, the compiled CLI"). */
  firstRoundWeights: [0.5, Infinity],
  /** Guides 0 (L + R) and 4 (L + R plus D), PtSearch.heuristic(): their wins overlap little; other
   *  second guides solved fewer of the deals guide 0 leaves unknown (PT_GUIDES in
   *  research/parterre/parterre-knobs.ts; bench/history.md, "Parterre solver (step 4)"). */
  guideOrder: [0, 4],
  /** The streamliner (every card that fits goes home at once, keys without suits) solves many
   *  deals that are easy but not greedy, more at a larger share up to the one the runs below use
   *  (PT_STREAM; bench/history.md, "Parterre, fifth pass" and "Parterre, sixth pass"). */
  streamlinerShare: 0.4,
  /** The streamlined runs first, before round 0's guided runs, as Solvitaire's quick first pass
   *  goes first: most deals are won in the level-0 space, and the guided runs' 20k nodes of round
   *  0 went before each of those wins. On fresh seeds 300,001..300,160 at 1M nodes (2M for the
   *  first 40) no verdict changes in either reading, and a decided deal takes a median 0.72 of
   *  the nodes, the median of the decided deals falling by 27–57% (`npx tsx
   *  research/parterre/phases.ts 300041..300160 1000000 final '{"streamlinerFirst":false}'`
   *  against the default; bench/history.md, "Parterre: as fast as Solvitaire deal by deal"). */
  streamlinerFirst: true,
  /** A depth-first run of level 0 (in move order 1) on at most 75% of the streamliner's budget,
   *  then best-first runs (weight 0.5; guides 4 and 0 at level 2, under foundations=removable
   *  guide 4 at level 3 — level 1 taking cards off the foundations — on at most a tenth, then
   *  guide 4 at level 1) on the rest. Level 3 comes before level 1 on a share of its own so that
   *  level 1, last, keeps what it has under final (with level 3 last on an equal part, level 1
   *  was cut off short of a win it finds: bench/history.md, "Parterre: the budget split"); level 3
   *  is optional: its space is seldom exhausted, so the hint for the relaxation asks only for the
   *  others. The suit-blind key lets the first position met stand for all that differ in suits
   *  only, so a search in another order meets other representatives and other wins; most
   *  restricted spaces are exhausted in a fraction of their part. Against one depth-first run
   *  these runs solve more and leave fewer undecided, losing none (PT_RUNS; bench/history.md,
   *  "Parterre, sixth pass"). */
  streamlinerRuns: [
    // In move order 1 (searchMoves() in search-moves.ts: shortest pile first, Solvitaire's order):
    // each order wins about as many deals in the level-0 space, wins that overlap but not wholly,
    // and order 1 first with order 2 on the retry won the most, losing no deal (PT_RUNS with
    // ^order, PT_RETRY; bench/history.md, "Parterre: the streamliner's move order").
    { share: 0.75, order: 1 },
    { weight: 0.5, guide: 4, level: 2 },
    { weight: 0.5, guide: 0, level: 2 },
    { weight: 0.5, guide: 4, level: 3, share: 0.1, optional: true },
    { weight: 0.5, guide: 4, level: 1 },
  ],
  /** When every streamlined run has exhausted its space without a win (a hint, not a proof, that
   *  the deal is lost), the guided runs stop at 20% of the budget and the exhaustive pass gets the
   *  rest: it proves more deals lost, and no deal is lost (PT_XSHARE; bench/history.md,
   *  "Parterre, sixth pass"). */
  exhaustedFirstPassShare: 0.2,
  /** The suit relaxation (suit-relaxation.ts), searched to the end once every streamlined run has
   *  exhausted its space (under foundations=removable: once every run but the optional level-3
   *  one has, and that one was cut off; ptSearchGame()): it proves lost deals that the
   *  exhaustive pass cannot finish. After a relaxation cut off by a smaller share, the exhaustive
   *  pass decided only what the relaxation proves lost itself when given more, and with this
   *  share it proves more deals lost and no verdict changes (bench/history.md,
   *  "Parterre: the budget split"). A relaxation that wins ends at once and leaves the rest. */
  relaxationShare: 0.9,
  /** The relaxation also on the weaker hint, half the budget (at most what is left): the level-0
   *  space exhausted without a win while a best-first run was cut off. Most undecided deals that
   *  the relaxation alone proves lost have only this hint, which the best-first runs' cut-offs
   *  withheld from it; on this share most of them are proved lost, and the deals decided after the
   *  streamlined runs keep their verdicts
   *  (`npx tsx research/parterre/parterre-undecided.ts data/parterre/final.csv 4500000 relaxation`
   *  runs the relaxation alone; bench/history.md, "Parterre: the relaxation on a weaker hint"). */
  firstExhaustedRelaxationShare: 0.5,
  /** The relaxation as soon as the level-0 space is exhausted without a win, before the
   *  best-first runs, on 0.9 of the budget, taken from the exhaustive pass's part (under
   *  foundations=final only: ptSearchGame()). On lost deals the best-first runs after the level-0
   *  run are seldom exhausted, and their cut-offs took the budget the relaxation needed: with it,
   *  undecided deals are proved lost and no other verdict changes; lost deals are proved in fewer
   *  nodes, some solved ones take a few more (bench/history.md, "Parterre: the relaxation early"). */
  earlyRelaxationShare: 0.9,
  /** The level-0 space again, from scratch, on half the budget when its first run was cut off
   *  (neither won nor exhausted): the exhaustive pass decided none of the deals where that
   *  happened and no later run won, while the level-0 space holds wins of some of them just past
   *  the first run's part (bench/history.md, "Parterre: the budget split"). */
  streamlinerRetryShare: 0.5,
  /** The retry searches the level-0 space in move order 2 (searchMoves(), search-moves.ts), one the first run
   *  did not use: after a first run in order 1, a retry in order 2 wins more than one in order 0
   *  or in order 1 again, among them deals the other two miss and every deal order 0 wins on the
   *  retry (PT_RETRY; bench/history.md, "Parterre: the streamliner's move order"). */
  streamlinerRetryRun: { order: 2 },
};
