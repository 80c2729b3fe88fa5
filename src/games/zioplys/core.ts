// The core of Žioplys: what runs in any JavaScript runtime, a browser page included. It imports
// nothing from Node (no files, processes, workers or printing); the shell beside it (cli.ts,
// job.ts, summary.ts, strategies/file.ts) reads and writes files, runs strategy files and
// batches, and prints. No page plays Žioplys yet, so the core is the rules engine and the deals,
// which the browser check (test/layers) keeps free of Node.

export * from './position.js';
export * from './deal.js';
