import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ROOT, findAppRoot } from './app-root';

describe('the app root', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'app-root-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is the repository, whatever the working directory', () => {
    expect(APP_ROOT).toBe(path.resolve(import.meta.dirname, '../..'));
    expect(findAppRoot(pathToFileURL(path.join(APP_ROOT, 'dist', 'server.js')).href)).toBe(APP_ROOT);
    expect(findAppRoot(path.join(APP_ROOT, 'src', 'server', 'plugins'))).toBe(APP_ROOT);
  });

  it("is a copy's own folder, past other packages' package.json", () => {
    const copy = path.join(scratch, 'release');
    mkdirSync(path.join(copy, 'dist', 'nested'), { recursive: true });
    writeFileSync(path.join(copy, 'package.json'), JSON.stringify({ name: 'studio-site' }));
    writeFileSync(path.join(copy, 'dist', 'package.json'), JSON.stringify({ name: 'something-else' }));
    expect(findAppRoot(path.join(copy, 'dist', 'nested', 'server.js'))).toBe(copy);
  });

  it('is refused when no folder above holds the app', () => {
    expect(() => findAppRoot(path.join(scratch, 'elsewhere', 'server.js'))).toThrow(/no package\.json of studio-site/);
  });
});
