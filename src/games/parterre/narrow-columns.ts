// The columns batch parterre --narrowness adds (job.ts writes them, difficulty.ts reads them).

export const NARROW_COLUMNS = [
  'steps',
  'share_mean',
  'share_mean_hi',
  'share_min',
  'share_min_hi',
  'narrowest_step',
  'critical_steps',
  'unknown_moves',
  'probe_nodes',
  'probe_ms',
] as const;
