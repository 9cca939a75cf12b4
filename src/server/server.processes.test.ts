import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_ADMIN_FILE } from './start-report';
import {
  cleanUpServerProcesses,
  PROCESS_TEST_MS,
  requireBuild,
  startServer,
  stopServer,
  type LogLine,
} from './testing/server-process';

/*
 * The production build as an operator runs it (a service manager or a container: stdout is a log, not a
 * terminal) and as a developer runs it (`npm start` in a terminal): what it logs, where the first admin's
 * password goes, and how a start that cannot go on ends.
 */

requireBuild();
cleanUpServerProcesses();

const FATAL = 60;
const sqliteIn = (dataDir: string) => `sqlite:${path.join(dataDir, 'app.db')}`;
const fatalLines = (lines: LogLine[]) => lines.filter((l) => l.level === FATAL);

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the server process', () => {
  it(
    'logs JSON lines only, never the generated password, which it leaves in an owner-only file; request lines name the client, its browser and the user',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-operator-'));
      const server = startServer(sqliteIn(dataDir), { TRUST_PROXY: '127.0.0.1' }, { dataDir });
      const port = await server.started;
      expect(port, server.output()).toBeDefined();

      const file = path.join(dataDir, FIRST_ADMIN_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = /Password: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1] as string;
      expect(password).toMatch(/^[\w-]{16}$/);
      const listening = server.logLines().find((l) => l.msg === 'listening');
      expect(listening).toMatchObject({
        level: 30,
        website: 'http://localhost:3000/',
        admin: 'http://localhost:3000/admin',
        database: 'sqlite',
        demoContentLoaded: true,
        firstAdminFile: file,
      });

      const client = { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'operator-test/1.0' };
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { ...client, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin@localhost', password }),
      });
      expect(login.status).toBe(200);
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, {
        headers: { ...client, authorization: `Bearer ${token}` },
      });
      const adminId = ((await me.json()) as { data: { user: { id: number } } }).data.user.id;
      expect(await stopServer(server)).toBe(0);

      expect(server.stderr()).toBe('');
      expect(server.stdout()).not.toContain(password);
      expect(server.stdout()).not.toContain(token);
      const requests = server.logLines().filter((l) => l.msg === 'request completed');
      expect(requests.find((l) => l.url === '/api/auth/login')).toMatchObject({
        method: 'POST',
        statusCode: 200,
        ip: '203.0.113.9',
        userAgent: 'operator-test/1.0',
        reqId: expect.any(String),
        ms: expect.any(Number),
      });
      expect(requests.find((l) => l.url === '/api/auth/me')).toMatchObject({
        statusCode: 200,
        ip: '203.0.113.9',
        userId: adminId,
      });
    },
    PROCESS_TEST_MS,
  );

  it(
    'in a terminal, prints how to sign in with the generated password, as before, and writes no file',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-terminal-'));
      const server = startServer(sqliteIn(dataDir), {}, { dataDir, terminal: true });
      expect(await server.started, server.output()).toBeDefined();
      await expect.poll(() => server.output(), { timeout: 5_000 }).toMatch(/Sign in:\s+admin@localhost \/ [\w-]{16}/);
      expect(server.output()).toContain('  Website:  http://localhost:3000/');
      expect(server.output()).toContain('  Database: sqlite (demo content loaded)');
      expect(existsSync(path.join(dataDir, FIRST_ADMIN_FILE))).toBe(false);
      expect(await stopServer(server)).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'stops on bad settings with one fatal JSON line naming every bad key, status 78',
    async () => {
      const server = startServer('oracle://x', { PORT: 'eighty' });
      expect(await server.exited).toBe(78);
      expect(server.stderr()).toBe('');
      const fatal = fatalLines(server.logLines());
      expect(fatal).toHaveLength(1);
      expect(fatal[0]?.msg).toMatch(/^invalid configuration: /);
      expect(fatal[0]).toMatchObject({ err: { type: 'ConfigError', stack: expect.any(String) } });
      const problems = (fatal[0]?.err as { problems: string[] }).problems.map((p) => p.split(':')[0]);
      expect(problems.sort()).toEqual(['DATABASE_URL', 'PORT']);
    },
    PROCESS_TEST_MS,
  );

  it(
    'stops when the database cannot be reached with one fatal JSON line giving the cause, status 1',
    async () => {
      const server = startServer('postgres://postgres@127.0.0.1:1/none');
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toBe('');
      const fatal = fatalLines(server.logLines());
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatchObject({
        msg: 'the server could not start',
        err: {
          message: expect.stringContaining('could not prepare the postgres database'),
          stack: expect.any(String),
          cause: { code: 'ECONNREFUSED', stack: expect.any(String) },
        },
      });
    },
    PROCESS_TEST_MS,
  );

  it(
    'stops when DATA_DIR cannot be written with one JSON line naming the folder, the user and the remedy, status 73',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-readonly-'));
      folders.push(dataDir);
      chmodSync(dataDir, 0o555);
      // Permissions do not bind root, which these tests usually run as: the server runs as nobody then.
      const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
      const uid = user?.uid ?? process.getuid?.();
      const server = startServer(sqliteIn(dataDir), { JWT_SECRET: '' }, { dataDir, user });
      expect(await server.exited).toBe(73);
      expect(server.stderr()).toBe('');
      const lines = server.logLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: FATAL,
        msg: `DATA_DIR ${dataDir} is not writable by uid ${uid} (EACCES): make it owned by that user (chown -R ${uid} ${dataDir}) or mount a writable volume there`,
        err: { type: 'DataDirError', dataDir, uid, cause: { code: 'EACCES' } },
      });
    },
    PROCESS_TEST_MS,
  );
});
