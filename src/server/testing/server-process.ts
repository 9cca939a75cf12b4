import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach } from 'vitest';

/*
 * The real server (the production build, dist/server.js) in a process of its own, as an operator or a
 * rollout starts it, for the tests that read what it prints and how it exits. They need `npm run build`
 * to have made it (`npm test` builds first), as do the tests of built pages and assets: requireBuild().
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export { requireBuild } from './require-build';

/** Starting the server on a loaded machine takes a while; nothing here measures time. */
export const PROCESS_TEST_MS = 240_000;

/** One JSON line of the server's log. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  child: ChildProcess;
  dataDir: string;
  /** stdout and stderr as they arrived. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** stdout's lines, each parsed (a line that is not JSON fails the test that reads it). */
  logLines(): LogLine[];
  /** The port once the server's `listening` line is logged, or undefined when the process ended first. */
  started: Promise<number | undefined>;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
const dataDirs: string[] = [];

/** Kills what a test left running and removes the data folders: call once at the top of a test file. */
export function cleanUpServerProcesses(): void {
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
  });
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
}

export function parseLogLines(text: string): LogLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`a line of the server's stdout is not JSON: ${line}`);
      }
    });
}

/**
 * Starts dist/server.js on `databaseUrl` with a data folder of its own (or `options.dataDir`), listening on
 * a port of the system's choosing. `options.user` runs it as another uid and gid (the tests run as root);
 * `options.terminal` gives it a terminal for its stdout (util-linux `script`), as a developer's shell does.
 */
export function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { dataDir?: string; user?: { uid: number; gid: number }; terminal?: boolean } = {},
): ServerProcess {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'site-instance-'));
  dataDirs.push(dataDir);
  const [command, args]: [string, string[]] = options.terminal
    ? ['script', ['--quiet', '--return', '--command', `${process.execPath} dist/server.js`, '/dev/null']]
    : [process.execPath, ['dist/server.js']];
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.user,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://localhost:3000',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'info',
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'true',
      ...env,
    },
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const started = new Promise<number | undefined>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
      if (!/"msg":"listening"/.test(stdout)) return;
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
      if (port) resolve(Number(port));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      output += chunk.toString();
    });
    void exited.then(() => resolve(undefined));
  });
  return {
    child,
    dataDir,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    logLines: () => parseLogLines(stdout),
    started,
    exited,
  };
}

export async function stopServer(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}
