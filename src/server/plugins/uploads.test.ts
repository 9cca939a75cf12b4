import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('serving /uploads', () => {
  const t = useTestApp('sqlite', { env: { DATA_DIR: `/tmp/uploads-test-${process.pid}` } });

  const put = (relative: string, content: Buffer | string) => {
    const file = path.join(t.config.uploadDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };

  it('serves a stored file with long caching and a sandboxing policy', async () => {
    put('files/abc123.png', PNG);
    const res = await t.app.inject({ method: 'GET', url: '/uploads/files/abc123.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves generated sizes under thumbnails/{size}/', async () => {
    put('thumbnails/640/abc123.webp', 'webp-bytes');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/thumbnails/640/abc123.webp' });
    expect(res.statusCode).toBe(200);
  });

  it('answers a missing file with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/files/missing.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('never escapes the upload directory', async () => {
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'top secret');
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/files/..%2f..%2fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/files/%2e%2e%2f%2e%2e%2fsecret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('top secret');
    }
  });

  it('does not list directories or serve dotfiles', async () => {
    put('files/.hidden', 'hidden');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/files/' })).statusCode).toBe(404);
    const dot = await t.app.inject({ method: 'GET', url: '/uploads/files/.hidden' });
    expect(dot.statusCode).toBeGreaterThanOrEqual(400);
    expect(dot.body).not.toContain('hidden');
  });
});
