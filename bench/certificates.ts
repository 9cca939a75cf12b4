/**
 * The certificates part of `npm run bench` (alone: `npm run bench -- --certificates`): verification by a
 * visitor (the API and the server-rendered page), the staff list and search, and the printable PDF, at
 * CERTIFICATES_BENCH_COUNT stored certificates on SQLite.
 *
 * Lookups are limited to 30 a minute per client address, so every visitor request carries an
 * X-Forwarded-For address of its own (TRUST_PROXY=127.0.0.1): what is measured is the lookup, not the
 * limiter's 429. The staff calls are made signed in as the bench admin. Results go to
 * bench/results/certificates.json.
 *
 * Then a walker: WALK_CLIENTS clients ask for one well-formed number after another (almost all unknown), each
 * request from a new address, for WALK_SECONDS against a fresh site. What it achieves is the lookups answered
 * 200 or 404 per second (what tells it whether a number exists); 429s teach it nothing. Alone:
 * `npm run bench -- --certificates --walk-only`. Results go to bench/results/certificates-walk.json.
 *
 * And the event loop while ten PDFs render at once: rendered on this process's loop (as the server did before
 * ADR 0034) and through the worker pool the server uses now, with the loop's delay read by an interval timer. Alone: `--pdf-only`. Results go to bench/results/certificates-pdf-loop.json.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoContent } from '../src/server/seed/seed';
import { recipientTypes } from '../src/shared/contracts/certificates.values';
import { startSite } from '../tests/e2e/support/harness';
import { BENCH_ADMIN, fromNewAddresses, nextAddress, runApiBench, signIn, type ApiTarget } from './api-bench';
import { machine, machineLine, repoRoot, writeResults } from './environment';

export const CERTIFICATES_BENCH_COUNT = 10_000;
const INSERT_BATCH = 500;
/** The certificate every verification and PDF request asks for (inserted last, so no index luck). */
const LOOKED_UP = 'SST-2026-99999';

/** Schema, demo content and `count` certificates over the last seven years, inserted in batches. */
async function prepareDatabase(dataDir: string, count: number): Promise<{ lookedUpId: number }> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    await migrateToLatest(database.db);
    await seedDemoContent(database.db);
    const now = new Date().toISOString();
    for (let start = 0; start < count; start += INSERT_BATCH) {
      const rows = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, i) => {
        const n = start + i;
        const year = 2019 + (n % 7);
        const issued = `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
        const last = n === count - 1;
        return {
          certificate_number: last ? LOOKED_UP : `SST-${year}-${String(10_000 + Math.floor(n / 7)).padStart(5, '0')}`,
          recipient_name: `Recipient ${n}`,
          recipient_type: recipientTypes[n % recipientTypes.length]!,
          issue_date: issued,
          expiry_date: n % 3 === 0 ? null : `${year + 2}${issued.slice(4)}`,
          course_name: `Course ${n % 40}: web development and automation`,
          duration: `${(n % 6) + 1} months`,
          description: 'Completed the programme and contributed to two client projects.',
          status: n % 50 === 0 ? ('revoked' as const) : ('active' as const),
          revoked_at: n % 50 === 0 ? now : null,
          revocation_reason: n % 50 === 0 ? 'Issued in error.' : null,
          created_at: now,
          updated_at: now,
        };
      });
      await database.db.insertInto('certificates').values(rows).execute();
    }
    const row = await database.db
      .selectFrom('certificates')
      .select('id')
      .where('certificate_number', '=', LOOKED_UP)
      .executeTakeFirstOrThrow();
    return { lookedUpId: row.id };
  } finally {
    await database.close();
  }
}

function targetsFor(token: string, lookedUpId: number): ApiTarget[] {
  const staff = { authorization: `Bearer ${token}` };
  const verifyApi = `/api/certificates/verify/${LOOKED_UP}`;
  const verifyPage = `/verify-certificate?number=${LOOKED_UP}`;
  return [
    {
      name: 'verify call (new address each)',
      method: 'GET',
      path: verifyApi,
      request: { requests: fromNewAddresses('GET', verifyApi) },
    },
    {
      name: 'verification page (new address each)',
      method: 'GET',
      path: verifyPage,
      request: { requests: fromNewAddresses('GET', verifyPage) },
    },
    { name: 'staff list, page 1', method: 'GET', path: '/api/certificates', request: { headers: staff } },
    {
      name: 'staff list, revoked, page 5',
      method: 'GET',
      path: '/api/certificates?status=revoked&page=5',
      request: { headers: staff },
    },
    {
      name: 'staff list, search',
      method: 'GET',
      path: '/api/certificates?search=Recipient%20123',
      request: { headers: staff },
    },
    {
      name: 'printable PDF',
      method: 'GET',
      path: `/api/certificates/${lookedUpId}/pdf`,
      request: { headers: staff },
    },
  ];
}

const WALK_CLIENTS = 20;
const WALK_SECONDS = 30;

interface WalkFigures {
  clients: number;
  seconds: number;
  answered: number;
  refused: number;
  other: number;
  answeredPerSecond: number;
  answeredInLastFiveSeconds: number;
}

/** Walks the register from a new address per request; counts answers that tell found from not found. */
async function walkRegister(baseUrl: string): Promise<WalkFigures> {
  const tally = { answered: 0, refused: 0, other: 0 };
  const answeredAt: number[] = [];
  let serial = 10_000;
  const start = Date.now();
  const until = start + WALK_SECONDS * 1000;
  async function client() {
    while (Date.now() < until) {
      serial += 1;
      const res = await fetch(`${baseUrl}/api/certificates/verify/SST-2024-${serial}`, {
        headers: { 'x-forwarded-for': nextAddress() },
      });
      await res.arrayBuffer();
      if (res.status === 200 || res.status === 404) {
        tally.answered += 1;
        answeredAt.push(Date.now());
      } else if (res.status === 429) tally.refused += 1;
      else tally.other += 1;
    }
  }
  await Promise.all(Array.from({ length: WALK_CLIENTS }, client));
  const seconds = (Date.now() - start) / 1000;
  return {
    clients: WALK_CLIENTS,
    seconds: Math.round(seconds * 10) / 10,
    ...tally,
    answeredPerSecond: Math.round((tally.answered / seconds) * 10) / 10,
    answeredInLastFiveSeconds: answeredAt.filter((time) => time > until - 5_000).length,
  };
}

/** The walker against a fresh production build with the demo content, behind a trusted proxy. */
export async function runCertificateWalk(): Promise<void> {
  process.chdir(repoRoot);
  const loadAverageBefore = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-bench-certificate-walk-'));
  const site = await startSite({ LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }, { dataDir });
  let figures: WalkFigures;
  try {
    figures = await walkRegister(site.baseUrl);
  } finally {
    await site.stop();
  }
  console.log(`\nCertificate walk (${machineLine()})`);
  console.log(
    `  ${figures.clients} clients, ${figures.seconds} s, a new address per request: ` +
      `${figures.answered} lookups answered (${figures.answeredPerSecond}/s; ` +
      `${figures.answeredInLastFiveSeconds} in the last 5 s), ${figures.refused} refused with 429, ${figures.other} other`,
  );
  const file = writeResults('certificates-walk.json', { ...machine(loadAverageBefore), walk: figures });
  console.log(`Written to ${file}`);
  if (figures.other > 0) process.exitCode = 1;
}

const PDFS_AT_ONCE = 10;

interface LoopFigures {
  server: string;
  pdfs: Record<number, number>;
  pdfsWallMs: number;
  probes: number;
  probeMaxMs: number;
  probeP99Ms: number;
}

/**
 * Ten PDFs asked for at once while a probe asks for /api/health one request after another: how long the
 * probe waits is how long the server's event loop is held (a health answer itself takes well under 1 ms).
 */
async function pdfStall(baseUrl: string, token: string, id: number): Promise<Omit<LoopFigures, 'server'>> {
  const staff = { authorization: `Bearer ${token}` };
  await (await fetch(`${baseUrl}/api/certificates/${id}/pdf`, { headers: staff })).arrayBuffer();
  const latencies: number[] = [];
  let rendering = true;
  const probe = (async () => {
    while (rendering) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: PDFS_AT_ONCE }, async () => {
      const res = await fetch(`${baseUrl}/api/certificates/${id}/pdf`, { headers: staff });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const pdfsWallMs = Math.round(performance.now() - started);
  rendering = false;
  await probe;
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const pdfs: Record<number, number> = {};
  for (const status of statuses) pdfs[status] = (pdfs[status] ?? 0) + 1;
  return {
    pdfs,
    pdfsWallMs,
    probes: latencies.length,
    probeMaxMs: round(latencies.at(-1) ?? 0),
    probeP99Ms: round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
}

/**
 * The stall against this build, and against another build's folder given as BENCH_BASELINE_DIR (a checkout
 * built with `npm run build`, such as the release before PDFs left the event loop).
 */
export async function runPdfLoopBench(): Promise<void> {
  process.chdir(repoRoot);
  const loadAverageBefore = os.loadavg();
  const builds = [
    ...(process.env.BENCH_BASELINE_DIR ? [{ name: 'baseline', cwd: process.env.BENCH_BASELINE_DIR }] : []),
    { name: 'this build', cwd: repoRoot },
  ];
  const figures: LoopFigures[] = [];
  for (const build of builds) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-bench-certificate-pdf-'));
    const site = await startSite(
      { LOG_LEVEL: 'warn', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
      { dataDir, cwd: build.cwd, server: path.join(build.cwd, 'dist/server.js') },
    );
    try {
      const token = await signIn(site);
      const created = await fetch(`${site.baseUrl}/api/certificates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient_name: 'Łukasz Ελένη Кириллова',
          recipient_type: 'intern',
          issue_date: '2026-03-01',
          course_name: 'Course 7: web development and automation',
          duration: '6 months',
        }),
      });
      const { id } = ((await created.json()) as { data: { id: number } }).data;
      figures.push({ server: `${build.name} (${build.cwd})`, ...(await pdfStall(site.baseUrl, token, id)) });
    } finally {
      await site.stop();
    }
  }
  console.log(`\nTen certificate PDFs at once, /api/health asked meanwhile (${machineLine()})`);
  for (const f of figures) {
    console.log(
      `  ${f.server}: PDFs ${JSON.stringify(f.pdfs)} in ${f.pdfsWallMs} ms; ${f.probes} health probes, ` +
        `longest ${f.probeMaxMs} ms, p99 ${f.probeP99Ms} ms`,
    );
  }
  const file = writeResults('certificates-pdf-loop.json', { ...machine(loadAverageBefore), figures });
  console.log(`Written to ${file}`);
}

export async function runCertificatesBench(): Promise<void> {
  if (process.argv.includes('--walk-only')) return runCertificateWalk();
  if (process.argv.includes('--pdf-only')) return runPdfLoopBench();
  await runApiBench({
    slug: 'certificates',
    count: CERTIFICATES_BENCH_COUNT,
    noun: 'certificates',
    prepare: (dataDir) => prepareDatabase(dataDir, CERTIFICATES_BENCH_COUNT),
    targets: (token, { lookedUpId }) => targetsFor(token, lookedUpId),
  });
  await runCertificateWalk();
  await runPdfLoopBench();
}
