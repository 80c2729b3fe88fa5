import { defineConfig } from 'vitest/config';

// Two tiers, one config. `fast` (`npm test`) is every test file but the end-to-end ones; `e2e`
// (`npm run test:e2e`) is the files named *.e2e.test.ts, slow by nature: the packed package
// installed, the compiled CLI interrupted, the browser pages, the hostile strategy processes.
// `npx vitest run` (CI, `npm run test:all`) runs both.
const E2E = 'test/**/*.e2e.test.ts';

export default defineConfig({
  test: {
    // One test file per core. Files that start processes or worker pools of their own use more
    // than their core for a while; the machine shares them out (each file has its own temp
    // directory, and no test waits on a clock).
    maxWorkers: '100%',
    // Test files and sources load as node loads them under tsx (as `npm run patience` runs the
    // CLI), not through Vite's module runner: the runner turns every use of an imported name
    // into a getter call on the exporting module's object, which slows the solvers' hot loops,
    // and so the compute-bound tests, markedly. Without the runner there is no vi.mock of
    // modules (no test mocks one).
    execArgv: ['--import', 'tsx'],
    experimental: { viteModuleRunner: false, nodeLoader: false },
    // A safety net against a hung test, not a speed check: a loaded machine may take many times
    // the quiet figure, and no test may race a clock.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [E2E] } },
      { extends: true, test: { name: 'e2e', include: [E2E] } },
    ],
  },
});
