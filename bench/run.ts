/**
 * `npm run bench`: throughput, latency, memory and page weight of the production build on SQLite.
 *
 * Every target path is loaded twice with identical autocannon settings: once against our server, once
 * against a bare node:http server (its own process) replaying the bytes our server sent for that path.
 * The ratio ours / bare for requests per second is the figure that counts; absolute numbers depend on
 * the machine. Results print as a table and go to bench/results/latest.json (git-ignored).
 * A target that does not answer 2xx (a page not built yet) is skipped, reported, and makes the exit code 1.
 *
 * `npm run bench -- --uncached` loads `/`, `/blog` and an article with the cache switched off (bench/uncached.ts),
 * optionally against an earlier build in the same run (BENCH_BASELINE_DIR).
 * `npm run bench -- --search` runs the full-text search bench at 100,000 posts on each database (bench/search.ts).
 * `npm run bench -- --scale` (bench/scale.ts): the sitemap, /blog, an article, RSS, related posts, the staff
 * lists and a new key per request at 100, 20,000 and 100,000 posts on each database. `npm run bench -- --faults` runs the load-and-fault
 * scenarios (bench/faults.ts) on SQLite and on the PostgreSQL / MariaDB servers it is given.
 * `npm run bench -- --instances` runs two instances on PostgreSQL, s3rver and Redis (bench/instances.ts): one
 * vs two processes, uploads and the quote form through both, cross-instance purge latency, a rolling restart.
 * After the main run, the contact requests part (bench/contacts.ts) loads POST /api/contacts from many
 * client addresses and the staff list at 10,000 contacts; `npm run bench -- --contacts` runs it alone.
 *
 * Environment: BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (default 20),
 * BENCH_WARMUP (seconds, default 2), BENCH_ACCEPT_ENCODING (default "gzip, br"; "identity" shows what
 * compression costs). Targets live in bench/targets.ts.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { UPLOAD_FIGURES_PREFIX, benchDir, machine, machineLine, repoRoot, writeResults } from './environment';
import { failures, load, settings, type LoadFigures } from './load';
import { GZIP_LEVEL, weighPageAssets, type PageAssets } from './page-assets';
import { weighPageImages, type PageImages } from './page-images';
import { readMemory, type Memory } from './process-memory';
import { fetchRaw, type RawResponse } from './raw-response';
import { runFaultBench } from './faults';
import { runInstancesBench } from './instances';
import { runAnalyticsBench } from './analytics';
import { runBackupBench } from './backups';
import { runCertificatesBench } from './certificates';
import { runLighthouseBench } from './lighthouse';
import { runContactsBench } from './contacts';
import { runScaleBench } from './scale';
import { runPagesBench } from './pages';
import { runUncachedBench } from './uncached';
import { startBareServer, stopChild } from './bare-process';
import { runSearchBench } from './search';
import { fixed, kib, table } from './table';
import { pagesForAssets, pagesForImages, targets, type Target } from './targets';
import type { UploadFigures } from './upload-8mp';

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

/** A target or page that could not be measured, and why. */
interface Skipped {
  name: string;
  path: string;
  reason: string;
}

function header(response: RawResponse, name: string, fallback: string): string {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? fallback);
}

function loadTable(results: TargetResult[]): string {
  return table(
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
}

function weightTable(assets: PageAssets): string {
  return table(
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
}

function report(results: TargetResult[], memory: Record<string, Memory>, pages: PageAssets[], skipped: Skipped[]) {
  const mem = table(
    [
      ['server memory', 'RSS', 'peak RSS (VmHWM)'],
      ...Object.entries(memory).map(([when, m]) => [when, `${m.rssMiB} MiB`, `${m.peakRssMiB} MiB`]),
    ],
    (column) => column >= 1,
  );
  const problems = results.flatMap((r) =>
    (['ours', 'bare'] as const)
      .filter((side) => failures(r[side]) > 0)
      .map(
        (side) =>
          `WARNING ${side} ${r.path}: ${r[side].errors} errors, ${r[side].timeouts} timeouts, ${r[side].non2xx} non-2xx — figures not comparable`,
      ),
  );
  const notMeasured = skipped.map((s) => `SKIPPED ${s.name} (${s.path}): ${s.reason}`);
  return [
    machineLine(),
    `Load: ${settings.connections} connections, ${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up, accept-encoding "${settings.headers['accept-encoding']}"`,
    '',
    loadTable(results),
    ...(problems.length + notMeasured.length > 0 ? ['', ...problems, ...notMeasured] : []),
    '',
    mem,
    ...pages.flatMap((assets) => ['', weightTable(assets)]),
  ].join('\n');
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

/** Records each target's response; one that is not 2xx is skipped rather than measured. */
async function recordTargets(baseUrl: string, skipped: Skipped[]) {
  const recorded: { target: Target; response: RawResponse }[] = [];
  for (const target of targets) {
    const response = await fetchRaw(baseUrl, target.path, settings.headers);
    if (response.status >= 200 && response.status <= 299) recorded.push({ target, response });
    else skipped.push({ ...target, reason: `answered ${response.status}; every target must answer 2xx` });
  }
  return recorded;
}

async function weighPages(baseUrl: string, skipped: Skipped[]): Promise<PageAssets[]> {
  const pages: PageAssets[] = [];
  for (const page of pagesForAssets) {
    try {
      pages.push(await weighPageAssets(baseUrl, page, settings.headers));
    } catch (error) {
      skipped.push({ name: 'page weight', path: page, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return pages;
}

async function weighImages(baseUrl: string, skipped: Skipped[]): Promise<PageImages[]> {
  const weighed: PageImages[] = [];
  for (const page of pagesForImages) {
    try {
      weighed.push(await weighPageImages(baseUrl, page));
    } catch (error) {
      skipped.push({ name: 'page images', path: page, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return weighed;
}

function imagesTable(images: PageImages[]): string {
  return table(
    [
      ['images (Chromium, 1280x800)', 'first screen', 'whole page (scrolled)'],
      ...images.map((i) => [
        i.page,
        `${i.firstScreen.count} files, ${kib(i.firstScreen.bytes)}`,
        `${i.wholePage.count} files, ${kib(i.wholePage.bytes)}`,
      ]),
    ],
    (column) => column >= 1,
  );
}

/** One 8-megapixel upload in a process of its own, so its peak memory is not the bench runner's. */
async function measureUpload(skipped: Skipped[]): Promise<UploadFigures | undefined> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, 'upload-8mp.ts'), '--json'],
      { cwd: repoRoot, maxBuffer: 1024 * 1024 },
    );
    const line = stdout.split('\n').find((l) => l.startsWith(UPLOAD_FIGURES_PREFIX));
    if (!line) throw new Error(`no figures in its output: ${stdout.slice(-500)}`);
    return JSON.parse(line.slice(UPLOAD_FIGURES_PREFIX.length)) as UploadFigures;
  } catch (error) {
    skipped.push({
      name: '8-megapixel upload',
      path: 'bench/upload-8mp.ts',
      reason: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

function uploadLine(upload: UploadFigures | undefined): string {
  if (!upload) return '8-megapixel upload: not measured (see SKIPPED)';
  return (
    `8-megapixel upload (${upload.width}x${upload.height} JPEG, ${upload.inputMiB} MiB, POST /api/uploads/image): ` +
    `${upload.ms} ms for the clean original and ${upload.variants} sizes; peak RSS ${upload.peakRssBeforeMiB} MiB before, ` +
    `${upload.peakRssAfterMiB} MiB after (libvips threads: ${upload.libvipsThreads})`
  );
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

    const skipped: Skipped[] = [];
    const recorded = await recordTargets(site.baseUrl, skipped);
    for (const s of skipped) console.warn(`SKIPPED ${s.name} (${s.path}): ${s.reason}`);
    const started = await startBareServer(recorded.map((r) => r.response));
    bare = started.child;
    const bareUrl = `http://127.0.0.1:${started.port}`;

    const results: TargetResult[] = [];
    for (const { target, response } of recorded) {
      console.log(`Loading ${target.path}: ours, then bare…`);
      const ours = await load(new URL(target.path, site.baseUrl).href);
      const baseline = await load(new URL(target.path, bareUrl).href);
      results.push(resultFor(target, response, ours, baseline, readMemory(pid)));
    }
    memory['after load'] = readMemory(pid);

    const pages = await weighPages(site.baseUrl, skipped);
    const images = await weighImages(site.baseUrl, skipped);
    console.log('Uploading one 8-megapixel photo…');
    const upload = await measureUpload(skipped);

    console.log(`\n${report(results, memory, pages, skipped)}\n\n${imagesTable(images)}\n\n${uploadLine(upload)}\n`);

    const file = writeResults('latest.json', {
      ...machine(loadAverageBefore),
      settings: { ...settings, database: 'sqlite (fresh DATA_DIR with demo content)' },
      targets: results,
      skipped,
      memory,
      pageAssets: pages,
      pageImages: images,
      upload,
    });
    console.log(`Written to ${file}`);

    if (results.some((r) => failures(r.ours) > 0) || skipped.length > 0) process.exitCode = 1;
  } catch (error) {
    if (site) console.error(`Server output:\n${site.output()}`);
    throw error;
  } finally {
    await stopAll();
  }
}

if (process.argv.includes('--scale')) await runScaleBench();
else if (process.argv.includes('--faults')) await runFaultBench();
else if (process.argv.includes('--instances')) await runInstancesBench();
else if (process.argv.includes('--contacts')) await runContactsBench();
else if (process.argv.includes('--certificates')) await runCertificatesBench();
else if (process.argv.includes('--analytics')) await runAnalyticsBench();
else if (process.argv.includes('--backups')) await runBackupBench();
else if (process.argv.includes('--lighthouse')) await runLighthouseBench();
else if (process.argv.includes('--pages')) await runPagesBench();
else if (process.argv.includes('--uncached')) await runUncachedBench();
else if (process.argv.includes('--search')) await runSearchBench();
else {
  await main();
  await runPagesBench();
  await runContactsBench();
  await runCertificatesBench();
  await runAnalyticsBench();
}
