import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/icon-sprite';
import { stateChanges } from './src/server/testing/module-state-check';

const include = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

/**
 * The server's test files share their worker's modules instead of importing the app afresh each
 * (`isolate: false`): importing it was ~190 s of the suite's CPU, and the suite took 305 s instead of 470 s
 * on a 2-core machine. Each file still builds its own app, database and servers. Only a file shown not to
 * change state at module or process level shares (module-state-check.ts: no module replaced, no stub, fake
 * timer or spy left in place, no process.env write, no process-wide setting of the server's); any other
 * runs isolated, as do the browser code's and the scripts' tests, whose modules keep state (stores, timers)
 * at module level. After each shared file a setup file checks that it left no fake timers or process.env
 * change behind (ADR 0051).
 */
const SERVER = 'src/server/';
const serverFiles = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `${SERVER}${file}`);
const isolatedServerFiles = serverFiles.filter((file) => stateChanges(file).length > 0);

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
          setupFiles: [`${SERVER}testing/shared-worker-guard.ts`],
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
