import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../../../src/server/testing/ports';
import { requireBuild } from '../../../src/server/testing/require-build';

export { freePort };

/**
 * Journeys drive the system Chromium against the production build (`npm run build` first), started
 * as a real process on a free port with its own fresh SQLite database and data directory.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface RunningSite {
  baseUrl: string;
  dataDir: string;
  /** Process id of the server (benchmarks read its memory from /proc). */
  pid: number | undefined;
  output: () => string;
  /** SIGTERM, wait for the exit, remove the data directory unless keepData; resolves to the exit code. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
  /** Sends the signal (SIGKILL: no chance to clean up) and waits for the exit; keeps the data directory. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Takes a table of the running site's SQLite database away (renamed), as a broken migration would, so that
 * whatever reads it fails. Returns the function that puts it back; calling it again does nothing, so a test
 * may put the table back half-way and still call it in its `finally`.
 */
export function takeTableAway(site: RunningSite, table: string): () => void {
  const db = new Database(path.join(site.dataDir, 'app.db'));
  db.prepare(`alter table ${table} rename to ${table}_away`).run();
  let away = true;
  return () => {
    if (!away) return;
    away = false;
    db.prepare(`alter table ${table}_away rename to ${table}`).run();
    db.close();
  };
}

/** The signing key of the sites a test starts on a network database (several instances share it). */
const sharedTestSecret = randomBytes(32).toString('base64url');

/**
 * Asks GET /api/ready until it answers 200 and resolves to the milliseconds that took; throws after
 * `withinMs`, or as soon as `failed` gives a reason (the process ended).
 */
export async function waitUntilReady(
  baseUrl: string,
  withinMs: number,
  failed: () => string | undefined = () => undefined,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const reason = failed();
    if (reason !== undefined) throw new Error(reason);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return Date.now() - started;
    if (Date.now() - started > withinMs) {
      throw new Error(`${baseUrl}/api/ready did not answer 200 within ${withinMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startSite(
  env: Record<string, string> = {},
  // readyWithinMs: several instances migrating one MariaDB database at once on a loaded machine need longer.
  // server: the bundle to run, dist/server.js of the working directory unless given.
  // localhost: the site's address is http://localhost:<port> (PUBLIC_URL too), as WebAuthn refuses IP addresses.
  options: { dataDir?: string; cwd?: string; server?: string; readyWithinMs?: number; localhost?: boolean } = {},
): Promise<RunningSite> {
  // This checkout's build: without one, the journey fails saying what to run.
  if (!options.server && !options.cwd) requireBuild();
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'site-e2e-'));
  const baseUrl = `http://${options.localhost ? 'localhost' : '127.0.0.1'}:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', options.server ?? 'dist/server.js'], {
    // Another build's directory (the bench compares a baseline build with this one in the same run).
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // As `npm start` runs it: glibc otherwise keeps image-processing memory in per-thread arenas.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      // PostgreSQL and MySQL need a configured key (config.ts): one per site, as instances sharing it would have.
      ...(env.DATABASE_URL && !env.DATABASE_URL.startsWith('sqlite:') ? { JWT_SECRET: sharedTestSecret } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const readyWithinMs = options.readyWithinMs ?? 60_000;
  try {
    await waitUntilReady(baseUrl, readyWithinMs, () =>
      child.exitCode === null ? undefined : `site exited early (${child.exitCode}):\n${output}`,
    );
  } catch (error) {
    if (child.exitCode !== null) throw error;
    child.kill('SIGKILL');
    throw new Error(`site did not become ready within ${readyWithinMs / 1000} s:\n${output}`);
  }

  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    output: () => output,
    async stop(stopOptions = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}
