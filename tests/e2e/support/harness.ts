import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../../../src/server/testing/ports';

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

export async function startSite(
  env: Record<string, string> = {},
  // readyWithinMs: several instances migrating one MariaDB database at once on a loaded machine need longer.
  // server: the bundle to run, dist/server.js of the working directory unless given.
  options: { dataDir?: string; cwd?: string; server?: string; readyWithinMs?: number } = {},
): Promise<RunningSite> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'site-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
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
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`site did not become ready within ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
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
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}
