import { afterAll, beforeAll, vi } from 'vitest';

/**
 * The setup file of the server test files that share their worker's modules (vitest.config.ts, ADR 0051):
 * it runs before each such file and fails the file, saying what, if the file leaves fake timers on or
 * process.env changed for the next file in the worker. (module-state-check.ts keeps the files that make such
 * changes out of the shared worker; this catches what it could not see.)
 */
let env: Record<string, string | undefined> = {};

beforeAll(() => {
  env = { ...process.env };
});

afterAll(() => {
  const left: string[] = [];
  if (vi.isFakeTimers()) left.push('fake timers on');
  const keys = new Set([...Object.keys(env), ...Object.keys(process.env)]);
  const changed = [...keys].filter((key) => env[key] !== process.env[key]);
  if (changed.length > 0) left.push(`process.env changed (${changed.join(', ')})`);
  // Put back for the next file, which should not fail for this one.
  vi.useRealTimers();
  for (const key of changed) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
  if (left.length > 0) {
    throw new Error(
      `This file shares its worker with other files (isolate: false) and left ${left.join(' and ')}: restore ` +
        'it in the file, or add the change to module-state-check.ts so that the file runs isolated',
    );
  }
});
