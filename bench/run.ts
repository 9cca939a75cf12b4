/**
 * `npm run bench`: throughput, latency, memory and page weight of the production build on SQLite.
 *
 * Every target path is loaded twice with identical autocannon settings: once against our server, once
 * against a bare node:http server (its own process) replaying the bytes our server sent for that path.
 * The ratio ours / bare for requests per second is the figure that counts; absolute numbers depend on
 * the machine. Results print as a table and go to bench/results/latest.json (git-ignored).
 *
 * Environment: BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (default 20),
 * BENCH_WARMUP (seconds, default 2), BENCH_ACCEPT_ENCODING (default "gzip, br"; "identity" shows what
 * compression costs). Targets live in bench/targets.ts.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { GZIP_LEVEL, weighPageAssets, type PageAssets } from './page-assets';
import { readMemory, type Memory } from './process-memory';
import { fetchRaw, type RawResponse, type RawResponseMessage } from './raw-response';
import { pageForAssets, requestHeaders, targets, type Target } from './targets';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

const settings = {
  connections: positiveInt('BENCH_CONNECTIONS', 20),
  durationSeconds: positiveInt('BENCH_DURATION', 10),
  warmupSeconds: positiveInt('BENCH_WARMUP', 2),
  pipelining: 1,
  headers: {
    ...requestHeaders,
    'accept-encoding': process.env.BENCH_ACCEPT_ENCODING || requestHeaders['accept-encoding'],
  },
  database: 'sqlite (fresh DATA_DIR with demo content)',
  gzipLevelForPageWeight: GZIP_LEVEL,
};

interface LoadFigures {
  reqPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  bytesPerSec: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface TargetResult {
  name: string;
  path: string;
  response: { status: number; contentType: string; contentEncoding: string; bodyBytes: number };
  ours: LoadFigures;
  bare: LoadFigures;
  /** ours / bare requests per second: 1 means we are as fast as serving the bytes from memory. */
  reqPerSecRatio: number;
  /** ours − bare, milliseconds. */
  p99DiffMs: number;
  memoryAfter: Memory;
}

function figures(result: Result): LoadFigures {
  return {
    reqPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    bytesPerSec: result.throughput.average,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function load(url: string): Promise<LoadFigures> {
  const common = {
    url,
    connections: settings.connections,
    pipelining: settings.pipelining,
    headers: settings.headers,
  };
  await autocannon({ ...common, duration: settings.warmupSeconds });
  return figures(await autocannon({ ...common, duration: settings.durationSeconds }));
}

/** Forks bench/bare-server.ts, hands it the recorded responses and resolves with its port. */
async function startBareServer(responses: RawResponse[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(benchDir, 'bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('bare server did not start within 30 s')), 30_000);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`bare server exited early (${code})`)));
      child.once('message', (message: { port: number }) => {
        clearTimeout(timer);
        resolve(message.port);
      });
      const messages: RawResponseMessage[] = responses.map((r) => ({
        path: r.path,
        status: r.status,
        headers: r.headers,
        bodyBase64: r.body.toString('base64'),
      }));
      child.send(messages);
    });
    return { child, port };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timeout);
}

function header(response: RawResponse, name: string, fallback: string): string {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? fallback);
}

function gitRevision(): string | undefined {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} (uncommitted changes)` : commit;
  } catch {
    return undefined;
  }
}

function table(rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        rightAligned(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

const fixed = (value: number, digits: number) => value.toFixed(digits);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function report(results: TargetResult[], memory: Record<string, Memory>, assets: PageAssets): string {
  const load = table(
    [
      [
        'path',
        'ours req/s',
        'bare req/s',
        'ours/bare',
        'p50 ours',
        'p50 bare',
        'p99 ours',
        'p99 bare',
        'p99 diff',
        'response',
      ],
      ...results.map((r) => [
        r.path,
        fixed(r.ours.reqPerSec, 0),
        fixed(r.bare.reqPerSec, 0),
        fixed(r.reqPerSecRatio, 2),
        `${r.ours.latencyP50Ms} ms`,
        `${r.bare.latencyP50Ms} ms`,
        `${r.ours.latencyP99Ms} ms`,
        `${r.bare.latencyP99Ms} ms`,
        `${r.p99DiffMs >= 0 ? '+' : ''}${r.p99DiffMs} ms`,
        `${r.response.status} ${r.response.contentType.split(';')[0]} ${r.response.contentEncoding} ${r.response.bodyBytes} B`,
      ]),
    ],
    (column) => column >= 1 && column <= 8,
  );
  const mem = table(
    [
      ['server memory', 'RSS', 'peak RSS (VmHWM)'],
      ...Object.entries(memory).map(([when, m]) => [when, `${m.rssMiB} MiB`, `${m.peakRssMiB} MiB`]),
    ],
    (column) => column >= 1,
  );
  const weight = table(
    [
      [`files for ${assets.page}`, 'raw', `gzip -${GZIP_LEVEL}`, 'as served', 'found in'],
      ...[...assets.js, ...assets.css].map((a) => [
        a.url,
        kib(a.bytes),
        kib(a.gzipBytes),
        `${kib(a.servedBytes)} ${a.servedEncoding}`,
        a.foundIn,
      ]),
      [
        `JavaScript total (${assets.js.length} files)`,
        kib(assets.totals.js.bytes),
        kib(assets.totals.js.gzipBytes),
        kib(assets.totals.js.servedBytes),
        '',
      ],
      [
        `CSS total (${assets.css.length} files)`,
        kib(assets.totals.css.bytes),
        kib(assets.totals.css.gzipBytes),
        kib(assets.totals.css.servedBytes),
        '',
      ],
    ],
    (column) => column >= 1 && column <= 3,
  );
  const problems = results.flatMap((r) =>
    (['ours', 'bare'] as const)
      .filter((side) => r[side].errors + r[side].timeouts + r[side].non2xx > 0)
      .map(
        (side) =>
          `WARNING ${side} ${r.path}: ${r[side].errors} errors, ${r[side].timeouts} timeouts, ${r[side].non2xx} non-2xx — figures not comparable`,
      ),
  );
  return [
    `Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)} (1 min); the bench shares them`,
    `Load: ${settings.connections} connections, ${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up, accept-encoding "${settings.headers['accept-encoding']}"`,
    '',
    load,
    ...(problems.length > 0 ? ['', ...problems] : []),
    '',
    mem,
    '',
    weight,
  ].join('\n');
}

async function main(): Promise<void> {
  process.chdir(repoRoot); // startSite runs dist/server.js relative to the working directory
  let site: RunningSite | undefined;
  let bare: ChildProcess | undefined;
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await Promise.allSettled([bare ? stopChild(bare) : undefined, site?.stop()]);
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the servers`);
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const loadAverageBefore = os.loadavg();
  try {
    console.log('Starting the production build (dist/server.js) on a fresh SQLite data directory…');
    site = await startSite({ LOG_LEVEL: 'warn' });
    const pid = site.pid;
    if (pid === undefined) throw new Error('startSite() did not report the server pid');
    const memory: Record<string, Memory> = { 'after start': readMemory(pid) };

    const recorded: RawResponse[] = [];
    for (const target of targets) {
      const response = await fetchRaw(site.baseUrl, target.path, settings.headers);
      if (response.status < 200 || response.status > 299) {
        throw new Error(`GET ${target.path} answered ${response.status}; every target must answer 2xx`);
      }
      recorded.push(response);
    }
    const started = await startBareServer(recorded);
    bare = started.child;
    const bareUrl = `http://127.0.0.1:${started.port}`;

    const results: TargetResult[] = [];
    for (const [index, target] of targets.entries()) {
      const response = recorded[index] as RawResponse;
      console.log(`Loading ${target.path}: ours, then bare…`);
      const ours = await load(new URL(target.path, site.baseUrl).href);
      const baseline = await load(new URL(target.path, bareUrl).href);
      results.push(resultFor(target, response, ours, baseline, readMemory(pid)));
    }
    memory['after load'] = readMemory(pid);

    const assets = await weighPageAssets(site.baseUrl, pageForAssets, settings.headers);

    console.log(`\n${report(results, memory, assets)}\n`);

    const output = {
      date: new Date().toISOString(),
      git: gitRevision(),
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      // Other work on the machine skews both sides; a high load average means: run again.
      loadAverage: { before: loadAverageBefore, after: os.loadavg() },
      settings,
      targets: results,
      memory,
      pageAssets: assets,
    };
    const resultsDir = path.join(benchDir, 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'latest.json');
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    console.log(`Written to ${path.relative(repoRoot, file)}`);

    if (results.some((r) => r.ours.errors + r.ours.timeouts + r.ours.non2xx > 0)) process.exitCode = 1;
  } catch (error) {
    if (site) console.error(`Server output:\n${site.output()}`);
    throw error;
  } finally {
    await stopAll();
  }
}

function resultFor(
  target: Target,
  response: RawResponse,
  ours: LoadFigures,
  bare: LoadFigures,
  memoryAfter: Memory,
): TargetResult {
  return {
    name: target.name,
    path: target.path,
    response: {
      status: response.status,
      contentType: header(response, 'content-type', '(none)'),
      contentEncoding: header(response, 'content-encoding', 'identity'),
      bodyBytes: response.body.length,
    },
    ours,
    bare,
    reqPerSecRatio: bare.reqPerSec > 0 ? Math.round((ours.reqPerSec / bare.reqPerSec) * 1000) / 1000 : 0,
    p99DiffMs: ours.latencyP99Ms - bare.latencyP99Ms,
    memoryAfter,
  };
}

await main();
