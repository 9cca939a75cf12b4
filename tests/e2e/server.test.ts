import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { send } from './support/faults';
import { startSite, type RunningSite } from './support/harness';

/** Writes raw bytes on a fresh connection and collects the answer until the server closes it. */
async function rawExchange(baseUrl: string, bytes: string): Promise<{ head: string; body: string; error?: string }> {
  const { port } = new URL(baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  let error: string | undefined;
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(bytes);
  await closed;
  const [head = '', body = ''] = received.split('\r\n\r\n');
  return { head, body, error };
}

/** The start's `listening` line of the site's JSON log, once logged. */
function listeningLine(site: RunningSite): Record<string, unknown> | undefined {
  return site
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.msg === 'listening');
}

/** The production server as an operator and a browser meet it: start-up output, headers, shutdown. */
describe('the production server', () => {
  let site: RunningSite;

  beforeAll(async () => {
    site = await startSite({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('logs where it runs, and leaves a generated admin password in an owner-only file, not in the log', async () => {
    const file = path.join(site.dataDir, 'first-admin.txt');
    await expect
      .poll(() => listeningLine(site))
      .toMatchObject({
        website: `${site.baseUrl}/`,
        demoContentLoaded: true,
        firstAdminFile: file,
      });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(site.output()).not.toContain(password);
  });

  it('server-renders the home page with the company e-mail, compressed, with a CSP naming its inline scripts by hash', async () => {
    const company = (await (await fetch(`${site.baseUrl}/api/company`)).json()).data;
    const res = await fetch(`${site.baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self' 'sha256-/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    // Frames only from the video players a blog post may embed.
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(csp).toContain('https://player.vimeo.com');
    const html = await res.text();
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
    expect(heading).toBe('Transform Your Business with Professional Web &amp; AI Solutions');
    expect(html).toContain(company.email);
    // Every inline script is allowed by the hash of its text (ADR 0020): the policy belongs to the bytes.
    // JSON-LD is a data block, not a script; the render's marker (nonce) is gone from the page.
    expect(html).not.toContain('nonce=');
    const scripts = [
      ...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g),
    ]
      .map((m) => m[1] ?? '')
      .filter(Boolean);
    expect(scripts.length).toBeGreaterThan(0);
    for (const text of scripts) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  });

  it('answers an unknown page with a compressed HTML 404 and an unknown API path with JSON', async () => {
    const page = await fetch(`${site.baseUrl}/no-such-page`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const api = await fetch(`${site.baseUrl}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('answers HEAD as it answers GET, without a body, on every kind of path', async () => {
    const html = await (await fetch(`${site.baseUrl}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0] ?? '/assets/missing.js';
    mkdirSync(path.join(site.dataDir, 'uploads', 'files'), { recursive: true });
    writeFileSync(path.join(site.dataDir, 'uploads', 'files', 'headcheck1.png'), Buffer.alloc(64, 1));
    const paths = [
      '/',
      '/blog',
      '/no-such-page',
      '/api/company',
      '/api/blog/posts',
      '/api/no-such-thing',
      '/sitemap.xml',
      '/sitemap-posts-1.xml',
      '/sitemap-posts-99.xml',
      '/blog/rss.xml',
      '/robots.txt',
      asset,
      '/uploads/files/headcheck1.png',
      '/uploads/files/missing1.png',
    ];
    for (const p of paths) {
      const get = await send(site.baseUrl, { path: p });
      const head = await send(site.baseUrl, { method: 'HEAD', path: p });
      expect({ path: p, status: head.status, type: head.headers?.['content-type'], body: head.body }).toEqual({
        path: p,
        status: get.status,
        type: get.headers?.['content-type'],
        body: '',
      });
      if (get.headers?.['content-length']) {
        expect(head.headers?.['content-length'], p).toBe(get.headers['content-length']);
      }
    }
  });

  it('answers a request line or headers over the limit, and bytes that are not HTTP, in the error envelope', async () => {
    const tooLong = await rawExchange(site.baseUrl, `GET /?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(tooLong.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(tooLong.head).toMatch(/\r\nConnection: close(\r\n|$)/i);
    expect(JSON.parse(tooLong.body)).toEqual({
      success: false,
      code: 'HEADERS_TOO_LARGE',
      message: 'The request address or headers are too large.',
    });
    expect(tooLong.error).toBeUndefined();

    const garbage = await rawExchange(site.baseUrl, 'HELLO THERE\r\n\r\n');
    expect(garbage.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.body)).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'The request could not be read.',
    });
    expect(garbage.error).toBeUndefined();
  });

  it('serves hashed assets with immutable caching', async () => {
    const html = await (await fetch(`${site.baseUrl}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${site.baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A file, not a document: no page policy or frame rules (ADR 0025).
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();

    // Compressed at build, at brotli's highest quality: the bytes sent are the .br file's.
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        get(`${site.baseUrl}${asset}`, { headers: { 'accept-encoding': encoding } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const onDisk = path.join('build', 'client', asset!);
    const br = await raw('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(await readFile(`${onDisk}.br`))).toBe(true);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(await readFile(`${onDisk}.gz`))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(await readFile(onDisk))).toBe(true);
  });

  it('links pages to the configured origin, not to a forged Host header', async () => {
    const res = await fetch(`${site.baseUrl}/`, { headers: { host: 'evil.example' } });
    const html = await res.text();
    expect(html).not.toContain('evil.example');
  });
});

describe('restart and shutdown', () => {
  it('keeps data across a restart, writes no password again, and exits 0 on SIGTERM', async () => {
    const first = await startSite();
    expect(await first.stop({ keepData: true })).toBe(0);
    const second = await startSite({ LOG_LEVEL: 'info' }, { dataDir: first.dataDir });
    try {
      await expect
        .poll(() => listeningLine(second))
        .toMatchObject({
          demoContentLoaded: false,
          signIn: expect.stringContaining('with your existing admin account'),
        });
      expect(listeningLine(second)).not.toHaveProperty('firstAdminFile');
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('finishes a request in flight before it exits', async () => {
    // At level info the server says when it has taken the signal.
    const site = await startSite({ LOG_LEVEL: 'info' });
    const { port } = new URL(site.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Headers and half of the body: the request is in progress when the signal arrives. Node answers
    // "100 Continue" once it has read the headers and started the request.
    socket.write(
      'POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\nExpect: 100-continue\r\n\r\n{"a"',
    );
    await vi.waitFor(() => expect(response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/));
    const exitCode = site.stop();
    await vi.waitFor(() => expect(site.output()).toContain('shutting down'), { timeout: 10_000 });
    socket.end(':1}');
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 404/);
    expect(response).toContain('"code":"NOT_FOUND"');
    expect(await exitCode).toBe(0);
  });

  it('refuses to start with bad configuration, naming every bad key, status 78', async () => {
    await expect(startSite({ PORT: 'eighty', DATABASE_URL: 'oracle://x' })).rejects.toThrow(
      /exited early \(78\)[\s\S]*"msg":"invalid configuration: .*(PORT.*DATABASE_URL|DATABASE_URL.*PORT)/,
    );
  });
});
