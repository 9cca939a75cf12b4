import { defineConfig } from 'vitest/config';

/** Browser journeys: real Chromium against the production build; one journey per file, run in sequence. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
