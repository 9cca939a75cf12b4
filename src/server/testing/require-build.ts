import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BUILD_FILES = ['dist/server.js', 'build/server/index.js'];

/**
 * Fails the test (or journey) that calls it, saying what to run, when the production build is missing:
 * tests of the built server and pages need `npm run build` (`npm test` builds first). No vitest import here,
 * so that the benchmarks, which share the journeys' harness, can load it too.
 */
export function requireBuild(): void {
  const missing = BUILD_FILES.filter((file) => !existsSync(path.join(repoRoot, file)));
  if (missing.length > 0) {
    throw new Error(`The production build is missing (${missing.join(', ')}): run \`npm run build\` first.`);
  }
}
