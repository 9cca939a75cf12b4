import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: real Chromium against the production build. Each file starts its own site (own data
 * directory and port) and browser, so two files run side by side; the few whose subject is timing (a
 * shutdown under load, beacons sent as a page is left, a video that pauses off screen) run afterwards,
 * one at a time, on a quiet machine.
 */
const ALONE = [
  'tests/e2e/server-faults.test.ts',
  'tests/e2e/analytics-collection.test.ts',
  'tests/e2e/hero-video.test.ts',
];

const shared = {
  pool: 'forks' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Pages update after the event that a journey waits on; a poll gives a loaded machine time to catch up.
  expect: { poll: { timeout: 15_000, interval: 100 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'journeys',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'journeys-alone',
          include: ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
