import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveSecrets } from './config';

/** Each of these values of `key` stops the start with a problem that names the key. */
function expectRefused(key: string, values: string[]): void {
  for (const wrong of values) expect(() => loadConfig({ [key]: wrong }), wrong).toThrow(`${key}:`);
}

describe('configuration', () => {
  it('has working defaults for a local start: SQLite under ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe(`sqlite:${path.resolve('data/app.db')}`);
    expect(config.uploadDir).toBe(path.resolve('data/uploads'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
    expect(config.seedDemo).toBe(true);
  });

  it('keeps backups in DATA_DIR/backups and copies them off-site only when a bucket is named', () => {
    const config = loadConfig({ DATA_DIR: '/srv/site' });
    expect(config.backupDir).toBe(path.resolve('/srv/site/backups'));
    expect(config.backupS3).toBeUndefined();
    expect(
      loadConfig({
        BACKUP_S3_BUCKET: 'site-backups',
        BACKUP_S3_ENDPOINT: 'https://s3.example.test',
        BACKUP_S3_ACCESS_KEY_ID: 'id',
        BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
      }).backupS3,
    ).toEqual({
      bucket: 'site-backups',
      endpoint: 'https://s3.example.test',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      prefix: 'backups/',
    });
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'site-backups', BACKUP_S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /BACKUP_S3_SECRET_ACCESS_KEY: set BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY together/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'oracle://x',
        ADMIN_EMAIL: 'nope',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'true',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['ADMIN_EMAIL', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'TRUST_PROXY']);
    // Each key is named once, then what is wrong with it.
    expect((error as ConfigError).problems).toContain('PORT: must be a number');
  });

  it('parses trusted proxies as a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads the mail retry settings, with defaults, and refuses nonsense', () => {
    expect(loadConfig({})).toMatchObject({ mailRetryBaseSeconds: 60, mailMaxAttempts: 8, mailPollSeconds: 30 });
    expect(loadConfig({ MAIL_RETRY_BASE_SECONDS: '5', MAIL_MAX_ATTEMPTS: '3', MAIL_POLL_SECONDS: '2' })).toMatchObject({
      mailRetryBaseSeconds: 5,
      mailMaxAttempts: 3,
      mailPollSeconds: 2,
    });
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
    expect(() => loadConfig({ MAIL_RETRY_BASE_SECONDS: 'soon' })).toThrow(/MAIL_RETRY_BASE_SECONDS/);
    expect(() => loadConfig({ MAIL_POLL_SECONDS: '1.5' })).toThrow(/MAIL_POLL_SECONDS/);
  });

  it('reads how far the heap may grow: 50 % unless set, 0 for V8 to decide, nothing else', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '120' }).heapGrowingPercent).toBe(120);
    expectRefused('HEAP_GROWING_PERCENT', ['-1', '401', '1.5', 'much']);
  });

  it('reads the database pool size per process: 10 unless set, 1 to 100', () => {
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '1' }).databasePoolMax).toBe(1);
    expect(loadConfig({ DATABASE_POOL_MAX: '100' }).databasePoolMax).toBe(100);
    expectRefused('DATABASE_POOL_MAX', ['0', '101', '2.5', 'many']);
  });

  it('makes standard password hashes unless a test run asks for cheap ones, which nothing else may', () => {
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'test' }).passwordHashing).toBe('test');
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: 'test' }), NODE_ENV).toThrow('PASSWORD_HASHING:');
    }
    expectRefused('PASSWORD_HASHING', ['fast', 'none']);
  });

  it('refuses a short admin password or JWT secret', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('generates a per-installation secret once, readable only by its owner, and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    const second = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(48);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
    const other = resolveSecrets(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) }));
    expect(other.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('prefers a configured JWT secret over a generated one', () => {
    const secret = 'x'.repeat(40);
    expect(
      resolveSecrets(loadConfig({ JWT_SECRET: secret, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) })).jwtSecret,
    ).toBe(secret);
  });

  it('stops a start on a network database without one shared key and one site address, naming both', () => {
    const secret = 'y'.repeat(40);
    for (const url of ['postgres://postgres@127.0.0.1:5432/site', 'mysql://root@127.0.0.1:3306/site']) {
      let error: unknown;
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (e) {
        error = e;
      }
      expect(error, url).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['JWT_SECRET', 'PUBLIC_URL']);
      expect(problems.join('\n')).toMatch(/every instance must sign sessions with the same key/);
      expect(() => loadConfig({ DATABASE_URL: url, JWT_SECRET: secret })).toThrow(/PUBLIC_URL: must be set/);
      expect(
        loadConfig({ DATABASE_URL: url, JWT_SECRET: secret, PUBLIC_URL: 'https://www.example.com' }).jwtSecret,
      ).toBe(secret);
    }
    // One machine's SQLite file keeps generating its key into DATA_DIR.
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).jwtSecret).toBeUndefined();
  });

  it('reads the several-instance settings: object storage, Redis, the poll, migrations at start', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      storageS3: undefined,
      storagePublicUrl: undefined,
      redisUrl: undefined,
      coherencePollSeconds: 5,
      migrateOnStart: true,
    });
    const configured = loadConfig({
      STORAGE_S3_BUCKET: 'site-files',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      STORAGE_S3_ACCESS_KEY_ID: 'id',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      STORAGE_S3_PREFIX: 'site/',
      STORAGE_PUBLIC_URL: 'https://cdn.example.com/site/',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      COHERENCE_POLL_SECONDS: '2',
      MIGRATE_ON_START: 'false',
    });
    expect(configured).toMatchObject({
      storageS3: {
        bucket: 'site-files',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        prefix: 'site/',
      },
      storagePublicUrl: 'https://cdn.example.com/site',
      redisUrl: 'redis://127.0.0.1:6379/0',
      coherencePollSeconds: 2,
      migrateOnStart: false,
    });
    expect(() => loadConfig({ STORAGE_S3_BUCKET: 'site-files', STORAGE_S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /STORAGE_S3_SECRET_ACCESS_KEY: set STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ STORAGE_S3_PREFIX: '../up' })).toThrow(/STORAGE_S3_PREFIX/);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ COHERENCE_POLL_SECONDS: '0' })).toThrow(/COHERENCE_POLL_SECONDS/);
  });
});
