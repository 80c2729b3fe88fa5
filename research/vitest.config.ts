import { defineConfig } from 'vitest/config';

// The research tests (research/<game>/*.test.ts): not part of `npm test`, whose vitest.config.ts
// runs test/ only. Run them with `npx vitest run --config research/vitest.config.ts`.
export default defineConfig({
  test: {
    include: ['research/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
