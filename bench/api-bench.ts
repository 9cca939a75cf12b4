/**
 * What the API benches (`--contacts`, `--certificates`) share: a list of calls loaded one after another
 * against a running production build, signed in as the bench's admin, each checked once by fetch before
 * autocannon loads it, and one table of the figures.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'autocannon';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { failures, load, settings, type LoadFigures } from './load';
import { fixed, table } from './table';

/** The first admin of a bench's server (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-0123456789' };

export interface ApiTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** What autocannon sends; the first request is also sent once by fetch to check it answers 2xx. */
  request: { headers?: Record<string, string>; body?: string; requests?: Request[] };
}

export interface Measured {
  target: Pick<ApiTarget, 'name' | 'method' | 'path'>;
  status: number;
  bodyBytes: number;
  figures?: LoadFigures;
  skipped?: string;
}

let addressCounter = 0;
/** A client address of its own for every request (10.0.0.1, 10.0.0.2, …), behind TRUST_PROXY=127.0.0.1. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A desktop browser's user agent, for calls that do not count robots (analytics beacons). */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** autocannon's `requests`: one request sent again and again, each from a new client address. */
export function fromNewAddresses(
  method: ApiTarget['method'],
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Request[] {
  const json: Record<string, string> = {
    ...headers,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  return [
    {
      method,
      path,
      body,
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, ...json, 'x-forwarded-for': nextAddress() },
      }),
    },
  ];
}

/** The bench admin's access token. */
export async function signIn(site: RunningSite): Promise<string> {
  const res = await fetch(`${site.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Sends a target's request once; its status and body size. */
async function probe(site: RunningSite, target: ApiTarget) {
  const first = target.request.requests?.[0];
  const headers = {
    ...settings.headers,
    ...target.request.headers,
    ...(first ? { 'x-forwarded-for': '10.255.255.254' } : {}),
    ...(first?.body ? { 'content-type': 'application/json' } : {}),
  };
  const res = await fetch(new URL(first?.path ?? target.path, site.baseUrl), {
    method: target.method,
    headers,
    body: first?.body ?? target.request.body,
  });
  return { status: res.status, bodyBytes: (await res.arrayBuffer()).byteLength };
}

/** Loads each target in turn; one that does not answer 2xx once is skipped (and reported). */
export async function measureTargets(site: RunningSite, targets: ApiTarget[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const target of targets) {
    const { name, method, path: targetPath } = target;
    const first = await probe(site, target);
    if (first.status < 200 || first.status > 299) {
      console.warn(`  SKIPPED ${targetPath}: answered ${first.status}`);
      measured.push({ target: { name, method, path: targetPath }, ...first, skipped: `answered ${first.status}` });
      continue;
    }
    console.log(`  Loading ${method} ${targetPath}…`);
    const figures = await load(new URL(targetPath, site.baseUrl).href, { method, ...target.request });
    measured.push({ target: { name, method, path: targetPath }, ...first, figures });
  }
  return measured;
}

/** The machine, the load settings, what the database held, and a row of figures per call. */
export function apiReport(title: string, databaseLine: string, measured: Measured[]): string {
  const rows = measured.map((m) =>
    m.figures
      ? [
          m.target.name,
          `${m.target.method} ${m.target.path}`,
          fixed(m.figures.reqPerSec, 0),
          `${m.figures.latencyP50Ms} ms`,
          `${m.figures.latencyP99Ms} ms`,
          `${m.status} ${m.bodyBytes} B`,
        ]
      : [m.target.name, `${m.target.method} ${m.target.path}`, m.skipped ?? '', '', '', ''],
  );
  const warnings = measured
    .filter((m) => m.figures && failures(m.figures) > 0)
    .map(
      (m) =>
        `WARNING ${m.target.path}: ${m.figures!.errors} errors, ${m.figures!.timeouts} timeouts, ${m.figures!.non2xx} non-2xx`,
    );
  return [
    machineLine(),
    `Load: ${settings.connections} connections, ${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up`,
    `Database: ${databaseLine}`,
    '',
    table([[title, 'request', 'req/s', 'p50', 'p99', 'response'], ...rows], (column) => column >= 2 && column <= 4),
    ...(warnings.length > 0 ? ['', ...warnings] : []),
  ].join('\n');
}

/** Whether a run should exit non-zero: a call skipped, or one that failed under load. */
export const anyFailed = (measured: Measured[]) =>
  measured.some((m) => m.skipped || (m.figures && failures(m.figures) > 0));

export interface ApiBench<Prepared> {
  /** Results go to bench/results/{slug}.json; the data directory is named after it too. */
  slug: string;
  /** How many rows the bench stores before the run, for the report (e.g. 10,000 contacts). */
  count: number;
  /** What is stored: `${count} ${noun}`. */
  noun: string;
  /** Migrates and fills the SQLite database in `dataDir`. */
  prepare(dataDir: string): Promise<Prepared>;
  targets(token: string, prepared: Prepared): ApiTarget[];
  /** How many rows there are after the run (the server stopped, its data kept). */
  countAfter?(dataDir: string): Promise<number>;
}

/**
 * Prepares a database, starts the production build on it behind a trusted proxy (so each request can
 * come from an address of its own) with the bench admin, loads every target, prints and writes the figures.
 */
export async function runApiBench<Prepared>(bench: ApiBench<Prepared>): Promise<void> {
  process.chdir(repoRoot); // startSite runs dist/server.js relative to the working directory
  let site: RunningSite | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void Promise.allSettled([site?.stop()]).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const loadAverageBefore = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `site-bench-${bench.slug}-`));
  console.log(`Preparing a database with ${bench.count} ${bench.noun} in ${dataDir}…`);
  const started = Date.now();
  const prepared = await bench.prepare(dataDir);
  const prepareSeconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(`  prepared in ${prepareSeconds} s; starting the production build behind a trusted proxy…`);

  let measured: Measured[] = [];
  let after: number | undefined;
  site = await startSite(
    {
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    { dataDir },
  );
  try {
    measured = await measureTargets(site, bench.targets(await signIn(site), prepared));
  } catch (error) {
    console.error(`Server output:\n${site.output()}`);
    throw error;
  } finally {
    await site.stop({ keepData: true });
    after = await bench.countAfter?.(dataDir).catch(() => undefined);
    await site.stop();
    site = undefined;
  }

  const stored = `${bench.count} ${bench.noun}`;
  const afterLine = after === undefined ? '' : `; ${after} ${bench.noun} after the run`;
  const databaseLine = `SQLite with the demo content and ${stored} (prepared in ${prepareSeconds} s)${afterLine}`;
  console.log(`\n${apiReport(bench.slug, databaseLine, measured)}\n`);
  const file = writeResults(`${bench.slug}.json`, {
    ...machine(loadAverageBefore),
    settings: { ...settings, database: `sqlite (demo content + ${stored})`, trustProxy: true },
    prepareSeconds,
    countAfter: after,
    targets: measured,
  });
  console.log(`Written to ${file}`);
  if (anyFailed(measured)) process.exitCode = 1;
}
