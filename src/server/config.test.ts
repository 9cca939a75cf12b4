import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveSecrets } from './config';

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
    for (const wrong of ['-1', '401', '1.5', 'much']) {
      expect(() => loadConfig({ HEAP_GROWING_PERCENT: wrong }), wrong).toThrow(/HEAP_GROWING_PERCENT/);
    }
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
});
