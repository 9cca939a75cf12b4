import { defineConfig } from 'vitest/config';

/** Browser journeys: real Chromium against the production build; one journey per file, run in sequence. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Pages update after the event that a journey waits on; a poll gives a loaded machine time to catch up.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
