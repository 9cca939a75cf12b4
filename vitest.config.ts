import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/icon-sprite';

export default defineConfig({
  // Components import the icon sprite's URL (virtual:icon-sprite).
  plugins: [iconSprite()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
