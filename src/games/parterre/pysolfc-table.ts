// Written by bench/pysolfc-table.ts from the published rows (data/parterre/README.md, "PySolFC's game
// numbers"); do not edit. One character per PySolFC game number from 1: w winnable, e m h winnable
// and graded easy, medium, hard, n not winnable (proved), ? undecided, . not run yet.

export const PYSOLFC_TABLE = {
  settings: 'auto max-nodes=5000000 memory=512MiB variant=foundations=removable',
  verdicts: [
    'nmmh?mhhehwwwwwnwwwwwwnww?wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwnn?www??wwwwwwnwwwww?wwwwwwwwwnnnwnww',
    'wwww?wwwwwwwwwwwwwwwwwwwwwwwwwwwwnww?wwwwwnwwnwwwwwwwwwnwwwwnww?wwwwnwwwwwwwwwwnwwwwwwwwwwnwwwwwwwww',
    'wwwnwwwwwwwwwwwwwwwwwwww?www',
  ].join(''),
};
