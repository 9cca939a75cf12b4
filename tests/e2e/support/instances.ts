import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import S3rver from 's3rver';
import type { DB } from '../../../src/server/db/schema';
import { multipart } from '../../../src/server/testing/multipart';
import { createTestDatabase, type TestDatabase } from '../../../src/server/testing/test-database';
import { claimRedisDatabase } from '../../../src/server/testing/test-redis';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin';
import { freePort, startSite, type RunningSite } from './harness';

/*
 * Several instances of the production build (dist/server.js) on one network database, one S3-compatible
 * bucket (s3rver) and one Redis, as a load balancer would have them (ADR 0030). Each instance is a
 * real process with its own DATA_DIR; they share DATABASE_URL, JWT_SECRET, PUBLIC_URL (one site address that
 * is neither instance's own: tokens carry it as their issuer), STORAGE_S3_* and REDIS_URL.
 */

export type NetworkDialect = 'postgres' | 'mysql';

/** The server of each network database, as the other database tests name them (unset: skipped). */
export const serverUrlOf = (dialect: NetworkDialect): string | undefined =>
  dialect === 'postgres' ? process.env.TEST_POSTGRES_URL : process.env.TEST_MYSQL_URL;
export const REDIS_SERVER_URL = process.env.TEST_REDIS_URL;

/** The first admin of every instance pair (ADMIN_EMAIL / ADMIN_PASSWORD); bootstrap names it `admin`. */
export const ADMIN_USERNAME = 'admin';
/** The one signing key of the instances (several instances must share it). */
const SHARED_JWT_SECRET = randomBytes(32).toString('base64url');

// ---------------------------------------------------------------------------------------------------
// The shared services of one pair

export interface Bucket {
  name: string;
  prefix: string;
  client: S3Client;
  /** Every key under the prefix (uploads and backups). */
  keys(): Promise<string[]>;
}

export interface SharedServices {
  dialect: NetworkDialect;
  database: TestDatabase;
  db: Kysely<DB>;
  bucket: Bucket;
  redisUrl: string;
  /** The one site address (no instance listens there). */
  publicUrl: string;
  /** What every instance of the pair is started with. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A fresh database (not migrated: the instances do it), a bucket in its own s3rver, a Redis database. */
export async function startServices(dialect: NetworkDialect): Promise<SharedServices> {
  if (!REDIS_SERVER_URL) throw new Error('TEST_REDIS_URL is not set');
  const database = await createTestDatabase(dialect, { migrate: false });
  const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-instances-'));
  const bucketName = 'site-instances';
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: bucketName }],
  });
  const s3Port = (await s3.run()).port;
  const endpoint = `http://127.0.0.1:${s3Port}`;
  const prefix = 'site/';
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const redis = await claimRedisDatabase(REDIS_SERVER_URL);
  const publicUrl = `http://127.0.0.1:${await freePort()}`;

  const bucket: Bucket = {
    name: bucketName,
    prefix,
    client,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucketName, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };

  return {
    dialect,
    database,
    db: database.database.db,
    bucket,
    redisUrl: redis.url,
    publicUrl,
    env: {
      DATABASE_URL: database.url,
      JWT_SECRET: SHARED_JWT_SECRET,
      PUBLIC_URL: publicUrl,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      STORAGE_S3_BUCKET: bucketName,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      STORAGE_S3_PREFIX: prefix,
      REDIS_URL: redis.url,
      // The tests vary X-Forwarded-For to be a client of their own; only the test runner is trusted.
      TRUST_PROXY: '127.0.0.1',
      // Only the instance bus can explain a change reaching the other instance within seconds.
      COHERENCE_POLL_SECONDS: '3600',
    },
    async close() {
      client.destroy();
      await s3.close().catch(() => {});
      rmSync(s3Dir, { recursive: true, force: true });
      await redis.release().catch(() => {});
      await database.drop();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Instances

export interface Instance {
  name: string;
  /** The running process (replaced by restart()). */
  site: RunningSite;
  readonly baseUrl: string;
  /** SIGTERM, wait for the exit, start again with the same DATA_DIR (on a new port); resolves when ready. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startInstance(
  services: SharedServices,
  name: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `site-instance-${name.toLowerCase()}-`));
  const fullEnv = { ...services.env, ...env };
  const instance: Instance = {
    name,
    site: await startSite(fullEnv, { dataDir, readyWithinMs: 120_000 }),
    get baseUrl() {
      return this.site.baseUrl;
    },
    async restart() {
      await instance.site.stop({ keepData: true });
      instance.site = await startSite(fullEnv, { dataDir, readyWithinMs: 120_000 });
    },
    async stop() {
      await instance.site.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}

// ---------------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
}

export async function call(
  baseUrl: string,
  urlPath: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** The bytes of an answer (a served upload, a backup archive). */
export async function bytesOf(
  baseUrl: string,
  urlPath: string,
  token?: string,
): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface Session {
  token: string;
  refreshToken: string;
}

/** Signs in as the first admin on this instance. */
export async function signInAdmin(baseUrl: string): Promise<Session> {
  const res = await call(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`admin sign-in on ${baseUrl} failed: ${res.status} ${res.text}`);
  const { token, refreshToken } = res.json().data as Session;
  return { token, refreshToken };
}

export interface StoredUpload {
  id: number;
  url: string;
  filename: string;
  size: number;
  variants: Array<{ label: string; format: string; url: string }>;
}

/** POST /api/uploads/single with one file in the field "file". */
export async function uploadFile(
  baseUrl: string,
  token: string,
  data: Buffer,
  filename: string,
  type = 'image/png',
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const response = await fetch(`${baseUrl}/api/uploads/single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/**
 * The same upload, its body sent `chunkSize` bytes every `intervalMs` (a slow connection): resolves with the
 * answer once the whole body is sent and answered. With `holdAt`, once that many bytes are sent it slows to a
 * trickle (1 KiB a step, never the last chunk) until `resume` settles, so that whatever the test does
 * meanwhile surely happens in the middle of the upload, however slow the machine.
 */
export async function trickleUpload(
  baseUrl: string,
  token: string,
  data: Buffer,
  filename: string,
  options: {
    chunkSize: number;
    intervalMs: number;
    holdAt?: number;
    resume?: Promise<unknown>;
    onProgress?: (sent: number, total: number) => void;
  },
): Promise<{ status: number; text: string }> {
  const { payload, headers } = await multipart([{ field: 'file', data, filename, type: 'image/png' }]);
  const url = new URL('/api/uploads/single', baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${token}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    let sent = 0;
    let resumed = options.resume === undefined;
    void options.resume?.finally(() => (resumed = true)).catch(() => undefined);
    const next = () => {
      if (sent >= payload.length) {
        req.end();
        return;
      }
      const holding = !resumed && sent >= (options.holdAt ?? Infinity);
      if (holding && sent + 1024 >= payload.length - options.chunkSize) {
        setTimeout(next, options.intervalMs);
        return;
      }
      const end = Math.min(sent + (holding ? 1024 : options.chunkSize), payload.length);
      req.write(payload.subarray(sent, end));
      sent = end;
      options.onProgress?.(sent, payload.length);
      setTimeout(next, options.intervalMs);
    };
    next();
  });
}

/**
 * Polls `read` until `done` holds (at most `timeoutMs`); resolves with the milliseconds it took and the last
 * value. Not a timed assertion: the caller asserts `done` held, and reports the delay.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<{ ok: boolean; ms: number; value: T }> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const ms = performance.now() - started;
    if (done(value)) return { ok: true, ms, value };
    if (ms > options.timeoutMs) return { ok: false, ms, value };
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 25));
  }
}

/** A client address of its own per call (with TRUST_PROXY, X-Forwarded-For names the client). */
export function freshClient(): Record<string, string> {
  const b = randomBytes(3);
  return { 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` };
}
