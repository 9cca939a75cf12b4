import { Migrator, NO_MIGRATIONS } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import { expectedTables, indexedColumns, leadingIndexColumns, tableNames, successes } from './migrations-testing';

describe.each(testDialects)('initial migration on %s', (dialect) => {
  let t: TestDatabase;
  let migrator: Migrator;

  beforeAll(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('starts from an empty database', async () => {
    expect(await tableNames(t.database.db)).toEqual([]);
  });

  it('creates every table of the data model', async () => {
    const result = await migrator.migrateToLatest();
    expect(result.error).toBeUndefined();
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual(
      successes('2026-11-21T00-00-00_initial', '2026-12-14T00-00-00_project-seo'),
    );
    expect(await tableNames(t.database.db)).toEqual(expectedTables);
  });

  it('indexes every documented filter and sort column', async () => {
    const leading = await leadingIndexColumns(t.database.db, dialect);
    const missing = indexedColumns.map(([table, column]) => `${table}.${column}`).filter((key) => !leading.has(key));
    expect(missing).toEqual([]);
  });

  it('gives columns with defaults their documented values', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('contacts')
      .values({ first_name: 'A', last_name: 'B', email: 'a@b.c', message: 'Hello', created_at: now, updated_at: now })
      .execute();
    const contact = await db.selectFrom('contacts').selectAll().executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ source: 'website', status: 'new', priority: 'medium', assigned_to: null });

    await db.insertInto('pricing_packages').values({ title: 'P', created_at: now, updated_at: now }).execute();
    const pkg = await db.selectFrom('pricing_packages').selectAll().executeTakeFirstOrThrow();
    expect(pkg).toMatchObject({ cta_text: 'Get Started', cta_url: '#get-quote', price: null, active: 1 });

    await db.deleteFrom('contacts').execute();
    await db.deleteFrom('pricing_packages').execute();
  });

  it('refuses values outside the decided sets', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    const contact = {
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.c',
      message: 'Hi',
      created_at: now,
      updated_at: now,
    };
    await expect(
      db
        .insertInto('contacts')
        .values({ ...contact, status: 'archived' as never })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('testimonials')
        .values({ name: 'X', text: 'Y', rating: 6, created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow();
    const certificate = {
      certificate_number: 'SST-2025-10001',
      recipient_name: 'R',
      recipient_type: 'intern' as const,
      issue_date: '2025-01-01',
      created_at: now,
      updated_at: now,
    };
    // The legacy "never expires" placeholder is refused: null is the only way to say it.
    await expect(
      db
        .insertInto('certificates')
        .values({ ...certificate, expiry_date: '0000-00-00' })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('certificates')
      .values({ ...certificate, expiry_date: null })
      .execute();
    await expect(
      db
        .insertInto('certificates')
        .values({ ...certificate, recipient_name: 'Other' })
        .execute(),
    ).rejects.toThrow();
    const rows = await db.selectFrom('certificates').select(['recipient_name', 'expiry_date']).execute();
    expect(rows).toEqual([{ recipient_name: 'R', expiry_date: null }]);
    expect(await db.selectFrom('contacts').select('id').execute()).toEqual([]);
    await db.deleteFrom('certificates').execute();
  });

  it('cascades to children and nulls optional references on delete', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('blog_categories')
      .values({ name: 'Web', slug: 'web', created_at: now, updated_at: now })
      .execute();
    const category = await db.selectFrom('blog_categories').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('blog_posts')
      .values({
        slug: 'p',
        title: 'P',
        excerpt: 'E',
        content: '<p>C</p>',
        author: 'A',
        date: '2026-01-01',
        category_id: category.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const post = await db.selectFrom('blog_posts').select('id').executeTakeFirstOrThrow();
    await db.insertInto('blog_post_keywords').values({ post_id: post.id, keyword: 'k' }).execute();
    await db
      .insertInto('blog_comments')
      .values({ post_id: post.id, name: 'N', email: 'n@x.y', message: 'M', created_at: now })
      .execute();

    await db.deleteFrom('blog_categories').execute();
    expect(await db.selectFrom('blog_posts').select('category_id').executeTakeFirstOrThrow()).toEqual({
      category_id: null,
    });

    await db.deleteFrom('blog_posts').execute();
    expect(await db.selectFrom('blog_post_keywords').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('blog_comments').select('id').execute()).toEqual([]);
  });

  it('removes every table on the way down, and can go up again', async () => {
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.status])).toEqual(
      successes('2026-12-14T00-00-00_project-seo', '2026-11-21T00-00-00_initial'),
    );
    expect(await tableNames(t.database.db)).toEqual([]);
    expect(await t.database.db.introspection.getTables()).toEqual([]);

    const again = await migrator.migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(await tableNames(t.database.db)).toEqual(expectedTables);
  });
});
