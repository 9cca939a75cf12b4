/**
 * `npm run bench -- --uncached`: pages rendered for every request (ADR 0025). The site starts
 * with the cache switched off in System Configuration, and `/`, `/blog` and an article are loaded (req/s,
 * p50, p99, RSS after each); then `/` is loaded from a fresh process with the cache on (RSS after load
 * with the cache on). 20 connections unless BENCH_CONNECTIONS says otherwise; BENCH_DURATION=60 gives the
 * "RSS after 60 s of load" figure.
 *
 * BENCH_BASELINE_DIR names another build's directory (its dist/ and build/, e.g. an earlier commit built
 * elsewhere, with node_modules reachable from there): each page is then loaded from that build and from
 * this one in turn, in the same run, so that the machine's other work weighs on both alike. The 1-minute
 * load average is recorded with every row.
 */
import os from 'node:os';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { BENCH_ADMIN, signIn } from './api-bench';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { failures, load, settings, type LoadFigures } from './load';
import { putCache } from './pages';
import { readMemory, type Memory } from './process-memory';
import { fetchRaw } from './raw-response';
import { fixed, table } from './table';
import { articlePath } from './targets';

const uncachedPages = [
  { name: 'home', path: '/' },
  { name: 'blog list', path: '/blog' },
  { name: 'article', path: articlePath },
];

interface Side {
  label: string;
  cwd: string;
  site: RunningSite;
  token: string;
}

interface Row {
  build: string;
  path: string;
  mode: 'cache off' | 'cache on';
  figures: LoadFigures;
  bytes: number;
  encoding: string;
  memoryAfter: Memory;
  loadAverage1m: number;
}

async function start(label: string, cwd: string, cacheEnabled = false): Promise<Side> {
  const site = await startSite(
    { LOG_LEVEL: 'warn', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    { cwd },
  );
  const token = await signIn(site);
  if (!cacheEnabled) await putCache(site, token, false);
  return { label, cwd, site, token };
}

export async function runUncachedBench(): Promise<void> {
  process.chdir(repoRoot);
  const loadAverageBefore = os.loadavg();
  const baselineDir = process.env.BENCH_BASELINE_DIR;
  const sides: Side[] = [];
  try {
    console.log('Uncached pages bench: the cache switched off, every request rendered…');
    if (baselineDir) sides.push(await start('baseline', baselineDir));
    sides.push(await start('this build', repoRoot));
    const memoryAtStart = Object.fromEntries(sides.map((s) => [s.label, readMemory(s.site.pid!)]));

    const rows: Row[] = [];
    const measure = async (side: Side, path: string, mode: Row['mode']) => {
      const response = await fetchRaw(side.site.baseUrl, path, settings.headers as Record<string, string>);
      if (response.status !== 200) throw new Error(`${side.label} ${path} answered ${response.status}`);
      console.log(`  ${side.label} ${path} (${mode})…`);
      const figures = await load(new URL(path, side.site.baseUrl).href);
      rows.push({
        build: side.label,
        path,
        mode,
        figures,
        bytes: response.body.length,
        encoding: String(response.headers['content-encoding'] ?? 'identity'),
        memoryAfter: readMemory(side.site.pid!),
        loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
      });
    };
    for (const page of uncachedPages) for (const side of sides) await measure(side, page.path, 'cache off');
    // The cache on, in a fresh process of each build: its memory after load is the cached page's alone.
    for (const [index, side] of sides.entries()) {
      await side.site.stop();
      sides[index] = await start(side.label, side.cwd, true);
      await measure(sides[index]!, '/', 'cache on');
    }

    const printed = table(
      [
        ['build', 'page', 'mode', 'req/s', 'p50', 'p99', 'RSS after', 'peak RSS', 'load avg', 'response'],
        ...rows.map((r) => [
          r.build,
          r.path,
          r.mode,
          fixed(r.figures.reqPerSec, 1),
          `${r.figures.latencyP50Ms} ms`,
          `${r.figures.latencyP99Ms} ms`,
          `${r.memoryAfter.rssMiB} MiB`,
          `${r.memoryAfter.peakRssMiB} MiB`,
          fixed(r.loadAverage1m, 2),
          `${r.encoding} ${r.bytes} B`,
        ]),
      ],
      (column) => column >= 3 && column <= 8,
    );
    const startLines = Object.entries(memoryAtStart).map(([label, m]) => `RSS after start (${label}): ${m.rssMiB} MiB`);
    console.log(
      `\nUncached pages (${settings.connections} connections, ${settings.durationSeconds} s each; ${machineLine()})\n` +
        `${printed}\n${startLines.join('\n')}\n`,
    );
    const file = writeResults('uncached.json', {
      ...machine(loadAverageBefore),
      settings: { ...settings, database: 'sqlite (fresh DATA_DIR with demo content)', baselineDir },
      memoryAtStart,
      pages: rows,
    });
    console.log(`Written to ${file}`);
    if (rows.some((r) => failures(r.figures) > 0)) process.exitCode = 1;
  } catch (error) {
    for (const side of sides) console.error(`Server output (${side.label}):\n${side.site.output()}`);
    throw error;
  } finally {
    await Promise.allSettled(sides.map((s) => s.site.stop()));
  }
}
