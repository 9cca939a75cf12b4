/**
 * `npm run bench -- --faults`: the production build under hostile input, races, a shutdown under load
 * and a crash during writes, on SQLite and, when a server is named, on PostgreSQL and MariaDB/MySQL
 * (BENCH_POSTGRES_URL / BENCH_MYSQL_URL, falling back to the tests' TEST_POSTGRES_URL / TEST_MYSQL_URL;
 * a fresh database is created on that server for each scenario and dropped afterwards).
 *
 * One table per database: requests sent, answers by class, resets (requests that got no answer at all),
 * acknowledged writes found after a restart, and the server's peak RSS. Every loop is bounded and every
 * request goes to 127.0.0.1. The scenarios themselves live in tests/e2e/support/faults.ts, shared with
 * the fault journeys (tests/e2e/server-faults.test.ts); the disk faults and crafted archives are
 * bench/disk-faults.ts. Results go to bench/results/faults.json.
 */
import os from 'node:os';
import type { DialectName } from '../src/server/db/database';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/test-database';
import {
  killDuringWrites,
  send,
  sigtermUnderLoad,
  sigtermUnderSteadyLoad,
  tally,
  type Outcome,
  type RequestSpec,
  type Tally,
} from '../tests/e2e/support/faults';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { benchDialects, machine, machineLine, repoRoot, writeResults } from './environment';
import { readMemory } from './process-memory';
import { table } from './table';
import { uploadMemoryScenario, uploadMemoryTable } from './upload-memory';
import { articlePath } from './targets';
import { diskFaultRows } from './disk-faults';

export interface FaultRow {
  scenario: string;
  tally: Tally;
  /** "found / acknowledged" after a restart, for the scenarios that check it. */
  writesFound?: string;
  peakRssMiB?: number;
  note?: string;
}

/** The API path of the demo article the page bench also loads. */
const articleApi = `/api/blog/posts/${articlePath.slice('/blog/'.length)}`;

const ADMIN = { email: 'bench-admin@example.test', password: 'Bench-admin-password-42' };
// 127.0.0.1 is a trusted proxy, so each request can name its own client address and the per-address
// rate limits (5 sign-ups, 20 logins a minute…) do not turn the scenarios into 429s.
const SITE_ENV = { TRUST_PROXY: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

let addressCounter = 0;
function fromNewAddress(spec: RequestSpec): RequestSpec {
  addressCounter += 1;
  const n = addressCounter;
  return { ...spec, headers: { ...spec.headers, 'x-forwarded-for': `10.200.${(n >> 8) & 255}.${n & 255}` } };
}

interface Answered {
  spec: RequestSpec;
  outcome: Outcome;
}

async function runAll(baseUrl: string, specs: RequestSpec[], concurrency: number): Promise<Answered[]> {
  const answered: Answered[] = [];
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next] as RequestSpec;
      next += 1;
      answered.push({ spec, outcome: await send(baseUrl, spec) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answered;
}

/** A row for a set of answered requests; the requests that got a 5xx or no answer are named in the note. */
function rowFor(scenario: string, answered: Answered[], site: RunningSite): FaultRow {
  const failed = answered
    .filter(({ outcome }) => outcome.error || (outcome.status ?? 0) >= 500)
    .map(({ spec }) => `${spec.method ?? 'GET'} ${spec.path.slice(0, 48)}`);
  const distinct = [...new Set(failed)];
  const note =
    distinct.length > 0 ? `5xx: ${distinct.slice(0, 4).join(', ')}${distinct.length > 4 ? ' …' : ''}` : undefined;
  return { scenario, tally: tally(answered.map((a) => a.outcome)), peakRssMiB: peak(site), note };
}

const peak = (site: RunningSite) => (site.pid ? readMemory(site.pid).peakRssMiB : undefined);

async function adminToken(baseUrl: string): Promise<string> {
  const outcome = await send(
    baseUrl,
    fromNewAddress({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    }),
  );
  if (outcome.status !== 200) throw new Error(`admin sign-in failed: ${outcome.status} ${outcome.body}`);
  return (JSON.parse(outcome.body ?? '{}') as { data: { token: string } }).data.token;
}

const json = (
  method: string,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): RequestSpec => ({
  method,
  path,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** A bounded set: hostile ids, NULs, overflows, huge strings and broken JSON against a sample of routes. */
function hostileRequests(token: string): RequestSpec[] {
  const ids = [
    '%00',
    'abc%00def',
    '99999999999999999999999',
    '9223372036854775808',
    '-1',
    '0',
    '1.5',
    '1e309',
    'NaN',
    '%E0%A4%A',
    '..%2F..%2Fetc%2Fpasswd',
    'x'.repeat(5000),
  ];
  const gets = ids.flatMap((id) => [
    `/api/blog/posts/${id}`,
    `/api/blog/posts/${id}/comments`,
    `/api/portfolio/projects/${id}`,
    `/blog/${id}`,
    `/portfolio/${id}`,
    `/api/blog/posts?page=${id}&limit=${id}`,
    `/api/blog/posts?search=${id}&category=${id}`,
    `/uploads/files/${id}`,
  ]);
  const huge = 'y'.repeat(200_000);
  const bodies: RequestSpec[] = [
    json('POST', '/api/newsletter/subscribe', '{"email":'),
    json('POST', '/api/newsletter/subscribe', 'null'),
    json('POST', '/api/newsletter/subscribe', '[]'),
    json('POST', '/api/newsletter/subscribe', { email: 'a\u0000b@example.test' }),
    json('POST', '/api/newsletter/subscribe', { email: `${huge}@example.test` }),
    json('POST', '/api/newsletter/subscribe', { email: ['a@example.test'] }),
    json('POST', '/api/newsletter/subscribe', { email: { $gt: '' } }),
    json('POST', '/api/newsletter/subscribe', { email: 'x'.repeat(2_000_000) }),
    json('POST', '/api/auth/login', { username: '\u0000', password: 'x' }),
    json('POST', '/api/auth/login', { username: huge, password: huge }),
    json('POST', `${articleApi}/comments`, {
      name: 'n\u0000',
      email: 'c@example.test',
      message: 'hello\u0000world',
    }),
    json('POST', `${articleApi}/comments`, {
      name: huge,
      email: huge,
      message: huge,
    }),
    json('POST', '/api/blog/posts/99999999999999999999/like', {}),
    json('POST', '/api/portfolio/projects/%00/like', {}),
    json('PUT', '/api/blog/posts/99999999999999999999', { title: 'x' }, token),
    json('PUT', '/api/blog/posts/1', { title: 'a\u0000b', category_id: '9'.repeat(20) }, token),
    json('POST', '/api/blog/posts', { title: huge, content: huge, category_id: 1e308 }, token),
    json('POST', '/api/blog/categories', { name: '\u0000' }, token),
    json('DELETE', '/api/blog/posts/-1', undefined, token),
    json('GET', '/api/auth/users?page=99999999999999999999&limit=-5', undefined, token),
  ];
  return [...gets.map((path) => ({ path })), ...bodies].map(fromNewAddress);
}

async function hostileMix(site: RunningSite): Promise<FaultRow[]> {
  const token = await adminToken(site.baseUrl);
  return [rowFor('hostile request mix', await runAll(site.baseUrl, hostileRequests(token), 8), site)];
}

/** 20 identical writes at the same instant, for each of: register, like, category create, post create. */
async function identicalWrites(site: RunningSite): Promise<FaultRow[]> {
  const token = await adminToken(site.baseUrl);
  const categories = await send(site.baseUrl, { path: '/api/blog/categories' });
  const categoryId = (JSON.parse(categories.body ?? '{}') as { data?: { id: number }[] }).data?.[0]?.id ?? 1;
  const same = (spec: RequestSpec) => Array.from({ length: 20 }, () => spec);
  const groups: [string, RequestSpec[]][] = [
    [
      'identical register x20',
      same(
        json(
          'POST',
          '/api/auth/register',
          { username: 'racer', email: 'racer@example.test', password: 'Racer-password-123' },
          token,
        ),
      ),
    ],
    [
      'identical like x20 (one visitor)',
      same(json('POST', `${articleApi}/like`, {}, undefined, { 'x-forwarded-for': '10.201.0.1' })),
    ],
    ['identical category create x20', same(json('POST', '/api/blog/categories', { name: 'Race category' }, token))],
    [
      'identical post create x20',
      same(
        json(
          'POST',
          '/api/blog/posts',
          {
            title: 'Race post',
            slug: 'race-post',
            excerpt: 'One post, twenty identical requests.',
            content: `<p>${'The same post, sent twenty times at once. '.repeat(3)}</p>`,
            category_id: categoryId,
            image_url: 'https://images.example.com/race.jpg',
          },
          token,
        ),
      ),
    ],
  ];

  const rows: FaultRow[] = [];
  for (const [label, group] of groups) {
    const withAddress = group.map((spec) => (spec.headers?.['x-forwarded-for'] ? spec : fromNewAddress(spec)));
    rows.push(rowFor(label, await runAll(site.baseUrl, withAddress, withAddress.length), site));
  }
  return rows;
}

async function withSite(
  env: Record<string, string>,
  run: (site: RunningSite) => Promise<FaultRow[]>,
): Promise<FaultRow[]> {
  const site = await startSite({ ...SITE_ENV, ...env });
  try {
    return await run(site);
  } finally {
    await site.stop();
  }
}

/** A fresh database for one scenario: SQLite in the server's own data directory, or one on a server. */
async function freshDatabase(
  dialect: DialectName,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { env: {}, drop: async () => undefined };
  const database: TestDatabase = await createTestDatabase(dialect, { migrate: false });
  return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
}

async function scenariosFor(dialect: DialectName): Promise<FaultRow[]> {
  const rows: FaultRow[] = [];
  const scenario = async (label: string, run: (env: Record<string, string>) => Promise<FaultRow | FaultRow[]>) => {
    console.log(`  ${label}…`);
    const database = await freshDatabase(dialect);
    try {
      rows.push(...[await run(database.env)].flat());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      rows.push({ scenario: label, tally: tally([]), note: `FAILED: ${message.split('\n')[0]}` });
    } finally {
      await database.drop();
    }
  };

  await scenario('hostile request mix', (env) => withSite(env, hostileMix));
  await scenario('identical writes', (env) => withSite(env, identicalWrites));
  const sigterm =
    (
      label: string,
      load: (site: RunningSite, beforeSignal: () => void) => Promise<{ tally: Tally; exitCode: number | null }>,
    ) =>
    async (env: Record<string, string>): Promise<FaultRow> => {
      const site = await startSite({ ...SITE_ENV, ...env });
      let peakRssMiB: number | undefined;
      const result = await load(site, () => (peakRssMiB = peak(site)));
      await site.stop();
      return { scenario: label, tally: result.tally, peakRssMiB, note: `exit ${result.exitCode}` };
    };
  const queued = 'SIGTERM, 150 queued page requests';
  await scenario(
    queued,
    sigterm(queued, (site, before) => sigtermUnderLoad(site, 150, { path: '/' }, before)),
  );
  const steady = 'SIGTERM, 40 keep-alive clients';
  await scenario(
    steady,
    sigterm(steady, (site, before) => sigtermUnderSteadyLoad(site, 40, { path: articlePath }, before)),
  );
  await scenario('kill -9 during sign-ups, restart', async (env) => {
    let peakRssMiB: number | undefined;
    const result = await killDuringWrites({
      env: { ...SITE_ENV, ...env },
      databaseUrl: env.DATABASE_URL,
      killAfter: 300,
      concurrency: 16,
      beforeKill: (site) => (peakRssMiB = peak(site)),
    });
    return {
      scenario: 'kill -9 during sign-ups, restart',
      tally: result.tally,
      writesFound: `${result.found} / ${result.acknowledged}`,
      peakRssMiB,
      note:
        dialect === 'sqlite'
          ? `integrity_check: ${result.integrity}; resets = requests in flight at the kill`
          : 'resets = requests in flight at the kill',
    };
  });
  // Disk faults and crafted archives (bench/disk-faults.ts): a fresh database and site for each.
  await scenario('disk faults and crafted archives', (env) => diskFaultRows(env));
  return rows;
}

function faultTable(rows: FaultRow[]): string {
  return table(
    [
      ['scenario', 'sent', '2xx', '4xx', '5xx', 'resets', 'writes found', 'peak RSS', 'detail'],
      ...rows.map((r) => [
        r.scenario,
        String(r.tally.sent),
        String(r.tally.ok),
        String(r.tally.clientErrors),
        String(r.tally.serverErrors),
        String(r.tally.resets),
        r.writesFound ?? '',
        r.peakRssMiB === undefined ? '' : `${r.peakRssMiB} MiB`,
        [
          Object.entries(r.tally.detail)
            .map(([status, count]) => `${status}:${count}`)
            .join(' '),
          r.note ?? '',
        ]
          .filter(Boolean)
          .join('; '),
      ]),
    ],
    (column) => column >= 1 && column <= 7,
  );
}

export async function runFaultBench(): Promise<void> {
  process.chdir(repoRoot);
  const loadAverageBefore = os.loadavg();
  const dialects = benchDialects();
  const results: Record<string, FaultRow[]> = {};
  for (const dialect of dialects) {
    console.log(`Fault scenarios on ${dialect}:`);
    results[dialect] = await scenariosFor(dialect);
  }
  // Uploads barely touch the database: their memory rounds run once, on SQLite.
  console.log('Upload memory rounds (SQLite):');
  const uploads = await uploadMemoryScenario(undefined, (line) => console.log(`  ${line}`));
  console.log(`\n${machineLine()}`);
  for (const [dialect, rows] of Object.entries(results)) console.log(`\n${dialect}\n${faultTable(rows)}`);
  console.log(`\nupload memory: peak server RSS per round (target under ${uploads.targetMiB} MiB)`);
  console.log(uploadMemoryTable(uploads));
  const file = writeResults('faults.json', { ...machine(loadAverageBefore), results, uploads });
  console.log(`\nWritten to ${file}`);
  const bad = Object.values(results)
    .flat()
    .some((r) => r.note?.startsWith('FAILED') || (r.tally.serverErrors > 0 && !r.scenario.startsWith('SIGTERM')));
  if (bad || uploads.rounds.some((r) => r.peakRssMiB > uploads.targetMiB)) process.exitCode = 1;
}
