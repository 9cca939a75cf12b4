import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart } from '../../src/server/testing/multipart';
import { DEFAULT_IMAGE_QUEUE } from '../../src/server/jobs/image-queue';
import {
  uploadBodyLimit,
  UploadMessage,
  UPLOAD_MAX_FILE_SIZE,
  UPLOAD_MAX_FILES,
} from '../../src/shared/contracts/uploads.values';
import { ErrorCode, ErrorMessage, formatMessage } from '../../src/shared/errors';
import { PORTFOLIO_GALLERY_MAX } from '../../src/shared/contracts/portfolio.values';
import { ADMIN_ENV, ADMIN_PASSWORD } from './support/admin';
import { freePort, startSite, type RunningSite } from './support/harness';
import {
  exchange,
  headerCount,
  MiB,
  NGINX,
  noisePng,
  repeated,
  SITE_CONF,
  siteForTest,
  startNginx,
  type Answer,
  type Exchange,
  type RunningNginx,
  type StoredFile,
} from './support/nginx';

/*
 * The nginx site of the VPS recipe (deploy/nginx/studio-site.conf) run by the real nginx in front of the
 * production build, as a visitor and an admin meet them: TLS with a self-signed certificate, the redirect
 * from http://, the client's address as the app sees it, compression, and uploads through the proxy.
 */

/** The address the forging client writes into X-Forwarded-For (TEST-NET-3, never a real client here). */
const FORGED_ADDRESS = '203.0.113.7';
/** How many times a refusal through nginx is tried: each must be the app's answer, none a 502. */
const REFUSALS = 20;

describe.skipIf(!existsSync(NGINX) && !process.env.CI)('the nginx site of deploy/ in front of the app', () => {
  let dir: string;
  let site: RunningSite;
  let nginx: RunningNginx | undefined;
  /** The same site with the 12 MiB limit of the one-file upload routes raised to the others' 102 MiB. */
  let liftedNginx: RunningNginx | undefined;
  const nginxLog = () => nginx?.log() ?? '';
  let ca: Buffer;
  let httpsPort: number;
  let httpPort: number;
  let liftedHttpsPort: number;
  let publicUrl: string;
  let token: string;

  const viaTls = (spec: Exchange) => exchange({ port: httpsPort, ca }, spec);
  const viaLifted = (spec: Exchange) => exchange({ port: liftedHttpsPort, ca }, spec);
  const answersReady = (via: (spec: Exchange) => Promise<Answer>) => async () =>
    (await via({ path: '/api/ready' }).catch(() => undefined))?.status === 200;

  /** The address the app logged for the request it answered with this id (its one request log line). */
  async function loggedAddress(requestId: string): Promise<string | undefined> {
    for (let waited = 0; waited < 5_000; waited += 50) {
      for (const line of site.output().split('\n')) {
        if (!line.includes(requestId) || !line.includes('request completed')) continue;
        return (JSON.parse(line) as { ip?: string }).ip;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  }

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run installs it)`);
    dir = mkdtempSync(path.join(tmpdir(), 'deploy-nginx-'));
    const subject = '-subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1';
    execFileSync(
      'openssl',
      [
        ...`req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 ${subject}`.split(' '),
        ...['-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
      ],
      { stdio: 'pipe' },
    );
    ca = readFileSync(`${dir}/cert.pem`);

    httpPort = await freePort();
    httpsPort = await freePort();
    publicUrl = `https://localhost:${httpsPort}`;
    site = await startSite({
      ...ADMIN_ENV,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      // The request log lines carry the client's address as the app sees it.
      LOG_LEVEL: 'info',
    });

    const conf = readFileSync(SITE_CONF, 'utf8');
    const app = Number(new URL(site.baseUrl).port);
    nginx = await startNginx(
      dir,
      siteForTest(conf, { http: httpPort, https: httpsPort, app, dir }),
      answersReady(viaTls),
    );
    // A proxy that lets a body over the app's own limit through, as one without per-route limits does.
    const liftedDir = `${dir}/lifted`;
    mkdirSync(liftedDir);
    for (const file of ['cert.pem', 'key.pem']) writeFileSync(`${liftedDir}/${file}`, readFileSync(`${dir}/${file}`));
    liftedHttpsPort = await freePort();
    const lifted = { http: await freePort(), https: liftedHttpsPort, app, dir: liftedDir };
    liftedNginx = await startNginx(
      liftedDir,
      siteForTest(conf, lifted, [['client_max_body_size 12m;', 'client_max_body_size 102m;']]),
      answersReady(viaLifted),
    );

    const login = await viaTls({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD })),
    });
    expect(login.status, login.body.toString()).toBe(200);
    token = (JSON.parse(login.body.toString()) as { data: { token: string } }).data.token;
  });

  afterAll(async () => {
    await Promise.all([nginx?.stop(), liftedNginx?.stop()]);
    await site?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers plain HTTP with a redirect to https, except the certificate challenges', async () => {
    const page = await exchange({ port: httpPort }, { path: '/blog?page=2' });
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe('https://localhost/blog?page=2');
    const challenge = await exchange({ port: httpPort }, { path: '/.well-known/acme-challenge/token' });
    expect(challenge.status).toBe(404);
  });

  it('terminates TLS 1.3 with HTTP/2 offered, and serves the site over HTTP/2', async () => {
    const negotiated = await new Promise<{ protocol: string | null; alpn: string | false | null }>(
      (resolve, reject) => {
        const socket = tls.connect(
          { host: '127.0.0.1', port: httpsPort, ca, servername: 'localhost', ALPNProtocols: ['h2', 'http/1.1'] },
          () => {
            resolve({ protocol: socket.getProtocol(), alpn: socket.alpnProtocol });
            socket.end();
          },
        );
        socket.on('error', reject);
      },
    );
    expect(negotiated).toEqual({ protocol: 'TLSv1.3', alpn: 'h2' });

    // The certificate names 127.0.0.1 too.
    const session = http2.connect(`https://127.0.0.1:${httpsPort}`, { ca });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/health' });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
    } finally {
      session.close();
    }
  });

  it('passes the app its own compression, once, and no second Strict-Transport-Security header', async () => {
    const br = await viaTls({ path: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(headerCount(br, 'strict-transport-security')).toBe(1);

    const gzip = await viaTls({ path: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toMatch(/^<!DOCTYPE html>/i);

    // What the app leaves uncompressed stays so (the health answer is under the app's 1 KiB threshold): the
    // encoding through nginx is the app's own, whatever nginx's http-level gzip says.
    for (const urlPath of ['/', '/api/health']) {
      const headers = { accept: 'text/html', 'accept-encoding': 'gzip' };
      const direct = await exchange({ port: Number(new URL(site.baseUrl).port) }, { path: urlPath, headers });
      const proxied = await viaTls({ path: urlPath, headers });
      expect(proxied.status, urlPath).toBe(direct.status);
      expect(proxied.headers['content-encoding'], urlPath).toBe(direct.headers['content-encoding']);
    }
  });

  it('links and canonical addresses use the https origin of PUBLIC_URL', async () => {
    const sitemap = await viaTls({ path: '/sitemap.xml' });
    expect(sitemap.status).toBe(200);
    expect(sitemap.body.toString()).toContain(`<loc>${publicUrl}/sitemap-pages.xml</loc>`);
    const home = await viaTls({ path: '/', headers: { 'accept-encoding': 'identity' } });
    expect(home.body.toString()).toContain(`<link rel="canonical" href="${publicUrl}/"`);
  });

  it('gives the app the address that connected to nginx, never one a client forged in X-Forwarded-For', async () => {
    for (const localAddress of ['127.0.0.2', '127.0.0.1']) {
      const answer = await viaTls({
        method: 'POST',
        path: '/api/auth/login',
        localAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': FORGED_ADDRESS },
        body: Buffer.from(JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD })),
      });
      expect(answer.status).toBe(200);
      // From 127.0.0.1 (the proxy's own address, which TRUST_PROXY names), an appended header would have
      // made the app believe the forged hop.
      expect(await loggedAddress(String(answer.headers['x-request-id']))).toBe(localAddress);
    }
  });

  it('takes a 10 MB image upload end to end, and serves it back', async () => {
    const image = await noisePng(10_200_000);
    expect(image.length).toBeGreaterThan(10_000_000);
    expect(image.length).toBeLessThanOrEqual(UPLOAD_MAX_FILE_SIZE);
    const { payload, headers } = await multipart([
      { field: 'file', data: image, filename: 'noise.png', type: 'image/png' },
    ]);
    const answer = await viaTls({
      method: 'POST',
      path: '/api/uploads/single',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: payload,
    });
    expect(answer.status, answer.body.toString()).toBe(201);
    const file = (JSON.parse(answer.body.toString()) as { data: { file: StoredFile } }).data.file;

    const served = await viaTls({ path: new URL(file.url, publicUrl).pathname });
    expect(served.status).toBe(200);
    expect(served.body.length).toBe(file.size);
    const [sent, stored] = await Promise.all([sharp(image).metadata(), sharp(served.body).metadata()]);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: sent.width, height: sent.height });
    expect(file).toMatchObject({ width: sent.width, height: sent.height });
  });

  it("answers every file over 10 MiB with the app's 413 while the rest of its body streams, never a 502", async () => {
    // Refused once the file passes 10 MiB: 1 MiB of the body is still to come on /single, 20 MiB on /multiple.
    const statuses: Record<string, Record<number, number>> = {};
    for (const [route, field, size] of [
      ['/api/uploads/single', 'file', UPLOAD_MAX_FILE_SIZE + MiB],
      ['/api/uploads/multiple', 'files', 30 * MiB],
    ] as const) {
      const { payload, headers } = await multipart([
        { field, data: Buffer.alloc(size, 1), filename: 'large.png', type: 'image/png' },
      ]);
      const { answers, counts } = await repeated(REFUSALS, () =>
        viaTls({
          method: 'POST',
          path: route,
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: payload,
        }),
      );
      statuses[route] = counts;
      for (const answer of answers.filter((a) => a.status === 413)) {
        expect(JSON.parse(answer.body.toString())).toMatchObject({
          success: false,
          code: ErrorCode.PAYLOAD_TOO_LARGE,
        });
      }
    }
    expect(statuses, nginxLog()).toEqual({
      '/api/uploads/single': { 413: REFUSALS },
      '/api/uploads/multiple': { 413: REFUSALS },
    });
  });

  it("answers a body declared over the app's limit, streamed by the proxy, with the app's 413, never a 502", async () => {
    // Refused by its Content-Length before a byte of it is read, while the client is still sending.
    const { answers, counts } = await repeated(REFUSALS, () =>
      viaLifted({
        method: 'POST',
        path: '/api/uploads/single',
        headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` },
        body: { size: 30 * MiB },
      }),
    );
    expect(counts, liftedNginx?.log()).toEqual({ 413: REFUSALS });
    const expected = {
      success: false,
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: formatMessage(UploadMessage.BODY_TOO_LARGE, { max: uploadBodyLimit(1) / MiB }),
    };
    for (const answer of answers) expect(JSON.parse(answer.body.toString())).toEqual(expected);
  });

  it("refuses a body larger than its upload route takes with nginx's own 413, before it is sent", async () => {
    for (const [route, limit] of [
      ['/api/uploads/single', uploadBodyLimit(1)],
      ['/api/uploads/image/', uploadBodyLimit(1)],
      ['/api/portfolio/upload/main', uploadBodyLimit(1)],
      ['/api/uploads/multiple', uploadBodyLimit(UPLOAD_MAX_FILES)],
      ['/api/portfolio/upload/gallery', uploadBodyLimit(PORTFOLIO_GALLERY_MAX)],
    ] as const) {
      const answer = await viaTls({
        method: 'POST',
        path: route,
        headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` },
        body: { size: limit + 1, send: 0 },
      });
      expect(answer.status, route).toBe(413);
      expect(answer.body.toString(), route).toContain('413 Request Entity Too Large');
    }
  });

  it('streams a backup archive for import, past the upload limit, to the app as it arrives', async () => {
    // No sign-in: the app refuses it (401) as soon as its headers arrive. Buffered by nginx, the answer would
    // wait for the whole body, which this client never finishes sending.
    const answer = await viaTls({
      method: 'POST',
      path: '/api/backups/import',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: { size: 2 * uploadBodyLimit(UPLOAD_MAX_FILES), send: MiB },
    });
    expect(answer.status, answer.body.toString()).toBe(401);
  });

  it("answers a full image queue with the app's 503 and Retry-After while the body streams, never a 502", async () => {
    // Every place of the queue taken for minutes (README "Uploads and memory"): requests of ten 40-megapixel
    // images each, whose images take turns at the one decoder, so that none is done before its tenth turn.
    // From an address of their own, as the upload routes' rate limit counts per address.
    const image = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const ten = await multipart(
      Array.from({ length: UPLOAD_MAX_FILES }, (_, i) => ({
        field: 'files',
        data: image,
        filename: `large-${i}.png`,
        type: 'image/png',
      })),
    );
    const hangUps = Array.from({ length: DEFAULT_IMAGE_QUEUE.capacity }, () => new AbortController());
    const holders = hangUps.map((hangUp) =>
      viaTls({
        method: 'POST',
        path: '/api/uploads/multiple',
        headers: { ...ten.headers, authorization: `Bearer ${token}` },
        body: ten.payload,
        localAddress: '127.0.0.3',
        signal: hangUp.signal,
      }).catch(() => undefined),
    );
    // 10 MiB that are no image: answered 400 once read while a place is free, 503 before it is read otherwise.
    const probe = (localAddress: string) => () =>
      viaTls({
        method: 'POST',
        path: '/api/uploads/image',
        headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` },
        body: { size: 10 * MiB },
        localAddress,
      });
    try {
      const waiting = probe('127.0.0.4');
      await vi.waitFor(async () => expect((await waiting()).status).toBe(503), { timeout: 30_000, interval: 250 });
      const { answers, counts } = await repeated(REFUSALS, probe('127.0.0.5'));
      expect(counts, nginxLog()).toEqual({ 503: REFUSALS });
      for (const answer of answers) {
        expect(JSON.parse(answer.body.toString())).toEqual({
          success: false,
          code: ErrorCode.SERVER_BUSY,
          message: ErrorMessage.SERVER_BUSY,
        });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      for (const hangUp of hangUps) hangUp.abort();
      await Promise.all(holders);
    }
  });
});
