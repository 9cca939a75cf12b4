import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stateChanges } from './module-state-check';

describe('which server test files share their worker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'module-state-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A test file with `source`, and helpers beside it by name. */
  const file = (source: string, helpers: Record<string, string> = {}) => {
    for (const [name, text] of Object.entries(helpers)) writeFileSync(path.join(dir, `${name}.ts`), text);
    const written = path.join(dir, `case-${Math.random().toString(36).slice(2)}.test.ts`);
    writeFileSync(written, source);
    return written;
  };
  // Written in pieces so that this file does not read as doing what it describes.
  const vi = 'vi.';

  it('shares a file that builds its app and reads process.env', () => {
    const source = `import { useTestApp } from '../testing/test-app';\nif (process.env.TEST_MYSQL_URL === 'x') {}\n`;
    expect(stateChanges(file(source))).toEqual([]);
  });

  it('isolates a file that replaces a module, stubs, writes process.env or sets a process-wide setting', () => {
    expect(stateChanges(file(`${vi}mock('node:crypto');`))).toEqual(['replaces modules']);
    expect(stateChanges(file(`${vi}doMock('./x');`))).toEqual(['replaces modules']);
    expect(stateChanges(file(`${vi}stubEnv('TZ', 'UTC');`))).toEqual(['stubs process.env']);
    expect(stateChanges(file(`process.env.TZ = 'UTC';`))).toEqual(['writes process.env']);
    expect(stateChanges(file(`process.env['TZ'] ??= 'UTC';`))).toEqual(['writes process.env']);
    expect(stateChanges(file(`delete process.env.TZ;`))).toEqual(['writes process.env']);
    expect(stateChanges(file(`setPasswordHashing('standard');`))).toEqual([
      'sets the process-wide password hashing cost',
    ]);
    expect(stateChanges(file(`import { formOrigin } from '../pages/form-origin';`))).toHaveLength(1);
  });

  it('shares a file that puts back its fake timers, stubs and spies', () => {
    expect(stateChanges(file(`${vi}useFakeTimers();`))).toEqual(['fakes timers or the date']);
    expect(stateChanges(file(`${vi}useFakeTimers();\nfinally { ${vi}useRealTimers(); }`))).toEqual([]);
    expect(stateChanges(file(`${vi}stubEnv('A', 'b');\nafterAll(() => ${vi}unstubAllEnvs());`))).toEqual([]);
    expect(stateChanges(file(`const s = ${vi}spyOn(app, 'x');`))).toEqual(['spies on an object']);
    expect(stateChanges(file(`const s = ${vi}spyOn(app, 'x');\ns.mockRestore();`))).toEqual([]);
  });

  it('reads the test helpers a file imports', () => {
    const helpers = { 'clock-testing': `export const start = () => ${vi}stubGlobal('fetch', () => {});` };
    expect(stateChanges(file(`import { start } from './clock-testing';`, helpers))).toEqual(['stubs a global']);
  });
});
