import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from './testing/test-database';
import { cleanUpServerProcesses, PROCESS_TEST_MS, requireBuild, startServer } from './testing/server-process';

/*
 * SIGTERM with a long queue of work (ADR 0034): every request sent before the signal is answered, either as
 * usual or refused cleanly (503, Retry-After, Connection: close), none reset, and the process exits 0 within
 * SHUTDOWN_GRACE_SECONDS. Quote-form submissions are the slow kind: each stores a contact and queues mail.
 */

cleanUpServerProcesses();

interface Outcome {
  /** Whether the connection was made: a request refused before it (ECONNREFUSED) was never sent. */
  connected: boolean;
  status?: number;
  retryAfter?: string;
  connection?: string;
  error?: string;
}

const submission = JSON.stringify({
  first_name: 'Queued',
  last_name: 'Visitor',
  email: 'queued.visitor@example.com',
  message: 'We would like a quote for a new company website with a blog and a contact form.',
});

/** One POST /api/contacts on a connection of its own, from a client address of its own. */
function submit(port: number, n: number): { connected: Promise<void>; outcome: Promise<Outcome> } {
  let connected = false;
  let markConnected: () => void = () => undefined;
  const connection = new Promise<void>((resolve) => (markConnected = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/contacts',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(submission),
          'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            connected,
            status: response.statusCode,
            retryAfter: response.headers['retry-after'],
            connection: response.headers.connection,
          }),
        );
        response.on('error', (error) => resolve({ connected, error: error.message }));
      },
    );
    request.on('socket', (socket) =>
      socket.once('connect', () => {
        connected = true;
        markConnected();
      }),
    );
    request.on('error', (error) => {
      markConnected();
      resolve({ connected, error: (error as NodeJS.ErrnoException).code ?? error.message });
    });
    request.end(submission);
  });
  return { connected: connection, outcome };
}

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

requireBuild();

describe.each(testDialects)('SIGTERM with requests in flight on %s', (dialect) => {
  it(
    'answers or cleanly refuses every one of 1,000 queued quote submissions, resets none, and exits 0 within the grace',
    async () => {
      const grace = 6;
      let url = `sqlite:${path.join('/tmp', `site-shutdown-${process.pid}-${Date.now()}.db`)}`;
      if (dialect !== 'sqlite') {
        const database = await createTestDatabase(dialect);
        databases.push(database);
        url = database.url;
      }
      // One connection: on PostgreSQL and MySQL the submissions then wait for the database, not the CPU, so
      // the queue outlasts the grace period while the server still takes the signal at once.
      const server = startServer(url, {
        TRUST_PROXY: '127.0.0.1',
        SHUTDOWN_GRACE_SECONDS: String(grace),
        DATABASE_POOL_MAX: '1',
      });
      const port = await server.started;
      expect(port, server.output()).toBeDefined();

      const requests = Array.from({ length: 1000 }, (_, n) => submit(port!, n + 1));
      // Every connection is made and its request sent (most still queued behind the first ones) when the
      // signal comes; on a loaded machine a few may still be waiting to connect after a while.
      await Promise.race([
        Promise.all(requests.map((r) => r.connected)),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
      server.child.kill('SIGTERM');
      const results = await Promise.all(requests.map((r) => r.outcome));
      const exitCode = await server.exited;
      const exitedAt = Date.now();
      // From when the server took the signal (a server busy with a long queue may take it late) to its exit.
      const drainStart = server.logLines().find((line) => line.msg.startsWith('shutting down'))?.time as number;
      const seconds = (exitedAt - drainStart) / 1000;

      const tally: Record<string, number> = {};
      for (const r of results) tally[r.error ?? String(r.status)] = (tally[r.error ?? String(r.status)] ?? 0) + 1;
      const summary = JSON.stringify({ tally, seconds, exitCode });
      const resets = results.filter((r) => r.error && r.connected);
      const answered = results.filter((r) => !r.error);
      expect(resets.length, summary).toBe(0);
      const statuses = [...new Set(answered.map((r) => r.status))].sort();
      expect(
        statuses.every((status) => status === 201 || status === 503),
        String(statuses),
      ).toBe(true);
      for (const refused of answered.filter((r) => r.status === 503)) {
        expect(refused).toMatchObject({ retryAfter: expect.any(String), connection: 'close' });
      }
      expect(
        answered.some((r) => r.status === 201),
        summary,
      ).toBe(true);
      expect(exitCode, server.output()).toBe(0);
      // Bounded by the grace period, with a margin for a loaded machine's exit.
      expect(seconds).toBeLessThan(grace + 2);
      expect(server.logLines().filter((line) => line.level >= 50)).toEqual([]);
      // The requests refused before they were sent are the few the kernel had not yet let connect.
      expect(results.length - answered.length - resets.length).toBeLessThan(results.length / 10);
    },
    PROCESS_TEST_MS,
  );
});
