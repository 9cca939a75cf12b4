import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../../src/server/db/database';
import { startSite, type RunningSite } from './harness';

/**
 * Load-and-fault scenarios against a running production server, shared by the fault journeys
 * (tests/e2e/server-faults.test.ts) and `npm run bench -- --faults`. Loopback only, bounded loops.
 */

/** What became of one request: a complete response, or the socket error that ended it. */
export interface Outcome {
  status?: number;
  headers?: IncomingHttpHeaders;
  body?: string;
  /** ECONNRESET, ECONNREFUSED, "socket hang up"… */
  error?: string;
}

export interface RequestSpec {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One request on its own connection. `written` settles once the whole request has left this process
 * (so it was sent before whatever the caller does next); `outcome` once the answer or the error is in.
 */
export function sendTracked(
  baseUrl: string,
  spec: RequestSpec,
  agent: http.Agent | false = false,
): { written: Promise<void>; outcome: Promise<Outcome> } {
  let markWritten: () => void = () => undefined;
  const written = new Promise<void>((resolve) => (markWritten = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const headers: Record<string, string> = { ...spec.headers };
    if (spec.body !== undefined) headers['content-length'] = String(Buffer.byteLength(spec.body));
    // The path goes out exactly as written: a URL object would normalise the hostile ones.
    const { hostname, port } = new URL(baseUrl);
    const req = http.request({ hostname, port, path: spec.path, method: spec.method ?? 'GET', headers, agent });
    req.on('finish', markWritten);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: res.statusCode, error: error.code ?? error.message }),
      );
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      markWritten();
      resolve({ error: error.code ?? error.message });
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.end(spec.body);
  });
  return { written, outcome };
}

export const send = (baseUrl: string, spec: RequestSpec, agent: http.Agent | false = false): Promise<Outcome> =>
  sendTracked(baseUrl, spec, agent).outcome;

/** Counts per class of answer; `resets` are requests that got no complete answer at all. */
export interface Tally {
  sent: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  resets: number;
  /** Status (or error) → count, for the report. */
  detail: Record<string, number>;
}

export function tally(outcomes: Outcome[]): Tally {
  const result: Tally = { sent: outcomes.length, ok: 0, clientErrors: 0, serverErrors: 0, resets: 0, detail: {} };
  for (const o of outcomes) {
    const key = o.error ? `${o.status ?? ''}${o.status ? ' ' : ''}${o.error}` : String(o.status);
    result.detail[key] = (result.detail[key] ?? 0) + 1;
    if (o.error || o.status === undefined) result.resets += 1;
    else if (o.status >= 500) result.serverErrors += 1;
    else if (o.status >= 400) result.clientErrors += 1;
    else if (o.status >= 200 && o.status < 300) result.ok += 1;
  }
  return result;
}

/**
 * Sends `count` requests on as many connections, waits until every one has been written, then stops
 * the server with SIGTERM. Every request was sent before the signal, so each deserves an answer.
 */
export async function sigtermUnderLoad(
  site: RunningSite,
  count: number,
  spec: RequestSpec = { path: '/' },
  beforeSignal: () => void = () => undefined,
): Promise<{ tally: Tally; outcomes: Outcome[]; exitCode: number | null }> {
  const requests = Array.from({ length: count }, () => sendTracked(site.baseUrl, spec));
  await Promise.all(requests.map((r) => r.written));
  beforeSignal();
  const exitCode = await site.stop({ keepData: true });
  const outcomes = await Promise.all(requests.map((r) => r.outcome));
  return { tally: tally(outcomes), outcomes, exitCode };
}

/**
 * `clients` keep-alive clients each send requests back to back (a browser, a crawler, a proxy's pool);
 * once every one has had an answer, the server gets SIGTERM. A client that can no longer connect stops:
 * ECONNREFUSED means nothing was sent, so it is not a dropped request; a reset is.
 */
export async function sigtermUnderSteadyLoad(
  site: RunningSite,
  clients: number,
  spec: RequestSpec = { path: '/' },
  beforeSignal: () => void = () => undefined,
): Promise<{ tally: Tally; outcomes: Outcome[]; exitCode: number | null }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const outcomes: Outcome[] = [];
  let answered = 0;
  const worker = async () => {
    let first = true;
    for (;;) {
      const outcome = await send(site.baseUrl, spec, agent);
      if (outcome.error === 'ECONNREFUSED') return;
      outcomes.push(outcome);
      if (first) answered += 1;
      first = false;
    }
  };
  const workers = Promise.all(Array.from({ length: clients }, worker));
  while (answered < clients) await new Promise((resolve) => setTimeout(resolve, 20));
  beforeSignal();
  const exitCode = await site.stop({ keepData: true });
  await workers;
  agent.destroy();
  return { tally: tally(outcomes), outcomes, exitCode };
}

/** A newsletter sign-up that an anonymous visitor can make: each needs a distinct address. */
export function subscribeRequest(n: number, runId: string): RequestSpec & { email: string } {
  const email = `burst-${runId}-${n}@example.test`;
  return {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    // The server trusts 127.0.0.1 as a proxy (TRUST_PROXY) so each sign-up counts against its own address
    // and the per-address limit of 5 a minute does not turn the burst into 429s.
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({ email }),
    email,
  };
}

/**
 * Sign-ups with distinct addresses, `concurrency` at a time, until `stop()` is called or `limit` is
 * reached. Resolves with the e-mail addresses whose sign-up was acknowledged (2xx) and the tally.
 */
export function writeBurst(
  baseUrl: string,
  options: { runId: string; concurrency: number; limit: number },
): { stop: () => void; progress: () => number; done: Promise<{ acknowledged: string[]; tally: Tally }> } {
  let stopped = false;
  let next = 0;
  const acknowledged: string[] = [];
  const outcomes: Outcome[] = [];
  const worker = async () => {
    while (!stopped && next < options.limit) {
      const request = subscribeRequest(next, options.runId);
      next += 1;
      const outcome = await send(baseUrl, request);
      outcomes.push(outcome);
      if (outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300 && !outcome.error) {
        acknowledged.push(request.email);
      }
      if (outcome.error === 'ECONNREFUSED') stopped = true;
    }
  };
  const done = Promise.all(Array.from({ length: options.concurrency }, worker)).then(() => ({
    acknowledged,
    tally: tally(outcomes),
  }));
  return { stop: () => (stopped = true), progress: () => acknowledged.length, done };
}

/**
 * After a crash and a restart: how many of the acknowledged sign-ups the database holds, and SQLite's own
 * verdict on the file (`PRAGMA integrity_check`; the server databases check themselves on recovery).
 */
export async function acknowledgedWritesFound(
  databaseUrl: string,
  emails: string[],
): Promise<{ found: number; integrity: string }> {
  const database = createDatabase(databaseUrl);
  try {
    let found = 0;
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await database.db
        .selectFrom('newsletter_subscribers')
        .select('email')
        .where('email', 'in', emails.slice(i, i + 500))
        .execute();
      found += rows.length;
    }
    let integrity = 'n/a';
    if (database.dialect === 'sqlite') {
      const result = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(database.db);
      integrity = result.rows.map((r) => r.integrity_check).join('; ');
    }
    return { found, integrity };
  } finally {
    await database.close();
  }
}

/**
 * Starts the server, keeps sign-ups coming, SIGKILLs it once `killAfter` have been acknowledged, and
 * starts it again on the same data. Returns what was acknowledged and how much of it survived.
 */
export async function killDuringWrites(options: {
  env: Record<string, string>;
  /** The database the server uses; SQLite in its data directory when absent. */
  databaseUrl?: string;
  killAfter: number;
  concurrency: number;
  /** Called with the first server just before it is killed (the bench reads its memory). */
  beforeKill?: (site: RunningSite) => void;
}): Promise<{ acknowledged: number; found: number; integrity: string; tally: Tally }> {
  const env = {
    TRUST_PROXY: '127.0.0.1',
    ...options.env,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const first = await startSite(env);
  const burst = writeBurst(first.baseUrl, {
    runId: randomBytes(4).toString('hex'),
    concurrency: options.concurrency,
    limit: options.killAfter * 20,
  });
  let finished = false;
  void burst.done.then(() => (finished = true));
  while (burst.progress() < options.killAfter && !finished) await new Promise((r) => setTimeout(r, 20));
  options.beforeKill?.(first);
  await first.kill('SIGKILL');
  burst.stop();
  const { acknowledged, tally: burstTally } = await burst.done;
  const second = await startSite(env, { dataDir: first.dataDir });
  await second.stop({ keepData: true });
  const url = options.databaseUrl ?? `sqlite:${path.join(first.dataDir, 'app.db')}`;
  const checked = await acknowledgedWritesFound(url, acknowledged);
  rmSync(first.dataDir, { recursive: true, force: true });
  return { acknowledged: acknowledged.length, ...checked, tally: burstTally };
}

/**
 * Reads and sign-ups keep coming while every PostgreSQL connection of the server's database is ended by
 * the database server itself (what a failover or an administrator's pg_terminate_backend does).
 */
export async function terminateDuringLoad(
  site: RunningSite,
  databaseUrl: string,
  options: { requests: number; concurrency: number },
): Promise<{ tally: Tally; terminated: number; readyAfter: number | undefined }> {
  const runId = randomBytes(4).toString('hex');
  const outcomes: Outcome[] = [];
  let next = 0;
  let terminated = 0;
  const terminateAt = Math.floor(options.requests / 3);
  const terminate = async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const result = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      terminated += result.rows.filter((r) => r.ended).length;
    } finally {
      await admin.end();
    }
  };
  const worker = async () => {
    while (next < options.requests) {
      const n = next;
      next += 1;
      if (n === terminateAt) await terminate();
      const spec = n % 2 === 0 ? { path: '/api/blog/posts' } : subscribeRequest(n, runId);
      outcomes.push(await send(site.baseUrl, spec));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const ready = await send(site.baseUrl, { path: '/api/ready' });
  return { tally: tally(outcomes), terminated, readyAfter: ready.status };
}
