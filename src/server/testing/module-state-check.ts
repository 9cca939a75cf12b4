import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which server test files may share their worker's modules with other files (vitest.config.ts runs those
 * with `isolate: false`, ADR 0051): a file that changes state at module or process level would leave it
 * changed for the next file in the same worker, so it runs isolated. A file is shared only when neither it
 * nor a test helper it imports (a `testing` module beside it or in src/server/testing) does any of what is
 * listed below, or restores it where a restore is named. The list covers Vitest's own ways of changing
 * modules and globals, process.env, and the server modules that keep state for the whole process (found by
 * their exported setters and module-level `let`s and collections; the others are caches and counters that
 * no test can tell apart). The shared project's setup file (shared-worker-guard.ts) checks after each file
 * that what it can see was put back.
 */

interface StateChange {
  /** What the file does, as found in its source. */
  change: RegExp;
  /** What puts it back; a change without one always makes the file isolated. */
  restore?: RegExp;
  why: string;
}

export const STATE_CHANGES: StateChange[] = [
  { change: /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/, why: 'replaces modules' },
  { change: /\bvi\.stubEnv\(/, restore: /\bvi\.unstubAllEnvs\(/, why: 'stubs process.env' },
  { change: /\bvi\.stubGlobal\(/, restore: /\bvi\.unstubAllGlobals\(/, why: 'stubs a global' },
  {
    change: /\bvi\.(useFakeTimers|setSystemTime)\(/,
    restore: /\bvi\.useRealTimers\(/,
    why: 'fakes timers or the date',
  },
  { change: /\bvi\.spyOn\(/, restore: /\bvi\.restoreAllMocks\(|\.mockRestore\(/, why: 'spies on an object' },
  {
    change:
      /\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|\bdelete process\.env\b|Object\.assign\(process\.env\b/,
    why: 'writes process.env',
  },
  { change: /\bprocess\.(on|once|addListener|chdir|umask)\(|\bglobalThis\.\w+\s*=(?!=)/, why: 'changes the process' },
  // Server modules that keep state for the whole process.
  { change: /\bsetPasswordHashing\(/, why: 'sets the process-wide password hashing cost' },
  { change: /\/form-origin'/, why: 'uses form-origin.ts, which logs each other name of the site once per process' },
];

/** The relative imports of a test file that are test helpers (`*-testing.ts`, `testing/…`). */
function helpersOf(file: string, source: string): string[] {
  return [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((match) => match[1]!)
    .filter((specifier) => /(^|\/|-)testing(\/|$)/.test(specifier))
    .map((specifier) => path.resolve(path.dirname(file), `${specifier}.ts`))
    .filter((helper) => existsSync(helper));
}

/** Why `file` must run isolated: each state change it (or a helper it imports) makes without restoring it. */
export function stateChanges(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const sources = [source, ...helpersOf(file, source).map((helper) => readFileSync(helper, 'utf8'))].join('\n');
  return STATE_CHANGES.filter(({ change, restore }) => change.test(sources) && !restore?.test(sources)).map(
    ({ why }) => why,
  );
}
