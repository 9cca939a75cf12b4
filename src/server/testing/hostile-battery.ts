import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, DialectName } from '../db/database';
import { bearer, createSignedIn, freshIp } from './auth-helpers';
import { RAW_BODIES, RAW_SEGMENTS, encodePart, hostileObjectBody, hostileString, hostileValue } from './hostile-input';
import { operationsOfDocument, type Operation } from './hostile-staff';
import { useTestApp } from './test-app';
import { testDialects } from './test-database';

/*
 * The hostile-input battery: every operation of the OpenAPI description (so every new route too) gets
 * malformed JSON, wrong types, huge and unicode-edge strings, boundary and overflow numbers,
 * prototype-pollution keys, SQL metacharacters and markup, as an admin (so that validation is what
 * stands in the way, not the guard). On every database: no 5xx, the error envelope on every refusal,
 * no stack, SQL or validator internals in it, and nothing stored by a refused request.
 *
 * FUZZ_RUNS (default 25) sets the cases per operation; FUZZ_SEED replays a failure's seed; FUZZ_PATHS (a
 * text, e.g. /api/certificates) walks only the operations whose path contains it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const PATHS = process.env.FUZZ_PATHS ?? '';

function operationsOf(app: FastifyInstance): Operation[] {
  return operationsOfDocument(app.swagger());
}

interface HostileRequest {
  segments: string[];
  query: string;
  contentType?: string;
  payload?: string;
}

const segment = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 3, arbitrary: hostileString().map(encodePart) },
    // Ids, slugs and certificate numbers that exist, so that the body is what the route then chokes on.
    { weight: 2, arbitrary: fc.constantFrom('1', '2', '3', 'SST-2025-48213') },
  );

function queryString(op: Operation): fc.Arbitrary<string> {
  if (!op.query.length) return fc.constantFrom('', '?%FF=%00', '?__proto__[polluted]=yes');
  const names = op.query.map((q) => q.name);
  const value = fc.oneof(
    { weight: 4, arbitrary: hostileString().map(encodePart) },
    { weight: 1, arbitrary: fc.constantFrom('%FF', '%C0%AF', '%00', '%', '%%', '1&page=2') },
  );
  return fc
    .tuple(
      fc.subarray(names, { minLength: 1, maxLength: Math.min(4, names.length) }),
      fc.array(value, { minLength: 4, maxLength: 4 }),
      fc.boolean(),
    )
    .map(([picked, values, repeat]) => {
      const pairs = picked.map((name, i) => `${encodePart(name)}=${values[i] ?? ''}`);
      // A repeated key arrives as an array.
      if (repeat && picked[0]) pairs.push(`${encodePart(picked[0])}=${values[0] ?? ''}`);
      return `?${pairs.join('&')}`;
    });
}

function body(op: Operation): fc.Arbitrary<Pick<HostileRequest, 'contentType' | 'payload'>> {
  const raw = fc.record({
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
    payload: fc.constantFrom(...RAW_BODIES),
  });
  if (!op.jsonBody) return op.otherBody ? raw : fc.constant({});
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' }));
  return fc.oneof(
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: json(hostileValue()) },
    { weight: 6, arbitrary: json(op.jsonBody.properties ? hostileObjectBody(op.jsonBody) : hostileValue()) },
  );
}

function hostileRequest(op: Operation): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(
      fc.array(segment(), { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
      queryString(op),
      body(op),
    )
    .map(([segments, query, b]) => ({ segments, query, ...b }));
}

function urlOf(op: Operation, request: HostileRequest): string {
  let i = 0;
  const path = op.path.replace(/\{\w+\}/g, () => request.segments[i++] ?? '1');
  return `${path}${request.query}`;
}

/** Texts that only an internal error carries: stack frames, driver and SQL messages, validator defaults. */
const LEAKS = [
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /node_modules|\/src\/server\//,
  /SQLITE_|\bER_[A-Z_]{3,}\b/,
  /syntax error|violates .* constraint|duplicate key|invalid byte sequence|out of range for type|relation "/i,
  /Incorrect \w+ value|Data too long|Truncated incorrect/i,
  /kysely|ZodError|TypeError|ReferenceError|Cannot read propert/i,
  /Invalid input|Invalid option|Too big:|Too small:|expected \w+, received/,
];

/** Tables that a refused request may write to on purpose (failed sign-ins are counted). */
const WRITTEN_BY_REFUSALS = new Set(['login_attempts']);

async function fingerprintQuery(database: Database) {
  const tables = await database.db.introspection.getTables();
  const selects = tables
    .filter((t) => !t.isView && !WRITTEN_BY_REFUSALS.has(t.name) && !t.name.startsWith('kysely_'))
    .map((t) => {
      const updated = t.columns.some((c) => c.name === 'updated_at') ? 'max(updated_at)' : "''";
      return `select '${t.name}' as t, count(*) as n, ${updated} as u from ${t.name}`;
    });
  const query = sql.raw<{ t: string; n: number | string; u: string | null }>(selects.join(' union all '));
  return async () => {
    const { rows } = await query.execute(database.db);
    return rows.map((r) => `${r.t}:${Number(r.n)}:${r.u ?? ''}`).join('|');
  };
}

function problemsWith(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
  if (response.statusCode < 400) return problems;
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    return [...problems, 'refusal is not JSON'];
  }
  const envelope = parsed as { success?: unknown; message?: unknown; code?: unknown; errors?: unknown };
  if (envelope.success !== false || typeof envelope.message !== 'string' || typeof envelope.code !== 'string') {
    problems.push('refusal is not the { success: false, message, code } envelope');
  }
  if (envelope.errors !== undefined) {
    const fieldsNamed =
      Array.isArray(envelope.errors) &&
      envelope.errors.every(
        (e: { field?: unknown; message?: unknown }) => typeof e.field === 'string' && typeof e.message === 'string',
      );
    if (!fieldsNamed) problems.push('errors[] does not name fields with messages');
  }
  const text = JSON.stringify({ message: envelope.message, errors: envelope.errors });
  for (const leak of LEAKS) if (leak.test(text)) problems.push(`refusal leaks internals (${leak.source})`);
  return problems;
}

/**
 * The battery on one database, one test file per database (hostile-input*.test.ts) so that the three run
 * side by side in the unit suite's workers instead of one after the other in one file. A database that
 * is not configured (TEST_POSTGRES_URL, TEST_MYSQL_URL) is reported as skipped.
 */
export function describeHostileBattery(dialect: DialectName): void {
  describe.skipIf(!testDialects.includes(dialect))(`hostile input on every API operation (${dialect})`, () => {
    const t = useTestApp(dialect);
    let token = '';
    let fingerprint: () => Promise<string>;

    beforeAll(async () => {
      token = (await createSignedIn(t.app, t.db.database.db, { role: 'admin' })).token;
      fingerprint = await fingerprintQuery(t.db.database);
    });

    /** A hostile body may have signed the admin out (logout) or changed it: keep a working session. */
    async function ensureSession() {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      if (me.statusCode !== 200) token = (await createSignedIn(t.app, t.db.database.db, { role: 'admin' })).token;
    }

    it('walks the OpenAPI description', () => {
      const operations = operationsOf(t.app);
      expect(operations.length).toBeGreaterThan(50);
      expect(operations.some((op) => op.method === 'POST' && op.path === '/api/auth/login')).toBe(true);
      expect(operations.some((op) => op.method === 'POST' && op.path === '/api/certificates/import')).toBe(true);
      expect(operations.some((op) => op.method === 'GET' && op.path === '/api/certificates/verify/{number}')).toBe(
        true,
      );
    });

    it(
      'never answers 5xx, always refuses with the envelope, leaks nothing and stores nothing it refused',
      async () => {
        const failures: string[] = [];
        for (const op of operationsOf(t.app).filter((o) => o.path.includes(PATHS))) {
          await ensureSession();
          try {
            await fc.assert(
              fc.asyncProperty(hostileRequest(op), async (request) => {
                // A mail that an earlier, accepted request queued in the background must not land mid-case.
                await t.app.mailer.settled();
                const before = await fingerprint();
                const options: InjectOptions = {
                  method: op.method as InjectOptions['method'],
                  url: urlOf(op, request),
                  headers: {
                    ...bearer(token),
                    ...(request.contentType ? { 'content-type': request.contentType } : {}),
                  },
                  remoteAddress: freshIp(),
                  ...(request.payload !== undefined ? { payload: request.payload } : {}),
                };
                const response = await t.app.inject(options);
                const problems = problemsWith(response);
                if (response.statusCode >= 400) {
                  const after = await fingerprint();
                  const changed = after.split('|').filter((entry) => !before.split('|').includes(entry));
                  if (changed.length) problems.push(`a refused request changed the database (${changed.join(', ')})`);
                }
                if (({} as Record<string, unknown>).polluted !== undefined)
                  problems.push('Object.prototype was polluted');
                if (problems.length) {
                  throw new Error(
                    `${options.method} ${options.url} -> ${response.statusCode}: ${problems.join('; ')}\n` +
                      `  sent: ${request.contentType ?? '-'} ${JSON.stringify(request.payload?.slice(0, 200) ?? '')}\n` +
                      `  answer: ${response.body.slice(0, 300)}`,
                  );
                }
              }),
              { numRuns: RUNS, seed: SEED, endOnFailure: true },
            );
          } catch (error) {
            const { message, cause } = error as Error & { cause?: Error };
            const seed = /\{ seed: [^}]*\}/.exec(message)?.[0] ?? '';
            failures.push(`${op.method} ${op.path} ${seed}\n  ${cause?.message ?? message}`);
          }
        }
        expect(failures, failures.join('\n\n')).toEqual([]);
      },
      15 * 60_000,
    );
  });
}
