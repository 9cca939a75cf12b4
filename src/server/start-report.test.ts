import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FirstAdminResult } from './features/users/first-admin';
import { createProcessLogger } from './process-log';
import { FIRST_ADMIN_FILE, reportStart } from './start-report';

const PASSWORD = 'Gen3rated-Passw0rd';
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A start's report with the given admin, on a terminal or not: what was logged, printed and written. */
function report(admin: FirstAdminResult, isTTY: boolean, options: { seeded?: boolean; dataDir?: string } = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'site-start-'));
  folders.push(dataDir);
  const logged: string[] = [];
  let printed = '';
  reportStart({
    config: { publicUrl: 'https://www.example.com', dataDir },
    dialect: 'postgres',
    summary: { seeded: options.seeded ?? true, admin },
    log: createProcessLogger('info', { write: (line) => void logged.push(line) }),
    terminal: { isTTY, write: (text: string) => (printed += text) },
  });
  const file = path.join(dataDir, FIRST_ADMIN_FILE);
  return {
    logged: logged.join(''),
    lines: logged.map((line) => JSON.parse(line) as Record<string, unknown>),
    printed,
    file,
  };
}

const generated: FirstAdminResult = { created: true, email: 'admin@localhost', generatedPassword: PASSWORD };

describe('the start report', () => {
  it('without a terminal: one JSON line without the password, which goes to an owner-only file in DATA_DIR', () => {
    const { logged, lines, printed, file } = report(generated, false);
    expect(printed).toBe('');
    expect(logged).not.toContain(PASSWORD);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'listening',
      website: 'https://www.example.com/',
      admin: 'https://www.example.com/admin',
      database: 'postgres',
      demoContentLoaded: true,
      firstAdminFile: file,
    });
    expect(lines[0]?.signIn).toContain(`admin@localhost with the password generated once into ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('E-mail:   admin@localhost');
    expect(text).toContain(`Password: ${PASSWORD}`);
    expect(text).toContain('delete this file');
  });

  it('replaces a file left by an earlier installation, owner-only whatever that one’s mode was', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-start-'));
    writeFileSync(path.join(dataDir, FIRST_ADMIN_FILE), 'an old password', { mode: 0o644 });
    const { file } = report(generated, false, { dataDir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('an old password');
  });

  it('on a terminal: the banner with the sign-in lines as before, and the log line without the password', () => {
    const { logged, lines, printed, file } = report(generated, true);
    expect(printed).toBe(
      [
        '',
        '  Website:  https://www.example.com/',
        '  Admin:    https://www.example.com/admin',
        '  Database: postgres (demo content loaded)',
        `  Sign in:  admin@localhost / ${PASSWORD}`,
        '            (generated once and not shown again: change it after signing in,',
        '             or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start)',
        '',
        '',
      ].join('\n'),
    );
    expect(logged).not.toContain(PASSWORD);
    expect(lines[0]).toMatchObject({ msg: 'listening', demoContentLoaded: true });
    expect(lines[0]).not.toHaveProperty('firstAdminFile');
    expect(existsSync(file)).toBe(false);
  });

  it('writes no file for a configured password or an existing admin, and says how to sign in', () => {
    const configured = report({ created: true, email: 'owner@example.com' }, false, { seeded: false });
    expect(configured.lines[0]).toMatchObject({
      demoContentLoaded: false,
      signIn: 'owner@example.com with the ADMIN_PASSWORD you configured',
    });
    expect(existsSync(configured.file)).toBe(false);

    const existing = report({ created: false }, false);
    expect(existing.lines[0]?.signIn).toBe('with your existing admin account (locked out? npm run create-admin)');
    expect(existsSync(existing.file)).toBe(false);

    expect(report({ created: false }, true, { seeded: false }).printed).toContain(
      '  Database: postgres\n  Sign in:  with your existing admin account (locked out? npm run create-admin)\n',
    );
    expect(report({ created: true, email: 'owner@example.com' }, true).printed).toContain(
      '  Sign in:  owner@example.com with the ADMIN_PASSWORD you configured\n',
    );
  });
});
