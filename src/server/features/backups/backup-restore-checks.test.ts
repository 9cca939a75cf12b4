import { mkdtempSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../plugins/errors';
import { seedDemoContent } from '../../seed/seed';
import { createStorage } from '../../storage';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { restoreFromFile } from './backup-restore';
import { editUsers, expansionBomb, readEntries, writeEntries, type Entries } from '../../testing/crafted-archives';
import { tableDigests } from './backup-test-support';
import { createBackup, type BackupContext } from './backups.service';

/*
 * A restore trusts nothing in the archive (ADR 0032): every row is checked against its column and the API's
 * contracts before the database is touched, the database's own refusals answer without its text, and what an
 * archive expands to is bounded by the tar headers before a body is inflated.
 */

const silent = { info: () => {}, error: () => {} };
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
