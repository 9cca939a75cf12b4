import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../lib/errors';
import { seedDemoContent } from '../../seed/seed';
import { createStorage } from '../../storage';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { restoreFromFile } from './backup-restore';
import { loadForeignKeys } from './backup-row-references';
import {
  editRows,
  editUsers,
  expansionBomb,
  readEntries,
  tableRows,
  unannouncedZeros,
  writeEntries,
  type Entries,
} from '../../testing/crafted-archives';
import { BackupFormatError } from './backup-archive';
import { verifyArchive } from './backup-archive-read';
import { tableDigests } from './backup-test-support';
import { createBackup, type BackupContext } from './backups.service';

/*
 * A restore trusts nothing in the archive (ADR 0032): every row is checked against its column and the API's
 * contracts before the database is touched, the database's own refusals answer without its text, and what an
 * archive expands to is bounded by the tar headers before a body is inflated. In format 2 (ADR 0037) every
 * header must be the next entry the index announces, of its size, or the archive is refused at that header.
 */

const silent = { info: () => {}, error: () => {} };

/** Changes one column of the row `at` (0: the first) of `table`. */
const editCell = (entries: Entries, table: string, at: number, column: string, value: unknown) =>
  editRows(entries, table, (rows) => rows.map((row, i) => (i === at ? { ...row, [column]: value } : row)));
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
  let backedUp: Awaited<ReturnType<typeof tableDigests>>;
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
    await t.database.db
      .insertInto('newsletter_subscribers')
      .values({ email: 'reader@example.com', status: 'subscribed', created_at: now, confirmed_at: now })
      .execute();
    const uploads = createStorage(config, 'uploads');
    await uploads.put('files/a1b2c3.png', Buffer.from('a file'));
    ctx = { db: t.database.db, dialect, config, backups: createStorage(config, 'backups'), uploads, log: silent };
    const backup = await createBackup(ctx, { type: 'manual', userId: null });
    entries = await readEntries(path.join(config.backupDir, backup.filename));
    backedUp = await tableDigests(t.database.db);
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
    // Two users with one username: every check of a single row and of the references passes, the unique
    // index refuses the pair.
    await writeEntries(
      crafted,
      editUsers(entries, (rows) => [...rows, { ...rows[0], id: 9002, email: 'another@example.com' }]),
    );
    const error = await refused(409);
    expect(error.code).toBe(ErrorCode.CONFLICT);
    expect(error.message).not.toMatch(/constraint|pkey|PRIMARY|UNIQUE|[Dd]uplicate|users\.id|SQLITE|ER_|test_/);
  });

  it('refuses two rows with one primary key, before the database is asked', async () => {
    await writeEntries(
      crafted,
      editUsers(entries, (rows) => [...rows, { ...rows[0], username: 'another', email: 'another@example.com' }]),
    );
    const error = await refused(400);
    expect(error.message).toMatch(/table users, row \d+, column "id": \d+ is the key of an earlier row too/);
  });

  it('reads the foreign keys from the database itself', async () => {
    const keys = await loadForeignKeys(ctx.db, dialect);
    expect(keys).toContainEqual({
      table: 'blog_posts',
      column: 'category_id',
      refTable: 'blog_categories',
      refColumn: 'id',
    });
    expect(keys).toContainEqual({ table: 'contact_notes', column: 'author_id', refTable: 'users', refColumn: 'id' });
    expect(keys.length).toBeGreaterThanOrEqual(30);
  });

  it('refuses a reference to a row the archive does not have', async () => {
    await writeEntries(crafted, editCell(entries, 'blog_posts', 2, 'category_id', 99_999));
    const error = await refused(400);
    expect(error.code).toBe(ErrorCode.BAD_REQUEST);
    expect(error.message).toMatch(
      /table blog_posts, row 3, column "category_id": 99999 refers to no row of blog_categories/,
    );
  });

  it('refuses a reference to a row the archive leaves out, though the database has it now', async () => {
    // The restore replaces every row: a tag the archive drops is gone, whatever the database holds today.
    await writeEntries(
      crafted,
      editRows(entries, 'blog_tags', (rows) => rows.slice(1)),
    );
    expect((await refused(400)).message).toMatch(
      /table blog_post_tags, row \d+, column "tag_id": \d+ refers to no row of blog_tags/,
    );
  });

  it.each([
    ['certificates', 'status', 'lost', /"lost" is refused/],
    ['certificates', 'recipient_type', 'contractor', /"contractor" is refused/],
    // 'completed' is a word the API takes for 'done', never a stored status.
    ['portfolio_projects', 'status', 'completed', /"completed" is refused/],
    ['social_links', 'platform', 'myspace', /"myspace" is refused/],
    // This release's states are read from confirmed_at and bounced_at: the column keeps the two old values.
    ['newsletter_subscribers', 'status', 'pending', /"pending" is refused/],
    ['newsletter_subscribers', 'status', 'bounced', /"bounced" is refused/],
  ])('refuses a value outside its list: %s.%s = %s', async (table, column, value, message) => {
    await writeEntries(crafted, editCell(entries, table, 0, column, value));
    const error = await refused(400);
    expect(error.message).toMatch(new RegExp(`table ${table}, row 1, column "${column}": `));
    expect(error.message).toMatch(message);
  });

  it.each([
    ['blog_posts', 'slug', 'Not A Slug!'],
    ['blog_categories', 'color', 'blue'],
    ['portfolio_projects', 'live_url', 'javascript:alert(1)'],
    ['project_gallery_images', 'url', '//evil.example/x.png'],
    ['company_profile', 'email', 'not an address'],
    ['company_profile', 'hero_video_url', 'http://plain.example/video.webm'],
    ['certificates', 'certificate_number', 'SST-2025-00001'],
    ['team_members', 'linkedin', 'javascript:alert(1)'],
    ['pricing_packages', 'cta_url', 'ftp://files.example/price.pdf'],
  ])('refuses a value the API would refuse: %s.%s = %s', async (table, column, value) => {
    await writeEntries(crafted, editCell(entries, table, 0, column, value));
    const error = await refused(400);
    expect(error.message).toMatch(new RegExp(`table ${table}, row 1, column "${column}": .* is refused \\(`));
  });

  it('refuses a settings value that is not JSON, or not of the shape the API reads', async () => {
    const at = (key: string) => tableRows(entries, 'settings').findIndex((row) => row.key === key);
    await writeEntries(crafted, editCell(entries, 'settings', at('layout'), 'value', '{"sidebarPosition": '));
    expect((await refused(400)).message).toMatch(
      /table settings, row \d+, column "value": .* is refused \(not JSON text\)/,
    );

    const seo = JSON.stringify({ siteTitle: 'A title', metaDescription: 'A description', keywords: 'one, two' });
    await writeEntries(crafted, editCell(entries, 'settings', at('seo'), 'value', seo));
    expect((await refused(400)).message).toMatch(
      /table settings, row \d+, column "value": .* is refused \(.* at keywords\)/,
    );

    const system = JSON.stringify({ maintenanceMode: 'yes' });
    await writeEntries(crafted, editCell(entries, 'settings', at('system'), 'value', system));
    expect((await refused(400)).message).toMatch(/column "value": .* is refused \(.* at maintenanceMode\)/);
  });

  it("refuses an analytics event whose custom data is not the shape the beacon's contract allows", async () => {
    const nested = JSON.stringify({ target: { deep: true } });
    await writeEntries(crafted, editCell(entries, 'analytics_events', 0, 'custom_data', nested));
    expect((await refused(400)).message).toMatch(/table analytics_events, row 1, column "custom_data": .* at target\)/);
  });

  it('refuses an entry that would expand past the bound by its header, before inflating it', async () => {
    await expansionBomb(crafted, 'uploads/files/bomb.bin', 2 * 1024 ** 3);
    expect((await stat(crafted)).size).toBeLessThan(4_000_000);
    const error = await refused(400);
    expect(error.message).toMatch(/uploads\/files\/bomb\.bin expands to 2147483648 bytes/);
  });

  it('refuses an entry the manifest does not list (format 1: once the manifest is read)', async () => {
    const extra = new Map(entries);
    extra.set('uploads/files/extra.png', Buffer.from('not listed'));
    await writeEntries(crafted, extra, { version: 1 });
    expect((await refused(400)).message).toMatch(/uploads\/files\/extra\.png is not in the manifest/);
  });

  it('writes format 2: the index first, announcing every entry and its size, the manifest last', () => {
    const names = [...entries.keys()];
    expect(names[0]).toBe('index.json');
    expect(names.at(-1)).toBe('manifest.json');
    const index = JSON.parse((entries.get('index.json') as Buffer).toString('utf8'));
    expect(index).toMatchObject({ format: 'studio-site-backup', formatVersion: 2 });
    const announced = names.slice(1, -1).map((name) => ({ path: name, size: (entries.get(name) as Buffer).length }));
    expect(index.entries).toEqual(announced);
    expect(announced.some((e) => e.path === 'uploads/files/a1b2c3.png')).toBe(true);
    expect(JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8')).formatVersion).toBe(2);
  });

  it('restores a format 1 archive, as earlier versions wrote it', async () => {
    await writeEntries(crafted, entries, { version: 1 });
    const names = [...(await readEntries(crafted)).keys()];
    expect(names).not.toContain('index.json');
    await t.database.db.deleteFrom('users').where('username', '=', 'site.admin').execute();
    expect(await tableDigests(t.database.db)).not.toEqual(backedUp);
    const result = await restoreFromFile(ctx, crafted);
    expect(result.fileCount).toBe(1);
    expect(await tableDigests(t.database.db)).toEqual(backedUp);
  });

  it('restores a format 2 archive written from the entries (the crafted archives are faithful)', async () => {
    await writeEntries(crafted, entries);
    await restoreFromFile(ctx, crafted);
    expect(await tableDigests(t.database.db)).toEqual(backedUp);
  });

  it('refuses 1 GiB of zeros the index does not announce at its header, without inflating it', async () => {
    // Four entries of 256 MiB (the per-entry bound: format 1 would inflate and stage every one of them).
    const zeros = { name: (i: number) => `uploads/files/zeros-${i}.bin`, bytes: 256 * 1024 ** 2, count: 4 };
    await unannouncedZeros(crafted, entries, zeros);
    const archive = (await stat(crafted)).size;
    expect(archive).toBeLessThan(4_000_000);
    expect((await refused(400)).message).toMatch(
      /^Restore failed: Invalid backup file format: uploads\/files\/zeros-0\.bin is not announced by the archive's index$/,
    );
    // The reader itself, counted: it stopped at the first unannounced header, having inflated next to nothing.
    const progress = { compressedBytes: 0, inflatedBytes: 0 };
    const stage = { dbDir: path.join(dataDir, 'stage', 'db'), uploadsDir: path.join(dataDir, 'stage', 'uploads') };
    await mkdir(stage.uploadsDir, { recursive: true });
    const error = await verifyArchive(crafted, { progress, stage }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupFormatError);
    expect(progress.inflatedBytes).toBeGreaterThan(0);
    expect(progress.inflatedBytes).toBeLessThan(8 * 1024 ** 2);
    expect(await readdir(path.join(stage.uploadsDir, 'files'))).toEqual(['a1b2c3.png']);
    await rm(path.join(dataDir, 'stage'), { recursive: true, force: true });
  });

  /** The reason a format 2 archive crafted from the backup's entries is refused for, by the reader alone. */
  async function reason(options: Parameters<typeof writeEntries>[2], from: Entries = entries): Promise<string> {
    await writeEntries(crafted, from, options);
    const error = await verifyArchive(crafted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupFormatError);
    return (error as BackupFormatError).reason;
  }

  it('refuses an entry whose size is not the one announced, one that comes twice, or out of order', async () => {
    const part = [...entries.keys()].find((k) => k.startsWith('db/users/')) as string;
    const size = (entries.get(part) as Buffer).length;
    expect(
      await reason({ announce: (list) => list.map((e) => (e.path === part ? { ...e, size: e.size + 1 } : e)) }),
    ).toBe(`${part} is ${size} bytes long, the index announces ${size + 1}`);
    expect(await reason({ body: (list) => [...list, list.find(([name]) => name === part) as [string, Buffer]] })).toBe(
      `${part} appears twice`,
    );
    expect(await reason({ body: (list) => [...list].reverse() })).toMatch(
      / comes before .*, out of the index's order$/,
    );
    expect(await reason({ body: (list) => list.filter(([name]) => name !== part) })).toMatch(/ comes before /);
    expect(await reason({ body: (list) => list.slice(0, -1) })).toMatch(/is missing \(the manifest comes before it\)$/);
  });

  it('refuses an index and a manifest that do not list the same entries', async () => {
    const extra = new Map(entries);
    extra.set('uploads/files/extra.png', Buffer.from('announced, not in the manifest'));
    expect(await reason({}, extra)).toBe(
      'the index and the manifest do not list the same entries (uploads/files/extra.png)',
    );
    expect(await reason({ version: 1 }, extra)).toBe('uploads/files/extra.png is not in the manifest');
  });

  it('refuses an index announcing the same name twice, a name of no entry, or too much for the room', async () => {
    const twice = (list: { path: string; size: number }[]) => [...list, list[0] as { path: string; size: number }];
    expect(await reason({ announce: twice })).toMatch(/^the index announces db\/\w+\/000001\.jsonl twice$/);
    expect(await reason({ announce: (list) => [{ path: '../../etc/passwd', size: 1 }, ...list] })).toBe(
      'the index announces an unexpected entry ../../etc/passwd',
    );
    // The total is checked once the index is read: no entry's body is staged.
    await writeEntries(crafted, entries);
    const stage = { dbDir: path.join(dataDir, 'stage', 'db'), uploadsDir: path.join(dataDir, 'stage', 'uploads') };
    await mkdir(stage.dbDir, { recursive: true });
    const error = await verifyArchive(crafted, { stage, maxExpandedBytes: 10_000 }).catch((e: unknown) => e);
    expect((error as BackupFormatError).reason).toBe(
      'its contents expand to more than 10000 bytes, more than there is room for',
    );
    expect(await readdir(stage.dbDir)).toEqual([]);
    await rm(path.join(dataDir, 'stage'), { recursive: true, force: true });
  });

  it('refuses an index larger than its bound by its header, and a manifest of the other format', async () => {
    await expansionBomb(crafted, 'index.json', 64 * 1024 ** 2);
    expect((await refused(400)).message).toMatch(/the index is 67108864 bytes long, more than 33554432$/);
    expect(await reason({ manifest: (m) => ({ ...m, formatVersion: 1 }) })).toBe(
      'its manifest says format version 1, its entries are version 2',
    );
    expect(await reason({ version: 1, manifest: (m) => ({ ...m, formatVersion: 2 }) })).toBe(
      'its manifest says format version 2, its entries are version 1',
    );
  });
});
