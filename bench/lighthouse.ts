/**
 * `npm run bench -- --lighthouse`: Lighthouse 12 (mobile, its default simulated throttling) on every public
 * page, in Debian's Chromium, three runs each; the table shows the median of each category (the
 * targets: performance ≥ 95, accessibility, best practices and SEO 100).
 *
 * Lighthouse is not a dependency of the project (185 MB that `npm install` and CI would carry for a
 * benchmark): the first run installs the pinned version into ~/.cache/studio-site-bench with npm, from
 * the npm registry, and later runs reuse it. Each run is the Lighthouse CLI with a fresh Chromium.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { table } from './table';
import { articlePath, projectPath } from './targets';

const LIGHTHOUSE_VERSION = '12.8.2';
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

/**
 * Every public page a visitor can reach from our navigation. The verification page is measured as the
 * form: a looked-up certificate is someone's record, marked noindex on purpose (Lighthouse's SEO score
 * counts that against it).
 */
export const lighthousePages = [
  '/',
  '/blog',
  articlePath,
  '/portfolio',
  projectPath,
  '/verify-certificate',
  '/privacy',
];

/** The Lighthouse CLI, installed on first use; each run launches a fresh Chromium, as Lighthouse recommends. */
function lighthouseCli(): string {
  const prefix = path.join(os.homedir(), '.cache', 'studio-site-bench', `lighthouse-${LIGHTHOUSE_VERSION}`);
  const cli = path.join(prefix, 'node_modules', 'lighthouse', 'cli', 'index.js');
  if (!existsSync(cli)) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${prefix} (once)…`);
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  return cli;
}

interface Report {
  categories: Record<string, { score: number | null }>;
  runtimeError?: { code: string; message: string };
}

function runLighthouse(cli: string, url: string, output: string): Report {
  execFileSync(
    process.execPath,
    [
      cli,
      url,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
  );
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}

/** Lighthouse sometimes fails to record the trace (NO_NAVSTART: "Please run Lighthouse again"): up to 3 tries. */
function runWithRetries(cli: string, url: string, output: string): Report {
  let failure = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      const report = runLighthouse(cli, url, output);
      if (!report.runtimeError) return report;
      failure = `${report.runtimeError.code} ${report.runtimeError.message}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    console.log(`    ${url}: attempt ${attempt} failed (${failure.split('\n')[0]})`);
  }
  throw new Error(`${url}: ${failure}`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function runLighthouseBench(): Promise<void> {
  const loadAverageBefore = os.loadavg();
  const cli = lighthouseCli();
  process.chdir(repoRoot); // startSite runs dist/server.js relative to the working directory
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  let site: RunningSite | undefined;
  try {
    site = await startSite({ LOG_LEVEL: 'warn' });
    console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, ${RUNS} runs per page (median). ${machineLine()}`);
    const results: Array<{ page: string; runs: Record<Category, number>[]; median: Record<Category, number> }> = [];
    for (const page of lighthousePages) {
      const runs: Record<Category, number>[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const report = runWithRetries(cli, `${site.baseUrl}${page}`, path.join(scratch, `run-${run}.json`));
        runs.push(
          Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
          ) as Record<Category, number>,
        );
      }
      const middle = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Record<
        Category,
        number
      >;
      results.push({ page, runs, median: middle });
      console.log(`  ${page}: ${CATEGORIES.map((c) => `${c} ${middle[c]}`).join(', ')}`);
    }
    const rows = [
      ['page', 'performance', 'accessibility', 'best practices', 'SEO'],
      ...results.map((r) => [
        r.page.length > 48 ? `${r.page.slice(0, 45)}…` : r.page,
        ...CATEGORIES.map((c) => `${r.median[c]}${r.median[c] < TARGET[c] ? ' ✗' : ''}`),
      ]),
      ['target', ...CATEGORIES.map((c) => `≥ ${TARGET[c]}`)],
    ];
    console.log(`\n${table(rows, (column) => column > 0)}\n`);
    const file = writeResults('lighthouse.json', {
      ...machine(loadAverageBefore),
      lighthouse: LIGHTHOUSE_VERSION,
      formFactor: 'mobile',
      runsPerPage: RUNS,
      pages: results,
    });
    console.log(`Written to ${file}`);
  } finally {
    await site?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
