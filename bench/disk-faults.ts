/**
 * The disk and archive faults of `npm run bench -- --faults` (ADR 0032), one site per scenario:
 *   - a backup folder that cannot be written (chattr +i where the file system has it, else a folder whose
 *     parent is a regular file: root writes through chmod, so neither is a permission bit);
 *   - a full disk: the backup folder on a 1 MiB tmpfs filled up to its last 32 KiB (when `mount` works here);
 *   - an upload folder that cannot be written;
 *   - crafted archives through import and restore: an expansion bomb (2 GiB from ~2 MB), an entry the manifest
 *     does not list, 1 GiB of zeros in entries the index does not announce (format 2, ADR 0037) and the same
 *     in a format 1 archive, and rows the API would refuse (role superadmin, a 2,000,000-character username).
 * Counted per request: answers by class, where a 503 with Retry-After is the one 5xx allowed, resets, and
 * whether the server process was still alive at the end (a crash).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  editUsers,
  expansionBomb,
  readEntries,
  unannouncedZeros,
  writeEntries,
  type Entries,
} from '../src/server/testing/crafted-archives';
import type { Tally } from '../tests/e2e/support/faults';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';

export interface DiskFaultRow {
  scenario: string;
  tally: Tally;
  note?: string;
}

interface Answer {
  status?: number;
  retryAfter?: string | null;
  body?: string;
  error?: string;
}

const ADMIN = { email: 'bench-admin@example.test', password: 'Bench-admin-password-42' };
const SITE_ENV = { TRUST_PROXY: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

function count(answers: Answer[]): Tally {
  const t: Tally = { sent: answers.length, ok: 0, clientErrors: 0, serverErrors: 0, resets: 0, detail: {} };
  for (const a of answers) {
    const allowed = a.status === 503 && !!a.retryAfter;
    const key = a.error ? `reset ${a.error}` : allowed ? '503+Retry-After' : String(a.status);
    t.detail[key] = (t.detail[key] ?? 0) + 1;
    if (a.error || a.status === undefined) t.resets += 1;
    else if (a.status >= 500 && !allowed) t.serverErrors += 1;
    else if (a.status >= 400 && a.status < 500) t.clientErrors += 1;
    else if (a.status < 300) t.ok += 1;
  }
  return t;
}

class Client {
  answers: Answer[] = [];
  token = '';
  constructor(private readonly site: RunningSite) {}
  async call(method: string, url: string, body?: unknown): Promise<Answer> {
    let answer: Answer;
    try {
      const headers: Record<string, string> = { 'x-forwarded-for': `10.210.0.${this.answers.length % 250}` };
      if (this.token) headers.authorization = `Bearer ${this.token}`;
      let payload: BodyInit | undefined;
      if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const res = await fetch(`${this.site.baseUrl}${url}`, { method, headers, body: payload });
      answer = { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
    } catch (error) {
      answer = { error: (error as Error).message };
    }
    this.answers.push(answer);
    return answer;
  }
  async signIn(): Promise<void> {
    const res = await this.call('POST', '/api/auth/login', { username: ADMIN.email, password: ADMIN.password });
    this.token = (JSON.parse(res.body ?? '{}') as { data?: { token?: string } }).data?.token ?? '';
    if (!this.token) throw new Error(`admin sign-in failed: ${res.status}`);
  }
  async file(url: string, name: string, data: Buffer, type: string): Promise<Answer> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return this.call('POST', url, form);
  }
}

const alive = (site: RunningSite) => {
  try {
    if (site.pid) process.kill(site.pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Makes `folder` unwritable for root too; returns how, and the undo. */
function immutable(folder: string): { how: string; undo: () => void } {
  try {
    execFileSync('chattr', ['+i', folder], { stdio: 'ignore' });
    return { how: 'chattr +i', undo: () => execFileSync('chattr', ['-i', folder], { stdio: 'ignore' }) };
  } catch {
    return { how: 'unavailable', undo: () => {} };
  }
}

async function onSite(
  label: string,
  env: Record<string, string>,
  prepare: (dataDir: string) => Promise<{ env: Record<string, string>; note: string; undo: () => void }>,
  run: (client: Client, site: RunningSite) => Promise<string>,
): Promise<DiskFaultRow> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'disk-faults-'));
  const prepared = await prepare(dataDir);
  let site: RunningSite;
  try {
    site = await startSite({ ...SITE_ENV, ...env, ...prepared.env }, { dataDir });
  } catch (error) {
    prepared.undo();
    throw error;
  }
  const client = new Client(site);
  let detail = '';
  try {
    await client.signIn();
    detail = await run(client, site);
  } catch (error) {
    detail = `FAILED: ${(error as Error).message.split('\n')[0]}`;
  }
  const up = alive(site);
  prepared.undo();
  await site.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  const note = [`crashes: ${up ? 0 : 1}`, prepared.note, detail].filter(Boolean).join('; ');
  return { scenario: label, tally: count(client.answers), note: up ? note : `FAILED: the server died; ${note}` };
}

async function backupsAfterFailure(client: Client): Promise<string> {
  for (let i = 0; i < 3; i += 1) await client.call('POST', '/api/backups');
  const list = await client.call('GET', '/api/backups');
  const rows =
    (JSON.parse(list.body ?? '{}') as { data?: { backups?: { id: number; status: string; error: string }[] } }).data
      ?.backups ?? [];
  for (const row of rows) await client.call('DELETE', `/api/backups/${row.id}`);
  const left = (JSON.parse((await client.call('GET', '/api/backups')).body ?? '{}') as { data?: { backups?: [] } }).data
    ?.backups?.length;
  return `rows: ${rows.map((r) => r.status).join(',')}; reason: "${rows[0]?.error ?? ''}"; left after delete: ${left}`;
}

/** A valid archive of this site, downloaded through the API. */
async function downloaded(client: Client, site: RunningSite, file: string): Promise<Entries> {
  const created = await client.call('POST', '/api/backups');
  const id = (JSON.parse(created.body ?? '{}') as { data?: { id?: number } }).data?.id;
  const res = await fetch(`${site.baseUrl}/api/backups/${id}/download`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return readEntries(file);
}

export async function diskFaultRows(env: Record<string, string>): Promise<DiskFaultRow[]> {
  const rows: DiskFaultRow[] = [];
  rows.push(
    await onSite(
      'unwritable backup folder',
      env,
      async (dataDir) => {
        const folder = path.join(dataDir, 'backups');
        await mkdir(folder, { recursive: true });
        const lock = immutable(folder);
        if (lock.how !== 'unavailable') return { env: { BACKUP_DIR: folder }, note: lock.how, undo: lock.undo };
        await writeFile(path.join(dataDir, 'file'), 'a file');
        return { env: { BACKUP_DIR: path.join(dataDir, 'file', 'backups') }, note: 'parent is a file', undo: () => {} };
      },
      backupsAfterFailure,
    ),
  );
  rows.push(
    await onSite(
      'full disk (1 MiB tmpfs)',
      env,
      async (dataDir) => {
        const folder = path.join(dataDir, 'backups');
        await mkdir(folder, { recursive: true });
        try {
          execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', folder], { stdio: 'ignore' });
        } catch {
          return { env: { BACKUP_DIR: folder }, note: 'SKIPPED: tmpfs cannot be mounted here', undo: () => {} };
        }
        await writeFile(path.join(folder, 'filler'), Buffer.alloc(1024 * 1024 - 32 * 1024));
        const undo = () => execFileSync('umount', ['-l', folder], { stdio: 'ignore' });
        return { env: { BACKUP_DIR: folder }, note: 'tmpfs', undo };
      },
      backupsAfterFailure,
    ),
  );
  rows.push(
    await onSite(
      'unwritable upload folder',
      env,
      async () => ({ env: {}, note: 'chattr +i after the start', undo: () => {} }),
      async (client, site) => {
        // Locked once the site is up (its readiness check needs the folder); unlocked before it stops.
        const folder = path.join(site.dataDir, 'uploads');
        await mkdir(path.join(folder, 'files'), { recursive: true });
        const locks = [immutable(folder), immutable(path.join(folder, 'files'))];
        if (locks[0]?.how === 'unavailable') return 'SKIPPED: chattr is not available here';
        try {
          return await uploadsWhileLocked(client);
        } finally {
          for (const lock of locks.reverse()) lock.undo();
        }
      },
    ),
  );
  rows.push(
    await onSite(
      'crafted archives (import + restore)',
      env,
      async () => ({ env: {}, note: '', undo: () => {} }),
      async (client, site) => craftedArchives(client, site),
    ),
  );
  return rows;
}

async function uploadsWhileLocked(client: Client): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    statuses.push((await client.file('/api/uploads/single', `photo-${i}.png`, png, 'image/png')).status ?? 0);
  }
  return `upload answers: ${statuses.join(',')}`;
}

async function craftedArchives(client: Client, site: RunningSite): Promise<string> {
  const work = mkdtempSync(path.join(tmpdir(), 'crafted-'));
  const file = path.join(work, 'a.tar.gz');
  const entries = await downloaded(client, site, file);
  const results: string[] = [];
  const attempt = async (label: string, build: () => Promise<void>) => {
    await build();
    const started = Date.now();
    const imported = await client.file(
      '/api/backups/import',
      'crafted.tar.gz',
      await readFile(file),
      'application/gzip',
    );
    let last = imported;
    const id = (JSON.parse(imported.body ?? '{}') as { data?: { id?: number } }).data?.id;
    if (imported.status === 201 && id)
      last = await client.call('POST', `/api/backups/${id}/restore`, { confirm: 'RESTORE' });
    results.push(
      `${label}: ${imported.status}${last === imported ? '' : `→${last.status}`} in ${Date.now() - started} ms`,
    );
  };
  await attempt('bomb 2 GiB', () => expansionBomb(file, 'uploads/files/bomb.bin', 2 * 1024 ** 3));
  await attempt('extra entry', () => {
    const extra = new Map(entries);
    extra.set('uploads/files/extra.png', Buffer.alloc(64 * 1024 * 1024));
    return writeEntries(file, extra);
  });
  // Four entries of 256 MiB (the per-entry bound) of zeros before the manifest: format 2 refuses the first
  // at its header; format 1 can only tell once the manifest is read, having inflated all of them.
  const zeros = { name: (i: number) => `uploads/files/zeros-${i}.bin`, bytes: 256 * 1024 * 1024, count: 4 };
  await attempt('unannounced 1 GiB', () => unannouncedZeros(file, entries, zeros));
  await attempt('unlisted 1 GiB, format 1', () => unannouncedZeros(file, entries, zeros, 1));
  const users = (rowsOf: (r: Record<string, unknown>[]) => Record<string, unknown>[]) => () =>
    writeEntries(file, editUsers(entries, rowsOf));
  await attempt(
    'role superadmin',
    users((r) => r.map((u) => ({ ...u, role: 'superadmin' }))),
  );
  await attempt(
    '2M username',
    users((r) => r.map((u, i) => (i ? u : { ...u, username: 'a'.repeat(2_000_000) }))),
  );
  await attempt(
    'duplicate id',
    users((r) => [...r, { ...r[0], username: 'twin', email: 'twin@example.test' }]),
  );
  const left = (await readdir(path.join(site.dataDir, 'uploads', 'files')).catch(() => [])).filter((n) =>
    /bomb|extra|zeros/.test(n),
  );
  await rm(work, { recursive: true, force: true });
  return `${results.join(', ')}; bomb/extra/zeros files left in uploads: ${left.length}`;
}
