import { defineConfig } from 'vitest/config';

// The tests of the research probes (research/README.md), apart from `npm test`:
//   npx vitest run --root research
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // A safety net against a hung test, not a speed check (as in the main suite's config).
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
