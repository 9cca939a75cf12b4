/**
 * The contact requests part of `npm run bench` (alone: `npm run bench -- --contacts`): the public
 * POST /api/contacts and the staff list at CONTACTS_BENCH_COUNT stored contacts, on SQLite.
 *
 * The server runs with TRUST_PROXY=127.0.0.1 and every submission carries an X-Forwarded-For address of
 * its own, so what is measured is storing a contact, not the per-client limiter (5 per 10 minutes) that
 * would otherwise answer 429 after the fifth request. The staff calls are made signed in as the first
 * admin. No bare-server baseline (every answer is different). Results go to bench/results/contacts.json.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'autocannon';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoContent } from '../src/server/seed/seed';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { contactPriorities, contactStatuses } from '../src/shared/contracts/contacts.values';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { failures, load, settings, type LoadFigures } from './load';
import { fixed, table } from './table';

export const CONTACTS_BENCH_COUNT = 10_000;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-0123456789' };
const INSERT_BATCH = 500;

/** Schema, demo content and `count` contacts spread over the last year, inserted in batches. */
async function prepareDatabase(dataDir: string, count: number): Promise<{ services: string[] }> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    await migrateToLatest(database.db);
    await seedDemoContent(database.db);
    const services = (await database.db.selectFrom('company_core_services').select('name').execute()).map(
      (row) => row.name,
    );
    const now = Date.now();
    for (let start = 0; start < count; start += INSERT_BATCH) {
      const rows = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, i) => {
        const n = start + i;
        const created = new Date(now - Math.floor((n / count) * 365 * 86_400_000)).toISOString();
        return {
          first_name: `First${n}`,
          last_name: `Last${n}`,
          email: `visitor${n}@example.com`,
          phone: n % 3 === 0 ? null : `+1 555 ${String(n).padStart(6, '0')}`,
          service: services.length > 0 && n % 4 !== 0 ? services[n % services.length]! : null,
          message: `Request number ${n}: we would like a quote for a new website, an app and some design work.`,
          status: contactStatuses[n % contactStatuses.length]!,
          priority: contactPriorities[n % contactPriorities.length]!,
          read_at: n % 2 === 0 ? created : null,
          created_at: created,
          updated_at: created,
        };
      });
      await database.db.insertInto('contacts').values(rows).execute();
    }
    return { services };
  } finally {
    await database.close();
  }
}

async function signIn(site: RunningSite): Promise<string> {
  const res = await fetch(`${site.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

interface ContactTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** What autocannon sends; the first request is also sent once by fetch to check it answers 2xx. */
  request: { headers?: Record<string, string>; body?: string; requests?: Request[] };
}

let addressCounter = 0;
/** A client address of its own for every submission: 10.0.0.1, 10.0.0.2, … */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function targetsFor(token: string, services: string[]): ContactTarget[] {
  const staff = { authorization: `Bearer ${token}` };
  const submission = JSON.stringify({
    first_name: 'Bench',
    last_name: 'Visitor',
    email: 'bench.visitor@example.com',
    phone: '+1 555 0100',
    service: services[0] ?? '',
    message: 'We would like a quote for a new company website with a blog and a contact form.',
  });
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: 'contact submission (new address each)',
      method: 'POST',
      path: '/api/contacts',
      request: {
        requests: [
          {
            method: 'POST',
            path: '/api/contacts',
            body: submission,
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, ...json, 'x-forwarded-for': nextAddress() },
            }),
          },
        ],
      },
    },
    { name: 'staff list, page 1', method: 'GET', path: '/api/contacts/admin', request: { headers: staff } },
    {
      name: 'staff list, status filter, page 20',
      method: 'GET',
      path: '/api/contacts/admin?status=contacted&page=20',
      request: { headers: staff },
    },
    {
      name: 'staff list, search',
      method: 'GET',
      path: '/api/contacts/admin?search=visitor123',
      request: { headers: staff },
    },
    { name: 'staff stats', method: 'GET', path: '/api/contacts/admin/stats', request: { headers: staff } },
  ];
}

/** Sends a target's request once; its status and body size. */
async function probe(site: RunningSite, target: ContactTarget) {
  const first = target.request.requests?.[0];
  const headers = {
    ...settings.headers,
    ...target.request.headers,
    ...(first ? { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.254' } : {}),
  };
  const res = await fetch(new URL(target.path, site.baseUrl), {
    method: target.method,
    headers,
    body: first?.body ?? target.request.body,
  });
  return { status: res.status, bodyBytes: (await res.arrayBuffer()).byteLength };
}

interface Measured {
  target: Pick<ContactTarget, 'name' | 'method' | 'path'>;
  status: number;
  bodyBytes: number;
  figures?: LoadFigures;
  skipped?: string;
}

function report(count: number, prepareSeconds: number, measured: Measured[], storedAfter: number): string {
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
    `Database: SQLite with the demo content and ${count} contacts (prepared in ${prepareSeconds} s); ${storedAfter} contacts after the run`,
    '',
    table(
      [['contacts', 'request', 'req/s', 'p50', 'p99', 'response'], ...rows],
      (column) => column >= 2 && column <= 4,
    ),
    ...(warnings.length > 0 ? ['', ...warnings] : []),
  ].join('\n');
}

async function countStored(dataDir: string): Promise<number> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    const row = await database.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await database.close();
  }
}

export async function runContactsBench(): Promise<void> {
  process.chdir(repoRoot); // startSite runs dist/server.js relative to the working directory
  let site: RunningSite | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void Promise.allSettled([site?.stop()]).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const loadAverageBefore = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-bench-contacts-'));
  console.log(`Preparing a database with ${CONTACTS_BENCH_COUNT} contacts in ${dataDir}…`);
  const started = Date.now();
  const { services } = await prepareDatabase(dataDir, CONTACTS_BENCH_COUNT);
  const prepareSeconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(`  prepared in ${prepareSeconds} s; starting the production build behind a trusted proxy…`);

  const measured: Measured[] = [];
  let storedAfter = 0;
  site = await startSite(
    { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { dataDir },
  );
  try {
    const token = await signIn(site);
    for (const target of targetsFor(token, services)) {
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
  } catch (error) {
    console.error(`Server output:\n${site.output()}`);
    throw error;
  } finally {
    await site.stop({ keepData: true });
    storedAfter = await countStored(dataDir).catch(() => 0);
    await site.stop();
    site = undefined;
  }

  console.log(`\n${report(CONTACTS_BENCH_COUNT, prepareSeconds, measured, storedAfter)}\n`);
  const file = writeResults('contacts.json', {
    ...machine(loadAverageBefore),
    settings: { ...settings, database: `sqlite (demo content + ${CONTACTS_BENCH_COUNT} contacts)`, trustProxy: true },
    prepareSeconds,
    contactsAfter: storedAfter,
    targets: measured,
  });
  console.log(`Written to ${file}`);
  if (measured.some((m) => m.skipped || (m.figures && failures(m.figures) > 0))) process.exitCode = 1;
}
