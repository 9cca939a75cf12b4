import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/icon-sprite';

const include = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

/**
 * The server's test files share their worker's modules instead of importing the app afresh each
 * (`isolate: false`): importing it was ~190 s of the suite's CPU, and the suite took 305 s instead of 470 s
 * on a 2-core machine. Each file still builds its own app, database and servers. A file that replaces a
 * module (`vi.mock`, `vi.doMock`) needs its own module graph, so it runs isolated, as do the browser code's
 * and the scripts' tests, whose modules keep state (stores, timers) at module level.
 */
const SERVER = 'src/server/';
const mocksModules = (file: string) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8'));
const serverFiles = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `${SERVER}${file}`);
const isolatedServerFiles = serverFiles.filter(mocksModules);

export default defineConfig({
  // Components import the icon sprite's URL (virtual:icon-sprite).
  plugins: [iconSprite()],
  test: {
    // Most files wait on PostgreSQL, MariaDB or a local SMTP server more than they compute: three files side by
    // side on two cores take the suite from about 12 minutes to under 5 (vitest's default is cores - 1).
    maxWorkers: 3,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each project takes the options above (extends: true) and adds its own.
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [`${SERVER}**/*.test.{ts,tsx}`],
          exclude: isolatedServerFiles,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include,
          exclude: serverFiles.filter((file) => !isolatedServerFiles.includes(file)),
        },
      },
    ],
  },
});
