import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3Config } from '../config';

export interface TestBucket {
  bucket: string;
  endpoint: string;
  /** The folder s3rver keeps the bucket in. */
  directory: string;
  s3(prefix?: string): S3Config;
  /** STORAGE_S3_* for loadConfig, with the extra variables given. */
  env: Record<string, string>;
}

/**
 * A local S3-compatible server (s3rver) with one bucket for the enclosing describe block, removed afterwards.
 * Call it before useTestApp so that `env` is filled when the app starts.
 */
export function useTestBucket(bucket = 'site-files', prefix = '', extraEnv: Record<string, string> = {}): TestBucket {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const ctx: TestBucket = {
    bucket,
    endpoint: '',
    directory,
    s3: (p = prefix) => ({
      bucket,
      endpoint: ctx.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: p,
    }),
    env: { ...extraEnv },
  };
  let server: S3rver | undefined;
  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await server.run();
    ctx.endpoint = `http://127.0.0.1:${port}`;
    Object.assign(ctx.env, {
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: ctx.endpoint,
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      STORAGE_S3_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    await server?.close().catch(() => {});
    await rm(directory, { recursive: true, force: true });
  });
  return ctx;
}

/** A local port nothing listens on (taken, then freed): connecting to it is refused at once. */
export { freePort as closedPort } from '../testing/ports';
