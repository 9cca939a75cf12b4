import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../../lib/errors';
import { seedDemoContent } from '../../seed/seed';
import { createStorage, type FileStorage } from '../../storage';
import { countRows, createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { restoreFromStore } from './backup-restore';
import { tableDigests } from './backup-test-support';
import { createBackup, type BackupContext } from './backups.service';

/*
 * The order of a restore's steps (ADR 0018, ADR 0030): the backup's files are stored while the old rows are
 * still there, the rows are replaced, and only then are the files the backup lacks deleted; a store that
 * fails half way leaves the rows and the files as they were.
 */

const silent = { info: () => {}, error: () => {} };

/** The uploads store, telling `seen` of every write and delete before it happens. */
function watched(store: FileStorage, seen: (what: 'put' | 'delete', key: string) => Promise<void>): FileStorage {
  return {
    put: (key, data) => store.put(key, data),
    putFile: async (key, source, options) => {
      await seen('put', key);
      return store.putFile(key, source, options);
    },
    get: (key) => store.get(key),
    delete: async (key) => {
      await seen('delete', key);
      return store.delete(key);
    },
    exists: (key) => store.exists(key),
    check: () => store.check(),
    list: (folder) => store.list(folder),
  };
}

describe.each(testDialects)('the order of a restore (%s)', (dialect) => {
  let t: TestDatabase;
  const dataDir = mkdtempSync(path.join(tmpdir(), `backup-restore-${dialect}-`));
  const config = {
    backupDir: path.join(dataDir, 'backups'),
    uploadDir: path.join(dataDir, 'uploads'),
    backupS3: undefined,
    storageS3: undefined,
  };
  const uploads = createStorage(config, 'uploads');
  let ctx: BackupContext;
  let filename = '';
  let tags = 0;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDemoContent(t.database.db);
    await uploads.put('files/a1b2c3.png', Buffer.from('first'));
    await uploads.put('files/d4e5f6.png', Buffer.from('second'));
    ctx = {
      db: t.database.db,
      dialect,
      config,
      backups: createStorage(config, 'backups'),
      uploads,
      log: silent,
    };
    filename = (await createBackup(ctx, { type: 'manual', userId: null })).filename;
    tags = await countRows(t.database.db, 'blog_tags');
    expect(tags).toBeGreaterThan(0);
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** After the backup: the tags gone, one of its files gone, another file added. */
  async function changeTheSite() {
    await t.database.db.deleteFrom('blog_post_tags').execute();
    await t.database.db.deleteFrom('blog_tags').execute();
    await uploads.delete('files/a1b2c3.png');
    await uploads.put('files/later1.png', Buffer.from('added after the backup'));
  }
  const storedKeys = async () => (await uploads.list('files')).map((o) => o.key).sort();

  it('clears what a run that stopped half way left in BACKUP_DIR, and nothing else', async () => {
    const dir = config.backupDir;
    await mkdir(path.join(dir, '.restore-0123456789ab', 'uploads'), { recursive: true });
    await writeFile(path.join(dir, '.restore-0123456789ab', 'uploads', 'x.png'), 'staged');
    await mkdir(path.join(dir, '.backup-ba9876543210'));
    const oldSpool = path.join(dir, '.import-0123456789abcdef.partial');
    const newSpool = path.join(dir, '.import-fedcba9876543210.partial');
    await writeFile(oldSpool, 'an import whose process stopped');
    await writeFile(newSpool, 'an import arriving now');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(oldSpool, twoHoursAgo, twoHoursAgo);
    const made = await createBackup(ctx, { type: 'manual', userId: null });
    expect((await readdir(dir)).sort()).toEqual(['.import-fedcba9876543210.partial', filename, made.filename].sort());
    await rm(newSpool);
  });

  it("stores the backup's files before the rows change, and deletes the others after", async () => {
    await changeTheSite();
    const steps: string[] = [];
    const seen = async (what: string, key: string) => {
      steps.push(`${what} ${key} with ${await countRows(t.database.db, 'blog_tags')} tags`);
    };
    await restoreFromStore({ ...ctx, uploads: watched(uploads, seen) }, filename);
    expect(steps).toEqual([
      'put files/a1b2c3.png with 0 tags',
      'put files/d4e5f6.png with 0 tags',
      `delete files/later1.png with ${tags} tags`,
    ]);
    expect(await storedKeys()).toEqual(['files/a1b2c3.png', 'files/d4e5f6.png']);
  });

  it('leaves the rows and the files as they were when the store fails half way', async () => {
    await changeTheSite();
    const rowsBefore = await tableDigests(t.database.db);
    let puts = 0;
    const failing = watched(uploads, async (what) => {
      if (what === 'put' && ++puts === 2) throw new StorageUnavailableError();
    });
    await expect(restoreFromStore({ ...ctx, uploads: failing }, filename)).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    expect(await tableDigests(t.database.db)).toEqual(rowsBefore);
    // The file stored before the failure was not there before: it went again.
    expect(await storedKeys()).toEqual(['files/d4e5f6.png', 'files/later1.png']);
  });
});
