import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A safety net against a hung test, not a speed check: a loaded machine may take many times
    // the quiet figure, and no test may race a clock.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
