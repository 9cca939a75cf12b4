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
import { loadForeignKeys } from './backup-row-references';
import { editUsers, expansionBomb, readEntries, writeEntries, type Entries } from '../../testing/crafted-archives';
import { tableDigests } from './backup-test-support';
import { createBackup, type BackupContext } from './backups.service';

/*
 * A restore trusts nothing in the archive (ADR 0032): every row is checked against its column and the API's
 * contracts before the database is touched, the database's own refusals answer without its text, and what an
 * archive expands to is bounded by the tar headers before a body is inflated.
 */

const silent = { info: () => {}, error: () => {} };
type Row = Record<string, unknown>;

/** The entries with the first part of `table` replaced by what `edit` makes of its rows. */
function editRows(entries: Entries, table: string, edit: (rows: Row[]) => Row[]): Entries {
  const copy = new Map(entries);
  const name = [...copy.keys()].find((k) => k.startsWith(`db/${table}/`)) as string;
  const rows = (copy.get(name) as Buffer)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
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
  const entriesRows = (table: string): Row[] =>
    (entries.get([...entries.keys()].find((k) => k.startsWith(`db/${table}/`)) as string) as Buffer)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row);
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
    const at = (key: string) => entriesRows('settings').findIndex((row) => row.key === key);
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

  it('refuses an entry the manifest does not list', async () => {
    const extra = new Map(entries);
    extra.set('uploads/files/extra.png', Buffer.from('not listed'));
    await writeEntries(crafted, extra);
    expect((await refused(400)).message).toMatch(/uploads\/files\/extra\.png is not in the manifest/);
  });
});
