import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/icon-sprite';

export default defineConfig({
  // Components import the icon sprite's URL (virtual:icon-sprite).
  plugins: [iconSprite()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    pool: 'forks',
    // Most files wait on PostgreSQL, MariaDB or a local SMTP server more than they compute: three files side by
    // side on two cores take the suite from about 12 minutes to under 5 (vitest's default is cores - 1).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
