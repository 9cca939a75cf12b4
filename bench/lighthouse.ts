/**
 * `npm run bench -- --lighthouse`: Lighthouse 12 (mobile, its default simulated throttling) on every public
 * page, in Debian's Chromium, three runs each; the table shows the median of each category (issue 15's
 * targets: performance ≥ 95, accessibility, best practices and SEO 100).
 *
 * Lighthouse is not a dependency of the project (185 MB that `npm install` and CI would carry for a
 * benchmark): the first run installs the pinned version into ~/.cache/studio-site-bench with npm, from
 * the npm registry, and later runs reuse it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoCertificates } from '../src/server/seed/demo-content';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { table } from './table';
import { articlePath, projectPath } from './targets';

const LIGHTHOUSE_VERSION = '12.8.2';
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const certificate = demoCertificates.find((c) => c.status === 'active')!.certificate_number;
/** Every public page a visitor can reach from our navigation. */
export const lighthousePages = [
  '/',
  '/blog',
  articlePath,
  '/portfolio',
  projectPath,
  `/verify-certificate?number=${certificate}`,
  '/privacy',
];

interface LighthouseModules {
  lighthouse: (
    url: string,
    flags: Record<string, unknown>,
  ) => Promise<{ lhr: { categories: Record<string, { score: number | null }>; runtimeError?: { message: string } } }>;
  launch: (options: Record<string, unknown>) => Promise<{ port: number; kill: () => void | Promise<void> }>;
}

async function loadLighthouse(): Promise<LighthouseModules> {
  const prefix = path.join(os.homedir(), '.cache', 'studio-site-bench', `lighthouse-${LIGHTHOUSE_VERSION}`);
  const entry = path.join(prefix, 'node_modules', 'lighthouse', 'core', 'index.js');
  if (!existsSync(entry)) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${prefix} (once)…`);
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  const lighthouse = (await import(pathToFileURL(entry).href)) as { default: LighthouseModules['lighthouse'] };
  const launcher = (await import(
    pathToFileURL(path.join(prefix, 'node_modules', 'chrome-launcher', 'dist', 'index.js')).href
  )) as { launch: LighthouseModules['launch'] };
  return { lighthouse: lighthouse.default, launch: launcher.launch };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function runLighthouseBench(): Promise<void> {
  const loadAverageBefore = os.loadavg();
  const { lighthouse, launch } = await loadLighthouse();
  process.chdir(repoRoot); // startSite runs dist/server.js relative to the working directory
  let site: RunningSite | undefined;
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    site = await startSite({ LOG_LEVEL: 'warn' });
    console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, ${RUNS} runs per page (median). ${machineLine()}`);
    const results: Array<{ page: string; runs: Record<Category, number>[]; median: Record<Category, number> }> = [];
    for (const page of lighthousePages) {
      const runs: Record<Category, number>[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const { lhr } = await lighthouse(`${site.baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
        runs.push(
          Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
            Category,
            number
          >,
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
    await chrome.kill();
    await site?.stop();
  }
}
