/**
 * `npm run bench -- --pages` (also part of the full run): the page cache (ADR 0020). Each public page is
 * loaded from our server with the cache on (after one request has filled it), then from a bare node:http
 * server replaying the same bytes from memory in the same run (the ceiling), then `/` once more with the
 * cache switched off in System Configuration (every request rendered). 50 connections unless
 * BENCH_PAGES_CONNECTIONS says otherwise; req/s and p99 per row; the ratio to the ceiling is what counts.
 */
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { BENCH_ADMIN, signIn } from './api-bench';
import { startBareServer, stopChild } from './bare-process';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { failures, load, settings, type LoadFigures } from './load';
import { fetchRaw, type RawResponse } from './raw-response';
import { fixed, table } from './table';
import { articlePath, projectPath } from './targets';

const connections = Number(process.env.BENCH_PAGES_CONNECTIONS) || 50;

export const cachedPages = [
  { name: 'home', path: '/' },
  { name: 'blog list', path: '/blog' },
  { name: 'article', path: articlePath },
  { name: 'portfolio', path: '/portfolio' },
  { name: 'project', path: projectPath },
];

interface Row {
  name: string;
  path: string;
  mode: 'cached' | 'uncached (cache off)';
  ours: LoadFigures;
  bare: LoadFigures;
  ratio: number;
  bytes: number;
  encoding: string;
}

export async function putCache(site: RunningSite, token: string, cacheEnabled: boolean) {
  const res = await fetch(`${site.baseUrl}/api/system/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ maintenanceMode: false, maintenanceMessage: '', debugMode: false, cacheEnabled }),
  });
  if (!res.ok) throw new Error(`cache switch: ${res.status} ${await res.text()}`);
}

export async function runPagesBench(): Promise<void> {
  process.chdir(repoRoot);
  const loadAverageBefore = os.loadavg();
  let site: RunningSite | undefined;
  let bare: ChildProcess | undefined;
  try {
    console.log(`Pages bench: the page cache at ${connections} connections, ours vs a bare server…`);
    site = await startSite({
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    });
    const token = await signIn(site);
    const headers = settings.headers as Record<string, string>;
    // The first request renders and fills the cache; the recorded bytes are the second (a hit).
    const recorded: Array<{ page: (typeof cachedPages)[number]; response: RawResponse }> = [];
    for (const page of cachedPages) {
      await fetchRaw(site.baseUrl, page.path, headers);
      const response = await fetchRaw(site.baseUrl, page.path, headers);
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
      recorded.push({ page, response });
    }
    const started = await startBareServer(recorded.map((r) => r.response));
    bare = started.child;
    const bareUrl = `http://127.0.0.1:${started.port}`;

    const rows: Row[] = [];
    const measure = async (page: (typeof cachedPages)[number], mode: Row['mode']) => {
      const response = recorded.find((r) => r.page.path === page.path)!.response;
      console.log(`  ${page.path} (${mode}): ours, then bare…`);
      const ours = await load(new URL(page.path, site!.baseUrl).href, {}, { connections });
      const ceiling = await load(new URL(page.path, bareUrl).href, {}, { connections });
      rows.push({
        ...page,
        mode,
        ours,
        bare: ceiling,
        ratio: ours.reqPerSec / ceiling.reqPerSec,
        bytes: response.body.length,
        encoding: String(response.headers['content-encoding'] ?? 'identity'),
      });
    };
    for (const page of cachedPages) await measure(page, 'cached');
    await putCache(site, token, false);
    await measure(cachedPages[0]!, 'uncached (cache off)');
    await putCache(site, token, true);

    const printed = table(
      [
        ['page', 'mode', 'ours req/s', 'bare req/s', 'ours/bare', 'p99 ours', 'p99 bare', 'response'],
        ...rows.map((r) => [
          r.path,
          r.mode,
          fixed(r.ours.reqPerSec, 0),
          fixed(r.bare.reqPerSec, 0),
          fixed(r.ratio, 2),
          `${r.ours.latencyP99Ms} ms`,
          `${r.bare.latencyP99Ms} ms`,
          `${r.encoding} ${r.bytes} B`,
        ]),
      ],
      (column) => column >= 2 && column <= 6,
    );
    console.log(
      `\nPages (${connections} connections, ${settings.durationSeconds} s each; ${machineLine()})\n${printed}\n`,
    );
    const file = writeResults('pages.json', {
      ...machine(loadAverageBefore),
      settings: { ...settings, connections, database: 'sqlite (fresh DATA_DIR with demo content)' },
      pages: rows,
    });
    console.log(`Written to ${file}`);
    if (rows.some((r) => failures(r.ours) > 0)) process.exitCode = 1;
  } catch (error) {
    if (site) console.error(`Server output:\n${site.output()}`);
    throw error;
  } finally {
    await Promise.allSettled([bare ? stopChild(bare) : undefined, site?.stop()]);
  }
}
