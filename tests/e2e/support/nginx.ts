import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import sharp from 'sharp';

/*
 * nginx run by the tests with the committed site of deploy/ (tests/e2e/deploy-nginx.test.ts): the site with
 * only what must differ in a test replaced, nginx in the foreground with everything in one folder, and one
 * request at a time on a connection of its own.
 */

export const NGINX = '/usr/sbin/nginx';
export const SITE_CONF = 'deploy/nginx/studio-site.conf';
export const MiB = 1024 * 1024;
/** nginx's temporary folders, each set to one of its own in the test's folder. */
const TEMP_KINDS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/**
 * The committed site with what must differ in a test replaced line by line: ports on the loopback
 * interface (no IPv6 listener, which a container may lack), the certificate, the app's port and the log
 * files. Every other directive is the file's own. A line not found exactly once fails the test, so the
 * file cannot drift away from what is tested.
 */
export function siteForTest(
  conf: string,
  at: { http: number; https: number; app: number; dir: string },
  changes: Array<[string, string]> = [],
): string {
  const replacements: Array<[string, string]> = [
    ['listen 80;', `listen 127.0.0.1:${at.http};`],
    ['listen [::]:80;', '# (IPv6 listener left out in the test)'],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${at.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', '# (IPv6 listener left out in the test)'],
    ['ssl_certificate /etc/letsencrypt/live/example.com/fullchain.pem;', `ssl_certificate ${at.dir}/cert.pem;`],
    ['ssl_certificate_key /etc/letsencrypt/live/example.com/privkey.pem;', `ssl_certificate_key ${at.dir}/key.pem;`],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${at.app};`],
    ['access_log /var/log/nginx/studio-site.access.log;', `access_log ${at.dir}/access.log;`],
    ['error_log /var/log/nginx/studio-site.error.log;', `error_log ${at.dir}/error.log;`],
    ...changes,
  ];
  const lines = conf.split('\n');
  for (const [from, to] of replacements) {
    const found = lines.flatMap((line, index) => (line.trim() === from ? [index] : []));
    if (found.length !== 1) throw new Error(`${SITE_CONF}: expected the line "${from}" once, found ${found.length}`);
    const index = found[0]!;
    lines[index] = lines[index]!.replace(from, to);
  }
  return lines.join('\n');
}

/**
 * The main configuration around the site, with the http-level defaults of Debian's /etc/nginx/nginx.conf
 * that the site must override itself (gzip on, TLSv1 and TLSv1.1 allowed). Everything nginx writes stays in
 * `dir`. As root, the master would hand its workers to `nobody`, who cannot enter the private temporary
 * folder: the workers keep root's user here instead.
 */
function mainConfig(site: string, dir: string): string {
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;',
    '  ssl_prefer_server_ciphers on;',
    '  gzip on;',
    ...TEMP_KINDS.map((kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`),
    site,
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  /** What nginx printed and its error log, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground with `site` (from siteForTest, naming `dir`), everything it writes in `dir`;
 * resolves once `ready` says the app answers through it.
 */
export async function startNginx(dir: string, site: string, ready: () => Promise<boolean>): Promise<RunningNginx> {
  for (const kind of TEMP_KINDS) mkdirSync(`${dir}/${kind}_temp`);
  writeFileSync(`${dir}/nginx.conf`, mainConfig(site, dir));
  const args = ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`];
  try {
    execFileSync(NGINX, [...args, '-t'], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`nginx -t refused the configuration:\n${(error as { stderr?: Buffer }).stderr?.toString()}`);
  }
  const nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  nginx.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  nginx.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running: RunningNginx = {
    log: () => `${output}${existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : ''}`,
    async stop() {
      if (nginx.exitCode !== null || nginx.signalCode !== null) return;
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    },
  };
  for (let waited = 0; ; waited += 100) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${running.log()}`);
    if (await ready()) return running;
    if (waited > 20_000) {
      await running.stop();
      throw new Error(`nginx did not answer /api/ready within 20 s:\n${running.log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

export interface Exchange {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /**
   * The whole body, or a body of `size` bytes of zeros sent in 1 MiB chunks until the answer arrives; with
   * `send`, only that many bytes are sent before the answer, as from a client that is still uploading.
   */
  body?: Buffer | { size: number; send?: number };
  /** The address this end of the connection binds to (127.0.0.2: a client other than nginx's own). */
  localAddress?: string;
  /** Hangs up when it aborts. */
  signal?: AbortSignal;
}

/** One request on its own connection to nginx, over TLS with the test's certificate, or plain HTTP. */
export function exchange(target: { port: number; ca?: Buffer }, spec: Exchange): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = spec.body;
    const size = body === undefined ? undefined : Buffer.isBuffer(body) ? body.length : body.size;
    const options: https.RequestOptions = {
      host: '127.0.0.1',
      port: target.port,
      path: spec.path,
      method: spec.method ?? 'GET',
      headers: {
        host: target.ca ? `localhost:${target.port}` : 'localhost',
        ...(size === undefined ? {} : { 'content-length': String(size) }),
        ...spec.headers,
      },
      localAddress: spec.localAddress,
      signal: spec.signal,
      agent: false,
      ...(target.ca ? { ca: target.ca, servername: 'localhost' } : {}),
    };
    const req = (target.ca ? https : http).request(options);
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        });
        // A refused body is not sent further.
        req.destroy();
      });
      res.on('error', reject);
    });
    // Once answered, the rest of a refused body may meet a closed connection: that is not the outcome.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.setTimeout(120_000, () => req.destroy(new Error('no answer within 120 s')));
    if (body === undefined || Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    req.flushHeaders();
    const chunk = Buffer.alloc(MiB);
    const sending = body.send ?? body.size;
    let sent = 0;
    const pump = () => {
      while (!answered && sent < sending) {
        const piece = chunk.subarray(0, Math.min(MiB, sending - sent));
        sent += piece.length;
        if (sent === body.size) req.end(piece);
        else if (!req.write(piece)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

/** `times` exchanges one after another, and how many of them got each status. */
export async function repeated(times: number, make: () => Promise<Answer>) {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await make());
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return { answers, counts };
}

/** How many times a header came in the answer (Node joins repeated headers into one value). */
export const headerCount = (answer: Answer, name: string) =>
  answer.rawHeaders.filter((value, index) => index % 2 === 0 && value.toLowerCase() === name).length;

/** A PNG of random pixels of about `bytes` (no compression), valid for the upload routes' checks. */
export async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** What the upload routes answer for a stored file (the fields read here). */
export interface StoredFile {
  url: string;
  size: number;
  width: number | null;
  height: number | null;
}
