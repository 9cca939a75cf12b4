/**
 * The rolling restart of `npm run bench -- --instances`: mixed load through both instances (reads,
 * quote-form submissions, admin edits, uploads) while A, then B, is stopped with SIGTERM and started again
 * on the same port; a request that got no answer or a 503 is sent once more to the other instance, as a
 * load balancer would. Afterwards: every acknowledged write looked up in the database, every acknowledged
 * upload fetched from the instance that did not take it. Bounded: the load stops after the second restart.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema';
import { nextAddress } from './api-bench';
import { Balancer, jsonSpec, outcomeOf, parseJson, request, type Balanced, type Spec } from './instance-client';
import type { Instance } from './instance-process';
import { settings } from './load';

export const KINDS = ['reads', 'quote form', 'admin edits', 'uploads'] as const;
export type Kind = (typeof KINDS)[number];

/** Concurrent clients of each kind; the admin pauses between edits (a person saving forms, quickly). */
const WORKERS: Record<Kind, number> = { reads: 8, 'quote form': 3, 'admin edits': 1, uploads: 1 };
const ADMIN_PAUSE_MS = 100;
/** Load before the first restart, between the two and after the second. */
const SETTLE_MS = 3_000;

export interface KindTally {
  sent: number;
  retried: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  /** Final outcome without an answer (after the retry). */
  noAnswer: number;
  /** Final outcome a 5xx or no answer: what the visitor saw fail. */
  failed: number;
  /** Final outcome → count; retried requests as "first→final". */
  detail: Record<string, number>;
}

export interface RollingResult {
  seconds: number;
  tallies: Record<Kind, KindTally>;
  restarts: Array<{ name: string; stopMs: number; readyMs: number }>;
  contacts: { acknowledged: number; found: number };
  categories: { acknowledged: number; found: number };
  uploads: { acknowledged: number; served: number; notServed: string[] };
}

const emptyTally = (): KindTally => ({
  sent: 0,
  retried: 0,
  ok: 0,
  clientErrors: 0,
  serverErrors: 0,
  noAnswer: 0,
  failed: 0,
  detail: {},
});

function count(tally: KindTally, result: Balanced) {
  const { reply } = result;
  tally.sent += 1;
  if (result.retried) tally.retried += 1;
  const key = result.retried ? `${result.firstOutcome}→${outcomeOf(reply)}` : outcomeOf(reply);
  tally.detail[key] = (tally.detail[key] ?? 0) + 1;
  if (reply.error !== undefined || reply.status === undefined) tally.noAnswer += 1;
  else if (reply.status >= 500) tally.serverErrors += 1;
  else if (reply.status >= 400) tally.clientErrors += 1;
  else if (reply.status >= 200 && reply.status < 300) tally.ok += 1;
  if (reply.error !== undefined || reply.status === undefined || reply.status >= 500) tally.failed += 1;
}

export function totalTally(tallies: Record<Kind, KindTally>): KindTally {
  const total = emptyTally();
  for (const t of Object.values(tallies)) {
    for (const key of ['sent', 'retried', 'ok', 'clientErrors', 'serverErrors', 'noAnswer', 'failed'] as const) {
      total[key] += t[key];
    }
    for (const [key, n] of Object.entries(t.detail)) total.detail[key] = (total.detail[key] ?? 0) + n;
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function found(db: Kysely<DB>, table: 'contacts' | 'blog_categories', values: string[]): Promise<number> {
  const seen = new Set<string>();
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    if (table === 'contacts') {
      for (const row of await db.selectFrom('contacts').select('email').where('email', 'in', chunk).execute()) {
        seen.add(row.email);
      }
    } else {
      for (const row of await db.selectFrom('blog_categories').select('name').where('name', 'in', chunk).execute()) {
        seen.add(row.name);
      }
    }
  }
  return seen.size;
}

export async function rollingRestart(options: {
  instances: Instance[];
  token: string;
  db: Kysely<DB>;
  upload: { body: Buffer; contentType: string };
  readPaths: string[];
  log: (line: string) => void;
}): Promise<RollingResult> {
  const { instances, token } = options;
  const runId = randomBytes(4).toString('hex');
  const balancer = new Balancer(() => instances.map((i) => i.baseUrl));
  const tallies = Object.fromEntries(KINDS.map((kind) => [kind, emptyTally()])) as Record<Kind, KindTally>;
  const contacts: string[] = [];
  const categories: string[] = [];
  const uploads: Array<{ url: string; via: number }> = [];
  let stopped = false;
  let n = 0;

  const worker = async (kind: Kind, index: number) => {
    let round = 0;
    while (!stopped) {
      round += 1;
      n += 1;
      let spec: Spec;
      let acknowledged: (result: Balanced) => void = () => undefined;
      if (kind === 'reads') {
        const path = options.readPaths[(index + round) % options.readPaths.length]!;
        spec = { path, headers: { ...settings.headers } };
      } else if (kind === 'quote form') {
        const email = `rolling-${runId}-${n}@example.com`;
        spec = jsonSpec('POST', '/api/contacts', {
          first_name: 'Rolling',
          last_name: `Visitor ${n}`,
          email,
          message: 'We would like a quote for a new company website, sent during a rolling restart.',
        });
        acknowledged = () => contacts.push(email);
      } else if (kind === 'admin edits') {
        const name = `Rolling ${runId} ${n}`;
        spec = jsonSpec(
          'POST',
          '/api/blog/categories',
          { name, description: 'Created during a rolling restart' },
          token,
        );
        acknowledged = () => categories.push(name);
      } else {
        spec = {
          method: 'POST',
          path: '/api/uploads/single',
          headers: {
            'content-type': options.upload.contentType,
            authorization: `Bearer ${token}`,
            'x-forwarded-for': nextAddress(),
          },
          body: options.upload.body,
        };
        acknowledged = (result) => {
          const url = parseJson<{ data?: { file?: { url?: string } } }>(result.reply).data?.file?.url;
          if (url) uploads.push({ url, via: result.via });
        };
      }
      const result = await balancer.send(spec);
      count(tallies[kind], result);
      const status = result.reply.status ?? 0;
      if (result.reply.error === undefined && status >= 200 && status < 300) acknowledged(result);
      if (kind === 'admin edits') await sleep(ADMIN_PAUSE_MS);
    }
  };

  const started = Date.now();
  const restarts: RollingResult['restarts'] = [];
  const running = Promise.all(
    KINDS.flatMap((kind) => Array.from({ length: WORKERS[kind] }, (_, index) => worker(kind, index))),
  );
  try {
    await sleep(SETTLE_MS);
    for (const instance of instances) {
      options.log(`restarting ${instance.name}: SIGTERM…`);
      const stopMs = await instance.stop();
      options.log(`${instance.name} exited after ${stopMs} ms; starting it again on the same port…`);
      const readyMs = await instance.start();
      options.log(`${instance.name} ready after ${readyMs} ms`);
      restarts.push({ name: instance.name, stopMs, readyMs });
      await sleep(SETTLE_MS);
    }
  } finally {
    stopped = true;
    await running;
    balancer.close();
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;

  options.log('checking the acknowledged writes and uploads…');
  const notServed: string[] = [];
  for (const upload of uploads) {
    // From the instance that did not store it: object storage must make it everyone's.
    const other = instances[(upload.via + 1) % instances.length]!;
    const url = new URL(upload.url, other.baseUrl);
    const reply = await request(url.origin, { path: url.pathname + url.search });
    if (reply.status !== 200 || !reply.body?.length)
      notServed.push(`${upload.url} from ${other.name}: ${outcomeOf(reply)}`);
  }
  return {
    seconds,
    tallies,
    restarts,
    contacts: { acknowledged: contacts.length, found: await found(options.db, 'contacts', contacts) },
    categories: { acknowledged: categories.length, found: await found(options.db, 'blog_categories', categories) },
    uploads: { acknowledged: uploads.length, served: uploads.length - notServed.length, notServed },
  };
}
