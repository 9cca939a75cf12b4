import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync, createGunzip, createGzip } from 'node:zlib';
import { createReadStream } from 'node:fs';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../plugins/errors';
import { seedDemoContent } from '../../seed/seed';
import { createStorage } from '../../storage';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { restoreFromFile } from './backup-restore';
import { tableDigests } from './backup-test-support';
import { createBackup, type BackupContext } from './backups.service';

/*
 * A restore trusts nothing in the archive (ADR 0032): every row is checked against its column and the API's
 * contracts before the database is touched, the database's own refusals answer without its text, and what an
 * archive expands to is bounded by the tar headers before a body is inflated.
 */

const silent = { info: () => {}, error: () => {} };
type Entries = Map<string, Buffer>;

async function readEntries(file: string): Promise<Entries> {
  const entries: Entries = new Map();
  const extract = tar.extract();
  const done = pipeline(createReadStream(file), createGunzip(), extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await done;
  return entries;
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Writes the entries back with a manifest whose sizes, checksums and counts match them. */
async function writeEntries(file: string, entries: Entries): Promise<void> {
  const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8'));
  let rowCount = 0;
  for (const table of manifest.tables) {
    table.rows = 0;
    for (const part of table.parts) {
      const data = entries.get(part.path) as Buffer;
      Object.assign(part, { size: data.length, sha256: sha(data) });
      table.rows += data.toString('utf8').split('\n').filter(Boolean).length;
    }
    rowCount += table.rows;
  }
  manifest.rowCount = rowCount;
  const pack = tar.pack();
  for (const [name, data] of entries) if (name !== 'manifest.json') pack.entry({ name }, data);
  pack.entry({ name: 'manifest.json' }, Buffer.from(JSON.stringify(manifest)));
  pack.finalize();
  await pipeline(pack as unknown as Readable, createGzip(), createWriteStream(file));
}

/** Replaces the users' rows by what `edit` makes of them. */
function editUsers(entries: Entries, edit: (rows: Record<string, unknown>[]) => Record<string, unknown>[]): Entries {
  const copy = new Map(entries);
  const name = [...copy.keys()].find((k) => k.startsWith('db/users/')) as string;
  const rows = (copy.get(name) as Buffer)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  copy.set(
    name,
    Buffer.from(
      edit(rows)
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    ),
  );
  return copy;
}

/**
 * A small archive whose one entry expands to `bytes` zeros: the tar header, then the same gzip member of
 * 1 MiB of zeros again and again (gzip readers join members), so a 2 GiB entry costs about 2 MB on disk.
 */
async function expansionBomb(file: string, name: string, bytes: number): Promise<void> {
  const header = tar.pack();
  const chunks: Buffer[] = [];
  header.entry({ name, size: bytes });
  const out = new PassThrough();
  header.pipe(out);
  out.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve) => setImmediate(resolve));
  const mib = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  const parts = [gzipSync(Buffer.concat(chunks).subarray(0, 512))];
  for (let i = 0; i < bytes / (1024 * 1024); i += 1) parts.push(mib);
  parts.push(gzipSync(Buffer.alloc(1024)));
  await writeFile(file, Buffer.concat(parts));
}

describe.each(testDialects)('what a restore refuses (%s)', (dialect) => {
  let t: TestDatabase;
  const dataDir = mkdtempSync(path.join(tmpdir(), `restore-checks-${dialect}-`));
  const config = {
    backupDir: path.join(dataDir, 'backups'),
    uploadDir: path.join(dataDir, 'uploads'),
    backupS3: undefined,
    storageS3: undefined,
  };
  let ctx: BackupContext;
  let entries: Entries;
  const crafted = path.join(dataDir, 'crafted.tar.gz');

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDemoContent(t.database.db);
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('users')
      .values({
        username: 'site.admin',
        email: 'admin@example.com',
        password_hash: 'not a real hash',
        role: 'admin',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const uploads = createStorage(config, 'uploads');
    await uploads.put('files/a1b2c3.png', Buffer.from('a file'));
    ctx = { db: t.database.db, dialect, config, backups: createStorage(config, 'backups'), uploads, log: silent };
    const backup = await createBackup(ctx, { type: 'manual', userId: null });
    entries = await readEntries(path.join(config.backupDir, backup.filename));
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Restores the crafted archive and expects a refusal; the rows, the files and BACKUP_DIR stay as they were. */
  async function refused(status: number): Promise<AppError> {
    const rows = await tableDigests(t.database.db);
    const files = await readdir(path.join(config.uploadDir, 'files'));
    const error = await restoreFromFile(ctx, crafted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode, (error as AppError).message).toBe(status);
    expect(await tableDigests(t.database.db)).toEqual(rows);
    expect(await readdir(path.join(config.uploadDir, 'files'))).toEqual(files);
    expect((await readdir(config.backupDir)).filter((n) => n.startsWith('.'))).toEqual([]);
    return error as AppError;
  }

  it('refuses a user whose role is not one of the roles, naming the table, the row and the column', async () => {
    await writeEntries(
      crafted,
      editUsers(entries, (rows) => [
        ...rows,
        { ...rows[0], id: 9001, username: 'root2', email: 'r2@example.com', role: 'superadmin' },
      ]),
    );
    const error = await refused(400);
    expect(error.code).toBe(ErrorCode.BAD_REQUEST);
    expect(error.message).toMatch(/table users, row \d+, column "role": "superadmin" is refused/);
  });

  it('refuses a username of 2,000,000 characters', async () => {
    await writeEntries(
      crafted,
      editUsers(entries, (rows) => [{ ...rows[0], username: 'a'.repeat(2_000_000) }, ...rows.slice(1)]),
    );
    const error = await refused(400);
    expect(error.message).toMatch(/table users, row 1, column "username": 2000000 characters, at most \d+ fit/);
  });

  it('refuses a column the table does not have', async () => {
    await writeEntries(
      crafted,
      editUsers(entries, (rows) => [{ ...rows[0], is_root: 1 }, ...rows.slice(1)]),
    );
    expect((await refused(400)).message).toMatch(/table users, row 1: the table has no column "is_root"/);
  });

  it('answers 409 without the database text when the database refuses the rows', async () => {
    // Two users with one id: every check of a single row passes, the primary key refuses the pair.
    await writeEntries(
      crafted,
      editUsers(entries, (rows) => [...rows, { ...rows[0], username: 'another', email: 'another@example.com' }]),
    );
    const error = await refused(409);
    expect(error.code).toBe(ErrorCode.CONFLICT);
    expect(error.message).not.toMatch(/constraint|pkey|PRIMARY|UNIQUE|[Dd]uplicate|users\.id|SQLITE|ER_|test_/);
  });

  it('refuses an entry that would expand past the bound by its header, before inflating it', async () => {
    await expansionBomb(crafted, 'uploads/files/bomb.bin', 2 * 1024 ** 3);
    expect((await stat(crafted)).size).toBeLessThan(4_000_000);
    const error = await refused(400);
    expect(error.message).toMatch(/uploads\/files\/bomb\.bin expands to 2147483648 bytes/);
  });

  it('refuses an entry the manifest does not list', async () => {
    const extra = new Map(entries);
    extra.set('uploads/files/extra.png', Buffer.from('not listed'));
    await writeEntries(crafted, extra);
    expect((await refused(400)).message).toMatch(/uploads\/files\/extra\.png is not in the manifest/);
  });
});
