/**
 * Server memory under big parallel uploads: `node --import tsx bench/upload-memory.ts` (after `npm run build`).
 *
 * Each round starts the production build (`node dist/server.js`) as its own process with a fresh data
 * directory and SQLite database, signs in, sends its uploads all at once over real sockets and samples
 * the server's resident memory (/proc) until every answer is in. Rounds:
 * - gallery-N: N parallel POST /api/uploads/multiple of about 95 MB each (one 8-megapixel JPEG and nine
 *   PDFs just under 10 MB): streamed to disk, one image decoded per request;
 * - documents-N: the same with ten PDFs and no image: what streaming and storing cost without decoding;
 * - oversize-N: N parallel POST /api/uploads/single of one 95 MB file: refused (413) while it streams;
 * - gone-N: the gallery body, each client hanging up as soon as it has sent it: the files the server
 *   still stored afterwards show whether it kept working for clients that had left.
 * The figure that counts is the peak RSS (target: under 600 MiB). `--json` prints the figures as JSON.
 * `uploadMemoryScenario()` is exported for `npm run bench`.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { photo } from './photo';
import { readMemory } from './process-memory';
import { table } from './table';

const MiB = 1024 * 1024;
const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = 'bench-password-0123456789';

export type UploadRoundKind = 'gallery' | 'documents' | 'oversize' | 'gone';

export interface UploadRoundFigures {
  name: string;
  parallel: number;
  bodyMiB: number;
  /** Response status → count; "error" for requests that got no answer (expected in gone-N). */
  statuses: Record<string, number>;
  /** Resident memory of the idle server just before the round. */
  rssBeforeMiB: number;
  /** Highest resident memory seen during the round (VmHWM of the fresh server process). */
  peakRssMiB: number;
  seconds: number;
  /** Files the server holds once it is idle again. */
  storedFiles: number;
}

export interface UploadMemoryFigures {
  targetMiB: number;
  rounds: UploadRoundFigures[];
}

/** A PDF header followed by filler: accepted as a document and stored as it is. */
function pdf(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x20);
  file.write('%PDF-1.4\n');
  file.write('\n%%EOF\n', bytes - 7);
  return file;
}

interface Body {
  chunks: Buffer[];
  length: number;
  contentType: string;
}

/** A multipart body as a list of shared buffers, so thirty requests do not copy 95 MB each. */
function multipartBody(files: { field: string; name: string; type: string; data: Buffer }[]): Body {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    chunks,
    length: chunks.reduce((sum, c) => sum + c.length, 0),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function signIn(site: RunningSite): Promise<string> {
  const res = await fetch(`${site.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Sends one body over its own socket. Resolves with the status, or "error" when the connection ended
 * without an answer. `hangUp` destroys the socket as soon as the whole body is written.
 */
async function send(site: RunningSite, path: string, token: string, body: Body, hangUp: boolean): Promise<string> {
  const url = new URL(path, site.baseUrl);
  let req: ClientRequest | undefined;
  const answered = new Promise<string>((resolve) => {
    req = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': body.contentType,
        'content-length': body.length,
        authorization: `Bearer ${token}`,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
      res.on('error', () => resolve(String(res.statusCode)));
    });
    req.on('error', () => resolve('error'));
    req.on('close', () => resolve('error'));
  });
  const client = req as ClientRequest;
  let early = false;
  void answered.then(() => (early = true));
  for (const chunk of body.chunks) {
    if (early || client.destroyed) break;
    if (!client.write(chunk)) await Promise.race([once(client, 'drain'), answered]);
  }
  // An early answer (413) ends the exchange: the rest of the body is not sent.
  if (early) client.destroy();
  else if (!client.destroyed) client.end();
  if (hangUp) {
    await new Promise<void>((resolve) => (client.writableFinished ? resolve() : client.once('finish', resolve)));
    client.destroy();
  }
  return answered;
}

/** CPU seconds the process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until the server has used less than 0.1 s of CPU over two seconds (its work is done). */
async function idle(pid: number): Promise<void> {
  let before = cpuSeconds(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 2_000));
    const now = cpuSeconds(pid);
    if (now - before < 0.1) return;
    before = now;
  }
}

async function storedFiles(site: RunningSite, token: string): Promise<number> {
  const res = await fetch(`${site.baseUrl}/api/uploads/meta/stats`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { total_files: number } }).data.total_files;
}

async function round(kind: UploadRoundKind, parallel: number, bodies: Record<Exclude<UploadRoundKind, 'gone'>, Body>) {
  const site = await startSite({
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
  });
  try {
    const pid = site.pid as number;
    const token = await signIn(site);
    const body = bodies[kind === 'gone' ? 'gallery' : kind];
    const path = kind === 'oversize' ? '/api/uploads/single' : '/api/uploads/multiple';
    const rssBefore = readMemory(pid).rssMiB;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: parallel }, () => send(site, path, token, body, kind === 'gone')),
    );
    await idle(pid);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    const statuses: Record<string, number> = {};
    for (const status of results) statuses[status] = (statuses[status] ?? 0) + 1;
    return {
      name: `${kind}-${parallel}`,
      parallel,
      bodyMiB: Math.round((body.length / MiB) * 10) / 10,
      statuses,
      rssBeforeMiB: rssBefore,
      peakRssMiB: readMemory(pid).peakRssMiB,
      seconds,
      storedFiles: await storedFiles(site, token),
    } satisfies UploadRoundFigures;
  } finally {
    await site.stop();
  }
}

export const UPLOAD_MEMORY_TARGET_MIB = 600;

/** Runs the rounds one after another, each on a fresh server (so each peak is its own). */
export async function uploadMemoryScenario(
  rounds: { kind: UploadRoundKind; parallel: number }[] = [
    { kind: 'gallery', parallel: 10 },
    { kind: 'gallery', parallel: 30 },
    { kind: 'oversize', parallel: 10 },
    { kind: 'oversize', parallel: 30 },
    { kind: 'gone', parallel: 30 },
  ],
  log: (line: string) => void = () => {},
): Promise<UploadMemoryFigures> {
  const image = await photo(3264, 2448);
  const document = pdf(10 * MiB - 64 * 1024);
  const bodies = {
    gallery: multipartBody([
      { field: 'files', name: 'photo.jpg', type: 'image/jpeg', data: image },
      ...Array.from({ length: 9 }, (_, i) => ({
        field: 'files',
        name: `document-${i}.pdf`,
        type: 'application/pdf',
        data: document,
      })),
    ]),
    documents: multipartBody(
      Array.from({ length: 10 }, (_, i) => ({
        field: 'files',
        name: `document-${i}.pdf`,
        type: 'application/pdf',
        data: document,
      })),
    ),
    oversize: multipartBody([{ field: 'file', name: 'huge.pdf', type: 'application/pdf', data: pdf(95 * MiB) }]),
  };
  const figures: UploadRoundFigures[] = [];
  for (const { kind, parallel } of rounds) {
    log(`${kind}-${parallel}…`);
    figures.push(await round(kind, parallel, bodies));
  }
  return { targetMiB: UPLOAD_MEMORY_TARGET_MIB, rounds: figures };
}

export function uploadMemoryTable(figures: UploadMemoryFigures): string {
  return table(
    [
      ['round', 'body', 'answers', 'RSS before', 'peak RSS', 'seconds', 'files kept'],
      ...figures.rounds.map((r) => [
        r.name,
        `${r.bodyMiB} MiB`,
        Object.entries(r.statuses)
          .map(([status, count]) => `${count}x ${status}`)
          .join(', '),
        `${r.rssBeforeMiB} MiB`,
        `${r.peakRssMiB} MiB${r.peakRssMiB > figures.targetMiB ? ' (over target)' : ''}`,
        String(r.seconds),
        String(r.storedFiles),
      ]),
    ],
    (column) => column >= 3,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length);
  const rounds = only?.split(',').map((spec) => {
    const [kind, parallel] = spec.split('-');
    return { kind: kind as UploadRoundKind, parallel: Number(parallel) };
  });
  const figures = await uploadMemoryScenario(rounds, (line) => console.error(line));
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
  else {
    console.log(`upload-memory: peak server RSS per round (target under ${figures.targetMiB} MiB)`);
    console.log(uploadMemoryTable(figures));
  }
}
