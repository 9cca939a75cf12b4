import path from 'node:path';
import { mkdir, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/seed';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { createStorage } from '../../storage';
import { restoreFromFile } from './backup-restore';
import { createBackup, type BackupContext } from './backups.service';
import { silent, uploadDigests, addUploads, dataDirFor, tableDigests } from './backup-test-support';

/** A site on SQLite moves to PostgreSQL or MySQL by restoring its backup there. */
const targets = testDialects.filter((d) => d !== 'sqlite');

// Without a PostgreSQL or MySQL server configured, the file reports a skipped test rather than no suite.
if (targets.length === 0)
  it.skip('a SQLite backup restored elsewhere (needs TEST_POSTGRES_URL or TEST_MYSQL_URL)', () => {});

describe.each(targets)('a SQLite backup restored into %s', (dialect) => {
  let source: TestDatabase;
  let target: TestDatabase;
  const dataDir = dataDirFor(`move-${dialect}`);
  const config = {
    backupDir: path.join(dataDir, 'backups'),
    uploadDir: path.join(dataDir, 'uploads'),
    backupS3: undefined,
    storageS3: undefined,
  };
  const stores = { backups: createStorage(config, 'backups'), uploads: createStorage(config, 'uploads') };

  beforeAll(async () => {
    source = await createTestDatabase('sqlite');
    target = await createTestDatabase(dialect);
    await seedDemoContent(source.database.db);
    await addUploads(config.uploadDir);
  }, 60_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('gives back every row, and new rows get new ids', async () => {
    const from: BackupContext = { db: source.database.db, dialect: 'sqlite', config, ...stores, log: silent };
    const backup = await createBackup(from, { type: 'manual', userId: null });
    const expected = await tableDigests(source.database.db);
    const files = await uploadDigests(config.uploadDir);
    await rm(config.uploadDir, { recursive: true, force: true });
    await mkdir(config.uploadDir, { recursive: true });

    const into: BackupContext = { db: target.database.db, dialect, config, ...stores, log: silent };
    const result = await restoreFromFile(into, path.join(config.backupDir, backup.filename));
    expect(result).toMatchObject({ rowCount: backup.rowCount, sourceDialect: 'sqlite' });
    expect(await tableDigests(target.database.db)).toEqual(expected);
    expect(await uploadDigests(config.uploadDir)).toEqual(files);

    const db = target.database.db;
    const max = await db
      .selectFrom('blog_tags')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await db.insertInto('blog_tags').values({ name: 'After the move', slug: 'after-the-move' }).execute();
    const added = await db
      .selectFrom('blog_tags')
      .select('id')
      .where('slug', '=', 'after-the-move')
      .executeTakeFirstOrThrow();
    expect(Number(added.id)).toBeGreaterThan(Number(max.id));
  });
});
